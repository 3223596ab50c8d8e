"""``lexc assess`` (is a tile set good?) and ``lexc suggest`` (draft a set from frequencies)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, cast

import typer
from rich.console import Console
from rich.table import Table

from lexc.assess.measures import (
    DEFAULT_CORPUS_TOP,
    DEFAULT_RACKS,
    DEFAULT_SAMPLE,
    DEFAULT_SOURCE_LIMIT,
    Assessment,
    Corpus,
    SourceLexicon,
    assess,
)
from lexc.catalog import Catalog
from lexc.cli.common import app, catalog_of, print_json, reports_errors
from lexc.cli.output import raw
from lexc.cli.packs import markup
from lexc.errors import LexcError, Problem
from lexc.language.normalize import Normaliser
from lexc.language.spec import Spec
from lexc.lexicon.words import Lexicon

if TYPE_CHECKING:
    from lexc.robot.selfplay import Report


def _spec(lang: str, path: Path | None) -> tuple[Catalog, Spec, Normaliser]:
    catalog = catalog_of([path] if path is not None else None)
    if path is not None and catalog.spec_for_file(path).code != lang:
        raise LexcError(Problem(str(path), None, "code",
                                f"the spec is for {catalog.spec_for_file(path).code!r}, not {lang!r}"))
    language = catalog.language(lang)
    return catalog, language.spec, language.normaliser()


def _lexicon(catalog: Catalog, spec: Spec, norm: Normaliser, pack: Path | None, source: str | None,
             draft: bool, limit: int, seed: int) -> tuple[Lexicon, str]:
    """--pack, else --source, else (shipped spec) the default pack, else the spec's own sources."""
    from lexc.lexicon import sources

    if pack is not None:
        from lexc.lexicon.pack import open_pack

        opened = open_pack(pack)
        if opened.lang != spec.code:
            raise LexcError(Problem(str(pack), None, None, f"the pack holds {opened.lang!r}, not {spec.code!r}"))
        return cast(Lexicon, opened), f"pack {pack}"
    if source is None and not draft and catalog.pack_path(spec.code).is_file():
        return cast(Lexicon, catalog.pack(spec.code)), f"pack {catalog.pack_path(spec.code)}"
    opened_sources = [sources.open_source(spec, source)] if source else sources.default_sources(spec)
    if not opened_sources:
        raise LexcError(Problem(str(spec.path or spec.code), None, "lexicon",
                                f"{spec.name} has no pack and no [[lexicon]] source: give --pack or --source"))
    texts = (w.text for w in sources.stream(opened_sources))
    built = SourceLexicon.build(spec, texts, norm, limit=limit, seed=seed)
    names = ", ".join(s.name for s in opened_sources)
    return built, f"{names} (spelled in memory with {spec.path or spec.code})"


@app.command("assess")
@reports_errors
def assess_command(
    lang: str = typer.Argument(..., help="Language code of a shipped spec (or of --spec)."),
    pack: Path = typer.Option(None, "--pack", help="Lexicon pack to measure against (default: build/LANG.lexc, "
                                                   "else the spec's word sources spelled in memory)."),
    source: str = typer.Option(None, "--source", help="Measure against this word source instead of a pack: a "
                                                      "word list, a Hunspell .dic, or wordfreq[:LANG[:N]]."),
    spec_path: Path = typer.Option(None, "--spec", help="Assess this spec file (a draft) instead of the shipped "
                                                        "one; its own sources are used unless --pack/--source."),
    corpus: str = typer.Option(None, "--corpus", help="Running-text frequencies: 'wordfreq' or a UTF-8 text file."),
    top: int = typer.Option(DEFAULT_CORPUS_TOP, "--top", min=1, help="wordfreq corpus: how many top words."),
    sample: int = typer.Option(DEFAULT_SAMPLE, "--sample", min=1, help="Measure at most this many board "
                                                                       "spellings (a seeded sample)."),
    limit: int = typer.Option(DEFAULT_SOURCE_LIMIT, "--limit", min=1, help="Without a pack: spell at most this "
                                                                            "many source words (a seeded sample)."),
    racks: int = typer.Option(DEFAULT_RACKS, "--racks", min=0, help="Racks drawn for the bingo measure."),
    seed: int = typer.Option(0, "--seed", help="Seed of the sample and of the racks."),
    report: Path = typer.Option(None, "--report", help="Write an HTML report with charts into this directory."),
    selfplay: int = typer.Option(0, "--selfplay", min=0, help="Also play N seeded robot games on the set (on each "
                                 "of its editions when it has several, side by side; docs/robot.md)."),
    selfplay_ruleset: str = typer.Option("standard", "--selfplay-ruleset", help="The ruleset of those games."),
    selfplay_levels: str = typer.Option("5,5", "--selfplay-levels", help="The two robots' strengths (1-5, greedy)."),
    jobs: int = typer.Option(None, "--jobs", "-j", help="Self-play worker processes (default: every core)."),
    json: bool = typer.Option(False, "--json", help="Print every measure and the charts' data as JSON."),
) -> None:
    """Measure a tile set against its language's real words: coverage, supply, values, playability.

    See docs/assess.md for every measure.
    """
    catalog, spec, norm = _spec(lang, spec_path)
    status = Console(file=raw(sys.stderr), quiet=not sys.stderr.isatty())
    with status.status(markup(f"reading the {spec.name} lexicon")):
        lexicon, name = _lexicon(catalog, spec, norm, pack, source, spec_path is not None, limit, seed)
    with status.status("measuring"):
        text = Corpus.open(corpus, spec.code, top) if corpus else None
        result = assess(spec, lexicon, text, sample=sample, racks=racks, seed=seed, lexicon_name=name, norm=norm)
    played = _selfplay(catalog, spec, spec_path, selfplay, selfplay_ruleset, selfplay_levels, seed, jobs, status)
    written = None
    if report is not None:
        from lexc.assess.report import write_report

        with status.status("drawing the report"):
            written = write_report(result, report, played)
    if json:
        from lexc.assess.report import figures, selfplay_figures

        data = result.to_json()
        data["figures"] = [f.to_json() for f in figures(result) + selfplay_figures(played)]
        data["selfplay"] = [r.to_json() for r in played]
        data["report"] = str(written) if written else None
        print_json(data)
        return
    _print(result)
    for done in played:
        typer.echo("self-play: " + done.text())
    if written:
        typer.echo(f"report: {written}")


