"""Lexicon packs: the compiled, self-describing lexicon of one language (docs/pack-format.md).

A pack is one file: a fixed prefix (magic, format version, lengths), a JSON header
(language, SHA-256 of the spec and scheme, tile values, sources, build options,
counts, which trie structure), one trie, and a CRC-32 of everything before it.

The trie holds every board spelling as a key. For most words that is all: the
tiling follows from the board spelling by longest match over the pack's *default
table* (board letters -> native tile, learned at build time and kept in the
header) and the native word is the tiles' faces put together. A word for which
either guess is wrong (Spanish ÑANDÚ on NANDU, French ÉLÈVE on ELEVE, Russian
ШЧИ on SHCHI) gets extra keys ``BOARD:RECORD`` whose record says only what differs
(:class:`Coder`). Loading reads the file once, checks it and never executes
anything from it.

The file format is :mod:`lexc.lexicon.packfile`, the records :mod:`lexc.lexicon.codec`, the
tries :mod:`lexc.lexicon.tries`; this module writes and reads packs with them and keeps their
public names.

>>> import tempfile, pathlib
>>> from lexc import Catalog
>>> from lexc.lexicon.compiler import header_base
>>> catalog = Catalog.shipped()
>>> es = catalog.normaliser("es")
>>> path = pathlib.Path(tempfile.mkdtemp()) / "es.lexc"
>>> words = [es.spell(w) for w in ("churro", "ñandú", "nandu", "carro")]
>>> write_pack(path, header_base(catalog.language("es")), words).structure in STRUCTURES
True
>>> pack = open_pack(path)
>>> "CHURRO" in pack, "CHURO" in pack, len(pack)
(True, False, 3)
>>> [(s.native, ".".join(s.tiling), s.value) for s in pack.spellings("NANDU")]
[('NANDU', 'N.A.N.D.U', 6), ('ÑANDÚ', 'Ñ.A.N.D.U', 13)]
>>> list(pack.keys("C"))
['CARRO', 'CHURRO']
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lexc.atomic import write_atomic
from lexc.language.tiles import Tiling
from lexc.lexicon.codec import GROUP_SEP as GROUP_SEP
from lexc.lexicon.codec import RECORD_SEP as RECORD_SEP
from lexc.lexicon.codec import Coder as Coder
from lexc.lexicon.codec import Entries as Entries
from lexc.lexicon.codec import changed_letters
from lexc.lexicon.codec import group_table as group_table
from lexc.lexicon.codec import group_text as group_text
from lexc.lexicon.codec import learn_table as learn_table
from lexc.lexicon.codec import pack_keys as pack_keys
from lexc.lexicon.codec import record_stats as record_stats
from lexc.lexicon.packfile import _CRC as _CRC
from lexc.lexicon.packfile import FORMAT_VERSION as FORMAT_VERSION
from lexc.lexicon.packfile import MAGIC as MAGIC
from lexc.lexicon.packfile import MAX_RECORD as MAX_RECORD
from lexc.lexicon.packfile import _bad, _record_groups
from lexc.lexicon.packfile import encode_pack as encode_pack
from lexc.lexicon.packfile import pack_sections as pack_sections
from lexc.lexicon.packfile import read_pack_bytes as read_pack_bytes
from lexc.lexicon.tries import DAWG_SLACK as DAWG_SLACK
from lexc.lexicon.tries import MARISA_MAX as MARISA_MAX
from lexc.lexicon.tries import NATIVES_MIN_SHARE as NATIVES_MIN_SHARE
from lexc.lexicon.tries import STRUCTURES as STRUCTURES
from lexc.lexicon.tries import Natives as Natives
from lexc.lexicon.tries import build_structure as build_structure
from lexc.lexicon.tries import choose_structure as choose_structure
from lexc.lexicon.tries import native_words as native_words
from lexc.lexicon.tries import structure_note
from lexc.lexicon.trust import check_trie, trust

if TYPE_CHECKING:
    from lexc.language.normalize import Spelling

#: Separates a board spelling from a record in an extra key.
SEP = ":"
#: File name suffix of packs.
SUFFIX = ".lexc"
#: Stands for any character in a DAWG walk (never in a key).
_ANY = "\x1f"
# --------------------------------------------------------------------------- structures

# --------------------------------------------------------------------------- writing


@dataclass(frozen=True, slots=True)
class Written:
    """What :func:`write_pack` wrote."""

    path: Path
    bytes: int
    structure: str
    candidates: Mapping[str, int]
    keys: int
    boards: int
    exceptions: int


def atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically (:func:`lexc.atomic.write_atomic`), creating its folder.

    A failure (or a kill) at any point leaves whatever was at ``path`` untouched.
    """
    if path.is_dir():
        raise _bad(path, "is a directory: give the pack's file name (e.g. en.lexc)")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise _bad(path, f"cannot write: {err.strerror or err}") from None
    write_atomic(path, data)


