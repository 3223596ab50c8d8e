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
another view's, is refused with 403 and changes nothing. :class:`Guard` refuses, before any
route runs, a request for another Host (DNS rebinding), a state change from another origin, and a
body that is not ``application/json``.

Every move carries the game's ``version`` as the page saw it; a move on a game that has changed
since (another view, the CLI, the same click sent twice) is refused with 409, nothing is
written, and the answer holds the game as it is now. Game names are plain (letters, digits,
``_``, ``-``) and name files inside the games directory only. A hint is a move search: the
server runs one at a time, and a hint asked while one runs is refused at once with 503
(:class:`Busy`).

A robot seat (``robots``: ``cy=3``, in a game lexc deals) moves by itself when its turn comes:
:class:`~lexc.game.web.robots.RobotTable` plays it off the event loop, through the same path as a
person's move (:func:`lexc.game.store.update` with the version check, the clock noted), after every
accepted move but an undo, a new game, a game opened and the server's start; a robot's turn that the
director's undo came back to waits for the director (``/robot``). A robot's seat has no link: its key
opens nothing, so nobody sees its rack or moves for it but the director.
"""


from __future__ import annotations

import contextlib
import hmac
import ipaddress
import json
import os
import re
import threading
import time
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from lexc.game.clock import Turn, adjusted, clock_json, read_turn, timed, turn_path, write_turn
from lexc.game.engine import LexcError, Packs, Problem, parse_schemes
from lexc.game.game import Game
from lexc.game.seats import Forbidden, View, seats_of
from lexc.game.setup import CHALLENGES, MAX_SEED, MIN_SEED, Setup
from lexc.game.store import GameBusy, StaleGame, create, game_path, list_games, load, locked, update
from lexc.game.view import game_json, hide_validity, languages_json, shows_validity
from lexc.game.web.robots import RobotTable, robot_seats
from lexc.inputs import typed, whole_number

STATIC = Path(__file__).parent / "static"


def _error(err: LexcError, status: int = 400) -> JSONResponse:
    messages = [f"{p.key}: {p.message}" if p.key else p.message for p in err.problems]
    return JSONResponse({"error": "\n".join(messages)}, status_code=status)


class NoGame(LexcError):
    """The game named is not in the games directory (404)."""


#: The largest request body read (bytes): a move or a new game is under 1 KB.
MAX_BODY = 64 * 1024
#: How deep a request's JSON may nest: an object holding ``rulings``, ``racks`` or ``langs``.
MAX_DEPTH = 3
#: The longest text a field may hold (characters), by field; any other field: :data:`MAX_TEXT`.
TEXT_LIMITS = {"name": 64, "deal": 20, "points": 6, "version": 64, "rack": 100, "tiles": 100, "lang": 200,
               "seconds": 6}
MAX_TEXT = 1000
#: Characters no field may hold: C0 controls but tab, DEL, C1 controls, and lone surrogates (JSON's
#: ``"\ud800"``: no UTF-8 can write them to a game file).
_NOT_TEXT = re.compile(r"[\x00-\x08\x0a-\x1f\x7f-\x9f\ud800-\udfff]")


class TooLarge(LexcError):
    """The request body is over :data:`MAX_BODY` (413)."""


class Busy(LexcError):
    """A move search is already running (503): the server runs one at a time."""


#: Seconds a client refused with :class:`Busy` is told to wait (``Retry-After``).
RETRY_AFTER = 2


async def _body(request: Request) -> dict[str, Any] | LexcError:
    """The request's JSON object, or the error saying why there is none.

    The body is read up to :data:`MAX_BODY` bytes and its JSON may nest :data:`MAX_DEPTH` deep.
    """
    declared = request.headers.get("content-length", "")
    if declared.isascii() and declared.isdigit() and len(declared) < 20 and int(declared) > MAX_BODY:
        return TooLarge(f"the request body is over {MAX_BODY:,} bytes")
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            return TooLarge(f"the request body is over {MAX_BODY:,} bytes")
    try:
        data = json.loads(bytes(raw))
    except RecursionError:
        return LexcError(f"the request body nests more than {MAX_DEPTH} deep")
    except ValueError:
        return LexcError("the request body is not JSON")
    if not isinstance(data, dict):
        return LexcError("the request body is not a JSON object")
    if _depth(data) > MAX_DEPTH:
        return LexcError(f"the request body nests more than {MAX_DEPTH} deep")
    return data


def _depth(value: Any) -> int:
    """How deep ``value`` (parsed JSON) nests: 0 for a scalar, 1 for a flat list or object."""
    deepest, todo = 0, [(value, 0)]
    while todo:
        value, level = todo.pop()
        if isinstance(value, dict | list):
            deepest = max(deepest, level + 1)
            todo.extend((item, level + 1) for item in (value.values() if isinstance(value, dict) else value))
    return deepest


async def _answer(work: Callable[[dict[str, Any]], Response], data: dict[str, Any] | LexcError) -> Response:
    """Run ``work`` (reading and writing game files: blocking) in a worker thread; errors as JSON."""
    try:
        if isinstance(data, LexcError):
            raise data
        return await run_in_threadpool(work, data)
    except Stale as err:
        messages = "\n".join(p.message for p in err.problems)
        return JSONResponse({"error": messages, "game": err.game}, status_code=409)
    except StaleGame:  # the library's "since this move was prepared", in the page's words
        return JSONResponse({"error": "the game has changed since this page was loaded (another move came first): "
                                      "reload and try again"}, status_code=409)
    except TooLarge as err:
        return _error(err, 413)
    except NoGame as err:
        return _error(err, 404)
    except Forbidden as err:
        return _error(err, 403)
    except (Busy, GameBusy) as err:  # a move search running, a game's lock held past its wait: try again
        busy = _error(err, 503)
        busy.headers["Retry-After"] = str(RETRY_AFTER)
        return busy
    except LexcError as err:
        return _error(err)


def _seed(text: str | None) -> int | None:
    """The deal's seed: a whole number of at most 19 digits (a 64-bit integer), or none."""
    if text is None:
        return None
    seed = whole_number(text, least=MIN_SEED, most=MAX_SEED)  # the one integer reader (lexc.inputs)
    if seed is None:
        raise LexcError(f"deal: a seed is a whole number of at most 19 digits, not {_shown(text)}")
    return seed


