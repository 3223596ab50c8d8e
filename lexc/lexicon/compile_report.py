"""What a compile reports: the words left out, by reason, with their first examples, and the counts
of the summary table and the pack's header (:class:`CompileReport`).

A rejected "word" is shown only as far as it looks like a word (:func:`example`): a source is any
file a spec names, and the lines of a file that is no word list are never echoed.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from lexc.errors import printable
from lexc.lexicon.provenance import recorded_path

if TYPE_CHECKING:
    from lexc.lexicon.sources import SourceWord


#: How many examples are kept for each rejection reason.
EXAMPLES = 3
#: At most this many reasons are listed one by one in a header; the rest are summed.
MAX_REASONS = 40
#: Examples of rejected words are cut to this many characters in reports and headers.
EXAMPLE_CHARS = 60
#: Of a line that is not a word, at most this many letters are shown (a key's base64 line is not echoed).
_PART_CHARS = 12
#: Besides letters and marks, what an example of a rejected word may show: the punctuation inside words and
#: the space between the words of a phrase.
_IN_WORDS = frozenset("'’-.· ")


def example(text: str) -> str:
    """What a report shows of a rejected "word": only its first run of letters, at most :data:`EXAMPLE_CHARS`.

    A source is any file a spec names; the lines of a file that is no word list (a password file,
    a key) are never echoed beyond what looks like a word, and the file and line say where to look.

    >>> example("élève"), example("o'clock"), example("root:$6$Jx2.vA:19000:0:99999:7:::")
    ('élève', "o'clock", 'root… (33 characters)')
    >>> example("b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAABlwAAAAdzc2gtcn"), example("x" * 100)
    ('b… (70 characters)', 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx… (100 characters)')
    >>> example("MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7")  # a line that is no word: 12 at most
    'MIIEvQIBADAN… (52 characters)'
    """
    end = next((i for i, c in enumerate(text) if c not in _IN_WORDS and unicodedata.category(c)[0] not in "LM"),
               len(text))
    shown = printable(text[:min(end, EXAMPLE_CHARS if end == len(text) else _PART_CHARS)])
    return text if shown == text else f"{shown}… ({len(text):,} characters)"


@dataclass
class Rejections:
    """Words left out, by reason, with the first few examples of each."""

    counts: dict[str, int] = field(default_factory=dict)
    examples: dict[str, list[str]] = field(default_factory=dict)

    def add(self, reason: str, word: SourceWord | str) -> None:
        self.counts[reason] = self.counts.get(reason, 0) + 1
        shown = self.examples.setdefault(reason, [])
        if len(shown) < EXAMPLES:
            text = example(word if isinstance(word, str) else word.text)
            shown.append(text if isinstance(word, str) else f"{text} ({recorded_path(word.file)}:{word.line})")

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def to_json(self) -> dict[str, dict[str, object]]:
        """The reasons, most frequent first (then by text), at most :data:`MAX_REASONS`."""
        ranked = sorted(self.counts, key=lambda r: (-self.counts[r], r))
        out: dict[str, dict[str, object]] = {
            r: {"count": self.counts[r], "examples": self.examples[r]} for r in ranked[:MAX_REASONS]}
        if len(ranked) > MAX_REASONS:
            rest = ranked[MAX_REASONS:]
            out[f"{len(rest)} other reasons"] = {"count": sum(self.counts[r] for r in rest),
                                                 "examples": [self.examples[r][0] for r in rest[:EXAMPLES]]}
        return out


@dataclass
class CompileReport:
    """What a compile did: counts for the summary table and the pack's header."""

    lang: str
    path: Path
    read: int = 0
    kept: int = 0
    duplicates: int = 0
    excluded: int = 0
    included: int = 0
    rejected: dict[str, int] = field(default_factory=dict)
    examples: dict[str, list[str]] = field(default_factory=dict)
    boards: int = 0
    collisions: int = 0
    collision_examples: list[str] = field(default_factory=list)
    exceptions: int = 0
    keys: int = 0
    bytes: int = 0
    structure: str = ""
    candidates: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0
    sources: list[dict[str, object]] = field(default_factory=list)
    tilings: dict[str, object] = field(default_factory=dict)  # the ambiguous tilings: counts, report file

    @property
    def rejected_total(self) -> int:
        return sum(self.rejected.values())

    @property
    def bytes_per_board(self) -> float:
        """Pack bytes per board spelling (0 for an empty pack)."""
        return self.bytes / self.boards if self.boards else 0.0

    def to_json(self) -> dict[str, object]:
        return {
            "lang": self.lang, "path": str(self.path), "read": self.read, "kept": self.kept,
            "duplicates": self.duplicates, "excluded": self.excluded, "included": self.included,
            "rejected": {r: {"count": n, "examples": self.examples.get(r, [])} for r, n in self.rejected.items()},
            "rejected_total": self.rejected_total, "boards": self.boards, "collisions": self.collisions,
            "collision_examples": self.collision_examples, "exceptions": self.exceptions, "keys": self.keys,
            "bytes": self.bytes, "bytes_per_board": round(self.bytes_per_board, 3), "structure": self.structure,
            "candidates": self.candidates, "seconds": round(self.seconds, 3), "sources": self.sources,
            "tilings": self.tilings,
        }

    @property
    def ambiguous(self) -> int:
        """Words whose tiling was a choice (:meth:`lexc.language.normalize.Normaliser.choice`)."""
        count = self.tilings.get("ambiguous", 0)
        return count if isinstance(count, int) else 0
