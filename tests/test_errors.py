"""Each kind of bad input raises its own LexcError subclass, also a ValueError, with its message unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

from lexc.catalog import Catalog
from lexc.engine.board import Board
from lexc.engine.notation import parse_play, parse_rack
from lexc.errors import LexcError, NotationError, PackError, RecordError, SpecError
from lexc.records.gcg import parse as parse_gcg
from lexc.records.replay import replay

BAD_SPECS = Path(__file__).parent / "bad_specs"
KINDS = (NotationError, SpecError, PackError, RecordError)


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_is_a_lexc_error_and_a_value_error(kind):
    assert issubclass(kind, LexcError) and issubclass(kind, ValueError)
    assert [k for k in KINDS if k is not kind and issubclass(kind, k)] == []


def test_notation():
    with pytest.raises(NotationError, match=r"column 6: unexpected character '1' in the word"):
        parse_play("8D QU1TE")
    spec = Catalog.shipped().spec("en")
    with pytest.raises(NotationError):
        parse_rack("QU1", spec)


def test_a_play_that_does_not_fit_the_board():
    board = Board.empty(Catalog.shipped().ruleset("standard"))
    with pytest.raises(NotationError, match=r"8M QUITE: Q8 is off the 15×15 board"):
        board.apply(parse_play("8M QUITE"))
    with pytest.raises(NotationError, match="8D ZEBRA: D8 already holds Q"):
        board.apply(parse_play("8D QUITE")).apply(parse_play("8D ZEBRA"))


def test_spec():
    catalog = Catalog.shipped().with_specs(BAD_SPECS / "count_zero.toml")
    with pytest.raises(SpecError, match=r"count_zero.toml:13: tiles.Q.count: must be at least 1, not 0"):
        catalog.spec_for_file(BAD_SPECS / "count_zero.toml")
    with pytest.raises(SpecError, match="malformed TOML"):
        Catalog.shipped().spec_for_file(BAD_SPECS / "malformed_toml.toml")


def test_ruleset_file(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text('name = "mine"\nrack_size = 7\ncentre = "H8"\nbonuses = { 7 = 50 }\n', encoding="utf-8")
    with pytest.raises(SpecError, match="missing required key 'board'"):
        Catalog.shipped().ruleset(path)


def test_pack(tmp_path, make_packs):
    with pytest.raises(PackError, match=r"no pack for 'fr': run `lexc build fr`"):
        Catalog.shipped(packs=tmp_path).pack("fr")
    folder = make_packs({"es": ["chico"]})
    (folder / "fr.lexc").write_bytes((folder / "es.lexc").read_bytes())
    with pytest.raises(PackError, match="holds language 'es', not 'fr'"):
        Catalog.shipped(packs=folder).pack("fr")
    (tmp_path / "fr.lexc").write_bytes(b"not a pack at all")
    with pytest.raises(PackError):
        Catalog.shipped(packs=tmp_path).pack("fr")


def test_record():
    with pytest.raises(RecordError, match=r"x\.gcg:1: a: event before any #player1/#player2 pragma"):
        parse_gcg(">a: ABC 8D ABC +10 10\n", "x.gcg")
    text = "#player1 a A\n#player2 b B\n>a: QUITE 8M QUITE +30 30\n"
    with pytest.raises(RecordError, match=r"g.gcg:3: 8M QUITE: Q8 is off the 15×15 board"):
        replay(parse_gcg(text, "g.gcg"), catalog=Catalog.shipped())


def test_spec_and_scheme_loaders_raise_spec_errors(tmp_path):
    """``load_spec`` and ``load_scheme`` themselves (not only the catalog around them) raise SpecError."""
    from lexc.language.scheme import load_scheme
    from lexc.language.spec import load_spec

    with pytest.raises(SpecError, match=r"count_zero.toml:13: tiles.Q.count: must be at least 1, not 0"):
        load_spec(BAD_SPECS / "count_zero.toml")
    with pytest.raises(SpecError, match="malformed TOML"):
        load_spec(BAD_SPECS / "malformed_toml.toml")
    with pytest.raises(SpecError, match=r"missing\.toml"):
        load_spec(tmp_path / "missing.toml")
    scheme = tmp_path / "xx-bad.toml"
    scheme.write_text('name = "xx-bad"\n', encoding="utf-8")
    with pytest.raises(SpecError, match=r"xx-bad.toml: missing required key 'language'"):
        load_scheme(scheme)
    with pytest.raises(SpecError, match=r"missing\.toml"):
        load_scheme(tmp_path / "missing.toml")


def test_the_front_door_names_every_kind():
    import lexc

    assert [getattr(lexc, kind.__name__) for kind in KINDS] == list(KINDS)
    assert {kind.__name__ for kind in KINDS} <= set(lexc.__all__)
    with pytest.raises(lexc.RecordError, match=r"club.gcg:1: ann: event before any #player1/#player2 pragma"):
        lexc.parse_gcg(">ann: AB 8D AB +8 8", "club.gcg")
