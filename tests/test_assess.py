"""lexc assess: measures of real tile sets against real words (docs/assess.md)."""

from __future__ import annotations

import base64
import dataclasses
import itertools
import json
import re
from collections import Counter
from html.parser import HTMLParser

import pytest
import wordfreq
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from lexc.assess.measures import (
    BLANK,
    Corpus,
    SourceLexicon,
    Word,
    Words,
    assess,
    corpus_frequencies,
    coverage,
    lexicon_frequencies,
    lexicon_words,
    maximal_tilings,
    multi_letter,
    playability,
    spearman,
    suggest_counts,
    suggest_values,
    supply,
    values,
)
from lexc.assess.report import figures, write_report
from lexc.catalog import Catalog
from lexc.cli import app
from lexc.errors import LexcError
from lexc.language.spec import Spec, Tile
from lexc.lexicon.words import WordList

CATALOG = Catalog.shipped()

#: Spearman of the English set's values against those suggested from the 10,000 most
#: frequent English words (each counted once) measured 0.93 (0.96 on 50,000 words, 0.95 on
#: /usr/share/dict/american-english-huge); a set valued at random scores near 0 (± 0.2).
ENGLISH_VALUES_SPEARMAN = 0.90


def _words(lang: str, n: int) -> list[str]:
    return [w for w in wordfreq.top_n_list(lang, n) if w.isalpha() and len(w) >= 2]


@pytest.fixture(scope="module")
def en() -> Spec:
    return CATALOG.spec("en")


@pytest.fixture(scope="module")
def english(en: Spec) -> SourceLexicon:
    return SourceLexicon.build(en, (w for w in _words("en", 10_000) if w.isascii()))


@pytest.fixture(scope="module")
def english_words(english: SourceLexicon) -> Words:
    return lexicon_words(english)


def _without(spec: Spec, face: str) -> Spec:
    return dataclasses.replace(spec, tiles=tuple(t for t in spec.tiles if t.face != face))


def _with_count(spec: Spec, face: str, count: int) -> Spec:
    return dataclasses.replace(spec, tiles=tuple(Tile(t.face, count, t.points) if t.face == face else t
                                                 for t in spec.tiles))


# --------------------------------------------------------------------------- values


def test_english_values_agree_with_suggested(en: Spec, english_words: Words) -> None:
    found = values(en, lexicon_frequencies(english_words))
    assert found.spearman is not None and found.spearman >= ENGLISH_VALUES_SPEARMAN
    by_face = {r.face: r for r in found.rows}
    # Q and Z: among the least frequent tiles, and valued 10 by the set and at least 8 by the rule.
    rarest = sorted(by_face, key=lambda f: by_face[f].share)[:4]
    assert {"Q", "Z"} <= set(rarest)
    assert by_face["Q"].suggested >= 8 and by_face["Z"].suggested >= 8
    assert by_face["E"].suggested == 1


def test_english_running_text_values(en: Spec) -> None:
    found = values(en, corpus_frequencies(en, Corpus.from_wordfreq("en", 10_000)))
    assert found.basis == "corpus"
    assert found.spearman is not None and found.spearman >= 0.8  # measured 0.88


def test_suggest_values_rule() -> None:
    # E 12.7% and Z 0.074% of English running text: 171 times rarer, sqrt 13 -> capped at 10.
    assert suggest_values({"E": 0.127, "T": 0.091, "D": 0.043, "Z": 0.00074}) == {"E": 1, "T": 1, "D": 2, "Z": 10}


@given(st.lists(st.integers(-1000, 1000), min_size=3, max_size=30),
       st.lists(st.integers(-1000, 1000), min_size=3, max_size=30))
def test_spearman_properties(xs: list[int], ys: list[int]) -> None:
    n = min(len(xs), len(ys))
    xs, ys = xs[:n], ys[:n]
    rho = spearman(xs, ys)
    if rho is None:
        assert len(set(xs)) == 1 or len(set(ys)) == 1
        return
    assert -1 - 1e-9 <= rho <= 1 + 1e-9
    assert spearman(ys, xs) == pytest.approx(rho)
    # Ranks only: a strictly increasing transform changes nothing.
    assert spearman([x ** 3 + 7 for x in xs], ys) == pytest.approx(rho)
    assert spearman([-x for x in xs], ys) == pytest.approx(-rho)


