"""The words a robot of a given strength knows, and the chance it finds one on a turn (docs/robot.md).

A level below 5 plays like a person who knows the common words: it sees a word only when
the word is among the ``rank`` most frequent words of its language in wordfreq's list
(spelled on the board as the language spells it), and then only when a seeded draw falls
under the level's *findability*: a person does not see every word they know on every turn.
A language wordfreq does not cover (Afrikaans and Welsh among those lexc ships) has no rank
limit: the robot sees its words by findability alone.

>>> LEVELS[1], LEVELS[5]
(Level(number=1, rank=2000, find=0.5), Level(number=5, rank=None, find=1.0))
>>> found(7, 3, "en", "QI") == found(7, 3, "en", "QI"), 0 <= found(7, 3, "en", "QI") < 1
(True, True)
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from lexc.errors import LexcError

if TYPE_CHECKING:
    from lexc.catalog import Catalog

__all__ = ["LEVELS", "Level", "Vocabulary", "found", "ranks"]


@dataclass(frozen=True, slots=True)
class Level:
    """A strength: the words known (the ``rank`` most frequent; None: every word of the lexicon)
    and the chance ``find`` of seeing a known word on a given turn."""

    number: int
    rank: int | None
    find: float


#: The five strengths. Level 5 plays the best evaluation over every word of the lexicon.
LEVELS = {
    1: Level(1, 2_000, 0.5),
    2: Level(2, 5_000, 0.65),
    3: Level(3, 15_000, 0.8),
    4: Level(4, 40_000, 0.9),
    5: Level(5, None, 1.0),
}


def found(seed: int, turn: int, lang: str, word: str) -> float:
    """A uniform draw in [0, 1) fixed by the robot's seed, the turn, the language and the word
    (a hash, so the same in every process and with any number of workers)."""
    digest = hashlib.blake2b(f"{seed}:{turn}:{lang}:{word}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") / 2**64


@functools.lru_cache(maxsize=64)
def _ranks(catalog: Catalog, lang: str, top: int, board: bool) -> Mapping[str, int] | None:
    from lexc.assess.measures import Corpus

    try:
        corpus = Corpus.from_wordfreq(lang, top)
    except LexcError:
        return None  # wordfreq has no list for the language
    normaliser = catalog.language(lang).normaliser()
    out: dict[str, int] = {}
    for rank, word in enumerate(corpus.weights, 1):
        try:
            spelling = normaliser.spell(word)
        except LexcError:
            continue  # digits, apostrophes, letters the set has no tile for
        key = spelling.board if board else "".join(spelling.tiling)
        out.setdefault(key, rank)
    return out


def ranks(catalog: Catalog, lang: str, top: int, *, board: bool = True) -> Mapping[str, int] | None:
    """The best wordfreq rank of each word among the ``top`` most frequent of ``lang``, keyed by
    board spelling (``board``: Polyglot) or by its native tiles joined (an ordinary game);
    None when wordfreq has no list for the language."""
    return _ranks(catalog, lang, top, board)


@dataclass(frozen=True)
class Vocabulary:
    """What one robot knows: its level, its seed, and per language the ranks of the words it may know."""

    level: Level
    seed: int
    known: Mapping[str, Mapping[str, int] | None]

    @classmethod
    def of(cls, level: Level, seed: int, catalog: Catalog, langs: tuple[str, ...], *, board: bool) -> Vocabulary:
        """The vocabulary of ``level`` over ``langs`` (board spellings in Polyglot, native tiles otherwise)."""
        known = {lang: ranks(catalog, lang, level.rank, board=board) for lang in langs} if level.rank else {}
        return cls(level, seed, known)

    def sees(self, turn: int, lang: str, word: str) -> bool:
        """Whether the robot sees ``word`` (in ``lang``) on ``turn``."""
        if self.level.rank is not None:
            table = self.known.get(lang)
            if table is not None and word not in table:
                return False
        return self.level.find >= 1.0 or found(self.seed, turn, lang, word) < self.level.find
