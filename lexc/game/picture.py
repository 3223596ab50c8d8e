"""A game's board as SVG: each tile valued in the language of the word that placed it, the last play
highlighted, the players' scores underneath (:func:`lexc.svg.board_svg` draws it)."""

from __future__ import annotations

from ..svg import board_svg
from .game import Game
from .view import board_tiles_scored


def game_svg(game: Game, title: str | None = None) -> str:
    """The game's board as an SVG document."""
    values = {square: (str(t.points) if t.first else "", t.lang) for square, t in board_tiles_scored(game).items()}
    scores = list(zip(game.setup.players, game.state.scores, strict=True))
    return board_svg(game.state.board, title=title, values=values, scores=scores)
