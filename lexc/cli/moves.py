"""``lexc best``, ``lexc anagram``, ``lexc pattern``: best plays and word study (docs/moves.md)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import typer

from lexc.catalog import Catalog
from lexc.cli.common import PACKS, RULESETS_HELP, SPECS, app, catalog_of, print_json, reports_errors
from lexc.errors import LexcError, Problem
from lexc.inputs import read_input


def _languages(record: Any, ruleset: Any, catalog: Catalog) -> list[str]:
    """The languages ``lexc best`` searches without ``--langs``: a game's agreed languages (``#note
    langs:``), else its default language and those its words were designated so far that have a
    pack; without a game, the ruleset's default language. Never every pack."""
    from lexc.game.setup import agreed_languages
    from lexc.records.replay import designated_languages

    default = ruleset.polyglot.default_lang
    if record is None:
        return [default]
    agreed = [catalog.canonical(code) for code in agreed_languages(record)]
    if agreed:  # those with a pack; when none has one, the finder names the missing pack
        return [code for code in agreed if code in catalog.pack_languages()] or agreed
    first = catalog.canonical(record.lang or default)
    used = sorted(catalog.canonical(code) for code in designated_languages(record, ruleset))
    built = set(catalog.pack_languages())
    return [first, *(code for code in used if code != first and code in built)]


def _position(game: Path | None, upto: int | None, board_file: Path | None, ruleset_name: str | None,
              lang: str | None, catalog: Catalog) -> tuple[Any, Any, str | None, Any]:
    """The board, its ruleset, the rack of the player to move (from the game record, if any) and the record."""
    from lexc.engine.board import Board
    from lexc.engine.moves import board_from_text

    if game is not None and board_file is not None:
        raise LexcError(Problem(None, None, "--board", "give --game or --board, not both"))
    if upto is not None and game is None:
        raise LexcError(Problem(None, None, "--upto", "needs --game"))
    if game is not None:
        from lexc.records import gcg, replay
        from lexc.records.gcg import Kind

        record = gcg.read(game)
        board, ruleset = replay.position(record, catalog, upto, ruleset=ruleset_name)
        if lang and ruleset.polyglot is None and lang != ruleset.tiles:
            raise LexcError(Problem(str(game), None, "--lang", f"the game is played with {ruleset.tiles} tiles"))
        index = len(record.events) if upto is None else upto
        event = record.events[index] if index < len(record.events) else None
        rack = event.rack if event is not None and event.kind is Kind.PLAY and event.rack else None
        return board, ruleset, rack, record
    ruleset = catalog.ruleset(ruleset_name or "standard")
    if lang and ruleset.polyglot is None and lang != ruleset.tiles:
        ruleset = ruleset.with_tiles(catalog.language(lang))
    if board_file is not None:
        try:
            text = read_input(board_file, "board").decode("utf-8")
        except UnicodeDecodeError as err:
            raise LexcError(Problem(str(board_file), None, None, f"cannot read: {err}")) from None
        return board_from_text(text, ruleset, str(board_file)), ruleset, None, None
    return Board.empty(ruleset), ruleset, None, None


