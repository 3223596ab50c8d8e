"""The ``lexc`` console script, with a fast start for ``lexc check`` and ``lexc score``.

The command line is a typer app (:mod:`lexc.cli`); typer alone (it loads pydantic to
convert arguments) takes about a quarter of a second to import. ``lexc check LANG WORD
...`` is the command people run in a loop, so :func:`main` answers it without typer
when its arguments are the plain ones (words, ``--json``, ``--pack FILE``,
``--packs DIR``); anything else (``--help``, a typo) goes to typer, which gives the
same output and the usual help and messages (:mod:`lexc.cli.check`). ``lexc score`` likewise
(:mod:`lexc.cli.scoring`), and every other command loads only its own module
(:data:`lexc.cli.commands.FAST_COMMANDS`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from lexc.cli.output import escaping_output
from lexc.errors import LexcError, printable


def main() -> None:
    """Entry point of the ``lexc`` console script; Ctrl-C during start-up is a message, not a traceback."""
    try:
        _main()
    except KeyboardInterrupt:
        print("error: interrupted", file=sys.stderr)
        sys.exit(130)


def _answer(run: Callable[[], object]) -> None:
    """Run a command answered without typer as typer's would be: output escaped, files written whole
    (:func:`lexc.atomic.command`), bad input an ``error:`` line and status 1, SIGTERM status 143."""
    from lexc.atomic import command
    from lexc.cli.signals import Terminated, terminating_like_interrupt

    try:
        with command(), terminating_like_interrupt(), escaping_output():
            run()
    except LexcError as err:
        for line in str(err).splitlines():
            print(f"error: {printable(line)}", file=sys.stderr)
        sys.exit(1)
    except Terminated:
        print("error: terminated", file=sys.stderr)
        sys.exit(143)
    except BrokenPipeError:
        sys.stderr.close()
    sys.exit(0)


def _main() -> None:
    from lexc.cli.check import parse_check, run_check

    argv = sys.argv[1:]
    if argv[:1] == ["check"]:
        parsed = parse_check(argv[1:])
        if parsed is not None:
            try:
                with escaping_output():  # natives from a stranger's pack reach the terminal inert
                    code = run_check(*parsed)
                sys.exit(code)
            except LexcError as err:
                for line in str(err).splitlines():
                    print(f"error: {printable(line)}", file=sys.stderr)
                sys.exit(1)
            except BrokenPipeError:
                sys.exit(0)
    if argv[:1] == ["score"]:
        from lexc.cli.scoring import parse_score, run_score

        plain = parse_score(argv[1:])
        if plain is not None:
            _answer(lambda: run_score(**plain))  # type: ignore[arg-type]
    from lexc.cli.commands import main as typer_main

    typer_main()
