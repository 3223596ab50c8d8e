"""The search itself: every line of the board, every anchor of a line, one walk step per tile.

:func:`run` makes one task per anchor of each line and lexicon (:func:`line_tasks`). A task
searches the words whose left part is the tiles already before the anchor
(:func:`through_search`) or is made from the rack on the free squares before it
(:func:`free_search`, over the left parts of :meth:`~lexc.engine.moves.state.Search.left_parts`);
both go on to the right with :meth:`Extender.extend`: through the board's tiles, then one
tile of the rack per empty square, each a :meth:`lexc.lexicon.walk.Walk.branches` step over the
arcs the rack and the square's cross-check allow. Each word it ends is handed to the recorder
(:mod:`lexc.engine.moves.record`).

Best first, the tasks run highest bound first and stop at the first whose bound is below the
``top``-th best score found so far; within a task, a branch is left as soon as its bound is
(:mod:`lexc.engine.moves.tables`).
"""

from __future__ import annotations

from collections.abc import Callable

from lexc.engine.moves.move import Move
from lexc.engine.moves.record import recorder
from lexc.engine.moves.state import EMPTY, MAX_STEPS, LeftPart, Search, too_much
from lexc.engine.moves.tables import Line
from lexc.lexicon.walk import FINAL

__all__ = ["run"]

#: A task: the bound of its plays' scores, its number (ties: in the order made), its line (an index in the
#: lines of :func:`run`), its anchor, and how many free squares before the anchor a left part may take (-1: the
#: left part is the tiles already before the anchor).
Task = tuple[int, int, int, int, int]
#: ``extend(node, pos, rack mask, blanks left, main word so far, word multiplier, cross words, tiles placed,
#: rack value placed)``
Extend = Callable[[int, int, int, int, int, int, int, int, int], None]


def run(search: Search) -> list[Move]:
    """The plays found: every legal play, or (``top``) at least the best ``top``.

    Best first, each anchor of each line and lexicon is a task with an upper bound of what its plays
    score; the tasks run highest bound first, so the ``top``-th best score found rises fast, and stop
    at the first whose bound is below it. A line's searches (and its recorder) are made when its first
    task runs: most lines of a best-first search have none that does.
    """
    anchors = search.anchors()
    rack_size = sum(search.counts) + search.blanks
    phases = [(0, rack_size)]  # (fewest tiles a play places, most)
    if search.top is not None:
        bonus = min((k for k, b in search.ruleset.bonuses.items() if b > 0 and k >= 1), default=rack_size + 1)
        if bonus <= rack_size:  # the plays with a bonus first (they raise the floor), then the others
            phases = [(bonus, rack_size), (0, bonus - 1)]
    crossed = [search.cross(across) for across in (True, False)]
    rows, cols = search.rows, search.cols
    by_direction = {True: [list(range(r * cols, (r + 1) * cols)) for r in range(rows)],
                    False: [list(range(c, rows * cols, cols)) for c in range(cols)]}
    floor = search.floor
    lines = []  # each line with an anchor, in each lexicon, with its cross words' scores: made once, searched per phase
    for across, (masks, scores) in zip((True, False), crossed, strict=True):
        for lexicon in search.finder.lexicons:
            for squares in by_direction[across]:
                if any(anchors[i] for i in squares):
                    lines.append((Line(search, lexicon, squares, across, masks, scores), scores))
    records: dict[int, Callable[[int], None]] = {}  # each line's recorder, made on its first task
    for need, cap in phases:
        tasks: list[Task] = []
        for index, (line, _) in enumerate(lines):
            line.phase(need, cap)
            tasks.extend(line_tasks(line, index, anchors, len(tasks)))
        if search.top is not None:
            tasks.sort(key=lambda task: (-task[0], task[1]))
        searches: dict[int, tuple[Callable[[int], None], Callable[[int, int], None]]] = {}
        for most, _, index, anchor, limit in tasks:
            if most < floor[0]:
                break
            made = searches.get(index)
            if made is None:
                line, scores = lines[index]
                record = records.get(index)
                if record is None:
                    record = records[index] = recorder(search, line, scores)
                made = searches[index] = line_searches(search, line, record)
            if limit < 0:
                made[0](anchor)
            else:
                made[1](anchor, limit)
    return search.moves + list(search.found.values())


