"""The state of a game, computed from its GCG events one at a time.

A game is its record: the GCG events in order (docs/gcg.md). :func:`fold` reads them from
the start and gives the :class:`State` after the last: the board, the scores, the racks (known
when lexc deals from its own seeded bag, else only how many tiles each player holds), the bag,
whose turn it is, the last play while it can still be challenged, and whether the game is over.
Every event is checked on the way -- the player whose turn it is, a legal play, tiles that
exist, the recorded score against the engine's -- so a file edited by hand is either a game
lexc can continue or an error naming its line.

The state is a value: :func:`step` returns a new one and leaves the old one as it was.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from lexc.game.engine import (
    BLANK,
    Board,
    Event,
    GameRecord,
    Kind,
    LexcError,
    Lexicon,
    Play,
    PlayResult,
    Position,
    Problem,
    Ruleset,
    board_tiles,
    end_delta,
    fold_events,
    parse_rack,
    score_play,
)
from lexc.game.setup import Setup
from lexc.game.typing_help import blank_help, has_blanks

#: The note lexc writes after a challenged play or a withdrawal: who challenged, and the verdict.
CHALLENGED = "challenged:"
#: The note Woogles writes after the pass of a challenger who lost a double challenge.
LOST_TURN = "#unsuccessful-challenge"
#: lexc's note after an undo in a game it deals: the bag (not the racks) is shuffled again with the
#: seed and the undo's number, so the tiles the undone move drew are not the next ones drawn.
RESHUFFLED = "bag reshuffled: undo "
#: Scoreless turns in a row after which the game may be ended (standard rules).
SCORELESS_END = 6

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Pending:
    """The last play, while it may still be challenged (until the next player moves).

    Holds what a withdrawal needs to put back besides the board (which the state's :class:`Position`
    keeps): the rack and the tiles drawn after it.
    """

    index: int
    player: int
    result: PlayResult
    rack_before: tuple[str, ...] | None
    drawn: tuple[str, ...]
    count_before: int
    bag_count_before: int
    scoreless_before: int
    challenged: bool = False


@dataclass(frozen=True, slots=True)
class State:
    """Everything the events so far have made of the game.

    ``position`` is the board, with the board before the last play that a withdrawal puts back
    (:class:`lexc.records.fold.Position`, as replay folds it). ``racks[i]`` is player i's rack
    when known (always with a seeded bag; None at a table with a physical bag), ``counts[i]`` how
    many tiles they hold; ``bag`` the tiles in lexc's bag in drawing order (None at a table),
    ``bag_count`` how many tiles are in the bag.
    ``results[k]`` is the scored play of event k (None for other events). ``owed[i]`` counts the
    turns player i lost to an unsuccessful double challenge and has not yet passed.
    """

    setup: Setup
    ruleset: Ruleset
    position: Position
    scores: tuple[int, ...]
    racks: tuple[tuple[str, ...] | None, ...]
    counts: tuple[int, ...]
    bag: tuple[str, ...] | None
    bag_count: int
    to_move: int
    scoreless: int = 0
    pending: Pending | None = None
    ended: bool = False
    timed: frozenset[int] = frozenset()
    results: tuple[PlayResult | None, ...] = ()
    owed: tuple[int, ...] = ()  # turns each player has lost to unsuccessful double challenges, still to pass

    @property
    def board(self) -> Board:
        return self.position.board

    @property
    def players(self) -> tuple[str, ...]:
        return self.setup.players

    @property
    def went_out(self) -> int | None:
        """The player who has played out (no tiles left, bag empty), if any."""
        if self.bag_count:
            return None
        return next((i for i, n in enumerate(self.counts) if n == 0), None)

    @property
    def can_end(self) -> bool:
        """Whether the rules let the game end now: a player went out, or six scoreless turns in a row."""
        return not self.ended and (self.went_out is not None or self.scoreless >= SCORELESS_END)

    def unseen(self, viewer: int | None = None) -> Counter[str]:
        """Tiles not on the board (and not on ``viewer``'s rack when it is known): bag and racks."""
        pool = Counter(self.ruleset.bag())
        for _, _, tile in self.board.tiles():
            pool[BLANK if tile.blank else tile.face] -= 1
        if viewer is not None and self.racks[viewer] is not None:
            pool.subtract(self.racks[viewer] or ())
        return +pool


def full_bag(ruleset: Ruleset) -> list[str]:
    """Every tile of the ruleset's bag, sorted (blanks as ``?`` last)."""
    counts = ruleset.bag()
    return [face for face in sorted(counts, key=lambda f: (f == BLANK, f)) for _ in range(counts[face])]


def rack_text(tiles: Sequence[str]) -> str:
    """A rack in GCG notation, sorted, blanks last: ``AEIRST?``; multi-letter tiles bracketed."""
    return "".join(f"[{t}]" if len(t) > 1 else t for t in sorted(tiles, key=lambda f: (f == BLANK, f)))


def start(setup: Setup, ruleset: Ruleset | None = None) -> State:
    """The state before the first event: racks dealt from the seeded bag, or full racks at a table.

    ``ruleset`` replaces the setup's (self-play of an ordinary game on another language's tiles).
    """
    ruleset = ruleset or setup.ruleset
    n, size = len(setup.players), ruleset.rack_size
    tiles = full_bag(ruleset)
    if setup.seed is None:
        return State(setup, ruleset, Position.start(ruleset), (0,) * n, (None,) * n, (size,) * n, None,
                     len(tiles) - n * size, 0, owed=(0,) * n)
    import random  # here: a game played from a bag of one's own (no seed) draws nothing

    random.Random(setup.seed).shuffle(tiles)
    racks = tuple(tuple(tiles[i * size:(i + 1) * size]) for i in range(n))
    bag = tuple(tiles[n * size:])
    return State(setup, ruleset, Position.start(ruleset), (0,) * n, racks, (size,) * n, bag, len(bag), 0, owed=(0,) * n)


def fold(setup: Setup, record: GameRecord, lexicons: Mapping[str, Lexicon]) -> State:
    """The state after every event of ``record`` (each checked; errors name the file and line).

    The events are folded by :func:`lexc.records.fold.fold`, as replay folds them; here a recorded
    delta other than lexc's is an error (a challenge bonus and a time penalty are taken as recorded).
    """
    def checked(state: State, index: int, event: Event) -> tuple[int, State]:
        delta, after = step(state, event, index, lexicons, record.file)
        return delta, reshuffled(after, event.notes)

    state = reshuffled(start(setup), (p.value for p in record.pragmas if p.name == "note"))
    for folded in fold_events(record, state, checked):
        event, delta, state = folded.event, folded.delta, folded.state
        if delta != event.delta and event.kind not in (Kind.CHALLENGE_BONUS, Kind.TIME_PENALTY):
            raise LexcError(Problem(record.file, event.line, event.player,
                                    f"{event.move}: recorded {event.delta:+d}, lexc computes {delta:+d}"))
    return state


def reshuffled(state: State, notes: Iterable[str]) -> State:
    """``state`` with its bag shuffled again for each :data:`RESHUFFLED` note among ``notes`` (lexc's bag only).

    >>> from lexc import Catalog
    >>> setup = Setup.new(["ann", "bob"], catalog=Catalog.shipped(), seed=7)
    >>> bag = start(setup).bag
    >>> again = reshuffled(start(setup), [RESHUFFLED + "1"]).bag
    >>> sorted(again) == sorted(bag) and again != bag, reshuffled(start(setup), ["other"]).bag == bag
    (True, True)
    """
    if state.bag is None:
        return state
    import random

    for note in notes:
        if note.startswith(RESHUFFLED):
            bag = list(state.bag)
            random.Random(f"{state.setup.seed}:undo:{note[len(RESHUFFLED):].strip()}").shuffle(bag)
            state = replace(state, bag=tuple(bag))
    return state


# --------------------------------------------------------------------------- one event


class _Refuse:
    """Builds the error for one event: file, line, player."""

    def __init__(self, event: Event, file: str | None) -> None:
        self.event, self.file = event, file

    def __call__(self, message: str) -> LexcError:
        return LexcError(Problem(self.file, self.event.line, self.event.player, message))


def step(state: State, event: Event, index: int, lexicons: Mapping[str, Lexicon],
         file: str | None = None) -> tuple[int, State]:
    """The delta ``event`` earns and the state after it; :class:`LexcError` (with the reason) when it is not allowed."""
    refuse = _Refuse(event, file)
    if event.player not in state.players:
        raise refuse("not a player of this game")
    player = state.players.index(event.player)
    kind = event.kind
    if kind in (Kind.PLAY, Kind.PASS, Kind.EXCHANGE):
        if state.ended:
            raise refuse("the game is over")
        if state.went_out is not None:
            raise refuse(f"{state.players[state.went_out]} has played out: the last play may be challenged, "
                         "then the game ends (lexc game end)")
        if player != state.to_move:
            raise refuse(f"it is {state.players[state.to_move]}'s turn, not {event.player}'s")
        lost = kind is Kind.PASS and LOST_TURN in event.notes
        if lost and not state.owed[player]:
            raise refuse("passes for a lost challenge, but has lost no challenge")
        if state.owed[player] and not lost:
            raise refuse("lost this turn to an unsuccessful challenge (double challenge rule)")
        if lost:
            state = replace(state, owed=_with(state.owed, player, state.owed[player] - 1))
    delta, after = _STEPS[kind](state, event, player, index, lexicons, refuse)
    scores = list(after.scores)
    scores[player] += delta
    results = (*state.results, after.pending.result if kind is Kind.PLAY and after.pending else None)
    return delta, replace(after, scores=tuple(scores), results=results)


def _next(state: State, player: int) -> int:
    return (player + 1) % len(state.players)


def _with(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``values`` with the one at ``index`` replaced."""
    out = list(values)
    out[index] = value
    return tuple(out)


def _typed_rack(state: State, event: Event, player: int, refuse: _Refuse) -> tuple[str, ...] | None:
    """The rack the event says the player holds: lexc's own when it deals, else the rack typed, if any."""
    if state.setup.dealt:
        held = state.racks[player]
        if event.rack is not None and held is not None and sorted(parse_rack(event.rack)) != sorted(held):
            raise refuse(f"the rack written ({event.rack}) is not the rack lexc dealt ({rack_text(held)})")
        return held
    if event.rack is None or event.kind is Kind.WITHDRAWAL:
        return None
    try:
        tiles = parse_rack(event.rack, board_tiles(state.ruleset))
    except LexcError as err:
        raise refuse(f"rack {event.rack}: {err.problems[0].message}") from None
    if len(tiles) != state.counts[player]:
        raise refuse(f"{event.player} holds {state.counts[player]} tiles; the rack {event.rack} has {len(tiles)}")
    _check_unseen(state, tiles, f"the rack {event.rack}", refuse)
    return tiles


def _check_unseen(state: State, tiles: Sequence[str], what: str, refuse: _Refuse, help_: str = "") -> None:
    missing = Counter(tiles) - state.unseen()
    if missing:
        shown = rack_text(list(missing.elements()))
        advice = f" ({help_})" if help_ and BLANK in missing else ""
        raise refuse(f"{what} needs {shown}, and no such tile is left off the board{advice}")


def disallowed(setup: Setup, play: Play) -> str | None:
    """Why ``play`` designates a language outside those the table agreed on (``setup.langs``), or None."""
    outside = [code for code in play.langs.codes() if not setup.allows(code)]
    if not outside:
        return None
    return (f"{', '.join(outside)} {'is' if len(outside) == 1 else 'are'} not among the languages agreed for this "
            f"game ({', '.join(setup.langs)})")


def _scored(state: State, play: Play, event: Event, player: int, lexicons: Mapping[str, Lexicon],
            refuse: _Refuse) -> PlayResult:
    """``play`` scored on the state's board, refused unless it is legal, allowed and on the player's tiles."""
    ruleset = state.ruleset
    rack = _typed_rack(state, event, player, refuse)
    try:
        result = score_play(state.board, play, ruleset, catalog=state.setup.catalog, lexicons=lexicons, rack=rack,
                            lang=state.setup.lang)
    except LexcError as err:
        raise refuse(f"{event.move}: {err.problems[0].message}") from None
    if result.problems:
        advice = f" ({blank_help(play)})" if has_blanks(play) and any(BLANK in p for p in result.problems) else ""
        raise refuse(f"{play}: {'; '.join(result.problems)}{advice}")
    outside = disallowed(state.setup, result.play)
    if outside:
        raise refuse(f"{play}: {outside}")
    if state.setup.challenge == "void" and result.phonies:
        words = ", ".join(f"{w.board} ({w.lang})" for w in result.phonies)
        raise refuse(f"{play}: not in the lexicon: {words}; under the void rule the play is refused, play again")
    placed = [BLANK if p.tile.blank else p.tile.face for p in result.placements]
    if rack is None:
        _check_unseen(state, placed, str(play), refuse, blank_help(play) if has_blanks(play) else "")
    if len(placed) > state.counts[player]:
        raise refuse(f"{play} places {len(placed)} tiles; {event.player} holds {state.counts[player]}")
    return result


def _play(state: State, event: Event, player: int, index: int, lexicons: Mapping[str, Lexicon],
          refuse: _Refuse) -> tuple[int, State]:
    position = state.position.advance(
        event, state.ruleset, lambda _, play, __: _scored(state, play, event, player, lexicons, refuse), refuse.file)
    result = position.result
    assert result is not None
    placed = [BLANK if p.tile.blank else p.tile.face for p in result.placements]
    new_rack: tuple[str, ...] | None = None
    drawn: tuple[str, ...] = ()
    bag = state.bag
    if state.setup.dealt:
        remaining = list(state.racks[player] or ())
        for face in placed:
            remaining.remove(face)
        assert bag is not None
        drawn, bag = bag[:len(placed)], bag[len(placed):]
        new_rack = (*remaining, *drawn)
    draw = min(len(placed), state.bag_count)
    count = state.counts[player] - len(placed) + draw
    challenger = _failed_challenger(state, event)
    owed = state.owed
    if challenger is not None and state.setup.challenge == "double":
        owed = _with(owed, challenger, owed[challenger] + 1)
    pending = Pending(index, player, result, state.racks[player], drawn, state.counts[player],
                      state.bag_count, state.scoreless, any(n.startswith(CHALLENGED) for n in event.notes))
    after = replace(state, position=position,
                    racks=_with(state.racks, player, new_rack if state.setup.dealt else None),
                    counts=_with(state.counts, player, count),
                    bag=bag, bag_count=state.bag_count - draw, to_move=_next(state, player),
                    scoreless=0 if result.score else state.scoreless + 1, pending=pending, owed=owed)
    return result.score, after


def _failed_challenger(state: State, event: Event) -> int | None:
    """The player who challenged this play and found it good (from lexc's note), if any."""
    for note in event.notes:
        if note.startswith(CHALLENGED):
            name, _, verdict = note[len(CHALLENGED):].strip().partition(": ")
            if verdict.startswith("good") and name in state.players:
                return state.players.index(name)
    return None


def _pass(state: State, event: Event, player: int, index: int, lexicons: Mapping[str, Lexicon],
          refuse: _Refuse) -> tuple[int, State]:
    _typed_rack(state, event, player, refuse)
    return 0, replace(state, to_move=_next(state, player), scoreless=state.scoreless + 1, pending=None)


def _exchange(state: State, event: Event, player: int, index: int, lexicons: Mapping[str, Lexicon],
              refuse: _Refuse) -> tuple[int, State]:
    size = state.ruleset.rack_size
    if state.bag_count < size:
        raise refuse(f"an exchange needs at least {size} tiles in the bag; there are {state.bag_count}")
    rack = _typed_rack(state, event, player, refuse)
    tiles: tuple[str, ...] = ()
    if event.tiles is not None:
        try:
            tiles = parse_rack(event.tiles, board_tiles(state.ruleset))
        except LexcError as err:
            raise refuse(f"-{event.tiles}: {err.problems[0].message}") from None
    count = len(tiles) if event.tiles is not None else event.count or 0
    if not 1 <= count <= state.counts[player]:
        raise refuse(f"an exchange returns 1 to {state.counts[player]} tiles, not {count}")
    if rack is not None and Counter(tiles) - Counter(rack):
        raise refuse(f"the rack {rack_text(rack)} does not hold {rack_text(tiles)}")
    if not state.setup.dealt:
        if tiles:
            _check_unseen(state, tiles, f"the exchange -{event.tiles}", refuse)
        return 0, replace(state, to_move=_next(state, player), scoreless=state.scoreless + 1, pending=None)
    if event.tiles is None:
        raise refuse("lexc deals the tiles of this game: name the tiles exchanged, not only how many")
    assert state.bag is not None and rack is not None
    kept = list(rack)
    for face in tiles:
        kept.remove(face)
    drawn, rest = state.bag[:count], list(state.bag[count:]) + list(tiles)
    import random

    random.Random(f"{state.setup.seed}:{index}").shuffle(rest)
    return 0, replace(state, racks=_with(state.racks, player, (*kept, *drawn)),
                      bag=tuple(rest), to_move=_next(state, player), scoreless=state.scoreless + 1, pending=None)


def _withdrawal(state: State, event: Event, player: int, index: int, lexicons: Mapping[str, Lexicon],
                refuse: _Refuse) -> tuple[int, State]:
    pending = state.pending
    if pending is None or pending.player != player or pending.index != index - 1:
        raise refuse("a phony is withdrawn right after it is played, before anyone else moves")
    bag = (*pending.drawn, *state.bag) if state.bag is not None else None
    return -pending.result.score, replace(
        state, position=state.position.advance(event, state.ruleset),
        racks=_with(state.racks, player, pending.rack_before),
        counts=_with(state.counts, player, pending.count_before),
        bag=bag, bag_count=pending.bag_count_before, scoreless=pending.scoreless_before + 1, pending=None)


def _challenge_bonus(state: State, event: Event, player: int, index: int, lexicons: Mapping[str, Lexicon],
                     refuse: _Refuse) -> tuple[int, State]:
    pending = state.pending
    if pending is None or pending.player != player:
        raise refuse("a challenge bonus follows the challenged play")
    return event.delta, replace(state, pending=replace(pending, challenged=True))


def _end_tiles(state: State, event: Event, refuse: _Refuse) -> tuple[str, ...]:
    try:
        return parse_rack(event.tiles or "", board_tiles(state.ruleset))
    except LexcError as err:
        raise refuse(f"({event.tiles}): {err.problems[0].message}") from None


def _end_points(state: State, event: Event, player: int, index: int, lexicons: Mapping[str, Lexicon],
                refuse: _Refuse) -> tuple[int, State]:
    if state.went_out != player:
        raise refuse("only the player who played out gains the tiles left on the racks")
    tiles = _end_tiles(state, event, refuse)
    return end_delta(Kind.END_POINTS, tiles, state.ruleset, len(state.players), True), \
        replace(state, ended=True, pending=None)


def _end_penalty(state: State, event: Event, player: int, index: int, lexicons: Mapping[str, Lexicon],
                 refuse: _Refuse) -> tuple[int, State]:
    tiles = _end_tiles(state, event, refuse)
    if state.went_out is not None and state.ruleset.end_game == "tournament" and len(state.players) == 2:
        raise refuse("under the tournament rule the player who did not go out keeps their score")
    if len(tiles) != state.counts[player]:
        raise refuse(f"{event.player} holds {state.counts[player]} tiles, not {len(tiles)}")
    if state.racks[player] is not None and sorted(tiles) != sorted(state.racks[player] or ()):
        raise refuse(f"{event.player}'s rack is {rack_text(state.racks[player] or ())}, not {event.tiles}")
    delta = end_delta(Kind.END_PENALTY, tiles, state.ruleset, len(state.players), state.went_out is not None)
    return delta, replace(state, ended=True, pending=None)


def _time_penalty(state: State, event: Event, player: int, index: int, lexicons: Mapping[str, Lexicon],
                  refuse: _Refuse) -> tuple[int, State]:
    if not state.ended:
        raise refuse("time penalties are recorded after the end of the game")
    if player in state.timed:
        raise refuse("already has a time penalty")
    if event.delta > 0:
        raise refuse(f"a time penalty cannot be {event.delta:+d}")
    return event.delta, replace(state, timed=state.timed | {player})


_STEPS = {
    Kind.PLAY: _play, Kind.PASS: _pass, Kind.EXCHANGE: _exchange, Kind.WITHDRAWAL: _withdrawal,
    Kind.CHALLENGE_BONUS: _challenge_bonus, Kind.END_POINTS: _end_points, Kind.END_PENALTY: _end_penalty,
    Kind.TIME_PENALTY: _time_penalty,
}
