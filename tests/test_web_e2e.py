"""A whole 4-player Polyglot game played through the web page in a real browser (Debian's chromium).

The page is driven with Playwright as a player would: clicking squares and typing tiles, picking
languages, pressing the buttons. The saved GCG file replays with ``lexc replay`` with no
mismatch, and the same game played with ``lexc game`` commands gives the same file.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from browser import chromium, served_games  # type: ignore[import-not-found]  # tests/ is on sys.path
from game_script import FINAL, MOVES, PLAYERS, WORDS  # type: ignore[import-not-found]  # tests/ is on sys.path
from typer.testing import CliRunner

from lexc.catalog import Catalog
from lexc.cli import app

CATALOG = Catalog.shipped()

playwright = pytest.importorskip("playwright.sync_api")
uvicorn = pytest.importorskip("uvicorn")

DOCS = Path(__file__).resolve().parent.parent / "docs"
#: The server's key in these tests: the page opened with it is the director of every game.
TOKEN = "e2e-server-key-0123456789"



@pytest.fixture(scope="module")
def packs(make_packs) -> Path:
    return make_packs(WORDS)


@pytest.fixture(scope="module")
def server(packs, tmp_path_factory):
    games = tmp_path_factory.mktemp("games")
    with served_games(games, packs, TOKEN) as base:
        yield base, games


@pytest.fixture(scope="module")
def browser():
    with chromium() as b:
        yield b


def _new_game(page, base: str, name: str, schemes: str = "", langs: str = "") -> None:
    """Open the page and start a two-player game ``name`` from its new-game form (``langs``: agreed)."""
    page.goto("about:blank")
    page.goto(base + f"/#key={TOKEN}")
    page.click("#new-toggle")
    page.fill("#new-game [name=name]", name)
    page.fill("#new-game [name=players]", "ann,bob")
    page.fill("#new-game [name=schemes]", schemes)
    page.fill("#new-game [name=langs]", langs)
    page.click("#new-game button[type=submit]")
    page.wait_for_selector("#game:not([hidden])")


def _wait_moves(page, count: int) -> None:
    try:
        page.wait_for_function(f"document.querySelectorAll('#moves li').length === {count}", timeout=10_000)
    except playwright.TimeoutError:
        pytest.fail(f"{page.locator('#moves li').count()} moves shown, not {count}; the page says "
                    f"{page.inner_text('#status')!r}")


def _type_play(page, notation: str) -> None:
    """Enter a play by clicking its first new square and typing its new tiles, then pick languages."""
    position, word, designation = notation.split()
    across = position[0].isdigit()
    row = int(position[:-1] if across else position[1:])
    col = position[-1] if across else position[0]
    squares = []
    for i in range(len(word)):
        r, c = (row, chr(ord(col) + i)) if across else (row + i, col)
        squares.append((f"{c}{r}", word[i]))
    first = next(sq for sq, letter in squares if letter != ".")
    page.click(f"[data-square={first}]")
    if not across:  # a second click on the same square turns the cursor down
        page.click(f"[data-square={first}]")
    page.keyboard.type("".join(letter for _, letter in squares if letter != "."))
    default, *overrides = designation[1:].split(",")
    page.select_option("#play-lang", default)
    page.wait_for_selector("#preview [data-score]")
    for item in overrides:
        word_key, lang = item.split("=")
        page.wait_for_selector(f"#preview [data-position={word_key}] select")
        page.select_option(f"#preview [data-position={word_key}] select", lang)
    try:
        page.wait_for_function("(text) => document.getElementById('notation').value === text", arg=notation,
                               timeout=5000)
    except playwright.TimeoutError:
        pytest.fail(f"the page wrote {page.input_value('#notation')!r} for {notation!r}")


def test_a_whole_polyglot_game_in_the_browser(server, browser, packs, tmp_path):
    base, games = server
    page = browser.new_page(viewport={"width": 1100, "height": 760})
    page.goto(base + f"/#key={TOKEN}")
    page.click("#new-toggle")
    page.fill("#new-game [name=name]", "club-night")
    page.fill("#new-game [name=players]", ",".join(PLAYERS))
    page.select_option("#new-game [name=ruleset]", "polyglot")
    page.select_option("#new-game [name=lang]", "en")
    page.click("#new-game button[type=submit]")
    page.wait_for_selector("#game:not([hidden])")
    made = 0
    for kind, arg, deltas in MOVES:
        if kind == "play":
            _type_play(page, arg)
            shown = page.wait_for_selector(f'#preview [data-play="{arg}"]')  # the live preview of this play
            score = shown.get_attribute("data-score")
            assert int(score) == deltas[0], (arg, score)
            if arg.startswith("9H AU"):  # the cross words are English, the main word German, all valid
                assert page.inner_text("#preview").count("✓ word") == 3
            page.click("#play-btn")
        elif kind == "exchange":
            page.click("#exchange-btn")
            page.fill("#exchange-tiles", arg)
            page.click("#exchange-ok")
        elif kind == "pass":
            page.click("#pass-btn")
            page.click("#pass-ok")
        elif kind == "challenge":
            page.click("#challenge-btn")
            page.click("#challenge-ok")
        elif kind == "end":
            page.click("#end-btn")
            for name, tiles in arg.items():
                page.fill(f"[data-rack={name}]", tiles)
            page.click("#end-ok")
        made += len(deltas)
        _wait_moves(page, made)
        assert "error" not in (page.get_attribute("#status", "class") or "")
    scores = [int(x) for x in page.locator("#players td.score").all_inner_texts()]
    assert tuple(scores) == FINAL
    # French WHISKY shows French values on its tiles (W 10 on D8); Russian Ч, laid as CH through the C of
    # CHURRO, shows its 5 on the H placed (F7); Hebrew ס shows 8
    assert page.inner_text("[data-square=D8] .value") == "10"
    assert page.inner_text("[data-square=F7] .value") == "5"
    assert page.get_attribute("[data-square=F7] .tile", "data-lang") == "ru"
    assert page.inner_text("[data-square=C10] .value") == "8"
    # Spanish RR of CHURRO (E10-E11): one native tile on two squares, its 8 on the first, the second marked
    # as its part with no value of its own; coordinates along the board
    assert page.inner_text("[data-square=E10] .value") == "8" and page.inner_text("[data-square=E10] .native") == "RR"
    assert "multi" in (page.get_attribute("[data-square=E11] .tile", "class") or "")
    assert page.inner_text("[data-square=E11] .value") == "⁀"
    assert page.locator("#board .coord").all_inner_texts()[:3] == ["", "A", "B"]
    assert "15" in page.locator("#board .coord.row").all_inner_texts()
    assert "Game over: ann wins with 224." in page.inner_text("#bag")
    assert "went out and gains the tiles left on the other racks" in page.inner_text("#moves")
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(tmp_path / "board.png"))
    if os.environ.get("LEXC_SCREENSHOT"):
        shutil.copy(tmp_path / "board.png", DOCS / "game-board.png")
    saved = games / "club-night.gcg"

    runner = CliRunner()
    replayed = runner.invoke(app, ["replay", str(saved), "--packs", str(packs), "--json"])
    assert replayed.exit_code == 0, replayed.output
    assert '"mismatches": []' in replayed.stdout

    # The same game through `lexc game` commands gives the same file.
    cli_file = tmp_path / "cli.gcg"
    common = ["--packs", str(packs)]
    assert runner.invoke(app, ["game", "new", str(cli_file), "--players", ",".join(PLAYERS), "--ruleset",
                               "polyglot", "--lang", "en", *common]).exit_code == 0
    for kind, arg, _ in MOVES:
        if kind == "end":
            args = ["end", str(cli_file), *[f"--rack={k}={v}" for k, v in arg.items()]]
        else:
            args = [kind, str(cli_file), *([str(arg)] if arg is not None else [])]
        result = runner.invoke(app, ["game", *args, *common])
        assert result.exit_code == 0, (args, result.output)
    clocked = saved.read_text().splitlines()  # the served game noted each turn's time; the commands keep no clock
    assert any(line.startswith("#note time: ") for line in clocked)
    assert cli_file.read_text().splitlines() == [line for line in clocked if not line.startswith("#note time: ")]


def test_a_page_that_goes_stale_keeps_what_was_typed(server, browser):
    """Two pages on one game: the second has a play typed when the first plays. The second shows the move
    at once, says what changed, and keeps its typed play (checked again on the new board)."""
    base, games = server
    first = browser.new_page()
    second = browser.new_page()
    _new_game(first, base, "two-browsers")
    second.goto(base + f"/#game=two-browsers&key={TOKEN}")
    second.wait_for_selector("#game:not([hidden])")
    second.fill("#notation", "8G SHCHI @ru")
    first.fill("#notation", "8D WHISKY @fr")
    first.click("#play-btn")
    _wait_moves(first, 1)
    _wait_moves(second, 1)  # live: no reload
    second.wait_for_function("document.getElementById('status').textContent.includes('ann played 8D WHISKY')")
    assert "your play 8G SHCHI @ru is kept and checked again" in second.inner_text("#status")
    assert second.input_value("#notation") == "8G SHCHI @ru"
    assert "someone else moved" not in second.inner_text("#status")
    text = (games / "two-browsers.gcg").read_text()
    assert "8D WHISKY +92 92" in text and "SHCHI" not in text


def test_typing_on_the_board_with_a_blank_and_backspace(server, browser):
    base, _ = server
    page = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    _new_game(page, base, "typing")
    page.click("[data-square=H8]")
    page.click("[data-square=H8]")  # again: down
    page.keyboard.type("QX")
    page.wait_for_function("document.getElementById('notation').value === 'H8 QX @en'")
    page.keyboard.press("Backspace")
    page.keyboard.type("?i")
    page.wait_for_function("document.getElementById('notation').value === 'H8 Qi @en'")
    shown = page.wait_for_selector('#preview [data-play="H8 Qi @en"]')
    assert shown.get_attribute("data-score") == "20"  # (Q 10 + blank 0) ×2 on the centre square
    assert "blank" in page.get_attribute("[data-square=H9] .tile", "class")
    page.click("#play-btn")
    _wait_moves(page, 1)
    assert page.inner_text("[data-square=H9] .value") == "0"
    page.click("#undo-btn")  # taken back, once confirmed: the board is empty again
    page.click("#undo-ok")
    _wait_moves(page, 0)
    assert page.locator("#board .tile").count() == 0


def test_a_hint_fills_in_the_best_play(server, browser):
    base, games = server
    page = browser.new_page()
    _new_game(page, base, "hinted", langs="en,fr")  # hints search the languages the table agreed on
    page.fill("#rack", "WHISKY?")
    page.click("#hint-btn")
    first = page.wait_for_selector("#hints button.hint")
    play = first.get_attribute("data-play")
    assert play is not None and play.endswith("WHISKY @fr")  # French values beat English: K 10, Y 10, W 10
    first.click()
    shown = page.wait_for_selector(f'#preview [data-play="{play}"]')
    assert shown.get_attribute("data-score") == "92"
    assert not (games / "hinted.gcg").read_text().count(">ann:")  # a hint is not a move


def test_a_game_started_with_an_agreed_scheme(server, browser):
    """The table agrees on Hebrew's full scheme (א is A): the page says so, ABA designated Hebrew
    is אבא scored in Hebrew values (א 2 + ב 3 + א 2, ×2 on the centre), and the file records it."""
    base, games = server
    page = browser.new_page()
    _new_game(page, base, "hebrew", "he=he-full")
    assert page.text_content("#schemes") == "Schemes agreed: he=he-full"
    _type_play(page, "8G ABA @he")
    preview = page.text_content("#preview") or ""
    assert "אבא" in preview and page.get_attribute("#preview [data-score]", "data-score") == "14"
    assert "#note scheme: he=he-full" in (games / "hebrew.gcg").read_text(encoding="utf-8").splitlines()


def test_hostile_input_in_the_page_shows_the_servers_error(server, browser):
    """A game name of 80 letters (the form's pattern allows it) and a play of 1,200 characters: the page
    shows the server's 400 message and nothing is written."""
    base, games = server
    page = browser.new_page()
    page.goto(base + f"/#key={TOKEN}")
    page.click("#new-toggle")
    page.fill("#new-game [name=name]", "a" * 80)
    page.fill("#new-game [name=players]", "ann,bob")
    page.click("#new-game button[type=submit]")
    page.wait_for_selector("#status.error")
    assert page.inner_text("#status") == "name: at most 64 characters, not 80"
    assert not list(games.glob("aaa*"))
    _new_game(page, base, "long-play")
    before = (games / "long-play.gcg").read_text()
    page.fill("#notation", "8D " + "A" * 1_197)
    page.click("#play-btn")
    page.wait_for_function("document.getElementById('status').textContent.includes('at most 1,000 characters')")
    assert page.inner_text("#status") == "play: at most 1,000 characters, not 1,200"
    assert (games / "long-play.gcg").read_text() == before