def line_tasks(line: Line, index: int, anchors: list[bool], number: int) -> list[Task]:
    """The searches of every word along one line (``index``), one per anchor, with their bounds (0 when not
    searching best first); best first, only plays placing from ``need`` to ``cap`` tiles."""
    left_parts = line.left_parts()
    tiles, squares = line.tiles, line.squares
    tasks: list[Task] = []
    for anchor in range(line.n):
        if not anchors[squares[anchor]]:
            continue
        if anchor > 0 and tiles[anchor - 1] != EMPTY:
            most = line.through_bound(anchor)
            if most is not None:
                tasks.append((most, number + len(tasks), index, anchor, -1))
            continue
        limit = 0  # the free squares before the anchor a left part may take
        while (limit < anchor and limit < line.rack_size - 1 and tiles[anchor - limit - 1] == EMPTY
               and not anchors[squares[anchor - limit - 1]]):
            limit += 1
        most = line.free_bound(anchor, limit, left_parts)
        if most >= 0:
            tasks.append((most, number + len(tasks), index, anchor, limit))
    return tasks


def line_searches(search: Search, line: Line, record: Callable[[int], None]) -> tuple[Callable[[int], None],
                                                                                     Callable[[int, int], None]]:
    """A line's two searches in the phase set: through the tiles before an anchor, and from left parts."""
    extend = Extender(search, line, record)
    return through_search(search, line, extend), free_search(search, line, extend, line.left_parts())


