"""Commands answered without typer (lexc.cli.launch.PLAIN): each reads exactly the options its typer
command declares, and a plain invocation answers byte for byte as typer's path does."""

from __future__ import annotations

import importlib
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from lexc.cli import app
from lexc.cli.launch import PLAIN

REPO = Path(__file__).resolve().parent.parent
runner = CliRunner()
FAST = "from lexc.cli.launch import main; main()"


def _command(words: tuple[str, ...]):
    """The click command typer makes of ``lexc WORDS...`` (typer carries its own click)."""
    command: Any = typer.main.get_command(app)
    for word in words:
        command = command.commands[word]
    return command


def _is_path(param) -> bool:
    """Whether typer reads the parameter as a path (``Path``, ``list[Path]``): passed as typed, never NFC."""
    return "Path" in str(param.bare_type())


@pytest.mark.parametrize("words", list(PLAIN), ids=" ".join)
def test_each_plain_reader_knows_the_options_of_its_typer_command(words):
    module, plain_name, run = PLAIN[words]
    plain = getattr(importlib.import_module(module), plain_name)
    assert callable(getattr(importlib.import_module(module), run))
    params = _command(words).params
    options = {opt: p for p in params if p.param_type_name == "option" for opt in p.opts}
    arguments = [p for p in params if p.param_type_name == "argument"]
    for opt, name in plain.values.items():
        assert opt in options and not options[opt].is_flag, opt
        assert options[opt].multiple == (name in plain.many), opt
        assert (name in plain.verbatim) == _is_path(options[opt]), opt
    for opt in plain.switches:
        assert opt in options and options[opt].is_flag, opt
    assert len(arguments) == len(plain.positional)
    for argument, name in zip(arguments, plain.positional, strict=True):
        assert (argument.nargs == -1) == name.endswith("...")
        assert (name in plain.verbatim) == _is_path(argument), name


@pytest.fixture(scope="module")
def packs(make_packs) -> Path:
    return make_packs({"en": ["qi", "za", "quite", "qat"]})


def _both(tmp_path: Path, packs: Path, args: list[str]) -> tuple[subprocess.CompletedProcess[str], object, Path, Path]:
    """``lexc game new``, then ``args`` (``{game}`` the game file) through each path on its own copy."""
    game = tmp_path / "game.gcg"
    made = runner.invoke(app, ["game", "new", str(game), "--players", "ann,bob", "--packs", str(packs)])
    assert made.exit_code == 0, made.output
    fast_game, typer_game = tmp_path / "fast.gcg", tmp_path / "typer.gcg"
    shutil.copyfile(game, fast_game)
    shutil.copyfile(game, typer_game)
    fast = subprocess.run([sys.executable, "-c", FAST, *[a.format(game=fast_game) for a in args],
                           "--packs", str(packs)], capture_output=True, text=True, cwd=REPO)
    typed = runner.invoke(app, [*[a.format(game=typer_game) for a in args], "--packs", str(packs)])
    return fast, typed, fast_game, typer_game


@pytest.mark.parametrize("args", [
    ["game", "play", "{game}", "8G QI"],
    ["game", "play", "{game}", "8G QI", "--json"],
    ["game", "play", "{game}", "8G QXZ"],
    ["game", "play", "{game}", "Z9 QI"],
    ["game", "pass", "{game}"],
    ["game", "exchange", "{game}", "7"],
])
def test_a_plain_game_move_answers_and_writes_as_typer_does(tmp_path, packs, args):
    fast, typed, fast_game, typer_game = _both(tmp_path, packs, args)
    assert fast.returncode == typed.exit_code
    assert fast.stdout == typed.stdout
    assert fast_game.read_text(encoding="utf-8") == typer_game.read_text(encoding="utf-8")
    if "QI" in args[-1] and not args[-1].startswith("Z"):
        assert fast.returncode == 0 and "QI" in fast.stdout
        if "--json" in args:
            assert json.loads(fast.stdout)["made"][0]["score"] == 22  # Q 10 ×2 (H8, the centre) + I 1 ×2 = 22
    if args[-1].startswith("Z9"):  # no such square: a message, no traceback, the file unchanged
        assert fast.returncode == 1 and fast.stderr.startswith("error: ") and "Traceback" not in fast.stderr


def test_a_plain_score_answers_as_typer_does(packs):
    args = ["score", "8G QI", "--json", "--packs", str(packs)]
    fast = subprocess.run([sys.executable, "-c", FAST, *args], capture_output=True, text=True, cwd=REPO)
    typed = runner.invoke(app, args)
    assert fast.returncode == typed.exit_code == 0
    assert fast.stdout == typed.stdout and json.loads(fast.stdout)["score"] == 22


def test_anything_else_goes_to_typer(tmp_path):
    done = subprocess.run([sys.executable, "-c", FAST, "game", "play", "--help"], capture_output=True, text=True,
                          cwd=REPO)
    assert done.returncode == 0 and "--rack" in done.stdout


def test_version_answers_as_typer_does_without_loading_it():
    probe = FAST.replace("main()", "import sys\ntry:\n    main()\nfinally:\n    print('typer' in sys.modules)")
    fast = subprocess.run([sys.executable, "-c", probe, "--version"], capture_output=True, text=True, cwd=REPO)
    typed = runner.invoke(app, ["--version"])
    assert fast.returncode == typed.exit_code == 0
    assert fast.stdout.splitlines() == [typed.stdout.strip(), "False"]
    assert typed.stdout.startswith("lexc ")


def test_sigterm_is_an_interrupt_in_the_main_thread_and_left_alone_in_another():
    """lexc.cli.signals: the handler is set in the main thread only (Python refuses it elsewhere), and put back."""
    import signal
    import threading

    from lexc.cli.signals import terminating_like_interrupt

    before = signal.getsignal(signal.SIGTERM)
    with terminating_like_interrupt():
        assert signal.getsignal(signal.SIGTERM).__name__ == "_raise_terminated"
    assert signal.getsignal(signal.SIGTERM) == before
    seen: list[object] = []

    def elsewhere() -> None:
        try:
            with terminating_like_interrupt():
                seen.append(signal.getsignal(signal.SIGTERM))
                raise LookupError("from the block")
        except LookupError as err:
            seen.append(err.__context__)  # the block's own error, not one of setting the handler

    thread = threading.Thread(target=elsewhere)
    thread.start()
    thread.join()
    assert seen == [before, None]
