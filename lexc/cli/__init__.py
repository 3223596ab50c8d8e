"""The ``lexc`` command: a thin layer over the library.

:mod:`lexc.cli.commands` assembles the typer app from one module per group of commands;
:mod:`lexc.cli.launch` is the console script, which answers ``lexc check``, ``lexc score`` and
``lexc game play``/``pass``/``exchange`` with plain arguments without loading typer
(:mod:`lexc.cli.plain`: the edge both paths share). ``lexc.cli.app`` and ``lexc.cli.main`` are loaded on first
use, so importing this package costs nothing.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["app", "main"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        return getattr(importlib.import_module("lexc.cli.commands"), name)
    raise AttributeError(f"module 'lexc.cli' has no attribute {name!r}")
