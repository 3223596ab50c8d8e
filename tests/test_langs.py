"""The languages a table plays (issue 22): agreed per game, ordinary games in any language, specs of
one's own in games, the ISO codes people type, typing help, and a game from Python."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from lexc.catalog import Catalog
from lexc.cli import app
from lexc.game import Game, Packs, Setup
from lexc.lexicon.compiler import compile_words

CATALOG = Catalog.shipped()
runner = CliRunner()

#: The Danish set as listed in "Scrabble letter distributions" (Wikipedia, section Danish) and in the
#: Danish edition of Xanado (warren-bank/fork-Xanado editions/Danish_Scrabble.js): 100 tiles, 2 blanks.
#: Æ, Ø and Å are spelled AE, OE and AA on English tiles.
DANISH = """\
code = "da"
name = "Danish"
native_name = "Dansk"
script = "Latin"
locale = "da"
official = true
blanks = 2
sources = ["https://en.wikipedia.org/wiki/Scrabble_letter_distributions#Danish",
           "warren-bank/fork-Xanado editions/Danish_Scrabble.js"]

[tiles]
A = { count = 7, points = 1 }
B = { count = 4, points = 3 }
C = { count = 2, points = 8 }
D = { count = 5, points = 2 }
E = { count = 9, points = 1 }
F = { count = 3, points = 3 }
G = { count = 3, points = 3 }
H = { count = 2, points = 4 }
I = { count = 4, points = 3 }
J = { count = 2, points = 4 }
K = { count = 4, points = 3 }
L = { count = 5, points = 2 }
M = { count = 3, points = 3 }
N = { count = 6, points = 1 }
O = { count = 5, points = 2 }
P = { count = 2, points = 4 }
R = { count = 6, points = 1 }
S = { count = 5, points = 2 }
T = { count = 5, points = 2 }
U = { count = 3, points = 3 }
V = { count = 3, points = 3 }
X = { count = 1, points = 8 }
Y = { count = 2, points = 4 }
Z = { count = 1, points = 8 }
"Æ" = { count = 2, points = 4 }
"Ø" = { count = 2, points = 4 }
"Å" = { count = 2, points = 4 }

[folds]
"Æ" = "AE"
"Ø" = "OE"
"Å" = "AA"
"""


def lexc(*args: str):
    return runner.invoke(app, list(args))


@pytest.fixture(scope="module")
def packs(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("packs")
    words = {"en": ["whisky", "aa", "ah", "ha"], "fr": ["whisky"], "ru": ["щи"], "de": ["zwei", "whisky"],
             "es": ["churro", "ñu", "calle"]}
    for lang, listed in words.items():
        compile_words(CATALOG.language(lang), listed, folder / f"{lang}.lexc")
    return folder


@pytest.fixture()
def danish(tmp_path) -> tuple[Path, Path]:
    """A Danish spec of one's own and a packs folder holding its pack (ÆBLE, ØL, BÅD)."""
    spec = tmp_path / "da.toml"
    spec.write_text(DANISH, encoding="utf-8")
    packs = tmp_path / "dapacks"
    packs.mkdir()
    catalog = CATALOG.with_specs(spec).with_packs(packs)
    compile_words(catalog.language("da"), ["æble", "øl", "båd"], packs / "da.lexc")
    compile_words(catalog.language("en"), ["whisky", "la"], packs / "en.lexc")
    return spec, packs


# ------------------------------------------------------------------ 1. languages agreed per game