def write_pack(path: Path | str, header: Mapping[str, Any], spellings: Iterable[Spelling], *,
               structure: str = "auto") -> Written:
    """Write a pack of ``spellings`` (all of one language) with ``header`` to ``path``, atomically.

    ``header`` needs ``tiles`` (a list of ``{"face", "points"}``) and may give ``finals``; the
    default table is learned from the spellings. The compiler (:mod:`lexc.lexicon.compiler`)
    streams large lists itself; this is the short way for spellings already in memory.
    """
    faces = [t["face"] for t in header["tiles"]]
    index = {face: i for i, face in enumerate(faces)}
    by_board: dict[str, set[tuple[str, Tiling]]] = {}
    counts: dict[tuple[str, int], int] = {}
    for s in spellings:
        tiling = tuple((index[t.face], len(t.board)) for t in s.tiles)
        by_board.setdefault(s.board, set()).add((s.native, tiling))
        for t in s.tiles:
            counts[(t.board, index[t.face])] = counts.get((t.board, index[t.face]), 0) + 1
    runs = {run for run, _ in counts if len(run) > 1}
    occurrences = {run: sum(b.count(run) for b in by_board) for run in runs}
    table = learn_table(faces, counts, occurrences)
    entries, exceptions = pack_keys(Coder(faces, table, header.get("finals")), by_board)
    return write_keys(path, header, table, entries, boards=len(by_board), exceptions=exceptions, structure=structure)


def write_keys(path: Path | str, header: Mapping[str, Any], table: Mapping[str, int],
               entries: Iterable[tuple[str, str]], *, boards: int, exceptions: int, structure: str = "auto") -> Written:
    """Write a pack of ``entries`` (board spelling, records; sorted: see :func:`pack_keys`) atomically.

    ``entries`` is read twice (a list, or a :class:`lexc.lexicon.spill.Store` of a large compile):
    once to number the record groups, once streaming into the trie builder.

    Sections: ``trie`` (board spellings, each giving its record group), ``records`` (the distinct
    groups, UTF-8, separated by U+001E, records in a group by U+001F; group 0 is the empty one)
    and, for a marisa trie, ``ids``.
    """
    path = Path(path)
    groups, letters, longest_board = group_table(entries)
    index = {group: i for i, group in enumerate(groups)}
    natives = None
    if structure in ("auto", "natives"):
        coder = Coder([t["face"] for t in header["tiles"]], table, header.get("finals"))
        natives = native_words(coder, entries, exceptions, boards)
    kind, trie, ids, candidates = choose_structure(lambda: ((b, index[g]) for b, g in entries), boards, structure,
                                                   natives)
    trust(trie)  # built here: opening it needs no proof, nor numpy's check of a DAWG (lexc.lexicon.trust)
    extra: dict[str, Any] = {}
    if kind == "natives":
        assert natives is not None
        groups = [""]  # a natives pack has no records: the keys are the native words
        extra["natives"] = {"letters": {letter: list(tile) for letter, tile in sorted(natives.letters.items())}}
    records = GROUP_SEP.join(groups).encode("utf-8")
    sections, at = [], 0
    for name, blob in (("trie", trie), ("records", records), ("ids", ids)):
        if name != "ids" or kind == "marisa":
            sections.append({"name": name, "offset": at, "length": len(blob)})
            at += len(blob)
    n_keys = len(natives.words) if kind == "natives" and natives else boards + sum(g.count(RECORD_SEP) + 1
                                                                                   for g in groups[1:])
    counts = {**dict(header.get("counts", {})), "boards": boards, "keys": n_keys,
              "exceptions": exceptions}
    full = {**header, **extra, "table": dict(table), "counts": counts,
            "records": record_stats(groups, letters, longest_board),
            "structure": structure_note(candidates, structure, boards), "sections": sections}
    data = encode_pack(full, kind, trie + records + (ids if kind == "marisa" else b""))
    atomic_write(path, data)
    return Written(path, len(data), kind, candidates, n_keys, boards, exceptions)


