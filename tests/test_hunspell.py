"""Hunspell expansion: small affix files checked form by form, and the real Russian dictionary."""

from pathlib import Path

import pytest

from lexc.catalog import Catalog
from lexc.errors import LexcError
from lexc.lexicon.hunspell import AffixFile, load_aff, parse_dic_line
from lexc.lexicon.sources import open_source

CATALOG = Catalog.shipped()

DATA = Path(__file__).parent / "data" / "sources"
RU = Path("/usr/share/hunspell/ru_RU")


def forms(name: str, **options) -> dict[str, set[str]]:
    """The forms of each stem of a fixture dictionary, keyed by the stem's .dic line text."""
    source = open_source(CATALOG.spec("en"), DATA / f"{name}.dic", **options)
    lines = (DATA / f"{name}.dic").read_text(encoding="utf-8", errors="replace").splitlines()
    found: dict[str, set[str]] = {}
    for word in source.words():
        found.setdefault(lines[word.line - 1], set()).add(word.text)
    return found


def test_tiny_expansion_form_by_form():
    assert forms("tiny") == {
        # D is a cross product with the prefix A; N (-ion) is not, so no *recreation
        "create/ADN": {"create", "created", "creation", "recreate", "recreated"},
        # strip strings and conditions: y -> ied after a consonant, +ed after a vowel
        "try/DS": {"try", "tried", "tries"},
        "play/DS": {"play", "played", "plays"},
        "box/S": {"box", "boxes"},
        # a two-level suffix (-er, then -s) and its cross product with re-
        "paint/AR": {"paint", "painter", "painters", "repaint", "repainter", "repainters"},
        # un- is not a cross product: no *untied
        "tie/UD": {"tie", "tied", "untie"},
        # NEEDAFFIX: the stem alone is not a word, nor with a zero prefix that only makes compound parts
        "arbor/XSK": {"arbors"},
        # FORBIDDENWORD: nothing at all
    }


def test_tiny_stats():
    source = open_source(CATALOG.spec("en"), DATA / "tiny.dic")
    words = list(source.words())
    assert source.kind == "hunspell"
    assert source.stats.stems == 8
    assert source.stats.forbidden == 1
    assert source.stats.words == len(words) == 23


def test_flag_long_with_af_aliases():
    assert forms("long") == {"walk/2": {"walk", "walks", "walked"}, "cat/1": {"cat", "cats"}}


def test_flag_num():
    assert forms("num") == {"tie/101,7": {"tie", "ties", "untie", "unties"}}


def test_circumfix_parts_never_stand_alone():
    assert forms("circumfix") == {"machen/GTE": {"machen", "mache", "gemacht"}}


def test_latin1_dictionary_read_in_its_set_encoding():
    source = open_source(CATALOG.spec("fr"), DATA / "latin1.dic")
    assert sorted(w.text for w in source.words()) == ["maïs", "élève", "élèves"]


def test_max_forms_caps_the_stream():
    source = open_source(CATALOG.spec("en"), DATA / "tiny.dic", max_forms=5)
    assert len(list(source.words())) == 5
    assert source.stats.truncated


def test_max_prefix_length_skips_longer_prefixes():
    source = open_source(CATALOG.spec("en"), DATA / "tiny.dic", max_prefix_length=1)
    found = {w.text for w in source.words()}
    assert "recreate" not in found and "untie" not in found and "painters" in found
    assert source.stats.prefixes_skipped == 2


def test_identity_hashes_both_files():
    identity = open_source(CATALOG.spec("en"), DATA / "tiny.dic").identity()
    assert identity["kind"] == "hunspell"
    assert [Path(f["path"]).name for f in identity["files"]] == ["tiny.aff", "tiny.dic"]
    assert all(len(f["sha256"]) == 64 for f in identity["files"])


def test_aff_path_opens_the_same_dictionary():
    assert open_source(CATALOG.spec("en"), DATA / "tiny.aff").name == str(DATA / "tiny.dic")


def test_missing_aff_is_a_clear_error(tmp_path):
    (tmp_path / "lonely.dic").write_text("1\nword\n", encoding="utf-8")
    with pytest.raises(LexcError, match=r"lonely\.aff: no such file"):
        open_source(CATALOG.spec("en"), tmp_path / "lonely.dic")


def test_bad_flag_type_names_file_and_line(tmp_path):
    (tmp_path / "bad.aff").write_text("SET UTF-8\nFLAG wide\n", encoding="utf-8")
    with pytest.raises(LexcError, match=r"bad\.aff:2: FLAG: unknown flag type 'wide'"):
        load_aff(tmp_path / "bad.aff")


def test_rules_before_header_are_refused():
    with pytest.raises(LexcError, match="expected a header"):
        AffixFile.parse(["SFX A 0 s ."], "x.aff")


