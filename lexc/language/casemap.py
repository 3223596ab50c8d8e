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

import re
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import icu

#: Languages whose upper-casing of ASCII text differs from the root rules (dotted İ).
_TURKIC = frozenset({"tr", "az"})
#: Languages with upper-casing rules of their own in ICU (context, accents dropped, ligatures).
_OWN_RULES = frozenset({"tr", "az", "lt", "el", "hy"})
#: Characters below this are compared one by one (:func:`_differs`).
_CHECKED = 0x3000


def _icu() -> Any:
    """PyICU, imported on first use: a command that maps no case (a spec read from the cache of
    checked files, :mod:`lexc.cache`, ASCII words) does not load it (a hundredth of a second)."""
    import icu

    return icu


@cache
def _locale(name: str) -> icu.Locale:
    return _icu().Locale(name)


def upper(text: str, locale: str) -> str:
    """``text`` in upper case under the rules of ``locale``."""
    return str(_icu().UnicodeString(text).toUpper(_locale(locale)))


def lower(text: str, locale: str) -> str:
    """``text`` in lower case under the rules of ``locale`` (final sigma included)."""
    return str(_icu().UnicodeString(text).toLower(_locale(locale)))


def title(text: str, locale: str) -> str:
    """``text`` in title case under the rules of ``locale`` (Dutch IJ stays together)."""
    return str(_icu().UnicodeString(text).toTitle(_locale(locale)))


@cache
def uppercaser(locale: str) -> Callable[[str], str]:
    """A fast :func:`upper` for one locale: ASCII text outside Turkic locales takes ``str.upper``.

    >>> up = uppercaser("fr")
    >>> up("élève"), up("word"), uppercaser("tr")("ik")
    ('ÉLÈVE', 'WORD', 'İK')
    """
    loc = _locale(locale)
    unicode_string = _icu().UnicodeString  # looked up once here, not once per word
    if loc.getLanguage() in _TURKIC:
        return lambda text: str(unicode_string(text).toUpper(loc))
    differs = _differs(locale)

    def fast(text: str) -> str:
        if text.isascii():
            return text.upper()
        if differs is not None and differs.search(text) is None:
            return text.upper()  # every character upper-cases in Python as in ICU (checked one by one)
        return str(unicode_string(text).toUpper(loc))

    return fast


def per_letter(locale: str) -> bool:
    """Whether upper-casing in ``locale`` maps each character on its own (the language has no rules of its
    own in ICU, :data:`_OWN_RULES`): then words joined by line breaks upper-case as each word does alone.

    >>> per_letter("fr"), per_letter("ru"), per_letter("el"), per_letter("tr")
    (True, True, False, False)
    """
    return _locale(locale).getLanguage() not in _OWN_RULES


@cache
def _differs(locale: str) -> re.Pattern[str] | None:
    """The characters ``str.upper`` does not upper-case as ICU does in ``locale``, as one character class.

    Outside the languages with rules of their own (:data:`_OWN_RULES`) ICU's upper-casing maps
    each character on its own, as ``str.upper`` does, so a word none of whose characters is in
    the class upper-cases the same both ways (the class is built by asking ICU about every
    character up to U+2FFF; anything above is always left to ICU). None for those languages.
    """
    loc = _locale(locale)
    if loc.getLanguage() in _OWN_RULES:
        return None
    icu = _icu()
    differ = [chr(code) for code in range(0x80, _CHECKED)
              if chr(code).upper() != str(icu.UnicodeString(chr(code)).toUpper(loc))]
    return re.compile("[" + re.escape("".join(differ)) + f"\\u{_CHECKED:04x}-\\U0010ffff]")
