"""The ``lexc`` console script, with a fast start for ``lexc check``.

The command line is a typer app (:mod:`lexc.cli`); typer alone (it loads pydantic to
convert arguments) takes about a quarter of a second to import. ``lexc check LANG WORD
...`` is the command people run in a loop, so :func:`main` answers it without typer
when its arguments are the plain ones (words, ``--json``, ``--pack FILE``,
``--packs DIR``); anything else (``--help``, a typo) goes to typer, which gives the
same output and the usual help and messages. :func:`check_word` is the check itself,
shared by both paths.

>>> parse_check(["ru", "щи", "--json", "--packs", "/tmp/p"])
('ru', ['щи'], True, None, '/tmp/p')
>>> parse_check(["ru", "--help"]) is None
True
"""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING

from .errors import LexcError, Problem

if TYPE_CHECKING:
    from .pack import Pack


def _is_board(word: str) -> bool:
    return word.isascii() and word.isalpha()


def _tiles(tiles: list[tuple[str, int, str]]) -> list[dict[str, object]]:
    return [{"face": f, "points": p, "board": b} for f, p, b in tiles]


def _value(tiles: list[tuple[str, int, str]]) -> int:
    return sum(p for _, p, b in tiles if b)  # a tile written with no board letter has no square


def check_word(pack: Pack, word: str) -> dict[str, object]:
    """Whether ``word`` (a native word or a board spelling) is in ``pack``, with its spellings and value.

    The value is that of the native word typed if it is in the pack, else the highest of
    the board spelling's native words; for a word not in the pack, its own tiling's.
    """
    spelled = None
    if not _is_board(word):
        from .normalize import Normaliser, Unspellable
        from .spec import get_spec

        try:
            spelled = Normaliser(get_spec(pack.lang)).spell(word)
        except Unspellable as err:
            return {"word": word, "lang": pack.lang, "valid": False, "board": None, "native": [], "value": None,
                    "tiles": [], "reason": err.reason}
        board = spelled.board
    else:
        board = word.upper()
    records = pack.records(board)
    result: dict[str, object] = {"word": word, "lang": pack.lang, "valid": bool(records), "board": board,
                                 "native": [native for native, _ in records]}
    if records:
        scored = [(native, pack.tiles(board, tiling)) for native, tiling in records]
        typed = [s for s in scored if spelled is not None and s[0] == spelled.native]
        chosen = typed[0] if typed else max(scored, key=lambda s: _value(s[1]))
        result["value"] = _value(chosen[1])
        result["tiles"] = _tiles(chosen[1])
        result["spellings"] = [{"native": n, "value": _value(t), "tiles": _tiles(t)} for n, t in scored]
    elif spelled is not None:
        result["value"] = spelled.value
        result["tiles"] = [t.to_json() for t in spelled.tiles]
    else:
        tiling = pack.coder.default_tiling(board)
        tiles = pack.tiles(board, tiling) if tiling is not None else []
        result["value"] = _value(tiles) if tiling is not None else None
        result["tiles"] = _tiles(tiles)
    return result


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


def run_check(lang: str, words: list[str], as_json: bool, pack_file: str | None, packs: str | None) -> int:
    """``lexc check``: print the results; 0 if every word is valid, else 1."""
    from .pack import find_pack, open_pack
    from .paths import languages_dir

    if not (languages_dir() / f"{lang}.toml").is_file():
        from .spec import get_spec

        get_spec(lang)  # an unknown language is named as such, not as a missing pack
    pack = open_pack(pack_file) if pack_file is not None else find_pack(lang, packs)
    if pack.lang != lang:
        raise LexcError(Problem(str(pack.path), None, None, f"holds language {pack.lang!r}, not {lang!r}"))
    results = [check_word(pack, word) for word in words]
    if as_json:
        print(json.dumps(results, ensure_ascii=False, indent=2))
    else:
        for result in results:
            print(check_line(result))
    return 0 if all(r["valid"] for r in results) else 1


def parse_check(args: list[str]) -> tuple[str, list[str], bool, str | None, str | None] | None:
    """The arguments of ``lexc check`` when they are plain; None when typer should read them."""
    positional: list[str] = []
    as_json, pack_file, packs = False, None, None
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--json":
            as_json = True
        elif arg in ("--pack", "--packs") and i + 1 < len(args):
            if arg == "--pack":
                pack_file = args[i + 1]
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
    return positional[0], positional[1:], as_json, pack_file, packs


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
    from .cli import main as typer_main

    typer_main()
