"""The web form of issue 22 in a real browser (Debian's chromium driven by Playwright): a Spanish game on
Spanish tiles, and a Polyglot game whose table agreed its languages."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser import chromium, served_games  # type: ignore[import-not-found]  # tests/ is on sys.path
from typer.testing import CliRunner

from lexc.catalog import Catalog
from lexc.cli import app

playwright = pytest.importorskip("playwright.sync_api")
uvicorn = pytest.importorskip("uvicorn")

CATALOG = Catalog.shipped()
#: The server's key: the page opened with it is the director of every game.
TOKEN = "langs-e2e-server-key-0123"
WORDS = {"en": ["whisky", "ah"], "fr": ["whisky"], "ru": ["щи"], "de": ["whisky"], "es": ["churro", "ñu"]}


@pytest.fixture(scope="module")
def packs(make_packs) -> Path:
    return make_packs(WORDS)


@pytest.fixture(scope="module")
def server(packs, tmp_path_factory):
    games = tmp_path_factory.mktemp("games")
    with served_games(games, packs, TOKEN) as base:
        yield base, games


@pytest.fixture(scope="module")
def page(server):
    with chromium() as browser:
        yield browser.new_page(viewport={"width": 1100, "height": 800})


def _new_game(page, base: str, name: str, ruleset: str, lang: str, langs: str = "") -> None:
    page.goto("about:blank")
    page.goto(base + f"/#key={TOKEN}")
    page.click("#new-toggle")
    page.fill("#new-game [name=name]", name)
    page.fill("#new-game [name=players]", "ana,beto")
    page.select_option("#new-game [name=ruleset]", ruleset)
    page.select_option("#new-game [name=lang]", lang)
    page.fill("#new-game [name=langs]", langs)
    page.click("#new-game button[type=submit]")
    page.wait_for_selector("#game:not([hidden])")


def _play(page, notation: str, moves: int) -> None:
    page.fill("#notation", notation)
    page.wait_for_selector("#preview [data-score]")
    page.click("#play-btn")
    page.wait_for_function(f"document.querySelectorAll('#moves li').length === {moves}")


def test_a_spanish_game_through_the_form(server, page, packs, tmp_path):
    base, games = server
    page.goto("about:blank")
    page.goto(base + f"/#key={TOKEN}")
    page.wait_for_selector("#new-game [name=lang] option[value=uk]", state="attached")
    offered = page.eval_on_selector_all("#new-game [name=lang] option", "(os) => os.map((o) => o.value)")
    assert sorted(offered) == CATALOG.codes()  # every language of the catalog, not a fixed list
    _new_game(page, base, "mesa", "standard", "es")
    assert "#tile-distribution spanish" in (games / "mesa.gcg").read_text(encoding="utf-8")
    _play(page, "8E CHURRO", 1)
    _play(page, "F7 Ñ.", 2)
    assert "NOT A WORD" not in page.inner_text("#moves")
    squares = {sq: page.inner_text(f"[data-square={sq}]") for sq in ("E8", "G8", "F7")}
    assert squares["E8"].startswith("CH") and squares["G8"].startswith("RR") and squares["F7"].startswith("Ñ")
    unseen = page.eval_on_selector_all("#unseen .unseen-tile", "(ts) => ts.map((t) => t.firstChild.textContent)")
    assert "LL" in unseen and "CH" not in unseen  # one tile each, counted: LL unseen, the one CH played
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(tmp_path / "spanish-phone.png"), full_page=True)
    page.set_viewport_size({"width": 1100, "height": 800})
    text = (games / "mesa.gcg").read_text(encoding="utf-8")
    assert ">ana:  8E [CH]U[RR]O +30 30" in text and ">beto:  F7 Ñ. +9 9" in text
    replayed = CliRunner().invoke(app, ["replay", str(games / "mesa.gcg"), "--packs", str(packs)])
    assert replayed.exit_code == 0 and "Spanish tiles): every score reproduced" in replayed.output


def test_an_icelandic_game_on_the_original_set_through_the_form(server, page):
    base, games = server
    page.goto("about:blank")
    page.goto(base + f"/#key={TOKEN}")
    page.click("#new-toggle")
    page.fill("#new-game [name=name]", "reykjavik")
    page.fill("#new-game [name=players]", "ann,bob")
    page.select_option("#new-game [name=ruleset]", "standard")
    page.select_option("#new-game [name=lang]", "is")
    page.select_option("#new-game [name=edition]", "original")
    page.click("#new-game button[type=submit]")
    page.wait_for_selector("#game:not([hidden])")
    _play(page, "8D HESTUR", 1)
    text = (games / "reykjavik.gcg").read_text(encoding="utf-8")
    assert "#note edition: is=original" in text and ">ann:  8D HESTUR +22 22" in text  # Krafla set: 34


def test_agreed_languages_through_the_form_and_the_hint(server, page):
    base, games = server
    _new_game(page, base, "polyglot-night", "polyglot", "en", "en,fr,ru")
    assert page.eval_on_selector_all("#play-lang option", "(os) => os.map((o) => o.value)") == ["en", "fr", "ru"]
    page.fill("#notation", "8G ЩИ @ru")  # typing help in the preview, as on the command line
    page.wait_for_function("document.getElementById('preview').textContent.includes('write 8G SHCHI @ru')")
    page.fill("#notation", "8D whisky @fr")
    page.wait_for_function("document.getElementById('preview').textContent.includes('lower case letters are blanks')")
    assert "8D WHISKY @fr for tiles, 8D whisky @fr for six blanks" in page.inner_text("#preview")
    page.fill("#notation", "8D WHISKY @de")
    page.wait_for_function("document.getElementById('preview').textContent.includes('not among the languages')")
    page.click("#play-btn")
    page.wait_for_function("document.getElementById('status').textContent.includes('not among the languages')")
    assert "de is not among the languages agreed for this game (en, fr, ru)" in page.inner_text("#status")
    page.fill("#rack", "WHISKYA")
    page.click("#hint-btn")
    page.wait_for_selector("#hints button.hint")
    hints = page.eval_on_selector_all("#hints button.hint", "(bs) => bs.map((b) => b.dataset.play)")
    assert hints[0].endswith("WHISKY @fr") and all("@de" not in h for h in hints)
    assert ">" not in (games / "polyglot-night.gcg").read_text(encoding="utf-8")
