"""Benchmark: how long a command takes from the shell, beside ``python -c pass`` in the same run.

Each command and the baseline are run alternately (baseline, command, baseline, command...) as
whole processes, so both see the same load; the wall-time medians and their ratio are reported,
with each side's CPU time (user + system, from the kernel's accounting of the child: less
sensitive to a loaded machine than wall time), and each command's imported modules
(``python -X importtime``: how many, and the slowest).

* ``score``: ``lexc score --ruleset polyglot "8D WHISKY @fr"`` (the issue's measure);
* ``check``: ``lexc check en QUITE``;
* ``game play``: ``lexc game play FILE "8D WHISKY @fr"`` on a fresh copy of a new Polyglot game
  (a physical bag: the rack is not known, the play is scored and written);
* ``version``: ``lexc --version`` (the whole typer app, every command module).

**Bytecode.** As installed (``pip install`` writes the ``.pyc`` files of every module), lexc's
modules load from bytecode: the run compiles the package's bytecode first (``compileall``, into the
``__pycache__`` folders git ignores) and runs the commands without ``PYTHONDONTWRITEBYTECODE``. With
``--source`` every run compiles lexc's own modules from source instead (its ``__pycache__`` folders
removed, ``PYTHONDONTWRITEBYTECODE=1``; the standard library and the dependencies keep theirs), as an
editable install does where bytecode is never written.

**The cache of checked files** (:mod:`lexc.cache`) is filled by one run of each command before the timed
ones, on each side (as a user's is after a first run); ``--no-cache`` runs with ``LEXC_NO_CACHE=1``.

**Before and after.** ``--before DIR`` runs each command a third time in the same alternation from
the ``lexc`` package of another checkout (``DIR/lexc``, first on ``PYTHONPATH``; its bytecode compiled
likewise), e.g. the main branch's (``git archive main lexc | tar -x -C DIR``).

Packs from ``$LEXC_PACKS`` or build/ (``lexc build en fr`` at least).

Run: ``.venv/bin/python bench/bench_startup.py [--repeat 21] [--source] [--no-cache] [--before DIR] [--json]``.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

BIN = Path(sys.executable).parent
LEXC = str(BIN / "lexc")
PACKAGE = Path(__file__).resolve().parent.parent / "lexc"


def _bytecode(package: Path, source: bool) -> None:
    """``package``'s modules compiled to bytecode, as ``pip install`` does; with ``source``, none."""
    if source:
        for cache in list(package.rglob("__pycache__")):
            shutil.rmtree(cache)
    else:
        compileall.compile_dir(package, quiet=1)


