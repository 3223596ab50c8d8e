"""``lexc check`` without typer: the plain arguments read by hand, the results printed.

:mod:`lexc.cli.launch` answers ``lexc check LANG WORD ...`` with these when the arguments
are the plain ones; the typer command (:mod:`lexc.cli.packs`) calls :func:`run_check` too,
so both print the same. The check itself is :func:`lexc.lexicon.lookup.check_word`.

>>> parse_check(["ru", "щи", "--json", "--packs", "/tmp/p", "--spec", "eo.toml"])
('ru', ['щи'], True, None, '/tmp/p', ['eo.toml'])
>>> parse_check(["ru", "--help"]) is None
True
"""

from __future__ import annotations

import json


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
              specs: list[str] | None = None, schemes: list[str] | None = None) -> int:
    """``lexc check``: print the results; 0 if every word is valid, else 1 (``schemes``: ``LANG=NAME``)."""
    from lexc.catalog import Catalog
    from lexc.inputs import typed
    from lexc.lexicon.lookup import check_word

    words = [typed(word) for word in words]  # the fast start (lexc.cli.launch) skips typer's edge: NFC here too
    catalog = Catalog.from_environment(specs=specs or (), packs=packs)
    if schemes:
        from lexc.catalog import parse_schemes

        catalog = catalog.with_schemes(parse_schemes(schemes))
    language = catalog.language(lang)  # an unknown language is named as such, not as a missing pack
    pack = catalog.pack(lang, pack_file)
    results = [check_word(pack, word, language, spellings=as_json) for word in words]
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
