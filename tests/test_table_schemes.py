"""Schemes agreed at the table (Polyglot rule 3, DESIGN.md rule 9): a second Hebrew and Russian
scheme chosen per game, each with its own packs.

Scores are worked by hand from the official values (Hebrew: the Spear's/Mattel set, ע 5, ב 3,
ר י ת 1, א 2; Russian: Ё 3, Л 2, К 2, А 1) on the standard board: H8 is the centre double word,
L8 a double letter.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from lexc.catalog import Catalog
from lexc.cli import app
from lexc.engine.board import Board
from lexc.engine.notation import parse_play
from lexc.engine.scoring import score_play
from lexc.errors import LexcError
from lexc.language.scheme import check_against_spec
from lexc.lexicon.compiler import compile_words

CATALOG = Catalog.shipped()
FULL = CATALOG.with_schemes({"he": "he-full", "ru": "ru-yo"})
PG = CATALOG.ruleset("polyglot")
runner = CliRunner()


def score(catalog: Catalog, text: str, lexicons=None):
    return score_play(Board.empty(PG), parse_play(text), PG, catalog=catalog, lexicons=lexicons)


@pytest.mark.parametrize(("code", "name"), [("he", "he-full"), ("ru", "ru-yo")])
def test_the_second_schemes_cover_their_sets(code: str, name: str) -> None:
    spec = dataclasses.replace(CATALOG.spec(code), scheme=name)
    assert check_against_spec(spec, CATALOG.scheme_paths()[name]) == []
    assert name in CATALOG.schemes_for(code) and CATALOG.spec(code).scheme in CATALOG.schemes_for(code)


def test_alef_and_ayin_take_a_tile_under_he_full() -> None:
    academy, full = CATALOG.normaliser("he"), FULL.normaliser("he")
    assert (academy.spell("אבא").board, full.spell("אבא").board) == ("B", "ABA")  # no longer one tile
    assert (academy.spell("עברית").board, full.spell("עברית").board) == ("BRYT", "ABRYT")
    assert [(t.face, t.points, t.board) for t in full.spell("עברית").tiles][:2] == [("ע", 5, "A"), ("ב", 3, "B")]


def test_yo_under_ru_yo() -> None:
    assert (CATALOG.normaliser("ru").spell("ёлка").board, FULL.normaliser("ru").spell("ёлка").board) == (
        "YELKA", "YOLKA")
    assert FULL.normaliser("ru").spell("мёд").board == "MYOD"
    # Without a pack, YO reads as Ё under ru-yo: Ё (H8–I8) 3 + Л 2 + К 2 + А 1×2 (L8) = 9, ×2 = 18.
    yolka = score(FULL, "8H YOLKA @ru")
    assert yolka.words[0].native == "ЁЛКА" and yolka.score == 18


def test_the_same_hebrew_word_scores_and_lays_differently_under_two_schemes(tmp_path: Path) -> None:
    # עברית under he-academy is BRYT: ע is written as nothing and scores 0; ב (H8) 3 + ר 1 + י 1 + ת 1 = 6, ×2 = 12.
    # Under he-full it is ABRYT: ע (H8) 5 + ב 3 + ר 1 + י 1 + ת 1×2 (L8) = 12, ×2 = 24.
    academy_pack = tmp_path / "he.lexc"
    full_pack = FULL.with_packs(tmp_path).pack_path("he")
    assert full_pack.name == "he.he-full.lexc"
    compile_words(CATALOG.language("he"), ["עברית", "שבת"], academy_pack)
    compile_words(FULL.language("he"), ["עברית", "שבת"], full_pack)
    academy = CATALOG.with_packs(tmp_path)
    full = FULL.with_packs(tmp_path)
    bryt = score(academy, "8H BRYT @he", academy.lexicons(["he"]))
    abryt = score(full, "8H ABRYT @he", full.lexicons(["he"]))
    assert (bryt.score, bryt.words[0].native, bryt.words[0].valid) == (12, "עברית", True)
    assert (abryt.score, abryt.words[0].native, abryt.words[0].valid) == (24, "עברית", True)
    assert [t.value for t in abryt.words[0].tiles] == [5, 3, 1, 1, 2]
    # Each scheme's pack knows only its own board spellings.
    assert score(full, "8H BRYT @he", full.lexicons(["he"])).words[0].valid is False
    # Without the he-full pack, A reads as א (6 tiles to ע's 2): אברית, 2 + 3 + 1 + 1 + 1×2 = 9, ×2 = 18.
    assert score(FULL, "8H ABRYT @he").score == 18
    # A pack built under one scheme is refused under the other, naming the scheme to build the right one with.
    with pytest.raises(LexcError, match=r"built with scheme 'he-academy'.*build its pack with scheme he=he-full"):
        full.pack("he", academy_pack)


def test_scheme_option_on_score_check_build_and_replay(tmp_path: Path) -> None:
    compile_words(FULL.language("he"), ["עברית"], tmp_path / "he.he-full.lexc")
    scored = runner.invoke(app, ["score", "--ruleset", "polyglot", "8H ABRYT @he", "--scheme", "he=he-full",
                                 "--packs", str(tmp_path), "--json"])
    assert scored.exit_code == 0, scored.output
    data = json.loads(scored.stdout)
    assert data["score"] == 24 and data["words"][0]["valid"] is True and data["lexicons"] == ["he"]
    default = runner.invoke(app, ["score", "--ruleset", "polyglot", "8H ABRYT @he", "--packs", str(tmp_path),
                                  "--json"])
    assert json.loads(default.stdout)["words"][0]["valid"] is None  # he.lexc (he-academy) is not built
    checked = runner.invoke(app, ["check", "he", "עברית", "--scheme", "he=he-full", "--packs", str(tmp_path), "--json"])
    assert checked.exit_code == 0 and json.loads(checked.stdout)[0]["board"] == "ABRYT"
    bad = runner.invoke(app, ["score", "8H ABRYT @he", "--scheme", "he-full"])
    assert bad.exit_code == 1 and "write LANG=NAME" in bad.output
    wrong = runner.invoke(app, ["score", "8H ABRYT @he", "--scheme", "he=ru-yo"])
    assert wrong.exit_code == 1 and "scheme 'ru-yo' is for 'ru', not 'he'" in wrong.output
    game = tmp_path / "g.gcg"
    game.write_text("#character-encoding UTF-8\n#player1 a A\n#player2 b B\n>a: ABRYTEE 8H ABRYT +24 24\n"
                    "#note lang: he\n", encoding="utf-8")
    replayed = runner.invoke(app, ["replay", str(game), "--scheme", "he=he-full", "--packs", str(tmp_path), "--json"])
    assert replayed.exit_code == 0, replayed.output
    assert json.loads(replayed.stdout)[0]["mismatches"] == [] and json.loads(replayed.stdout)[0]["phonies"] == []


def test_a_game_record_names_its_schemes(tmp_path: Path) -> None:
    from lexc.records import gcg
    from lexc.records.replay import replay

    compile_words(FULL.language("he"), ["עברית"], tmp_path / "he.he-full.lexc")
    text = ("#character-encoding UTF-8\n#player1 a A\n#player2 b B\n#note scheme: he=he-full\n"
            ">a: ABRYTEE 8H ABRYT +24 24\n#note lang: he\n")
    game = tmp_path / "agreed.gcg"
    game.write_text(text, encoding="utf-8")
    record = gcg.read(game)
    assert record.schemes == {"he": "he-full"}
    catalog = CATALOG.with_packs(tmp_path)
    # The record's scheme applies without any option: ע on H8 is a tile (24), and the he-full pack is opened.
    result = replay(record, catalog, lexicons=catalog.with_schemes(record.schemes).lexicons(["he"]))
    assert result.mismatches == () and result.results[0] is not None
    assert (result.results[0].score, result.results[0].words[0].valid) == (24, True)
    replayed = runner.invoke(app, ["replay", str(game), "--packs", str(tmp_path), "--json"])
    assert replayed.exit_code == 0 and json.loads(replayed.stdout)[0]["mismatches"] == []
    # Under the default scheme (he-academy) the same record does not add up: no Hebrew letter is written A
    # there, so ABRYT is scored on the English board tiles, A 1 + B 3 + R 1 + Y 4 + T 1×2 (L8) = 11, ×2 = 22.
    plain = replay(gcg.parse(text.replace("#note scheme: he=he-full\n", "")), CATALOG)
    assert [(m.recorded, m.computed) for m in plain.mismatches] == [(24, 22)]
    bad = tmp_path / "bad.gcg"
    bad.write_text(text.replace("he=he-full", "he-full"), encoding="utf-8")
    with pytest.raises(LexcError, match="write LANG=NAME"):
        replay(gcg.read(bad), CATALOG)


def test_validate_checks_a_scheme_against_the_spec_of_its_language(tmp_path: Path) -> None:
    from lexc.language.validate import check_scheme_file

    assert check_scheme_file(CATALOG.scheme_paths()["he-full"], CATALOG).ok
    # A copy of he-full that forgets ע: fine on its own, but the Hebrew set has an ע tile.
    text = CATALOG.scheme_paths()["he-full"].read_text(encoding="utf-8").replace('"ע" = "A"\n', "")
    (tmp_path / "he-full.toml").write_text(text, encoding="utf-8")
    alone = check_scheme_file(tmp_path / "he-full.toml")
    against = check_scheme_file(tmp_path / "he-full.toml", CATALOG)
    assert alone.ok and not against.ok and "'ע'" in against.problems[0].message


def test_a_polyglot_ruleset_agrees_on_schemes(tmp_path: Path) -> None:
    # A club's ruleset: the shipped Polyglot rules with he-full agreed for Hebrew.
    text = (Path(CATALOG.ruleset_dirs[0]) / "polyglot.toml").read_text(encoding="utf-8")
    text = text.replace('face_down = false\n', 'face_down = false\nschemes = { he = "he-full" }\n')
    club = tmp_path / "club.toml"
    club.write_text(text.replace('name = "polyglot"', 'name = "club"'), encoding="utf-8")
    rules = CATALOG.ruleset(club)
    assert rules.polyglot is not None and rules.polyglot.schemes == (("he", "he-full"),)
    # No option, no pack: ABRYT is read under he-full, אברית 18 (under he-academy A is no Hebrew letter: 22).
    assert score_play(Board.empty(rules), parse_play("8H ABRYT @he"), rules, catalog=CATALOG).score == 18
    assert score(CATALOG, "8H ABRYT @he").score == 22
    compile_words(FULL.language("he"), ["עברית"], tmp_path / "he.he-full.lexc")
    scored = runner.invoke(app, ["score", "--ruleset", str(club), "8H ABRYT @he", "--packs", str(tmp_path), "--json"])
    assert scored.exit_code == 0, scored.output
    assert json.loads(scored.stdout)["score"] == 24 and json.loads(scored.stdout)["words"][0]["valid"] is True
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace('schemes = { he = "he-full" }', 'schemes = { he = "ru-yo" }'), encoding="utf-8")
    with pytest.raises(LexcError, match="scheme 'ru-yo' is for 'ru', not 'he'"):
        CATALOG.ruleset(bad)
