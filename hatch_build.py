"""The build hook that compiles lexc's per-word modules with mypyc (hatchling custom hook), and a script.

``pip install .`` (a wheel) and ``pip install -e .`` (the editable install of ``make setup``) run
:class:`CompiledModules`: the modules of ``lexc.compiled.MODULES`` are compiled by mypyc and gcc into
extension modules beside their ``.py`` files. When that cannot be done (no C compiler, no Python
headers, mypyc refuses a module) the build says why and goes on: the plain Python modules are
installed and lexc runs the same, slower. ``LEXC_PURE=1`` skips the compile on purpose.

As a script (what ``make setup`` runs, with the virtual environment's mypy)::

    python hatch_build.py --inplace   # compile next to the sources (an editable install)
    python hatch_build.py --clean     # remove them: the sources run again
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
LIST = ROOT / "lexc" / "compiled.py"
SUFFIX = sysconfig.get_config_var("EXT_SUFFIX") or ".so"


def modules() -> list[str]:
    """``MODULES`` of lexc/compiled.py, read without importing lexc."""
    tree = ast.parse(LIST.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.target.id == "MODULES":
            assert node.value is not None
            return list(ast.literal_eval(node.value))
    raise SystemExit(f"{LIST}: no MODULES")


def sources() -> list[Path]:
    return [ROOT / (name.replace(".", "/") + ".py") for name in modules()]


def pure() -> bool:
    return os.environ.get("LEXC_PURE", "") not in ("", "0")


def compile_to(out: Path) -> list[Path]:
    """Compile the modules with mypyc into ``out`` (a build folder of its own); the files built, relative to it.

    Runs in a child process (mypyc drives setuptools, which keeps global state), with the project's
    mypy configuration (pyproject.toml). Raises RuntimeError with the end of its output on failure.
    """
    work = out / "work"
    work.mkdir(parents=True, exist_ok=True)
    script = (
        "import sys\n"
        "from mypyc.build import mypycify\n"
        "from setuptools import Distribution\n"
        "paths, work, out = sys.argv[1].split(','), sys.argv[2], sys.argv[3]\n"
        "exts = mypycify(paths, target_dir=work + '/c', opt_level='3')\n"
        "dist = Distribution({'name': 'lexc-compiled', 'ext_modules': exts, 'packages': [], 'py_modules': []})\n"
        "cmd = dist.get_command_obj('build_ext')\n"
        "cmd.build_lib, cmd.build_temp = out, work + '/temp'\n"
        "cmd.ensure_finalized()\n"
        "cmd.run()\n"
    )
    paths = ",".join(str(p.relative_to(ROOT)) for p in sources())
    done = subprocess.run([sys.executable, "-c", script, paths, str(work), str(out / "lib")], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-12:])
        raise RuntimeError(f"mypyc or the C compiler failed (exit {done.returncode}):\n{tail}")
    lib = out / "lib"
    built = sorted(p.relative_to(lib) for p in lib.rglob("*" + SUFFIX))
    if not built:
        raise RuntimeError("mypyc built nothing")
    return [lib / p for p in built]


def missing_tools() -> str | None:
    """Why nothing can be compiled here (no C compiler, no Python.h, no mypyc), or None."""
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler})"
    include = sysconfig.get_paths().get("include", "")
    if not (Path(include) / "Python.h").is_file():
        return f"no Python headers ({include}/Python.h; Debian: python3-dev)"
    try:
        import mypyc  # noqa: F401
        import setuptools  # noqa: F401
    except ImportError as err:
        return f"no {err.name} to compile with"
    return None


def build_inplace() -> list[Path]:
    """Compile, then put each extension beside its source (what an editable install needs); the files placed.

    The extensions of the last build stay in place while mypyc and gcc work (minutes), and each is then
    replaced (:func:`os.replace`, the shared library first), never removed first: removed, a lexc process
    started meanwhile, or one importing a compiled module for the first time (a test run beside ``make
    setup``), ran the ``.py`` of some modules beside the extensions of others, whose compiled code refused
    the source's classes ("Normaliser object expected; got Normaliser"). Files of an older build that this
    one did not make (another list of modules, another shared library) are removed last.
    """
    before = set(inplace_files())
    with tempfile.TemporaryDirectory(prefix="lexc-mypyc-") as tmp:
        placed = []
        for built in sorted(compile_to(Path(tmp)), key=lambda p: "__mypyc" not in p.name):
            target = ROOT / built.relative_to(Path(tmp) / "lib")
            staged = target.with_name(target.name + ".new")  # beside it: the rename is atomic
            shutil.copy2(built, staged)
            os.replace(staged, target)
            placed.append(target)
    for path in before - set(placed):
        path.unlink()
    return placed


def inplace_files() -> list[Path]:
    """Compiled files in the source tree: the modules' extensions and mypyc's shared library at the top."""
    found = [p.with_name(p.stem + SUFFIX) for p in sources()]
    found += ROOT.glob("*__mypyc" + SUFFIX)
    return [p for p in found if p.exists()]


def clean() -> None:
    for path in inplace_files():
        path.unlink()


try:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface
except ImportError:  # run as a script without hatchling
    BuildHookInterface = object  # type: ignore[assignment,misc]


class CompiledModules(BuildHookInterface):  # type: ignore[misc,valid-type]
    """Compiles lexc.compiled.MODULES for a wheel (platform-specific then) or in place for an editable install."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        # mypyc type-checks every module the compiled ones import: numpy and pycountry too (lexc.export.kwg,
        # lexc.lexicon.trust, lexc.language.iso639), which an isolated build environment lacks unless named here;
        # without them mypy fails and the wheel is the plain modules (a clean clone's `pip install .`)
        return [] if pure() else ["mypy>=1.10", "setuptools>=61", "numpy", "pycountry>=24.6"]

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        if pure():
            self.app.display_info("lexc: LEXC_PURE is set: the plain Python modules, nothing compiled")
            return
        why = missing_tools()
        try:
            if why is not None:
                raise RuntimeError(why)
            if version == "editable":
                placed = build_inplace()
                self.app.display_info(f"lexc: {len(placed)} compiled files placed beside the sources")
                return
            self._tmp = tempfile.TemporaryDirectory(prefix="lexc-mypyc-")
            lib = Path(self._tmp.name) / "lib"
            for built in compile_to(Path(self._tmp.name)):
                build_data["force_include"][str(built)] = str(built.relative_to(lib))
        except RuntimeError as err:
            self.app.display_warning(f"lexc: not compiled, the plain Python modules are installed: {err}")
            return
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        tmp = getattr(self, "_tmp", None)
        if tmp is not None:
            tmp.cleanup()


def main(argv: list[str]) -> int:
    if argv == ["--clean"]:
        clean()
        return 0
    if argv == ["--sources"]:
        print(" ".join(str(p.relative_to(ROOT)) for p in sources()))
        return 0
    if argv != ["--inplace"]:
        print(__doc__, file=sys.stderr)
        return 2
    if pure():
        clean()
        print("lexc: LEXC_PURE is set: compiled modules removed, the plain Python modules run")
        return 0
    why = missing_tools()
    try:
        if why is not None:
            raise RuntimeError(why)
        placed = build_inplace()
    except RuntimeError as err:
        clean()
        print(f"lexc: not compiled, the plain Python modules run (slower): {err}", file=sys.stderr)
        return 0
    print(f"lexc: compiled {len(placed) - 1} modules with mypyc: {', '.join(modules())}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
