"""Rulesets: shipped layouts and rules, and clear errors for bad files."""

from __future__ import annotations

from collections import Counter

import pytest

from lexc.catalog import Catalog
from lexc.errors import LexcError

CATALOG = Catalog.shipped()


def squares(ruleset):
    return Counter("".join(ruleset.premiums))


def test_shipped_rulesets():
    assert CATALOG.ruleset_names() == ["dover", "hong-kong", "polyglot", "standard", "super", "super-catalan",
                                       "tournament"]


def test_standard_layout_as_the_article_describes(shared_dir):
    article = (shared_dir / "reference" / "scrabble-encyclopedia-article.txt").read_text(encoding="utf-8")
    assert 'eight dark red "triple-word" squares, 17 pale red "double-word" squares' in article
    assert '12 dark blue "triple-letter" squares, and 24 pale blue "double-letter" squares' in article
    std = CATALOG.ruleset("standard")
    counts = squares(std)
    assert (counts["T"], counts["D"], counts["t"], counts["d"]) == (8, 17, 12, 24)
    assert std.centre == (7, 7) and std.premium(7, 7) == (1, 2)  # the centre star is a DW (H8)
    assert std.premium(7, 3) == (2, 1) and std.premium(7, 0) == (1, 3)  # 8D DL, 8A TW (the worked example)


@pytest.mark.parametrize("name", ["standard", "tournament", "polyglot", "dover", "super"])
def test_layouts_are_symmetric(name):
    rs = CATALOG.ruleset(name)
    for r in range(rs.rows):
        for c in range(rs.cols):
            assert rs.premiums[r][c] == rs.premiums[c][r] == rs.premiums[rs.rows - 1 - r][c]


def test_tournament_and_polyglot_rules():
    assert CATALOG.ruleset("tournament").end_game == "tournament"
    assert CATALOG.ruleset("tournament").premiums == CATALOG.ruleset("standard").premiums
    pg = CATALOG.ruleset("polyglot")
    assert pg.polyglot is not None and pg.polyglot.rack_values == "en" and pg.polyglot.face_down is False
    assert pg.rack_lang == "en" and CATALOG.ruleset("standard").polyglot is None


def test_dover():
    dover, std = CATALOG.ruleset("dover"), CATALOG.ruleset("standard")
    assert dover.size == (21, 21) and dover.rack_size == 8 and dict(dover.bonuses) == {6: 20, 7: 50, 8: 80}
    assert dover.min_word == 3 and dover.inner == (3, 3, 17, 17) and dover.centre == (10, 10)
    # The standard board inside three premium-free rows on each side.
    assert [row[3:18] for row in dover.premiums[3:18]] == list(std.premiums)
    outer = [dover.premiums[r][c] for r in range(21) for c in range(21) if not dover.in_inner(r, c)]
    assert set(outer) == {"."} and len(outer) == 21 * 21 - 15 * 15


def test_super_scrabble():
    sup = CATALOG.ruleset("super")
    assert sup.size == (21, 21) and sup.centre == (10, 10)
    counts = squares(sup)
    assert (counts["Q"], counts["q"]) == (4, 8)
    assert sup.premium(0, 0) == (1, 4) and sup.premium(2, 5) == (4, 1)
    bag = sup.bag()
    assert sum(bag.values()) == 200 and bag["?"] == 4
    assert (bag["E"], bag["A"], bag["O"], bag["Q"], bag["Z"]) == (24, 16, 15, 2, 2)
    assert sum(CATALOG.ruleset("standard").bag().values()) == 100


def test_with_tiles():
    es = CATALOG.ruleset("standard").with_tiles(CATALOG.language("es"))
    assert es.tiles == "es" and es.bag()["CH"] == 1 and sum(es.bag().values()) == 100
    with pytest.raises(LexcError, match="unknown language"):
        CATALOG.ruleset("standard").with_tiles(CATALOG.language("xx"))


def test_unknown_ruleset():
    with pytest.raises(LexcError, match="unknown ruleset 'nonesuch'"):
        CATALOG.ruleset("nonesuch")


def test_bad_ruleset_names_line_and_key(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text('name = "bad"\nrack_size = 7\ncentre = "Z99"\n\n[bonuses]\n7 = "fifty"\n\n'
                    '[end_game]\nrule = "sudden"\n\n[board]\nlayout = ["..x", "..."]\n', encoding="utf-8")
    with pytest.raises(LexcError) as err:
        CATALOG.ruleset(path)
    text = str(err.value)
    assert f"{path}:3: centre:" in text and "off the" in text
    assert f"{path}:6: bonuses.7:" in text
    assert f"{path}:9: end_game.rule: must be one of standard, tournament, not 'sudden'" in text
    assert "row 1 has 3 squares" not in text and "unknown square symbol(s) 'x'" in text


def test_malformed_toml(tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text('name = "x"\nrack_size = \n', encoding="utf-8")
    with pytest.raises(LexcError, match="malformed TOML"):
        CATALOG.ruleset(path)


def test_lexc_rulesets_command():
    import json

    from typer.testing import CliRunner

    from lexc.cli import app

    text = CliRunner().invoke(app, ["rulesets"])
    assert text.exit_code == 0 and text.output.splitlines()[0].startswith("dover       21×21 rack 8")
    data = json.loads(CliRunner().invoke(app, ["rulesets", "--json"]).output)
    assert [r["name"] for r in data] == CATALOG.ruleset_names()
    assert data[0]["bonuses"] == {"6": 20, "7": 50, "8": 80} and len(data[0]["premiums"]) == 21


def test_the_ruleset_help_names_every_shipped_ruleset():
    """`--ruleset` help (one text, lexc.cli.common.RULESETS_HELP) lists exactly the files of rulesets/."""
    from lexc.cli.common import RULESETS_HELP
    from lexc.paths import shipped_dir

    shipped = {path.stem for path in shipped_dir("rulesets").glob("*.toml")}
    assert set(RULESETS_HELP.split(", ")) == shipped
