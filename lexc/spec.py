"""Language specs: a language's tile set, folds, scheme and default sources, as data.

A spec is a TOML file in ``languages/`` (format: docs/language-spec.md). Loading
checks it completely and reports *every* problem with file, line and key, so a
tile-set designer sees all of them at once:

>>> spec = load_spec(languages_dir() / "es.toml")
>>> spec.points("CH"), spec.points("Ñ"), spec.total_tiles, spec.blanks
(5, 8, 100, 2)

A spec never executes code: it is plain data read with :mod:`tomllib`.
"""

from __future__ import annotations

import hashlib
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from . import casemap
from .errors import LexcError, Problem
from .paths import languages_dir
from .tomlsrc import Lines, load

#: Scripts lexc knows, by ISO 15924 name. Only Latin is spelled without a scheme.
SCRIPTS = ("Latin", "Cyrillic", "Greek", "Hebrew", "Arabic")

#: Characters inside a multi-letter face that are written with no board tile (L·L -> LL).
JOINERS = frozenset("\u00b7")

SOURCE_KINDS = ("wordlist", "hunspell", "wordfreq")


@dataclass(frozen=True, slots=True)
class Tile:
    """One native tile of a language's set: its face (upper case), count and points."""

    face: str
    count: int
    points: int

    def to_json(self) -> dict[str, object]:
        return {"face": self.face, "count": self.count, "points": self.points}


@dataclass(frozen=True, slots=True)
class LexiconSource:
    """A default word source of a language, read by the compiler (see docs/sources.md)."""

    kind: str  # "wordlist", "hunspell" or "wordfreq"
    path: str | None = None  # word list, or the .dic of a Hunspell dictionary
    package: str | None = None  # the Debian package that provides ``path``
    licence: str = "unknown"
    encoding: str = "utf-8"
    top: int | None = None  # wordfreq: how many of the most frequent words
    notes: str = ""
    convention: str = "native"  # "native" text, or "coded": the spec's [aliases] apply (docs/sources.md)
    capitalised: str = "keep"  # "keep" or "skip" entries written with a capital (proper nouns)
    max_prefix_length: int | None = None  # hunspell: skip prefixes adding more characters than this
    max_forms: int | None = None  # hunspell: stop after this many forms


@dataclass(frozen=True)
class Spec:
    """A language's tile set and everything needed to spell its words on the board."""

    code: str
    name: str
    script: str
    locale: str
    official: bool
    blanks: int
    tiles: tuple[Tile, ...]
    sources: tuple[str, ...]
    folds: Mapping[str, str] = field(default_factory=dict)
    aliases: Mapping[str, str] = field(default_factory=dict)
    scheme: str | None = None
    lexicon: tuple[LexiconSource, ...] = ()
    native_name: str = ""
    notes: str = ""
    path: Path | None = None
    sha256: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_face", MappingProxyType({t.face: t for t in self.tiles}))

    @property
    def by_face(self) -> Mapping[str, Tile]:
        """Tiles indexed by face."""
        return self._by_face  # type: ignore[attr-defined,no-any-return]

    def points(self, face: str) -> int:
        """Points of the tile ``face`` (KeyError if the set has no such tile)."""
        return self.by_face[face].points

    @property
    def total_tiles(self) -> int:
        """Number of tiles in the bag, blanks included."""
        return sum(t.count for t in self.tiles) + self.blanks

    @property
    def multi_letter_faces(self) -> tuple[str, ...]:
        """Faces of more than one character (CH, L·L, DŽ), longest first."""
        return tuple(sorted((t.face for t in self.tiles if len(t.face) > 1), key=len, reverse=True))

    def upper(self, text: str) -> str:
        """``text`` upper-cased in this language's locale."""
        return casemap.upper(text, self.locale)

    def to_json(self) -> dict[str, object]:
        return {
            "code": self.code,
            "name": self.name,
            "native_name": self.native_name,
            "script": self.script,
            "locale": self.locale,
            "official": self.official,
            "blanks": self.blanks,
            "distinct_tiles": len(self.tiles),
            "total_tiles": self.total_tiles,
            "tiles": [t.to_json() for t in self.tiles],
            "scheme": self.scheme,
            "sources": list(self.sources),
        }


# --------------------------------------------------------------------------- checking

_TOP_KEYS: dict[str, tuple[type, ...]] = {
    "code": (str,),
    "name": (str,),
    "native_name": (str,),
    "script": (str,),
    "locale": (str,),
    "official": (bool,),
    "blanks": (int,),
    "sources": (list,),
    "scheme": (str,),
    "notes": (str,),
    "tiles": (dict,),
    "folds": (dict,),
    "aliases": (dict,),
    "lexicon": (list,),
}
_REQUIRED = ("code", "name", "script", "locale", "official", "blanks", "sources", "tiles")
_SOURCE_KEYS: dict[str, tuple[type, ...]] = {
    "kind": (str,),
    "path": (str,),
    "package": (str,),
    "licence": (str,),
    "encoding": (str,),
    "top": (int,),
    "notes": (str,),
    "convention": (str,),
    "capitalised": (str,),
    "max_prefix_length": (int,),
    "max_forms": (int,),
}


