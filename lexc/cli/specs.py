"""``lexc languages`` and ``lexc validate``."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from lexc.cli.common import SPECS, app, catalog_of, print_json, reports_errors
from lexc.language.spec import Spec
from lexc.language.validate import validate as run_validate


@app.command()
@reports_errors
def languages(
    spec: list[Path] = SPECS,
    json: bool = typer.Option(False, "--json", help="Print a JSON list with every tile."),
) -> None:
    """List every language: code, name, script, tiles, blanks, official values, editions, and whether its
    default pack is built from a word-game list (game), a spelling list (spelling) or web words (web):
    docs/lexicons.md.

    The shipped languages, and those given with --spec.
    """
    specs = catalog_of(spec).specs()
    if json:
        print_json([s.to_json() for s in specs])
        return
    from lexc.lexicon.provenance import spec_kind_of_list

    table = Table("code", "name", "script", "tiles", "in bag", "blanks", "official", "scheme", "list",
                  box=None, header_style="bold")
    for s in specs:
        official = ("yes, one source" if s.single_source else "yes") if s.official else "no (English values)"
        table.add_row(s.code, s.name, s.script, str(len(s.tiles)), str(s.total_tiles),
                      str(s.blanks), official, s.scheme or "", spec_kind_of_list(s).split()[0])
    Console().print(table)
    for s in specs:
        if s.editions:
            typer.echo(f"{s.code} {s.name} editions: {_editions(s)}")


def _editions(spec: Spec) -> str:
    """``krafla (default, 100 tiles), mattel-2016 (104 tiles), ...``: a language's tile sets and their bags."""
    def one(name: str) -> str:
        edition = spec.editions[name]
        said = ["default"] if name == spec.default_edition else []
        said += [f"{edition.total_tiles} tiles"] + (["one source"] if edition.single_source else [])
        return f"{name} ({', '.join(said)})"
    return ", ".join(one(name) for name in spec.edition_names())


@app.command()
@reports_errors
def validate(
    paths: list[Path] = typer.Argument(None, help="Spec or scheme files or directories "
                                       "(default: every shipped spec and scheme)."),
    spec: list[Path] = SPECS,
    json: bool = typer.Option(False, "--json", help="Print a JSON report."),
) -> None:
    """Check specs and schemes; every problem is named with file, line and key.

    A spec's scheme is looked for in the shipped transliterations. Exit status 1 if any
    file has a problem.
    """
    reports = run_validate(catalog_of(spec), [*(paths or []), *(spec or [])])
    if json:
        print_json([r.to_json() for r in reports])
    else:
        for report in reports:
            if report.ok:
                typer.echo(f"ok  {report.path}: {report.summary}")
            for problem in report.problems:
                typer.echo(f"error: {problem}", err=True)
        bad = sum(not r.ok for r in reports)
        typer.echo(f"{len(reports)} files checked, {bad} with problems", err=True)
    if any(not r.ok for r in reports):
        raise typer.Exit(1)
