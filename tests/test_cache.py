"""The cache of checked files (lexc.cache): never a stale answer, the same errors, off on request.

Every test here keeps its cache in ``tmp_path`` (``$LEXC_CACHE``) and reads a spec of its own, a
copy of the shipped Spanish one, edited as a tile-set designer would.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from lexc import cache
from lexc.catalog import Catalog
from lexc.errors import SpecError
from lexc.language.spec import load_spec
from lexc.paths import shipped_dir, user_cache_dir

SPANISH = shipped_dir("languages") / "es.toml"


@pytest.fixture
def cached(tmp_path, monkeypatch) -> Path:
    """The checked files' folder of this test (the cache on)."""
    monkeypatch.setenv("LEXC_CACHE", str(tmp_path / "cache"))
    monkeypatch.delenv(cache.DISABLE, raising=False)
    return tmp_path / "cache" / "checked"


def _spanish(folder: Path, ch_points: int = 5) -> Path:
    path = folder / "es.toml"
    text = SPANISH.read_text(encoding="utf-8")
    assert "CH  = { count = 1, points = 5 }" in text
    path.write_text(text.replace("CH  = { count = 1, points = 5 }", f"CH  = {{ count = 1, points = {ch_points} }}"),
                    encoding="utf-8")
    return path


def test_a_spec_read_again_comes_from_the_cache_and_is_the_same(cached, tmp_path, monkeypatch):
    path = _spanish(tmp_path)
    first = load_spec(path)
    assert len(list(cached.iterdir())) == 1
    import lexc.tomlsrc

    def refuse(*args, **kwargs):
        raise AssertionError("parsed and checked again: not taken from the cache")

    monkeypatch.setattr(lexc.tomlsrc, "_parsed", refuse)
    again = load_spec(path)
    assert again == first and again is not first
    assert (again.points("CH"), again.points("Ñ"), again.total_tiles, again.sha256, again.path) == \
        (5, 8, 100, first.sha256, path)
    assert again.to_json() == first.to_json()


def test_editing_a_spec_changes_the_answer(cached, tmp_path):
    """The cache is keyed by the file's bytes: an edit is read and checked afresh, never served stale."""
    path = _spanish(tmp_path)
    assert load_spec(path).points("CH") == 5
    _spanish(tmp_path, ch_points=7)
    edited = load_spec(path)
    assert edited.points("CH") == 7
    assert Catalog.shipped(specs=[path]).language("es").spec.points("CH") == 7
    _spanish(tmp_path, ch_points=5)
    assert load_spec(path).points("CH") == 5  # and back


def test_a_bad_spec_gives_the_same_errors_every_time_and_is_not_kept(cached, tmp_path):
    path = _spanish(tmp_path)
    path.write_text(path.read_text(encoding="utf-8").replace("blanks = 2", 'blanks = "two"'), encoding="utf-8")
    messages = []
    for _ in range(2):
        with pytest.raises(SpecError) as err:
            load_spec(path)
        messages.append([str(p) for p in err.value.problems])
    assert messages[0] == messages[1]
    assert any(f"{path}:" in m and "blanks: must be an integer, not a string" in m for m in messages[0])
    assert not cached.exists() or not list(cached.iterdir())


def test_the_cache_is_off_on_request(cached, tmp_path, monkeypatch):
    monkeypatch.setenv(cache.DISABLE, "1")
    assert load_spec(_spanish(tmp_path)).points("CH") == 5
    assert not cached.exists()


def test_a_damaged_or_foreign_entry_is_read_afresh(cached, tmp_path):
    path = _spanish(tmp_path)
    load_spec(path)
    (entry,) = cached.iterdir()
    entry.write_bytes(b"not a pickle")
    assert load_spec(path).points("CH") == 5
    os.chmod(entry, 0o666)  # writable by anyone: not trusted
    _spanish(tmp_path, ch_points=5)
    assert load_spec(path).points("CH") == 5


def test_an_unwritable_cache_is_skipped(tmp_path, monkeypatch):
    blocked = tmp_path / "file"
    blocked.write_text("a file where the cache folder would be", encoding="utf-8")
    monkeypatch.setenv("LEXC_CACHE", str(blocked))
    monkeypatch.delenv(cache.DISABLE, raising=False)
    assert load_spec(_spanish(tmp_path)).points("CH") == 5


def test_another_lexc_reads_afresh(cached, tmp_path, monkeypatch):
    """lexc's code is part of the key: an edited or upgraded lexc never takes what an older one kept."""
    path = _spanish(tmp_path)
    load_spec(path)
    monkeypatch.setattr(cache, "_code_stamp", lambda: b"another lexc")
    load_spec(path)
    assert len(list(cached.iterdir())) == 2


def test_the_folder_is_kept_small(cached, tmp_path, monkeypatch):
    monkeypatch.setattr(cache, "KEEP", 4)
    for points in range(1, 7):
        assert load_spec(_spanish(tmp_path, ch_points=points)).points("CH") == points
    assert len(list(cached.iterdir())) <= 4


def test_the_command_scores_an_edited_spec_afresh(cached, tmp_path):
    """`lexc score` (the plain path, a process of its own) with the cache on: edited, another score."""
    path = _spanish(tmp_path)
    env = {**os.environ, "LEXC_CACHE": str(cached.parent)}
    env.pop(cache.DISABLE, None)

    def score() -> str:
        done = subprocess.run([sys.executable, "-m", "lexc", "score", "--ruleset", "standard", "--lang", "es",
                               "--spec", str(path), "--no-lexicon", "8H CHE"], capture_output=True, text=True,
                              env=env, check=True)
        return done.stdout.splitlines()[0]

    before = score()
    again = score()
    _spanish(tmp_path, ch_points=9)
    after = score()
    assert before == again == "8H [CH]E: 12 points"  # CH 5 + E 1, doubled on the centre star
    assert after == "8H [CH]E: 20 points"  # CH 9 + E 1, doubled
    assert len(list(cached.iterdir())) >= 2


def test_the_user_cache_folder_is_platformdirs_own(monkeypatch, tmp_path):
    """On Linux the folder is found without importing platformdirs, and is the folder it names."""
    platformdirs = pytest.importorskip("platformdirs")
    monkeypatch.delenv("LEXC_CACHE", raising=False)
    for xdg in (None, str(tmp_path / "xdg"), "relative/xdg", ""):
        if xdg is None:
            monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
        else:
            monkeypatch.setenv("XDG_CACHE_HOME", xdg)
        assert user_cache_dir() == Path(platformdirs.user_cache_dir("lexc", appauthor=False)), xdg
    monkeypatch.setenv("LEXC_CACHE", str(tmp_path))
    assert user_cache_dir() == tmp_path