def test_a_table_agrees_its_languages(packs, tmp_path):
    path = str(tmp_path / "g.gcg")
    made = lexc("game", "new", path, "--players", "ann,bob", "--ruleset", "polyglot", "--langs", "en,fr,ru",
                "--packs", str(packs))
    assert made.exit_code == 0, made.output
    assert "#note langs: en,fr,ru" in Path(path).read_text(encoding="utf-8")
    german = lexc("game", "play", path, "8D WHISKY @de", "--packs", str(packs))
    assert german.exit_code == 1
    assert "de is not among the languages agreed for this game (en, fr, ru)" in german.output
    assert ">" not in Path(path).read_text(encoding="utf-8")  # nothing written
    hinted = lexc("game", "hint", path, "--rack", "WHISKYA", "--top", "0", "--json", "--packs", str(packs))
    assert hinted.exit_code == 0, hinted.output
    moves = json.loads(hinted.stdout)["moves"]
    designated = {m["play"].split("@")[1].split(",")[0] for m in moves if "@" in m["play"]}
    assert designated and designated <= {"en", "fr", "ru"}  # never de, although de has WHISKY in its pack
    assert moves[0]["play"].endswith(" WHISKY @fr") and moves[0]["score"] == 92
    asked = lexc("game", "hint", path, "--rack", "WHISKYA", "--langs", "de", "--packs", str(packs))
    assert asked.exit_code == 1 and "--langs: de: not among the languages agreed for this game" in asked.output


def test_lexc_best_searches_the_games_languages_not_every_pack(packs, tmp_path):
    path = str(tmp_path / "g.gcg")
    assert lexc("game", "new", path, "--players", "ann,bob", "--langs", "en,fr", "--packs", str(packs)).exit_code == 0
    best = lexc("best", "WHISKYA", "--game", path, "--packs", str(packs))
    assert best.exit_code == 0, best.output
    assert "languages en, fr (--langs to search others)" in best.output and "@de" not in best.output
    plain = lexc("best", "WHISKYA", "--ruleset", "polyglot", "--packs", str(packs))
    assert "languages en (--langs to search others)" in plain.output  # the ruleset's language, not all five packs


def test_agreed_languages_in_the_library_and_their_default():
    setup = Setup.new(["ann", "bob"], langs=["fra", "ger", "rus"])
    assert setup.langs == ("fr", "de", "ru") and setup.lang == "fr"  # no English: the first agreed is the default
    assert "langs: fr,de,ru" in setup.header_notes()
    with pytest.raises(Exception, match="the default language en is not among the languages agreed"):
        Setup.new(["ann", "bob"], lang="en", langs=["fr", "de"])
    with pytest.raises(Exception, match="languages are agreed for Polyglot games"):
        Setup.new(["ann", "bob"], ruleset="standard", langs=["fr"])


# ------------------------------------------------------------------ 2. ordinary games in any language


def test_a_spanish_game_on_spanish_tiles_from_first_play_to_end(packs, tmp_path):
    path = str(tmp_path / "es.gcg")
    game = ["game"]
    made = lexc(*game, "new", path, "--players", "ana,beto", "--ruleset", "standard", "--lang", "es",
                "--packs", str(packs))
    assert made.exit_code == 0, made.output
    churro = lexc(*game, "play", path, "8E CHURRO", "--packs", str(packs))
    assert churro.exit_code == 0, churro.output
    assert "8E CHURRO (es): CH 5 + U 1 + RR 8 + O 1 = 15 ×2 (H8) = 30" in churro.output  # CH, RR one tile each
    nu = lexc(*game, "play", path, "F7 Ñ.", "--packs", str(packs))
    assert nu.exit_code == 0 and "+9 9" in nu.output and "NOT A WORD" not in nu.output  # ÑU: Ñ 8 + U 1
    assert lexc(*game, "exchange", path, "3", "--packs", str(packs)).exit_code == 0
    for _ in range(5):
        assert lexc(*game, "pass", path, "--packs", str(packs)).exit_code == 0
    shown = lexc(*game, "show", path, "--packs", str(packs)).output
    unseen = shown.split("unseen (95): ")[1].splitlines()[0]
    assert "[LL]" in unseen and "[CH]" not in unseen and "[RR]" not in unseen and "Ñ" not in unseen
    ended = lexc(*game, "end", path, "--rack", "ana=[LL]AEIOXZ", "--rack", "beto=ABDEFGH", "--packs", str(packs))
    assert ended.exit_code == 0, ended.output
    assert "AEI[LL]OXZ (AEI[LL]OXZ) -30" in ended.output  # LL 8 + A E I O 1 + X 8 + Z 10, in Spanish values
    assert "ABDEFGH (ABDEFGH) -17" in ended.output
    text = Path(path).read_text(encoding="utf-8")
    assert "#tile-distribution spanish" in text and ">ana:  8E [CH]U[RR]O +30 30" in text
    replayed = lexc("replay", path, "--packs", str(packs))
    assert replayed.exit_code == 0 and "(standard ruleset, Spanish tiles): every score reproduced" in replayed.output


