"""Start-up (issue 24 item 3): ``lexc check``, ``lexc score`` and ``lexc game play`` import only what they use.

Each command runs as the console script runs it (:func:`lexc.cli.launch.main`) in a process of its own, on
packs of real words made here, the second time (the first fills the cache of checked files, as a user's is
after a first run); the modules it imported are read at its exit. Times are measured in
``bench/bench_startup.py`` (docs/performance.md, "Start-up"), never here.
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent

#: The command as the console script runs it; the names of the modules loaded are written at exit.
PROBE = ("import atexit, sys\n"
         "out = sys.argv.pop(1)\n"
         "atexit.register(lambda: open(out, 'w').write(repr(sorted(sys.modules))))\n"
         "from lexc.cli.launch import main\n"
         "main()\n")

#: Not loaded by any of the three: the command line's framework, the build (a compile, its spill files and
#: their temporary folders), ICU and TOML (the cache answers), the move finder, the web board, robots.
NEVER = ("typer", "click", "pydantic", "rich", "icu", "tomllib", "platformdirs", "xml", "email", "http",
         "tempfile", "shutil", "difflib", "lexc.lexicon.compiler", "lexc.lexicon.collect", "lexc.lexicon.spill",
         "lexc.lexicon.walk", "lexc.language.normalize", "lexc.language.scheme", "lexc.engine.moves",
         "lexc.game.web", "lexc.robot", "lexc.assess", "lexc.export")


@pytest.fixture(scope="module")
def packs(make_packs) -> Path:
    return make_packs({"en": ["quite", "qi", "whisky"], "fr": ["whisky", "élève"]})


def _modules(tmp_path: Path, args: list[str], game: Path | None = None) -> set[str]:
    """The modules ``lexc ARGS...`` imported, its second run (each on a fresh copy of ``game``: ``{game}``)."""
    for _ in range(2):
        if game is not None:
            shutil.copyfile(game, tmp_path / "played.gcg")
        args = [str(tmp_path / "played.gcg") if a == "{game}" else a for a in args]
        out = tmp_path / "modules.txt"
        done = subprocess.run([sys.executable, "-c", PROBE, str(out), *args], capture_output=True, text=True,
                              cwd=tmp_path)
        assert done.returncode == 0, done.stderr
    return set(ast.literal_eval(out.read_text(encoding="utf-8")))


def _loaded(modules: set[str], names: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if any(m == n or m.startswith(n + ".") for n in names))


def test_lexc_check_imports_neither_the_engine_nor_the_build(tmp_path, packs):
    modules = _modules(tmp_path, ["check", "en", "QUITE", "--packs", str(packs)])
    assert "lexc.lexicon.lookup" in modules and "lexc.lexicon.pack" in modules  # what it does use
    assert _loaded(modules, (*NEVER, "lexc.engine", "lexc.game", "lexc.records", "threading", "random")) == []


def test_lexc_score_imports_no_game_and_no_record(tmp_path, packs):
    modules = _modules(tmp_path, ["score", "--ruleset", "polyglot", "8D WHISKY @fr", "--packs", str(packs)])
    assert "lexc.engine.scoring" in modules and "lexc.lexicon.pack" in modules
    assert _loaded(modules, (*NEVER, "lexc.game", "lexc.records", "lexc.engine.svg", "threading", "random")) == []


def _new_game(tmp_path: Path, packs: Path) -> Path:
    """A new Polyglot game of ann and bob, from a bag of their own (lexc deals nothing)."""
    game = tmp_path / "club.gcg"
    subprocess.run([sys.executable, "-m", "lexc", "game", "new", str(game), "--players", "ann,bob", "--ruleset",
                    "polyglot", "--packs", str(packs)], check=True, capture_output=True, cwd=REPO)
    return game


def test_lexc_game_play_imports_no_view_no_replay_and_no_bag_it_does_not_draw_from(tmp_path, packs):
    """No shuffling (no bag of lexc's), no replay's reading of another game's tile set; the views of the board
    and the seats are --json's and the web board's."""
    modules = _modules(tmp_path, ["game", "play", "{game}", "8D WHISKY @fr", "--packs", str(packs)],
                       _new_game(tmp_path, packs))
    assert {"lexc.game.store", "lexc.records.gcg", "lexc.engine.scoring"} <= modules
    assert "WHISKY" in (tmp_path / "played.gcg").read_text(encoding="utf-8")
    assert _loaded(modules, (*NEVER, "lexc.game.view", "lexc.game.seats", "lexc.game.clock", "lexc.game.picture",
                             "lexc.records.replay", "random", "secrets")) == []


def test_the_probe_sees_an_import_the_command_makes(tmp_path, packs):
    """The same probe finds what ``--json`` adds to ``lexc game play``: the views (so an absence above is real)."""
    modules = _modules(tmp_path, ["game", "play", "{game}", "8D WHISKY @fr", "--json", "--packs", str(packs)],
                       _new_game(tmp_path, packs))
    assert "lexc.game.view" in modules
