"""Game files: a GCG record with lexc's language extension, written atomically after every move.

:func:`create` writes a new game (refusing to overwrite one); :func:`load` reads a game file and
checks every event (:func:`lexc.game.state.fold`); :func:`update` reads, applies one move and
writes, under a lock, refusing the move when the game changed since the caller saw it
(``expected``: the :attr:`~lexc.game.Game.version` the caller's move was made on). The file is
replaced by a rename (:mod:`lexc.atomic`), so a kill at any moment leaves the last accepted move
on disk. A rejected move writes nothing.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path

from lexc.game.engine import LexcError, Packs, Problem, gcg_parse, write_atomic
from lexc.game.game import Game
from lexc.inputs import read_input

#: A game name the web app accepts: it becomes ``NAME.gcg`` in the games directory, nothing else.
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_\-]{0,63}")


class StaleGame(LexcError):
    """The game changed since the move was prepared (another browser or the CLI moved first)."""


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


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``path``'s lock file (``.NAME.lock`` beside it) while the block runs."""
    lock = path.with_name(f".{path.name}.lock")
    try:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as err:
        raise LexcError(Problem(str(path), None, None, f"cannot lock: {err.strerror or err}")) from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def load(path: Path | str, lexicons: Packs | None = None) -> Game:
    """The game in ``path`` (``lexicons``: default, the shipped catalog's packs); errors name the file and the line."""
    path = Path(path)
    data = read_input(path, "GCG game record")
    return Game.from_record(gcg_parse(data, str(path)), lexicons)


def save(game: Game, path: Path | str) -> None:
    """Write ``game`` to ``path`` atomically."""
    write_atomic(path, game.text, replaces_input=True)


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
           expected: str | None = None) -> Game:
    """Read the game, make ``move`` on it and write the result; returns the new game.

    ``expected`` is the version the move was prepared on: when the file holds another, the move
    is refused with :class:`StaleGame` and nothing is written. A move that raises writes nothing.
    """
    path = Path(path)
    if not os.path.lexists(path):  # before the lock: no lock file beside a game that is not there
        load(path, lexicons)
    with locked(path):
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
