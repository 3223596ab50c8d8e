"""Tile frequencies: over a lexicon's words (each once) or over running text, a :class:`Corpus`
read from wordfreq or a UTF-8 file (docs/assess.md).

>>> from lexc import Catalog
>>> spec = Catalog.shipped().spec("es")
>>> frequencies = corpus_frequencies(spec, Corpus("two words", {"churro": 3.0, "año": 1.0}))
>>> frequencies.shares["CH"], round(frequencies.shares["Ñ"], 4)  # CHURRO's 4 tiles 3 times, AÑO's 3 once: 15
(0.2, 0.0667)
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from lexc.assess.stats import shares
from lexc.assess.words import Words
from lexc.errors import LexcError, Problem
from lexc.inputs import read_input
from lexc.language.normalize import Normaliser
from lexc.language.spec import Spec

__all__ = ["DEFAULT_CORPUS_TOP", "Corpus", "Frequencies", "corpus_frequencies", "lexicon_frequencies"]

#: How many of the wordfreq list's most frequent words make the running-text corpus.
DEFAULT_CORPUS_TOP = 50_000


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
