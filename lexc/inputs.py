"""The one reader of input files: bounded in size, regular files only, errors that name the file.

Every file lexc reads -- specs, schemes, rulesets, game records, boards, corpora, packs, word
lists, Hunspell dictionaries -- is opened here. A FIFO, a device (``/dev/zero``), a directory
or a socket is refused before it is read; whole-file inputs are read up to a limit per kind
(:data:`LIMITS`) and refused past it, so ``/dev/zero`` or a 10 GB file named as a spec costs
nothing; streamed inputs (word lists, ``.gz`` included) are read through :class:`Bounded`,
which stops at the limit of *decompressed* bytes (a gzip bomb) and turns a truncated or
non-gzip ``.gz`` into a :class:`LexcError`. Each file read is noted as an input of the
running command (:func:`lexc.atomic.note_input`), so no output can be written over it.

>>> read_input("/dev/zero", "spec")
Traceback (most recent call last):
...
lexc.errors.LexcError: /dev/zero: is a character device, not a spec
"""

from __future__ import annotations

import codecs
import gzip
import io
import os
import unicodedata
import zlib
from typing import IO

from lexc.atomic import kind_of, note_input
from lexc.errors import LexcError, Problem

__all__ = ["LIMITS", "MAX_LINE", "Bounded", "not_a_codec", "open_input", "open_stream", "read_input", "read_line",
           "read_number", "read_problem", "text_codec", "typed", "whole_number"]

MB = 1024 * 1024

#: Largest input of each kind, in bytes (decompressed for ``.gz``); docs/development.md says why.
LIMITS: dict[str, int] = {
    "spec": 4 * MB,  # shipped specs are under 20 KB
    "TOML file": 4 * MB,  # specs, schemes, rulesets
    "GCG game record": 1 * MB,  # a game is a few KB (the largest of ../shared/gcg: 3 KB); parsed at ~2 s/MB
    "board": 1 * MB,
    "corpus": 512 * MB,
    "lexicon pack": 512 * MB,  # the largest shipped pack (Polish) is 3.6 MB
    "walk file": 512 * MB,  # a pack's walk (lexc.lexicon.walk): 1-5 bytes per word, the largest about 20 MB
    "word list": 8192 * MB,  # streamed, and a compile spills (lexc.lexicon.spill): the 62 M Hebrew forms are 1.4 GB
    "Hunspell file": 256 * MB,
    "KWG file": 16 * MB,  # 2^22 nodes of 4 bytes, the most a KWG indexes
    "alphabet file": 1 * MB,  # an engine's alphabet is under 1 KB
}
#: A ``.gz`` may hold at most this many times its own size, and at least :data:`GZ_FLOOR` bytes: word lists
#: compress 3-5 times, a gzip bomb a thousand times.
GZ_RATIO = 10
GZ_FLOOR = 2 * MB
#: Longest line of a streamed text input: a word list line is a word and maybe a comment.
MAX_LINE = 1 * MB


def _problem(path: str | os.PathLike[str], message: str, key: str | None = None) -> LexcError:
    return LexcError(Problem(str(path), None, key, message))


def _size(limit: int) -> str:
    return f"{limit // MB:,} MB" if limit >= MB else f"{limit:,} bytes"


