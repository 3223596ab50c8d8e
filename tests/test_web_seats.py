"""The served game's security boundary and its views, through Starlette's test client.

Cross-site and DNS-rebinding requests are refused on every route that reads or changes a game,
with and without a key; a seat sees its own rack only and acts on its own turn only; the board
sees no rack; a request with no key or another view's changes nothing; with ``show_validity``
off no seat or board answer says a word is invalid before a challenge; the director's undo
reshuffles lexc's bag; the clocks are noted in the file and an overtime penalty lands there.
"""

from __future__ import annotations

import json
import os
import stat

import pytest
from test_web import KEY, TOKEN, packs_of  # type: ignore[import-not-found]  # tests/ is on sys.path

pytest.importorskip("starlette")
from starlette.testclient import TestClient

from lexc.game.seats import Seats, seats_path
from lexc.game.store import load
from lexc.game.web.app import Hosts, create_app, public_version, qr_svg

OWN = "http://127.0.0.1"


@pytest.fixture()
def served(tmp_path):
    """The app, asked from its own host with no key; a dealt game ``club`` (seed 7) and its seats."""
    games = tmp_path / "games"
    packs = packs_of(tmp_path / "no-packs")
    http = TestClient(create_app(games, packs, TOKEN, hosts=Hosts.loopback(80)), base_url=OWN)
    made = http.post("/api/games", json={"name": "club", "players": "ann,bob", "lang": "en", "deal": "7"},
                     headers=KEY)
    assert made.status_code == 200, made.text
    data = json.loads(seats_path(games / "club.gcg").read_text())
    return http, games, packs, Seats(data["director"], data["board"], tuple(data["seats"].items()))


def as_(key: str) -> dict[str, str]:
    return {"X-Lexc-Key": key}


def folder(games) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(games.iterdir()) if p.is_file()}


def version(http, key) -> str:
    return http.get("/api/games/club", headers=as_(key)).json()["version"]


# --------------------------------------------------------------------------- the boundary

ROUTES = [  # (method, path, body): every route that reads or changes a game
    ("GET", "/api/games", None),
    ("POST", "/api/games", {"name": "other", "players": "ann,bob"}),
    ("GET", "/api/games/club", None),
    ("GET", "/api/games/club/events", None),
    ("GET", "/api/games/club/file", None),
    ("GET", "/api/games/club/links", None),
    ("POST", "/api/games/club/preview", {"play": "8D WHISKY @fr"}),
    ("POST", "/api/games/club/move", {"action": "pass", "version": "VERSION"}),
    ("POST", "/api/games/club/move", {"action": "undo", "version": "VERSION"}),
    ("POST", "/api/games/club/clock", {"action": "pause"}),
    ("POST", "/api/games/club/hint", {"top": 1}),
    ("POST", "/api/games/club/robot", {}),
]
ATTACKS = {  # what a page elsewhere, or a name rebound to this machine, sends
    "rebinding": {"Host": "attacker.example:8000"},
    "rebinding-no-port": {"Host": "attacker.example"},
    "other-port": {"Host": "127.0.0.1:9999"},
    "cross-site-origin": {"Origin": "http://evil.example"},
    "null-origin": {"Origin": "null"},
    "cross-site-fetch": {"Sec-Fetch-Site": "cross-site"},
    "same-site-fetch": {"Sec-Fetch-Site": "same-site"},
    "cross-site-referer": {"Referer": "http://evil.example/page"},
}


def _send(http, method, path, body, headers):
    if body is None:
        return http.request(method, path, headers=headers)
    return http.request(method, path, headers={"Content-Type": "application/json", **headers},
                        content=json.dumps(body).encode())


@pytest.mark.parametrize("with_key", [True, False], ids=["with-key", "without-key"])
@pytest.mark.parametrize("attack", list(ATTACKS))
@pytest.mark.parametrize(("method", "path", "body"), ROUTES, ids=[f"{m}-{p}-{(b or {}).get('action', '')}"
                                                                  for m, p, b in ROUTES])
