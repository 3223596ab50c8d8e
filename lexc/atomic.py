"""Writing a file so that it is either the old file or the new one, never half of each.

Every output lexc writes (packs, game records, SVG boards, drafted specs, reports)
goes through :func:`write_atomic`: a temporary file in the same directory, flushed
and fsynced, then renamed over the target. A failure or a kill at any point leaves
whatever was at the target untouched. Through a symbolic link the file it points to
is replaced and the link kept; a replaced file keeps its permissions, a new one gets
the usual ``0666 & ~umask`` (not ``mkstemp``'s 0600).

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> write_atomic(folder / "a.txt", "hello\\n").read_text()
'hello\\n'
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

from lexc.errors import LexcError, Problem


def _mode_for(target: Path) -> int:
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def _fsync_dir(folder: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def write_atomic(path: str | os.PathLike[str], data: bytes | str, *, key: str | None = None) -> Path:
    """Write ``data`` (text is UTF-8) to ``path`` atomically; returns the path written.

    Errors are a :class:`LexcError` naming ``path`` (and ``key``, if given).
    """
    shown = str(path)
    target = Path(os.path.realpath(path))
    payload = data.encode("utf-8") if isinstance(data, str) else data
    if target.is_dir():
        raise LexcError(Problem(shown, None, key, "is a directory"))
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as err:
        raise LexcError(Problem(shown, None, key, f"cannot write: {err.strerror or err}")) from None
    try:
        os.fchmod(fd, _mode_for(target))
        with os.fdopen(fd, "wb") as out:
            out.write(payload)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, target)
    except BaseException as err:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(err, OSError):
            raise LexcError(Problem(shown, None, key, f"cannot write: {err.strerror or err}")) from None
        raise
    _fsync_dir(target.parent)
    return Path(path)
