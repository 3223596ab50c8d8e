"""Moves on a served game: a play previewed, a hint, a move made, the robot let go, the clock.

A move carries the game's ``version`` as the page saw it: on a game that has changed since it is
refused (409, :class:`~lexc.game.web.answers.Stale`) and nothing is written. Each view may make the
moves :meth:`lexc.game.seats.View.check` allows it (a seat its own player's, the director any); a move
is written through :meth:`~lexc.game.web.served.Served.commit`, the one path of a person's and a
robot's move. A hint is a move search: one runs at a time on the server
(:class:`~lexc.game.web.answers.Busy`).
"""

from __future__ import annotations

import hmac
import re
import time
from collections.abc import Callable, Mapping
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from lexc.game.clock import adjusted, read_turn, turn_path, write_turn
from lexc.game.engine import LexcError, Problem
from lexc.game.game import Game
from lexc.game.seats import Forbidden, View
from lexc.game.store import StaleGame, load, locked
from lexc.game.view import hide_validity, shows_validity
from lexc.game.web.answers import RETRY_AFTER, Busy, Stale
from lexc.game.web.fields import checked, mapping, shown, text
from lexc.game.web.robots import robot_seats
from lexc.game.web.served import Asked, on_game
from lexc.inputs import whole_number

__all__ = ["clock", "hint", "move", "parse_move", "preview", "robot"]


async def preview(request: Request) -> Response:
    """A play scored on the board, not made (a seat or the director)."""
    return await on_game(request, _preview, posted=True)


def _preview(asked: Asked, data: dict[str, Any]) -> Response:
    game, view = asked.game, asked.view
    if view.kind == "board":
        raise Forbidden(Problem(None, None, "preview", "the board view only shows the game"))
    result = game.preview(text(data, "play") or "", text(data, "rack"), view.player)
    words, explanation = [w.to_json() for w in result.words], result.explain()
    if not shows_validity(game, view):
        words, explanation = hide_validity(words, explanation)
    return JSONResponse({"score": result.score, "legal": result.legal, "problems": list(result.problems),
                         "words": words, "explanation": explanation,
                         "play": str(result.play), "position": result.play.position,
                         "tiles": [{"row": t.row, "col": t.col, "face": t.tile.face, "blank": t.tile.blank}
                                   for t in result.placements]})


async def hint(request: Request) -> Response:
    """The best plays of a rack: a move search, one at a time on the server."""
    return await on_game(request, _hint, posted=True)


def _hint(asked: Asked, data: dict[str, Any]) -> Response:
    game, view = asked.game, asked.view
    view.check("hint", to_move=game.to_move, last_player=None)
    if not shows_validity(game, view):
        raise Forbidden(Problem(None, None, "hint", "a hint shows which words are good: under this "
                                                    "ruleset that is the challenge's business"))
    top, langs = _search(data)
    rack = text(data, "rack")
    if not asked.board.searching.acquire(blocking=False):
        raise Busy(f"another move search is running on this server: ask again in a moment "
                   f"(one runs at a time; retry after {RETRY_AFTER} s)")
    try:
        found = game.hints(rack, top, langs)
    finally:
        asked.board.searching.release()
    return JSONResponse({"player": game.to_move, "moves": [m.to_json() for m in found]})


def _search(data: Mapping[str, Any]) -> tuple[int, list[str] | None]:
    """A hint's ``top`` (1 to 50) and ``langs`` (language codes, or none: the table's)."""
    top = data.get("top", 5)
    if not isinstance(top, int) or isinstance(top, bool) or not 1 <= top <= 50:
        raise LexcError(f"top: a number from 1 to 50, not {shown(str(top))}")
    langs = data.get("langs") or None
    if langs is not None and (not isinstance(langs, list) or len(langs) > 30
                              or not all(isinstance(lang, str) for lang in langs)):
        raise LexcError("langs: a list of language codes")
    for lang in langs or ():
        checked("langs", lang)
    return top, langs


async def move(request: Request) -> Response:
    """A move: play, pass, exchange, challenge, undo, end, penalty; on the version the page saw."""
    return await on_game(request, _move, posted=True)


