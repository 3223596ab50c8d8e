"""Benchmark: the one scorer and the one walk (issue 23 items 3-4) against a baseline tree, same run.

Each round runs a worker process on a baseline source tree (``--baseline DIR``: e.g. main's code,
``git archive main | tar -x -C DIR``) and one on this checkout, alternately, on the same packs
(``$LEXC_PACKS``; ``lexc build en fr es de ru --packs DIR``). A worker times, on the positions of the
first ``--games`` English games in ../shared/gcg/english/ (:func:`bench_moves.positions`):

* ``english``: every legal play of each position's rack (the move finder, ordinary English);
* ``polyglot``: the same on the Polyglot ruleset with en, fr, es, de, ru (every fifth position);
* ``top``: the best 10 of each English position (best first);
* ``anagram``: full anagrams of each recorded rack with two of its tiles made blanks (word study);
* ``pattern``: the patterns ``?``×n and ``Q*``, ``*ING`` on the English walk (word study);
* ``replay``: every game of ../shared/gcg/ that replays (``odd/`` holds some made to be refused)
  re-scored by ``score_play``, each word explained (records/replay).

Each measure's total seconds of CPU (``time.process_time``: on a shared machine the wall clock
measures the neighbours as much as the code) is reported per round, and a checksum of what it found (the plays and
their scores, the words, the replayed scores): a baseline and a candidate that disagree are reported
as a behaviour change. Medians over the rounds, candidate / baseline ratios, and the ratio of
each side's fastest round (the least disturbed by the machine's other work).

Run: ``LEXC_PACKS=DIR .venv/bin/python bench/bench_scorer.py --baseline BASE [--games 3] [--rounds 3]``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
MEASURES = ("english", "polyglot", "top", "anagram", "pattern", "replay")


def _digest(items: list[Any]) -> str:
    return hashlib.sha256(json.dumps(items, ensure_ascii=False).encode()).hexdigest()[:16]


def worker(games: int) -> dict[str, Any]:
    """The timings and checksums of one process (whichever lexc is first on the path)."""
    from bench_moves import CATALOG, LANGS, SHARED, positions  # type: ignore[import-not-found]  # beside this file

    import lexc
    from lexc.engine.moves import MoveFinder
    from lexc.errors import LexcError
    from lexc.lexicon.study import anagrams, pattern
    from lexc.lexicon.walk import walk_of
    from lexc.records import gcg, replay

    out: dict[str, Any] = {"lexc": str(Path(lexc.__file__).parent)}

    def timed(name: str, run: Any) -> None:
        start, cpu = time.perf_counter(), time.process_time()
        found = run()
        out[name] = {"s": time.process_time() - cpu, "wall": time.perf_counter() - start, "sum": _digest(found)}

    english = positions(games)
    finder = MoveFinder.from_packs(english[0][0].ruleset, CATALOG)
    timed("english", lambda: [[(str(m), m.score) for m in finder.moves(b, r)] for b, r in english])
    polyglot = positions(games, polyglot=True)[::5]
    pg_finder = MoveFinder.from_packs(polyglot[0][0].ruleset, CATALOG, list(LANGS))
    timed("polyglot", lambda: [[(str(m), m.score) for m in pg_finder.moves(b, r)] for b, r in polyglot])
    timed("top", lambda: [[(str(m), m.score) for m in finder.moves(b, r, top=10)] for b, r in english])
    walk = walk_of(CATALOG.pack("en"), "board")
    racks = [r for _, r in english if len(r) >= 4 and r.isalpha() and r.isupper()]
    timed("anagram", lambda: [anagrams(walk, r[2:], 2) for r in racks])
    timed("pattern", lambda: [pattern(walk, p) for p in ("??", "Q*", "*ING", "?A?E?", "[AEIOU]*Z")])
    records = []
    for path in sorted(SHARED.parent.glob("*/*.gcg")):
        try:
            record = gcg.read(path)
            replay.replay(record, CATALOG, lexicons={})
        except LexcError:  # ../shared/gcg/odd/ holds records made to be refused
            continue
        records.append(record)
    timed("replay", lambda: [[(str(r.play), r.score, [w.subtotal for w in r.words])
                              for r in replay.replay(rec, CATALOG, lexicons={}).results if r is not None]
                             for rec in records])
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", help="a source tree of the baseline (its lexc/ is imported)")
    parser.add_argument("--games", type=int, default=3, help="English games to take positions from")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(worker(args.games)))
        return 0
    if not args.baseline:
        parser.error("--baseline DIR is required")
    runs: dict[str, list[dict[str, Any]]] = {"baseline": [], "candidate": []}
    for _ in range(args.rounds):
        for name, path in (("baseline", str(Path(args.baseline).resolve())), ("candidate", str(HERE.parent))):
            env = {**os.environ, "PYTHONPATH": path}
            done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--worker", "--games",
                                   str(args.games)], env=env, capture_output=True, text=True, check=True)
            runs[name].append(json.loads(done.stdout.splitlines()[-1]))
            print(f"{name}: {runs[name][-1]['lexc']}: "
                  + ", ".join(f"{m} {runs[name][-1][m]['s']:.2f} s" for m in MEASURES), file=sys.stderr)
    print("| measure | baseline median (CPU) | candidate median (CPU) | ratio | ratio of the fastest rounds "
          "| same results |")
    print("|---|---|---|---|---|---|")
    for m in MEASURES:
        base = statistics.median(r[m]["s"] for r in runs["baseline"])
        cand = statistics.median(r[m]["s"] for r in runs["candidate"])
        fastest = min(r[m]["s"] for r in runs["candidate"]) / min(r[m]["s"] for r in runs["baseline"])
        same = {r[m]["sum"] for r in runs["baseline"]} == {r[m]["sum"] for r in runs["candidate"]}
        print(f"| {m} | {base:.3f} s | {cand:.3f} s | {cand / base:.3f} | {fastest:.3f} | {'yes' if same else 'NO'} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
