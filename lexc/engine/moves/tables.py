"""One line of the board as the search reads it, and the best-first bounds over it.

A :class:`Line` is a row (across) or a column (down) in one lexicon: its squares as codes, the
letter and word premiums of its empty squares, the cross-check mask and cross-word scores of
each, the values of the tiles already there, and what the rack is worth at most.

Best first (:meth:`lexc.engine.moves.MoveFinder.moves` with ``top``), a branch of the search is
left as soon as an upper bound of what its plays score falls below the ``top``-th best score found
so far. The bound of the plays that go on from an empty square with ``j`` more tiles of the rack
is read from the tables :func:`ahead` makes for that square: what the main word gains beyond the
tiles' own values (the rack's best letters on the best letter premiums, the board tiles met), the
word premiums met, the best cross word a tile of the rack makes on each square. The tiles' own
values are bounded apart, by ``top_sum[j]``: the rack's ``j`` best letters added up. A task (one
anchor of one line) gets its bound from the same tables: :meth:`Line.through_bound`,
:meth:`Line.free_bound`.
"""

from __future__ import annotations

from typing import Any

from lexc.engine.moves.state import EMPTY, LeftPart, Search
from lexc.engine.moves.words import Lexicon, below_of, twice_below_of

__all__ = ["Line", "Table", "ahead"]

#: What the :class:`Line` of each lexicon shares (:func:`_shared`).
Shared = tuple[list[int], list[int], list[int], list[int], list[Any], list[list[int]], list[list[int]], list[int],
               list[int], list[int], list[int], list[int]]
#: The bound's tables of one empty square (:func:`ahead`): ``(base, letters, word_mult, crossing, boards, premiums)``.
Table = tuple[int, list[int], list[int], list[int], list[int], list[tuple[int, ...]]]


