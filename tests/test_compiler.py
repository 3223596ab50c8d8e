"""The compile pipeline on real words: rejections by reason, limits, overlays, collisions, languages."""

from __future__ import annotations

from pathlib import Path

import pytest

from lexc.catalog import Catalog
from lexc.errors import LexcError
from lexc.language.normalize import Unspellable
from lexc.lexicon.compiler import compile_pack, compile_words, header_base
from lexc.lexicon.pack import open_pack, write_pack
from lexc.lexicon.packfile import pack_sections, read_pack_bytes
from lexc.lexicon.sources import open_source

CATALOG = Catalog.shipped()

DOVER = Path(__file__).resolve().parent.parent.parent / "shared" / "reference" / "dover-scrabble-club-rules.txt"


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_rejections_are_counted_by_reason_with_file_and_line(tmp_path):
    source = write(tmp_path / "fr.txt",
                   "# liste\nélève\naujourd'hui\nabat-jour\nporte-clés\na\n\nanticonstitutionnellement\n")
    report = compile_pack(CATALOG.language("fr"), [open_source(CATALOG.spec("fr"), source)], tmp_path / "fr.lexc")
    assert report.read == 6 and report.kept == 1 and report.rejected_total == 5
    hyphen = next(r for r in report.rejected if "HYPHEN-MINUS" in r)
    assert report.rejected[hyphen] == 2
    # the file by its name, as the pack header names it in every folder (provenance.recorded_path)
    assert report.examples[hyphen] == ["abat-jour (fr.txt:4)", "porte-clés (fr.txt:5)"]
    assert report.rejected["shorter than 2 board tiles"] == 1
    assert report.rejected["longer than 15 tiles in any game"] == 1
    header = open_pack(tmp_path / "fr.lexc").header
    assert header["rejected"][hyphen]["count"] == 2
    assert header["counts"]["rejected"] == 5


def test_length_limits_keep_a_word_that_fits_its_own_board_or_a_polyglot_one(tmp_path):
    # the lower limit counts board tiles; a word is too long only with more board tiles than the limit (a
    # Polyglot board) and more of its own tiles (its language's game): CHURRO is 4 Spanish tiles but 6 board
    # tiles, CARTAS 6 of both; щи is 2 Russian tiles but 5 board tiles (SHCHI)
    es = compile_words(CATALOG.language("es"), ["churro", "cartas", "col"], tmp_path / "es.lexc", min_length=4,
                       max_length=5)
    assert es.kept == 1 and es.rejected == {"longer than 5 tiles in any game": 1, "shorter than 4 board tiles": 1}
    assert "CHURRO" in open_pack(tmp_path / "es.lexc")
    # at the board's own size: ABARQUILLAMIENTO, 16 board tiles, is 15 Spanish tiles (LL one) and fits a
    # Spanish board; with the plural's 16 tiles it fits none
    es = compile_words(CATALOG.language("es"), ["abarquillamiento", "abarquillamientos"], tmp_path / "es15.lexc")
    assert es.kept == 1 and es.rejected == {"longer than 15 tiles in any game": 1}
    assert "ABARQUILLAMIENTO" in open_pack(tmp_path / "es15.lexc")
    ru = compile_words(CATALOG.language("ru"), ["щи", "да"], tmp_path / "ru.lexc", min_length=3)
    assert ru.kept == 1 and "SHCHI" in open_pack(tmp_path / "ru.lexc")
    with pytest.raises(LexcError, match="length limits"):
        compile_words(CATALOG.language("es"), ["churro"], tmp_path / "x.lexc", min_length=5, max_length=4)


def test_overlays(tmp_path):
    words = write(tmp_path / "words.txt", "élève\nélevé\nchat\nchien\nzèbre\n")
    exclude = write(tmp_path / "exclude.txt", "élevé\nchien\n")
    include = write(tmp_path / "include.txt", "scrabble\n")
    report = compile_pack(CATALOG.language("fr"), [open_source(CATALOG.spec("fr"), words)], tmp_path / "fr.lexc",
                          include=include, exclude=exclude)
    pack = open_pack(tmp_path / "fr.lexc")
    assert (report.excluded, report.included) == (2, 1)
    assert [s.native for s in pack.spellings("ELEVE")] == ["ÉLÈVE"]  # only the native word élevé went
    assert "CHIEN" not in pack and "SCRABBLE" in pack and "ZEBRE" in pack
    assert pack.header["options"]["exclude"]["words"] == 2
    # an entry written with A–Z only removes the board spelling, whatever its native words
    write(exclude, "eleve\n")
    compile_pack(CATALOG.language("fr"), [open_source(CATALOG.spec("fr"), words)], tmp_path / "fr2.lexc",
                 exclude=exclude)
    assert "ELEVE" not in open_pack(tmp_path / "fr2.lexc")


