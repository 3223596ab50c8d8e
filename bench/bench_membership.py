"""Membership options (issue 15, goal 4): the pack's ``in``, a Python set, a plain DAWG, each behind ``in``.

    .venv/bin/python bench/bench_membership.py en fr [--packs /tmp/h2packs]

Per pack: the bytes of a Python set of its board spellings (tracemalloc), then ``board in X``
over 100,000 probes (half board spellings, half one-letter misses) for X = the set, the pack,
a plain dawg2 ``DAWG`` of the board spellings, and the pack with its class's ``__contains__``
set to the set's (or the DAWG's) bound method. CPU time, medians of 7, each as a ratio to the set.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.bench_v2 import misses  # noqa: E402
from lexc.lexicon.pack import open_pack  # noqa: E402


def rate(probe: list[str], test: Callable[[str], bool]) -> float:
    """Probes per second, median CPU time of 7 runs."""
    times = []
    for _ in range(7):
        started = time.process_time()
        [test(b) for b in probe]
        times.append(time.process_time() - started)
    return len(probe) / statistics.median(times)


def measure(path: Path) -> str:
    import dawg

    pack = open_pack(path)
    boards = list(pack.keys())
    sample = random.Random(1).sample(boards, min(100_000, len(boards)))
    probe = sample[: len(sample) // 2] + misses(boards, len(sample) // 2, set(boards))
    tracemalloc.start()
    known = set(pack.keys())
    cost = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    plain = dawg.DAWG(boards)
    backed = {}
    for name, contains in (("set", known.__contains__), ("DAWG", plain.__contains__)):
        other = open_pack(path)
        other.__class__ = type(f"{name}Backed", (type(pack),), {"__contains__": contains})
        backed[name] = other
    rates = {"set": rate(probe, known.__contains__), "pack": rate(probe, lambda b: b in pack),
             "plain DAWG": rate(probe, plain.__contains__),
             "set behind `in`": rate(probe, lambda b: b in backed["set"]),
             "DAWG behind `in`": rate(probe, lambda b: b in backed["DAWG"])}
    return (f"{pack.lang} ({pack.structure}, {len(boards):,} boards): set {cost:,} bytes "
            f"({cost / len(boards):.0f} per board), plain DAWG {len(plain.tobytes()):,} bytes; "
            + ", ".join(f"{k} {v / 1e6:.2f} M/s ({v / rates['set']:.2f}×)" for k, v in rates.items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("langs", nargs="+")
    parser.add_argument("--packs", type=Path, default=Path("/tmp/h2packs"))
    args = parser.parse_args()
    for lang in args.langs:
        print(measure(args.packs / f"{lang}.lexc"), flush=True)


if __name__ == "__main__":
    main()