class _Checker:
    """Collects problems for one file; ``key`` paths are turned into lines by ``Lines``."""

    def __init__(self, file: str, lines: Lines):
        self.file, self.lines, self.problems = file, lines, []  # type: ignore[var-annotated]

    def add(self, path: tuple[object, ...], message: str) -> None:
        key = ".".join(str(p) for p in path) or None
        self.problems.append(Problem(self.file, self.lines.find(path), key, message))

    def typed(self, table: Mapping[str, Any], path: tuple[object, ...],
              schema: Mapping[str, tuple[type, ...]], required: tuple[str, ...]) -> bool:
        ok = True
        for key in required:
            if key not in table:
                self.add(path, f"missing required key '{key}'")
                ok = False
        for key, value in table.items():
            if key not in schema:
                self.add((*path, key), f"unknown key (expected one of: {', '.join(schema)})")
                ok = False
            elif not _is(value, schema[key]):
                want = " or ".join(_TYPE_NAMES[t] for t in schema[key])
                self.add((*path, key), f"must be {want}, not {_TYPE_NAMES.get(type(value), type(value).__name__)}")
                ok = False
        return ok


_TYPE_NAMES = {str: "a string", int: "an integer", bool: "true or false", list: "an array",
               dict: "a table", float: "a number"}


def _is(value: object, types: tuple[type, ...]) -> bool:
    if isinstance(value, bool) and bool not in types:
        return False
    return isinstance(value, types)


def latin_letter(char: str, folds: Mapping[str, str]) -> str | None:
    """A Latin letter spelled with A–Z: marks stripped (ICU-free NFD), then ``folds``.

    Returns None when neither gives A–Z (the normaliser may still try unidecode).

    >>> latin_letter("Ñ", {}), latin_letter("Ł", {"Ł": "L"}), latin_letter("Ł", {})
    ('N', 'L', None)
    """
    if char in folds:
        return folds[char]
    base = "".join(c for c in unicodedata.normalize("NFD", char) if not unicodedata.combining(c))
    base = base.upper()
    if base and all("A" <= c <= "Z" for c in base):
        return base
    return folds.get(base)


def _check_tiles(check: _Checker, data: Mapping[str, Any], locale: str) -> list[Tile]:
    tiles: list[Tile] = []
    seen: dict[str, str] = {}
    official = data.get("official", True) is True
    for face, entry in data.get("tiles", {}).items():
        path: tuple[object, ...] = ("tiles", face)
        if not isinstance(entry, dict):
            check.add(path, "must be a table { count = N, points = P }")
            continue
        required = ("count", "points") if official else ("count",)
        if not check.typed(entry, path, {"count": (int,), "points": (int,)}, required):
            continue
        count, points = entry["count"], entry.get("points", 0)
        if not face or face != face.strip():
            check.add(path, "a face must be a non-empty string without spaces")
            continue
        if count < 1:
            check.add((*path, "count"), f"must be at least 1, not {count}")
        if points < 0:
            check.add((*path, "points"), f"must not be negative, not {points}")
        try:
            folded = casemap.upper(face, locale)
        except Exception:
            folded = face.upper()
        if folded != face:
            check.add(path, f"a face must be upper case in locale {locale!r}: write {folded!r}")
        if folded in seen:
            check.add(path, f"duplicate face: {face!r} is the same tile as {seen[folded]!r}")
            continue
        seen[folded] = face
        tiles.append(Tile(face, count, points))
    if "tiles" in data and not tiles and not check.problems:
        check.add(("tiles",), "a tile set needs at least one tile")
    return tiles


def _check_faces(check: _Checker, tiles: list[Tile], script: str, folds: Mapping[str, str]) -> None:
    """Every letter of a Latin multi-letter face must be spellable on the board."""
    if script != "Latin":
        return
    for tile in tiles:
        for char in tile.face:
            if char in JOINERS:
                continue
            if latin_letter(char, folds) is None and not (len(tile.face) > 1 and char in {t.face for t in tiles}):
                check.add(("tiles", tile.face),
                          f"letter {char!r} (U+{ord(char):04X}) cannot be spelled with A–Z: add a fold")


def _check_sources(check: _Checker, data: Mapping[str, Any]) -> list[LexiconSource]:
    found: list[LexiconSource] = []
    for index, entry in enumerate(data.get("lexicon", [])):
        path: tuple[object, ...] = ("lexicon", index)
        if not isinstance(entry, dict):
            check.add(path, "must be a table (write [[lexicon]])")
            continue
        if not check.typed(entry, path, _SOURCE_KEYS, ("kind",)):
            continue
        if entry["kind"] not in SOURCE_KINDS:
            check.add((*path, "kind"), f"must be one of {', '.join(SOURCE_KINDS)}, not {entry['kind']!r}")
            continue
        if entry["kind"] != "wordfreq" and "path" not in entry:
            check.add(path, f"a {entry['kind']} source needs a 'path'")
            continue
        found.append(LexiconSource(**entry))
    return found


