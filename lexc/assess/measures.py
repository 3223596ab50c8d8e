"""Is a tile set good? Measures of a spec against its language's real words (docs/assess.md).

The words measured come from :mod:`lexc.assess.words`, the tile frequencies from
:mod:`lexc.assess.corpus`, the statistics and the suggested values from :mod:`lexc.assess.stats`;
their names are importable from here too. This module holds the measures themselves.

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
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from lexc.assess.corpus import DEFAULT_CORPUS_TOP, Corpus, Frequencies, corpus_frequencies, lexicon_frequencies
from lexc.assess.stats import MAX_VALUE, shares, spearman, suggest_counts, suggest_values
from lexc.assess.words import (
    DEFAULT_SAMPLE,
    DEFAULT_SOURCE_LIMIT,
    EXAMPLES,
    MAX_TILES,
    SourceLexicon,
    Word,
    Words,
    lexicon_words,
)
from lexc.errors import LexcError, Problem
from lexc.language.normalize import Normaliser
from lexc.language.spec import Spec
from lexc.language.tiles import Reader
from lexc.lexicon.words import Lexicon

__all__ = [
    "BLANK", "DEFAULT_CORPUS_TOP", "DEFAULT_RACKS", "DEFAULT_SAMPLE", "DEFAULT_SOURCE_LIMIT", "EXAMPLES", "MAX_RACKS",
    "MAX_TILES", "MAX_VALUE", "TOP", "Assessment", "Corpus", "Coverage", "Frequencies", "Lost", "MultiLetter",
    "MultiUse", "Playability", "SourceLexicon", "Supply", "SupplyRow", "ValueRow", "Values", "Word", "Words",
    "assess", "corpus_frequencies", "coverage", "lexicon_frequencies", "lexicon_words", "maximal_tilings",
    "multi_letter", "playability", "shares", "short_and_bingo_words", "spearman", "suggest_counts", "suggest_values",
    "supply", "values",
]

#: The blank, in racks and in examples.
BLANK = "?"
#: Default number of racks drawn for the bingo measure.
DEFAULT_RACKS = 1000
#: Most racks the bingo measure draws: a rack costs up to about a millisecond, a million some minutes;
#: past it the share is known to three decimals anyway.
MAX_RACKS = 1_000_000
#: How many of the most over- and under-supplied tiles, and value disagreements, are listed.
TOP = 5


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
