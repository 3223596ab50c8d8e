"""``lexc serve``: the game board in a browser (Starlette; served by uvicorn).

The page (``static/``) talks to a small JSON API over the games of one directory:

=======================================  ==================================================
``GET  /api/games``                      the games, rulesets, challenge rules and every language of the catalog
``POST /api/games``                      a new game: name, players, ruleset, lang, langs, deal, challenge
``GET  /api/games/NAME``                 the game (:func:`lexc.game.view.game_json`)
``POST /api/games/NAME/preview``         a play scored on the board, not made: score, words, validity
``POST /api/games/NAME/move``            a move: play, pass, exchange, challenge, undo, end, penalty
``POST /api/games/NAME/hint``            the best plays of a rack: a move search, one at a time
=======================================  ==================================================

Every move carries the game's ``version`` as the page saw it; a move on a game that has changed
since (another browser, the CLI) is refused with 409 and nothing is written. Game names are plain
(letters, digits, ``_``, ``-``) and name files inside the games directory only. When a token is
set (``lexc serve --host`` on a club's network), every API call needs it (``X-Lexc-Token``).
A hint is a move search (about a second on a full pack, more with blanks): the server runs one
at a time, and a hint asked while one runs is refused at once with 503 (:class:`Busy`), so a
table cannot queue up work faster than the server does it.
"""

from __future__ import annotations

import hmac
import json
import re
import threading
from collections.abc import Awaitable, Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.base import BaseHTTPMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from lexc.game.engine import LexcError, Packs, parse_schemes
from lexc.game.game import Game
from lexc.game.setup import CHALLENGES, Setup
from lexc.game.store import StaleGame, create, game_path, list_games, load, update
from lexc.game.view import game_json, languages_json

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
TEXT_LIMITS = {"name": 64, "deal": 20, "points": 6, "version": 64, "rack": 100, "tiles": 100, "lang": 200}
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
    except StaleGame:  # the library's "since this move was prepared", in the page's words
        return JSONResponse({"error": "the game has changed since this page was loaded (another move came first): "
                                      "reload and try again"}, status_code=409)
    except TooLarge as err:
        return _error(err, 413)
    except NoGame as err:
        return _error(err, 404)
    except Busy as err:
        busy = _error(err, 503)
        busy.headers["Retry-After"] = str(RETRY_AFTER)
        return busy
    except LexcError as err:
        return _error(err)


def _seed(text: str | None) -> int | None:
    """The deal's seed: a whole number of at most 19 digits (a 64-bit integer), or none."""
    if text is None:
        return None
    digits = text.removeprefix("-")
    if not (digits.isascii() and digits.isdigit() and len(digits) <= 19):
        raise LexcError(f"deal: a seed is a whole number of at most 19 digits, not {_shown(text)}")
    return int(text)


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
    return text


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


