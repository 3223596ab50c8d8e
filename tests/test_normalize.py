"""The normaliser: case mapping, letters to tiles, tiling, board spelling and alignment.

Expected values are real words with their official tile values and the board
spellings the published standards give (docs/transliteration.md).
"""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lexc.catalog import Catalog
from lexc.language.normalize import PIN, Unspellable
from lexc.language.scheme import FACEDOWN
from lexc.language.tiles import MAX_TILINGS

CATALOG = Catalog.shipped()

AZ = re.compile(r"[A-Z]+")
SHIPPED = [p.stem for p in list(CATALOG.spec_paths().values())]
LATIN = [code for code in SHIPPED if CATALOG.spec(code).script == "Latin"]
NON_LATIN = [code for code in SHIPPED if CATALOG.spec(code).script != "Latin"]


def need(*codes: str) -> None:
    missing = [c for c in codes if c not in SHIPPED]
    if missing:
        pytest.skip(f"no spec for {', '.join(missing)} yet")


def aligned(code: str, word: str, **kw: bool) -> list[tuple[str, int, str]]:
    return [(t.face, t.points, t.board) for t in CATALOG.normaliser(code, **kw).spell(word).tiles]


# --------------------------------------------------------------------------- the examples


def test_russian_shchi_is_shchi_worth_eleven() -> None:
    s = CATALOG.normaliser("ru").spell("щи")
    assert s.board == "SHCHI"
    assert [(t.face, t.points, t.board) for t in s.tiles] == [("Щ", 10, "SHCH"), ("И", 1, "I")]
    assert s.spans() == [(0, 4), (4, 5)]
    assert s.value == 11


def test_spanish_churro_is_ch_u_rr_o() -> None:
    s = CATALOG.normaliser("es").spell("CHURRO")
    assert s.tiling == ("CH", "U", "RR", "O")
    assert s.board == "CHURRO" and s.value == 5 + 1 + 8 + 1


def test_french_eleve_loses_its_accents() -> None:
    need("fr")
    s = CATALOG.normaliser("fr").spell("élève")
    assert s.board == "ELEVE" and s.native == "ÉLÈVE"
    assert s.tiling == ("E", "L", "E", "V", "E")  # the French set has no É tile


def test_polish_lodz_keeps_its_own_tiles() -> None:
    need("pl")
    spec = CATALOG.spec("pl")
    s = CATALOG.normaliser("pl").spell("ŁÓDŹ")
    assert s.board == "LODZ"
    assert s.tiling == ("Ł", "Ó", "D", "Ź")
    assert s.value == sum(spec.points(f) for f in ("Ł", "Ó", "D", "Ź"))


def test_german_strasse() -> None:
    need("de")
    s = CATALOG.normaliser("de").spell("straße")
    assert s.board == "STRASSE" and s.tiling == tuple("STRASSE")
    assert CATALOG.normaliser("de").spell("GROẞ").tiling == tuple("GROSS")  # capital sharp s: the spec's fold


def test_turkish_dotted_and_dotless_i() -> None:
    need("tr")
    tr = CATALOG.normaliser("tr")
    assert tr.spell("istanbul").tiling == tr.spell("İSTANBUL").tiling == ("İ", "S", "T", "A", "N", "B", "U", "L")
    assert tr.spell("İSTANBUL").board == "ISTANBUL"
    assert tr.spell("ışık").tiling == ("I", "Ş", "I", "K")
    assert tr.spell("ışık").board == "ISIK"
    spec = CATALOG.spec("tr")
    assert tr.spell("ışık").value == 2 * spec.points("I") + spec.points("Ş") + spec.points("K")


