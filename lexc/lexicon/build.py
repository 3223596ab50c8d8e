"""Building the default packs of several languages, on every core.

Each language's pack is compiled from the sources its spec names (:func:`build_one`).
:func:`build_packs` compiles several, one process per language when ``jobs`` > 1: a pack
does not depend on any other, so the bytes written are the same whatever the order or the
number of processes. Results come back as each language finishes.

>>> import tempfile
>>> from lexc import Catalog
>>> catalog = Catalog.shipped(packs=tempfile.mkdtemp())
>>> [(b.code, b.report, b.error.split(" (known")[0]) for b in build_packs(catalog, ["xx"])]
[('xx', None, "<input>: unknown language 'xx'")]
"""

from __future__ import annotations

import dataclasses
import multiprocessing
import signal
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from lexc.errors import LexcError, Problem

if TYPE_CHECKING:
    from lexc.catalog import Catalog
    from lexc.lexicon.compiler import CompileReport, Progress

__all__ = ["Built", "build_one", "build_packs", "longest_first"]

#: About the seconds each shipped language's default pack takes in a full ``lexc build`` (pack and walks, on the
#: 2-core machine), as the summary of ``make run`` on a fresh clone printed them on 27 Nov (13:14-13:21 UTC, idle;
#: docs/performance.md, "Every default pack, before and after"). Only the order in
#: which :func:`build_packs` starts several languages depends on them: the longest first, so that the workers
#: finish together instead of one building the Ukrainian expansion alone at the end. A language not listed counts
#: as :data:`UNKNOWN_SECONDS`; a wrong figure costs some wall time, never a different file.
BUILD_SECONDS: dict[str, float] = {
    "uk": 92, "pl": 79, "cs": 74.9, "ar": 74.4, "he": 63.5, "sk": 62.8, "ro": 41.5, "ru": 39.1, "tr": 35,
    "el": 31.6, "lv": 22.2, "hr": 19, "bg": 14.5, "sl": 12.8, "eo": 12.6, "sv": 8.9, "cy": 8.6, "nb": 8.6,
    "nn": 7.8, "es": 6.7, "ca": 6.6, "et": 6, "fo": 5.4, "hu": 5, "is": 4.6, "pt": 4.5, "nl": 3.4, "fr": 3,
    "da": 2.8, "de": 2.8, "en": 2.4, "eu": 2.4, "af": 1.8, "it": 1.6, "lt": 1.2, "fi": 0.7, "id": 0.5,
    "ga": 0.3, "ms": 0.3,
}
UNKNOWN_SECONDS = 10.0


def longest_first(codes: Sequence[str]) -> list[str]:
    """``codes`` in the order to start them on several workers: the longest builds first (:data:`BUILD_SECONDS`),
    ties in the order given. A longest-first order keeps the last language to finish a short one.

    >>> longest_first(["en", "fr", "uk", "xx", "cs"])
    ['uk', 'cs', 'xx', 'fr', 'en']
    """
    return sorted(codes, key=lambda code: -BUILD_SECONDS.get(code, UNKNOWN_SECONDS))


@dataclass(frozen=True)
class Built:
    """The outcome of one language's build: its report, or why it failed."""

    code: str
    report: CompileReport | None
    error: str | None = None


