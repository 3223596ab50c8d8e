"""Values are values: a board is its position, schemes hash, equal things hash alike (issue 23 item 6)."""

from __future__ import annotations

from lexc.catalog import Catalog
from lexc.engine.board import Board
from lexc.engine.notation import parse_play


def test_a_board_is_its_position():
    empty = Board.empty(Catalog.shipped().ruleset("standard"))
    one = empty.apply(parse_play("8D QUITE")).apply(parse_play("D7 A(Q)UA"))
    # the same tiles laid in another order: the same position, another last play
    first = empty.apply(parse_play("D7 AQUA")).apply(parse_play("8D (Q)UITE"))
    assert one == first and hash(one) == hash(first) and len({one, first}) == 1
    assert [(p.row, p.col) for p in one.last] != [(p.row, p.col) for p in first.last]
    assert str(one) == str(first)


def test_boards_differ_by_their_tiles_and_their_ruleset():
    catalog = Catalog.shipped()
    standard, polyglot = Board.empty(catalog.ruleset("standard")), Board.empty(catalog.ruleset("polyglot"))
    assert standard.apply(parse_play("8D QUITE")) != standard.apply(parse_play("8D QUIET"))
    assert standard.apply(parse_play("8D QUITE")) != standard.apply(parse_play("8D QUITe"))  # a blank is not an E
    assert standard != standard.apply(parse_play("8D QI"))
    assert standard.squares == polyglot.squares and standard != polyglot


def test_schemes_hash():
    catalog = Catalog.shipped()
    bgn, again = catalog.scheme("ru-bgn"), Catalog.shipped().scheme("ru-bgn")
    assert bgn == again and hash(bgn) == hash(again)
    assert {bgn: "Russian", catalog.scheme("he-full"): "Hebrew"}[again] == "Russian"
    assert len({bgn, again, catalog.scheme("he-full")}) == 2
