"""A word the search has ended, checked against the ruleset's rules and kept as a scored :class:`Move`.

The recorder of a line (:func:`recorder`) reads the word off the squares the search filled, adds
up what its tiles score as it goes (points times the letter premium of a tile placed this turn, 0
for a blank: :func:`lexc.engine.scoring.units_value`'s terms for tiles of one board tile each),
the word premiums and the cross words, and drops what the ruleset does not allow (a first play
of too few tiles, words shorter than the ruleset's least, a play outside the inner board, a
single tile found again down). In an ordinary game that sum is the score; in Polyglot the main
word is valued over its native tilings in the language searched, and a play found in several
languages keeps the best (:func:`polyglot_adder`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lexc.engine.moves.move import Move
from lexc.engine.moves.state import EMPTY, MAX_PLAYS, Search, too_much
from lexc.engine.moves.tables import Line
from lexc.engine.moves.words import best_subtotal
from lexc.engine.notation import Languages

__all__ = ["recorder"]

#: Builds a named tuple without its Python-level ``__new__`` (the hot path).
_new = tuple.__new__

#: A square of the main word: ``(face, blank, placed this turn)``.
Cell = tuple[str, bool, bool]
#: ``add(start, end, cells, word_mult, cross_total, placed)``: a legal Polyglot word kept as a move.
Add = Callable[[int, int, list[Cell], int, int, int], None]


def recorder(search: Search, line: Line, cross_scores: list[Any]) -> Callable[[int], None]:
    """``record(end)``: the word from ``state[1]`` to ``end`` on ``line`` kept if legal."""
    finder, ruleset, squares, tiles, across, cols = search.finder, search.ruleset, line.squares, line.tiles, \
        line.across, search.cols
    points, wm_all, lm_all, blank_on = finder.code_points, search.wm, search.lm, search.blank_on
    cur_code, cur_blank, state, moves, floor = line.cur_code, line.cur_blank, line.state, search.moves, search.floor
    old_cells = [(search.faces[i] or "", blank_on[i], False) for i in squares]  # read only where occupied
    old_points = [0 if tiles[p] < 0 or blank_on[i] else points[tiles[p]] for p, i in enumerate(squares)]
    new_cells = search.new_cells
    inner, min_word, first_tiles, bonuses = ruleset.inner, ruleset.min_word, ruleset.first_play_tiles, ruleset.bonuses
    empty_board, no_langs, top = all(t == EMPTY for t in search.tiles), Languages(), search.top
    add = polyglot_adder(search, line, cross_scores) if finder.polyglot else None

    def record(end: int) -> None:
        start = state[1]
        if end - start < 2:
            return
        total = cross_total = placed = 0
        word_mult = 1
        longest = end - start
        cells = []
        for p in range(start, end):
            if tiles[p] == EMPTY:
                i = squares[p]
                placed += 1
                code, blank = cur_code[p], cur_blank[p]
                cells.append(new_cells[code][blank])
                word_mult *= wm_all[i]
                total += 0 if blank else points[code] * lm_all[i]
                entry = cross_scores[i]
                if entry is not None:
                    best = entry[1][code]
                    cross_total += best[2] if blank else best[0]
                    if entry[2] > longest:
                        longest = entry[2]
            else:
                cells.append(old_cells[p])
                total += old_points[p]
        if (placed == 1 and not across and _has_across_neighbour(tiles, start, end, squares, search.tiles, cols)) \
                or (empty_board and placed < first_tiles) or longest < min_word or (inner is not None and not any(
                    ruleset.in_inner(*divmod(squares[p], cols)) for p in range(start, end) if tiles[p] == EMPTY)):
            return  # a single tile is found across; a first play too short, words too short, off the inner board
        if add is not None:
            add(start, end, cells, word_mult, cross_total, placed)
            return
        score = total * word_mult + cross_total + bonuses.get(placed, 0)
        if score < floor[0]:
            return  # cannot be among the best ``top``
        if len(moves) >= MAX_PLAYS:
            raise too_much(f"keep more than {MAX_PLAYS:,} plays")
        moves.append(_new(Move, (*divmod(squares[start], cols), across, tuple(cells), score, no_langs)))
        if top is not None:
            search.keep(score)

    return record


def polyglot_adder(search: Search, line: Line, cross_scores: list[Any]) -> Add:
    """A Polyglot ``add``: the main word valued over its native tilings in the language searched, each
    cross word designated the language it scored best in; a play found in several languages keeps the
    best (ties: the earlier language)."""
    found, floor, bonuses, top = search.found, search.floor, search.ruleset.bonuses, search.top
    squares, across, cols, lmq, lexicon = line.squares, line.across, search.cols, line.lmq, line.lexicon
    tiles, cur_code, cur_blank, main_lang = line.tiles, line.cur_code, line.cur_blank, lexicon.lang
    rank = {lang: i for i, lang in enumerate(search.finder.langs)}
    my_rank = rank[main_lang]
    langs_cache = search.langs_cache.setdefault(main_lang, {})

    def add(start: int, end: int, cells: list[Cell], word_mult: int, cross_total: int, placed: int) -> None:
        word = "".join([c[0] for c in cells])
        blanks = [c[1] for c in cells]
        score = best_subtotal(lexicon.units(word), lmq[start:end], blanks, word_mult) + cross_total + \
            bonuses.get(placed, 0)
        if score < floor[0]:
            return  # cannot be among the best ``top``
        key = (across, squares[start], tuple(cells))
        old = found.get(key)
        if old is not None and (old.score > score or (
                old.score == score and rank.get(old.langs.default or "", 0) <= my_rank)):
            return  # found in another language scoring as much: ties go to the earlier language
        if top is not None and old is None:
            search.keep(score)  # a play found again in another language is counted once
        words = []  # each cross word in the language it scores best in, when another
        for p in range(start, end):
            entry = cross_scores[squares[p]] if tiles[p] == EMPTY else None
            if entry is not None:
                best = entry[1][cur_code[p]]
                lang = best[3] if cur_blank[p] else best[1]
                if lang != main_lang:
                    words.append((entry[3], lang))
        designations = tuple(words)
        langs = langs_cache.get(designations)
        if langs is None:
            langs = langs_cache[designations] = Languages(main_lang, designations)
        if old is None and len(found) >= MAX_PLAYS:
            raise too_much(f"keep more than {MAX_PLAYS:,} plays")
        row, col = divmod(squares[start], cols)
        found[key] = _new(Move, (row, col, across, key[2], score, langs))

    return add


def _has_across_neighbour(tiles: list[int], start: int, end: int, squares: list[int], board_tiles: list[int],
                          cols: int) -> bool:
    for p in range(start, end):
        if tiles[p] == EMPTY:
            i = squares[p]
            col = i % cols
            return (col > 0 and board_tiles[i - 1] != EMPTY) or (col < cols - 1 and board_tiles[i + 1] != EMPTY)
    return False
