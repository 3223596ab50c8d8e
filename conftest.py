"""Doctests of lexc/ get one shipped catalog as ``catalog`` (module docstrings show how it is made).

Tests never depend on what ``build/`` holds: the default packs folder of every catalog made in
the test session (``$LEXC_PACKS``) is an empty folder of its own, so a test that needs a pack
builds it or names its folder (lexc looks words up in the catalog's packs by default).
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

import pytest

_PACKS = tempfile.mkdtemp(prefix="lexc-test-packs-")
atexit.register(shutil.rmtree, _PACKS, ignore_errors=True)
os.environ["LEXC_PACKS"] = _PACKS

from lexc.catalog import Catalog  # noqa: E402  (after $LEXC_PACKS is set)


@pytest.fixture(autouse=True)
def _doctest_catalog(doctest_namespace: dict[str, object]) -> None:
    doctest_namespace.setdefault("catalog", Catalog.shipped())
