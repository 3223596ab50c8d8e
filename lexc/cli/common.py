"""Shared pieces of the CLI: the typer app, JSON output and error reporting."""

from __future__ import annotations

import contextlib
import functools
import json
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import typer

from lexc.atomic import command
from lexc.cli.output import escaping_output
from lexc.cli.signals import Terminated, terminating_like_interrupt
from lexc.errors import LexcError, Problem, printable
from lexc.inputs import typed

if TYPE_CHECKING:
    from lexc.catalog import Catalog

app = typer.Typer(
    name="lexc",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

F = TypeVar("F", bound=Callable[..., Any])

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


def catalog_of(specs: Sequence[Path] | None = None, packs: Path | None = None,
               schemes: Sequence[str] | None = None, editions: Sequence[str] | None = None) -> Catalog:
    """The catalog a command works with (:meth:`lexc.catalog.Catalog.from_environment`), with the
    schemes chosen by ``--scheme LANG=NAME`` (:meth:`lexc.catalog.Catalog.with_schemes`) and the
    tile sets chosen by ``--edition LANG=NAME`` (:meth:`lexc.catalog.Catalog.with_editions`)."""
    from lexc.catalog import Catalog, parse_editions, parse_schemes

    catalog = Catalog.from_environment(specs=specs or (), packs=packs)
    chosen = parse_schemes(schemes)
    catalog = catalog.with_schemes(chosen) if chosen else catalog
    picked = parse_editions(editions)
    return catalog.with_editions(picked) if picked else catalog


@contextlib.contextmanager
def flags(names: Mapping[str, str]) -> Iterator[None]:
    """Errors of the library raised in the block name their options: the problem's key, the
    thing the library names (``players``), becomes the command's flag (``--players``).

    The library never names a flag; only the CLI knows which of its options sets what.
    """
    try:
        yield
    except LexcError as err:
        raise type(err)([Problem(p.file, p.line, names.get(p.key or "", p.key), p.message)
                         for p in err.problems]) from None


#: Settings the library names as a problem's key, and the flag that gives each on the command line.
OPTION_FLAGS = {"encoding": "--encoding", "max-forms": "--max-forms", "jobs": "--jobs", "upto": "--upto",
                "force": "--force", "langs": "--langs"}
#: The same for problems of no file and line only (a spec's own ``scheme`` key is not the option).
LOOSE_FLAGS = {"scheme": "--scheme", "edition": "--edition"}


def flagged(err: LexcError) -> LexcError:
    """``err`` with each problem keyed by a setting keyed by its flag instead (:data:`OPTION_FLAGS`)."""
    def flag(p: Problem) -> str | None:
        key = p.key or ""
        loose = LOOSE_FLAGS.get(key) if p.file is None and p.line is None else None
        return OPTION_FLAGS.get(key) or loose or p.key

    return type(err)([Problem(p.file, p.line, flag(p), p.message) for p in err.problems])


def print_json(data: object) -> None:
    """Print ``data`` as pretty, stable JSON (UTF-8, not escaped)."""
    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))


def fail(message: str, code: int = 1) -> None:
    """Print ``error: message`` on stderr and exit with ``code``."""
    for line in message.splitlines():
        print(f"error: {printable(line)}", file=sys.stderr)
    raise typer.Exit(code)


#: Text parameters that may name a file (a word list, a corpus, a pack) or are a credential: passed as typed
#: (a file name is bytes on disk; NFC could name another file). Every other text parameter is NFC.
VERBATIM = frozenset({"sources", "source", "corpus", "pack", "token", "host"})


def _typed_arguments(kwargs: dict[str, Any]) -> dict[str, Any]:
    """The command's text parameters in NFC (:func:`lexc.inputs.typed`), but :data:`VERBATIM`: once, at the edge."""
    def nfc(value: Any) -> Any:
        if isinstance(value, str):
            return typed(value)
        if isinstance(value, list | tuple) and any(isinstance(item, str) for item in value):
            return type(value)(typed(item) if isinstance(item, str) else item for item in value)
        return value

    return {name: value if name in VERBATIM else nfc(value) for name, value in kwargs.items()}


def reports_errors(func: F) -> F:
    """Turn :class:`LexcError` (bad input) into a clear message and exit status 1; text parameters in NFC."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        kwargs = _typed_arguments(kwargs)
        try:
            with command(), terminating_like_interrupt(), escaping_output():  # see lexc.atomic, cli.signals
                return func(*args, **kwargs)
        except LexcError as err:
            fail(str(flagged(err)), 1)
        except Terminated:
            fail("terminated", 143)
        except KeyboardInterrupt:
            fail("interrupted", 130)
        except BrokenPipeError:
            sys.stderr.close()
            raise typer.Exit(0) from None

    return wrapper  # type: ignore[return-value]
