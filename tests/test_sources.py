"""Plain word lists, conventions for multi-letter tiles, overlays, wordfreq and the default sources."""

import re
from pathlib import Path

import pytest

from lexc.catalog import Catalog
from lexc.errors import LexcError
from lexc.language import normalize
from lexc.lexicon import sources
from lexc.lexicon.sources import default_sources, open_source, read_overlay

CATALOG = Catalog.shipped()

DATA = Path(__file__).parent / "data" / "sources"
REFERENCE = Path(__file__).resolve().parents[1] / ".." / "shared" / "reference"


def texts(source) -> list[str]:
    return [w.text for w in source.words()]


# ------------------------------------------------------------------ plain lists


def test_bom_crlf_comments_blanks_and_definitions():
    source = open_source(CATALOG.spec("fr"), DATA / "bom-crlf.txt")
    words = list(source.words())
    assert [w.text for w in words] == ["abaca", "élève", "naïve", "WHISKY", "it's"]
    assert [w.line for w in words] == [3, 4, 6, 8, 9]
    assert source.stats.lines == 9 and source.stats.comments == 2 and source.stats.blank == 2
    assert source.stats.words == 5 and not source.stats.empty


def test_latin1_needs_its_encoding():
    with pytest.raises(LexcError) as error:
        texts(open_source(CATALOG.spec("fr"), DATA / "latin1.txt"))
    message = str(error.value)
    # "élève" is line 2; its é (0xe9) is byte 18 of the file
    assert message.startswith(f"{DATA / 'latin1.txt'}:2: encoding: byte 0xe9 at byte offset 18 is not valid utf-8")
    assert "give the list's encoding" in message
    assert texts(open_source(CATALOG.spec("fr"), DATA / "latin1.txt", encoding="latin-1")) == ["élève", "çà", "maïs"]


def test_utf16_is_refused_unless_declared():
    with pytest.raises(LexcError, match=r"utf16\.txt:1: encoding: .*UTF-16-LE byte-order mark.*read it as utf-16"):
        texts(open_source(CATALOG.spec("ru"), DATA / "utf16.txt"))
    assert texts(open_source(CATALOG.spec("ru"), DATA / "utf16.txt", encoding="utf-16")) == ["élève", "щи"]


def test_nul_byte_names_line_and_offset():
    with pytest.raises(LexcError, match=r"nul\.txt:2: encoding: NUL byte at byte offset 6"):
        texts(open_source(CATALOG.spec("en"), DATA / "nul.txt"))


def test_missing_file_and_directory():
    with pytest.raises(LexcError, match="no such file"):
        open_source(CATALOG.spec("en"), DATA / "missing.txt")
    with pytest.raises(LexcError, match="is a directory"):
        open_source(CATALOG.spec("en"), DATA)


def test_empty_files_are_allowed_and_reported():
    for name in ("empty.txt", "comments-only.txt"):
        source = open_source(CATALOG.spec("en"), DATA / name)
        assert texts(source) == []
        assert source.stats.empty


def test_unknown_encoding_and_option_values():
    with pytest.raises(LexcError, match="unknown encoding"):
        open_source(CATALOG.spec("en"), DATA / "empty.txt", encoding="klingon-8")
    with pytest.raises(LexcError, match="convention: must be one of native, coded"):
        open_source(CATALOG.spec("en"), DATA / "empty.txt", convention="legacy")


def test_gzip_lists_are_read(tmp_path):
    import gzip

    path = tmp_path / "words.txt.gz"
    with gzip.open(path, "wb") as handle:
        handle.write(b"churro\ncalle\n")
    assert texts(open_source(CATALOG.spec("es"), path)) == ["churro", "calle"]


def test_capitalised_entries_can_be_skipped(tmp_path):
    path = tmp_path / "names.txt"
    path.write_text("Paris\nparis\nPARIS\nZürich\n", encoding="utf-8")
    source = open_source(CATALOG.spec("fr"), path, capitalised="skip")
    # proper nouns and acronyms of a lower-case list
    assert texts(source) == ["paris"]
    assert source.stats.capitalised == 3
    assert texts(open_source(CATALOG.spec("fr"), path)) == ["Paris", "paris", "PARIS", "Zürich"]