def test_undefined_alias_is_refused(tmp_path):
    (tmp_path / "a.aff").write_text("FLAG long\nAF 1\nAF Aa\nSFX Aa Y 1\nSFX Aa 0 s .\n", encoding="utf-8")
    (tmp_path / "a.dic").write_text("1\nword/7\n", encoding="utf-8")
    with pytest.raises(LexcError, match=r"a\.dic:2: 7: flag alias 7 is not defined"):
        list(open_source(CATALOG.spec("en"), tmp_path / "a.dic").words())


def test_dic_lines_with_morphology_and_escaped_slash():
    assert parse_dic_line("книга/L\tpo:noun") == ("книга", "L")
    assert parse_dic_line("1\\/2/S") == ("1/2", "S")


# ------------------------------------------------------------------ the real Russian dictionary


def _stem_line(dic: Path, encoding: str, stem: str) -> str:
    with open(dic, encoding=encoding) as handle:
        for line in handle:
            if line.split("/")[0].strip() == stem:
                return line.strip()
    raise AssertionError(f"{stem} not in {dic}")


@pytest.mark.skipif(not RU.with_suffix(".dic").exists(), reason="hunspell-ru is not installed")
@pytest.mark.parametrize(("stem", "known"), [
    # the case forms of a feminine noun (книга 'book')
    ("книга", {"книга", "книги", "книге", "книгу", "книгой", "книг", "книгам", "книгами", "книгах"}),
    # present and past forms of a verb (читать 'to read')
    ("читать", {"читать", "читаю", "читаешь", "читает", "читаем", "читают", "читал", "читала", "читали"}),
])
def test_real_russian_forms(stem, known):
    aff = load_aff(RU.with_suffix(".aff"))
    word, flags = parse_dic_line(_stem_line(RU.with_suffix(".dic"), aff.encoding, stem))
    found = set(aff.expand(word, aff.flags_of(flags)))
    assert known <= found
    assert all(form.startswith(stem[:3]) for form in found)


@pytest.mark.skipif(not RU.with_suffix(".dic").exists(), reason="hunspell-ru is not installed")
def test_real_russian_conditions_are_respected():
    """зачесть is зачёл/зачла: the rule сть -> ла excludes stems in -честь ([^ч].сть), unlike unmunch."""
    aff = load_aff(RU.with_suffix(".aff"))
    word, flags = parse_dic_line(_stem_line(RU.with_suffix(".dic"), aff.encoding, "зачесть"))
    found = set(aff.expand(word, aff.flags_of(flags)))
    assert "зачла" in found and "зачела" not in found


def test_affixes_single_and_none():
    single = forms("tiny", affixes="single")
    # no continuation classes: -er is kept, its plural -ers is not
    assert single["paint/AR"] == {"paint", "painter", "repaint", "repainter"}
    assert single["create/ADN"] == {"create", "created", "creation", "recreate", "recreated"}
    none = forms("tiny", affixes="none")
    # stems only; a NEEDAFFIX stem is still not a word, a FORBIDDENWORD still nothing
    assert none == {line: {line.split("/")[0]} for line in
                    ["create/ADN", "try/DS", "play/DS", "box/S", "paint/AR", "tie/UD"]}


# ------------------------------------------------------------------ entries of several words


def test_stems_with_a_space_are_skipped_with_a_reason(tmp_path):
    from lexc.lexicon.compiler import compile_pack
    from lexc.lexicon.hunspell import PHRASE, phrase_of
    from lexc.lexicon.pack import open_pack

    # Lines as hu_HU.dic writes them (lines 24233, 28954, 28955 of the Debian hunspell-hu file): flags,
    # then a morphological alias after a tab; "szó po:noun" is a word and a morphological field.
    (tmp_path / "hu.aff").write_text("SET UTF-8\nSFX A Y 1\nSFX A 0 k .\n", encoding="utf-8")
    (tmp_path / "hu.dic").write_text("4\nlhasa apso/A\t1\nkerékbetörés/A\t1\nkerékbe törés/A\t1\nszó po:noun\n",
                                     encoding="utf-8")
    assert [phrase_of(line) for line in ("lhasa apso/A\t1", "kerékbe törés/A\t1", "szó po:noun")] == [
        "lhasa apso", "kerékbe törés", None]
    source = open_source(CATALOG.spec("hu"), tmp_path / "hu.dic", kind="hunspell")
    report = compile_pack(CATALOG.language("hu"), [source], tmp_path / "hu.lexc")
    pack = open_pack(tmp_path / "hu.lexc")
    assert sorted(pack) == ["KEREKBETORES", "KEREKBETORESK", "SZO"]  # no LHASA, no KERÉKBE
    assert report.rejected == {PHRASE: 2}
    assert report.examples[PHRASE] == ["lhasa apso (hu.dic:2)", "kerékbe törés (hu.dic:4)"]  # named alike anywhere
    assert source.stats.phrases == 2 and source.stats.stems == 4


