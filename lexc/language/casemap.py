"""Locale-aware case mapping through ICU.

Python's ``str.upper`` knows no locale: it turns Turkish ``i`` into ``I`` where
Turkish wants ``İ``, and keeps Greek accents that Greek capitals drop. ICU applies
the language's own rules:

>>> upper("istanbul", "tr"), upper("ışık", "tr")
('İSTANBUL', 'IŞIK')
>>> upper("straße", "de")
'STRASSE'
>>> upper("οδός", "el"), upper("άυλος", "el")
('ΟΔΟΣ', 'ΑΫΛΟΣ')
>>> lower("ΟΔΟΣ", "el"), lower("ISPARTA", "tr")
('οδος', 'ısparta')
>>> upper("ĳs", "nl"), title("ijsland", "nl")
('ĲS', 'IJsland')
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import icu

#: Languages whose upper-casing of ASCII text differs from the root rules (dotted İ).
_TURKIC = frozenset({"tr", "az"})


@cache
def _locale(name: str) -> icu.Locale:
    return icu.Locale(name)


def upper(text: str, locale: str) -> str:
    """``text`` in upper case under the rules of ``locale``."""
    return str(icu.UnicodeString(text).toUpper(_locale(locale)))


def lower(text: str, locale: str) -> str:
    """``text`` in lower case under the rules of ``locale`` (final sigma included)."""
    return str(icu.UnicodeString(text).toLower(_locale(locale)))


def title(text: str, locale: str) -> str:
    """``text`` in title case under the rules of ``locale`` (Dutch IJ stays together)."""
    return str(icu.UnicodeString(text).toTitle(_locale(locale)))


@cache
def uppercaser(locale: str) -> Callable[[str], str]:
    """A fast :func:`upper` for one locale: ASCII text outside Turkic locales takes ``str.upper``.

    >>> up = uppercaser("fr")
    >>> up("élève"), up("word"), uppercaser("tr")("ik")
    ('ÉLÈVE', 'WORD', 'İK')
    """
    loc = _locale(locale)
    if loc.getLanguage() in _TURKIC:
        return lambda text: str(icu.UnicodeString(text).toUpper(loc))

    def fast(text: str) -> str:
        if text.isascii():
            return text.upper()
        return str(icu.UnicodeString(text).toUpper(loc))

    return fast


def iso_language_name(code: str) -> str | None:
    """The English name of the language of ``code`` (its first subtag) if ICU knows it as an
    ISO 639 code (two letters, or three such as ``haw``), else None.

    >>> iso_language_name("eo"), iso_language_name("pt-BR"), iso_language_name("xq")
    ('Esperanto', 'Portuguese', None)
    """
    primary = code.replace("_", "-").split("-")[0].lower()
    if not primary.isascii() or not primary.isalpha() or len(primary) not in (2, 3):
        return None
    locale = _locale(primary)
    if primary not in _iso_languages() and not str(locale.getISO3Language()):
        return None
    return str(locale.getDisplayLanguage(_locale("en")))


@cache
def _iso_languages() -> frozenset[str]:
    return frozenset(str(c) for c in icu.Locale.getISOLanguages())
