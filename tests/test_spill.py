"""Bounded compile memory: a compile that spills to temporary files writes the same pack, leaves nothing behind."""

from __future__ import annotations

import errno
import tempfile
from pathlib import Path

import pytest

from lexc.catalog import Catalog
from lexc.errors import LexcError
from lexc.lexicon import spill
from lexc.lexicon.compiler import compile_words
from lexc.lexicon.pack import MARISA_MAX, choose_structure, open_pack

CATALOG = Catalog.shipped()
NO_SPILL = 10**9


def dict_words(path: str, n: int, step: int = 1) -> list[str]:
    """Every ``step``-th of the first ``n * step`` lines of a word list (skipped when it is not installed)."""
    file = Path(path)
    if not file.is_file():
        pytest.skip(f"{path} not installed")
    with file.open(encoding="utf-8", errors="replace") as source:
        return [line.rstrip("\n") for i, line in zip(range(n * step), source, strict=False) if i % step == 0]


def stems(dic: str, n: int) -> list[str]:
    """The first ``n`` stems of a Hunspell .dic file (the flags cut off)."""
    lines = dict_words(dic, n + 1)[1:]
    return [line.split("/")[0].split("\t")[0] for line in lines]


def french() -> list[str]:
    return dict_words("/usr/share/dict/french", 3000, step=7)


def spanish() -> list[str]:
    words = dict_words("/usr/share/dict/spanish", 2000, step=11)
    return words + words[::3] + [w.upper() for w in words[::5]]  # duplicates in later runs, other cases


def hungarian() -> list[str]:
    words = stems("/usr/share/hunspell/hu_HU.dic", 3000)
    pinned = ["rajz|szeg", "rajzszeg", "egészség", "kéz|zsák", "kézzsák", "rajzszeg", "rajz|szeg"]
    return pinned + words + pinned + words[::4] + ["kéz|zsák"]  # a pin after the plain word, runs apart


def hebrew() -> list[str]:
    words = stems("/usr/share/hunspell/he_IL.dic", 3000)
    return words + [w + "ים" for w in words[::3]] + words[::2]  # final forms, duplicates


def compiled(tmp_path: Path, lang: str, words: list[str], bound: int, **options: object) -> tuple[bytes, dict]:
    out = tmp_path / f"{lang}-{bound}.lexc"
    report = compile_words(CATALOG.language(lang), words, out, spill_boards=bound, **options)
    found = report.to_json()
    for key in ("path", "seconds", "tilings"):
        found.pop(key)
    return out.read_bytes(), found


@pytest.mark.parametrize(("lang", "words"), [("fr", french), ("es", spanish), ("hu", hungarian), ("he", hebrew)])
def test_the_pack_is_the_same_whatever_the_spill_bound(tmp_path, monkeypatch, lang, words):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    given = words()
    data, report = compiled(tmp_path, lang, given, NO_SPILL)
    assert report["kept"] > 1000
    for bound in (1, 7, 200):
        again, found = compiled(tmp_path, lang, given, bound)
        assert found == report, bound
        assert again == data, bound
    assert not list((tmp_path / "tmp").iterdir())


def test_no_display_natives_and_tilings_are_the_same_when_spilled(tmp_path):
    given = hungarian()
    data, report = compiled(tmp_path, "hu", given, NO_SPILL, display_natives=False)
    again, found = compiled(tmp_path, "hu", given, 5, display_natives=False)
    assert (again, found) == (data, report)
    assert (tmp_path / "hu-5.tilings.tsv").read_bytes() == (tmp_path / f"hu-{NO_SPILL}.tilings.tsv").read_bytes()


def test_nothing_is_left_behind_after_an_error_or_an_interrupt(tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    words = french()
    with pytest.raises(LexcError, match="a word of 1,001 characters"):
        compile_words(CATALOG.language("fr"), [*words, "a" * 1001], tmp_path / "fr.lexc", spill_boards=10)

    def interrupt(stage: str, done: int, total: int | None) -> None:
        if stage == "grouping":
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        compile_words(CATALOG.language("fr"), words, tmp_path / "fr.lexc", spill_boards=10, progress=interrupt)
    assert list(tmp_path.iterdir()) == []


def test_a_full_disk_is_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))

    def full(*_: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(spill, "_LENGTH", type("Full", (), {"pack": full, "size": 8}))  # its first write fails
    with pytest.raises(LexcError, match="cannot write a temporary file of the compile: No space left on device"):
        compile_words(CATALOG.language("fr"), french(), tmp_path / "fr.lexc", spill_boards=10)
    assert list(tmp_path.iterdir()) == []


def test_without_spilling_no_temporary_folder_is_made(tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    made: list[str] = []
    real = spill.Spill.open
    monkeypatch.setattr(spill.Spill, "open", lambda self, name: made.append(name) or real(self, name))
    compile_words(CATALOG.language("fr"), french(), tmp_path / "fr.lexc")
    assert made == []


def test_past_marisa_max_auto_builds_the_dawg_only():
    pairs = [("AB", 0), ("AC", 1)]
    kind, _, _, sizes = choose_structure(lambda: pairs, MARISA_MAX + 1)
    assert kind == "dawg" and list(sizes) == ["dawg"]
    assert list(choose_structure(lambda: pairs, 2)[3]) == ["dawg", "marisa"]
    assert choose_structure(lambda: pairs, MARISA_MAX + 1, "marisa")[0] == "marisa"


def test_a_large_auto_pack_says_why_marisa_was_skipped(tmp_path, monkeypatch):
    from lexc.lexicon import tries

    monkeypatch.setattr(tries, "MARISA_MAX", 100)
    report = compile_words(CATALOG.language("fr"), french(), tmp_path / "fr.lexc", spill_boards=50)
    loaded = open_pack(tmp_path / "fr.lexc")
    assert loaded.structure == "dawg" and report.candidates.keys() == {"dawg"}
    assert "board spellings, more than 100" in loaded.header["structure"]["skipped"]["marisa"]
    assert len(loaded) == report.boards > 1000


def test_store_and_buckets_round_trip_any_text(tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    items = [(f"B{i:05d}", f"\x80{i}\x00é\n\x1f" if i % 3 else None) for i in range(20_000)]
    with spill.Spill() as folder:
        store = spill.Store(folder, bound=100)
        for item in items:
            store.append(item)
        store.close()
        assert list(store) == items and list(store) == items
        buckets = spill.Buckets(folder, 1)
        for item in items:
            buckets.add(item)
        paths = buckets.close()
        runs = [spill.write_run(folder, sorted(spill.read(p))) for p in paths]
        assert list(spill.merge(runs)) == items
    assert list(tmp_path.iterdir()) == []
