"""Doctests of lexc/ get one shipped catalog as ``catalog`` (module docstrings show how it is made)."""

from __future__ import annotations

import pytest

from lexc.catalog import Catalog


@pytest.fixture(autouse=True)
def _doctest_catalog(doctest_namespace: dict[str, object]) -> None:
    doctest_namespace.setdefault("catalog", Catalog.shipped())
