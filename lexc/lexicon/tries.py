"""The trie of a pack: which structure holds its board spellings (or native words), and building it.

docs/pack-format.md "Structures".
"""

from __future__ import annotations

import operator
import struct
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass

from lexc.errors import LexcError, Problem
from lexc.language.tiles import Reading, Table, Tiling

#: Trie structures a pack may hold (the header's ``structure.kind``).
STRUCTURES = ("marisa", "dawg", "natives")

#: ``auto`` keeps the DAWG while it is at most this many times marisa's bytes (English: 1.29x, kept as a DAWG
#: for membership about 3x faster than marisa's; Dutch 1.44x, Norwegian 1.56x, Afrikaans 1.65x,
#: Indonesian 1.91x stay marisa). docs/pack-format.md "Structures".
DAWG_SLACK = 1.3

#: ``auto`` builds no marisa candidate for more board spellings than this (it needs every key in
#: memory; the DAWG is built from the sorted stream): larger than every shipped language (Polish,
#: the largest, has about 3.1 million), so a shipped pack is chosen as before.
MARISA_MAX = 6_000_000


def build_structure(kind: str, pairs: Callable[[], Iterable[tuple[str, int]]]) -> tuple[bytes, bytes]:
    """The bytes of a ``kind`` trie of ``pairs()`` (board spelling, its group: 0 for none; sorted by
    board spelling, distinct) and the ``ids`` section that goes with it (empty for a DAWG).

    A DAWG stores the group as each key's value (dawgdic's leaf value, dawg2's ``IntDAWG``) and is
    built from the stream as it comes (sorted input: no list of keys in memory). A marisa trie
    holds its keys in memory while it is built, and no values: a second pass gives each key id its
    group, and its ``ids`` section is one layout byte then, for ``H`` (or ``I``), the group of every
    key id in key id order as little-endian 16-bit (32-bit) numbers, or for ``P`` little-endian
    32-bit pairs (key id, group) of the boards with records: the smaller.
    """
    if kind == "dawg":
        import dawg

        return bytes(dawg.IntDAWG(pairs(), input_is_sorted=True).tobytes()), b""
    if kind == "marisa":
        import marisa_trie

        given = pairs()
        keys = given.boards if isinstance(given, Numbered) else (board for board, _ in given)
        trie = marisa_trie.Trie(keys, cache_size=marisa_trie.TINY_CACHE)
        if isinstance(given, Numbered) and len(trie) and not any(given.groups):  # no records: no pairs (below)
            return bytes(trie.tobytes()), b"P"
        of = [0] * len(trie)
        for board, group in pairs():
            if group:
                of[trie[board]] = group
        code = "H" if max(of, default=0) < 1 << 16 else "I"
        ids = [(key, group) for key, group in enumerate(of) if group]
        if 8 * len(ids) < struct.calcsize(code) * len(of):
            return bytes(trie.tobytes()), b"P" + struct.pack(f"<{2 * len(ids)}I", *(v for p in ids for v in p))
        return bytes(trie.tobytes()), code.encode() + struct.pack(f"<{len(of)}{code}", *of)
    raise LexcError(Problem(None, None, "structure", f"unknown structure {kind!r} (known: {', '.join(STRUCTURES)})"))


class Numbered:
    """The pairs a trie is built from (:func:`build_structure`) held in memory: the board spellings (sorted,
    distinct) and the number of each one's record group, two lists (a marisa trie takes the first as it is).

    >>> pairs = Numbered.of([("AB", ""), ("AC", "=1X")], {"": 0, "=1X": 1})
    >>> pairs.boards, pairs.groups, list(pairs)
    (['AB', 'AC'], [0, 1], [('AB', 0), ('AC', 1)])
    """

    __slots__ = ("boards", "groups")

    def __init__(self, boards: list[str], groups: list[int]):
        self.boards, self.groups = boards, groups

    @classmethod
    def of(cls, entries: Iterable[tuple[str, str]], index: Mapping[str, int]) -> Numbered:
        """:func:`numbered` of ``entries``, kept."""
        boards: list[str] = []
        groups: list[int] = []
        for board, group in entries:
            boards.append(board)
            groups.append(index[group])
        return cls(boards, groups)

    def __iter__(self) -> Iterator[tuple[str, int]]:
        return zip(self.boards, self.groups, strict=True)


