"""Temporary files that keep a large compile's memory bounded: buckets, sorted runs, stores.

A compile of more board spellings than its bound (:data:`lexc.lexicon.compiler.SPILL_BOARDS`)
does not keep them all in one dict. Once the bound is passed, every further word goes to one of
:data:`BUCKETS` bucket files chosen by a CRC-32 of its board spelling, so each board spelling's
words stay together and in the order they were read; each bucket is then grouped on its own
(the same rules, in memory of one bucket's size) and written as a run sorted by board spelling,
and the runs are merged as one sorted stream (:func:`merge`). Keys on their way to the trie
builder wait in a :class:`Store` that goes to disk past its bound.

Items are written with :mod:`marshal` a chunk (a list) at a time: any string round-trips (NUL,
tile codes above U+0080, line breaks), and reading is one C call per chunk. The files live in
one :class:`Spill` folder in the system's temporary directory (``TMPDIR``), removed when the
compile ends whichever way it ends (success, error, Ctrl-C, SIGTERM: the CLI turns it into an
exception, :mod:`lexc.cli.signals`). A full disk is a :class:`lexc.errors.LexcError` naming
the file.

>>> with Spill() as spill:
...     store = Store(spill, bound=2)
...     for item in [("A", ""), ("B", "\\x00É"), ("C", "\\x80")]:
...         store.append(item)
...     list(store) == [("A", ""), ("B", "\\x00É"), ("C", "\\x80")], len(store)
(True, 3)
"""

from __future__ import annotations

import heapq
import marshal
import struct
import tempfile
import zlib
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any

from lexc.errors import LexcError, Problem

#: A bucket is chosen by this many bits of a CRC-32 of the board spelling: 64 bucket files.
BUCKET_BITS = 6
#: How many bucket files the words past the bound are spread over.
BUCKETS = 1 << BUCKET_BITS
#: How many times a bucket still too large can be spread again (each time by the next bits of the CRC).
LEVELS = 32 // BUCKET_BITS
#: Items per marshalled chunk.
CHUNK = 8192
#: The length of a chunk, before its bytes.
_LENGTH = struct.Struct("<Q")


def _failed(path: Path | str, err: OSError) -> LexcError:
    """A temporary file that could not be written or read, said plainly (a full disk, no ``TMPDIR``)."""
    return LexcError(Problem(str(path), None, None, f"cannot write a temporary file of the compile: "
                                                    f"{err.strerror or err} (a large compile needs free space "
                                                    "in the temporary directory; set TMPDIR to another one)"))


class Spill:
    """The folder of a compile's temporary files, made on first use and removed on leaving the ``with``."""

    def __init__(self, parent: Path | str | None = None):
        self.parent = parent
        self._dir: tempfile.TemporaryDirectory[str] | None = None
        self._count = 0

    def __enter__(self) -> Spill:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def close(self) -> None:
        """Remove the folder and everything in it."""
        if self._dir is not None:
            self._dir.cleanup()
            self._dir = None

    def open(self, name: str) -> tuple[Path, IO[bytes]]:
        """A new file ``name-N`` in the folder, open for writing."""
        try:
            if self._dir is None:
                self._dir = tempfile.TemporaryDirectory(prefix="lexc-spill-", dir=self.parent)
            self._count += 1
            path = Path(self._dir.name) / f"{name}-{self._count}"
            return path, path.open("wb")
        except OSError as err:
            raise _failed(self.parent or tempfile.gettempdir(), err) from None


def dump(path: Path, out: IO[bytes], items: list[Any]) -> None:
    """Write one chunk of ``items`` to ``out``: its length, then its bytes (``marshal.loads`` of a
    whole chunk is one C call; ``marshal.load`` from a file reads object by object, 10x slower)."""
    data = marshal.dumps(items)
    try:
        out.write(_LENGTH.pack(len(data)))
        out.write(data)
    except OSError as err:
        raise _failed(path, err) from None


def close(path: Path, out: IO[bytes]) -> None:
    """Close a spill file (a full disk may show only here)."""
    try:
        out.close()
    except OSError as err:
        raise _failed(path, err) from None


