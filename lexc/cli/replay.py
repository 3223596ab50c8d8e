"""``lexc replay``: re-score every move of GCG game records and report the scores that differ."""

from __future__ import annotations

from pathlib import Path
from typing import cast

import typer

from .. import gcg
from ..errors import LexcError, Problem
from ..lexicon import Lexicon
from ..pack import find_pack, pack_path
from ..replay import ReplayResult, designated_languages, resolve_ruleset, summary
from ..replay import replay as replay_record
from ..svg import board_svg, play_values, write_svg
from .common import app, print_json, reports_errors


def _replay_one(path: Path, ruleset: str | None, tiles: str | None, packs: Path | None,
                no_lexicon: bool) -> ReplayResult:
    record = gcg.read(path)
    if no_lexicon:
        return replay_record(record, ruleset, tiles=tiles)
    rules = resolve_ruleset(record, ruleset, tiles)
    langs = designated_languages(record, rules)
    lexicons: dict[str, Lexicon] = {lang: cast(Lexicon, find_pack(lang, packs)) for lang in sorted(langs)
                                    if pack_path(lang, packs).is_file()}
    return replay_record(record, rules, lexicons=lexicons)


def _draw(result: ReplayResult, svg: Path) -> None:
    record = result.record
    players = " vs ".join(p.name for p in record.players)
    title = f"{Path(record.file or 'game').name}: {players}" if players else None
    values = play_values(result.results) if result.ruleset.polyglot else None  # tiles valued as they scored
    write_svg(svg, board_svg(result.board, title=title, values=values))


@app.command()
@reports_errors
def replay(
    files: list[Path] = typer.Argument(..., metavar="GAME.gcg", help="GCG game records (one or more)."),
    ruleset: str = typer.Option(None, "--ruleset", "-r", help="standard, tournament, polyglot, dover, super or a "
                                "TOML file (default: what the record implies, see docs/gcg.md)."),
    tiles: str = typer.Option(None, "--tiles", help="The language of the tiles on the board (default: from "
                              "#tile-distribution, #lexicon or the letters used)."),
    svg: Path = typer.Option(None, "--svg", help="Draw the final board (last play highlighted) to this SVG file; "
                             "one record only."),
    packs: Path = typer.Option(None, "--packs", help="Directory of packs: a Polyglot word is tiled and looked up in "
                               "its language's pack when it is built (default: $LEXC_PACKS or build/)."),
    no_lexicon: bool = typer.Option(False, "--no-lexicon", help="Do not open packs."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Do not explain the mismatching scores."),
    json: bool = typer.Option(False, "--json", help="Print a JSON list, one object per file."),
) -> None:
    """Replay game records: re-score every play and end-of-game line, report each recorded score that differs.

    Exit status 0 when every recorded score is reproduced, 1 when one differs or a record
    cannot be read or replayed (its file and line are named).
    """
    if svg is not None and len(files) != 1:
        raise LexcError(Problem(None, None, "--svg", f"draws one record, not {len(files)}"))
    outcomes: list[ReplayResult | LexcError] = []
    for path in files:
        try:
            outcomes.append(_replay_one(path, ruleset, tiles, packs, no_lexicon))
        except LexcError as err:
            if len(files) == 1:
                raise  # bad input: "error: file:line: key: message", exit 1
            outcomes.append(err)
    results = [r for r in outcomes if isinstance(r, ReplayResult)]
    errors = len(outcomes) - len(results)
    if svg is not None:
        _draw(results[0], svg)
    if json:
        print_json([_json(outcome) for outcome in outcomes])
    else:
        for outcome in outcomes:
            if isinstance(outcome, ReplayResult):
                typer.echo(outcome.report(explain=not quiet))
            else:
                for problem in outcome.problems:
                    typer.echo(f"error: {problem}", err=True)
        if len(files) > 1:
            typer.echo(summary(results, errors))
    if errors or any(r.mismatches for r in results):
        raise typer.Exit(1)


def _json(outcome: ReplayResult | LexcError) -> dict[str, object]:
    if isinstance(outcome, ReplayResult):
        return outcome.to_json()
    return {"file": outcome.problems[0].file, "moves": 0, "mismatches": [],
            "error": [p.to_json() for p in outcome.problems]}