@app.command()
@reports_errors
def best(
    rack: str = typer.Argument(None, metavar="RACK", help="The rack, '?' for a blank (default: the rack the game "
                               "record gives the player to move)."),
    game: Path = typer.Option(None, "--game", help="Find plays on the position of this GCG game record."),
    upto: int = typer.Option(None, "--upto", help="With --game: the position after the first N events."),
    board_file: Path = typer.Option(None, "--board", help="A board in text: one line per row, '.' for an empty "
                                    "square, lower case for a blank (as `lexc replay --json` rows)."),
    ruleset_name: str = typer.Option(None, "--ruleset", "-r", help=f"{RULESETS_HELP} or a TOML file "
                                     "(default: standard, or the game's)."),
    lang: str = typer.Option(None, "--lang", help="An ordinary game of this language (its own tiles on the board)."),
    langs: str = typer.Option(None, "--langs", help="Polyglot: the allowed languages, comma-separated, ties to the "
                              "first (default: the game's agreed languages, else its language and those its words "
                              "were designated; without --game, the ruleset's language)."),
    top: int = typer.Option(10, "--top", "-n", help="How many plays to show (0: all). Only these are searched "
                            "for: what cannot reach them is skipped."),
    every: bool = typer.Option(False, "--all", help="Search every legal play and count them (the full "
                               "enumeration), then show the first --top."),
    packs: Path = PACKS,
    spec: list[Path] = SPECS,
    explain: bool = typer.Option(False, "--explain", help="Explain each play's score word by word."),
    json: bool = typer.Option(False, "--json", help="Print the plays as JSON, each with its scored words."),
) -> None:
    """The best plays of a rack on a position, scored, the best N shown (with --all, every legal play counted).

    In Polyglot each word is designated the allowed language in which it is valid and scores
    highest. Exit status 1 on bad input (rack, position, missing pack).
    """
    from lexc.engine.moves import MoveFinder

    catalog = catalog_of(spec, packs)
    lang = catalog.canonical(lang) if lang else lang  # any ISO 639 code: spa is es
    board, ruleset, recorded, record = _position(game, upto, board_file, ruleset_name, lang, catalog)
    chosen = rack or recorded
    if not chosen:
        raise LexcError(Problem(None, None, "RACK", "give the rack (the game record has none for this position)"))
    rack = chosen
    if top < 0:
        raise LexcError(Problem(None, None, "--top", f"must be 0 (all) or more, not {top}"))
    allowed = [catalog.canonical(lg.strip()) for lg in langs.split(",") if lg.strip()] if langs else None
    if allowed is None and ruleset.polyglot is not None:
        allowed = _languages(record, ruleset, catalog)
    finder = MoveFinder.from_packs(ruleset, catalog, allowed)
    full = every or top == 0
    moves = finder.moves(board, rack, top=None if full else top)
    shown = moves if top == 0 else moves[:top]
    lexicons = catalog.lexicons(finder.langs)
    results = [m.result(board, ruleset, catalog=catalog, lexicons=lexicons) for m in shown]
    if json:
        print_json({"ruleset": ruleset.name, "tiles": ruleset.tiles, "langs": list(finder.langs), "rack": rack,
                    "count": len(moves) if full else None,
                    "moves": [{**m.to_json(), "words": [w.to_json() for w in r.words], "bonus": r.bonus}
                              for m, r in zip(shown, results, strict=True)]})
        return
    _echo_moves(rack, top, moves if full else None, shown, results, _searched(ruleset, finder.langs, langs), explain)


def _searched(ruleset: Any, langs: Sequence[str], given: str | None) -> str:
    """What a search was over, for the heading: the ruleset and its languages or tiles."""
    chosen_by = "" if given or not ruleset.polyglot else " (--langs to search others)"
    return f"{ruleset.name}" + (f", languages {', '.join(langs)}{chosen_by}" if ruleset.polyglot else
                                f", {ruleset.tiles} tiles")


def _echo_moves(rack: str, top: int, counted: Sequence[Any] | None, shown: Sequence[Any], results: Sequence[Any],
                where: str, explain: bool) -> None:
    """The plays found, ranked, under a heading: every legal play counted (``counted``), or the best."""
    if counted is not None:
        typer.echo(f"{len(counted):,} legal play{'' if len(counted) == 1 else 's'} of {rack} ({where})")
    else:
        typer.echo(f"{'best play' if top == 1 else f'{top} best plays'} of {rack} ({where})" if shown
                   else f"no legal play of {rack} ({where})")
    width = max((len(str(m)) for m in shown), default=0)
    for rank, (move, result) in enumerate(zip(shown, results, strict=True), 1):
        typer.echo(f"{rank:3d}. {move!s:{width}s}  {move.score:4d}")
        if explain:
            for line in result.explain().splitlines()[1:]:
                typer.echo(f"       {line}")