def test_a_spanish_game_from_lexcs_bag_deals_spanish_tiles():
    game = Game.new(Setup.new(["ana", "beto"], ruleset="tournament", lang="spa", seed=3))
    assert game.state.ruleset.tiles == "es" and game.state.bag_count == 100 - 14
    assert sum(game.state.unseen().values()) == 100 and game.state.unseen()["RR"] == 1


def test_icelandic_ordinary_games_in_either_edition(tmp_path):
    krafla = Game.new(Setup.new(["ann", "bob"], ruleset="standard", lang="is"))
    assert "#note edition: is=krafla" in krafla.text and "#tile-distribution icelandic" in krafla.text
    assert krafla.play("8D HESTUR").state.scores == (34, 0)  # tests/data/gcg/icelandic_krafla.gcg
    original = Game.new(Setup.new(["ann", "bob"], ruleset="standard", lang="is", editions={"is": "original"}))
    assert original.play("8D HESTUR").state.scores == (22, 0)
    reread = Game.from_record(original.play("8D HESTUR").record)
    assert reread.setup.tiles == "is" and reread.setup.editions == (("is", "original"),)


# ------------------------------------------------------------------ 3. a spec of one's own in a game


def test_a_danish_spec_plays_in_a_game_and_replays(danish, tmp_path):
    spec, packs = danish
    path = str(tmp_path / "da.gcg")
    own = ["--spec", str(spec), "--packs", str(packs)]
    assert lexc("game", "new", path, "--players", "ann,bob", *own).exit_code == 0
    text = Path(path).read_text(encoding="utf-8")
    sha = CATALOG.with_specs(spec).spec("da").sha256
    assert f"#note spec: da sha256={sha} (Danish, da.toml)" in text
    played = lexc("game", "play", path, "8D AEBLE @da", *own)
    assert played.exit_code == 0, played.output
    # ÆBLE: Æ 4 on D8-E8 (D8 doubles it) + B 3 + L 2 + E 1 = 14, H8 doubles the word: 28.
    assert "8D AEBLE = ÆBLE (da): Æ[AE] 4×2 + B 3 + L 2 + E 1 = 14 ×2 (H8) = 28" in played.output
    assert lexc("game", "play", path, "E9 L @da", *own).exit_code == 1  # one letter: no word
    ol = lexc("game", "play", path, "9E OL @da", *own)  # ØL under ÆBLE: Ø 4 + L 2, cross words in English
    assert ol.exit_code == 0, ol.output
    without = lexc("game", "play", path, "10A AA", "--packs", str(packs))
    # Danish ships a spec of its own now: without --spec the game would be scored by it, and is refused.
    assert without.exit_code == 1 and "--spec: the shipped Danish spec (" in without.output
    assert "is not the one this game was played with" in without.output
    other = tmp_path / "other" / "da.toml"
    other.parent.mkdir()
    other.write_text(DANISH.replace('"Æ" = { count = 2, points = 4 }', '"Æ" = { count = 2, points = 5 }'),
                     encoding="utf-8")
    differs = lexc("game", "show", path, "--spec", str(other), "--packs", str(packs))
    assert differs.exit_code == 1 and "is not the one this game was played with" in differs.output
    replayed = lexc("replay", path, *own)
    assert replayed.exit_code == 0 and "every score reproduced" in replayed.output, replayed.output
    refused = lexc("replay", path, "--spec", str(other), "--packs", str(packs))
    assert refused.exit_code == 1 and "its scores would differ" in refused.output