class Extender:
    """The search to the right of an anchor (:meth:`extend`), one walk step per tile, recording each word ended;
    a class, so that each step calls the next as a compiled method, its arguments unboxed."""

    def __init__(self, search: Search, line: Line, record: Callable[[int], None]):
        walk = line.lexicon.walk
        self.line, self.record, self.bounded, self.walk = line, record, search.top is not None, walk
        self.wmasks, self.targets, self.first, self.heights = walk.masks, walk.targets, walk.first, walk.heights
        self.n, self.tiles, self.cross, self.old, self.value = line.n, line.tiles, line.cross, line.old, line.value
        self.lmq, self.wmq, self.plain, self.on_blank = line.lmq, line.wmq, line.cross_plain, line.cross_blank
        self.cur_code, self.cur_blank, self.state, self.ahead = line.cur_code, line.cur_blank, line.state, line.ahead
        self.pre_empty, self.top_sum, self.need, self.cap = line.pre_empty, line.top_sum, line.need, line.cap
        self.bonus_upto, self.bonus_at, self.stop, self.whole = line.bonus_upto, line.bonus_at, line.stop, line.whole
        self.below, self.next_bit, self.most, self.twice = line.below, line.next_bit, line.most, line.twice
        self.doubles, self.counts, self.all_letters = line.doubles, search.counts, search.all_letters
        self.floor, self.steps = search.floor, search.steps

    def extend(self, node: int, pos: int, rmask: int, nblanks: int, acc: int, wmul: int, crossed: int,
               placed: int, raw: int) -> None:
        """From walk node ``node`` at square ``pos`` (:data:`Extend` gives the arguments)."""
        count_step(self.steps)
        n, tiles, wmasks, counts, state, cap, need = self.n, self.tiles, self.wmasks, self.counts, self.state, \
            self.cap, self.need
        while pos < n and tiles[pos] != EMPTY:  # through the tiles already on the board
            node, acc, pos = self.walk.child(node, tiles[pos]) if tiles[pos] >= 0 else -1, acc + self.old[pos], pos + 1
            if node < 0:
                return
        if self.bounded:  # best first: can this branch reach the best ``top`` so far, and place ``need`` tiles?
            low_bar, pre_empty, bonus_upto = self.floor[0], self.pre_empty, self.bonus_upto
            base, letters, word_mult, crossing, boards, premiums = self.ahead[pos] or self.line.table(pos)
            missing = rmask & ~self.below[node]  # with ``whole``, a letter still on the rack on no path from here
            reach = pos + self.heights[node]
            k = min((pre_empty[reach] if reach < n else pre_empty[n]) - base, self.stop[pos] - base, cap - placed)
            if (self.whole and (missing or lacks_twice(counts, self.doubles, self.twice[node]))) or placed + k < need \
                    or (low_bar > 0 and ((acc + self.top_sum[placed + k] - raw + letters[k]) * wmul * word_mult[k]
                                         + crossed + crossing[k] + bonus_upto[placed + k]) < low_bar):
                return
            if missing and low_bar > 0 and ((acc + self.line.gain(rmask & ~missing, premiums[k], k) + boards[k]) * wmul
                                            * word_mult[k] + crossed + crossing[k] + bonus_upto[placed + k]) < low_bar:
                return  # the same with only the rack's letters that are on some path from here
            if pos > state[0] and wmasks[node] & FINAL and placed >= need and (
                    low_bar <= 0 or acc * wmul + crossed + self.bonus_at[placed] >= low_bar):
                self.record(pos)
        elif pos > state[0] and wmasks[node] & FINAL:
            self.record(pos)
        if pos >= n or placed >= cap:
            return
        lm, wm, then, xs, blank_xs = self.lmq[pos] - 1, wmul * self.wmq[pos], self.next_bit[pos + 1], self.plain[pos], \
            self.on_blank[pos]
        allowed, at, mask = self.cross[pos] & (self.all_letters if nblanks else rmask) & wmasks[node], \
            self.first[node], wmasks[node]
        targets, cur_code, cur_blank, value, most = self.targets, self.cur_code, self.cur_blank, self.value, self.most
        while allowed:  # Walk.branches, inline
            allowed ^= (low := allowed & -allowed)
            code, child = low.bit_length() - 1, targets[at + (mask & (low - 1)).bit_count()]
            if not wmasks[child] & then:
                continue  # the word cannot go on through the board's tile on the next square
            cur_code[pos] = code
            if counts[code]:
                counts[code] -= 1
                cur_blank[pos] = False
                self.extend(child, pos + 1, rmask if counts[code] else rmask ^ (1 << code), nblanks,
                            acc + value[code] + most[code] * lm if lm else acc + value[code],
                            wm, crossed + xs[code], placed + 1, raw + value[code])
                counts[code] += 1
            if nblanks:
                cur_blank[pos] = True
                self.extend(child, pos + 1, rmask, nblanks - 1, acc, wm, crossed + blank_xs[code], placed + 1, raw)

    def opens(self, node: int, pos: int, rmask: int, nblanks: int) -> bool:
        """Whether a tile of the rack can go on the empty square ``pos`` after walk node ``node`` (its cross-check,
        an arc of the node) so that the word can go on through the board's tile on the next square, and, when the
        whole rack must be laid, with every other letter still on the rack on some path below: what the first
        step of :meth:`extend` from there needs. A left part that fails it is not laid at that anchor (most
        left parts tried at an anchor failed there, after being laid and the step called, before this check).

        >>> from lexc.engine.moves import MoveFinder, board_from_text
        >>> from lexc.engine.moves.words import Lexicon
        >>> from lexc.engine.moves.state import Search
        >>> from lexc.engine.moves.tables import Line
        >>> from lexc.lexicon.walk import Walk
        >>> standard = catalog.ruleset("standard")
        >>> walk = Walk.from_words(["QAT", "QI", "AT"])
        >>> finder = MoveFinder(standard, [Lexicon("en", walk, lambda word: [])])
        >>> board = board_from_text("\\n".join(["." * 15] * 7 + ["........T......"] + ["." * 15] * 7), standard)
        >>> def opens(rack: str, left: str) -> bool:  # the left part on G8, the anchor H8, before T on I8
        ...     search = Search(finder, board, *finder.rack_codes(rack))
        ...     line = Line(search, finder.lexicons[0], list(range(105, 120)), True, *search.cross(True))
        ...     return Extender(search, line, lambda end: None).opens(walk.follow(walk.encode(left)), 7,
        ...                                                          search.fits, search.blanks)
        >>> opens("AI", "Q"), opens("I", "Q"), opens("?", "Q")  # QAT; QI cannot go on through T; a blank as A
        (True, False, True)
        """
        then = self.next_bit[pos + 1]
        mask = self.wmasks[node]
        allowed = self.cross[pos] & (self.all_letters if nblanks else rmask) & mask
        if then == -1 and not self.whole:
            return allowed != 0
        wmasks, targets, at, below = self.wmasks, self.targets, self.first[node], self.below
        while allowed:
            allowed ^= (low := allowed & -allowed)
            child = targets[at + (mask & (low - 1)).bit_count()]
            if wmasks[child] & then and (not self.whole or not rmask & ~(below[child] | low)):
                return True
        return False


def count_step(steps: list[int]) -> None:
    """One more walk step of a search (at most :data:`MAX_STEPS`)."""
    steps[0] += 1
    if steps[0] > MAX_STEPS:
        raise too_much(f"take more than {MAX_STEPS:,} steps")


def lacks_twice(counts: list[int], doubles: tuple[int, ...], twice: int) -> bool:
    """Whether a letter of ``doubles`` is still twice or more on the rack (``counts``) but not twice on any path
    below a walk node (``twice``, :func:`lexc.lexicon.walk.letters_on_paths`): the whole rack cannot be laid."""
    return any(counts[code] >= 2 and not twice >> code & 1 for code in doubles)


