"""Game clocks of a served game: the ruleset's :class:`~lexc.engine.ruleset.Clock`, kept in the game file.

The time each turn took is written after the event that ended it, as a ``#note`` (docs/game.md)::

    >ann:  8D WHISKY +92 92
    #note time: ann used 1:35, 23:25 left

so a player's clock is the sum of their ``time:`` notes, and a game file carries its clocks to
any program (the notes are comments to Quackle and Woogles; lexc's readers skip them). The turn
in progress -- which version of the game it began on, the seconds it ran before a pause, when it
(re)started -- and the director's adjustments are kept in ``.NAME.clock.json`` beside the game,
so a clock survives a server restart (the time the server was down counts: the clock ran).

>>> from lexc.engine.ruleset import Clock
>>> time_note("ann", 95, Clock())
'time: ann used 1:35, 23:25 left'
>>> time_note("bob", 1530, Clock()), used_of(["time: bob used 25:30, -0:30 left", "challenged: x"])
('time: bob used 25:30, -0:30 left', {'bob': 1530})
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from lexc.engine.ruleset import Clock
from lexc.game.engine import LexcError, Problem
from lexc.game.game import Game
from lexc.game.seats import write_private

#: A clock note: ``time: NAME used M:SS, [-]M:SS left``.
_NOTE = re.compile(r"time: (\S+) used (\d{1,6}):([0-5]\d)(?:, -?\d{1,6}:[0-5]\d left)?")
#: The most seconds the director may add to or take from a clock at once (a day).
MAX_ADJUST = 24 * 3600


def _mmss(seconds: int) -> str:
    sign = "-" if seconds < 0 else ""
    return f"{sign}{abs(seconds) // 60}:{abs(seconds) % 60:02d}"


def time_note(player: str, used: int, clock: Clock, before: int = 0) -> str:
    """The note written after an event: ``player`` used ``used`` seconds on this turn (``before``: before it)."""
    return f"time: {player} used {_mmss(used)}, {_mmss(clock.seconds - before - used)} left"


def used_of(notes: Iterable[str]) -> dict[str, int]:
    """Seconds used by each player, summed over the clock notes among ``notes``."""
    used: dict[str, int] = {}
    for note in notes:
        match = _NOTE.fullmatch(note)
        if match:
            used[match[1]] = used.get(match[1], 0) + int(match[2]) * 60 + int(match[3])
    return used


def recorded(game: Game) -> dict[str, int]:
    """Seconds each player's clock shows from the game file's notes (0 for a player with none)."""
    found = used_of(note for event in game.record.events for note in event.notes)
    return {player: found.get(player, 0) for player in game.setup.players}


@dataclass(frozen=True, slots=True)
class Turn:
    """The turn in progress: the game version it began on, seconds run before ``since``, when it (re)started
    (None: paused), and the director's adjustments (seconds added to each player's clock)."""

    version: str
    carried: float = 0.0
    since: float | None = None
    adjust: Mapping[str, int] = field(default_factory=dict)

    def running(self, now: float) -> float:
        """Seconds this turn has run at ``now``."""
        return self.carried + (max(0.0, now - self.since) if self.since is not None else 0.0)

    def to_json(self) -> dict[str, object]:
        return {"version": self.version, "carried": self.carried, "since": self.since, "adjust": dict(self.adjust)}


def turn_path(game: Path) -> Path:
    """``.NAME.clock.json`` beside the game file."""
    return game.with_name(f".{game.stem}.clock.json")


def read_turn(path: Path, game: Game, now: float | None = None) -> Turn:
    """The turn in progress of ``game`` (kept at ``path``); a new turn, running from ``now``, when the
    file is missing, unreadable or kept for another version of the game (a move made elsewhere)."""
    now = time.time() if now is None else now
    adjust: dict[str, int] = {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        adjust = {str(k): int(v) for k, v in dict(data.get("adjust", {})).items() if k in game.setup.players}
        since = data.get("since")
        turn = Turn(str(data["version"]), float(data.get("carried", 0.0)),
                    float(since) if since is not None else None, adjust)
        if turn.version == game.version:
            return turn
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        pass
    return Turn(game.version, 0.0, None if game.state.ended else now, adjust)


def write_turn(path: Path, turn: Turn) -> None:
    write_private(path, json.dumps(turn.to_json()) + "\n")


def paused(game: Game, turn: Turn) -> bool:
    """Whether the director paused the clock of ``game``'s turn in progress ``turn`` (a ruleset with a
    clock, the game not over): nobody's time runs, and a robot to move waits."""
    return game.state.ruleset.clock is not None and not game.state.ended and turn.since is None


