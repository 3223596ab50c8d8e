"""The compiler's front half a block at a time gives what it gives a word at a time, on real words.

A source's words reach the compiler in blocks (:func:`lexc.lexicon.reading.word_blocks`, a word list's
blocks of lines, without its capitalised lines when it skips them) that the encoder spells at once
(:meth:`lexc.language.normalize.Encoder.encode_lines`). Each test here runs the same real words both ways.
"""

from __future__ import annotations

import unicodedata
from itertools import islice
from pathlib import Path

import pytest

from lexc import Catalog
from lexc.lexicon.collect import Collector
from lexc.lexicon.reading import Lines, SourceWord, word_blocks
from lexc.lexicon.sources import default_sources, open_source

CATALOG = Catalog.shipped()

#: Words with the sets' multi-letter tiles, pins, marks, capitals, dropped characters and letters that are no
#: tile, added to each language's real words (most go through ``encode`` alone, inside a block).
ODD_WORDS = {
    "es": ["churro", "llave", "carro", "c|hurro", "ñandú", "PERRO", "pingüino", "x"],
    "ca": ["col·legi", "paella", "any", "nyonya", "l·l", "cel·la"],
    "hu": ["egészség", "csengő", "gyógyszer", "rajz|szeg", "zsák", "szó"],
    "hr": ["džep", "ljubav", "njegov", "nadživjeti", "podjela"],
    "ru": ["щи", "ель", "ёлка", "объём", "съезд", "моё", "ще\u0301дрый", "qi"],
    "uk": ["щастя", "їжак", "ґанок", "м'ята", "пам\u02bcять", "юшка"],
    "de": ["straße", "café", "señor", "öl", "Haus"],
    "cs": ["chata", "ďábel", "würstel", "Praha", "řeka"],
    "pl": ["źdźbło", "żółw", "Kraków", "quiz", "chrząszcz"],
    "fr": ["œuvre", "élève", "naïf", "Paris", "cœur"],
    "ar": ["كتاب", "مدرسةً", "ال\u200eكتاب", "قلم"],
    "he": ["שלום", "ספר", "מחשב'", "בית"],
}

#: Real words read per language (from the start of each of its default sources).
SAMPLE = 12_000


def _real_words(code: str) -> list[SourceWord]:
    spec = CATALOG.spec(code)
    found: list[SourceWord] = []
    for source in default_sources(spec):
        if not all(path.exists() for path in source.files()):
            continue
        found.extend(islice(source.words(), SAMPLE))
    if not found:
        pytest.skip(f"no default source of {code} is installed")
    return found


def _state(collector: Collector) -> tuple[object, ...]:
    """What a collector holds, each tile code read as its tiles (a code character is a tile's in the order the
    tiles were first met, which blocks change: the pack reads each through its tile, never by its character)."""
    tile_of = collector.tiles.tile_of

    def tiles(entry: str | None) -> object:
        if entry is None:
            return None
        code, _, native = entry.partition("\x00")
        return tuple((tile_of[c].face, tile_of[c].board) for c in code), native

    entries = {board: [tiles(e) for e in found] if isinstance(found, list) else tiles(found)
               for board, found in collector.entries.items()}
    return (collector.read, collector.kept, collector.duplicates, collector.excluded, entries,
            collector.rejections.counts, collector.rejections.examples, collector.choices, collector.pinned,
            sorted((t.face, t.board, t.points) for t in tile_of.values()))


@pytest.mark.parametrize("code", sorted(ODD_WORDS))
def test_blocks_collect_what_words_collect(code: str) -> None:
    """The words of a language's default sources (and its multi-letter tiles: es CH LL RR, ca L·L NY, hu CS GY
    SZ ZS, hr DŽ LJ NJ, ru Щ -> SHCH), given to the collector one by one and in blocks: the same entries (tile
    codes, native words, board spellings), counts, rejections with their lines, choices and tiles."""
    words = _real_words(code)
    words[100:100] = [SourceWord(text, "odd.txt", n) for n, text in enumerate(ODD_WORDS[code], 1)]
    language = CATALOG.language(code)
    one, blocks = (Collector(language.spec, language.normaliser(), (2, 15), None) for _ in range(2))
    for word in words:
        one.add(word)
    items = list(word_blocks(iter(words), 1000))
    assert sum(len(item.texts) if isinstance(item, Lines) else 1 for item in items) == len(words)
    assert any(isinstance(item, Lines) for item in items)
    blocks.add_blocks(items)
    assert _state(blocks) == _state(one)
    assert one.kept > len(words) // 4


def test_word_blocks_keep_each_words_file_line_and_rejection() -> None:
    """Rejected words come alone and in order; a block holds words of one file, each with its own line."""
    words = [SourceWord("ёж", "ru.dic", 4), SourceWord("ежи", "ru.dic", 4), SourceWord("ужи", "ru.aff", 9),
             SourceWord("ежей", "ru.dic", 5, "forbidden"), SourceWord("уж", "ru.dic", 6)]
    items = list(word_blocks(iter(words)))
    flat = [SourceWord(text, item.file, item.line(i)) for item in items if isinstance(item, Lines)
            for i, text in enumerate(item.texts)]
    assert flat == [w for w in words if not w.rejected]
    assert [item for item in items if not isinstance(item, Lines)] == [words[3]]
    assert [item.joined for item in items if isinstance(item, Lines)] == ["ёж\nежи", "ужи", "уж"]


