"""Checked files remembered between runs: a spec, a scheme or a ruleset's TOML read once.

Every command reads the spec of each language it uses and the ruleset it plays: the TOML parsed
(Python's ``tomllib``, pure Python), every check run (faces upper-cased through ICU, prefixes
tiled...). That is most of what ``lexc score`` does besides importing. So what reading a file gave
is kept in the user's cache folder (``~/.cache/lexc/checked/``, or ``$LEXC_CACHE/checked/``) and
given back while nothing it was made from has changed. An entry is found by a SHA-256 of:

* the file's bytes and its path (an edited file is another entry: never a stale answer);
* what was made of it (``kind``: a spec, a scheme, a ruleset's TOML);
* lexc's own code: its version, Python's, the size and time of the modules that read and check
  (an edited or upgraded lexc reads afresh) and of PyICU, which the checks ask.

Only a file that passed is kept: a file with a problem is read and checked every time, so the
errors are the same, with or without a cache. An entry is written whole
(:func:`lexc.atomic.write_atomic`); one that cannot be read back, is not the user's own or is
writable by anyone is ignored (and rewritten); a cache folder that cannot be written is skipped
silently; past :data:`KEEP` entries the older half is deleted. ``LEXC_NO_CACHE=1`` reads and
writes nothing; deleting the folder clears it.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> calls = []
>>> def make():
...     calls.append(1)
...     return {"checked": True}
>>> with _cache_in(folder):
...     first = remembered("example", folder / "x.toml", b"a = 1", make)
...     again = remembered("example", folder / "x.toml", b"a = 1", make)
...     edited = remembered("example", folder / "x.toml", b"a = 2", make)
>>> first == again == edited, len(calls)
(True, 2)
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar, cast

__all__ = ["DISABLE", "KEEP", "cache_folder", "remembered"]

T = TypeVar("T")

#: The environment variable that turns the cache off (any value but ``""`` and ``0``).
DISABLE = "LEXC_NO_CACHE"

#: How many entries the folder keeps at most (the shipped data is about 55 files).
KEEP = 1024

#: The parts of lexc (files and folders of the package) whose code decides what reading a file gives.
_CODE = ("__init__.py", "cache.py", "errors.py", "inputs.py", "tomlsrc.py", "language", "engine/ruleset.py")


def cache_folder() -> Path | None:
    """The folder of checked files (``checked/`` in :func:`lexc.paths.user_cache_dir`); None when disabled."""
    if os.environ.get(DISABLE, "") not in ("", "0"):
        return None
    from lexc.paths import user_cache_dir

    return user_cache_dir() / "checked"


@functools.cache
def _code_stamp() -> bytes:
    """lexc's version and Python's, and the size and modification time of the code that reads files."""
    import lexc

    package = Path(__file__).resolve().parent
    parts = [lexc.__version__, sys.version, os.environ.get("LEXC_PURE", "")]
    for name in _CODE:
        target = package / name
        files = sorted(e.path for e in os.scandir(target) if e.is_file()) if target.is_dir() else [str(target)]
        for file in files:
            with contextlib.suppress(OSError):
                info = os.stat(file)
                parts.append(f"{file}:{info.st_size}:{info.st_mtime_ns}")
    import importlib.util

    icu = importlib.util.find_spec("icu")
    for file in (icu.origin,) if icu is not None and icu.origin else ():
        with contextlib.suppress(OSError):
            info = os.stat(file)
            parts.append(f"{file}:{info.st_size}:{info.st_mtime_ns}")
    return "\n".join(parts).encode("utf-8", "surrogateescape")


def _entry(folder: Path, kind: str, path: Path, raw: bytes) -> Path:
    key = hashlib.sha256(_code_stamp())
    where = os.fsencode(str(path)) + (b"" if os.path.isabs(path) else b"\0" + os.fsencode(os.getcwd()))
    key.update(b"\0" + kind.encode() + b"\0" + where + b"\0")  # the path as given: the value names it
    key.update(raw)
    return folder / key.hexdigest()


def _read(entry: Path) -> object | None:
    """What ``entry`` holds; None when it is missing, unreadable, not the user's own or writable by anyone."""
    try:
        with open(entry, "rb") as file:
            info = os.fstat(file.fileno())
            if (hasattr(os, "getuid") and info.st_uid != os.getuid()) or info.st_mode & 0o002:
                return None
            data = file.read()
    except OSError:
        return None
    import pickle

    try:
        return cast(object, pickle.loads(data))
    except Exception:  # a damaged entry is read afresh, whatever the unpickler says
        return None


def remembered(kind: str, path: Path, raw: bytes, make: Callable[[], T]) -> T:
    """``make()``, the ``kind`` of value read from the file ``path`` whose bytes are ``raw``, kept in the
    cache and taken from it while the file, its path and lexc's code are the same. An error ``make``
    raises is raised as it is, and nothing is kept."""
    folder = cache_folder()
    if folder is None:
        return make()
    entry = _entry(folder, kind, path, raw)
    found = _read(entry)
    if found is not None:
        return cast(T, found)
    value = make()
    import pickle

    from lexc.atomic import write_atomic
    from lexc.errors import LexcError

    with contextlib.suppress(OSError, LexcError, pickle.PicklingError, TypeError, AttributeError):
        data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        _prune(folder)
        write_atomic(entry, data, durable=False)  # a cache: never half an entry, no fsync
    return value


def _prune(folder: Path) -> None:
    """Keep the folder under :data:`KEEP` entries: past it, the older half goes (files read with
    ``--spec`` from everywhere would otherwise pile up). Only a new entry's writing lists the folder."""
    entries = [entry for entry in os.scandir(folder) if entry.is_file(follow_symlinks=False)]
    if len(entries) < KEEP:
        return
    entries.sort(key=lambda entry: entry.stat(follow_symlinks=False).st_mtime_ns)
    for entry in entries[: len(entries) // 2]:
        with contextlib.suppress(OSError):
            os.unlink(entry.path)


@contextlib.contextmanager
def _cache_in(folder: Path) -> Iterator[None]:
    """The cache kept in ``folder`` for the block (the doctests')."""
    saved = {name: os.environ.get(name) for name in ("LEXC_CACHE", DISABLE)}
    os.environ["LEXC_CACHE"] = str(folder)
    os.environ.pop(DISABLE, None)
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
