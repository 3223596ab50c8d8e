"""Where lexc's shipped data and packs live, in a checkout and when installed.

The repository's top-level ``languages/``, ``transliterations/`` and ``rulesets/`` are the
source of truth; a wheel carries copies of them inside the package (``lexc/_data/``).
Packs go to ``build/`` in a checkout and to the user's data directory otherwise
(``platformdirs``), unless ``$LEXC_PACKS`` or ``--packs`` says where.

These functions only say where things are; reading them is the catalog's job
(:class:`lexc.catalog.Catalog`).

>>> shipped_dir("languages").name
'languages'
"""

from __future__ import annotations

import os
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
#: The checkout's top level, when lexc runs from one (an editable install or ``PYTHONPATH``).
CHECKOUT = PACKAGE.parent
KINDS = ("languages", "transliterations", "rulesets")


def in_checkout() -> bool:
    """Whether this lexc runs from a source checkout (its data folders beside the package)."""
    return (CHECKOUT / "pyproject.toml").is_file() and (CHECKOUT / "languages").is_dir()


def shipped_dir(kind: str) -> Path:
    """The shipped folder of ``kind`` (``languages``, ``transliterations`` or ``rulesets``)."""
    if kind not in KINDS:
        raise ValueError(f"unknown kind of data {kind!r} (one of {', '.join(KINDS)})")
    installed = PACKAGE / "_data" / kind
    return installed if installed.is_dir() else CHECKOUT / kind


def default_packs_dir() -> Path:
    """Where packs are written and read unless told otherwise.

    ``$LEXC_PACKS`` if set (its first folder, when it lists several like ``$PATH``:
    :func:`more_packs_dirs`); ``build/`` in a checkout; else the user's data directory
    (``~/.local/share/lexc/packs`` on Linux).
    """
    value = os.environ.get("LEXC_PACKS", "").split(os.pathsep)[0]
    if value:
        return Path(value)
    if in_checkout():
        return CHECKOUT / "build"
    import platformdirs

    return Path(platformdirs.user_data_dir("lexc", appauthor=False)) / "packs"


def words_cache_dir() -> Path:
    """Where word lists fetched from a package registry (npm) are kept, unpacked.

    ``$LEXC_WORDS`` if set; ``.cache/words/`` in a checkout (``make setup`` fills it: README);
    else the user's cache directory (``~/.cache/lexc/words`` on Linux). ``lexc fetch`` writes it.
    """
    value = os.environ.get("LEXC_WORDS")
    if value:
        return Path(value)
    if in_checkout():
        return CHECKOUT / ".cache" / "words"
    import platformdirs

    return Path(platformdirs.user_cache_dir("lexc", appauthor=False)) / "words"


def more_packs_dirs() -> list[Path]:
    """Folders of packs searched after the packs folder: the second and later folders of
    ``$LEXC_PACKS`` (``~/my-packs:/usr/share/lexc/packs``), so one's own packs sit beside the
    shipped or club ones. Packs are written to the first folder only."""
    return [Path(part) for part in os.environ.get("LEXC_PACKS", "").split(os.pathsep)[1:] if part]
