"""The state of one served board, and who is asking: :class:`Served`, the object every handler reads.

A server has one :class:`Served` (``app.state.served``; :func:`served` gives it to a handler): its
games folder, the catalog's packs, its own key, the rulesets it offers, the robot table and the lock
that runs one move search at a time. It answers the questions every route asks in the same way: which
game a request names (:meth:`Served.opened`), which view its key opens (:meth:`Served.who`; none is
403), the game as that view may see it (:meth:`Served.snapshot`: a seat sees its own rack only), and
the one path of every move, a person's or a robot's (:meth:`Served.commit`).
"""

from __future__ import annotations

import hmac
import os
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from lexc.game.clock import Turn, clock_json, paused, read_turn, timed, turn_path, write_turn
from lexc.game.engine import LexcError, Packs, Problem
from lexc.game.game import Game
from lexc.game.seats import Forbidden, View, seats_of
from lexc.game.store import game_path, load, update
from lexc.game.view import game_json
from lexc.game.web.answers import NoGame, answer
from lexc.game.web.fields import body
from lexc.game.web.robots import Paused, RobotTable, robot_seats

__all__ = ["KEY_HEADER", "Asked", "Served", "games_folder", "on_game", "public_version", "served", "written"]

#: The header carrying a view's key.
KEY_HEADER = "x-lexc-key"
#: The rulesets every server offers a new game, before the files of one's own.
SHIPPED_RULESETS = ("polyglot", "tournament", "standard", "dover", "super")


class Served:
    """The games of one server over ``games`` (created if missing), with ``lexicons`` and its own key
    ``token`` (the director of every game; it alone lists and creates games); ``rulesets`` are ruleset
    files of one's own offered beside the shipped ones (a page can name no other file)."""

    def __init__(self, games: Path, lexicons: Packs, token: str, rulesets: Sequence[Path] = ()) -> None:
        if len(token) < 16:
            raise LexcError(Problem(None, None, "token", "the server's key needs at least 16 characters"))
        games_folder(games)
        self.games = games
        self.lexicons = lexicons
        self.token = token
        self.offered = [*SHIPPED_RULESETS, *(str(p.resolve()) for p in rulesets)]
        self.searching = threading.Lock()  # held while a hint's move search runs: one at a time
        self.table = RobotTable(lexicons, lambda path, game, made: self.commit(path, game, "robot", made),
                                lambda path, game: paused(game, read_turn(turn_path(path), game)))

    def commit(self, path: Path, game: Game, action: str, made: Callable[[Game], Game]) -> Game:
        """Make ``made`` on the game at ``path`` when the file still holds ``game`` (else
        :class:`~lexc.game.store.StaleGame`), with the time of the turn noted; the one path of every
        move, a person's or a robot's (a robot's is refused with :class:`~lexc.game.web.robots.Paused` while
        the director has the clock paused)."""
        now = time.time()
        turn_file = turn_path(path)
        turns: list[Turn] = []

        def checked(current: Game) -> Game:
            turn = read_turn(turn_file, current, now)
            if action == "robot" and paused(current, turn):
                raise Paused
            turns.append(turn)
            after = made(current)
            return after if action == "undo" else timed(current, after, turn, now)  # an undo starts the turn again

        after = update(path, self.lexicons, checked, expected=game.version)
        adjust = turns[-1].adjust if turns else {}
        write_turn(turn_file, Turn(after.version, 0.0, None if after.state.ended else now, adjust))
        return after

    def robot_pending(self, path: Path, game: Game) -> None:
        """Wake the robot to move in ``game``, if one is (a game opened, a move made)."""
        if game.setup.dealt and robot_seats(game).get(game.to_move) is not None and not game.state.ended:
            self.table.kick(path)

    def server_key(self, request: Request) -> None:
        """Refuse a request that does not carry the server's own key."""
        if not hmac.compare_digest(_key(request).encode(), self.token.encode()):
            raise Forbidden(Problem(None, None, None, "this needs the server's key: open the address lexc serve "
                                                      "printed"))

    def who(self, request: Request, game: Game, path: Path) -> View:
        """The view the request's key opens on ``game``; :class:`~lexc.game.seats.Forbidden` when none."""
        given = _key(request)
        if given and hmac.compare_digest(given.encode(), self.token.encode()):
            return View("director")
        seats = seats_of(path, game.setup.players, create=False) if given else None
        view = seats.view(given) if seats is not None else None
        if view is None:
            raise Forbidden(Problem(None, None, None, "this game needs its link: a seat's, the board's or the "
                                                      "director's (ask the director)"))
        if view.player is not None and view.player in robot_seats(game):
            raise Forbidden(Problem(None, None, None, f"{view.player}'s seat is a robot's: it moves by itself and "
                                                      "has no link"))
        return view

    def existing(self, request: Request) -> Path:
        """The file of the game the request's address names; :class:`~lexc.game.web.answers.NoGame` if none."""
        path = game_path(self.games, str(request.path_params["name"]))
        if not path.is_file():
            raise NoGame(f"no game {request.path_params['name']!r} in the games directory")
        return path

    def opened(self, request: Request) -> tuple[Path, Game, View]:
        """The game the request names, read, and the view its key opens on it."""
        path = self.existing(request)
        game = load(path, self.lexicons)
        return path, game, self.who(request, game, path)

    def public(self, game: Game) -> str:
        """The version of ``game`` a page is given (:func:`public_version`)."""
        return public_version(game, self.token)

    def snapshot(self, path: Path, game: Game, view: View, written_ns: int | None = None) -> dict[str, object]:
        """The game at ``path`` as ``view`` may see it, with its public version, clock and robots."""
        data = game_json(game, path.stem, view)
        data["version"] = self.public(game)
        # When the file was last written (ns), read before the game was (``written_ns``), or after a move
        # wrote it: a page never shows an older game after a newer one, whichever of a move's answer
        # and the live stream's message reaches it first.
        data["written"] = written(path) if written_ns is None else written_ns
        data["clock"] = clock_json(game, read_turn(turn_path(path), game))
        seated = robot_seats(game)
        data["robots"] = seated
        data["thinking"] = game.to_move if game.to_move in seated and not game.state.ended else None
        data["robot_error"] = self.table.error(path, game) if data["thinking"] else None
        data["robot_held"] = self.table.held(path, game) if data["thinking"] else False
        return data


