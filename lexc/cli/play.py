"""``lexc score``: one play scored and explained (``lexc replay`` is in :mod:`lexc.cli.replay`)."""

from __future__ import annotations

from pathlib import Path

import typer

from lexc.catalog import Catalog
from lexc.cli.common import EDITIONS, PACKS, RULESETS_HELP, SCHEMES, SPECS, app, catalog_of, print_json, reports_errors
from lexc.engine.board import Board
from lexc.engine.ruleset import Ruleset


def _game_position(path: Path, upto: int | None, ruleset_name: str | None, catalog: Catalog) -> tuple[Board, Ruleset]:
    """The board of a game record after its first ``upto`` events (all by default), and its ruleset."""
    from lexc.records import gcg, replay

    return replay.position(gcg.read(path), catalog, upto, ruleset=ruleset_name)


@app.command()
@reports_errors
def score(
    play_text: str = typer.Argument(..., metavar="PLAY", help="The play, e.g. '8D QUITE' or '8D WHISKY @fr'."),
    ruleset_name: str = typer.Option(None, "--ruleset", "-r", help=f"{RULESETS_HELP} or a TOML file "
                                     "(default: standard, or the game's)."),
    rack: str = typer.Option(None, "--rack", help="The rack the tiles come from ('?' for a blank)."),
    lang: str = typer.Option(None, "--lang", help="Polyglot: the play's default language. Other rulesets: the "
                             "language of an ordinary game (its own tiles on the board)."),
    game: Path = typer.Option(None, "--game", help="Score on the position of this GCG game record."),
    upto: int = typer.Option(None, "--upto", help="With --game: the position after the first N events "
                             "(event N+1 was played on it)."),
    packs: Path = PACKS,
    spec: list[Path] = SPECS,
    scheme: list[str] = SCHEMES,
    edition: list[str] = EDITIONS,
    no_lexicon: bool = typer.Option(False, "--no-lexicon", help="Do not look words up in packs."),
    svg: Path = typer.Option(None, "--svg", help="Draw the board after the play to this SVG file."),
    json: bool = typer.Option(False, "--json", help="Print the scored play as JSON."),
) -> None:
    """Score one play on an empty board (or a game's position) and explain the score.

    Words are looked up in the packs of their languages when packs are built; phonies are
    reported, never refused. Exit status 1 when the notation is bad or the play cannot be laid.
    """
    from lexc.cli.scoring import run_score

    run_score(play_text, ruleset_name=ruleset_name, rack=rack, lang=lang, game=game, upto=upto, packs=packs,
              spec=spec or (), scheme=scheme or (), edition=edition or (), no_lexicon=no_lexicon, svg=svg, as_json=json)


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