def test_dover_disallowed_words_can_be_excluded(tmp_path):
    text = DOVER.read_text(encoding="utf-8")
    assert "QI" in text  # the Dover club disallows a few two-letter words; QI is one of them
    exclude = write(tmp_path / "dover.txt", "QI\n")
    words = write(tmp_path / "en.txt", "qi\nquite\nza\n")
    compile_pack(CATALOG.language("en"), [open_source(CATALOG.spec("en"), words)], tmp_path / "en.lexc",
                 exclude=exclude)
    pack = open_pack(tmp_path / "en.lexc")
    assert "QI" not in pack and "QUITE" in pack


def test_collisions_and_duplicates(tmp_path):
    report = compile_words(CATALOG.language("fr"), ["élève", "élevé", "élève", "ÉLÈVE", "chat"], tmp_path / "fr.lexc")
    assert (report.kept, report.duplicates, report.boards, report.collisions) == (3, 2, 2, 1)
    assert report.collision_examples == ["ELEVE: ÉLEVÉ, ÉLÈVE"]


def test_display_natives_can_be_left_out(tmp_path):
    full = compile_words(CATALOG.language("fr"), ["élève", "élevé", "chat", "cœur"], tmp_path / "full.lexc")
    bare = compile_words(CATALOG.language("fr"), ["élève", "élevé", "chat", "cœur"], tmp_path / "bare.lexc",
                         display_natives=False)
    assert bare.exceptions == 0 < full.exceptions
    pack = open_pack(tmp_path / "bare.lexc")
    assert [(s.native, s.value) for s in pack.spellings("ELEVE")] == [("ELEVE", 8)]
    assert [s.native for s in open_pack(tmp_path / "full.lexc").spellings("COEUR")] == ["CŒUR"]


@pytest.mark.parametrize(("lang", "words", "board", "natives"), [
    # Russian: multi-letter runs (SHCH, YE, ZH), Ё and Е both on YE, Ъ on no letter of its own
    ("ru", ["щи", "ёж", "еж", "ежи", "шахта", "съезд", "чай", "ящик", "юла", "сходство", "подъезд"], "YEZH",
     ["ЁЖ", "ЕЖ"]),
    # Spanish: CH LL RR tiles by default, and words whose letters are two tiles where the default is one
    ("es", ["churro", "chucho", "llama", "ñandú", "nandu", "carro", "caro", "sobrellevar", "subrayar"], "NANDU",
     ["NANDU", "ÑANDÚ"]),
    ("fr", ["élève", "élevé", "chat", "cœur", "coeur", "naïf", "été", "ete"], "ELEVE", ["ÉLEVÉ", "ÉLÈVE"]),
    ("de", ["straße", "strasse", "häuser", "hauser", "bär", "bar", "haus"], "BAR", ["BAR", "BÄR"]),
    ("pl", ["łódź", "lody", "łoś", "żaba", "zaba", "zażółć", "gęślą", "jaźń"], "ZABA", ["ZABA", "ŻABA"]),
])
def test_the_compile_writes_the_records_the_record_writer_writes(tmp_path, lang, words, board, natives):
    """The compile reads a chunk of board spellings' default readings at once and writes the records of words on
    their default tiling from their letters alone (Coder.default_codes, RecordWriter.group_default); write_pack
    writes each board spelling's records word by word (RecordWriter.group): the same table, records and trie."""
    language = CATALOG.language(lang)
    compile_words(language, words, tmp_path / "compiled.lexc")
    norm = language.normaliser()
    write_pack(tmp_path / "written.lexc", header_base(language), [norm.spell(w) for w in words])

    def sections(path: Path) -> tuple[object, ...]:
        header, data = read_pack_bytes(path)
        found = {name: bytes(blob) for name, blob in pack_sections(path, header, data).items()}
        return header["table"], header["counts"]["exceptions"], header["structure"], found

    assert sections(tmp_path / "compiled.lexc") == sections(tmp_path / "written.lexc")
    assert sorted(s.native for s in open_pack(tmp_path / "compiled.lexc").spellings(board)) == natives