class Line:
    """The tables of one line in one lexicon's walk, for plays placing ``need`` to ``cap`` tiles."""

    __slots__ = ("across", "ahead", "below", "bonus_at", "bonus_upto", "cap", "cross", "cross_blank", "cross_exact",
                 "cross_plain", "cur_blank", "cur_code", "doubles", "gains", "lexicon", "lmq", "most", "n", "need",
                 "next_bit", "old", "pre_empty", "prepared", "rack_size", "search", "squares", "state", "stop", "tiles",
                 "top_sum", "twice", "value", "whole", "wmq")

    def __init__(self, search: Search, lexicon: Lexicon, squares: list[int], across: bool, cross_masks: list[int],
                 cross_scores: list[Any], need: int = 0, cap: int = 0):
        self.lexicon, self.squares, self.across = lexicon, squares, across
        self.n = n = len(squares)
        counts = search.counts
        self.rack_size = rack_size = sum(counts) + search.blanks
        #: what does not depend on the lexicon, made for the line's first lexicon and shared by the others
        #: (Polyglot: five lexicons, the same squares, cross-checks and cross words)
        key = (across, squares[0])
        shared: Shared | None = search.lines.get(key)
        if shared is None:
            shared = search.lines[key] = _shared(search, squares, cross_masks, cross_scores)
        (self.tiles, self.cross, self.lmq, self.wmq, self.cross_exact, self.cross_plain, self.cross_blank,
         self.bonus_upto, self.bonus_at, self.pre_empty, self.next_bit, self.stop) = shared
        tiles = self.tiles
        #: the main word being built: the code and blank flag placed on each square
        self.cur_code, self.cur_blank = [0] * n, [False] * n
        #: the anchor being searched and the first square of the word (``state[0]``, ``state[1]``)
        self.state = [0, 0]
        bound = lexicon.letter_bound
        #: each code's value: exact (the board set's values) or, in another language, at least it without a
        #: letter premium (``value``) and what a premium multiplies (``most``): :class:`LetterBound`
        self.value = value = list(search.finder.code_points if bound is None else bound.base)
        self.most = list(search.finder.code_points if bound is None else bound.most)
        self.old = [0 if t < 0 or search.blank_on[i] else value[t] for t, i in zip(tiles, squares, strict=True)]
        #: the rack's best letter values added up: j tiles of it are worth at most top_sum[j]
        self.top_sum = [0]
        for v in _rack_values(search, value):
            self.top_sum.append(self.top_sum[-1] + v)
        #: per walk node, the letters on its paths: best first, a branch is bounded by the rack's letters it
        #: can still lay (:meth:`gain`)
        self.below = below_of(lexicon.walk) if search.top is not None else []
        #: per walk node, the letters found twice on one of its paths, and the rack's letters it holds two or
        #: more of: a branch that must lay the whole rack needs such a letter twice below it
        self.twice = twice_below_of(lexicon.walk) if search.top is not None else []
        self.doubles = tuple(c for c, k in enumerate(counts) if k >= 2)
        self.search = search
        self.gains = search.gains.setdefault(lexicon.lang, {})
        self.ahead: list[Table | None] = []
        self.prepared: Any = None
        if search.top is not None:
            self.ahead = ahead(search, self)
        self.phase(need, cap or rack_size)

    def table(self, pos: int) -> Table:
        """The bound's tables of the empty square ``pos`` (:func:`ahead`), made on first use."""
        made = self.ahead[pos]
        if made is None:
            made = self.ahead[pos] = _table(self, pos)
        return made

    def phase(self, need: int, cap: int) -> None:
        """Search the plays placing from ``need`` to ``cap`` tiles (best first: the bonus plays, then the others)."""
        self.need, self.cap = need, min(cap, self.rack_size)
        #: every tile of the rack must be placed (the bonus plays of a full rack): a node whose paths lack a
        #: letter still on the rack is left (``below``, :func:`lexc.lexicon.walk.letters_below`)
        self.whole = self.search.top is not None and need >= self.rack_size

    def left_parts(self) -> list[list[LeftPart]]:
        """The left parts of this line's lexicon in the phase set (those that can still lay the whole rack when
        it must: :meth:`Search.whole_parts`)."""
        return self.search.whole_parts(self) if self.whole else self.search.left_parts(self.lexicon)

    def gain(self, avail: int, premiums: tuple[int, ...], k: int) -> int:
        """At most what ``k`` more tiles add to the main word when only the rack's letters in ``avail`` (a
        mask) and its blanks are left to place, on squares of these letter ``premiums`` (highest first):
        the best of those tiles' values, the best on the best premiums (cached per line)."""
        key = (avail, premiums, k)
        known = self.gains.get(key)
        if known is None:
            known = self.gains[key] = _gain(self, self.search, avail, premiums, k)
        return known

    def through_bound(self, anchor: int) -> int | None:
        """The bound of the words through the tiles just before ``anchor`` (0 when not best first); None if
        none of them can place ``need`` tiles."""
        if not self.ahead:
            return 0
        tiles = self.tiles
        base, letters, word_mult, crossing = self.table(anchor)[:4]
        start = anchor - 1
        while start > 0 and tiles[start - 1] != EMPTY:
            start -= 1
        k = min(self.stop[anchor] - base, self.cap)
        if k < self.need:
            return None
        most: int = (sum(self.old[start:anchor]) + self.top_sum[k] + letters[k]) * word_mult[k] + crossing[k] + \
            self.bonus_upto[k]
        return most

    def free_bound(self, anchor: int, limit: int, left_parts: list[list[LeftPart]]) -> int:
        """The bound of the words whose left part, of at most ``limit`` tiles, is made from the rack before
        ``anchor`` (0 when not best first, -1 when none can place ``need`` tiles)."""
        if not self.ahead:
            return 0
        lmq, wmq, top_sum = self.lmq, self.wmq, self.top_sum  # parts come by their value under a premium
        base, letters, word_mult, crossing = self.table(anchor)[:4]
        most = -1
        for length, parts in enumerate(left_parts[:min(limit, self.cap - 1) + 1]):
            k = min(self.stop[anchor] - base, self.cap - length)
            if parts and length + k >= self.need:
                left_wm = 1
                for j in range(anchor - length, anchor):
                    left_wm *= wmq[j]
                raw = parts[0][6]
                most = max(most, (raw * (max(lmq[anchor - length:anchor], default=1) - 1) + top_sum[length + k]
                                  + letters[k])
                           * left_wm * word_mult[k] + crossing[k] + self.bonus_upto[length + k])
        return most


