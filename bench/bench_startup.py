"""Benchmark: how long a command takes from the shell, beside ``python -c pass`` in the same run.

Each command and the baseline are run alternately (baseline, command, baseline, command...) as
whole processes, wall time, so both see the same load; the medians and their ratio are reported,
and each command's imported modules (``python -X importtime``: how many, and the slowest).

* ``score``: ``lexc score --ruleset polyglot "8D WHISKY @fr"`` (the issue's measure);
* ``check``: ``lexc check en QUITE``;
* ``game play``: ``lexc game play FILE "8D WHISKY @fr"`` on a fresh copy of a new Polyglot game
  (a physical bag: the rack is not known, the play is scored and written);
* ``version``: ``lexc --version`` (the whole typer app, every command module).

Packs from ``$LEXC_PACKS`` or build/ (``lexc build en fr`` at least).

Run: ``.venv/bin/python bench/bench_startup.py [--repeat 21] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
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


def _run(args: list[str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(args, capture_output=True, check=False)
    took = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(args)} failed: {done.stderr.decode(errors='replace')}")
    return took


def _imports(args: list[str]) -> dict[str, Any]:
    """Modules the command imports and the five slowest (cumulative µs) by ``-X importtime``."""
    code = f"import sys; sys.argv = {args!r}; from lexc.cli.launch import main; main()"
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", code], capture_output=True, text=True,
                          check=False)
    rows = [m for line in done.stderr.splitlines() if (m := re.match(r"import time:\s+\d+ \|\s+(\d+) \|( *)(\S+)",
                                                                          line))]
    top = sorted(((int(m.group(1)), m.group(3)) for m in rows if not m.group(2).strip()), reverse=True)[:5]
    return {"modules": len(rows), "slowest": [{"module": name, "us": us} for us, name in top],
            "loads": sorted({m.group(3).split(".")[0] for m in rows} & {"typer", "pydantic", "numpy", "icu",
                                                                       "rich", "marisa_trie", "dawg", "matplotlib"})}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=21)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="lexc-startup-"))
    try:
        game = folder / "game.gcg"
        subprocess.run([LEXC, "game", "new", str(game), "--players", "ann,bob"], check=True, capture_output=True)
        copy = folder / "play.gcg"
        commands = {
            "score": [LEXC, "score", "--ruleset", "polyglot", "8D WHISKY @fr"],
            "check": [LEXC, "check", "en", "QUITE"],
            "game play": [LEXC, "game", "play", str(copy), "8D WHISKY @fr"],
            "version": [LEXC, "--version"],
        }
        baseline = [sys.executable, "-c", "pass"]
        result: dict[str, Any] = {"python": sys.version.split()[0], "repeat": args.repeat,
                                  "load": os.getloadavg(), "commands": {}}
        for name, command in commands.items():
            base, times = [], []
            for _ in range(args.repeat):
                base.append(_run(baseline))
                shutil.copyfile(game, copy)
                times.append(_run(command))
            result["commands"][name] = {
                "command": " ".join(c if " " not in c else f'"{c}"' for c in [Path(command[0]).name, *command[1:]]),
                "median_s": statistics.median(times), "baseline_median_s": statistics.median(base),
                "ratio": statistics.median(times) / statistics.median(base),
                "imports": _imports(["lexc", *command[1:]])}
        result["load_after"] = os.getloadavg()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"load {result['load'][0]:.1f} -> {result['load_after'][0]:.1f}, {args.repeat} runs each, alternately")
    for r in result["commands"].values():
        slow = ", ".join(f"{s['module']} {s['us'] / 1000:.0f} ms" for s in r["imports"]["slowest"][:3])
        print(f"{r['command']}: median {1000 * r['median_s']:.0f} ms; python -c pass "
              f"{1000 * r['baseline_median_s']:.0f} ms; ratio {r['ratio']:.1f}x; {r['imports']['modules']} modules "
              f"({', '.join(r['imports']['loads'])}); "
              f"slowest: {slow}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
