"""Is a tile set good? Measures of a spec against its language's real words (docs/assess.md).

Every measure is a pure function of a :class:`~lexc.language.spec.Spec`, the words of a
:class:`~lexc.lexicon.words.Lexicon` (their native tilings, read with ``keys()`` and
``spellings()``) and, optionally, a :class:`Corpus` of running-text frequencies.
Each returns a small frozen dataclass with ``to_json()``; :func:`assess` runs them
all and :class:`Assessment` says what a designer should look at first.

>>> from lexc import Catalog, WordList
>>> catalog = Catalog.shipped()
>>> words = lexicon_words(WordList.from_words(catalog.language("en"), ["quiz", "zip", "tax", "queen", "exit"]))
>>> cover = coverage(catalog.spec("en"), words)
>>> cover.words, cover.with_counts, cover.with_counts_and_blanks
(5, 5, 5)

Values a Butts-style rule suggests from frequencies: the commonest tile is worth 1 and a
tile *k* times rarer √k, rounded, at most 10:

>>> suggest_values({"E": 0.12, "D": 0.03, "Q": 0.001})
{'E': 1, 'D': 2, 'Q': 10}
"""

from __future__ import annotations

import itertools
import math
import random
import re
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from lexc.errors import LexcError, Problem
from lexc.inputs import read_input
from lexc.language.normalize import Normaliser, Spelling, Unspellable
from lexc.language.spec import Spec
from lexc.language.tiles import Reader
from lexc.lexicon.words import Lexicon, WordList

#: The blank, in racks and in examples.
BLANK = "?"
#: Words longer than this many native tiles cannot be played on a 15×15 board and are not measured.
MAX_TILES = 15
#: Highest value the suggested-values rule gives (the top of the English and most official scales).
MAX_VALUE = 10
#: Default number of lexicon words measured (a seeded sample is drawn from larger lexicons).
DEFAULT_SAMPLE = 200_000
#: Default number of racks drawn for the bingo measure.
DEFAULT_RACKS = 1000
#: Most racks the bingo measure draws: a rack costs up to about a millisecond, a million some minutes;
#: past it the share is known to three decimals anyway.
MAX_RACKS = 1_000_000
#: At most this many source words are spelled when a lexicon is built in memory (a seeded sample beyond).
DEFAULT_SOURCE_LIMIT = 500_000
#: How many of the wordfreq list's most frequent words make the running-text corpus.
DEFAULT_CORPUS_TOP = 50_000
#: How many of the most over- and under-supplied tiles, and value disagreements, are listed.
TOP = 5
#: How many example words are kept per finding.
EXAMPLES = 5


# --------------------------------------------------------------------------- statistics


def _ranks(values: Sequence[float]) -> list[float]:
    """Ranks from 1, ties sharing their average rank.

    >>> _ranks([10, 20, 20, 5])
    [2.0, 3.5, 3.5, 1.0]
    """
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for k in range(start, end + 1):
            ranks[order[k]] = (start + end) / 2 + 1
        start = end + 1
    return ranks


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    """Spearman's rank correlation (Pearson's r of average ranks); None if either side is constant.

    >>> spearman([1, 2, 3, 4], [10, 20, 30, 40]), spearman([1, 2, 3], [3, 2, 1])
    (1.0, -1.0)
    >>> round(spearman([1, 1, 3, 10], [1, 2, 2, 8]), 3)
    0.833
    """
    if len(xs) != len(ys):
        raise ValueError("spearman needs two sequences of the same length")
    rx, ry = _ranks(xs), _ranks(ys)
    n = len(rx)
    if n < 2:
        return None
    mx, my = sum(rx) / n, sum(ry) / n
    sxx = sum((x - mx) ** 2 for x in rx)
    syy = sum((y - my) ** 2 for y in ry)
    if sxx == 0 or syy == 0:
        return None
    return sum((x - mx) * (y - my) for x, y in zip(rx, ry, strict=True)) / math.sqrt(sxx * syy)


def _round(x: float) -> int:
    """Round half up (not to even), so the rule is easy to follow by hand."""
    return math.floor(x + 0.5)


def shares(counts: Mapping[str, float]) -> dict[str, float]:
    """Counts turned into shares of their total, most frequent first (ties by face).

    >>> shares({"A": 1, "B": 3})
    {'B': 0.75, 'A': 0.25}
    """
    total = sum(counts.values())
    if total <= 0:
        return {}
    return {face: n / total for face, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])) if n > 0}


