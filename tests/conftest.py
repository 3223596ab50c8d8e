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
