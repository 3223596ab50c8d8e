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
import sys
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


def user_cache_dir() -> Path:
    """lexc's folder in the user's cache directory: ``$LEXC_CACHE`` if set, else ``~/.cache/lexc`` on Linux.

    On Linux this is the XDG rule itself (``$XDG_CACHE_HOME`` if absolute, else ``$HOME/.cache``),
    read without importing platformdirs (with tempfile, shutil, bz2 and lzma: several milliseconds of
    every command's start-up); platformdirs answers everywhere else (and without an absolute
    ``$HOME``), and ``tests/test_cache.py`` checks that both agree here.

    >>> import os
    >>> os.environ.get("LEXC_CACHE") is not None or user_cache_dir().name == "lexc"
    True
    """
    value = os.environ.get("LEXC_CACHE")
    if value:
        return Path(value)
    if sys.platform == "linux" and not hasattr(sys, "getandroidapilevel") and "ANDROID_DATA" not in os.environ:
        xdg, home = os.environ.get("XDG_CACHE_HOME", ""), os.environ.get("HOME", "")
        if os.path.isabs(xdg):  # the XDG rule: a relative value is ignored
            return Path(xdg) / "lexc"
        if os.path.isabs(home):
            return Path(home) / ".cache" / "lexc"
    import platformdirs

    return Path(platformdirs.user_cache_dir("lexc", appauthor=False))


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
