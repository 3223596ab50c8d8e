"""Alphabets: a language's tiles numbered as the engines number them, and the files they read.

A KWG holds tile numbers only. An engine numbers tiles by the row order of its own
alphabet file, row 0 (or a line of its own) being the blank, so every export writes the
alphabet beside it, in the consumer's format (docs/export.md names the sources):

- ``wolges``: tab-separated ``label  blank_label  count  score  is_vowel  aliases  blank_aliases``,
  the blank first as ``?``; a multi-letter tile whose letters are also tiles is written in
  brackets (``[CH]``), with the spec's alias (``1``) as its alias (wolges ``src/alphabets/*.txt``);
- ``macondo``: CSV ``letter,quantity,value,vowel``, the blank first (domino14/word-golib
  ``tilemapping/letter_distribution.go``); an ambiguous multi-letter tile is written as its alias;
- ``magpie``: CSV ``letter,lower,count,score,is_vowel``, the blank first (jvc56/MAGPIE
  ``letter_distribution.c``);
- ``quackle``: tab-separated ``letter  blank  score  count  is_vowel``, ``#`` comments, and a
  ``blank  score  count`` line (quackle ``data/alphabets/*.quackle_alphabet``);
- ``xanado``: an edition JSON with the board ``layout``, ``rackCount``, ``swapCount``,
  ``bonuses`` and the ``bag`` of ``{letter, score, count}`` (cdot/Xanado ``editions/``).

>>> from lexc import Catalog
>>> es = spec_alphabet(Catalog.shipped().language("es"))
>>> [letter.label for letter in es.letters[:6]], es.number("CH"), es.number("Ñ")
(['A', 'B', 'C', '[CH]', 'D', 'E'], 4, 16)
>>> print(write_alphabet(es, "macondo-csv").splitlines()[4])
1,1,5,0
"""

from __future__ import annotations

import csv
import io
import json
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lexc.errors import LexcError, Problem
from lexc.language import casemap

if TYPE_CHECKING:
    from lexc.catalog import Language
    from lexc.engine.ruleset import Ruleset
    from lexc.language.spec import Spec

#: Alphabet formats lexc writes and reads, by the name ``lexc export --format`` takes.
ALPHABET_FORMATS = ("wolges-alphabet", "macondo-csv", "magpie-csv", "quackle-alphabet", "xanado")

#: Most letters (blank not counted) each consumer numbers, and the most UTF-8 bytes a label may take.
LIMITS: Mapping[str, tuple[int, int | None]] = {
    "kwg": (63, None),  # wolges: cross-sets are 64-bit, tile 0 the blank
    "wolges-alphabet": (63, None),
    "macondo-csv": (61, None),  # word-golib MaxAlphabetSize 62, the blank included
    "magpie-csv": (49, 5),  # MAGPIE MAX_ALPHABET_SIZE 50 with the blank; MAX_LETTER_BYTE_LENGTH 6 with its NUL
    "quackle-alphabet": (55, None),  # QUACKLE_MAXIMUM_ALPHABET_SIZE
    "xanado": (255, None),
}

_VOWELS = frozenset("AEIOUАЕЁИОУЫЭЮЯЄІЇΑΕΗΙΟΥΩ")


class BadAlphabet(LexcError):
    """An alphabet file lexc cannot read, or one that does not fit the language."""


@dataclass(frozen=True, slots=True)
class Letter:
    """One numbered tile: its lexc face, the label a consumer writes, its count, score and vowel flag."""

    face: str
    label: str
    blank: str
    count: int
    score: int
    vowel: bool
    alias: str | None = None
    bracketed: bool = False  # written [CH] where the letters are tiles of their own

    def to_json(self, number: int) -> dict[str, object]:
        return {"number": number, "face": self.face, "label": self.label, "blank_label": self.blank,
                "count": self.count, "score": self.score, "vowel": self.vowel, "alias": self.alias}