def _selfplay(catalog: Catalog, spec: Spec, spec_path: Path | None, games: int, ruleset: str, levels: str,
              seed: int, jobs: int | None, status: Console) -> list[Report]:
    """``games`` robot games on the set, or on each of its editions (the same seeds for each)."""
    if not games:
        return []
    import os

    from lexc.robot.selfplay import Plan, Report, run

    parts = [p.strip() for p in levels.split(",") if p.strip()]
    if len(parts) != 2:
        raise LexcError(Problem(None, None, "--selfplay-levels", f"two strengths (e.g. 5,5), not {levels!r}"))
    editions = spec.edition_names() or [None]
    reports = []
    for edition in editions:
        plan = Plan(ruleset, spec.code, (), (parts[0], parts[1]), seed, str(catalog.packs_dir),
                    (str(spec_path),) if spec_path is not None else (),
                    ((spec.code, edition),) if edition else ()).check()
        with status.status(f"self-play: {games} games{' of ' + edition if edition else ''}"):
            results = run(plan, games, jobs=jobs or max(1, os.cpu_count() or 1))
        reports.append(Report.of(plan, results))
    return reports


def _print(a: Assessment) -> None:
    spec = a.spec
    typer.echo(f"{spec.name} ({spec.code}): {len(spec.tiles)} tiles, {spec.total_tiles} in the bag with "
               f"{spec.blanks} blanks; lexicon: {a.lexicon}")
    for line in a.findings():
        typer.echo(f"- {line}")
    table = Table("tile", "count", "points", box=None, header_style="bold")
    for s in a.supply:
        table.add_column(f"called for ({s.basis})", justify="right")
    for v in a.values:
        table.add_column(f"suggested value ({v.basis})", justify="right")
    table.add_column("2-tile words", justify="right")
    supply = [{r.face: r for r in s.rows} for s in a.supply]
    vals = [{r.face: r for r in v.rows} for v in a.values]
    for face in (r.face for r in a.supply[0].rows):
        tile = spec.by_face.get(face)
        cells = [markup(face), str(tile.count if tile else 0), str(tile.points) if tile else "-"]
        cells += [f"{s[face].expected:.1f}" if face in s else "-" for s in supply]
        cells += [str(v[face].suggested) if face in v else "-" for v in vals]
        cells.append(str(a.playability.two_by_face.get(face, "-")))
        table.add_row(*cells)
    Console(file=raw(sys.stdout), width=200).print(table)


@app.command("suggest")
@reports_errors
def suggest_command(
    lang: str = typer.Argument(..., help="Language code (ISO 639, as wordfreq knows it)."),
    corpus: str = typer.Option("wordfreq", "--corpus", help="'wordfreq' (or wordfreq:LANG) or a UTF-8 text file."),
    output: Path = typer.Option(..., "-o", "--output", help="The spec to write (named LANG.toml)."),
    tiles: int = typer.Option(100, "--tiles", min=2, help="Tiles in the bag, blanks included."),
    blanks: int = typer.Option(2, "--blanks", min=0, help="Blank tiles."),
    top: int = typer.Option(DEFAULT_CORPUS_TOP, "--top", min=1, help="wordfreq corpus: how many top words."),
    scheme: str = typer.Option(None, "--scheme", help="Romanisation scheme (non-Latin scripts)."),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing file."),
    json: bool = typer.Option(False, "--json", help="Print the drafted spec as JSON."),
) -> None:
    """Draft a spec (tile counts and values) from a language's letter frequencies.

    Counts follow running-text frequency, values the square-root rule of docs/assess.md.
    The draft has official = false: edit it, then check it with `lexc validate`.
    """
    from lexc.assess.suggest import draft_spec, write_spec

    draft = draft_spec(lang, Corpus.open(corpus, lang, top), catalog_of(), tiles=tiles, blanks=blanks, scheme=scheme,
                       file=str(output))
    path = write_spec(draft, output, force=force)
    if json:
        print_json({"path": str(path), **draft.to_json()})
        return
    typer.echo(f"wrote {path}: {draft.summary()}")
    for note in draft.notes:
        typer.echo(f"note: {note}")
