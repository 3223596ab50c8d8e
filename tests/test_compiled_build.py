"""``hatch_build.py --inplace`` (``make setup``) never leaves a listed module without its extension while it builds.

With the extensions removed first, a lexc process started during the compile (minutes), or a running test
importing a compiled module for the first time, ran the ``.py`` of that module beside the extensions of the
others, and compiled code refused the source's classes ("Normaliser object expected; got Normaliser").
Run here over a tree of its own, with mypyc's work replaced by files of known bytes.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def _hook():
    spec = importlib.util.spec_from_file_location("hatch_build", REPO / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    return hook


def test_an_inplace_build_replaces_the_last_builds_extensions_and_removes_them_only_when_stale(tmp_path,
                                                                                              monkeypatch):
    hook = _hook()
    tree = tmp_path / "tree"
    monkeypatch.setattr(hook, "ROOT", tree)
    shims = [tree / (name.replace(".", "/") + hook.SUFFIX) for name in hook.modules()]
    for shim in shims:
        shim.parent.mkdir(parents=True, exist_ok=True)
        shim.with_suffix("").with_suffix(".py").write_text("", encoding="utf-8")  # the module's source
        shim.write_bytes(b"old build")
    kept, stale = tree / ("4dbb__mypyc" + hook.SUFFIX), tree / ("0ld0__mypyc" + hook.SUFFIX)
    kept.write_bytes(b"old build")
    stale.write_bytes(b"a build of another list of modules")
    during: list[bool] = []

    def compile_to(out: Path) -> list[Path]:  # what mypyc and gcc make, the old build still in place meanwhile
        during.append(all(p.read_bytes() == b"old build" for p in [*shims, kept]))
        built = [out / "lib" / p.relative_to(tree) for p in [*shims, kept]]
        for path in built:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(b"new build")
        return built

    monkeypatch.setattr(hook, "compile_to", compile_to)
    placed = hook.build_inplace()
    assert during == [True]  # before: every extension removed as the build began
    assert sorted(placed) == sorted([*shims, kept]) and placed[0] == kept  # the shared library first
    assert all(p.read_bytes() == b"new build" for p in placed)
    assert not stale.exists() and not list(tree.rglob("*.new"))
