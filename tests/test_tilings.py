"""Tilings a native player recognises: boundaries from the source and the spec, and the build's report.

Real words, real tile values (languages/hu.toml, languages/hr.toml), real packs built through
the pipeline, scored by the real `lexc score`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from lexc import Catalog
from lexc.errors import LexcError
from lexc.language.spec import load_spec
from lexc.lexicon.compiler import compile_pack, compile_words, tilings_path
from lexc.lexicon.pack import open_pack
from lexc.lexicon.sources import default_sources

REPO = Path(__file__).resolve().parent.parent
LEXC = Path(sys.executable).parent / "lexc"
HU_HU = Path("/usr/share/hunspell/hu_HU.dic")


def _lexc(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("LEXC_")}
    return subprocess.run([str(LEXC), *args], capture_output=True, text=True, env=env, timeout=600)


def _score(play: str, packs: Path, *spec: str) -> Any:
    done = _lexc("score", "-r", "polyglot", play, "--packs", str(packs), "--json", *spec)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def _listed(pack: Path) -> dict[str, list[str]]:
    """The report beside a pack: word -> [tiling, reason, others]."""
    lines = tilings_path(pack).read_text(encoding="utf-8").splitlines()
    assert lines[1] == "word\ttiling\treason\tothers"
    return {fields[0]: fields[1:] for fields in (line.split("\t") for line in lines[2:])}


@pytest.fixture(scope="module")
def hu_packs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Hungarian pack from the real hu_HU dictionary (its stems, as the shipped spec reads it) plus HÁZSZÁM."""
    if not HU_HU.exists():
        pytest.skip("hunspell-hu is not installed")
    packs = tmp_path_factory.mktemp("hu-packs")
    extra = packs / "extra.txt"
    extra.write_text("házszám\n", encoding="utf-8")
    catalog = Catalog.shipped()
    sources = default_sources(catalog.spec("hu"))[:1]
    assert sources[0].kind == "hunspell"
    compile_pack(catalog.language("hu"), sources, packs / "hu.lexc", include=extra)
    return packs


def test_rajzszeg_is_tiled_rajz_szeg_from_the_dictionarys_compound_boundary(hu_packs: Path) -> None:
    # hu_HU writes "hy:rajz|szeg": R·A·J·Z·SZ·E·G, 18 points doubled on H8, not RAJ·ZS·Z·E·G (46)
    played = _score("8E RAJZSZEG @hu", hu_packs)
    word = played["words"][0]
    assert [t["face"] for t in word["tiles"]] == ["R", "A", "J", "Z", "SZ", "E", "G"]
    assert played["score"] == 36


def test_hazszam_is_split_where_the_dictionarys_compound_parts_meet(hu_packs: Path) -> None:
    # ház and szám may both be compound parts (COMPOUNDFLAG): H·Á·Z·SZ·Á·M = 13 ×2 + 50, not ZS·Z (86)
    played = _score("8E HAZSZAM @hu", hu_packs)
    assert [t["face"] for t in played["words"][0]["tiles"]] == ["H", "Á", "Z", "SZ", "Á", "M"]
    assert played["score"] == 76


def test_the_hungarian_report_lists_each_ambiguous_tiling_with_its_reason(hu_packs: Path) -> None:
    listed = _listed(hu_packs / "hu.lexc")
    assert listed["RAJZSZEG"] == ["R.A.J.Z.SZ.E.G", "source boundary", "R.A.J.ZS.Z.E.G"]
    assert listed["HÁZSZÁM"] == ["H.Á.Z.SZ.Á.M", "source boundary", "H.Á.ZS.Z.Á.M"]
    assert listed["EGÉSZSÉG"] == ["E.G.É.SZ.S.É.G", "longest match", "E.G.É.S.ZS.É.G"]
    assert "HÁZ" not in listed and "SZEG" not in listed  # no choice: not listed
    header = open_pack(hu_packs / "hu.lexc").header["tilings"]
    reasons = [fields[1] for fields in listed.values()]
    assert header["ambiguous"] == len(listed) > 100
    assert header["reasons"] == {r: reasons.count(r) for r in ("longest match", "source boundary", "spec rule")}
    assert header["reasons"]["spec rule"] == 0  # hu.toml has no [tiling] rules