@dataclass(frozen=True, slots=True)
class Alphabet:
    """Tiles numbered 1..n in this order (0 is the blank), with the bag's blanks."""

    name: str
    letters: tuple[Letter, ...]
    blanks: int
    spelling: str = "native"  # "native" tiles, or "board" letters A-Z (a language written through a scheme)

    def number(self, face: str) -> int:
        """The tile number of ``face`` (1-based); KeyError if the alphabet has no such tile."""
        for i, letter in enumerate(self.letters, 1):
            if letter.face == face:
                return i
        raise KeyError(face)

    def numbers(self) -> dict[str, int]:
        """Tile number of every face."""
        return {letter.face: i for i, letter in enumerate(self.letters, 1)}

    def check(self, fmt: str) -> None:
        """Refuse an alphabet the consumer of ``fmt`` cannot hold: too many letters, a label too long,
        a count or score out of its range."""
        most, max_bytes = LIMITS[fmt]
        if len(self.letters) > most:
            raise LexcError(Problem(None, None, fmt, f"{self.name} has {len(self.letters)} tiles; {fmt} numbers at "
                                                     f"most {most} (the blank aside)"))
        for letter in self.letters:
            if max_bytes is not None and len(letter.label.encode("utf-8")) > max_bytes:
                raise LexcError(Problem(None, None, fmt, f"tile {letter.label!r} takes "
                                                         f"{len(letter.label.encode('utf-8'))} bytes of UTF-8; "
                                                         f"{fmt} holds at most {max_bytes}"))
            if fmt == "wolges-alphabet" and not (letter.count <= 255 and -128 <= letter.score <= 127):
                raise LexcError(Problem(None, None, fmt, f"tile {letter.label!r}: wolges holds counts up to 255 "
                                                         "and scores from -128 to 127"))

    def ordered_as(self, other: Alphabet, source: str) -> Alphabet:
        """This alphabet numbered in the row order of ``other`` (an engine's own file): its rows in
        order, each of ours where ``other`` has it (rows we have not keep theirs). Every one of our
        tiles must be in ``other``."""
        ours = {letter.face: letter for letter in self.letters}
        missing = [face for face in ours if face not in {o.face for o in other.letters}]
        if missing:
            raise BadAlphabet(Problem(source, None, None, f"has no tile {', '.join(missing)} of {self.name}: "
                                                          "it cannot number this lexicon's tiles"))
        return replace(self, letters=tuple(ours.get(o.face, replace(o, count=0)) for o in other.letters))


def is_vowel(face: str) -> bool:
    """Whether every letter of ``face`` is a vowel (marks stripped): what engines use for leaves.

    >>> is_vowel("Á"), is_vowel("NY"), is_vowel("Ю")
    (True, False, True)
    """
    base = "".join(c for c in unicodedata.normalize("NFD", face) if not unicodedata.combining(c))
    return bool(base) and all(c in _VOWELS for c in base)


def _ambiguous(face: str, faces: set[str]) -> bool:
    """Whether ``face`` (of several letters) could be read as other tiles: CH where C and H are tiles."""
    if len(face) < 2:
        return False
    i = 0
    while i < len(face):
        step = next((n for n in range(len(face) - i, 0, -1) if face[i:i + n] in faces and face[i:i + n] != face), 0)
        if not step:
            return False
        i += step
    return True


def spec_alphabet(language: Language, spelling: str | None = None) -> Alphabet:
    """The alphabet of ``language`` as lexc exports it: its own tiles in the spec's order (the
    edition chosen in the catalog), or -- for a language written through a scheme, or with
    ``spelling="board"`` -- the English board tiles A-Z its board spellings use (Polyglot play)."""
    spec = language.spec
    spelling = spelling or ("board" if language.scheme is not None else "native")
    if spelling not in ("native", "board"):
        raise LexcError(Problem(None, None, "spelling", f"must be native or board, not {spelling!r}"))
    source = language.english if spelling == "board" else spec
    faces = {t.face for t in source.tiles}
    letters = []
    for tile in source.tiles:
        ambiguous = _ambiguous(tile.face, faces)
        alias = next((a for a, f in spec.aliases.items() if f == tile.face), None) if spelling == "native" else None
        label = f"[{tile.face}]" if ambiguous else tile.face
        score = tile.points if spelling == "board" or (spec.official and tile.has_points) \
            else _board_value(language, tile.face)
        letters.append(Letter(tile.face, label, _lower(label, source), tile.count, score, is_vowel(tile.face),
                              alias, ambiguous))
    name = spec.name if spelling == "native" else f"{spec.name} (board spellings, English tiles)"
    return Alphabet(name, tuple(letters), source.blanks, spelling)


