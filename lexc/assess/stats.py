"""Statistics of the assessor: ranks and Spearman's correlation, shares, and the rules that suggest
tile values and counts from frequencies (docs/assess.md).

>>> suggest_values({"E": 0.12, "D": 0.03, "Q": 0.001})
{'E': 1, 'D': 2, 'Q': 10}
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

from lexc.errors import LexcError

__all__ = ["MAX_VALUE", "shares", "spearman", "suggest_counts", "suggest_values"]

#: Highest value the suggested-values rule gives (the top of the English and most official scales).
MAX_VALUE = 10


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