def _move(asked: Asked, data: dict[str, Any]) -> Response:
    board, path, game, view = asked.board, asked.path, asked.game, asked.view
    action, made = parse_move(data, view)
    version = text(data, "version")
    if version is None:
        raise LexcError("version: a move names the version of the game it was made on")
    if not hmac.compare_digest(version.encode(), board.public(game).encode()):
        raise Stale(Problem(None, None, None, "the game changed before this move arrived"), asked.snapshot())
    pending = game.state.pending
    view.check(action, to_move=game.to_move,
               last_player=game.setup.players[pending.player] if pending is not None else None)
    if action == "undo":  # a robot's turn it comes back to waits for the director
        made = _held(made, lambda undone: board.table.hold(path, undone))
    try:
        after = board.commit(path, game, action, made)
    except StaleGame:
        raise Stale(Problem(None, None, None, "the game changed before this move arrived"),
                    asked.snapshot(load(path, board.lexicons))) from None
    if action != "undo":
        board.robot_pending(path, after)
    return JSONResponse(asked.snapshot(after))


async def robot(request: Request) -> Response:
    """The director lets the robot to move make its move: after an undo, or again after an error."""
    return await on_game(request, _robot, posted=True)


def _robot(asked: Asked, data: dict[str, Any]) -> Response:
    game = asked.game
    if not asked.view.director:
        raise Forbidden(Problem(None, None, "robot", "only the director tells a robot to move"))
    if game.state.ended:
        raise LexcError("robot: the game is over")
    if game.to_move not in robot_seats(game):
        raise LexcError(f"robot: it is {game.to_move}'s turn, and {game.to_move} is not a robot")
    asked.board.table.release(asked.path)
    return JSONResponse(asked.snapshot())


async def clock(request: Request) -> Response:
    """The director's clock: pause, resume, adjust."""
    return await on_game(request, _clock, posted=True)


def _clock(asked: Asked, data: dict[str, Any]) -> Response:
    """The clock of the game changed as ``data`` asks, under the game's lock; the game as read then."""
    asked.view.check("clock", to_move=asked.game.to_move, last_player=None)
    action = text(data, "action") or ""
    seconds = text(data, "seconds") or "0"
    if not re.fullmatch(r"-?[0-9]{1,6}", seconds):
        raise LexcError(f"seconds: a whole number of seconds, not {shown(seconds)}")
    with locked(asked.path):
        game = load(asked.path, asked.board.lexicons)
        turn_file = turn_path(asked.path)
        now = time.time()
        turn = adjusted(read_turn(turn_file, game, now), game, action, text(data, "player"), int(seconds), now)
        write_turn(turn_file, turn)
    asked.board.robot_pending(asked.path, game)  # a robot to move waits while the clock is paused: now it may not
    return JSONResponse(asked.snapshot(game))


def _held(made: Callable[[Game], Game], hold: Callable[[Game], Game]) -> Callable[[Game], Game]:
    """``made``, then ``hold`` on the game it makes (before the game is written)."""
    return lambda game: hold(made(game))


def _ruling(name: str, value: Any) -> bool:
    """A director's ruling on a word: true (good) or false (phony)."""
    if not isinstance(value, bool):
        raise LexcError(f"rulings: {shown(name)}: true or false, not {type(value).__name__}")
    return value


def parse_move(data: Mapping[str, Any], view: View | None = None) -> tuple[str, Callable[[Game], Game]]:
    """The move a request describes: its action and a function of the game. A seat challenges for
    its own player, and only the director rules on words."""
    kind = text(data, "action") or ""
    rack = text(data, "rack")
    if kind == "play":
        play = text(data, "play") or ""
        return kind, lambda g: g.play(play, rack)
    if kind == "pass":
        return kind, lambda g: g.pass_turn(rack)
    if kind == "exchange":
        tiles = text(data, "tiles") or ""
        return kind, lambda g: g.exchange(tiles, rack)
    if kind == "challenge":
        by = view.player if view is not None and view.kind == "seat" else text(data, "by")
        rulings = {k: _ruling(k, v) for k, v in mapping(data, "rulings").items()}
        if rulings and view is not None and not view.director:
            raise Forbidden(Problem(None, None, "rulings", "only the director rules on a word"))
        return kind, lambda g: g.challenge(by, rulings)
    if kind == "undo":
        return kind, lambda g: g.undo()
    if kind == "end":
        racks = {k: text({k: v}, k) or "" for k, v in mapping(data, "racks").items() if v}
        force = data.get("force", False)
        if not isinstance(force, bool):
            raise LexcError(f"force: true or false, not {type(force).__name__}")
        return kind, lambda g: g.end(racks, force)
    if kind == "penalty":
        player, points = text(data, "player") or "", text(data, "points") or "0"
        lost = whole_number(points, most=999_999)  # at most TEXT_LIMITS["points"] digits
        if lost is None:
            raise LexcError(f"points: a number, not {shown(points)}")
        return kind, lambda g: g.time_penalty(player, lost)
    raise LexcError(f"unknown action {shown(kind or '')} (play, pass, exchange, challenge, undo, end, penalty)")
