"""Romanisation schemes: the shipped ones, the rule engine, and broken schemes rejected with file, line and key."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from lexc.catalog import Catalog
from lexc.cli import app
from lexc.errors import LexcError
from lexc.language.scheme import check_against_spec, check_scheme_file, compare_icu, load_scheme
from lexc.paths import shipped_dir

CATALOG = Catalog.shipped()

SCHEMES = sorted(shipped_dir("transliterations").glob("*.toml"))
SCRIPTED = [s for s in CATALOG.specs() if s.script != "Latin"]


# --------------------------------------------------------------------------- shipped schemes


@pytest.mark.parametrize("path", SCHEMES, ids=lambda p: p.stem)
def test_shipped_scheme_validates(path: Path) -> None:
    problems, summary = check_scheme_file(path)
    assert problems == []
    assert summary.startswith(f"{path.stem} (")


@pytest.mark.parametrize("spec", SCRIPTED, ids=lambda s: s.code)
def test_every_non_roman_spec_has_a_complete_scheme(spec) -> None:
    assert spec.scheme is not None
    assert check_against_spec(spec, CATALOG.scheme_paths()[spec.scheme]) == []
    scheme = CATALOG.scheme(spec.scheme)
    assert scheme.language == spec.code
    assert scheme.standard and len(scheme.sources) >= 2 and scheme.departures


def test_the_six_languages_of_the_issue_have_schemes() -> None:
    assert {s.code for s in SCRIPTED} >= {"ru", "uk", "bg", "el", "he", "ar"}


# Russian: after marks, primes and middle dots are stripped, our scheme gives exactly ICU's
# Russian-Latin/BGN (research notes §4.4), on these words.
RUSSIAN = ["щи", "борщ", "съешь", "ещё", "Ялта", "ёлка", "объём", "подъезд", "Хрущёв", "йод", "чай", "юбка",
           "жизнь", "цирк", "Евгений", "ель", "моё", "семья", "район", "выход", "эхо", "отсюда", "выучить",
           "бельё", "её", "поезд", "приём", "чьё"]


@pytest.mark.parametrize("word", RUSSIAN)
def test_russian_matches_icu_bgn(word: str) -> None:
    s = CATALOG.normaliser("ru").spell(word)
    assert compare_icu(s.native, s.board, "Russian-Latin/BGN", "ru").same


# Greek: ICU's UNGEGN transform differs from ELOT 743 exactly where docs/transliteration.md says.
GREEK = {"θάλασσα": (), "ψυχή": (), "ουρανός": (), "ευχαριστώ": (), "άγγελος": (),
         "ντομάτα": (), "Σωκράτης": (), "μπαμπάς": (("MP", "B"),), "γκρεμός": (("G", "N"),),
         "αϋπνία": (("Y", "F"),)}


@pytest.mark.parametrize("word", sorted(GREEK))
def test_greek_against_icu_ungegn(word: str) -> None:
    s = CATALOG.normaliser("el").spell(word)
    assert compare_icu(s.native, s.board, "Greek-Latin/UNGEGN", "el").differences == GREEK[word]


# --------------------------------------------------------------------------- the rule engine


def test_context_rules_word_start_after_and_end() -> None:
    ru, uk, bg = CATALOG.scheme("ru-bgn"), CATALOG.scheme("uk-2010"), CATALOG.scheme("bg-streamlined")
    assert ru.apply(list("ЕЛЕ")) == ["YE", "L", "E"]
    assert ru.apply(list("ПОЕЗД")) == ["P", "O", "YE", "Z", "D"]
    assert uk.apply(list("ЯЯ")) == ["YA", "IA"]
    assert uk.apply(list("ЗГ")) == ["Z", "GH"] and uk.apply(list("Г")) == ["H"]
    assert bg.apply(list("ИЯ")) == ["I", "A"] and bg.apply(list("ИЯТ")) == ["I", "YA", "T"]


def test_sequences_with_the_following_letter() -> None:
    el = CATALOG.scheme("el-elot743")
    assert el.apply(list("ΑΥΤΟ")) == ["A", "F", "T", "O"]
    assert el.apply(list("ΑΥΡΑ")) == ["A", "V", "R", "A"]
    assert el.apply(list("ΑΥ")) == ["A", "F"]  # word-final: voiceless
    assert el.apply(list("ΑΫΡΑ")) == ["A", "Y", "R", "A"]


def test_variants_spell_as_their_tile_unless_the_scheme_says_otherwise() -> None:
    he, ar = CATALOG.scheme("he-academy"), CATALOG.scheme("ar-bgn")
    assert he.apply(["ם"], ["מ"]) == ["M"]
    assert he.apply(["שׂ"], ["ש"]) == ["S"]
    assert ar.apply(["ى"], ["ي"]) == ["A"]
    with pytest.raises(KeyError):
        he.apply(["x"])


# --------------------------------------------------------------------------- broken schemes

GOOD = '''name = "{name}"
language = "ru"
standard = "test"
sources = ["a", "b"]

[classes]
VOWEL = "АЕ"

[letters]
"А" = "A"
"Е" = [{{ out = "YE", after = "VOWEL" }}, {{ out = "E" }}]
'''


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def _problems(tmp_path: Path, name: str, text: str) -> list[str]:
    problems, summary = check_scheme_file(_write(tmp_path, name, text))
    assert summary == "" if problems else summary
    return [str(p) for p in problems]


def test_a_small_good_scheme(tmp_path: Path) -> None:
    assert _problems(tmp_path, "good", GOOD.format(name="good")) == []
    scheme = load_scheme(tmp_path / "good.toml")
    assert scheme.apply(list("АЕЕ")) == ["A", "YE", "YE"]


@pytest.mark.parametrize(("edit", "expected"), [
    (lambda t: t.replace('"А" = "A"', '"А" = "Ä"'), "good.toml:10: letters.А: output 'Ä' has 'Ä' (U+00C4)"),
    (lambda t: t.replace('"А" = "A"', '"А" = "a"'), r"good.toml:10: letters.А: output 'a'"),
    (lambda t: t + 'colour = "red"\n', "good.toml:12: letters.colour: output 'red' has 'r' (U+0072)"),
    (lambda t: "flavour = 1\n" + t, "good.toml:1: flavour: unknown key"),
    (lambda t: t.replace('{ out = "E" }', '{ out = "E", at = "start" }'),
     "good.toml:11: letters.Е: the last rule must have no condition"),
    (lambda t: t.replace('at = "x"', "").replace('after = "VOWEL"', 'at = "middle"'),
     'good.toml:11: letters.Е.0.at: must be "start" or "end"'),
    (lambda t: t.replace('out = "YE"', 'out = "YE", colour = 1'), "good.toml:11: letters.Е.0.colour: unknown key"),
    (lambda t: t.replace('"А" = "A"', '"А" = { out = "A", apostrophe = true }'),
     "an apostrophe letter is written as nothing"),
    (lambda t: t.replace('sources = ["a", "b"]\n', ""), "missing required key 'sources'"),
    (lambda t: t.replace('"А" = "A"', '"А" = "A'), "good.toml:10: malformed TOML"),
    (lambda t: t + '\n[sequences]\n"АЕ" = ["A"]\n', "a sequence of 2 letters needs an array of 2 outputs"),
    (lambda t: t + '\n[variants]\n"Ѐ" = ""\n', "variants.Ѐ: must be the face of a tile"),
    (lambda t: t.replace('name = "good"', 'name = "other"'), "does not match the file name"),
    (lambda t: t.replace('after = "VOWEL"', 'after = "VOWELS"'),
     "good.toml:11: letters.Е.0.after: unknown class 'VOWELS' (classes: VOWEL)"),
])
def test_broken_scheme_is_rejected_with_line_and_key(tmp_path: Path, edit, expected: str) -> None:
    problems = _problems(tmp_path, "good", edit(GOOD.format(name="good")))
    assert problems, "the broken scheme was accepted"
    assert any(expected in p for p in problems), problems


def test_unmapped_tile_and_stray_letter_against_the_spec(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for path in SCHEMES:
        shutil.copy(path, tmp_path / path.name)
    text = (tmp_path / "ru-bgn.toml").read_text(encoding="utf-8")
    text = text.replace('"Щ" = "SHCH"\n', "").replace('"Я" = "YA"\n', '"Я" = "YA"\n"Q" = "Q"\n')
    (tmp_path / "ru-bgn.toml").write_text(text, encoding="utf-8")
    problems = [str(p) for p in check_against_spec(CATALOG.spec("ru"), tmp_path / "ru-bgn.toml")]
    assert any("ru-bgn.toml" in p and "tile 'Щ' (U+0429)" in p and "has no output" in p for p in problems)
    assert any("letters.Q" in p and "neither a tile nor a variant" in p for p in problems)


def test_spec_naming_a_missing_scheme(tmp_path: Path) -> None:
    problems = check_against_spec(CATALOG.spec("el"), None)
    assert problems and "no scheme 'el-elot743'" in problems[0].message
    # A folder of the user's own that has no such scheme: the shipped one is still found.
    catalog = Catalog.shipped(dirs=[tmp_path])
    assert catalog.scheme("el-elot743").name == "el-elot743"


def test_load_scheme_raises_lexc_error(tmp_path: Path) -> None:
    with pytest.raises(LexcError, match="unknown key"):
        load_scheme(_write(tmp_path, "bad", "oops = 1\n" + GOOD.format(name="bad")))


def test_lexc_validate_reports_a_broken_scheme(tmp_path: Path) -> None:
    path = _write(tmp_path, "bad", GOOD.format(name="bad").replace('"А" = "A"', '"А" = "A1"'))
    result = CliRunner().invoke(app, ["validate", str(path)])
    assert result.exit_code == 1
    assert f"{path}:10: letters.А: output 'A1' has '1' (U+0031)" in result.output
    assert "Traceback" not in result.output


def test_lexc_validate_accepts_the_shipped_schemes() -> None:
    result = CliRunner().invoke(app, ["validate", *map(str, SCHEMES)])
    assert result.exit_code == 0, result.output
    assert result.output.count("ok  ") == len(SCHEMES)


@pytest.mark.parametrize(("code", "distinct", "total", "facts"), [
    ("ru", 33, 104, {"Щ": 10, "Ъ": 10, "Ф": 10, "Ё": 3, "А": 1}),
    ("uk", 34, 104, {"'": 10, "Ґ": 10, "Щ": 8, "О": 1}),
    ("bg", 30, 102, {"Щ": 10, "Ь": 10, "Ъ": 3, "А": 1}),
    ("el", 24, 104, {"Ψ": 10, "Ω": 3, "Σ": 1, "Α": 1}),
    ("he", 22, 104, {"ו": 1, "ז": 8, "ע": 5, "א": 2}),
    ("ar", 32, 100, {"أ": 10, "ؤ": 10, "ء": 8, "ا": 1}),
])
def test_non_roman_sets_as_published(code: str, distinct: int, total: int, facts: dict[str, int]) -> None:
    spec = CATALOG.spec(code)
    assert (len(spec.tiles), spec.total_tiles, spec.blanks) == (distinct, total, 2)
    assert {face: spec.points(face) for face in facts} == facts