def clock_json(game: Game, turn: Turn, now: float | None = None) -> dict[str, object] | None:
    """The clocks as the pages show them (None when the game's ruleset has no clock)."""
    clock = game.state.ruleset.clock
    if clock is None:
        return None
    now = time.time() if now is None else now
    used = recorded(game)
    running = None if game.state.ended else game.to_move
    players = []
    for player in game.setup.players:
        seconds = used[player] + turn.adjust.get(player, 0) + (turn.running(now) if player == running else 0.0)
        players.append({"name": player, "used": round(seconds, 1), "left": round(clock.seconds - seconds, 1),
                        "penalty": clock.penalty(seconds)})
    return {"minutes": clock.minutes, "overtime_penalty": clock.overtime_penalty,
            "overtime_minutes": clock.overtime_minutes, "running": running,
            "paused": paused(game, turn), "players": players}


def timed(before: Game, after: Game, turn: Turn, now: float | None = None) -> Game:
    """``after`` (the game once a move is made on ``before``) with the time of the turn noted after the
    move's first event, and, when the move ended the game, each player's overtime penalty (a time-penalty
    line: the ruleset's points per started period over)."""
    clock = before.state.ruleset.clock
    if clock is None or before.state.ended:
        return after
    now = time.time() if now is None else now
    player = before.to_move
    seconds = round(turn.running(now))
    first = len(before.record.events)
    if len(after.record.events) <= first or after.record.events[:first] != before.record.events:
        if len(after.record.events) < first:
            return after  # an undo: nothing to time
        first = len(after.record.events) - 1  # a move that only noted an event (a good challenge)
    note = time_note(player, seconds, clock, recorded(before)[player] + turn.adjust.get(player, 0))
    after = after.with_note(first, note)
    if after.state.ended and not before.state.ended:
        used = recorded(after)
        for name in after.setup.players:
            points = clock.penalty(used[name] + turn.adjust.get(name, 0))
            if points and name not in {after.setup.players[i] for i in after.state.timed}:
                after = after.time_penalty(name, points)
    return after


def adjusted(turn: Turn, game: Game, action: str, player: str | None, seconds: int, now: float) -> Turn:
    """The turn after a director's clock action: ``pause``, ``resume``, or ``adjust`` (``seconds`` added to
    ``player``'s clock; negative gives time back)."""
    if game.state.ruleset.clock is None:
        raise LexcError(Problem(None, None, "clock", f"the {game.state.ruleset.name} ruleset plays without a clock"))
    if game.state.ended:
        raise LexcError(Problem(None, None, "clock", "the game is over: its clocks have stopped"))
    if action == "pause":
        return replace(turn, carried=turn.running(now), since=None)
    if action == "resume":
        return turn if turn.since is not None else replace(turn, since=now)
    if action == "adjust":
        if player not in game.setup.players:
            players = ", ".join(game.setup.players)
            raise LexcError(Problem(None, None, "player", f"not a player of this game ({players})"))
        if not -MAX_ADJUST <= seconds <= MAX_ADJUST:
            raise LexcError(Problem(None, None, "seconds", f"at most {MAX_ADJUST:,} seconds at once, "
                                                           f"not {seconds:,}"))
        return replace(turn, adjust={**turn.adjust, player: turn.adjust.get(player, 0) + seconds})
    raise LexcError(Problem(None, None, "clock", f"unknown clock action {action!r} (pause, resume, adjust)"))


__all__ = ["Turn", "adjusted", "clock_json", "paused", "read_turn", "recorded", "time_note", "timed", "turn_path",
           "used_of", "write_turn"]
