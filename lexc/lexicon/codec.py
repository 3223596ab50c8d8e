"""The records of a pack: how a word's native spelling and tiling differ from its board spelling's default reading.

A board spelling's *default reading* (:class:`lexc.language.tiles.Table`) is longest match over
the pack's default table, the faces put together, the last letter in its final form. A word for
which it is wrong gets a record that says only what differs; the records of one board spelling
are one *group* (:func:`group_text`), and the ``records`` section holds each distinct group once
(:func:`group_table`). docs/pack-format.md "Records".

There is one record writer and one record reader, both on :class:`Coder`:

- :meth:`Coder.encode` writes the record of one word; :class:`RecordWriter` writes the group of
  each board spelling with it, for the compiler (:mod:`lexc.lexicon.compiler`) and for
  :func:`lexc.lexicon.pack.write_pack` alike, and hands the words it recorded to the ``natives``
  candidate (:class:`lexc.lexicon.tries.NativeWords`) as it goes;
- :meth:`Coder.read` reads the words of a group of records (parsed once: :meth:`Coder.plan`);
  :meth:`Coder.decode` is the same reader for one record.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import islice, repeat
from operator import itemgetter
from typing import TYPE_CHECKING

from lexc.errors import LexcError
from lexc.language.tiles import Reader, Table, Tiling
from lexc.language.tiles import Reading as Reading

if TYPE_CHECKING:
    from lexc.lexicon.tries import NativeWords

# numbers inside records: little-endian base 18, terminal digits then continuation digits
_TERMINAL = "0123456789abcdefgh"
_CONTINUE = "ijklmnopqrstuvwxyz"
_BASE = len(_TERMINAL)
_DIGIT_VALUE = {c: (i, True) for i, c in enumerate(_TERMINAL)} | {c: (i, False) for i, c in enumerate(_CONTINUE)}


def _num(value: int) -> str:
    """A non-negative number as record digits.

    >>> _num(5), _num(17), _num(18), _num(400)
    ('5', 'h', 'i1', 'mm1')
    """
    out = []
    while value >= _BASE:
        out.append(_CONTINUE[value % _BASE])
        value //= _BASE
    out.append(_TERMINAL[value])
    return "".join(out)


def _read_num(text: str, i: int) -> tuple[int, int]:
    """The number starting at ``text[i]`` and the index after it."""
    value, scale = 0, 1
    while True:
        digit, last = _DIGIT_VALUE[text[i]]
        value += digit * scale
        scale *= _BASE
        i += 1
        if last:
            return value, i


#: The first canonical tile character (:meth:`Coder.canonical`): private use characters, one per tile.
_CANONICAL = 0xE000
#: What a canonical code has where the table cannot tile a board spelling (:meth:`Coder.default_codes`).
_UNTILED = "\x00"

# --------------------------------------------------------------------------- records


#: A record parsed (:meth:`Coder.parse`): its tile overrides (position from the end, face, length), its
#: whole native word (``@``) or None, and its letter changes (position from the end, letter; ``=``).
Parsed = tuple[tuple[tuple[int, int, int], ...], str | None, tuple[tuple[int, str], ...]]


@dataclass(frozen=True, slots=True)
class Plan:
    """The records of one group parsed once (:meth:`Coder.plan`), for :meth:`Coder.read`."""

    records: tuple[str, ...]
    parsed: tuple[Parsed, ...]
    tiled: bool  # some record gives tiles (else each is the default tiling with other letters)


class Coder(Table):
    """Encodes a word's native spelling and tiling as the difference from what its board spelling implies.

    What a board spelling implies is its default reading (:class:`lexc.language.tiles.Table`):
    ``faces`` are the tile faces, ``table`` maps a run of board letters to the face index longest
    match gives it, ``finals`` a face to the letter a word ends with instead (Hebrew כ -> ך: the
    pack header's ``finals``).

    >>> c = Coder(("A", "N", "Ñ", "U", "D"), {"A": 0, "N": 1, "U": 3, "D": 4})
    >>> c.default_tiling("NANDU")
    ((1, 1), (0, 1), (1, 1), (4, 1), (3, 1))
    >>> c.encode("NANDU", "ÑANDÚ", ((2, 1), (0, 1), (1, 1), (4, 1), (3, 1)))
    '^521=1Ú'
    >>> c.decode("NANDU", "^521=1Ú")
    ('ÑANDÚ', ((2, 1), (0, 1), (1, 1), (4, 1), (3, 1)))
    >>> c.encode("NANDU", "NANDU", c.default_tiling("NANDU"))
    ''
    >>> he = Coder(("ש", "ל", "ו", "מ"), {"SH": 0, "L": 1, "V": 2, "M": 3}, {"מ": "ם"})
    >>> he.default_reading("SHLVM")
    ('שלום', ((0, 2), (1, 1), (2, 1), (3, 1)))
    """

    def __init__(self, faces: Sequence[str], table: Mapping[str, int], finals: Mapping[str, str] | None = None):
        super().__init__(faces, table, finals)
        self._parsed: dict[str, Parsed] = {}
        self._canon: dict[tuple[int, int], str] = {}  # a tile (face, length) -> its canonical character
        # what :meth:`default_codes` reads a block with: longest match, each run's canonical character and face,
        # and with one-letter runs only, the letters of the runs (to delete) and the translations of the two
        self._block: tuple[re.Pattern[str], dict[str, str], dict[str, str], dict[int, str | None], dict[int, str],
                           dict[int, str]] | None = None
        # the board letters that are read as a tile of their own face (no final form): a board spelling of
        # these only, cut letter by letter, is its own native word in its default reading (:meth:`plain`)
        self._plain = "".join(run for run, face in self.table.items()
                              if len(run) == 1 and self.faces[face] == run and run not in self.finals)
        self._one_letter_runs = all(len(run) == 1 for run in self.table)
        self._delete_plain: dict[int, None] | None = None  # a translate table deleting those letters

    # ----------------------------------------------------------------- the record writer

    def encode(self, board: str, native: str | None, tiling: Tiling, reading: Reading | None = None) -> str:
        """The record of one spelling of ``board`` ('' when nothing differs from the default reading):
        the one record writer (:class:`RecordWriter` writes a board spelling's group with it).

        ``native`` None stands for the word the tiling implies (a pack without display natives);
        ``reading`` is ``board``'s :meth:`default_reading` when the caller has it. A word on the
        default tiling records only its letters; else the tiles longest match does not give come
        first (:meth:`tiling_record`).
        """
        if reading is None:
            reading = self.default_reading(board)
        if reading is not None and tiling == reading[1]:
            return "" if native is None else self._changes(native, reading[0])
        tiles = self.tiling_record(board, tiling, None if reading is None else reading[1])
        return tiles if native is None else tiles + self.native_record(native, self.joined(tiling))

    def canonical(self, tiles: Mapping[str, tuple[int, int]]) -> dict[int, str]:
        """A ``str.translate`` table from tile codes (``tiles``: each code character's tile, (face index, length))
        to *canonical codes*, those :meth:`default_codes` writes: a character per tile (face, length), the first
        code character of that tile (most tile codes are their own canonical code: the table holds only the
        others). Two tilings are the same exactly when their canonical codes are the same string.

        >>> c = Coder(("S", "H", "SH"), {"S": 0, "H": 1, "SH": 2})
        >>> to = c.canonical({"S": (0, 1), "H": (1, 1), "\\x80": (2, 2), "\\x81": (0, 1)})
        >>> codes = c.default_codes(["SSH", "SH"])[0]  # longest match: S·SH, SH
        >>> to, "\\x81\\x80".translate(to) == codes[0], "SH".translate(to) == codes[1], "\\x80" == codes[1]
        ({129: 'S'}, True, False, True)
        """
        self._canon = {}
        for char in sorted(tiles):
            self._canon.setdefault(tiles[char], char)
        self._block = None
        return {ord(char): self._canon[tile] for char, tile in tiles.items() if self._canon[tile] != char}

    def _canonical(self, tile: tuple[int, int]) -> str:
        """The canonical character of ``tile``; a private use character for one no tile code has."""
        found = self._canon.get(tile)
        if found is None:
            found = self._canon[tile] = chr(_CANONICAL + len(self._canon))
        return found

    def default_codes(self, boards: Sequence[str]) -> tuple[list[str], list[str]]:
        """The default reading (:meth:`default_reading`) of each of ``boards``, at once: its tiling as a
        canonical code (:meth:`canonical`, called first; one with U+0000 where the table cannot tile the board)
        and its native word. The boards are joined by line breaks (no run holds one): with one-letter runs only,
        one ``str.translate`` each for the codes and the natives; else one pass of longest match, where
        :meth:`default_reading` is a pass and tuples per board.

        >>> es = Coder(("S", "H", "SH", "O"), {"S": 0, "H": 1, "SH": 2, "O": 3})
        >>> codes, natives = es.default_codes(["SHOSH", "HOS", "SHOX"])
        >>> natives, [len(code) for code in codes], codes[2].endswith("\\x00")
        (['SHOSH', 'HOS', 'SHO\\x00'], [3, 3, 3], True)
        >>> fr = Coder(("E", "L", "V"), {"E": 0, "L": 1, "V": 2})
        >>> to = fr.canonical({"E": (0, 1), "L": (1, 1), "V": (2, 1), "\\x80": (0, 1)})
        >>> to, fr.default_codes(["ELEVE", "LEVE"]), fr.default_codes(["LEVEX"])
        ({128: 'E'}, (['ELEVE', 'LEVE'], ['ELEVE', 'LEVE']), (['LEVE\\x00'], ['LEVE\\x00']))
        """
        if not boards:
            return [], []
        if self._block is None:
            runs = {run: self._canonical((face, len(run))) for run, face in self.table.items()}
            faces = {run: self.faces[face] for run, face in self.table.items()}
            runs["\n"] = faces["\n"] = "\n"
            one = self._one_letter_runs
            known: dict[int, str | None] = dict.fromkeys(map(ord, runs) if one else (), None)
            to_code = {ord(run): code for run, code in runs.items()} if one else {}
            to_face = {ord(run): face for run, face in faces.items()} if one else {}
            self._block = (Reader(runs, rest=True).pattern, runs, faces, known, to_code, to_face)
        pattern, runs, faces, known, to_code, to_face = self._block
        joined = "\n".join(boards)
        if known and not joined.translate(known):  # one-letter runs, and each letter is one
            codes, natives = joined.translate(to_code).split("\n"), joined.translate(to_face).split("\n")
        else:
            found = pattern.findall(joined)  # a character no run starts with comes alone: untiled
            codes = "".join(map(runs.get, found, repeat(_UNTILED))).split("\n")
            natives = "".join(map(faces.get, found, repeat(_UNTILED))).split("\n")
        return codes, ([self.implied(native) for native in natives] if self.finals else natives)

    def plain(self, board: str) -> bool:
        """Whether the default reading of ``board`` is ``board`` itself, one tile of its own face per
        letter: a word spelled so has no record (the common case, answered with one ``str.strip``).

        >>> c = Coder(("C", "H", "CH", "O"), {"C": 0, "H": 1, "CH": 2, "O": 3})
        >>> c.plain("COCO"), c.plain("OCHO")
        (True, False)
        """
        if board.strip(self._plain):
            return False
        return self._one_letter_runs or len(self.pattern.findall(board)) == len(board)

    def all_plain(self, boards: Sequence[str]) -> bool:
        """Whether each of ``boards`` is :meth:`plain`, at once: with one-letter runs only, when their letters
        are all letters read as a tile of their own face (one set of them joined), else board by board.

        >>> c = Coder(("C", "H", "CH", "O"), {"C": 0, "H": 1, "CH": 2, "O": 3})
        >>> Coder(("O", "N"), {"O": 0, "N": 1}).all_plain(["NO", "ON"]), c.all_plain(["COCO", "OCHO"])
        (True, False)
        """
        if self._one_letter_runs:  # their letters, those letters deleted: nothing left
            if self._delete_plain is None:
                self._delete_plain = dict.fromkeys(map(ord, self._plain))
            return not "".join(boards).translate(self._delete_plain)
        return all(map(self.plain, boards))

    def tiling_record(self, board: str, tiling: Tiling, default: Tiling | None = None) -> str:
        """The tiles longest match does not give: ``^`` and (position from the end, face, length) each.

        ``default`` is ``board``'s :meth:`default_tiling` when the caller has it: where a tile starts
        where one of its tiles starts, longest match gives that tile there (it is longest match from
        the start), so the pattern runs only where the two tilings are out of step.

        >>> c = Coder(("S", "H", "SH", "C"), {"S": 0, "H": 1, "SH": 2, "C": 3})
        >>> split = ((0, 1), (1, 1), (3, 1))
        >>> c.tiling_record("SHC", split), c.tiling_record("SHC", split, c.default_tiling("SHC"))
        ('^301', '^301')
        """
        parts, i, n = [], 0, len(board)
        d, at, tiles = 0, 0, 0 if default is None else len(default)
        for face, length in tiling:
            while d < tiles and at < i:
                at += default[d][1]  # type: ignore[index]
                d += 1
            found = default[d] if d < tiles and at == i else self.greedy(board, i)  # type: ignore[index]
            if length == 0 or found != (face, length):
                parts.append(_num(n - i) + _num(face) + _num(length))
            i += length
        return "^" + "".join(parts) if parts else ""

    def native_record(self, native: str, joined: str) -> str:
        """How ``native`` differs from what the faces ``joined`` imply (:meth:`implied`): ``=`` and
        (position from the end, letter) each, or ``@`` and the whole word when the lengths differ.

        >>> c = Coder((), {}, {"מ": "ם"})
        >>> c.native_record("ÉLÈVE", "ELEVE"), c.native_record("CŒUR", "COEUR")
        ('=5É3È', '@CŒUR')
        >>> c.native_record("שלום", "שלומ"), c.native_record("שלומ", "שלומ")
        ('', '=1מ')
        """
        return self._changes(native, self.implied(joined))

    @staticmethod
    def _changes(native: str, implied: str) -> str:
        """How ``native`` differs from the word ``implied``: '', ``=`` and the changes, or ``@`` and the word."""
        if native == implied:
            return ""
        if len(native) != len(implied):
            return "@" + native
        m = len(implied)
        return "=" + "".join([_num(m - j) + native[j] for j in range(m) if implied[j] != native[j]])

    # ----------------------------------------------------------------- the record reader

    def parse(self, record: str) -> Parsed:
        """A record's tile overrides (position from the end, face, length), its whole native word
        (``@``) or None, and its letter changes (position from the end, letter; ``=``), parsed once
        per distinct record and kept. ValueError if it is not a record.

        >>> Coder(("A", "N", "Ñ"), {"A": 0, "N": 1}).parse("^521=1Ú")
        (((5, 2, 1),), None, ((1, 'Ú'),))
        """
        found = self._parsed.get(record)
        if found is not None:
            return found
        overrides: list[tuple[int, int, int]] = []
        j = 0
        if record.startswith("^"):
            j = 1
            while j < len(record) and record[j] not in "=@":
                pos, j = _read_num(record, j)
                face, j = _read_num(record, j)
                length, j = _read_num(record, j)
                if face >= len(self.faces):
                    raise ValueError(f"face {face} of record {record!r}: the pack has {len(self.faces)} tiles")
                overrides.append((pos, face, length))
        whole, changes = None, []
        if record[j:j + 1] == "@":
            whole = record[j + 1:]
        elif record[j:j + 1] == "=":
            j += 1
            while j < len(record):
                pos, j = _read_num(record, j)
                if pos < 1 or j >= len(record):
                    raise ValueError(f"bad letter change in record {record!r}")
                changes.append((pos, record[j]))
                j += 1
        elif j < len(record):
            raise ValueError(f"record {record!r} has {record[j]!r} where '=', '@' or its end belongs")
        found = (tuple(overrides), whole, tuple(changes))
        if len(self._parsed) < 1 << 20:
            self._parsed[record] = found
        return found

    def plan(self, records: Iterable[str]) -> Plan:
        """The records of one group parsed (:meth:`parse`), for :meth:`read`; ValueError if one is not a record."""
        records = tuple(records)
        parsed = tuple(map(self.parse, records))
        return Plan(records, parsed, any(overrides for overrides, _, _ in parsed))

    def read(self, board: str, plan: Plan, reading: Reading | None) -> list[tuple[str, Tiling]]:
        """The native spelling and tiling each record of ``plan`` stands for on ``board``: the one record
        reader (the inverse of :meth:`encode`); ``reading`` is ``board``'s :meth:`default_reading`.

        Fast where most groups are: records that give no tiles are letter changes on the default
        reading, one list of them. Between the tiles a record gives, longest match reads the board:
        an encoded tile that longest match gives always ends where the next tile starts, so each
        stretch is read in one pass of the table's pattern. ValueError if a record does not fit ``board``.

        >>> c = Coder(("A", "N", "Ñ", "U", "D"), {"A": 0, "N": 1, "U": 3, "D": 4})
        >>> c.read("NANDU", c.plan(["", "=1Ú"]), c.default_reading("NANDU"))[1]
        ('NANDÚ', ((1, 1), (0, 1), (1, 1), (4, 1), (3, 1)))
        """
        if reading is not None and not plan.tiled:
            native, tiling = reading
            return [(whole if whole is not None else changed_letters(native, changes), tiling)
                    for _, whole, changes in plan.parsed]
        out = []
        for record, (overrides, whole, changes) in zip(plan.records, plan.parsed, strict=True):
            if overrides:
                tiling = self._tiling(board, overrides, record)
                native = self.implied(self.joined(tiling))
            elif reading is None:
                raise ValueError(f"the table cannot read {board!r}")
            else:
                native, tiling = reading
            out.append(((whole if whole is not None else changed_letters(native, changes)), tiling))
        return out

    def decode(self, board: str, record: str, default: Reading | None = None) -> tuple[str, Tiling]:
        """The native spelling and tiling one record stands for (:meth:`read` of that record alone);
        ``default``, when given, is ``board``'s :meth:`default_reading`."""
        plan = self.plan((record,))
        if default is None and not plan.tiled:
            default = self.default_reading(board)
        return self.read(board, plan, default)[0]

    def _tiling(self, board: str, overrides: Sequence[tuple[int, int, int]], record: str) -> Tiling:
        """The tiling of ``board`` with the tiles ``overrides`` gives and longest match between them."""
        at_end: dict[int, list[tuple[int, int]]] = {}
        for pos, face, length in overrides:
            at_end.setdefault(pos, []).append((face, length))
        tiles: list[tuple[int, int]] = []
        i, n = 0, len(board)
        for at in sorted(n - pos for pos in at_end):
            if at < i:
                raise ValueError(f"record {record!r} gives overlapping tiles of {board!r}")
            tiles.extend(self.read_run(board, i, at))
            i = at
            for face, length in at_end[n - at]:
                tiles.append((face, length))
                if length:
                    i += length
                    break
        tiles.extend(self.read_run(board, i, n))
        return tuple(tiles)


class RecordWriter:
    """Writes the record group of each board spelling from its words: the one writer of groups, for the
    compiler and :func:`lexc.lexicon.pack.write_pack` alike.

    ``display_natives=False`` records only what scoring needs (the native word the tiling implies).
    ``exceptions`` counts the board spellings given records; the words of each are handed, as their
    records say them, to ``natives`` (the ``natives`` candidate, :class:`lexc.lexicon.tries.NativeWords`),
    which so never reads a record back.

    >>> writer = RecordWriter(Coder(("A", "N", "Ñ", "U", "D"), {"A": 0, "N": 1, "U": 3, "D": 4}))
    >>> tiles = ((1, 1), (0, 1), (1, 1), (4, 1), (3, 1))
    >>> writer.group("NANDU", [("NANDU", tiles), ("NANDÚ", tiles)])
    '\\x1f=1Ú'
    >>> writer.group("DUNA", [("DUNA", tiles[3:] + tiles[:2])])
    ''
    >>> writer.exceptions
    1
    """

    def __init__(self, coder: Coder, display_natives: bool = True, natives: NativeWords | None = None):
        self.coder, self.display_natives, self.natives = coder, display_natives, natives
        self.exceptions = 0

    def group(self, board: str, words: Iterable[tuple[str, Tiling]]) -> str:
        """The records of ``board``'s words (native word, tiling) as stored (:func:`group_text`)."""
        coder = self.coder
        reading = coder.default_reading(board)
        if self.display_natives:
            words = list(words)
            text = group_text([coder.encode(board, native, tiling, reading) for native, tiling in words])
        else:
            tilings = [tiling for _, tiling in words]
            text = group_text([coder.encode(board, None, tiling, reading) for tiling in tilings])
            words = [(coder.implied(coder.joined(tiling)), tiling) for tiling in tilings] if text else []
        if text:
            self.exceptions += 1
            if self.natives is not None:
                self.natives.add(board, words, reading)
        return text

    def group_default(self, board: str, implied: str, natives: Sequence[str]) -> str:
        """:meth:`group` of words each on ``board``'s default tiling, ``implied`` its default native word
        (:meth:`Coder.default_codes`): only the letters of a native word can differ (French ÉLÈVE on ELEVE,
        Russian ЁЖ on YEZH), so no tiling is built. The same text as :meth:`group` of those words.

        >>> writer = RecordWriter(Coder(("E", "L", "V"), {"E": 0, "L": 1, "V": 2}))
        >>> writer.group_default("ELEVE", "ELEVE", ["ELEVE", "ÉLÈVE"]), writer.group_default("LEVE", "LEVE", ["LEVE"])
        ('\\x1f=5É3È', '')
        >>> writer.exceptions
        1
        """
        if not self.display_natives:  # the native word recorded is the one the tiling implies: the default
            return ""
        changes = self.coder._changes
        text = group_text([changes(native, implied) for native in natives])
        if text:
            self.exceptions += 1
            if self.natives is not None:
                self.natives.add_default(board, natives, implied)
        return text

    def group_coded(self, board: str, implied: str, default: str, words: Sequence[tuple[str, str]],
                    tiles: Mapping[str, tuple[int, int]]) -> str:
        """:meth:`group` of words given as (native word, canonical code: :meth:`Coder.canonical`) whose tiles have
        the lengths of ``board``'s default tiling's, one for one (``default``, its canonical code; ``implied``,
        its native word); ``tiles`` gives each canonical character's tile (face index, length). No tiling is
        built: a tile differs from the default one where the codes differ (Polish ŻABA, tile Ż on the board's Z;
        Russian's Е where the default reads Э on the same letters). The same text as :meth:`group` of those words.

        >>> writer = RecordWriter(Coder(("A", "B", "Z", "Ż"), {"A": 0, "B": 1, "Z": 2}))
        >>> tiles = {"a": (0, 1), "b": (1, 1), "z": (2, 1), "ż": (3, 1)}
        >>> writer.group_coded("ZABA", "ZABA", "zaba", [("ŻABA", "żaba"), ("ZABA", "zaba")], tiles)
        '\\x1f^431'
        >>> on_z = writer.coder.default_tiling("ZABA")
        >>> writer.group("ZABA", [("ŻABA", ((3, 1), *on_z[1:])), ("ZABA", on_z)])
        '\\x1f^431'
        """
        coder, display = self.coder, self.display_natives
        n = len(board)
        records = []
        gathered: list[tuple[str, str]] = []
        starts: list[int] = []  # where each tile of the default tiling starts on the board
        for native, code in words:
            if code == default:
                records.append(coder._changes(native, implied) if display else "")
                gathered.append((native if display else implied, code))
                continue
            if not starts:
                at = 0
                for char in default:
                    starts.append(at)
                    at += tiles[char][1]
            changed = [(t, tiles[code[t]]) for t in range(len(code)) if code[t] != default[t]]
            record = "^" + "".join([_num(n - starts[t]) + _num(face) + _num(length) for t, (face, length) in changed])
            said = coder.implied("".join([coder.faces[tiles[char][0]] for char in code]))
            records.append(record + coder._changes(native, said) if display else record)
            gathered.append((native if display else said, code))
        text = group_text(records)
        if text:
            self.exceptions += 1
            if self.natives is not None:
                self.natives.add_coded(board, implied, default, gathered, tiles)
        return text

    def canonical_tiles(self) -> dict[str, tuple[int, int]]:
        """Each canonical character (:meth:`Coder.canonical`, :meth:`Coder.default_codes`) with its tile (face index,
        length)."""
        return {char: tile for tile, char in self.coder._canon.items()}


def learn_table(faces: Sequence[str], counts: Mapping[tuple[str, int], int],
                occurrences: Mapping[str, int]) -> dict[str, int]:
    """The default table: for each run of board letters, the face it most often is.

    ``counts[(run, face)]`` is how many tiles of the kept words are face ``face`` spelled
    ``run``; ``occurrences[run]`` how often a multi-letter run appears in the board
    spellings at all. A multi-letter run enters the table only when at least half of its
    occurrences are one tile (Catalan LL is two tiles L·L far more often than the tile L·L).

    >>> learn_table(("C", "H", "CH", "L", "L·L"), {("C", 0): 9, ("H", 1): 5, ("CH", 2): 4, ("L", 3): 20,
    ...     ("LL", 4): 1}, {"CH": 5, "LL": 8})
    {'C': 0, 'CH': 2, 'H': 1, 'L': 3}
    """
    best: dict[str, tuple[int, int]] = {}
    for (run, face), count in sorted(counts.items()):
        if not run:
            continue
        if run not in best or count > best[run][0]:
            best[run] = (count, face)
    table = {}
    for run, (_, face) in sorted(best.items()):
        tiles = sum(c for (r, _f), c in counts.items() if r == run)
        if len(run) == 1 or 2 * tiles >= occurrences.get(run, 0):
            table[run] = face
    return table


#: Separates the records of one board spelling in the ``records`` section.
RECORD_SEP = "\x1f"
#: Separates the record groups in the ``records`` section.
GROUP_SEP = "\x1e"

Entries = list[tuple[str, str]]  # (board spelling, its records joined by RECORD_SEP; '' when all default)


def group_text(records: Iterable[str]) -> str:
    """The records of one board spelling as stored: sorted, joined; '' when the only one is the default.

    >>> group_text(["=1Ú", "", "=1Ú"]), group_text([""])
    ('\\x1f=1Ú', '')
    """
    found = sorted(set(records))
    if found == [""]:
        return ""
    for record in found:
        if RECORD_SEP in record or GROUP_SEP in record:
            raise LexcError(f"a record holds a control character (U+001E or U+001F): {record!r}")
    return RECORD_SEP.join(found)


def pack_keys(writer: RecordWriter, by_board: Mapping[str, Iterable[tuple[str, Tiling]]]) -> Entries:
    """Every board spelling with its records (:meth:`RecordWriter.group`), sorted by board spelling."""
    return [(board, writer.group(board, by_board[board])) for board in sorted(by_board)]


#: Board spellings whose letters :func:`group_table` gathers at once.
_LETTERS_CHUNK = 50_000
_FIRST, _SECOND = itemgetter(0), itemgetter(1)


def group_table(entries: Iterable[tuple[str, str]]) -> tuple[list[str], str, int]:
    """One pass over ``entries``: the distinct record groups (the empty group first, then by frequency,
    then text), the letters of the board spellings and the length of the longest.

    >>> group_table([("A", ""), ("B", "=1Ú"), ("C", "=1Ú"), ("DE", "@X")])
    (['', '=1Ú', '@X'], 'ABCDE', 2)
    """
    counts: Counter[str] = Counter()
    letters: set[str] = set()
    known: dict[int, None] = {}  # deletes the letters found so far
    longest = 0
    items = iter(entries)
    while chunk := list(islice(items, _LETTERS_CHUNK)):  # a chunk at a time, each step one call into C
        boards = list(map(_FIRST, chunk))
        counts.update(map(_SECOND, chunk))
        new = "".join(boards).translate(known)  # the letters not found before: a set of those only
        if new:
            found = set(new)
            letters.update(found)
            known.update(dict.fromkeys(map(ord, found)))
        longest = max(longest, max(map(len, boards)))
    counts.pop("", None)
    return ["", *sorted(counts, key=lambda g: (-counts[g], g))], "".join(sorted(letters)), longest


def record_stats(groups: Sequence[str], letters: str, longest_board: int) -> dict[str, object]:
    """What a reader needs besides the sections: the letters and longest board spelling (a DAWG
    lists keys by length), the longest record, how many groups and records.

    >>> record_stats(["", "\\x1f^521=1Ú"], "ADNU", 5)
    {'board_letters': 'ADNU', 'groups': 2, 'longest': 7, 'longest_board': 5, 'records': 2}
    """
    records = [r for g in groups[1:] for r in g.split(RECORD_SEP)]
    return {"board_letters": letters, "groups": len(groups), "longest": max(map(len, records), default=0),
            "longest_board": longest_board, "records": len(records)}


def changed_letters(native: str, changes: Sequence[tuple[int, str]]) -> str:
    """``native`` with the letter changes of a record (position from the end, letter); ValueError past its start."""
    m = len(native)
    for pos, letter in changes:
        if pos > m:
            raise ValueError(f"letter {pos} from the end of {native!r}")
        native = native[:m - pos] + letter + native[m - pos + 1:]
    return native