def _shared(search: Search, squares: list[int], cross_masks: list[int], cross_scores: list[Any]) -> Shared:
    """The parts of a :class:`Line` that do not depend on its lexicon, in the order :meth:`Line.__init__` reads
    them: tiles, cross-checks, letter and word premiums, cross words (exact, without and with a blank), bonuses
    up to and at each number of tiles, empty squares before each square, the arcs a word may take onto each
    square, and the ``stop`` of each square."""
    n = len(squares)
    tiles = [search.tiles[i] for i in squares]
    cross = [cross_masks[i] for i in squares]
    lm_all, wm_all = search.lm, search.wm
    on_line = list(zip(tiles, squares, strict=True))
    lmq = [lm_all[i] if t == EMPTY else 1 for t, i in on_line]
    wmq = [wm_all[i] if t == EMPTY else 1 for t, i in on_line]
    cross_exact = [None if t != EMPTY or cross_scores[i] is None else cross_scores[i][1] for t, i in on_line]
    cross_plain, cross_blank = _cross_values(cross_exact, len(search.finder.alphabet))
    bonuses = search.ruleset.bonuses
    rack_size = sum(search.counts) + search.blanks
    bonus_upto = [0]
    for k in range(1, rack_size + 1):
        bonus_upto.append(max(bonus_upto[-1], bonuses.get(k, 0)))
    bonus_at = [bonuses.get(k, 0) for k in range(rack_size + 1)]
    #: empty squares before each square
    pre_empty = [0]
    for t in tiles:
        pre_empty.append(pre_empty[-1] + (t == EMPTY))
    #: for each square, the arcs a word may take onto it: every one on an empty square or past the line's
    #: end, the board tile's on a tile, none on a tile outside the alphabet
    next_bit = [-1 if t == EMPTY else 1 << t if t >= 0 else 0 for t in tiles] + [-1]
    #: for each square, the empty squares before the first one at or after it that no tile of the rack
    #: may go on (its cross-check): a word from there places at most ``stop[pos] - pre_empty[pos]`` tiles
    fits = search.fits
    stop = [pre_empty[n]] * (n + 1)
    for p in range(n - 1, -1, -1):
        stop[p] = pre_empty[p] if tiles[p] == EMPTY and not cross[p] & fits else stop[p + 1]
    return (tiles, cross, lmq, wmq, cross_exact, cross_plain, cross_blank, bonus_upto, bonus_at, pre_empty,
            next_bit, stop)


def _cross_values(entries: list[Any], letters: int) -> tuple[list[list[int]], list[list[int]]]:
    """Per square of a line (:attr:`Line.cross_plain`, :attr:`Line.cross_blank`), what each code's cross word
    scores there (0 without a cross word), without and with a blank."""
    zeros = [0] * letters
    plain, blank = [], []
    for entry in entries:
        if entry is None:
            plain.append(zeros)
            blank.append(zeros)
            continue
        with_tile, with_blank = [0] * letters, [0] * letters
        for code, best in entry.items():
            with_tile[code], with_blank[code] = best[0], best[2]
        plain.append(with_tile)
        blank.append(with_blank)
    return plain, blank


def _gain(line: Line, search: Search, avail: int, premiums: tuple[int, ...], k: int) -> int:
    """At most what ``k`` tiles of the rack whose letters are bits of ``avail`` (and its blanks) add to the
    main word on squares of those letter ``premiums``: their best values, the best on the best premiums."""
    tiles = [c for c, n in enumerate(search.counts_at_start) if avail >> c & 1 for _ in range(n)]
    values = sorted([line.value[c] for c in tiles] + [0] * search.blanks, reverse=True)
    most = sorted([line.most[c] for c in tiles] + [0] * search.blanks, reverse=True)
    return sum(values[:k]) + sum((m - 1) * v for m, v in zip(premiums, most, strict=False))


