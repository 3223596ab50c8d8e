"""Goal 3 of issue 15: ``make run`` on a fresh clone, from its start to its end, against 4 minutes.

    .venv/bin/python bench/bench_make_run.py [--repo .] [--shared ../shared] [--keep]

Clones the repository's HEAD into an empty temporary folder with ``shared`` beside it (as CI
does), runs ``make run`` there under ``/usr/bin/time -v`` (Debian and Python packages are
expected to be installed already: pip then only links what its cache holds) and prints wall
time, user + system CPU seconds, peak RSS, the exit status, the load average before and after,
and CPU / 2: a lower bound of the wall time on two free cores (the set-up, the demo and the
last languages of the build run on one core). The clone is removed unless ``--keep``.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GOAL_SECONDS = 240


def measure(repo: Path, shared: Path, keep: bool) -> dict[str, float]:
    """Clone ``repo`` beside a link to ``shared`` and time ``make run`` in the clone."""
    folder = Path(tempfile.mkdtemp(prefix="lexc-make-run-"))
    try:
        (folder / "shared").symlink_to(shared.resolve())
        subprocess.run(["git", "clone", "-q", str(repo), str(folder / "lexc")], check=True)
        load = os.getloadavg()[0]
        started = time.perf_counter()
        done = subprocess.run(["/usr/bin/time", "-v", "make", "run"], cwd=folder / "lexc", capture_output=True,
                              text=True, check=False)
        wall = time.perf_counter() - started
        report = done.stderr
        user = float(re.search(r"User time \(seconds\): ([\d.]+)", report).group(1))  # type: ignore[union-attr]
        system = float(re.search(r"System time \(seconds\): ([\d.]+)", report).group(1))  # type: ignore[union-attr]
        peak = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", report).group(1))  # type: ignore[union-attr]
        return {"wall": wall, "cpu": user + system, "peak_mib": peak / 1024, "exit": done.returncode,
                "load_before": load, "load_after": os.getloadavg()[0]}
    finally:
        if keep:
            print(f"clone kept in {folder}", file=sys.stderr)
        else:
            shutil.rmtree(folder, ignore_errors=True)


def main() -> int:
    here = Path(__file__).resolve().parent.parent
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repo", type=Path, default=here)
    parser.add_argument("--shared", type=Path, default=here.parent / "shared")
    parser.add_argument("--keep", action="store_true", help="keep the clone (to look at its build/)")
    args = parser.parse_args()
    r = measure(args.repo, args.shared, args.keep)
    free = r["cpu"] / 2
    print(f"make run: exit {r['exit']}, wall {r['wall'] / 60:.0f} min {r['wall'] % 60:.0f} s, CPU {r['cpu']:.0f} s, "
          f"peak RSS {r['peak_mib']:,.0f} MiB, load {r['load_before']:.1f} -> {r['load_after']:.1f}; "
          f"wall / goal {r['wall'] / GOAL_SECONDS:.2f}x ({GOAL_SECONDS // 60} min); CPU / 2 (the least two free "
          f"cores could take) {free / 60:.0f} min {free % 60:.0f} s")
    return int(r["exit"] != 0)


if __name__ == "__main__":
    sys.exit(main())
