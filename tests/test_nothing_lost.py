"""Nothing lost: killed builds, concurrent builds and GCG writes never damage what was there.

Real processes, real signals: ``lexc compile`` runs in a child process on a real word list
(the first words of Debian's wamerican-huge) and is killed with SIGKILL at several moments
of its run, then at exact points of the write (mid-write, before fsync, before the rename)
through a small driver that wraps the real CLI. After every kill the previous pack must still
open (magic, version, length, CRC) and be byte for byte what it was. Concurrent builds of
the same pack must leave one complete pack, while a reader opening it all along never sees
a partial file. Writing a GCG record over the file it was read from must never truncate it.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from lexc.catalog import Catalog
from lexc.errors import LexcError
from lexc.lexicon.pack import open_pack
from lexc.records import gcg

CATALOG = Catalog.shipped()

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")

WORDS = Path("/usr/share/dict/american-english-huge")  # wamerican-huge, in the Makefile's DEB_PACKAGES
OLD_WORDS = ["quite", "whisky", "zax", "jinx"]
GCG_DATA = Path(__file__).resolve().parent / "data" / "gcg" / "polyglot_langs.gcg"

#: Runs the real CLI after arranging a SIGKILL at one exact point of an atomic write.
DRIVER = r"""
import os, signal, sys

def die(*args, **kwargs):
    os.kill(os.getpid(), signal.SIGKILL)

point = sys.argv[1]
if point == "replace":
    os.replace = die
elif point == "fsync":
    os.fsync = die
