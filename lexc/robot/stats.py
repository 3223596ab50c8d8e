"""Means and rates with 95 % confidence intervals, for the self-play report (docs/robot.md).

A mean's interval is the normal one, ``mean ± 1.96 × sd / √n``; a rate's is Wilson's score
interval, which stays inside [0, 1] and is honest for rates near 0 or 1 and small counts.

>>> m = mean([10, 12, 14, 16])
>>> m.value, round(m.sd, 3), m.low < 13 < m.high
(13.0, 2.582, True)
>>> r = rate(140, 200)
>>> r.value, round(r.low, 3), round(r.high, 3)
(0.7, 0.633, 0.759)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Z95", "Estimate", "mean", "rate"]

#: The normal quantile of a two-sided 95 % interval.
Z95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class Estimate:
    """A value with its 95 % interval; ``sd`` the sample's standard deviation (means), ``n`` the count."""

    value: float
    low: float
    high: float
    n: int
    sd: float = 0.0

    def to_json(self) -> dict[str, float | int]:
        return {"value": round(self.value, 4), "low": round(self.low, 4), "high": round(self.high, 4),
                "n": self.n, "sd": round(self.sd, 4)}

    def text(self, digits: int = 1, percent: bool = False) -> str:
        """``12.3 (11.8–12.8)``, or as percentages."""
        k = 100.0 if percent else 1.0
        unit = " %" if percent else ""
        return f"{self.value * k:.{digits}f}{unit} ({self.low * k:.{digits}f}–{self.high * k:.{digits}f})"


def mean(values: Sequence[float]) -> Estimate:
    """The mean of ``values`` with its normal 95 % interval (no interval for fewer than two)."""
    n = len(values)
    if n == 0:
        return Estimate(0.0, 0.0, 0.0, 0)
    m = math.fsum(values) / n
    if n < 2:
        return Estimate(m, m, m, n)
    sd = math.sqrt(math.fsum((v - m) ** 2 for v in values) / (n - 1))
    half = Z95 * sd / math.sqrt(n)
    return Estimate(m, m - half, m + half, n, sd)


def rate(successes: float, n: int) -> Estimate:
    """``successes`` out of ``n`` (a tie may count a half) with Wilson's 95 % interval."""
    if n == 0:
        return Estimate(0.0, 0.0, 1.0, 0)
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half), n)
