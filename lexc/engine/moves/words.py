"""How the words a search finds are valued: per language, a board spelling's native tilings.

The move finder scores by the one scorer, :func:`lexc.engine.scoring.units_value`: a word's
native tiles, each ``(points, board tiles)``, under the letter premiums of the tiles placed
this turn and blanks. :func:`units_function` gives a language's tilings of a board spelling as
:func:`~lexc.engine.scoring.score_play` reads them (the pack's native spellings, else the
normaliser's, else the board tiles); :func:`best_subtotal` keeps the best. :func:`letter_bound`
gives what each board letter can add at most, for the best-first search's bounds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from lexc.engine.ruleset import Ruleset
from lexc.engine.scoring import Unit, units_value
from lexc.errors import LexcError
from lexc.lexicon.walk import BOARD_LETTERS, Walk, letters_on_paths

if TYPE_CHECKING:
    from lexc.language.language import Language

__all__ = ["LetterBound", "Lexicon", "Units", "below_of", "best_subtotal", "letter_bound", "twice_below_of",
           "units_function"]

#: A native tiling for scoring: (points, number of board tiles) per native tile.
Units = tuple[Unit, ...]


class LetterBound(NamedTuple):
    """What each board letter (A–Z) adds at most to a word's value in a language: ``base`` without a letter
    premium, ``most`` the points a letter premium multiplies (a word's value is at most the sum over its
    letters of ``base`` plus ``most × (premium - 1)``)."""

    base: tuple[int, ...]
    most: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Lexicon:
    """One language's walk and how its words score (Polyglot: per board spelling)."""

    lang: str
    walk: Walk
    units: Callable[[str], list[Units]]
    #: At least what each board letter of a word adds to its value in this language, without and under a
    #: letter premium; None when words score on the board set's own values, letter by letter (exact).
    #: :func:`letter_bound`.
    letter_bound: LetterBound | None = None


#: Each walk's letters on paths below each node, once and twice (:func:`~lexc.lexicon.walk.letters_on_paths`),
#: made on first use (the walk kept with them).
_BELOW: dict[int, tuple[Walk, list[int], list[int]]] = {}


def _below(walk: Walk) -> tuple[Walk, list[int], list[int]]:
    known = _BELOW.get(id(walk))
    if known is None or known[0] is not walk:
        if len(_BELOW) > 64:
            _BELOW.clear()
        below, twice = letters_on_paths(walk)
        known = _BELOW[id(walk)] = (walk, below, twice)
    return known


def below_of(walk: Walk) -> list[int]:
    """The letters on some path below each node of ``walk`` (:func:`~lexc.lexicon.walk.letters_on_paths`), made
    once per walk and process."""
    return _below(walk)[1]


def twice_below_of(walk: Walk) -> list[int]:
    """The letters twice on one path below each node of ``walk`` (:func:`~lexc.lexicon.walk.letters_on_paths`),
    made once per walk and process."""
    return _below(walk)[2]


#: Words whose tilings a finder keeps per language (then it starts afresh).
_CACHE_LIMIT = 200_000


def units_function(ruleset: Ruleset, language: Language, lexicon: Any) -> Callable[[str], list[Units]]:
    """How a board spelling valid in ``lang`` is tiled for scoring, as :func:`score_play` does.

    The board's own language, and a language without official values, score each board tile
    with the board set's values; another language scores every native spelling the lexicon
    gives (the best wins), else the normaliser's tiling.
    """
    board_points = ruleset.spec.values
    lang, spec = language.code, language.spec
    cache: dict[str, list[Units]] = {}

    def on_board(word: str) -> list[Units]:
        units = cache.get(word)
        if units is None:
            if len(cache) > _CACHE_LIMIT:
                cache.clear()
            units = cache[word] = [tuple((board_points.get(c, 0), 1) for c in word)]
        return units

    if ruleset.polyglot is None or lang == ruleset.tiles or not spec.official:
        return on_board

    records = getattr(lexicon, "records", None)  # a pack's tilings, without building Spelling objects
    points = getattr(lexicon, "points", None)

    def native(word: str) -> list[Units]:
        units = cache.get(word)
        if units is None and records is not None and points is not None:
            found = []
            for _native, tiling in records(word):
                at, tiles = 0, []
                for face, width in tiling:
                    tiles.append((points(face, word[at:at + width]), width))
                    at += width
                found.append(tuple(tiles))
            if found:
                if len(cache) > _CACHE_LIMIT:
                    cache.clear()
                cache[word] = units = found
        if units is None:
            spellings = lexicon.spellings(word) if lexicon is not None else []
            if not spellings:
                try:
                    spellings = [language.normaliser().spell(word)]
                except LexcError:
                    spellings = []
            units = [tuple((t.points, len(t.board)) for t in s.tiles) for s in spellings if s.board == word]
            units = units or on_board(word)
            cache[word] = units
        return units

    return native


