"""Self-play: seeded robot games, and what they say about a tile set (docs/robot.md).

A :class:`Plan` names the game (ruleset, language or spec, edition), the two robots'
strengths and a seed. Game ``i`` is dealt from a seed drawn from ``(seed, i)`` alone, and
the robots' chances are seeded from it, so a game is the same whichever process plays it:
:func:`run` plays the games one after the other, on ``jobs`` worker processes, or on a Dask
cluster (:func:`run_dask`, an optional extra), and always gives the same results in the same
order. The two strengths take turns to move first (game 0: the first strength).

Each game is kept as a lexc game (:class:`lexc.game.Game`, the path a person's moves take),
so every move is checked and scored by the engine and the record replays with ``lexc replay``.
Self-play games are played without challenges: robots only play words of their lexicons.

:class:`Report` sums the games up with 95 % confidence intervals (:mod:`lexc.robot.stats`).

>>> game_seed(0, 0) == game_seed(0, 0), game_seed(0, 0) != game_seed(0, 1)
(True, True)
"""

from __future__ import annotations

import hashlib
import os
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lexc.errors import LexcError, Problem
from lexc.game import Game, Setup
from lexc.game.engine import BLANK, GameRecord, Kind, Packs, Pragma, finder, write_atomic
from lexc.game.state import start
from lexc.robot.player import Robot, Strength
from lexc.robot.seat import robot_move, seat_seed, with_robots
from lexc.robot.stats import Estimate, mean, rate

if TYPE_CHECKING:
    from lexc.catalog import Catalog
    from lexc.engine.moves import MoveFinder
    from lexc.engine.ruleset import Ruleset

__all__ = ["GameResult", "Plan", "Report", "game_paths", "game_seed", "play_game", "run", "run_dask", "save_games"]

#: A game that has not ended after this many events is an error (robots always reach the end).
MAX_EVENTS = 500

#: The names of the two seats in the records: the first strength sits at A, the second at B.
SEATS = ("A", "B")


def game_seed(seed: int, index: int) -> int:
    """The deal seed of game ``index`` of a run seeded ``seed`` (a hash: the same in every process)."""
    digest = hashlib.blake2b(f"lexc-selfplay:{seed}:{index}".encode(), digest_size=4).digest()
    return int.from_bytes(digest, "big") & 0x7FFFFFFF


@dataclass(frozen=True)
class Plan:
    """What to play. ``lang``: in Polyglot the default language, otherwise the language of the tiles
    (default: the ruleset's); ``langs``: the Polyglot robots' languages (default: ``lang``);
    ``packs``, ``specs`` and ``editions`` make the catalog each worker opens."""

    ruleset: str = "standard"
    lang: str | None = None
    langs: tuple[str, ...] = ()
    levels: tuple[str, str] = ("5", "5")
    seed: int = 0
    packs: str | None = None
    specs: tuple[str, ...] = ()
    editions: tuple[tuple[str, str], ...] = ()

    def catalog(self) -> Catalog:
        """The catalog the games use (opened once per process)."""
        return _context(self).catalog

    def check(self) -> Plan:
        """This plan, with its strengths named canonically, once everything it names is found to exist
        (ruleset, languages, packs): :class:`LexcError` otherwise."""
        if len(self.levels) != 2:
            raise LexcError(Problem(None, None, "levels", f"two strengths, one per seat, not {len(self.levels)}"))
        levels = (Strength.of(self.levels[0]).name, Strength.of(self.levels[1]).name)
        plan = Plan(self.ruleset, self.lang, self.langs, levels, self.seed, self.packs, self.specs, self.editions)
        context = _context(plan)
        _ = context.finder  # every pack opened now, not in a worker
        return plan

    @property
    def description(self) -> str:
        context = _context(self)
        ruleset = context.ruleset
        where = (f"Polyglot, languages {', '.join(context.langs)}" if ruleset.polyglot is not None
                 else f"{ruleset.spec.name} tiles")
        edition = ", ".join(f"{code} edition {name}" for code, name in self.editions)
        return f"{self.ruleset} ({where}{'; ' + edition if edition else ''}), {self.levels[0]} against {self.levels[1]}"


@dataclass
class _Context:
    """What a process keeps between games of one plan: the catalog, the ruleset, the packs, the finder."""

    plan: Plan
    catalog: Catalog
    setup_catalog: Catalog
    ruleset: Ruleset
    langs: tuple[str, ...]
    _finder: MoveFinder | None = field(default=None, repr=False)

    @property
    def finder(self) -> MoveFinder:
        if self._finder is None:
            self._finder = finder(self.ruleset, Packs(self.setup_catalog), list(self.langs))
        return self._finder


_CONTEXTS: dict[tuple[Any, ...], _Context] = {}


