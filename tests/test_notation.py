"""Play notation: GCG positions and words, blanks, played-through letters, multi-letter tiles, languages."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lexc.catalog import Catalog
from lexc.engine.notation import (
    BoardTile,
    Languages,
    Through,
    format_position,
    parse_langs,
    parse_play,
    parse_position,
    parse_rack,
)
from lexc.errors import LexcError

CATALOG = Catalog.shipped()


@pytest.mark.parametrize(("text", "expected"), [
    ("8D", (7, 3, True)), ("D8", (7, 3, False)), ("8d", (7, 3, True)), ("d8", (7, 3, False)),
    ("1A", (0, 0, True)), ("O15", (14, 14, False)), ("21U", (20, 20, True)), ("K11", (10, 10, False)),
])
def test_positions(text, expected):
    assert parse_position(text) == expected
    assert format_position(*expected) == text.upper()


@pytest.mark.parametrize("text", ["8", "DD", "88", "0D", "D0", "8D8", "#8", ""])
def test_bad_positions(text):
    with pytest.raises(LexcError, match="position"):
        parse_position(text)


def test_gcg_examples():
    # The dialects of docs/gcg notes: '.', letters in parentheses, lower-case blanks.
    vary = parse_play("H4 VARY.NG")
    assert (vary.row, vary.col, vary.across) == (3, 7, False)
    assert isinstance(vary.cells[4], Through) and vary.cells[4].face is None
    assert vary.tiles_played == 6 and vary.word == "VARY.NG"
    estival = parse_play("L6 ESTIvAL")
    assert estival.cells[4] == BoardTile("V", blank=True) and str(estival) == "L6 ESTIvAL"
    mes = parse_play("8A MES(QUITE)")
    assert [c.face for c in mes.cells[3:]] == list("QUITE")
    assert all(isinstance(c, Through) for c in mes.cells[3:]) and mes.tiles_played == 3
    assert str(mes) == "8A MES(QUITE)" and str(parse_play("E4 RECO(UN)TS")) == "E4 RECO(UN)TS"


def test_placements_follow_the_direction():
    play = parse_play("D7 Q(U)IT")
    assert [(p.row, p.col, p.tile.face) for p in play.placements()] == [(6, 3, "Q"), (8, 3, "I"), (9, 3, "T")]


def test_multi_letter_tiles_by_face_or_bracket():
    es = CATALOG.spec("es")
    by_face = parse_play("8E CHURRO", es)
    assert [str(c) for c in by_face.cells] == ["[CH]", "U", "[RR]", "O"]
    assert parse_play("8E [CH]U[RR]O", es) == by_face
    assert str(parse_play("8E [ch]URRO", es).cells[0]) == "[ch]"
    ca = CATALOG.spec("ca")
    assert [c.face for c in parse_play("8E COL·LA", ca).cells] == ["C", "O", "L·L", "A"]
    # Without a tile set every letter is one tile; brackets still make one tile.
    assert [c.face for c in parse_play("8E [CH]ICO").cells] == ["CH", "I", "C", "O"]


def test_native_letters_of_other_scripts():
    ru = CATALOG.spec("ru")
    play = parse_play("8E ЩИ", ru)
    assert [c.face for c in play.cells] == ["Щ", "И"]
    assert parse_play("8E щИ", ru).cells[0] == BoardTile("Щ", blank=True)


@pytest.mark.parametrize(("text", "column", "what"), [
    ("8D QU1TE", 6, "unexpected character '1'"),
    ("8D QUI?E", 7, "lower case"),
    ("8D MES(QUITE", 12, "without ')'"),
    ("8D MESQUITE)", 12, "without '('"),
    ("8D (QUITE)", 4, "places no tile"),
    ("8D QUITE extra", 10, "a language designation"),
    ("8D QUITE @fr xx", 14, "after the play"),
    ("8D QUITE @FR", 11, "not a language code"),
    ("8D QUITE @fr,H7", 14, "WORD=lang"),
    ("8D [1]Z", 4, "is not a tile"),
    ("Z 8D", 1, "bad position"),
    ("8D", 1, "POSITION WORD"),
])
def test_errors_name_the_column(text, column, what):
    with pytest.raises(LexcError) as err:
        parse_play(text, source="game.gcg", line=3)
    problem = err.value.problems[0]
    assert problem.key == f"column {column}", str(err.value)
    assert what in problem.message
    assert str(problem).startswith("game.gcg:3: column")


def test_tiles_outside_the_set():
    with pytest.raises(LexcError, match="'W' is not a tile of the Catalan set"):
        parse_play("8E WOK", CATALOG.spec("ca"))


def test_language_designations():
    langs = parse_langs("@fr,H7=en,qi=de,8d=es")
    assert langs == Languages("fr", (("H7", "en"), ("QI", "de"), ("8D", "es")))
    assert str(langs) == "@fr,H7=en,QI=de,8D=es"
    assert langs.lang_of("H7", "ANY") == "en" and langs.lang_of("F8", "QI") == "de"
    assert langs.lang_of("8D", "WHISKY") == "es" and langs.lang_of("9A", "OTHER") == "fr"
    no_default = parse_langs("@,QI=en")
    assert no_default.default is None and no_default.lang_of("D8", "QI") == "en"
    assert parse_langs("fr,H7=en") == parse_langs("@fr,H7=en")  # as in a GCG '#note lang: ...' line
    play = parse_play("8D WHISKY @fr,H7=en")
    assert str(play) == "8D WHISKY @fr,H7=en" and parse_play(str(play)) == play


def test_racks():
    assert parse_rack("AEIQTU?") == ("A", "E", "I", "Q", "T", "U", "?")
    assert parse_rack("A[CH]?RR", CATALOG.spec("es")) == ("A", "CH", "?", "RR")
    with pytest.raises(LexcError, match="'\\?' for a blank"):
        parse_rack("Aa")


tiles = st.one_of(
    st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
    st.sampled_from("abcdefghijklmnopqrstuvwxyz"),
    st.just("."),
    st.text("ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=1, max_size=3).map(lambda t: f"({t})"),
)


@given(st.lists(tiles, min_size=1, max_size=12).filter(lambda ts: any(len(t) == 1 and t != "." for t in ts)),
       st.integers(1, 15), st.integers(0, 14), st.booleans())
def test_notation_round_trips(parts, row, col, across):
    word = "".join(parts).replace(")(", "")
    position = format_position(row - 1, col, across)
    play = parse_play(f"{position} {word}")
    assert parse_play(str(play)) == play
    assert play.tiles_played == sum(1 for c in play.cells if isinstance(c, BoardTile))
