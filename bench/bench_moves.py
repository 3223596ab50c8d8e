"""Benchmark: the move generator, anagrams and the walkable lexicon, beside baselines in the same run.

Measured on the built packs (``$LEXC_PACKS`` or build/; ``lexc build en fr es de ru`` first):

* ``english``: every position of the English games in ../shared/gcg/english/ (the board before
  each play with a recorded rack, racks as recorded) -- all legal plays found and scored:
  median ms per position and moves per second. Baseline in the same run: scoring the same
  moves with :func:`lexc.engine.scoring.score_play` (what generating candidates and scoring each with
  the engine would cost).
* ``polyglot``: the same boards on the Polyglot ruleset with five allowed languages
  (en, fr, es, de, ru), every fifth position.
* ``top``: the best-first search for the best N (``--top``, 10 by default) on the same English and
  Polyglot positions, each position searched both ways one after the other in the same run (full
  enumeration, then best N), medians, p90 and maxima side by side, wall and CPU time (the process's,
  less sensitive to a loaded machine), with the load average before and after.
* ``anagram``: a 7-tile rack with 2 blanks (recorded racks, two tiles made blanks), and 7
  letters plus 2 blanks (9 tiles), full anagrams on the English walk. Baseline: a dict from
  sorted letters to words (built beforehand, not timed), probed for every pair of letters the
  blanks can be (its answers are checked to be the same words).
* ``walks``: per language, the walk's nodes, arcs, bytes, bytes per word beside the pack's,
  and the time to read and check the walk file (``decode_walk``) and to build it from the pack.

Run: ``.venv/bin/python bench/bench_moves.py [--games 103] [--json]``; ``--only-top`` for ``top`` alone,
``--only-best english|polyglot|both`` for the best N alone (CPU time, racks with and without a blank apart:
start it beside another checkout's to compare).
Targets (issue 12): ≤ 70 ms per English position, ≤ 300 ms per Polyglot position,
anagram < 50 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from itertools import combinations_with_replacement
from pathlib import Path
from typing import Any

from lexc.catalog import Catalog
from lexc.engine.moves import MoveFinder
from lexc.engine.scoring import score_play
from lexc.lexicon.study import anagrams
from lexc.lexicon.walk import BOARD_LETTERS, build_walk, decode_walk, pack_sequences, walk_of, walk_path, write_walks
from lexc.records import gcg, replay
from lexc.records.gcg import Kind

CATALOG = Catalog.shipped()

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "gcg" / "english"
LANGS = ("en", "fr", "es", "de", "ru")


def positions(games: int, polyglot: bool = False) -> list[tuple[Any, str]]:
    """(board, rack) before every play with a recorded rack in the first ``games`` English games."""
    ruleset = CATALOG.ruleset("polyglot") if polyglot else None
    found = []
    for path in sorted(SHARED.glob("*.gcg"))[:games]:
        record = gcg.read(path)
        board = None
        for index, event in enumerate(record.events):
            if event.kind is Kind.PLAY and event.rack:
                board, _ = replay.position(record, CATALOG, index, ruleset=ruleset)
                found.append((board, event.rack))
    return found


def bench_english(games: int) -> dict[str, Any]:
    cases = positions(games)
    ruleset = cases[0][0].ruleset
    finder = MoveFinder.from_packs(ruleset, CATALOG, ["en"] if ruleset.polyglot else None)
    en = CATALOG.lexicons(["en"])["en"]
    times, counts, engine = [], [], []
    for board, rack in cases:
        start = time.perf_counter()
        moves = finder.moves(board, rack)
        times.append(time.perf_counter() - start)
        counts.append(len(moves))
        start = time.perf_counter()
        for move in moves:
            score_play(board, move.play, ruleset, lexicons={"en": en}, catalog=CATALOG)
        engine.append(time.perf_counter() - start)
    return {"positions": len(cases), "median_ms": 1000 * statistics.median(times),
            "p90_ms": 1000 * sorted(times)[int(0.9 * len(times))], "max_ms": 1000 * max(times),
            "moves": sum(counts), "moves_per_s": sum(counts) / sum(times),
            "baseline_score_play_median_ms": 1000 * statistics.median(engine),
            "baseline_score_play_moves_per_s": sum(counts) / sum(engine)}


def bench_polyglot(games: int) -> dict[str, Any]:
    cases = positions(games, polyglot=True)[::5]
    ruleset = CATALOG.ruleset("polyglot")
    start = time.perf_counter()
    finder = MoveFinder.from_packs(ruleset, CATALOG, LANGS)
    opened = time.perf_counter() - start
    times, counts, foreign = [], [], 0
    for board, rack in cases:
        start = time.perf_counter()
        moves = finder.moves(board, rack)
        times.append(time.perf_counter() - start)
        counts.append(len(moves))
        foreign += sum(m.langs.default != "en" for m in moves)
    return {"languages": list(LANGS), "positions": len(cases), "open_s": opened,
            "median_ms": 1000 * statistics.median(times), "p90_ms": 1000 * sorted(times)[int(0.9 * len(times))],
            "max_ms": 1000 * max(times), "moves": sum(counts), "moves_per_s": sum(counts) / sum(times),
            "moves_not_english": foreign}


def bench_top(games: int, top: int) -> dict[str, Any]:
    """The full enumeration and the best ``top``, alternately on each position, English then Polyglot."""
    out: dict[str, Any] = {"top": top}
    for name, polyglot in (("english", False), ("polyglot", True)):
        cases = positions(games, polyglot=polyglot)
        cases = cases[::5] if polyglot else cases
        ruleset = cases[0][0].ruleset
        finder = MoveFinder.from_packs(ruleset, CATALOG, LANGS if polyglot else None)
        full, best, full_cpu, best_cpu = [], [], [], []
        load = os.getloadavg()[0]
        for board, rack in cases:
            start, cpu = time.perf_counter(), time.process_time()
            every = finder.moves(board, rack)
            full.append(time.perf_counter() - start)
            full_cpu.append(time.process_time() - cpu)
            start, cpu = time.perf_counter(), time.process_time()
            found = finder.moves(board, rack, top=top)
            best.append(time.perf_counter() - start)
            best_cpu.append(time.process_time() - cpu)
            assert found == every[:top], rack
        stats = {f"{key}_{stat}": value for key, times in (("full", full), ("top", best), ("full_cpu", full_cpu),
                                                            ("top_cpu", best_cpu))
                 for stat, value in _stats(times).items()}
        out[name] = {"positions": len(cases), "load": [load, os.getloadavg()[0]], **stats}
    return out


def bench_best(games: int, top: int, names: tuple[str, ...] = ("english", "polyglot")) -> dict[str, Any]:
    """The best ``top`` only (no full enumeration beside it): CPU time per position, also apart for the racks
    with a blank and without one (what another checkout's run started beside it compares with)."""
    out: dict[str, Any] = {"top": top}
    for name in names:
        polyglot = name == "polyglot"
        cases = positions(games, polyglot=polyglot)
        cases = cases[::5] if polyglot else cases
        finder = MoveFinder.from_packs(cases[0][0].ruleset, CATALOG, LANGS if polyglot else None)
        finder.moves(*cases[0], top=top)  # what a process makes once (the walks' masks) is not timed
        load, times = os.getloadavg()[0], []
        for board, rack in cases:
            cpu = time.process_time()
            finder.moves(board, rack, top=top)
            times.append(time.process_time() - cpu)
        blank = [t for t, (_, rack) in zip(times, cases, strict=True) if "?" in rack]
        plain = [t for t, (_, rack) in zip(times, cases, strict=True) if "?" not in rack]
        out[name] = {"positions": len(cases), "load": [load, os.getloadavg()[0]], "cpu": _stats(times),
                     "blank_cpu": _stats(blank) if blank else {}, "no_blank_cpu": _stats(plain) if plain else {}}
    return out


def _stats(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {"median_ms": 1000 * statistics.median(ordered), "p90_ms": 1000 * ordered[int(0.9 * len(ordered))],
            "max_ms": 1000 * ordered[-1], "total_s": sum(ordered)}


def bench_anagram(games: int, letters_kept: int) -> dict[str, Any]:
    walk = walk_of(CATALOG.pack("en"), "board")
    racks = [rack for _, rack in positions(games) if len(rack) == 7 and "?" not in rack][:40]
    queries = [rack[:letters_kept] for rack in racks]
    index: dict[str, list[str]] = {}
    for word in walk.words():
        index.setdefault("".join(sorted(word)), []).append(word)
    times, base, counts = [], [], []
    for letters in queries:
        start = time.perf_counter()
        found = anagrams(walk, letters, 2)
        times.append(time.perf_counter() - start)
        counts.append(len(found))
        start = time.perf_counter()
        plain: set[str] = set()
        for pair in combinations_with_replacement(BOARD_LETTERS, 2):
            plain.update(index.get("".join(sorted(letters + "".join(pair))), ()))
        base.append(time.perf_counter() - start)
        assert plain == {w for w, _ in found}, letters
    return {"queries": len(queries), "median_ms": 1000 * statistics.median(times), "max_ms": 1000 * max(times),
            "median_words": statistics.median(counts), "baseline_sorted_dict_median_ms": 1000 * statistics.median(base)}


def bench_walks() -> list[dict[str, Any]]:
    rows = []
    for lang in LANGS:
        pack = CATALOG.pack(lang)
        for kind in ("board", "tiles") if lang in ("en", "es") else ("board",):
            path = walk_path(pack.path, kind)
            if not path.is_file():
                write_walks(pack, [kind])  # what `lexc build` writes beside the pack
            data = path.read_bytes()
            start = time.perf_counter()
            walk, header = decode_walk(data, str(path))
            load = time.perf_counter() - start
            start = time.perf_counter()
            alphabet, seqs, _ = pack_sequences(pack, kind)
            build_walk(alphabet, seqs)
            built = time.perf_counter() - start
            pack_bytes = pack.path.stat().st_size
            rows.append({"lang": lang, "kind": kind, "words": header["words"], "nodes": walk.nodes,
                         "arcs": walk.arcs, "bytes": len(data), "bytes_per_word": len(data) / header["words"],
                         "pack_bytes": pack_bytes, "pack_bytes_per_board": pack_bytes / len(pack),
                         "load_ms": 1000 * load, "build_s": built})
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=103, help="English games to take positions from")
    parser.add_argument("--top", type=int, default=10, help="the best N of the best-first search")
    parser.add_argument("--only-top", action="store_true", help="measure only the best-first search against the full")
    parser.add_argument("--only-best", choices=("english", "polyglot", "both"),
                        help="measure only the best-first search (CPU time, racks with and without a blank)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.only_best:
        names = ("english", "polyglot") if args.only_best == "both" else (args.only_best,)
        print(json.dumps(bench_best(args.games, args.top, names), indent=2))
        return 0
    if args.only_top:
        timed = bench_top(args.games, args.top)
        if args.json:
            print(json.dumps(timed, indent=2))
            return 0
        _print_top(timed)
        return 0
    result: dict[str, Any] = {"python": platform.python_version(), "packs": str(CATALOG.packs_dir),
              "english": bench_english(args.games), "polyglot": bench_polyglot(args.games),
              "anagram": bench_anagram(args.games, 5), "anagram_9": bench_anagram(args.games, 7),
              "top": bench_top(args.games, args.top),
              "walks": bench_walks()}
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    en, pg = result["english"], result["polyglot"]
    print(f"English: {en['positions']} positions, median {en['median_ms']:.1f} ms (p90 {en['p90_ms']:.1f}, "
          f"max {en['max_ms']:.1f}), {en['moves_per_s']:,.0f} moves/s; baseline score_play of the same moves: "
          f"median {en['baseline_score_play_median_ms']:.1f} ms, {en['baseline_score_play_moves_per_s']:,.0f} moves/s")
    print(f"Polyglot {','.join(pg['languages'])}: {pg['positions']} positions, median {pg['median_ms']:.1f} ms "
          f"(p90 {pg['p90_ms']:.1f}, max {pg['max_ms']:.1f}), {pg['moves_per_s']:,.0f} moves/s, "
          f"{pg['moves_not_english']:,} of {pg['moves']:,} moves with a non-English main word; "
          f"open {pg['open_s']:.2f} s")
    for name, an in (("5 letters + 2 blanks", result["anagram"]), ("7 letters + 2 blanks", result["anagram_9"])):
        print(f"anagram {name}: {an['queries']} queries, median {an['median_ms']:.1f} ms "
              f"(max {an['max_ms']:.1f}), {an['median_words']} words; baseline sorted-letter dict "
              f"{an['baseline_sorted_dict_median_ms']:.1f} ms")
    print("lang kind   words     nodes    arcs      bytes      B/word  pack B/board  load ms  build s")
    for row in result["walks"]:
        print(f"{row['lang']:4s} {row['kind']:5s} {row['words']:9,d} {row['nodes']:9,d} {row['arcs']:9,d} "
              f"{row['bytes']:10,d} {row['bytes_per_word']:7.2f} {row['pack_bytes_per_board']:9.2f} "
              f"{row['load_ms']:8.1f} {row['build_s']:8.2f}")
    _print_top(result["top"])
    return 0


def _print_top(result: dict[str, Any]) -> None:
    for name in ("english", "polyglot"):
        r = result[name]
        print(f"{name}: {r['positions']} positions, load {r['load'][0]:.1f} -> {r['load'][1]:.1f}")
        for kind, label in (("", "wall"), ("_cpu", "CPU")):
            full, top = f"full{kind}", f"top{kind}"
            print(f"  {label}: full enumeration median {r[full + '_median_ms']:.1f} ms (p90 {r[full + '_p90_ms']:.1f}, "
                  f"max {r[full + '_max_ms']:.1f}, total {r[full + '_total_s']:.1f} s); best {result['top']} median "
                  f"{r[top + '_median_ms']:.1f} ms (p90 {r[top + '_p90_ms']:.1f}, max {r[top + '_max_ms']:.1f}, "
                  f"total {r[top + '_total_s']:.1f} s)")


if __name__ == "__main__":
    sys.exit(main())
