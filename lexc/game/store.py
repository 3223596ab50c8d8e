"""Game files: a GCG record with lexc's language extension, written atomically after every move.

:func:`create` writes a new game (refusing to overwrite one); :func:`load` reads a game file and
checks every event (:func:`lexc.game.state.fold`); :func:`update` reads, applies one move and
writes, under a lock, refusing the move when the game changed since the caller saw it
(``expected``: the :attr:`~lexc.game.Game.version` the caller's move was made on). The file is
replaced by a rename (:mod:`lexc.atomic`), so a kill at any moment leaves the last accepted move
on disk. A rejected move writes nothing.

The lock is the game file's own: ``.NAME.lock`` beside the file the name resolves to, so a
symbolic link and its target (two names, one game) share one lock, and it is opened without
following a link (a planted ``.NAME.lock`` link is refused, never written through). A lock held
by someone else is waited for at most :data:`LOCK_WAIT` seconds, then the move is refused with
:class:`GameBusy` (the web answers 503, try again); at most :data:`MAX_WAITERS` threads of one
process wait for one game, a further move is refused at once, so one stuck game cannot hold
every worker of a server.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import stat
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from lexc.game.engine import LexcError, Packs, Problem, gcg_checked, gcg_parse, write_atomic
from lexc.game.game import Game
from lexc.inputs import read_input

#: A game name the web app accepts: it becomes ``NAME.gcg`` in the games directory, nothing else.
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_\-]{0,63}")


class StaleGame(LexcError):
    """The game changed since the move was prepared (another browser or the CLI moved first)."""


class GameBusy(LexcError):
    """Someone else holds the game's lock (another move being written, a stuck process): try again."""


#: Seconds a move waits for a game's lock held by someone else before :class:`GameBusy`.
LOCK_WAIT = 3.0
#: Threads of one process that may wait for one game's lock at once; a further one gets :class:`GameBusy`.
MAX_WAITERS = 2
#: Seconds between two tries of a held lock.
_POLL = 0.02

_waiters: dict[str, int] = {}  # resolved game path -> threads of this process waiting or holding
_waiters_guard = threading.Lock()


def game_path(games: Path, name: str) -> Path:
    """``games/NAME.gcg`` for a plain name (letters, digits, ``_``, ``-``); anything else is refused.

    >>> game_path(Path("/g"), "club-night_1")
    PosixPath('/g/club-night_1.gcg')
    >>> game_path(Path("/g"), "../etc/passwd")
    Traceback (most recent call last):
    ...
    lexc.errors.LexcError: <input>: game: '../etc/passwd' is not a game name (letters, digits, '_' and '-', up to 64)
    """
    if not _NAME.fullmatch(name):
        shown = repr(name) if len(name) <= 70 else f"{name[:64]!r}... ({len(name):,} characters)"
        raise LexcError(Problem(None, None, "game", f"{shown} is not a game name (letters, digits, '_' and '-', "
                                                    "up to 64)"))
    return games / f"{name}.gcg"


def list_games(games: Path) -> list[str]:
    """The names of the game files in ``games``."""
    if not games.is_dir():
        return []
    return sorted(p.stem for p in games.glob("*.gcg") if _NAME.fullmatch(p.stem))


def lock_path(path: Path | str) -> Path:
    """The lock of the game at ``path``: ``.NAME.lock`` beside the file the name resolves to.

    >>> lock_path("/g/club.gcg")
    PosixPath('/g/.club.gcg.lock')
    """
    target = Path(os.path.realpath(path))
    return target.with_name(f".{target.name}.lock")


@contextlib.contextmanager
def locked(path: Path | str, wait: float | None = None) -> Iterator[None]:
    """Hold the exclusive lock of the game at ``path`` (:func:`lock_path`) while the block runs.

    A lock held elsewhere is waited for at most ``wait`` seconds (default :data:`LOCK_WAIT`), then
    :class:`GameBusy`; so is a wait beyond :data:`MAX_WAITERS` threads of this process on one game.
    """
    shown = str(path)
    lock = lock_path(path)
    key = str(lock)
    with _waiters_guard:
        if _waiters.get(key, 0) >= MAX_WAITERS:
            raise _busy(shown)
        _waiters[key] = _waiters.get(key, 0) + 1
    try:
        fd = _open_lock(lock, shown)
        try:
            _acquire(fd, shown, LOCK_WAIT if wait is None else wait)
            yield
        finally:
            os.close(fd)
    finally:
        with _waiters_guard:
            _waiters[key] -= 1
            if not _waiters[key]:
                del _waiters[key]


