"""The languages and rulesets of issue 21: Danish, Estonian, Latvian, Lithuanian (two editions), Malay and
Nynorsk with official sets; Faroese, Basque, Irish and Esperanto unofficial (one source, or sources that conflict);
Hong Kong English (9-tile racks) and Super Catalan (200 tiles). Facts from the sources each spec names."""

from __future__ import annotations

import pytest

from lexc.catalog import Catalog
from lexc.engine.board import Board
from lexc.engine.notation import parse_play
from lexc.engine.scoring import score_play
from lexc.lexicon.compiler import compile_words

CATALOG = Catalog.shipped()


def test_danish_set_as_xanado_and_scrabbler_give_it():
    da = CATALOG.spec("da")
    assert (da.total_tiles, da.blanks, da.official) == (100, 2, True)
    assert {f: da.points(f) for f in ("Æ", "Ø", "Å", "C", "X", "Z")} == {"Æ": 4, "Ø": 4, "Å": 4, "C": 8, "X": 8,
                                                                         "Z": 8}
    assert "Q" not in da.by_face and "W" not in da.by_face
    assert CATALOG.normaliser("da").spell("blåbær").board == "BLABAER"


def test_baltic_sets():
    assert [CATALOG.spec(code).total_tiles for code in ("et", "lv", "lt")] == [102, 104, 104]
    assert CATALOG.spec("et").points("Õ") == 4 and CATALOG.spec("et").points("Š") == 10
    lv = CATALOG.spec("lv")
    assert (lv.points("Ā"), lv.points("Ķ"), lv.points("Ļ")) == (2, 10, 8)


def test_lithuanian_has_two_editions_that_disagree():
    lt = CATALOG.spec("lt")
    original = CATALOG.with_editions({"lt": "original"}).language("lt").spec
    assert (lt.points("Ą"), lt.points("Ę"), lt.points("C")) == (8, 10, 10)
    assert (original.points("Ą"), original.points("Ę"), original.points("C")) == (1, 2, 7)
    assert original.total_tiles == lt.total_tiles == 104
    differ = [t.face for t in lt.tiles if (t.count, t.points) != (original.by_face[t.face].count,
                                                                    original.points(t.face))]
    assert len(differ) == 27  # shared/notes/anchors-3.md: "27 letters differ"


def test_malay_and_nynorsk():
    ms = CATALOG.spec("ms")
    assert (ms.total_tiles, ms.by_face["A"].count, ms.points("F")) == (100, 19, 10)
    nn, nb = CATALOG.spec("nn"), CATALOG.spec("nb")
    assert [(t.face, t.count, t.points) for t in nn.tiles] == [(t.face, t.count, t.points) for t in nb.tiles]


@pytest.mark.parametrize("code", ["fo", "eu", "ga", "eo"])
def test_unofficial_sets_score_in_english_values(code):
    spec = CATALOG.spec(code)
    assert not spec.official and spec.single_source and len(spec.sources) == 1
    pg = CATALOG.ruleset("polyglot")
    word = score_play(Board.empty(pg), parse_play(f"8H TAR @{code}", pg.spec), pg, catalog=CATALOG).words[0]
    assert word.subtotal == (1 + 1 + 1) * 2  # T, A, R at their English values, the centre doubling


def test_esperanto_has_its_six_marked_letters_as_tiles_and_spells_them_by_their_base_letters():
    eo = CATALOG.spec("eo")
    assert (eo.total_tiles, eo.blanks, eo.official) == (100, 2, False)
    # Xanado's Esperanto_Scrabble.json: Ĉ 4×2, Ĝ 3×2, Ĥ 10×1, Ĵ 10×1, Ŝ 4×1, Ŭ 8×1; no Q, W, X or Y tile
    assert {f: (eo.by_face[f].count, eo.points(f)) for f in "ĈĜĤĴŜŬ"} == {
        "Ĉ": (2, 4), "Ĝ": (2, 3), "Ĥ": (1, 10), "Ĵ": (1, 10), "Ŝ": (1, 4), "Ŭ": (1, 8)}
    assert not set("QWXY") & set(eo.by_face)
    spelled = CATALOG.normaliser("eo").spell("ĉiuĵaŭde")
    assert spelled.board == "CIUJAUDE" and [t.face for t in spelled.tiles] == ["Ĉ", "I", "U", "Ĵ", "A", "Ŭ", "D", "E"]


def test_basque_digraph_tiles_in_a_basque_game(tmp_path):
    eu = CATALOG.language("eu")
    assert set(eu.spec.multi_letter_faces) == {"RR", "TS", "TX", "TZ"}
    spelled = eu.normaliser().spell("etxe")
    assert [t.face for t in spelled.tiles] == ["E", "TX", "E"]


def test_hong_kong_english_has_nine_tile_racks_and_107_tiles():
    hk = CATALOG.ruleset("hong-kong")
    bag = hk.bag()
    assert (hk.rack_size, sum(bag.values()), bag["?"]) == (9, 107, 4)
    assert all(bag[letter] == 2 for letter in "JKQXZ") and bag["E"] == 12
    assert (hk.bonus(9), hk.bonus(7)) == (50, 0)


def test_a_nine_tile_play_in_hong_kong_english(tmp_path):
    catalog = Catalog.shipped(packs=tmp_path)
    compile_words(catalog.language("en"), ["carpenter"], tmp_path / "en.lexc")
    hk = catalog.ruleset("hong-kong")
    result = score_play(Board.empty(hk), parse_play("8D CARPENTER", hk.spec), hk, catalog=catalog,
                        lexicons=catalog.lexicons(["en"]))
    # C3 A1 R1 P3 E1 N1 T1 E1 R1 from 8D to 8L: D8 DL (C 6), H8 DW, L8 DL (R 2): (6+1+1+3+1+1+1+1+2) x 2 + 50
    assert result.score == 17 * 2 + 50 and result.words[0].valid is True


def test_super_catalan_has_its_own_values_and_200_tiles():
    sc = CATALOG.ruleset("super-catalan")
    bag = sc.bag()
    assert (sc.rows, sc.cols, sum(bag.values()), bag["?"]) == (21, 21, 200, 5)
    assert (sc.spec.points("L·L"), sc.spec.points("Ç"), sc.spec.points("NY")) == (15, 12, 10)
    assert (bag["A"], bag["E"], bag["L·L"]) == (25, 27, 1)
    assert CATALOG.spec("ca").points("L·L") == 10  # the standard Catalan set is unchanged
