"""A lexicon you can walk: a minimal DAWG over tile codes, its arcs in flat arrays.

A :class:`Walk` holds the words of one pack as paths from a root, one arc per letter,
shared prefixes and suffixes stored once (a minimal DAWG). Two kinds are built from a pack:

* ``board``: the board spellings, letter by letter over A–Z (codes 0–25): what a Polyglot
  game lays, whatever the language;
* ``tiles``: the native tilings, tile by tile over the pack's own tile set (a code is a face
  index of the pack header's ``tiles``): what an ordinary game of the language lays
  (Spanish CHURRO is the four tiles CH·U·RR·O, Hungarian SZ one tile).

Layout (all arrays flat, little-endian in the file):

* ``masks[n]`` for node ``n``: bit ``c`` when an arc labelled ``c`` leaves ``n``, and a final bit
  when a word ends at ``n`` (in memory bit 61, :data:`FINAL`, so that every mask is a machine
  integer for the compiled search: mypyc boxes an ``int`` of 62 bits or more; in the file u32
  with the final bit 31 for an alphabet of at most 31 letters, else u64 with the final bit 63);
* ``targets`` (u32), the arcs of all nodes, node by node in label order; node ``n``'s arcs start
  at ``first[n]``, the running sum of the popcounts of the masks before it (derived on load);
* ``heights[n]`` (u8, capped at 255): the longest path below ``n``, to prune searches for
  words of a given length.

A step is constant time from Python: ``targets[first[n] + popcount(masks[n] & (bit - 1))]``.
Children are numbered below their parents and the root is the last node, so a walk always
ends; :func:`decode_walk` checks that (and every index) before anything is used.

>>> walk = Walk.from_words(["CAT", "CATS", "CAR", "DOG"])
>>> walk.contains("CATS"), walk.contains("CA"), walk.contains("DOGS")
(True, False, False)
>>> sorted(walk.words())
['CAR', 'CAT', 'CATS', 'DOG']
>>> decode_walk(encode_walk(walk, {"lang": "en"}))[0].contains("CAR")
True
"""

from __future__ import annotations

import hashlib
import json
import struct
import zlib
from array import array
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from pathlib import Path
from typing import Any

from lexc.errors import LexcError, Problem

#: The first 8 bytes of a walk file.
MAGIC = b"LEXCWALK"
#: The walk format this code writes and reads.
VERSION = 1
#: Board letters: the codes of a ``board`` walk.
BOARD_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: Kinds of walk a pack gives.
KINDS = ("board", "tiles")
#: Bit of a mask that marks the end of a word: bit 61, the highest that keeps a mask within mypyc's
#: unboxed ``int`` (62 bits and a sign), so that ``mask & FINAL`` and every step's mask arithmetic stay
#: machine operations in the compiled search (bit 63, before, made every final node's mask a Python long).
FINAL = 1 << 61
#: Most letters an alphabet may have (one mask bit each below :data:`FINAL`; the largest tile set, Slovak's,
#: has 41).
MAX_LETTERS = 61
#: The final bit in the file: bit 31 of a u32 mask (an alphabet of at most 31 letters), bit 63 of a u64 one.
_FINAL32 = 1 << 31
_FINAL64 = 1 << 63

_PREFIX = struct.Struct("<8sHHIQ")  # magic, version, flags, header length, total length
_CRC = struct.Struct("<I")
_ALIGN = 8


