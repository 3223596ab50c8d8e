"""Keeping a game from the first tile to the final score (docs/game.md): the game's front door.

:class:`Game` is an immutable game advanced by moves, made from a :class:`Setup` (players,
ruleset, languages); :class:`Packs` are the lexicons it looks words up in (by default the
shipped catalog's packs); :func:`create`, :func:`load` and :func:`update` keep it in a GCG file
with lexc's language extension, written atomically after every move.

>>> game = Game.new(Setup.new(["ann", "bob"], ruleset="polyglot", langs=["en", "fra", "ru"]))
>>> game.setup.langs, game.play("8D WHISKY @fre").state.scores
(('en', 'fr', 'ru'), (92, 0))
"""

from __future__ import annotations

from lexc.game.engine import Packs
from lexc.game.game import Game, Verdict
from lexc.game.setup import CHALLENGES, Setup
from lexc.game.state import State
from lexc.game.store import StaleGame, create, load, update

__all__ = ["CHALLENGES", "Game", "Packs", "Setup", "StaleGame", "State", "Verdict", "create", "load", "update"]
