"""The board: an immutable grid of placed tiles on a ruleset's layout.

>>> from lexc.engine.notation import parse_play
>>> from lexc import Catalog
>>> catalog = Catalog.shipped()
>>> board = Board.empty(catalog.ruleset("standard")).apply(parse_play("8D QUITE"))
>>> board[7, 3], board[7, 2], board.is_empty
(BoardTile(face='Q', blank=False), None, False)
>>> print(board.apply(parse_play("8A MES(QUITE)")).row_text(7))
MESQUITE.......

A board is a value: :meth:`Board.apply` returns a new board and leaves the old one as it was.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from lexc.engine.notation import BoardTile, Placement, Play, Through, square_name
from lexc.engine.ruleset import Ruleset
from lexc.errors import NotationError, Problem


@dataclass(frozen=True, slots=True)
class Board:
    """Tiles on the squares of ``ruleset``'s board, row by row; ``last`` is the last play's placements.

    Two boards are equal when they are the same position: the same ruleset and the same tiles on
    the same squares. ``last`` is kept beside the position (to show the last play), as a chess
    board keeps its move stack, and takes no part in equality or hashing:

    >>> from lexc.engine.notation import parse_play
    >>> std = Board.empty(catalog.ruleset("standard"))
    >>> one = std.apply(parse_play("8D QI")).apply(parse_play("9E AN"))
    >>> other = std.apply(parse_play("9E AN")).apply(parse_play("8D QI"))
    >>> one == other, hash(one) == hash(other), one.last == other.last
    (True, True, False)
    """

    ruleset: Ruleset
    squares: tuple[BoardTile | None, ...]
    last: tuple[Placement, ...] = field(default=(), compare=False)

    @classmethod
    def empty(cls, ruleset: Ruleset) -> Board:
        """The empty board of ``ruleset``."""
        return cls(ruleset, (None,) * (ruleset.rows * ruleset.cols))

    @property
    def rows(self) -> int:
        return self.ruleset.rows

    @property
    def cols(self) -> int:
        return self.ruleset.cols

    def __getitem__(self, square: tuple[int, int]) -> BoardTile | None:
        row, col = square
        if not (0 <= row < self.ruleset.rows and 0 <= col < self.ruleset.cols):
            return None
        return self.squares[row * self.ruleset.cols + col]

    @property
    def is_empty(self) -> bool:
        """Whether no tile has been played."""
        return not any(self.squares)

    def tiles(self) -> Iterator[tuple[int, int, BoardTile]]:
        """Every tile on the board: ``(row, col, tile)``."""
        cols = self.ruleset.cols
        for index, tile in enumerate(self.squares):
            if tile is not None:
                yield index // cols, index % cols, tile

    def placements(self, play: Play) -> tuple[Placement, ...]:
        """The tiles ``play`` places on this board, checked against it.

        A letter written on an occupied square holding the same tile is read as played
        through (older GCG files write such letters instead of ``.``). Raises
        :class:`~lexc.errors.NotationError` when the play cannot be laid: off the board, a ``.`` or a
        parenthesised letter on an empty square, or a tile on a square holding another.
        """
        placed: list[Placement] = []
        rows, cols, squares = self.ruleset.rows, self.ruleset.cols, self.squares
        row, col = play.row, play.col
        dr, dc = (0, 1) if play.across else (1, 0)
        end_row, end_col = row + dr * (len(play.cells) - 1), col + dc * (len(play.cells) - 1)
        if not (0 <= row < rows and 0 <= col < cols) or not (end_row < rows and end_col < cols):
            row, col = (row, col) if not (0 <= row < rows and 0 <= col < cols) else (end_row, end_col)
            raise _error(play, f"{_name(row, col)} is off the {rows}×{cols} board")  # before any square's content
        for cell in play.cells:
            if not (0 <= row < rows and 0 <= col < cols):
                raise _error(play, f"{_name(row, col)} is off the {rows}×{cols} board")
            here = squares[row * cols + col]
            if isinstance(cell, Through):
                if here is None:
                    raise _error(play, f"no tile on {square_name(row, col)} to play through")
                if cell.face is not None and cell.face != here.face:
                    raise _error(play, f"{square_name(row, col)} holds {here}, not {cell.face}")
            elif here is not None:
                if here.face != cell.face:
                    raise _error(play, f"{square_name(row, col)} already holds {here}")
            else:
                placed.append(_new(Placement, (row, col, cell)))
            row, col = row + dr, col + dc
        if not placed:
            raise _error(play, "the play places no tile")
        return tuple(placed)

    def place(self, placements: tuple[Placement, ...]) -> Board:
        """A new board with ``placements`` added (not checked: use :meth:`apply`)."""
        squares = list(self.squares)
        cols = self.ruleset.cols
        for p in placements:
            squares[p.row * cols + p.col] = p.tile
        return Board(self.ruleset, tuple(squares), placements)

    def apply(self, play: Play) -> Board:
        """The board after ``play`` (legality is :func:`lexc.engine.scoring.score_play`'s business)."""
        return self.place(self.placements(play))

    def row_text(self, row: int) -> str:
        """One row as text: tiles in notation, ``.`` for an empty square."""
        return "".join("." if (t := self[row, c]) is None else str(t) for c in range(self.ruleset.cols))

    def __str__(self) -> str:
        return "\n".join(self.row_text(r) for r in range(self.ruleset.rows))

    def to_json(self) -> dict[str, object]:
        return {"ruleset": self.ruleset.name, "rows": [self.row_text(r) for r in range(self.ruleset.rows)]}


#: Builds a named tuple without the Python-level ``__new__`` (the hot path).
_new = tuple.__new__


def _name(row: int, col: int) -> str:
    return square_name(row, col) if 0 <= col < 26 else f"row {row + 1}, column {col + 1}"


def _error(play: Play, message: str) -> NotationError:
    return NotationError(Problem(None, None, str(play), message))
