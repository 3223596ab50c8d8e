"""The typer app of the ``lexc`` command, with every command registered on it.

Each group of commands lives in its own module and registers itself on :data:`app`:
``specs`` (languages, validate), ``translit``, ``packs`` (build, compile, info, check),
``play`` (score, replay). Every command that reports something has ``--json``; bad
input is printed as ``error: file:line: key: message`` with exit status 1 or 2, never a
traceback.
"""

from __future__ import annotations

import importlib
import os
import sys

import typer

from lexc.cli.common import app
from lexc.cli.plain import version_text

__all__ = ["app", "main"]

#: Command modules, imported in this order; each registers its commands on ``app``.
COMMAND_MODULES = ("specs", "translit", "packs", "play", "assess", "replay", "game", "serve", "moves", "export",
                   "selfplay")


def _version(value: bool) -> None:
    if value:
        typer.echo(version_text())
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help="Print the version and exit."),
) -> None:
    """lexc: multilingual Scrabble lexicons, tile sets and Polyglot scoring.

    Build lexicon packs from real word lists, spell and score words of any shipped
    language on an English board (Polyglot Scrabble), and validate tile sets.
    """


#: The module of each command: run as ``lexc COMMAND``, only that module is imported (``lexc score``
#: does not load the move finder, the web server, the assessment's measures or the game package).
#: ``lexc``, ``lexc --help`` and anything unknown load every module.
FAST_COMMANDS = {"check": "packs", "info": "packs", "build": "packs", "compile": "packs",
                 "languages": "specs", "validate": "specs", "translit": "translit", "score": "play", "rulesets": "play",
                 "replay": "replay", "game": "game", "serve": "serve", "best": "moves", "anagram": "moves",
                 "pattern": "moves", "assess": "assess", "suggest": "assess"}


def _modules() -> tuple[str, ...]:
    argv = sys.argv
    if len(argv) > 1 and os.path.basename(argv[0]) == "lexc" and argv[1] in FAST_COMMANDS:
        return (FAST_COMMANDS[argv[1]],)
    return COMMAND_MODULES


for _name in _modules():
    importlib.import_module(f"lexc.cli.{_name}")


def main() -> None:
    """Entry point of the console script."""
    sys.exit(app())
