"""What the CLI prints reaches the terminal inert: control characters from input are written as escapes."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from typing import Any

from lexc.errors import LexcError, Problem, printable

__all__ = ["Escaping", "escaping_output", "raw"]


class Escaping:
    """A text stream that writes control characters as escapes (:func:`lexc.errors.printable`).

    While a command runs, ``sys.stdout`` and ``sys.stderr`` are wrapped in one, so a GCG nickname
    or a spec name holding ESC sequences reaches the terminal inert, whatever prints it. rich
    consoles, which write their own escape sequences, use :func:`raw` and escape their cells.
    """

    def __init__(self, inner: Any):
        self.inner = inner

    def write(self, text: str) -> int:
        if not isinstance(text, str):  # what a text stream says (click probes streams with write(b""))
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        if not text:  # click probes a stream with write(""): nothing to write, nothing to fail
            return 0
        try:
            self.inner.write(printable(text))
        except BrokenPipeError:
            raise
        except OSError as err:  # a full disk, an I/O error: said once, on stderr, not a traceback
            name = getattr(self.inner, "name", None)
            self._drop_buffer()
            raise LexcError(Problem(name if isinstance(name, str) else "<output>", None, None,
                                    f"cannot write: {err.strerror or err}")) from None
        return len(text)

    def flush(self) -> None:
        try:
            self.inner.flush()
        except BrokenPipeError:
            raise
        except OSError as err:
            self._drop_buffer()
            raise LexcError(Problem(str(getattr(self.inner, "name", "<output>")), None, None,
                                    f"cannot write: {err.strerror or err}")) from None

    def _drop_buffer(self) -> None:
        """Forget what could not be written, so the interpreter does not try again at exit."""
        with contextlib.suppress(Exception):
            fd = self.inner.fileno()
            os.dup2(os.open(os.devnull, os.O_WRONLY), fd)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def raw(stream: Any) -> Any:
    """The stream under an :class:`Escaping` wrapper (for rich, which writes escape sequences itself)."""
    return stream.inner if isinstance(stream, Escaping) else stream


@contextlib.contextmanager
def escaping_output() -> Iterator[None]:
    """``sys.stdout`` and ``sys.stderr`` wrapped in :class:`Escaping` within the block."""
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = Escaping(raw(sys.stdout)), Escaping(raw(sys.stderr))
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved
