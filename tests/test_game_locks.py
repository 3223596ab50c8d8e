"""A game file's lock (issue 27, classes 2 and 4): two names for one game lose no move, a held lock is answered.

Real processes and threads on real game files: moves made at once through a symbolic link and its
target, from the library in child processes and from the CLI, are all kept; a lock is never taken
through a planted link; a lock held elsewhere is answered "busy, try again" within its wait, on the
command line and on the web, while another game of the same server answers.
"""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from test_game import LEXICONS, new  # type: ignore[import-not-found]  # tests/ is on sys.path

from lexc.errors import LexcError
from lexc.game import store
from lexc.game.store import GameBusy, create, load, lock_path, update

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="flock")

#: A child process that passes ``N`` times through the name it is given, and prints how many passes were accepted.
PASSER = r"""
import sys
from lexc.catalog import Catalog
from lexc.errors import LexcError
from lexc.game.engine import Packs
from lexc.game.store import update

path, times = sys.argv[1], int(sys.argv[2])
lexicons = Packs(Catalog.shipped(), {})
accepted = 0
for _ in range(times):
    try:
        update(path, lexicons, lambda g: g.pass_turn())
        accepted += 1
    except LexcError as err:
        print(err, file=sys.stderr)
print(accepted)
"""


def lexc_command() -> list[str]:
    script = Path(sys.executable).with_name("lexc")
    return [str(script)] if script.exists() else [sys.executable, "-c", "from lexc.cli import main; main()"]


def passes(path: Path) -> int:
    return sum(1 for e in load(path, LEXICONS).record.events if e.kind.value == "pass")


def test_moves_through_a_link_and_its_target_at_once_are_all_kept(tmp_path):
    games = tmp_path / "games"
    games.mkdir()
    target = games / "club.gcg"
    create(new(ruleset="polyglot"), target)
    link = tmp_path / "mine.gcg"  # another folder: the name's lock and the target's lock used to differ
    link.symlink_to(target)
    children = [subprocess.Popen([sys.executable, "-c", PASSER, str(name), "25"], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True) for name in (link, target, link, target)]
    cli = 0
    for name in (link, target, link):  # the CLI at the same time, through both names
        done = subprocess.run([*lexc_command(), "game", "pass", str(name), "--packs", str(tmp_path / "none")],
                              capture_output=True, text=True, timeout=300)
        assert "Traceback" not in done.stderr
        cli += done.returncode == 0
    accepted = 0
    for child in children:
        out, err = child.communicate(timeout=300)
        assert child.returncode == 0 and "Traceback" not in err, err
        accepted += int(out)
    assert accepted + cli >= 90  # a few may be told the game is busy; none is lost
    assert passes(target) == accepted + cli
    assert link.is_symlink() and not (tmp_path / ".mine.gcg.lock").exists()  # one lock, beside the file itself
    assert sorted(p.name for p in games.iterdir()) == [".club.gcg.lock", "club.gcg"]


