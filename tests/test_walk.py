"""The walkable lexicon (lexc.lexicon.walk): a pack's words stepped letter by letter; walk files checked on load."""

from __future__ import annotations

import os
import struct
import zlib

import pytest

from lexc.catalog import Catalog
from lexc.errors import LexcError
from lexc.lexicon.compiler import compile_words
from lexc.lexicon.pack import open_pack
from lexc.lexicon.walk import (
    Walk,
    build_walk,
    check_walk,
    decode_walk,
    encode_walk,
    pack_sequences,
    walk_of,
    walk_path,
    write_walks,
)

CATALOG = Catalog.shipped()

WORDS = ["CAT", "CATS", "CAR", "CARS", "BAT", "BATS", "BAR", "BARS", "AT", "A"]


def test_walk_holds_exactly_its_words_and_shares_suffixes():
    walk = Walk.from_words(WORDS)
    assert sorted(walk.words()) == sorted(WORDS)
    assert not walk.contains("CA") and not walk.contains("CATSS") and not walk.contains("DOG")
    # CAT/BAT/CATS/BATS/CAR/BAR... share their tails: fewer nodes than a trie's 14
    assert walk.nodes < 10
    # a step is one mask test and one array read
    node = walk.child(walk.root, walk.index["C"])
    assert walk.child(node, walk.index["Z"]) == -1 and walk.child(node, walk.index["A"]) >= 0


def test_branches_are_the_one_step_every_search_takes():
    walk = Walk.from_words(WORDS)
    letters = (1 << len(walk.alphabet)) - 1
    rack = sum(1 << walk.index[c] for c in "CATS")  # the letters of a rack: only their arcs are taken
    for node in range(walk.nodes):
        every = walk.branches(node)
        assert [code for code, _ in every] == [c for c in range(26) if walk.masks[node] >> c & 1]
        assert all(walk.child(node, code) == child for code, child in every)
        assert list(walk.children(node)) == every
        for allowed in (0, rack, 1 << walk.index["S"], letters):
            assert walk.branches(node, allowed) == [(c, t) for c, t in every if allowed >> c & 1]

    def spelled(node, prefix):  # every word, read back through branches alone
        found = [prefix] if walk.final(node) else []
        for code, child in walk.branches(node):
            found += spelled(child, prefix + walk.alphabet[code])
        return found

    assert sorted(spelled(walk.root, "")) == sorted(WORDS)


def test_build_refuses_unsorted_input():
    with pytest.raises(ValueError, match="sorted"):
        build_walk("AB", [(1,), (0,)])


def test_encoding_is_deterministic_and_round_trips():
    walk = Walk.from_words(WORDS)
    data = encode_walk(walk, {"lang": "en", "kind": "board"})
    assert data == encode_walk(Walk.from_words(reversed(WORDS)), {"kind": "board", "lang": "en"})
    back, header = decode_walk(data)
    assert sorted(back.words()) == sorted(WORDS) and header["lang"] == "en" and header["nodes"] == walk.nodes


def _resealed(body: bytes) -> bytes:
    return body + struct.pack("<I", zlib.crc32(body))


def test_corrupt_walk_files_are_refused_with_a_reason():
    data = encode_walk(Walk.from_words(WORDS), {"lang": "en"})
    with pytest.raises(LexcError, match="checksum mismatch"):
        decode_walk(data[:-5] + bytes([data[-5] ^ 1]) + data[-4:])
    with pytest.raises(LexcError, match="truncated"):
        decode_walk(data[:-10])
    with pytest.raises(LexcError, match="not a walk file"):
        decode_walk(b"LEXCPACK" + data[8:])
    # a well-sealed file whose first arc points upward (a cycle) is caught before any walk
    walk = Walk.from_words(WORDS)
    bad = Walk.create(walk.alphabet, walk.masks, [walk.root, *walk.targets[1:]], walk.heights)
    assert "not below it" in (check_walk(bad) or "")
    with pytest.raises(LexcError, match="corrupt walk"):
        decode_walk(encode_walk(bad, {}))
    # an arc outside the alphabet
    masks = list(walk.masks)
    masks[0] |= 1 << 30
    assert "outside the alphabet" in (check_walk(Walk.create(walk.alphabet, masks, walk.targets, walk.heights)) or "")


