"""ISO 639 language codes: the codes people type for a language, from pycountry's ISO 639-3 data.

A language has up to four codes: ISO 639-1 (``fr``), 639-2/T and 639-3 (``fra``) and 639-2/B
(``fre``). :func:`iso_language` finds the language any of them names; :func:`nearest_codes`
proposes real codes close to a mistyped one. The data is pycountry's (Debian's iso-codes,
docs/dependencies.md), read the first time a code is looked up.

>>> iso_language("fre")
IsoLanguage(codes=('fr', 'fra', 'fre'), name='French')
>>> iso_language("deu").codes, iso_language("ger").codes, iso_language("rus").codes
(('de', 'deu', 'ger'), ('de', 'deu', 'ger'), ('ru', 'rus'))
>>> iso_language("haw"), iso_language("xq")
(IsoLanguage(codes=('haw',), name='Hawaiian'), None)
>>> nearest_codes("xq")
['sq', 'xh']
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import NamedTuple

__all__ = ["IsoLanguage", "iso_language", "nearest_codes"]


class IsoLanguage(NamedTuple):
    """A language of ISO 639: its codes (the shortest first: 639-1, then 639-2/T = 639-3, then 639-2/B)
    and its English name."""

    codes: tuple[str, ...]
    name: str

    @property
    def code(self) -> str:
        """The code a language is shown by: its ISO 639-1 code when it has one, else its 639-3 code."""
        return self.codes[0]


@cache
def _table() -> dict[str, IsoLanguage]:
    import pycountry

    table: dict[str, IsoLanguage] = {}
    for entry in pycountry.languages:
        codes = tuple(dict.fromkeys(c for c in (getattr(entry, "alpha_2", None), entry.alpha_3,
                                                getattr(entry, "bibliographic", None)) if c))
        language = IsoLanguage(codes, str(entry.name))
        for code in codes:
            table.setdefault(code, language)
    return table


def iso_language(code: str) -> IsoLanguage | None:
    """The ISO 639 language ``code`` names (its first subtag: ``pt-BR`` is Portuguese), or None."""
    primary = code.replace("_", "-").split("-")[0].lower()
    if not primary.isascii() or not primary.isalpha() or len(primary) not in (2, 3):
        return None
    return _table().get(primary)


def nearest_codes(code: str, preferred: Iterable[str] = (), limit: int = 6) -> list[str]:
    """Real codes of the same length one letter away from ``code``: those of ``preferred`` (a
    catalog's languages) first, then the other ISO 639 codes, each group sorted."""
    code = code.lower()
    table = _table()
    others = sorted(c for c in table if len(c) == len(code))
    found = [c for c in dict.fromkeys([*sorted(set(preferred)), *others])
             if len(c) == len(code) and sum(x != y for x, y in zip(c, code, strict=True)) == 1]
    return found[:limit]