def numbered(entries: Iterable[tuple[str, str]], index: Mapping[str, int]) -> Iterator[tuple[str, int]]:
    """(board spelling, the number of its record group in ``index``) of each of ``entries``: the pairs a trie
    is built from (:func:`build_structure`), a loop compiled with this module.

    >>> list(numbered([("AB", ""), ("AC", "=1X")], {"": 0, "=1X": 1}))
    [('AB', 0), ('AC', 1)]
    """
    for board, group in entries:
        yield board, index[group]


@dataclass(frozen=True, slots=True)
class Natives:
    """What a ``natives`` pack keeps instead of board spellings and records: its native words and, for
    each letter of them, the one-letter tile it is (face index) and that tile's board letter.

    A language whose tiles are one letter each, each letter of a word always the same tile (Polish
    Ó, Czech Ř, Turkish Ş: a tile of its own shown by its plain letter on the board), loses nothing:
    a board spelling's native words are the keys that differ from it only where a letter's tile is
    written with another letter (dawg2's ``similar_keys``), and their tiling is one tile per letter.
    """

    words: list[str]  # sorted, distinct
    letters: dict[str, tuple[int, str]]  # native letter -> (face index, board letter)


#: A natives candidate is tried only when at least this share of board spellings has records:
#: with fewer, its DAWG is that of the board spellings (no gain, slower membership).
NATIVES_MIN_SHARE = 0.05