@pytest.mark.skipif(not Path("/usr/share/hunspell/hu_HU.dic").exists(), reason="hunspell-hu is not installed")
def test_the_real_hungarian_phrases_are_found():
    from lexc.lexicon.hunspell import phrase_of

    with open("/usr/share/hunspell/hu_HU.dic", encoding="utf-8") as handle:
        phrases = {p for line in handle if " " in line and (p := phrase_of(line))}
    assert {"lhasa apso", "kerékbe törés"} <= phrases and "kerékbetörés" not in phrases


# ------------------------------------------------------------------ the cached paths against the general one

REAL = [Path(f"/usr/share/hunspell/{name}.dic") for name in ("ru_RU", "uk_UA", "cs_CZ", "sv_SE", "sk_SK", "ro_RO")]


def _stems(dic: Path, aff: AffixFile, count: int) -> list[tuple[str, tuple[str, ...]]]:
    """Every 7th of the first ``7 * count`` entries of a .dic (word, flags), decoded as the source does."""
    from lexc.lexicon.hunspell import phrase_of
    from lexc.lexicon.reading import latin1_lines as _latin1_lines

    found = []
    for number, line in enumerate(_latin1_lines(dic), start=1):
        if number == 1 or number % 7 or phrase_of(line) is not None:
            continue
        stem, flag_text = parse_dic_line(line.strip(" \t"))
        if stem:
            found.append((aff.text(stem, str(dic), number), aff.flags_of(flag_text) if flag_text else ()))
        if len(found) == count:
            break
    return found


@pytest.mark.parametrize("dic", [d for d in REAL if d.exists()], ids=lambda d: d.stem)
def test_cached_expansion_is_the_general_one(dic: Path) -> None:
    """AffixFile.forms (a stem's forms as its head and the tails cached per flag set and edge) gives the same
    forms, in the same order, as the general path (AffixFile._forms) on real dictionaries: Russian and
    Ukrainian (suffixes only), Czech, Swedish and Romanian (prefixes, suffixes continued by a second suffix)."""
    aff = load_aff(dic.with_suffix(".aff"))
    stems = _stems(dic, aff, 4000)
    cached = [aff.forms(stem, flags) for stem, flags in stems]
    cached += [aff.forms(stem, flags) for stem, flags in stems]  # tails kept from a key's second stem on
    cached += [aff.forms(stem, flags) for stem, flags in stems]  # and the third time from them
    general = []
    for stem, flags in stems:
        aff.max_stem_work = 200_000
        general.append(aff._forms(stem, flags) if stem and aff.forbidden not in flags
                       and aff.onlyincompound not in flags else [])
    assert cached == general * 3
    assert sum(map(len, general)) > 2 * len(stems)  # the dictionaries' stems have forms to compare


@pytest.mark.parametrize("dic", [d for d in REAL if d.exists()], ids=lambda d: d.stem)
def test_suffix_rules_filtered_by_ending_are_those_that_apply(dic: Path) -> None:
    """The suffix rules found one character at a time from the end (AffixFile._ending, cached by ending) are
    exactly those Rule.applies accepts, for real stems and their forms (short ones included) under the flags
    and continuations they have."""
    aff = load_aff(dic.with_suffix(".aff"))
    checked = 0
    for stem, flags in _stems(dic, aff, 300):
        conts = {c for flag in flags for rule in aff.suffixes.get(flag, ()) for c in rule.cont}
        for word in aff.forms(stem, flags):
            for flag in [*flags, *sorted(conts)]:
                aff.max_stem_work = 200_000
                found = aff._rules(False, flag, word)
                assert found == tuple(r for r in aff.suffixes.get(flag, ()) if r.applies(word, aff.fullstrip))
                checked += 1
    assert checked > 40


@pytest.mark.skipif(not RU.with_suffix(".dic").exists(), reason="hunspell-ru is not installed")
def test_real_russian_source_words_keep_their_stem_line():
    """The forms of a stem are handed on together, each with the .dic line of its stem (книга's line)."""
    source = open_source(CATALOG.spec("ru"), RU.with_suffix(".dic"))
    line = next(n for n, text in enumerate(RU.with_suffix(".dic").read_text(encoding="utf-8").splitlines(), 1)
                if text.split("/")[0] == "книга")
    words = []
    for word in source.words():
        if word.line > line:
            break
        if word.line == line:
            words.append(word)
    assert {"книга", "книгами", "книгах"} <= {w.text for w in words}
    assert {(w.file, w.rejected) for w in words} == {(str(RU.with_suffix(".dic")), "")}


# ------------------------------------------------------------------ tails by the ending that decides (FlagSet)

UK = Path("/usr/share/hunspell/uk_UA")


