"""What the scoring engine asks of a lexicon, and a small in-memory one.

A *lexicon* answers, for one language, which board spellings are words and which
native words (with their tilings) each stands for. A compiled pack
(:mod:`lexc.lexicon.pack`) is the real thing; :class:`WordList` builds the same answers
in memory from native words, for tests and small custom lists.

>>> from lexc import Catalog
>>> catalog = Catalog.shipped()
>>> es = WordList.from_words(catalog.language("es"), ["churro", "chico"])
>>> "CHURRO" in es, "CURRO" in es
(True, False)
>>> [(s.native, s.value) for s in es.spellings("CHURRO")]
[('CHURRO', 15)]

One board spelling can stand for several native words (Щ is SHCH, and so is Ш+Ч):

>>> ru = WordList.from_words(catalog.language("ru"), ["щи", "шчи"])
>>> [(s.native, "·".join(s.tiling), s.value) for s in ru.spellings("SHCHI")]
[('ЩИ', 'Щ·И', 11), ('ШЧИ', 'Ш·Ч·И', 14)]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from lexc.language.language import Language
    from lexc.language.normalize import Normaliser, Spelling


@runtime_checkable
class Lexicon(Protocol):
    """The lexicon interface shared by packs and in-memory word lists."""

    lang: str

    def __contains__(self, board: object) -> bool:
        """Whether ``board`` (an A–Z board spelling) is a word of the language."""

    def spellings(self, board: str) -> list[Spelling]:
        """Every native word spelled ``board`` on the board, with its tiling; [] if none."""

    def keys(self, prefix: str = "") -> Iterator[str]:
        """Board spellings starting with ``prefix``, in sorted order."""


class WordList:
    """An in-memory :class:`Lexicon` built from native words through the normaliser."""

    def __init__(self, lang: str, by_board: dict[str, list[Spelling]]):
        self.lang = lang
        self._by_board = by_board

    @classmethod
    def from_words(cls, language: Language, words: Iterable[str], norm: Normaliser | None = None) -> WordList:
        """Spell every word of ``words`` (with ``norm``, default the language's); a word the language
        cannot spell raises."""
        lang = language.code
        norm = norm or language.normaliser()
        by_board: dict[str, list[Spelling]] = {}
        for word in words:
            spelling = norm.spell(word)
            entries = by_board.setdefault(spelling.board, [])
            if spelling not in entries:
                entries.append(spelling)
        return cls(lang, by_board)

    def __contains__(self, board: object) -> bool:
        return board in self._by_board

    def __len__(self) -> int:
        return len(self._by_board)

    def spellings(self, board: str) -> list[Spelling]:
        return list(self._by_board.get(board, ()))

    def keys(self, prefix: str = "") -> Iterator[str]:
        return iter(sorted(k for k in self._by_board if k.startswith(prefix)))
