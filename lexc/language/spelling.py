"""A native word as played (:class:`Spelling`): its tiling aligned with its board spelling.

In a module of its own, re-exported by :mod:`lexc.language.normalize`, which makes them: a pack gives
its words as spellings (:meth:`lexc.lexicon.opened.Pack.spellings`) and ``lexc score`` scores them
without loading the normaliser and the schemes.

>>> from lexc.language.tiles import AlignedTile
>>> qi = Spelling("en", "qi", (AlignedTile("Q", 10, "Q"), AlignedTile("I", 1, "I")))
>>> qi.board, qi.value, qi.spans(), qi.tiling
('QI', 11, [(0, 1), (1, 2)], ('Q', 'I'))
"""

from __future__ import annotations

from dataclasses import dataclass

from lexc.language.tiles import AlignedTile

__all__ = ["FACEDOWN", "Spelling"]

#: The board string of a face-down tile standing for an apostrophe (Polyglot rule 4).
FACEDOWN = "'"


@dataclass(frozen=True, slots=True)
class Spelling:
    """A native word as played: its tiling aligned with its board spelling."""

    lang: str
    native: str
    tiles: tuple[AlignedTile, ...]

    @property
    def board(self) -> str:
        """The board spelling, A–Z only (a face-down tile is ``'`` under Polyglot rule 4)."""
        return "".join(t.board for t in self.tiles)

    @property
    def value(self) -> int:
        """The base value in the language (no premiums).

        A tile written as nothing has no square and a face-down tile scores zero (Polyglot
        rule 4), so neither counts here, though each keeps its points in :attr:`tiles`.
        """
        return sum(t.points for t in self.tiles if t.board and t.board != FACEDOWN)

    def spans(self) -> list[tuple[int, int]]:
        """For each native tile, the [start, end) span of board tiles that spell it."""
        spans, start = [], 0
        for tile in self.tiles:
            spans.append((start, start + len(tile.board)))
            start += len(tile.board)
        return spans

    @property
    def tiling(self) -> tuple[str, ...]:
        """The faces of the native tiles, in order."""
        return tuple(t.face for t in self.tiles)

    def to_json(self) -> dict[str, object]:
        return {"word": self.native, "lang": self.lang, "board": self.board, "value": self.value,
                "tiles": [t.to_json() for t in self.tiles]}
