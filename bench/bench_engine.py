"""Benchmark: game records replayed and plays re-scored per second, beside plain-Python baselines.

Every GCG record under ../shared/gcg/ that lexc reads and replays (the odd files that are
errors by design are left out and counted) is replayed from its bytes in memory, so the
figures include parsing. Measured in the same run, several times, medians reported:

* ``parse``: :func:`lexc.records.gcg.parse` only (events per second);
* ``replay``: parse + :func:`lexc.records.replay.replay` (every play laid and scored by
  :func:`lexc.engine.scoring.score_play`, end-of-game lines recomputed): moves and plays per second;
* ``score_play``: the engine's scoring alone, on positions and plays prepared beforehand;
* ``plain``: a minimal plain-Python scorer of the same plays from the same bytes (a list of
  lists for the board, a dict of tile values, no objects, no explanations, no checks) --
  the baseline. Its scores are checked against the engine's before anything is timed.

Run: ``.venv/bin/python bench/bench_engine.py [--repeat 7] [--json]``.
The issue's target is 20,000 plays re-scored per second.
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lexc.catalog import Catalog
from lexc.engine.board import Board
from lexc.engine.notation import Play
from lexc.engine.ruleset import Ruleset
from lexc.engine.scoring import score_play
from lexc.errors import LexcError
from lexc.records import gcg
from lexc.records.replay import play_of, replay, resolve_ruleset

CATALOG = Catalog.shipped()

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "gcg"
TARGET = 20_000


@dataclass
class Game:
    path: Path
    data: bytes
    ruleset: Ruleset
    events: int
    plays: int
    scores: list[int]  # the engine's score of every play, in order


def load_games() -> tuple[list[Game], list[str]]:
    """Every record that reads and replays, with the engine's scores; and the names of the others."""
    games, skipped = [], []
    for path in sorted(SHARED.glob("*/*.gcg")):
        data = path.read_bytes()
        try:
            record = gcg.parse(data, str(path))
            result = replay(record, CATALOG)
        except LexcError:
            skipped.append(f"{path.parent.name}/{path.name}")
            continue
        scores = [r.score for r in result.results if r is not None]
        games.append(Game(path, data, result.ruleset, len(record.events), result.plays, scores))
    return games, skipped


# --------------------------------------------------------------------------- the baseline


def plain_tables(ruleset: Ruleset) -> tuple[dict[str, int], list[list[int]], list[list[int]]]:
    """Tile values and the letter and word multipliers of every square, as plain lists."""
    spec = CATALOG.spec(ruleset.tiles)
    values = {t.face: t.points for t in spec.tiles}
    letter = [[ruleset.premium(r, c)[0] for c in range(ruleset.cols)] for r in range(ruleset.rows)]
    word = [[ruleset.premium(r, c)[1] for c in range(ruleset.cols)] for r in range(ruleset.rows)]
    return values, letter, word


def plain_replay(data: bytes, values: dict[str, int], letter: list[list[int]], word: list[list[int]],
                 bingo: int = 50) -> list[int]:
    """Score every play of a GCG file with the least code that can: the baseline.

    One-character tiles only (the English, French, German and Polish records); the board
    holds ``(letter, points)`` or None; played-through squares are ``.``, letters on occupied
    squares or letters in parentheses; a withdrawal takes the last play's tiles off.
    """
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    size = len(letter)
    board: list[list[tuple[str, int] | None]] = [[None] * size for _ in range(size)]
    last: list[tuple[int, int]] = []
    scores = []
    for line in text.splitlines():
        if not line.startswith(">"):
            continue
        tokens = line.split()
        i = 1
        while i < len(tokens) - 1 and not (tokens[i][0] in "+-" and tokens[i][1:].lstrip("-").isdigit()
                                            and tokens[i + 1].lstrip("-").isdigit()):
            i += 1
        move = tokens[max(1, i - 2):i]
        if move and move[-1] == "--":
            for r, c in last:
                board[r][c] = None
            last = []
            continue
        if len(move) != 2 or not (move[0][0].isdigit() or move[0][1:].isdigit()):
            continue  # not a placement: pass, exchange, bonus, end of game
        pos, text_word = move
        if pos[0].isdigit():
            row, col, dr, dc = int(pos[:-1]) - 1, ord(pos[-1].upper()) - 65, 0, 1
        else:
            row, col, dr, dc = int(pos[1:]) - 1, ord(pos[0].upper()) - 65, 1, 0
        placed = []
        main = 0
        main_mult = 1
        inside = False
        r, c = row, col
        for ch in text_word:
            if ch == "(":
                inside = True
                continue
            if ch == ")":
                inside = False
                continue
            here = board[r][c]
            if here is not None or ch == "." or inside:
                main += here[1] if here else 0
            else:
                points = 0 if ch.islower() else values[ch]
                board[r][c] = (ch.upper(), points)
                placed.append((r, c))
                main += points * letter[r][c]
                main_mult *= word[r][c]
            r, c = r + dr, c + dc
        total = main * main_mult
        for r, c in placed:
            cross = 0
            a, b = r - dc, c - dr
            while a >= 0 and b >= 0 and board[a][b] is not None:
                a, b = a - dc, b - dr
            a, b = a + dc, b + dr
            length = 0
            while a < size and b < size and board[a][b] is not None:
                tile = board[a][b]
                assert tile is not None
                cross += tile[1] * (letter[a][b] if (a, b) == (r, c) else 1)
                length += 1
                a, b = a + dc, b + dr
            if length > 1:
                total += cross * word[r][c]
        if len(placed) == 7:
            total += bingo
        scores.append(total)
        last = placed
    return scores