def _rack_values(search: Search, value: list[int]) -> list[int]:
    """The values of the rack's tiles (blanks 0), highest first."""
    return sorted([value[c] for c, k in enumerate(search.counts) for _ in range(k)] + [0] * search.blanks,
                  reverse=True)


def ahead(search: Search, line: Line) -> list[Table | None]:
    """The bound's tables of a line, one entry per square, each made on first use (:meth:`Line.table`):
    ``(base, letters, word_mult, crossing, boards, premiums)`` for an empty square ``pos`` (where a word
    goes on with rack tiles); None until made, and for the other squares.

    The next ``j`` tiles placed from ``pos`` fill the first ``j`` empty squares from ``pos`` on (a
    word has no gaps). ``base``: empty squares before ``pos``; for ``j`` tiles, ``letters[j]`` is at
    most what the main word gains beyond the tiles' own values (what the rack's best letters gain from
    those squares' letter premiums: best on best, and at most what the best tile each square's
    cross-check allows gains there; and the board tiles up to the next empty square;
    the tiles' values are bounded apart: ``top_sum``, less those placed already), ``word_mult[j]`` their
    word premiums multiplied, ``crossing[j]`` the best cross word a tile of the rack makes on each;
    ``boards[j]`` the board tiles' part of ``letters[j]``, ``premiums[j]`` the letter premiums of those
    squares, highest first (for :meth:`Line.gain`). Each grows with ``j``.
    """
    tiles, lmq, cross_exact = line.tiles, line.lmq, line.cross_exact
    n = len(tiles)
    gaps = [p for p in range(n) if tiles[p] == EMPTY]
    held = [c for c, k in enumerate(search.counts) if k]
    holding = set(held)
    blanks = search.blanks
    pre_old = [0]
    for v in line.old:
        pre_old.append(pre_old[-1] + v)
    best_cross = [0] * n  # the best cross word a tile of this rack makes on each square (a blank: any letter)
    fit_gain = [0] * n  # what a letter premium adds at most on each square: the best rack tile its cross-check allows
    cross, value = line.cross, line.most
    for square in gaps:
        entry = cross_exact[square]
        if entry:
            best_cross[square] = max([v[0] for c, v in entry.items() if c in holding]
                                     + ([v[2] for v in entry.values()] if blanks else []), default=0)
        if lmq[square] > 1:
            fit_gain[square] = (lmq[square] - 1) * max([value[c] for c in held if cross[square] >> c & 1], default=0)
    line.prepared = (gaps, _rack_values(search, value), pre_old, best_cross, fit_gain)
    tables: list[Table | None] = [None] * (n + 1)
    tables[n] = (len(gaps), [0], [1], [0], [0], [()])
    return tables


def _table(line: Line, pos: int) -> Table:
    """:func:`ahead`'s entry of the empty square ``pos``."""
    gaps, values, pre_old, best_cross, fit_gain = line.prepared
    lmq, wmq, n = line.lmq, line.wmq, line.n
    g = line.pre_empty[pos]
    letters, word_mult, crossing, boards = [0], [1], [0], [0]
    premiums: list[int] = []
    sorted_premiums: list[tuple[int, ...]] = [()]
    extra = fitting = 0
    last = min(g + line.rack_size, len(gaps))
    for at in range(g, last):
        square = gaps[at]
        if lmq[square] > 1:
            premiums.append(lmq[square])
            premiums.sort(reverse=True)
            extra = sum((m - 1) * values[i] for i, m in enumerate(premiums[:len(values)]))
            fitting += fit_gain[square]
            sorted_premiums.append(tuple(premiums))
        else:
            sorted_premiums.append(sorted_premiums[-1])
        following = gaps[at + 1] if at + 1 < len(gaps) else n
        board = pre_old[following] - pre_old[pos]
        boards.append(board)
        letters.append(min(extra, fitting) + board)
        word_mult.append(word_mult[-1] * wmq[square])
        crossing.append(crossing[-1] + best_cross[square])
    return g, letters, word_mult, crossing, boards, sorted_premiums
