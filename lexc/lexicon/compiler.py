"""The compile pipeline: sources -> normaliser -> board spellings -> pack.

Every word of every source goes through the language's normaliser. A word the
language cannot spell is counted under the normaliser's reason, with its first
examples (word, file and line), never dropped silently; so is a word outside the
length limits or removed by an exclude list. What is kept is grouped by board
spelling and written as a pack (:mod:`lexc.lexicon.pack`), atomically.

The stages, each in its own module: :mod:`lexc.lexicon.collect` spells and groups the words
(:class:`Collector`) and learns the default table; :class:`lexc.lexicon.codec.RecordWriter` writes
each board spelling's records, gathering the ``natives`` candidate as it goes
(:class:`lexc.lexicon.tries.NativeWords`); :func:`lexc.lexicon.pack.write_keys` writes the pack;
:mod:`lexc.lexicon.ambiguous` lists the words whose tiling was a choice beside it; and
:mod:`lexc.lexicon.compile_report` says what was read, kept and left out (:class:`CompileReport`).

>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "words.txt").write_text("churro\\nñandú\\nnandu\\nx\\nfoo-bar\\nchurro\\n", encoding="utf-8")
>>> from lexc import Catalog
>>> from lexc.lexicon.sources import open_source
>>> es = Catalog.shipped().language("es")
>>> report = compile_pack(es, [open_source(es.spec, folder / "words.txt")], folder / "es.lexc")
>>> report.read, report.kept, report.duplicates, report.boards, report.collisions
(6, 3, 1, 2, 1)
>>> sorted(report.rejected)
["character '-' (U+002D HYPHEN-MINUS) is not in the Spanish set", 'shorter than 2 board tiles']
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import operator
import time
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import reduce
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lexc import __version__
from lexc.atomic import check_output
from lexc.errors import LexcError, Problem
from lexc.language.spec import Spec
from lexc.lexicon.ambiguous import TILINGS_SUFFIX as TILINGS_SUFFIX
from lexc.lexicon.ambiguous import first_examples
from lexc.lexicon.ambiguous import tiling_counts as tiling_counts
from lexc.lexicon.ambiguous import tilings_path as tilings_path
from lexc.lexicon.ambiguous import write_tilings as write_tilings
from lexc.lexicon.codec import Coder, RecordWriter
from lexc.lexicon.collect import _INCLUDED, Collector
from lexc.lexicon.collect import MAX_WORD as MAX_WORD
from lexc.lexicon.collect import SPILL_BOARDS as SPILL_BOARDS
from lexc.lexicon.collect import Overlay as Overlay
from lexc.lexicon.compile_report import EXAMPLES as EXAMPLES
from lexc.lexicon.compile_report import CompileReport as CompileReport
from lexc.lexicon.compile_report import Rejections as Rejections
from lexc.lexicon.compile_report import example as example
from lexc.lexicon.pack import Written, write_keys
from lexc.lexicon.reading import Options, Source, SourceWord
from lexc.lexicon.spill import Spill, Store
from lexc.lexicon.tries import NativeWords

if TYPE_CHECKING:
    from lexc.catalog import Language
    from lexc.lexicon.reading import Compounds

#: progress(stage, done, total): stage is a short text ("reading SOURCE", "building", "writing").
Progress = Callable[[str, int, "int | None"], None]

#: Progress is reported every this many words.
STEP = 20_000


def header_base(language: Language) -> dict[str, Any]:
    """The header fields that describe the language: spec and scheme hashes, tile values."""
    spec, scheme = language.spec, None
    if language.scheme:
        file = language.scheme.path.name if language.scheme.path else None
        scheme = {"name": language.scheme.name, "file": file, "sha256": language.scheme.sha256}
    # A language without official values scores its tiles in English on their board letters (Polyglot
    # rule 1, as the normaliser does): its tiles carry no points and the header the English values.
    scored = spec.official
    tiles = [{"face": t.face, "points": t.points if scored and getattr(t, "has_points", True) else None}
             for t in spec.tiles]
    return {
        "lexc": __version__, "lang": spec.code, "name": spec.name, "script": spec.script,
        "spec": {"file": spec.path.name if spec.path else None, "sha256": spec.sha256},
        "scheme": scheme, "tiles": tiles,
        "board_values": dict(language.english.values) if any(t["points"] is None for t in tiles) else None,
        "finals": final_forms(language),
    }


def final_forms(language: Language) -> dict[str, str]:
    """The pack's final-form rule: a tile face -> the letter a word ends with in its place.

    Taken from the scheme's variants whose Unicode name says they are a final form (Hebrew
    ך ם ן ף ץ, played with the tiles כ מ נ פ צ); a reader writes the last letter of a default
    native word in that form, and only the words that break the rule carry a record.

    >>> from lexc import Catalog
    >>> final_forms(Catalog.shipped().language("he"))
    {'כ': 'ך', 'מ': 'ם', 'נ': 'ן', 'פ': 'ף', 'צ': 'ץ'}
    >>> final_forms(Catalog.shipped().language("fr"))
    {}
    """
    scheme = language.scheme
    if scheme is None:
        return {}
    faces = {t.face for t in language.spec.tiles}
    found = {face: letter for letter, face in scheme.variants.items()
             if len(letter) == 1 and face in faces and "LETTER FINAL" in unicodedata.name(letter, "")}
    return dict(sorted(found.items()))


def compile_pack(language: Language, sources: Sequence[Source], out: Path | str, *,
                 include: Overlay | Path | str | None = None, exclude: Overlay | Path | str | None = None,
                 min_length: int = 2, max_length: int = 15, structure: str = "auto",
                 display_natives: bool = True, progress: Progress | None = None,
                 spill_boards: int | None = None, name: str | None = None, walks: bool = False) -> CompileReport:
    """Compile ``sources`` of ``language`` into the pack ``out`` (written atomically).

    ``name`` is the named lexicon the pack is (``csw24``; None: the language's default pack), kept in
    the header with whether every source is a word-game list (``game``: a spelling list otherwise).

    ``display_natives=False`` keeps only what scoring needs: native spellings that the
    tiling implies are not stored (``lexc check fr eleve`` then shows ELEVE, not ÉLÈVE).
    ``spill_boards`` (default :data:`SPILL_BOARDS`) bounds the board spellings grouped in memory;
    past it the work goes through temporary files, removed however the compile ends. The pack
    is the same whatever the bound.

    ``walks`` also writes the pack's walk files beside it (``lexc build``: :func:`lexc.lexicon.walk.write_walks`'s
    files), built from the keys and tilings the compile holds, without reading the pack back.
    """
    with _collector_paused():
        return _compile_pack(language, sources, out, include=include, exclude=exclude, min_length=min_length,
                             max_length=max_length, structure=structure, display_natives=display_natives,
                             progress=progress, spill_boards=spill_boards, name=name, walks=walks)


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector off while a compile runs, back as it was after.

    A compile holds millions of small tuples and lists (entries, records, keys), and makes almost no
    reference cycles: each automatic collection walked all of them again (5-6 % of a compile's CPU,
    py-spy, French and Russian). What is freed does not change (reference counting frees it), only
    when unreachable cycles are: at the next collection after the compile.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _compile_pack(language: Language, sources: Sequence[Source], out: Path | str, *,
                  include: Overlay | Path | str | None, exclude: Overlay | Path | str | None,
                  min_length: int, max_length: int, structure: str, display_natives: bool,
                  progress: Progress | None, spill_boards: int | None, name: str | None,
                  walks: bool) -> CompileReport:
    started = time.perf_counter()
    spec = language.spec
    _check_before(out, sources, include, exclude, min_length, max_length)
    include = Overlay.read(include) if isinstance(include, str | Path) else include
    exclude = Overlay.read(exclude) if isinstance(exclude, str | Path) else exclude
    bound = SPILL_BOARDS if spill_boards is None else spill_boards
    with Spill() as spill:
        collector = Collector(spec, language.normaliser(), (min_length, max_length), exclude, bound=bound,
                              spill=spill)
        collector.compounds = _compounds(spec, sources)
        identities = _collect(collector, sources, include, progress)
        if not collector.kept:
            raise _nothing_kept(spec, sources, collector)
        header = header_base(language)
        header["sources"] = identities
        header["lexicon"] = {"name": name, "game": bool(identities) and all(i.get("game") for i in identities)}
        header["options"] = {
            "min_length": min_length, "max_length": max_length, "structure": structure,
            "display_natives": display_natives,
            "include": include.identity() if include else None, "exclude": exclude.identity() if exclude else None,
        }
        store = Store(spill, bound)
        tilings: list[str] | None = [] if walks else None
        written, collisions, examples = _write(collector, header, store, out, progress, tilings)
        if tilings is not None:
            _write_walks(written.path, spec, collector, store, tilings, progress)
    listed = write_tilings(tilings_path(written.path), spec, collector.choices)
    rejections = collector.rejections
    report = CompileReport(
        lang=spec.code, path=written.path, read=collector.read, kept=collector.kept,
        duplicates=collector.duplicates, excluded=collector.excluded, included=collector.kept_by.get(_INCLUDED, 0),
        rejected=dict(sorted(rejections.counts.items(), key=lambda kv: (-kv[1], kv[0]))),
        examples=rejections.examples, boards=written.boards, collisions=collisions,
        collision_examples=examples, exceptions=written.exceptions, keys=written.keys, bytes=written.bytes,
        structure=written.structure, candidates=dict(written.candidates), seconds=time.perf_counter() - started,
        sources=identities, tilings={**header["tilings"], "report": str(listed) if listed else None,
                                     "examples": [c.to_json() for c in first_examples(collector.choices)]},
    )
    if progress:
        progress("done", report.boards, report.boards)
    return report


def _check_before(out: Path | str, sources: Sequence[Source], include: Overlay | Path | str | None,
                  exclude: Overlay | Path | str | None, min_length: int, max_length: int) -> None:
    """What can be refused before any work: an output that is a folder, a word list or a device; bad limits."""
    if Path(out).is_dir():
        raise LexcError(Problem(str(out), None, None, "is a directory: give the pack's file name (e.g. en.lexc)"))
    given = [f for source in sources for f in source.files()]
    given += [Path(o) for o in (include, exclude) if isinstance(o, str | Path)]
    check_output(out, inputs=given)
    if min_length < 1 or max_length < min_length:
        raise LexcError(f"length limits {min_length}–{max_length}: need 1 <= min <= max")


def _write(collector: Collector, header: dict[str, Any], store: Store, out: Path | str,
           progress: Progress | None, tilings: list[str] | None = None) -> tuple[Written, int, list[str]]:
    """Learn the default table, write every board spelling's records (:class:`RecordWriter`) to ``store``,
    gathering the ``natives`` candidate (and, when given, the ``tilings`` of the words: :meth:`Collector.keys`)
    as they go, and write the pack with the counts in ``header``; what was written, the collisions and their
    first examples."""
    if progress:
        progress("building", 0, None)
    options = header["options"]
    faces = [t.face for t in collector.spec.tiles]
    table = collector.table(faces)
    coder = Coder(faces, table, header["finals"])
    gathered = NativeWords(coder) if options["structure"] in ("auto", "natives") else None
    writer = RecordWriter(coder, options["display_natives"], gathered)
    collisions, examples = collector.keys(writer, store, tilings)
    store.close()
    natives = gathered.finish(store, writer.exceptions, collector.boards) if gathered else None
    rejections = collector.rejections
    header["counts"] = {"read": collector.read, "kept": collector.kept, "duplicates": collector.duplicates,
                        "excluded": collector.excluded, "included": collector.kept_by.get(_INCLUDED, 0),
                        "rejected": rejections.total, "collisions": collisions}
    header["rejected"] = rejections.to_json()
    header["tilings"] = tiling_counts(collector.choices)
    collector.entries.clear()
    if progress:
        progress("writing", 0, None)
    written = write_keys(out, header, table, store, boards=collector.boards, exceptions=writer.exceptions,
                         structure=options["structure"], natives=natives)
    return written, collisions, examples


def _write_walks(pack: Path, spec: Spec, collector: Collector, store: Store, tilings: list[str],
                 progress: Progress | None) -> None:
    """The walk files of the pack just written, from its keys in ``store`` and its words' tile codes."""
    from lexc.lexicon.walk import coded_tilings, write_built_walks

    if progress:
        progress("walks", 0, None)
    faces = [t.face for t in spec.tiles]
    coded = coded_tilings(tilings, collector.face_of(faces))
    tilings.clear()
    write_built_walks(pack, spec.code, (board for board, _ in store), faces, coded)


