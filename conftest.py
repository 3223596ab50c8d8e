"""Doctests of lexc/ get one shipped catalog as ``catalog`` (module docstrings show how it is made).

The suite never reads the user's packs: before lexc is imported, ``$LEXC_PACKS`` names a
folder of this run that does not exist (a missing packs folder holds no packs), so ``build/``
after ``make run`` -- every default language, or any other set -- changes no test. A test that
needs packs makes its own in ``tmp_path`` or names its folder (``--packs``, ``Catalog.shipped(packs=...)``;
lexc looks words up in the catalog's packs by default); one that writes to the default folder is
an error of that test (:func:`_no_default_packs`). Its cache (:mod:`lexc.cache`, the trusted tries)
is a folder of the run too.

The modules mypyc compiled (:mod:`lexc.compiled`) keep no docstrings: their doctests are read from the
``.py`` source they are built from and run in the compiled module (:func:`pytest_collect_file`).
"""

from __future__ import annotations

import atexit
import importlib
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from _pytest.doctest import (
    DoctestItem,
    DoctestModule,
    _get_checker,
    _get_continue_on_failure,
    _get_runner,
    get_optionflags,
)

_NO_PACKS = Path(tempfile.mkdtemp(prefix="lexc-tests-"))
atexit.register(shutil.rmtree, _NO_PACKS, ignore_errors=True)
os.environ["LEXC_PACKS"] = str(_NO_PACKS / "no-packs")
os.environ.setdefault("LEXC_CACHE", str(_NO_PACKS / "cache"))  # nor writes the user's cache (lexc.cache)

from lexc.catalog import Catalog  # noqa: E402  (after $LEXC_PACKS is set)
from lexc.compiled import compiled, doctests  # noqa: E402

_ROOT = Path(__file__).resolve().parent
_COMPILED = frozenset(compiled())


class _CompiledDoctests(DoctestModule):
    """The doctests of a compiled module: read from its ``.py`` source, run in the compiled module itself.

    Never in a second module made from the source: that copy's classes (and those of the other compiled
    modules it imports from source) are other classes than the compiled ones, which the rest of the suite
    and every name a doctest imports hold, and compiled code refuses them ("Search object expected; got
    Search"). The doctests so test the code that runs, the compiled code.
    """

    def _getobj(self) -> ModuleType:
        return importlib.import_module(".".join(self.path.relative_to(_ROOT).with_suffix("").parts))

    def collect(self) -> Iterator[DoctestItem]:
        module = self.obj
        self.session._fixturemanager.parsefactories(self)  # as DoctestModule.collect: fixtures, autouse ones
        runner = _get_runner(verbose=False, optionflags=get_optionflags(self.config), checker=_get_checker(),
                             continue_on_failure=_get_continue_on_failure(self.config))
        for test in doctests(module, self.path):
            yield DoctestItem.from_parent(self, name=test.name, runner=runner, dtest=test)


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
    return [_CompiledDoctests.from_parent(parent, path=file_path) if isinstance(c, DoctestModule) else c
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