def _board_value(language: Language, face: str) -> int:
    """What a tile of a language without official values scores: the English values of its board
    letters (Polyglot rule 1; the normaliser's value of the face alone: uk Щ is SHCH, 12)."""
    try:
        return sum(t.points for t in language.normaliser().spell(face).tiles)
    except LexcError:
        return 0


def _lower(text: str, spec: Spec) -> str:
    try:
        return casemap.lower(text, spec.locale)
    except Exception:  # an unknown locale: plain lower case
        return text.lower()


# --------------------------------------------------------------------------- writing


def write_alphabet(alphabet: Alphabet, fmt: str, ruleset: Ruleset | None = None) -> str:
    """The text of ``alphabet`` in the consumer format ``fmt`` (:data:`ALPHABET_FORMATS`), checked
    against that consumer's limits. ``ruleset`` gives Xanado's board, rack and bonuses."""
    alphabet.check(fmt)
    if fmt == "wolges-alphabet":
        rows = [f"?\t?\t{alphabet.blanks}\t0\t0\t0\t0"]
        for x in alphabet.letters:
            aliases = f"1 {x.alias}" if x.alias else "0"
            lower = x.alias.lower() if x.alias else None
            blank_aliases = f"1 {lower}" if lower and x.alias and lower != x.alias else "0"
            rows.append(f"{x.label}\t{x.blank}\t{x.count}\t{x.score}\t{int(x.vowel)}\t{aliases}\t{blank_aliases}")
        return "\n".join(rows) + "\n"
    if fmt in ("macondo-csv", "magpie-csv"):
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        magpie = fmt == "magpie-csv"
        writer.writerow(["?", "?", alphabet.blanks, 0, 0] if magpie else ["?", alphabet.blanks, 0, 0])
        for x in alphabet.letters:
            if magpie:
                writer.writerow([x.face, x.blank.strip("[]"), x.count, x.score, int(x.vowel)])
            else:
                writer.writerow([x.alias if x.bracketed and x.alias else x.face, x.count, x.score, int(x.vowel)])
        return out.getvalue()
    if fmt == "quackle-alphabet":
        rows = [f"# {alphabet.name}, written by lexc", "#letter\tblank\tscore\tcount\tvowel"]
        rows += [f"{x.face}\t{x.blank.strip('[]')}\t{x.score}\t{x.count}\t{int(x.vowel)}" for x in alphabet.letters]
        rows.append(f"blank\t0\t{alphabet.blanks}")
        return "\n".join(rows) + "\n"
    if fmt == "xanado":
        return json.dumps(_xanado(alphabet, ruleset), ensure_ascii=False, indent=1) + "\n"
    raise LexcError(Problem(None, None, "format", f"unknown alphabet format {fmt!r} (known: "
                                                  f"{', '.join(ALPHABET_FORMATS)})"))


