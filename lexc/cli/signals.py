"""SIGTERM handled like SIGINT: the command stops where it is and cleans up on the way out.

Python turns SIGINT into :class:`KeyboardInterrupt`, so ``finally`` blocks and the atomic
writer's clean-up (:mod:`lexc.atomic`: the temporary file is removed) run. SIGTERM's default
action ends the process on the spot and left a pack's temporary file behind. While a command
runs, :func:`terminating_like_interrupt` makes SIGTERM raise :class:`Terminated` (a
:class:`KeyboardInterrupt`) instead; the CLI reports it as ``error: terminated``, exit 143.
"""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterator
from types import FrameType

__all__ = ["Terminated", "terminating_like_interrupt"]


class Terminated(KeyboardInterrupt):
    """SIGTERM arrived: raised where the program was, like Ctrl-C."""


def _raise_terminated(signum: int, frame: FrameType | None) -> None:
    raise Terminated()


@contextlib.contextmanager
def terminating_like_interrupt() -> Iterator[None]:
    """Within the block, SIGTERM raises :class:`Terminated` (main thread only; elsewhere nothing changes)."""
    elsewhere = False
    try:
        previous = signal.signal(signal.SIGTERM, _raise_terminated)
    except ValueError:  # not the main thread, the only one that may set a handler (threading is not loaded)
        elsewhere = True
    if elsewhere:  # the block runs outside the handler: its errors carry no context of this one
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
