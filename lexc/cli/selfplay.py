"""``lexc selfplay``: seeded robot games and a report on how a tile set plays (docs/robot.md)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import typer
from rich.console import Console

from lexc.catalog import parse_editions
from lexc.cli.common import EDITIONS, PACKS, RULESETS_HELP, app, catalog_of, print_json, reports_errors
from lexc.cli.output import raw
from lexc.errors import LexcError, Problem

if TYPE_CHECKING:
    from lexc.robot.selfplay import GameResult, Plan


def _jobs(jobs: int | None) -> int:
    return jobs if jobs is not None else max(1, os.cpu_count() or 1)


@app.command()
@reports_errors
def selfplay(
    ruleset: str = typer.Option("standard", "--ruleset", "-r", help=f"{RULESETS_HELP} or a TOML file."),
    lang: str = typer.Option(None, "--lang", help="An ordinary game on this language's tiles; in Polyglot the "
                             "default language (default: the ruleset's)."),
    langs: str = typer.Option(None, "--langs", help="Polyglot: the robots' languages, comma-separated, ties to the "
                              "first (default: --lang)."),
    spec: Path = typer.Option(None, "--spec", help="A spec file of one's own: games on its tiles, with its pack "
                              "(`lexc build --spec FILE`)."),
    edition: list[str] = EDITIONS,
    games: int = typer.Option(..., "--games", "-n", help="How many games."),
    levels: str = typer.Option("5,5", "--levels", help="The two robots' strengths, 1 to 5 or greedy: "
                               "'5,1' puts level 5 in seat A, level 1 in seat B; they take turns to start."),
    seed: int = typer.Option(0, "--seed", help="Seed of the whole run: the same seed plays the same games."),
    jobs: int = typer.Option(None, "--jobs", "-j", help="Worker processes (default: every core). The games and "
                             "the report are the same whatever the number."),
    dask: str = typer.Option(None, "--dask", metavar="ADDRESS", help="Play on a Dask cluster: a scheduler's "
                             "address, or 'local' for a local cluster of --jobs workers (the distributed extra)."),
    save: Path = typer.Option(None, "--save", metavar="DIR", help="Write each game to DIR/game-NNNN.gcg "
                              "(never over an existing file)."),
    packs: Path = PACKS,
    json: bool = typer.Option(False, "--json", help="Print the report (and every game's figures) as JSON."),
) -> None:
    """Play N seeded robot games and report how the set plays, with 95 % intervals.

    Mean score and spread, bingos, moves and exchanges per game, first-player wins, and for each
    tile how often it is played and how often it is stuck on a rack at the end (docs/robot.md).
    """
    from lexc.robot.selfplay import Plan, Report, game_paths, save_games

    catalog = catalog_of([spec] if spec is not None else None, packs)
    if spec is not None:
        code = catalog.spec_for_file(spec).code
        if lang is not None and lang != code:
            raise LexcError(Problem(str(spec), None, "--lang", f"the spec is for {code!r}, not {lang!r}"))
        lang = code
    parts = [p.strip() for p in levels.split(",") if p.strip()]
    if len(parts) != 2:
        raise LexcError(Problem(None, None, "--levels", f"two strengths, one per seat (e.g. 5,1), not {levels!r}"))
    allowed = tuple(lg.strip() for lg in langs.split(",") if lg.strip()) if langs else ()
    plan = Plan(ruleset, lang, allowed, (parts[0], parts[1]), seed, str(catalog.packs_dir),
                (str(spec),) if spec is not None else (), tuple(sorted(parse_editions(edition).items())))
    plan = _checked(plan)
    if games < 1:
        raise LexcError(Problem(None, None, "--games", f"at least one game, not {games}"))
    if save is not None:
        game_paths(save, games)  # refused before playing when a file is in the way
    results = _play(plan, games, jobs, dask)
    saved = save_games(results, save) if save is not None else []
    report = Report.of(plan, results)
    if json:
        print_json({**report.to_json(), "saved": [str(p) for p in saved],
                    "results": [r.to_json() for r in results]})
        return
    typer.echo(report.text())
    if saved:
        typer.echo(f"saved {len(saved)} games in {save}")


def _play(plan: Plan, games: int, jobs: int | None, dask: str | None) -> list[GameResult]:
    """The games of ``plan``, played on worker processes or a Dask cluster, progress shown on a terminal."""
    from lexc.robot.selfplay import run, run_dask

    status = Console(file=raw(sys.stderr), quiet=not sys.stderr.isatty())
    with status.status(f"playing {games} games") as shown:
        def progress(result: object) -> None:
            done = getattr(result, "index", 0) + 1
            shown.update(f"played {done} of {games} games")

        if dask is not None:
            address = None if dask == "local" else dask
            return run_dask(plan, games, address=address, workers=_jobs(jobs), progress=progress)
        return run(plan, games, jobs=_jobs(jobs), progress=progress)


def _checked(plan: Plan) -> Plan:
    """The plan checked, its errors named by the options they come from."""
    try:
        return plan.check()
    except LexcError as err:
        options = {"levels": "--levels", "langs": "--langs", "level": "--levels"}
        raise LexcError([Problem(p.file, p.line, options.get(p.key or "", p.key), p.message)
                         for p in err.problems]) from None
