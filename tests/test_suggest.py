"""lexc suggest: drafting a tile set from frequencies (docs/assess.md)."""

from __future__ import annotations

import tomllib

import pytest
from typer.testing import CliRunner

from lexc.assess.measures import Corpus, spearman
from lexc.assess.suggest import draft_spec, write_spec
from lexc.catalog import Catalog
from lexc.cli import app
from lexc.errors import LexcError
from lexc.language.spec import load_spec
from lexc.language.validate import check_spec_file

CATALOG = Catalog.shipped()

#: Drafted from wordfreq's 10,000 most frequent English words, the values' Spearman against
#: the official set measured 0.93 (Spanish 0.90) and the counts were 0.85 tiles off on average.
SPEARMAN = 0.85


@pytest.fixture(scope="module")
def english_corpus() -> Corpus:
    return Corpus.from_wordfreq("en", 10_000)


def test_english_draft_is_close_to_the_official_set(english_corpus: Corpus) -> None:
    en = CATALOG.spec("en")
    draft = draft_spec("en", english_corpus, CATALOG)
    tiles = {t.face: t for t in draft.spec.tiles}
    assert list(tiles) == [t.face for t in en.tiles]
    assert draft.spec.total_tiles == 100 and draft.spec.blanks == 2 and not draft.spec.official
    rho = spearman([t.points for t in en.tiles], [tiles[t.face].points for t in en.tiles])
    assert rho is not None and rho >= SPEARMAN
    off = sum(abs(t.count - tiles[t.face].count) for t in en.tiles) / len(en.tiles)
    assert off < 1.2
    assert tiles["E"].count == max(t.count for t in tiles.values()) and tiles["E"].points == 1
    assert tiles["Q"].points >= 9 and tiles["Z"].points >= 9 and tiles["Q"].count == tiles["Z"].count == 1


def test_spanish_draft_keeps_the_digraph_tiles() -> None:
    es = CATALOG.spec("es")
    draft = draft_spec("es", Corpus.from_wordfreq("es", 10_000), CATALOG)
    tiles = {t.face: t for t in draft.spec.tiles}
    assert {"CH", "LL", "RR", "Ñ"} <= set(tiles)
    rho = spearman([t.points for t in es.tiles], [tiles[t.face].points for t in es.tiles])
    assert rho is not None and rho >= SPEARMAN


def test_draft_for_a_language_without_a_set_validates(tmp_path) -> None:
    # Bosnian: no shipped spec; letters inferred from wordfreq (its Serbo-Croatian Latin words), marks kept.
    assert not (CATALOG.spec("en").path.parent / "bs.toml").exists()  # type: ignore[union-attr]
    out = tmp_path / "bs.toml"
    result = CliRunner().invoke(app, ["suggest", "bs", "--corpus", "wordfreq", "--top", "10000", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "wrote" in result.stdout
    report = check_spec_file(out, CATALOG)
    assert report.ok, report.problems
    spec = load_spec(out)
    faces = {t.face for t in spec.tiles}
    assert {"Č", "Ć", "Đ", "Š", "Ž"} <= faces
    assert "Q" not in faces  # not a Bosnian letter: under 0.01% of the letters of the text
    assert spec.name == "Bosnian" and spec.script == "Latin" and not spec.official
    assert spec.total_tiles == 100
    data = tomllib.loads(out.read_text(encoding="utf-8"))
    assert data["notes"].startswith("Drafted by lexc suggest") and "wordfreq:sh for bs" in data["notes"]
    validated = CliRunner().invoke(app, ["validate", str(out)])
    assert validated.exit_code == 0, validated.output


def test_draft_from_a_text_file(tmp_path) -> None:
    text = tmp_path / "tpi.txt"
    text.write_text("Long stat God i mekim skai na graun. Graun i no gat pasin bilong en, na em i stap nating. "
                    "Tudak i karamapim solwara, na Spirit bilong God i stap antap long wara.", encoding="utf-8")
    out = tmp_path / "tpi.toml"
    result = CliRunner().invoke(app, ["suggest", "tpi", "--corpus", str(text), "--tiles", "60", "-o", str(out)])
    assert result.exit_code == 0, result.output
    spec = load_spec(out)
    assert spec.name == "Tok Pisin" and spec.total_tiles == 60
    counts = {t.face: t.count for t in spec.tiles}
    assert counts["A"] == max(counts.values())
    assert check_spec_file(out, CATALOG).ok


def test_non_latin_needs_a_scheme(tmp_path) -> None:
    with pytest.raises(LexcError, match="scheme: a Cyrillic-script language needs a romanisation scheme: name one"):
        draft_spec("mk", Corpus.from_wordfreq("mk", 2000), CATALOG)


def test_never_overwrites_without_force(tmp_path, english_corpus: Corpus) -> None:
    out = tmp_path / "en.toml"
    out.write_text("keep me", encoding="utf-8")
    draft = draft_spec("en", english_corpus, CATALOG)
    with pytest.raises(LexcError, match="exists already"):
        write_spec(draft, out)
    assert out.read_text(encoding="utf-8") == "keep me"
    write_spec(draft, out, force=True)
    assert load_spec(out).total_tiles == 100
    assert sorted(p.name for p in tmp_path.iterdir()) == ["en.toml"]


def test_too_few_tiles(english_corpus: Corpus) -> None:
    with pytest.raises(LexcError, match="cannot give each of 26 letters one tile"):
        draft_spec("en", english_corpus, CATALOG, tiles=20)
    result = CliRunner().invoke(app, ["suggest", "en", "--tiles", "20", "--top", "500", "-o", "/tmp/never.toml"])
    assert result.exit_code == 1 and "Traceback" not in result.output
