"""The words a tile set is measured on: a lexicon's native words with their tilings, or words
spelled from a source with a (possibly draft) spec (docs/assess.md).

>>> from lexc import Catalog, WordList
>>> catalog = Catalog.shipped()
>>> words = lexicon_words(WordList.from_words(catalog.language("es"), ["churro", "ñandú"]))
>>> [(w.native, w.board, w.faces) for w in words.words]
[('CHURRO', 'CHURRO', ('CH', 'U', 'RR', 'O')), ('ÑANDÚ', 'NANDU', ('Ñ', 'A', 'N', 'D', 'U'))]
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from lexc.errors import LexcError
from lexc.language.normalize import Normaliser, Spelling, Unspellable
from lexc.language.spec import Spec
from lexc.lexicon.words import Lexicon, WordList

__all__ = ["DEFAULT_SAMPLE", "DEFAULT_SOURCE_LIMIT", "EXAMPLES", "MAX_TILES", "SourceLexicon", "Word", "Words",
           "lexicon_words"]

#: Words longer than this many native tiles cannot be played on a 15×15 board and are not measured.
MAX_TILES = 15
#: Default number of lexicon words measured (a seeded sample is drawn from larger lexicons).
DEFAULT_SAMPLE = 200_000
#: At most this many source words are spelled when a lexicon is built in memory (a seeded sample beyond).
DEFAULT_SOURCE_LIMIT = 500_000
#: How many example words are kept per finding.
EXAMPLES = 5


@dataclass(frozen=True, slots=True)
class Word:
    """One native word of the lexicon: its board spelling and the faces of its tiling."""

    native: str
    board: str
    faces: tuple[str, ...]
    widest: int = 1  # most board tiles any one of its native tiles takes

    @classmethod
    def of(cls, spelling: Spelling) -> Word:
        faces = tuple(t.face for t in spelling.tiles)
        return cls(spelling.native, spelling.board, faces, max((len(t.board) for t in spelling.tiles), default=1))


@dataclass(frozen=True)
class Words:
    """The words measured: every native word of a lexicon, or a seeded sample of its board spellings."""

    words: tuple[Word, ...]
    keys: int  # board spellings in the lexicon
    sampled: int | None = None  # board spellings sampled, when the lexicon was larger than the sample
    seed: int = 0
    unspellable: Mapping[str, int] = field(default_factory=dict)  # source words the spec cannot spell, by char
    unspellable_examples: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    source_words: int | None = None  # lexicon spelled from a source: source words read
    source_sample: int | None = None  # ... of which a seeded sample of this many was spelled

    @property
    def complete(self) -> bool:
        return self.sampled is None

    def to_json(self) -> dict[str, object]:
        return {"words": len(self.words), "board_spellings": self.keys, "sampled": self.sampled, "seed": self.seed,
                "source_words": self.source_words, "source_sample": self.source_sample}


def lexicon_words(lexicon: Lexicon, sample: int | None = DEFAULT_SAMPLE, seed: int = 0) -> Words:
    """The native words of ``lexicon`` (tilings from ``spellings()``), sampled if it has more than ``sample`` keys.

    A sample is ``sample`` board spellings drawn with ``random.Random(seed)``, in key order.
    """
    keys = list(lexicon.keys())
    chosen: Sequence[str] = keys
    sampled = None
    if sample is not None and len(keys) > sample:
        picks = sorted(random.Random(seed).sample(range(len(keys)), sample))
        chosen, sampled = [keys[i] for i in picks], sample
    words = tuple(Word.of(s) for key in chosen for s in lexicon.spellings(key) if len(s.tiles) <= MAX_TILES)
    extra: dict[str, object] = {}
    for name in ("unspellable", "unspellable_examples", "source_words", "source_sample"):
        if hasattr(lexicon, name):
            extra[name] = getattr(lexicon, name)
    return Words(words, len(keys), sampled, seed, **extra)  # type: ignore[arg-type]


class SourceLexicon(WordList):
    """A :class:`WordList` spelled from source words with a (possibly draft) spec.

    Words the spec cannot spell are not raised but counted by the character that stops
    them (``unspellable``), which is what coverage "with the set at all" reports.

    >>> lex = SourceLexicon.build(catalog.spec("es"), ["kiwi", "ñandú", "wáter", "x"])
    >>> len(lex), dict(lex.unspellable), lex.too_short
    (1, {'K': 1, 'W': 1}, 1)
    """

    unspellable: Counter[str]
    unspellable_examples: dict[str, tuple[str, ...]]
    too_short: int
    too_long: int
    source_words: int  # source words read
    source_sample: int | None  # source words spelled, when a seeded sample was drawn from more

    @classmethod
    def build(cls, spec: Spec, texts: Iterable[str], norm: Normaliser | None = None,
              min_length: int = 2, max_length: int = MAX_TILES, limit: int | None = None,
              seed: int = 0) -> SourceLexicon:
        """Spell ``texts`` (native words, pins allowed); keep words of at least ``min_length`` board tiles that
        fit a board of ``max_length``: that many board tiles, or that many of their own tiles.

        With ``limit``, at most that many source words are spelled: a uniform sample drawn
        with ``random.Random(seed)`` (reservoir sampling) when the source has more, plus
        every word of at most three tiles, so that the two- and three-tile words stay whole.
        """
        norm = norm or Normaliser(spec)
        few: list[str] = []
        if limit is not None:
            texts = _set_aside_short(texts, spec, norm, few)
        read, chosen = _reservoir(texts, limit, seed)
        read += len(few)
        chosen += few
        by_board: dict[str, list[Spelling]] = {}
        missing: Counter[str] = Counter()
        examples: dict[str, list[str]] = {}
        short = long = 0
        for text in chosen:
            try:
                spelling = norm.spell(text)
            except Unspellable as err:
                char = err.char or "?"
                missing[char] += 1
                kept = examples.setdefault(char, [])
                if len(kept) < EXAMPLES:
                    kept.append(err.word)
                continue
            if len(spelling.board) < min_length:
                short += 1
                continue
            if len(spelling.board) > max_length and len(spelling.tiles) > max_length:  # fits no board, as compiled
                long += 1
                continue
            entries = by_board.setdefault(spelling.board, [])
            if spelling not in entries:
                entries.append(spelling)
        lexicon = cls(spec.code, by_board)
        lexicon.unspellable = missing
        lexicon.unspellable_examples = {c: tuple(e) for c, e in examples.items()}
        lexicon.too_short, lexicon.too_long = short, long
        lexicon.source_words = read
        lexicon.source_sample = len(chosen) if read > len(chosen) else None
        return lexicon


def _set_aside_short(texts: Iterable[str], spec: Spec, norm: Normaliser, short: list[str]) -> Iterator[str]:
    """Yield ``texts``, except words of at most three native tiles, which go to ``short``."""
    widest = max((len(t.face) for t in spec.tiles), default=1)
    for text in texts:
        n = len(text.replace("|", ""))
        if n <= 3 or (n <= 3 * widest and _tile_count(norm, text, n) <= 3):
            short.append(text)
        else:
            yield text


def _tile_count(norm: Normaliser, text: str, default: int) -> int:
    try:
        return len(norm.tiling(text))
    except LexcError:
        return default


def _reservoir(items: Iterable[str], limit: int | None, seed: int) -> tuple[int, list[str]]:
    """How many ``items`` there were, and all of them or a uniform sample of ``limit`` (Algorithm R).

    >>> _reservoir(["a", "b", "c"], None, 0), _reservoir(iter("abcdefgh"), 3, 0)[0]
    ((3, ['a', 'b', 'c']), 8)
    """
    if limit is None:
        kept = list(items)
        return len(kept), kept
    rng = random.Random(seed)
    sample: list[str] = []
    count = 0
    for count, item in enumerate(items, start=1):
        if len(sample) < limit:
            sample.append(item)
        else:
            j = rng.randrange(count)
            if j < limit:
                sample[j] = item
    return count, sample