# --------------------------------------------------------------------------- timing


def timed(func: Callable[[], object], repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return times


def prepared_plays(games: list[Game]) -> list[tuple[Board, Play, Ruleset]]:
    """Every play with the board it was made on, for timing score_play alone."""
    prepared = []
    for game in games:
        record = gcg.parse(game.data)
        ruleset = resolve_ruleset(record, CATALOG)
        board = before = Board.empty(ruleset)
        for event in record.events:
            if event.kind is gcg.Kind.PLAY:
                play = play_of(event, ruleset)
                prepared.append((board, play, ruleset))
                before, board = board, board.place(board.placements(play))
            elif event.kind is gcg.Kind.WITHDRAWAL:
                board = before
    return prepared


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="runs of each measurement (median reported)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()

    games, skipped = load_games()
    events = sum(g.events for g in games)
    plays = sum(g.plays for g in games)
    tables = [plain_tables(g.ruleset) for g in games]
    for game, table in zip(games, tables, strict=True):  # the baseline must score what the engine scores
        baseline = plain_replay(game.data, *table)
        if baseline != game.scores:
            sys.exit(f"baseline disagrees with the engine on {game.path}: {baseline} != {game.scores}")
    prepared = prepared_plays(games)
    assert len(prepared) == plays

    def parse_all() -> None:
        for game in games:
            gcg.parse(game.data)

    def replay_all() -> None:
        for game in games:
            replay(gcg.parse(game.data), CATALOG)

    def score_all() -> None:
        for board, play, ruleset in prepared:
            score_play(board, play, ruleset, catalog=CATALOG)

    def plain_all() -> None:
        for game, table in zip(games, tables, strict=True):
            plain_replay(game.data, *table)

    runs = {
        "parse": (timed(parse_all, args.repeat), events, "events"),
        "replay": (timed(replay_all, args.repeat), plays, "plays"),
        "score_play": (timed(score_all, args.repeat), plays, "plays"),
        "plain": (timed(plain_all, args.repeat), plays, "plays"),
    }
    figures: dict[str, dict[str, Any]] = {
        name: {"median_s": statistics.median(t), "per_s": count / statistics.median(t), "unit": unit, "runs_s": t}
        for name, (t, count, unit) in runs.items()}
    replay_moves = events / figures["replay"]["median_s"]
    summary = {
        "python": platform.python_version(), "machine": platform.machine(), "files": len(games),
        "skipped": skipped, "events": events, "plays": plays, "repeat": args.repeat,
        "figures": figures, "replay_moves_per_s": replay_moves,
        "replay_vs_plain": figures["replay"]["median_s"] / figures["plain"]["median_s"],
        "target_plays_per_s": TARGET,
    }
    if args.json:
        print(json.dumps(summary, indent=2))
        return
    print(f"{len(games)} records ({len(skipped)} broken by design left out), {events} events, {plays} plays; "
          f"median of {args.repeat} runs; Python {platform.python_version()}")
    print(f"{'measure':<12} {'median':>9} {'per second':>16}  vs plain")
    plain = figures["plain"]["median_s"]
    for name, fig in figures.items():
        print(f"{name:<12} {fig['median_s'] * 1000:>7.1f}ms {fig['per_s']:>10,.0f} {fig['unit']:<6} "
              f"{fig['median_s'] / plain:>6.1f}×")
    print(f"replay: {replay_moves:,.0f} moves/s; target {TARGET:,} plays re-scored/s: "
          f"{'met' if figures['replay']['per_s'] >= TARGET else 'NOT met'}")


if __name__ == "__main__":
    main()
