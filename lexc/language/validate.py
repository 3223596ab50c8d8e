"""``lexc validate``: check specs and schemes, reporting every problem with file, line and key.

A spec is checked on its own (:func:`lexc.language.spec.check_data`) and then against its
scheme, if it names one (:func:`lexc.language.scheme.check_against_spec`); a scheme file is checked
by :func:`lexc.language.scheme.check_scheme_file`. Checking never stops at the first problem.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from lexc.errors import LexcError, Problem
from lexc.inputs import read_input
from lexc.language import scheme
from lexc.language.spec import Spec, load_spec
from lexc.tomlsrc import load

if TYPE_CHECKING:
    from lexc.catalog import Catalog


@dataclass(frozen=True)
class Report:
    """The outcome of checking one file."""

    path: Path
    kind: str  # "spec" or "scheme"
    problems: tuple[Problem, ...]
    summary: str = ""

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_json(self) -> dict[str, object]:
        return {"file": str(self.path), "kind": self.kind, "ok": self.ok, "summary": self.summary,
                "problems": [p.to_json() for p in self.problems]}


def _spec_summary(spec: Spec) -> str:
    values = "official values" if spec.official else "no official values (English values apply)"
    values += " (one source)" if spec.official and spec.single_source else ""
    others = [spec.editions[name] for name in spec.edition_names()[1:]]
    editions = "".join(f"; edition {e.name}: {e.total_tiles} in the bag with {e.blanks} blanks"
                       + (", one source" if e.single_source else "") for e in others)
    default = f" (edition {spec.default_edition}, the default)" if spec.default_edition else ""
    return (f"{spec.code} {spec.name}: {len(spec.tiles)} tiles, {spec.total_tiles} in the bag "
            f"with {spec.blanks} blanks, {values}{default}{editions}")


def check_spec_file(path: Path, catalog: Catalog, *, in_folder: bool = False) -> Report:
    """Check one spec file, and its scheme (from ``catalog``) against its tile set when it names one.

    ``in_folder``: the spec is one of a folder of specs, where it is found by its file name,
    which must then be its code."""
    try:
        spec = load_spec(path)
    except LexcError as err:
        return Report(path, "spec", tuple(err.problems))
    problems: list[Problem] = []
    if in_folder and path.stem != spec.code:
        _, lines, _ = load(path)
        problems.append(Problem(str(path), lines.find(("code",)), "code",
                                f"code {spec.code!r} does not match the file name {path.name!r} "
                                "(a spec in a folder of specs is found by its file name)"))
    if spec.scheme is not None:
        found = catalog.scheme_paths().get(spec.scheme)
        problems.extend(_located(path, list(scheme.check_against_spec(spec, found))))
    return Report(path, "spec", tuple(problems), _spec_summary(spec) if not problems else "")


def _located(path: Path, problems: list[Problem]) -> list[Problem]:
    """Give problems about keys of the spec at ``path`` (such as ``scheme``) the line of that key."""
    if all(p.line is not None or p.file != str(path) or p.key is None for p in problems):
        return problems
    _, lines, _ = load(path)
    return [Problem(p.file, lines.find(tuple(p.key.split("."))), p.key, p.message)
            if p.line is None and p.file == str(path) and p.key else p for p in problems]


def check_scheme_file(path: Path, catalog: Catalog | None = None) -> Report:
    """Check one scheme file on its own and, given a ``catalog`` with a spec of its language,
    against that spec's tile set (a scheme no spec names by default may still be chosen for a
    game: ``--scheme he=he-full``)."""
    problems, summary = scheme.check_scheme_file(path)
    if not problems and catalog is not None:
        loaded = scheme.load_scheme(path)
        if catalog.has_spec(loaded.language):
            spec = dataclasses.replace(catalog.spec(loaded.language), scheme=loaded.name)
            problems = scheme.check_against_spec(spec, path)
            summary = summary if not problems else ""
    return Report(path, "scheme", tuple(problems), summary)


#: Lines only a scheme has: its [letters] table (or letters = ...), or its language and standard keys.
_SCHEME_KEYS = re.compile(r"^[ \t]*(\[[ \t]*letters[ \t]*\]|(letters|language|standard)[ \t]*=)", re.MULTILINE)


def _kind(path: Path, catalog: Catalog) -> str:
    if any(path.parent.resolve() == d.resolve() for d in catalog.scheme_dirs):
        return "scheme"
    try:
        head = read_input(path, "TOML file").decode("utf-8", errors="replace")
    except LexcError:
        return "spec"  # the spec reader reports it
    return "scheme" if _SCHEME_KEYS.search(head) else "spec"


def validate(catalog: Catalog, paths: Iterable[Path] = (), *, in_folder: bool = False) -> list[Report]:
    """Check ``paths`` (default: every spec and scheme of ``catalog``); schemes named by specs come
    from ``catalog``. A spec found in a folder (named, or the catalog's) must be named after its code."""
    paths = list(paths)
    if not paths:
        in_folder = True
        paths = [*catalog.spec_paths().values(), *catalog.scheme_paths().values()]
    reports = []
    for path in paths:
        if path.is_dir():
            found = sorted(path.glob("*.toml"))
            if not found:  # validate([]) would check the shipped files instead
                reports.append(Report(path, "spec", (Problem(str(path), None, None, "no .toml file in this folder"),)))
            reports.extend(validate(catalog, found, in_folder=True) if found else [])
        elif not path.exists():
            reports.append(Report(path, "spec", (Problem(str(path), None, None, "no such file"),)))
        elif _kind(path, catalog) == "scheme":
            reports.append(check_scheme_file(path, catalog))
        else:
            folder = in_folder or any(path.parent.resolve() == d.resolve() for d in catalog.language_dirs)
            reports.append(check_spec_file(path, catalog, in_folder=folder))
    return reports