def test_hungarian_egeszseg_both_tilings() -> None:
    need("hu")
    hu = CATALOG.normaliser("hu")
    assert hu.tiling("EGÉSZSÉG") == ("E", "G", "É", "SZ", "S", "É", "G")  # longest match
    both = hu.tilings("EGÉSZSÉG", maximal=True)
    assert both == [("E", "G", "É", "SZ", "S", "É", "G"), ("E", "G", "É", "S", "ZS", "É", "G")]
    assert ("E", "G", "É", "S", "Z", "S", "É", "G") in hu.tilings("EGÉSZSÉG")
    pinned = hu.spell(f"EGÉS{PIN}ZSÉG")
    assert pinned.tiling == both[1] and pinned.board == "EGESZSEG" and pinned.native == "EGÉSZSÉG"
    assert {s.board for s in hu.spell_all("EGÉSZSÉG")} == {"EGESZSEG"}


def test_welsh_ng_or_n_g() -> None:
    need("cy")
    cy = CATALOG.normaliser("cy")
    assert cy.tiling("bangor") == ("B", "A", "NG", "O", "R")
    assert ("B", "A", "N", "G", "O", "R") in cy.tilings("bangor")
    assert cy.tiling(f"ban{PIN}gor") == ("B", "A", "N", "G", "O", "R")


def test_greek_through_elot_743() -> None:
    el = CATALOG.normaliser("el")
    assert el.spell("θάλασσα").board == "THALASSA"
    assert el.spell("ευχαριστώ").board == "EFCHARISTO"  # υ is F before a voiceless consonant
    assert el.spell("ευαγγέλιο").board == "EVANGELIO"  # V before a vowel; γγ is NG
    assert el.spell("οὐρανός").board == "OURANOS"  # breathing and accent dropped; ου is OU
    assert el.spell("αϋπνία").board == "AYPNIA"  # the diaeresis blocks the diphthong
    assert el.spell("μπαμπάς").board == "MPAMPAS"  # our departure: MP everywhere
    assert el.spell("γκρεμός").board == "GKREMOS"
    s = el.spell("ψυχή")
    assert [(t.face, t.points, t.board) for t in s.tiles] == [("Ψ", 10, "PS"), ("Υ", 2, "Y"), ("Χ", 8, "CH"),
                                                              ("Η", 1, "I")]


def test_greek_final_sigma_is_the_sigma_tile() -> None:
    s = CATALOG.normaliser("el").spell("λόγος")
    assert s.tiling == ("Λ", "Ο", "Γ", "Ο", "Σ") and s.board == "LOGOS"


def test_bulgarian_streamlined() -> None:
    bg = CATALOG.normaliser("bg")
    assert aligned("bg", "щит") == [("Щ", 10, "SHT"), ("И", 1, "I"), ("Т", 1, "T")]
    assert bg.spell("ябълка").board == "YABALKA"
    assert bg.spell("София").board == "SOFIA"  # final -ия is IA
    assert bg.spell("ябълка").value == 5 + 2 + 3 + 2 + 2 + 1


def test_ukrainian_2010_national_system() -> None:
    uk = CATALOG.normaliser("uk")
    assert uk.spell("їжак").board == "YIZHAK"  # word-initial Ї
    assert uk.spell("Україна").board == "UKRAINA"  # Ї elsewhere
    assert uk.spell("розгляд").board == "ROZGHLIAD"  # зг is ZGH
    assert uk.spell("щастя").board == "SHCHASTIA"
    s = uk.spell("м’ясо")  # typographic apostrophe: the same tile as '
    assert [t.face for t in s.tiles] == ["М", "'", "Я", "С", "О"]
    assert s.board == "MIASO" and s.spans()[1] == (1, 1)


def test_a_language_without_official_values_scores_in_english() -> None:
    assert not CATALOG.spec("uk").official  # no licensed Ukrainian set could be verified
    en = CATALOG.spec("en")
    s = CATALOG.normaliser("uk").spell("щастя")
    assert s.tiles[0].points == sum(en.points(c) for c in "SHCH") == 12
    assert s.value == sum(en.points(c) for c in "SHCHASTIA")


