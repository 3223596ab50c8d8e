"""``lexc translit``: the issue's example, JSON, --compare icu, rule 4, and bad input without a traceback."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from lexc.catalog import Catalog
from lexc.cli import app

CATALOG = Catalog.shipped()


def run(*args: str):
    return CliRunner().invoke(app, ["translit", *args])


def test_russian_shchi_text() -> None:
    result = run("ru", "щи")
    assert result.exit_code == 0, result.output
    assert result.output.strip() == "щи: SHCHI; Щ 10 = SHCH [0,4), И 1 = I [4,5); value 11"


def test_json_for_several_words() -> None:
    result = run("ru", "щи", "борщ", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [d["word"] for d in data] == ["щи", "борщ"]
    first = data[0]
    assert first["lang"] == "ru" and first["board"] == "SHCHI" and first["value"] == 11
    assert first["tiles"] == [{"face": "Щ", "points": 10, "board": "SHCH", "span": [0, 4]},
                              {"face": "И", "points": 1, "board": "I", "span": [4, 5]}]
    spec = CATALOG.spec("ru")
    assert data[1]["value"] == sum(spec.points(f) for f in "БОРЩ")


def test_hungarian_reports_both_tilings() -> None:
    if "hu" not in {p.stem for p in list(CATALOG.spec_paths().values())}:
        return
    data = json.loads(run("hu", "EGÉSZSÉG", "--json").output)[0]
    assert [t["face"] for t in data["tiles"]] == ["E", "G", "É", "SZ", "S", "É", "G"]
    assert [o["tiling"] for o in data["other_tilings"]] == [["E", "G", "É", "S", "ZS", "É", "G"]]
    pinned = json.loads(run("hu", "EGÉS|ZSÉG", "--json").output)[0]
    assert [t["face"] for t in pinned["tiles"]][3:5] == ["S", "ZS"]
    every = json.loads(run("hu", "EGÉSZSÉG", "--json", "--all").output)[0]
    assert len(every["other_tilings"]) == 2  # S·Z·S too


def test_compare_icu_lists_differences() -> None:
    result = run("el", "μπαμπάς", "θάλασσα", "--compare", "icu", "--json")
    assert result.exit_code == 0, result.output
    mpampas, thalassa = json.loads(result.output)
    assert mpampas["board"] == "MPAMPAS"
    assert mpampas["icu"]["transform"] == "Greek-Latin/UNGEGN"
    assert mpampas["icu"]["board"] == "BAMPAS"
    assert mpampas["icu"]["differences"] == [{"ours": "MP", "icu": "B"}]
    assert thalassa["icu"]["same"] is True
    text = run("ru", "щи", "--compare", "icu").output
    assert "ICU Russian-Latin/BGN: SHCHI (same)" in text


def test_facedown_rule_4() -> None:
    plain = json.loads(run("ru", "объём", "--json").output)[0]
    down = json.loads(run("ru", "объём", "--json", "--facedown").output)[0]
    assert plain["board"] == "OBYEM" and down["board"] == "OB'YEM"
    assert plain["tiles"][2] == {"face": "Ъ", "points": 10, "board": "", "span": [2, 2]}
    assert plain["value"] == down["value"] == 1 + 3 + 3 + 2


def test_bad_word_is_a_clear_error() -> None:
    result = run("ru", "щи", "dog")
    assert result.exit_code == 1
    assert "SHCHI" in result.stdout
    assert "error: ru: 'dog': character 'D' (U+0044 LATIN CAPITAL LETTER D) is not in the Russian set" in result.output
    assert "Traceback" not in result.output


def test_unknown_language_and_comparison() -> None:
    result = run("xx", "word")
    assert result.exit_code == 1 and "unknown language 'xx'" in result.output
    result = run("ru", "щи", "--compare", "google")
    assert result.exit_code == 1 and "only comparison is 'icu'" in result.output
    assert "Traceback" not in result.output