def _context(plan: Plan) -> _Context:
    key = (plan.ruleset, plan.lang, plan.langs, plan.packs, plan.specs, plan.editions)
    context = _CONTEXTS.get(key)
    if context is None:
        from lexc.catalog import Catalog

        catalog = Catalog.from_environment(specs=[Path(p) for p in plan.specs],
                                           packs=Path(plan.packs) if plan.packs else None)
        setup = _setup(plan, catalog, ("a", "b"), 0)
        ruleset = _ruleset(plan, setup)
        if ruleset.polyglot is not None:
            langs = plan.langs or (setup.lang or ruleset.polyglot.default_lang,)
        else:
            if plan.langs:
                raise LexcError(Problem(None, None, "langs", "robot languages are for Polyglot games"))
            langs = (ruleset.tiles,)
        context = _CONTEXTS[key] = _Context(plan, catalog, setup.catalog, ruleset, tuple(langs))
    return context


def _setup(plan: Plan, catalog: Catalog, names: Sequence[str], seed: int) -> Setup:
    polyglot = catalog.ruleset(plan.ruleset).polyglot is not None
    return Setup.new(names, catalog=catalog, ruleset=plan.ruleset, lang=plan.lang if polyglot else None,
                     challenge="none", seed=seed, editions=dict(plan.editions))


def _ruleset(plan: Plan, setup: Setup) -> Ruleset:
    """The setup's ruleset, on the tiles of ``plan.lang`` in an ordinary game of another language."""
    ruleset = setup.ruleset
    if ruleset.polyglot is None and plan.lang and plan.lang != ruleset.tiles:
        ruleset = ruleset.with_tiles(setup.catalog.language(plan.lang))
    return ruleset


def _distribution(ruleset: Ruleset) -> str:
    """The ``#tile-distribution`` of an ordinary game's tiles (the name Macondo uses, else the code)."""
    from lexc.records.replay import DISTRIBUTIONS

    return next((name for name, code in DISTRIBUTIONS.items() if code == ruleset.tiles), ruleset.tiles)


def new_game(plan: Plan, index: int) -> Game:
    """Game ``index`` of ``plan`` before its first move: seats, deal, robots' note."""
    context = _context(plan)
    order = (0, 1) if index % 2 == 0 else (1, 0)
    names = [f"{SEATS[i]}-{plan.levels[i]}" for i in order]
    setup = _setup(plan, context.catalog, names, game_seed(plan.seed, index))
    ruleset = context.ruleset
    pragmas = [Pragma("description", "Created with lexc selfplay")]
    if ruleset.tiles != setup.ruleset.tiles:
        pragmas.append(Pragma("tile-distribution", _distribution(ruleset)))
    pragmas += [Pragma("note", note) for note in setup.header_notes()]
    record = GameRecord(tuple(setup.gcg_players()), tuple(pragmas), (), setup.lang)
    game = Game(setup, record, start(setup, ruleset), Packs(setup.catalog))
    langs = list(context.langs) if ruleset.polyglot is not None else None
    return with_robots(game, {name: plan.levels[i] for name, i in zip(names, order, strict=True)}, langs)


@dataclass(frozen=True)
class GameResult:
    """One finished game, players in the order they moved: their seats (A, B), strengths, final
    scores and bingos; the moves (plays, exchanges, passes), the exchanges, the tiles played
    (``?`` for a blank) and left on racks at the end; the GCG record."""

    index: int
    seed: int
    seats: tuple[str, ...]
    strengths: tuple[str, ...]
    scores: tuple[int, ...]
    bingos: tuple[int, ...]
    moves: int
    exchanges: int
    played: Mapping[str, int]
    left: Mapping[str, int]
    gcg: str

    def score_of(self, seat: str) -> int:
        return self.scores[self.seats.index(seat)]

    def to_json(self) -> dict[str, object]:
        return {"index": self.index, "seed": self.seed, "seats": list(self.seats), "strengths": list(self.strengths),
                "scores": list(self.scores), "bingos": list(self.bingos), "moves": self.moves,
                "exchanges": self.exchanges, "played": dict(self.played), "left": dict(self.left)}


def play_game(plan: Plan, index: int) -> GameResult:
    """Play game ``index`` of ``plan`` to its end."""
    context = _context(plan)
    game = new_game(plan, index)
    robots: dict[str, Robot] = {}
    for i, name in enumerate(game.setup.players):
        strength = Strength.of(name.partition("-")[2])
        robots[name] = Robot.for_game(context.ruleset, context.finder, strength, context.setup_catalog,
                                      seat_seed(game, i))
    while not game.state.ended:
        if len(game.record.events) > MAX_EVENTS:
            raise LexcError(Problem(None, None, "selfplay", f"game {index} has not ended after {MAX_EVENTS} moves"))
        game = robot_move(game, robots[game.to_move])
    return _result(game, index)