def test_hebrew_consonantal() -> None:
    he = CATALOG.normaliser("he")
    assert aligned("he", "שלום") == [("ש", 2, "SH"), ("ל", 2, "L"), ("ו", 1, "V"), ("מ", 2, "M")]  # final ם
    assert he.spell("שָׂדֶה").board == "SDH"  # sin dot; vowel points dropped
    assert he.spell("ספר").board == "SPR"
    s = he.spell("עברית")
    assert s.board == "BRYT" and s.tiles[0].face == "ע" and s.tiles[0].board == ""


def test_arabic_consonantal() -> None:
    ar = CATALOG.normaliser("ar")
    assert ar.spell("مرحبا").board == "MRHBA"
    assert ar.spell("مَرْحَبًا").board == "MRHBA"  # harakat and tanwin dropped
    assert aligned("ar", "سؤال") == [("س", 2, "S"), ("ؤ", 10, "W"), ("ا", 1, "A"), ("ل", 1, "L")]
    s = ar.spell("مدرسة")
    assert s.board == "MDRSH" and s.tiles[-1].face == "ه"  # ta marbuta is the ه tile
    assert ar.spell("سماء").board == "SMA"  # hamza written as nothing


# --------------------------------------------------------------------------- details


def test_russian_ye_context_rules() -> None:
    ru = CATALOG.normaliser("ru")
    assert ru.spell("ель").board == "YEL"  # word-initial
    assert ru.spell("поезд").board == "POYEZD"  # after a vowel
    assert ru.spell("подъезд").board == "PODYEZD"  # after Ъ
    assert ru.spell("небо").board == "NEBO"
    assert ru.spell("объём").tiles[3].face == "Ё"  # Ё is its own tile, spelled YE here
    assert ru.spell("молоко́").board == "MOLOKO"  # stress mark dropped


def test_apostrophe_letters_and_rule_4() -> None:
    plain = CATALOG.normaliser("ru").spell("съешь")
    assert plain.board == "SYESH"
    assert [t.board for t in plain.tiles] == ["S", "", "YE", "SH", ""]
    assert plain.value == 1 + 1 + 8  # letters written as nothing have no square
    assert plain.tiles[1].points == 10  # but keep their value in the alignment
    down = CATALOG.normaliser("ru", facedown=True).spell("съешь")
    assert down.board == f"S{FACEDOWN}YESH{FACEDOWN}"
    assert down.value == 10  # a face-down tile scores zero
    assert CATALOG.normaliser("he", facedown=True).spell("עברית").board == "'BRYT"


def test_unspellable_names_the_character() -> None:
    with pytest.raises(Unspellable) as err:
        CATALOG.normaliser("ru").spell("щиp")  # a Latin p
    assert err.value.char == "P"
    assert "U+0050" in str(err.value) and "Russian" in str(err.value)
    with pytest.raises(Unspellable, match=r"U\+0027"):
        CATALOG.normaliser("en").spell("don't")
    with pytest.raises(Unspellable, match="no letters"):
        CATALOG.normaliser("en").spell("")


def test_another_scripts_letters_are_not_romanised_for_a_latin_language() -> None:
    with pytest.raises(Unspellable) as err:
        CATALOG.normaliser("en").spell("привет")
    assert err.value.char == "П"
    with pytest.raises(Unspellable, match="EURO SIGN"):
        CATALOG.normaliser("en").spell("€")
    assert CATALOG.normaliser("ru").spell("привет").board == "PRIVET"


def test_a_letter_outside_the_set_is_not_guessed() -> None:
    need("it")
    with pytest.raises(Unspellable) as err:
        CATALOG.normaliser("it").spell("jeans")  # the Italian set has no J
    assert err.value.char == "J"


def test_ligatures_and_compatibility_forms() -> None:
    need("nl", "fr")
    assert CATALOG.normaliser("nl").spell("ĳsland").tiling == ("I", "J", "S", "L", "A", "N", "D")
    assert CATALOG.normaliser("fr").spell("cœur").board == "COEUR"
    assert CATALOG.normaliser("en").spell("ﬁne").board == "FINE"


