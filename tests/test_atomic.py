"""lexc.atomic.write_atomic when an interrupt (Ctrl-C, or SIGTERM made one by lexc.cli.signals) lands at its
worst moments: the target stays the old file and no temporary file is left beside it.

A parallel `lexc build` is where these moments happen for real: SIGTERM goes to every worker, and a signal
that arrives during a system call is acted on as the call returns (tests/test_unlucky.py runs that case)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from lexc.atomic import write_atomic


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


@pytest.fixture
def game(tmp_path: Path) -> Path:
    target = tmp_path / "club.gcg"
    write_atomic(target, "#character1 ann\n")
    return target


def test_an_interrupt_just_after_the_temporary_file_is_made_removes_it(game: Path, monkeypatch) -> None:
    real_open = os.open

    def open_then_interrupt(path, flags, mode=0o777, **kw):
        fd = real_open(path, flags, mode, **kw)
        if str(path).endswith(".tmp"):
            os.close(fd)
            raise KeyboardInterrupt  # what a SIGTERM during the open() call becomes as the call returns
        return fd

    monkeypatch.setattr(os, "open", open_then_interrupt)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(game, "#character1 ann\n#character2 bob\n")
    monkeypatch.undo()
    assert _leftovers(game.parent) == []
    assert game.read_text() == "#character1 ann\n"


def test_a_second_interrupt_during_the_clean_up_still_removes_the_file(game: Path, monkeypatch) -> None:
    real_unlink = os.unlink
    calls: list[str] = []

    def fsync_interrupted(fd: int) -> None:
        raise KeyboardInterrupt  # the first SIGTERM, as the pack is made durable

    def unlink_interrupted_once(path, *args, **kw):
        calls.append(str(path))
        if len(calls) == 1:
            raise KeyboardInterrupt  # the second one, sent on by the other worker, before the file is gone
        return real_unlink(path, *args, **kw)

    monkeypatch.setattr(os, "fsync", fsync_interrupted)
    monkeypatch.setattr(os, "unlink", unlink_interrupted_once)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(game, "#character1 ann\n#character2 bob\n")
    monkeypatch.undo()
    assert len(calls) == 2 and calls[0] == calls[1] and calls[0].endswith(".tmp")
    assert _leftovers(game.parent) == []
    assert game.read_text() == "#character1 ann\n"


def test_a_folder_that_cannot_be_written_is_a_clear_error_and_leaves_nothing(tmp_path: Path) -> None:
    from lexc.errors import LexcError

    missing = tmp_path / "no-such-folder" / "club.gcg"
    with pytest.raises(LexcError, match=re.escape("no-such-folder/club.gcg: cannot write: No such file or directory")):
        write_atomic(missing, "x")
    assert list(tmp_path.iterdir()) == []
