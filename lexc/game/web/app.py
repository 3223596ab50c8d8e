"""``lexc serve``: the game board in a browser (Starlette; served by uvicorn).

The page (``static/``) talks to a small JSON API over the games of one directory:

============================================  =============================================================
``GET  /api/games``                           the games, rulesets, challenge rules, every language (server's key)
``POST /api/games``                           a new game: name, players, ruleset, lang, langs, deal, challenge, robots
``GET  /api/games/NAME``                      the game as the view asking sees it (:func:`lexc.game.view.game_json`)
``GET  /api/games/NAME/events``               the same, sent again (server-sent events) whenever it changes
``GET  /api/games/NAME/file``                 the GCG file (the director; everyone once the game is over)
``GET  /api/games/NAME/links``                every view's link, with a QR code (the director)
``GET  /api/games/NAME/languages``            every language of the catalog, for the play pickers (any view)
``POST /api/games/NAME/preview``              a play scored on the board, not made
``POST /api/games/NAME/move``                 a move: play, pass, exchange, challenge, undo, end, penalty
``POST /api/games/NAME/clock``                the director's clock: pause, resume, adjust
``POST /api/games/NAME/hint``                 the best plays of a rack: a move search, one at a time
``POST /api/games/NAME/robot``                the director lets the pending robot move (held after an undo, or failed)
============================================  =============================================================

Who asks is the key in the ``X-Lexc-Key`` header: the server's own key (printed by ``lexc serve``)
is the director of every game and alone lists and creates games; each game's seats, board and
director have keys of their own (:mod:`lexc.game.seats`). A request without a key, or with
another view's, is refused with 403 and changes nothing. :class:`~lexc.game.web.guard.Guard` refuses,
before any route runs, a request for another Host (DNS rebinding), a state change from another origin, and a
body that is not ``application/json``.

Every move carries the game's ``version`` as the page saw it; a move on a game that has changed
since (another view, the CLI, the same click sent twice) is refused with 409, nothing is
written, and the answer holds the game as it is now. Game names are plain (letters, digits,
``_``, ``-``) and name files inside the games directory only. A hint is a move search: the
server runs one at a time, and a hint asked while one runs is refused at once with 503
(:class:`~lexc.game.web.answers.Busy`).

A robot seat (``robots``: ``cy=3``, in a game lexc deals) moves by itself when its turn comes:
:class:`~lexc.game.web.robots.RobotTable` plays it off the event loop, through the same path as a
person's move (:func:`lexc.game.store.update` with the version check, the clock noted), after every
accepted move but an undo, a new game, a game opened and the server's start; a robot's turn that the
director's undo came back to waits for the director (``/robot``). A robot's seat has no link: its key
opens nothing, so nobody sees its rack or moves for it but the director.

The app is assembled here from one module per concern, each a set of module-level handlers over the
server's state (:class:`~lexc.game.web.served.Served`, ``app.state.served``): :mod:`.guard` (Host and
origin, before any route), :mod:`.fields` (the request's body and fields, checked), :mod:`.answers`
(errors as JSON, with their status), :mod:`.games` (the games and their views, the director's links),
:mod:`.moves` (preview, move, hint, clock, robot), :mod:`.live` (the live stream) and :mod:`.robots`.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Sequence
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from lexc.game.engine import Packs
from lexc.game.store import game_path, list_games
from lexc.game.web import games as _games
from lexc.game.web import live, moves
from lexc.game.web.answers import failure, http_error
from lexc.game.web.games import STATIC, qr_svg
from lexc.game.web.guard import Guard, Hosts
from lexc.game.web.served import Served, games_folder, public_version

ROUTES = [
    Route("/", _games.index), Route("/api/games", _games.list_all),
    Route("/api/games", _games.new_game, methods=["POST"]),
    Route("/api/games/{name}", _games.show), Route("/api/games/{name}/events", live.events),
    Route("/api/games/{name}/file", _games.download), Route("/api/games/{name}/links", _games.links),
    Route("/api/games/{name}/languages", _games.languages),
    Route("/api/games/{name}/preview", moves.preview, methods=["POST"]),
    Route("/api/games/{name}/move", moves.move, methods=["POST"]),
    Route("/api/games/{name}/clock", moves.clock, methods=["POST"]),
    Route("/api/games/{name}/hint", moves.hint, methods=["POST"]),
    Route("/api/games/{name}/robot", moves.robot, methods=["POST"]),
    Mount("/static", StaticFiles(directory=STATIC), name="static"),
]


def create_app(games: Path, lexicons: Packs, token: str, rulesets: Sequence[Path] = (),
               hosts: Hosts | None = None) -> Starlette:
    """The web app over the games in ``games`` (created if missing).

    ``token`` is the server's own key (the director of every game; it alone lists and creates
    games); ``hosts`` the names the server answers to (default: this machine's, any port);
    ``rulesets`` are ruleset files of one's own the page offers beside the shipped ones (a page
    can name no other file).
    """
    board = Served(games, lexicons, token, rulesets)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        """At the server's start: every game's robot left to move (the server stopped while it thought)."""
        board.table.kick_all(game_path(games, name) for name in list_games(games))
        yield

    app = Starlette(routes=ROUTES, middleware=[Middleware(Guard, hosts=hosts or Hosts.loopback())],
                    lifespan=lifespan, exception_handlers={HTTPException: http_error, Exception: failure})
    app.state.served = board
    app.state.robots = board.table
    return app


__all__ = ["Guard", "Hosts", "create_app", "games_folder", "public_version", "qr_svg"]
