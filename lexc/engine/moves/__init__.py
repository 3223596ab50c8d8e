"""Every legal play of a rack on a board, scored: the move generator.

The search is Appel and Jacobson's: on each line of the board, from each *anchor* (an empty
square next to a tile, or the centre of an empty board), a left part is built from the rack
on the free squares before the anchor (or read from the tiles already there), then extended
to the right through the board's tiles and the rack's, one step of a :class:`lexc.lexicon.walk.Walk`
per tile (:meth:`~lexc.lexicon.walk.Walk.branches`: the arcs the rack and the square allow). A tile
may go on a square only when the word it makes across the line (its *cross word*) is a word: the
square's cross-check, computed once per position.

* **Ordinary games** (any shipped language): the walk is over the language's own tiles
  (Spanish CH, Hungarian SZ are one tile each) and every board tile is one native tile.
* **Polyglot**: the walks are over board letters A–Z, one per allowed language. A square's
  cross-check is the union over the languages of the letters that make a valid cross word in
  one of them; the main word is searched in each language's walk in turn. Each word of a play
  is designated the language, among those in which it is valid, where it scores highest
  (rules 3 and 4 of DESIGN.md: a native tile spelled by several board tiles scores once, times
  the highest letter premium among its new tiles, 0 if any of them is a blank; among several
  native words of one spelling the best); ties go to the earlier language of the list.

Scores are computed as the moves are found, by the one scorer of :mod:`lexc.engine.scoring`: a
Polyglot word's native tilings are valued by :func:`~lexc.engine.scoring.units_value` (the best
wins); in an ordinary game every board tile is one native tile, and the search adds up
``units_value``'s terms for such tiles (points times the letter premium of a tile placed this turn,
0 for a blank) one tile at a time as it steps. :func:`~lexc.engine.scoring.score_play` is the
reference: the tests score every generated play with it and compare, and :meth:`Move.result` gives
a move's full explanation from it.

The modules, in the order a search runs: ``finder`` (:class:`MoveFinder`, :func:`best_moves`,
:func:`board_from_text`), ``words`` (how a language's words are valued), ``state`` (one search:
the board as codes, cross-checks, anchors, left parts, what is found), ``generate`` (the lines,
anchors and walk steps), ``tables`` (one line's tables and the best-first bounds), ``record`` (a
word checked and kept as a :class:`Move`), ``move`` (:class:`Move`).

>>> from lexc import Board, Catalog
>>> from lexc.lexicon.walk import Walk
>>> catalog = Catalog.shipped()
>>> std = catalog.ruleset("standard")
>>> walk = Walk.from_words(["QUITE", "QI", "QUIT", "TIE", "QUIET"])
>>> finder = MoveFinder.from_walks(std, {"en": walk}, catalog=catalog)
>>> [(str(m), m.score) for m in finder.moves(Board.empty(std), "QUITE")[:3]]
[('H4 QUIET', 48), ('H4 QUITE', 48), ('8D QUIET', 48)]
"""

from __future__ import annotations

from lexc.engine.moves.finder import MoveFinder, best_moves, board_from_text
from lexc.engine.moves.move import Move

__all__ = ["Move", "MoveFinder", "best_moves", "board_from_text"]
