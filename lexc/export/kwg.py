"""KWG files: the word graph wolges, MAGPIE, Macondo and Woogles read (docs/export.md).

A KWG is a flat array of little-endian 32-bit nodes, with no header. A node holds a tile
(bits 24-31; 0 is the blank and the GADDAG separator), an *accepts* bit (23: the path that
ends with this tile is a word), an *is_end* bit (22: the last sibling of its list) and the
index of its first child (bits 0-21; 0 for none). Siblings sit next to each other in
strictly ascending tile order. Node 0 points at the DAWG's root list, node 1 at the
GADDAG's (facts: wolges ``src/kwg.rs`` and ``details.txt``; MAGPIE ``src/def/kwg_defs.h``).

Words here are ``str`` of ``chr(tile number)``: sorting them sorts by tile numbers, and
slicing or reversing them runs in C.

>>> words = ["".join(chr(t) for t in w) for w in ((3, 1, 18, 5), (3, 1, 18))]  # CARE, CAR
>>> data = build_kwg(sorted(words), gaddag=True).data
>>> sorted(tuple(map(ord, w)) for w in dawg_words(data))
[(3, 1, 18), (3, 1, 18, 5)]
>>> len(data) // 4
19
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import chain

from lexc.errors import LexcError, Problem

#: Bits of a node (Node22, the layout every KWG reader uses).
ARC_MASK = 0x3FFFFF
IS_END = 0x400000
ACCEPTS = 0x800000
TILE_SHIFT = 24
#: Most nodes a KWG can index: the child index has 22 bits.
MAX_NODES = 1 << 22
#: Highest tile number a KWG holds here: wolges keeps cross-sets in 64 bits (tile 0 the blank).
MAX_TILE = 63
#: The longest word a reader follows (a file that goes deeper has a cycle or is no lexicon).
MAX_DEPTH = 255
#: Most words lexc reads from a KWG: a few nodes can encode astronomically many paths.
MAX_WORDS = 20_000_000

# an arc while building: (child list id << 9) | (tile << 1) | accepts
_LIST = 9
_TILE = 1


class KwgTooLarge(LexcError):
    """The lexicon needs more nodes than a KWG can index."""


class BadKwg(LexcError):
    """A file that is not a sound KWG."""


@dataclass(frozen=True, slots=True)
class Built:
    """A KWG's bytes and what they hold."""

    data: bytes
    nodes: int
    words: int
    lists: int


def _minimise(items: Iterable[tuple[str, int, int]], register: dict[tuple[int, ...], int],
              lists: list[tuple[int, ...]], emit: list[tuple[str, int, int]] | None = None) -> int:
    """Add the minimal graph of ``items`` to ``register`` and return the id of its root list.

    ``items`` are (string, accepts, first arc) sorted by string, distinct: the node at the end
    of each string gets ``accepts`` and starts its child list with ``first arc`` (-1 for none).
    Each list of arcs is interned in ``register`` (list -> id; ``lists[id]`` is the list), so
    equal lists -- of this graph or of another built with the same register -- are one.
    With ``emit``, each node closed is recorded as (its string reversed, accepts, its list id).
    """
    stack: list[list[int]] = [[]]
    accept = [0]
    prev = ""
    get = register.get

    def close(depth: int) -> None:
        arcs = stack.pop()
        key = tuple(arcs)
        lid = get(key)
        if lid is None:
            lid = register[key] = len(lists)
            lists.append(key)
        acc = accept.pop()
        stack[-1].append((lid << _LIST) | (ord(prev[depth - 1]) << _TILE) | acc)
        if emit is not None:
            emit.append((prev[depth - 1::-1], acc, lid))

    for word, acc, first in items:
        n = min(len(prev), len(word))
        same = 0
        while same < n and prev[same] == word[same]:
            same += 1
        for depth in range(len(prev), same, -1):
            close(depth)
        for _ in range(same, len(word) - 1):
            stack.append([])
            accept.append(0)
        if len(word) > same:
            stack.append([first] if first >= 0 else [])
            accept.append(acc)
        prev = word
    for depth in range(len(prev), 0, -1):
        close(depth)
    key = tuple(stack[0])
    lid = get(key)
    if lid is None:
        lid = register[key] = len(lists)
        lists.append(key)
    return lid