@given(st.dictionaries(st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZ"), st.floats(0, 1), min_size=1),
       st.integers(26, 200))
def test_suggest_counts_sum_and_minimum(freqs: dict[str, float], letters: int) -> None:
    counts = suggest_counts(freqs, letters)
    assert sum(counts.values()) == letters
    assert min(counts.values()) >= 1
    ordered = sorted(freqs, key=freqs.__getitem__)
    assert all(counts[a] <= counts[b] + 1 for a, b in itertools.pairwise(ordered))


# --------------------------------------------------------------------------- broken sets


def test_no_u_is_flagged(en: Spec, english_words: Words) -> None:
    broken = _without(en, "U")
    cover = coverage(broken, english_words)
    with_u = sum("U" in w.faces for w in english_words.words)
    assert with_u > 1000
    assert cover.at_all == cover.words - with_u
    assert cover.lost[0].face == "U" and cover.lost[0].have == 0 and cover.lost[0].words == with_u
    # The blanks rescue the words with one or two U.
    many_u = sum(w.faces.count("U") > 2 for w in english_words.words)
    assert cover.lost[0].with_blanks >= many_u
    assert cover.at_all_with_blanks > cover.at_all
    under = supply(broken, lexicon_frequencies(english_words)).under
    assert "U" in [r.face for r in under]
    found = assess(broken, WordList.from_words(CATALOG.language("en"), ["quiz", "unit", "tax"]), racks=5)
    assert any("U (" in line and "set has 0" in line for line in found.findings())


def test_one_e_is_flagged(en: Spec, english_words: Words) -> None:
    broken = _with_count(en, "E", 1)
    cover = coverage(broken, english_words)
    two_e = sum(w.faces.count("E") >= 2 for w in english_words.words)
    assert cover.lost[0].face == "E" and cover.lost[0].words == two_e
    assert cover.with_counts <= cover.words - two_e
    assert cover.at_all == coverage(en, english_words).at_all  # every tile is still there
    freqs = lexicon_frequencies(english_words)
    assert supply(broken, freqs).under[0].face == "E"
    assert supply(en, freqs).under[0].face != "E"


def test_official_english_covers_almost_everything(en: Spec, english_words: Words) -> None:
    cover = coverage(en, english_words)
    assert cover.at_all == cover.words
    assert cover.with_counts_and_blanks / cover.words > 0.999
    assert cover.with_counts < cover.words  # a few words need a second Z, K or J (PIZZA, JAZZ)
    blocked = {x.face for x in cover.lost}
    assert "Z" in blocked


# --------------------------------------------------------------------------- playability


def _tiny_spec(en: Spec, letters: str, blanks: int) -> Spec:
    return dataclasses.replace(en, tiles=tuple(Tile(c, 1, en.points(c)) for c in letters), blanks=blanks)


def test_bingo_racks_are_counted(en: Spec) -> None:
    lexicon = WordList.from_words(CATALOG.language("en"), ["beading", "beadings", "bead", "be", "ad", "in"])
    words = lexicon_words(lexicon)
    every = playability(_tiny_spec(en, "BEADING", 0), words.words, racks=20, seed=3)
    assert (every.racks, every.bingo7, every.bingo8) == (20, 20, 20)
    assert every.examples[0] == ("A B D E G I N", "BEADING")
    # Six letters and a blank: the blank is G.
    blank = playability(_tiny_spec(en, "BEADIN", 1), words.words, racks=20, seed=3)
    assert (blank.bingo7, blank.bingo8) == (20, 20)
    assert BLANK in blank.examples[0][0]
    # No blank and no G: no 7-tile bingo, but BEADINS through a G on the board is BEADINGS.
    none = playability(_tiny_spec(en, "BEADINS", 0), words.words, racks=20, seed=3)
    assert (none.bingo7, none.bingo8) == (0, 20)
    assert none.two == 3 and none.no_two == ("S",)


def test_english_playability(en: Spec, english: SourceLexicon, english_words: Words) -> None:
    from lexc.assess.measures import short_and_bingo_words

    found = playability(en, short_and_bingo_words(english, english_words), racks=300, seed=0)
    assert found.two == sum(len(w.faces) == 2 for w in english_words.words)
    assert found.two_by_face["Q"] <= 2
    assert 0 < found.bingo7 < found.bingo8 < found.racks
    again = playability(en, short_and_bingo_words(english, english_words), racks=300, seed=0)
    assert again == found  # seeded


def test_sampled_lexicon_still_finds_every_short_word(english: SourceLexicon) -> None:
    from lexc.assess.measures import short_and_bingo_words

    full = lexicon_words(english)
    part = lexicon_words(english, sample=2000, seed=1)
    assert part.sampled == 2000 and len(part.words) == 2000
    assert sorted(w.native for w in short_and_bingo_words(english, part)) == \
        sorted(w.native for w in short_and_bingo_words(english, full))


# --------------------------------------------------------------------------- multi-letter tiles


def test_spanish_digraphs_counted() -> None:
    es = CATALOG.spec("es")
    lexicon = SourceLexicon.build(es, _words("es", 10_000))
    words = lexicon_words(lexicon)
    found = multi_letter(es, words)
    by_face = {t.face: t for t in found.tiles}
    assert set(by_face) == {"CH", "LL", "RR"}
    for face in ("CH", "LL", "RR"):
        # Longest match: every CH, LL, RR in a Spanish word is one tile.
        assert by_face[face].words == sum(face in w.native for w in words.words) > 50
        assert by_face[face].uses == sum(w.native.count(face) for w in words.words)
    assert found.ambiguous == 0
    assert "CH" in [t.face for t in multi_letter(es, words).tiles]


def test_hungarian_overlapping_digraphs_are_ambiguous() -> None:
    hu = CATALOG.spec("hu")
    faces = [t.face for t in hu.tiles]
    assert maximal_tilings("VÍZSZINTES", faces) == [("V", "Í", "Z", "SZ", "I", "N", "T", "E", "S"),
                                                    ("V", "Í", "ZS", "Z", "I", "N", "T", "E", "S")]
    word = Word("VÍZSZINTES", "VIZSZINTES", ("V", "Í", "ZS", "Z", "I", "N", "T", "E", "S"))
    found = multi_letter(hu, Words((word,), 1))
    assert found.ambiguous == 1 and found.examples[0][0] == "VÍZSZINTES"


# --------------------------------------------------------------------------- corpus


def test_text_corpus(tmp_path) -> None:
    text = tmp_path / "quijote.txt"
    text.write_text("En un lugar de la Mancha, de cuyo nombre no quiero acordarme, no ha mucho tiempo "
                    "que vivía un hidalgo de los de lanza en astillero, adarga antigua, rocín flaco y galgo corredor.",
                    encoding="utf-8")
    corpus = Corpus.open(str(text), "es")
    assert corpus.weights["de"] == 4 and corpus.weights["vivía"] == 1
    freqs = corpus_frequencies(CATALOG.spec("es"), corpus)
    assert freqs.shares["CH"] > 0 and freqs.shares["LL"] > 0 and freqs.shares["RR"] > 0
    upper = text.read_text(encoding="utf-8").upper().replace("Í", "I")
    letters = Counter(c for c in upper if c.isalpha())
    digraphs = sum(upper.count(d) for d in ("CH", "LL", "RR"))
    assert freqs.shares["A"] == pytest.approx(letters["A"] / (sum(letters.values()) - digraphs))
    assert sum(freqs.shares.values()) == pytest.approx(1.0)
    with pytest.raises(LexcError, match="cannot read"):
        Corpus.open(str(tmp_path / "missing.txt"), "es")


# --------------------------------------------------------------------------- report and CLI


class _Images(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.images: list[str] = []
        self.headings: list[str] = []
        self._in_h2 = False

    def handle_starttag(self, tag, attrs):
        if tag == "img":
            self.images.append(dict(attrs)["src"])
        self._in_h2 = tag == "h2"

    def handle_data(self, data):
        if self._in_h2:
            self.headings.append(data)
            self._in_h2 = False


def test_report_renders(en: Spec, english: SourceLexicon, tmp_path) -> None:
    broken = _with_count(en, "E", 1)
    found = assess(broken, english, Corpus.from_wordfreq("en", 2000), sample=3000, racks=50)
    path = write_report(found, tmp_path / "out")
    page = path.read_text(encoding="utf-8")
    assert path.name == "assess-en.html" and not [p for p in path.parent.iterdir() if p != path]  # no temp left
    parser = _Images()
    parser.feed(page)
    parser.close()
    ids = [f.id for f in figures(found)]
    assert ids[:4] == ["counts", "values", "coverage", "two_tile_words"] and "lost" in ids
    assert len(parser.images) == len(ids)
    for src in parser.images:
        assert src.startswith("data:image/png;base64,")
        assert base64.b64decode(src.split(",", 1)[1])[:8] == b"\x89PNG\r\n\x1a\n"
    assert "Words lost, by blocking tile" in parser.headings
    assert re.search(r"<td>E</td><td>1</td>", page)


def test_cli_assess_json_and_report(tmp_path) -> None:
    words = tmp_path / "words.txt"
    words.write_text("\n".join(_words("es", 3000)), encoding="utf-8")
    runner = CliRunner()
    result = runner.invoke(app, ["assess", "es", "--source", str(words), "--corpus", "wordfreq", "--top", "2000",
                                 "--racks", "50", "--json", "--report", str(tmp_path / "r")])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["language"] == "es" and data["measured"]["sampled"] is None
    assert [f["basis"] for f in data["values"]] == ["lexicon", "corpus"]
    assert {t["face"] for t in data["multi_letter"]["tiles"]} == {"CH", "LL", "RR"}
    figure = next(f for f in data["figures"] if f["id"] == "counts")
    assert len(figure["categories"]) == len(figure["series"][0]["values"]) >= 28
    assert (tmp_path / "r" / "assess-es.html").is_file() and data["report"].endswith("assess-es.html")
    text = runner.invoke(app, ["assess", "es", "--source", str(words), "--racks", "10"])
    assert text.exit_code == 0 and "Multi-letter tiles: CH in" in text.stdout


def test_cli_assess_errors(tmp_path) -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["assess", "xx"])
    assert result.exit_code == 1 and "unknown language" in result.output and "Traceback" not in result.output
    result = runner.invoke(app, ["assess", "en", "--source", str(tmp_path / "none.txt")])
    assert result.exit_code == 1 and "none.txt" in result.output
    result = runner.invoke(app, ["assess", "es", "--spec", "languages/en.toml"])
    assert result.exit_code == 1 and "not 'es'" in result.output


def test_source_sample_keeps_every_short_word() -> None:
    es = CATALOG.spec("es")
    texts = wordfreq.top_n_list("es", 20_000)
    whole = lexicon_words(SourceLexicon.build(es, texts))
    part_lexicon = SourceLexicon.build(es, texts, limit=3000, seed=2)
    part = lexicon_words(part_lexicon)
    assert part_lexicon.source_words == 20_000 and part_lexicon.source_sample is not None
    assert part_lexicon.source_sample < 5000 and part.source_sample == part_lexicon.source_sample
    short = sorted(w.native for w in whole.words if len(w.faces) <= 3)
    assert sorted(w.native for w in part.words if len(w.faces) <= 3) == short
    assert any(len(w.faces) == 2 and "CH" in w.faces for w in part.words)  # CHE: two tiles, three letters


def test_pack_and_word_list_measure_the_same(tmp_path) -> None:
    from lexc.lexicon.compiler import header_base
    from lexc.lexicon.pack import write_pack

    es = CATALOG.normaliser("es")
    words = []
    for word in _words("es", 3000):
        try:
            es.spell(word)
        except LexcError:  # English loans: WEB, KILO
            continue
        words.append(word)
    path = tmp_path / "es.lexc"
    write_pack(path, header_base(CATALOG.language("es")), [es.spell(w) for w in words])
    result = CliRunner().invoke(app, ["assess", "es", "--pack", str(path), "--racks", "100", "--json"])
    assert result.exit_code == 0, result.output
    packed = json.loads(result.stdout)
    memory = assess(CATALOG.spec("es"), WordList.from_words(CATALOG.language("es"), words), racks=100).to_json()
    for key in ("coverage", "supply", "values", "playability", "multi_letter"):
        assert packed[key] == memory[key], key
    assert packed["lexicon"] == f"pack {path}"


def _all_tilings(letters: str, faces: set[str]) -> list[tuple[str, ...]]:
    if not letters:
        return [()]
    return [(face, *rest) for face in faces if letters.startswith(face)
            for rest in _all_tilings(letters[len(face):], faces)]


@given(st.text("SZCYGDAN", min_size=1, max_size=9))
def test_maximal_tilings_against_brute_force(letters: str) -> None:
    faces = {t.face for t in CATALOG.spec("hu").tiles}
    if not set(letters) <= faces:
        return
    expected = sorted(
        t for t in _all_tilings(letters, faces)
        if not any("".join(t[i:j]) in faces for i in range(len(t)) for j in range(i + 2, len(t) + 1)))
    assert maximal_tilings(letters, faces) == expected


def test_mathtext_in_a_name_or_a_face_is_drawn_literally() -> None:
    """A spec named ``$\\frac{a}{$`` (malformed mathtext: matplotlib refused it with ValueError) draws as text."""
    import matplotlib

    from lexc.assess.report import Figure, _draw, render_png

    markup = Figure("counts", r"$\frac{a}{$: tile counts", r"$\alpha$", "$", (r"$\sqrt{x}$", "A$"),
                    ((r"$\undefinedcommand$", (1.0, 2.0)), ("called for", (2.0, 1.0))))
    png = render_png(markup)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert matplotlib.rcParams["text.parse_math"] is True  # only the report's drawing is literal
    # what the name did before: mathtext parsed, and refused
    with pytest.raises(ValueError), matplotlib.rc_context({"text.parse_math": True}):
        _draw(markup)
