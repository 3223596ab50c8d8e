"""Where lexc finds its data: specs, schemes, rulesets and packs.

Every location can be overridden with an environment variable, so an installed
``lexc`` can be pointed at a checkout or at a directory of packs copied elsewhere.
"""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _dir(env: str, default: str) -> Path:
    value = os.environ.get(env)
    return Path(value) if value else ROOT / default


def languages_dir() -> Path:
    """Directory of language specs (``$LEXC_LANGUAGES`` or ``languages/``)."""
    return _dir("LEXC_LANGUAGES", "languages")


def transliterations_dir() -> Path:
    """Directory of romanisation schemes (``$LEXC_TRANSLITERATIONS`` or ``transliterations/``)."""
    return _dir("LEXC_TRANSLITERATIONS", "transliterations")


def rulesets_dir() -> Path:
    """Directory of rulesets (``$LEXC_RULESETS`` or ``rulesets/``)."""
    return _dir("LEXC_RULESETS", "rulesets")


def packs_dir() -> Path:
    """Directory of compiled packs (``$LEXC_PACKS`` or ``build/``)."""
    return _dir("LEXC_PACKS", "build")