elif point == "write":
    real_fdopen = os.fdopen

    class Half:
        def __init__(self, handle):
            self.handle = handle
        def __enter__(self):
            return self
        def __exit__(self, *exc):
            self.handle.close()
        def write(self, data):
            self.handle.write(data[: len(data) // 2])
            self.handle.flush()
            die()
        def __getattr__(self, name):
            return getattr(self.handle, name)

    os.fdopen = lambda fd, *args, **kwargs: Half(real_fdopen(fd, *args, **kwargs))
if sys.argv[2] == "gcg":
    from lexc.records import gcg
    record = gcg.read(sys.argv[3])
    gcg.write(record.with_lang("fr"), sys.argv[3])
else:
    sys.argv = ["lexc", *sys.argv[2:]]
    from lexc.cli import main
    main()
"""


def lexc_command() -> list[str]:
    script = Path(sys.executable).with_name("lexc")
    return [str(script)] if script.exists() else [sys.executable, "-c", "from lexc.cli import main; main()"]


@pytest.fixture(scope="module")
def word_list(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not WORDS.is_file():
        pytest.skip(f"{WORDS} is missing (Debian package wamerican-huge, installed by `make setup`)")
    path = tmp_path_factory.mktemp("words") / "words.txt"
    with WORDS.open(encoding="utf-8") as source:
        path.write_text("".join(line for _, line in zip(range(25_000), source, strict=False)), encoding="utf-8")
    return path


def old_pack(folder: Path) -> tuple[Path, bytes]:
    """A previous, good pack at folder/en.lexc (four words), and its bytes."""
    from lexc.lexicon.compiler import compile_words

    target = folder / "en.lexc"
    compile_words(CATALOG.language("en"), OLD_WORDS, target)
    return target, target.read_bytes()


def assert_intact(target: Path, expected: set[bytes]) -> bytes:
    """The pack at ``target`` opens, checks, and is one of the ``expected`` complete packs."""
    open_pack(target)  # magic, version, length, CRC and header all check
    data = target.read_bytes()
    assert data in expected, "the pack is neither the previous one nor the finished new one"
    return data


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name != "en.lexc")


def test_a_build_killed_at_any_moment_leaves_the_previous_pack(tmp_path: Path, word_list: Path) -> None:
    reference = tmp_path / "reference"
    reference.mkdir()
    started = time.monotonic()
    done = subprocess.run([*lexc_command(), "compile", "en", str(word_list), "-o", str(reference / "en.lexc")],
                          capture_output=True, check=False)
    took = time.monotonic() - started
    assert done.returncode == 0, done.stderr
    new = (reference / "en.lexc").read_bytes()
    assert len(open_pack(reference / "en.lexc")) > 10_000

    folder = tmp_path / "packs"
    folder.mkdir()
    target, old = old_pack(folder)
    killed = 0
    for fraction in (0.1, 0.3, 0.5, 0.7, 0.9):
        child = subprocess.Popen([*lexc_command(), "compile", "en", str(word_list), "-o", str(target)],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(took * fraction)
        child.send_signal(signal.SIGKILL)
        code = child.wait()
        killed += code == -signal.SIGKILL
        data = assert_intact(target, {old, new})
        if data == new:  # the rename happened before the signal (the process may still have been exiting)
            target, old = old_pack(folder)
    assert killed >= 3, "the builds finished before they could be killed: use a longer list"
    assert all(name.startswith(".en.lexc.") and name.endswith(".tmp") for name in leftovers(folder))


@pytest.mark.parametrize("point", ["write", "fsync", "replace"])
def test_a_build_killed_while_writing_leaves_the_previous_pack(tmp_path: Path, point: str) -> None:
    words = tmp_path / "words.txt"
    words.write_text("cat\ndog\nfjord\nquiz\n", encoding="utf-8")
    target, old = old_pack(tmp_path)
    child = subprocess.run([sys.executable, "-c", DRIVER, point, "compile", "en", str(words), "-o", str(target)],
                           capture_output=True, check=False)
    assert child.returncode == -signal.SIGKILL, child.stderr  # the kill point was reached
    assert_intact(target, {old})
    assert "CAT" not in open_pack(target)


def test_concurrent_builds_of_one_pack_leave_one_complete_pack(tmp_path: Path, word_list: Path) -> None:
    lines = word_list.read_text(encoding="utf-8").splitlines()
    lists = []
    for i, part in enumerate((lines[:6_000], lines[6_000:12_000])):
        path = tmp_path / f"list{i}.txt"
        path.write_text("\n".join(part) + "\n", encoding="utf-8")
        lists.append(path)
    expected = set()
    for i, path in enumerate(lists):
        alone = tmp_path / f"alone{i}" / "en.lexc"
        subprocess.run([*lexc_command(), "compile", "en", str(path), "-o", str(alone)], check=True,
                       capture_output=True)
        expected.add(alone.read_bytes())
    folder = tmp_path / "shared"
    folder.mkdir()
    target, old = old_pack(folder)
    children = [subprocess.Popen([*lexc_command(), "compile", "en", str(path), "-o", str(target)],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                for path in (lists[0], lists[1], lists[0], lists[1])]
    opened = 0
    while any(child.poll() is None for child in children):  # a reader all along: never a partial pack
        assert_intact(target, {old, *expected})
        opened += 1
        time.sleep(0.01)
    assert [child.returncode for child in children] == [0, 0, 0, 0]
    assert_intact(target, expected)
    assert opened > 0
    assert leftovers(folder) == [], "a temporary file was left behind"


# --------------------------------------------------------------------------- GCG records


@pytest.mark.parametrize("point", ["write", "fsync", "replace"])
def test_writing_a_gcg_over_its_source_killed_midway_keeps_the_source(tmp_path: Path, point: str) -> None:
    path = tmp_path / "game.gcg"
    original = GCG_DATA.read_bytes()
    path.write_bytes(original)
    child = subprocess.run([sys.executable, "-c", DRIVER, point, "gcg", str(path)], capture_output=True, check=False)
    assert child.returncode == -signal.SIGKILL, child.stderr
    assert path.read_bytes() == original
    assert gcg.read(path).lang == "en"


def test_writing_a_gcg_over_its_source_replaces_it_whole(tmp_path: Path) -> None:
    path = tmp_path / "game.gcg"
    path.write_bytes(GCG_DATA.read_bytes())
    os.chmod(path, 0o644)
    link = tmp_path / "link.gcg"
    link.symlink_to(path.name)
    record = gcg.read(link)
    subprocess.run([sys.executable, "-c", DRIVER, "none", "gcg", str(link)], check=True, capture_output=True)
    assert link.is_symlink(), "the link was replaced by a copy"
    assert gcg.read(path) == record.with_lang("fr")
    assert oct(path.stat().st_mode & 0o777) == oct(0o644), "the file's permissions changed"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.gcg", "link.gcg"]


def test_writing_a_gcg_into_a_missing_folder_fails_and_keeps_the_source(tmp_path: Path) -> None:
    path = tmp_path / "game.gcg"
    path.write_bytes(GCG_DATA.read_bytes())
    record = gcg.read(path)
    with pytest.raises(LexcError, match=r"missing.game\.gcg: cannot write"):
        gcg.write(record, tmp_path / "missing" / "game.gcg")
    assert path.read_bytes() == GCG_DATA.read_bytes()


def test_a_record_that_cannot_be_read_is_never_written(tmp_path: Path) -> None:
    path = tmp_path / "game.gcg"
    path.write_bytes(b"#player1 a A\n#player2 b B\n>a: AB 8D AB +8 9\n")
    with pytest.raises(LexcError, match=r"game\.gcg:3: a: total 9 does not add up"):
        gcg.read(path)
    assert path.read_bytes() == b"#player1 a A\n#player2 b B\n>a: AB 8D AB +8 9\n"