def _check_strings(check: _Checker, data: Mapping[str, Any], table: str) -> dict[str, str]:
    result: dict[str, str] = {}
    for key, value in data.get(table, {}).items():
        if not isinstance(value, str):
            check.add((table, key), f"must be a string, not {_TYPE_NAMES.get(type(value), type(value).__name__)}")
        elif table == "folds" and not all("A" <= c <= "Z" for c in value):
            check.add((table, key), f"a fold must be spelled with A–Z only, not {value!r}")
        else:
            result[key] = value
    return result


def check_data(data: Mapping[str, Any], lines: Lines, file: str) -> tuple[Spec | None, list[Problem]]:
    """Check parsed spec data; returns the spec (if usable) and every problem found."""
    check = _Checker(file, lines)
    check.typed(data, (), _TOP_KEYS, _REQUIRED)
    code = data.get("code")
    if isinstance(code, str) and not (len(code) in (2, 3) and code.isascii() and code.islower() and code.isalpha()):
        check.add(("code",), f"must be an ISO 639 code of 2 or 3 lower-case letters, not {code!r}")
    if isinstance(code, str) and Path(file).suffix == ".toml" and Path(file).stem not in (code, "<input>"):
        check.add(("code",), f"code {code!r} does not match the file name {Path(file).name!r}")
    script = data.get("script")
    if isinstance(script, str) and script not in SCRIPTS:
        check.add(("script",), f"unknown script {script!r} (known: {', '.join(SCRIPTS)})")
    if isinstance(script, str) and script != "Latin" and "scheme" not in data:
        check.add(("script",), f"a {script}-script language needs a 'scheme' (a file in transliterations/)")
    if isinstance(data.get("blanks"), int) and not isinstance(data.get("blanks"), bool) and data["blanks"] < 0:
        check.add(("blanks",), f"must not be negative, not {data['blanks']}")
    if isinstance(data.get("sources"), list):
        if not all(isinstance(s, str) and s.strip() for s in data["sources"]):
            check.add(("sources",), "must be a list of non-empty strings")
        elif data.get("official") is True and len(data["sources"]) < 2:
            check.add(("sources",), "official values need at least two public sources")
    locale = data.get("locale") if isinstance(data.get("locale"), str) else "und"
    tiles = _check_tiles(check, data, locale) if isinstance(data.get("tiles"), dict) else []
    folds = _check_strings(check, data, "folds") if isinstance(data.get("folds"), dict) else {}
    aliases = _check_strings(check, data, "aliases") if isinstance(data.get("aliases"), dict) else {}
    faces = {t.face for t in tiles}
    for alias, face in aliases.items():
        if face not in faces:
            check.add(("aliases", alias), f"alias of {face!r}, which is not a tile of the set")
    _check_faces(check, tiles, script if isinstance(script, str) else "Latin", folds)
    lexicon = _check_sources(check, data) if isinstance(data.get("lexicon"), list) else []
    if check.problems:
        return None, check.problems
    spec = Spec(
        code=data["code"], name=data["name"], script=data["script"], locale=data["locale"],
        official=data["official"], blanks=data["blanks"], tiles=tuple(tiles),
        sources=tuple(data["sources"]), folds=MappingProxyType(folds),
        aliases=MappingProxyType(aliases), scheme=data.get("scheme"), lexicon=tuple(lexicon),
        native_name=data.get("native_name", ""), notes=data.get("notes", ""),
    )
    return spec, []


def load_spec(path: Path | str) -> Spec:
    """Load and check the spec at ``path``; raises :class:`LexcError` listing every problem."""
    path = Path(path)
    data, lines, raw = load(path)
    spec, problems = check_data(data, lines, str(path))
    if spec is None:
        raise LexcError(problems)
    object.__setattr__(spec, "path", path)
    object.__setattr__(spec, "sha256", hashlib.sha256(raw).hexdigest())
    return spec


def spec_paths(directory: Path | None = None) -> list[Path]:
    """Every spec file in ``directory`` (default: ``languages/``), sorted by code."""
    return sorted((directory or languages_dir()).glob("*.toml"))


def iter_specs(directory: Path | None = None) -> Iterator[Spec]:
    """Every shipped spec, loaded and checked."""
    for path in spec_paths(directory):
        yield load_spec(path)


_CACHE: dict[str, Spec] = {}


def get_spec(code: str, loader: Callable[[Path], Spec] = load_spec) -> Spec:
    """The shipped spec of language ``code`` (cached); a clear error if there is none."""
    if code not in _CACHE:
        path = languages_dir() / f"{code}.toml"
        if not path.is_file():
            known = ", ".join(p.stem for p in spec_paths())
            raise LexcError(f"unknown language {code!r} (known: {known})")
        _CACHE[code] = loader(path)
    return _CACHE[code]
