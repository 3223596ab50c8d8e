"""``lexc export``: a language's lexicon or tile set in another engine's format (docs/export.md)."""

from __future__ import annotations

from pathlib import Path

import typer

from lexc.cli.common import EDITIONS, PACKS, SCHEMES, SPECS, app, catalog_of, print_json, reports_errors
from lexc.export import FORMATS

_FORMATS_HELP = "\n\n".join(f"{name}: {what}" for name, what in FORMATS.items())


_HELP = (
    "Export a language's lexicon or tile set for other engines.\n\n"
    "Writes PATH, and beside it PATH.lexc.json (the sidecar: language, edition, the tile numbering, values, "
    "counts, the pack and its sources with SHA-256, the word count). The lexicon formats read the language's "
    "pack (lexc build LANG first, or --pack); the alphabet formats need only the spec.\n\n"
    "Tiles are numbered in the spec's order (tile 0 is the blank), or in the row order of an engine's alphabet "
    "file (--order). Multi-letter tiles (Spanish CH LL RR, Catalan L·L) are one tile each. A language written "
    "through a scheme (Russian, Greek...) is exported as its board spellings on English tiles A-Z. A consumer's "
    "limits (letters, bytes per letter, 2^22 KWG nodes) are checked before anything is written.\n\n"
    f"Formats:\n\n{_FORMATS_HELP}\n\n"
    "Example: lexc export es --format kwg -o es.kwg; lexc export es --format wolges-alphabet -o spanish.txt"
)


@app.command("export", help=_HELP)
@reports_errors
def export_command(
    lang: str = typer.Argument(..., help="Language code (a shipped spec, or one given with --spec)."),
    fmt: str = typer.Option(..., "--format", "-f", help=f"One of: {', '.join(FORMATS)}."),
    output: Path = typer.Option(..., "--output", "-o", help="The file to write (atomically), and PATH.lexc.json."),
    pack: Path = typer.Option(None, "--pack", help="Export this pack file instead of the language's pack."),
    packs: Path = PACKS,
    spec: list[Path] = SPECS,
    scheme: list[str] = SCHEMES,
    edition: list[str] = EDITIONS,
    order: Path = typer.Option(None, "--order", help="Number tiles in the row order of this engine alphabet file "
                                                     "(wolges .txt, Macondo/MAGPIE .csv, Quackle, Xanado JSON)."),
    spelling: str = typer.Option(None, "--spelling", help="native (the language's own tiles; default for A-Z "
                                                          "languages) or board (board spellings on English tiles; "
                                                          "default for a language written through a scheme); "
                                                          "wordlist: also labels (tiles as the alphabet files "
                                                          "write them: [CH]U[RR]O)."),
    ruleset: str = typer.Option("standard", "--ruleset", help="xanado: the board, rack and bonuses to write."),
    json: bool = typer.Option(False, "--json", help="Print what was written as JSON."),
) -> None:
    from lexc.export import export

    catalog = catalog_of(spec, packs, scheme, edition)
    done = export(catalog, lang, fmt, output, pack=pack, order=order, spelling=spelling, ruleset=ruleset)
    if json:
        print_json(done.to_json())
        return
    held = f"{done.words:,} words, " if done.words is not None else ""
    nodes = f"{done.nodes:,} nodes, " if done.nodes is not None else ""
    typer.echo(f"{done.path}: {fmt}, {held}{nodes}{done.bytes:,} bytes, {len(done.alphabet.letters)} tiles "
               f"({done.alphabet.spelling} spelling)")
    typer.echo(f"{done.sidecar}: sidecar")