def test_a_danish_spec_plays_through_lexc_serve(danish, tmp_path):

    from test_web import served  # type: ignore[import-not-found]  # tests/ is on sys.path

    spec, packs = danish
    http = served(tmp_path / "games", Packs(CATALOG.with_specs(spec).with_packs(packs)))
    danish_listed = next(x for x in http.get("/api/games").json()["languages"] if x["code"] == "da")
    assert danish_listed == {"code": "da", "name": "Danish", "pack": True, "editions": [], "own": True}
    game = http.post("/api/games", json={"name": "dk", "players": "ann,bob", "ruleset": "polyglot"}).json()
    moved = http.post("/api/games/dk/move", json={"action": "play", "play": "8D AEBLE @da",
                                                  "version": game["version"]})
    assert moved.status_code == 200 and moved.json()["players"][0]["score"] == 28
    replayed = lexc("replay", str(tmp_path / "games" / "dk.gcg"), "--spec", str(spec), "--packs", str(packs))
    assert replayed.exit_code == 0 and "every score reproduced" in replayed.output


# ------------------------------------------------------------------ 4. the codes people type


@pytest.mark.parametrize("code", ["fra", "fre", "fr"])
def test_iso_codes_name_the_catalogs_language(code, tmp_path):
    path = str(tmp_path / "g.gcg")
    assert lexc("game", "new", path, "--players", "ann,bob").exit_code == 0
    played = lexc("game", "play", path, f"8D WHISKY @{code}")
    assert played.exit_code == 0 and "8D WHISKY (fr): W 10×2 + H 4 + I 1 + S 1 + K 10 + Y 10 = 46 ×2 (H8) = 92" \
        in played.output
    assert Path(path).read_text(encoding="utf-8").endswith(">ann:  8D WHISKY +92 92\n#note lang: @fr\n")
    scored = lexc("score", "--ruleset", "polyglot", f"8D WHISKY @{code}")
    assert scored.output.startswith("8D WHISKY @fr: 92 points")


def test_a_code_of_no_language_is_refused_with_the_nearest(tmp_path):
    path = str(tmp_path / "g.gcg")
    assert lexc("game", "new", path, "--players", "ann,bob").exit_code == 0
    refused = lexc("game", "play", path, "8D WHISKY @xq")
    assert refused.exit_code == 1
    assert "unknown language 'xq': not an ISO 639 code (nearest: sq Albanian, xh Xhosa;" in refused.output
    assert "any real language may be designated (Polyglot rule 1)" in refused.output
    hawaiian = lexc("game", "play", path, "8D WHISKY @haw")  # a real language with no spec: English values
    assert hawaiian.exit_code == 0 and "no spec for Hawaiian: scored in English values" in hawaiian.output


# ------------------------------------------------------------------ 5. typing help


def test_typing_help_for_blanks_and_native_letters(tmp_path):
    path = str(tmp_path / "g.gcg")
    assert lexc("game", "new", path, "--players", "ann,bob").exit_code == 0
    shchi = lexc("game", "play", path, "8G ЩИ @ru")
    assert shchi.exit_code == 1 and "write 8G SHCHI @ru: the board spelling of Russian ЩИ under ru-bgn (Щ: SHCH" \
        in shchi.output
    aeble = lexc("game", "play", path, "8D ÆBLE @da")
    assert aeble.exit_code == 1 and "write 8D AEBLE @da" in aeble.output and "Æ: AE" in aeble.output
    blanks = lexc("game", "play", path, "8D whisky @fr")
    assert blanks.exit_code == 1
    assert "lower case letters are blanks: 8D WHISKY @fr for tiles, 8D whisky @fr for six blanks" in blanks.output
    game = Game.new(Setup.new(["ann", "bob"]))
    preview = game.preview("8D whisky")
    assert preview.score == 0 and any("6 blanks played, 2 left off the board (lower case letters are blanks"
                                      in p for p in preview.problems)


