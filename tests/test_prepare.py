"""What a server prepares as it starts (lexc.game.engine.prepare_hints): the first hint opens and reads nothing.

Packs of real words made for the test; a hint asked after preparing is the same as without, and
reads no pack and no walk (the readers are made to fail once prepared).
"""

from __future__ import annotations

import pytest

import lexc.catalog
from lexc.catalog import Catalog
from lexc.game import Game, Setup
from lexc.game.engine import Packs, prepare_hints

WORDS = {"en": ["whisky", "quite", "qi", "sky", "ski", "wis"], "fr": ["whisky", "ski", "skiez", "si"]}


@pytest.fixture(scope="module")
def folder(make_packs):
    packs = make_packs(WORDS)
    (packs / "de.lexc").write_bytes(b"not a pack at all")  # a damaged pack: skipped, a hint reports it
    return packs


def _hint(packs: Packs) -> list[str]:
    game = Game.new(Setup.new(["ann", "bob"], catalog=packs.catalog, ruleset="polyglot", lang="en",
                              langs=["en", "fr"]), packs)
    return [f"{m.play} {m.score}" for m in game.hints("WHISKY?", top=3)]


def test_a_prepared_server_opens_and_reads_nothing_for_its_first_hint(folder, monkeypatch):
    unprepared = _hint(Packs(Catalog.shipped(packs=folder)))
    packs = Packs(Catalog.shipped(packs=folder))
    assert prepare_hints(packs) == ["en", "fr"]  # de's pack is damaged: left for a hint to report
    walks = {lang: dict(packs.catalog.pack(lang)._walks) for lang in ("en", "fr")}
    assert all(set(kept) == {"board", "tiles"} for kept in walks.values())

    def refuse(*args, **kwargs):
        raise AssertionError("a pack opened after the server prepared it")

    monkeypatch.setattr("lexc.lexicon.pack.open_pack", refuse)
    prepared = _hint(packs)
    assert prepared == unprepared
    assert prepared[0].startswith(("8D WHISKY @fr", "H4 WHISKY @fr")) and prepared[0].endswith(" 92")  # W, K, Y 10
    for lang, kept in walks.items():  # the very walks prepared: none read or built again
        assert all(packs.catalog.pack(lang)._walks[kind] is walk for kind, walk in kept.items())


def test_a_damaged_pack_is_still_reported_by_the_hint(folder):
    packs = Packs(Catalog.shipped(packs=folder))
    prepare_hints(packs)
    game = Game.new(Setup.new(["ann", "bob"], catalog=packs.catalog, ruleset="polyglot", lang="en",
                              langs=["en", "de"]), packs)
    with pytest.raises(lexc.catalog.PackError, match=r"de\.lexc"):
        game.hints("WHISKY?", top=3)