def letter_bound(ruleset: Ruleset, language: Language, lexicon: Any) -> LetterBound | None:
    """What each board letter (A–Z) adds at most to a word's value in ``language`` (None: the board set's
    own values, letter by letter, as :func:`units_function` scores such a language).

    A native tile scores its points once, times the highest letter premium among its board letters (0
    written with none): ``points + points × (premium - 1)``. The first part is at most the sum of its
    letters' ``base``, each at least the points of every tile written with it over the fewest letters
    that tile is written with (Russian Щ, 10, is SHCH: S, H, C carry 3); the second at most ``most ×
    (premium - 1)`` of the letter on the premium, ``most`` at least those points (10). Both are at least
    the board value (a word without a tiling scores on it). A tile is written with every output of its
    scheme rules, or its spelling without a scheme; when that cannot be told (sequences, variants, a
    tile without points of its own) every letter gets the same, safe, bound.

    >>> ru = letter_bound(catalog.ruleset("polyglot"), catalog.language("ru"), None)
    >>> [(c, ru.base[ord(c) - 65], ru.most[ord(c) - 65]) for c in "SHCE"]
    [('S', 4, 10), ('H', 4, 10), ('C', 3, 10), ('E', 8, 8)]
    """
    spec = language.spec
    if ruleset.polyglot is None or language.code == ruleset.tiles or not spec.official:
        return None
    board_values = ruleset.spec.values
    points: dict[str, int] = {}
    own = getattr(lexicon, "header", None)  # a pack's tile values, as it scores them
    for face, value in [*spec.values.items(),
                        *((t.get("face"), t.get("points")) for t in (own or {}).get("tiles", ()))]:
        if not isinstance(face, str) or not isinstance(value, int):
            points = {}
            break
        points[face] = max(value, points.get(face, 0))
    highest = max([*points.values(), *board_values.values(), 0])
    uniform = tuple(max(highest, max(board_values.values(), default=0) * max(ruleset.letter_multipliers, default=1))
                    for _ in BOARD_LETTERS)
    if not points or len(points) < len(spec.values):
        return LetterBound(uniform, uniform)
    scheme = language.scheme
    if scheme is not None and (scheme.sequences or scheme.variants):
        return LetterBound(uniform, uniform)
    base = {c: board_values.get(c, 0) for c in BOARD_LETTERS}
    most = dict(base)
    for face, value in points.items():
        if scheme is not None:
            if any(letter not in scheme.letters for letter in face):
                return LetterBound(uniform, uniform)
            outs = [[out for rule in scheme.letters[letter] for out in rule.out] for letter in face]
            written = {c for letter_outs in outs for out in letter_outs for c in out}
            fewest = sum(min((len(out) for out in letter_outs), default=0) for letter_outs in outs)
        else:
            try:
                board = language.normaliser().spell(face).board
            except LexcError:
                return LetterBound(uniform, uniform)
            written, fewest = set(board), len(board)
        share = -(-value // fewest) if fewest > 0 else value  # written with no letter, it scores 0
        for c in written:
            if c not in base:
                return LetterBound(uniform, uniform)
            base[c] = max(base[c], share)
            most[c] = max(most[c], value)
    return LetterBound(tuple(base[c] for c in BOARD_LETTERS), tuple(most[c] for c in BOARD_LETTERS))


def best_subtotal(units_list: list[Units], lms: Sequence[int], blanks: Sequence[bool], word_mult: int) -> int:
    """The best subtotal of a word over its native tilings, each valued by the one scorer,
    :func:`lexc.engine.scoring.units_value`: ``lms`` the letter premium of each board tile (1 unless
    placed this turn), ``blanks`` whether it is a blank."""
    best = 0
    for units in units_list:
        value = units_value(units, lms, blanks)
        if value > best:
            best = value
    return best * word_mult
