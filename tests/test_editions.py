"""Editions: a language with several official tile sets, chosen by name in rulesets, game records
and the CLI (docs/language-spec.md, docs/rulesets.md, docs/gcg.md).

Icelandic is the shipped case: Krafla (the Icelandic Scrabble association's set, the default),
the original set and Mattel's 2016 set, over the same 32 letters. Scores are worked by hand from
languages/is.toml on the standard board (D8 double letter, H8 the centre double word): HESTUR on
8D is 34 in Krafla (H 4 doubled, E 3, S 1, T 2, U 2, R 1, doubled), 22 in the original set and
26 in Mattel's 2016 set.
"""

from __future__ import annotations

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
from lexc.lexicon.compiler import compile_words
from lexc.records import gcg
from lexc.records.replay import record_editions, replay

CATALOG = Catalog.shipped()
GAME = Path(__file__).parent / "data" / "gcg" / "icelandic_krafla.gcg"
runner = CliRunner()
ICELANDIC_RULESET = """\
name = "islenska"
tiles = "is"
rack_size = 7
centre = "H8"
{extra}
[bonuses]
7 = 50
[board]
layout = [
  "T..d...T...d..T", ".D...t...t...D.", "..D...d.d...D..", "d..D...d...D..d", "....D.....D....",
  ".t...t...t...t.", "..d...d.d...d..", "T..d...D...d..T", "..d...d.d...d..", ".t...t...t...t.",
  "....D.....D....", "d..D...d...D..d", "..D...d.d...D..", ".D...t...t...D.", "T..d...T...d..T",
]
"""


def hestur(catalog: Catalog) -> int:
    ruleset = catalog.ruleset("standard").with_tiles(catalog.language("is"))
    return score_play(Board.empty(ruleset), parse_play("8D HESTUR", ruleset.spec), ruleset, catalog=catalog).score


def ruleset_file(tmp_path: Path, extra: str = "") -> Path:
    path = tmp_path / "islenska.toml"
    path.write_text(ICELANDIC_RULESET.format(extra=extra), encoding="utf-8")
    return path


def test_icelandic_has_three_sets_over_the_same_letters() -> None:
    spec = CATALOG.spec("is")
    assert spec.edition_names() == ("krafla", "mattel-2016", "original")
    sets = {name: spec.with_edition(name) for name in spec.edition_names()}
    assert {name: s.total_tiles for name, s in sets.items()} == {"krafla": 100, "mattel-2016": 104, "original": 104}
    assert {name: sum(t.count * t.points for t in s.tiles) for name, s in sets.items()} == {
        "krafla": 227, "mattel-2016": 244, "original": 227}
    assert {name: (s.points("Þ"), s.points("E"), s.by_face["E"].count) for name, s in sets.items()} == {
        "krafla": (7, 3, 3), "mattel-2016": (5, 1, 6), "original": (4, 1, 6)}
    assert len({frozenset(s.by_face) for s in sets.values()}) == 1
    assert all(s.sha256 == spec.sha256 for s in sets.values())


def test_the_catalog_hands_every_stage_the_chosen_set() -> None:
    assert [hestur(CATALOG.with_editions({"is": name})) for name in ("krafla", "original", "mattel-2016")] == [
        34, 22, 26]
    assert hestur(CATALOG) == 34
    original = CATALOG.with_editions({"is": "original"})
    assert original.language("is") != CATALOG.language("is")
    assert original.normaliser("is").spell("þak").value == 4 + 1 + 2
    assert original.pack_path("is") == CATALOG.pack_path("is")
    bag = original.ruleset("standard").with_tiles(original.language("is")).bag()
    assert (bag["Ð"], bag["?"], sum(bag.values())) == (5, 2, 104)


def test_one_pack_serves_every_edition(tmp_path: Path) -> None:
    pack = tmp_path / "is.lexc"
    compile_words(CATALOG.language("is"), ["hestur", "þak", "rós"], pack)
    opened = CATALOG.with_packs(tmp_path).pack("is")
    for name in CATALOG.spec("is").edition_names():
        assert CATALOG.with_packs(tmp_path).with_editions({"is": name}).staleness(opened) is None


@pytest.mark.parametrize(("choice", "message"), [
    ({"is": "2016"}, "Icelandic has no edition '2016' (editions: krafla, mattel-2016, original)"),
    ({"es": "fise"}, "Spanish has one tile set, no editions (asked for 'fise')"),
])
def test_an_unknown_edition_is_refused_by_name(choice: dict[str, str], message: str) -> None:
    with pytest.raises(LexcError) as caught:
        CATALOG.with_editions(choice)
    assert caught.value.problems[0].message == message


def test_a_ruleset_names_its_editions(tmp_path: Path) -> None:
    ruleset = Catalog.shipped().ruleset(ruleset_file(tmp_path, 'editions = { is = "mattel-2016" }'))
    assert (ruleset.spec.edition, ruleset.spec.points("M"), sum(ruleset.bag().values())) == ("mattel-2016", 3, 104)
    assert ruleset.to_json()["edition"] == "mattel-2016"
    chosen = Catalog.shipped().with_editions({"is": "original"}).ruleset(ruleset_file(tmp_path, 'editions = { is = '
                                                                                           '"mattel-2016" }'))
    assert chosen.spec.edition == "original"  # --edition wins over the ruleset