@pytest.mark.parametrize(("lang", "path", "first"), [
    ("pl", "/usr/share/dict/polish", 40_000), ("de", "/usr/share/dict/ngerman", 80_000),
    ("ru", "/usr/share/hunspell/ru_RU.dic", 60_000),  # stems: SHCH, YE, ZH runs; Е where longest match reads Э
])
def test_words_tiled_one_tile_a_letter_are_written_as_the_record_writer_writes(tmp_path, lang, path, first):
    """Words not on their board spelling's default tiling, their tiles as long as the default's (Polish ŻABA with
    tile Ż on ZABA's Z, German BÄR with tile Ä, Russian), are written from their tile codes (group_coded); write_pack
    builds each word's tiling (RecordWriter.group): the same table, records, natives candidate and trie, on the
    first lines of real lists."""
    if not Path(path).is_file():
        pytest.skip(f"{path} not installed")
    words = Path(path).read_text(encoding="utf-8").split("\n")[:first]
    if path.endswith(".dic"):
        words = [line.split("/")[0] for line in words[1:]]
    language = CATALOG.language(lang)
    compile_words(language, words, tmp_path / "compiled.lexc")
    norm = language.normaliser()
    kept = []
    for word in words:
        try:
            spelling = norm.spell(word)
        except Unspellable:
            continue
        if len(spelling.board) >= 2 and (len(spelling.board) <= 15 or len(spelling.tiles) <= 15):  # as the compile
            kept.append(spelling)
    write_pack(tmp_path / "written.lexc", header_base(language), kept)
    found = [_sections(tmp_path / name) for name in ("compiled.lexc", "written.lexc")]
    assert found[0] == found[1]
    tiled = bytes(found[0][3]["records"]).decode("utf-8").count("^")
    assert tiled > 200  # distinct record groups that give tiles (words off their default tiling), hundreds


def _sections(path: Path) -> tuple[object, ...]:
    header, data = read_pack_bytes(path)
    found = {name: bytes(blob) for name, blob in pack_sections(path, header, data).items()}
    return header["table"], header["counts"]["exceptions"], header["structure"], found


@pytest.mark.parametrize(("lang", "word", "board", "native", "tiling", "value"), [
    ("pl", "łódź", "LODZ", "ŁÓDŹ", ("Ł", "Ó", "D", "Ź"), 19),
    ("ca", "col·legi", "COLLEGI", "COL·LEGI", ("C", "O", "L·L", "E", "G", "I"), 18),
    ("ca", "cavall", "CAVALL", "CAVALL", ("C", "A", "V", "A", "L", "L"), 10),
    ("de", "straße", "STRASSE", "STRASSE", ("S", "T", "R", "A", "S", "S", "E"), 7),
])
def test_tilings_the_board_spelling_does_not_imply(tmp_path, lang, word, board, native, tiling, value):
    others = {"pl": ["lody", "łoś"], "ca": ["llibre", "cavalls", "collar"], "de": ["strasse", "haus"]}[lang]
    compile_words(CATALOG.language(lang), [word, *others], tmp_path / f"{lang}.lexc")
    found = [(s.native, s.tiling, s.value) for s in open_pack(tmp_path / f"{lang}.lexc").spellings(board)]
    assert found == [(native, tiling, value)]


def test_missing_source_is_a_clear_error(tmp_path):
    with pytest.raises(LexcError, match="no such file"):
        compile_pack(CATALOG.language("fr"), [open_source(CATALOG.spec("fr"), tmp_path / "missing.txt")],
                     tmp_path / "fr.lexc")
    assert not (tmp_path / "fr.lexc").exists()


def test_progress_is_reported(tmp_path):
    seen = []
    compile_words(CATALOG.language("es"), ["churro"] * 3, tmp_path / "es.lexc", progress=lambda stage, done,
                  total: seen.append(stage))
    assert seen[0] == "reading memory" and "building" in seen and "writing" in seen and seen[-1] == "done"


def test_a_language_without_official_values_is_valued_in_english_in_its_pack(tmp_path: Path) -> None:
    # Ukrainian has no verified official set (languages/uk.toml): its words score in English on their
    # board tiles (Polyglot rule 1), in the pack exactly as in the normaliser. Щ = SHCH = 1+4+3+4.

    words = tmp_path / "uk.txt"
    words.write_text("щастя\nкорицева\n", encoding="utf-8")
    compile_pack(CATALOG.language("uk"), [open_source(CATALOG.spec("uk"), words)], tmp_path / "uk.lexc")
    pack = open_pack(tmp_path / "uk.lexc")
    for word in ("щастя", "корицева"):
        spelled = CATALOG.normaliser("uk").spell(word)
        assert pack.spellings(spelled.board) == [spelled]
    first = pack.spellings("SHCHASTIA")[0].tiles[0]
    assert (first.face, first.points) == ("Щ", 12)
