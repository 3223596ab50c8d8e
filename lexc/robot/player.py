"""A robot player: given a position, its own rack and its languages, it chooses a move (docs/robot.md).

The robot asks the move finder (:mod:`lexc.engine.moves`) for the legal plays of its rack --
each word already designated the allowed language where it is valid and scores best -- through
one function, :func:`candidates`, so a faster search can take its place. Each play is
evaluated as its score plus the value of the tiles it keeps (:class:`lexc.robot.leave.Leave`);
an exchange is evaluated as the value of the tiles it keeps. The robot chooses the best
evaluation among the plays it *sees* (a level below 5 sees only the words it knows, and those
only by chance: :mod:`lexc.robot.words`), exchanges when that is better and the bag allows it,
and passes when it has nothing else. The *greedy* player, the benchmark's opponent, always
takes the highest score and exchanges its whole rack only when it has no play.

The robot sees only what a player at the table sees: the board, its own rack, how many tiles
are in the bag, and the tiles that are neither on the board nor on its rack.

>>> from lexc import Board, Catalog
>>> from lexc.lexicon.walk import Walk
>>> catalog = Catalog.shipped()
>>> std = catalog.ruleset("standard")
>>> finder = MoveFinder.from_walks(std, {"en": Walk.from_words(["QI", "QAT", "AT", "TA", "EAT", "TEA"])},
...                                catalog=catalog)
>>> robot = Robot(std, finder, Strength.of("5"))
>>> choice = robot.choose(Position(Board.empty(std), ("Q", "I", "A", "T", "E", "E", "E"), 86))
>>> choice.kind, str(choice.move), choice.move.score  # QI keeps A, T and E: better than QAT's 24 keeping EEEI
('play', 'H7 QI', 22)
>>> Robot(std, finder, Strength.of("greedy")).choose(Position(Board.empty(std), tuple("UUUVVWW"), 86)).text
'-UUUVVWW'
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from lexc.engine.board import Board
from lexc.engine.moves import Move, MoveFinder
from lexc.engine.notation import BLANK, format_position
from lexc.engine.ruleset import Ruleset
from lexc.errors import LexcError, Problem
from lexc.robot.leave import Leave
from lexc.robot.words import LEVELS, Level, Vocabulary

if TYPE_CHECKING:
    from lexc.catalog import Catalog

__all__ = ["Choice", "Position", "Robot", "Strength", "candidates", "words_of"]


def candidates(finder: MoveFinder, board: Board, rack: Sequence[str], top: int | None = None) -> list[Move]:
    """The legal plays of ``rack`` on ``board``, highest score first (the ``top`` best, or all).

    The one place the robot calls the move finder. With ``top`` it is the finder's best-first
    search, which skips what cannot reach the ``top`` best (the same plays as the full
    enumeration's first ``top``, docs/moves.md); the greedy player asks for one. A robot that
    values leaves asks for every play: the value of the tiles kept can lift a lower score above
    the highest, so no score bound is safe for it.
    """
    return finder.moves(board, rack, top=top)


@dataclass(frozen=True, slots=True)
class Strength:
    """A robot's strength: a :class:`~lexc.robot.words.Level` (1-5), or the greedy player (``greedy``)."""

    name: str
    level: Level
    greedy: bool = False

    @classmethod
    def of(cls, text: str | int) -> Strength:
        """``1`` to ``5`` or ``greedy``.

        >>> Strength.of("3").level.rank, Strength.of("greedy").greedy
        (15000, True)
        """
        text = str(text).strip().lower()
        if text == "greedy":
            return cls("greedy", LEVELS[5], greedy=True)
        if text.isdigit() and int(text) in LEVELS:
            return cls(text, LEVELS[int(text)])
        raise LexcError(Problem(None, None, "level", f"a robot's level is 1 to 5 or greedy, not {text!r}"))


@dataclass(frozen=True, slots=True)
class Position:
    """What the robot may know: the board, its rack, the tiles in the bag, the tiles it cannot see,
    and the turn (the number of events so far, which seeds the findability draws)."""

    board: Board
    rack: tuple[str, ...]
    bag: int
    unseen: tuple[str, ...] = ()
    turn: int = 0


@dataclass(frozen=True, slots=True)
class Choice:
    """A robot's move: a ``play`` (with its :class:`Move`), an ``exchange`` (the tiles returned) or a
    ``pass``; ``value`` is its evaluation."""

    kind: str
    move: Move | None = None
    tiles: tuple[str, ...] = ()
    value: float = 0.0

    @property
    def text(self) -> str:
        """The move as the game takes it: a play in notation, ``-TILES``, or ``-``."""
        if self.kind == "play":
            assert self.move is not None
            return str(self.move)
        if self.kind == "exchange":
            return "-" + "".join(f"[{t}]" if len(t) > 1 else t for t in sorted(self.tiles, key=_rack_order))
        return "-"

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "move": self.text, "score": self.move.score if self.move else 0,
                "value": round(self.value, 2)}


def _rack_order(face: str) -> tuple[bool, str]:
    return face == BLANK, face


