"""The records of a pack: how a word's native spelling and tiling differ from its board spelling's default reading.

A board spelling's *default reading* (:class:`lexc.language.tiles.Table`) is longest match over
the pack's default table, the faces put together, the last letter in its final form. A word for
which it is wrong gets a record that says only what differs (:class:`Coder`); the records of one
board spelling are one *group* (:func:`group_text`), and the ``records`` section holds each
distinct group once (:func:`group_table`). docs/pack-format.md "Records".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from lexc.errors import LexcError
from lexc.language.tiles import Table, Tiling

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


# --------------------------------------------------------------------------- records


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
        self._parsed: dict[str, tuple[tuple[tuple[int, int, int], ...], str | None, tuple[tuple[int, str], ...]]] = {}

    def encode(self, board: str, native: str, tiling: Tiling) -> str:
        """The record of one spelling of ``board`` ('' when nothing differs from the default)."""
        return self.tiling_record(board, tiling) + self.native_record(native, self.joined(tiling))

    def tiling_record(self, board: str, tiling: Tiling) -> str:
        """The tiles longest match does not give: ``^`` and (position from the end, face, length) each."""
        parts, i, n = [], 0, len(board)
        for face, length in tiling:
            if length == 0 or self.greedy(board, i) != (face, length):
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
        implied = self.implied(joined)
        if native == implied:
            return ""
        if len(native) != len(implied):
            return "@" + native
        m = len(implied)
        return "=" + "".join(_num(m - j) + c for j, (g, c) in enumerate(zip(implied, native, strict=True)) if g != c)

    def parse(self, record: str) -> tuple[tuple[tuple[int, int, int], ...], str | None, tuple[tuple[int, str], ...]]:
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

    def decode(self, board: str, record: str, default: tuple[str, Tiling] | None = None) -> tuple[str, Tiling]:
        """The native spelling and tiling a record stands for (the inverse of :meth:`encode`);
        ``default``, when given, is ``board``'s :meth:`default_reading`.

        Between the tiles the record gives, longest match reads the board: an encoded tile
        that longest match gives always ends where the next tile starts, so each stretch is
        read in one pass of the table's pattern.
        """
        overrides, whole, changes = self.parse(record)
        if overrides:
            tiling = self._tiling(board, overrides, record)
            native = self.implied(self.joined(tiling))
        else:
            reading = default or self.default_reading(board)
            if reading is None:
                raise ValueError(f"the table cannot read {board!r}")
            native, tiling = reading
        return (whole if whole is not None else changed_letters(native, changes)), tiling

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


def pack_keys(coder: Coder, by_board: Mapping[str, Iterable[tuple[str, Tiling]]]) -> tuple[Entries, int]:
    """Every board spelling with its records (:func:`group_text`), sorted by board spelling.

    Returns the entries and how many board spellings needed records.
    """
    entries: Entries = []
    for board in sorted(by_board):
        entries.append((board, group_text(coder.encode(board, native, tiling) for native, tiling in by_board[board])))
    return entries, sum(1 for _, group in entries if group)


def group_table(entries: Iterable[tuple[str, str]]) -> tuple[list[str], str, int]:
    """One pass over ``entries``: the distinct record groups (the empty group first, then by frequency,
    then text), the letters of the board spellings and the length of the longest.

    >>> group_table([("A", ""), ("B", "=1Ú"), ("C", "=1Ú"), ("DE", "@X")])
    (['', '=1Ú', '@X'], 'ABCDE', 2)
    """
    counts: dict[str, int] = {}
    letters: set[str] = set()
    longest = 0
    for board, group in entries:
        counts[group] = counts.get(group, 0) + 1
        letters.update(board)
        longest = max(longest, len(board))
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
