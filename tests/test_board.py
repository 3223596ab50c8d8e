"""The board: an immutable value; plays laid on it square by square."""

from __future__ import annotations

import pytest

from lexc.catalog import Catalog
from lexc.engine.board import Board
from lexc.engine.notation import BoardTile, parse_play
from lexc.errors import LexcError

CATALOG = Catalog.shipped()

STD = CATALOG.ruleset("standard")


def test_apply_returns_a_new_board():
    empty = Board.empty(STD)
    board = empty.apply(parse_play("8D QUITE"))
    assert empty.is_empty and not board.is_empty
    assert board[7, 3] == BoardTile("Q") and board[7, 7] == BoardTile("E") and board[7, 8] is None
    assert board[-1, 0] is None and board[15, 15] is None
    assert [(p.row, p.col) for p in board.last] == [(7, c) for c in range(3, 8)]
    assert len(list(board.tiles())) == 5


def test_down_plays_blanks_and_through_squares():
    board = Board.empty(STD).apply(parse_play("8D QUITE")).apply(parse_play("E4 RECO(U)NTs"))
    assert "".join(board[r, 4].face for r in range(3, 11)) == "RECOUNTS"
    assert board[10, 4] == BoardTile("S", blank=True)
    assert [(p.row, p.col) for p in board.last] == [(3, 4), (4, 4), (5, 4), (6, 4), (8, 4), (9, 4), (10, 4)]
    assert board.row_text(10) == "....s.........."


def test_plays_that_do_not_fit():
    board = Board.empty(STD).apply(parse_play("8D QUITE"))
    with pytest.raises(LexcError, match="off the 15×15 board"):
        board.apply(parse_play("8M QUITE"))
    with pytest.raises(LexcError, match="H8 holds E, not A"):
        board.apply(parse_play("8D (QUITA)S"))
    with pytest.raises(LexcError, match="no tile on I8"):
        board.apply(parse_play("8D QUITE."))
    with pytest.raises(LexcError, match="places no tile"):
        board.apply(parse_play("8D QUITE"))


def test_native_tiles_on_one_square():
    es = STD.with_tiles(CATALOG.language("es"))
    board = Board.empty(es).apply(parse_play("8E CHURRO", CATALOG.spec("es")))
    assert board[7, 4] == BoardTile("CH") and board[7, 6] == BoardTile("RR")
    assert board.row_text(7) == "....[CH]U[RR]O......."


def test_bigger_boards():
    board = Board.empty(CATALOG.ruleset("super")).apply(parse_play("U1 ZA"))
    assert board.rows == 21 and board[0, 20] == BoardTile("Z") and board[1, 20] == BoardTile("A")