# --------------------------------------------------------------------------- reading


class Pack:
    """A loaded pack: a :class:`lexc.lexicon.words.Lexicon` for one language, plus its header.

    Use :func:`open_pack` or :meth:`lexc.catalog.Catalog.pack`; ``board in pack`` tests membership.
    """

    lang: str
    header: dict[str, Any]
    path: Path

    def _setup(self, path: Path, header: dict[str, Any], groups: list[str]) -> None:
        self.path, self.header, self.lang = path, header, header["lang"]
        tiles = header["tiles"]
        self.coder = Coder([t["face"] for t in tiles], header["table"], header.get("finals"))
        self._points: list[int | None] = [t["points"] for t in tiles]
        self._board_values: dict[str, int] = header.get("board_values") or {}
        self._replaces: dict[str, Any] = {}
        self._groups = groups
        self._split: dict[int, list[str]] = {}
        self._plans: dict[int, list[tuple[str | None, tuple[tuple[int, str], ...]]]] = {}
        self._default = self.coder.reader()
        self._per_tile = _TileValues(self._points) if all(p is not None for p in self._points) else None

    def _group(self, board: str) -> int:
        """The record group of ``board``: 0 for none (all default), -1 when it is no word."""
        raise NotImplementedError

    def _with_prefix(self, prefix: str) -> list[str]:
        raise NotImplementedError

    def _records(self, board: str) -> list[str]:
        """The records of ``board`` as stored ([] when it has none or is no word)."""
        group = self._group(board)
        return self._group_records(group) if group > 0 else []

    def _group_records(self, group: int) -> list[str]:
        found = self._split.get(group)
        if found is None:
            if group >= len(self._groups):
                raise _bad(self.path, f"corrupt pack: record group {group} of {len(self._groups)}")
            found = self._split[group] = self._groups[group].split(RECORD_SEP)
        return found

    @property
    def structure(self) -> str:
        """The trie structure of this pack: ``marisa``, ``dawg`` or ``natives``."""
        return str(self.header["structure"]["kind"])

    def __len__(self) -> int:
        return int(self.header["counts"]["boards"])

    def __iter__(self) -> Iterator[str]:
        return self.keys()

    def __repr__(self) -> str:
        return f"<Pack {self.lang} {len(self)} board spellings, {self.structure}, {self.path}>"

    def keys(self, prefix: str = "") -> Iterator[str]:
        """Board spellings starting with ``prefix``, in sorted order."""
        return iter(sorted(self._with_prefix(prefix)))

    def records(self, board: str) -> list[tuple[str, Tiling]]:
        """Native spellings and tilings (face index, board length) of ``board``; [] if it is no word.

        Most board spellings have no record: one lookup in C gives group 0, and the default
        reading is one ``map`` over the letters (:meth:`Coder.default_reading`).
        """
        group = self._group(board)
        if group < 0:
            return []
        reading = self._default(board)
        if group == 0:
            if reading is None:
                raise _bad(self.path, f"corrupt pack: {board!r} has no record and no default tiling")
            return [reading]
        plan = self._plans.get(group)
        if plan is None:
            plan = self._plan(group)
        try:
            if not plan or reading is None:
                decode, records = self.coder.decode, self._group_records(group)
                return [decode(board, record, reading) for record in records]
            native, tiling = reading
            return [(whole, tiling) if whole is not None else (changed_letters(native, changes), tiling)
                    for whole, changes in plan]
        except (ValueError, KeyError, IndexError):
            records = self._group_records(group)
            raise _bad(self.path, f"corrupt pack: bad record(s) {board + SEP + SEP.join(records)!r}") from None

    def _plan(self, group: int) -> list[tuple[str | None, tuple[tuple[int, str], ...]]]:
        """The records of ``group`` parsed once and kept: (whole native word or None, letter changes)
        each; [] when one gives tiles (then :meth:`Coder.decode` reads them)."""
        records = self._group_records(group)
        try:
            parsed = [self.coder.parse(record) for record in records]
        except (ValueError, KeyError, IndexError):
            raise _bad(self.path, f"corrupt pack: bad record(s) {SEP.join(records)!r} in group {group}") from None
        plan = [] if any(p[0] for p in parsed) else [(whole, changes) for _, whole, changes in parsed]
        if len(self._plans) < 1 << 20:
            self._plans[group] = plan
        return plan

    def points(self, face: int, board: str) -> int:
        """Points of the tile with face index ``face`` spelled ``board``."""
        points = self._points[face]
        if points is not None:
            return points
        return sum(self._board_values.get(c, 0) for c in board)

    def value(self, board: str, tiling: Tiling) -> int:
        """The value of ``board`` tiled ``tiling``: the points of its tiles, a tile written with no
        board letter (Russian Ь) counting none. One ``sum(map(...))`` when every face has its points."""
        if self._per_tile is not None:
            return sum(map(self._per_tile.__getitem__, tiling))
        return sum(points for _, points, part in self.tiles(board, tiling) if part)

    def tiles(self, board: str, tiling: Tiling) -> list[tuple[str, int, str]]:
        """(face, points, board letters) of each tile of ``tiling`` on ``board``."""
        out, i = [], 0
        for face, length in tiling:
            part = board[i:i + length]
            out.append((self.coder.faces[face], self.points(face, part), part))
            i += length
        return out

    def spellings(self, board: str) -> list[Spelling]:
        """Every native word spelled ``board`` on the board, with its tiling; [] if none."""
        from lexc.language.normalize import Spelling
        from lexc.language.tiles import AlignedTile

        return [Spelling(self.lang, native, tuple(AlignedTile(*t) for t in self.tiles(board, tiling)))
                for native, tiling in self.records(board)]