@dataclass(frozen=True, slots=True)
class Walk:
    """A minimal DAWG over ``alphabet`` (a code is an index in it); the root is the last node."""

    alphabet: tuple[str, ...]
    masks: list[int] = field(repr=False)
    targets: list[int] = field(repr=False)
    heights: bytes = field(repr=False)
    first: list[int] = field(repr=False, compare=False)
    index: dict[str, int] = field(repr=False, compare=False)

    @classmethod
    def create(cls, alphabet: Sequence[str], masks: list[int], targets: list[int], heights: bytes) -> Walk:
        """A walk from its arrays (``first`` and the letter index are derived)."""
        counts = accumulate((m & ~FINAL).bit_count() for m in masks)
        first = [0, *counts][: len(masks)]
        return cls(tuple(alphabet), masks, targets, heights, first, {a: i for i, a in enumerate(alphabet)})

    @classmethod
    def from_words(cls, words: Iterable[str], alphabet: Sequence[str] = BOARD_LETTERS) -> Walk:
        """A walk of ``words`` written one character per letter of ``alphabet`` (for tests and doctests)."""
        index = {a: i for i, a in enumerate(alphabet)}
        return build_walk(alphabet, sorted({tuple(index[c] for c in w) for w in words}))

    @property
    def root(self) -> int:
        return len(self.masks) - 1

    @property
    def nodes(self) -> int:
        return len(self.masks)

    @property
    def arcs(self) -> int:
        return len(self.targets)

    def child(self, node: int, code: int) -> int:
        """The node after the arc ``code`` from ``node``, or -1."""
        mask = self.masks[node]
        bit = 1 << code
        if not mask & bit:
            return -1
        return self.targets[self.first[node] + (mask & (bit - 1)).bit_count()]

    def follow(self, codes: Iterable[int], node: int = -1) -> int:
        """The node reached from ``node`` (default: the root) along ``codes``, or -1."""
        node = self.root if node < 0 else node
        for code in codes:
            node = self.child(node, code)
            if node < 0:
                return -1
        return node

    def final(self, node: int) -> bool:
        """Whether a word ends at ``node``."""
        return bool(self.masks[node] & FINAL)

    def encode(self, text: str) -> list[int] | None:
        """The codes of ``text`` (one character per letter), or None if a character is not a letter."""
        index = self.index
        codes = [index.get(c, -1) for c in text]
        return None if -1 in codes else codes

    def contains(self, text: str) -> bool:
        """Whether ``text`` (one character per letter) is a word."""
        codes = self.encode(text)
        if codes is None:
            return False
        node = self.follow(codes)
        return node >= 0 and self.final(node)

    def branches(self, node: int, allowed: int = ~FINAL) -> list[tuple[int, int]]:
        """``(code, child)`` of the arcs from ``node`` whose code is a bit of ``allowed`` (default: every
        arc), in code order: the one step through the DAWG that every search takes (the move finder,
        anagrams, patterns). Only the allowed arcs are visited: a rack of seven letters at a node of 26
        arcs costs seven steps.

        >>> walk = Walk.from_words(["CAT", "CAR", "COT"])
        >>> c = walk.child(walk.root, 2)
        >>> [(walk.alphabet[code], len(walk.branches(child))) for code, child in walk.branches(c)]
        [('A', 2), ('O', 1)]
        >>> [walk.alphabet[code] for code, _ in walk.branches(c, 1 << 14)]  # O only
        ['O']
        """
        mask = self.masks[node]
        allowed &= mask & ~FINAL
        at, targets = self.first[node], self.targets
        found = []
        while allowed:
            low = allowed & -allowed
            allowed ^= low
            found.append((low.bit_length() - 1, targets[at + (mask & (low - 1)).bit_count()]))
        return found

    def children(self, node: int) -> Iterator[tuple[int, int]]:
        """``(code, child)`` of every arc from ``node``, in code order."""
        return iter(self.branches(node))

    def sequences(self, node: int = -1, prefix: tuple[int, ...] = ()) -> Iterator[tuple[int, ...]]:
        """Every word below ``node`` (default: the root) as codes, in code order."""
        node = self.root if node < 0 else node
        if self.masks[node] & FINAL:
            yield prefix
        for code, child in self.children(node):
            yield from self.sequences(child, (*prefix, code))

    def words(self) -> Iterator[str]:
        """Every word, its letters joined (tile faces for a ``tiles`` walk)."""
        for seq in self.sequences():
            yield "".join(self.alphabet[c] for c in seq)

    def byte_size(self) -> int:
        """Bytes of the arrays as stored: per node a mask (4 bytes, 8 past 31 letters) and a height byte,
        4 per arc."""
        return (9 if len(self.alphabet) > 31 else 5) * self.nodes + 4 * self.arcs


def letters_below(walk: Walk) -> list[int]:
    """Per node, the mask of every code on some path below it (not the final bit): a search that must
    still lay a letter leaves a node whose mask lacks it (:func:`letters_on_paths`).

    >>> walk = Walk.from_words(["CAT", "COT", "DOG"])
    >>> below = letters_below(walk)
    >>> "".join(walk.alphabet[c] for c in range(26) if below[walk.child(walk.root, 2)] >> c & 1)
    'AOT'
    """
    return letters_on_paths(walk)[0]


