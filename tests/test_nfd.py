"""NFD input is NFC input (issue 27, class 8): ``N`` + U+0303, as macOS types Ñ, everywhere.

Every command is run twice, once with composed (NFC) and once with decomposed (NFD) text, on a
small Spanish pack of real words made here; the outputs must be the same, byte for byte. The
library's parsers and the web's fields compose too.
"""

from __future__ import annotations

import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest
from test_game import LEXICONS  # type: ignore[import-not-found]  # tests/ is on sys.path
from typer.testing import CliRunner

from lexc.catalog import Catalog
from lexc.cli import app
from lexc.engine.notation import parse_play, parse_rack
from lexc.game import Game, Setup

CATALOG = Catalog.shipped()
WORDS = {"es": ["ñandú", "año", "daño", "ñu", "uña", "nadan", "añudan", "dañan"], "en": ["quite", "whisky"]}


def nfd(text: str) -> str:
    return unicodedata.normalize("NFD", text)


@pytest.fixture(scope="module")
def packs(make_packs) -> Path:
    return make_packs(WORDS)


COMMANDS = [  # arguments, with {} where the Spanish text goes; the text
    (["check", "es", "{}"], "ÑANDÚ"),
    (["check", "es", "{}", "--json"], "ñandú"),
    (["translit", "es", "{}"], "ÑANDÚ"),
    (["anagram", "es", "{}"], "ÑANDÚ"),
    (["anagram", "es", "{}?"], "AÑO"),
    (["pattern", "es", "{}*"], "Ñ"),
    (["pattern", "es", "[{}D]A?O"], "Ñ"),
    (["score", "8D {}", "--lang", "es"], "ÑANDU"),
    (["score", "8D ÑANDU", "--lang", "es", "--rack", "{}??"], "ÑANDU"),
    (["best", "{}", "--lang", "es", "--top", "3"], "AÑNDU?"),
]


@pytest.mark.parametrize(("args", "text"), COMMANDS, ids=[" ".join(a) for a, _ in COMMANDS])
def test_a_command_answers_nfd_as_nfc(packs, args, text):
    assert nfd(text) != text

    def run(form: str):
        return CliRunner().invoke(app, [a.replace("{}", form) for a in args] + ["--packs", str(packs)])

    composed, decomposed = run(text), run(nfd(text))
    assert composed.exit_code == decomposed.exit_code
    assert decomposed.output == composed.output
    assert "unexpected character" not in decomposed.output


def test_the_fast_check_answers_nfd_as_nfc(packs):
    """``lexc check`` starts without typer (lexc.cli.launch): its own edge composes too."""
    script = Path(sys.executable).with_name("lexc")
    if not script.exists():
        pytest.skip("no installed lexc script")
    runs = [subprocess.run([str(script), "check", "es", form, "--packs", str(packs)], capture_output=True,
                           text=True, check=False) for form in ("ÑANDÚ", nfd("ÑANDÚ"))]
    assert runs[0].returncode == runs[1].returncode == 0
    assert runs[1].stdout == runs[0].stdout and runs[0].stdout.startswith("valid   ÑANDÚ (es): board NANDU")


def test_a_game_played_in_nfd_is_the_game_played_in_nfc(packs, tmp_path):
    paths, refusals = {}, []
    for form in ("nfc", "nfd"):
        path = tmp_path / f"{form}.gcg"
        text = (lambda t: t) if form == "nfc" else nfd
        runner = CliRunner()
        made = runner.invoke(app, ["game", "new", str(path), "--players", "ann,bob", "--ruleset", "polyglot",
                                   "--title", text("Año nuevo en Logroño"), "--packs", str(packs)])
        assert made.exit_code == 0, made.output
        refused = runner.invoke(app, ["game", "play", str(path), text("8D ÑANDU @es"), "--packs", str(packs)])
        refusals.append((refused.exit_code, refused.output.replace(str(path), "G")))
        played = runner.invoke(app, ["game", "play", str(path), "8D NANDU @es", "--packs", str(packs)])
        assert played.exit_code == 0, played.output
        paths[form] = path
    assert refusals[0] == refusals[1] == (
        1, "error: G: column 4: 'Ñ' is not a tile of the English set; write 8D NANDU @es: the board spelling of "
           "ÑANDU (Ñ: N)\n")
    assert paths["nfd"].read_bytes() == paths["nfc"].read_bytes()
    assert "#title Año nuevo en Logroño" in paths["nfc"].read_text(encoding="utf-8")


def test_the_library_parsers_compose():
    spanish = CATALOG.language("es").spec
    assert parse_rack(nfd("ÑANDU?"), spanish) == parse_rack("ÑANDU?", spanish) == ("Ñ", "A", "N", "D", "U", "?")
    assert parse_play(nfd("8D ÑU"), spanish) == parse_play("8D ÑU", spanish)
    title = Game.new(Setup.new(["ann", "bob"], catalog=CATALOG), LEXICONS, title=nfd("Logroño")).record.title
    assert title == "Logroño"


def test_the_web_composes_every_field(packs, tmp_path):
    pytest.importorskip("starlette")

    from test_web import served  # type: ignore[import-not-found]  # tests/ is on sys.path

    from lexc.game.engine import Packs

    http = served(tmp_path / "games", Packs(CATALOG.with_packs(packs)))
    made = http.post("/api/games", json={"name": "g", "players": "ann,bob", "ruleset": "polyglot"})
    assert made.status_code == 200, made.text
    answers = [http.post("/api/games/g/preview", json={"play": form}) for form in ("8D ÑANDU @es", nfd("8D ÑANDU @es"))]
    assert [a.status_code for a in answers] == [400, 400] and answers[0].json() == answers[1].json()
    assert "'Ñ' is not a tile of the English set" in answers[0].json()["error"]
    moved = http.post("/api/games/g/move", json={"action": "play", "play": "8D NANDU @es",
                                                 "version": made.json()["version"]})
    assert moved.status_code == 200 and moved.json()["players"][0]["score"] == 42  # NANDU = ÑANDÚ: Ñ 8 on D8 (DL)