class _TileValues(dict[tuple[int, int], int]):
    """What a tile (face index, board length) adds to a word's value, filled on first use: its
    points, none for a tile of no board letter (:meth:`Pack.value`)."""

    def __init__(self, points: Sequence[int | None]):
        super().__init__()
        self.points = points

    def __missing__(self, tile: tuple[int, int]) -> int:
        face, length = tile
        value = self[tile] = int(self.points[face] or 0) if length else 0
        return value


def _make_classes() -> dict[str, type[Pack]]:
    """Pack classes per structure. A DAWG pack *is* a DAWG, so ``in`` runs in C with no Python call."""
    import bisect
    import functools

    import dawg
    import marisa_trie

    class DawgPack(Pack, dawg.IntDAWG):  # type: ignore[misc]
        __contains__ = dawg.IntDAWG.__contains__

        def _setup(self, path: Path, header: dict[str, Any], groups: list[str]) -> None:
            super()._setup(path, header, groups)
            self._group = functools.partial(dawg.IntDAWG.get, self, default=-1)  # type: ignore[method-assign]  # no Python frame per lookup

        def _with_prefix(self, prefix: str) -> list[str]:
            # a DAWG cannot list completions; similar_keys() walks every path of one length
            letters = self.header["records"]["board_letters"]
            longest = int(self.header["records"]["longest_board"])
            if not letters:
                return [prefix] if dawg.IntDAWG.__contains__(self, prefix) else []
            replaces = self._replaces.get(letters)
            if replaces is None:
                replaces = self._replaces[letters] = dawg.DAWG.compile_replaces({_ANY: list(letters)})
            return list(_listed(self, prefix, replaces, longest))

    class MarisaPack(Pack, marisa_trie.Trie):  # type: ignore[misc]
        __contains__ = marisa_trie.Trie.__contains__

        def _setup(self, path: Path, header: dict[str, Any], groups: list[str], ids: bytes = b"") -> None:
            super()._setup(path, header, groups)
            n, code, ids = marisa_trie.Trie.__len__(self), ids[:1], ids[1:]
            width = {b"H": 2 * n, b"I": 4 * n}.get(code)
            if not (len(ids) == width or (code == b"P" and len(ids) % 8 == 0)):
                raise ValueError(f"the ids section ({code!r}, {len(ids)} bytes) is not a group per key of {n}"
                                 " nor 32-bit pairs")
            of = array("I" if code == b"P" else code.decode(), ids)
            if sys.byteorder == "big":
                of.byteswap()
            self._ids: array[int] | None = of[0::2] if code == b"P" else None
            self._of = of[1::2] if code == b"P" else of

        def _group(self, board: str) -> int:
            key = marisa_trie.Trie.get(self, board)
            if key is None:
                return -1
            if self._ids is None:
                return int(self._of[key])
            at = bisect.bisect_left(self._ids, key)
            return int(self._of[at]) if at < len(self._ids) and self._ids[at] == key else 0

        def _with_prefix(self, prefix: str) -> list[str]:
            return list(marisa_trie.Trie.keys(self, prefix))

    class NativesPack(Pack, dawg.DAWG):  # type: ignore[misc]
        """The keys are native words; a board spelling's are those ``similar_keys`` gives (:class:`Natives`)."""

        def _setup(self, path: Path, header: dict[str, Any], groups: list[str]) -> None:
            super()._setup(path, header, groups)
            letters = header["natives"]["letters"]
            self._tile = {letter: (int(face), 1) for letter, (face, _) in letters.items()}
            variants: dict[str, list[str]] = {}
            for letter, (_, board) in letters.items():
                if letter != board:
                    variants.setdefault(board, []).append(letter)
            self._variants = variants
            self._similar = functools.partial(dawg.DAWG.similar_keys, self,
                                              replaces=dawg.DAWG.compile_replaces(variants))
            self._to_board = str.maketrans({letter: board for letter, (_, board) in letters.items() if letter != board})

        def __contains__(self, board: object) -> bool:
            return isinstance(board, str) and board.translate(self._to_board) == board and bool(self._similar(board))

        def _group(self, board: str) -> int:
            return 0 if board in self else -1

        def records(self, board: str) -> list[tuple[str, Tiling]]:
            """As a board-spelling pack's, in the same order (by the record each would have)."""
            if board.translate(self._to_board) != board:  # a native word (ŻÓŁW) is not a board spelling
                return []
            tile = self._tile.__getitem__
            try:
                found = [(native, tuple(map(tile, native))) for native in self._similar(board)]
            except KeyError:
                raise _bad(self.path, f"corrupt pack: a letter of a key of {board!r} is not in 'natives'") from None
            if len(found) > 1:
                found.sort(key=lambda record: self.coder.encode(board, *record))
            return found

        def _with_prefix(self, prefix: str) -> list[str]:
            # as a DAWG pack's, each board letter of the prefix also read as its native letters
            replaces = self._replaces.get("")
            if replaces is None:
                letters = sorted(self.header["natives"]["letters"])
                replaces = self._replaces[""] = dawg.DAWG.compile_replaces({**self._variants, _ANY: letters})
            longest = int(self.header["records"]["longest_board"])
            return list({key.translate(self._to_board) for key in _listed(self, prefix, replaces, longest)})

    return {"dawg": DawgPack, "marisa": MarisaPack, "natives": NativesPack}


