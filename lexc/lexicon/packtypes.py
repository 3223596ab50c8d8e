"""The class of a pack for each trie structure: a pack *is* its trie, so ``board in pack`` is the trie
library's own lookup in C, with no Python call in between (docs/pack-format.md "Structures").

- :class:`DawgPack`: a dawg2 ``IntDAWG`` of the board spellings, each key's value its record group;
- :class:`MarisaPack`: a ``marisa_trie.Trie`` of the board spellings and the ``ids`` section (the
  group of each key id);
- :class:`NativesPack`: a dawg2 ``DAWG`` of the native words, read from a board spelling by
  ``similar_keys``.

:data:`CLASSES` names them by the header's ``structure.kind``; :func:`lexc.lexicon.pack.open_pack`
makes one and loads its trie.
"""

from __future__ import annotations

import bisect
import functools
import sys
from array import array
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import dawg
import marisa_trie

from lexc.language.tiles import Tiling
from lexc.lexicon.opened import Pack
from lexc.lexicon.packfile import _bad

#: Stands for any character in a DAWG walk (never in a key).
_ANY = "\x1f"


class DawgPack(Pack, dawg.IntDAWG):  # type: ignore[misc]
    """A pack whose trie is a DAWG of the board spellings, each giving its record group."""

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
    """A pack whose trie is a marisa trie of the board spellings; the ``ids`` section gives each key id's group."""

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
    """The keys are native words; a board spelling's are those ``similar_keys`` gives
    (:class:`lexc.lexicon.tries.Natives`)."""

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


def _listed(trie: Any, prefix: str, replaces: Any, longest: int) -> Iterator[str]:
    """The keys of the DAWG ``trie`` that start with ``prefix`` (a DAWG cannot list completions):
    ``similar_keys`` of the prefix and ``_ANY`` (which ``replaces`` reads as any letter), one length at a time."""
    for extra in range(max(longest - len(prefix), -1) + 1):
        yield from dawg.DAWG.similar_keys(trie, prefix + _ANY * extra, replaces)


#: The pack class of each structure (the header's ``structure.kind``).
CLASSES: dict[str, type[Pack]] = {"dawg": DawgPack, "marisa": MarisaPack, "natives": NativesPack}
