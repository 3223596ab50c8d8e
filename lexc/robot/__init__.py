"""Robot players and self-play (docs/robot.md).

:mod:`lexc.robot.player` chooses a move (a play, an exchange or a pass) by score plus leave;
:mod:`lexc.robot.leave` values the tiles kept; :mod:`lexc.robot.words` the words each level
knows; :mod:`lexc.robot.seat` puts robots at a game's table; :mod:`lexc.robot.selfplay`
plays seeded robot games and reports on them (:mod:`lexc.robot.stats`).
"""

from __future__ import annotations

from lexc.robot.player import Choice, Position, Robot, Strength, candidates

__all__ = ["Choice", "Position", "Robot", "Strength", "candidates"]