def _shown(text: str, limit: int = 40) -> str:
    """``text`` quoted for an error message, cut after ``limit`` characters.

    >>> _shown("x" * 50, 5)
    "'xxxxx'... (50 characters)"
    """
    return repr(text) if len(text) <= limit else f"{text[:limit]!r}... ({len(text):,} characters)"


def _text(data: Mapping[str, Any], key: str, default: str | None = None) -> str | None:
    """The text of field ``key`` (a string or a whole number), checked: length, no control characters."""
    value = data.get(key, default)
    if value is None or value == "":
        return default
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise LexcError(f"{key}: expected text, not {type(value).__name__}")
    return _checked(key, value if isinstance(value, str) else _number(key, value))


def _number(key: str, value: int) -> str:
    """A JSON whole number as text, refused past 20 digits (before it is turned into text)."""
    if abs(value) >= 10**20:
        raise LexcError(f"{key}: a number of more than 20 digits")
    return str(value)


def _checked(key: str, text: str) -> str:
    """``text`` when it is short enough for field ``key`` and holds no control character or lone surrogate."""
    limit = TEXT_LIMITS.get(key, MAX_TEXT)
    if len(text) > limit:
        raise LexcError(f"{key}: at most {limit:,} characters, not {len(text):,}")
    bad = _NOT_TEXT.search(text)
    if bad:
        kind = "a lone surrogate" if "\ud800" <= bad[0] <= "\udfff" else "a control character"
        raise LexcError(f"{key}: {kind} ({bad[0]!r}) in {_shown(text)}")
    return typed(text)  # NFC once, at the edge: 'N' + U+0303 is the Ñ of the tile set


