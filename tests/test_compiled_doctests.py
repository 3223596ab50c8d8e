"""The doctests of the compiled modules (lexc.compiled.MODULES): read from their ``.py`` source, all of them,
and run in the compiled module itself, never in a second module made from the source (conftest.py).

A second module made from the source has classes of its own: a doctest that gave one of them to compiled code
(a name of its module's beside one it imports) failed with "Search object expected; got Search".
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from lexc.compiled import MODULES, compiled, doctests

REPO = Path(__file__).resolve().parent.parent
SOURCES = [REPO / (name.replace(".", "/") + ".py") for name in MODULES]

#: In a child process: every compiled module's doctests collected by the suite's own conftest.py, then each
#: class a doctest sees checked against the class of that name in the module ``sys.modules`` holds.
COLLECT = """
import functools, sys, pytest
def home(value):
    module = sys.modules.get(getattr(value, "__module__", None) or "")
    try:
        return functools.reduce(getattr, value.__qualname__.split("."), module)
    except AttributeError:
        return None
class Probe:
    def pytest_collection_finish(self, session):
        names = [item.name for item in session.items]
        clashes = sorted({f"{item.name}: {key}" for item in session.items for key, value in item.dtest.globs.items()
                          if isinstance(value, type) and value.__module__.startswith("lexc.")
                          and home(value) is not value})
        modules = {name: getattr(sys.modules.get(name), "__file__", None) for name in sys.argv[1].split(",")}
        parents = sorted(name for name in modules if name in sys.modules and getattr(
            sys.modules[name.rpartition(".")[0]], name.rpartition(".")[2]) is not sys.modules[name])
        print(json.dumps({"doctests": names, "clashes": clashes, "files": modules, "parents": parents}))
import json
pytest.main(["--collect-only", "-q", "-p", "no:cacheprovider", *sys.argv[2:]], plugins=[Probe()])
"""


def _collected() -> dict:
    done = subprocess.run([sys.executable, "-c", COLLECT, ",".join(MODULES), *map(str, SOURCES)], cwd=REPO,
                          capture_output=True, text=True, timeout=600)
    line = next((x for x in done.stdout.splitlines() if x.startswith("{")), None)
    assert line is not None, done.stdout + done.stderr
    return json.loads(line)


@pytest.mark.skipif(not compiled(), reason="no compiled modules here (LEXC_PURE=1, or no compiler): the sources run")
def test_a_compiled_modules_doctests_see_its_own_compiled_classes():
    found = _collected()
    assert "lexc.engine.moves.generate.Extender.opens" in found["doctests"]  # gives a Search to a compiled Line
    assert found["clashes"] == []  # before: every class of a compiled module, in each of its doctests
    assert found["parents"] == []  # and no package left naming a copy of its module made from the source
    for name in compiled():
        assert not found["files"][name].endswith(".py"), name  # the compiled module stays the one imported


def test_the_doctests_read_from_the_source_are_those_doctest_finds():
    """Every doctest of the source, the same examples at the same lines (doctest's own finder on the source,
    LEXC_PURE=1, in a child process), so running them in the compiled module loses none."""
    script = ("import doctest, importlib, json, sys\n"
              "found = {}\n"
              "for name in sys.argv[1:]:\n"
              "    for t in doctest.DocTestFinder().find(importlib.import_module(name)):\n"
              "        if t.examples:\n"
              "            found[t.name] = [t.lineno, [e.source for e in t.examples]]\n"
              "print(json.dumps(found))\n")
    done = subprocess.run([sys.executable, "-c", script, *MODULES], capture_output=True, text=True, cwd=REPO,
                          env=os.environ | {"LEXC_PURE": "1"}, check=True, timeout=600)
    expected = json.loads(done.stdout)
    read = {t.name: [t.lineno, [e.source for e in t.examples]]
            for name, source in zip(MODULES, SOURCES, strict=True)
            for t in doctests(importlib.import_module(name), source)}
    assert read == expected
    assert len(read) > 40 and "lexc.language.tiles" in read and "lexc.engine.moves.generate.Extender.opens" in read
