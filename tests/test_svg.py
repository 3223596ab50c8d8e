"""SVG boards: well-formed XML with every square, every tile and the last play highlighted."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from lexc.catalog import Catalog
from lexc.engine.board import Board
from lexc.engine.notation import parse_play
from lexc.engine.svg import board_svg, write_svg
from lexc.errors import LexcError

CATALOG = Catalog.shipped()

NS = {"svg": "http://www.w3.org/2000/svg"}


def worked_board():
    board = Board.empty(CATALOG.ruleset("standard"))
    for text in ["8D QUITE", "8A MES(QUITE)", "9D INFaNCY"]:
        board = board.apply(parse_play(text))
    return board


def test_squares_tiles_and_last_play(tmp_path):
    path = tmp_path / "board.svg"
    write_svg(path, board_svg(worked_board(), title="worked example"))
    root = ET.parse(path).getroot()
    rects = root.findall(".//svg:rect[@data-square]", NS)
    assert len(rects) == 225
    kinds = [r.get("class").split()[1] for r in rects]
    assert (kinds.count("tw"), kinds.count("dw"), kinds.count("tl"), kinds.count("dl")) == (8, 17, 12, 24)
    assert next(r for r in rects if r.get("data-square") == "A1").get("class") == "square tw"
    tiles = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if "tile" in (g.get("class") or "").split()]
    assert len(tiles) == 15
    last = {g.get("data-square") for g in tiles if "last" in g.get("class").split()}
    assert last == {"D9", "E9", "F9", "G9", "H9", "I9", "J9"}
    q = next(g for g in tiles if g.get("data-square") == "D8")
    assert [t.text for t in q.findall("svg:text", NS)] == ["Q", "10"]
    blank = next(g for g in tiles if g.get("data-square") == "G9")
    assert "blank" in blank.get("class") and [t.text for t in blank.findall("svg:text", NS)] == ["a", "0"]


def test_super_board_and_native_tiles():
    root = ET.fromstring(board_svg(Board.empty(CATALOG.ruleset("super"))))
    rects = root.findall(".//svg:rect[@data-square]", NS)
    assert len(rects) == 441 and sum("qw" in r.get("class") for r in rects) == 4
    es = CATALOG.ruleset("standard").with_tiles(CATALOG.language("es"))
    board = Board.empty(es).apply(parse_play("8E CHURRO", CATALOG.spec("es")))
    root = ET.fromstring(board_svg(board))
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "CH" in texts and "RR" in texts and "8" in texts


def test_write_is_atomic_and_reports_errors(tmp_path):
    with pytest.raises(LexcError, match="cannot write"):
        write_svg(tmp_path / "missing" / "board.svg", "<svg/>")
    assert list(tmp_path.iterdir()) == []


def test_dover_inner_board_is_outlined():
    root = ET.fromstring(board_svg(Board.empty(CATALOG.ruleset("dover"))))
    inner = root.findall(".//svg:rect[@class='inner']", NS)
    assert len(inner) == 1 and inner[0].get("width") == inner[0].get("height")
    d4 = next(r for r in root.findall(".//svg:rect[@data-square]", NS) if r.get("data-square") == "D4")
    assert (inner[0].get("x"), inner[0].get("y")) == (d4.get("x"), d4.get("y"))
    assert ET.fromstring(board_svg(Board.empty(CATALOG.ruleset("standard")))).findall(".//svg:rect[@class='inner']",
                                                                                    NS) == []
