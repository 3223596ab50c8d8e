"""How every ``lexc`` command runs, and the commands answered without typer.

typer (with click, and pydantic to convert arguments) takes a tenth of a second or more to import:
more than ``lexc check`` or ``lexc score`` take to do their work. So the console script
(:mod:`lexc.cli.launch`) answers a command listed in :data:`lexc.cli.launch.PLAIN` itself when its
arguments are the plain ones (:class:`Plain`: words, options with a value, flags); anything else
(``--help``, ``--option=value``, a typo, a value missing) goes to typer, which gives the usual help
and messages. Both paths run the same function of the command (``run_check``, ``run_score``,
:func:`lexc.cli.gameplay.play`...) through the same edge, defined here once:

* text arguments composed (NFC) where they enter, but names of files and credentials
  (:func:`typed_arguments`);
* the command run with files written whole (:func:`lexc.atomic.command`), SIGTERM as an interrupt and
  output escaped (:func:`run_command`);
* bad input printed as ``error:`` lines with the library's setting names given as the command's
  flags (:func:`flagged`), status 1; SIGTERM 143, Ctrl-C 130.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from lexc.errors import LexcError, Problem, printable
from lexc.inputs import typed

if TYPE_CHECKING:
    from lexc.catalog import Catalog

__all__ = ["LOOSE_FLAGS", "OPTION_FLAGS", "VERBATIM", "Failed", "Plain", "catalog_of", "failed", "flagged", "flags",
           "print_json", "run_command", "typed_arguments"]

T = TypeVar("T")

#: Text parameters that may name a file (a word list, a corpus, a pack) or are a credential: passed as typed
#: (a file name is bytes on disk; NFC could name another file). Every other text parameter is NFC.
VERBATIM = frozenset({"sources", "source", "corpus", "pack", "token", "host"})

#: Settings the library names as a problem's key, and the flag that gives each on the command line.
OPTION_FLAGS = {"encoding": "--encoding", "max-forms": "--max-forms", "jobs": "--jobs", "upto": "--upto",
                "force": "--force", "langs": "--langs"}
#: The same for problems of no file and line only (a spec's own ``scheme`` key is not the option).
LOOSE_FLAGS = {"scheme": "--scheme", "edition": "--edition"}


def typed_arguments(kwargs: Mapping[str, Any], verbatim: frozenset[str] = VERBATIM) -> dict[str, Any]:
    """The command's text parameters in NFC (:func:`lexc.inputs.typed`), but ``verbatim`` ones: once, at the edge.

    >>> typed_arguments({"word": "N\\u0303", "source": "N\\u0303.txt"}) == {"word": "Ñ", "source": "N\\u0303.txt"}
    True
    """
    def nfc(value: Any) -> Any:
        if isinstance(value, str):
            return typed(value)
        if isinstance(value, list | tuple) and any(isinstance(item, str) for item in value):
            return type(value)(typed(item) if isinstance(item, str) else item for item in value)
        return value

    return {name: value if name in verbatim else nfc(value) for name, value in kwargs.items()}


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


def flagged(err: LexcError) -> LexcError:
    """``err`` with each problem keyed by a setting keyed by its flag instead (:data:`OPTION_FLAGS`)."""
    def flag(p: Problem) -> str | None:
        key = p.key or ""
        loose = LOOSE_FLAGS.get(key) if p.file is None and p.line is None else None
        return OPTION_FLAGS.get(key) or loose or p.key

    return type(err)([Problem(p.file, p.line, flag(p), p.message) for p in err.problems])


def catalog_of(specs: Sequence[str | Path] | None = None, packs: str | Path | None = None,
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


def version_text() -> str:
    """What ``lexc --version`` prints, whether the launcher's fast path answers or typer.

    >>> version_text().startswith("lexc ")
    True
    """
    from lexc import __version__

    return f"lexc {__version__}"


def print_json(data: object) -> None:
    """Print ``data`` as pretty, stable JSON (UTF-8, not escaped)."""
    import json  # here: only --json loads it

    print(json.dumps(data, ensure_ascii=False, indent=2))


class Failed(Exception):
    """A command ended early (its message already printed): the process exits with ``code``."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


