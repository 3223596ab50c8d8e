"""``lexc check``'s work, without typer: :mod:`lexc.cli.packs` declares the command, and
:mod:`lexc.cli.launch` answers plain invocations (:data:`CHECK`) here directly; both run
:func:`run_check`, so both print the same. The check itself is :func:`lexc.lexicon.lookup.check_word`.

>>> CHECK.parse(["ru", "щи", "--json", "--packs", "/tmp/p", "--spec", "eo.toml"])["specs"]
['eo.toml']
>>> CHECK.parse(["ru", "--help"]) is None
True
"""

from __future__ import annotations

from lexc.cli.plain import Plain, catalog_of, print_json

#: The plain arguments of ``lexc check`` (anything else goes to typer).
CHECK = Plain(("lang", "words..."),
              {"--pack": "pack_file", "--packs": "packs", "--spec": "specs", "--scheme": "schemes"},
              {"--json": "as_json"}, many=frozenset({"specs", "schemes"}),
              verbatim=frozenset({"pack_file", "packs", "specs"}))


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
    from lexc.lexicon.lookup import check_word

    catalog = catalog_of(specs, packs, schemes)
    language = catalog.language(lang)  # an unknown language is named as such, not as a missing pack
    pack = catalog.pack(lang, pack_file)
    results = [check_word(pack, word, language, spellings=as_json) for word in words]
    if as_json:
        print_json(results)
    else:
        for result in results:
            print(check_line(result))
    return 0 if all(r["valid"] for r in results) else 1
