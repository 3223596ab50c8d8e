"""The value of the tiles a robot keeps after a move: its *leave* (docs/robot.md).

The heuristic is built from the tile set alone (its counts and points), so it applies to any
language and any spec, not only English:

* a **blank** is worth half the bonus for playing a full rack (25 under the standard 50);
* each **tile** is worth ``ln(count) - (points - 1) / 2``: common, cheap tiles keep well (E in
  English: ln 12 = +2.48), rare, costly ones badly (Q: ln 1 - 4.5 = -4.5);
* each **duplicate** (a second E, a third I) costs 3;
* the **vowel balance**: ``-(vowels - share × kept)²``, where ``share`` is the set's share of
  vowels among its lettered tiles (0.42 in English) and ``kept`` the lettered tiles kept;
  vowels are tiles whose first letter is a Latin, Cyrillic or Greek vowel (a set without any,
  as Hebrew's, has no balance term);
* when the **bag is empty** nothing is drawn: going out is worth twice the value of the tiles
  the robot cannot see (the other racks, rack language's values), keeping tiles costs their value.

>>> from lexc import Catalog
>>> leave = Leave.of(Catalog.shipped().ruleset("standard"))
>>> round(leave.value(("?", "S")), 2), round(leave.value(("Q",)), 2), leave.value(())
(26.18, -4.7, 0.0)
>>> leave.value(("E", "E", "I", "I", "U")) < leave.value(("E", "R", "S", "T"))
True
>>> leave.value((), bag=0, unseen=("Q", "Z")), leave.value(("K",), bag=0, unseen=("Q",))
(40.0, -5.0)
"""

from __future__ import annotations

import math
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from lexc.engine.notation import BLANK
from lexc.engine.ruleset import Ruleset

__all__ = ["DUPLICATE", "Leave", "is_vowel"]

#: Points a duplicate tile kept costs (each copy beyond the first).
DUPLICATE = 3.0

_VOWELS = set("AEIOUY" "АЕЁИОУЫЭЮЯІЇЄ" "ΑΕΗΙΟΥΩ")


def is_vowel(face: str) -> bool:
    """Whether a tile's first letter is a vowel (Latin, Cyrillic, Greek; accents ignored).

    >>> [f for f in ("A", "É", "Ж", "Ю", "CH", "Ø", "ש") if is_vowel(f)]
    ['A', 'É', 'Ю', 'Ø']
    """
    if not face:
        return False
    first = face[0]
    if first in ("Ø", "Æ", "Œ"):
        return True
    base = unicodedata.normalize("NFD", first)[0]
    return base in _VOWELS


@dataclass(frozen=True)
class Leave:
    """The leave heuristic of one tile set: per-tile values, vowels, the blank's worth."""

    tiles: Mapping[str, float]
    vowels: frozenset[str]
    share: float
    blank: float
    rack_points: Mapping[str, int]

    @classmethod
    def of(cls, ruleset: Ruleset) -> Leave:
        """The heuristic of the tiles on ``ruleset``'s board (values of racks in its rack language)."""
        spec = ruleset.spec
        tiles = {t.face: math.log(max(t.count, 1)) - (t.points - 1) / 2 for t in spec.tiles}
        vowels = frozenset(t.face for t in spec.tiles if is_vowel(t.face))
        lettered = sum(t.count for t in spec.tiles)
        share = sum(t.count for t in spec.tiles if t.face in vowels) / lettered if lettered else 0.0
        full = ruleset.bonus(ruleset.rack_size)
        rack_spec = ruleset.rack_values_spec
        points = {t.face: t.points for t in rack_spec.tiles}
        return cls(tiles, vowels, share, full / 2, points)

    def points(self, tiles: Iterable[str]) -> int:
        """The value of tiles left on a rack (blanks 0), in the rack language."""
        return sum(self.rack_points.get(face, 0) for face in tiles if face != BLANK)

    def value(self, kept: Sequence[str], bag: int = 100, unseen: Sequence[str] = ()) -> float:
        """The worth of keeping ``kept`` with ``bag`` tiles left to draw (``unseen``: the tiles the
        robot cannot see, which are the other racks once the bag is empty)."""
        if bag == 0:
            return 2.0 * self.points(unseen) if not kept else -float(self.points(kept))
        if not kept:
            return 0.0
        counts = Counter(kept)
        total = self.blank * counts.pop(BLANK, 0)
        vowels = lettered = 0
        for face, n in counts.items():
            total += n * self.tiles.get(face, 0.0) - DUPLICATE * (n - 1)
            lettered += n
            if face in self.vowels:
                vowels += n
        if self.vowels:
            total -= (vowels - self.share * lettered) ** 2
        return total