def test_threads_through_two_names_lose_no_move(tmp_path):
    target = tmp_path / "club.gcg"
    create(new(ruleset="polyglot"), target)
    link = tmp_path / "link.gcg"
    link.symlink_to(target.name)
    accepted: list[int] = []

    def passer(name: Path) -> None:
        for _ in range(15):
            try:
                update(name, LEXICONS, lambda g: g.pass_turn(), wait=30)
                accepted.append(1)
            except GameBusy:
                pass

    threads = [threading.Thread(target=passer, args=(name,)) for name in (link, target)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert len(accepted) == 30 and passes(target) == 30


def test_a_lock_is_never_taken_through_a_link(tmp_path):
    path = tmp_path / "g.gcg"
    create(new(ruleset="polyglot"), path)
    before = path.read_bytes()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    lock = lock_path(path)
    lock.unlink()
    lock.symlink_to(elsewhere / "planted")
    with pytest.raises(LexcError, match=r"g\.gcg: cannot lock: .*\.g\.gcg\.lock is a symbolic link: a lock is "
                                        r"never taken through a link"):
        update(path, LEXICONS, lambda g: g.pass_turn())
    assert not (elsewhere / "planted").exists() and path.read_bytes() == before
    lock.unlink()
    os.mkfifo(lock)
    with pytest.raises(LexcError, match=r"cannot lock: .*\.g\.gcg\.lock is not a regular file"):
        update(path, LEXICONS, lambda g: g.pass_turn())
    assert path.read_bytes() == before


def hold(path: Path) -> int:
    """Take the game's lock as another process would (flock on another open file); returns the descriptor."""
    fd = os.open(lock_path(path), os.O_RDWR | os.O_CREAT)
    fcntl.flock(fd, fcntl.LOCK_EX)
    return fd


def test_a_held_lock_is_answered_busy_and_the_move_is_not_made(tmp_path):
    path = tmp_path / "g.gcg"
    create(new(ruleset="polyglot"), path)
    before = path.read_bytes()
    fd = hold(path)
    try:
        with pytest.raises(GameBusy, match=r"g\.gcg: the game is busy \(another move is being written to it\): "
                                           "try again in a moment"):
            update(path, LEXICONS, lambda g: g.pass_turn(), wait=0.2)
        assert path.read_bytes() == before
    finally:
        os.close(fd)
    assert update(path, LEXICONS, lambda g: g.pass_turn(), wait=0.2).state.scoreless == 1  # released: it moves


def test_the_cli_says_busy_when_the_lock_is_held(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from lexc.cli import app

    path = tmp_path / "g.gcg"
    create(new(ruleset="polyglot"), path)
    monkeypatch.setattr(store, "LOCK_WAIT", 0.2)
    fd = hold(path)
    try:
        done = CliRunner().invoke(app, ["game", "pass", str(path), "--packs", str(tmp_path / "none")])
    finally:
        os.close(fd)
    assert done.exit_code == 1 and "Traceback" not in done.output
    assert f"error: {path}: the game is busy (another move is being written to it): try again in a moment" \
        in done.output


def test_a_stuck_game_does_not_stop_the_server(tmp_path, monkeypatch):
    """Moves on a game whose lock is held get 503 within the wait; the other game answers meanwhile."""
    pytest.importorskip("starlette")

    from test_web import served  # type: ignore[import-not-found]  # tests/ is on sys.path

    monkeypatch.setattr(store, "LOCK_WAIT", 1.0)
    http = served(tmp_path / "games", LEXICONS)
    versions = {}
    for name in ("stuck", "free"):
        made = http.post("/api/games", json={"name": name, "players": "ann,bob", "ruleset": "polyglot", "lang": "en"})
        assert made.status_code == 200, made.text
        versions[name] = made.json()["version"]
    fd = hold(tmp_path / "games" / "stuck.gcg")
    answers: list = []
    try:
        waiting = [threading.Thread(target=lambda: answers.append(http.post(
            "/api/games/stuck/move", json={"action": "pass", "version": versions["stuck"]}))) for _ in range(6)]
        for thread in waiting:
            thread.start()
        free = http.post("/api/games/free/move", json={"action": "pass", "version": versions["free"]})
        assert free.status_code == 200 and free.json()["to_move"] == "bob"
        assert http.get("/api/games/free").status_code == 200 and http.get("/api/games/stuck").status_code == 200
        for thread in waiting:
            thread.join(60)
        assert not any(thread.is_alive() for thread in waiting), "a move on the stuck game got no answer"
    finally:
        os.close(fd)
    assert [a.status_code for a in answers] == [503] * 6
    assert all(a.headers["retry-after"] == "2" and "the game is busy" in a.json()["error"] for a in answers)
    assert passes(tmp_path / "games" / "stuck.gcg") == 0
    again = http.post("/api/games/stuck/move", json={"action": "pass", "version": versions["stuck"]})
    assert again.status_code == 200  # released: the game moves again


def test_a_read_only_game_file_is_never_replaced(tmp_path):
    """chmod a-w on a finished game: the CLI and the web refuse a move, and the file keeps its bytes and mode."""
    from test_web import served  # type: ignore[import-not-found]  # tests/ is on sys.path
    from typer.testing import CliRunner

    from lexc.cli import app

    games = tmp_path / "games"
    games.mkdir()
    path = games / "kept.gcg"
    create(new(ruleset="polyglot"), path)
    update(path, LEXICONS, lambda g: g.play("8D QUITE"))
    before = path.read_bytes()
    path.chmod(0o444)
    refused = CliRunner().invoke(app, ["game", "pass", str(path), "--packs", str(tmp_path / "no-packs")])
    assert refused.exit_code == 1
    assert f"{path}: the game file is read-only (no write permission): nothing was written" in refused.output
    http = served(games, LEXICONS)
    version = http.get("/api/games/kept").json()["version"]
    moved = http.post("/api/games/kept/move", json={"action": "pass", "version": version})
    assert moved.status_code == 400 and "the game file is read-only" in moved.json()["error"]
    assert path.read_bytes() == before and (path.stat().st_mode & 0o777) == 0o444
    path.chmod(0o644)
    assert update(path, LEXICONS, lambda g: g.pass_turn()).state.to_move == 0  # writable again: the move is made