def letters_on_paths(walk: Walk) -> tuple[list[int], list[int]]:
    """Per node, the mask of every code on some path below it (:func:`letters_below`), and of every code found
    at least twice on one path below it: a search that must still lay two tiles of a letter leaves a node whose
    second mask lacks it. One pass, children before parents (they are numbered below them).

    >>> walk = Walk.from_words(["CAT", "COO", "DOG"])
    >>> below, twice = letters_on_paths(walk)
    >>> c = walk.child(walk.root, 2)
    >>> ["".join(walk.alphabet[code] for code in range(26) if mask[c] >> code & 1) for mask in (below, twice)]
    ['AOT', 'O']
    """
    masks, targets, first = walk.masks, walk.targets, walk.first
    below, twice = [0] * len(masks), [0] * len(masks)
    for node in range(len(masks)):
        mask = masks[node] & ~FINAL
        seen, again, at = mask, 0, first[node]
        while mask:
            low = mask & -mask
            mask ^= low
            target = targets[at]
            seen |= below[target]
            again |= twice[target] | (low & below[target])
            at += 1
        below[node], twice[node] = seen, again
    return below, twice


# --------------------------------------------------------------------------- building


def build_walk(alphabet: Sequence[str], words: Iterable[Sequence[int]]) -> Walk:
    """The minimal DAWG of ``words`` (sequences of codes, sorted and distinct; fastest as ``bytes``, a code
    a byte), built incrementally.

    Each word is added along the path of the previous one; the nodes the new word leaves are
    frozen, replaced by an equal node already built when there is one (same final flag, same
    arcs to the same nodes), so equal suffixes are stored once. Deterministic: the same words
    give the same arrays.

    >>> build_walk("AB", [(0,), (0, 1), (1, 1)]).nodes  # root, A, and one shared end node B/AB
    4
    """
    _check_alphabet(alphabet)
    masks: list[int] = []
    targets: list[int] = []
    heights: list[int] = []
    register: dict[tuple[int, ...], int] = {}
    # the unfinished path, node ``d`` at depth ``d`` (the root at 0): the codes of its arcs so far (a mask),
    # whether a word ends there, its frozen children, its height so far and the code of the arc into it
    path = _Path()
    previous = b""
    for sequence in words:
        word = sequence if isinstance(sequence, bytes) else bytes(sequence)  # indexed in C once compiled
        n = len(word)
        if not n:
            continue
        common = 0
        limit = min(n, len(previous))
        while common < limit and word[common] == previous[common]:
            common += 1
        if common == n or (common < len(previous) and word[common] < previous[common]):
            raise ValueError(f"words are not sorted and distinct: {tuple(previous)} then {tuple(word)}")
        path.freeze(common, register, masks, targets, heights)
        for i in range(common, n):
            path.push(word[i])
        path.final[path.depth] = True
        previous = word
    path.freeze(0, register, masks, targets, heights)
    masks.append(path.masks[0] | FINAL if path.final[0] else path.masks[0])
    targets.extend(path.children[0])
    heights.append(min(255, path.heights[0]))
    return Walk.create(alphabet, masks, targets, bytes(heights))


class _Path:
    """The unfinished path of :func:`build_walk`: per depth (the root at 0) the codes of the node's arcs so far
    (a mask), whether a word ends there, its frozen children, its height so far, and the code of the arc
    into it; ``depth`` is the deepest node's. Lists are kept and reused as the path grows and shrinks."""

    def __init__(self) -> None:
        self.masks: list[int] = [0]
        self.final: list[bool] = [False]
        self.children: list[list[int]] = [[]]
        self.heights: list[int] = [0]
        self.codes: list[int] = [0]
        self.depth = 0

    def push(self, code: int) -> None:
        """A new node at the end of the path, by the arc ``code``."""
        depth = self.depth = self.depth + 1
        if depth == len(self.masks):
            self.masks.append(0)
            self.final.append(False)
            self.children.append([])
            self.heights.append(0)
            self.codes.append(code)
        else:
            self.masks[depth] = 0
            self.final[depth] = False
            self.children[depth].clear()
            self.heights[depth] = 0
            self.codes[depth] = code

    def freeze(self, keep: int, register: dict[tuple[int, ...], int], masks: list[int], targets: list[int],
               heights: list[int]) -> None:
        """Freeze the nodes deeper than ``keep``, each replaced by an equal node already built (same final
        flag, same arcs to the same nodes: one key, the mask, negated for a final node, and the children)."""
        depth = self.depth
        path_masks, path_final, path_children, path_heights, codes = (self.masks, self.final, self.children,
                                                                      self.heights, self.codes)
        while depth > keep:
            mask = path_masks[depth]
            final = path_final[depth]
            children = path_children[depth]
            key = (-1 - mask if final else mask, *children)
            found = register.get(key)
            if found is None:
                found = len(masks)
                register[key] = found
                masks.append(mask | FINAL if final else mask)
                targets.extend(children)
                height = path_heights[depth]
                heights.append(height if height < 255 else 255)
            depth -= 1
            path_masks[depth] |= 1 << codes[depth + 1]
            path_children[depth].append(found)
            height = heights[found] + 1
            if height > path_heights[depth]:
                path_heights[depth] = height
        self.depth = depth


