"""The long fuzz run: the properties of tests/test_fuzz*.py with a large example budget.

The test suite runs each property with a bounded number of examples (120); this runs the
same properties with many more, prints hypothesis' statistics (examples run, time, how
each test ended) and a one-line summary to paste into docs/development.md.

    .venv/bin/python bench/fuzz_long.py                    # 20,000 examples per property
    .venv/bin/python bench/fuzz_long.py --examples 5000 -k gcg
    .venv/bin/python bench/fuzz_long.py --examples 4000 tests/test_fuzz_commands.py   # the commands and web API

A crash it finds is a failing test with hypothesis' smallest failing input: fix it and
keep that input as an ``@example`` of the property (see docs/development.md).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The property files: parsers (notation, GCG, specs, normaliser), then the commands and the web API.
FILES = ("tests/test_fuzz.py", "tests/test_fuzz_commands.py")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--examples", type=int, default=20_000, help="examples per property (default 20,000)")
    parser.add_argument("-k", default=None, help="only the properties whose names match (pytest -k)")
    parser.add_argument("files", nargs="*", default=list(FILES), help=f"test files (default: {' '.join(FILES)})")
    args = parser.parse_args()
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--hypothesis-show-statistics",
               "--basetemp", str(Path(tempfile.gettempdir()) / f"fuzz_long-{os.getpid()}"), *args.files]
    if args.k:
        command += ["-k", args.k]
    env = {**os.environ, "FUZZ_EXAMPLES": str(args.examples)}
    started = time.monotonic()
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    seconds = time.monotonic() - started
    print(done.stdout, end="")
    print(done.stderr, end="", file=sys.stderr)
    counts = re.findall(r"(\d+) passing, (\d+) failing", done.stdout)
    passing, failing = sum(int(p) for p, _ in counts), sum(int(f) for _, f in counts)
    results = re.findall(r"^=* ?(\d+ (?:passed|failed).*?) ?=*$", done.stdout, re.MULTILINE)
    tail = results[-1] if results else f"exit status {done.returncode}"
    print(f"\nfuzz_long: budget {args.examples:,} examples per property; {passing:,} passing examples run, "
          f"{failing:,} failing; {seconds:,.0f} s; pytest: {tail}")
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
