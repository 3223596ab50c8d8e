"""Word study (lexc.lexicon.study, lexc anagram, lexc pattern): real words, real values, native input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from lexc.catalog import Catalog
from lexc.errors import LexcError
from lexc.lexicon.compiler import compile_words
from lexc.lexicon.pack import open_pack
from lexc.lexicon.study import anagrams, board_letters, clabbers_valid, describe, pattern
from lexc.lexicon.walk import Walk, walk_of

CATALOG = Catalog.shipped()

REPO = Path(__file__).resolve().parent.parent

EN = ["retains", "nastier", "stainer", "retinas", "anestri", "ratines", "retain", "nastie", "stain", "satin",
      "quiet", "quite", "qi", "tie", "ties", "site", "stie"]


@pytest.fixture(scope="module")
def packs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("study")
    compile_words(CATALOG.language("en"), EN, folder / "en.lexc")
    compile_words(CATALOG.language("ru"), ["щи", "шчи", "ища", "чаши", "да", "щит"], folder / "ru.lexc")
    compile_words(CATALOG.language("es"), ["churro", "chorro", "carro", "ñandú", "coche"], folder / "es.lexc")
    return folder


def test_anagrams_use_every_letter_or_any_with_all():
    walk = Walk.from_words([w.upper() for w in EN])
    assert [w for w, _ in anagrams(walk, "RETAINS")] == ["ANESTRI", "NASTIER", "RATINES", "RETAINS", "RETINAS",
                                                       "STAINER"]
    assert [w for w, _ in anagrams(walk, "SATIN", all_lengths=True)] == ["SATIN", "STAIN"]
    assert "RETAIN" in [w for w, _ in anagrams(walk, "RETAINS", all_lengths=True)]


def test_blanks_stand_for_the_fewest_letters_needed():
    walk = Walk.from_words([w.upper() for w in EN])
    found = dict(anagrams(walk, "ETAINS", blanks=1))
    assert found["RETAINS"] == "R" and found["STAINER"] == "R"
    found = dict(anagrams(walk, "TIE", blanks=2, all_lengths=True))
    assert found["TIE"] == "" and found["SITE"] == "S" and found["QI"] == "Q"


def test_patterns():
    walk = Walk.from_words([w.upper() for w in EN])
    assert pattern(walk, "QUI??") == ["QUIET", "QUITE"]
    assert pattern(walk, "*TIE*") == ["NASTIE", "NASTIER", "STIE", "TIE", "TIES"]
    assert pattern(walk, "S[AT]*N") == ["SATIN", "STAIN"]
    assert len(pattern(walk, "*", limit=3)) == 3 and len(pattern(walk, "*")) == len(EN)
    with pytest.raises(LexcError, match="class"):
        pattern(walk, "[AB")


def test_clabbers_validity():
    walk = Walk.from_words([w.upper() for w in EN])
    assert clabbers_valid(walk, "TISE") and clabbers_valid(walk, "IQ")
    assert not clabbers_valid(walk, "TISEX") and not clabbers_valid(walk, "Q")


def test_native_letters_go_through_the_scheme():
    assert board_letters(CATALOG.language("ru"), "щиа") == "SHCHIA"
    assert board_letters(CATALOG.language("es"), "ñandú?") == "NANDU?"
    assert board_letters(CATALOG.language("en"), "qu*e", keep="?*[]") == "QU*E"
    with pytest.raises(LexcError, match="unexpected character '1'"):
        board_letters(CATALOG.language("en"), "a1")


def test_describe_gives_native_words_and_values(packs):
    ru = open_pack(packs / "ru.lexc")
    found = describe(ru, "SHCHI")
    assert found.natives == (("ЩИ", "Щ·И", 10 + 1), ("ШЧИ", "Ш·Ч·И", 8 + 5 + 1))  # Russian values: Щ 10, Ш 8, Ч 5
    # a blank scores 0 together with the native tile it is part of, placed where it costs least
    assert describe(ru, "SHCHI", blanks="H").natives == (("ЩИ", "Щ·И", 1), ("ШЧИ", "Ш·Ч·И", 8 + 1))  # H of Ч
    es = open_pack(packs / "es.lexc")
    assert describe(es, "CHURRO").natives == (("CHURRO", "CH·U·RR·O", 5 + 1 + 8 + 1),)


def test_anagram_of_native_letters_on_a_real_pack(packs):
    ru = open_pack(packs / "ru.lexc")
    walk = walk_of(ru, "board")
    assert [w for w, _ in anagrams(walk, board_letters(CATALOG.language("ru"), "щиа"))] == ["CHASHI", "ISHCHA"]


def _lexc(*args, packs):
    code = "import sys; from lexc.cli.launch import main; sys.argv = ['lexc', *sys.argv[1:]]; main()"
    env = {**os.environ, "LEXC_PACKS": str(packs), "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env, cwd=REPO,
                          timeout=120)


def test_cli_anagram_and_pattern(packs):
    done = _lexc("anagram", "ru", "щиа", "--json", packs=packs)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["board_letters"] == "SHCHIA" and data["clabbers"] is True
    assert [(w["board"], w["natives"][0]["word"]) for w in data["words"]] == [("CHASHI", "ЧАШИ"), ("ISHCHA", "ИЩА")]
    done = _lexc("pattern", "es", "CH*RRO", packs=packs)
    assert done.returncode == 0 and "CHURRO: CHURRO 15" in done.stdout and "CHORRO" in done.stdout
    for args in (["anagram", "en", "a1"], ["pattern", "en", "[AB"], ["anagram", "xx", "AB"], ["anagram", "fr", "AB"]):
        done = _lexc(*args, packs=packs)
        assert done.returncode == 1 and done.stderr.startswith("error: ") and "Traceback" not in done.stderr, args
