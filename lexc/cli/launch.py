"""The ``lexc`` console script, with a fast start for ``lexc check``.

The command line is a typer app (:mod:`lexc.cli`); typer alone (it loads pydantic to
convert arguments) takes about a quarter of a second to import. ``lexc check LANG WORD
...`` is the command people run in a loop, so :func:`main` answers it without typer
when its arguments are the plain ones (words, ``--json``, ``--pack FILE``,
``--packs DIR``); anything else (``--help``, a typo) goes to typer, which gives the
same output and the usual help and messages (:mod:`lexc.cli.check`).
"""

from __future__ import annotations

import sys

from lexc.cli.output import escaping_output
from lexc.errors import LexcError, printable


def main() -> None:
    """Entry point of the ``lexc`` console script; Ctrl-C during start-up is a message, not a traceback."""
    try:
        _main()
    except KeyboardInterrupt:
        print("error: interrupted", file=sys.stderr)
        sys.exit(130)


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
    from lexc.cli.commands import main as typer_main

    typer_main()