def suggest_values(freqs: Mapping[str, float], faces: Iterable[str] | None = None,
                   top: int = MAX_VALUE) -> dict[str, int]:
    """Butts-style values: ``min(top, round(√(f_max / f)))``; a face never seen gets ``top``.

    ``freqs`` are the tiles' shares of letter occurrences; ``faces`` (default: those of
    ``freqs``) are the tiles to value. See docs/assess.md for why the square root.

    >>> suggest_values({"E": 0.127, "H": 0.061, "K": 0.0077, "Z": 0.0007}, ["E", "H", "K", "Z", "Ñ"])
    {'E': 1, 'H': 1, 'K': 4, 'Z': 10, 'Ñ': 10}
    """
    faces = list(freqs) if faces is None else list(faces)
    seen = [freqs[f] for f in faces if freqs.get(f, 0) > 0]
    if not seen:
        return dict.fromkeys(faces, 1)
    fmax = max(seen)
    return {f: top if freqs.get(f, 0) <= 0 else max(1, min(top, _round(math.sqrt(fmax / freqs[f])))) for f in faces}


def suggest_counts(freqs: Mapping[str, float], letters: int, faces: Iterable[str] | None = None) -> dict[str, int]:
    """Tile counts proportional to frequency, at least one each, summing to ``letters``.

    Largest remainders: every face gets one tile, the rest are shared by ``(letters - n) · f``
    floored, and the tiles still left go to the largest fractional parts (ties by face).

    >>> suggest_counts({"E": 0.5, "T": 0.3, "Q": 0.2}, 10)
    {'E': 5, 'T': 3, 'Q': 2}
    >>> suggest_counts({"E": 0.98, "Q": 0.02}, 5)
    {'E': 4, 'Q': 1}
    """
    faces = list(freqs) if faces is None else list(faces)
    if letters < len(faces):
        raise LexcError(f"{letters} letter tiles cannot give each of {len(faces)} tiles one")
    total = sum(freqs.get(f, 0) for f in faces)
    spare = letters - len(faces)
    exact = {f: spare * (freqs.get(f, 0) / total if total > 0 else 1 / len(faces)) for f in faces}
    counts = {f: 1 + math.floor(exact[f]) for f in faces}
    left = letters - sum(counts.values())
    for f in sorted(faces, key=lambda f: (-(exact[f] - math.floor(exact[f])), f))[:left]:
        counts[f] += 1
    return counts