def _result(game: Game, index: int) -> GameResult:
    state = game.state
    rack_size = state.ruleset.rack_size
    players = game.setup.players
    bingos = [0] * len(players)
    played: Counter[str] = Counter()
    moves = exchanges = 0
    for event, result in zip(game.record.events, state.results, strict=True):
        if event.kind in (Kind.PLAY, Kind.PASS, Kind.EXCHANGE):
            moves += 1
        if event.kind is Kind.EXCHANGE:
            exchanges += 1
        if result is not None:
            tiles = [BLANK if p.tile.blank else p.tile.face for p in result.placements]
            played.update(tiles)
            if len(tiles) == rack_size:
                bingos[players.index(event.player)] += 1
    left: Counter[str] = Counter()
    for rack in state.racks:
        left.update(rack or ())
    return GameResult(index, game.setup.seed or 0, tuple(p.partition("-")[0] for p in players),
                      tuple(p.partition("-")[2] for p in players), state.scores, tuple(bingos), moves, exchanges,
                      dict(sorted(played.items())), dict(sorted(left.items())), game.text)


def run(plan: Plan, games: int, *, jobs: int = 1, progress: Callable[[GameResult], None] | None = None
        ) -> list[GameResult]:
    """Play ``games`` games of ``plan`` on ``jobs`` processes; the results in game order, the same
    whatever ``jobs``. ``progress`` is called after each game, in order."""
    if games < 1:
        raise LexcError(Problem(None, None, "games", f"at least one game, not {games}"))
    if jobs < 1:
        raise LexcError(Problem(None, None, "jobs", f"at least one process, not {jobs}"))
    results = []
    for result in _played(plan, games, min(jobs, games)):
        results.append(result)
        if progress is not None:
            progress(result)
    return results


def _played(plan: Plan, games: int, jobs: int) -> Iterator[GameResult]:
    if jobs == 1:
        for index in range(games):
            yield play_game(plan, index)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else None  # workers inherit the packs
    with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context(method)) as pool:
        yield from pool.map(play_game, [plan] * games, range(games))


def run_dask(plan: Plan, games: int, *, address: str | None = None, workers: int = 2,
             progress: Callable[[GameResult], None] | None = None) -> list[GameResult]:
    """The same games as :func:`run`, played on a Dask cluster: the scheduler at ``address``, or a
    local cluster of ``workers`` processes (the ``distributed`` extra: ``pip install 'lexc[distributed]'``).
    Every worker must see the same packs, specs and data as this process."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise LexcError(Problem(None, None, "dask", "the Dask backend needs the distributed extra: "
                                                    "pip install 'lexc[distributed]'")) from None
    if games < 1:
        raise LexcError(Problem(None, None, "games", f"at least one game, not {games}"))
    cluster = None if address else LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                                dashboard_address=None)  # type: ignore[no-untyped-call]
    try:
        with Client(address or cluster) as client:  # type: ignore[no-untyped-call]
            futures = client.map(play_game, [plan] * games, list(range(games)))
            results: list[GameResult] = []
            for future in futures:
                result = future.result()
                results.append(result)
                if progress is not None:
                    progress(result)
            return results
    finally:
        if cluster is not None:
            cluster.close()


def game_paths(directory: Path | str, games: int) -> list[Path]:
    """Where games 0 to ``games - 1`` are saved: ``directory/game-NNNN.gcg``; :class:`LexcError` when
    one of them is already there (a game is never overwritten)."""
    folder = Path(directory)
    paths = [folder / f"game-{index:04d}.gcg" for index in range(games)]
    taken = next((p for p in paths if os.path.lexists(p)), None)
    if taken is not None:
        raise LexcError(Problem(str(taken), None, None, "already exists: self-play never overwrites a game "
                                                        "(choose another folder)"))
    if folder.exists() and not folder.is_dir():
        raise LexcError(Problem(str(folder), None, None, "not a folder"))
    return paths


def save_games(results: Sequence[GameResult], directory: Path | str) -> list[Path]:
    """Write each game's record to ``directory/game-NNNN.gcg`` (never over an existing file)."""
    paths = game_paths(directory, len(results))
    folder = Path(directory)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise LexcError(Problem(str(folder), None, None, f"cannot make the folder: {err.strerror or err}")) from None
    for path, result in zip(paths, results, strict=True):
        write_atomic(path, result.gcg)
    return paths