def test_a_ruleset_with_an_unknown_edition_names_line_and_key(tmp_path: Path) -> None:
    path = ruleset_file(tmp_path, 'editions = { is = "krafla-2" }')
    with pytest.raises(LexcError) as caught:
        Catalog.shipped().ruleset(path)
    problem = caught.value.problems[0]
    assert (problem.file, problem.line, problem.key) == (str(path), 5, "editions.is")
    assert "no edition 'krafla-2'" in problem.message


def test_the_krafla_record_replays_with_its_own_tiles() -> None:
    record = gcg.read(GAME)
    assert record_editions(record, CATALOG) == {"is": "krafla"}
    result = replay(record, CATALOG)
    assert (result.ruleset.tiles, result.ruleset.spec.edition, result.plays, result.mismatches) == (
        "is", "krafla", 4, ())
    assert result.record.totals() == {"ann": 45, "bob": 17}


def test_a_record_naming_another_edition_is_scored_with_it() -> None:
    text = GAME.read_text(encoding="utf-8").replace("#tile-distribution icelandic_krafla\n",
                                                    "#tile-distribution icelandic\n#note edition: is=original\n")
    result = replay(gcg.parse(text), CATALOG)
    assert [(m.recorded, m.computed) for m in result.mismatches] == [(34, 22), (9, 12), (11, 14), (8, 14)]


def test_a_record_with_an_unknown_edition_names_its_line() -> None:
    text = GAME.read_text(encoding="utf-8").replace("icelandic_krafla", "icelandic_nosuch")
    with pytest.raises(LexcError) as caught:
        replay(gcg.parse(text, "bad.gcg"), CATALOG)
    problem = caught.value.problems[0]
    assert (problem.file, problem.line, problem.key) == ("bad.gcg", 3, "#tile-distribution")
    assert "no edition 'nosuch'" in problem.message


def test_replay_edition_option_wins_over_the_record() -> None:
    done = runner.invoke(app, ["replay", str(GAME), "--no-lexicon", "--edition", "is=mattel-2016", "--json"])
    assert done.exit_code == 1
    data = json.loads(done.stdout)[0]
    assert data["edition"] == "mattel-2016"
    # Mattel 2016: HÚS 4 + 8 + 1, SKIP 1 + 3 + 1×3 + 8, RÓS 1 + 6×2 + 1
    assert [(m["recorded"], m["computed"]) for m in data["mismatches"]] == [(34, 26), (9, 13), (11, 15), (8, 14)]
    clean = runner.invoke(app, ["replay", str(GAME), "--no-lexicon"])
    assert clean.exit_code == 0, clean.output
    assert "Icelandic tiles, edition krafla): every score reproduced" in clean.stdout


@pytest.mark.parametrize(("option", "message"), [
    ("is=2016", "error: <input>: --edition: Icelandic has no edition '2016'"),
    ("original", "error: <input>: --edition: 'original': write LANG=NAME, e.g. is=original"),
])
def test_a_bad_edition_option_is_a_message_not_a_traceback(option: str, message: str) -> None:
    done = runner.invoke(app, ["replay", str(GAME), "--no-lexicon", "--edition", option])
    assert done.exit_code == 1
    assert message in done.stderr
    assert "Traceback" not in done.output


def test_score_with_an_edition() -> None:
    done = runner.invoke(app, ["score", "8D HESTUR", "--lang", "is", "--edition", "is=original", "--no-lexicon",
                               "--json"])
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout)["score"] == 22


def test_languages_shows_the_editions() -> None:
    done = runner.invoke(app, ["languages"])
    assert "is Icelandic editions: krafla (default, 100 tiles), mattel-2016 (104 tiles), original (104 tiles)" \
        in done.stdout
    icelandic = next(s for s in json.loads(runner.invoke(app, ["languages", "--json"]).stdout) if s["code"] == "is")
    assert [(e["name"], e["default"], e["total_tiles"]) for e in icelandic["editions"]] == [
        ("krafla", True, 100), ("mattel-2016", False, 104), ("original", False, 104)]


def test_a_game_records_and_keeps_its_edition(tmp_path: Path) -> None:
    rules, path = ruleset_file(tmp_path), tmp_path / "leikur.gcg"
    packs = ["--packs", str(tmp_path)]
    made = runner.invoke(app, ["game", "new", str(path), "--players", "ann,bob", "--ruleset", str(rules),
                               "--edition", "is=original", *packs])
    assert made.exit_code == 0, made.output
    assert "#note edition: is=original" in path.read_text(encoding="utf-8")
    played = runner.invoke(app, ["game", "play", str(path), "8D HESTUR", "--rack", "EHKRSTU", "--json", *packs])
    assert played.exit_code == 0, played.output
    assert json.loads(played.stdout)["made"][0]["delta"] == 22  # H 3 doubled, E S T U R 1 each: 11, doubled
    default = tmp_path / "sjalfgefid.gcg"
    runner.invoke(app, ["game", "new", str(default), "--players", "ann,bob", "--ruleset", str(rules), *packs])
    assert "#note edition: is=krafla" in default.read_text(encoding="utf-8")