def test_identity_names_the_file_and_its_hash():
    identity = open_source(CATALOG.spec("fr"), DATA / "latin1.txt", encoding="latin-1").identity()
    assert identity["kind"] == "wordlist"
    (entry,) = identity["files"]
    assert entry["bytes"] == (DATA / "latin1.txt").stat().st_size
    assert re.fullmatch("[0-9a-f]{64}", entry["sha256"])
    assert identity["options"]["encoding"] == "latin-1"


# ------------------------------------------------------------------ conventions


def test_pin_is_the_normalisers():
    assert sources.PIN == normalize.PIN


def test_spanish_digits_in_a_coded_list():
    source = open_source(CATALOG.spec("es"), DATA / "fise-coded.txt", convention="coded")
    # letters outside codes are single tiles (pinned where longest match would join them): CORRO is C·O·R·R·O
    assert texts(source) == ["CH|U|R|R|O", "CA|LL|E", "PE|RR|O", "C|O|R|R|O", "mu|ch|o"]
    assert source.stats.coded == 5


def test_digits_are_not_read_in_a_native_list():
    assert texts(open_source(CATALOG.spec("es"), DATA / "fise-coded.txt")) == ["1URRO", "CA2E", "PE3O", "CORRO", "mu1o"]


def test_catalan_legacy_codes():
    source = open_source(CATALOG.spec("ca"), DATA / "disc-coded.txt", convention="coded")
    assert texts(source) == ["CO|L·L|ECCIO", "A|NY", "QU|E", "CA|Ç|A"]


def test_brackets_pin_one_tile_in_any_list():
    source = open_source(CATALOG.spec("es"), DATA / "brackets.txt")
    # [XY] is not a tile of the Spanish set: left as written, for the normaliser to reject
    assert texts(source) == ["CH|URRO", "C|H", "[XY]Z", "ch|urro"]
    assert source.stats.coded == 3


def test_pinned_words_tile_as_the_source_says():
    es = CATALOG.normaliser("es")
    coded = [w.text for w in open_source(CATALOG.spec("es"), DATA / "fise-coded.txt", convention="coded").words()]
    assert [".".join(es.tiling(t)) for t in coded] == [
        "CH.U.R.R.O", "C.A.LL.E", "P.E.RR.O", "C.O.R.R.O", "M.U.CH.O"]
    # CH pinned: CHURRO scores CH's 5 (CH 5 + U 1 + RR 8 + O 1 = 15)
    assert es.spell("CH|URRO").value == 15
    ca = CATALOG.normaliser("ca")
    spelled = ca.spell("CO|L·L|ECCIO")
    assert spelled.board == "COLLECCIO" and "L·L" in [t.face for t in spelled.tiles]


# ------------------------------------------------------------------ overlays and limits


def test_dover_disallowed_overlay_matches_the_club_rules():
    words = read_overlay(DATA / "dover-disallowed.txt")
    assert {"AA", "QI", "ZA", "AZO", "ZZZ", "QOPH"} <= words
    assert len([w for w in words if len(w) == 2]) == 31  # "Of the 31 disallowed 2-letter words"
    rules = REFERENCE / "dover-scrabble-club-rules.txt"
    if rules.exists():
        text = rules.read_text(encoding="utf-8")
        assert all(re.search(rf"\b{w}\b", text) for w in words)


def test_overlay_reads_like_a_list():
    assert read_overlay(DATA / "bom-crlf.txt") == {"abaca", "élève", "naïve", "WHISKY", "it's"}


# ------------------------------------------------------------------ wordfreq


def test_wordfreq_top_n():
    source = open_source(CATALOG.spec("fr"), "wordfreq:fr:50")
    words = list(source.words())
    assert len(words) == 50 and words[0].line == 1
    assert {"de", "la", "le", "et"} <= {w.text for w in words}
    identity = source.identity()
    assert identity["kind"] == "wordfreq" and identity["version"] and identity["options"]["top"] == 50
    assert identity["files"] and all(len(f["sha256"]) == 64 for f in identity["files"])


def test_wordfreq_without_a_list_for_the_language():
    with pytest.raises(LexcError, match="wordfreq has no list for 'cy'"):
        open_source(CATALOG.spec("en"), "wordfreq:cy")


# ------------------------------------------------------------------ default sources