def _environment(source: bool) -> dict[str, str]:
    """The commands' environment: bytecode as installed, or (``source``) lexc's modules compiled each run."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")}
    return env | {"PYTHONDONTWRITEBYTECODE": "1"} if source else env


def _run(args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds (user + system) of one run of ``args``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(args, capture_output=True, check=False, env=env)
    took = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(args)} failed: {done.stderr.decode(errors='replace')}")
    return took, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _imports(args: list[str], env: dict[str, str]) -> dict[str, Any]:
    """Modules the command imports and the five slowest (cumulative µs) by ``-X importtime``."""
    code = f"import sys; sys.argv = {args!r}; from lexc.cli.launch import main; main()"
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", code], capture_output=True, text=True,
                          check=False, env=env, cwd=tempfile.gettempdir())  # not a checkout: PYTHONPATH decides
    rows = [m for line in done.stderr.splitlines() if (m := re.match(r"import time:\s+\d+ \|\s+(\d+) \|( *)(\S+)",
                                                                          line))]
    top = sorted(((int(m.group(1)), m.group(3)) for m in rows if not m.group(2).strip()), reverse=True)[:5]
    return {"modules": len(rows), "slowest": [{"module": name, "us": us} for us, name in top],
            "loads": sorted({m.group(3).split(".")[0] for m in rows} & {"typer", "pydantic", "numpy", "icu",
                                                                       "rich", "marisa_trie", "dawg", "matplotlib"})}


def _measure(command: list[str], baseline: list[str], repeat: int, env: dict[str, str],
             fresh: tuple[Path, Path], before: dict[str, str] | None) -> dict[str, Any]:
    base: list[tuple[float, float]] = []
    times: list[tuple[float, float]] = []
    old: list[tuple[float, float]] = []
    for side in (env, *([] if before is None else [before])):  # a first run fills the cache of checked files
        shutil.copyfile(*fresh)
        _run(command, side)
    for _ in range(repeat):
        base.append(_run(baseline, env))
        shutil.copyfile(*fresh)
        times.append(_run(command, env))
        if before is not None:
            shutil.copyfile(*fresh)
            old.append(_run(command, before))
    wall, cpu = statistics.median(t for t, _ in times), statistics.median(c for _, c in times)
    base_wall, base_cpu = statistics.median(t for t, _ in base), statistics.median(c for _, c in base)
    result = {"command": " ".join(c if " " not in c else f'"{c}"' for c in [Path(command[0]).name, *command[1:]]),
              "median_s": wall, "baseline_median_s": base_wall, "ratio": wall / base_wall,
              "cpu_s": cpu, "baseline_cpu_s": base_cpu, "cpu_ratio": cpu / base_cpu if base_cpu else None,
              "imports": _imports(["lexc", *command[1:]], env)}
    if before is not None:
        result["before"] = {"median_s": statistics.median(t for t, _ in old),
                            "cpu_s": statistics.median(c for _, c in old),
                            "ratio": statistics.median(t for t, _ in old) / base_wall,
                            "imports": _imports(["lexc", *command[1:]], before)}
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=21)
    parser.add_argument("--source", action="store_true", help="compile lexc's modules from source on every run")
    parser.add_argument("--before", type=Path, metavar="DIR", help="also run each command from DIR/lexc")
    parser.add_argument("--no-cache", action="store_true",
                        help="LEXC_NO_CACHE=1: every spec, scheme and ruleset read and checked on every run")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    for package in (PACKAGE, *([] if args.before is None else [args.before / "lexc"])):
        _bytecode(package, args.source)
    folder = Path(tempfile.mkdtemp(prefix="lexc-startup-"))
    try:
        env = _environment(args.source) | ({"LEXC_NO_CACHE": "1"} if args.no_cache else {})
        before = None if args.before is None else env | {"PYTHONPATH": str(args.before.resolve())}
        game = folder / "game.gcg"
        subprocess.run([LEXC, "game", "new", str(game), "--players", "ann,bob", "--ruleset", "polyglot"],
                       check=True, capture_output=True, env=env)
        copy = folder / "play.gcg"
        commands = {
            "score": [LEXC, "score", "--ruleset", "polyglot", "8D WHISKY @fr"],
            "check": [LEXC, "check", "en", "QUITE"],
            "game play": [LEXC, "game", "play", str(copy), "8D WHISKY @fr"],
            "version": [LEXC, "--version"],
        }
        result: dict[str, Any] = {"python": sys.version.split()[0], "repeat": args.repeat,
                                  "bytecode": "compiled from source every run" if args.source else "as installed",
                                  "cache": "off (LEXC_NO_CACHE=1)" if args.no_cache else "on, filled by a first run",
                                  "load": os.getloadavg(), "commands": {}}
        for name, command in commands.items():
            result["commands"][name] = _measure(command, [sys.executable, "-c", "pass"], args.repeat, env,
                                                (game, copy), before)
        result["load_after"] = os.getloadavg()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"load {result['load'][0]:.1f} -> {result['load_after'][0]:.1f}, {args.repeat} runs each, alternately; "
          f"bytecode {result['bytecode']}; cache of checked files {result['cache']}")
    for r in result["commands"].values():
        slow = ", ".join(f"{s['module']} {s['us'] / 1000:.0f} ms" for s in r["imports"]["slowest"][:3])
        print(f"{r['command']}: median {1000 * r['median_s']:.0f} ms; python -c pass "
              f"{1000 * r['baseline_median_s']:.0f} ms; ratio {r['ratio']:.1f}x; CPU {1000 * r['cpu_s']:.0f} ms "
              f"against {1000 * r['baseline_cpu_s']:.0f} ms; {r['imports']['modules']} modules "
              f"({', '.join(r['imports']['loads'])}); slowest: {slow}")
        if "before" in r:
            b = r["before"]
            print(f"    before: median {1000 * b['median_s']:.0f} ms; ratio {b['ratio']:.1f}x; CPU "
                  f"{1000 * b['cpu_s']:.0f} ms; {b['imports']['modules']} modules ({', '.join(b['imports']['loads'])})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