def test_catalan_ela_geminada() -> None:
    need("ca")
    s = CATALOG.normaliser("ca").spell("col·lecció")
    assert "L·L" in s.tiling and s.board == "COLLECCIO"


def test_format_characters_are_dropped() -> None:
    assert CATALOG.normaliser("en").spell("co\u00adop").board == "COOP"
    assert CATALOG.normaliser("ar").spell("مـرحبا").board == "MRHBA"  # tatweel


def test_tilings_cap() -> None:
    need("hu")
    assert len(CATALOG.normaliser("hu").tilings("SZ" * 12)) <= MAX_TILINGS


# --------------------------------------------------------------------------- every shipped language


@pytest.mark.parametrize("code", SHIPPED)
def test_every_tile_of_every_language_spells_alone(code: str) -> None:
    norm = CATALOG.normaliser(code)
    for tile in CATALOG.spec(code).tiles:
        s = norm.spell(tile.face)
        assert s.tiling == (tile.face,)
        board = s.tiles[0].board
        assert AZ.fullmatch(board) or (norm.scheme and board == "" and tile.face in norm.scheme.apostrophes)


def test_every_shipped_spec_loads_a_normaliser() -> None:
    assert {s.code for s in CATALOG.specs()} >= {"ru", "uk", "bg", "el", "he", "ar", "en", "es"}


# --------------------------------------------------------------------------- properties


def _words(code: str) -> st.SearchStrategy[str]:
    spec = CATALOG.spec(code)
    letters = [t.face for t in spec.tiles]
    return st.lists(st.sampled_from(letters), min_size=1, max_size=12).map("".join)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), code=st.sampled_from(SHIPPED))
def test_spans_cover_the_board_spelling_once_in_order(data: st.DataObject, code: str) -> None:
    word = data.draw(_words(code))
    s = CATALOG.normaliser(code).spell(word)
    spans = s.spans()
    assert spans[0][0] == 0 and spans[-1][1] == len(s.board)
    assert all(a[1] == b[0] for a, b in pairwise(spans))
    assert "".join(s.board[a:b] for a, b in spans) == s.board
    assert [s.board[a:b] for a, b in spans] == [t.board for t in s.tiles]


@settings(max_examples=60, deadline=None)
@given(data=st.data(), code=st.sampled_from(SHIPPED))
def test_board_spellings_are_a_to_z(data: st.DataObject, code: str) -> None:
    norm = CATALOG.normaliser(code)
    s = norm.spell(data.draw(_words(code)))
    assert re.fullmatch(r"[A-Z]*", s.board)
    silent = norm.scheme.apostrophes if norm.scheme else frozenset()
    assert s.board or all(t.face in silent for t in s.tiles)
    if CATALOG.spec(code).official:
        assert all(t.points == CATALOG.spec(code).points(t.face) for t in s.tiles)


@settings(max_examples=60, deadline=None)
@given(data=st.data(), code=st.sampled_from(LATIN))
def test_a_latin_words_board_spelling_normalises_to_itself(data: st.DataObject, code: str) -> None:
    board = CATALOG.normaliser(code).spell(data.draw(_words(code))).board
    en = CATALOG.normaliser("en").spell(board)
    assert en.board == board


@settings(max_examples=40, deadline=None)
@given(data=st.data(), code=st.sampled_from(SHIPPED))
def test_every_tiling_spells_the_same_letters(data: st.DataObject, code: str) -> None:
    word = data.draw(_words(code))
    norm = CATALOG.normaliser(code)
    default = norm.spell(word)
    for other in norm.spell_all(word)[:8]:
        assert "".join(f for f in other.tiling) == "".join(default.tiling)


@settings(max_examples=40, deadline=None)
@given(word=st.text(min_size=1, max_size=8))
def test_any_text_is_spelled_or_rejected_by_name(word: str) -> None:
    for code in ("en", "ru", "el"):
        try:
            s = CATALOG.normaliser(code).spell(word)
        except Unspellable as err:
            assert err.reason
            assert err.char is None or f"U+{ord(err.char[0]):04X}" in str(err)
        else:
            assert re.fullmatch(r"[A-Z]*", s.board)


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=12), locale=st.sampled_from(["en", "de", "fr", "tr", "az", "el", "nl", "lt", "ru"]))
def test_fast_upper_case_is_icus(text: str, locale: str) -> None:
    from lexc.language import casemap

    assert casemap.uppercaser(locale)(text) == casemap.upper(text, locale)


