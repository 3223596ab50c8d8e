"""A game's board as SVG: each tile valued in the language of the word that placed it, the last play
highlighted, the players' scores underneath (:func:`lexc.engine.svg.board_svg` draws it)."""

from __future__ import annotations

from lexc.game.engine import board_svg, play_values
from lexc.game.game import Game


def game_svg(game: Game, title: str | None = None) -> str:
    """The game's board as an SVG document."""
    values = play_values(game.state.results)
    scores = list(zip(game.setup.players, game.state.scores, strict=True))
    return board_svg(game.state.board, title=title, values=values, scores=scores)
