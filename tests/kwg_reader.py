"""A KWG reader for the tests, written apart from lexc's writer (lexc.export.kwg), from the
published node rules alone (docs/export.md): it checks every node and reads a file back the
way the engines walk it.

Node: little-endian u32; tile = value >> 24; accepts = bit 23; last sibling = bit 22; first
child = bits 0-21 (0: none). Siblings are consecutive with ascending tiles. Node 0 points at
the DAWG's root list, node 1 at the GADDAG's. In the GADDAG tile 0 is the separator.
"""

from __future__ import annotations

import struct


class KwgRuleBroken(AssertionError):
    pass


def nodes(data: bytes) -> list[int]:
    if len(data) % 4:
        raise KwgRuleBroken(f"{len(data)} bytes is not a whole number of 4-byte nodes")
    return list(struct.unpack(f"<{len(data) // 4}I", data))


def _tile(node: int) -> int:
    return node >> 24


def _accepts(node: int) -> bool:
    return bool(node & (1 << 23))


def _last(node: int) -> bool:
    return bool(node & (1 << 22))


def _child(node: int) -> int:
    return node & ((1 << 22) - 1)


def check_rules(array: list[int]) -> dict[str, int]:
    """Check every node: index range, root pointers, ascending siblings, last-sibling bits.

    Every list reachable from the roots must start at a list start, end with a last-sibling bit
    inside the array and have strictly ascending tiles; every node must be reachable. Returns counts.
    """
    n = len(array)
    if n < 2:
        raise KwgRuleBroken("fewer than the two root pointers")
    if n > 1 << 22:
        raise KwgRuleBroken(f"{n} nodes: more than a 22-bit index reaches")
    for root in (0, 1):
        node = array[root]
        if _tile(node) != 0 or _accepts(node) or not _last(node):
            raise KwgRuleBroken(f"node {root} is not a pointer node: {node:#x}")
    for i, node in enumerate(array):
        if _child(node) >= n:
            raise KwgRuleBroken(f"node {i} points past the end ({_child(node)} >= {n})")
        if i >= 2 and _child(node) in (0, 1) and _child(node) != 0:
            raise KwgRuleBroken(f"node {i} points at a root pointer")
    seen_lists: set[int] = set()
    reached: set[int] = {0, 1}
    todo = [_child(array[0]), _child(array[1])]
    while todo:
        start = todo.pop()
        if start == 0 or start in seen_lists:
            continue
        seen_lists.add(start)
        i, previous = start, -1
        while True:
            if i >= n:
                raise KwgRuleBroken(f"the list at {start} runs past the end")
            node = array[i]
            reached.add(i)
            if _tile(node) <= previous:
                raise KwgRuleBroken(f"node {i}: tile {_tile(node)} after {previous} (siblings must ascend)")
            previous = _tile(node)
            todo.append(_child(node))
            if _last(node):
                break
            i += 1
    unreached = n - len(reached)
    if unreached:
        raise KwgRuleBroken(f"{unreached} nodes are not reached from the roots")
    return {"nodes": n, "lists": len(seen_lists)}


def _paths(array: list[int], start: int, prefix: tuple[int, ...], out: list[tuple[int, ...]]) -> None:
    i = start
    if i == 0:
        return
    while True:
        node = array[i]
        here = (*prefix, _tile(node))
        if _accepts(node):
            out.append(here)
        _paths(array, _child(node), here, out)
        if _last(node):
            return
        i += 1


def dawg_words(array: list[int]) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = []
    _paths(array, _child(array[0]), (), out)
    return out


def gaddag_strings(array: list[int]) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = []
    _paths(array, _child(array[1]), (), out)
    return out


def expected_gaddag(words: set[tuple[int, ...]]) -> set[tuple[int, ...]]:
    """For a word w of n tiles: w reversed, and for i = n-1 .. 1: w[:i] reversed, 0, w[i:]."""
    out = set()
    for w in words:
        out.add(tuple(reversed(w)))
        for i in range(1, len(w)):
            out.add((*reversed(w[:i]), 0, *w[i:]))
    return out


def gaddag_accepts(array: list[int], string: tuple[int, ...]) -> bool:
    """Follow ``string`` from the GADDAG root as an engine does at one anchor."""
    i = _child(array[1])
    node = None
    for tile in string:
        if i == 0:
            return False
        while True:
            node = array[i]
            if _tile(node) == tile:
                break
            if _last(node) or _tile(node) > tile:
                return False
            i += 1
        i = _child(node)
    return node is not None and _accepts(node)
