"""``lexc game`` and ``lexc serve --help``: thin commands over lexc.game, clear errors, no tracebacks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from lexc.catalog import Catalog
from lexc.cli import app
from lexc.lexicon.compiler import compile_words

CATALOG = Catalog.shipped()

runner = CliRunner()


@pytest.fixture(scope="module")
def packs(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("packs")
    for lang, words in {"en": ["ah", "qi", "whisky"], "fr": ["whisky"], "ru": ["щи"]}.items():
        compile_words(CATALOG.language(lang), words, folder / f"{lang}.lexc")
    return folder


def lexc(packs: Path, *args: str):
    return runner.invoke(app, [*args, "--packs", str(packs)])


def test_a_game_by_commands(packs, tmp_path):
    path = str(tmp_path / "g.gcg")
    made = lexc(packs, "game", "new", path, "--players", "ann,bob", "--ruleset", "polyglot", "--lang", "en")
    assert made.exit_code == 0 and "ann to move" in made.stdout
    played = lexc(packs, "game", "play", path, "8D WHISKY @fr")
    assert played.exit_code == 0
    assert "8D WHISKY (fr): W 10×2 + H 4 + I 1 + S 1 + K 10 + Y 10 = 46 ×2 (H8) = 92" in played.stdout
    data = json.loads(lexc(packs, "game", "play", path, "E7 A.", "--json").stdout)
    assert data["made"][0]["delta"] == 5 and data["players"][1]["score"] == 5
    challenged = lexc(packs, "game", "challenge", path)
    assert challenged.exit_code == 0 and "challenged: ann: good" in challenged.stdout
    assert "#unsuccessful-challenge" in challenged.stdout
    shown = lexc(packs, "game", "show", path)
    assert "  ann             92  7 tiles" in shown.stdout and "bob to move" not in shown.stdout
    assert "  8  =  .  .  W  H  I  S  K  Y  .  .  '  .  .  =" in shown.stdout
    undone = lexc(packs, "game", "undo", path)
    assert undone.exit_code == 0 and "ann to move" in undone.stdout
    svg = tmp_path / "b.svg"
    assert lexc(packs, "game", "show", path, "--svg", str(svg)).exit_code == 0
    assert 'data-square="D8"' in svg.read_text() and ">10</text>" in svg.read_text()


def test_errors_name_the_file_and_change_nothing(packs, tmp_path):
    path = tmp_path / "g.gcg"
    lexc(packs, "game", "new", str(path), "--players", "ann,bob")
    before = path.read_bytes()
    refused = lexc(packs, "game", "play", str(path), "9A QI")
    assert refused.exit_code == 1 and "Traceback" not in refused.output
    assert f"error: {path}: ann: 9A QI: the first play must cover the centre square H8" in refused.output
    assert path.read_bytes() == before
    again = lexc(packs, "game", "new", str(path), "--players", "ann,bob")
    assert again.exit_code == 1 and "already exists" in again.output and path.read_bytes() == before
    missing = lexc(packs, "game", "show", str(tmp_path / "none.gcg"))
    assert missing.exit_code == 1 and "cannot read" in missing.output
    players = lexc(packs, "game", "new", str(tmp_path / "x.gcg"), "--players", "ann")
    assert players.exit_code == 1 and "a game has 2 to 4 players, not 1" in players.output
    not_a_game = tmp_path / "other.gcg"
    not_a_game.write_text("#player1 a A\n#player2 b B\n>a: AB 8D AB +8 8\n")
    foreign = lexc(packs, "game", "show", str(not_a_game))
    assert foreign.exit_code == 1 and "not a lexc game file" in foreign.output
    # A spec that cannot be read is named, not the game file's line that needs it; nothing changes.
    missing_spec = lexc(packs, "game", "pass", str(path), "--spec", str(tmp_path / "none.toml"))
    assert missing_spec.exit_code == 1 and "Traceback" not in missing_spec.output
    assert f"error: {tmp_path / 'none.toml'}: cannot read" in missing_spec.output
    assert "#note ruleset" not in missing_spec.output and path.read_bytes() == before


def test_serve_explains_itself():
    helped = runner.invoke(app, ["serve", "--help"])
    assert helped.exit_code == 0
    text = " ".join(helped.stdout.split())
    assert "127.0.0.1" in text and "token" in text and "--games" in text


def test_svg_boards_show_each_tile_valued_in_its_words_language(packs, tmp_path):
    svg = tmp_path / "whisky.svg"
    scored = lexc(packs, "score", "--ruleset", "polyglot", "8D WHISKY @fr", "--svg", str(svg))
    assert scored.exit_code == 0
    text = svg.read_text()
    d8 = text[text.index('<g class="tile last" data-square="D8">'):]
    d8 = d8[:d8.index("</g>")]
    assert ">10</text>" in d8 and ">fr</text>" in d8  # French W is 10 (English 4)
    english = tmp_path / "english.svg"
    lexc(packs, "score", "--ruleset", "polyglot", "8D WHISKY", "--svg", str(english))
    e8 = english.read_text()
    e8 = e8[e8.index('data-square="D8">'):]
    assert ">4</text>" in e8[:e8.index("</g>")]


def test_a_game_keeps_the_schemes_the_table_agreed_on(tmp_path):
    """Polyglot rule 3: the table agrees on Hebrew's full scheme (א is A); the game file says so,
    the word is looked up in the pack built with that scheme and scored in Hebrew values."""
    full = CATALOG.with_schemes({"he": "he-full"})
    folder = tmp_path / "packs"
    folder.mkdir()
    compile_words(full.language("he"), ["אבא", "אב"], full.with_packs(folder).pack_path("he"))
    path = str(tmp_path / "g.gcg")
    made = lexc(folder, "game", "new", path, "--players", "ann,bob", "--scheme", "he=he-full")
    assert made.exit_code == 0, made.output
    assert "#note scheme: he=he-full" in Path(path).read_text(encoding="utf-8").splitlines()
    played = lexc(folder, "game", "play", path, "8G ABA @he", "--json")
    assert played.exit_code == 0, played.output
    word = json.loads(played.stdout)["made"][0]["words"][0]
    assert (word["native"], word["subtotal"]) == ("אבא", 14)  # (א 2 + ב 3 + א 2) ×2
    challenged = lexc(folder, "game", "challenge", path)  # looked up in he.he-full.lexc: good
    assert challenged.exit_code == 0 and "challenged: bob: good" in challenged.stdout, challenged.output
    assert lexc(folder, "game", "play", path, "H7 BA.", "--json").exit_code == 1  # bob lost his turn
    assert lexc(folder, "game", "challenge", path).exit_code == 1  # nothing to challenge
    assert lexc(folder, "replay", path).exit_code == 0


def test_a_scheme_for_another_language_is_refused(tmp_path):
    path = tmp_path / "g.gcg"
    made = lexc(tmp_path, "game", "new", str(path), "--players", "ann,bob", "--scheme", "he=ru-yo")
    assert made.exit_code == 1 and "--scheme: scheme 'ru-yo' is for 'ru', not 'he'" in made.output
    assert not path.exists()