def _check_alphabet(alphabet: Sequence[str]) -> None:
    if len(alphabet) > MAX_LETTERS:
        raise LexcError(f"an alphabet of {len(alphabet)} letters: a walk holds at most {MAX_LETTERS}")


def _check_kind(kind: str) -> None:
    if kind not in KINDS:
        raise LexcError(f"unknown walk kind {kind!r} (known: {', '.join(KINDS)})")


def pack_sequences(pack: Any, kind: str) -> tuple[tuple[str, ...], list[bytes], int]:
    """The alphabet and the sorted, distinct code sequences of a pack's words, and how many were skipped.

    ``board``: each board spelling over A–Z (a spelling with another character, such as a
    face-down ``'``, is skipped). ``tiles``: each native word's tiling, a code per tile (its
    face index); a tile written as nothing on the board (Russian Ь) is a tile like any other.
    A sequence is ``bytes``, one code a byte (sorted as the tuples of its codes would be).
    """
    return _sequences(pack, kind, pack.keys())


def _sequences(pack: Any, kind: str, boards: Iterable[str]) -> tuple[tuple[str, ...], list[bytes], int]:
    """:func:`pack_sequences` of the pack's board spellings ``boards`` (listed once for both kinds)."""
    _check_kind(kind)
    if kind == "board":
        seqs, skipped = board_sequences(boards)
        return tuple(BOARD_LETTERS), seqs, skipped
    faces = pack_faces(pack)
    _check_alphabet(faces)
    return faces, tile_sequences(pack, boards), 0


def board_sequences(boards: Iterable[str]) -> tuple[list[bytes], int]:
    """The code sequences (A = 0 ... Z = 25, a byte each) of the board spellings of ``boards`` written in
    A–Z only, in the order given, and how many others were left out (a face-down ``'``, a letter
    outside A–Z).

    >>> board_sequences(["AB", "A'B", "ZA", "Ä"])
    ([b'\\x00\\x01', b'\\x19\\x00'], 2)
    """
    shift, letters = _SHIFT, BOARD_LETTERS
    seqs = []
    skipped = 0
    for board in boards:
        if not board.strip(letters):  # every character one of A–Z
            seqs.append(board.encode("ascii").translate(shift))
        else:
            skipped += 1
    return seqs, skipped


#: Board letters A–Z as bytes 65–90 -> their codes 0–25.
_SHIFT = bytes((b - 65) % 256 for b in range(256))


def pack_faces(pack: Any) -> tuple[str, ...]:
    """The tile faces of a pack (its header's ``tiles``): the alphabet of its ``tiles`` walk."""
    return tuple(t["face"] for t in pack.header["tiles"])


def tile_sequences(pack: Any, boards: Iterable[str]) -> list[bytes]:
    """The sorted, distinct tilings (a face index a byte) of every native word of ``boards`` in ``pack``."""
    records = pack.records
    found: set[bytes] = set()
    for board in boards:
        for _native, tiling in records(board):
            found.add(bytes([face for face, _ in tiling]))
    return sorted(found)


def coded_tilings(codes: Iterable[str], face_of: Mapping[str, int]) -> list[bytes]:
    """The sorted, distinct tilings (a face index a byte) of tile codes, one character per tile
    (:class:`lexc.language.tiles.Codes`), ``face_of`` giving each character's face index: the tilings of
    a ``tiles`` walk as the compiler holds them, without a record read back.

    >>> coded_tilings(["AB", "\\x80B", "AB"], {"A": 0, "B": 1, "\\x80": 0})
    [b'\\x00\\x01']
    """
    table = str.maketrans({char: chr(face) for char, face in face_of.items()})
    # distinct in the order given (board spelling order: sorting runs of it is quick), sorted as strings
    # (list.sort's fast path for one-byte strings), then bytes
    found = list(dict.fromkeys([code.translate(table) for code in codes]))
    found.sort()
    return [faces.encode("latin-1") for faces in found]