@pytest.mark.skipif(not RU.with_suffix(".dic").exists(), reason="hunspell-ru is not installed")
def test_real_russian_nouns_share_the_tails_of_their_deciding_ending():
    """книга/I and нога/I (ru_RU.dic) have the same forms after their head: flag I's rules are decided by the
    last two letters -га, so нога's forms are книга's tails after its own head, and кошка (-шка: the fleeting
    vowel of кошек) and рука (-ука: рук) are decided by endings of their own."""
    aff = load_aff(RU.with_suffix(".aff"))
    flags = aff.flags_of("I")
    assert aff.forms("книга", flags) == ["книга", "книгу", "книгой", "книгою", "книги", "книге", "книг", "книгами",
                                         "книгам", "книгах"]
    assert aff._sets[flags].tails == {"га": ("га", "гу", "гой", "гою", "ги", "ге", "г", "гами", "гам", "гах")}
    assert aff.forms("нога", flags) == ["нога", "ногу", "ногой", "ногою", "ноги", "ноге", "ног", "ногами", "ногам",
                                        "ногах"]
    assert aff.forms("кошка", flags) == ["кошка", "кошек", "кошку", "кошкой", "кошкою", "кошки", "кошке",
                                         "кошками", "кошкам", "кошках"]
    assert aff.forms("рука", flags)[:3] == ["рука", "рук", "руку"]
    assert sorted(aff._sets[flags].tails) == ["га", "ука", "шка"]
    for stem in ("книга", "нога", "кошка", "рука"):  # the same as the general path's
        assert aff.forms(stem, flags) == aff._forms(stem, flags)


@pytest.mark.skipif(not UK.with_suffix(".dic").exists(), reason="hunspell-uk is not installed")
def test_real_ukrainian_nouns_alternate_through_their_ending():
    """uk_UA.dic's книга/%; and нога/%<: the г of -га becomes з before -і (книзі, нозі), нога's о becomes і in
    ніг; рука (-ука) shares книга's flags but not its ending (руці)."""
    aff = load_aff(UK.with_suffix(".aff"))
    assert aff.forms("книга", aff.flags_of("%;")) == ["книга", "книги", "книгою", "книгу", "книзі", "книг",
                                                      "книгам", "книгами", "книгах"]
    assert aff.forms("рука", aff.flags_of("%;")) == ["рука", "руки", "рукою", "руку", "руці", "рук", "рукам",
                                                     "руками", "руках"]
    assert aff.forms("нога", aff.flags_of("%<")) == ["нога", "ноги", "ногою", "ногу", "нозі", "ніг", "ногам",
                                                     "ногами", "ногах"]
    assert sorted(aff._sets[aff.flags_of("%;")].tails) == ["га", "ука"]


def test_a_stem_its_ending_does_not_decide_and_a_continued_rule_take_the_edge_path():
    """A stem no longer than the ending that would decide it (its rules also depend on its length) and a stem
    whose rule continues with a second suffix are expanded by the edge path, the same forms each time."""
    aff = AffixFile.parse(["SFX A Y 2", "SFX A ка ек шка", "SFX A а у а", "SFX B Y 1", "SFX B 0 s/C .",
                           "SFX C Y 1", "SFX C 0 x ."], "demo.aff")
    for _ in range(2):
        assert aff.forms("ка", ("A",)) == ["ка", "ку"]  # -шка tests three letters: not of a two-letter stem
        assert aff.forms("кошка", ("A",)) == ["кошка", "кошек", "кошку"]
        assert aff.forms("cat", ("B",)) == ["cat", "cats", "catsx"]
    assert aff._sets[("B",)].tails == {"t": ("\0continued",)}  # marked: its stems take the edge path
    assert "ка" not in aff._sets[("A",)].tails and aff._sets[("A",)].tails["шка"] == ("шка", "шек", "шку")


def test_dic_lines_read_in_blocks_keep_their_numbers(tmp_path):
    """The .dic is read a block of lines at a time: a line across two blocks, CRLF line ends and a last line
    without one come out whole; a line over 1 MB is an error at its own number."""
    from lexc.lexicon.reading import _BLOCK
    from lexc.lexicon.reading import latin1_lines as _latin1_lines

    path = tmp_path / "a.dic"
    lines = ["3", "x" * (_BLOCK - 5), "кот/A", "é" * 10]
    path.write_bytes("\r\n".join(lines[:3]).encode("utf-8") + b"\n" + lines[3].encode("utf-8"))
    assert list(_latin1_lines(path)) == [line.encode("utf-8").decode("latin-1") for line in lines]
    path.write_bytes(b"1\nword\n" + b"y" * (1024 * 1024 + 1) + b"\nmore\n")
    with pytest.raises(LexcError, match=r"a\.dic:3: a line longer than 1 MB"):
        list(_latin1_lines(path))
