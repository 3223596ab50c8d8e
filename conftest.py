"""Doctests of lexc/ get one shipped catalog as ``catalog`` (module docstrings show how it is made).

The suite never reads the user's packs: before lexc is imported, ``$LEXC_PACKS`` names a
folder of this run that does not exist (a missing packs folder holds no packs), so ``build/``
after ``make run`` -- every default language, or any other set -- changes no test. A test that
needs packs makes its own in ``tmp_path`` or names its folder (``--packs``, ``Catalog.shipped(packs=...)``;
lexc looks words up in the catalog's packs by default); one that writes to the default folder is
an error of that test (:func:`_no_default_packs`).
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

_NO_PACKS = Path(tempfile.mkdtemp(prefix="lexc-tests-"))
atexit.register(shutil.rmtree, _NO_PACKS, ignore_errors=True)
os.environ["LEXC_PACKS"] = str(_NO_PACKS / "no-packs")

from lexc.catalog import Catalog  # noqa: E402  (after $LEXC_PACKS is set)


@pytest.fixture(autouse=True)
def _no_default_packs() -> Iterator[None]:
    """A test that wrote packs to the default folder fails, and the next test finds none there."""
    yield
    folder = Path(os.environ.get("LEXC_PACKS", _NO_PACKS or "."))
    if folder.exists():
        shutil.rmtree(folder, ignore_errors=True)
        pytest.fail(f"this test wrote to the default packs folder ({folder}): make packs in tmp_path, "
                    "or name their folder (--packs)")


@pytest.fixture(autouse=True)
def _doctest_catalog(doctest_namespace: dict[str, object]) -> None:
    doctest_namespace.setdefault("catalog", Catalog.shipped())