def _mapping(data: Mapping[str, Any], key: str) -> dict[str, Any]:
    """Field ``key``: an object of at most 16 entries (words ruled on, players' racks) keyed by short text."""
    value = data.get(key) or {}
    if not isinstance(value, dict):
        raise LexcError(f"{key}: an object of at most 16 entries, not {type(value).__name__}")
    if len(value) > 16:
        raise LexcError(f"{key}: an object of at most 16 entries, not {len(value):,}")
    for name in value:
        _checked(key, name)
    return value



class Stale(LexcError):
    """A move made on a version of the game that is no longer the file's (409): ``game`` is the game now,
    as the view that asked sees it, so the page can say what changed and keep what was typed."""

    def __init__(self, problem: Problem, game: dict[str, object]) -> None:
        super().__init__(problem)
        self.game = game


#: The header carrying a view's key.
KEY_HEADER = "x-lexc-key"
#: Seconds between two looks at a game file for the live pages (and between keep-alive comments, 15 s).
POLL = 0.25
KEEP_ALIVE = 15.0
_HOST = re.compile(r"(?:\[(?P<v6>[0-9A-Fa-f:.]+)\]|(?P<name>[A-Za-z0-9.\-]+))(?::(?P<port>\d{1,5}))?")


@dataclass(frozen=True, slots=True)
class Hosts:
    """The names the server answers to: ``names`` (lower case), any IP address when ``any_ip`` (a server
    listening on every address: an address, unlike a name, cannot be rebound), and its ``port``
    (None: any). A request for any other Host is refused (DNS rebinding).

    >>> hosts = Hosts(frozenset({"127.0.0.1", "localhost"}), port=8000)
    >>> hosts.allows("127.0.0.1:8000"), hosts.allows("LOCALHOST:8000"), hosts.allows("evil.example:8000")
    (True, True, False)
    >>> hosts.allows("127.0.0.1:9000"), Hosts(frozenset(), any_ip=True).allows("[fe80::1]:80")
    (False, True)
    """

    names: frozenset[str]
    any_ip: bool = False
    port: int | None = None

    def allows(self, host: str) -> bool:
        match = _HOST.fullmatch(host)
        if match is None:
            return False
        name = (match["v6"] or match["name"] or "").lower().rstrip(".")
        port = int(match["port"]) if match["port"] else 80
        if self.port is not None and port != self.port:
            return False
        if name in self.names:
            return True
        try:
            ipaddress.ip_address(name)
        except ValueError:
            return False
        return self.any_ip

    @classmethod
    def loopback(cls, port: int | None = None) -> Hosts:
        """This machine's own names: ``localhost``, 127.0.0.1 and ::1."""
        return cls(frozenset({"localhost", "127.0.0.1", "::1"}), port=port)


def _refusal(status: int, message: str) -> Response:
    return JSONResponse({"error": message}, status_code=status)


