"""Verification on every recorded game: the move generator against the records and the engine.

For each game in ../shared/gcg/{english,french,german}/ (ordinary games on the language's own
tiles, packs from ``$LEXC_PACKS`` or build/), at every play with a recorded rack:

* the recorded play, when ``score_play`` finds it legal and its words in the pack, must be
  among the generated plays with the same score, and the best generated play must score at
  least as much;
* with ``--every-move``, every generated play is scored by ``score_play`` (rack checked, words
  looked up) and must score the same, break no rule and contain no phony.

With ``--polyglot en,fr,es,de,ru``, the English games' boards (every fifth position) are
searched on the Polyglot ruleset with those languages instead: every generated play, with the
designations the generator gave it, is scored by ``score_play`` with every language's pack and
must score the same with no phony and no broken rule; for the three best plays of each
position, no other designation of their words (each word in any language where it is valid)
may score more.

With ``--top N``, on every position bench/bench_moves.py measures (every English position as an
ordinary game, and every fifth on Polyglot with en, fr, es, de, ru), the best-first search for the
best N must give exactly the first N plays of the full enumeration: the same plays, scores,
designations and order.

Run: ``.venv/bin/python bench/verify_moves.py [--every-move] [--polyglot LANGS] [--top N] [--games N] [--json]``;
exit status 1 on any failure.
"""

from __future__ import annotations

import argparse
import json
import sys
from itertools import product
from pathlib import Path
from typing import Any

from lexc.catalog import Catalog
from lexc.engine.moves import MoveFinder
from lexc.engine.notation import Languages
from lexc.engine.scoring import score_play
from lexc.records import gcg, replay
from lexc.records.gcg import Kind

CATALOG = Catalog.shipped()

SHARED = Path(__file__).resolve().parent.parent.parent / "shared" / "gcg"


def _games(folder: str, games: int | None) -> list[Path]:
    """The records of ``folder``, sorted; the first ``games`` of them when given."""
    return sorted((SHARED / folder).glob("*.gcg"))[:games]


def verify(folder: str, every_move: bool, games: int | None = None) -> dict[str, object]:
    counts = {"games": 0, "positions": 0, "recorded_found": 0, "recorded_skipped": 0, "moves_checked": 0}
    failures: list[str] = []
    finders: dict[str, MoveFinder] = {}
    for path in _games(folder, games):
        record = gcg.read(path)
        counts["games"] += 1
        for index, event in enumerate(record.events):
            if event.kind is not Kind.PLAY or not event.rack:
                continue
            board, ruleset = replay.position(record, CATALOG, index)
            lexicons = CATALOG.lexicons([ruleset.tiles])
            finder = finders.get(ruleset.tiles)
            if finder is None:
                finder = finders[ruleset.tiles] = MoveFinder.from_packs(ruleset, CATALOG)
            assert event.rack is not None
            moves = finder.moves(board, event.rack)
            counts["positions"] += 1
            recorded = score_play(board, replay.play_of(event, ruleset), ruleset, lexicons=lexicons, rack=event.rack,
                                  catalog=CATALOG)
            where = f"{path.name} event {index} ({event.move})"
            if recorded.problems or recorded.phonies:
                counts["recorded_skipped"] += 1
            else:
                placed = frozenset((p.row, p.col, p.tile.face, p.tile.blank) for p in recorded.placements)
                if any(m.placements == placed and m.score == recorded.score for m in moves):
                    counts["recorded_found"] += 1
                else:
                    failures.append(f"{where}: recorded play not generated")
                if moves and moves[0].score < recorded.score:
                    failures.append(f"{where}: best {moves[0].score} < recorded {recorded.score}")
            if every_move:
                for move in moves:
                    result = score_play(board, move.play, ruleset, lexicons=lexicons, rack=event.rack, catalog=CATALOG)
                    counts["moves_checked"] += 1
                    if result.score != move.score or result.problems or result.phonies:
                        failures.append(f"{where}: {move} scored {move.score}, score_play {result.score} "
                                        f"{list(result.problems)} {[w.board for w in result.phonies]}")
    return {"folder": folder, **counts, "failures": failures}


