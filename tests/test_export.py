"""``lexc export`` and KWG import: each export read back as the engines read it (tests/kwg_reader.py,
written apart from the writer), on small packs of real words built here."""

from __future__ import annotations

import json
import random
import struct
from pathlib import Path

import kwg_reader as reader  # type: ignore[import-not-found]  # tests/ is on sys.path
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from lexc.catalog import Catalog
from lexc.cli import app
from lexc.errors import LexcError
from lexc.export import FORMATS, export
from lexc.export.alphabets import ALPHABET_FORMATS, Alphabet, Letter, read_alphabet, spec_alphabet, write_alphabet
from lexc.lexicon.compiler import compile_pack, compile_words
from lexc.lexicon.pack import open_pack
from lexc.lexicon.sources import open_source

CATALOG = Catalog.shipped()
runner = CliRunner()

#: Real words of each language, chosen for the tiles that make the export hard.
WORDS = {
    "en": ["care", "cared", "cares", "car", "scare", "acre", "race", "quiz", "qi", "za", "jazz", "fizzy", "rhythm",
           "syzygy", "oxyphenbutazone", "a", "aa"],
    "es": ["churro", "churros", "chorizo", "llama", "calle", "calles", "carro", "perro", "cerro", "ñandú", "niño",
           "mucho", "leche", "ocho", "callo", "rey", "chillar", "arrollar", "hechizo", "año"],
    "pl": ["żółw", "źdźbło", "łódź", "gęś", "pięść", "zażółć", "jaźń", "ćma", "mąka", "łąka", "szczęście",
           "źródło", "koń", "słoń", "ósmy"],
    "hu": ["szőlő", "csésze", "gyöngy", "zsák", "hattyú", "kesztyű", "asszony", "lyuk", "nyúl", "tyúk", "összes",
           "győz", "egészség", "öccs", "szerelem"],
    "ca": ["col·legi", "il·lusió", "paral·lel", "cel·la", "any", "nyap", "quan", "qualitat", "plaça", "caça",
           "llengua", "lluna", "cella", "cavall", "català"],
    "ru": ["щи", "шчи", "соль", "москва", "объём", "съезд", "щука", "чай", "ёж", "жук", "хлеб", "цвет", "юг",
           "яблоко", "мышь", "подъезд"],
}

#: Debian word lists sampled besides the words above (when the package is installed).
DICTS = {"en": "/usr/share/dict/american-english-huge", "es": "/usr/share/dict/spanish",
         "pl": "/usr/share/dict/polish", "ca": "/usr/share/dict/catala"}


def _words(lang: str) -> list[str]:
    words = list(WORDS[lang])
    path = Path(DICTS.get(lang, "/nonexistent"))
    if path.is_file():
        listed = [w for w in path.read_text(encoding="utf-8", errors="replace").split() if w.isalpha()]
        words += random.Random(25).sample(listed, min(800, len(listed)))
    return words


