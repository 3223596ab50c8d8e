"""lexc's modules and functions stay a size one can read (issue 23).

Every module of ``lexc/`` holds at most 700 lines and every function at most 60, counted from
its ``def`` line to its last line (decorators aside), nested functions each on their own and
also inside the function that holds them: a route handler nested in an app factory makes the
factory long. Read from the source with :mod:`ast`, like tests/test_imports.py.
"""

from __future__ import annotations

import ast
from pathlib import Path

import lexc

ROOT = Path(lexc.__file__).parent
MODULE_LINES = 700
FUNCTION_LINES = 60


def _sources() -> list[Path]:
    return sorted(ROOT.rglob("*.py"))


def test_no_module_over_700_lines() -> None:
    long = {str(p.relative_to(ROOT.parent)): n for p in _sources()
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MODULE_LINES}
    assert long == {}


def test_no_function_over_60_lines() -> None:
    long = {}
    for path in _sources():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                assert node.end_lineno is not None
                length = node.end_lineno - node.lineno + 1
                if length > FUNCTION_LINES:
                    long[f"{path.relative_to(ROOT.parent)}:{node.lineno} {node.name}"] = length
    assert long == {}


def test_the_limits_are_counted_on_real_code() -> None:
    """The counter sees lexc's own long-ish code: the scorer's module is hundreds of lines."""
    scoring = ROOT / "engine" / "scoring.py"
    assert len(scoring.read_text(encoding="utf-8").splitlines()) > 200
    defs = [n for n in ast.walk(ast.parse(scoring.read_text(encoding="utf-8")))
            if isinstance(n, ast.FunctionDef) and n.name == "score_play"]
    assert defs and defs[0].end_lineno is not None and defs[0].end_lineno > defs[0].lineno
