"""Robot strength and self-play speed (docs/robot.md): seeded English games on real packs.

    python bench/bench_robot.py --packs /tmp/robot-packs --part levels --games 200 --jobs 2
    python bench/bench_robot.py --packs /tmp/robot-packs --part greedy --games 500 --jobs 2
    python bench/bench_robot.py --packs /tmp/robot-packs --part speed --games 100 --jobs 2

``levels``: level 5 against level 1; ``greedy``: level 5 against the greedy highest-score player;
both report level 5's win rate with its 95 % Wilson interval, and replay every game with
``lexc replay``'s library call (mismatches and phonies counted). ``speed``: the wall time of
``lexc selfplay --lang en --games N --jobs J`` as a whole process, and its CPU time (all
workers). Results are printed as JSON (and appended to ``--out`` when given). ``--stop-after S``
stops a strength run after S seconds of wall time and reports the games played so far (the count
actually run is in the result).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path


def strength(packs: str, levels: tuple[str, str], games: int, jobs: int, seed: int,
             stop_after: float | None) -> dict[str, object]:
    from concurrent.futures import ProcessPoolExecutor

    from lexc.catalog import Catalog
    from lexc.records.gcg import parse
    from lexc.records.replay import replay
    from lexc.robot.selfplay import Plan, Report, play_game

    plan = Plan(levels=levels, seed=seed, packs=packs).check()
    started = time.monotonic()
    results = []
    with ProcessPoolExecutor(jobs) as pool:
        futures = [pool.submit(play_game, plan, i) for i in range(games)]
        for future in futures:
            results.append(future.result())
            if stop_after is not None and time.monotonic() - started > stop_after:
                for rest in futures:
                    rest.cancel()
                break
            if len(results) % 20 == 0:
                print(f"{levels}: {len(results)} games, {time.monotonic() - started:.0f} s", file=sys.stderr)
    wall = time.monotonic() - started
    catalog = Catalog.from_environment(packs=Path(packs))
    lexicons = catalog.lexicons(["en"])
    mismatches = phonies = 0
    for result in results:
        replayed = replay(parse(result.gcg), catalog, lexicons=lexicons)
        mismatches += len(replayed.mismatches)
        phonies += len(replayed.phonies)
    report = Report.of(plan, results)
    a_wins = report.seat_wins[0][2]
    return {"levels": list(levels), "games": len(results), "asked": games, "seed": seed, "jobs": jobs,
            "wall_s": round(wall, 1), "a_win_rate": a_wins.to_json(), "margin": report.margin.to_json(),
            "a_score": report.seat_scores[0][2].to_json(), "b_score": report.seat_scores[1][2].to_json(),
            "replay_mismatches": mismatches, "phonies": phonies}


def speed(packs: str, games: int, jobs: int) -> dict[str, object]:
    lexc = Path(sys.executable).with_name("lexc")
    command = [str(lexc), "selfplay", "--lang", "en", "--games", str(games), "--jobs", str(jobs), "--packs", packs,
               "--json"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    wall = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    data = json.loads(done.stdout)
    return {"command": " ".join(["lexc", *command[1:]]), "wall_s": round(wall, 1), "cpu_s": round(cpu, 1),
            "games": data["games"], "cpu_s_per_game": round(cpu / data["games"], 2),
            "load_after": round(os.getloadavg()[0], 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--packs", required=True)
    parser.add_argument("--part", choices=("levels", "greedy", "speed"), required=True)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--stop-after", type=float, default=None)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    load = os.getloadavg()[0]
    if args.part == "speed":
        result = speed(args.packs, args.games, args.jobs)
    else:
        levels = ("5", "1") if args.part == "levels" else ("5", "greedy")
        result = strength(args.packs, levels, args.games, args.jobs, args.seed, args.stop_after)
    result = {"part": args.part, "load_before": round(load, 2), **result}
    print(json.dumps(result, indent=2))
    if args.out is not None:
        with args.out.open("a", encoding="utf-8") as out:
            out.write(json.dumps(result) + "\n")


if __name__ == "__main__":
    main()
