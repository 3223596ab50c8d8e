"""Doctests of lexc/ get one shipped catalog as ``catalog`` (module docstrings show how it is made).

The suite never reads the user's packs: before lexc is imported, ``$LEXC_PACKS`` names a
folder of this run that does not exist (a missing packs folder holds no packs), so ``build/``
after ``make run`` -- every default language, or any other set -- changes no test. A test that
needs packs makes its own in ``tmp_path`` or names its folder (``--packs``, ``Catalog.shipped(packs=...)``;
lexc looks words up in the catalog's packs by default); one that writes to the default folder is
an error of that test (:func:`_no_default_packs`). Its cache (:mod:`lexc.cache`, the trusted tries)
is a folder of the run too.

The modules mypyc compiled (:mod:`lexc.compiled`) keep no docstrings; their doctests run from the
``.py`` source (:func:`pytest_collect_file`), which the compiled module is built from.
"""

from __future__ import annotations

import atexit
import importlib
import importlib.util
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from _pytest.doctest import DoctestModule

_NO_PACKS = Path(tempfile.mkdtemp(prefix="lexc-tests-"))
atexit.register(shutil.rmtree, _NO_PACKS, ignore_errors=True)
os.environ["LEXC_PACKS"] = str(_NO_PACKS / "no-packs")
os.environ.setdefault("LEXC_CACHE", str(_NO_PACKS / "cache"))  # nor writes the user's cache (lexc.cache)

from lexc.catalog import Catalog  # noqa: E402  (after $LEXC_PACKS is set)
from lexc.compiled import SourceFinder, compiled  # noqa: E402

_ROOT = Path(__file__).resolve().parent
_COMPILED = frozenset(compiled())


class _SourceDoctests(DoctestModule):
    """The doctests of a compiled module, read from (and run in) a copy of it made from its ``.py`` source."""

    def _getobj(self) -> ModuleType:
        """The module made from its source, importing the other compiled modules from source too (a class of
        the copy may subclass one of theirs: ``codec.Coder`` a ``tiles.Table``); ``sys.modules`` is then as it was."""
        name = ".".join(self.path.relative_to(_ROOT).with_suffix("").parts)
        importlib.import_module(name)  # the compiled module, and everything it imports, first
        kept = {n: sys.modules[n] for n in _COMPILED if n in sys.modules}
        finder = SourceFinder()
        sys.meta_path.insert(0, finder)
        for n in kept:
            del sys.modules[n]
        try:
            return importlib.import_module(name)
        finally:
            sys.meta_path.remove(finder)
            for n in _COMPILED:
                sys.modules.pop(n, None)
            sys.modules.update(kept)
            for n, module in kept.items():  # the packages' attributes too (import a.b.c as m reads them)
                parent, _, leaf = n.rpartition(".")
                setattr(sys.modules[parent], leaf, module)

    def collect(self) -> Iterator[pytest.Item]:
        """The doctests found with the source copy as its module (doctest asks ``sys.modules`` whose an object is)."""
        module = self.obj
        kept, sys.modules[module.__name__] = sys.modules[module.__name__], module
        try:
            yield from super().collect()
        finally:
            sys.modules[module.__name__] = kept


@pytest.hookimpl(wrapper=True)
def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> Iterator[list[pytest.Collector]]:
    collected: list[pytest.Collector] = yield  # type: ignore[misc]
    if not _COMPILED or file_path.suffix != ".py" or not file_path.is_relative_to(_ROOT / "lexc"):
        return collected
    name = ".".join(file_path.relative_to(_ROOT).with_suffix("").parts)
    if name not in _COMPILED:
        return collected
    # a module named on the command line is also collected as a test module: lexc/ holds no tests, and
    # importing it would find the compiled module where pytest expects the .py file
    return [_SourceDoctests.from_parent(parent, path=file_path) if isinstance(c, DoctestModule) else c
            for c in collected if isinstance(c, DoctestModule) or not isinstance(c, pytest.Module)]


@pytest.fixture(autouse=True)
def _no_default_packs() -> Iterator[None]:
    """A test that wrote packs to the default folder fails, and the next test finds none there."""
    yield
    folder = Path(os.environ.get("LEXC_PACKS", _NO_PACKS or "."))
    if folder.exists():
        shutil.rmtree(folder, ignore_errors=True)
        pytest.fail(f"this test wrote to the default packs folder ({folder}): make packs in tmp_path, "
                    "or name their folder (--packs)")


@pytest.fixture(autouse=True)
def _doctest_catalog(doctest_namespace: dict[str, object]) -> None:
    doctest_namespace.setdefault("catalog", Catalog.shipped())