# ------------------------------------------------------------------ 6. a game from Python


def test_a_game_from_python_with_the_shipped_catalog_by_default(tmp_path):
    from lexc.game import create, load, update

    game = Game.new(Setup.new(["ann", "bob"], ruleset="polyglot", lang="en"))
    game = game.play("8D WHISKY @fr")
    create(game, tmp_path / "club.gcg")
    after = update(tmp_path / "club.gcg", Packs(), lambda g: g.pass_turn(), expected=game.version)
    assert load(tmp_path / "club.gcg").state.scores == after.state.scores == (92, 0)


def test_score_play_looks_words_up_in_the_catalogs_packs(tmp_path):
    from lexc import Board, parse_play, score_play

    compile_words(CATALOG.language("fr"), ["whisky"], tmp_path / "fr.lexc")
    catalog = Catalog.shipped(packs=tmp_path)
    pg = catalog.ruleset("polyglot")
    found = score_play(Board.empty(pg), parse_play("8D WHISKY @fr"), pg, catalog=catalog)
    assert found.words[0].valid is True
    told = score_play(Board.empty(pg), parse_play("8D WHISKY @fr"), pg, catalog=catalog, lexicons={})
    assert told.words[0].valid is None and "not looked up" in told.words[0].note


def test_library_messages_name_no_flag():
    with pytest.raises(Exception) as caught:
        Setup.new(["ann"])
    assert str(caught.value) == "<input>: players: a game has 2 to 4 players, not 1"
    made = lexc("game", "new", "x.gcg", "--players", "ann")
    assert made.exit_code == 1 and "error: <input>: --players: a game has 2 to 4 players, not 1" in made.output


def test_packs_folders_as_a_search_path(tmp_path, monkeypatch):
    """$LEXC_PACKS lists folders like $PATH: one's own pack is read beside the club's; builds go to the first."""
    mine, club = tmp_path / "mine", tmp_path / "club"
    mine.mkdir()
    club.mkdir()
    compile_words(CATALOG.language("fr"), ["whisky"], club / "fr.lexc")
    compile_words(CATALOG.language("en"), ["ah"], mine / "en.lexc")
    monkeypatch.setenv("LEXC_PACKS", f"{mine}:{club}")
    catalog = Catalog.from_environment()
    assert catalog.packs_dir == mine and catalog.pack_languages() == ["en", "fr"]
    assert catalog.pack_path("fr") == club / "fr.lexc" and catalog.pack_path("de") == mine / "de.lexc"
    scored = lexc("score", "--ruleset", "polyglot", "8D WHISKY @fra", "--json")
    assert json.loads(scored.stdout)["words"][0]["valid"] is True  # found in the second folder, as fr


def test_no_library_message_names_a_command_line_flag():
    """Every error the library raises is worded for any caller: a flag (``--lexicon``) is the CLI's to name
    (lexc.cli.common.flags maps a problem's key to its flag). Scans the errors built outside lexc/cli/."""
    import ast
    import re

    import lexc

    flag = re.compile(r"(?:^|[\s`(\[])--[a-z]")
    found = []
    root = Path(lexc.__file__).parent
    for path in sorted(root.rglob("*.py")):
        if "cli" in path.relative_to(root).parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            if not (name.endswith("Error") or name in {"Problem", "Forbidden"}):
                continue
            texts = [n.value for arg in node.args for n in ast.walk(arg)
                     if isinstance(n, ast.Constant) and isinstance(n.value, str)]
            found += [f"{path.relative_to(root)}:{node.lineno}: {t!r}" for t in texts if flag.search(t)]
    assert found == []
