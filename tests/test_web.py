"""The web app's API (lexc serve) through Starlette's test client: moves, preview, token, stale pages, names."""

from __future__ import annotations

import pytest
from test_game import LEXICONS  # type: ignore[import-not-found]  # tests/ is on sys.path

pytest.importorskip("starlette")
from starlette.testclient import TestClient

from lexc.catalog import Catalog
from lexc.game.engine import Packs
from lexc.game.web.app import create_app, public_version

CATALOG = Catalog.shipped()
#: The server's key in these tests (the director of every game).
TOKEN = "server-key-of-the-tests-0123"
KEY = {"X-Lexc-Key": TOKEN}


def packs_of(folder):
    """The test's word lists over a packs folder of its own (empty: no language has a pack but those)."""
    return Packs(Catalog.shipped(packs=folder), LEXICONS.words)


def served(games, packs: Packs, **options) -> TestClient:
    """The app over the folder ``games`` and ``packs``, asked as the director from its own host."""
    return TestClient(create_app(games, packs, TOKEN), base_url="http://127.0.0.1", headers=KEY, **options)


def web_client(tmp_path, **options) -> TestClient:
    """The app over ``tmp_path/games`` with its own empty packs folder, asked as the director from its own host."""
    app = create_app(tmp_path / "games", packs_of(tmp_path / "no-packs"), TOKEN, **options)
    return TestClient(app, base_url="http://127.0.0.1", headers=KEY)


@pytest.fixture()
def client(tmp_path):
    return web_client(tmp_path), tmp_path / "games"


def new_game(http: TestClient, name: str = "club", **extra) -> dict:
    response = http.post("/api/games", json={"name": name, "players": "ann,bob", "ruleset": "polyglot",
                                             "lang": "en", **extra})
    assert response.status_code == 200, response.text
    return response.json()


def test_the_page_and_its_assets_are_served(client):
    http, _ = client
    page = http.get("/")
    assert page.status_code == 200 and 'id="board"' in page.text and "/static/app.js" in page.text
    assert "function tentativeNotation" in http.get("/static/app.js").text


def test_a_play_is_previewed_then_made(client):
    http, games = client
    game = new_game(http)
    preview = http.post("/api/games/club/preview", json={"play": "8D WHISKY @fr"}).json()
    assert preview["score"] == 92 and preview["words"][0]["valid"] is True and preview["legal"]
    assert not (games / "club.gcg").read_text().count(">")  # a preview writes nothing
    moved = http.post("/api/games/club/move", json={"action": "play", "play": "8D WHISKY @fr",
                                                    "version": game["version"]}).json()
    assert moved["players"][0]["score"] == 92 and moved["to_move"] == "bob"
    assert ">ann:  8D WHISKY +92 92" in (games / "club.gcg").read_text()
    assert http.get("/api/games").json()["games"] == ["club"]


def test_a_refused_move_says_why(client):
    http, games = client
    game = new_game(http)
    response = http.post("/api/games/club/move", json={"action": "play", "play": "9A QI", "version": game["version"]})
    assert response.status_code == 400
    assert "the first play must cover the centre square H8" in response.json()["error"]
    assert ">" not in (games / "club.gcg").read_text().split("#note lang: en")[1]


def test_a_stale_page_is_refused(client):
    http, games = client
    game = new_game(http)
    http.post("/api/games/club/move", json={"action": "pass", "version": game["version"]})
    text = (games / "club.gcg").read_text()
    stale = http.post("/api/games/club/move", json={"action": "pass", "version": game["version"]})
    assert stale.status_code == 409 and stale.json()["error"] == "the game changed before this move arrived"
    assert [m["move"] for m in stale.json()["game"]["moves"]] == ["-"]  # the game now, for the page to show
    assert (games / "club.gcg").read_text() == text


@pytest.mark.parametrize("name", ["..%2F..%2Fetc%2Fpasswd", "a.b", "%2Ftmp%2Fx"])
def test_names_outside_the_games_directory_are_refused(client, name):
    http, _ = client
    response = http.get(f"/api/games/{name}")
    assert response.status_code in (400, 404)
    created = http.post("/api/games", json={"name": "../escape", "players": "ann,bob"})
    assert created.status_code == 400 and "is not a game name" in created.json()["error"]


def test_only_offered_rulesets_are_accepted(client, tmp_path):
    http, _ = client
    response = http.post("/api/games", json={"name": "x", "players": "ann,bob", "ruleset": str(tmp_path / "r.toml")})
    assert response.status_code == 400 and "is not offered here" in response.json()["error"]


