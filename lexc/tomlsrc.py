"""Read a TOML file and remember on which line each key was written.

:mod:`tomllib` parses but forgets positions; error messages must name the line.
:func:`load` returns the parsed data and a :class:`Lines` index that maps a key
path such as ``("tiles", "CH", "points")`` to its line.

>>> data, lines = loads('code = "es"\\n[tiles]\\n"CH" = { count = 1, points = 5 }\\n', "es.toml")
>>> data["tiles"]["CH"]["points"], lines.find(("tiles", "CH", "points"))
(5, 3)
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from lexc.errors import LexcError, Problem, SpecError
from lexc.inputs import read_input

#: A key inside an inline table; the look-behind starts a match only at the start of a name (linear).
_INLINE_KEY = re.compile(r"""(?<![A-Za-z0-9_-])([A-Za-z0-9_-]+|"[^"]*")[ \t]*=""")
_LONG_NUMBER = re.compile(r"[0-9_]{4000}")
_KEY = re.compile(r"""^\s*("(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_.-]+)\s*=""")


_T = TypeVar("_T")

def table_header(line: str) -> tuple[str, str] | None:
    """``("[", name)`` or ``("[[", name)`` when ``line`` is a table header; linear in its length.

    (A regular expression here backtracked quadratically on a long line of ``[`` and spaces.)

    >>> table_header("  [[lexicon]]  # one source"), table_header("[tiles . A]"), table_header("a = [1]")
    (('[[', 'lexicon'), ('[', 'tiles . A'), None)
    """
    text = line.strip()
    if not text.startswith("["):
        return None
    opener = "[[" if text.startswith("[[") else "["
    end = text.find("]")
    name = text[len(opener):end].strip() if end > 0 else ""
    if not name:
        return None
    rest = text[end + 1:].removeprefix("]").strip() if opener == "[[" else text[end + 1:].strip()
    return (opener, name) if not rest or rest.startswith("#") else None


def _unquote(key: str) -> str:
    key = key.strip()
    if key[:1] == "'" or (key[:1] == '"' and "\\" not in key):  # no escape: the text between the quotes
        return key[1:-1]
    if key[:1] == '"':  # an escape: TOML's own reading (a full parse; 100,000 of them took seconds)
        import tomllib

        try:
            return str(tomllib.loads(f"k = {key}")["k"])
        except tomllib.TOMLDecodeError:
            return key[1:-1]
    return key


def _split_dotted(path: str) -> tuple[str, ...]:
    parts = re.findall(r"""("(?:[^"\\]|\\.)*"|'[^']*'|[^.\s]+)""", path)
    return tuple(_unquote(p) for p in parts)


@dataclass
class Lines:
    """Index from key paths to line numbers (1-based)."""

    where: dict[tuple[object, ...], int] = field(default_factory=dict)

    def find(self, path: tuple[object, ...]) -> int | None:
        """The line of ``path``, or of its nearest enclosing table that has one."""
        while path:
            if path in self.where:
                return self.where[path]
            path = path[:-1]
        return None


def _index(text: str) -> Lines:
    lines = Lines()
    table: tuple[object, ...] = ()
    counts: dict[tuple[object, ...], int] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        header = table_header(raw)
        if header:
            name = _split_dotted(header[1])
            if header[0] == "[[":
                index = counts.get(name, 0)
                counts[name] = index + 1
                table = (*name, index)
            else:
                table = name
                for size in range(1, len(name)):  # [a.b.c] also opens a and a.b when no header of theirs came first
                    lines.where.setdefault(name[:size], number)
            lines.where.setdefault(table, number)
            continue
        key = _KEY.match(raw)
        if key:
            path = (*table, *_split_dotted(key.group(1)))
            lines.where.setdefault(path, number)
            inline = raw[key.end():]
            for sub in _INLINE_KEY.finditer(inline) if "{" in inline else ():
                lines.where.setdefault((*path, _unquote(sub.group(1))), number)
    return lines


def loads(text: str, name: str) -> tuple[dict[str, Any], Lines]:
    """Parse TOML ``text`` (from file ``name``); bad TOML raises :class:`~lexc.errors.SpecError`."""
    import tomllib  # here: a command whose files are all in the cache (lexc.cache) parses none

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        match = re.search(r"line (\d+)", str(err))
        line = int(match.group(1)) if match else None
        raise SpecError(Problem(name, line, None, f"malformed TOML: {err}")) from None
    except ValueError:  # Python's limit on integer digits (4,300): a number no spec or ruleset has
        line = next((n for n, raw in enumerate(text.splitlines(), start=1) if _LONG_NUMBER.search(raw)), None)
        raise SpecError(Problem(name, line, None, "malformed TOML: a number of thousands of digits")) from None
    return data, _index(text)


def load(path: Path) -> tuple[dict[str, Any], Lines, bytes]:
    """Read and parse ``path``; returns the data, its line index and the raw bytes. A file parsed
    before is taken from the cache of checked files (:mod:`lexc.cache`), parsed again when edited."""
    from lexc.cache import remembered

    raw = read_input(path, "TOML file")
    data, lines = remembered("toml", path, raw, lambda: _parsed(path, raw))
    return data, lines, raw


def _parsed(path: Path, raw: bytes) -> tuple[dict[str, Any], Lines]:
    """The data and line index of the TOML file ``path`` whose bytes are ``raw``."""
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise SpecError(Problem(str(path), 1, None, "not UTF-8: the file starts with a UTF-16 byte-order mark "
                                                    "(save it as UTF-8)"))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        line = raw.count(b"\n", 0, err.start) + 1
        raise SpecError(Problem(str(path), line, None, f"not UTF-8 ({err.reason} at byte {err.start})")) from None
    return loads(text.removeprefix("\ufeff"), str(path))