class NativeWords:
    """The ``natives`` candidate (:class:`Natives`) gathered while the records are written: the
    :class:`lexc.lexicon.codec.RecordWriter` hands it the words of each board spelling it gives
    records, as those records say them; :meth:`finish` adds the board spellings with none.

    A pack cannot be a ``natives`` pack with a tile of several letters or a final-form rule in its
    default table (then nothing is gathered), a native word whose length is not its board
    spelling's or a tile of no letter, a letter that is not always the same tile; with too few
    records to gain (:data:`NATIVES_MIN_SHARE` of the board spellings); or with more board
    spellings than :data:`MARISA_MAX` (the native words are sorted in memory).

    >>> from lexc.language.tiles import Table
    >>> gathered = NativeWords(Table(("O", "Ó", "Z", "Ż", "W"), {"O": 0, "Z": 2, "W": 4}))
    >>> gathered.add("ZOW", [("ZOW", ((2, 1), (0, 1), (4, 1))), ("ZÓW", ((2, 1), (1, 1), (4, 1)))])
    >>> found = gathered.finish([("OZ", ""), ("ZOW", "\\x1f^211")], 1, 2)
    >>> found.words, found.letters["Ó"]
    (['OZ', 'ZOW', 'ZÓW'], (1, 'O'))
    """

    def __init__(self, table: Table):
        self.table = table
        self.possible = not table.finals and all(len(run) == 1 for run in table.table)
        self.words: list[str] = []  # of the board spellings with records
        # (letter, face index, board letter): a word's default letters are the table's
        self.triples = {(table.faces[face], face, run) for run, face in table.table.items()}

    def add(self, board: str, words: Iterable[tuple[str, Tiling]], reading: Reading | None = None) -> None:
        """The words of ``board`` as its records give them (native word, tiling); ``reading`` is ``board``'s
        default reading when the caller has it (a word on its tiling adds only the letters that differ
        from it: the others are the table's own)."""
        if not self.possible:
            return
        n = len(board)
        default = None if reading is None else reading[1]
        for native, tiling in set(words):
            if len(native) != n:
                self.possible, self.words = False, []
                return
            if tiling == default:  # one letter a tile (a natives candidate's table has one-letter runs only)
                assert reading is not None
                self._differing(board, native, reading[0], list(map(_FACE, tiling)))
            elif len(tiling) != n or set(map(_LENGTH, tiling)) != {1}:
                self.possible, self.words = False, []
                return
            else:
                self.triples.update(zip(native, map(_FACE, tiling), board, strict=True))
            self.words.append(native)

    def add_default(self, board: str, natives: Iterable[str], implied: str) -> None:
        """:meth:`add` of words each on ``board``'s default tiling, ``implied`` its default native word
        (:meth:`lexc.lexicon.codec.RecordWriter.group_default`): no tiling is built."""
        if not self.possible:
            return
        n = len(board)
        faces: list[int] | None = None
        for native in set(natives):
            if len(native) != n:
                self.possible, self.words = False, []
                return
            if native != implied:
                if faces is None:  # the default tiling's faces: one-letter runs (else nothing is gathered)
                    faces = list(map(self.table.table.__getitem__, board))
                self._differing(board, native, implied, faces)
            self.words.append(native)

    def add_coded(self, board: str, implied: str, default: str, words: Iterable[tuple[str, str]],
                  tiles: Mapping[str, tuple[int, int]]) -> None:
        """:meth:`add` of words given as canonical codes whose tiles have the lengths of the default tiling's
        (:meth:`lexc.lexicon.codec.RecordWriter.group_coded`; ``default`` and ``implied``: ``board``'s default
        reading; ``tiles``: each code character's tile, face index and length): no tiling is built. With
        one-letter runs only (else nothing is gathered) every such tile is one letter."""
        if not self.possible:
            return
        n = len(board)
        for native, code in set(words):
            if len(native) != n:
                self.possible, self.words = False, []
                return
            faces = [tiles[char][0] for char in code]
            if code == default:
                self._differing(board, native, implied, faces)
            else:
                self.triples.update(zip(native, faces, board, strict=True))
            self.words.append(native)

    def _differing(self, board: str, native: str, implied: str, faces: list[int]) -> None:
        """The letters of ``native`` on ``board``'s default tiling (``faces``: its face indices) that differ from
        its default reading (``implied``)."""
        self.triples.update([(native[j], faces[j], board[j]) for j in range(len(board)) if native[j] != implied[j]])

    def finish(self, entries: Iterable[tuple[str, str]], exceptions: int, boards: int) -> Natives | None:
        """The candidate, with the default native word of each board spelling of ``entries`` that has no
        record (one ``str.translate``, none when every default face is its board letter); None when the
        pack cannot be a ``natives`` pack (above)."""
        if not self.possible or boards > MARISA_MAX or exceptions < NATIVES_MIN_SHARE * boards:
            return None
        letters = {letter: (face, board) for letter, face, board in self.triples}
        if len(letters) != len(self.triples):  # a letter that is two tiles, or one tile on two board letters
            return None
        table = self.table
        default = {run: table.faces[face] for run, face in table.table.items()}
        to_native = None if all(run == face for run, face in default.items()) else str.maketrans(default)
        natives = [board if to_native is None else board.translate(to_native) for board, group in entries if not group]
        natives += self.words
        natives.sort()
        return Natives(natives, dict(sorted(letters.items())))


_FACE = operator.itemgetter(0)
_LENGTH = operator.itemgetter(1)