def test_cross_site_and_rebinding_requests_are_refused(served, method, path, body, attack, with_key):
    http, games, _, _ = served
    if body and body.get("version") == "VERSION":
        body = {**body, "version": version(http, TOKEN)}
    before = folder(games)
    headers = {**ATTACKS[attack], **(KEY if with_key else {})}
    if attack == "cross-site-referer" and method == "GET":
        pytest.skip("a GET carries no Origin; a Referer alone is checked on a state change")
    response = _send(http, method, path, body, headers)
    assert response.status_code == 403, (attack, response.text)
    message = response.json()["error"]
    assert "another site" in message or "its own address only" in message
    assert folder(games) == before


@pytest.mark.parametrize("kind", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data", ""])
@pytest.mark.parametrize(("method", "path", "body"), [r for r in ROUTES if r[0] == "POST"],
                         ids=[f"{p}-{(b or {}).get('action', '')}" for m, p, b in ROUTES if m == "POST"])
def test_a_body_that_is_not_declared_json_is_refused(served, method, path, body, kind):
    """A ``text/plain`` or form post needs no CORS preflight: it is refused whatever it holds, key or not."""
    http, games, _, _ = served
    if body.get("version") == "VERSION":
        body = {**body, "version": version(http, TOKEN)}
    before = folder(games)
    response = http.post(path, content=json.dumps(body).encode(), headers={"Content-Type": kind, **KEY})
    assert response.status_code == 415 and "application/json" in response.json()["error"]
    assert folder(games) == before


def test_the_boards_own_origin_is_accepted(served):
    http, games, _, _ = served
    moved = http.post("/api/games/club/move", json={"action": "pass", "version": version(http, TOKEN)},
                      headers={**KEY, "Origin": OWN, "Sec-Fetch-Site": "same-origin", "Referer": OWN + "/"})
    assert moved.status_code == 200 and moved.json()["moves"][0]["kind"] == "pass"
    other = TestClient(create_app(games, packs_of(games.parent / "p2"), TOKEN, hosts=Hosts.loopback(8000)),
                       base_url="http://localhost:8000")
    assert other.get("/api/games", headers=KEY).status_code == 200
    assert other.get("/api/games", headers={**KEY, "Host": "127.0.0.1:8001"}).status_code == 403


@pytest.mark.parametrize(("method", "path", "body"), ROUTES, ids=[f"{m}-{p}-{(b or {}).get('action', '')}"
                                                                  for m, p, b in ROUTES])
@pytest.mark.parametrize("key", ["", "wrong-key-wrong-key-wrong", "a" * 500])
def test_no_key_or_a_wrong_key_is_refused_and_changes_nothing(served, method, path, body, key):
    """The server listens on loopback here: a key is needed all the same."""
    http, games, _, _ = served
    if body and body.get("version") == "VERSION":
        body = {**body, "version": version(http, TOKEN)}
    before = folder(games)
    response = _send(http, method, path, body, as_(key) if key else {})
    assert response.status_code == 403, response.text
    assert folder(games) == before


def test_a_seat_or_the_board_cannot_list_or_create_games(served):
    http, games, _, seats = served
    for key in (seats.key_of("ann"), seats.board, seats.director):  # a game's keys open that game only
        assert http.get("/api/games", headers=as_(key)).status_code == 403
        assert http.post("/api/games", json={"name": "x", "players": "a,b"}, headers=as_(key)).status_code == 403
    assert not (games / "x.gcg").exists()
    other = http.post("/api/games", json={"name": "other", "players": "ann,bob", "deal": "7"}, headers=KEY).json()
    before = folder(games)
    for key in (seats.key_of("ann"), seats.director):  # a key of game club opens no other game
        assert http.get("/api/games/other", headers=as_(key)).status_code == 403
        moved = http.post("/api/games/other/move", json={"action": "pass", "version": other["version"]},
                          headers=as_(key))
        assert moved.status_code == 403
    assert folder(games) == before


def test_the_servers_key_is_never_empty(tmp_path):
    from lexc.errors import LexcError

    with pytest.raises(LexcError, match="at least 16 characters"):
        create_app(tmp_path, packs_of(tmp_path / "p"), "")


@pytest.mark.parametrize("token", ["", "   ", "short", "sixteen chars ok"])
def test_serve_refuses_an_empty_or_weak_token(token, tmp_path):
    from typer.testing import CliRunner

    from lexc.cli import app

    result = CliRunner().invoke(app, ["serve", "--token", token, "--games", str(tmp_path / "g")])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "--token: the server's key is at least 16 printable ASCII characters" in result.output
    assert not (tmp_path / "g").exists()


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into any folder")
def test_serve_refuses_a_games_folder_it_cannot_write(tmp_path):
    from typer.testing import CliRunner

    from lexc.cli import app

    locked = tmp_path / "ro"
    locked.mkdir()
    locked.chmod(stat.S_IRUSR | stat.S_IXUSR)
    result = CliRunner().invoke(app, ["serve", "--games", str(locked), "--token", TOKEN])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert f"{locked}: games folder: not writable" in result.output


# --------------------------------------------------------------------------- seats and views


def test_the_seats_file_is_the_owners_only_and_not_in_the_game(served):
    _, games, _, seats = served
    sidecar = seats_path(games / "club.gcg")
    assert stat.S_IMODE(sidecar.stat().st_mode) == 0o600
    text = (games / "club.gcg").read_text()
    assert all(secret not in text for secret in (seats.director, seats.board, *dict(seats.players).values()))


def test_each_view_sees_what_it_may(served):
    http, _, _, seats = served
    director = http.get("/api/games/club", headers=as_(seats.director)).json()
    racks = {p["name"]: p["rack"] for p in director["players"]}
    assert all(len(r) == 7 for r in racks.values())
    for player in ("ann", "bob"):
        seat = http.get("/api/games/club", headers=as_(seats.key_of(player)))
        shown = {p["name"]: p["rack"] for p in seat.json()["players"]}
        other = "bob" if player == "ann" else "ann"
        assert shown == {player: racks[player], other: None}
        assert seat.json()["view"] == {"kind": "seat", "player": player}
        assert seat.json()["setup"]["seed"] is None  # the seed deals every rack
        assert seat.json()["unseen_for"] == player
    board = http.get("/api/games/club", headers=as_(seats.board)).json()
    assert [p["rack"] for p in board["players"]] == [None, None] and board["unseen_for"] is None
    assert board["setup"]["seed"] is None and director["setup"]["seed"] == 7
    assert board["unseen_counts"]["tiles"] == 100  # nothing on the board: the bag and both racks


def test_a_seat_plays_on_its_turn_only_and_never_undoes(served):
    http, games, _, seats = served
    ann, bob = as_(seats.key_of("ann")), as_(seats.key_of("bob"))
    before = folder(games)
    early = http.post("/api/games/club/move", json={"action": "pass", "version": version(http, TOKEN)}, headers=bob)
    assert early.status_code == 403 and "it is ann's turn" in early.json()["error"]
    assert http.post("/api/games/club/hint", json={}, headers=bob).status_code == 403
    assert folder(games) == before
    passed = http.post("/api/games/club/move", json={"action": "pass", "version": version(http, TOKEN)}, headers=ann)
    assert passed.status_code == 200 and passed.json()["to_move"] == "bob"
    for action in ("undo", "end", "penalty"):
        refused = http.post("/api/games/club/move", json={"action": action, "version": passed.json()["version"],
                                                          "player": "ann", "points": "5"}, headers=bob)
        assert refused.status_code == 403 and f"only the director may {action}" in refused.json()["error"]
    board = as_(seats.board)
    for path, body in [("move", {"action": "pass", "version": passed.json()["version"]}),
                       ("preview", {"play": "8D QI"}), ("clock", {"action": "pause"})]:
        assert http.post(f"/api/games/club/{path}", json=body, headers=board).status_code == 403
    assert http.get("/api/games/club/file", headers=bob).status_code == 403  # it holds every rack
    assert http.get("/api/games/club/links", headers=bob).status_code == 403
    assert http.get("/api/games/club/file", headers=as_(seats.director)).text == (games / "club.gcg").read_text()


def test_the_same_click_sent_twice_makes_one_move(served):
    """The second submission of one version is refused with 409, and the answer holds the game now."""
    http, games, _, seats = served
    ann = as_(seats.key_of("ann"))
    seen = version(http, TOKEN)
    first = http.post("/api/games/club/move", json={"action": "pass", "version": seen}, headers=ann)
    again = http.post("/api/games/club/move", json={"action": "pass", "version": seen}, headers=ann)
    assert first.status_code == 200 and again.status_code == 409
    assert again.json()["game"]["version"] == first.json()["version"]
    assert [m["move"] for m in again.json()["game"]["moves"]] == ["-"]
    assert load(games / "club.gcg", packs_of(games.parent / "p")).record.events[0].kind.value == "pass"
    assert len(load(games / "club.gcg", packs_of(games.parent / "p")).record.events) == 1
    missing = http.post("/api/games/club/move", json={"action": "pass"}, headers=as_(seats.key_of("bob")))
    assert missing.status_code == 400 and "version" in missing.json()["error"]


def _hand(http, key) -> str:
    return next(p["rack"] for p in http.get("/api/games/club", headers=as_(key)).json()["players"] if p["rack"])


def test_without_show_validity_no_seat_or_board_is_told_a_word_is_invalid(served):
    """Polyglot keeps validity for the challenge: the director sees it; seats and the board do not,
    in the preview, the game, the live stream or the move list, until the play is challenged."""
    http, _, _, seats = served
    assert _hand(http, seats.key_of("ann")) == "EEGSTT?"  # ann's rack, dealt with seed 7
    phony = "8G TGT @en"  # no such English word
    ann, bob, board, director = (as_(seats.key_of("ann")), as_(seats.key_of("bob")), as_(seats.board),
                                 as_(seats.director))
    told = http.post("/api/games/club/preview", json={"play": phony}, headers=director).json()
    assert told["words"][0]["valid"] is False and "NOT A WORD" in told["explanation"]
    hidden = http.post("/api/games/club/preview", json={"play": phony}, headers=ann)
    assert hidden.status_code == 200 and hidden.json()["words"][0]["valid"] is None
    assert hidden.json()["score"] == told["score"] == 8  # (T 1 + G 2 + T 1) ×2 on the centre square H8
    played = http.post("/api/games/club/move", json={"action": "play", "play": phony,
                                                     "version": version(http, TOKEN)}, headers=ann)
    assert played.status_code == 200, played.text
    answers = [hidden, played, *(http.get("/api/games/club", headers=key) for key in (ann, bob, board))]
    for key in (bob, board):
        with http.stream("GET", "/api/games/club/events", headers=key) as stream:
            answers.append(next(line for line in stream.iter_lines() if line.startswith("data: ")))
    for answer in answers:
        text = answer if isinstance(answer, str) else answer.text
        assert "NOT A WORD" not in text and '"valid": false' not in text and "phony" not in text, text[:300]
    assert all(a.json()["moves"][0]["words"][0]["valid"] is None for a in answers[1:5])
    assert http.get("/api/games/club", headers=director).json()["moves"][0]["words"][0]["valid"] is False
    assert http.post("/api/games/club/hint", json={}, headers=bob).status_code == 403  # a hint tells validity
    challenged = http.post("/api/games/club/move", json={"action": "challenge", "version": version(http, TOKEN)},
                           headers=bob)
    assert challenged.status_code == 200, challenged.text
    moves = challenged.json()["moves"]
    assert [m["kind"] for m in moves] == ["play", "withdrawal"] and moves[0]["withdrawn"]
    assert moves[0]["words"][0]["valid"] is False and "phony: TGT (en)" in moves[1]["challenged"]


def test_a_seat_cannot_challenge_its_own_play_nor_rule(served):
    http, _, _, seats = served
    ann = as_(seats.key_of("ann"))
    http.post("/api/games/club/move", json={"action": "pass", "version": version(http, TOKEN)}, headers=ann)
    bob = as_(seats.key_of("bob"))
    assert _hand(http, seats.key_of("bob")) == "AAEORTW"
    made = http.post("/api/games/club/move", json={"action": "play", "play": "8G TA @en",
                                                   "version": version(http, TOKEN)}, headers=bob)
    assert made.status_code == 200, made.text
    own = http.post("/api/games/club/move", json={"action": "challenge", "version": version(http, TOKEN)}, headers=bob)
    assert own.status_code == 403 and "cannot challenge their own play" in own.json()["error"]
    ruled = http.post("/api/games/club/move", json={"action": "challenge", "rulings": {"QI": True},
                                                    "version": version(http, TOKEN)}, headers=ann)
    assert ruled.status_code == 403 and "only the director rules" in ruled.json()["error"]


def test_the_directors_undo_reshuffles_the_bag(served):
    """After an undo the undone move's tiles go back and the bag is shuffled again: the next draw is not
    the one that was seen, and the file says so (``#note bag reshuffled: undo 1``)."""
    http, games, _, seats = served
    ann, director = as_(seats.key_of("ann")), as_(seats.director)
    rack = _hand(http, seats.key_of("ann"))
    tiles = "EGT"
    swapped = http.post("/api/games/club/move", json={"action": "exchange", "tiles": tiles,
                                                      "version": version(http, TOKEN)}, headers=ann).json()
    drawn = next(p["rack"] for p in swapped["players"] if p["name"] == "ann")
    undone = http.post("/api/games/club/move", json={"action": "undo", "version": swapped["version"]},
                       headers=director).json()
    assert next(p["rack"] for p in undone["players"] if p["name"] == "ann") == rack
    again = http.post("/api/games/club/move", json={"action": "exchange", "tiles": tiles,
                                                    "version": undone["version"]}, headers=ann).json()
    redrawn = next(p["rack"] for p in again["players"] if p["name"] == "ann")
    assert (rack, drawn, redrawn) == ("EEGSTT?", "EEELST?", "EINSTT?")  # seed 7: E, E, L drawn, then I, N, T
    text = (games / "club.gcg").read_text()
    assert "#note undos: 1" in text and "#note bag reshuffled: undo 1" in text
    assert public_version(load(games / "club.gcg", packs_of(games.parent / "p")), TOKEN) == again["version"]


def test_links_and_qr_codes_for_the_director(served):
    import segno

    http, _, _, seats = served
    found = http.get("/api/games/club/links", headers=as_(seats.director)).json()["links"]
    assert [link["view"] for link in found] == ["ann", "bob", "board", "director"]
    assert found[0]["url"] == f"{OWN}/#game=club&key={seats.key_of('ann')}"
    assert all(link["qr"].startswith("<svg") and "<path" in link["qr"] for link in found)
    code = segno.make(found[0]["url"], error="m")  # ann's own 70-character link: a version 5 code, 37 modules
    assert code.designator == "5-M" and f'viewBox="0 0 {(37 + 4) * 3} {(37 + 4) * 3}"' in found[0]["qr"]
    assert found[0]["qr"] == qr_svg(found[0]["url"])


def test_the_clock_is_noted_in_the_file_and_overtime_is_penalised(served, monkeypatch):
    """The director adds 26 minutes to bob's clock: at the end bob is 1 minute and some seconds over
    (2 started minutes: 20 points, the Polyglot ruleset's 10 a minute) and the file has the time-penalty line."""
    http, games, _, seats = served
    director = as_(seats.director)
    game = http.get("/api/games/club", headers=director).json()
    assert game["clock"]["minutes"] == 25 and game["clock"]["running"] == "ann"
    paused = http.post("/api/games/club/clock", json={"action": "pause"}, headers=director).json()
    assert paused["clock"]["paused"]
    http.post("/api/games/club/clock", json={"action": "resume"}, headers=director)
    adjusted = http.post("/api/games/club/clock", json={"action": "adjust", "player": "bob", "seconds": "1565"},
                         headers=director).json()
    assert next(p for p in adjusted["clock"]["players"] if p["name"] == "bob")["used"] >= 1565
    bad = http.post("/api/games/club/clock", json={"action": "adjust", "player": "bob", "seconds": "１"},
                    headers=director)
    assert bad.status_code == 400
    ann = as_(seats.key_of("ann"))
    moved = http.post("/api/games/club/move", json={"action": "pass", "version": adjusted["version"]}, headers=ann)
    assert moved.status_code == 200
    assert "#note time: ann used 0:0" in (games / "club.gcg").read_text()
    ended = http.post("/api/games/club/move", json={"action": "end", "force": True,
                                                    "version": moved.json()["version"]}, headers=director).json()
    assert ended["ended"]
    text = (games / "club.gcg").read_text()
    bob_total = ended["players"][1]["score"]
    assert [line for line in text.splitlines() if "(time)" in line] == [f">bob:  (time) -20 {bob_total}"]
    assert ended["clock"]["running"] is None
    reread = load(games / "club.gcg", packs_of(games.parent / "p"))  # lexc reads its own notes back
    assert public_version(reread, TOKEN) == ended["version"]
    assert reread.version not in (games / "club.gcg").read_text() and reread.version != ended["version"]


def test_live_updates_stream_the_game_to_each_view(served):
    """The events route sends the game as the view sees it at once (a view that reconnects catches up)."""
    http, _, _, seats = served
    with http.stream("GET", "/api/games/club/events", headers=as_(seats.key_of("bob"))) as stream:
        assert stream.headers["content-type"].startswith("text/event-stream")
        lines = stream.iter_lines()
        data = next(line for line in lines if line.startswith("data: "))
    game = json.loads(data.removeprefix("data: "))
    assert game["view"] == {"kind": "seat", "player": "bob"}
    assert [p["rack"] is not None for p in game["players"]] == [False, True]


def test_a_clock_survives_a_server_restart(served, tmp_path):
    """The turn in progress and the director's adjustments are kept beside the game: a new server over
    the same folder shows the same clocks (a pause stays paused, bob's added minutes stay added)."""
    http, games, packs, seats = served
    director = as_(seats.director)
    http.post("/api/games/club/clock", json={"action": "adjust", "player": "bob", "seconds": "120"}, headers=director)
    paused = http.post("/api/games/club/clock", json={"action": "pause"}, headers=director).json()["clock"]
    restarted = TestClient(create_app(games, packs, TOKEN, hosts=Hosts.loopback(80)), base_url=OWN)
    again = restarted.get("/api/games/club", headers=director).json()["clock"]
    assert again["paused"] and again["running"] == "ann"
    assert again["players"] == paused["players"]  # paused: not a second more for ann; bob 2:00 used
    assert again["players"][1]["used"] == 120 and again["players"][1]["left"] == 25 * 60 - 120


def test_lexc_game_seats_prints_a_link_per_view_and_show_sheet_the_score_sheets(tmp_path):
    from typer.testing import CliRunner

    from lexc.cli import app

    runner = CliRunner()
    game = tmp_path / "club.gcg"
    assert runner.invoke(app, ["game", "new", str(game), "--players", "ann,bob", "--deal", "7"]).exit_code == 0
    printed = runner.invoke(app, ["game", "seats", str(game), "--base", "http://10.0.0.5:8000"])
    assert printed.exit_code == 0, printed.output
    lines = [line.split(" ") for line in printed.output.splitlines()]
    assert [label for label, _ in lines] == ["ann", "bob", "board", "director"]
    assert all(url.startswith("http://10.0.0.5:8000/#game=club&key=") for _, url in lines)
    assert stat.S_IMODE(seats_path(game).stat().st_mode) == 0o600
    assert runner.invoke(app, ["game", "seats", str(game), "--base", "http://10.0.0.5:8000"]).output == printed.output
    assert all(url.split("key=")[1] not in game.read_text() for _, url in lines)
    bad = runner.invoke(app, ["game", "seats", str(game), "--base", "javascript:alert(1)"])
    assert bad.exit_code == 1 and "--base: an address such as http://192.168.1.20:8000" in bad.output
    assert runner.invoke(app, ["game", "play", str(game), "8G GET @en"]).exit_code == 0  # ann: EEGSTT? (seed 7)
    assert runner.invoke(app, ["game", "pass", str(game)]).exit_code == 0
    sheet = runner.invoke(app, ["game", "show", str(game), "--sheet"])
    assert sheet.exit_code == 0
    assert sheet.output.splitlines() == ["ann:", "    1. 8G GET @en                          +8      8",
                                         "bob:", "    1. -                                   +0      0"]