class Guard:
    """Refuses, before any route runs: a Host that is not the server's own (403, DNS rebinding); a state
    change (any method but GET and HEAD) whose ``Origin`` -- or, without one, ``Sec-Fetch-Site`` or
    ``Referer`` -- is not the board's own origin (403); a read of the API from another site (403); and a
    request body that is not ``application/json`` (415: a form or ``text/plain`` post needs no CORS
    preflight). A client that sends none of these headers is not a browser; it still needs a key."""

    def __init__(self, app: ASGIApp, hosts: Hosts) -> None:
        self.app = app
        self.hosts = hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refusal = self.check(scope)
        if refusal is not None:
            await refusal(scope, receive, send)
            return
        await self.app(scope, receive, send)

    def check(self, scope: Scope) -> Response | None:
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        host = headers.get("host", "")
        if not self.hosts.allows(host):
            return _refusal(403, f"this board answers to its own address only, not to Host {_shown(host)} "
                                 "(open the address lexc serve printed)")
        own = f"{scope.get('scheme', 'http')}://{host}"
        origin, site, referer = headers.get("origin"), headers.get("sec-fetch-site"), headers.get("referer")
        changes = scope["method"] not in ("GET", "HEAD")
        if origin is not None and origin != own and (changes or scope["path"].startswith("/api")):
            return _refusal(403, f"a request from another site ({_shown(origin)}) is refused")
        if site is not None and site not in ("same-origin", "none") and (changes or scope["path"].startswith("/api")):
            return _refusal(403, f"a request from another site (Sec-Fetch-Site: {_shown(site)}) is refused")
        if changes and origin is None and site is None and referer is not None \
                and referer != own and not referer.startswith(own + "/"):
            return _refusal(403, "a request from another site (Referer) is refused")
        if changes:
            kind = headers.get("content-type", "").split(";")[0].strip().lower()
            if kind != "application/json":
                return _refusal(415, f"a request body is JSON, sent as application/json, not {_shown(kind or 'none')}")
        return None