def load_checked(path: Path | str, check_data: Callable[[dict[str, Any], Lines, str], tuple[_T | None, list[Problem]]],
                 explain: Callable[[LexcError, Path], SpecError] | None = None) -> _T:
    """The value ``check_data`` makes of the TOML file at ``path`` (a spec, a scheme), stamped with the
    file's ``path`` and the ``sha256`` of its bytes; every problem a :class:`~lexc.errors.SpecError`.

    A file that cannot be read or parsed is ``explain``'s error when given (a spec names the key on
    the line), else its own; a file that does not pass ``check_data`` lists every problem it found.
    """
    from lexc.cache import remembered

    path = Path(path)
    try:
        raw = read_input(path, "TOML file")
    except LexcError as err:
        raise _explained(err, path, explain) from None

    def make() -> _T:
        try:
            data, lines = _parsed(path, raw)
        except LexcError as err:
            raise _explained(err, path, explain) from None
        value, problems = check_data(data, lines, str(path))
        if value is None:
            raise SpecError(problems)
        object.__setattr__(value, "path", path)
        object.__setattr__(value, "sha256", hashlib.sha256(raw).hexdigest())
        return value

    return remembered(f"{check_data.__module__}.{check_data.__qualname__}", path, raw, make)


def _explained(err: LexcError, path: Path, explain: Callable[[LexcError, Path], SpecError] | None) -> SpecError:
    """A file that cannot be read or parsed: ``explain``'s error when given, else a :class:`SpecError`."""
    if explain is not None:
        return explain(err, path)
    return err if isinstance(err, SpecError) else SpecError(err.problems)


# --------------------------------------------------------------------------- checking


#: A key path into a TOML document: ``("tiles", "CH", "points")``.
KeyPath = tuple[object, ...]

_TYPE_NAMES: dict[type, str] = {str: "a string", int: "an integer", bool: "true or false", list: "an array",
                                dict: "a table", float: "a number"}


def type_name(value: object) -> str:
    """How a message names the TOML type of ``value``: ``a string``, ``an integer``, ``a table``..."""
    return _TYPE_NAMES.get(type(value), type(value).__name__)


def is_of(value: object, types: tuple[type, ...]) -> bool:
    """Whether ``value`` is one of ``types`` (a boolean is not an integer)."""
    if isinstance(value, bool) and bool not in types:
        return False
    return isinstance(value, types)


class Checker:
    """Collects every problem of one TOML file; key paths are turned into lines by ``Lines``.

    The one checker of specs, schemes and rulesets: each reports every problem it finds, with
    the file, the line of the key and the key, instead of stopping at the first.

    >>> data, lines = loads('name = 3\\nrack_size = "seven"\\n', "r.toml")
    >>> check = Checker("r.toml", lines)
    >>> check.get(data, (), "rack_size", int, 7), check.typed(data, (), {"name": (str,)}, ("board",))
    (7, False)
    >>> for problem in check.problems:
    ...     print(problem)
    r.toml:2: rack_size: must be an integer, not a string
    r.toml: board: missing required key
    r.toml:1: name: must be a string, not an integer
    r.toml:2: rack_size: unknown key (expected one of: name)
    """

    def __init__(self, file: str, lines: Lines, *, default_line: int | None = None):
        self.file, self.lines, self.default_line = file, lines, default_line
        self.problems: list[Problem] = []

    def add(self, path: KeyPath, message: str, *, at: KeyPath | None = None) -> None:
        """A problem about key ``path``, reported on the line of ``at`` (default: of ``path``)."""
        key = ".".join(str(p) for p in path) or None
        line = self.lines.find(path if at is None else at)
        self.problems.append(Problem(self.file, line if line is not None else self.default_line, key, message))

    def get(self, table: Mapping[str, Any], path: KeyPath, key: str, kind: type, default: Any) -> Any:
        """``table[key]`` when it is of ``kind``, else ``default`` (and a problem when it is there but wrong)."""
        value = table.get(key, default)
        if not is_of(value, (kind,)):
            self.add((*path, key), f"must be {_TYPE_NAMES.get(kind, kind.__name__)}, not {type_name(value)}")
            return default
        return value

    def typed(self, table: Mapping[str, Any], path: KeyPath,
              schema: Mapping[str, tuple[type, ...]], required: tuple[str, ...]) -> bool:
        """Check a table's keys against ``schema`` (key -> allowed types); False if anything is wrong."""
        ok = True
        for key in required:
            if key not in table:
                self.add((*path, key), "missing required key", at=path)
                ok = False
        for key, value in table.items():
            if key not in schema:
                self.add((*path, key), unknown_key(key, schema))
                ok = False
            elif not is_of(value, schema[key]):
                want = " or ".join(_TYPE_NAMES[t] for t in schema[key])
                self.add((*path, key), f"must be {want}, not {type_name(value)}")
                ok = False
        return ok


def unknown_key(key: str, schema: Mapping[str, object]) -> str:
    """The message for a key the schema does not have, with the closest known key as a hint."""
    import difflib  # here: only a misspelt key needs a suggestion

    close = difflib.get_close_matches(key, list(schema), n=1)
    hint = f"did you mean '{close[0]}'? " if close else ""
    return f"unknown key ({hint}expected one of: {', '.join(schema)})"