# --------------------------------------------------------------------------- the compiler's encoder

ENCODER_WORDS = {
    "es": ["churro", "carro", "llave", "ñandú", "Chile", "x-ray"],
    "fr": ["élève", "cœur", "maïs", "ça", "aujourd'hui"],
    "ru": ["ель", "щи", "съесть", "объём", "подъезд", "её", "моё", "ёлка"],
    "uk": ["гриб", "згин", "їжак", "м'ясо", "ясен", "йод", "Київ"],
    "hu": ["egészség", "rajzszeg", "dzsungel", "sz"],
    "he": ["שלום", "מלך", "עין"],
    "el": ["ευχαριστώ", "μπαμπάς", "αύριο"],
    "ar": ["كتاب", "مدرسة"],
    "de": ["Straße", "Öl"],
    "tr": ["ılık", "istanbul"],
}


@pytest.mark.parametrize("code", sorted(ENCODER_WORDS))
def test_compiler_encoder_agrees_with_spell(code: str) -> None:
    """The compiler's fast path (:class:`lexc.language.normalize.Encoder`) spells a word as ``spell`` does."""
    from lexc.language.normalize import Encoder
    from lexc.language.tiles import Codes

    need(code)
    norm = CATALOG.normaliser(code)
    tiles = Codes()
    encoder = Encoder(norm, tiles.char)
    fast = 0
    for word in ENCODER_WORDS[code]:
        found = encoder.encode(word)
        if found is None:
            continue  # the slow path: spell() itself
        fast += 1
        spelling = norm.spell(word)
        native, board, code_, choice = found
        assert (native, board) == (spelling.native, spelling.board), word
        assert [tiles.tile_of[c] for c in code_] == list(spelling.tiles), word
        assert choice or norm.choice(word) is None, word
    if code != "el":  # Greek vowels start the scheme's letter sequences (ΑΥ, ΟΥ): spell() does them
        assert fast >= len(ENCODER_WORDS[code]) // 2  # most words take the fast path


REAL_LISTS = {"ru": Path("/usr/share/hunspell/ru_RU.dic"), "uk": Path("/usr/share/dict/ukrainian"),
              "bg": Path("/usr/share/hunspell/bg_BG.dic")}


@pytest.mark.parametrize("code", sorted(REAL_LISTS))
def test_encoder_context_letters_on_real_words(code: str) -> None:
    """Letters a scheme spells by their neighbours (Russian Е Ё after a vowel, Ukrainian Є Ї Й Ю Я at the
    start, Г after З, Bulgarian Я at the end after И), found with ``in`` and ``str.find``: the encoder spells
    real words with them, several in one word too, as ``spell`` does."""
    from lexc.language.normalize import Encoder
    from lexc.language.tiles import Codes
    from lexc.lexicon.sources import open_source

    need(code)
    path = REAL_LISTS[code]
    if not path.exists():
        pytest.skip(f"{path} is not installed")
    norm = CATALOG.normaliser(code)
    tiles = Codes()
    encoder = Encoder(norm, tiles.char)
    context = "".join(encoder._ctx)
    checked = 0
    for n, word in enumerate(open_source(CATALOG.spec(code), path).words()):
        if n == 40_000:
            break
        if n % 7 or not any(c in norm.spec.upper(word.text) for c in context):
            continue
        found = encoder.encode(word.text)
        if found is None:
            continue
        spelling = norm.spell(word.text)
        assert found[:2] == (spelling.native, spelling.board), word
        assert [tiles.tile_of[c] for c in found[2]] == list(spelling.tiles), word
        checked += 1
    assert checked > 500
