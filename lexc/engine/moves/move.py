"""A move the finder found: a legal play and its score (:class:`Move`), and the order of a list of them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from lexc.engine.board import Board
from lexc.engine.notation import BoardTile, Languages, Play, Through, format_position
from lexc.engine.ruleset import Ruleset
from lexc.engine.scoring import PlayResult, score_play

if TYPE_CHECKING:
    from lexc.catalog import Catalog

__all__ = ["Move", "order"]


class Move(NamedTuple):
    """A legal play found by the generator, with its score.

    ``cells`` has one ``(face, blank, new)`` per square of the main word; ``langs`` the language
    designations of its words (Polyglot; empty in an ordinary game).
    """

    row: int
    col: int
    across: bool
    cells: tuple[tuple[str, bool, bool], ...]
    score: int
    langs: Languages = Languages()

    @property
    def play(self) -> Play:
        """The move as a :class:`lexc.notation.Play` (letters already on the board in parentheses)."""
        cells = tuple(BoardTile(face, blank) if new else Through(face, blank) for face, blank, new in self.cells)
        return Play(self.row, self.col, self.across, cells, self.langs)

    @property
    def tiles_played(self) -> int:
        return sum(new for _, _, new in self.cells)

    @property
    def placements(self) -> frozenset[tuple[int, int, str, bool]]:
        """``(row, col, face, blank)`` of each tile placed: the move whatever its notation."""
        dr, dc = (0, 1) if self.across else (1, 0)
        return frozenset((self.row + dr * i, self.col + dc * i, face, blank)
                         for i, (face, blank, new) in enumerate(self.cells) if new)

    def result(self, board: Board, ruleset: Ruleset | None = None, *, catalog: Catalog | None = None,
               lexicons: Mapping[str, Any] | None = None) -> PlayResult:
        """The move scored and explained by :func:`lexc.engine.scoring.score_play` on ``board``."""
        return score_play(board, self.play, ruleset or board.ruleset, catalog=catalog, lexicons=lexicons)

    def __str__(self) -> str:
        return str(self.play)

    def to_json(self) -> dict[str, object]:
        return {"play": str(self.play), "position": format_position(self.row, self.col, self.across),
                "word": self.play.word, "score": self.score, "tiles_played": self.tiles_played,
                "langs": self.langs.to_json()}


def order(move: Move) -> tuple[object, ...]:
    """Best first; among equal scores by position (row, column, across first), then tiles."""
    return (-move.score, move.row, move.col, not move.across, move.cells)