def test_walks_are_written_by_write_walks_and_read_back_only_when_made_from_these_pack_bytes(tmp_path):
    compile_words(CATALOG.language("es"), ["churro", "carro", "ñandú", "nandu"], tmp_path / "es.lexc")
    pack = open_pack(tmp_path / "es.lexc")
    # reading never writes: the walk is built in memory when no walk file is there
    tiles = walk_of(pack, "tiles")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["es.lexc"]
    faces = ["".join(tiles.alphabet[c] for c in seq) for seq in tiles.sequences()]
    # CHURRO is the four tiles CH·U·RR·O; ÑANDÚ and NANDU two tilings of one board spelling
    assert sorted(faces) == ["CARRO", "CHURRO", "NANDU", "ÑANDU"]
    assert [len(seq) for seq in tiles.sequences() if tiles.alphabet[seq[0]] == "CH"] == [4]
    written = write_walks(open_pack(tmp_path / "es.lexc"))
    assert [p.name for p in written] == ["es.board.walk", "es.tiles.walk"]
    saved = walk_path(pack.path, "board")
    board, header = decode_walk(saved.read_bytes())
    assert sorted(board.words()) == ["CARRO", "CHURRO", "NANDU"] and header["words"] == 3
    assert walk_of(open_pack(tmp_path / "es.lexc"), "board").masks == board.masks
    # written again from the same pack: the same bytes
    first = saved.read_bytes()
    write_walks(open_pack(tmp_path / "es.lexc"))
    assert saved.read_bytes() == first
    # a new pack: the old walk file (another pack's bytes) is set aside, not read, not rewritten
    compile_words(CATALOG.language("es"), ["churro", "perro"], tmp_path / "es.lexc")
    again = walk_of(open_pack(tmp_path / "es.lexc"), "board")
    assert sorted(again.words()) == ["CHURRO", "PERRO"] and saved.read_bytes() == first


def test_a_walk_file_that_is_a_fifo_a_device_or_garbage_is_set_aside_without_blocking(tmp_path):
    compile_words(CATALOG.language("en"), ["quite", "quiet", "qi"], tmp_path / "en.lexc")
    fifo = walk_path(tmp_path / "en.lexc", "board")
    os.mkfifo(fifo)  # nobody writes to it: a blocking open or read would hang here
    assert sorted(walk_of(open_pack(tmp_path / "en.lexc"), "board").words()) == ["QI", "QUIET", "QUITE"]
    tiles = walk_path(tmp_path / "en.lexc", "tiles")
    tiles.symlink_to("/dev/zero")  # endless bytes: never read past a limit
    assert sorted(walk_of(open_pack(tmp_path / "en.lexc"), "tiles").words()) == ["QI", "QUIET", "QUITE"]
    fifo.unlink()
    fifo.write_bytes(b"LEXCWALK" + b"\0" * 40)
    assert walk_of(open_pack(tmp_path / "en.lexc"), "board").contains("QUIET")
    assert fifo.read_bytes() == b"LEXCWALK" + b"\0" * 40  # set aside, not rewritten


def test_final_flag_survives_both_mask_widths(tmp_path):
    compile_words(CATALOG.language("ru"), ["щи", "шчи", "да"], tmp_path / "ru.lexc")
    pack = open_pack(tmp_path / "ru.lexc")
    alphabet, seqs, _ = pack_sequences(pack, "tiles")
    assert len(alphabet) > 31  # 33 Russian tiles: 64-bit masks in the file
    walk, _ = decode_walk(encode_walk(build_walk(alphabet, seqs), {}))
    assert sorted("·".join(walk.alphabet[c] for c in s) for s in walk.sequences()) == ["Д·А", "Ш·Ч·И", "Щ·И"]
