"""Pack format: round trips on real words, both trie structures, determinism, atomic writes, corruption."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexc.catalog import Catalog
from lexc.errors import LexcError
from lexc.language.normalize import Unspellable
from lexc.lexicon.compiler import compile_words
from lexc.lexicon.pack import FORMAT_VERSION, MAGIC, SEP, STRUCTURES, Coder, open_pack
from lexc.lexicon.words import Lexicon
from lexc.paths import shipped_dir

CATALOG = Catalog.shipped()

REPO = Path(__file__).resolve().parent.parent


def sample(path: str, step: int, extra: tuple[str, ...] = ()) -> list[str]:
    """Every ``step``-th line of a Debian word list, plus ``extra``: a few hundred real words."""
    lines = Path(path).read_text(encoding="utf-8").split("\n")
    return [w for w in lines[::step] if w] + list(extra)


FRENCH = sample("/usr/share/dict/french", 700, ("élève", "élevé", "cœur", "ça", "noël", "maïs"))
SPANISH = sample("/usr/share/dict/spanish", 200, ("churro", "ñandú", "nandu", "llama", "carro", "año", "ano"))
POLISH = sample("/usr/share/dict/polish", 4000, ("żółw", "zółw", "łąka", "laka", "pięć", "piec", "piecz", "chrząszcz"))


def spellable(lang: str, words: list[str]) -> list:
    norm, out = CATALOG.normaliser(lang), []
    for word in words:
        try:
            spelling = norm.spell(word)
        except Unspellable:
            continue
        if 2 <= len(spelling.board) <= 15:
            out.append(spelling)
    return out


@pytest.mark.parametrize(("lang", "words", "structure"),
                         [("fr", FRENCH, "marisa"), ("fr", FRENCH, "dawg"), ("es", SPANISH, "marisa"),
                          ("es", SPANISH, "dawg"), *(("pl", POLISH, structure) for structure in STRUCTURES)])
def test_every_word_comes_back_with_its_spelling(tmp_path, lang, words, structure):
    report = compile_words(CATALOG.language(lang), words, tmp_path / f"{lang}.lexc", structure=structure)
    pack = open_pack(tmp_path / f"{lang}.lexc")
    assert pack.structure == structure == report.structure
    assert isinstance(pack, Lexicon)
    expected = spellable(lang, words)
    boards = {s.board for s in expected}
    assert len(pack) == len(boards) == report.boards
    for spelling in expected:
        assert spelling.board in pack
        assert spelling in pack.spellings(spelling.board), spelling
    for board in boards:  # nothing more than what was compiled
        got = pack.spellings(board)
        assert {(s.native, s.tiles) for s in got} == {(s.native, s.tiles) for s in expected if s.board == board}
    assert list(pack.keys()) == sorted(boards)
    assert list(pack.keys("CH")) == sorted(b for b in boards if b.startswith("CH"))
    assert "ZZZZQ" not in pack and pack.spellings("ZZZZQ") == []
    assert all(SEP not in k for k in pack)


def test_exceptions_only_where_the_board_spelling_does_not_tell(tmp_path):
    compile_words(CATALOG.language("es"), ["churro", "ñandú", "carro", "llama", "año", "ano"], tmp_path / "es.lexc")
    pack = open_pack(tmp_path / "es.lexc")
    assert pack.header["counts"]["exceptions"] == 2  # NANDU (Ñ) and ANO (AÑO beside ANO)
    assert pack.header["table"]["CH"] == [t["face"] for t in pack.header["tiles"]].index("CH")
    churro = pack.spellings("CHURRO")
    assert [(s.native, s.tiling, s.value) for s in churro] == [("CHURRO", ("CH", "U", "RR", "O"), 15)]
    assert sorted((s.native, s.value) for s in pack.spellings("ANO")) == [("ANO", 3), ("AÑO", 10)]
    assert [(s.native, s.tiling) for s in pack.spellings("NANDU")] == [("ÑANDÚ", ("Ñ", "A", "N", "D", "U"))]


def test_scheme_language_keeps_every_native_word(tmp_path):
    compile_words(CATALOG.language("ru"), ["щи", "шчи", "соль", "съесть", "объём", "отсюда", "москва"],
                  tmp_path / "ru.lexc")
    pack = open_pack(tmp_path / "ru.lexc")
    found = {s.native: (s.tiling, s.value) for s in pack.spellings("SHCHI")}
    assert found == {"ЩИ": (("Щ", "И"), 11), "ШЧИ": (("Ш", "Ч", "И"), 14)}
    assert [s.native for s in pack.spellings("SOL")] == ["СОЛЬ"]  # Ь is written with no board letter
    assert pack.header["scheme"]["name"] == CATALOG.normaliser("ru").spec.scheme


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(range(6)), st.integers(0, 3)), min_size=1, max_size=8),
       st.text(alphabet="ÉÑAB", max_size=3))
def test_records_round_trip(tiles, marks):
    coder = Coder(("A", "B", "AB", "Ñ", "É", "Ь"), {"A": 0, "B": 1, "AB": 2})
    tiling = tuple((face, length if face < 5 else 0) for face, length in tiles)
    board = "".join("AB"[(i + f) % 2] * n for i, (f, n) in enumerate(tiling))
    joined = coder.joined(tiling)
    native = joined[: len(joined) - len(marks)] + marks if len(marks) <= len(joined) else marks
    record = coder.encode(board, native, tiling)
    assert SEP not in record
    assert coder.decode(board, record) == (native, tiling)


def test_same_inputs_give_the_same_bytes(tmp_path):
    for structure in STRUCTURES:
        a, b = tmp_path / f"a-{structure}.lexc", tmp_path / f"b-{structure}.lexc"
        lang, words = ("pl", POLISH) if structure == "natives" else ("fr", FRENCH)
        compile_words(CATALOG.language(lang), words, a, structure=structure)
        compile_words(CATALOG.language(lang), list(words), b, structure=structure)
        assert a.read_bytes() == b.read_bytes()
    assert (tmp_path / "a-marisa.lexc").read_bytes() != (tmp_path / "a-dawg.lexc").read_bytes()


def test_header_describes_the_pack(tmp_path):
    compile_words(CATALOG.language("es"), SPANISH, tmp_path / "es.lexc", min_length=3)
    header = open_pack(tmp_path / "es.lexc").header
    spec = CATALOG.normaliser("es").spec
    assert header["format"] == FORMAT_VERSION
    assert header["lang"] == "es" and header["spec"]["sha256"] == spec.sha256
    assert {t["face"]: t["points"] for t in header["tiles"]} == {t.face: t.points for t in spec.tiles}
    assert header["options"]["min_length"] == 3
    assert header["structure"]["kind"] in header["structure"]["candidates"]
    assert header["sources"][0]["read"] == len(SPANISH)


# --------------------------------------------------------------------------- loading bad files


@pytest.fixture(scope="module")
def good(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("good") / "es.lexc"
    compile_words(CATALOG.language("es"), SPANISH, path)
    return path


def refused(path: Path) -> str:
    with pytest.raises(LexcError) as err:
        open_pack(path)
    assert str(path) in str(err.value)
    return str(err.value)


def test_a_flipped_byte_anywhere_is_refused(good, tmp_path):
    data = good.read_bytes()
    for where in (30, len(data) // 2, len(data) - 20, len(data) - 2):
        bad = bytearray(data)
        bad[where] ^= 0x40
        (tmp_path / "bad.lexc").write_bytes(bytes(bad))
        assert "checksum mismatch" in refused(tmp_path / "bad.lexc")


def test_truncated_empty_foreign_and_directory_are_refused(good, tmp_path):
    data = good.read_bytes()
    cases = {
        "truncated": data[: len(data) // 2],
        "short": data[:5],
        "empty": b"",
        "foreign": b"We love Marisa." + data[15:],
        "trailing": data + b"\0",
    }
    messages = {}
    for name, content in cases.items():
        (tmp_path / name).write_bytes(content)
        messages[name] = refused(tmp_path / name)
    assert "truncated" in messages["truncated"] and "truncated" in messages["short"]
    assert "empty file" in messages["empty"]
    assert "not a lexicon pack" in messages["foreign"]
    assert "trailing bytes" in messages["trailing"]
    assert "is a directory" in refused(tmp_path)
    assert "no such pack" in refused(tmp_path / "missing.lexc")


def test_another_format_version_is_refused(good, tmp_path):
    data = bytearray(good.read_bytes())
    data[len(MAGIC)] = FORMAT_VERSION + 1
    (tmp_path / "v.lexc").write_bytes(bytes(data))
    assert f"format version {FORMAT_VERSION + 1}" in refused(tmp_path / "v.lexc")


def test_catalog_finds_a_pack_by_language(good, tmp_path):
    catalog = CATALOG.with_packs(good.parent)
    assert catalog.pack_path("es") == good
    assert "CHURRO" in catalog.pack("es")
    assert catalog.pack("es") is catalog.pack("es")  # opened once per catalog
    with pytest.raises(LexcError, match="lexc build fr"):
        catalog.pack("fr")
    (tmp_path / "fr.lexc").write_bytes(good.read_bytes())
    with pytest.raises(LexcError, match="holds language 'es'"):
        CATALOG.with_packs(tmp_path).pack("fr")


def test_a_pack_built_from_another_spec_is_refused(good, tmp_path):
    # The designer changes Spanish CH from 5 to 4 points: the old pack must not score with either value.
    text = (shipped_dir("languages") / "es.toml").read_text(encoding="utf-8")
    edited = text.replace("CH  = { count = 1, points = 5 }", "CH  = { count = 1, points = 4 }")
    assert edited != text
    (tmp_path / "es.toml").write_text(edited, encoding="utf-8")
    catalog = CATALOG.with_packs(good.parent).with_specs(tmp_path / "es.toml")
    assert catalog.spec("es").points("CH") == 4
    stale = catalog.staleness(open_pack(good))
    assert stale is not None and "es.toml" in stale and "lexc build es" in stale
    with pytest.raises(LexcError, match=r"stale pack: built from another version of .*es\.toml"):
        catalog.pack("es")
    assert CATALOG.with_packs(good.parent).staleness(open_pack(good)) is None


# --------------------------------------------------------------------------- atomic writes


def test_a_failed_write_leaves_the_old_pack(good, tmp_path, monkeypatch):
    path = tmp_path / "es.lexc"
    path.write_bytes(good.read_bytes())

    def broken(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(LexcError, match=r"es\.lexc: cannot write: disk full"):  # named, no traceback
        compile_words(CATALOG.language("es"), ["churro"], path)
    assert path.read_bytes() == good.read_bytes()
    assert [p.name for p in tmp_path.iterdir()] == ["es.lexc"]  # no temporary file left behind
    assert "CHURRO" in open_pack(path)


def test_a_killed_build_leaves_the_old_pack(good, tmp_path):
    path = tmp_path / "fr.lexc"
    compile_words(CATALOG.language("fr"), FRENCH[:50], path)
    before = path.read_bytes()
    code = ("import sys; from lexc import Catalog; from lexc.lexicon.compiler import compile_pack; "
            "from lexc.lexicon.sources import open_source; "
            "fr = Catalog.shipped().language('fr'); "
            "compile_pack(fr, [open_source(fr.spec, '/usr/share/dict/french')], sys.argv[1])")
    child = subprocess.Popen([sys.executable, "-c", code, str(path)], cwd=REPO)
    time.sleep(2.5)
    child.send_signal(signal.SIGKILL)
    child.wait()
    if child.returncode == -signal.SIGKILL:
        assert path.read_bytes() == before
    assert len(open_pack(path)) > 0  # the old pack, or the complete new one: never half a pack


def test_hebrew_final_forms_come_from_the_rule_not_from_records(tmp_path: Path) -> None:
    """ך ם ן ף ץ at the end of a word are derived from the header's rule; only a word breaking it has a record."""
    from lexc import Catalog
    from lexc.lexicon.compiler import compile_words

    he = Catalog.shipped().language("he")
    report = compile_words(he, ["שלום", "מלך", "מלכה", "ספר", "ארץ", "כנען", "שלומ"], tmp_path / "he.lexc")
    pack = open_pack(tmp_path / "he.lexc")
    assert pack.header["finals"] == {"כ": "ך", "מ": "ם", "נ": "ן", "פ": "ף", "צ": "ץ"}
    assert [native for native, _ in pack.records("SHLVM")] == ["שלום", "שלומ"]  # the second breaks the rule
    assert pack._records("SHLVM") == ["", "=1מ"]
    assert pack.records("MLK") == [("מלך", ((12, 1), (11, 1), (10, 1)))]  # the tile כ (face 10), written ך
    assert pack._records("MLK") == [] and pack._records("MLKH") == []  # no record: the rule gives ך, not כ
    assert [s.value for s in pack.spellings("MLK")] == [sum(pack.points(f, "") for f in (12, 11, 10))]
    assert report.exceptions == 3  # SHLVM (two natives), RTS and KNN (א and ע: tiles with no board letter)