class TokenCheck(BaseHTTPMiddleware):
    """Every ``/api`` call carries the token (header ``X-Lexc-Token`` or ``?token=``)."""

    def __init__(self, app: Any, token: str) -> None:
        super().__init__(app)
        self.token = token

    async def dispatch(self, request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        if request.url.path.startswith("/api"):
            given = request.headers.get("x-lexc-token") or request.query_params.get("token") or ""
            if not hmac.compare_digest(given.encode(), self.token.encode()):
                return JSONResponse({"error": "this board needs the token `lexc serve` printed at start "
                                              "(open the address it printed)"}, status_code=403)
        return await call_next(request)


def create_app(games: Path, lexicons: Packs, token: str | None = None,
               rulesets: Sequence[Path] = ()) -> Starlette:
    """The web app over the games in ``games`` (created if missing).

    ``rulesets`` are ruleset files of one's own the page offers beside the shipped ones (a page
    can name no other file).
    """
    games.mkdir(parents=True, exist_ok=True)
    offered = ["polyglot", "tournament", "standard", "dover", "super", *(str(p.resolve()) for p in rulesets)]
    searching = threading.Lock()  # held while a hint's move search runs: one at a time

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def list_all(request: Request) -> Response:
        return JSONResponse({"games": list_games(games), "rulesets": offered,
                             "challenges": list(CHALLENGES),
                             "languages": languages_json(lexicons)})

    async def new_game(request: Request) -> Response:
        def work(data: dict[str, Any]) -> Response:
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
            create(game, path)
            return JSONResponse(game_json(game, name))

        return await _answer(work, await _body(request))

    async def show(request: Request) -> Response:
        def work(data: dict[str, Any]) -> Response:
            return JSONResponse(game_json(load(existing(request), lexicons), request.path_params["name"]))

        return await _answer(work, {})

    async def preview(request: Request) -> Response:
        def work(data: dict[str, Any]) -> Response:
            result = load(existing(request), lexicons).preview(_text(data, "play") or "", _text(data, "rack"))
            return JSONResponse({"score": result.score, "legal": result.legal, "problems": list(result.problems),
                                 "words": [w.to_json() for w in result.words], "explanation": result.explain(),
                                 "play": str(result.play), "position": result.play.position})

        return await _answer(work, await _body(request))

    async def hint(request: Request) -> Response:
        def work(data: dict[str, Any]) -> Response:
            game = load(existing(request), lexicons)
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
            game = update(existing(request), lexicons, _move(data), expected=_text(data, "version"))
            return JSONResponse(game_json(game, request.path_params["name"]))

        return await _answer(work, await _body(request))

    def existing(request: Request) -> Path:
        path = game_path(games, str(request.path_params["name"]))
        if not path.is_file():
            raise NoGame(f"no game {request.path_params['name']!r} in the games directory")
        return path

    routes = [
        Route("/", index), Route("/api/games", list_all), Route("/api/games", new_game, methods=["POST"]),
        Route("/api/games/{name}", show), Route("/api/games/{name}/preview", preview, methods=["POST"]),
        Route("/api/games/{name}/move", move, methods=["POST"]),
        Route("/api/games/{name}/hint", hint, methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    middleware = [Middleware(TokenCheck, token=token)] if token else []
    return Starlette(routes=routes, middleware=middleware, exception_handlers={HTTPException: _http_error,
                                                                                     Exception: _failure})


async def _http_error(request: Request, exc: Exception) -> Response:
    """No such address (404), a wrong method (405): a JSON error like every other answer."""
    status = exc.status_code if isinstance(exc, HTTPException) else 500
    detail = exc.detail if isinstance(exc, HTTPException) else "internal error"
    return JSONResponse({"error": f"{detail}: {_shown(request.url.path)}"}, status_code=status)


async def _failure(request: Request, exc: Exception) -> Response:
    """The last resort: a fault of lexc's own is a JSON 500 naming the exception, never a traceback."""
    return JSONResponse({"error": f"internal error ({type(exc).__name__}): please report it"}, status_code=500)


def _ruling(name: str, value: Any) -> bool:
    """A director's ruling on a word: true (good) or false (phony)."""
    if not isinstance(value, bool):
        raise LexcError(f"rulings: {_shown(name)}: true or false, not {type(value).__name__}")
    return value


def _move(data: Mapping[str, Any]) -> Callable[[Game], Game]:
    """The move a request describes, as a function of the game."""
    kind = _text(data, "action")
    rack = _text(data, "rack")
    if kind == "play":
        text = _text(data, "play") or ""
        return lambda g: g.play(text, rack)
    if kind == "pass":
        return lambda g: g.pass_turn(rack)
    if kind == "exchange":
        tiles = _text(data, "tiles") or ""
        return lambda g: g.exchange(tiles, rack)
    if kind == "challenge":
        by = _text(data, "by")
        rulings = {k: _ruling(k, v) for k, v in _mapping(data, "rulings").items()}
        return lambda g: g.challenge(by, rulings)
    if kind == "undo":
        return lambda g: g.undo()
    if kind == "end":
        racks = {k: _text({k: v}, k) or "" for k, v in _mapping(data, "racks").items() if v}
        force = data.get("force", False)
        if not isinstance(force, bool):
            raise LexcError(f"force: true or false, not {type(force).__name__}")
        return lambda g: g.end(racks, force)
    if kind == "penalty":
        player, points = _text(data, "player") or "", _text(data, "points") or "0"
        if not (points.isascii() and points.isdigit()):
            raise LexcError(f"points: a number, not {_shown(points)}")
        return lambda g: g.time_penalty(player, int(points))
    raise LexcError(f"unknown action {_shown(kind or '')} (play, pass, exchange, challenge, undo, end, penalty)")


__all__ = ["create_app"]