def _xanado(alphabet: Alphabet, ruleset: Ruleset | None) -> dict[str, Any]:
    """A Xanado edition: the lower-right quadrant of the board (middle row and column included; ``_``
    plain, ``d``/``t`` letter and ``D``/``T`` word premiums, ``M`` the centre), racks, bonuses, bag."""
    edition: dict[str, Any] = {}
    if ruleset is not None:
        rows, cols = ruleset.rows, ruleset.cols
        if rows % 2 == 0 or cols % 2 == 0 or rows != cols:
            raise LexcError(Problem(None, None, "xanado", f"a Xanado layout is the quadrant of a square board of odd "
                                                          f"size, not {rows}x{cols}"))
        mid = rows // 2
        layout = []
        for r in range(mid, rows):
            line = "".join("_" if ruleset.premiums[r][c] == "." else ruleset.premiums[r][c] for c in range(mid, cols))
            layout.append(("M" + line[1:]) if r == mid else line)
        edition = {"layout": layout, "rackCount": ruleset.rack_size, "swapCount": ruleset.rack_size,
                   "bonuses": {str(k): v for k, v in sorted(ruleset.bonuses.items())}}
    edition["bag"] = [{"score": 0, "count": alphabet.blanks}] + [
        {"letter": x.face, "score": x.score, "count": x.count} for x in alphabet.letters]
    return edition


# --------------------------------------------------------------------------- reading


def read_alphabet(path: Path | str, spec: Spec) -> Alphabet:
    """The alphabet of an engine's file (any of :data:`ALPHABET_FORMATS`, or a lexc export's JSON
    sidecar), its labels matched to the faces of ``spec``: a label in brackets, a face, an alias
    of the spec (Spanish ``1`` for CH) or a face once upper-cased. A label that is none of them
    keeps its own text as face (a word using it is refused when read). The format is told from
    the text: JSON (Xanado's ``bag`` or a sidecar's ``tiles``), tab-separated (wolges: 7 columns;
    Quackle: 5, ``blank`` line) or CSV (Macondo: 4 columns; MAGPIE: 5)."""
    from lexc.inputs import read_input

    name = str(path)
    raw = read_input(path, "alphabet file")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise BadAlphabet(Problem(name, None, None, f"not UTF-8 (byte {err.start})")) from None
    rows: list[tuple[int, str, int, int]]  # line, label, count, score
    blanks = 0
    if text.lstrip().startswith(("{", "[")):
        rows, blanks = _json_rows(name, text)
    else:
        rows, blanks = _table_rows(name, text)
    if not rows:
        raise BadAlphabet(Problem(name, None, None, "holds no tile"))
    letters, seen = [], set()
    for line, label, count, score in rows:
        face = face_of(label, spec)
        if face in seen:
            raise BadAlphabet(Problem(name, line, None, f"tile {label!r} is listed twice"))
        seen.add(face)
        letters.append(Letter(face, label, _lower(label, spec), count, score, is_vowel(face)))
    return Alphabet(f"{spec.name} ({Path(name).name})", tuple(letters), blanks)


def face_list(faces: Sequence[str], spec: Spec, name: str = "alphabet") -> Alphabet:
    """An alphabet of ``spec``'s faces in the order given (tile 1 first); each must be a tile of the spec."""
    letters, seen = [], set()
    for i, label in enumerate(faces, 1):
        face = face_of(label, spec)
        if face not in spec.by_face or face in seen:
            what = "is listed twice" if face in seen else f"is not a tile of {spec.name}"
            raise BadAlphabet(Problem(None, None, f"{name}[{i}]", f"{label!r} {what}"))
        seen.add(face)
        tile = spec.by_face[face]
        letters.append(Letter(face, face, _lower(face, spec), tile.count, tile.points, is_vowel(face)))
    return Alphabet(spec.name, tuple(letters), spec.blanks)


def face_of(label: str, spec: Spec) -> str:
    """The face of ``spec`` an engine's label stands for (``[CH]``, ``CH``, ``1``, ``ch``), else the label.

    >>> from lexc.paths import shipped_dir
    >>> from lexc.language.spec import load_spec
    >>> es = load_spec(shipped_dir("languages") / "es.toml")
    >>> face_of("[CH]", es), face_of("2", es), face_of("ñ", es), face_of("W", es)
    ('CH', 'LL', 'Ñ', 'W')
    """
    bare = label[1:-1] if len(label) > 2 and label.startswith("[") and label.endswith("]") else label
    for candidate in (bare, spec.aliases.get(bare), spec.upper(bare) if bare else None):
        if candidate and candidate in spec.by_face:
            return candidate
    return bare