def test_the_servers_key_is_required(tmp_path):
    http = TestClient(create_app(tmp_path, packs_of(tmp_path / "no-packs"), TOKEN), base_url="http://127.0.0.1")
    assert http.get("/api/games").status_code == 403
    assert http.get("/api/games", headers={"X-Lexc-Key": "wrong"}).status_code == 403
    assert http.get("/api/games?token=" + TOKEN).status_code == 403  # a key is never taken from the address
    assert http.get("/api/games", headers=KEY).status_code == 200
    assert http.get("/").status_code == 200  # the page itself carries no game data


def test_bad_requests_get_clear_errors(client):
    http, _ = client
    new_game(http)
    bad = http.post("/api/games/club/move", content=b"not json", headers={"Content-Type": "application/json"})
    assert bad.status_code == 400 and "not JSON" in bad.json()["error"]
    unknown = http.post("/api/games/club/move", json={"action": "dance"})
    assert unknown.status_code == 400 and "unknown action 'dance'" in unknown.json()["error"]
    assert http.get("/api/games/nothere").status_code == 404
    assert http.post("/api/games/nothere/preview", json={"play": "8D QI"}).status_code == 404
    seed = http.post("/api/games", json={"name": "s", "players": "ann,bob", "deal": "abc"})
    assert seed.status_code == 400
    assert "a seed is a whole number of at most 19 digits, not 'abc'" in seed.json()["error"]
    dealt = new_game(http, "dealt", deal="42")
    assert dealt["setup"]["seed"] == 42 and all(len(p["rack"]) == 7 for p in dealt["players"])


