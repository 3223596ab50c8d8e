"""The games and their views: listing and creating games (the server's key), one game as the view
asking sees it, its file, its languages, and the director's links to every seat.

Every handler reads the server's :class:`~lexc.game.web.served.Served` and opens the game through
it, so a view sees what its key opens and nothing more: a seat its own rack, the board no rack, the
director everything (:func:`lexc.game.view.game_json`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response

from lexc.game.engine import LexcError, Packs, Problem, parse_schemes
from lexc.game.game import Game
from lexc.game.seats import Forbidden, View, seats_of
from lexc.game.setup import CHALLENGES, Setup
from lexc.game.store import create, game_path, list_games
from lexc.game.view import languages_json
from lexc.game.web.answers import answer
from lexc.game.web.fields import body, seed, shown, text
from lexc.game.web.robots import robot_seats
from lexc.game.web.served import Asked, on_game, served

__all__ = ["STATIC", "download", "index", "languages", "links", "list_all", "new_game", "qr_svg", "show"]

STATIC = Path(__file__).parent / "static"


async def index(request: Request) -> Response:
    """The page (``static/index.html``)."""
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-store",
                                                        "Referrer-Policy": "no-referrer"})


async def list_all(request: Request) -> Response:
    """The games, rulesets, challenge rules and every language (the server's key)."""
    board = served(request)

    def work(data: dict[str, Any]) -> Response:
        board.server_key(request)
        return JSONResponse({"games": list_games(board.games), "rulesets": board.offered,
                             "challenges": list(CHALLENGES),
                             "languages": languages_json(board.lexicons)})

    return await answer(work, {})


async def new_game(request: Request) -> Response:
    """A new game (the server's key): name, players, ruleset, lang, langs, deal, challenge, robots."""
    board = served(request)

    def work(data: dict[str, Any]) -> Response:
        board.server_key(request)
        path = game_path(board.games, text(data, "name") or "")
        game = _new_game(data, board.offered, board.lexicons)
        robots = text(data, "robots")
        if robots:
            game = _seat_robots(game, robots)
        create(game, path)
        seats_of(path, game.setup.players)
        board.robot_pending(path, game)
        return JSONResponse(board.snapshot(path, game, View("director")))

    return await answer(work, await body(request))


def _new_game(data: dict[str, Any], offered: list[str], lexicons: Packs) -> Game:
    """The game the new-game form describes (not yet written, no robots seated)."""
    players = [p for p in (text(data, "players") or "").split(",") if p.strip()]
    ruleset = text(data, "ruleset", "polyglot") or "polyglot"
    if ruleset not in offered:
        raise LexcError(f"ruleset: {shown(ruleset)} is not offered here (known: {', '.join(offered)})")
    agreed = (text(data, "langs") or "").replace(",", " ").split() or None
    lang, edition = text(data, "lang"), text(data, "edition")
    chosen = {lang or lexicons.catalog.ruleset(ruleset).tiles: edition} if edition else None
    setup = Setup.new(players, catalog=lexicons.catalog, ruleset=ruleset, lang=lang, editions=chosen,
                      challenge=text(data, "challenge"), seed=seed(text(data, "deal")),
                      schemes=parse_schemes((text(data, "schemes") or "").replace(",", " ").split()),
                      langs=agreed)
    return Game.new(setup, lexicons, text(data, "title"))


def _seat_robots(game: Game, given: str) -> Game:
    """``game`` with the robot seats of the new-game form's field ``robots`` (``cy=3 dee=greedy``)."""
    from lexc.robot.seat import parse_seats, with_robots

    try:
        return with_robots(game, parse_seats(given))
    except LexcError as err:
        raise LexcError("\n".join(f"robots: {p.key + ': ' if p.key not in (None, 'robot') else ''}{p.message}"
                                  for p in err.problems)) from None


async def show(request: Request) -> Response:
    """The game as the view asking sees it."""
    return await on_game(request, _show)


def _show(asked: Asked, data: dict[str, Any]) -> Response:
    asked.board.robot_pending(asked.path, asked.game)  # a robot left to move (a server stopped, a move by lexc game)
    return JSONResponse(asked.snapshot())


async def download(request: Request) -> Response:
    """The GCG file: the director's, and everyone's once the game is over."""
    return await on_game(request, _download)


def _download(asked: Asked, data: dict[str, Any]) -> Response:
    if not (asked.view.director or asked.game.state.ended):
        raise Forbidden(Problem(None, None, "file", "the game file holds every rack: it is the director's "
                                                    "until the game is over"))
    return Response(asked.game.text, media_type="text/plain; charset=utf-8", headers={
        "Content-Disposition": f'attachment; filename="{asked.path.name}"', "Cache-Control": "no-store"})


async def languages(request: Request) -> Response:
    """Every language of the catalog, for the play pickers (any view of the game: its seats' and board's
    pickers list the languages)."""
    return await on_game(request, lambda asked, data: JSONResponse({"languages": languages_json(asked.board.lexicons)}))


async def links(request: Request) -> Response:
    """Every view's link, with a QR code (the director); a robot's seat has none."""
    return await on_game(request, _links)


def _links(asked: Asked, data: dict[str, Any]) -> Response:
    if not asked.view.director:
        raise Forbidden(Problem(None, None, "links", "only the director hands out links"))
    seats = seats_of(asked.path, asked.game.setup.players)
    assert seats is not None
    base = f"{asked.request.url.scheme}://{asked.request.headers.get('host', '')}"
    seated = robot_seats(asked.game)  # a robot's seat has no link: it moves by itself
    return JSONResponse({"links": [{"view": label, "url": None, "qr": None, "robot": seated[label]}
                                   if label in seated else {"view": label, "url": url, "qr": qr_svg(url)}
                                   for label, url in seats.links(base, asked.path.stem)]})


def qr_svg(given: str) -> str:
    """A QR code of ``given`` as an SVG element (segno), for a phone to open a link."""
    import io

    import segno

    out = io.BytesIO()
    segno.make(given, error="m").save(out, kind="svg", scale=3, border=2, xmldecl=False, svgns=True,
                                       omitsize=True)  # a viewBox: the page sizes it
    return out.getvalue().decode("ascii")