def failed(message: str, code: int = 1) -> Failed:
    """Print ``message`` as ``error:`` lines on stderr; the :class:`Failed` of status ``code`` to raise."""
    for line in message.splitlines():
        print(f"error: {printable(line)}", file=sys.stderr)
    return Failed(code)


def run_command(run: Callable[[], T]) -> T:
    """``run()`` as every command runs: files written whole (:func:`lexc.atomic.command`), SIGTERM as an
    interrupt, output escaped; bad input, SIGTERM and Ctrl-C printed as ``error:`` lines and raised as
    :class:`Failed` (status 1, 143, 130); a closed pipe ends quietly (:class:`Failed` 0)."""
    from lexc.atomic import command
    from lexc.cli.output import escaping_output
    from lexc.cli.signals import Terminated, terminating_like_interrupt

    try:
        with command(), terminating_like_interrupt(), escaping_output():  # see lexc.atomic, cli.signals
            return run()
    except LexcError as err:
        raise failed(str(flagged(err)), 1) from None
    except Terminated:
        raise failed("terminated", 143) from None
    except KeyboardInterrupt:
        raise failed("interrupted", 130) from None
    except BrokenPipeError:
        sys.stderr.close()
        raise Failed(0) from None


class Plain:
    """The plain arguments of a command, read without typer: the ``positional`` parameters in order (a
    name ending in ``...`` takes every word left, at least one), options with a value (``values``: option
    to parameter; those in ``many`` repeatable, a list) and ``switches`` (option to parameter, true when
    given). Parameters in ``verbatim`` (file names) are passed as typed, the others in NFC, as typer's path
    does (:func:`typed_arguments`).

    >>> check = Plain(("lang", "words..."), {"--packs": "packs", "--spec": "specs"}, {"--json": "as_json"},
    ...               many=frozenset({"specs"}), verbatim=frozenset({"packs", "specs"}))
    >>> check.parse(["ru", "щи", "--json", "--spec", "eo.toml"])
    {'as_json': True, 'packs': None, 'specs': ['eo.toml'], 'lang': 'ru', 'words': ['щи']}
    >>> check.parse(["ru", "--help"]), check.parse(["ru"]), check.parse(["ru", "щи", "--packs"])
    (None, None, None)

    Not a dataclass: making one costs about a millisecond as its module is imported, on every command.
    """

    __slots__ = ("many", "positional", "switches", "values", "verbatim")

    def __init__(self, positional: tuple[str, ...], values: Mapping[str, str] | None = None,
                 switches: Mapping[str, str] | None = None, many: frozenset[str] = frozenset(),
                 verbatim: frozenset[str] = frozenset()) -> None:
        self.positional = positional
        self.values: Mapping[str, str] = values or {}
        self.switches: Mapping[str, str] = switches or {}
        self.many = many
        self.verbatim = verbatim

    def parse(self, args: Sequence[str]) -> dict[str, Any] | None:
        """The parameters ``args`` give, typed; None when typer should read them (help, an error)."""
        found: dict[str, Any] = {name: False for name in self.switches.values()}
        found |= {name: [] if name in self.many else None for name in self.values.values()}
        given: set[str] = set()
        words: list[str] = []
        i = 0
        while i < len(args):
            arg = args[i]
            if arg in self.switches:
                found[self.switches[arg]] = True
            elif arg in self.values and i + 1 < len(args):
                name = self.values[arg]
                if name in self.many:
                    found[name].append(args[i + 1])
                elif name in given:
                    return None  # given twice: typer's message
                else:
                    found[name] = args[i + 1]
                given.add(name)
                i += 1
            elif arg.startswith("-") and arg != "-":
                return None  # --help, --option=value, a typo, a value missing: typer's job
            else:
                words.append(arg)
            i += 1
        named = self._positional(words)
        if named is None:
            return None
        return typed_arguments(found | named, self.verbatim)

    def _positional(self, words: list[str]) -> dict[str, Any] | None:
        *fixed, last = self.positional
        if last.endswith("..."):
            if len(words) < len(fixed) + 1:
                return None
            return {**dict(zip(fixed, words, strict=False)), last[:-3]: words[len(fixed):]}
        if len(words) != len(self.positional):
            return None
        return dict(zip(self.positional, words, strict=True))
