"""The one tiler (lexc/language/tiles.py) on the shipped tile sets: Spanish CH LL RR, Hungarian
CS GY LY NY SZ ZS, Catalan L·L, Russian Щ read back from SHCH."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lexc.catalog import Catalog
from lexc.language.tiles import MAX_TILINGS, Reader, Table

CATALOG = Catalog.shipped()


def _reader(code: str) -> Reader:
    return Reader(t.face for t in CATALOG.spec(code).tiles)


def test_spanish_longest_match_takes_the_digraphs() -> None:
    es = _reader("es")
    assert es.longest("CHURRO") == ("CH", "U", "RR", "O")
    assert es.longest("LLAMA") == ("LL", "A", "M", "A")
    # every tiling, in the order of the set's faces; only the longest-match one is maximal
    assert es.tilings("CARRO") == [("C", "A", "R", "R", "O"), ("C", "A", "RR", "O")]
    assert es.tilings("CHURRO", maximal=True) == [("CH", "U", "RR", "O")]
    assert es.mergeable(("C", "H", "U", "RR", "O"))
    assert not es.mergeable(("CH", "U", "RR", "O"))


def test_hungarian_overlapping_digraphs() -> None:
    hu = _reader("hu")
    assert hu.longest("EGÉSZSÉG") == ("E", "G", "É", "SZ", "S", "É", "G")
    assert hu.longest("BRIDZS") == ("B", "R", "I", "D", "ZS")  # DZ and DZS have no tile (languages/hu.toml)
    assert hu.longest("CSÉSZE") == ("CS", "É", "SZ", "E")
    assert hu.longest("GYÖNGY") == ("GY", "Ö", "N", "GY")
    assert sorted(hu.tilings("EGÉSZSÉG", maximal=True)) == [("E", "G", "É", "S", "ZS", "É", "G"),
                                                            ("E", "G", "É", "SZ", "S", "É", "G")]
    # Y is no tile outside the digraphs: LY·NY is the one tiling
    assert hu.tilings("LYNY") == [("LY", "NY")] and hu.tilings("XY") == []
    assert hu.overlapping("EGÉSZSÉG") and not hu.overlapping("CSÉSZE")


def test_catalan_ela_geminada_and_a_letter_no_tile_spells() -> None:
    ca = _reader("ca")
    assert ca.longest("COL·LA") == ("C", "O", "L·L", "A")
    assert ca.longest("COL·L!") is None
    assert Reader(ca.surfaces, rest=True).cut("COL·L!") == ["C", "O", "L·L", "!"]


def test_the_russian_default_reading_reads_shch_as_one_tile() -> None:
    spec = CATALOG.spec("ru")
    faces = tuple(t.face for t in spec.tiles)
    table = Table(faces, {"SHCH": faces.index("Щ"), "SH": faces.index("Ш"), "CH": faces.index("Ч"),
                          "I": faces.index("И"), "A": faces.index("А"), "D": faces.index("Д")})
    native, tiling = table.default_reading("SHCHI") or ("", ())
    assert native == "ЩИ" and tiling == ((faces.index("Щ"), 4), (faces.index("И"), 1))
    assert table.default_reading("DACHA") == ("ДАЧА", ((faces.index("Д"), 1), (faces.index("А"), 1),
                                                       (faces.index("Ч"), 2), (faces.index("А"), 1)))
    assert table.default_reading("SHCHX") is None
    with pytest.raises(ValueError, match="cannot read"):
        list(table.read_run("SHCHX", 0, 5))
    # the normaliser reads a board spelling through the same table
    assert CATALOG.normaliser("ru").read("SHCHI").native == "ЩИ"


def test_tilings_are_bounded() -> None:
    """32 letters of S Z alternating: 2**16 tilings, MAX_TILINGS listed (all with no limit is not asked)."""
    hu = _reader("hu")
    assert len(hu.tilings("SZ" * 16)) == MAX_TILINGS
    assert hu.tilings("SZ" * 16, limit=3)[0] == ("S", "Z") * 16


def _brute(text: str, faces: frozenset[str]) -> list[tuple[str, ...]]:
    if not text:
        return [()]
    return [(f, *rest) for f in faces if text.startswith(f) for rest in _brute(text[len(f):], faces)]


@given(st.text("CSZYGDLN", min_size=0, max_size=8))
def test_every_and_maximal_tilings_against_brute_force(text: str) -> None:
    hu = _reader("hu")
    faces = frozenset(hu.surfaces)
    every = sorted(_brute(text, faces))
    assert sorted(hu.tilings(text, limit=None)) == every
    assert sorted(hu.tilings(text, maximal=True, limit=None)) == [t for t in every if not hu.mergeable(t)]
    longest = hu.longest(text)
    assert longest is None or longest in every


def test_the_language_stage_imports_no_later_stage() -> None:
    """lexc.language reads tiles and words; at run time it never reaches up into the lexicon, the engine or
    the catalog (language/normalize.py once imported the pack codec, a cycle with lexicon/pack.py)."""
    import ast
    from pathlib import Path

    import lexc.language

    allowed = ("lexc.language", "lexc.errors", "lexc.inputs", "lexc.tomlsrc")
    found = []
    for path in sorted(Path(lexc.language.__file__).parent.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        typing_only = {id(n) for block in ast.walk(tree) if isinstance(block, ast.If)
                       and ast.unparse(block.test) == "TYPE_CHECKING" for n in ast.walk(block)}
        for node in ast.walk(tree):
            if id(node) in typing_only:
                continue
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else \
                [a.name for a in node.names] if isinstance(node, ast.Import) else []
            found += [f"{path.name}: {n}" for n in names if n.startswith("lexc") and not n.startswith(allowed)]
    assert found == []