def build_kwg(words: Sequence[str], *, gaddag: bool = True) -> Built:
    """The KWG of ``words`` (each a ``str`` of tile numbers 1-63; sorted, distinct, not empty).

    The DAWG is minimal (equal child lists are stored once); with ``gaddag`` the GADDAG
    follows, built from the DAWG: for each prefix *p* of a word it holds *p* reversed, which
    accepts when *p* is a word and whose separator (tile 0) points at the DAWG's list after
    *p* -- the completions are the same -- so the two graphs share those lists.

    >>> kwg = build_kwg(["\\x01\\x02"], gaddag=False)  # the one word AB
    >>> [hex(n) for n in nodes_of(kwg.data)]
    ['0x400002', '0x400000', '0x1400003', '0x2c00000']
    """
    check_words(words)
    register: dict[tuple[int, ...], int] = {(): 0}
    lists: list[tuple[int, ...]] = [()]
    emit: list[tuple[str, int, int]] | None = [] if gaddag else None
    dawg_root = _minimise(((w, 1, -1) for w in words), register, lists, emit)
    gaddag_root = 0
    if emit is not None:
        emit.sort()
        # a prefix's node: accepts when it is a word; its separator points at the DAWG's list
        gaddag_root = _minimise(((rev, acc, lid << _LIST if lid else -1) for rev, acc, lid in emit),
                                register, lists)
        del emit
    return Built(_layout(lists, dawg_root, gaddag_root), _nodes(lists), len(words), len(lists) - 1)


def _nodes(lists: Sequence[tuple[int, ...]]) -> int:
    return 2 + sum(map(len, lists))


def _layout(lists: Sequence[tuple[int, ...]], dawg_root: int, gaddag_root: int) -> bytes:
    """The nodes of every list, the roots' lists first, as little-endian 32-bit words."""
    import numpy as np

    total = _nodes(lists)
    if total > MAX_NODES:
        raise KwgTooLarge(Problem(None, None, "kwg", f"the lexicon needs {total:,} nodes; a KWG indexes at most "
                                                     f"{MAX_NODES:,} (2^22): export fewer words or the DAWG alone"))
    order = [lid for lid in range(len(lists) - 1, 0, -1)]  # parents were interned after their children
    lengths = np.fromiter((len(lists[lid]) for lid in order), dtype=np.int64, count=len(order))
    starts = np.zeros(len(lists), dtype=np.int64)
    firsts = 2 + np.concatenate(([0], np.cumsum(lengths)[:-1])) if len(order) else np.zeros(0, dtype=np.int64)
    starts[np.array(order, dtype=np.int64)] = firsts
    codes = np.fromiter(chain.from_iterable(lists[lid] for lid in order), dtype=np.int64, count=total - 2)
    nodes = np.empty(total, dtype=np.uint32)
    body = ((codes >> _TILE) & 0xFF) << TILE_SHIFT | (codes & 1) << 23 | starts[codes >> _LIST]
    ends = np.zeros(total - 2, dtype=np.int64)
    ends[firsts + lengths - 3] = IS_END
    nodes[2:] = body | ends
    nodes[0] = IS_END | int(starts[dawg_root])
    nodes[1] = IS_END | int(starts[gaddag_root])
    return nodes.astype("<u4").tobytes()


def check_words(words: Sequence[str]) -> None:
    """Refuse words a KWG cannot hold: empty, unsorted or repeated, a tile outside 1-63, too long."""
    prev = ""
    for i, word in enumerate(words):
        if not word or word <= prev or len(word) > MAX_DEPTH:
            what = "empty" if not word else "longer than 255 tiles" if len(word) > MAX_DEPTH else \
                "not sorted and distinct"
            raise LexcError(Problem(None, None, "kwg", f"word {i + 1} is {what}"))
        if max(word) > chr(MAX_TILE) or min(word) < "\x01":
            raise LexcError(Problem(None, None, "kwg", f"word {i + 1} holds a tile outside 1-{MAX_TILE}"))
        prev = word


def alphagrams(words: Iterable[str]) -> list[str]:
    """The distinct alphagrams of ``words`` (tiles sorted by number), sorted: the words of a KAD.

    >>> alphagrams(["\\x03\\x01\\x02", "\\x02\\x01\\x03", "\\x01"])
    ['\\x01', '\\x01\\x02\\x03']
    """
    return sorted({"".join(sorted(word)) for word in words})


# --------------------------------------------------------------------------- reading


def nodes_of(data: bytes, name: str = "<kwg>") -> list[int]:
    """The nodes of a KWG file's bytes; a clear error for a length that is no node array."""
    import numpy as np

    if len(data) % 4 or len(data) < 8:
        raise BadKwg(Problem(name, None, None, f"{len(data):,} bytes: a KWG is at least 2 nodes of 4 bytes "
                                               "(a multiple of 4)"))
    if len(data) // 4 > MAX_NODES:
        raise BadKwg(Problem(name, None, None, f"{len(data) // 4:,} nodes: a KWG holds at most {MAX_NODES:,}"))
    return np.frombuffer(data, dtype="<u4").astype(np.int64).tolist()  # type: ignore[no-any-return]


