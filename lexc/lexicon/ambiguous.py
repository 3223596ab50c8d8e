"""The words whose tiling was a choice: their counts in a pack's header and their list beside it
(``LANG.tilings.tsv``, docs/pack-format.md "The list of ambiguous tilings beside a pack").
"""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Mapping
from pathlib import Path

from lexc.atomic import write_atomic
from lexc.language.normalize import REASONS, Choice
from lexc.language.spec import Spec
from lexc.lexicon.compile_report import EXAMPLES

#: The list of ambiguous tilings beside a pack (:func:`tilings_path`).
TILINGS_SUFFIX = ".tilings.tsv"


def tiling_counts(choices: Mapping[str, Choice]) -> dict[str, object]:
    """The header's ``tilings``: how many words had a choice of tiling, and by what it was settled.

    >>> from lexc import Catalog
    >>> hu = Catalog.shipped().normaliser("hu")
    >>> tiling_counts({w: hu.choice(w) for w in ("egészség", "rajz|szeg")})
    {'ambiguous': 2, 'reasons': {'longest match': 1, 'source boundary': 1, 'spec rule': 0}}
    """
    reasons = Counter(c.reason for c in choices.values())
    return {"ambiguous": len(choices), "reasons": {r: reasons[r] for r in REASONS}}


def first_examples(choices: Mapping[str, Choice]) -> list[Choice]:
    """The first words of each reason, in Unicode order."""
    return [c for reason in REASONS for c in sorted((c for c in choices.values() if c.reason == reason),
                                                    key=lambda c: c.native)[:EXAMPLES]]


def tilings_path(pack: Path) -> Path:
    """The list of ambiguous tilings beside a pack: ``build/hu.lexc`` -> ``build/hu.tilings.tsv``."""
    return pack.with_suffix(TILINGS_SUFFIX)


def write_tilings(path: Path, spec: Spec, choices: Mapping[str, Choice]) -> Path | None:
    """Write every word whose tiling was a choice, in Unicode order, as tab-separated lines (atomically).

    With none, nothing is written and a list left by an earlier build is removed: None.
    """
    if not choices:
        with contextlib.suppress(FileNotFoundError):
            if path.is_file():
                path.unlink()
        return None
    counts = tiling_counts(choices)
    reasons = counts["reasons"]
    assert isinstance(reasons, dict)
    lines = [f"# {spec.code} {spec.name}: {len(choices):,} words whose tiling was a choice; "
             + ", ".join(f"{r} {n:,}" for r, n in reasons.items()),
             "word\ttiling\treason\tothers"]
    for native in sorted(choices):
        choice = choices[native]
        lines.append("\t".join([native, ".".join(choice.tiling), choice.reason,
                                " ".join(".".join(t) for t in choice.others)]))
    write_atomic(path, "\n".join(lines) + "\n")
    return path
