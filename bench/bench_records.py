"""Reading a board spelling's native words and tilings from a pack, against a dict of the answers.

    .venv/bin/python bench/bench_records.py [LANG ...] [--packs DIR] [--n 200000] [--repeat 5]

For each pack (default: every LANG.lexc in the packs folder), takes ``--n`` of its board
spellings (every one when the pack has fewer), reads each one's records with
``Pack.records`` and, as the baseline in the same run, looks the same answers up in a
Python dict built beforehand (what "C speed" means for this job). Also counts how many
spellings have a record (their decode is the slow path) and times ``board in pack``
against a set. Prints a markdown table of medians (docs/performance.md).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from lexc.lexicon.pack import SEP, open_pack  # noqa: E402
from lexc.paths import default_packs_dir  # noqa: E402


def median_seconds(work: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def measure(path: Path, n: int, repeat: int) -> dict[str, float | int | str]:
    pack = open_pack(path)
    boards = [k for k in pack.keys("") if SEP not in k]
    sample = random.Random(7).sample(boards, min(n, len(boards)))
    answers = {board: pack.records(board) for board in sample}
    members = set(sample)
    records = median_seconds(lambda: [pack.records(b) for b in sample], repeat)
    table = median_seconds(lambda: [answers[b] for b in sample], repeat)
    inside = median_seconds(lambda: [b in pack for b in sample], repeat)
    in_set = median_seconds(lambda: [b in members for b in sample], repeat)
    return {"lang": pack.lang, "n": len(sample), "with_record": sum(1 for b in sample if pack._records(b)),
            "records_ks": len(sample) / records / 1e3, "dict_ks": len(sample) / table / 1e3,
            "ratio": records / table, "in_ms": len(sample) / inside / 1e6, "set_ms": len(sample) / in_set / 1e6}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("langs", nargs="*")
    parser.add_argument("--packs", type=Path, default=default_packs_dir())
    parser.add_argument("--n", type=int, default=200_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    paths = [args.packs / f"{lang}.lexc" for lang in args.langs] or sorted(args.packs.glob("*.lexc"))
    print("| pack | spellings read | with a record | `records()` k/s | dict k/s | ratio | `in` M/s | set M/s |")
    print("|---|---|---|---|---|---|---|---|")
    for path in paths:
        r = measure(path, args.n, args.repeat)
        print(f"| {r['lang']} | {r['n']:,} | {r['with_record']:,} | {r['records_ks']:.0f} | {r['dict_ks']:.0f} "
              f"| {r['ratio']:.1f}× | {r['in_ms']:.2f} | {r['set_ms']:.2f} |", flush=True)


if __name__ == "__main__":
    main()
