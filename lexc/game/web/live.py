"""The live page: a game sent again (server-sent events) whenever its file or its clock changes.

The stream looks at the game's file, its turn file and the robot table's count of changes every
:data:`POLL` seconds and sends the game, as the view that opened the stream sees it, when any of them
moved; a comment every :data:`KEEP_ALIVE` seconds keeps a quiet connection open.
"""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import anyio
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse

from lexc.game.clock import turn_path
from lexc.game.engine import LexcError
from lexc.game.seats import View
from lexc.game.store import load
from lexc.game.web.answers import answer
from lexc.game.web.served import Served, served, written

__all__ = ["KEEP_ALIVE", "POLL", "events"]

#: Seconds between two looks at a game file for the live pages (and between keep-alive comments, 15 s).
POLL = 0.25
KEEP_ALIVE = 15.0


async def events(request: Request) -> Response:
    """The game as the view sees it, now and again whenever its file or its clock changes."""
    board = served(request)
    try:
        path, _, view = await run_in_threadpool(board.opened, request)
    except LexcError as err:
        return await answer(lambda data: Response(), err)
    return StreamingResponse(_stream(lambda: _marks(board, path), lambda: _current(board, path, view)),
                             media_type="text/event-stream",
                             headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})


def _marks(board: Served, path: Path) -> tuple[tuple[int, int], ...]:
    """What changes when the game does: the robots' errors, the game file, its turn file."""
    marks = [(board.table.changes, 0)]  # a robot's error: sent like a move
    for file in (path, turn_path(path)):
        try:
            info = file.stat()
            marks.append((info.st_mtime_ns, info.st_size))
        except OSError:
            marks.append((0, 0))
    return tuple(marks)


def _current(board: Served, path: Path, view: View) -> str:
    """The game now, as ``view`` sees it, in JSON."""
    written_ns = written(path)  # before reading: a write in between is sent again at the next look
    game = load(path, board.lexicons)
    return json.dumps(board.snapshot(path, game, view, written_ns), ensure_ascii=False)


async def _stream(look: Callable[[], tuple[tuple[int, int], ...]], current: Callable[[], str]) -> AsyncIterator[str]:
    """The events: ``current()`` whenever ``look()`` changes, a keep-alive comment when quiet."""
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