def open_input(path: str | os.PathLike[str], what: str, *, key: str | None = None,
               missing: str | None = None) -> IO[bytes]:
    """``path`` opened for reading in binary, after checking it is a regular file.

    A FIFO is opened without blocking (a FIFO named as a spec never hangs lexc), then refused.
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError as err:
        raise _problem(path, missing or f"cannot read: {err.strerror}", key) from None
    except IsADirectoryError:
        raise _problem(path, f"is a directory, not a {what}", key) from None
    except OSError as err:
        raise _problem(path, f"cannot read: {err.strerror or err}", key) from None
    try:
        kind = kind_of(os.fstat(fd).st_mode)
        if kind is not None:
            raise _problem(path, f"is {kind}, not {_article(what)}", key)
        os.set_blocking(fd, True)
        handle = os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
    note_input(path)
    return handle


def _article(what: str) -> str:
    return what if what.startswith(("a ", "an ")) else f"a {what}"


def read_input(path: str | os.PathLike[str], what: str, *, key: str | None = None,
               missing: str | None = None) -> bytes:
    """The bytes of ``path``, a regular file of at most ``LIMITS[what]`` bytes, else a :class:`LexcError`."""
    limit = LIMITS[what]
    with open_input(path, what, key=key, missing=missing) as handle:
        try:
            data = handle.read(limit + 1)
        except OSError as err:
            raise _problem(path, f"cannot read: {err.strerror or err}", key) from None
    if len(data) > limit:
        raise _problem(path, f"larger than {_size(limit)}, the limit for {_article(what)}: not {_article(what)}",
                       key)
    return data


class Bounded(io.RawIOBase):
    """A stream of a file's bytes (decompressed when it ends in ``.gz``) that stops at a limit.

    Past ``LIMITS[what]`` bytes, a truncated or damaged ``.gz``, or a file removed while read:
    a :class:`LexcError` naming the file.
    """

    def __init__(self, path: str | os.PathLike[str], what: str, *, key: str | None = None):
        super().__init__()
        self.path, self.what, self.key, self.limit, self.done = str(path), what, key, LIMITS[what], 0
        self.raw = open_input(path, what, key=key)
        gz = self.path.endswith(".gz")
        self.stream: IO[bytes] | gzip.GzipFile = self.raw
        if gz:
            try:
                self.limit = min(self.limit, max(GZ_FLOOR, GZ_RATIO * os.fstat(self.raw.fileno()).st_size))
                self._prescan()
            except BaseException:
                self.raw.close()
                raise
            self.stream = gzip.GzipFile(fileobj=self.raw)

    def _prescan(self) -> None:
        """Decompress the whole ``.gz`` once, only counting, before a line is read, then rewind.

        zlib decompresses at hundreds of MB a second, the compiler reads a few MB: a gzip bomb, a
        damaged or truncated ``.gz`` are refused in about a second whatever their size, before any
        work on their lines (a 1 MB bomb used to be read for 15 s before its limit was reached). The
        ratio is also checked as the file is read, so a bomb at the start of a 100 MB file is refused
        after a few MB, not after the 1 GB its size would allow.
        """
        stream, size = gzip.GzipFile(fileobj=self.raw), 0
        while chunk := self._read(stream, 1024 * 1024):
            size += len(chunk)
            if size > self.limit:
                raise self._too_long()
            read = self.raw.tell()  # compressed bytes read so far (at least those decompressed)
            if size > GZ_FLOOR + GZ_RATIO * read:  # a bomb in a large file: found at its start, not its end
                raise _problem(self.path, f"more than {_size(size)} of text in its first {_size(read)} (at most "
                                          f"{GZ_RATIO} times, the limit for {_article(self.what)} compressed in "
                                          f"this file): a compressed bomb, or not {_article(self.what)}", self.key)
        self.raw.seek(0)

    def _read(self, stream: IO[bytes] | gzip.GzipFile, size: int) -> bytes:
        try:
            return stream.read(size)
        except (gzip.BadGzipFile, zlib.error) as err:
            raise _problem(self.path, f"not a valid gzip file ({err})", self.key) from None
        except EOFError:
            raise _problem(self.path, "truncated gzip file: it ends before its end marker", self.key) from None
        except OSError as err:
            raise _problem(self.path, f"cannot read: {err.strerror or err}", self.key) from None

    def _too_long(self) -> LexcError:
        return _problem(self.path, f"more than {_size(self.limit)} of text (the limit for {_article(self.what)}"
                                   f"{' compressed in this file' if self.path.endswith('.gz') else ''}): "
                                   f"a compressed bomb, or not {_article(self.what)}", self.key)

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        chunk = self._read(self.stream, len(buffer))
        self.done += len(chunk)
        if self.done > self.limit:
            raise self._too_long()
        buffer[:len(chunk)] = chunk
        return len(chunk)

    def close(self) -> None:
        if not self.closed:
            self.stream.close()
            self.raw.close()
        super().close()


def open_stream(path: str | os.PathLike[str], what: str, *, key: str | None = None) -> io.BufferedReader:
    """A buffered :class:`Bounded` stream of ``path`` (``readline(limit)`` bounds a line)."""
    return io.BufferedReader(Bounded(path, what, key=key), buffer_size=256 * 1024)


def text_codec(name: str) -> str | None:
    """The canonical name of the text encoding ``name``; None when Python knows no such text encoding.

    >>> text_codec("Latin-1"), text_codec("base64"), text_codec("klingon")
    ('iso8859-1', None, None)
    """
    try:
        info = codecs.lookup(name)
    except LookupError:
        return None
    return info.name if getattr(info, "_is_text_encoding", True) else None


def not_a_codec(name: str) -> str:
    """The message for an encoding name :func:`text_codec` refuses.

    >>> not_a_codec("klingon"), not_a_codec("base64")
    ("unknown encoding 'klingon'", "'base64' is not a text encoding (e.g. utf-8, latin-1, cp1252)")
    """
    try:
        codecs.lookup(name)
    except LookupError:
        return f"unknown encoding {name!r}"
    return f"{name!r} is not a text encoding (e.g. utf-8, latin-1, cp1252)"


def read_line(handle: IO[bytes], path: str | os.PathLike[str], number: int) -> bytes:
    """The next line of ``handle`` (b"" at the end); a line over :data:`MAX_LINE` bytes is an error."""
    raw = handle.readline(MAX_LINE + 1)
    if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
        raise LexcError(Problem(str(path), number, None, f"a line longer than {_size(MAX_LINE)}: not a text "
                                                         "file of lines (are the lines broken by CR only?)"))
    return raw



# --------------------------------------------------------------------------- numbers


def whole_number(text: str, *, most: int, least: int = 0) -> int | None:
    """``text`` as a whole number from ``least`` to ``most``, written in ASCII digits; None for anything else.

    The one reader of integers from input (a ruleset's bonus keys, an exchange count, a Hunspell
    alias index, a notation row, a deal seed, a web field). ``int`` reads too much: ``８`` (fullwidth),
    ``٣`` (Arabic-Indic), ``1_000`` and `` 7 ``; ``str.isdigit`` also takes ``²``, which ``int``
    refuses. A leading ``-`` only when ``least`` is negative, no ``+``; leading zeros are allowed,
    and no more digits are converted than the bounds have (a 5,000-digit number costs nothing).

    >>> whole_number("42", most=100), whole_number("007", most=100), whole_number("-3", least=-5, most=5)
    (42, 7, -3)
    >>> [whole_number(t, most=10**6) for t in ("²", "８", "٣", "1_000", " 7", "+7", "-7", "", "9" * 5000)]
    [None, None, None, None, None, None, None, None, None]
    """
    digits = text[1:] if text.startswith("-") and least < 0 else text
    if not digits or not (digits.isascii() and digits.isdigit()):
        return None
    if len(digits.lstrip("0")) > len(str(max(abs(least), abs(most)))):
        return None
    value = int(text)
    return value if least <= value <= most else None


def read_number(text: str, what: str, *, most: int, least: int = 0, file: str | None = None,
                line: int | None = None, key: str | None = None) -> int:
    """``text`` as a whole number (:func:`whole_number`), else a :class:`LexcError` saying what ``what`` must be.

    >>> read_number("٣", "an exchange count", least=1, most=7)
    Traceback (most recent call last):
    ...
    lexc.errors.LexcError: <input>: '٣' is not an exchange count: write a whole number from 1 to 7 in ASCII digits (0-9)
    >>> read_number("9" * 5000, "a seed", least=-2**63, most=2**63 - 1, key="deal")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lexc.errors.LexcError: <input>: deal: '999999999999'... (5,000 characters) is not a seed: write a whole number ...
    """
    value = whole_number(text, most=most, least=least)
    if value is None:
        raise LexcError(Problem(file, line, key, read_problem(text, what, most=most, least=least)))
    return value


def read_problem(text: str, what: str, *, most: int, least: int = 0) -> str:
    """What :func:`read_number` says of ``text`` (cut when long), for callers that report problems their own way.

    >>> read_problem("８", "a row", least=1, most=15)
    "'８' is not a row: write a whole number from 1 to 15 in ASCII digits (0-9)"
    """
    shown = repr(text) if len(text) <= 24 else f"{text[:12]!r}... ({len(text):,} characters)"
    return f"{shown} is not {what}: write a whole number from {least:,} to {most:,} in ASCII digits (0-9)"


# --------------------------------------------------------------------------- typed text


def typed(text: str) -> str:
    """Text a person typed (a play, a rack, letters, a pattern, a word ruled on, a title), in NFC.

    macOS and some keyboards send ``Ñ`` as ``N`` + U+0303 (NFD); every spec face, pack and word
    list is NFC, so typed text is composed once, where it enters: the notation parsers, the
    anagram and pattern letters, a game's rulings and title, every web field.

    >>> typed("N\u0303ANDU\u0301") == "ÑANDÚ", len(typed("N\u0303"))
    (True, 1)
    """
    return text if text.isascii() else unicodedata.normalize("NFC", text)
