"""lexc's modules import one another without cycles (issue 23: data flows one way).

The graph is read from the source with :mod:`ast`, not by importing: every ``import`` a
module makes counts, at module level, under ``if TYPE_CHECKING:`` and inside functions alike
(an import put off into a function to dodge a cycle is still a cycle). The front door
``lexc/__init__.py`` counts only for what it imports when it runs: its names are loaded by
name on first use, so ``from lexc import __version__`` in a submodule reaches no other module.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import lexc

ROOT = Path(lexc.__file__).parent

#: Cycles still there, each with the issue or branch that removes it; the lead drops an entry once
#: that branch is merged.
KNOWN: set[frozenset[str]] = set()


def _modules() -> dict[str, Path]:
    found = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = path.relative_to(ROOT.parent).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.Module, everywhere: bool) -> Iterator[ast.Import | ast.ImportFrom]:
    """The import statements of a module: all of them, or (the front door) those that run on import."""
    if everywhere:
        yield from (n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom)))
        return
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif isinstance(node, ast.If) and not _type_checking(node):
            yield from (n for n in ast.walk(node) if isinstance(n, (ast.Import, ast.ImportFrom)))


def import_graph() -> dict[str, set[str]]:
    """Module name -> the lexc modules it imports."""
    modules = _modules()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets: set[str] = set()
        for node in _imports(ast.parse(path.read_text(encoding="utf-8")), everywhere=name != "lexc"):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*parts, base] if base else parts)
                names = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base for alias in node.names]
            for target in names:
                while target and target not in modules:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    targets.add(target)
        graph[name] = targets
    return graph


def cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(frozenset(component))
    return found


def test_the_graph_is_read():
    graph = import_graph()
    assert "lexc.catalog" in graph["lexc.engine.scoring"] or "lexc.engine.ruleset" in graph["lexc.engine.scoring"]
    assert "lexc.language.spec" in graph["lexc.catalog"]
    assert "lexc.engine.ruleset" in graph["lexc.catalog"]  # imported inside Catalog.ruleset: still an edge


def test_cycles_are_found():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}}
    assert cycles(graph) == [frozenset("abc")]


def test_no_import_cycles():
    found = [sorted(cycle) for cycle in cycles(import_graph()) if cycle not in KNOWN]
    assert found == []


def test_the_ruleset_loader_does_not_import_the_catalog():
    graph = import_graph()
    assert "lexc.catalog" not in graph["lexc.engine.ruleset"]
    assert "lexc.catalog" not in graph["lexc.lexicon.words"]
