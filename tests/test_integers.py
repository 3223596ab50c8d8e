"""One reader of integers in every input (issue 27, class 7): ASCII digits only, with bounds.

``int`` reads ``８`` (fullwidth) and ``٣`` (Arabic-Indic) as 8 and 3, and ``str.isdigit`` takes ``²``,
which ``int`` then refuses with a traceback; a 5,000-digit number is past ``int``'s own limit. Every
number lexc reads from a file, a command line or a web request goes through
:func:`lexc.inputs.whole_number`. The command-line cases are in the gallery (tests/gallery/cases.toml,
"numbers"); these are the library and the web.
"""

from __future__ import annotations

import pytest
from test_game import LEXICONS, new  # type: ignore[import-not-found]  # tests/ is on sys.path

from lexc.engine.notation import parse_position
from lexc.errors import LexcError
from lexc.game import Setup
from lexc.game.store import create, load
from lexc.inputs import read_number, whole_number
from lexc.lexicon.hunspell import AffixFile, compound_cuts

ODD = ["²", "８", "٣", "١٢", "1_000", " 7", "+7", "7.0", "", "9" * 5000]


@pytest.mark.parametrize("text", ODD)
def test_only_ascii_digits_within_bounds_are_numbers(text):
    assert whole_number(text, most=10**6) is None
    with pytest.raises(LexcError, match="in ASCII digits"):
        read_number(text, "a count", most=10**6)


def test_bounds_and_leading_zeros():
    assert whole_number("0007", most=7) == 7 and whole_number("8", most=7) is None
    assert whole_number("-9223372036854775808", least=-(2**63), most=2**63 - 1) == -(2**63)
    assert whole_number("9223372036854775808", least=-(2**63), most=2**63 - 1) is None
    assert whole_number("-1", most=5) is None  # no sign unless the bounds allow one


@pytest.mark.parametrize("position", ["８D", "٣D", "D٣", "D²", "1٥A"])
def test_a_position_in_other_digits_is_refused(position):
    with pytest.raises(LexcError, match="bad position"):
        parse_position(position)
    assert parse_position("8D") == (7, 3, True)


@pytest.mark.parametrize("count", ["²", "８", "٣", "0", "8", "9" * 5000])
def test_an_exchange_count_is_one_to_a_rack(count):
    with pytest.raises(LexcError, match=r"is not a number of tiles: write a whole number from 1 to 7"):
        new(ruleset="polyglot").exchange(count)
    assert new(ruleset="polyglot").exchange("3").record.events[0].count == 3


def test_a_seed_is_a_64_bit_whole_number(tmp_path):
    with pytest.raises(LexcError, match="a seed is a whole number from -9,223,372,036,854,775,808"):
        Setup.new(["ann", "bob"], catalog=LEXICONS.catalog, seed=2**64)
    path = tmp_path / "g.gcg"
    create(new(ruleset="polyglot", seed=2**63 - 1), path)  # the largest is written and read back
    assert load(path, LEXICONS).setup.seed == 2**63 - 1


def test_hunspell_alias_indices_and_hyphenation_cuts_are_ascii():
    aff = AffixFile.parse(["AF 1", "AF A", "SFX A Y 1", "SFX A 0 s ."], "x.aff")
    assert aff.split_flags("1", "x.dic", 2) == ("A",)
    with pytest.raises(LexcError, match=r"x\.dic:2: ٣: '٣' is not a flag alias number"):
        aff.split_flags("٣", "x.dic", 2)
    assert compound_cuts("rajzszeg", "²") == () and compound_cuts("rajzszeg", "4") == (4,)


def test_the_web_answers_400_for_a_game_file_with_a_5000_digit_seed(tmp_path):
    pytest.importorskip("starlette")

    from test_web import served  # type: ignore[import-not-found]  # tests/ is on sys.path

    games = tmp_path / "games"
    games.mkdir()
    create(new(ruleset="polyglot", seed=7), games / "big.gcg")
    path = games / "big.gcg"
    path.write_text(path.read_text(encoding="utf-8").replace("seed 7", "seed " + "9" * 5000), encoding="utf-8")
    http = served(games, LEXICONS, raise_server_exceptions=False)
    shown = http.get("/api/games/big")
    assert shown.status_code == 400, shown.text
    assert "#note deal: '999999999999'... (5,000 characters) is not a seed" in shown.json()["error"]
    moved = http.post("/api/games/big/move", json={"action": "pass"})
    assert moved.status_code == 400 and "is not a seed" in moved.json()["error"]
    create(new(ruleset="polyglot"), games / "table.gcg")
    version = http.get("/api/games/table").json()["version"]
    for tiles in ("٣", "８", "²"):
        refused = http.post("/api/games/table/move", json={"action": "exchange", "tiles": tiles, "version": version})
        assert refused.status_code == 400 and "is not a number of tiles" in refused.json()["error"]