def test_killing_the_server_loses_no_accepted_move(tmp_path):
    """Every move the server answered is in the file after a SIGKILL (it is written before the answer)."""
    import signal
    import socket
    import subprocess
    import sys
    import time

    import httpx2 as httpx

    from lexc.lexicon.compiler import compile_words

    packs = tmp_path / "packs"
    packs.mkdir()
    compile_words(CATALOG.language("fr"), ["whisky"], packs / "fr.lexc")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    games = tmp_path / "games"
    server = subprocess.Popen([sys.executable, "-c", "from lexc.cli import main; main()", "serve", "--games",
                               str(games), "--port", str(port), "--packs", str(packs), "--token", TOKEN],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(200):
            try:
                httpx.get(base + "/api/games", headers=KEY)
                break
            except httpx.TransportError:
                time.sleep(0.05)
        game = httpx.post(base + "/api/games", json={"name": "k", "players": "ann,bob"}, headers=KEY).json()
        for move in ({"action": "play", "play": "8D WHISKY @fr"}, {"action": "pass"}, {"action": "pass"}):
            game = httpx.post(base + "/api/games/k/move", json={**move, "version": game["version"]},
                              headers=KEY).json()
        answered = game["version"]
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait(10)
    from lexc.game.store import load

    kept = load(games / "k.gcg", LEXICONS)
    assert public_version(kept, TOKEN) == answered and kept.state.scores == (92, 0) and len(kept.record.events) == 3
    assert sorted(p.name for p in games.iterdir()) == [".k.clock.json", ".k.gcg.lock", ".k.seats.json", "k.gcg"]


def test_challenge_with_the_directors_ruling_and_undo(client):
    http, _ = client
    game = new_game(http)
    game = http.post("/api/games/club/move", json={"action": "play", "play": "8D WHISKY @it",
                                                   "version": game["version"]}).json()
    assert game["can_challenge"] and game["moves"][0]["words"][0]["valid"] is None  # no Italian pack here
    asked = http.post("/api/games/club/move", json={"action": "challenge", "version": game["version"]})
    assert asked.status_code == 400 and "no pack to look up WHISKY (it): the director rules" in asked.json()["error"]
    ruled = http.post("/api/games/club/move", json={"action": "challenge", "rulings": {"WHISKY": False},
                                                    "version": game["version"]}).json()
    assert [m["kind"] for m in ruled["moves"]] == ["play", "withdrawal"] and ruled["players"][0]["score"] == 0
    assert ruled["moves"][0]["withdrawn"] and ruled["board"] == []
    undone = http.post("/api/games/club/move", json={"action": "undo", "version": ruled["version"]}).json()
    assert undone["version"] == game["version"] and undone["players"][0]["score"] == 46


def test_a_time_penalty_after_the_end(client):
    http, games = client
    game = new_game(http)
    game = http.post("/api/games/club/move", json={"action": "end", "force": True, "version": game["version"],
                                                   "racks": {"ann": "AEIQRST", "bob": "ABDEILN"}}).json()
    assert [m["delta"] for m in game["moves"]] == [-16, -10] and game["ended"]  # Q 10 + six ones; B 3 + D 2 + five
    early = new_game(http, "early")
    refused = http.post("/api/games/early/move", json={"action": "penalty", "player": "bob", "points": "10",
                                                       "version": early["version"]})
    assert refused.status_code == 400 and "recorded after the end" in refused.json()["error"]
    timed = http.post("/api/games/club/move", json={"action": "penalty", "player": "bob", "points": "10",
                                                    "version": game["version"]}).json()
    assert timed["players"][1]["score"] == -20 and ">bob:  (time) -10 -20" in (games / "club.gcg").read_text()


def test_a_hint_is_offered_for_a_known_rack(client):
    http, _ = client
    game = http.post("/api/games", json={"name": "h", "players": "ann,bob", "lang": "en"}).json()
    only_english = http.post("/api/games/h/hint", json={"rack": "WHISKY?"}).json()["moves"]
    assert only_english[0]["score"] == 48 and "@en" in only_english[0]["play"]  # 8H WHISKY: the Y on the DW
    found = http.post("/api/games/h/hint", json={"rack": "WHISKY?", "langs": ["en", "fr"]})
    assert found.status_code == 200, found.text
    moves = found.json()["moves"]
    assert moves and moves[0]["score"] == 92 and "@fr" in moves[0]["play"]
    assert http.post("/api/games/h/hint", json={}).status_code == 400
    assert http.post("/api/games/h/hint", json={"rack": "WHISKY?", "langs": "fr"}).status_code == 400
    assert http.get("/api/games/h").json()["version"] == game["version"]  # nothing written


def test_one_move_search_at_a_time_a_second_hint_is_told_to_retry(client, monkeypatch):
    """A hint asked while another's move search runs gets 503 at once, with Retry-After; then hints work again."""
    import threading

    from lexc.game.game import Game

    http, _ = client
    http.post("/api/games", json={"name": "h", "players": "ann,bob", "lang": "en"})
    started, release = threading.Event(), threading.Event()
    real_hints = Game.hints

    def slow_hints(self, *args, **kwargs):  # the first search holds the server until released
        started.set()
        assert release.wait(30)
        return real_hints(self, *args, **kwargs)

    monkeypatch.setattr(Game, "hints", slow_hints)
    first: dict = {}
    worker = threading.Thread(target=lambda: first.update(r=http.post("/api/games/h/hint", json={"rack": "WHISKY?"})))
    worker.start()
    assert started.wait(30)
    busy = http.post("/api/games/h/hint", json={"rack": "QI"})
    assert busy.status_code == 503 and busy.headers["retry-after"] == "2"
    assert busy.json()["error"].startswith("another move search is running on this server: ask again in a moment")
    release.set()
    worker.join(30)
    assert first["r"].status_code == 200 and first["r"].json()["moves"][0]["score"] == 48  # 8H WHISKY
    monkeypatch.setattr(Game, "hints", real_hints)
    assert http.post("/api/games/h/hint", json={"rack": "QI"}).status_code == 200  # the lock was released
    refused = http.post("/api/games/h/hint", json={"rack": "QI", "top": 0})
    assert refused.status_code == 400  # a refused request never takes the lock
    assert http.post("/api/games/h/hint", json={"rack": "QI"}).status_code == 200


HOSTILE = [  # (url, body: JSON value or raw bytes, status, part of the error)
    ("/api/games", [], 400, "the request body is not a JSON object"),
    ("/api/games", b'{"name": "x"' + b" " * 70_000 + b"}", 413, "the request body is over 65,536 bytes"),
    ("/api/games", {"name": "x", "players": "a" * 1_000_000}, 413, "over 65,536 bytes"),
    ("/api/games", b"[" * 30_000 + b"]" * 30_000, 400, "nests more than 3 deep"),
    ("/api/games", b'{"a":' * 3_000 + b"1" + b"}" * 3_000, 400, "nests more than 3 deep"),
    ("/api/games", b'{"name": "\xff"}', 400, "the request body is not JSON"),
    ("/api/games", {"name": ["x"], "players": "ann,bob"}, 400, "name: expected text, not list"),
    ("/api/games", {"name": True, "players": "ann,bob"}, 400, "name: expected text, not bool"),
    ("/api/games", {"name": "../../etc/x", "players": "ann,bob"}, 400, "'../../etc/x' is not a game name"),
    ("/api/games", {"name": "/tmp/x", "players": "ann,bob"}, 400, "'/tmp/x' is not a game name"),
    ("/api/games", {"name": "x", "players": "ann,bob", "deal": "9" * 5_000}, 400, "deal: at most 20 characters"),
    ("/api/games", {"name": "x", "players": "ann,bob", "deal": 10 ** 400}, 400, "a number of more than 20 digits"),
    ("/api/games", {"name": "x", "players": "ann,bob", "deal": "²"}, 400, "a seed is a whole number"),
    ("/api/games", {"name": "x", "players": "ann,bob", "deal": 1.5}, 400, "deal: expected text, not float"),
    ("/api/games", {"name": "x", "players": "ann,bob", "ruleset": "/etc/passwd"}, 400, "'/etc/passwd' is not offered"),
    ("/api/games", {"name": "x", "players": "ann,bob", "ruleset": "../rulesets/super"}, 400, "is not offered"),
    ("/api/games", {"name": "x", "players": "ann,bob", "lang": "../../etc/passwd"}, 400, "is not a language code"),
    ("/api/games", {"name": "x", "players": "ann,bob", "schemes": "he=../../x"}, 400, "is not a scheme name"),
    ("/api/games", {"name": "x", "players": "ann,bob", "title": "t\n#note lang: fr"}, 400,
     "title: a control character ('\\n')"),
    ("/api/games", {"name": "x", "players": "ann\x1b[2J,bob"}, 400, "players: a control character ('\\x1b')"),
    ("/api/games", b'{"name": "x", "players": "ann,bob", "title": "x\\ud800"}', 400,
     "title: a lone surrogate ('\\ud800') in 'x\\ud800'"),
    ("/api/games/club/hint", b'{"rack": "QI", "langs": ["\\udfff"]}', 400, "langs: a lone surrogate"),
    ("/api/games/club/preview", {"play": "8D " + "(" * 5_000}, 400, "play: at most 1,000 characters, not 5,003"),
    ("/api/games/club/preview", {"play": "8D QI", "rack": "A" * 1_000_000}, 413, "over 65,536 bytes"),
    ("/api/games/club/preview", {"play": "8D QI", "rack": "A" * 5_000}, 400, "rack: at most 100 characters"),
    ("/api/games/club/preview", {"play": {"a": 1}}, 400, "play: expected text, not dict"),
    ("/api/games/club/preview", {"play": "8D \x00"}, 400, "play: a control character ('\\x00')"),
    ("/api/games/club/hint", {"top": 10 ** 100}, 400, "top: a number from 1 to 50, not '1000"),
    ("/api/games/club/move", {"action": "challenge", "rulings": ["QI"]}, 400, "rulings: an object of at most 16"),
    ("/api/games/club/move", {"action": "challenge", "rulings": {"QI": "no"}}, 400, "'QI': true or false, not str"),
    ("/api/games/club/move", {"action": "end", "racks": "ann"}, 400, "racks: an object of at most 16 entries, not str"),
    ("/api/games/club/move", {"action": "end", "racks": {"ann": 5.5}}, 400, "ann: expected text, not float"),
    ("/api/games/club/move", {"action": "end", "racks": 1}, 400, "racks: an object of at most 16 entries, not int"),
    ("/api/games/club/move", {"action": "end", "racks": {str(i): "A" for i in range(17)}}, 400,
     "racks: an object of at most 16 entries, not 17"),
    ("/api/games/club/move", {"action": "end", "force": "false"}, 400, "force: true or false, not str"),
    ("/api/games/club/move", {"action": "penalty", "player": "ann", "points": "9" * 5_000}, 400,
     "points: at most 6 characters"),
    ("/api/games/club/move", {"action": "penalty", "player": "ann", "points": "²"}, 400, "points: a number, not '²'"),
    ("/api/games/club/move", {"action": "pass", "version": ["x"]}, 400, "version: expected text, not list"),
]


@pytest.mark.parametrize(("url", "body", "status", "error"), HOSTILE, ids=[f"{i}" for i in range(len(HOSTILE))])
def test_hostile_requests_get_a_4xx_json_error_and_write_nothing(client, url, body, status, error):
    """Wrong types, huge or nested bodies, paths and control characters: a JSON 4xx, the games folder unchanged."""
    http, games = client
    new_game(http)
    before = {p.name: p.read_bytes() for p in games.iterdir()}
    if isinstance(body, bytes):
        response = http.post(url, content=body, headers={"Content-Type": "application/json"})
    else:
        response = http.post(url, json=body)
    assert response.status_code == status, response.text[:300]
    assert error in response.json()["error"]
    assert len(response.text) < 2_000  # what was sent is never echoed whole
    assert {p.name: p.read_bytes() for p in games.iterdir()} == before


def test_a_long_game_name_in_the_address_is_refused_and_cut_in_the_message(client):
    http, _ = client
    response = http.get("/api/games/" + "a" * 5_000)
    assert response.status_code == 400
    assert response.json()["error"] == ("game: " + repr("a" * 64) + "... (5,000 characters) is not a game name "
                                        "(letters, digits, '_' and '-', up to 64)")
