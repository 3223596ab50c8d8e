"""Keeping a game from the first tile to the final score (docs/game.md).

:class:`Game` is an immutable game advanced by moves; :mod:`lexc.game.store` keeps it in a
GCG file with lexc's language extension, written atomically after every move.
"""

from __future__ import annotations

from lexc.game.game import Game, Verdict
from lexc.game.setup import CHALLENGES, Setup
from lexc.game.state import State

__all__ = ["CHALLENGES", "Game", "Setup", "State", "Verdict"]