# --------------------------------------------------------------------------- the file


def encode_walk(walk: Walk, meta: Mapping[str, Any]) -> bytes:
    """The bytes of a walk file: prefix, JSON header (``meta`` and the counts), arrays, CRC-32.

    Deterministic: sorted JSON, no timestamps.
    """
    header = {**dict(meta), "format": VERSION, "alphabet": list(walk.alphabet), "nodes": walk.nodes,
              "arcs": walk.arcs}
    text = json.dumps(header, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode("utf-8")
    head = _PREFIX.size + len(text)
    pad = -head % _ALIGN
    wide = len(walk.alphabet) > 31
    masks = array("Q" if wide else "I", _to_file(walk.masks, _FINAL64 if wide else _FINAL32)).tobytes()
    targets = array("I", walk.targets).tobytes()
    total = head + pad + len(masks) + len(targets) + len(walk.heights) + _CRC.size
    body = b"".join((_PREFIX.pack(MAGIC, VERSION, 0, len(text), total), text, b"\0" * pad, masks, targets,
                     walk.heights))
    return body + _CRC.pack(zlib.crc32(body))


def decode_walk(data: bytes, source: str = "<walk>") -> tuple[Walk, dict[str, Any]]:
    """A walk and its header from file bytes, every field and index checked first.

    >>> decode_walk(b"LEXCWALK")
    Traceback (most recent call last):
    ...
    lexc.errors.LexcError: <walk>: truncated: 8 bytes, shorter than a walk file's fixed prefix
    """

    def bad(message: str) -> LexcError:
        return LexcError(Problem(source, None, None, message))

    if len(data) < _PREFIX.size + _CRC.size:
        if MAGIC.startswith(data[:8]) or data[:8] == MAGIC:
            raise bad(f"truncated: {len(data)} bytes, shorter than a walk file's fixed prefix")
        raise bad("not a walk file")
    magic, version, _flags, header_len, total = _PREFIX.unpack_from(data)
    if magic != MAGIC:
        raise bad(f"not a walk file (starts with {data[:8]!r})")
    if version != VERSION:
        raise bad(f"walk format version {version}; this lexc reads version {VERSION}")
    if total != len(data):
        raise bad(f"{'truncated' if len(data) < total else 'has trailing bytes'}: {len(data)} bytes, "
                  f"its prefix says {total}")
    (crc,) = _CRC.unpack_from(data, total - _CRC.size)
    if zlib.crc32(memoryview(data)[: total - _CRC.size]) != crc:
        raise bad("checksum mismatch: the walk file is corrupt")
    try:
        header = json.loads(data[_PREFIX.size:_PREFIX.size + header_len].decode("utf-8"))
        alphabet, nodes, arcs = header["alphabet"], header["nodes"], header["arcs"]
        if not (isinstance(alphabet, list) and all(isinstance(a, str) for a in alphabet)
                and isinstance(nodes, int) and isinstance(arcs, int)):
            raise ValueError("alphabet, nodes or arcs of the wrong type")
    except (ValueError, KeyError, TypeError, UnicodeDecodeError) as err:
        raise bad(f"malformed header ({err})") from None
    start = _PREFIX.size + header_len
    start += -start % _ALIGN
    width = 8 if len(alphabet) > 31 else 4
    if not (nodes >= 1 and arcs >= 0 and len(alphabet) <= MAX_LETTERS
            and start + (width + 1) * nodes + 4 * arcs + _CRC.size == total):
        raise bad(f"sizes do not add up: {nodes} nodes, {arcs} arcs, {total} bytes")
    masks, targets = array("Q" if width == 8 else "I"), array("I")
    masks.frombytes(data[start:start + width * nodes])
    end = start + width * nodes
    targets.frombytes(data[end:end + 4 * arcs])
    heights = bytes(data[end + 4 * arcs: total - _CRC.size])
    if struct.pack("<I", 1) != array("I", [1]).tobytes():  # big-endian host: the file is little-endian
        masks.byteswap()
        targets.byteswap()
    final = _FINAL64 if width == 8 else _FINAL32
    stray = ~(((1 << len(alphabet)) - 1) | final)
    if any(m & stray for m in masks):
        raise bad("corrupt walk: a node has an arc outside the alphabet")
    walk = Walk.create(alphabet, _from_file(masks, final), targets.tolist(), heights)
    problem = check_walk(walk)
    if problem:
        raise bad(f"corrupt walk: {problem}")
    return walk, header


def _to_file(masks: list[int], final: int) -> list[int]:
    """Masks as the file holds them: the final flag in bit ``final`` (31 of a u32, 63 of a u64) instead of
    :data:`FINAL`."""
    return [m ^ (FINAL | final) if m & FINAL else m for m in masks]


def _from_file(masks: array[int], final: int) -> list[int]:
    """Masks read from the file (:func:`_to_file`), the final flag moved back to :data:`FINAL`."""
    return [m ^ (FINAL | final) if m & final else m for m in masks]


def check_walk(walk: Walk) -> str | None:
    """What is wrong with a walk's arrays, or None: letters in range, arcs adding up, every
    arc going to a lower-numbered node (so walks end), heights right."""
    letters = (1 << len(walk.alphabet)) - 1
    masks, targets, first, heights = walk.masks, walk.targets, walk.first, walk.heights
    n_arcs, last = len(targets), len(masks) - 1
    outside = ~(letters | FINAL)
    for node, mask in enumerate(masks):
        if mask & outside:
            return f"node {node} has an arc outside the alphabet"
    if first[-1] + (masks[-1] & letters).bit_count() != n_arcs:
        return "the arcs do not add up"
    ends = [*first[1:], n_arcs]
    height_of = heights.__getitem__
    for node, (at, end) in enumerate(zip(first, ends, strict=True)):
        if at == end:
            if heights[node]:
                return f"node {node}'s height is {heights[node]}, not 0"
            if not masks[node] & FINAL and node != last:
                return f"node {node} is a dead end"
            continue
        below = targets[at:end]
        top = max(below)
        if top >= node:
            return f"node {node} has an arc to node {top}, not below it"
        expected = 1 + max(map(height_of, below))
        if heights[node] != (expected if expected < 255 else 255):
            return f"node {node}'s height is {heights[node]}, not {min(expected, 255)}"
    return None


# --------------------------------------------------------------------------- walks of packs


def walk_path(pack_path: Path, kind: str) -> Path:
    """Where the walk of a pack is kept: ``DIR/LANG.KIND.walk`` beside ``DIR/LANG.lexc``."""
    return pack_path.with_name(f"{pack_path.stem}.{kind}.walk")


def _pack_sha256(path: Path) -> str:
    from lexc.inputs import read_input

    return hashlib.sha256(read_input(path, "lexicon pack")).hexdigest()


def walk_of(pack: Any, kind: str = "board") -> Walk:
    """The walk of an opened pack: read from ``LANG.KIND.walk`` beside it when that file was made from
    these very pack bytes (SHA-256), else built from the pack in memory.

    Reading never writes: ``lexc build`` writes the walk files with the pack (:func:`write_walks`), so
    a packs folder the user cannot write (a system-wide install) works as well as their own. A walk
    file is read through the one bounded reader of inputs (:func:`lexc.inputs.read_input`): a FIFO or
    a device in its place is refused without blocking, a file past the size limit is not read; such a
    file, another pack's walk, a corrupt one or one of another version is set aside and the walk
    built in memory (seconds for a large pack, once per process). The walk is kept on the pack object
    (a catalog opens each pack once), not in a table of this module.
    """
    _check_kind(kind)
    kept: dict[str, Walk] = getattr(pack, "_walks", None) or {}
    if kind in kept:
        return kept[kind]
    pack_file = Path(pack.path)
    walk = _read_matching(walk_path(pack_file, kind), _pack_sha256(pack_file), kind)
    if walk is None:
        alphabet, seqs, _skipped = pack_sequences(pack, kind)
        walk = build_walk(alphabet, seqs)
    kept[kind] = walk
    pack._walks = kept
    return walk


def write_walks(pack: Any, kinds: Sequence[str] = KINDS) -> list[Path]:
    """Build the walks of an opened pack and write them beside it (``LANG.KIND.walk``), atomically:
    what ``lexc build`` does after each pack, so that no reading command ever has to build or write
    one. Returns the files written. Built from the same pack, a walk file is byte-identical.

    >>> import tempfile
    >>> from pathlib import Path
    >>> from lexc.lexicon.compiler import compile_words
    >>> from lexc.lexicon.pack import open_pack
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = compile_words(catalog.language("en"), ["quite", "quiet", "qi"], folder / "en.lexc")
    >>> [p.name for p in write_walks(open_pack(folder / "en.lexc"))]
    ['en.board.walk', 'en.tiles.walk']
    >>> sorted(walk_of(open_pack(folder / "en.lexc"), "board").words())
    ['QI', 'QUIET', 'QUITE']
    """
    for kind in kinds:
        _check_kind(kind)
    boards = list(pack.keys()) if kinds else []  # listed once for both walks (a DAWG pack walks each length)
    pack_file = Path(pack.path)
    sha = _pack_sha256(pack_file)
    written = []
    kept: dict[str, Walk] = getattr(pack, "_walks", None) or {}
    built: tuple[list[bytes], Walk] | None = None
    for kind in kinds:
        alphabet, seqs, skipped = _sequences(pack, kind, boards)
        target, kept[kind] = _write_walk(pack_file, sha, pack.lang, kind, alphabet, seqs, skipped, built)
        built = (seqs, kept[kind])
        written.append(target)
    pack._walks = kept
    return written


def write_built_walks(pack_file: Path, lang: str, boards: Iterable[str], faces: Sequence[str],
                      tilings: list[bytes]) -> list[Path]:
    """Write both walks of the pack just written at ``pack_file`` from what its compiler holds, no pack read
    back: ``boards`` its board spellings in order (the keys it wrote), ``tilings`` the sorted, distinct
    tilings of its words, a face index of ``faces`` a byte (:func:`coded_tilings`). The files are the
    bytes :func:`write_walks` writes from the pack opened (tests/test_walk.py compares them on real lists).
    """
    sha = _pack_sha256(pack_file)
    seqs, skipped = board_sequences(boards)
    _check_alphabet(faces)
    board_file, board = _write_walk(pack_file, sha, lang, "board", BOARD_LETTERS, seqs, skipped)
    tiles_file, _ = _write_walk(pack_file, sha, lang, "tiles", faces, tilings, 0, (seqs, board))
    return [board_file, tiles_file]


def _write_walk(pack_file: Path, sha: str, lang: str, kind: str, alphabet: Sequence[str], seqs: list[bytes],
                skipped: int, built: tuple[list[bytes], Walk] | None = None) -> tuple[Path, Walk]:
    """Build the ``kind`` walk of ``seqs`` and write it beside ``pack_file``, atomically; the file and the walk.

    ``built`` is another walk and the sequences it was built from: when they are ``seqs`` (a tile set whose
    tiles are the board letters A–Z in order, as English's: its tiles walk is its board walk), its arrays
    are taken as they are, the same a build would give.
    """
    from lexc.atomic import write_atomic

    if built is not None and built[0] == seqs:
        same = built[1]
        walk = Walk.create(alphabet, same.masks, same.targets, same.heights)
    else:
        walk = build_walk(alphabet, seqs)
    meta = {"lang": lang, "kind": kind, "pack_sha256": sha, "words": len(seqs), "skipped": skipped}
    target = walk_path(pack_file, kind)
    write_atomic(target, encode_walk(walk, meta))
    return target, walk


def _read_matching(path: Path, sha: str, kind: str) -> Walk | None:
    """The walk in ``path`` if it is a regular file within the size limit, checks out, and was built
    from the pack bytes whose SHA-256 is ``sha``; else None (it is never waited on or read unbounded)."""
    from lexc.inputs import read_input

    if not path.exists() and not path.is_symlink():
        return None
    try:
        data = read_input(path, "walk file")
        walk, header = decode_walk(data, str(path))
    except LexcError:
        return None
    if header.get("pack_sha256") != sha or header.get("kind") != kind:
        return None
    return walk


def walk_stats(walk: Walk, words: int) -> dict[str, float | int]:
    """Size figures of a walk: nodes, arcs, bytes and bytes per word."""
    size = walk.byte_size()
    return {"nodes": walk.nodes, "arcs": walk.arcs, "bytes": size, "words": words,
            "bytes_per_word": round(size / words, 2) if words else 0.0}