def served(request: Request) -> Served:
    """The server's state, for a handler."""
    state: Served = request.app.state.served
    return state


@dataclass(frozen=True, slots=True)
class Asked:
    """A request on one game: the server, the request, the game's file, the game read, the view asking."""

    board: Served
    request: Request
    path: Path
    game: Game
    view: View

    def snapshot(self, game: Game | None = None) -> dict[str, object]:
        """``game`` (default: the game read) as the view asking may see it."""
        return self.board.snapshot(self.path, self.game if game is None else game, self.view)


async def on_game(request: Request, work: Callable[[Asked, dict[str, Any]], Response], *,
                  posted: bool = False) -> Response:
    """Answer ``request`` on the game it names: ``work`` on the game opened by the key asking
    (:meth:`Served.opened`), with the request's JSON body when ``posted``, in a worker thread, every
    error as JSON (:func:`lexc.game.web.answers.answer`)."""
    board = served(request)

    def run(data: dict[str, Any]) -> Response:
        path, game, view = board.opened(request)
        return work(Asked(board, request, path, game, view), data)

    return await answer(run, await body(request) if posted else {})


def _key(request: Request) -> str:
    return request.headers.get(KEY_HEADER, "")


def written(path: Path) -> int:
    """When the file at ``path`` was last written (ns); 0 when it cannot be read."""
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return 0


def public_version(game: Game, key: str) -> str:
    """The version of ``game`` a page is given: keyed with the server's ``key``, so that nobody can test
    guesses of the racks in the game file against it (the file's own version is a plain hash of its text)."""
    return hmac.new(key.encode(), game.version.encode(), "sha256").hexdigest()[:24]


def games_folder(games: Path) -> None:
    """Make sure ``games`` is a folder lexc can keep games in (created if missing); a clear error if not.

    >>> import tempfile
    >>> with tempfile.NamedTemporaryFile() as f:
    ...     games_folder(Path(f.name) / "games")
    Traceback (most recent call last):
    ...
    lexc.errors.LexcError: ...: games folder: a path under ..., which is not a folder
    """
    for parent in (games, *games.parents):
        if parent.exists() or parent.is_symlink():
            if not parent.is_dir():
                where = "not a folder" if parent == games else f"a path under {parent}, which is not a folder"
                raise LexcError(Problem(str(games), None, "games folder", where))
            break
    try:
        games.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise LexcError(Problem(str(games), None, "games folder", f"cannot create it: {err.strerror or err}")) from None
    if not os.access(games, os.W_OK | os.X_OK):
        raise LexcError(Problem(str(games), None, "games folder", "not writable: games are written there after "
                                                                  "every move"))
