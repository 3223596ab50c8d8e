"""Robot seats of a served game (lexc serve), through Starlette's test client: the new-game field
``robots``, the robot moving by itself after a person's move and when it starts, its seat without a
link, a robot that cannot move shown and not fatal, and a person's move never lost to a robot's.

Words: the 3,000 most frequent English and French words of wordfreq (a dependency), compiled here.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
import wordfreq
from test_web import KEY, TOKEN  # type: ignore[import-not-found]  # tests/ is on sys.path
from typer.testing import CliRunner

pytest.importorskip("starlette")
from starlette.testclient import TestClient

from lexc.catalog import Catalog
from lexc.cli import app
from lexc.game.engine import Kind, Packs
from lexc.game.seats import seats_of
from lexc.game.store import load, update
from lexc.game.web.app import create_app
from lexc.game.web.robots import RobotTable
from lexc.lexicon.compiler import compile_words

CATALOG = Catalog.shipped()
runner = CliRunner()


@pytest.fixture(scope="module")
def pack_folder(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("robot-web-packs")
    for lang in ("en", "fr"):
        compile_words(CATALOG.language(lang), wordfreq.top_n_list(lang, 3000), folder / f"{lang}.lexc")
    return folder


@pytest.fixture()
def served(tmp_path, pack_folder):
    """The app over ``tmp_path/games`` and the English pack, asked as the director; its robot table."""
    games = tmp_path / "games"
    web = create_app(games, Packs(Catalog.shipped(packs=pack_folder)), TOKEN)
    with TestClient(web, base_url="http://127.0.0.1", headers=KEY) as http:  # runs the server's start
        yield http, games, web.state.robots


def game_of(games: Path, pack_folder: Path, name: str = "club"):
    return load(games / f"{name}.gcg", Packs(Catalog.shipped(packs=pack_folder)))


def settled(games: Path, pack_folder: Path, count: int, name: str = "club", timeout: float = 30.0):
    """The game once it holds ``count`` events (the robot moves on a thread of the server's)."""
    deadline = time.monotonic() + timeout
    while True:
        game = game_of(games, pack_folder, name)
        if len(game.record.events) >= count or time.monotonic() > deadline:
            return game
        time.sleep(0.05)


def best(game) -> str:
    """The best play of the player to move, by lexc's move finder over the game (its rack is lexc's)."""
    return str(game.hints(None, 1)[0].to_json()["play"])


def replays(path: Path, pack_folder: Path) -> None:
    done = runner.invoke(app, ["replay", str(path), "--packs", str(pack_folder)])
    assert done.exit_code == 0 and "every score reproduced" in done.stdout, done.output


def test_robot_seats_are_refused_clearly(served):
    http, games, _ = served
    table = {"name": "t", "players": "ann,bob,cy", "ruleset": "polyglot", "lang": "en"}
    for extra, message in [
            ({"robots": "cy=3"}, "robots: a robot needs its rack: robots play only games where lexc deals the tiles "
                                 "(a deal seed)"),
            ({"robots": "dee=3", "deal": "7"}, "robots: dee: not a player of this game (ann, bob, cy)"),
            ({"robots": "cy=9", "deal": "7"}, "robots: cy: a robot's level is 1 to 5 or greedy, not '9'"),
            ({"robots": "cy", "deal": "7"}, "robots: write PLAYER=LEVEL (e.g. cy=3), not 'cy'")]:
        refused = http.post("/api/games", json={**table, **extra})
        assert refused.status_code == 400 and refused.json()["error"] == message, refused.text
    assert not list(games.glob("*.gcg"))  # nothing written


def test_the_robot_moves_by_itself_after_a_persons_move(served, pack_folder):
    http, games, robots = served
    made = http.post("/api/games", json={"name": "club", "players": "ann,cy", "ruleset": "polyglot", "lang": "en",
                                         "deal": "11", "robots": "cy=3"})
    assert made.status_code == 200, made.text
    game = made.json()
    assert game["robots"] == {"cy": "3"} and game["thinking"] is None and game["to_move"] == "ann"
    assert "#note robot: cy=3" in (games / "club.gcg").read_text()
    seats = seats_of(games / "club.gcg", ["ann", "cy"])
    assert seats is not None
    ann = {"X-Lexc-Key": seats.key_of("ann")}

    # the robot's seat has no link, and its key opens nothing: nobody sees its rack or moves for it
    links = {x["view"]: x for x in http.get("/api/games/club/links").json()["links"]}
    assert links["cy"] == {"view": "cy", "url": None, "qr": None, "robot": "3"} and links["ann"]["url"]
    printed = runner.invoke(app, ["game", "seats", str(games / "club.gcg"), "--packs", str(pack_folder)])
    assert [line.split()[0] for line in printed.stdout.splitlines()] == ["ann", "board", "director"]
    robot_key = {"X-Lexc-Key": seats.key_of("cy")}
    assert http.get("/api/games/club", headers=robot_key).status_code == 403
    refused = http.post("/api/games/club/move", headers=robot_key, json={"action": "pass", "version": game["version"]})
    assert refused.status_code == 403 and "cy's seat is a robot's" in refused.json()["error"]

    # ann plays from her seat: the answer says the robot is thinking, then its move is in the file
    play = best(game_of(games, pack_folder))
    moved = http.post("/api/games/club/move", headers=ann, json={"action": "play", "play": play,
                                                                 "version": game["version"]})
    assert moved.status_code == 200, moved.text
    assert moved.json()["thinking"] == "cy" and moved.json()["to_move"] == "cy"
    after = settled(games, pack_folder, 2)
    events = after.record.events
    assert [e.player for e in events[:2]] == ["ann", "cy"] and events[0].kind is Kind.PLAY
    assert events[1].kind in (Kind.PLAY, Kind.EXCHANGE, Kind.PASS)
    if events[1].kind is Kind.PLAY:
        assert after.state.results[1].legal and not after.state.results[1].phonies
    text = (games / "club.gcg").read_text()
    # the robot's move went through the clock like a person's (its time depends on the machine's load)
    assert re.search(r"#note time: cy used \d+:\d\d", text), text
    shown = http.get("/api/games/club", headers=ann).json()
    assert shown["to_move"] == "ann" and shown["thinking"] is None and len(shown["moves"]) == 2
    assert [p["rack"] for p in shown["players"]][1] is None  # ann never sees the robot's rack
    replays(games / "club.gcg", pack_folder)
    refused = http.post("/api/games/club/robot", json={})
    assert refused.status_code == 400 and refused.json()["error"] == "robot: it is ann's turn, and ann is not a robot"

    # the director takes the robot's move back: the robot waits (it would make the same move again)
    undone = http.post("/api/games/club/move", json={"action": "undo", "version": shown["version"]}).json()
    assert undone["thinking"] == "cy" and undone["robot_held"] is True
    assert robots.wait() and len(game_of(games, pack_folder).record.events) == 1
    assert http.get("/api/games/club").json()["robot_held"] is True  # opening the game does not move it
    assert robots.wait() and len(game_of(games, pack_folder).record.events) == 1
    assert http.post("/api/games/club/robot", headers=ann, json={}).status_code == 403  # the director's only
    let = http.post("/api/games/club/robot", json={})
    assert let.status_code == 200 and let.json()["robot_held"] is False and let.json()["thinking"] == "cy"
    again = settled(games, pack_folder, 2)
    assert [e.player for e in again.record.events] == ["ann", "cy"] and "#note bag reshuffled: undo 1" in again.text
    replays(games / "club.gcg", pack_folder)


def test_a_level_five_robot_challenges_a_phony_played_from_a_seat(served, pack_folder):
    http, games, _ = served
    made = http.post("/api/games", json={"name": "club", "players": "ann,cy", "ruleset": "polyglot", "lang": "en",
                                         "deal": "4", "robots": "cy=5"}).json()
    seats = seats_of(games / "club.gcg", ["ann", "cy"])
    assert seats is not None
    game = game_of(games, pack_folder)
    rack = [t for t in game.state.racks[0] or () if t != "?"]
    phony = next(f"8G {a}{b}{c}" for a in rack for b in rack for c in rack
                 if game.preview(f"8G {a}{b}{c}").phonies and not game.preview(f"8G {a}{b}{c}").problems)
    moved = http.post("/api/games/club/move", headers={"X-Lexc-Key": seats.key_of("ann")},
                      json={"action": "play", "play": phony, "version": made["version"]})
    assert moved.status_code == 200, moved.text
    events = settled(games, pack_folder, 3).record.events
    assert events[1].kind is Kind.WITHDRAWAL and "challenged: cy: phony" in events[1].notes[0]
    assert events[2].player == "cy" and events[2].kind in (Kind.PLAY, Kind.EXCHANGE)  # then it moves
    replays(games / "club.gcg", pack_folder)


def test_a_robot_that_starts_moves_when_the_game_is_made(served, pack_folder):
    http, games, _ = served
    made = http.post("/api/games", json={"name": "club", "players": "cy,ann", "ruleset": "polyglot", "lang": "en",
                                         "deal": "5", "robots": "cy=greedy"})
    assert made.status_code == 200 and made.json()["thinking"] == "cy"
    game = settled(games, pack_folder, 1)
    assert [e.player for e in game.record.events] == ["cy"] and game.record.events[0].kind is Kind.PLAY
    assert game.state.results[0].legal and not game.state.results[0].phonies  # greedy plays the top score
    assert game.state.scores[0] == game_of(games, pack_folder).state.scores[0] > 0


def test_robots_play_the_tables_agreed_languages_to_the_end(served, pack_folder):
    """Two robots at a table that agreed on English and French: the server plays the game to its end."""
    from lexc.records.gcg import parse
    from lexc.records.replay import replay

    http, games, robots = served
    made = http.post("/api/games", json={"name": "club", "players": "ann,cy", "ruleset": "polyglot", "lang": "en",
                                         "langs": "en,fr", "deal": "21", "robots": "ann=5 cy=greedy"})
    assert made.status_code == 200 and made.json()["robots"] == {"ann": "5", "cy": "greedy"}
    assert robots.wait()
    game = game_of(games, pack_folder)
    assert game.state.ended and http.get("/api/games/club").json()["thinking"] is None
    catalog = Catalog.shipped(packs=pack_folder)
    result = replay(parse(game.text), catalog, lexicons=catalog.lexicons(["en", "fr"]))
    assert not result.mismatches and not result.phonies
    words = [w for r in result.results if r is not None for w in r.words]
    assert {w.lang for w in words} == {"en", "fr"} and all(w.valid is True for w in words)


def test_a_robot_left_to_move_moves_when_its_game_is_opened_or_the_server_starts(tmp_path, pack_folder):
    games = tmp_path / "games"
    games.mkdir()
    made = runner.invoke(app, ["game", "new", str(games / "club.gcg"), "--players", "ann,cy", "--ruleset",
                               "polyglot", "--deal", "3", "--robot", "cy=5", "--packs", str(pack_folder)])
    assert made.exit_code == 0, made.output

    def ann_passes() -> None:  # by the command line, which moves no robot
        done = runner.invoke(app, ["game", "pass", str(games / "club.gcg"), "--packs", str(pack_folder)])
        assert done.exit_code == 0, done.output

    ann_passes()
    web = create_app(games, Packs(Catalog.shipped(packs=pack_folder)), TOKEN)
    with TestClient(web, base_url="http://127.0.0.1", headers=KEY) as http:  # the server starts: the robot moves
        assert [e.player for e in settled(games, pack_folder, 2).record.events] == ["ann", "cy"]
        ann_passes()
        assert web.state.robots.wait() and len(game_of(games, pack_folder).record.events) == 3  # nobody looked
        assert http.get("/api/games/club").json()["thinking"] == "cy"  # the director opens the game
        assert [e.player for e in settled(games, pack_folder, 4).record.events] == ["ann", "cy", "ann", "cy"]


def test_a_robot_that_cannot_move_is_shown_and_the_director_moves_for_it(tmp_path, pack_folder):
    """Welsh has no pack here: the robot cannot search; its error is on the page, the server goes on."""
    games = tmp_path / "games"
    web = create_app(games, Packs(Catalog.shipped(packs=pack_folder)), TOKEN)
    with TestClient(web, base_url="http://127.0.0.1", headers=KEY) as http:
        made = http.post("/api/games", json={"name": "club", "players": "cy,ann", "ruleset": "standard",
                                             "lang": "cy", "deal": "5", "robots": "cy=5"}).json()
        assert web.state.robots.wait()
        shown = http.get("/api/games/club").json()
        assert shown["thinking"] == "cy" and shown["version"] == made["version"]
        assert shown["robot_error"].startswith("no pack for 'cy': run `lexc build cy`")
        assert web.state.robots.wait()  # opening the game again does not try the same move again
        assert [e.player for e in game_of(games, pack_folder).record.events] == []
        tried = http.post("/api/games/club/robot", json={})  # the director tries it again: the same error
        assert tried.status_code == 200 and web.state.robots.wait()
        assert http.get("/api/games/club").json()["robot_error"].startswith("no pack for 'cy'")
        moved = http.post("/api/games/club/move", json={"action": "pass", "version": made["version"]})
        assert moved.status_code == 200 and moved.json()["to_move"] == "ann" and moved.json()["robot_error"] is None


def test_a_persons_move_meanwhile_is_never_lost(tmp_path, pack_folder):
    """The robot searches outside the game's lock; a move written meanwhile wins, and the robot looks again."""
    from lexc.game import Game, Setup
    from lexc.game.store import create
    from lexc.robot.seat import with_robots

    packs = Packs(Catalog.shipped(packs=pack_folder))
    path = tmp_path / "club.gcg"
    create(with_robots(Game.new(Setup.new(["ann", "cy"], catalog=packs.catalog, ruleset="polyglot", seed=8), packs),
                       {"cy": "5"}), path)
    play = best(load(path, packs))
    update(path, packs, lambda g: g.play(play))
    tries: list[str] = []

    def commit(at, game, move):
        if not tries:  # the director takes ann's play back and ann plays it again: the bag is reshuffled
            update(at, packs, lambda g: g.undo())
            update(at, packs, lambda g: g.play(play))
        tries.append(game.version)
        return update(at, packs, move, expected=game.version)

    table = RobotTable(packs, commit)
    table.kick(path)
    assert table.wait()
    game = load(path, packs)
    assert len(tries) == 2 and tries[0] != tries[1]  # the first robot move was dropped, unwritten
    assert [e.player for e in game.record.events] == ["ann", "cy"] and "#note bag reshuffled: undo 1" in game.text
    replays(path, pack_folder)


def test_a_paused_clock_keeps_the_robot_from_moving_until_the_director_resumes_it(tmp_path, pack_folder):
    """The director paused the clock on the robot's turn (and the server restarted): the robot waits, when
    the server starts, when the game is opened and when the director lets it move; resuming moves it."""
    from lexc.game.clock import Turn, read_turn, turn_path, used_of, write_turn

    games = tmp_path / "games"
    games.mkdir()
    path = games / "club.gcg"
    made = runner.invoke(app, ["game", "new", str(path), "--players", "ann,cy", "--ruleset", "polyglot",
                               "--deal", "3", "--robot", "cy=5", "--packs", str(pack_folder)])
    assert made.exit_code == 0, made.output
    done = runner.invoke(app, ["game", "pass", str(path), "--packs", str(pack_folder)])  # the CLI moves no robot
    assert done.exit_code == 0, done.output
    game = game_of(games, pack_folder)
    write_turn(turn_path(path), Turn(game.version, 12.0, None))  # paused 12 seconds into cy's turn
    web = create_app(games, Packs(Catalog.shipped(packs=pack_folder)), TOKEN)
    with TestClient(web, base_url="http://127.0.0.1", headers=KEY) as http:  # the server starts
        assert web.state.robots.wait() and len(game_of(games, pack_folder).record.events) == 1
        shown = http.get("/api/games/club").json()  # opening the game wakes the robot: still paused
        assert shown["clock"]["paused"] and shown["thinking"] == "cy" and shown["robot_error"] is None
        assert http.post("/api/games/club/robot", json={}).status_code == 200  # the director's go: paused still
        assert web.state.robots.wait() and len(game_of(games, pack_folder).record.events) == 1
        assert read_turn(turn_path(path), game_of(games, pack_folder)).since is None
        resumed = http.post("/api/games/club/clock", json={"action": "resume"})
        assert resumed.status_code == 200 and not resumed.json()["clock"]["paused"]
        events = settled(games, pack_folder, 2).record.events
        assert [e.player for e in events] == ["ann", "cy"]
        used = used_of(events[1].notes)["cy"]  # the 12 paused seconds carried, counted on from the resume
        assert 12 <= used < 12 + 120 and events[1].notes[0].startswith("time: cy used ")