def _busy(shown: str) -> GameBusy:
    return GameBusy(Problem(shown, None, None, "the game is busy (another move is being written to it): "
                                               "try again in a moment"))


def _open_lock(lock: Path, shown: str) -> int:
    """The lock file, opened (created if missing) without following a symbolic link; a regular file only."""
    try:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, 0o644)
    except OSError as err:
        why = "is a symbolic link: a lock is never taken through a link" if os.path.islink(lock) else \
            err.strerror or str(err)
        raise LexcError(Problem(shown, None, None, f"cannot lock: {lock} {why}")) from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise LexcError(Problem(shown, None, None, f"cannot lock: {lock} is not a regular file"))
    return fd


def _acquire(fd: int, shown: str, wait: float) -> None:
    """Take the lock on ``fd``, trying for at most ``wait`` seconds."""
    deadline = time.monotonic() + wait
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() >= deadline:
                raise _busy(shown) from None
            time.sleep(_POLL)
        except OSError as err:
            raise LexcError(Problem(shown, None, None, f"cannot lock: {err.strerror or err}")) from None


def load(path: Path | str, lexicons: Packs | None = None) -> Game:
    """The game in ``path`` (``lexicons``: default, the shipped catalog's packs); errors name the file and the line."""
    path = Path(path)
    data = read_input(path, "GCG game record")
    return Game.from_record(gcg_parse(data, str(path)), lexicons)


def save(game: Game, path: Path | str) -> None:
    """Write ``game`` to ``path`` atomically; a game the reader would not read back is refused, nothing written.

    A game file whose permissions allow nobody to write it (``chmod a-w``: a finished game kept as
    it is) is refused, although the rename that writes atomically could replace it.
    """
    _refuse_read_only(Path(path))
    write_atomic(path, gcg_checked(game.record, str(path)), replaces_input=True)


def _refuse_read_only(path: Path) -> None:
    try:
        mode = path.stat().st_mode
    except OSError:
        return  # not there (a new game), or unreadable: the writer names what is wrong
    if stat.S_ISREG(mode) and not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        raise LexcError(Problem(str(path), None, None, "the game file is read-only (no write permission): nothing "
                                                       "was written; make it writable to go on"))


def create(game: Game, path: Path | str, *, overwrite: bool = False) -> None:
    """Write a new game; an existing file is refused unless ``overwrite``."""
    path = Path(path)
    _refuse_existing(path, overwrite)  # before the lock: a refused game leaves no lock file behind
    with locked(path):
        _refuse_existing(path, overwrite)
        save(game, path)


def _refuse_existing(path: Path, overwrite: bool) -> None:
    if os.path.lexists(path) and not overwrite:
        raise LexcError(Problem(str(path), None, None, "already exists: a game is never overwritten "
                                                       "(choose another name, or delete the file)"))


def update(path: Path | str, lexicons: Packs, move: Callable[[Game], Game],
           expected: str | None = None, wait: float | None = None) -> Game:
    """Read the game, make ``move`` on it and write the result; returns the new game.

    ``expected`` is the version the move was prepared on: when the file holds another, the move
    is refused with :class:`StaleGame` and nothing is written. A move that raises writes nothing.
    A lock held elsewhere for more than ``wait`` seconds (:func:`locked`) is :class:`GameBusy`.
    """
    path = Path(path)
    if not os.path.lexists(path):  # before the lock: no lock file beside a game that is not there
        load(path, lexicons)
    with locked(path, wait):
        game = load(path, lexicons)
        if expected is not None and expected != game.version:
            raise StaleGame(Problem(str(path), None, None, "the game has changed since this move was prepared "
                                                           "(another move came first): read it again and retry"))
        try:
            after = move(game)
        except LexcError as err:
            raise LexcError([Problem(str(path), None, p.key, p.message) for p in err.problems]) from None
        save(after, path)
        return after