def _int(name: str, line: int, text: str, what: str) -> int:
    text = text.strip()
    if not (text.lstrip("-").isascii() and text.lstrip("-").isdigit()) or len(text) > 6:
        raise BadAlphabet(Problem(name, line, what, f"{text!r} is not a whole number"))
    return int(text)


def _table_rows(name: str, text: str) -> tuple[list[tuple[int, str, int, int]], int]:
    rows: list[tuple[int, str, int, int]] = []
    blanks = 0
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        tabbed = "\t" in line
        cells = line.split("\t") if tabbed else next(csv.reader([line]))
        cells = [c.strip() for c in cells]
        if tabbed and cells[0] == "blank" and len(cells) == 3:  # Quackle's blank line: blank, score, count
            blanks = _int(name, number, cells[2], "count")
            continue
        if tabbed and len(cells) == 7:  # wolges: label blank count score vowel aliases blank_aliases
            label, count, score = cells[0], _int(name, number, cells[2], "count"), _int(name, number, cells[3], "score")
        elif tabbed and len(cells) == 5:  # Quackle: letter blank score count vowel
            label, score, count = cells[0], _int(name, number, cells[2], "score"), _int(name, number, cells[3], "count")
        elif not tabbed and len(cells) == 4:  # Macondo: letter quantity value vowel
            label, count, score = cells[0], _int(name, number, cells[1], "count"), _int(name, number, cells[2], "score")
        elif not tabbed and len(cells) == 5:  # MAGPIE: letter lower count score vowel
            label, count, score = cells[0], _int(name, number, cells[2], "count"), _int(name, number, cells[3], "score")
        else:
            raise BadAlphabet(Problem(name, number, None, f"{len(cells)} {'tab-separated' if tabbed else 'comma'} "
                                                          "columns: not a wolges (7 tab), Quackle (5 tab), Macondo "
                                                          "(4 CSV) or MAGPIE (5 CSV) alphabet row"))
        if label == "?":
            blanks = count
            continue
        if not label:
            raise BadAlphabet(Problem(name, number, None, "a tile with no label"))
        rows.append((number, label, count, score))
    return rows, blanks


def _json_rows(name: str, text: str) -> tuple[list[tuple[int, str, int, int]], int]:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as err:
        raise BadAlphabet(Problem(name, None, None, f"not JSON ({err})")) from None
    rows: list[tuple[int, str, int, int]] = []
    if isinstance(data, dict) and isinstance(data.get("bag"), list):  # a Xanado edition
        blanks = 0
        for i, tile in enumerate(data["bag"], 1):
            if not isinstance(tile, dict) or not isinstance(tile.get("count", 0), int):
                raise BadAlphabet(Problem(name, None, f"bag[{i}]", "is not {letter, score, count}"))
            if "letter" not in tile:
                blanks += int(tile.get("count", 0))
            elif isinstance(tile["letter"], str) and tile["letter"]:
                rows.append((i, tile["letter"], int(tile.get("count", 0)), int(tile.get("score", 0))))
            else:
                raise BadAlphabet(Problem(name, None, f"bag[{i}].letter", "must be a non-empty string"))
        return rows, blanks
    if isinstance(data, dict) and isinstance(data.get("tiles"), list):  # a lexc export's sidecar
        for i, tile in enumerate(data["tiles"], 1):
            if not (isinstance(tile, dict) and tile.get("number") == i and isinstance(tile.get("face"), str)
                    and isinstance(tile.get("count"), int) and isinstance(tile.get("score"), int)):
                raise BadAlphabet(Problem(name, None, f"tiles[{i}]", "is not {number, face, count, score} numbered "
                                                                     "from 1"))
            rows.append((i, tile["face"], tile["count"], tile["score"]))
        blanks = data.get("blanks", 0)
        return rows, blanks if isinstance(blanks, int) else 0
    raise BadAlphabet(Problem(name, None, None, "a JSON alphabet is a Xanado edition (with 'bag') or a lexc export "
                                                "sidecar (with 'tiles')"))
