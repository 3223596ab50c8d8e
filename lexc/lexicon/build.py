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
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from lexc.errors import LexcError

if TYPE_CHECKING:
    from lexc.catalog import Catalog
    from lexc.lexicon.compiler import CompileReport, Progress

__all__ = ["Built", "build_one", "build_packs"]


@dataclass(frozen=True)
class Built:
    """The outcome of one language's build: its report, or why it failed."""

    code: str
    report: CompileReport | None
    error: str | None = None


def build_one(catalog: Catalog, code: str, *, structure: str = "auto", progress: Progress | None = None,
              ) -> CompileReport:
    """Compile the default pack of ``code`` (its spec's ``[[lexicon]]`` sources) into the catalog's packs,
    and beside it the walks the move finder, anagrams and patterns step through
    (:func:`lexc.lexicon.walk.write_walks`), so that no reading command builds or writes them."""
    from lexc.lexicon.compiler import compile_pack
    from lexc.lexicon.pack import open_pack
    from lexc.lexicon.sources import default_sources
    from lexc.lexicon.walk import write_walks

    spec = catalog.spec(code)
    if not spec.lexicon:
        raise LexcError(f"{code}: the spec names no [[lexicon]] source")
    target = catalog.pack_path(code)
    report = compile_pack(catalog.language(code), default_sources(spec), target, structure=structure,
                          progress=progress)
    if progress:
        progress("walks", 0, None)
    write_walks(open_pack(target))
    return report


def _attempt(catalog: Catalog, code: str, structure: str, progress: Progress | None) -> Built:
    try:
        return Built(code, build_one(catalog, code, structure=structure, progress=progress))
    except LexcError as err:
        return Built(code, None, str(err))


def _worker(fields: tuple[Any, ...], code: str, structure: str) -> Built:
    """One language in a child process, with the parent's catalog made again from its fields."""
    from lexc.catalog import Catalog

    return _attempt(Catalog(*fields), code, structure, None)


def build_packs(catalog: Catalog, codes: Sequence[str], *, jobs: int = 1, structure: str = "auto",
                progress: Callable[[str], Progress | None] | None = None) -> Iterator[Built]:
    """Build the packs of ``codes``, ``jobs`` at a time; yields each language's outcome as it finishes.

    With one job the languages are compiled here, one after another, and ``progress(code)``
    gives the stage callback of each; with more, each in a process of its own.
    """
    if jobs < 1:
        raise LexcError(f"--jobs must be at least 1, not {jobs}")
    if jobs == 1 or len(codes) < 2:
        for code in codes:
            yield _attempt(catalog, code, structure, progress(code) if progress else None)
        return
    fields = tuple(getattr(catalog, f.name) for f in dataclasses.fields(catalog) if not f.name.startswith("_"))
    context = multiprocessing.get_context("spawn")  # no fork of a process with a progress thread running
    with ProcessPoolExecutor(max_workers=min(jobs, len(codes)), mp_context=context) as pool:
        futures: dict[Future[Built], str] = {pool.submit(_worker, fields, code, structure): code for code in codes}
        try:
            for future in as_completed(futures):
                yield future.result()
        except BaseException:
            pool.shutdown(wait=True, cancel_futures=True)
            raise
