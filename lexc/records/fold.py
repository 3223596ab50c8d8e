"""The one fold over a game record's events, shared by replay and the game.

A record is read from its first event to its last, a state carried from one to the next:
:func:`fold` does it, with a *step* that takes the state before an event and gives the
delta it computes for the event and the state after. Both readers of records step through
it: :func:`lexc.records.replay.replay` with the board alone (a :class:`Position`), where a
recorded delta computed differently is a mismatch to report, and :func:`lexc.game.state.fold`
with the whole state of a game (racks, bag, turns), where it is an error.

What the board does is the same for both, and written here once: :meth:`Position.advance`
lays a play (:func:`play_of` reads it in the ruleset's tiles, the caller's scorer scores
it) and takes a withdrawn phony back off; :func:`end_delta` values the tiles an
end-of-game line lists.

>>> from lexc import Catalog
>>> from lexc.records.gcg import parse
>>> ruleset = Catalog.shipped().ruleset("standard")
>>> record = parse('''#player1 a Ann
... #player2 b Bob
... >a: EIQTUXZ 8D QUITE +48 48
... >b: AEMNSS? 8A MES.....s +57 57
... >b: AEMNSS? -- -57 0
... ''')
>>> def lay(position, index, event):
...     after = position.advance(event, ruleset)
...     return 0, after
>>> [step.state.board.row_text(7) for step in fold(record, Position.start(ruleset), lay)]
['...QUITE.......', 'MESQUITEs......', '...QUITE.......']
>>> end_delta(Kind.END_POINTS, ("Q", "E"), ruleset, players=2, somebody_out=True)
11
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Generic, NoReturn, TypeVar

from lexc.engine.board import Board
from lexc.engine.notation import Play, Through, parse_position, parse_word
from lexc.engine.ruleset import Ruleset, end_adjustments, rack_value
from lexc.engine.scoring import PlayResult
from lexc.errors import LexcError, Problem, RecordError
from lexc.records.gcg import Event, GameRecord, Kind

__all__ = ["Folded", "Position", "Scorer", "Step", "end_delta", "fold", "play_of"]

S = TypeVar("S")

#: A step of the fold: the state before an event, the event's index and the event, to the delta
#: lexc computes for it and the state after it.
Step = Callable[[S, int, Event], tuple[int, S]]

#: How a play is scored on a board (``event`` is the play's line, for messages); it raises to refuse.
Scorer = Callable[[Board, Play, Event], PlayResult]


@dataclass(frozen=True, slots=True)
class Folded(Generic[S]):
    """One event folded in: its index in ``record.events``, the delta computed, the state after it."""

    index: int
    event: Event
    delta: int
    state: S


def fold(record: GameRecord, state: S, step: Step[S], upto: int | None = None) -> Iterator[Folded[S]]:
    """Each of the first ``upto`` events of ``record`` (all by default) folded into ``state`` by ``step``."""
    for index, event in enumerate(record.events[:upto]):
        delta, state = step(state, index, event)
        yield Folded(index, event, delta, state)


def record_error(event: Event, file: str | None, err: LexcError) -> NoReturn:
    """Raise ``err``'s first problem again as a :class:`RecordError` of ``event``'s line."""
    raise RecordError(Problem(file, event.line, event.move, err.problems[0].message)) from None


@dataclass(frozen=True, slots=True)
class Position:
    """The board after some events of a record, and what a withdrawal puts back.

    ``before`` is the board before the last play (a withdrawn phony comes off by going back to
    it); ``result`` is the last event's play as scored (None when it was no play or was laid
    without being scored).
    """

    board: Board
    before: Board
    result: PlayResult | None = None

    @classmethod
    def start(cls, ruleset: Ruleset) -> Position:
        """The empty board of ``ruleset``."""
        board = Board.empty(ruleset)
        return cls(board, board)

    def advance(self, event: Event, ruleset: Ruleset, score: Scorer | None = None,
                file: str | None = None) -> Position:
        """The position after ``event``: a play laid (scored by ``score`` when given), a withdrawn
        phony taken back off; any other event leaves the board as it is.

        A play that cannot be laid is a :class:`RecordError` naming ``file``, the line and the move.
        """
        if event.kind is Kind.WITHDRAWAL:
            return Position(self.before, self.before)
        if event.kind is not Kind.PLAY:
            return Position(self.board, self.before)
        play = play_of(event, ruleset, file)
        if score is not None:
            result = score(self.board, play, event)
            return Position(self.board.place(result.placements), self.board, result)
        try:
            placements = self.board.placements(play)
        except LexcError as err:
            record_error(event, file, err)
        return Position(self.board.place(placements), self.board)


def end_delta(kind: Kind, tiles: str | Sequence[str], ruleset: Ruleset, players: int, somebody_out: bool) -> int:
    """The delta the ruleset gives an end-of-game line that lists ``tiles``.

    ``END_POINTS`` is what the player who went out gains for them; ``END_PENALTY`` what their
    holder loses, under the ruleset's rule when somebody went out, else their value.
    """
    # The player who went out, the holder of the tiles counted, and any other players (their
    # tiles are on lines of their own): the ruleset's rule for that many players.
    racks: list[str | Sequence[str]] = [(), tiles, *[()] * max(players - 2, 0)]
    if kind is Kind.END_POINTS:
        return end_adjustments(racks, ruleset)[0]
    return end_adjustments(racks, ruleset)[1] if somebody_out else -rack_value(tiles, ruleset)


# --------------------------------------------------------------------------- plays


def _gcg_word(word: str) -> str:
    """A GCG main word in play notation: ``.`` inside parentheses moved out (``(.A.)W`` -> ``.(A).W``)."""
    if "(" not in word or "." not in word:
        return word
    out: list[str] = []
    inside = False
    for char in word:
        if char == "(":
            inside = True
        elif char == ")":
            inside = False
        if inside and char == ".":
            out += [")", ".", "("]
        else:
            out.append(char)
    return "".join(out).replace("()", "")


def play_of(event: Event, ruleset: Ruleset, file: str | None = None) -> Play:
    """The play of a tile-placement event, in the ruleset's tile set, with its language designation.

    Letters written on occupied squares (old Quackle, Elise) stay letters here; the board
    reads them as played through when they match the tile already there.
    """
    assert event.kind is Kind.PLAY and event.position is not None and event.word is not None
    try:
        row, col, across = parse_position(event.position)
        cells = parse_word(_gcg_word(event.word), ruleset.spec)
    except LexcError as err:
        record_error(event, file, err)
    if all(isinstance(cell, Through) for cell in cells):
        raise RecordError(Problem(file, event.line, event.move, "the play places no tile"))
    return Play(row, col, across, cells, event.langs)