def _compounds(spec: Spec, sources: Sequence[Source]) -> Compounds | None:
    """The compound parts the sources know, when a boundary could matter (the set has multi-letter tiles)."""
    if not spec.multi_letter_faces:
        return None
    found = [c for c in (source.compounds() for source in sources) if c is not None]
    return reduce(operator.or_, found) if found else None


def _nothing_kept(spec: Spec, sources: Sequence[Source], collector: Collector) -> LexcError:
    """No pack of nothing: an empty source, or one the language cannot spell a word of, is an error."""
    where = sources[0].name if len(sources) == 1 else None  # a list, a .dic (with its .aff), wordfreq:LANG
    names = "" if where else f"{', '.join(s.name for s in sources) or 'the sources'}: "
    if not collector.read:
        return LexcError(Problem(where, None, None, f"{names}no words: the list is empty, no pack written"))
    counts = collector.rejections.counts
    top = sorted(counts, key=lambda r: (-counts[r], r))[0] if counts else "excluded"
    return LexcError(Problem(where, None, None, f"{names}no word kept of {collector.read:,} read, no pack written: "
                                               f"{top} ({counts.get(top, collector.excluded):,}); is this a "
                                               f"list of {spec.name} words?"))


def _collect(collector: Collector, sources: Sequence[Source], include: Overlay | None,
             progress: Progress | None) -> list[dict[str, object]]:
    """Read every source, then the include list, into ``collector`` and group what was read
    (:meth:`Collector.finish`); each source's identity for the header, with its counts."""
    identities = []
    for number, source in enumerate(sources):
        collector.origin = number
        identities.append(_read_source(collector, source, progress))
    if include is not None:
        collector.origin = _INCLUDED
        for word in include.words:
            collector.add(word)
    if collector.spilled and progress:
        progress("grouping", 0, None)
    collector.finish()
    for number, identity in enumerate(identities):
        identity["kept"] = collector.kept_by.get(number, 0)
    return identities


