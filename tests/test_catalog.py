"""The catalog: explicit, immutable, read from folders and single files; stale packs refused."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from lexc import Board, Catalog, LexcError, parse_play, score_play
from lexc.lexicon.compiler import compile_words
from lexc.paths import shipped_dir

REPO = Path(__file__).resolve().parent.parent
LEXC = Path(sys.executable).parent / "lexc"
ESPERANTO = REPO / "tests" / "data" / "designer" / "eo.toml"


def lexc(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("LEXC_")}
    return subprocess.run([str(LEXC), *args], capture_output=True, text=True, cwd=REPO, env={**clean, **(env or {})})


def test_languages_and_rulesets_are_values() -> None:
    catalog = Catalog.shipped()
    es = catalog.language("es")
    assert es is catalog.language("es")  # read once per catalog
    assert es == Catalog.shipped().language("es") and hash(es) == hash(Catalog.shipped().language("es"))
    assert {es, Catalog.shipped().language("es")} == {es}
    polyglot = catalog.ruleset("polyglot")
    assert hash(polyglot) == hash(Catalog.shipped().ruleset("polyglot"))
    assert polyglot.language.code == "en" and polyglot.rack_values_spec.code == "en"
    assert es.spec.points("RR") == 8 and es.normaliser().spell("churro").value == 15


def test_a_new_catalog_sees_an_edited_file(tmp_path: Path) -> None:
    text = (shipped_dir("languages") / "fr.toml").read_text(encoding="utf-8")
    (tmp_path / "fr.toml").write_text(text, encoding="utf-8")
    before = Catalog.shipped(languages=[tmp_path])
    assert before.spec("fr").points("K") == 10
    edited = text.replace("K = { count = 1, points = 10 }", "K = { count = 1, points = 5 }")
    assert edited != text
    (tmp_path / "fr.toml").write_text(edited, encoding="utf-8")
    assert before.spec("fr").points("K") == 10  # a catalog keeps what it read
    assert Catalog.shipped(languages=[tmp_path]).spec("fr").points("K") == 5


def test_names_are_never_paths() -> None:
    catalog = Catalog.shipped()
    for bad in ("../en", "en/../../etc", "/etc/passwd", "EN", ""):
        with pytest.raises(LexcError):
            catalog.language(bad)
        with pytest.raises(LexcError):
            catalog.pack_path(bad)
    with pytest.raises(LexcError, match="not a scheme name"):
        catalog.scheme("../languages/en")
    with pytest.raises(LexcError, match="unknown language 'xx'"):
        catalog.spec("xx")


def test_a_word_in_a_language_needs_the_catalog() -> None:
    catalog = Catalog.shipped()
    pg = catalog.ruleset("polyglot")
    play = parse_play("8D WHISKY @fr")
    assert score_play(Board.empty(pg), play, pg, catalog=catalog).score == 92
    with pytest.raises(LexcError, match="needs a catalog"):
        score_play(Board.empty(pg), play, pg)
    assert score_play(Board.empty(pg), parse_play("8D WHISKY @en"), pg).score == 46  # English: the board's own


def test_a_designers_spec_outside_the_tree(tmp_path: Path) -> None:
    """--spec eo.toml: validated, compiled, checked and scored in a Polyglot play, nothing copied; it wins
    over the shipped spec of its code."""
    spec = ["--spec", str(ESPERANTO)]
    validated = lexc("validate", *spec)
    assert validated.returncode == 0, validated.stderr
    assert "eo Esperanto: 28 tiles, 100 in the bag" in validated.stdout
    assert "eo " in lexc("languages", *spec).stdout
    words = tmp_path / "eo.txt"
    words.write_text("kaj\nmanĝi\nĉu\nŝi\nhodiaŭ\n", encoding="utf-8")
    packs = tmp_path / "packs"
    packs.mkdir()
    compiled = lexc("compile", "eo", str(words), "-o", str(packs / "eo.lexc"), *spec, "--quiet")
    assert compiled.returncode == 0, compiled.stderr
    checked = lexc("check", "eo", "manĝi", "ŝi", *spec, "--packs", str(packs))
    assert checked.returncode == 0, checked.stderr
    assert "valid   manĝi (eo): board MANGI, native MANĜI, value 8 (M3·A1·N1·Ĝ2·I1)" in checked.stdout
    scored = lexc("score", "--ruleset", "polyglot", "8G MANGI @eo", *spec, "--packs", str(packs))
    assert scored.returncode == 0, scored.stderr
    # No official Esperanto values: English values on the board tiles (Polyglot rule 1), H8 doubles.
    assert scored.stdout.startswith("8G MANGI @eo: 16 points")
    assert "MANGI = MANĜI (eo, en values)" in scored.stdout
    # Without --spec, eo is the shipped Esperanto (languages/eo.toml, Xanado's set): the draft's pack is refused.
    shipped = lexc("check", "eo", "kaj", "--packs", str(packs))
    assert shipped.returncode == 1 and "stale pack: built from another version of" in shipped.stderr
    assert str(Path("languages") / "eo.toml") in shipped.stderr


def test_an_edited_spec_refuses_the_old_pack(tmp_path: Path) -> None:
    """After French K goes from 10 to 5, the old pack is refused, not scored with (WHISKY was 92)."""
    packs = tmp_path / "packs"
    packs.mkdir()
    compile_words(Catalog.shipped().language("fr"), ["whisky", "kiwi"], packs / "fr.lexc")
    before = lexc("score", "--ruleset", "polyglot", "8D WHISKY @fr", "--packs", str(packs))
    assert before.returncode == 0 and before.stdout.startswith("8D WHISKY @fr: 92 points"), before.stderr
    edited = tmp_path / "languages"
    edited.mkdir()
    text = (shipped_dir("languages") / "fr.toml").read_text(encoding="utf-8")
    (edited / "fr.toml").write_text(text.replace("K = { count = 1, points = 10 }", "K = { count = 1, points = 5 }"),
                                    encoding="utf-8")
    ways: list[tuple[dict[str, str], tuple[str, ...]]] = [({"LEXC_LANGUAGES": str(edited)}, ()),
                                                          ({}, ("--spec", str(edited / "fr.toml")))]
    for env, args in ways:
        after = lexc("score", "--ruleset", "polyglot", "8D WHISKY @fr", "--packs", str(packs), *args, env=env)
        assert after.returncode == 1 and "92" not in after.stdout
        assert f"error: {packs / 'fr.lexc'}: stale pack: built from another version of {edited / 'fr.toml'}" \
            in after.stderr
        assert "rebuild it with `lexc build fr`" in after.stderr
    info = lexc("info", "fr", "--packs", str(packs), env={"LEXC_LANGUAGES": str(edited)})
    assert info.returncode == 0 and "current    no: stale pack" in info.stdout
    assert "current    yes" in lexc("info", "fr", "--packs", str(packs)).stdout


def test_one_lexicons_object_for_replay_scoring_and_the_game(tmp_path: Path) -> None:
    """``Catalog.lexicons`` (replay, scoring) and a game's ``Packs`` are one object, ``Lexicons``: the same
    languages (a pack of a language with no spec included, Polyglot rule 1), the same packs; asked for
    by language codes the packs are opened at once, so a stale one is refused there and then."""
    from lexc.catalog import Lexicons
    from lexc.errors import PackError
    from lexc.game import Packs

    packs = tmp_path / "packs"
    packs.mkdir()
    compile_words(Catalog.shipped().language("fr"), ["whisky", "kiwi"], packs / "fr.lexc")
    # a language lexc ships no spec for (Esperanto is shipped now): the designer's draft under code "la"
    draft = tmp_path / "la.toml"
    draft.write_text(ESPERANTO.read_text(encoding="utf-8").replace('code = "eo"', 'code = "la"'), encoding="utf-8")
    compile_words(Catalog.shipped().with_specs(draft).language("la"), ["manĝi", "kaj"], packs / "la.lexc")
    catalog = Catalog.shipped(packs=packs)
    looked, game = catalog.lexicons(["fr", "la", "de"]), Packs(catalog)
    assert Packs is Lexicons and isinstance(looked, Lexicons)
    assert list(looked) == list(game) == ["fr", "la"] and len(looked) == 2
    assert game["fr"] is looked["fr"] and "WHISKY" in looked["fr"] and "KIWIS" not in game["fr"]
    assert "MANGI" in game["la"] and not catalog.has_spec("la")
    assert "de" not in looked and "de" not in game and "../fr" not in game and object() not in game
    with pytest.raises(KeyError):
        game["de"]
    edited = tmp_path / "fr.toml"
    text = (shipped_dir("languages") / "fr.toml").read_text(encoding="utf-8")
    edited.write_text(text.replace("K = { count = 1, points = 10 }", "K = { count = 1, points = 5 }"),
                      encoding="utf-8")
    stale = Catalog.shipped(packs=packs).with_specs(edited)
    with pytest.raises(PackError, match="stale pack: built from another version"):
        stale.lexicons(["fr"])
    lazy = Packs(stale)  # a game opens a pack when a word is first looked up in it
    assert "fr" in lazy
    with pytest.raises(PackError, match="stale pack"):
        lazy["fr"]