def create_app(games: Path, lexicons: Packs, token: str, rulesets: Sequence[Path] = (),
               hosts: Hosts | None = None) -> Starlette:
    """The web app over the games in ``games`` (created if missing).

    ``token`` is the server's own key (the director of every game; it alone lists and creates
    games); ``hosts`` the names the server answers to (default: this machine's, any port);
    ``rulesets`` are ruleset files of one's own the page offers beside the shipped ones (a page
    can name no other file).
    """
    if len(token) < 16:
        raise LexcError(Problem(None, None, "token", "the server's key needs at least 16 characters"))
    games_folder(games)
    offered = ["polyglot", "tournament", "standard", "dover", "super", *(str(p.resolve()) for p in rulesets)]
    searching = threading.Lock()  # held while a hint's move search runs: one at a time

    def commit(path: Path, game: Game, action: str, made: Callable[[Game], Game]) -> Game:
        """Make ``made`` on the game at ``path`` when the file still holds ``game`` (else
        :class:`StaleGame`), with the time of the turn noted; the one path of every move, a person's or
        a robot's."""
        now = time.time()
        turn_file = turn_path(path)
        turns: list[Turn] = []

        def checked(current: Game) -> Game:
            turn = read_turn(turn_file, current, now)
            turns.append(turn)
            after = made(current)
            return after if action == "undo" else timed(current, after, turn, now)  # an undo starts the turn again

        after = update(path, lexicons, checked, expected=game.version)
        adjust = turns[-1].adjust if turns else {}
        write_turn(turn_file, Turn(after.version, 0.0, None if after.state.ended else now, adjust))
        return after

    table = RobotTable(lexicons, lambda path, game, made: commit(path, game, "robot", made))

    def robot_pending(path: Path, game: Game) -> None:
        """Wake the robot to move in ``game``, if one is (a game opened, a move made)."""
        if game.setup.dealt and robot_seats(game).get(game.to_move) is not None and not game.state.ended:
            table.kick(path)

    def key(request: Request) -> str:
        return request.headers.get(KEY_HEADER, "")

    def server_key(request: Request) -> None:
        """Refuse a request that does not carry the server's own key."""
        if not hmac.compare_digest(key(request).encode(), token.encode()):
            raise Forbidden(Problem(None, None, None, "this needs the server's key: open the address lexc serve "
                                                      "printed"))

    def who(request: Request, game: Game, path: Path) -> View:
        """The view the request's key opens on ``game``; :class:`Forbidden` when none."""
        given = key(request)
        if given and hmac.compare_digest(given.encode(), token.encode()):
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

    def opened(request: Request) -> tuple[Path, Game, View]:
        path = existing(request)
        game = load(path, lexicons)
        return path, game, who(request, game, path)

    def public(game: Game) -> str:
        return public_version(game, token)

    def snapshot(path: Path, game: Game, view: View, written: int | None = None) -> dict[str, object]:
        data = game_json(game, path.stem, view)
        data["version"] = public(game)
        # When the file was last written (ns), read before the game was (``written``), or after a move
        # wrote it: a page never shows an older game after a newer one, whichever of a move's answer
        # and the live stream's message reaches it first.
        data["written"] = _written(path) if written is None else written
        data["clock"] = clock_json(game, read_turn(turn_path(path), game))
        seated = robot_seats(game)
        data["robots"] = seated
        data["thinking"] = game.to_move if game.to_move in seated and not game.state.ended else None
        data["robot_error"] = table.error(path, game) if data["thinking"] else None
        data["robot_held"] = table.held(path, game) if data["thinking"] else False
        return data

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-store",
                                                            "Referrer-Policy": "no-referrer"})

    async def list_all(request: Request) -> Response:
        def work(data: dict[str, Any]) -> Response:
            server_key(request)
            return JSONResponse({"games": list_games(games), "rulesets": offered,
                                 "challenges": list(CHALLENGES),
                                 "languages": languages_json(lexicons)})

        return await _answer(work, {})

    async def new_game(request: Request) -> Response:
        def work(data: dict[str, Any]) -> Response:
            server_key(request)
            name = _text(data, "name") or ""
            path = game_path(games, name)
            players = [p for p in (_text(data, "players") or "").split(",") if p.strip()]
            ruleset = _text(data, "ruleset", "polyglot") or "polyglot"
            if ruleset not in offered:
                raise LexcError(f"ruleset: {_shown(ruleset)} is not offered here (known: {', '.join(offered)})")
            agreed = (_text(data, "langs") or "").replace(",", " ").split() or None
            lang, edition = _text(data, "lang"), _text(data, "edition")
            chosen = {lang or lexicons.catalog.ruleset(ruleset).tiles: edition} if edition else None
            setup = Setup.new(players, catalog=lexicons.catalog, ruleset=ruleset, lang=lang, editions=chosen,
                              challenge=_text(data, "challenge"), seed=_seed(_text(data, "deal")),
                              schemes=parse_schemes((_text(data, "schemes") or "").replace(",", " ").split()),
                              langs=agreed)
            game = Game.new(setup, lexicons, _text(data, "title"))
            robots = _text(data, "robots")
            if robots:
                game = _seat_robots(game, robots)
            create(game, path)
            seats_of(path, game.setup.players)
            robot_pending(path, game)
            return JSONResponse(snapshot(path, game, View("director")))

        return await _answer(work, await _body(request))

    async def show(request: Request) -> Response:
        def work(data: dict[str, Any]) -> Response:
            path, game, view = opened(request)
            robot_pending(path, game)  # a robot left to move (a server stopped, a move by lexc game)
            return JSONResponse(snapshot(path, game, view))

        return await _answer(work, {})

    async def events(request: Request) -> Response:
        """The game as the view sees it, now and again whenever its file or its clock changes."""
        try:
            path, _, view = await run_in_threadpool(opened, request)
        except LexcError as err:
            return await _answer(lambda data: Response(), err)

        def look() -> tuple[tuple[int, int], ...]:
            marks = [(table.changes, 0)]  # a robot's error: sent like a move
            for file in (path, turn_path(path)):
                try:
                    info = file.stat()
                    marks.append((info.st_mtime_ns, info.st_size))
                except OSError:
                    marks.append((0, 0))
            return tuple(marks)

        def current() -> str:
            written = _written(path)  # before reading: a write in between is sent again at the next look
            game = load(path, lexicons)
            return json.dumps(snapshot(path, game, view, written), ensure_ascii=False)

        async def stream() -> AsyncIterator[str]:
            seen: tuple[tuple[int, int], ...] | None = None
            quiet = time.monotonic()
            yield "retry: 1000\n\n"
            while True:
                mark = look()
                if mark != seen:
                    try:
                        data = await run_in_threadpool(current)
                    except LexcError as err:
                        data = json.dumps({"error": str(err.problems[0].message)})
                    seen = mark
                    quiet = time.monotonic()
                    yield f"event: game\ndata: {data}\n\n"
                elif time.monotonic() - quiet > KEEP_ALIVE:
                    quiet = time.monotonic()
                    yield ": still here\n\n"
                await anyio.sleep(POLL)

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})

    async def download(request: Request) -> Response:
        def work(data: dict[str, Any]) -> Response:
            path, game, view = opened(request)
            if not (view.director or game.state.ended):
                raise Forbidden(Problem(None, None, "file", "the game file holds every rack: it is the director's "
                                                            "until the game is over"))
            return Response(game.text, media_type="text/plain; charset=utf-8", headers={
                "Content-Disposition": f'attachment; filename="{path.name}"', "Cache-Control": "no-store"})

        return await _answer(work, {})

    async def languages(request: Request) -> Response:
        def work(data: dict[str, Any]) -> Response:
            opened(request)  # any view of the game: its seats' and board's pickers list the languages
            return JSONResponse({"languages": languages_json(lexicons)})

        return await _answer(work, {})

    async def links(request: Request) -> Response:
        def work(data: dict[str, Any]) -> Response:
            path, game, view = opened(request)
            if not view.director:
                raise Forbidden(Problem(None, None, "links", "only the director hands out links"))
            seats = seats_of(path, game.setup.players)
            assert seats is not None
            base = f"{request.url.scheme}://{request.headers.get('host', '')}"
            seated = robot_seats(game)  # a robot's seat has no link: it moves by itself
            return JSONResponse({"links": [{"view": label, "url": None, "qr": None, "robot": seated[label]}
                                           if label in seated else {"view": label, "url": url, "qr": qr_svg(url)}
                                           for label, url in seats.links(base, path.stem)]})

        return await _answer(work, {})

    async def preview(request: Request) -> Response:
        def work(data: dict[str, Any]) -> Response:
            _, game, view = opened(request)
            if view.kind == "board":
                raise Forbidden(Problem(None, None, "preview", "the board view only shows the game"))
            result = game.preview(_text(data, "play") or "", _text(data, "rack"), view.player)
            words, explanation = [w.to_json() for w in result.words], result.explain()
            if not shows_validity(game, view):
                words, explanation = hide_validity(words, explanation)
            return JSONResponse({"score": result.score, "legal": result.legal, "problems": list(result.problems),
                                 "words": words, "explanation": explanation,
                                 "play": str(result.play), "position": result.play.position,
                                 "tiles": [{"row": t.row, "col": t.col, "face": t.tile.face, "blank": t.tile.blank}
                                           for t in result.placements]})

        return await _answer(work, await _body(request))

    async def hint(request: Request) -> Response:
        def work(data: dict[str, Any]) -> Response:
            _, game, view = opened(request)
            view.check("hint", to_move=game.to_move, last_player=None)
            if not shows_validity(game, view):
                raise Forbidden(Problem(None, None, "hint", "a hint shows which words are good: under this "
                                                            "ruleset that is the challenge's business"))
            top = data.get("top", 5)
            if not isinstance(top, int) or isinstance(top, bool) or not 1 <= top <= 50:
                raise LexcError(f"top: a number from 1 to 50, not {_shown(str(top))}")
            langs = data.get("langs") or None
            if langs is not None and (not isinstance(langs, list) or len(langs) > 30
                                      or not all(isinstance(lang, str) for lang in langs)):
                raise LexcError("langs: a list of language codes")
            for lang in langs or ():
                _checked("langs", lang)
            rack = _text(data, "rack")
            if not searching.acquire(blocking=False):
                raise Busy(f"another move search is running on this server: ask again in a moment "
                           f"(one runs at a time; retry after {RETRY_AFTER} s)")
            try:
                found = game.hints(rack, top, langs)
            finally:
                searching.release()
            return JSONResponse({"player": game.to_move, "moves": [m.to_json() for m in found]})

        return await _answer(work, await _body(request))

    async def move(request: Request) -> Response:
        def work(data: dict[str, Any]) -> Response:
            path, game, view = opened(request)
            action, made = _move(data, view)
            version = _text(data, "version")
            if version is None:
                raise LexcError("version: a move names the version of the game it was made on")
            if not hmac.compare_digest(version.encode(), public(game).encode()):
                raise Stale(Problem(None, None, None, "the game changed before this move arrived"),
                            snapshot(path, game, view))
            pending = game.state.pending
            view.check(action, to_move=game.to_move,
                       last_player=game.setup.players[pending.player] if pending is not None else None)
            if action == "undo":  # a robot's turn it comes back to waits for the director
                made = _held(made, lambda undone: table.hold(path, undone))
            try:
                after = commit(path, game, action, made)
            except StaleGame:
                raise Stale(Problem(None, None, None, "the game changed before this move arrived"),
                            snapshot(path, load(path, lexicons), view)) from None
            if action != "undo":
                robot_pending(path, after)
            return JSONResponse(snapshot(path, after, view))

        return await _answer(work, await _body(request))

    async def robot(request: Request) -> Response:
        """The director lets the robot to move make its move: after an undo, or again after an error."""
        def work(data: dict[str, Any]) -> Response:
            path, game, view = opened(request)
            if not view.director:
                raise Forbidden(Problem(None, None, "robot", "only the director tells a robot to move"))
            if game.state.ended:
                raise LexcError("robot: the game is over")
            if game.to_move not in robot_seats(game):
                raise LexcError(f"robot: it is {game.to_move}'s turn, and {game.to_move} is not a robot")
            table.release(path)
            return JSONResponse(snapshot(path, game, view))

        return await _answer(work, await _body(request))

    async def clock(request: Request) -> Response:
        def work(data: dict[str, Any]) -> Response:
            path, game, view = opened(request)
            view.check("clock", to_move=game.to_move, last_player=None)
            action = _text(data, "action") or ""
            seconds = _text(data, "seconds") or "0"
            if not re.fullmatch(r"-?[0-9]{1,6}", seconds):
                raise LexcError(f"seconds: a whole number of seconds, not {_shown(seconds)}")
            with locked(path):
                game = load(path, lexicons)
                turn_file = turn_path(path)
                now = time.time()
                turn = adjusted(read_turn(turn_file, game, now), game, action, _text(data, "player"), int(seconds), now)
                write_turn(turn_file, turn)
            return JSONResponse(snapshot(path, game, view))

        return await _answer(work, await _body(request))

    def existing(request: Request) -> Path:
        path = game_path(games, str(request.path_params["name"]))
        if not path.is_file():
            raise NoGame(f"no game {request.path_params['name']!r} in the games directory")
        return path

    routes = [
        Route("/", index), Route("/api/games", list_all), Route("/api/games", new_game, methods=["POST"]),
        Route("/api/games/{name}", show), Route("/api/games/{name}/events", events),
        Route("/api/games/{name}/file", download), Route("/api/games/{name}/links", links),
        Route("/api/games/{name}/languages", languages),
        Route("/api/games/{name}/preview", preview, methods=["POST"]),
        Route("/api/games/{name}/move", move, methods=["POST"]),
        Route("/api/games/{name}/clock", clock, methods=["POST"]),
        Route("/api/games/{name}/hint", hint, methods=["POST"]),
        Route("/api/games/{name}/robot", robot, methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    middleware = [Middleware(Guard, hosts=hosts or Hosts.loopback())]

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        """At the server's start: every game's robot left to move (the server stopped while it thought)."""
        table.kick_all(game_path(games, name) for name in list_games(games))
        yield

    app = Starlette(routes=routes, middleware=middleware, lifespan=lifespan,
                    exception_handlers={HTTPException: _http_error, Exception: _failure})
    app.state.robots = table
    return app


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


def qr_svg(text: str) -> str:
    """A QR code of ``text`` as an SVG element (segno), for a phone to open a link."""
    import io

    import segno

    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="svg", scale=3, border=2, xmldecl=False, svgns=True,
                                      omitsize=True)  # a viewBox: the page sizes it
    return out.getvalue().decode("ascii")


async def _http_error(request: Request, exc: Exception) -> Response:
    """No such address (404), a wrong method (405): a JSON error like every other answer."""
    status = exc.status_code if isinstance(exc, HTTPException) else 500
    detail = exc.detail if isinstance(exc, HTTPException) else "internal error"
    return JSONResponse({"error": f"{detail}: {_shown(request.url.path)}"}, status_code=status)


async def _failure(request: Request, exc: Exception) -> Response:
    """The last resort: a fault of lexc's own is a JSON 500 naming the exception, never a traceback."""
    return JSONResponse({"error": f"internal error ({type(exc).__name__}): please report it"}, status_code=500)


def _held(move: Callable[[Game], Game], hold: Callable[[Game], Game]) -> Callable[[Game], Game]:
    """``move``, then ``hold`` on the game it makes (before the game is written)."""
    return lambda game: hold(move(game))


def _seat_robots(game: Game, text: str) -> Game:
    """``game`` with the robot seats of the new-game form's field ``robots`` (``cy=3 dee=greedy``)."""
    from lexc.robot.seat import parse_seats, with_robots

    try:
        return with_robots(game, parse_seats(text))
    except LexcError as err:
        raise LexcError("\n".join(f"robots: {p.key + ': ' if p.key not in (None, 'robot') else ''}{p.message}"
                                  for p in err.problems)) from None


def _ruling(name: str, value: Any) -> bool:
    """A director's ruling on a word: true (good) or false (phony)."""
    if not isinstance(value, bool):
        raise LexcError(f"rulings: {_shown(name)}: true or false, not {type(value).__name__}")
    return value


def _written(path: Path) -> int:
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return 0


def _move(data: Mapping[str, Any], view: View | None = None) -> tuple[str, Callable[[Game], Game]]:
    """The move a request describes: its action and a function of the game. A seat challenges for
    its own player, and only the director rules on words."""
    kind = _text(data, "action") or ""
    rack = _text(data, "rack")
    if kind == "play":
        text = _text(data, "play") or ""
        return kind, lambda g: g.play(text, rack)
    if kind == "pass":
        return kind, lambda g: g.pass_turn(rack)
    if kind == "exchange":
        tiles = _text(data, "tiles") or ""
        return kind, lambda g: g.exchange(tiles, rack)
    if kind == "challenge":
        by = view.player if view is not None and view.kind == "seat" else _text(data, "by")
        rulings = {k: _ruling(k, v) for k, v in _mapping(data, "rulings").items()}
        if rulings and view is not None and not view.director:
            raise Forbidden(Problem(None, None, "rulings", "only the director rules on a word"))
        return kind, lambda g: g.challenge(by, rulings)
    if kind == "undo":
        return kind, lambda g: g.undo()
    if kind == "end":
        racks = {k: _text({k: v}, k) or "" for k, v in _mapping(data, "racks").items() if v}
        force = data.get("force", False)
        if not isinstance(force, bool):
            raise LexcError(f"force: true or false, not {type(force).__name__}")
        return kind, lambda g: g.end(racks, force)
    if kind == "penalty":
        player, points = _text(data, "player") or "", _text(data, "points") or "0"
        lost = whole_number(points, most=999_999)  # at most TEXT_LIMITS["points"] digits
        if lost is None:
            raise LexcError(f"points: a number, not {_shown(points)}")
        return kind, lambda g: g.time_penalty(player, lost)
    raise LexcError(f"unknown action {_shown(kind or '')} (play, pass, exchange, challenge, undo, end, penalty)")


__all__ = ["Guard", "Hosts", "create_app", "games_folder", "public_version", "qr_svg"]