# --------------------------------------------------------------------------- words


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
        """Spell ``texts`` (native words, pins allowed); keep ``min_length``–``max_length`` board tiles.

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
            if len(spelling.board) > max_length:
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


# --------------------------------------------------------------------------- corpus


def _utf8_text(path: Path, data: bytes) -> str:
    """``data`` decoded as UTF-8 (a UTF-8 BOM dropped); a UTF-16 BOM, a NUL or a bad byte is named with its line.

    >>> _utf8_text(Path("t.txt"), "héllo".encode("latin-1"))
    Traceback (most recent call last):
    ...
    lexc.errors.LexcError: t.txt:1: corpus: byte 0xe9 at byte offset 1 is not valid UTF-8: a corpus is UTF-8 text
    """
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise LexcError(Problem(str(path), 1, "corpus", "the file starts with a UTF-16 byte-order mark: a corpus is "
                                                        "UTF-8 text (convert it)"))
    if b"\0" in data:
        at = data.index(b"\0")
        raise LexcError(Problem(str(path), data.count(b"\n", 0, at) + 1, "corpus",
                                f"NUL byte at byte offset {at}: a binary file, not UTF-8 text"))
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as err:
        raise LexcError(Problem(str(path), data.count(b"\n", 0, err.start) + 1, "corpus",
                                f"byte 0x{data[err.start]:02x} at byte offset {err.start} is not valid UTF-8: a corpus "
                                "is UTF-8 text")) from None


@dataclass(frozen=True)
class Corpus:
    """Running-text frequencies: each word form with its weight (a frequency or a count)."""

    name: str
    weights: Mapping[str, float]

    @classmethod
    def from_wordfreq(cls, lang: str, top: int = DEFAULT_CORPUS_TOP) -> Corpus:
        """The ``top`` most frequent words of wordfreq's 'best' list for ``lang``, with their frequencies.

        A language wordfreq lists under a close code is accepted (Croatian ``hr`` is in
        wordfreq's Serbo-Croatian ``sh``: langcodes distance at most 9); a distant one is not
        (Afrikaans is not Dutch).

        >>> Corpus.from_wordfreq("hr", 3).name
        'wordfreq:sh for hr (top 3 words)'
        """
        import langcodes
        import wordfreq

        available = sorted(wordfreq.available_languages("best"))
        found = lang if lang in available else langcodes.closest_supported_match(lang, available, max_distance=9)
        if found is None:
            raise LexcError(Problem(f"wordfreq:{lang}", None, "corpus", f"wordfreq has no list for {lang!r}"))
        weights = {w: wordfreq.word_frequency(w, found) for w in wordfreq.top_n_list(found, top)}
        name = f"wordfreq:{found}" + (f" for {lang}" if found != lang else "")
        return cls(f"{name} (top {top:,} words)", weights)

    @classmethod
    def from_text(cls, path: Path | str) -> Corpus:
        """Word counts of a UTF-8 text file (words: runs of letters, NFC-normalised)."""
        path = Path(path)
        text = _utf8_text(path, read_input(path, "corpus", key="corpus"))
        counts = Counter(_WORD.findall(unicodedata.normalize("NFC", text)))
        if not counts:
            raise LexcError(Problem(str(path), None, "corpus", "the text has no words"))
        return cls(f"{path.name} ({sum(counts.values()):,} running words)", dict(counts))

    @classmethod
    def open(cls, source: str, lang: str, top: int = DEFAULT_CORPUS_TOP) -> Corpus:
        """``wordfreq``, ``wordfreq:LANG`` or the path of a text file."""
        if source == "wordfreq" or source.startswith("wordfreq:"):
            return cls.from_wordfreq(source.partition(":")[2] or lang, top)
        return cls.from_text(source)


#: A word of running text: letters and combining marks, with apostrophes and the middle dot
#: only between letters ("don't", "col·lecció"; not the quotes around 'word').
_WORD = re.compile(r"[^\W\d_](?:[^\W\d_]|[\u0300-\u036f]|[\u00b7'’](?=[^\W\d_]))*")
_LETTERS = re.compile(r"[^\W\d_]")


@dataclass(frozen=True)
class Frequencies:
    """Tile frequencies: each face's share of the tile occurrences counted."""

    basis: str  # "lexicon" (each word once) or "corpus" (weighted by running-text frequency)
    source: str
    shares: Mapping[str, float]
    measured: float  # words (lexicon) or total weight (corpus) counted
    unspellable: float = 0.0  # corpus weight of words the spec cannot tile

    def to_json(self) -> dict[str, object]:
        return {"basis": self.basis, "source": self.source, "shares": {f: round(s, 6) for f, s in self.shares.items()},
                "measured": self.measured, "unspellable_share": round(self.unspellable_share, 6)}

    @property
    def unspellable_share(self) -> float:
        total = self.measured + self.unspellable
        return self.unspellable / total if total else 0.0


def lexicon_frequencies(words: Words, source: str = "lexicon") -> Frequencies:
    """Tile shares over the lexicon's words, each word counted once (type frequency)."""
    counts: Counter[str] = Counter()
    for word in words.words:
        counts.update(word.faces)
    return Frequencies("lexicon", source, shares(counts), len(words.words))


def corpus_frequencies(spec: Spec, corpus: Corpus, norm: Normaliser | None = None) -> Frequencies:
    """Tile shares over running text: each word's tiles weighted by its frequency.

    Tokens with no letter (numbers) are ignored; words the spec cannot tile (foreign
    letters, apostrophes) are left out and their weight reported as ``unspellable``.
    """
    norm = norm or Normaliser(spec)
    counts: dict[str, float] = defaultdict(float)
    measured = lost = 0.0
    for word, weight in corpus.weights.items():
        if not _LETTERS.search(word):
            continue
        try:
            faces = norm.tiling(word)
        except LexcError:
            lost += weight
            continue
        measured += weight
        for face in faces:
            counts[face] += weight
    return Frequencies("corpus", corpus.name, shares(counts), measured, lost)


# --------------------------------------------------------------------------- coverage


@dataclass(frozen=True, slots=True)
class Lost:
    """Words a tile blocks: the set has none of it, or fewer than a word needs."""

    face: str
    have: int
    words: int  # words lost without blanks
    with_blanks: int  # words still lost when the blanks stand in
    examples: tuple[str, ...]

    def to_json(self) -> dict[str, object]:
        return {"face": self.face, "have": self.have, "words": self.words, "with_blanks": self.with_blanks,
                "examples": list(self.examples)}


@dataclass(frozen=True)
class Coverage:
    """How many words the set can form: at all (faces present), with its counts, with and without blanks."""

    words: int
    blanks: int
    at_all: int
    at_all_with_blanks: int
    with_counts: int
    with_counts_and_blanks: int
    lost: tuple[Lost, ...]  # by blocking tile, most words first
    unspellable: Mapping[str, int] = field(default_factory=dict)  # source words not spelled, by character
    unspellable_examples: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def share(self, n: int) -> float:
        return n / self.words if self.words else 0.0

    def to_json(self) -> dict[str, object]:
        counts = {"at_all": self.at_all, "at_all_with_blanks": self.at_all_with_blanks,
                  "with_counts": self.with_counts, "with_counts_and_blanks": self.with_counts_and_blanks}
        return {"words": self.words, "blanks": self.blanks, **counts,
                "shares": {k: round(self.share(v), 6) for k, v in counts.items()},
                "lost_by_tile": [x.to_json() for x in self.lost],
                "unspellable": dict(self.unspellable),
                "unspellable_examples": {k: list(v) for k, v in self.unspellable_examples.items()}}


def coverage(spec: Spec, words: Words) -> Coverage:
    """Which words the set can form; the words lost, grouped by the tile that blocks them.

    A word *needs* each face as often as its tiling uses it. Its shortfall is the number of
    tiles the set lacks for it (faces absent from the set count in full); the blanks cover
    a shortfall up to their number. Lost words are those with a shortfall, counted under
    every face they lack; examples are the shortest such words.
    """
    have = {t.face: t.count for t in spec.tiles}
    at_all = at_all_blanks = counts_ok = counts_blanks = 0
    lost_words: dict[str, list[Word]] = {}
    still_lost: Counter[str] = Counter()
    for word in words.words:
        need = Counter(word.faces)
        absent = sum(n for f, n in need.items() if f not in have)
        short = {f: n - have.get(f, 0) for f, n in need.items() if n > have.get(f, 0)}
        shortfall = sum(short.values())
        at_all += absent == 0
        at_all_blanks += absent <= spec.blanks
        counts_ok += shortfall == 0
        counts_blanks += shortfall <= spec.blanks
        for face in short:
            lost_words.setdefault(face, []).append(word)
            still_lost[face] += shortfall > spec.blanks
    lost = tuple(sorted(
        (Lost(face, have.get(face, 0), len(ws), still_lost[face],
              _shortest(w.native for w in ws))
         for face, ws in lost_words.items()),
        key=lambda x: (-x.words, x.face)))
    return Coverage(len(words.words), spec.blanks, at_all, at_all_blanks, counts_ok, counts_blanks, lost,
                    dict(words.unspellable), dict(words.unspellable_examples))


def _shortest(natives: Iterable[str]) -> tuple[str, ...]:
    """The shortest distinct words, then alphabetical: examples a reader takes in at a glance.

    >>> _shortest(["CHURRO", "CHE", "CHE", "ACHE", "CHA", "OCHO", "CHICHA"])
    ('CHA', 'CHE', 'ACHE', 'OCHO', 'CHICHA')
    """
    return tuple(sorted(set(natives), key=lambda w: (len(w), w))[:EXAMPLES])


# --------------------------------------------------------------------------- supply


@dataclass(frozen=True, slots=True)
class SupplyRow:
    """One face: its tiles in the set against the count its frequency calls for."""

    face: str
    count: int
    share: float  # of letter occurrences
    expected: float  # share × letter tiles in the set

    @property
    def excess(self) -> float:
        """Tiles over (positive) or under (negative) what the frequency calls for."""
        return self.count - self.expected

    def to_json(self) -> dict[str, object]:
        return {"face": self.face, "count": self.count, "share": round(self.share, 6),
                "expected": round(self.expected, 3), "excess": round(self.excess, 3)}


@dataclass(frozen=True)
class Supply:
    """Tile counts against one frequency basis; the most over- and under-supplied tiles."""

    basis: str
    letters: int  # lettered tiles in the bag (no blanks)
    rows: tuple[SupplyRow, ...]  # in the spec's order, then faces the words use that the set lacks
    spearman: float | None  # counts against frequencies

    @property
    def over(self) -> tuple[SupplyRow, ...]:
        return tuple(sorted((r for r in self.rows if r.excess > 0), key=lambda r: (-r.excess, r.face))[:TOP])

    @property
    def under(self) -> tuple[SupplyRow, ...]:
        return tuple(sorted((r for r in self.rows if r.excess < 0), key=lambda r: (r.excess, r.face))[:TOP])

    def to_json(self) -> dict[str, object]:
        return {"basis": self.basis, "letter_tiles": self.letters,
                "spearman": None if self.spearman is None else round(self.spearman, 4),
                "rows": [r.to_json() for r in self.rows],
                "most_over": [r.face for r in self.over], "most_under": [r.face for r in self.under]}


def _faces(spec: Spec, freqs: Frequencies) -> list[str]:
    known = [t.face for t in spec.tiles]
    return known + sorted(f for f in freqs.shares if f not in spec.by_face)


def supply(spec: Spec, freqs: Frequencies) -> Supply:
    """Each face's count against ``share × letter tiles``; faces used but absent from the set have count 0."""
    letters = sum(t.count for t in spec.tiles)
    rows = tuple(SupplyRow(f, spec.by_face[f].count if f in spec.by_face else 0, freqs.shares.get(f, 0.0),
                           freqs.shares.get(f, 0.0) * letters) for f in _faces(spec, freqs))
    rho = spearman([r.count for r in rows], [r.share for r in rows])
    return Supply(freqs.basis, letters, rows, rho)


# --------------------------------------------------------------------------- values


@dataclass(frozen=True, slots=True)
class ValueRow:
    face: str
    points: int
    suggested: int
    share: float

    @property
    def difference(self) -> int:
        return self.points - self.suggested

    def to_json(self) -> dict[str, object]:
        return {"face": self.face, "points": self.points, "suggested": self.suggested,
                "difference": self.difference, "share": round(self.share, 6)}


@dataclass(frozen=True)
class Values:
    """The spec's values beside those the √-rule suggests from one frequency basis."""

    basis: str
    official: bool
    rows: tuple[ValueRow, ...]
    spearman: float | None  # agreement of the spec's values with the suggested ones
    mean_abs_difference: float

    @property
    def disagreements(self) -> tuple[ValueRow, ...]:
        """The largest disagreements (at least one point), largest first."""
        rows = [r for r in self.rows if r.difference != 0]
        return tuple(sorted(rows, key=lambda r: (-abs(r.difference), r.face))[:TOP])

    def to_json(self) -> dict[str, object]:
        return {"basis": self.basis, "official": self.official,
                "spearman": None if self.spearman is None else round(self.spearman, 4),
                "mean_abs_difference": round(self.mean_abs_difference, 3),
                "rows": [r.to_json() for r in self.rows],
                "largest_disagreements": [r.to_json() for r in self.disagreements]}


def values(spec: Spec, freqs: Frequencies) -> Values:
    """Compare the spec's points with :func:`suggest_values` on the spec's tiles."""
    faces = [t.face for t in spec.tiles]
    suggested = suggest_values(freqs.shares, faces)
    rows = tuple(ValueRow(f, spec.points(f), suggested[f], freqs.shares.get(f, 0.0)) for f in faces)
    rho = spearman([r.points for r in rows], [r.suggested for r in rows])
    mad = sum(abs(r.difference) for r in rows) / len(rows) if rows else 0.0
    return Values(freqs.basis, spec.official, rows, rho, mad)


# --------------------------------------------------------------------------- playability


@dataclass(frozen=True)
class Playability:
    """Short words per tile, and how often racks drawn from the bag hold a bingo."""

    two: int  # words of two native tiles
    three: int
    two_by_face: Mapping[str, int]
    three_by_face: Mapping[str, int]
    no_two: tuple[str, ...]  # tiles of the set in no two-tile word
    no_three: tuple[str, ...]
    racks: int
    seed: int
    rack_size: int
    sevens: int  # words of 7 native tiles
    eights: int
    bingo7: int  # racks forming a 7-tile word
    bingo8: int  # racks forming an 8-tile word through one tile on the board
    examples: tuple[tuple[str, str], ...]  # (rack, word)

    def to_json(self) -> dict[str, object]:
        return {"two_tile_words": self.two, "three_tile_words": self.three,
                "two_by_tile": dict(self.two_by_face), "three_by_tile": dict(self.three_by_face),
                "tiles_without_two_tile_word": list(self.no_two),
                "tiles_without_three_tile_word": list(self.no_three),
                "racks": self.racks, "seed": self.seed, "rack_size": self.rack_size,
                "seven_tile_words": self.sevens, "eight_tile_words": self.eights,
                "racks_with_7_bingo": self.bingo7, "racks_with_8_bingo": self.bingo8,
                "share_with_7_bingo": round(self.bingo7 / self.racks, 4) if self.racks else None,
                "share_with_8_bingo": round(self.bingo8 / self.racks, 4) if self.racks else None,
                "examples": [{"rack": r, "word": w} for r, w in self.examples]}


def short_and_bingo_words(lexicon: Lexicon, words: Words) -> Iterator[Word]:
    """The words of 2, 3, 7 and 8 native tiles: from ``words`` if complete, else from every key that may hold one."""
    if words.complete:
        yield from (w for w in words.words if len(w.faces) in (2, 3, 7, 8))
        return
    widest = max((w.widest for w in words.words), default=1)
    for key in lexicon.keys():  # noqa: SIM118 (a Lexicon is not iterable by protocol)
        if len(key) <= 3 * widest or 7 <= len(key) <= 8 * widest:
            for spelling in lexicon.spellings(key):
                if len(spelling.tiles) in (2, 3, 7, 8):
                    yield Word.of(spelling)


def _alphagram(faces: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(faces))


def playability(spec: Spec, candidates: Iterable[Word], racks: int = DEFAULT_RACKS, seed: int = 0,
                rack_size: int = 7) -> Playability:
    """Two- and three-tile words per tile; the share of ``racks`` random racks holding a bingo.

    Racks of ``rack_size`` tiles are drawn from the full bag (blanks included) with
    ``random.Random(seed)``. A rack has a 7-tile bingo when some word of ``rack_size``
    tiles is an anagram of it, and an 8-tile bingo when some word of ``rack_size + 1``
    tiles is an anagram of it plus one more tile (one already on the board). A blank
    stands for any tile the lexicon uses. Lookups go through alphagram indexes.

    >>> playability(catalog.spec("en"), [], racks=10**12)
    Traceback (most recent call last):
    ...
    lexc.errors.LexcError: <input>: racks: 1,000,000,000,000 racks: at most 1,000,000 are drawn
    """
    if not 0 <= racks <= MAX_RACKS:
        raise LexcError(Problem(None, None, "racks", f"{racks:,} racks: at most {MAX_RACKS:,} are drawn"))
    two: Counter[str] = Counter()
    three: Counter[str] = Counter()
    n2 = n3 = 0
    sevens: dict[tuple[str, ...], str] = {}
    eights_minus_one: dict[tuple[str, ...], str] = {}
    alphabet: set[str] = {t.face for t in spec.tiles}
    n7 = n8 = 0
    for word in candidates:
        n = len(word.faces)
        alphabet.update(word.faces)
        if n == 2:
            n2 += 1
            two.update(set(word.faces))
        elif n == 3:
            n3 += 1
            three.update(set(word.faces))
        elif n == rack_size:
            n7 += 1
            sevens.setdefault(_alphagram(word.faces), word.native)
        elif n == rack_size + 1:
            n8 += 1
            gram = _alphagram(word.faces)
            for i in range(len(gram)):
                if i and gram[i] == gram[i - 1]:
                    continue
                eights_minus_one.setdefault(gram[:i] + gram[i + 1:], word.native)
    faces = [t.face for t in spec.tiles]
    bag = [t.face for t in spec.tiles for _ in range(t.count)] + [BLANK] * spec.blanks
    rng = random.Random(seed)
    letters = sorted(alphabet)
    b7 = b8 = 0
    examples: list[tuple[str, str]] = []
    for _ in range(racks if len(bag) >= rack_size else 0):
        rack = rng.sample(bag, rack_size)
        hit7 = _lookup(rack, sevens, letters)
        hit8 = _lookup(rack, eights_minus_one, letters)
        b7 += hit7 is not None
        b8 += hit8 is not None
        if hit7 is not None and len(examples) < EXAMPLES:
            examples.append((" ".join(sorted(rack)), hit7))
    return Playability(n2, n3, {f: two[f] for f in faces}, {f: three[f] for f in faces},
                       tuple(f for f in faces if not two[f]), tuple(f for f in faces if not three[f]),
                       racks if len(bag) >= rack_size else 0, seed, rack_size, n7, n8, b7, b8, tuple(examples))


def _lookup(rack: list[str], index: Mapping[tuple[str, ...], str], letters: list[str]) -> str | None:
    fixed = [f for f in rack if f != BLANK]
    blanks = len(rack) - len(fixed)
    if not blanks:
        return index.get(_alphagram(fixed))
    if math.comb(len(letters) + blanks - 1, blanks) > len(index):  # many blanks: fewer words to try than letters
        need = Counter(fixed)
        return next((word for gram, word in index.items() if not need - Counter(gram)), None)
    for chosen in itertools.combinations_with_replacement(letters, blanks):
        found = index.get(_alphagram(fixed + list(chosen)))
        if found is not None:
            return found
    return None


# --------------------------------------------------------------------------- multi-letter tiles


@dataclass(frozen=True, slots=True)
class MultiUse:
    face: str
    uses: int  # occurrences in the words' tilings
    words: int  # words whose tiling uses it
    examples: tuple[str, ...]

    def to_json(self) -> dict[str, object]:
        return {"face": self.face, "uses": self.uses, "words": self.words, "examples": list(self.examples)}


@dataclass(frozen=True)
class MultiLetter:
    """How often each multi-letter tile is used, and the words with more than one maximal tiling."""

    tiles: tuple[MultiUse, ...]
    words: int
    ambiguous: int
    examples: tuple[tuple[str, tuple[str, ...]], ...]  # (native word, its maximal tilings joined by '·')

    def to_json(self) -> dict[str, object]:
        return {"tiles": [t.to_json() for t in self.tiles], "words": self.words, "ambiguous": self.ambiguous,
                "ambiguous_examples": [{"word": w, "tilings": list(t)} for w, t in self.examples]}


def maximal_tilings(letters: str, faces: Iterable[str] | Reader) -> list[tuple[str, ...]]:
    """Every tiling of ``letters`` in which no run of two or more neighbouring tiles spells a face, sorted.

    Spanish CH·U·RR·O is the only one (C·H·U·R·R·O can merge); Hungarian SZS has two
    (:meth:`lexc.language.tiles.Reader.tilings`):

    >>> maximal_tilings("CHURRO", ["C", "H", "U", "R", "O", "CH", "RR"])
    [('CH', 'U', 'RR', 'O')]
    >>> maximal_tilings("ASZSA", ["A", "S", "Z", "SZ", "ZS"])
    [('A', 'S', 'ZS', 'A'), ('A', 'SZ', 'S', 'A')]
    """
    reader = faces if isinstance(faces, Reader) else Reader(faces)
    return sorted(reader.tilings(letters, maximal=True, limit=None))


def multi_letter(spec: Spec, words: Words) -> MultiLetter:
    """Usage of each multi-letter tile; words whose letters have several maximal tilings (docs/assess.md)."""
    multi = spec.multi_letter_faces
    uses: Counter[str] = Counter()
    using: dict[str, list[str]] = {f: [] for f in multi}
    ambiguous = 0
    examples: list[tuple[str, tuple[str, ...]]] = []
    faces = Reader(t.face for t in spec.tiles)
    for word in words.words:
        counted = Counter(f for f in word.faces if f in using)
        uses.update(counted)
        for face in counted:
            using[face].append(word.native)
        letters = "".join(word.faces)
        if multi and any(m in letters for m in multi):
            tilings = maximal_tilings(letters, faces)
            if len(tilings) > 1:
                ambiguous += 1
                if len(examples) < EXAMPLES:
                    examples.append((word.native, tuple("·".join(t) for t in tilings)))
    tiles = tuple(MultiUse(f, uses[f], len(using[f]), _shortest(using[f]))
                  for f in multi)
    return MultiLetter(tiles, len(words.words), ambiguous, tuple(examples))


# --------------------------------------------------------------------------- everything


@dataclass(frozen=True)
class Assessment:
    """Every measure of one spec against one lexicon (and corpus)."""

    spec: Spec
    lexicon: str
    words: Words
    coverage: Coverage
    frequencies: tuple[Frequencies, ...]
    supply: tuple[Supply, ...]
    values: tuple[Values, ...]
    playability: Playability
    multi_letter: MultiLetter

    def findings(self) -> list[str]:
        """What a designer should read first, one sentence each."""
        return _findings(self)

    def to_json(self) -> dict[str, object]:
        spec = self.spec
        return {
            "language": spec.code, "name": spec.name,
            "spec": {"path": str(spec.path) if spec.path else None, "sha256": spec.sha256,
                     "official": spec.official, "tiles": [t.to_json() for t in spec.tiles],
                     "blanks": spec.blanks, "total_tiles": spec.total_tiles},
            "lexicon": self.lexicon, "measured": self.words.to_json(),
            "findings": self.findings(),
            "coverage": self.coverage.to_json(),
            "frequencies": [f.to_json() for f in self.frequencies],
            "supply": [s.to_json() for s in self.supply],
            "values": [v.to_json() for v in self.values],
            "playability": self.playability.to_json(),
            "multi_letter": self.multi_letter.to_json(),
        }


def assess(spec: Spec, lexicon: Lexicon, corpus: Corpus | None = None, *, sample: int | None = DEFAULT_SAMPLE,
           racks: int = DEFAULT_RACKS, seed: int = 0, lexicon_name: str | None = None,
           norm: Normaliser | None = None) -> Assessment:
    """Run every measure of ``spec`` against ``lexicon`` (and ``corpus``, when given)."""
    words = lexicon_words(lexicon, sample, seed)
    if not words.words:
        raise LexcError(f"the {spec.name} lexicon has no words to measure")
    freqs = [lexicon_frequencies(words, lexicon_name or "lexicon")]
    if corpus is not None:
        freqs.append(corpus_frequencies(spec, corpus, norm))
    return Assessment(
        spec=spec,
        lexicon=lexicon_name or type(lexicon).__name__,
        words=words,
        coverage=coverage(spec, words),
        frequencies=tuple(freqs),
        supply=tuple(supply(spec, f) for f in freqs),
        values=tuple(values(spec, f) for f in freqs),
        playability=playability(spec, short_and_bingo_words(lexicon, words), racks, seed),
        multi_letter=multi_letter(spec, words),
    )


def _tiles(n: int) -> str:
    return f"{n} tile" if n == 1 else f"{n} tiles"


def _pct(n: int, total: int) -> str:
    return f"{100 * n / total:.1f}%" if total else "n/a"


def _findings(a: Assessment) -> list[str]:
    out: list[str] = []
    c, w = a.coverage, a.words
    measured = f"{c.words:,} words" + (f" (a sample of {w.sampled:,} of {w.keys:,} board spellings, seed {w.seed})"
                                       if w.sampled else "")
    if w.source_sample:
        out.append(f"The lexicon is a seeded sample (seed {w.seed}) of {w.source_sample:,} of the source's "
                   f"{w.source_words:,} words (every word of up to three tiles kept): the other word counts "
                   "below, bingos above all, are for the sample only.")
    out.append(f"Coverage of {measured}: {_pct(c.with_counts, c.words)} formable with the set's counts, "
               f"{_pct(c.with_counts_and_blanks, c.words)} with {c.blanks} blanks; "
               f"{_pct(c.at_all, c.words)} use only tiles the set has.")
    if c.lost:
        top = ", ".join(f"{x.face} ({x.words:,}, set has {x.have})" for x in c.lost[:TOP])
        out.append(f"Words lost without blanks, by blocking tile: {top}.")
    if c.unspellable:
        missing = ", ".join(f"{ch} ({n:,})" for ch, n in Counter(c.unspellable).most_common(TOP))
        out.append(f"Source words the set cannot spell at all, by character: {missing}.")
    for f in a.frequencies:
        rare = sorted((t.face for t in a.spec.tiles), key=lambda face: (f.shares.get(face, 0.0), face))[:4]
        dear = sorted(a.spec.tiles, key=lambda t: (-t.points, t.face))[:4]
        out.append(f"Least frequent tiles ({f.basis}): "
                   + ", ".join(f"{face} {100 * f.shares.get(face, 0.0):.2f}%" for face in rare)
                   + "; most valuable in the set: " + ", ".join(f"{t.face} {t.points}" for t in dear) + ".")
    for s in a.supply:
        if s.under:
            out.append(f"Most under-supplied by {s.basis} frequency: "
                       + ", ".join(f"{r.face} ({_tiles(r.count)}, frequency calls for {r.expected:.1f})"
                                   for r in s.under[:3]) + ".")
        if s.over:
            out.append(f"Most over-supplied by {s.basis} frequency: "
                       + ", ".join(f"{r.face} ({_tiles(r.count)}, frequency calls for {r.expected:.1f})"
                                   for r in s.over[:3]) + ".")
    for v in a.values:
        rho = "undefined" if v.spearman is None else f"{v.spearman:.2f}"
        dis = ", ".join(f"{r.face} {r.points} vs {r.suggested}" for r in v.disagreements[:3])
        out.append(f"Values against those suggested by {v.basis} frequency: Spearman {rho}"
                   + (f"; largest disagreements (set vs suggested): {dis}." if dis else "."))
    p = a.playability
    out.append(f"{p.two:,} two-tile and {p.three:,} three-tile words; tiles in no two-tile word: "
               f"{', '.join(p.no_two) or 'none'}.")
    if p.racks:
        out.append(f"Of {p.racks:,} racks drawn from the bag (seed {p.seed}), {_pct(p.bingo7, p.racks)} hold a "
                   f"7-tile bingo and {_pct(p.bingo8, p.racks)} an 8-tile bingo through one board tile.")
    m = a.multi_letter
    if m.tiles:
        out.append("Multi-letter tiles: " + ", ".join(f"{t.face} in {t.words:,} words" for t in m.tiles)
                   + f"; {m.ambiguous:,} words have more than one maximal tiling.")
    return out