def _listed(trie: Any, prefix: str, replaces: Any, longest: int) -> Iterator[str]:
    """The keys of the DAWG ``trie`` that start with ``prefix`` (a DAWG cannot list completions):
    ``similar_keys`` of the prefix and ``_ANY`` (which ``replaces`` reads as any letter), one length at a time."""
    import dawg

    for extra in range(max(longest - len(prefix), -1) + 1):
        yield from dawg.DAWG.similar_keys(trie, prefix + _ANY * extra, replaces)


_CLASSES: dict[str, type[Pack]] = {}


def open_pack(path: Path | str) -> Pack:
    """Open and check the pack at ``path`` (magic, format version, length, checksum, header, sections,
    trie structure)."""
    path = Path(path)
    header, data = read_pack_bytes(path)
    found = pack_sections(path, header, data)
    kind = header["structure"]["kind"]
    problem = check_trie("dawg" if kind == "natives" else kind, found["trie"])  # before native code sees the bytes
    if problem is not None:
        raise _bad(path, f"corrupt {kind} trie: {problem}; refused before the trie library reads it")
    groups = _record_groups(path, found)
    extra: tuple[bytes, ...] = ()
    if kind == "marisa":
        ids = found.get("ids")
        if ids is None or not ids:
            raise _bad(path, "malformed header (a marisa pack needs an 'ids' section: a group per key)")
        extra = (bytes(ids),)
    if not _CLASSES:
        _CLASSES.update(_make_classes())
    pack = _CLASSES[kind]()
    try:
        pack.frombytes(bytes(found["trie"]))  # type: ignore[attr-defined]
    except Exception as err:  # the trie library's own error on bytes it cannot read
        raise _bad(path, f"corrupt {kind} trie: {err}") from None
    try:
        pack._setup(path, header, groups, *extra)
    except (KeyError, TypeError, ValueError, AttributeError) as err:  # a header from another writer
        raise _bad(path, f"malformed header ({type(err).__name__}: {err})") from None
    return pack
