"""``LANG=NAME`` choices: the one reader of a language's scheme, edition or lexicon as chosen.

A table chooses, per language, a scheme (``he=he-full``), an edition (``is=original``) or a
named lexicon (``en=csw24``): on the command line (``--scheme he=he-full``, one option each) and
in a game record's notes (``#note scheme: he=he-full, ru=ru-yo``, several to a line). Both are
read here.

>>> lang_names(["he=he-full", " ru = ru-yo "], "he=he-full")
{'he': 'he-full', 'ru': 'ru-yo'}
>>> lang_names("he=he-full, ru=ru-yo", "he=he-full")
{'he': 'he-full', 'ru': 'ru-yo'}
>>> lang_names("is", "is=original", file="g.gcg", line=3, key="#note edition")
Traceback (most recent call last):
...
lexc.errors.LexcError: g.gcg:3: #note edition: 'is': write LANG=NAME, e.g. is=original
>>> lang_names("en=csw24 nonsense", "en=csw24", strict=False)
{'en': 'csw24'}
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from lexc.errors import LexcError, Problem

__all__ = ["lang_names", "parse_editions", "parse_lexicons", "parse_schemes"]


def lang_names(items: str | Iterable[str] | None, example: str, *, file: str | None = None,
               line: int | None = None, key: str | None = None, error: type[LexcError] = LexcError,
               strict: bool = True) -> dict[str, str]:
    """``LANG=NAME`` items as a mapping of language code to name, in order, the last of a code winning.

    ``items`` is a list of options, or one text (a note) of items separated by commas or spaces.
    An item without ``=``, a code or a name is an ``error`` naming ``file``, ``line`` and ``key``
    and showing ``example``; with ``strict`` off it is left out.
    """
    found: dict[str, str] = {}
    for item in (items.replace(",", " ").split() if isinstance(items, str) else items or ()):
        code, sep, name = item.partition("=")
        code, name = code.strip(), name.strip()
        if not sep or not code or not name:
            if not strict:
                continue
            raise error(Problem(file, line, key, f"{item!r}: write LANG=NAME, e.g. {example}"))
        found[code] = name
    return found


def parse_schemes(schemes: Sequence[str] | None) -> dict[str, str]:
    """``--scheme LANG=NAME`` options as a mapping; a clear error for one without ``=``.

    >>> parse_schemes(["he=he-full", "ru=ru-yo"])
    {'he': 'he-full', 'ru': 'ru-yo'}
    """
    return lang_names(schemes, "he=he-full", key="scheme")


def parse_editions(editions: Sequence[str] | None) -> dict[str, str]:
    """``--edition LANG=NAME`` options as a mapping; a clear error for one without ``=``.

    >>> parse_editions(["is=original"])
    {'is': 'original'}
    >>> parse_editions(["original"])
    Traceback (most recent call last):
    ...
    lexc.errors.LexcError: <input>: edition: 'original': write LANG=NAME, e.g. is=original
    """
    return lang_names(editions, "is=original", key="edition")


def parse_lexicons(lexicons: Sequence[str] | None) -> dict[str, str]:
    """``LANG=NAME`` lexicon choices as a mapping.

    >>> parse_lexicons(["en=csw24"])
    {'en': 'csw24'}
    """
    return lang_names(lexicons, "en=csw24", key="lexicon")
