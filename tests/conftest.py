"""Shared test fixtures.

Real data the tests read lives outside the repository, in ``../shared/`` beside the
clone (recorded games in ``../shared/gcg/``, the published rules in
``../shared/reference/``); CI provides it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    """``../shared`` beside the checkout (game records, rules texts)."""
    if not SHARED.is_dir():
        pytest.fail(f"{SHARED} is missing: CI and the README expect ../shared beside the clone")
    return SHARED


@pytest.fixture(scope="session")
def make_packs(tmp_path_factory):
    """``make_packs({"es": ["ñandú", ...], ...})``: a folder of small packs of those real words, made for the test.

    A test that needs packs makes its own (the suite never reads ``build/``: see the top ``conftest.py``).
    """
    from lexc.catalog import Catalog
    from lexc.lexicon.compiler import compile_words

    def make(words: dict[str, list[str]]) -> Path:
        folder = tmp_path_factory.mktemp("packs")
        catalog = Catalog.shipped()
        for lang, listed in words.items():
            compile_words(catalog.language(lang), listed, folder / f"{lang}.lexc")
        return folder

    return make