def read(path: Path) -> Iterator[Any]:
    """The items of a spill file, in the order they were written."""
    try:
        with path.open("rb") as source:
            while head := source.read(_LENGTH.size):
                (length,) = _LENGTH.unpack(head)
                chunk = marshal.loads(source.read(length))
                yield from chunk
    except OSError as err:
        raise _failed(path, err) from None


def write_run(spill: Spill, items: Iterable[Any], name: str = "run") -> Path:
    """Write ``items`` to a new spill file; its path."""
    path, out = spill.open(name)
    chunk: list[Any] = []
    for item in items:
        chunk.append(item)
        if len(chunk) >= CHUNK:
            dump(path, out, chunk)
            chunk = []
    if chunk:
        dump(path, out, chunk)
    close(path, out)
    return path


def merge(paths: Iterable[Path]) -> Iterator[Any]:
    """The items (tuples) of sorted runs as one sorted stream. No two runs share a first element
    (a board spelling is in one bucket), so tuples compare by it alone: no key function needed."""
    return heapq.merge(*(read(p) for p in paths))


def bucket_of(board: str, level: int = 0) -> int:
    """The bucket a board spelling's words go to at ``level`` (0, then the next bits of the same
    CRC-32 for a bucket spread again): the same for every word of it.

    >>> bucket_of("CHURRO") == bucket_of("CHURRO"), 0 <= bucket_of("ÉLÈVE", 2) < BUCKETS
    (True, True)
    """
    return (zlib.crc32(board.encode("utf-8")) >> (BUCKET_BITS * level)) & (BUCKETS - 1)


class Buckets:
    """Items spread over :data:`BUCKETS` files by their first element (a board spelling), order kept;
    a file is made when its bucket gets its first chunk."""

    def __init__(self, spill: Spill, level: int = 0):
        self.spill, self.shift = spill, BUCKET_BITS * level
        self.files: list[tuple[Path, IO[bytes]] | None] = [None] * BUCKETS
        self.pending: list[list[Any]] = [[] for _ in range(BUCKETS)]

    def add(self, item: tuple[Any, ...]) -> None:
        """Put ``item`` in its board spelling's bucket."""
        at = (zlib.crc32(item[0].encode("utf-8")) >> self.shift) & (BUCKETS - 1)
        pending = self.pending[at]
        pending.append(item)
        if len(pending) >= CHUNK:
            self._dump(at)

    def _dump(self, at: int) -> None:
        file = self.files[at]
        if file is None:
            file = self.files[at] = self.spill.open("bucket")
        dump(*file, self.pending[at])
        self.pending[at] = []

    def close(self) -> list[Path]:
        """Write what is pending and close every file; the paths of the buckets that hold anything."""
        paths = []
        for at in range(BUCKETS):
            if self.pending[at]:
                self._dump(at)
            file = self.files[at]
            if file is not None:
                close(*file)
                paths.append(file[0])
        return paths


class Store:
    """An append-only sequence, read as often as needed: in memory up to ``bound`` items, then on disk."""

    def __init__(self, spill: Spill, bound: int):
        self.spill, self.bound = spill, bound
        self.memory: list[Any] = []
        self.file: tuple[Path, IO[bytes]] | None = None
        self.count = 0

    def append(self, item: Any) -> None:
        self.memory.append(item)
        self.count += 1
        self._past_bound()

    def extend(self, items: list[Any]) -> None:
        """:meth:`append` each of ``items``."""
        self.memory.extend(items)
        self.count += len(items)
        self._past_bound()

    def _past_bound(self) -> None:
        """What is in memory to disk, once it is ``bound`` items (then a chunk of them at a time)."""
        if len(self.memory) >= (self.bound if self.file is None else CHUNK):
            if self.file is None:
                self.file = self.spill.open("keys")
            dump(*self.file, self.memory)
            self.memory = []

    def __len__(self) -> int:
        return self.count

    @property
    def on_disk(self) -> bool:
        """Whether its items went to a file (past the bound): each reading of it reads the file again."""
        return self.file is not None

    def __iter__(self) -> Iterator[Any]:
        if self.file is not None:
            if not self.file[1].closed:
                self.file[1].flush()
            yield from read(self.file[0])
        yield from self.memory

    def close(self) -> None:
        """Close its file (it is removed with the :class:`Spill` folder)."""
        if self.file is not None:
            close(*self.file)
