"""The ``lexc`` console script, with a fast start for ``lexc check``.

The command line is a typer app (:mod:`lexc.cli`); typer alone (it loads pydantic to
convert arguments) takes about a quarter of a second to import. ``lexc check LANG WORD
...`` is the command people run in a loop, so :func:`main` answers it without typer
when its arguments are the plain ones (words, ``--json``, ``--pack FILE``,
``--packs DIR``); anything else (``--help``, a typo) goes to typer, which gives the
same output and the usual help and messages. The check itself is
:func:`lexc.lexicon.lookup.check_word`, shared by both paths.

>>> parse_check(["ru", "щи", "--json", "--packs", "/tmp/p", "--spec", "eo.toml"])
('ru', ['щи'], True, None, '/tmp/p', ['eo.toml'])
>>> parse_check(["ru", "--help"]) is None
True
"""

from __future__ import annotations

import json
import sys

from lexc.errors import LexcError


def check_line(result: dict[str, object]) -> str:
    """One line of ``lexc check`` text output."""
    mark = "valid  " if result["valid"] else "invalid"
    if result["board"] is None:
        return f"{mark} {result['word']} ({result['lang']}): {result.get('reason')}"
    tiles: list[dict[str, object]] = result.get("tiles") or []  # type: ignore[assignment]
    shown = "·".join(f"{t['face']}{t['points']}" for t in tiles)
    natives: list[str] = result["native"]  # type: ignore[assignment]
    return (f"{mark} {result['word']} ({result['lang']}): board {result['board']}, "
            f"native {', '.join(natives) if natives else '-'}, value {result['value']}"
            + (f" ({shown})" if shown else ""))


def run_check(lang: str, words: list[str], as_json: bool, pack_file: str | None, packs: str | None,
              specs: list[str] | None = None) -> int:
    """``lexc check``: print the results; 0 if every word is valid, else 1."""
    from lexc.catalog import Catalog
    from lexc.lexicon.lookup import check_word

    catalog = Catalog.from_environment(specs=specs or (), packs=packs)
    language = catalog.language(lang)  # an unknown language is named as such, not as a missing pack
    pack = catalog.pack(lang, pack_file)
    results = [check_word(pack, word, language) for word in words]
    if as_json:
        print(json.dumps(results, ensure_ascii=False, indent=2))
    else:
        for result in results:
            print(check_line(result))
    return 0 if all(r["valid"] for r in results) else 1


def parse_check(args: list[str]) -> tuple[str, list[str], bool, str | None, str | None, list[str]] | None:
    """The arguments of ``lexc check`` when they are plain; None when typer should read them."""
    positional: list[str] = []
    as_json, pack_file, packs, specs = False, None, None, []
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--json":
            as_json = True
        elif arg in ("--pack", "--packs", "--spec") and i + 1 < len(args):
            if arg == "--pack":
                pack_file = args[i + 1]
            elif arg == "--spec":
                specs.append(args[i + 1])
            else:
                packs = args[i + 1]
            i += 1
        elif arg.startswith("-"):
            return None  # --help, --pack=FILE, a typo: typer's job
        else:
            positional.append(arg)
        i += 1
    if len(positional) < 2:
        return None
    return positional[0], positional[1:], as_json, pack_file, packs, specs


def main() -> None:
    """Entry point of the ``lexc`` console script."""
    argv = sys.argv[1:]
    if argv[:1] == ["check"]:
        parsed = parse_check(argv[1:])
        if parsed is not None:
            try:
                sys.exit(run_check(*parsed))
            except LexcError as err:
                for line in str(err).splitlines():
                    print(f"error: {line}", file=sys.stderr)
                sys.exit(1)
            except BrokenPipeError:
                sys.exit(0)
    from lexc.cli import main as typer_main

    typer_main()
