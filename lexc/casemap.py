"""Locale-aware case mapping through ICU.

Python's ``str.upper`` knows no locale: it turns Turkish ``i`` into ``I`` where
Turkish wants ``İ``. ICU applies the language's own rules.

>>> upper("istanbul", "tr")
'İSTANBUL'
>>> upper("straße", "de")
'STRASSE'
>>> lower("ΟΔΟΣ", "el")
'οδος'
"""

from __future__ import annotations

from functools import cache

import icu


@cache
def _locale(name: str) -> icu.Locale:
    return icu.Locale(name)


def upper(text: str, locale: str) -> str:
    """``text`` in upper case under the rules of ``locale``."""
    return str(icu.UnicodeString(text).toUpper(_locale(locale)))


def lower(text: str, locale: str) -> str:
    """``text`` in lower case under the rules of ``locale`` (final sigma included)."""
    return str(icu.UnicodeString(text).toLower(_locale(locale)))
