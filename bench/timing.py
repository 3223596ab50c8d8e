"""What the benchmarks share: a rate measured as the median CPU time of repeated runs (no lexc import,
so a script may measure whichever lexc is on ``PYTHONPATH``)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def rate(work: Callable[[], object], n: int, repeat: int) -> float:
    """Items per second, median CPU time of ``repeat`` runs of ``work`` over ``n`` items."""
    times = []
    for _ in range(repeat):
        started = time.process_time()
        work()
        times.append(time.process_time() - started)
    return n / max(statistics.median(times), 1e-9)
