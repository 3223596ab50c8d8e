"""How the web board answers: every error as JSON with its status, never a traceback.

A handler's work (reading and writing game files: blocking) runs in a worker thread through
:func:`answer`, which turns each kind of :class:`~lexc.errors.LexcError` into its status: 400 bad
input, 403 :class:`~lexc.game.seats.Forbidden`, 404 :class:`NoGame`, 409 :class:`Stale` (with the
game as it is now), 413 :class:`~lexc.game.web.fields.TooLarge`, 503 :class:`Busy` (with
``Retry-After``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from lexc.game.engine import LexcError, Problem
from lexc.game.seats import Forbidden
from lexc.game.store import GameBusy, StaleGame
from lexc.game.web.fields import TooLarge, shown

__all__ = ["RETRY_AFTER", "Busy", "NoGame", "Stale", "answer", "failure", "http_error", "refusal"]

#: Seconds a client refused with :class:`Busy` is told to wait (``Retry-After``).
RETRY_AFTER = 2


class NoGame(LexcError):
    """The game named is not in the games directory (404)."""


class Busy(LexcError):
    """A move search is already running (503): the server runs one at a time."""


class Stale(LexcError):
    """A move made on a version of the game that is no longer the file's (409): ``game`` is the game now,
    as the view that asked sees it, so the page can say what changed and keep what was typed."""

    def __init__(self, problem: Problem, game: dict[str, object]) -> None:
        super().__init__(problem)
        self.game = game


def refusal(status: int, message: str) -> Response:
    """An answer refusing a request: ``{"error": message}`` with ``status``."""
    return JSONResponse({"error": message}, status_code=status)


def _error(err: LexcError, status: int = 400) -> JSONResponse:
    messages = [f"{p.key}: {p.message}" if p.key else p.message for p in err.problems]
    return JSONResponse({"error": "\n".join(messages)}, status_code=status)


async def answer(work: Callable[[dict[str, Any]], Response], data: dict[str, Any] | LexcError) -> Response:
    """Run ``work`` (reading and writing game files: blocking) in a worker thread; errors as JSON."""
    try:
        if isinstance(data, LexcError):
            raise data
        return await run_in_threadpool(work, data)
    except Stale as err:
        messages = "\n".join(p.message for p in err.problems)
        return JSONResponse({"error": messages, "game": err.game}, status_code=409)
    except StaleGame:  # the library's "since this move was prepared", in the page's words
        return refusal(409, "the game has changed since this page was loaded (another move came first): "
                            "reload and try again")
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


async def http_error(request: Request, exc: Exception) -> Response:
    """No such address (404), a wrong method (405): a JSON error like every other answer."""
    status = exc.status_code if isinstance(exc, HTTPException) else 500
    detail = exc.detail if isinstance(exc, HTTPException) else "internal error"
    return refusal(status, f"{detail}: {shown(request.url.path)}")


async def failure(request: Request, exc: Exception) -> Response:
    """The last resort: a fault of lexc's own is a JSON 500 naming the exception, never a traceback."""
    return refusal(500, f"internal error ({type(exc).__name__}): please report it")
