"""Which trie a pack keeps: ``auto`` builds no marisa candidate where the DAWG is within the slack of the least
a marisa trie of its keys can take, and the choice is the one it made with marisa built."""

from __future__ import annotations

from pathlib import Path

import marisa_trie
import pytest

from lexc.catalog import Catalog
from lexc.lexicon.compiler import compile_words
from lexc.lexicon.pack import DAWG_SLACK, open_pack
from lexc.lexicon.tries import marisa_floor

CATALOG = Catalog.shipped()


def lines(path: str, step: int, first: int | None = None) -> list[str]:
    """Every ``step``-th line of a Debian word list, or of its ``first`` lines (skipped when it is not installed)."""
    file = Path(path)
    if not file.is_file():
        pytest.skip(f"{path} not installed")
    return [w for w in file.read_text(encoding="utf-8").split("\n")[:first:step] if w]


def floor_of(header: dict) -> int:
    counts = header["counts"]
    return marisa_floor(counts["boards"], counts["exceptions"], header["records"]["groups"])


def test_no_marisa_trie_is_smaller_than_its_floor():
    dense = [str(n) for n in range(300_000)]  # every number: 1.62 bytes a key, the densest key set measured
    letters = sorted({a + b + c + d for a in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" for b in "AEIOU" for c in "LMNRST"
                      for d in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"} | set("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
    english = sorted({w.upper() for w in lines("/usr/share/dict/american-english-huge", 3)})
    polish = sorted({w.upper() for w in lines("/usr/share/dict/polish", 40)})
    for keys, most in ((dense, 1.1), (letters, 1.3), (english, 3.0), (polish, 3.0)):
        trie = len(marisa_trie.Trie(keys, cache_size=marisa_trie.TINY_CACHE).tobytes())
        floor = marisa_floor(len(keys), 0, 1) - 1  # its ids section (one byte with no records) apart
        assert floor <= trie <= most * floor  # a floor, and no vacuous one on dense keys


@pytest.mark.parametrize(("lang", "path", "step", "built"), [
    ("fr", "/usr/share/dict/french", 3, False),  # DAWG 0.37x marisa's bytes in the full pack
    ("pl", "/usr/share/dict/polish", 1, False),  # its first 150,000 lines
    ("en", "/usr/share/dict/american-english-huge", 3, True),  # DAWG 1.2x marisa's: within the slack
    ("nl", "/usr/share/dict/dutch", 1, True),  # a marisa pack (DAWG 1.44x marisa's)
])
def test_marisa_is_built_only_where_it_could_be_kept(tmp_path, lang, path, step, built):
    words = lines(path, step, 150_000 if lang == "pl" else None)
    language = CATALOG.language(lang)
    report = compile_words(language, words, tmp_path / "auto.lexc")
    header = open_pack(tmp_path / "auto.lexc").header
    assert ("marisa" in report.candidates) == built
    forced = compile_words(language, words, tmp_path / "marisa.lexc", structure="marisa").candidates["marisa"]
    assert forced >= floor_of(header)  # the floor is below the trie it stands for
    sizes = {**report.candidates, "marisa": forced}  # every candidate, as auto built them all before
    smallest = min(sizes, key=lambda k: (sizes[k], k))
    assert report.structure == (smallest if sizes["dawg"] > DAWG_SLACK * sizes[smallest] else "dawg")
    if not built:  # the DAWG could not have been DAWG_SLACK times marisa's size
        assert report.candidates["dawg"] <= DAWG_SLACK * floor_of(header) <= DAWG_SLACK * forced
        assert "the fewest a marisa trie" in header["structure"]["skipped"]["marisa"]
    else:
        assert report.candidates["marisa"] == forced and "skipped" not in header["structure"]
    if lang == "nl":
        assert report.structure == "marisa"
