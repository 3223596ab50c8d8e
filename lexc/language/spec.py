"""Language specs: a language's tile set, folds, scheme and default sources, as data.

A spec is a TOML file in ``languages/`` (format: docs/language-spec.md). Loading
checks it completely and reports *every* problem with file, line and key, so a
tile-set designer sees all of them at once:

>>> from lexc.paths import shipped_dir
>>> spec = load_spec(shipped_dir("languages") / "es.toml")
>>> spec.points("CH"), spec.points("Ñ"), spec.total_tiles, spec.blanks
(5, 8, 100, 2)

>>> from lexc.tomlsrc import loads
>>> _, problems = check_data(*loads('code = "xx"\\n', "xx.toml"), "xx.toml")
>>> print(problems[0])
xx.toml:1: name: missing required key

A spec never executes code: it is plain data read with :mod:`tomllib`.

This module is the front of three: the values (:class:`Spec`, :class:`Tile`...) are in
:mod:`lexc.language.specdata`, the checks in :mod:`lexc.language.speccheck`; every name is
importable from here. The loader, which names the key on the line of a TOML syntax error, is here.
"""

from __future__ import annotations

import re
from pathlib import Path

from lexc.errors import LexcError, Problem, SpecError
from lexc.inputs import read_input
from lexc.language.speccheck import EDITION_NAME, check_data, latin_letter
from lexc.language.specdata import (
    JOINERS,
    LEXICON_NAME,
    NPM_PACKAGE,
    SCRIPTS,
    SOURCE_KINDS,
    Edition,
    LexiconSource,
    Spec,
    Tile,
)
from lexc.tomlsrc import load_checked, table_header

__all__ = [
    "EDITION_NAME",
    "JOINERS",
    "LEXICON_NAME",
    "NPM_PACKAGE",
    "SCRIPTS",
    "SOURCE_KINDS",
    "Edition",
    "LexiconSource",
    "Spec",
    "Tile",
    "check_data",
    "latin_letter",
    "load_spec",
]


_KEY = re.compile(r"""\s*("[^"]*"|'[^']*'|[A-Za-z0-9_.-]+)\s*=""")


def _key_on_line(text: list[str], line: int) -> str | None:
    """The key written on ``line`` (1-based), prefixed with its table: ``tiles.A``."""
    match = _KEY.match(text[line - 1])
    if not match:
        return None
    table = next((h[1] for h in map(table_header, reversed(text[:line - 1])) if h), "")
    key = match.group(1).strip("\"'")
    return f"{table.strip()}.{key}" if table else key


def _with_keys(err: LexcError, raw: bytes) -> SpecError:
    """Name the key written on the line of each malformed-TOML problem, when there is one."""
    text = raw.decode("utf-8", errors="replace").splitlines()
    problems = []
    for p in err.problems:
        key = p.key
        if key is None and p.line is not None and 0 < p.line <= len(text):
            key = _key_on_line(text, p.line)
        message = p.message
        if "Cannot overwrite a value" in message:
            message += " (the key is written twice: a duplicate face?)"
        problems.append(Problem(p.file, p.line, key, message))
    return SpecError(problems)


def load_spec(path: Path | str) -> Spec:
    """Load and check the spec at ``path``; raises :class:`~lexc.errors.SpecError` listing every problem
    (a file that cannot be read, malformed TOML, every check that fails), each with file, line and key.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     bad = Path(folder) / "xx.toml"
    ...     _ = bad.write_text('code = "xx"\\nname = "Example"\\nblanks = "two"\\n', encoding="utf-8")
    ...     try:
    ...         load_spec(bad)
    ...     except SpecError as err:
    ...         print(type(err).__name__, isinstance(err, ValueError), err.problems[-1].line, err.problems[-1].key)
    SpecError True 3 blanks
    """
    return load_checked(path, check_data, _explained)


def _explained(err: LexcError, path: Path) -> SpecError:
    """A spec that cannot be read or parsed: a TOML problem names the key written on its line."""
    try:
        raw = read_input(path, "TOML file")
    except LexcError:
        return err if isinstance(err, SpecError) else SpecError(err.problems)
    return _with_keys(err, raw)