def _walk(lang: str, catalog: Catalog) -> tuple[Any, Any]:
    from lexc.lexicon.walk import walk_of

    catalog.language(lang)  # an unknown language is named as such, not as a missing pack
    pack = catalog.pack(lang)
    return pack, walk_of(pack, "board")


@app.command()
@reports_errors
def anagram(
    lang: str = typer.Argument(..., help="Language code (a pack must be built)."),
    letters: str = typer.Argument(..., help="Letters, '?' for a blank; A–Z or native (щиа)."),
    all_lengths: bool = typer.Option(False, "--all", help="Sub-anagrams too: every word of 2 or more of the letters."),
    limit: int = typer.Option(0, "--limit", help="Show at most this many (0: all)."),
    packs: Path = PACKS,
    spec: list[Path] = SPECS,
    json: bool = typer.Option(False, "--json", help="Print the words as JSON."),
) -> None:
    """Words made of the letters (board spellings), with their native spellings and values.

    Also says whether the letters are valid in Clabbers (some anagram of them is a word).
    """
    from lexc.lexicon.study import anagrams, board_letters, describe

    catalog = catalog_of(spec, packs)
    board = board_letters(catalog.language(lang), letters)
    plain, blanks = board.replace("?", ""), board.count("?")
    if len(plain) + blanks < 2:
        raise LexcError(Problem(None, None, letters, "give at least two letters or blanks"))
    pack, walk = _walk(lang, catalog)
    found = anagrams(walk, plain, blanks, all_lengths=all_lengths)
    full = len(plain) + blanks
    clabbers = any(len(w) == full for w, _ in found)
    found.sort(key=lambda item: (-len(item[0]), item[0]))
    shown = found[:limit] if limit > 0 else found
    described = [describe(pack, word, used) for word, used in shown]
    if json:
        print_json({"lang": lang, "letters": letters, "board_letters": board, "all": all_lengths,
                    "count": len(found), "clabbers": clabbers, "words": [d.to_json() for d in described]})
        return
    what = ("word" if all_lengths else "anagram") + ("" if len(found) == 1 else "s")
    typer.echo(f"{len(found):,} {what} of {board} in {lang}; Clabbers: {'valid' if clabbers else 'not valid'}")
    for item in described:
        typer.echo(f"  {item}")


@app.command()
@reports_errors
def pattern(
    lang: str = typer.Argument(..., help="Language code (a pack must be built)."),
    text: str = typer.Argument(..., metavar="PATTERN", help="Letters, ? (any letter), * (any run), [ABC] (a class)."),
    limit: int = typer.Option(200, "--limit", help="Show at most this many (0: all)."),
    packs: Path = PACKS,
    spec: list[Path] = SPECS,
    json: bool = typer.Option(False, "--json", help="Print the words as JSON."),
) -> None:
    """Words matching a pattern of board letters, with their native spellings and values."""
    from lexc.lexicon.study import board_letters, describe
    from lexc.lexicon.study import pattern as match

    catalog = catalog_of(spec, packs)
    board = board_letters(catalog.language(lang), text, keep="?*[]")
    pack, walk = _walk(lang, catalog)
    found = match(walk, board, limit=limit if limit > 0 else None)
    described = [describe(pack, word) for word in found]
    if json:
        print_json({"lang": lang, "pattern": text, "board_pattern": board, "count": len(found),
                    "limited": limit > 0 and len(found) >= limit, "words": [d.to_json() for d in described]})
        return
    more = " (limit reached: --limit 0 shows all)" if limit > 0 and len(found) >= limit else ""
    typer.echo(f"{len(found):,} word{'' if len(found) == 1 else 's'} match{'es' if len(found) == 1 else ''} "
               f"{board} in {lang}{more}")
    for item in described:
        typer.echo(f"  {item}")