def test_a_marisa_ids_section_not_one_group_per_key_is_refused(tmp_path: Path) -> None:
    from lexc.lexicon.pack import encode_pack, read_pack_bytes

    path = tmp_path / "es.lexc"
    compile_words(CATALOG.language("es"), SPANISH, path, structure="marisa")
    header, data = read_pack_bytes(path)
    ids = next(s for s in header["sections"] if s["name"] == "ids")
    assert chr(data[ids["offset"]]) in "HIP"  # the layout: a 16- or 32-bit group per key, or pairs
    ids["length"] -= 2  # one key without its group
    (tmp_path / "bad.lexc").write_bytes(encode_pack(header, "marisa", bytes(data[:-2])))
    assert "is not a group per key" in refused(tmp_path / "bad.lexc")


def test_a_natives_pack_answers_as_the_board_spelling_pack(tmp_path: Path) -> None:
    """Polish Ó Ł Ą are tiles of their own written O L A: the natives pack keys ŻÓŁW, ZÓŁW, ŁĄKA... and gives
    the same records, in the same order, the same keys and membership, from a much smaller trie."""
    polish = CATALOG.language("pl")
    report = compile_words(polish, POLISH, tmp_path / "natives.lexc", structure="natives")
    compile_words(polish, POLISH, tmp_path / "dawg.lexc", structure="dawg")
    natives, boards = open_pack(tmp_path / "natives.lexc"), open_pack(tmp_path / "dawg.lexc")
    assert natives.structure == "natives" and report.keys == report.kept  # a key per native word kept
    assert list(natives.keys()) == list(boards.keys()) and len(natives) == len(boards)
    for board in boards:
        assert natives.records(board) == boards.records(board), board
    assert [native for native, _ in natives.records("ZOLW")] == ["ZÓŁW", "ŻÓŁW"]
    assert [s.value for s in natives.spellings("ZOLW")] == [1 + 5 + 3 + 1, 5 + 5 + 3 + 1]  # Ż 5, Ó 5, Ł 3
    assert "ZOLW" in natives and "ZOLWW" not in natives and "ŻÓŁW" not in natives  # boards, not native words
    assert list(natives.keys("PIE")) == list(boards.keys("PIE")) and {"PIEC", "PIECZ"} <= set(natives.keys("PIE"))
    assert natives.header["natives"]["letters"]["Ó"] == [natives.coder.faces.index("Ó"), "O"]


