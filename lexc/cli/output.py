"""What the CLI prints reaches the terminal inert: control characters from input are written as escapes."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from typing import Any

from lexc.errors import printable

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
        self.inner.write(printable(text))
        return len(text)

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