def choose_structure(pairs: Callable[[], Iterable[tuple[str, int]]], boards: int, structure: str = "auto",
                     natives: Natives | None = None,
                     floor: int | None = None) -> tuple[str, bytes, bytes, dict[str, int]]:
    """Build the candidate tries of ``pairs()`` (board spelling, group; sorted) and keep the DAWG
    unless another is more than :data:`DAWG_SLACK` times smaller.

    A DAWG holds each board's group as its value and answers membership about 3x faster
    than marisa (at or above a Python set); a marisa trie with an ``ids`` section is
    smaller on some lexicons (Indonesian: 0.52x the DAWG), and a ``natives`` DAWG of the native
    words (when ``natives`` is given: :class:`NativeWords`) on lexicons whose records say which
    letters are tiles of their own (Czech: 0.35x). Past :data:`MARISA_MAX` board spellings
    ``auto`` builds the DAWG only (marisa would need every key in memory). ``floor`` (:func:`marisa_floor`),
    when given, is the fewest bytes a marisa candidate can take: ``auto`` builds none when the DAWG is within
    :data:`DAWG_SLACK` of it, since marisa could not be kept (the choice is the same as with it built).
    Returns the kind, trie bytes, ids bytes and the size (trie and ids) of every candidate built.

    >>> choose_structure(lambda: [("AB", 0), ("AC", 0)], 2)[0]
    'dawg'
    >>> list(choose_structure(lambda: [("AB", 0), ("AC", 0)], 2, floor=marisa_floor(2, 0, 1))[3])
    ['dawg', 'marisa']
    >>> list(choose_structure(lambda: [("AB", 0), ("AC", 0)], 2, floor=800)[3])  # 1,028 bytes <= 1.3 x 800
    ['dawg']
    """
    if structure == "natives" and natives is None:
        raise LexcError(Problem(None, None, "structure", "a natives pack needs one-letter tiles, each letter of a "
                                                         "word always the same tile, no final-form rule and at most "
                                                         f"{MARISA_MAX:,} board spellings"))
    if structure != "auto":
        kinds: tuple[str, ...] = (structure,)
    else:
        kinds = ("dawg", "marisa") if boards <= MARISA_MAX else ("dawg",)
        kinds += ("natives",) if natives else ()
    built: dict[str, tuple[bytes, bytes]] = {}
    for kind in kinds:
        if kind == "marisa" and structure == "auto" and floor is not None and \
                len(built["dawg"][0]) <= DAWG_SLACK * floor:  # it cannot be kept: not built
            continue
        built[kind] = _native_trie(natives) if kind == "natives" else build_structure(kind, pairs)  # type: ignore[arg-type]
    kinds = tuple(built)
    sizes = {k: len(t) + len(i) for k, (t, i) in built.items()}
    kind = kinds[0]
    smallest = min(kinds, key=lambda k: (sizes[k], k))
    if structure == "auto" and sizes["dawg"] > DAWG_SLACK * sizes[smallest]:
        kind = smallest
    return kind, built[kind][0], built[kind][1], sizes


def _native_trie(natives: Natives) -> tuple[bytes, bytes]:
    import dawg

    return bytes(dawg.DAWG(natives.words, input_is_sorted=True).tobytes()), b""


def structure_note(candidates: Mapping[str, int], structure: str, boards: int,
                   floor: int | None = None) -> dict[str, object]:
    """The header's ``structure`` (its ``kind`` and ``bytes`` are added on encoding); says why marisa
    was no candidate when ``auto`` skipped it (:data:`MARISA_MAX`, or the DAWG within :data:`DAWG_SLACK` of
    ``floor``, :func:`marisa_floor`).

    >>> structure_note({"dawg": 600}, "auto", 1000, 1501)["skipped"]["marisa"]
    "the DAWG's 600 bytes are within 1.3x of 1,501, the fewest a marisa trie of 1,000 board spellings takes: not built"
    """
    out: dict[str, object] = {"candidates": dict(candidates), "choice": structure}
    if structure == "auto" and "marisa" not in candidates:
        if boards > MARISA_MAX or floor is None:
            why = f"{boards:,} board spellings, more than {MARISA_MAX:,}: DAWG only (built from the sorted stream, " \
                  "not in memory)"
        else:
            why = f"the DAWG's {candidates['dawg']:,} bytes are within {DAWG_SLACK}x of {floor:,}, the fewest a " \
                  f"marisa trie of {boards:,} board spellings takes: not built"
        out["skipped"] = {"marisa": why}
    return out


def marisa_floor(boards: int, exceptions: int, groups: int) -> int:
    """The fewest bytes a marisa candidate of ``boards`` keys can take (:func:`build_structure`), ``exceptions``
    of them with records, in ``groups`` record groups (the empty one included): its ``ids`` section exactly,
    and 1.5 bytes a key for the trie. Each key ends at a node of its own in marisa's LOUDS trie, and every
    node has a byte of label (``bases``) and four bits (two of LOUDS, a terminal flag, a link flag); the rank
    and select indexes, the links and the tails come on top (1.62-1.65 bytes a key on the densest key sets:
    all numbers below 3,000,000, every string of one to four letters; 2.1-5.7 on the shipped lexicons).

    >>> marisa_floor(267_751, 0, 1), marisa_floor(10, 2, 3), marisa_floor(10, 9, 70_000)
    (401628, 32, 56)
    """
    width = 2 if groups - 1 < 1 << 16 else 4
    ids = 8 * exceptions if 8 * exceptions < width * boards else width * boards
    return (3 * boards + 1) // 2 + 1 + ids
