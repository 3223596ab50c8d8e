"""The walkable lexicon (lexc.lexicon.walk): a pack's words stepped letter by letter; walk files checked on load."""

from __future__ import annotations

import os
import struct
import zlib
from pathlib import Path

import pytest

from lexc.catalog import Catalog
from lexc.errors import LexcError
from lexc.lexicon.compiler import compile_words
from lexc.lexicon.pack import open_pack
from lexc.lexicon.walk import (
    FINAL,
    MAX_LETTERS,
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


def test_masks_are_machine_integers_in_memory_and_the_file_keeps_its_final_bits(tmp_path):
    """In memory the final flag is bit 61 (FINAL), so that no mask reaches the 62 bits past which the compiled
    search boxes an int; in the file it stays where version 1 put it (bit 31 of a u32, 63 of a u64), so walk files
    written before read the same and the bytes written do not change."""
    assert FINAL == 1 << 61 and MAX_LETTERS == 61
    compile_words(CATALOG.language("ru"), ["щи", "шчи", "да", "дом", "домик"], tmp_path / "ru.lexc")
    for kind in ("board", "tiles"):  # 26 letters: u32 masks; 33 Russian tiles: u64 masks
        alphabet, seqs, _ = pack_sequences(open_pack(tmp_path / "ru.lexc"), kind)
        walk = build_walk(alphabet, seqs)
        assert all(0 <= m < 1 << 62 for m in walk.masks) and sum(bool(m & FINAL) for m in walk.masks) >= 2
        data = encode_walk(walk, {})
        header_len = struct.unpack_from("<8sHHIQ", data)[3]
        start = 24 + header_len + (-(24 + header_len) % 8)
        wide = len(alphabet) > 31
        final = 1 << 63 if wide else 1 << 31
        stored = struct.unpack_from(f"<{walk.nodes}{'Q' if wide else 'I'}", data, start)
        assert [m & final != 0 for m in stored] == [m & FINAL != 0 for m in walk.masks]
        assert [m & ~final for m in stored] == [m & ~FINAL for m in walk.masks]
        assert decode_walk(data)[0].masks == walk.masks
        # a mask with a bit between the alphabet and the file's final bit (FINAL's bit, in a u64) is refused
        stray = bytearray(data[:-4])
        (first,) = struct.unpack_from("<Q" if wide else "<I", stray, start)
        struct.pack_into("<Q" if wide else "<I", stray, start, first | (FINAL if wide else 1 << 30))
        with pytest.raises(LexcError, match="outside the alphabet"):
            decode_walk(_resealed(bytes(stray)))


# ----------------------------------------------------------------- walks built with the pack, not read back


@pytest.mark.parametrize(("lang", "options"), [
    ("en", {}),
    ("fr", {"display_natives": False}),
    ("es", {"spill_boards": 300}),  # CH LL RR, and the keys stored on disk past the bound
    ("hu", {"structure": "marisa"}),  # CS GY LY NY SZ TY ZS: tilings chosen among several
    ("ru", {}),  # 33 tiles (64-bit masks), Ь a tile of no board letter
    ("cs", {"structure": "natives"}),  # the keys of the trie are native words
])
def test_walks_built_from_the_compile_are_those_of_the_pack_read_back(lang, options, tmp_path):
    """``lexc build`` writes the walks from the keys and tilings its compile holds (``walks=True``); the
    files are the bytes :func:`write_walks` writes from the same pack opened and listed again."""
    from test_compiled import SAMPLES, _sample  # type: ignore[import-not-found]  # tests/ is on sys.path

    from lexc.lexicon.compiler import compile_pack
    from lexc.lexicon.sources import open_source

    source = _sample(lang, tmp_path) if lang in SAMPLES else _cs_sample(tmp_path)
    language = CATALOG.language(lang)
    out = tmp_path / f"{lang}.lexc"
    report = compile_pack(language, [open_source(language.spec, source)], out, walks=True, **options)
    assert report.boards > 300
    if "structure" in options:
        assert report.structure == options["structure"]
    built = {kind: walk_path(out, kind).read_bytes() for kind in ("board", "tiles")}
    pack = open_pack(out)
    written = write_walks(pack)  # from the pack opened: its keys listed, its records read
    assert {p.name: p.read_bytes() for p in written} == {f"{lang}.{kind}.walk": data for kind, data in built.items()}
    # and they are the pack's words: every board spelling in the board walk, every tiling in the tiles walk
    board, header = decode_walk(built["board"])
    assert header["words"] + header["skipped"] == len(pack) and header["pack_sha256"] == _sha(out)
    keys = list(pack.keys())
    assert sorted(board.words()) == [k for k in keys if k.isascii() and k.isalpha()]
    tiles, _ = decode_walk(built["tiles"])
    faces = [t["face"] for t in pack.header["tiles"]]
    assert {tuple(s) for s in tiles.sequences()} == {tuple(f for f, _ in tiling) for k in keys
                                                      for _, tiling in pack.records(k)}
    assert tiles.alphabet == tuple(faces)


def _cs_sample(folder):
    """Czech stems of the Hunspell dictionary (one-letter tiles, Ř Č Š... tiles of their own: a natives pack)."""
    path = Path("/usr/share/hunspell/cs_CZ.dic")
    if not path.exists():
        pytest.skip(f"{path} is not installed")
    stems = [line.split("/")[0] for line in path.read_text(encoding="utf-8").splitlines()[1::29]]
    out = folder / "cs.txt"
    out.write_text("\n".join([s for s in stems if s[:1].islower()][:3000]) + "\n", encoding="utf-8")
    return out


def _sha(path):
    import hashlib

    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_build_writes_the_walks_with_the_pack_and_lexc_compile_writes_none(tmp_path):
    from lexc.lexicon.build import build_one

    catalog = Catalog.shipped(packs=tmp_path)
    source = tmp_path / "club.txt"
    source.write_text("quite\nquiet\nqi\nzax\n", encoding="utf-8")
    build_one(catalog, "en", name="club", source=str(source))
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["club.txt", "en@club.board.walk", "en@club.lexc", "en@club.tiles.walk"]
    assert sorted(walk_of(open_pack(tmp_path / "en@club.lexc"), "tiles").words()) == ["QI", "QUIET", "QUITE", "ZAX"]
    compile_words(CATALOG.language("en"), ["quite"], tmp_path / "x" / "en.lexc")
    assert sorted(p.name for p in (tmp_path / "x").iterdir()) == ["en.lexc"]
