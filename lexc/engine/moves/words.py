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
from typing import TYPE_CHECKING, Any

from lexc.engine.ruleset import Ruleset
from lexc.engine.scoring import Unit, units_value
from lexc.errors import LexcError
from lexc.lexicon.walk import BOARD_LETTERS, Walk, letters_below

if TYPE_CHECKING:
    from lexc.language.language import Language

__all__ = ["Lexicon", "Units", "below_of", "best_subtotal", "letter_bound", "units_function"]

#: A native tiling for scoring: (points, number of board tiles) per native tile.
Units = tuple[Unit, ...]


@dataclass(frozen=True, slots=True)
class Lexicon:
    """One language's walk and how its words score (Polyglot: per board spelling)."""

    lang: str
    walk: Walk
    units: Callable[[str], list[Units]]
    #: At least what each board letter of a word adds to its value in this language before premiums
    #: (a native tile of several letters scores once: each letter may carry its full points); None when
    #: words score on the board set's own values, letter by letter (exact). :func:`letter_bound`.
    letter_bound: tuple[int, ...] | None = None


#: Each walk's :func:`~lexc.lexicon.walk.letters_below`, made on first use (the walk kept with it).
_BELOW: dict[int, tuple[Walk, list[int]]] = {}


def below_of(walk: Walk) -> list[int]:
    """:func:`~lexc.lexicon.walk.letters_below` of ``walk``, made once per walk and process."""
    known = _BELOW.get(id(walk))
    if known is None or known[0] is not walk:
        if len(_BELOW) > 64:
            _BELOW.clear()
        known = _BELOW[id(walk)] = (walk, letters_below(walk))
    return known[1]


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


def letter_bound(ruleset: Ruleset, language: Language, lexicon: Any) -> tuple[int, ...] | None:
    """What each board letter (A–Z) adds at most to a word's value in ``language`` before premiums (None:
    the board set's own values, letter by letter, as :func:`units_function` scores such a language).

    A native tile scores its points once whatever the number of board letters it is written with, times
    the highest letter premium among them: at most the sum of ``bound × premium`` over its letters when
    each letter's bound is at least the points of every tile that may be written with it (Russian Щ,
    10 points, is SHCH: S, H and C may carry 10), and its board value (a word no tiling is found for
    scores on the board's values). Which letters a tile may be written with: every output of its
    letters' scheme rules whatever the context, or its spelling when the language has no scheme. When
    that cannot be told (a scheme with letter sequences or variants, a tile without points of its own,
    which scores its letters' board values) every letter gets the same, safe, bound.
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
        return uniform
    scheme = language.scheme
    if scheme is not None and (scheme.sequences or scheme.variants):
        return uniform
    bound = {c: board_values.get(c, 0) for c in BOARD_LETTERS}
    for face, value in points.items():
        if scheme is not None:
            written = {c for letter in face for rule in scheme.letters.get(letter, ()) for out in rule.out for c in out}
            if any(letter not in scheme.letters for letter in face):
                return uniform
        else:
            try:
                written = set(language.normaliser().spell(face).board)
            except LexcError:
                return uniform
        for c in written:
            if c not in bound:
                return uniform
            bound[c] = max(bound[c], value)
    return tuple(bound[c] for c in BOARD_LETTERS)


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
