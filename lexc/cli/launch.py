"""The ``lexc`` console script: commands with plain arguments answered without typer.

The command line is a typer app (:mod:`lexc.cli`); typer alone (with click, and pydantic to
convert arguments) takes a tenth of a second or more to import, more than ``lexc check`` or
``lexc score`` take to do their work. So :func:`main` answers each command of :data:`PLAIN` itself
when its arguments are the plain ones (:class:`lexc.cli.plain.Plain`: words, options with a value,
flags), importing only that command's module; anything else (``--help``, a typo) goes to typer, which
gives the same output and the usual help and messages. Both run the same function of the command
through the same edge (:func:`lexc.cli.plain.run_command`). ``lexc --version`` alone is answered
here too, with typer's words. Every other command loads only its own module
(:data:`lexc.cli.commands.FAST_COMMANDS`).
"""

from __future__ import annotations

import functools
import importlib
import sys
from collections.abc import Callable

from lexc.cli.plain import Failed, run_command, version_text

#: The commands answered without typer: the words naming each, its module, the :class:`~lexc.cli.plain.Plain`
#: reading its arguments and the function doing its work (the one the typer command calls too).
PLAIN = {
    ("check",): ("lexc.cli.check", "CHECK", "run_check"),
    ("score",): ("lexc.cli.scoring", "SCORE", "run_score"),
    ("game", "play"): ("lexc.cli.gameplay", "PLAY", "play"),
    ("game", "pass"): ("lexc.cli.gameplay", "PASS", "pass_turn"),
    ("game", "exchange"): ("lexc.cli.gameplay", "EXCHANGE", "exchange"),
}


def main() -> None:
    """Entry point of the ``lexc`` console script; Ctrl-C during start-up is a message, not a traceback."""
    try:
        _main()
    except KeyboardInterrupt:
        print("error: interrupted", file=sys.stderr)
        sys.exit(130)


def _main() -> None:
    argv = sys.argv[1:]
    if argv == ["--version"]:
        print(version_text())
        sys.exit(0)
    for words, (module, plain, run) in PLAIN.items():
        if tuple(argv[:len(words)]) == words:
            found = importlib.import_module(module)
            parsed = getattr(found, plain).parse(argv[len(words):])
            if parsed is not None:
                _answer(functools.partial(getattr(found, run), **parsed))
            break
    from lexc.cli.commands import main as typer_main

    typer_main()


def _answer(run: Callable[[], object]) -> None:
    """Run a command's work and exit: its status (``lexc check``: 1 when a word is not valid), else 0."""
    try:
        code = run_command(run)
    except Failed as failed:
        sys.exit(failed.code)
    sys.exit(code if isinstance(code, int) else 0)
