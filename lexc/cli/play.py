"""``lexc score``: one play scored and explained (``lexc replay`` is in :mod:`lexc.cli.replay`)."""

from __future__ import annotations

from pathlib import Path

import typer

from lexc.catalog import Catalog
from lexc.cli.common import (
    EDITION_HELP,
    PACKS_HELP,
    SCHEME_HELP,
    SPEC_HELP,
    app,
    catalog_of,
    print_json,
    reports_errors,
)
from lexc.engine.board import Board
from lexc.engine.notation import parse_play
from lexc.engine.ruleset import Ruleset
from lexc.engine.scoring import play_languages, score_play
from lexc.engine.svg import board_svg, play_values, write_svg
from lexc.errors import LexcError, Problem


def _game_position(path: Path, upto: int | None, ruleset_name: str | None, catalog: Catalog) -> tuple[Board, Ruleset]:
    """The board of a game record after its first ``upto`` events (all by default), and its ruleset."""
    from lexc.records import gcg, replay

    return replay.position(gcg.read(path), catalog, upto, ruleset=ruleset_name)


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
    packs: Path = typer.Option(None, "--packs", help=PACKS_HELP),
    spec: list[Path] = typer.Option(None, "--spec", help=SPEC_HELP),
    scheme: list[str] = typer.Option(None, "--scheme", help=SCHEME_HELP),
    edition: list[str] = typer.Option(None, "--edition", help=EDITION_HELP),
    no_lexicon: bool = typer.Option(False, "--no-lexicon", help="Do not look words up in packs."),
    svg: Path = typer.Option(None, "--svg", help="Draw the board after the play to this SVG file."),
    json: bool = typer.Option(False, "--json", help="Print the scored play as JSON."),
) -> None:
    """Score one play on an empty board (or a game's position) and explain the score.

    Words are looked up in the packs of their languages when packs are built; phonies are
    reported, never refused. Exit status 1 when the notation is bad or the play cannot be laid.
    """
    catalog = catalog_of(spec, packs, scheme, edition)
    lang = catalog.canonical(lang) if lang else lang  # any ISO 639 code: spa is es
    if game is not None:
        board, ruleset = _game_position(game, upto, ruleset_name, catalog)
    else:
        if upto is not None:
            raise LexcError(Problem(None, None, "--upto", "needs --game"))
        ruleset = catalog.ruleset(ruleset_name or "standard")
        board = Board.empty(ruleset)
    if lang and ruleset.polyglot is None and lang != ruleset.tiles:
        if game is not None:
            raise LexcError(Problem(str(game), None, "--lang", f"the game is played with {ruleset.tiles} tiles"))
        ruleset = ruleset.with_tiles(catalog.language(lang))
        board = Board.empty(ruleset)
    catalog = catalog.for_ruleset(ruleset)  # the schemes a Polyglot ruleset agrees on
    play = parse_play(play_text, ruleset.spec, source=play_text)
    if ruleset.polyglot is not None and play.langs:
        play = play.with_langs(play.langs.renamed(catalog.canonical))  # @fra is @fr, its pack fr's
    langs = play_languages(play, ruleset, lang)
    lexicons = {} if no_lexicon else catalog.lexicons(langs)
    result = score_play(board, play, ruleset, catalog=catalog, lexicons=lexicons, rack=rack, lang=lang)
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
        missing = sorted(langs - set(lexicons))
        if missing and not no_lexicon:
            typer.echo(f"  (no pack for {', '.join(missing)}: words not looked up)")


@app.command()
@reports_errors
def rulesets(
    json: bool = typer.Option(False, "--json", help="Print every ruleset in full (layout included) as JSON."),
) -> None:
    """List the shipped rulesets: board, rack, bonuses, end of game, challenge (docs/rulesets.md)."""
    catalog = catalog_of()
    found = [catalog.ruleset(name) for name in catalog.ruleset_names()]
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
