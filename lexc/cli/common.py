"""Shared pieces of the typer commands: the app, the catalog options, JSON output and error reporting
(the edge every command shares, typer or not, is :mod:`lexc.cli.plain`)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

import typer

from lexc.cli.plain import Failed, catalog_of, failed, flags, print_json, run_command, typed_arguments

__all__ = ["EDITIONS", "EDITION_HELP", "PACKS", "PACKS_HELP", "SCHEMES", "SCHEME_HELP", "SPECS", "SPEC_HELP", "app",
           "catalog_of", "fail", "flags", "print_json", "reports_errors"]

app = typer.Typer(
    name="lexc",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

F = TypeVar("F", bound=Callable[..., Any])

#: The shipped rulesets as named in ``--ruleset`` help (tests/test_ruleset.py checks them against rulesets/).
RULESETS_HELP = "standard, tournament, polyglot, dover, super, hong-kong, super-catalan"
PACKS_HELP = "Directory of packs (default: $LEXC_PACKS; build/ in a checkout, else the user's data directory)."
SPEC_HELP = ("A spec file outside the shipped languages (repeatable): its language can then be named "
             "like a shipped one; it wins over a shipped spec of the same code.")


SCHEME_HELP = ("LANG=NAME: spell LANG through scheme NAME for this game (repeatable; e.g. he=he-full, ru=ru-yo; "
               "default: the spec's scheme). Its packs are PACKS/LANG.NAME.lexc.")


EDITION_HELP = ("LANG=NAME: play LANG with its tile set NAME (repeatable; e.g. is=original; default: the "
                "spec's default edition; `lexc languages` lists them).")

#: The options every command that reads the catalog shares (:func:`catalog_of` takes their values).
PACKS = typer.Option(None, "--packs", help=PACKS_HELP)
SPECS = typer.Option(None, "--spec", help=SPEC_HELP)
SCHEMES = typer.Option(None, "--scheme", help=SCHEME_HELP)
EDITIONS = typer.Option(None, "--edition", help=EDITION_HELP)


def fail(message: str, code: int = 1) -> None:
    """Print ``error: message`` on stderr and exit with ``code``."""
    raise typer.Exit(failed(message, code).code)


def reports_errors(func: F) -> F:
    """A typer command run as every command runs (:func:`lexc.cli.plain.run_command`): text parameters in
    NFC, bad input a clear message and exit status 1."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        kwargs = typed_arguments(kwargs)
        try:
            return run_command(lambda: func(*args, **kwargs))
        except Failed as failed:
            raise typer.Exit(failed.code) from None

    return wrapper  # type: ignore[return-value]