def test_a_natives_pack_needs_one_letter_tiles(tmp_path: Path) -> None:
    with pytest.raises(LexcError, match="natives pack needs one-letter tiles"):
        compile_words(CATALOG.language("es"), SPANISH, tmp_path / "es.lexc", structure="natives")
    auto = compile_words(CATALOG.language("es"), SPANISH, tmp_path / "es.lexc")
    assert "natives" not in auto.candidates  # CH, LL, RR: no natives candidate is built
    assert "natives" in compile_words(CATALOG.language("pl"), POLISH, tmp_path / "pl.lexc").candidates


def test_a_natives_pack_with_a_bad_letter_map_is_refused(tmp_path: Path) -> None:
    from lexc.lexicon.pack import encode_pack, read_pack_bytes

    compile_words(CATALOG.language("pl"), POLISH, tmp_path / "pl.lexc", structure="natives")
    header, data = read_pack_bytes(tmp_path / "pl.lexc")
    header["natives"]["letters"]["Ó"] = [999, "O"]
    (tmp_path / "bad.lexc").write_bytes(encode_pack(header, "natives", bytes(data)))
    assert "'natives.letters' must map a letter to [face index, board letter]" in refused(tmp_path / "bad.lexc")


@pytest.mark.parametrize(("lang", "words"), [("fr", FRENCH), ("es", SPANISH), ("pl", POLISH)])
@pytest.mark.parametrize("display_natives", [True, False])
def test_the_compiler_and_write_pack_write_the_same_records(tmp_path: Path, lang, words, display_natives) -> None:
    """One record writer: the compiler (from its tile codes) and write_pack (from spellings) give the same
    default table, records, trie and natives candidate for the same words; without display natives the
    French ÉLÈVE is recorded as ELEVE and a Polish natives pack keys only what scoring needs."""
    from lexc.lexicon.codec import RecordWriter
    from lexc.lexicon.compiler import header_base
    from lexc.lexicon.pack import read_pack_bytes, write_pack
    from lexc.lexicon.tries import NativeWords

    compiled = compile_words(CATALOG.language(lang), words, tmp_path / "compiled.lexc", display_natives=display_natives)
    spellings = spellable(lang, words)
    if display_natives:
        written = write_pack(tmp_path / "written.lexc", header_base(CATALOG.language(lang)), spellings)
        assert (written.structure, written.boards, written.exceptions) == (compiled.structure, compiled.boards,
                                                                          compiled.exceptions)
        ours, _ = read_pack_bytes(tmp_path / "compiled.lexc")
        theirs, _ = read_pack_bytes(tmp_path / "written.lexc")
        for key in ("table", "records", "natives", "sections"):
            assert ours.get(key) == theirs.get(key), key
        assert ours["structure"]["candidates"] == theirs["structure"]["candidates"]
    pack = open_pack(tmp_path / "compiled.lexc")
    writer = RecordWriter(pack.coder, display_natives, NativeWords(pack.coder))
    index = {face: i for i, face in enumerate(pack.coder.faces)}
    for s in spellings:
        tiling = tuple((index[t.face], len(t.board)) for t in s.tiles)
        native = s.native if display_natives else pack.coder.implied(pack.coder.joined(tiling))
        assert (native, tiling) in pack.records(s.board), s.native  # what the one reader reads back
        writer.group(s.board, [(s.native, tiling)])
    if lang == "pl":
        assert "natives" in compiled.candidates and "ŻÓŁW" in writer.natives.words  # type: ignore[union-attr]
    if lang == "fr":
        assert [n for n, _ in pack.records("ELEVE")] == (["ÉLEVÉ", "ÉLÈVE"] if display_natives else ["ELEVE"])


def test_a_bad_pack_is_a_pack_error_and_a_value_error(good, tmp_path: Path) -> None:
    from lexc.errors import PackError

    (tmp_path / "short.lexc").write_bytes(good.read_bytes()[:100])
    for path, message in ((tmp_path / "short.lexc", "truncated"), (tmp_path / "missing.lexc", "no such pack"),
                          (tmp_path, "is a directory")):
        with pytest.raises(PackError, match=message) as err:
            open_pack(path)
        assert isinstance(err.value, ValueError) and str(path) in str(err.value)