def _read_source(collector: Collector, source: Source, progress: Progress | None) -> dict[str, object]:
    """Read ``source`` into ``collector``; its identity, stats and count of words read."""
    stage = f"reading {source.name}"
    read = collector.read
    if progress:
        progress(stage, 0, None)
    if progress is None:
        collector.add_blocks(source.blocks())
    else:
        collector.add_blocks(source.blocks(), lambda n: progress(stage, n, None), STEP)
    identity = dict(source.identity())
    identity["stats"] = source.stats.to_json()
    identity["read"], identity["kept"] = collector.read - read, 0  # kept: once every bucket is grouped
    return identity


def compile_words(language: Language, words: Iterable[str], out: Path | str, **options: Any) -> CompileReport:
    """Compile native words given in memory (tests, small custom lists) into the pack ``out``."""
    return compile_pack(language, [MemorySource(words)], out, **options)


class MemorySource(Source):
    """Words given in memory, as a source (:func:`compile_words`): line numbers are their places in the list.

    >>> [w.text for w in MemorySource(["qi", "quite"]).words()]
    ['qi', 'quite']
    """

    kind = "memory"

    def __init__(self, items: Iterable[str]):
        super().__init__("memory", Options())
        self.items = list(items)

    def words(self) -> Iterator[SourceWord]:
        for line, text in enumerate(self.items, start=1):
            self.stats.words += 1
            yield SourceWord(text, "<memory>", line)

    def identity(self) -> dict[str, object]:
        digest = hashlib.sha256("\n".join(self.items).encode("utf-8")).hexdigest()
        return {"kind": "memory", "name": "memory", "sha256": digest, "words": len(self.items)}
