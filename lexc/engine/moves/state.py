"""One search's state: the board as codes, the cross-checks, the anchors, the rack and its left parts.

A tile may go on a square only when the word it makes across the line (its *cross word*) is a
word: :meth:`Search.cross` computes, once per position and direction, each square's allowed codes
and what each scores in its cross word (Polyglot: the best language for it). The *anchors* are the
empty squares next to a tile (the centre on an empty board); the *left parts* are the prefixes of
words the rack can make before an anchor on free squares, enumerated once per lexicon. What the
search finds is kept here too, with the best-first floor (:meth:`Search.keep`).
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from typing import Any, Protocol

from lexc.engine.board import Board
from lexc.engine.moves.move import Move
from lexc.engine.moves.words import Lexicon, best_subtotal
from lexc.engine.notation import Languages, format_position
from lexc.engine.ruleset import Ruleset
from lexc.errors import LexcError, Problem

__all__ = ["EMPTY", "MAX_LEFT_PARTS", "MAX_PLAYS", "MAX_STEPS", "Finder", "LeftPart", "Search", "too_much"]


class Finder(Protocol):
    """What a search reads of its :class:`lexc.engine.moves.MoveFinder`."""

    @property
    def ruleset(self) -> Ruleset: ...
    @property
    def lexicons(self) -> tuple[Lexicon, ...]: ...
    @property
    def polyglot(self) -> bool: ...
    @property
    def alphabet(self) -> Sequence[str]: ...
    @property
    def codes(self) -> dict[str, int]: ...
    @property
    def code_points(self) -> list[int]: ...
    @property
    def langs(self) -> tuple[str, ...]: ...


EMPTY, _BLOCK = -1, -2

#: Bounds of one search, whatever the ruleset and rack (a rack of many blanks multiplies the search by
#: the alphabet per blank): left parts kept per language, plays kept by a full enumeration, walk steps.
#: The largest real search (two blanks, five Polyglot languages) keeps 232,844 plays in about 3 M steps.
MAX_LEFT_PARTS = 200_000
MAX_PLAYS = 2_000_000
MAX_STEPS = 30_000_000


def too_much(what: str) -> LexcError:
    return LexcError(Problem(None, None, "rack", f"this rack would make the search {what}: refused (fewer blanks or "
                                                 "a shorter rack; for plays, ask for the best few)"))

#: A left part: walk node, codes, blank or not per code, rack mask left, blanks left, value of its letters
#: without a letter premium and the value a premium multiplies (:class:`~lexc.engine.moves.words.LetterBound`).
LeftPart = tuple[int, tuple[int, ...], tuple[bool, ...], int, int, int, int]


class Search:
    """The state of one search: the board as codes, cross-checks, the rack."""

    def __init__(self, finder: Finder, board: Board, counts: list[int], blanks: int, top: int | None = None):
        self.finder, self.board, self.counts, self.blanks = finder, board, counts, blanks
        self.counts_at_start = tuple(counts)  # ``counts`` changes as the search lays tiles
        self.top = top
        #: Best first: the scores of the ``top`` best distinct plays found so far (a min-heap), and
        #: ``floor[0]``, the lowest of them once there are ``top`` (-1 before): a play scoring less
        #: cannot be among the best ``top``, nor can any play of a branch whose bound is below it.
        self.heap: list[int] = []
        self.floor = [-1]
        #: per language, :meth:`lexc.engine.moves.tables.Line.gain`'s answers
        self.gains: dict[str, dict[tuple[int, tuple[int, ...], int], int]] = {}
        self.steps = [0]  # walk steps so far (at most MAX_STEPS)
        #: per line (direction, first square), what its :class:`~lexc.engine.moves.tables.Line` of every lexicon
        #: shares
        self.lines: dict[tuple[bool, int], Any] = {}
        ruleset = finder.ruleset
        self.ruleset = ruleset
        self.rows, self.cols = ruleset.rows, ruleset.cols
        codes = finder.codes
        self.tiles = [EMPTY if t is None else codes.get(t.face, _BLOCK) for t in board.squares]
        self.faces = [None if t is None else t.face for t in board.squares]
        self.blank_on = [t is not None and t.blank for t in board.squares]
        #: the square of a main word where a code is placed: ``(face, blank, new)``, without and with a blank
        self.new_cells = [((face, False, True), (face, True, True)) for face in finder.alphabet]
        self.all_letters = (1 << len(finder.alphabet)) - 1
        #: the letters a tile of this rack can be: a cross-check need only look at them (all with a blank)
        self.fits = self.all_letters if blanks else sum(1 << c for c, k in enumerate(counts) if k)
        self.lm, self.wm = ruleset.letter_multipliers, ruleset.word_multipliers
        self.found: dict[tuple[object, ...], Move] = {}  # Polyglot: a play found in several languages
        self.moves: list[Move] = []
        self.langs_cache: dict[str, dict[tuple[tuple[str, str], ...], Languages]] = {}
        self.left_cache: dict[str, list[list[LeftPart]]] = {}
        self.whole_cache: dict[str, list[list[LeftPart]]] = {}

    def keep(self, score: int) -> None:
        """Count a new play's score among the best ``top`` so far, and raise the floor when full."""
        heap, top = self.heap, self.top
        if top is None:
            return
        if len(heap) < top:
            heapq.heappush(heap, score)
            if len(heap) == top:
                self.floor[0] = heap[0]
        elif score > heap[0]:
            heapq.heapreplace(heap, score)
            self.floor[0] = heap[0]

    # ------------------------------------------------------------------ cross-checks

    def cross(self, across: bool) -> tuple[list[int], list[Any]]:
        """Per square: the codes allowed there (all when no cross word) and what each scores in its cross word.

        Only the letters a tile of the rack can be are looked at (:attr:`fits`: every letter with a blank):
        no other can be placed, so a cross-check is the rack's letters that make a word there. The score
        entry is None (no cross word) or ``(start, {code: (value, lang, value_if_blank, lang_if_blank)},
        length, position)`` with ``start`` the flat index of the cross word's first square and ``position``
        its notation (``H7``).
        """
        rows, cols, tiles = self.rows, self.cols, self.tiles
        size = rows * cols
        masks = [self.all_letters] * size
        scores: list[Any] = [None] * size
        step = cols if across else 1  # the cross word runs down when the main word runs across
        for i in range(size):
            if tiles[i] != EMPTY:
                continue
            row, col = divmod(i, cols)
            before_ok = row > 0 if across else col > 0
            after_ok = row < rows - 1 if across else col < cols - 1
            has_before = before_ok and tiles[i - step] != EMPTY
            has_after = after_ok and tiles[i + step] != EMPTY
            if not (has_before or has_after):
                continue
            start = i
            while (start // cols if across else start % cols) > 0 and tiles[start - step] != EMPTY:
                start -= step
            end = i
            limit = rows - 1 if across else cols - 1
            while (end // cols if across else end % cols) < limit and tiles[end + step] != EMPTY:
                end += step
            masks[i], scores[i] = self._cross_square(i, start, end, step)
        return masks, scores

    def _cross_square(self, at: int, start: int, end: int, step: int) -> tuple[int, Any]:
        tiles = self.tiles
        before = [tiles[j] for j in range(start, at, step)]
        after = [tiles[j] for j in range(at + step, end + step, step)]
        if _BLOCK in before or _BLOCK in after:
            return 0, None
        squares = list(range(start, end + step, step))
        offset = (at - start) // step
        lm, wm = self.lm[at], self.wm[at]
        lms = [lm if j == at else 1 for j in squares]
        blanks = [self.blank_on[j] for j in squares]
        alphabet, points, polyglot = self.finder.alphabet, self.finder.code_points, self.finder.polyglot
        old = sum(points[tiles[j]] for j in squares if j != at and not self.blank_on[j])
        best: dict[int, tuple[int, str, int, str]] = {}
        mask = 0
        for lexicon in self.finder.lexicons:
            walk = lexicon.walk
            node = walk.follow(before)
            if node < 0:
                continue
            for code, child in walk.branches(node, self.fits):
                end_node = walk.follow(after, child)
                if end_node < 0 or not walk.final(end_node):
                    continue
                mask |= 1 << code
                if polyglot:
                    word = "".join(alphabet[c] for c in before) + alphabet[code] + "".join(alphabet[c] for c in after)
                    units = lexicon.units(word)
                    value = best_subtotal(units, lms, blanks, wm)
                    blanks[offset] = True
                    blank_value = best_subtotal(units, lms, blanks, wm)
                    blanks[offset] = False
                else:  # each board tile is one native tile of the board's set
                    value = (old + points[code] * lm) * wm
                    blank_value = old * wm
                known = best.get(code)
                if known is None:
                    best[code] = (value, lexicon.lang, blank_value, lexicon.lang)
                else:
                    v, lv, b, lb = known
                    best[code] = ((value, lexicon.lang) if value > v else (v, lv)) + \
                        ((blank_value, lexicon.lang) if blank_value > b else (b, lb))
        first_row, first_col = divmod(start, self.cols)
        return mask, (start, best, len(squares), format_position(first_row, first_col, step == 1))

    # ------------------------------------------------------------------ anchors and lines

    def anchors(self) -> list[bool]:
        rows, cols, tiles = self.rows, self.cols, self.tiles
        if all(t == EMPTY for t in tiles):
            r, c = self.ruleset.centre
            anchors = [False] * (rows * cols)
            anchors[r * cols + c] = True
            return anchors
        anchors = []
        for i, tile in enumerate(tiles):
            row, col = divmod(i, cols)
            anchors.append(tile == EMPTY and (
                (col > 0 and tiles[i - 1] != EMPTY) or (col < cols - 1 and tiles[i + 1] != EMPTY)
                or (row > 0 and tiles[i - cols] != EMPTY) or (row < rows - 1 and tiles[i + cols] != EMPTY)))
        return anchors

    def left_parts(self, lexicon: Lexicon) -> list[list[LeftPart]]:
        """Every prefix of a word the rack can make, by length (at most the rack's size less one):
        ``(node, codes, blanks, rack mask left, blanks left, value, value under a premium)``, highest value
        under a premium (its letters' values in the lexicon's bound, blanks 0) first. The same for every
        anchor whose left part lies on free squares, so it is enumerated once per search and lexicon."""
        cached = self.left_cache.get(lexicon.lang)
        if cached is not None:
            return cached
        walk = lexicon.walk
        masks, targets, first = walk.masks, walk.targets, walk.first
        counts, all_letters = self.counts, self.all_letters
        most = sum(counts) + self.blanks - 1
        bound = lexicon.letter_bound
        base = self.finder.code_points if bound is None else bound.base
        premium = self.finder.code_points if bound is None else bound.most
        parts: list[list[LeftPart]] = [[] for _ in range(most + 1)]
        made = [0]

        def grow(node: int, codes: tuple[int, ...], blanks: tuple[bool, ...], rmask: int, nblanks: int, own: int,
                 raw: int) -> None:
            made[0] += 1
            if made[0] > MAX_LEFT_PARTS:
                raise too_much(f"keep more than {MAX_LEFT_PARTS:,} beginnings of words")
            mask, at = masks[node], first[node]
            allowed = (all_letters if nblanks else rmask) & mask
            if allowed:  # a left part is kept only when a tile of the rack can follow it (on the anchor)
                parts[len(codes)].append((node, codes, blanks, rmask, nblanks, own, raw))
            if len(codes) >= most:
                return
            while allowed:
                allowed ^= (low := allowed & -allowed)  # Walk.branches, inline
                code, child = low.bit_length() - 1, targets[at + (mask & (low - 1)).bit_count()]
                if counts[code]:
                    counts[code] -= 1
                    grow(child, (*codes, code), (*blanks, False), rmask if counts[code] else rmask ^ (1 << code),
                         nblanks, own + base[code], raw + premium[code])
                    counts[code] += 1
                if nblanks:
                    grow(child, (*codes, code), (*blanks, True), rmask, nblanks - 1, own, raw)

        if most >= 0:
            grow(walk.root, (), (), sum(1 << c for c, k in enumerate(counts) if k), self.blanks, 0, 0)
        # each with its letters' values (blanks 0), highest under a premium first: a best-first search stops
        # at the first too low
        valued = [sorted(by_length, key=_premium_value) for by_length in parts]
        self.left_cache[lexicon.lang] = valued
        return valued

    def whole_parts(self, line: Any) -> list[list[LeftPart]]:
        """The left parts after which the rest of the rack can still be laid whole (the plays with a bonus,
        every tile placed): those whose walk node has every letter left on the rack on its paths, twice a
        letter left twice (``line.below``, ``line.twice``). Once per search and lexicon."""
        lexicon = line.lexicon
        cached = self.whole_cache.get(lexicon.lang)
        if cached is not None:
            return cached
        below, twice, doubles, counts = line.below, line.twice, line.doubles, self.counts
        kept = []
        for parts in self.left_parts(lexicon):
            kept.append([part for part in parts if not part[3] & ~below[part[0]] and all(
                twice[part[0]] >> c & 1 for c in doubles
                if counts[c] - sum(1 for code, blank in zip(part[1], part[2], strict=True)
                                   if code == c and not blank) >= 2)])
        self.whole_cache[lexicon.lang] = kept
        return kept


def _premium_value(part: LeftPart) -> int:
    """The sort key of left parts: highest value under a letter premium first."""
    return -part[6]