LISTS = {"pl": Path("/usr/share/dict/polish"), "fr": Path("/usr/share/dict/french"),
         "ca": Path("/usr/share/dict/catalan"), "uk": Path("/usr/share/dict/ukrainian")}


@pytest.mark.parametrize("code", sorted(LISTS))
def test_a_list_skipping_capitals_gives_its_words_in_blocks(code: str, tmp_path: Path) -> None:
    """A word list read with ``capitalised = "skip"`` (pl, fr, ca, uk) a block at a time: the words ``words()``
    gives, with their lines, and the same counts (capitalised lines skipped, words, lines)."""
    path = LISTS[code]
    if not path.exists():
        pytest.skip(f"{path} is not installed")
    with path.open(encoding="utf-8") as handle:
        lines = list(islice(handle, 60_000))
    sample = tmp_path / "list.txt"
    sample.write_text("".join(lines), encoding="utf-8")
    spec = CATALOG.spec(code)
    by_word = open_source(spec, sample, capitalised="skip")
    by_block = open_source(spec, sample, capitalised="skip")
    words = list(by_word.words())
    items = list(by_block.blocks())
    flat = [w for item in items for w in
            ([SourceWord(t, item.file, item.line(i)) for i, t in enumerate(item.texts)] if isinstance(item, Lines)
             else [item])]
    assert flat == words
    assert by_block.stats.to_json() == by_word.stats.to_json()
    assert sum(len(item.texts) for item in items if isinstance(item, Lines)) > len(words) // 2
    if by_word.stats.capitalised:  # the blocks that held capitalised lines give the others with their lines
        assert any(isinstance(item, Lines) and item.numbers for item in items)
    assert by_word.stats.capitalised > 0 or code in ("ca", "fr")


@pytest.mark.parametrize("code", ["uk", "ar", "he", "cs", "de", "ru", "ca", "hu"])
def test_letters_of_a_block_are_its_translate(code: str) -> None:
    """The letters of a block (a letter that is no tile becomes the tiles it stands for: Arabic tanwin dropped,
    German É -> E, Czech Ö -> O) by one look-up per distinct character: what ``str.translate`` gives."""
    from lexc.language.normalize import Encoder
    from lexc.language.tiles import Codes

    words = [w.text for w in _real_words(code)] + ODD_WORDS[code]
    encoder = Encoder(CATALOG.normaliser(code), Codes().char)
    upper = CATALOG.normaliser(code)._upper(unicodedata.normalize("NFC", "\n".join(words)))
    assert encoder._letters_of(upper) == upper.translate(encoder._letters)


def _flat(items: list[Lines | SourceWord]) -> list[SourceWord]:
    """Blocks and words as the words they stand for, each block's with its own line."""
    return [w for item in items for w in
            ([SourceWord(t, item.file, item.line(i)) for i, t in enumerate(item.texts)] if isinstance(item, Lines)
             else [item])]


@pytest.mark.parametrize("code", ["uk", "ru", "cs", "he", "hu"])
def test_a_hunspell_dictionary_gives_its_forms_in_blocks(code: str) -> None:
    """A Hunspell dictionary's blocks (a batch of entries' forms a :class:`Lines`, made from the lists of forms
    without a :class:`SourceWord` per form): the forms ``words()`` gives, each with its stem's line, the phrases
    (hu: "kerékbe törés") alone as rejected words, and the same counts."""
    spec = CATALOG.spec(code)
    entries = [e for e in spec.lexicon if e.kind == "hunspell" and e.name is None]
    if not entries or not Path(entries[0].path or "").exists():
        pytest.skip(f"no Hunspell dictionary of {code} is installed")
    by_word = open_source(spec, entries[0], max_forms=60_000)
    by_block = open_source(spec, entries[0], max_forms=60_000)
    words = list(by_word.words())
    items = list(by_block.blocks())
    assert _flat(items) == words
    assert by_block.stats.to_json() == by_word.stats.to_json()
    lines = [item for item in items if isinstance(item, Lines)]
    assert sum(len(item.texts) for item in lines) > len(words) * 9 // 10
    assert all(item.numbers is not None and item.joined == "\n".join(item.texts) for item in lines)
    if code != "hu":  # hu_HU is read with no affixes: a form per entry
        assert len({w.line for w in words}) < len(words) // 2  # several forms of a stem share its line


@pytest.mark.parametrize(("code", "word", "char"), [("uk", "абетково-гніздова", "-"), ("ru", "из-за", "-"),
                                                     ("en", "don't", "'"), ("es", "ca·la", "·"),
                                                     ("ca", "co·a", "·"), ("de", "straße2", "2")])
def test_an_unspellable_words_reason_is_its_first_character_that_is_no_tile(code: str, word: str, char: str) -> None:
    """``spell`` says why a word cannot be spelled from its first character that starts no tile (found where the
    common case fails, not by spelling the word again): the reason the full path (``_surfaces``) gives."""
    from lexc.language.normalize import Unspellable

    norm = CATALOG.normaliser(code)
    with pytest.raises(Unspellable) as fast:
        norm.spell(word)
    with pytest.raises(Unspellable) as full:
        norm._surfaces(word)
    assert (fast.value.reason, fast.value.char) == (full.value.reason, full.value.char)
    assert fast.value.char == char and CATALOG.spec(code).name in fast.value.reason
