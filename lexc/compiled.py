"""The modules of lexc compiled to C by mypyc, and the switch back to their Python source.

:data:`MODULES` is the one list of them: the build (``hatch_build.py``, used by ``pip install`` and
``make setup``) compiles these when gcc and the Python headers are there, and installs the plain
``.py`` modules when they are not, or when ``LEXC_PURE=1`` is set (docs/dependencies.md). Each is
the same ``.py`` file either way, ``mypy --strict`` clean, and a pack built through one is byte for
byte the pack built through the other (tests/test_compiled.py).

At run time ``LEXC_PURE=1`` makes ``import lexc`` load the ``.py`` source of every module here even
where a compiled one is installed beside it (:func:`use_source`): to compare the two, to debug with
tracebacks into the source, or to run a module's source just edited without compiling it again.

>>> "lexc.language.normalize" in MODULES
True
>>> set(compiled()) <= set(MODULES)
True
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import doctest

#: The modules compiled by mypyc: the per-word work of a build (normalising a word to its tile code,
#: the tiling readers, reading the lines of a word list and Hunspell's forms, grouping, the spill files, the
#: tries' keys and records, and the walk files built after each pack). Each must compile with mypyc
#: as it is; a module another module subclasses a class of (``reading.Source``) stays out. ``compiler``
#: and ``pack`` are left out too: their per-word loops are in ``collect`` and ``tries``.
MODULES: tuple[str, ...] = (
    "lexc.language.tiles",
    "lexc.language.textblocks",
    "lexc.language.normalize",
    "lexc.lexicon.codec",
    "lexc.lexicon.tries",
    "lexc.lexicon.spill",
    "lexc.lexicon.sources",
    "lexc.lexicon.affixes",
    "lexc.lexicon.collect",
    "lexc.lexicon.hunspell",
    "lexc.lexicon.walk",
    "lexc.lexicon.study",
    # the move finder's search (issue 24 item 4): its steps, bounds, tables and recorder
    "lexc.engine.moves.words",
    "lexc.engine.moves.state",
    "lexc.engine.moves.tables",
    "lexc.engine.moves.record",
    "lexc.engine.moves.generate",
)

#: Set (to anything but "" or "0") at install time: nothing is compiled; at run time: the sources run.
PURE_VARIABLE = "LEXC_PURE"


def pure_requested(environ: dict[str, str] | None = None) -> bool:
    """Whether ``LEXC_PURE`` asks for the plain Python modules.

    >>> pure_requested({"LEXC_PURE": "1"}), pure_requested({"LEXC_PURE": "0"}), pure_requested({})
    (True, False, False)
    """
    import os

    value = (os.environ if environ is None else environ).get(PURE_VARIABLE, "")
    return value not in ("", "0")


def compiled(modules: Sequence[str] = MODULES) -> list[str]:
    """Those of ``modules`` that import (or were imported) from a compiled extension, not from source."""
    found = []
    for name in modules:
        module = sys.modules.get(name)
        origin = getattr(module, "__file__", None) if module is not None else _origin(name)
        if origin and origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)):
            found.append(name)
    return found


def _origin(name: str) -> str | None:
    """Where ``name`` would be imported from (its parent packages are imported to find out)."""
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None
    return spec.origin if spec is not None else None


class SourceFinder:
    """Finds the ``.py`` source of each of :data:`MODULES`, ahead of a compiled extension beside it (a meta path
    finder; not derived from :class:`importlib.abc.MetaPathFinder`, whose module loads ``importlib.resources``
    and with it ``tempfile``, ``shutil`` and ``random``: 40 ms of every ``LEXC_PURE=1`` command)."""

    def __init__(self, modules: Sequence[str] = MODULES):
        self.modules = frozenset(modules)

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.modules or not path:
            return None
        leaf = fullname.rpartition(".")[2] + ".py"
        for folder in path:
            source = Path(folder) / leaf
            if source.is_file():
                return importlib.util.spec_from_file_location(fullname, source)
        return None


def doctests(module: ModuleType, source: Path) -> list[doctest.DocTest]:
    """The doctests of ``module`` read from its ``.py`` ``source``, to run in ``module`` itself (its own names).

    A compiled module keeps no docstrings, so the examples are read from the source it is built from
    (:mod:`ast`: nothing of the source is run), where :class:`doctest.DocTestFinder` finds them: the
    module's docstring, its classes' and functions', and their methods' and properties', named as it
    names them. Each runs with the names of ``module``, the one module object of that name: a second
    module made from the source would have classes of its own, which the compiled code refuses
    ("Search object expected; got Search": the doctests of the test suite, conftest.py).

    >>> import lexc.compiled as this
    >>> found = doctests(this, Path(this.__file__).with_suffix(".py"))
    >>> [test.name for test in found][:2], found[0].globs["MODULES"] is MODULES
    (['lexc.compiled', 'lexc.compiled.doctests'], True)
    """
    import ast
    import doctest

    parser = doctest.DocTestParser()
    found: list[doctest.DocTest] = []
    nodes: list[tuple[ast.AST, str]] = [(ast.parse(source.read_text(encoding="utf-8")), module.__name__)]
    while nodes:
        node, name = nodes.pop()
        assert isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        text = ast.get_docstring(node, clean=False)
        if text:
            line = 0 if isinstance(node, ast.Module) else node.body[0].lineno - 1
            found.append(parser.get_doctest(text, vars(module), name, str(source), line))
        if isinstance(node, ast.Module | ast.ClassDef):
            nodes += [(child, f"{name}.{child.name}") for child in node.body
                      if isinstance(child, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)]
    return sorted(test for test in found if test.examples)


def use_source(modules: Sequence[str] = MODULES) -> None:
    """From now on, import the ``.py`` source of ``modules`` (those already imported stay as they are)."""
    if not any(isinstance(finder, SourceFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, SourceFinder(modules))