@dataclass(frozen=True)
class TileRow:
    """One tile's life over the games: in the bag, played per game, left on a rack at the end per
    game, and the share of games that ended with at least one of it on a rack (a *stuck* tile)."""

    face: str
    count: int
    played: Estimate
    left: Estimate
    stuck: Estimate

    def to_json(self) -> dict[str, object]:
        return {"face": self.face, "count": self.count, "played": self.played.to_json(),
                "left": self.left.to_json(), "stuck": self.stuck.to_json()}


@dataclass(frozen=True)
class Report:
    """What the games say, each figure with its 95 % interval (docs/robot.md)."""

    plan: Plan
    description: str
    games: int
    score: Estimate
    seat_scores: tuple[tuple[str, str, Estimate], ...]
    seat_wins: tuple[tuple[str, str, Estimate], ...]
    margin: Estimate
    first_wins: Estimate
    bingos: Estimate
    moves: Estimate
    exchanges: Estimate
    tiles: tuple[TileRow, ...]

    @classmethod
    def of(cls, plan: Plan, results: Sequence[GameResult]) -> Report:
        """The report of ``results`` (games of ``plan``)."""
        n = len(results)
        scores = [s for r in results for s in r.scores]
        seat_scores, seat_wins = [], []
        for seat, strength in zip(SEATS, plan.levels, strict=True):
            mine = [r.score_of(seat) for r in results]
            wins = sum(_points(r, r.seats.index(seat)) for r in results)
            seat_scores.append((seat, strength, mean(mine)))
            seat_wins.append((seat, strength, rate(wins, n)))
        margin = mean([r.score_of("A") - r.score_of("B") for r in results])
        first = rate(sum(_points(r, 0) for r in results), n)
        ruleset = _context(plan).ruleset
        bag = ruleset.bag()
        order = {t.face: i for i, t in enumerate(ruleset.spec.tiles)}  # the set's own order (Á after A)
        faces = sorted(bag, key=lambda f: (f == BLANK, order.get(f, len(order)), f))
        tiles = tuple(TileRow(face, bag[face], mean([r.played.get(face, 0) for r in results]),
                              mean([r.left.get(face, 0) for r in results]),
                              rate(sum(1 for r in results if r.left.get(face, 0)), n)) for face in faces)
        return cls(plan, plan.description, n, mean(scores), tuple(seat_scores), tuple(seat_wins), margin, first,
                   mean([sum(r.bingos) for r in results]), mean([r.moves for r in results]),
                   mean([r.exchanges for r in results]), tiles)

    def to_json(self) -> dict[str, object]:
        return {
            "description": self.description, "ruleset": self.plan.ruleset, "lang": self.plan.lang,
            "langs": list(self.plan.langs), "editions": dict(self.plan.editions), "levels": list(self.plan.levels),
            "seed": self.plan.seed, "games": self.games, "score": self.score.to_json(),
            "seats": [{"seat": seat, "strength": strength, "score": score.to_json(), "wins": wins.to_json()}
                      for (seat, strength, score), (_, _, wins) in zip(self.seat_scores, self.seat_wins,
                                                                       strict=True)],
            "margin": self.margin.to_json(), "first_player_wins": self.first_wins.to_json(),
            "bingos_per_game": self.bingos.to_json(), "moves_per_game": self.moves.to_json(),
            "exchanges_per_game": self.exchanges.to_json(), "tiles": [t.to_json() for t in self.tiles],
        }

    def text(self) -> str:
        """The report as lines of text."""
        lines = [f"{self.games} game{'s' if self.games != 1 else ''}: {self.description} (seed {self.plan.seed}); "
                 "95 % intervals in brackets",
                 f"score per player: {self.score.text()}, spread (sd) {self.score.sd:.1f}"]
        for (seat, strength, score), (_, _, wins) in zip(self.seat_scores, self.seat_wins, strict=True):
            lines.append(f"seat {seat} ({strength}): score {score.text()}, wins {wins.text(1, percent=True)}")
        lines += [f"margin A - B: {self.margin.text()}",
                  f"first player wins: {self.first_wins.text(1, percent=True)}",
                  f"bingos per game: {self.bingos.text(2)}",
                  f"moves per game: {self.moves.text()}",
                  f"exchanges per game: {self.exchanges.text(2)}",
                  "tile  count  played/game      left/game  stuck (games ending with it on a rack)"]
        for t in self.tiles:
            lines.append(f"{t.face:4s}  {t.count:5d}  {t.played.value:11.2f}  {t.left.value:13.2f}  "
                         f"{t.stuck.text(1, percent=True)}")
        return "\n".join(lines)


def _points(result: GameResult, player: int) -> float:
    """1 for a win of ``player`` (index in move order), 0.5 for a tie, 0 for a loss (two players)."""
    mine = result.scores[player]
    best = max(s for i, s in enumerate(result.scores) if i != player)
    return 1.0 if mine > best else 0.5 if mine == best else 0.0