def test_every_shipped_language_has_an_openable_default_source():
    missing = []
    for spec in CATALOG.specs():
        if not spec.lexicon:
            missing.append(spec.code)
            continue
        for source in default_sources(spec):
            assert source.kind in ("wordlist", "hunspell", "wordfreq")
            for path in source.files():
                assert path.is_file(), f"{spec.code}: {path}"
    assert missing == []


def test_spelling_sources_of_spanish():
    """Spanish's spelling lists, the named lexicon ``spelling`` (the default is the FISE list: test_lexicons.py)."""
    listed, expanded = default_sources(CATALOG.spec("es"), "spelling")
    assert (listed.kind, listed.package) == ("wordlist", "wspanish")
    assert (expanded.kind, expanded.package) == ("hunspell", "hunspell-es")
    first = next(iter(listed.words()))
    assert first.line >= 1 and first.file == "/usr/share/dict/spanish"


def test_aspell_prefix_compressed_list():
    # word-list-compress format: 1 + shared prefix length, then the rest of the word (ISO 8859-14 here)
    source = open_source(CATALOG.spec("cy"), DATA / "welsh.cwl", encoding="iso8859-14")
    words = list(source.words())
    assert [w.text for w in words] == ["cath", "cathod", "ci", "cwm", "cŵn", "llyfr", "llyfrgell", "llyfrgelloedd"]
    assert [w.line for w in words][:3] == [1, 2, 3]


def test_lines_read_in_blocks_keep_numbers_and_offsets(tmp_path, monkeypatch):
    """Lines are decoded a block at a time: a fault in a later block still names its line and byte."""
    from lexc.lexicon import reading

    monkeypatch.setattr(reading, "_BLOCK", 64)  # many blocks, lines cut across them
    words = [f"élève{i}" for i in range(200)]
    good = tmp_path / "good.txt"
    good.write_bytes("\r\n".join(words).encode("utf-8") + b"\r\n")  # CRLF, no line end split wrongly
    assert [text for _, text in reading.iter_lines(good)] == words
    bad = tmp_path / "bad.txt"
    body = "\n".join(words[:150]).encode("utf-8") + b"\n"
    bad.write_bytes(body + b"ma\xefs\n" + "\n".join(words[150:]).encode("utf-8"))
    with pytest.raises(LexcError,
                       match=rf"bad\.txt:151: encoding: byte 0xef at byte offset {len(body) + 2} is not valid utf-8"):
        list(reading.iter_lines(bad))
    cr = tmp_path / "cr.txt"
    cr.write_bytes(body + b"one\rtwo\n")
    with pytest.raises(LexcError, match=r"cr\.txt:151: a carriage return \(CR\) inside the line"):
        list(reading.iter_lines(cr))
    nul = tmp_path / "nul.txt"
    nul.write_bytes(body + b"ab\x00c\n")
    with pytest.raises(LexcError, match=rf"nul\.txt:151: encoding: NUL byte at byte offset {len(body) + 2}"):
        list(reading.iter_lines(nul))
    last = tmp_path / "last.txt"
    last.write_bytes(body + "maïs".encode())  # no line end after the last word
    assert [text for _, text in reading.iter_lines(last)][-2:] == [words[149], "maïs"]


def test_line_numbers_across_blocks_and_a_bad_line_late(tmp_path):
    """A list is read 256 KiB of lines at a time (iter_line_blocks): words keep their line numbers across
    blocks, skipped lines included, and a bad byte in a late block is still named by its line."""
    lines = [f"élève{n}" if n % 1000 else ("Paris" if n % 2000 else "# note") for n in range(1, 60_001)]
    path = tmp_path / "long.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    source = open_source(CATALOG.spec("fr"), path, capitalised="skip")
    words = list(source.words())
    assert [(w.text, w.line) for w in words[998:1000]] == [("élève999", 999), ("élève1001", 1001)]
    assert words[-1] == ("élève59999", str(path), 59_999, "")
    assert source.stats.lines == 60_000 and source.stats.words == 59_940
    assert source.stats.capitalised == 30 and source.stats.comments == 30
    path.write_bytes(path.read_bytes().replace(b"\xc3\xa9l\xc3\xa8ve50123\n", b"\xe9l\xe8ve50123\n"))
    with pytest.raises(LexcError, match=r"long\.txt:50123: encoding: byte 0xe9"):
        list(open_source(CATALOG.spec("fr"), path).words())