def check_nodes(nodes: Sequence[int], name: str = "<kwg>") -> None:
    """Refuse nodes that break the KWG rules: an arc past the end, a list that runs off the end
    or whose tiles do not ascend, a root that is not a pointer node. Checked on every node."""
    import numpy as np

    arr = np.asarray(nodes, dtype=np.int64)
    n = len(arr)
    arcs, tiles, ends = arr & ARC_MASK, arr >> TILE_SHIFT, (arr & IS_END) != 0
    bad = np.flatnonzero(arcs >= n)
    if len(bad):
        raise BadKwg(Problem(name, None, f"node {int(bad[0])}", f"points at node {int(arcs[bad[0]]):,}, past the "
                                                                f"{n:,} nodes of the file"))
    if not ends[-1]:
        raise BadKwg(Problem(name, None, f"node {n - 1}", "the last node does not end its list: the file is "
                                                          "truncated"))
    for root in (0, 1):
        if not ends[root] or tiles[root] or arr[root] & ACCEPTS:
            raise BadKwg(Problem(name, None, f"node {root}", "is not a root pointer (tile 0, last sibling, not "
                                                             "accepting)"))
    inner = np.flatnonzero(~ends[2:-1]) + 2
    worse = inner[tiles[inner] >= tiles[inner + 1]]
    if len(worse):
        i = int(worse[0])
        raise BadKwg(Problem(name, None, f"node {i}", f"tile {int(tiles[i])} is followed by sibling tile "
                                                      f"{int(tiles[i + 1])}: siblings must ascend"))


def walk(nodes: Sequence[int], root: int, name: str = "<kwg>") -> Iterator[tuple[int, ...]]:
    """Every accepted path from the list at ``root`` (a node index; 0 for none), as tile numbers.

    A path deeper than :data:`MAX_DEPTH` (a cycle) is an error naming the file.
    """
    if not root:
        return
    path: list[int] = []
    stack = [root]  # the next sibling to visit at each depth
    while stack:
        i = stack[-1]
        node = nodes[i]
        tile = node >> TILE_SHIFT
        del path[len(stack) - 1:]
        path.append(tile)
        if node & ACCEPTS:
            yield tuple(path)
        stack[-1] = -1 if node & IS_END else i + 1
        arc = node & ARC_MASK
        if arc:
            if len(stack) >= MAX_DEPTH:
                raise BadKwg(Problem(name, None, f"node {i}", f"a path deeper than {MAX_DEPTH} tiles: the graph "
                                                              "has a cycle or is no lexicon"))
            stack.append(arc)
        while stack and stack[-1] < 0:
            stack.pop()


def count_words(nodes: Sequence[int], root: int, name: str = "<kwg>") -> int:
    """How many words the list at ``root`` holds, each list counted once (linear in the nodes); a
    cycle, a path deeper than :data:`MAX_DEPTH` or more than :data:`MAX_WORDS` words is an error.

    >>> count_words([0x400002, 0x400000, 0x1C00000], 2)  # tile 1, accepting, last: one word
    1
    >>> count_words([0x400002, 0x400000, 0x1C00002], 2)  # its child list is itself
    Traceback (most recent call last):
    ...
    lexc.export.kwg.BadKwg: <kwg>: node 2: a path deeper than 255 tiles, or a cycle: no lexicon
    """
    counts: dict[int, int] = {0: 0}
    path: set[int] = set()  # lists being counted: the current path from the root
    stack = [(root, False)]
    while stack:
        start, expanded = stack.pop()
        if start in counts:
            continue
        siblings, i = [], start
        while True:
            siblings.append(nodes[i])
            if nodes[i] & IS_END:
                break
            i += 1
        if not expanded:
            if start in path or len(path) >= MAX_DEPTH:
                raise BadKwg(Problem(name, None, f"node {start}", f"a path deeper than {MAX_DEPTH} tiles, or a "
                                                                  "cycle: no lexicon"))
            path.add(start)
            stack.append((start, True))
            stack.extend((node & ARC_MASK, False) for node in siblings if node & ARC_MASK not in counts)
            continue
        total = sum((1 if node & ACCEPTS else 0) + counts[node & ARC_MASK] for node in siblings)
        if total > MAX_WORDS:
            raise BadKwg(Problem(name, None, f"node {start}", f"holds more than {MAX_WORDS:,} words: not read"))
        counts[start] = total
        path.discard(start)
    return counts[root]


def dawg_words(data: bytes, name: str = "<kwg>") -> Iterator[str]:
    """The words of a KWG's DAWG (node 0), checked first (:func:`check_nodes`, :func:`count_words`), as
    ``str`` of tile numbers. A tile 0 inside the DAWG is an error: the blank is not a letter of a word.
    """
    nodes = nodes_of(data, name)
    check_nodes(nodes, name)
    count_words(nodes, nodes[0] & ARC_MASK, name)
    for path in walk(nodes, nodes[0] & ARC_MASK, name):
        if 0 in path:
            raise BadKwg(Problem(name, None, None, "the DAWG holds tile 0 (the blank or GADDAG separator) inside a "
                                                   "word: is node 0 the GADDAG's root?"))
        yield "".join(map(chr, path))

