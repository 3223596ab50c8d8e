"""A table of two people and a robot in a real browser: the director and two seats, each in its own
browser context (Playwright driving Debian's chromium), play a dealt Polyglot game to its end (the
board view, which shows what a seat shows but a rack, is tested with people in test_web_table.py).

The director starts the game on the new-game form with the robot seat ``cy=3``; the Links panel gives
the robot no link; ann and bob play from their own seats (the play chosen by lexc's move finder over
their own rack in the game file, typed on the seat's page as a player would), and after bob's move the
robot moves by itself: bob's page says the robot is thinking, then every view shows the robot's move
without a reload. Once, the director takes the robot's move back: the robot waits until the director
presses Robot move. No page of a person shows the robot's rack. At the end the game file replays with
``lexc replay`` and every score reproduced. Words: the 10,000 most frequent English words (wordfreq).
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest
import wordfreq
from browser import chromium, served_games  # type: ignore[import-not-found]  # tests/ is on sys.path
from test_web_e2e import DOCS  # type: ignore[import-not-found]
from typer.testing import CliRunner

from lexc.catalog import Catalog
from lexc.cli import app
from lexc.game.engine import Kind, Packs
from lexc.game.store import load
from lexc.lexicon.compiler import compile_words
from lexc.robot.seat import robot_to_move

playwright = pytest.importorskip("playwright.sync_api")
uvicorn = pytest.importorskip("uvicorn")

TOKEN = "robot-table-server-key-0123456789"
SEED = 12
#: How long a view may take to show a move (ms): the live stream looks at the file every 250 ms.
LIVE_MS = 5000


@pytest.fixture(scope="module")
def packs(tmp_path_factory) -> Path:
    words = [w for w in wordfreq.top_n_list("en", 10000) if w.isascii() and w.isalpha() and len(w) >= 2]
    folder = tmp_path_factory.mktemp("packs")
    compile_words(Catalog.shipped().language("en"), words, folder / "en.lexc")
    return folder


@pytest.fixture(scope="module")
def table(packs, tmp_path_factory):
    games = tmp_path_factory.mktemp("games")
    with served_games(games, packs, TOKEN, loopback=True) as base, chromium() as browser:
        yield base, games, browser


def _held(page) -> dict[str, str]:
    """What the players table of a page says each player holds (a rack, or "N tiles"), by player."""
    names = page.locator("#players td:first-child").all_inner_texts()
    held = page.locator("#players td.held").all_inner_texts()
    return {n.removeprefix("▶ ").split(" (")[0].strip(): h for n, h in zip(names, held, strict=True)}


def test_two_people_and_a_robot_play_a_game_to_its_end(table, packs, tmp_path):
    base, games, browser = table
    path = games / "robots.gcg"
    lexicons = Packs(Catalog.shipped(packs=packs))
    director = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
    director.goto(base + f"/#key={TOKEN}")
    director.click("#new-toggle")
    director.fill("#new-game [name=name]", "robots")
    director.fill("#new-game [name=players]", "ann,bob,cy")
    director.select_option("#new-game [name=ruleset]", "polyglot")
    director.select_option("#new-game [name=lang]", "en")
    director.fill("#new-game [name=robots]", "cy=3")
    director.click("#new-game button[type=submit]")  # no deal seed: refused, naming the field
    director.wait_for_selector("#status.error")
    assert director.inner_text("#status").startswith("robots: a robot needs its rack")
    assert not path.exists()
    director.fill("#new-game [name=deal]", str(SEED))
    director.click("#new-game button[type=submit]")
    director.wait_for_selector("#game:not([hidden])")
    assert director.inner_text("[data-robot=cy]").strip() == "(robot, level 3)"
    assert "#note robot: cy=3" in path.read_text()

    director.click("#links-btn")
    director.wait_for_selector("#links figure[data-view=director] svg")
    assert director.locator("#links figure[data-view=cy] a").count() == 0  # the robot's seat has no link
    assert "moves by itself, no link" in director.inner_text("#links figure[data-view=cy]")
    links = {v: director.get_attribute(f"#links figure[data-view={v}] a", "href") for v in ("ann", "bob")}
    director.screenshot(path=str(tmp_path / "robot-links.png"), full_page=False)

    ann = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
    bob = browser.new_context(viewport={"width": 1000, "height": 800}).new_page()
    for page, view in ((ann, "ann"), (bob, "bob")):
        page.goto(links[view])
        page.wait_for_selector("#game:not([hidden])")
    seats = {"ann": ann, "bob": bob}
    pages = [director, ann, bob]
    for page in pages:  # every #turn text a page shows, kept to look at afterwards
        page.evaluate("""() => { window.turns = [];
            new MutationObserver(() => window.turns.push(document.querySelector('#turn').textContent))
                .observe(document.querySelector('#turn'), {childList: true, characterData: true, subtree: true}); }""")

    def settle() -> object:
        """The game once its robot has moved (the server moves it by itself); every view shows it."""
        deadline = time.monotonic() + 30
        game = load(path, lexicons)
        while robot_to_move(game) is not None:
            assert time.monotonic() < deadline, "the robot did not move within 30 s"
            time.sleep(0.05)
            game = load(path, lexicons)
        count = len(game.record.events)
        for page in pages:
            page.wait_for_function(f"document.querySelectorAll('#moves li').length === {count}", timeout=LIVE_MS)
        for seat, page in seats.items() if not game.state.ended else ():  # its own rack, never another's
            held = _held(page)
            assert held["cy"].endswith(" tiles") and held["ann" if seat == "bob" else "bob"].endswith(" tiles")
        return game

    plays = {"ann": 0, "bob": 0}
    game = settle()
    screenshot = False
    while not game.state.ended:
        mover = game.to_move
        if game.state.can_end:  # someone went out, or six scoreless turns: the director ends the game
            director.click("#end-btn")
            director.click("#end-ok")
            director.wait_for_function("document.querySelector('#bag').textContent.includes('Game over')",
                                       timeout=10_000)
            game = settle()
            break
        page = seats[mover]
        count = len(game.record.events)
        found = game.hints(None, 1)
        if found:
            play = str(found[0].to_json()["play"])
            page.fill("#notation", play)
            if not sum(plays.values()):  # the first play previewed (scored on the page) before it is made
                page.wait_for_selector(f'#preview [data-play="{play}"]')
            page.click("#play-btn")
            plays[mover] += 1
        else:
            page.click("#pass-btn")
            page.click("#pass-ok")
        page.wait_for_function(f"document.querySelectorAll('#moves li').length > {count}", timeout=10_000)
        if not screenshot and mover == "bob" and plays["bob"] == 3:
            ann.wait_for_function(f"document.querySelectorAll('#moves li').length > {count}", timeout=LIVE_MS)
            ann.evaluate("window.scrollTo(0, 0)")
            ann.screenshot(path=str(tmp_path / "robot-seat.png"), full_page=False)
            screenshot = True
            game = settle()
            assert game.record.events[-1].player == "cy"
            director.click("#undo-btn")  # the director takes the robot's move back: it waits for the director
            director.click("#undo-ok")
            director.wait_for_function("document.querySelector('#turn').textContent.includes('waits after the undo')")
            for page in (ann, bob):
                page.wait_for_function("document.querySelector('#turn').textContent === "
                                       "'cy (robot, level 3) waits after the undo: the director lets it play.'",
                                       timeout=LIVE_MS)
            assert len(load(path, lexicons).record.events) == len(game.record.events) - 1
            ann.locator("#turn").scroll_into_view_if_needed()
            ann.screenshot(path=str(tmp_path / "robot-waits.png"), full_page=False)
            director.click("#robot-btn")
        game = settle()

    text = path.read_text()
    events = game.record.events
    robot = [e for e in events if e.player == "cy"]
    robot_plays = [i for i, e in enumerate(events) if e.player == "cy" and e.kind is Kind.PLAY]
    assert game.state.ended and plays["ann"] >= 5 and plays["bob"] >= 5 and len(robot_plays) >= 5, (plays, robot)
    for i in robot_plays:  # every play of the robot legal, each word good in the pack
        result = game.state.results[i]
        assert result is not None and result.legal and not result.phonies
    assert sum(line.startswith(">cy:") for line in text.splitlines()) >= len(robot)  # recorded like any move
    thinking = bob.evaluate("window.turns")
    assert "cy (robot, level 3) is thinking…" in thinking  # bob's move made the robot's turn
    for page in (ann, bob):
        page.wait_for_function("document.querySelector('#bag').textContent.includes('Game over')", timeout=LIVE_MS)
    assert ann.is_disabled("#play-btn") and bob.is_disabled("#play-btn")
    done = CliRunner().invoke(app, ["replay", str(path), "--packs", str(packs)])
    assert done.exit_code == 0 and "every score reproduced" in done.stdout, done.output
    print(f"\nrobot table: {len(events)} events, plays ann {plays['ann']}, bob {plays['bob']}, "
          f"cy {len(robot_plays)}; scores {dict(zip(game.setup.players, game.state.scores, strict=True))}")
    if os.environ.get("LEXC_SCREENSHOT") and screenshot:
        shutil.copy(tmp_path / "robot-seat.png", DOCS / "game-robot-seat.png")
