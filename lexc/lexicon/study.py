"""Word study over a walkable lexicon: anagrams, patterns and Clabbers validity.

Everything works on board spellings (A–Z, the letters a Polyglot board lays) and shows the
native words behind them with their values. Letters may be given natively: they go through
the language's normaliser and scheme first (Russian щиа is the board letters SHCHIA).

>>> from lexc.lexicon.walk import Walk
>>> walk = Walk.from_words(["QI", "QUITE", "QUIET", "TIE", "TIES", "SITE", "STIE"])
>>> anagrams(walk, "ETIUQ")
[('QUIET', ''), ('QUITE', '')]
>>> anagrams(walk, "EIT", blanks=1)
[('SITE', 'S'), ('STIE', 'S'), ('TIES', 'S')]
>>> [w for w, _ in anagrams(walk, "QUITE", all_lengths=True)]
['QI', 'QUIET', 'QUITE', 'TIE']
>>> pattern(walk, "?I*"), pattern(walk, "[ST]I?[ES]")
(['QI', 'SITE', 'TIE', 'TIES'], ['SITE', 'TIES'])
>>> clabbers_valid(walk, "ETIS"), clabbers_valid(walk, "QQ")
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any

from lexc.errors import LexcError, Problem
from lexc.inputs import typed
from lexc.lexicon.walk import BOARD_LETTERS, FINAL, Walk

if TYPE_CHECKING:
    from lexc.catalog import Language

__all__ = ["Found", "anagrams", "board_letters", "clabbers_valid", "describe", "parse_pattern", "pattern"]

_CODE = {c: i for i, c in enumerate(BOARD_LETTERS)}


# --------------------------------------------------------------------------- input


def board_letters(language: Language, text: str, *, keep: str = "?") -> str:
    """``text`` as board letters: A–Z as given (any case), native letters through ``language``'s normaliser.

    Characters in ``keep`` (blanks, pattern syntax) are left where they are; each run of other
    characters is spelled as a native word.

    >>> ru, en, es = (catalog.language(code) for code in ("ru", "en", "es"))
    >>> board_letters(ru, "щиа"), board_letters(en, "qi?"), board_letters(es, "ñandu")
    ('SHCHIA', 'QI?', 'NANDU')
    """
    text = typed(text)  # NFD (N + U+0303) as typed on macOS is the NFC Ñ
    out: list[str] = []
    run: list[str] = []

    def flush() -> None:
        if not run:
            return
        word = "".join(run)
        run.clear()
        if word.isascii() and word.isalpha():
            out.append(word.upper())
            return
        try:
            spelled = language.normaliser().spell(word).board
        except LexcError as err:
            raise LexcError(Problem(None, None, text, f"cannot spell {word!r} in {language.code}: "
                                                      f"{err.problems[0].message}")) from None
        if not spelled or any(c not in _CODE for c in spelled):
            raise LexcError(Problem(None, None, text,
                                    f"{word!r} does not spell as board letters A–Z in {language.code}"))
        out.append(spelled)

    for char in text:
        if char in keep:
            flush()
            out.append(char)
        elif char.isalpha():
            run.append(char)
        else:
            raise LexcError(Problem(None, None, text, f"unexpected character {char!r}: write letters"
                                                      + (f" and {' '.join(keep)}" if keep else "")))
    flush()
    return "".join(out)


# --------------------------------------------------------------------------- anagrams


def anagrams(walk: Walk, letters: str, blanks: int = 0, *, all_lengths: bool = False,
             min_length: int = 2) -> list[tuple[str, str]]:
    """Words of ``letters`` (A–Z) and ``blanks``: ``(word, letters the blanks stand for)``, sorted.

    All the letters and blanks are used unless ``all_lengths`` (sub-anagrams of at least
    ``min_length`` letters). A word is listed once, with the fewest blanks it needs.
    """
    counts = [0] * len(walk.alphabet)
    for char in letters:
        code = walk.index.get(char)
        if code is None:
            raise LexcError(Problem(None, None, letters, f"{char!r} is not a board letter A–Z"))
        counts[code] += 1
    total = len(letters) + blanks
    masks, branches, heights, alphabet = walk.masks, walk.branches, walk.heights, walk.alphabet
    all_codes = (1 << len(alphabet)) - 1
    found: dict[str, str] = {}
    word: list[int] = []
    used: list[int] = []

    def visit(node: int, rmask: int, nblanks: int) -> None:
        mask = masks[node]
        depth = len(word)
        if mask & FINAL and depth >= min_length and (all_lengths or depth == total):
            text = "".join(alphabet[c] for c in word)
            blank_letters = "".join(sorted(alphabet[c] for c in used))
            old = found.get(text)
            if old is None or len(blank_letters) < len(old):
                found[text] = blank_letters
        if depth == total or (not all_lengths and heights[node] < total - depth):
            return
        for code, child in branches(node, all_codes if nblanks else rmask):
            word.append(code)
            if counts[code]:
                counts[code] -= 1
                visit(child, rmask if counts[code] else rmask ^ (1 << code), nblanks)
                counts[code] += 1
            if nblanks:
                used.append(code)
                visit(child, rmask, nblanks - 1)
                used.pop()
            word.pop()

    visit(walk.root, sum(1 << c for c, k in enumerate(counts) if k), blanks)
    return sorted(found.items())


def clabbers_valid(walk: Walk, board: str) -> bool:
    """Whether some anagram of the board spelling ``board`` is a word (Clabbers validity)."""
    return bool(anagrams(walk, board)) if len(board) >= 2 else False


# --------------------------------------------------------------------------- patterns

#: A pattern token: a set of codes (None: any letter) and whether it is a run (``*``).
Token = tuple[frozenset[int] | None, bool]


def parse_pattern(text: str) -> list[Token]:
    """Tokens of a pattern: a letter, ``?`` (any letter), ``*`` (any run, maybe empty), ``[ABC]``.

    >>> parse_pattern("Q?[IE]*") == [(frozenset({16}), False), (None, False), (frozenset({4, 8}), False),
    ...                              (None, True)]
    True
    """
    tokens: list[Token] = []
    i = 0
    while i < len(text):
        char = text[i]
        if char == "?":
            tokens.append((None, False))
        elif char == "*":
            if not (tokens and tokens[-1] == (None, True)):
                tokens.append((None, True))
        elif char == "[":
            end = text.find("]", i)
            inner = text[i + 1:end] if end > 0 else ""
            if end < 0 or not inner or any(c not in _CODE for c in inner):
                raise LexcError(Problem(None, None, text, f"column {i + 1}: write a class as [ABC] (letters A–Z)"))
            tokens.append((frozenset(_CODE[c] for c in inner), False))
            i = end
        elif char in _CODE:
            tokens.append((frozenset({_CODE[char]}), False))
        else:
            raise LexcError(Problem(None, None, text, f"column {i + 1}: unexpected {char!r} (a pattern has letters "
                                                      "A–Z, ? for any letter, * for any run, [ABC] for a class)"))
        i += 1
    if not tokens:
        raise LexcError(Problem(None, None, text, "empty pattern"))
    return tokens


def pattern(walk: Walk, text: str, *, limit: int | None = None) -> list[str]:
    """Board spellings matching a pattern (:func:`parse_pattern`), sorted; at most ``limit``.

    The walk follows every token position the letters so far can be at (a set of them), so a
    word matched several ways by ``*`` is found once.
    """
    tokens = parse_pattern(text)
    n = len(tokens)
    need = [sum(1 for s, run in tokens[i:] if not run) for i in range(n + 1)]
    masks, branches, heights, alphabet = walk.masks, walk.branches, walk.heights, walk.alphabet
    found: list[str] = []
    word: list[str] = []

    def closure(states: set[int]) -> frozenset[int]:
        out = set(states)
        for i in sorted(states):
            j = i
            while j < n and tokens[j][1]:
                j += 1
                out.add(j)
        return frozenset(out)

    def visit(node: int, states: frozenset[int]) -> None:
        if limit is not None and len(found) >= limit:
            return
        mask = masks[node]
        if n in states and mask & FINAL and word:
            found.append("".join(word))
        if heights[node] < min(need[i] for i in states):
            return
        for code, child in branches(node):
            after = set()
            for i in states:
                if i < n:
                    allowed, run = tokens[i]
                    if allowed is None or code in allowed:
                        after.add(i if run else i + 1)
            if after:
                word.append(alphabet[code])
                visit(child, closure(after))
                word.pop()

    visit(walk.root, closure({0}))
    return sorted(found)


# --------------------------------------------------------------------------- what a word is


@dataclass(frozen=True, slots=True)
class Found:
    """A board spelling found, the letters blanks stand for, and its native words with their values."""

    board: str
    blanks: str
    natives: tuple[tuple[str, str, int], ...]  # (native word, tiling joined by ·, value)

    def to_json(self) -> dict[str, object]:
        return {"board": self.board, "blanks": self.blanks,
                "natives": [{"word": w, "tiling": t, "value": v} for w, t, v in self.natives]}

    def __str__(self) -> str:
        shown = ", ".join(f"{w} {v}" if w == self.board else f"{w} ({t}) {v}" for w, t, v in self.natives)
        extra = f"  [blanks: {', '.join(self.blanks)}]" if self.blanks else ""
        return f"{self.board}: {shown}{extra}"


def describe(lexicon: Any, board: str, blanks: str = "") -> Found:
    """The native words of ``board`` in ``lexicon`` with their values; the letters in ``blanks`` are
    blanks (scoring 0, and the native tile they are part of too), placed where they cost least."""
    natives = []
    for spelling in lexicon.spellings(board):
        units = [(t.points, len(t.board)) for t in spelling.tiles]
        natives.append((spelling.native, "·".join(spelling.tiling), _best_value(board, units, blanks)))
    if not natives:
        natives.append((board, "·".join(board), 0))
    return Found(board, blanks, tuple(natives))


def _best_value(board: str, units: Sequence[tuple[int, int]], blanks: str) -> int:
    """The highest value of a tiling when the letters of ``blanks`` are blanks somewhere in ``board``, no
    premiums: by the one scorer, :func:`lexc.engine.scoring.units_value`.

    >>> _best_value("SHCHI", [(10, 4), (1, 1)], "C"), _best_value("SHCHI", [(10, 4), (1, 1)], "I")
    (1, 10)
    """
    from lexc.engine.scoring import units_value  # the engine's rule; word study sits below the engine

    plain = [1] * len(board)
    if not blanks:
        return units_value(units, plain, [False] * len(board))
    best = None
    for spots in combinations(range(len(board)), len(blanks)):
        if sorted(board[i] for i in spots) != sorted(blanks):
            continue
        total = units_value(units, plain, [i in spots for i in range(len(board))])
        best = total if best is None else max(best, total)
    return best or 0