def build_one(catalog: Catalog, code: str, *, structure: str = "auto", progress: Progress | None = None,
              name: str | None = None, source: str | None = None,
              alphabet: str | Sequence[str] | None = None) -> CompileReport:
    """Compile the default pack of ``code`` (its spec's ``[[lexicon]]`` sources) into the catalog's packs,
    and beside it the walks the move finder, anagrams and patterns step through (the files of
    :func:`lexc.lexicon.walk.write_walks`, built from what the compile holds: the pack is not read back),
    so that no reading command builds or writes them.

    With ``name``, the named lexicon ``CODE@NAME`` instead: from ``source`` (a club's own list, a path or
    anything :func:`~lexc.lexicon.sources.open_source` opens) or else from the spec's entries of that name.
    The spec's filter (``exclude``) applies to the default pack and its named entries, never to a
    ``source`` given here: an official list is taken as it is. ``alphabet`` reads a ``source`` that is an
    engine's KWG (:mod:`lexc.export.source`).
    """
    from lexc.lexicon.compiler import compile_pack
    from lexc.lexicon.sources import default_sources, exclusions, lexicon_names, open_source

    spec = catalog.spec(code)
    if source is not None:
        if name is None:
            raise LexcError(Problem(source, None, "name", "a list of one's own is built under a name (csw24)"))
        sources, exclude = [open_source(spec, source, alphabet=alphabet)], None
        sources[0].game = True  # the table's own word-game list, taken as the judge
    else:
        sources, exclude = default_sources(spec, name), exclusions(spec, name)
    if not sources:
        named = f" named {name!r} (named: {', '.join(lexicon_names(spec)) or 'none'})" if name else ""
        raise LexcError(f"{code}: the spec names no [[lexicon]] source{named}")
    target = (catalog.with_lexicons({code: name}) if name else catalog).pack_path(code)
    return compile_pack(catalog.language(code), sources, target, structure=structure,
                        progress=progress, exclude=exclude, name=name, walks=True)


def _attempt(catalog: Catalog, code: str, structure: str, progress: Progress | None, name: str | None = None,
             source: str | None = None, alphabet: str | Sequence[str] | None = None) -> Built:
    try:
        return Built(code, build_one(catalog, code, structure=structure, progress=progress, name=name, source=source,
                                     alphabet=alphabet))
    except LexcError as err:
        return Built(code, None, str(err))


def _worker(fields: tuple[Any, ...], code: str, structure: str, name: str | None) -> Built:
    """One language in a child process, with the parent's catalog made again from its fields.

    While it works, SIGTERM (sent to the whole process group by a service manager, ``timeout`` or a
    terminal) raises :class:`KeyboardInterrupt` here as in the parent (:mod:`lexc.cli.signals`), so the
    atomic writer removes its temporary file and the spill folder goes; an idle worker keeps the default.
    """
    from lexc.catalog import Catalog

    previous = signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        return _attempt(Catalog(*fields), code, structure, None, name)
    finally:
        signal.signal(signal.SIGTERM, previous)


def build_packs(catalog: Catalog, codes: Sequence[str], *, jobs: int = 1, structure: str = "auto",
                progress: Callable[[str], Progress | None] | None = None, name: str | None = None,
                source: str | None = None, alphabet: str | Sequence[str] | None = None) -> Iterator[Built]:
    """Build the packs of ``codes``, ``jobs`` at a time; yields each language's outcome as it finishes.

    With one job the languages are compiled here, one after another, and ``progress(code)``
    gives the stage callback of each; with more, each in a process of its own, started longest first
    (:func:`longest_first`). ``name`` builds each
    language's named lexicon instead (:func:`build_one`; ``source`` with one language only).
    """
    if jobs < 1:
        raise LexcError(Problem(None, None, "jobs", f"must be at least 1, not {jobs}"))
    if jobs == 1 or len(codes) < 2:
        for code in codes:
            yield _attempt(catalog, code, structure, progress(code) if progress else None, name, source, alphabet)
        return
    fields = tuple(getattr(catalog, f.name) for f in dataclasses.fields(catalog) if not f.name.startswith("_"))
    context = multiprocessing.get_context("spawn")  # no fork of a process with a progress thread running
    with ProcessPoolExecutor(max_workers=min(jobs, len(codes)), mp_context=context) as pool:
        futures: dict[Future[Built], str] = {pool.submit(_worker, fields, code, structure, name): code
                                             for code in longest_first(codes)}
        try:
            for future in as_completed(futures):
                yield future.result()
        except BaseException:
            pool.shutdown(wait=True, cancel_futures=True)
            raise
