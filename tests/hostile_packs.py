"""Hostile packs, run in a child process by ``tests/test_hostile.py`` (a crash kills this process, not pytest).

``python tests/hostile_packs.py KIND PACK EXAMPLES``: Hypothesis flips 1-3 bits of the sections of
the real pack ``PACK`` (a ``KIND`` trie first, then the record groups and, for marisa, the key ids;
a ``natives`` pack's DAWG of native words is checked like a DAWG's),
recomputes the CRC-32 and opens it. Each must be refused with
a :class:`LexcError` or answer correctly: for a DAWG, membership as a pure-Python reading of the same
units gives it (the native library did what the format says, nothing else); for marisa, a trie that
is accepted answers exactly for the keys it lists. Each example is printed before it is tried, so
the last line names the input that crashed.
"""

from __future__ import annotations

import contextlib
import sys
import tempfile
import zlib
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from lexc.errors import LexcError
from lexc.lexicon.pack import _CRC, encode_pack, open_pack, read_pack_bytes

WORDS = ["QUITE", "CAT", "DOG", "WHISKY", "ZAX", "QUIZ", "JINX", "FJORD", "CATS", "QUI", "", "Z", "ZZZZZZZZ",
         "ZOLW", "LAKA", "PIEC", "ZÓŁW"]


def dawg_contains(trie: bytes, key: str) -> bool:
    """dawgdic's ``Contains``, read from the units in Python (bounds checked by Python itself)."""
    count = int.from_bytes(trie[:4], "little")
    units = [int.from_bytes(trie[i:i + 4], "little") for i in range(4, 4 + 4 * count, 4)]
    index = 0
    for byte in key.encode("utf-8"):
        base = units[index]
        index ^= ((base >> 10) << ((base & 0x200) >> 6)) ^ byte
        if units[index] & ((1 << 31) | 0xFF) != byte:
            return False
    return bool(units[index] & (1 << 8))


def main(kind: str, source: Path, examples: int) -> None:
    header, trie = read_pack_bytes(source)
    assert header["structure"]["kind"] == kind, header["structure"]["kind"]
    trie_bytes = bytes(trie)  # every section, the trie first
    trie_length = next(s["length"] for s in header["sections"] if s["name"] == "trie")
    folder = Path(tempfile.mkdtemp())

    @settings(max_examples=examples, deadline=None, database=None)
    @given(st.lists(st.tuples(st.integers(0, len(trie_bytes) - 1), st.integers(0, 7)), min_size=1, max_size=3))
    def flipped_pack_is_refused_or_answers_correctly(flips: list[tuple[int, int]]) -> None:
        print("flips", flips, flush=True)
        data = bytearray(trie_bytes)
        for at, bit in flips:
            data[at] ^= 1 << bit
        path = folder / "hostile.lexc"
        packed = bytearray(encode_pack(header, kind, bytes(data)))
        assert zlib.crc32(packed[:-_CRC.size]) == _CRC.unpack_from(packed, len(packed) - _CRC.size)[0]
        path.write_bytes(packed)
        try:
            pack = open_pack(path)
        except LexcError:
            return
        for word in WORDS:
            try:
                found = word in pack
            except LexcError:
                continue
            if kind == "dawg":
                assert found == dawg_contains(bytes(data[:trie_length]), word), word
            elif kind == "natives":  # each native word given is a key of the units
                with contextlib.suppress(LexcError):
                    assert all(dawg_contains(bytes(data[:trie_length]), native) for native, _ in pack.records(word))
            else:
                assert found == (word in set(pack.keys())), word
            with contextlib.suppress(LexcError):
                pack.spellings(word)

    flipped_pack_is_refused_or_answers_correctly()
    print("done", flush=True)


if __name__ == "__main__":
    main(sys.argv[1], Path(sys.argv[2]), int(sys.argv[3]))