def through_search(search: Search, line: Line, extend: Extender) -> Callable[[int], None]:
    """The search of the words whose left part is the tiles already before an anchor."""
    walk, tiles, old, state = line.lexicon.walk, line.tiles, line.old, line.state
    rmask0 = sum(1 << c for c, k in enumerate(search.counts) if k)

    def through(anchor: int) -> None:
        state[0] = anchor
        start = anchor - 1
        while start > 0 and tiles[start - 1] != EMPTY:
            start -= 1
        node = walk.root
        for tile in tiles[start:anchor]:
            node = walk.child(node, tile) if tile >= 0 else -1
            if node < 0:
                return
        state[1] = start
        extend.extend(node, anchor, rmask0, search.blanks, sum(old[start:anchor]), 1, 0, 0, 0)

    return through


def free_search(search: Search, line: Line, extend: Extender, left_parts: list[list[LeftPart]]) -> Callable[[int, int],
                                                                                                         None]:
    """The search of the words whose left part is made from the rack on the free squares before an anchor
    (at most ``limit`` of them); best first, the left parts too low to reach the best ``top`` are skipped."""
    wmasks, heights = line.lexicon.walk.masks, line.lexicon.walk.heights
    n, cross, lmq, wmq, state, ahead = line.n, line.cross, line.lmq, line.wmq, line.state, line.ahead
    pre_empty, top_sum, bonus_upto, need, cap = line.pre_empty, line.top_sum, line.bonus_upto, line.need, line.cap
    stop, below, gain = line.stop, line.below, line.gain
    all_letters, floor = search.all_letters, search.floor
    place = placer(search, line, extend)

    def free(anchor: int, limit: int) -> None:
        state[0] = anchor
        here = cross[anchor]
        base, letters, word_mult, crossing, boards, premiums = line.table(anchor) if ahead else (0, (), (), (), (), ())
        for length, parts in enumerate(left_parts[:min(limit, cap - 1) + 1]):
            state[1] = begin = anchor - length
            left_lm, left_wm = max(lmq[begin:anchor], default=1), 1
            for j in range(begin, anchor):
                left_wm *= wmq[j]
            k = min(stop[anchor] - base, cap - length) if ahead else 0
            if length + k < need:
                continue
            room = cap - length
            for part in parts:
                node, _, _, rmask, nblanks, own, raw = part  # its letters' values, without and under a premium
                if not wmasks[node] & here & (all_letters if nblanks else rmask):
                    continue  # nothing of the rack can go on the anchor after this left part
                if ahead:
                    low_bar = floor[0]
                    if low_bar > 0 and (raw * (left_lm - 1) + top_sum[length + k] + letters[k]) * left_wm * \
                            word_mult[k] + crossing[k] + bonus_upto[length + k] < low_bar:
                        break  # parts come by value under a premium, highest first: none of the rest reaches the top
                    reach = anchor + heights[node]
                    j = pre_empty[reach if reach < n else n] - base
                    if j > stop[anchor] - base:
                        j = stop[anchor] - base
                    if j > room:
                        j = room
                    if length + j < need or (low_bar > 0 and (raw * (left_lm - 1) + top_sum[length + j]
                                                              + letters[j]) * left_wm * word_mult[j]
                                             + crossing[j] + bonus_upto[length + j] < low_bar):
                        continue
                    missing = rmask & ~below[node]
                    if missing and low_bar > 0 and (own + raw * (left_lm - 1) + gain(rmask & ~missing, premiums[j], j)
                                                    + boards[j]) * left_wm * word_mult[j] + crossing[j] \
                            + bonus_upto[length + j] < low_bar:
                        continue  # the same with only the rack's letters that are on some path from here
                if extend.opens(node, anchor, rmask, nblanks):
                    place(part, begin, anchor, length)

    return free


def placer(search: Search, line: Line, extend: Extender) -> Callable[[LeftPart, int, int, int], None]:
    """``place(part, begin, anchor, length)``: a left part laid on the squares from ``begin`` to the anchor,
    its tiles taken from the rack, the search extended from the anchor, then the tiles given back."""
    counts, value, most, lmq, wmq = search.counts, line.value, line.most, line.lmq, line.wmq
    cur_code, cur_blank = line.cur_code, line.cur_blank

    def place(part: LeftPart, begin: int, anchor: int, length: int) -> None:
        node, codes, blanks, rmask, nblanks, raw, _ = part
        acc, wmul = 0, 1
        for j, code in enumerate(codes):
            cur_code[begin + j] = code
            cur_blank[begin + j] = blanks[j]
            wmul *= wmq[begin + j]
            if not blanks[j]:
                counts[code] -= 1
                acc += value[code] + most[code] * (lmq[begin + j] - 1)
        extend.extend(node, anchor, rmask, nblanks, acc, wmul, 0, length, raw)
        for j, code in enumerate(codes):
            if not blanks[j]:
                counts[code] += 1

    return place