@pytest.fixture(scope="module")
def packs(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("packs")
    for lang in WORDS:
        compile_words(CATALOG.language(lang), _words(lang), folder / f"{lang}.lexc")
    return folder


def _catalog(packs: Path) -> Catalog:
    return Catalog.shipped(packs=packs)


def expected_words(pack_path: Path, sidecar: dict) -> set[tuple[int, ...]]:
    """The pack's words as tile numbers, numbered by the sidecar's table (not the writer's)."""
    pack = open_pack(pack_path)
    number = {tile["face"]: tile["number"] for tile in sidecar["tiles"]}
    found = set()
    for board in pack.keys(""):
        if sidecar["spelling"] == "board":
            found.add(tuple(number[c] for c in board))
            continue
        for _native, tiling in pack.records(board):
            found.add(tuple(number[pack.coder.faces[face]] for face, _ in tiling))
    return found


@pytest.mark.parametrize("lang", sorted(WORDS))
def test_kwg_gives_back_the_exact_word_set(packs, tmp_path, lang):
    done = export(_catalog(packs), lang, "kwg", tmp_path / f"{lang}.kwg")
    sidecar = json.loads(done.sidecar.read_text(encoding="utf-8"))
    array = reader.nodes(done.path.read_bytes())
    counts = reader.check_rules(array)
    assert counts["nodes"] == sidecar["nodes"] == len(array)
    words = expected_words(packs / f"{lang}.lexc", sidecar)
    dawg = reader.dawg_words(array)
    assert len(dawg) == len(set(dawg)) == len(words) == sidecar["words"]
    assert set(dawg) == words
    assert dawg == sorted(dawg)  # the DAWG lists words in tile-number order
    gaddag = reader.gaddag_strings(array)
    assert len(gaddag) == len(set(gaddag))
    assert set(gaddag) == reader.expected_gaddag(words)
    for word in sorted(words)[:50]:  # every entry point, as a move generator starts at each anchor
        for i in range(1, len(word)):
            assert reader.gaddag_accepts(array, (*reversed(word[:i]), 0, *word[i:]))
            assert not reader.gaddag_accepts(array, (*reversed(word[:i]), 0))
        assert reader.gaddag_accepts(array, tuple(reversed(word)))


def test_spanish_digraphs_are_one_tile_each(packs, tmp_path):
    done = export(_catalog(packs), "es", "kwg", tmp_path / "es.kwg")
    sidecar = json.loads(done.sidecar.read_text(encoding="utf-8"))
    number = {t["face"]: t["number"] for t in sidecar["tiles"]}
    wolges = ["A", "B", "C", "[CH]", "D", "E", "F", "G", "H", "I", "J", "L", "[LL]", "M", "N", "Ñ", "O", "P", "Q", "R",
              "[RR]", "S", "T", "U", "V", "X", "Y", "Z"]  # src/alphabets/spanish.txt
    assert [t["label"] for t in sidecar["tiles"]] == wolges and number["RR"] == 21
    churro = (number["CH"], number["U"], number["RR"], number["O"])
    assert churro in reader.dawg_words(reader.nodes(done.path.read_bytes()))
    assert sidecar["tiles"][3] == {"number": 4, "face": "CH", "label": "[CH]", "blank_label": "[ch]", "count": 1,
                                   "score": 5, "vowel": False, "alias": "1"}


def test_catalan_ela_geminada_is_one_tile(packs, tmp_path):
    done = export(_catalog(packs), "ca", "kwg", tmp_path / "ca.kwg")
    sidecar = json.loads(done.sidecar.read_text(encoding="utf-8"))
    number = {t["face"]: t["number"] for t in sidecar["tiles"]}
    collegi = tuple(number[f] for f in ("C", "O", "L·L", "E", "G", "I"))
    assert collegi in reader.dawg_words(reader.nodes(done.path.read_bytes()))


def test_russian_is_exported_as_board_spellings(packs, tmp_path):
    done = export(_catalog(packs), "ru", "kwg", tmp_path / "ru.kwg")
    sidecar = json.loads(done.sidecar.read_text(encoding="utf-8"))
    assert sidecar["spelling"] == "board" and sidecar["language"]["scheme"] == "ru-bgn"
    assert [t["face"] for t in sidecar["tiles"]] == [chr(c) for c in range(ord("A"), ord("Z") + 1)]
    shchi = tuple(ord(c) - 64 for c in "SHCHI")  # щи and шчи are one board spelling
    assert shchi in reader.dawg_words(reader.nodes(done.path.read_bytes()))
    assert sidecar["tiles"][25] == {"number": 26, "face": "Z", "label": "Z", "blank_label": "z", "count": 1,
                                    "score": 10, "vowel": False, "alias": None}


def test_dawg_and_kad(packs, tmp_path):
    catalog = _catalog(packs)
    dawg = export(catalog, "en", "dawg", tmp_path / "en.dawg")
    array = reader.nodes(dawg.path.read_bytes())
    reader.check_rules(array)
    sidecar = json.loads(dawg.sidecar.read_text(encoding="utf-8"))
    words = expected_words(packs / "en.lexc", sidecar)
    assert set(reader.dawg_words(array)) == words and reader.gaddag_strings(array) == []
    kad = export(catalog, "en", "kad", tmp_path / "en.kad")
    array = reader.nodes(kad.path.read_bytes())
    reader.check_rules(array)
    assert set(reader.dawg_words(array)) == {tuple(sorted(w)) for w in words}
    acre = tuple(sorted(ord(c) - 64 for c in "CARE"))  # CARE, ACRE, RACE: one alphagram
    assert acre in reader.dawg_words(array)


def test_wordlist(packs, tmp_path):
    done = export(_catalog(packs), "es", "wordlist", tmp_path / "es.txt")
    lines = done.path.read_text(encoding="utf-8").splitlines()
    assert "ÑANDÚ" in lines and "CHURRO" in lines and lines == sorted(set(lines))
    done = export(_catalog(packs), "es", "wordlist", tmp_path / "es.labels", spelling="labels")
    assert "[CH]U[RR]O" in done.path.read_text(encoding="utf-8").splitlines()
    done = export(_catalog(packs), "ru", "wordlist", tmp_path / "ru.txt", spelling="native")
    assert {"ЩИ", "ШЧИ", "ОБЪЁМ"} <= set(done.path.read_text(encoding="utf-8").splitlines())


def test_an_exported_kwg_imports_back_to_the_same_words(packs, tmp_path):
    """kind = "kwg" with the export's alphabet: the new pack holds the same board spellings and tilings."""
    catalog = _catalog(packs)
    for lang in ("es", "ca", "hu", "pl"):
        done = export(catalog, lang, "kwg", tmp_path / f"{lang}.kwg")
        spec = catalog.spec(lang)
        wolges = tmp_path / f"{lang}.txt"
        export(catalog, lang, "wolges-alphabet", wolges)
        for alphabet in (str(done.sidecar), str(wolges), [t.face for t in done.alphabet.letters]):
            source = open_source(spec, done.path, alphabet=alphabet)
            back = tmp_path / f"{lang}.back.lexc"
            compile_pack(catalog.language(lang), [source], back)
            original, again = open_pack(packs / f"{lang}.lexc"), open_pack(back)
            assert list(again.keys("")) == list(original.keys(""))
            for board in original.keys(""):
                assert {t for _, t in again.records(board)} == {t for _, t in original.records(board)}


def test_a_spec_lexicon_of_kind_kwg(packs, tmp_path):
    catalog = _catalog(packs)
    export(catalog, "es", "kwg", tmp_path / "club.kwg")
    export(catalog, "es", "macondo-csv", tmp_path / "spanish.csv")
    text = (Path(catalog.spec("es").path).read_text(encoding="utf-8").split("[[lexicon]]")[0]
            + '[[lexicon]]\nkind = "kwg"\npath = "club.kwg"\nalphabet = "spanish.csv"\n')
    (tmp_path / "es.toml").write_text(text, encoding="utf-8")
    club = Catalog.shipped(packs=tmp_path / "out", specs=[tmp_path / "es.toml"])
    from lexc.lexicon.build import build_one

    report = build_one(club, "es")
    assert report.boards == len(open_pack(packs / "es.lexc"))
    assert "CHURRO" in open_pack(club.pack_path("es"))


def test_a_clubs_kwg_builds_a_named_lexicon_from_the_command_line(packs, tmp_path):
    """`lexc build es --name club --source es.kwg --alphabet spanish.csv`: the table's KWG as a named pack."""
    catalog = _catalog(packs)
    export(catalog, "es", "kwg", tmp_path / "club.kwg")
    export(catalog, "es", "macondo-csv", tmp_path / "spanish.csv")
    (tmp_path / "club.kwg.lexc.json").unlink()  # not lexc's own: only the engine's alphabet says its tiles
    out = tmp_path / "out"
    runner = CliRunner()
    bare = runner.invoke(app, ["build", "es", "--name", "club", "--source", str(tmp_path / "club.kwg"),
                               "--packs", str(out), "-q"])
    assert bare.exit_code == 1 and "a kwg source needs an alphabet" in " ".join(bare.output.split())
    built = runner.invoke(app, ["build", "es", "--name", "club", "--source", str(tmp_path / "club.kwg"),
                                "--alphabet", str(tmp_path / "spanish.csv"), "--packs", str(out), "-q"])
    assert built.exit_code == 0, built.output
    named = open_pack(out / "es@club.lexc")
    assert list(named.keys("")) == list(open_pack(packs / "es.lexc").keys("")) and "CHURRO" in named
    alone = runner.invoke(app, ["build", "es", "--alphabet", str(tmp_path / "spanish.csv"), "--packs", str(out)])
    assert alone.exit_code == 1 and "--alphabet: is the alphabet of a --source KWG: give --source" in alone.output


def _hand_made(words_nodes: list[int]) -> bytes:
    return struct.pack(f"<{len(words_nodes)}I", *words_nodes)


def node(tile: int, arc: int = 0, accepts: bool = False, last: bool = False) -> int:
    return tile << 24 | accepts << 23 | last << 22 | arc


def test_a_hand_made_kwg_with_known_words(tmp_path):
    """A DAWG of ZA, ZO, ZOA written node by node, read with the faces A O Z (tiles 1 2 3)."""
    nodes = [node(0, 2, last=True), node(0, 0, last=True),
             node(3, 3, last=True),                       # Z
             node(1, 0, accepts=True), node(2, 5, accepts=True, last=True),  # ZA, ZO
             node(1, 0, accepts=True, last=True)]          # ZOA
    path = tmp_path / "hand.kwg"
    path.write_bytes(_hand_made(nodes))
    source = open_source(CATALOG.spec("en"), path, alphabet=["A", "O", "Z"])
    assert [w.text for w in source.words()] == ["Z|A", "Z|O", "Z|O|A"]
    assert source.stats.words == 3


@pytest.mark.parametrize(("nodes", "message"), [
    ([node(0, 2, last=True)], "at least 2 nodes"),
    ([node(0, 9, last=True), node(0, 0, last=True), node(1, 0, True, True)], "points at node 9, past the 3 nodes"),
    ([node(0, 2, last=True), node(0, 0, last=True), node(2, 0, True), node(1, 0, True, True)],
     "tile 2 is followed by sibling tile 1"),
    ([node(0, 2, last=True), node(0, 0, last=True), node(1, 2, True, True)], "deeper than 255"),
    ([node(0, 2, last=True), node(0, 0, last=True), node(1, 0, True)], "truncated"),
    ([node(1, 2, last=True), node(0, 0, last=True), node(1, 0, True, True)], "not a root pointer"),
])
def test_bad_kwg_is_refused_clearly(tmp_path, nodes, message):
    path = tmp_path / "bad.kwg"
    path.write_bytes(_hand_made(nodes))
    source = open_source(CATALOG.spec("en"), path, alphabet=["A", "B"])
    with pytest.raises(LexcError) as err:
        list(source.words())
    assert message in str(err.value) and str(path) in str(err.value)


def test_bad_kwg_on_the_command_line(tmp_path):
    path = tmp_path / "odd.kwg"
    path.write_bytes(b"\x00\x00\x40\x00\x00\x00\x40")  # 7 bytes
    result = runner.invoke(app, ["compile", "en", str(path), "--alphabet", "A B", "-o", str(tmp_path / "x.lexc")])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "odd.kwg: 7 bytes: a KWG is at least 2 nodes" in result.output
    assert not (tmp_path / "x.lexc").exists()
    result = runner.invoke(app, ["compile", "en", str(path), "-o", str(tmp_path / "x.lexc")])
    assert result.exit_code == 1 and "needs an alphabet" in result.output


def test_a_lexc_kwg_finds_its_sidecar(packs, tmp_path):
    done = export(_catalog(packs), "es", "kwg", tmp_path / "es.kwg")
    source = open_source(CATALOG.spec("es"), done.path)  # no alphabet named: es.kwg.lexc.json beside it
    assert "CH|U|R|R|O" not in {w.text for w in source.words()}
    assert "CH|U|RR|O" in {w.text for w in source.words()}
    assert done.sidecar.name in {f["path"] for f in source.identity()["files"]}  # named alike in every folder


def test_a_tile_the_language_has_not_is_a_rejection(tmp_path):
    nodes = [node(0, 2, last=True), node(0, 0, last=True), node(1, 3, last=True), node(2, 0, True),
             node(3, 0, True, True)]
    path = tmp_path / "ny.kwg"
    path.write_bytes(_hand_made(nodes))  # A·B (1 2) and A·Ñ (1 3)
    alphabet = tmp_path / "alphabet.csv"  # a Macondo CSV with a tile English has not
    alphabet.write_text("?,2,0,0\nA,9,1,1\nB,2,3,0\nÑ,1,8,0\n", encoding="utf-8")
    words = list(open_source(CATALOG.spec("en"), path, alphabet=str(alphabet)).words())
    assert [(w.text, w.rejected) for w in words] == [("A|B", ""), ("AÑ", "tile 'Ñ' is not in the English set")]


def test_alphabet_files_match_the_engines_shapes():
    es = spec_alphabet(CATALOG.language("es"))
    wolges = write_alphabet(es, "wolges-alphabet").splitlines()
    assert wolges[0] == "?\t?\t2\t0\t0\t0\t0"
    assert wolges[4] == "[CH]\t[ch]\t1\t5\t0\t1 1\t0"  # as wolges' own spanish.txt writes CH
    assert wolges[16] == "Ñ\tñ\t1\t8\t0\t0\t0"
    assert write_alphabet(es, "macondo-csv").splitlines()[13] == "2,1,8,0"  # LL, written 2 as Macondo does
    magpie = write_alphabet(es, "magpie-csv").splitlines()
    assert magpie[0] == "?,?,2,0,0" and magpie[21] == "RR,rr,1,8,0"
    ca = spec_alphabet(CATALOG.language("ca"))
    assert "L·L\tl·l\t1\t10\t0\t1 W\t1 w" in write_alphabet(ca, "wolges-alphabet").splitlines()
    pl = write_alphabet(spec_alphabet(CATALOG.language("pl")), "quackle-alphabet").splitlines()
    assert "Ź\tź\t9\t1\t0" in pl and pl[-1] == "blank\t0\t2"  # Ź: 9 points, 1 tile (quackle's polish alphabet)
    uk = {x.face: x.score for x in spec_alphabet(CATALOG.language("uk"), "native").letters}
    assert (uk["Б"], uk["Щ"]) == (3, 12)  # no official values: English values of B and SHCH (Polyglot rule 1)
    xanado = json.loads(write_alphabet(spec_alphabet(CATALOG.language("en")), "xanado", CATALOG.ruleset("standard")))
    assert xanado["layout"][0] == "M___d__T" and xanado["layout"][7] == "T___d__T"
    assert xanado["bag"][0] == {"score": 0, "count": 2} and {"letter": "Q", "score": 10, "count": 1} in xanado["bag"]


@pytest.mark.parametrize("fmt", ALPHABET_FORMATS)
def test_every_shipped_language_writes_each_alphabet_and_reads_it_back(tmp_path, fmt):
    for spec in CATALOG.specs():
        alphabet = spec_alphabet(CATALOG.language(spec.code))
        path = tmp_path / f"{spec.code}.{fmt}"
        path.write_text(write_alphabet(alphabet, fmt, CATALOG.ruleset("standard")), encoding="utf-8")
        source = CATALOG.language("en").spec if alphabet.spelling == "board" else spec
        back = read_alphabet(path, source)
        assert [x.face for x in back.letters] == [x.face for x in alphabet.letters], spec.code
        assert [(x.count, x.score) for x in back.letters] == [(x.count, x.score) for x in alphabet.letters]
        assert back.blanks == alphabet.blanks


def test_consumer_limits_are_refused_before_writing(packs, tmp_path, monkeypatch):
    many = Alphabet("many", tuple(Letter(f"X{i}", f"X{i}", f"x{i}", 1, 1, False) for i in range(50)), 2)
    with pytest.raises(LexcError, match="magpie-csv numbers at most 49"):
        write_alphabet(many, "magpie-csv")
    write_alphabet(many, "macondo-csv")
    wide = Alphabet("wide", (Letter("L·L·L", "L·L·L", "l·l·l", 1, 1, False),), 2)
    with pytest.raises(LexcError, match="takes 7 bytes of UTF-8; magpie-csv holds at most 5"):
        write_alphabet(wide, "magpie-csv")
    monkeypatch.setattr("lexc.export.kwg.MAX_NODES", 40)
    target = tmp_path / "big.kwg"
    with pytest.raises(LexcError, match="a KWG indexes at most 40"):
        export(_catalog(packs), "en", "kwg", target)
    assert not target.exists() and not (tmp_path / "big.kwg.lexc.json").exists()


def test_numbered_in_an_engines_alphabet_order(packs, tmp_path):
    """--order: a wolges-style file with a letter lexc's English lacks (tile 27) and another order."""
    order = tmp_path / "order.txt"
    rows = ["?\t?\t2\t0\t0\t0\t0"] + [f"{c}\t{c.lower()}\t1\t1\t0\t0\t0" for c in "ZYXWVUTSRQPONMLKJIHGFEDCBA"]
    order.write_text("\n".join([*rows, "Ñ\tñ\t1\t8\t0\t0\t0"]) + "\n", encoding="utf-8")
    done = export(_catalog(packs), "en", "dawg", tmp_path / "en.dawg", order=order)
    sidecar = json.loads(done.sidecar.read_text(encoding="utf-8"))
    assert sidecar["tiles"][0]["face"] == "Z" and sidecar["tiles"][26] == {**sidecar["tiles"][26], "face": "Ñ",
                                                                           "count": 0}
    za = (1, 26)  # Z is 1, A is 26
    assert za in reader.dawg_words(reader.nodes(done.path.read_bytes()))
    short = tmp_path / "short.txt"
    short.write_text("?\t?\t2\t0\t0\t0\t0\nA\ta\t9\t1\t1\t0\t0\n", encoding="utf-8")
    with pytest.raises(LexcError, match=r"short\.txt: has no tile B, C"):
        export(_catalog(packs), "en", "dawg", tmp_path / "x.dawg", order=short)


def test_the_command(packs, tmp_path):
    out = tmp_path / "es.kwg"
    result = runner.invoke(app, ["export", "es", "--format", "kwg", "-o", str(out), "--packs", str(packs), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["words"] == len(reader.dawg_words(reader.nodes(out.read_bytes())))
    result = runner.invoke(app, ["export", "es", "--format", "kwx", "-o", str(out), "--packs", str(packs)])
    assert result.exit_code == 1 and "unknown format 'kwx'" in result.output
    result = runner.invoke(app, ["export", "de", "--format", "kwg", "-o", str(out), "--packs", str(packs)])
    assert result.exit_code == 1 and "no pack for 'de'" in result.output
    result = runner.invoke(app, ["export", "--help"])
    assert all(name in result.output for name in FORMATS)


def test_a_kwg_lexicon_without_an_alphabet_is_a_spec_error(tmp_path):
    from lexc.language.spec import load_spec

    text = (Path(CATALOG.spec("es").path).read_text(encoding="utf-8").split("[[lexicon]]")[0]
            + '[[lexicon]]\nkind = "kwg"\npath = "club.kwg"\n')
    (tmp_path / "es.toml").write_text(text, encoding="utf-8")
    with pytest.raises(LexcError, match=r"lexicon\.0\.alphabet: a kwg source needs an 'alphabet'"):
        load_spec(tmp_path / "es.toml")
    (tmp_path / "es.toml").write_text(text + "alphabet = [1, 2]\n", encoding="utf-8")
    with pytest.raises(LexcError, match=r"lexicon\.0\.alphabet"):
        load_spec(tmp_path / "es.toml")


@pytest.mark.parametrize(("text", "message"), [
    ("?,2,0,0\nA,9,one,1\n", "alphabet.csv:2: score: 'one' is not a whole number"),
    ("?\t?\t2\t0\nA\ta\t9\t1\n", "alphabet.csv:1: 4 tab-separated columns: not a wolges (7 tab)"),
    ("?,2,0,0\nA,9,1,1\nA,2,3,0\n", "alphabet.csv:3: tile 'A' is listed twice"),
    ('{"bag": 3}', "a JSON alphabet is a Xanado edition"),
    ("", "holds no tile"),
])
def test_a_bad_alphabet_file_says_where(tmp_path, text, message):
    path = tmp_path / "alphabet.csv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LexcError) as err:
        read_alphabet(path, CATALOG.spec("en"))
    assert message in str(err.value)


def test_a_kwg_of_astronomically_many_words_is_refused_quickly(tmp_path):
    """40 lists of two accepting tiles each pointing at the next: 2^40 words in 82 nodes."""
    nodes = [node(0, 2, last=True), node(0, 0, last=True)]
    for i in range(40):
        child = 2 + 2 * (i + 1) if i < 39 else 0
        nodes += [node(1, child, True), node(2, child, True, True)]
    path = tmp_path / "bomb.kwg"
    path.write_bytes(_hand_made(nodes))
    with pytest.raises(LexcError, match="holds more than 20,000,000 words"):
        list(open_source(CATALOG.spec("en"), path, alphabet=["A", "B"]).words())


@given(st.sets(st.lists(st.integers(1, 6), min_size=1, max_size=7).map(tuple), min_size=1, max_size=40))
@settings(max_examples=200, deadline=None)
def test_any_word_set_survives_the_kwg(words):
    """Random lexicons over 6 tiles: the DAWG and GADDAG read back exactly, every node by the rules."""
    from lexc.export.kwg import build_kwg, dawg_words

    built = build_kwg(sorted("".join(map(chr, w)) for w in words))
    array = reader.nodes(built.data)
    reader.check_rules(array)
    assert sorted(reader.dawg_words(array)) == sorted(words) == reader.dawg_words(array)
    assert sorted(reader.gaddag_strings(array)) == sorted(reader.expected_gaddag(set(words)))
    assert [tuple(map(ord, w)) for w in dawg_words(built.data)] == sorted(words)