def verify_polyglot(langs: list[str], step: int = 5, games: int | None = None) -> dict[str, object]:
    ruleset = CATALOG.ruleset("polyglot")
    finder = MoveFinder.from_packs(ruleset, CATALOG, langs)
    lexicons = CATALOG.lexicons(langs)
    counts = {"positions": 0, "moves_checked": 0, "designations_compared": 0}
    failures: list[str] = []
    for path in _games("english", games):
        record = gcg.read(path)
        plays = [i for i, e in enumerate(record.events) if e.kind is Kind.PLAY and e.rack]
        for index in plays[::step]:
            event = record.events[index]
            board, _ = replay.position(record, CATALOG, index, ruleset=ruleset)
            assert event.rack is not None
            moves = finder.moves(board, event.rack)
            counts["positions"] += 1
            where = f"{path.name} event {index}"
            for rank, move in enumerate(moves):
                result = score_play(board, move.play, ruleset, lexicons=lexicons, rack=event.rack, catalog=CATALOG)
                counts["moves_checked"] += 1
                if result.score != move.score or result.problems or result.phonies:
                    failures.append(f"{where}: {move} scored {move.score}, score_play {result.score} "
                                    f"{list(result.problems)} {[w.board for w in result.phonies]}")
                if rank < 3:
                    valid = [[lg for lg in langs if w.board in lexicons[lg]] for w in result.words]
                    for combo in product(*valid):
                        other = Languages(None, tuple((w.position, lg) for w, lg in
                                                      zip(result.words, combo, strict=True)))
                        counts["designations_compared"] += 1
                        better = score_play(board, move.play.with_langs(other), ruleset, lexicons=lexicons,
                                            catalog=CATALOG)
                        if better.score > move.score:
                            failures.append(f"{where}: {move} {move.score} < {better.play} {better.score}")
    return {"folder": f"english, Polyglot {','.join(langs)}", **counts, "failures": failures}


def verify_top(top: int, games: int | None = None) -> list[dict[str, Any]]:
    """The best ``top`` of the best-first search against the first ``top`` of every play, per position."""
    results: list[dict[str, Any]] = []
    for polyglot in (False, True):
        ruleset = CATALOG.ruleset("polyglot") if polyglot else None
        langs = ["en", "fr", "es", "de", "ru"] if polyglot else None
        finder = None
        counts = {"positions": 0, "plays_compared": 0}
        failures: list[str] = []
        for path in _games("english", games):
            record = gcg.read(path)
            plays = [i for i, e in enumerate(record.events) if e.kind is Kind.PLAY and e.rack]
            for index in plays[::5] if polyglot else plays:
                event = record.events[index]
                board, rules = replay.position(record, CATALOG, index, ruleset=ruleset)
                finder = finder or MoveFinder.from_packs(rules, CATALOG, langs)
                assert event.rack is not None
                every = finder.moves(board, event.rack)[:top]
                best = finder.moves(board, event.rack, top=top)
                counts["positions"] += 1
                counts["plays_compared"] += len(every)
                if best != every:
                    failures.append(f"{path.name} event {index} {event.rack}: best first "
                                    f"{[(str(m), m.score) for m in best]} != {[(str(m), m.score) for m in every]}")
        results.append({"folder": f"english, top {top}" + (", Polyglot en,fr,es,de,ru" if polyglot else ""),
                        **counts, "failures": failures})
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--every-move", action="store_true", help="score every generated play with score_play")
    parser.add_argument("--polyglot", metavar="LANGS", help="check Polyglot searches with these languages instead")
    parser.add_argument("--top", type=int, metavar="N", help="check the best-first search for the best N instead")
    parser.add_argument("--games", type=int, metavar="N", help="only the first N games of each folder")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results: list[dict[str, Any]]
    if args.top:
        results = verify_top(args.top, args.games)
    elif args.polyglot:
        results = [verify_polyglot(args.polyglot.split(","), games=args.games)]
    else:
        results = [verify(folder, args.every_move, args.games) for folder in ("english", "french", "german")]
    if args.json:
        print(json.dumps(results, indent=2, ensure_ascii=False))
    else:
        for r in results:
            if "plays_compared" in r:
                print(f"{r['folder']}: {r['positions']} positions, {r['plays_compared']:,} plays compared with the "
                      f"full enumeration's first, failures {len(r['failures'])}")
            elif "games" in r:
                print(f"{r['folder']}: {r['games']} games, {r['positions']} positions, recorded plays found "
                      f"{r['recorded_found']} (skipped, phony or not in the pack: {r['recorded_skipped']}), "
                      f"moves checked against score_play {r['moves_checked']:,}, failures {len(r['failures'])}")
            else:
                print(f"{r['folder']}: {r['positions']} positions, moves checked against score_play "
                      f"{r['moves_checked']:,}, designations compared {r['designations_compared']:,}, "
                      f"failures {len(r['failures'])}")
            for failure in r["failures"][:20]:  # type: ignore[index]
                print(f"  {failure}")
    return 1 if any(r["failures"] for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
