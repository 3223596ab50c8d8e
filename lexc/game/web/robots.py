"""Robot seats of served games: the server moves a robot by itself when its turn comes (docs/game.md).

:class:`RobotTable` keeps the games whose robot may be to move (:meth:`RobotTable.kick`: after every
accepted move, a new game, a game opened, the server's start) and plays their robot moves on one
worker thread of its own, off the event loop: one robot search at a time on the server, so one per
game. Each move is :func:`lexc.robot.seat.robot_move` on the game as it was read, searched outside the
game's lock (a person's move or challenge meanwhile is not kept waiting), then written through the
same path as a person's move (``commit``: :func:`lexc.game.store.update` with the version the robot
saw, its clock noted). When the game changed meanwhile the robot's move is dropped and it looks again:
a person's move is never lost. A robot that cannot move (no pack, a broken ``#note robot``) has its
error kept for the page to show, at that version of the game only; it is logged, never raised. A
state the director's undo came back to is held (:meth:`RobotTable.hold`): the robot moves there when
the director says so (:meth:`RobotTable.release`), which also tries a failed robot again.

The robot is given nothing but the game value, and :func:`~lexc.robot.seat.robot_move` reads only the
robot's own rack from it (docs/robot.md).

>>> from lexc import Catalog, WordList
>>> from lexc.game import Game, Setup
>>> from lexc.game.engine import Packs
>>> from lexc.game.store import create, load, update
>>> from lexc.robot.seat import with_robots
>>> import tempfile
>>> catalog = Catalog.shipped()
>>> packs = Packs(catalog, {"en": WordList.from_words(catalog.language("en"), ["qi", "za", "at", "ta"])})
>>> folder = Path(tempfile.mkdtemp())
>>> game = with_robots(Game.new(Setup.new(["ann", "cy"], catalog=catalog, seed=1), packs), {"cy": "5"})
>>> create(game, folder / "club.gcg")
>>> table = RobotTable(packs, lambda path, game, move: update(path, packs, move, expected=game.version))
>>> _ = update(folder / "club.gcg", packs, lambda g: g.pass_turn())
>>> table.kick(folder / "club.gcg"); table.wait()
True
>>> [event.player for event in load(folder / "club.gcg", packs).record.events]
['ann', 'cy']
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path

from lexc.game.engine import LexcError, Packs
from lexc.game.game import Game
from lexc.game.store import GameBusy, StaleGame, load
from lexc.robot.seat import robot_move, robot_to_move, robots

__all__ = ["BUSY_TRIES", "Paused", "RobotTable", "robot_seats"]

log = logging.getLogger("lexc.serve")

#: How many times a robot tries again when the game's lock is held (a person's move being written),
#: waiting :data:`BUSY_PAUSE` seconds between tries; then its error is shown.
BUSY_TRIES = 5
BUSY_PAUSE = 0.5

#: ``commit(path, game, move)``: write ``move`` (a function of the game) on the game at ``path``,
#: refused with :class:`StaleGame` when the file no longer holds ``game``'s version.
Commit = Callable[[Path, Game, Callable[[Game], Game]], Game]


class Paused(Exception):
    """The director paused the game's clock while its robot searched: the robot's move is not written (the
    clock is stopped for everyone); it moves when the clock resumes."""


def robot_seats(game: Game) -> dict[str, str]:
    """The robot seats of ``game`` (player to strength); none when its ``#note robot`` is unreadable
    (that error is the robot's move's to report)."""
    try:
        return robots(game)
    except LexcError:
        return {}


def _made(after: Game) -> Callable[[Game], Game]:
    """The move that turns the game read into ``after`` (the commit's version check makes them one game)."""
    return lambda current: after


class RobotTable:
    """The robot moves of a server's games, played one at a time on a worker thread."""

    def __init__(self, lexicons: Packs, commit: Commit,
                 paused: Callable[[Path, Game], bool] = lambda path, game: False) -> None:
        self.lexicons = lexicons
        self.commit = commit
        self.paused = paused  # whether the game at this path has its clock paused: its robot waits
        self._guard = threading.Condition()
        self._pending: dict[Path, None] = {}  # games to look at, in order (a set that keeps its order)
        self._worker: threading.Thread | None = None
        self._stops: dict[Path, tuple[str, str | None]] = {}  # game -> (version, error; None: held)
        self.changes = 0  # counts errors and releases: a live page's stream sends the game again

    def kick(self, path: Path) -> None:
        """Look at the game in ``path`` soon: its robot moves if it is to move."""
        self.kick_all([path])

    def kick_all(self, paths: Iterable[Path]) -> None:
        with self._guard:
            for path in paths:
                self._pending[path] = None
            if self._worker is None:
                self._worker = threading.Thread(target=self._work, name="lexc-robots", daemon=True)
                self._worker.start()

    def error(self, path: Path, game: Game) -> str | None:
        """Why the robot to move in ``game`` (the file at ``path``) could not move, if it could not."""
        stop = self._stop(path, game)
        return stop[1] if stop is not None else None

    def held(self, path: Path, game: Game) -> bool:
        """Whether the robot to move in ``game`` waits for the director (:meth:`hold`)."""
        stop = self._stop(path, game)
        return stop is not None and stop[1] is None

    def hold(self, path: Path, game: Game) -> Game:
        """Keep the robot from moving in ``game`` (a state the director's undo came back to: a robot
        moving at once would make the same move again) until :meth:`release`; returns ``game``."""
        with self._guard:
            self._stops[path] = (game.version, None)
        return game

    def release(self, path: Path) -> None:
        """Let the robot of the game at ``path`` move again (held, or stopped by an error)."""
        with self._guard:
            self._stops.pop(path, None)
            self.changes += 1
        self.kick(path)

    def _stop(self, path: Path, game: Game) -> tuple[str, str | None] | None:
        with self._guard:
            found = self._stops.get(path)
        return found if found is not None and found[0] == game.version else None

    def wait(self, timeout: float = 60.0) -> bool:
        """Wait until no robot move is pending (for tests); False on time-out."""
        deadline = time.monotonic() + timeout
        with self._guard:
            while self._worker is not None:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._guard.wait(left)
        return True

    def _work(self) -> None:
        while True:
            with self._guard:
                if not self._pending:
                    self._worker = None
                    self._guard.notify_all()
                    return
                path = next(iter(self._pending))
                del self._pending[path]
            self._play(path)

    def _play(self, path: Path) -> None:
        """Every pending robot move of the game at ``path``, until a person is to move."""
        busy = 0
        while True:
            game: Game | None = None
            try:
                game = load(path, self.lexicons)
                if robot_to_move(game) is None or self._stop(path, game) is not None or self.paused(path, game):
                    return  # a person's turn, the game over, held, paused, or this robot already failed here
                self.commit(path, game, _made(robot_move(game)))  # the search: outside the game's lock
                busy = 0
            except StaleGame:
                continue  # someone moved meanwhile: look again
            except Paused:
                return  # the clock was paused during the search: the robot moves when it resumes
            except GameBusy as err:
                busy += 1
                if busy < BUSY_TRIES:
                    time.sleep(BUSY_PAUSE)
                    continue
                self._failed(path, game, err.problems[0].message)
                return
            except LexcError as err:
                self._failed(path, game, "; ".join(p.message for p in err.problems))
                return
            except Exception as err:  # a fault of lexc's own: logged, shown, never the server's end
                log.exception("robot move in %s", path)
                self._failed(path, game, f"internal error ({type(err).__name__}): please report it")
                return

    def _failed(self, path: Path, game: Game | None, message: str) -> None:
        log.warning("robot move in %s: %s", path, message)
        if game is None:
            return  # the game could not be read: the page says so itself
        with self._guard:
            self._stops[path] = (game.version, message)
            self.changes += 1