def test_lexc_info_summarises_the_tilings(hu_packs: Path) -> None:
    done = _lexc("info", "hu", "--packs", str(hu_packs))
    assert done.returncode == 0, done.stderr
    header = open_pack(hu_packs / "hu.lexc").header["tilings"]
    reasons = header["reasons"]
    line = next(x for x in done.stdout.splitlines() if x.startswith("tilings"))
    assert line == (f"tilings    {header['ambiguous']:,} ambiguous (longest match {reasons['longest match']:,}, "
                    f"source boundary {reasons['source boundary']:,}, spec rule 0); listed in "
                    f"{hu_packs / 'hu.tilings.tsv'}")


def _hr_spec(tmp_path: Path, words: list[str]) -> Path:
    """The shipped Croatian spec (its [tiling] rules included) with a word list of ours as its source."""
    text = (REPO / "languages" / "hr.toml").read_text(encoding="utf-8").split("\n[[lexicon]]")[0]
    listing = tmp_path / "hr-words.txt"
    listing.write_text("\n".join(words) + "\n", encoding="utf-8")
    spec = tmp_path / "hr.toml"
    spec.write_text(text + f'\n[[lexicon]]\nkind = "wordlist"\npath = "{listing}"\n', encoding="utf-8")
    return spec


HR_WORDS = ["nadživjeti", "nadžak", "podžupan", "odžak", "džep", "predživot", "kuća"]


