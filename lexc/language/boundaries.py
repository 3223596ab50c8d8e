"""Morpheme boundaries a tiling respects: a spec's ``[tiling]`` rules (docs/language-spec.md).

A boundary rule is a word beginning with a ``|`` where a prefix or the first part of a
compound ends: Croatian ``NAD|Ž`` says that in NADŽIVJETI (nad- + živjeti) D and Ž are two
tiles, not the tile DŽ. An exception is a word beginning no rule applies to (NADŽAK is one
word, N·A·DŽ·A·K). The one tiler (:class:`lexc.language.normalize.Normaliser`) inserts the
pins a rule gives before longest match, unless the word's source already pinned it.

>>> rules = Boundaries(("NAD|Ž", "POD|Ž"), ("NADŽAK",))
>>> rules.pin("NADŽIVJETI"), rules.pin("NADŽAK"), rules.pin("NADŽAKA"), rules.pin("DŽEP")
('NAD|ŽIVJETI', 'NADŽAK', 'NADŽAKA', 'DŽEP')
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from lexc.tomlsrc import Checker, type_name

#: A boundary in a rule, as in a source word (:data:`lexc.language.normalize.PIN`).
PIN = "|"

_KEYS: dict[str, tuple[type, ...]] = {"boundaries": (list,), "exceptions": (list,), "notes": (str,)}


@dataclass(frozen=True)
class Boundaries:
    """A spec's boundary rules (word beginnings with ``|``) and exceptions (word beginnings)."""

    rules: tuple[str, ...] = ()
    exceptions: tuple[str, ...] = ()
    _cuts: dict[str, tuple[int, ...]] = field(default_factory=dict, init=False, repr=False, compare=False)
    _starts: re.Pattern[str] | None = field(default=None, init=False, repr=False, compare=False)
    _except: re.Pattern[str] | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for rule in self.rules:
            self._cuts[rule.replace(PIN, "")] = cuts(rule)
        object.__setattr__(self, "_starts", _alternation(self._cuts))
        object.__setattr__(self, "_except", _alternation(self.exceptions))

    def __bool__(self) -> bool:
        return bool(self.rules)

    def pin(self, upper: str) -> str:
        """``upper`` (a case-mapped word) with the pins of the longest rule it begins with.

        A word that holds a pin already (its source pinned it) or begins with an exception
        is returned as it is.
        """
        if self._starts is None or PIN in upper:
            return upper
        found = self._starts.match(upper)
        if found is None or (self._except is not None and self._except.match(upper)):
            return upper
        out, last = [], 0
        for cut in self._cuts[found.group(0)]:
            out += [upper[last:cut], PIN]
            last = cut
        return "".join([*out, upper[last:]])

    def to_json(self) -> dict[str, list[str]]:
        return {"boundaries": list(self.rules), "exceptions": list(self.exceptions)}


def cuts(rule: str) -> tuple[int, ...]:
    """Where the pins of ``rule`` fall in its letters.

    >>> cuts("PRED|Ž"), cuts("A|B|C")
    ((4,), (1, 2))
    """
    found, letters = [], 0
    for char in rule:
        if char == PIN:
            found.append(letters)
        else:
            letters += 1
    return tuple(found)


def _alternation(words: Collection[str]) -> re.Pattern[str] | None:
    """A pattern matching the longest of ``words`` at a position, or None for no words."""
    if not words:
        return None
    return re.compile("|".join(re.escape(w) for w in sorted(words, key=lambda w: (-len(w), w))))


def check_tiling(check: Checker, table: Mapping[str, Any], upper: Any, faces: Collection[str]) -> Boundaries:
    """Check a spec's ``[tiling]`` table; ``upper`` case-maps in the spec's locale.

    Every problem is added to ``check`` with the key it is about; the rules that passed are
    returned.
    """
    check.typed(table, ("tiling",), _KEYS, ())  # and every rule is checked all the same
    letters = {c for face in faces for c in face}
    multi = [f for f in faces if len(f) > 1]
    rules = [r for r in _strings(check, table, "boundaries") if _good_rule(check, r, upper, letters, multi)]
    starts = [r.replace(PIN, "") for r in rules]
    exceptions = [e for e in _strings(check, table, "exceptions") if _good_exception(check, e, upper, letters, starts)]
    return Boundaries(tuple(rules), tuple(exceptions))


def _strings(check: Checker, table: Mapping[str, Any], key: str) -> list[str]:
    values = table.get(key, [])
    if not isinstance(values, list):
        return []  # reported by Checker.typed
    good = [v for v in values if isinstance(v, str)]
    for value in values:
        if not isinstance(value, str):
            check.add(("tiling", key), f"each entry must be a string, not {type_name(value)}")
    return good


def _spelled(check: Checker, key: str, text: str, upper: Any, letters: set[str]) -> bool:
    """Whether ``text`` (pins removed) is written upper case, NFC, in letters of the set."""
    bare = text.replace(PIN, "")
    if not bare:
        check.add(("tiling", key), f"{text!r} has no letters")
        return False
    if bare != unicodedata.normalize("NFC", bare) or bare != upper(bare):
        check.add(("tiling", key), f"{text!r} must be written upper case in the spec's locale and in NFC")
        return False
    strangers = sorted(set(bare) - letters)
    if strangers:
        check.add(("tiling", key), f"{text!r}: letter {strangers[0]!r} is in no tile of the set")
        return False
    return True


def _good_rule(check: Checker, rule: str, upper: Any, letters: set[str], multi: list[str]) -> bool:
    if PIN not in rule or rule.startswith(PIN) or rule.endswith(PIN) or PIN * 2 in rule:
        check.add(("tiling", "boundaries"), f"{rule!r} must have letters on both sides of each '|' "
                                            "(the boundary), e.g. \"NAD|Ž\"")
        return False
    if not _spelled(check, "boundaries", rule, upper, letters):
        return False
    bare = rule.replace(PIN, "")
    for cut in cuts(rule):
        pair = bare[cut - 1:cut + 1]
        if not any(pair in face for face in multi):
            check.add(("tiling", "boundaries"), f"{rule!r}: no tile of the set holds {pair!r}, so the boundary "
                                                "can never change a tiling")
            return False
    return True


def _good_exception(check: Checker, word: str, upper: Any, letters: set[str], starts: list[str]) -> bool:
    if PIN in word:
        check.add(("tiling", "exceptions"), f"{word!r}: an exception is a word beginning without '|'")
        return False
    if not _spelled(check, "exceptions", word, upper, letters):
        return False
    if not any(word.startswith(s) for s in starts):
        check.add(("tiling", "exceptions"), f"{word!r} begins with no boundary rule: it is no exception")
        return False
    return True
