"""``lexc replay``: re-score every move of GCG game records and report the scores that differ."""

from __future__ import annotations

import contextlib
import dataclasses
from pathlib import Path

import typer

from lexc.catalog import Catalog
from lexc.cli.common import EDITIONS, PACKS, RULESETS_HELP, SCHEMES, SPECS, app, catalog_of, print_json, reports_errors
from lexc.engine.svg import board_svg, play_values, write_svg
from lexc.errors import LexcError, Problem
from lexc.records import gcg
from lexc.records.replay import (
    ReplayResult,
    designated_languages,
    game_catalog,
    record_lexicons,
    resolve_ruleset,
    summary,
)
from lexc.records.replay import replay as replay_record


def _replay_one(path: Path, catalog: Catalog, ruleset: str | None, tiles: str | None,
                lookup: bool) -> ReplayResult:
    record = gcg.read(path)
    catalog = game_catalog(record, catalog)
    rules = resolve_ruleset(record, catalog, ruleset, tiles)
    catalog = catalog.for_ruleset(rules)
    named, warnings = record_lexicons(record, catalog, rules) if lookup else ({}, [])
    catalog = catalog.with_lexicons(named) if named else catalog
    # Looking up: each play in the catalog's packs of its languages (by the catalog's codes: @fra is fr).
    lexicons = catalog.lexicons(_known(catalog, designated_languages(record, rules))) if lookup else {}
    result = replay_record(record, catalog, rules, lexicons=lexicons)
    return dataclasses.replace(result, warnings=tuple(warnings))


def _known(catalog: Catalog, codes: set[str]) -> set[str]:
    """The catalog's codes of the languages designated (``fra`` is ``fr``); a code of no language is
    left to the replay, which names the play and the line where it is designated."""
    known = set()
    for code in codes:
        with contextlib.suppress(LexcError):
            known.add(catalog.canonical(code))
    return known


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
    ruleset: str = typer.Option(None, "--ruleset", "-r", help=f"{RULESETS_HELP} or a TOML file "
                                "(default: what the record implies, see docs/gcg.md)."),
    tiles: str = typer.Option(None, "--tiles", help="The language of the tiles on the board (default: from "
                              "#tile-distribution, #lexicon or the letters used)."),
    svg: Path = typer.Option(None, "--svg", help="Draw the final board (last play highlighted) to this SVG file; "
                             "one record only."),
    packs: Path = PACKS,
    spec: list[Path] = SPECS,
    scheme: list[str] = SCHEMES,
    edition: list[str] = EDITIONS,
    no_lexicon: bool = typer.Option(False, "--no-lexicon", help="Do not look words up in packs (no phonies listed)."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Do not explain the mismatching scores."),
    json: bool = typer.Option(False, "--json", help="Print a JSON list, one object per file."),
) -> None:
    """Replay game records: re-score every play and end-of-game line, report each recorded score that differs.

    Each word is looked up in the pack of its designated language when that pack is built
    (the words not found are listed as phonies). Exit status 0 when every recorded score is
    reproduced, 1 when one differs or a record cannot be read or replayed (its file and line
    are named).
    """
    if svg is not None and len(files) != 1:
        raise LexcError(Problem(None, None, "--svg", f"draws one record, not {len(files)}"))
    outcomes: list[ReplayResult | LexcError] = []
    catalog = catalog_of(spec, packs, scheme, edition)
    for path in files:
        try:
            outcomes.append(_replay_one(path, catalog, ruleset, tiles, not no_lexicon))
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