@dataclass
class Robot:
    """A player of ``strength`` on ``ruleset``'s board, searching with ``finder``.

    ``vocabulary`` limits the words a level below 5 sees (:meth:`Vocabulary.of`); ``None`` sees
    every word of the finder's lexicons.
    """

    ruleset: Ruleset
    finder: MoveFinder
    strength: Strength
    vocabulary: Vocabulary | None = None
    leave: Leave = field(init=False)

    def __post_init__(self) -> None:
        self.leave = Leave.of(self.ruleset)

    @classmethod
    def for_game(cls, ruleset: Ruleset, finder: MoveFinder, strength: Strength, catalog: Catalog,
                 seed: int) -> Robot:
        """A robot whose vocabulary (levels below 5) covers the finder's languages."""
        vocabulary = None
        if strength.level.rank is not None or strength.level.find < 1.0:
            vocabulary = Vocabulary.of(strength.level, seed, catalog, finder.langs,
                                       board=ruleset.polyglot is not None)
        return cls(ruleset, finder, strength, vocabulary)

    def choose(self, position: Position) -> Choice:
        """The robot's move in ``position``."""
        moves = candidates(self.finder, position.board, position.rack, top=1 if self.strength.greedy else None)
        can_exchange = position.bag >= self.ruleset.rack_size
        if self.strength.greedy:
            if moves:
                return Choice("play", moves[0], value=moves[0].score)
            return Choice("exchange", tiles=position.rack) if can_exchange else Choice("pass")
        leaves: dict[tuple[str, ...], float] = {}
        unseen = position.unseen

        def leave_of(kept: tuple[str, ...]) -> float:
            key = tuple(sorted(kept))
            value = leaves.get(key)
            if value is None:
                value = leaves[key] = self.leave.value(key, position.bag, unseen)
            return value

        rack = Counter(position.rack)
        scored = []
        for move in moves:
            used = Counter(BLANK if blank else face for face, blank, new in move.cells if new)
            kept = tuple((rack - used).elements())
            scored.append((move.score + leave_of(kept), move))
        scored.sort(key=lambda item: -item[0])  # stable: ties keep the finder's order
        best: Choice | None = None
        for value, move in scored:
            if self._sees(position, move):
                best = Choice("play", move, value=value)
                break
        if can_exchange:
            swap = self._exchange(position.rack, leave_of)
            if best is None or swap.value > best.value:
                return swap
        return best or Choice("pass", value=leave_of(position.rack))

    def _exchange(self, rack: tuple[str, ...], leave_of: Callable[[tuple[str, ...]], float]) -> Choice:
        """The best exchange: the tiles whose return leaves the best-valued tiles (at least one returned)."""
        best: Choice | None = None
        seen: set[tuple[str, ...]] = set()
        for size in range(len(rack)):
            for kept in itertools.combinations(sorted(rack, key=_rack_order), size):
                if kept in seen:
                    continue
                seen.add(kept)
                value = leave_of(kept)
                if best is None or value > best.value:
                    returned = tuple((Counter(rack) - Counter(kept)).elements())
                    best = Choice("exchange", tiles=returned, value=value)
        assert best is not None
        return best

    def _sees(self, position: Position, move: Move) -> bool:
        vocabulary = self.vocabulary
        if vocabulary is None:
            return True
        return all(vocabulary.sees(position.turn, lang, word)
                   for word, lang in words_of(position.board, move, self.ruleset))


def words_of(board: Board, move: Move, ruleset: Ruleset) -> list[tuple[str, str]]:
    """Each word ``move`` forms, as ``(faces joined, language)``: the main word, then the cross words.

    In an ordinary game every word is in the board's language; in Polyglot each has the move's
    designation (the main word the default, a cross word its override when it has one).

    >>> from lexc import Catalog
    >>> std = Catalog.shipped().ruleset("standard")
    >>> board = Board.empty(std).apply(__import__("lexc").parse_play("8H QI"))
    >>> move = Move(8, 8, True, (("T", False, True), ("A", False, True)), 0)
    >>> words_of(board, move, std)
    [('TA', 'en'), ('IT', 'en')]
    """
    langs = move.langs
    default = langs.default or ruleset.tiles
    words = [("".join(face for face, _, _ in move.cells), default)]
    dr, dc = (0, 1) if move.across else (1, 0)
    for i, (face, _, new) in enumerate(move.cells):
        if not new:
            continue
        row, col = move.row + dr * i, move.col + dc * i
        r, c = row, col  # the cross word runs the other way: steps of (dc, dr)
        while r - dc >= 0 and c - dr >= 0 and board[r - dc, c - dr] is not None:
            r, c = r - dc, c - dr
        sr, sc = r, c
        faces = []
        while r < board.rows and c < board.cols:
            if (r, c) == (row, col):
                faces.append(face)
            else:
                tile = board[r, c]
                if tile is None:
                    break
                faces.append(tile.face)
            r, c = r + dc, c + dr
        if len(faces) > 1:
            position = format_position(sr, sc, not move.across)
            word = "".join(faces)
            words.append((word, langs.lang_of(position, word) or default))
    return words