def test_croatian_prefixes_keep_d_and_z_apart_through_lexc_build(tmp_path: Path) -> None:
    spec, packs = _hr_spec(tmp_path, HR_WORDS), tmp_path / "packs"
    done = _lexc("build", "--spec", str(spec), "--packs", str(packs), "--jobs", "1", "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)["packs"][0]
    assert report["tilings"]["ambiguous"] == 3
    assert report["tilings"]["reasons"] == {"longest match": 0, "source boundary": 0, "spec rule": 3}
    assert report["tilings"]["report"] == str(packs / "hr.tilings.tsv")
    assert _listed(packs / "hr.lexc") == {
        "NADŽIVJETI": ["N.A.D.Ž.I.V.J.E.T.I", "spec rule", "N.A.DŽ.I.V.J.E.T.I"],
        "PODŽUPAN": ["P.O.D.Ž.U.P.A.N", "spec rule", "P.O.DŽ.U.P.A.N"],
        "PREDŽIVOT": ["P.R.E.D.Ž.I.V.O.T", "spec rule", "P.R.E.DŽ.I.V.O.T"],
    }
    # NADŽIVJETI: N 1 + A 1 + D 3 + Ž 4 (H8, double word) + I V J E(L8, double letter) T I = 17 ×2
    played = _score("8E NADZIVJETI @hr", packs, "--spec", str(spec))
    assert [t["face"] for t in played["words"][0]["tiles"]][:4] == ["N", "A", "D", "Ž"]
    assert played["score"] == 34
    # NADŽAK is one word (an exception): N·A·DŽ·A·K = 15 ×2
    played = _score("8E NADZAK @hr", packs, "--spec", str(spec))
    assert [t["face"] for t in played["words"][0]["tiles"]] == ["N", "A", "DŽ", "A", "K"]
    assert played["score"] == 30


def test_the_build_table_shows_the_ambiguous_tilings(tmp_path: Path) -> None:
    spec, packs = _hr_spec(tmp_path, HR_WORDS), tmp_path / "packs"
    done = _lexc("build", "--spec", str(spec), "--packs", str(packs), "--jobs", "1", "-q")
    assert done.returncode == 0, done.stderr
    rows = [line.split() for line in done.stdout.splitlines()]
    header = next(r for r in rows if r[:1] == ["lang"] and "ambiguous" in r)
    row = next(r for r in rows if r[:1] == ["hr"] and len(r) == len(header))
    assert row[header.index("ambiguous")] == "3"
    assert any(r[:4] == ["hr", "0", "0", "3"] and r[4].startswith(str(packs)) for r in rows)


def test_a_source_boundary_wins_over_longest_match_and_each_word_has_one_tiling(tmp_path: Path) -> None:
    hu = Catalog.shipped().language("hu")
    for words in (["rajzszeg", "rajz|szeg"], ["rajz|szeg", "rajzszeg"]):
        report = compile_words(hu, words, tmp_path / "hu.lexc")
        assert (report.kept, report.duplicates) == (1, 1)
        [spelling] = open_pack(tmp_path / "hu.lexc").spellings("RAJZSZEG")
        assert spelling.tiling == ("R", "A", "J", "Z", "SZ", "E", "G") and spelling.value == 16
        assert _listed(tmp_path / "hu.lexc")["RAJZSZEG"][1] == "source boundary"


def test_the_report_is_the_same_bytes_when_built_again(tmp_path: Path) -> None:
    hu = Catalog.shipped().language("hu")
    words = ["egészség", "rajz|szeg", "házszám", "kész", "vízszint", "ösztönzés"]
    compile_words(hu, words, tmp_path / "a.lexc")
    compile_words(hu, list(reversed(words)), tmp_path / "b.lexc")
    a, b = tilings_path(tmp_path / "a.lexc").read_bytes(), tilings_path(tmp_path / "b.lexc").read_bytes()
    assert a == b and b"EG\xc3\x89SZS\xc3\x89G\tE.G.\xc3\x89.SZ.S.\xc3\x89.G\tlongest match" in a


def test_a_build_with_no_choice_lists_nothing_and_removes_an_old_list(tmp_path: Path) -> None:
    hu, pack = Catalog.shipped().language("hu"), tmp_path / "hu.lexc"
    compile_words(hu, ["egészség", "ház"], pack)
    assert tilings_path(pack).is_file()
    report = compile_words(hu, ["ház", "szám"], pack)
    assert report.tilings["ambiguous"] == 0 and report.tilings["report"] is None
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hu.lexc"]


@pytest.mark.parametrize(("rules", "message"), [
    ('boundaries = ["NADŽ"]', "'NADŽ' must have letters on both sides of each '|'"),
    ('boundaries = ["nad|ž"]', "'nad|ž' must be written upper case"),
    ('boundaries = ["NA|D"]', "'NA|D': no tile of the set holds 'AD'"),
    ('boundaries = ["NAD|Ж"]', "letter 'Ж' is in no tile of the set"),
    ('boundaries = ["NAD|Ž"]\nexceptions = ["DŽEP"]', "'DŽEP' begins with no boundary rule"),
    ('boundaries = "NAD|Ž"', "must be an array, not a string"),
    ('prefixes = ["NAD|Ž"]', "unknown key"),
])
def test_a_malformed_rule_is_named_with_file_line_and_key(tmp_path: Path, rules: str, message: str) -> None:
    text = (REPO / "languages" / "hr.toml").read_text(encoding="utf-8").split("\n# Morpheme boundaries")[0]
    spec = tmp_path / "hr.toml"
    spec.write_text(text + "\n[tiling]\n" + rules + "\n", encoding="utf-8")
    key = "exceptions" if "exceptions" in rules else rules.split()[0]
    line = next(n for n, x in enumerate(spec.read_text(encoding="utf-8").splitlines(), 1) if x.startswith(key))
    with pytest.raises(LexcError) as caught:
        load_spec(spec)
    assert f"{spec}:{line}: tiling.{key}: " in str(caught.value) and message in str(caught.value)
    done = _lexc("validate", str(spec))
    assert done.returncode == 1 and message in done.stderr and "Traceback" not in done.stderr
