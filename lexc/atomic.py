"""Writing a file so that it is either the old file or the new one, never half of each.

Every output lexc writes (packs, game records, SVG boards, drafted specs, reports)
goes through :func:`write_atomic`: a temporary file in the same directory, flushed
and fsynced, then renamed over the target. A failure or a kill at any point leaves
whatever was at the target untouched. Through a symbolic link the file it points to
is replaced and the link kept; a replaced file keeps its permissions, a new one gets
the usual ``0666 & ~umask`` (not ``mkstemp``'s 0600).

Before anything is written, :func:`check_output` -- the one output-path guard -- refuses a
target that writing would destroy: a directory, a device, a FIFO or a socket (also through a
symbolic link: a device node is never replaced by a regular file), and any file that is an
input of the same command (``lexc replay G.gcg --svg G.gcg``). The inputs are those given
to the writer and those read while a :func:`command` scope is open (the CLI opens one per
command; the readers call :func:`note_input`).

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> write_atomic(folder / "a.txt", "hello\\n").read_text()
'hello\\n'
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Iterable, Iterator
from pathlib import Path

from lexc.errors import LexcError, Problem

#: The files read by the running command, by (device, inode): never written over. None outside a command.
_inputs: dict[tuple[int, int], str] | None = None

_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISSOCK, "a socket"))


def kind_of(mode: int) -> str | None:
    """What a non-regular file is (``"a directory"``, ``"a character device"``...), None for a regular file.

    >>> kind_of(os.stat("/dev/null").st_mode), kind_of(os.stat(__file__).st_mode)
    ('a character device', None)
    """
    for test, name in _KINDS:
        if test(mode):
            return name
    return None if stat.S_ISREG(mode) else "not a regular file"


@contextlib.contextmanager
def command() -> Iterator[None]:
    """A scope in which every file noted by :func:`note_input` is protected from :func:`write_atomic`."""
    global _inputs
    saved, _inputs = _inputs, {}
    try:
        yield
    finally:
        _inputs = saved


def note_input(path: str | os.PathLike[str]) -> None:
    """Record ``path`` as an input of the running command (nothing outside a :func:`command` scope)."""
    if _inputs is None:
        return
    with contextlib.suppress(OSError):
        info = os.stat(path)
        _inputs.setdefault((info.st_dev, info.st_ino), str(path))


def check_output(path: str | os.PathLike[str], *, inputs: Iterable[str | os.PathLike[str]] = (),
                 key: str | None = None, replaces_input: bool = False) -> None:
    """Refuse an output ``path`` whose writing would destroy something; a :class:`LexcError` naming it.

    Refused: a directory, a device, a FIFO or a socket (a symbolic link is followed: a link to
    ``/dev/sda`` is refused too), and a file that is one of ``inputs`` or an input read by the
    running command -- unless ``replaces_input`` (a game record written back over itself).

    >>> check_output("/dev/null")
    Traceback (most recent call last):
    ...
    lexc.errors.LexcError: /dev/null: is a character device: lexc writes only regular files
    """
    shown = str(path)
    try:
        info = os.stat(path)
    except OSError:
        return  # a new file (a missing folder or a dangling link is reported when writing)
    kind = kind_of(info.st_mode)
    if kind is not None:
        raise LexcError(Problem(shown, None, key, f"is {kind}: lexc writes only regular files"))
    if replaces_input:
        return
    protected = dict(_inputs or {})
    for given in inputs:
        with contextlib.suppress(OSError):
            other = os.stat(given)
            protected.setdefault((other.st_dev, other.st_ino), str(given))
    source = protected.get((info.st_dev, info.st_ino))
    if source is not None:
        same = "" if os.path.abspath(source) == os.path.abspath(shown) else f" ({source})"
        raise LexcError(Problem(shown, None, key, f"is an input of this command{same}: lexc never writes over "
                                                  "its input (give another output file)"))


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


#: How :func:`write_atomic` creates its temporary file: exclusively (never someone else's), not through a link.
_CREATE = os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)


def _temporary_names(target: Path) -> Iterator[str]:
    """Names for a new file beside ``target`` (``.NAME.RANDOM.tmp``), as :func:`tempfile.mkstemp` picks them,
    without loading tempfile (and shutil, random, bz2, lzma: milliseconds of a command's start-up)."""
    for _ in range(100):
        yield str(target.parent / f".{target.name}.{os.urandom(6).hex()}.tmp")


def _discard(tmp: str) -> None:
    """Remove the temporary file ``tmp`` (if it is there), even when a second Ctrl-C or SIGTERM arrives while
    doing so (a parallel build's workers each pass the signal on): the clean-up is finished first, the
    interrupt that was being handled is raised after it."""
    while True:
        try:
            os.unlink(tmp)
            return
        except OSError:
            return  # already gone (or never made), or not ours to remove
        except KeyboardInterrupt:
            continue


def write_atomic(path: str | os.PathLike[str], data: bytes | str, *, key: str | None = None,
                 inputs: Iterable[str | os.PathLike[str]] = (), replaces_input: bool = False,
                 durable: bool = True) -> Path:
    """Write ``data`` (text is UTF-8) to ``path`` atomically; returns the path written.

    The target is checked first (:func:`check_output`: never a device, a directory or an input).
    Errors are a :class:`LexcError` naming ``path`` (and ``key``, if given). ``durable=False`` skips
    the fsyncs: still never half a file, but a crash may lose it (a cache entry, made again).
    """
    shown = str(path)
    check_output(path, inputs=inputs, key=key, replaces_input=replaces_input)
    target = Path(os.path.realpath(path))
    payload = data.encode("utf-8") if isinstance(data, str) else data
    tmp: str | None = None
    try:
        fd = -1
        for name in _temporary_names(target):
            # named before the file exists: an interrupt just after the open (where Python acts on a signal
            # that came during the call) still finds the file to remove
            tmp = name
            try:
                fd = os.open(name, _CREATE, 0o600)  # owner-only until its mode is set just below
                break
            except FileExistsError:
                tmp = None
        if fd < 0 or tmp is None:
            raise FileExistsError(f"no free temporary name beside {target}")
        os.fchmod(fd, _mode_for(target))
        with os.fdopen(fd, "wb") as out:
            out.write(payload)
            out.flush()
            if durable:
                os.fsync(out.fileno())
        os.replace(tmp, target)
    except BaseException as err:
        if tmp is not None:
            _discard(tmp)
        if isinstance(err, OSError):
            raise LexcError(Problem(shown, None, key, f"cannot write: {err.strerror or err}")) from None
        raise
    if durable:
        _fsync_dir(target.parent)
    return Path(path)
