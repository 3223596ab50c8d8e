"""``lexc score``: one play scored and explained (``lexc replay`` is in :mod:`lexc.cli.replay`)."""

from __future__ import annotations

import importlib
from pathlib import Path

import typer

from ..board import Board
from ..errors import LexcError, Problem
from ..lexicon import Lexicon
from ..notation import Play, parse_play
from ..ruleset import Ruleset, load_ruleset, ruleset_names
from ..scoring import score_play
from ..spec import get_spec
from ..svg import board_svg, play_values, write_svg
from .common import app, print_json, reports_errors


def _lexicons(langs: set[str], packs: Path | None) -> dict[str, Lexicon]:
    """The packs of ``langs`` that are built (none while the pack module is missing).

    A language without a pack is left out (its words are not looked up); a pack that is there
    but cannot be read is an error.
    """
    try:
        pack = importlib.import_module("lexc.pack")
    except ImportError:
        return {}
    return {lang: pack.find_pack(lang, packs) for lang in sorted(langs) if pack.pack_path(lang, packs).is_file()}


def _play_langs(play: Play, ruleset: Ruleset, lang: str | None) -> set[str]:
    if ruleset.polyglot is None:
        return {ruleset.tiles}
    langs = {lg for _, lg in play.langs.words}
    langs.add(play.langs.default or lang or ruleset.polyglot.default_lang)
    return langs


def _game_position(path: Path, upto: int | None, ruleset_name: str | None) -> tuple[Board, Ruleset]:
    """The board of a game record after its first ``upto`` events (all by default), and its ruleset."""
    from .. import gcg, replay  # game records: lexc.gcg and lexc.replay (docs/gcg.md)

    return replay.position(gcg.read(path), upto, ruleset=ruleset_name)


@app.command()
@reports_errors
def score(
    play_text: str = typer.Argument(..., metavar="PLAY", help="The play, e.g. '8D QUITE' or '8D WHISKY @fr'."),
    ruleset_name: str = typer.Option(None, "--ruleset", "-r", help="standard, tournament, polyglot, dover, super "
                                     "or a TOML file (default: standard, or the game's)."),
    rack: str = typer.Option(None, "--rack", help="The rack the tiles come from ('?' for a blank)."),
    lang: str = typer.Option(None, "--lang", help="Polyglot: the play's default language. Other rulesets: the "
                             "language of an ordinary game (its own tiles on the board)."),
    game: Path = typer.Option(None, "--game", help="Score on the position of this GCG game record."),
    upto: int = typer.Option(None, "--upto", help="With --game: the position after the first N events "
                             "(event N+1 was played on it)."),
    packs: Path = typer.Option(None, "--packs", help="Directory of packs (default: $LEXC_PACKS or build/)."),
    no_lexicon: bool = typer.Option(False, "--no-lexicon", help="Do not look words up in packs."),
    svg: Path = typer.Option(None, "--svg", help="Draw the board after the play to this SVG file."),
    json: bool = typer.Option(False, "--json", help="Print the scored play as JSON."),
) -> None:
    """Score one play on an empty board (or a game's position) and explain the score.

    Words are looked up in the packs of their languages when packs are built; phonies are
    reported, never refused. Exit status 1 when the notation is bad or the play cannot be laid.
    """
    if game is not None:
        board, ruleset = _game_position(game, upto, ruleset_name)
    else:
        if upto is not None:
            raise LexcError(Problem(None, None, "--upto", "needs --game"))
        ruleset = load_ruleset(ruleset_name or "standard")
        board = Board.empty(ruleset)
    if lang and ruleset.polyglot is None and lang != ruleset.tiles:
        if game is not None:
            raise LexcError(Problem(str(game), None, "--lang", f"the game is played with {ruleset.tiles} tiles"))
        ruleset = ruleset.with_tiles(lang)
        board = Board.empty(ruleset)
    play = parse_play(play_text, get_spec(ruleset.tiles), source=play_text)
    lexicons = {} if no_lexicon else _lexicons(_play_langs(play, ruleset, lang), packs)
    result = score_play(board, play, ruleset, lexicons=lexicons, rack=rack, lang=lang)
    if svg is not None:
        after = board.place(result.placements)
        write_svg(svg, board_svg(after, title=f"{ruleset.name}: {play} = {result.score}",
                                 values=play_values([result]) if ruleset.polyglot else None))
    if json:
        data = result.to_json()
        data["ruleset"] = ruleset.name
        data["lexicons"] = sorted(lexicons)
        print_json(data)
    else:
        typer.echo(result.explain())
        missing = sorted(_play_langs(play, ruleset, lang) - set(lexicons))
        if missing and not no_lexicon:
            typer.echo(f"  (no pack for {', '.join(missing)}: words not looked up)")


@app.command()
@reports_errors
def rulesets(
    json: bool = typer.Option(False, "--json", help="Print every ruleset in full (layout included) as JSON."),
) -> None:
    """List the shipped rulesets: board, rack, bonuses, end of game, challenge (docs/rulesets.md)."""
    found = [load_ruleset(name) for name in ruleset_names()]
    if json:
        print_json([r.to_json() for r in found])
        return
    for r in found:
        bonuses = ", ".join(f"{n} tiles: {p}" for n, p in sorted(r.bonuses.items()))
        extra = " polyglot" if r.polyglot else ""
        extra += f" min-word {r.min_word}" if r.min_word > 2 else ""
        extra += " inner-board" if r.inner else ""
        typer.echo(f"{r.name:11s} {r.rows}×{r.cols} rack {r.rack_size}  {bonuses}  end: {r.end_game}  "
                   f"challenge: {r.challenge}{extra}")
