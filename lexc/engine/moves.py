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

import functools
import heapq
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from lexc.engine.board import Board
from lexc.engine.notation import BLANK, BoardTile, Languages, Play, Through, format_position, parse_rack
from lexc.engine.ruleset import Ruleset
from lexc.engine.scoring import PlayResult, Unit, score_play, units_value
from lexc.errors import LexcError, Problem
from lexc.lexicon.walk import BOARD_LETTERS, FINAL, Walk

if TYPE_CHECKING:
    from lexc.catalog import Catalog, Language

__all__ = ["Move", "MoveFinder", "best_moves"]

#: A native tiling for scoring: (points, number of board tiles) per native tile.
Units = tuple[Unit, ...]


class Move(NamedTuple):
    """A legal play found by the generator, with its score.

    ``cells`` has one ``(face, blank, new)`` per square of the main word; ``langs`` the language
    designations of its words (Polyglot; empty in an ordinary game).
    """

    row: int
    col: int
    across: bool
    cells: tuple[tuple[str, bool, bool], ...]
    score: int
    langs: Languages = Languages()

    @property
    def play(self) -> Play:
        """The move as a :class:`lexc.notation.Play` (letters already on the board in parentheses)."""
        cells = tuple(BoardTile(face, blank) if new else Through(face, blank) for face, blank, new in self.cells)
        return Play(self.row, self.col, self.across, cells, self.langs)

    @property
    def tiles_played(self) -> int:
        return sum(new for _, _, new in self.cells)

    @property
    def placements(self) -> frozenset[tuple[int, int, str, bool]]:
        """``(row, col, face, blank)`` of each tile placed: the move whatever its notation."""
        dr, dc = (0, 1) if self.across else (1, 0)
        return frozenset((self.row + dr * i, self.col + dc * i, face, blank)
                         for i, (face, blank, new) in enumerate(self.cells) if new)

    def result(self, board: Board, ruleset: Ruleset | None = None, *, catalog: Catalog | None = None,
               lexicons: Mapping[str, Any] | None = None) -> PlayResult:
        """The move scored and explained by :func:`lexc.engine.scoring.score_play` on ``board``."""
        return score_play(board, self.play, ruleset or board.ruleset, catalog=catalog, lexicons=lexicons)

    def __str__(self) -> str:
        return str(self.play)

    def to_json(self) -> dict[str, object]:
        return {"play": str(self.play), "position": format_position(self.row, self.col, self.across),
                "word": self.play.word, "score": self.score, "tiles_played": self.tiles_played,
                "langs": self.langs.to_json()}


@dataclass(frozen=True, slots=True)
class _Lexicon:
    """One language's walk and how its words score (Polyglot: per board spelling)."""

    lang: str
    walk: Walk
    units: Callable[[str], list[Units]]
    #: At least what each board letter of a word adds to its value in this language before premiums
    #: (a native tile of several letters scores once: each letter may carry its full points); None when
    #: words score on the board set's own values, letter by letter (exact). :func:`_letter_bound`.
    letter_bound: tuple[int, ...] | None = None


class MoveFinder:
    """Finds every legal play of a rack on a board of ``ruleset``.

    Build it with :meth:`from_packs` (the shipped way) or :meth:`from_walks` (tests). In an
    ordinary game one language (the board's tiles) is used; in Polyglot ``lexicons`` lists the
    allowed languages in order of preference for ties.
    """

    def __init__(self, ruleset: Ruleset, lexicons: Sequence[_Lexicon]):
        if not lexicons:
            raise LexcError("no lexicon to search: build a pack (`lexc build LANG`)")
        self.ruleset = ruleset
        self.lexicons = tuple(lexicons)
        self.polyglot = ruleset.polyglot is not None
        self.points = dict(ruleset.spec.values)
        self.alphabet = BOARD_LETTERS if self.polyglot else self.lexicons[0].walk.alphabet
        self.codes = {face: i for i, face in enumerate(self.alphabet)}
        self.code_points = [self.points.get(face, 0) for face in self.alphabet]

    # ------------------------------------------------------------------ construction

    @classmethod
    def from_walks(cls, ruleset: Ruleset, walks: Mapping[str, Walk], lexicons: Mapping[str, Any] | None = None,
                   *, catalog: Catalog) -> MoveFinder:
        """A finder over given walks (board-letter walks in Polyglot, tile walks otherwise); words score
        on their default tiling, or on ``lexicons[lang].spellings`` when given; ``catalog`` gives the
        languages."""
        made = []
        for lang, walk in walks.items():
            language, lexicon = catalog.language(lang), (lexicons or {}).get(lang)
            made.append(_Lexicon(lang, walk, _units_function(ruleset, language, lexicon),
                                 _letter_bound(ruleset, language, lexicon)))
        return cls(ruleset, made)

    @classmethod
    def from_packs(cls, ruleset: Ruleset, catalog: Catalog, langs: Sequence[str] | None = None) -> MoveFinder:
        """A finder over the catalog's packs: the board's language in an ordinary game; in Polyglot
        ``langs`` (default: every language with a pack, the ruleset's default language first)."""
        from lexc.lexicon.walk import walk_of

        if ruleset.polyglot is None:
            if langs and list(langs) != [ruleset.tiles]:
                raise LexcError(Problem(None, None, "langs", f"an ordinary {ruleset.spec.name} game "
                                                                f"uses only {ruleset.tiles}"))
            pack = catalog.pack(ruleset.tiles)
            return cls(ruleset, [_Lexicon(ruleset.tiles, walk_of(pack, "tiles"),
                                          _units_function(ruleset, ruleset.language, pack),
                                          _letter_bound(ruleset, ruleset.language, pack))])
        if not langs:
            default = ruleset.polyglot.default_lang
            langs = sorted((lg for lg in catalog.pack_languages() if catalog.has_spec(lg)),
                           key=lambda lg: (lg != default, lg))
            if not langs:
                raise LexcError(Problem(str(catalog.packs_dir), None, None, "no packs: run `lexc build LANG`"))
        lexicons = []
        for lang in dict.fromkeys(langs):
            language = catalog.language(lang)
            pack = catalog.pack(lang)
            lexicons.append(_Lexicon(lang, walk_of(pack, "board"), _units_function(ruleset, language, pack),
                                     _letter_bound(ruleset, language, pack)))
        return cls(ruleset, lexicons)

    @property
    def langs(self) -> tuple[str, ...]:
        return tuple(lx.lang for lx in self.lexicons)

    # ------------------------------------------------------------------ the search

    def rack_codes(self, rack: str | Sequence[str]) -> tuple[list[int], int]:
        """Counts per code and number of blanks of a rack (notation, or faces with ``?``)."""
        spec = self.ruleset.spec
        tiles = parse_rack(rack, spec, source=f"rack {rack}") if isinstance(rack, str) else tuple(rack)
        if len(tiles) > self.ruleset.rack_size:
            raise LexcError(Problem(None, None, "rack", f"{len(tiles)} tiles: a rack holds at most "
                                                        f"{self.ruleset.rack_size} in {self.ruleset.name}"))
        counts = [0] * len(self.alphabet)
        blanks = 0
        for face in tiles:
            if face == BLANK:
                blanks += 1
            elif face in self.codes:
                counts[self.codes[face]] += 1
            else:
                raise LexcError(Problem(None, None, "rack", f"{face} is not a tile of the {spec.name} set"))
        most = self.ruleset.bag().get(BLANK, 0)
        if blanks > most:  # more cannot be drawn; each blank multiplies the search by the alphabet
            raise LexcError(Problem(None, None, "rack", f"{blanks} blanks: the {self.ruleset.name} bag holds {most}"))
        return counts, blanks

    def moves(self, board: Board, rack: str | Sequence[str], *, top: int | None = None) -> list[Move]:
        """Every legal play of ``rack`` on ``board``, best first (ties: by position, then tiles); with
        ``top``, only the first ``top`` of that list, found without generating the plays that cannot
        reach them (a branch is left as soon as an upper bound of its plays' scores falls below the
        ``top``-th best score found so far: docs/moves.md, "Best first")."""
        if top is not None and top < 1:
            raise LexcError(Problem(None, None, "top", f"ask for at least one play, not {top}"))
        ruleset = self.ruleset
        if (board.rows, board.cols, board.ruleset.tiles) != (ruleset.rows, ruleset.cols, ruleset.tiles):
            raise LexcError(Problem(None, None, "board", f"a {board.rows}×{board.cols} board of {board.ruleset.tiles} "
                                                         f"tiles, not {ruleset.name}'s ({ruleset.rows}×{ruleset.cols}, "
                                                         f"{ruleset.tiles} tiles)"))
        counts, blanks = self.rack_codes(rack)
        search = _Search(self, board, counts, blanks, top)
        found = search.run()
        found.sort(key=_order)
        return found if top is None else found[:top]


def _order(move: Move) -> tuple[object, ...]:
    """Best first; among equal scores by position (row, column, across first), then tiles."""
    return (-move.score, move.row, move.col, not move.across, move.cells)


def board_from_text(text: str, ruleset: Ruleset, source: str = "<board>") -> Board:
    """A board written as text, one line per row as :meth:`Board.__str__` writes it: ``.`` for an empty
    square, a tile's face, a blank in lower case, a tile of several letters bracketed (``[CH]``) or as
    its face; blank lines and lines starting with ``#`` are skipped.

    >>> board = board_from_text("\\n".join(["." * 15] * 7 + ["...QUITe......."] + ["." * 15] * 7),
    ...                         catalog.ruleset("standard"))
    >>> board[7, 3], board[7, 7]
    (BoardTile(face='Q', blank=False), BoardTile(face='E', blank=True))
    """
    from lexc.engine.notation import parse_word

    spec = ruleset.spec
    lines = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1)
             if line.strip() and not line.lstrip().startswith("#")]
    if len(lines) != ruleset.rows:
        raise LexcError(Problem(source, None, None, f"{len(lines)} rows: a {ruleset.name} board has {ruleset.rows}"))
    squares: list[BoardTile | None] = []
    for number, line in lines:
        cells = parse_word(line, spec, source=source, line=number)
        if len(cells) != ruleset.cols:
            raise LexcError(Problem(source, number, None, f"{len(cells)} squares: a row has {ruleset.cols}"))
        for cell in cells:
            if isinstance(cell, Through) and cell.face is not None:
                raise LexcError(Problem(source, number, None, "write tiles or '.', without parentheses"))
            squares.append(cell if isinstance(cell, BoardTile) else None)
    return Board(ruleset, tuple(squares))


def best_moves(board: Board, rack: str, catalog: Catalog, ruleset: Ruleset | None = None, *,
               langs: Sequence[str] | None = None, top: int | None = None) -> list[Move]:
    """The best ``top`` plays (all when None) of ``rack`` on ``board``, from the catalog's packs, best first.

    With ``top`` the search skips what cannot reach the ``top``-th best score (:meth:`MoveFinder.moves`);
    the list is exactly the first ``top`` of the full one. ``langs``: Polyglot's allowed languages
    (default: every language with a pack). To search many positions, build one :class:`MoveFinder`
    (:meth:`MoveFinder.from_packs`) and call its :meth:`~MoveFinder.moves` with ``top``.

    >>> from lexc.lexicon.compiler import compile_words
    >>> import tempfile
    >>> packs = catalog.with_packs(tempfile.mkdtemp())
    >>> _ = compile_words(packs.language("en"), ["quite", "quiet", "qi", "tie"], packs.pack_path("en"))
    >>> [(str(m), m.score) for m in best_moves(Board.empty(packs.ruleset("standard")), "QUITE", packs, top=2)]
    [('H4 QUIET', 48), ('H4 QUITE', 48)]
    """
    ruleset = ruleset or board.ruleset
    return MoveFinder.from_packs(ruleset, catalog, langs).moves(board, rack, top=top)


# --------------------------------------------------------------------------- scoring words


#: Words whose tilings a finder keeps per language (then it starts afresh).
_CACHE_LIMIT = 200_000


def _units_function(ruleset: Ruleset, language: Language, lexicon: Any) -> Callable[[str], list[Units]]:
    """How a board spelling valid in ``lang`` is tiled for scoring, as :func:`score_play` does.

    The board's own language, and a language without official values, score each board tile
    with the board set's values; another language scores every native spelling the lexicon
    gives (the best wins), else the normaliser's tiling.
    """
    board_points = ruleset.spec.values
    lang, spec = language.code, language.spec
    cache: dict[str, list[Units]] = {}

    def on_board(word: str) -> list[Units]:
        units = cache.get(word)
        if units is None:
            if len(cache) > _CACHE_LIMIT:
                cache.clear()
            units = cache[word] = [tuple((board_points.get(c, 0), 1) for c in word)]
        return units

    if ruleset.polyglot is None or lang == ruleset.tiles or not spec.official:
        return on_board

    records = getattr(lexicon, "records", None)  # a pack's tilings, without building Spelling objects
    points = getattr(lexicon, "points", None)

    def native(word: str) -> list[Units]:
        units = cache.get(word)
        if units is None and records is not None and points is not None:
            found = []
            for _native, tiling in records(word):
                at, tiles = 0, []
                for face, width in tiling:
                    tiles.append((points(face, word[at:at + width]), width))
                    at += width
                found.append(tuple(tiles))
            if found:
                if len(cache) > _CACHE_LIMIT:
                    cache.clear()
                cache[word] = units = found
        if units is None:
            spellings = lexicon.spellings(word) if lexicon is not None else []
            if not spellings:
                try:
                    spellings = [language.normaliser().spell(word)]
                except LexcError:
                    spellings = []
            units = [tuple((t.points, len(t.board)) for t in s.tiles) for s in spellings if s.board == word]
            units = units or on_board(word)
            cache[word] = units
        return units

    return native


def _letter_bound(ruleset: Ruleset, language: Language, lexicon: Any) -> tuple[int, ...] | None:
    """What each board letter (A–Z) adds at most to a word's value in ``language`` before premiums (None:
    the board set's own values, letter by letter, as :func:`_units_function` scores such a language).

    A native tile scores its points once whatever the number of board letters it is written with, times
    the highest letter premium among them: at most the sum of ``bound × premium`` over its letters when
    each letter's bound is at least the points of every tile that may be written with it (Russian Щ,
    10 points, is SHCH: S, H and C may carry 10), and its board value (a word no tiling is found for
    scores on the board's values). Which letters a tile may be written with: every output of its
    letters' scheme rules whatever the context, or its spelling when the language has no scheme. When
    that cannot be told (a scheme with letter sequences or variants, a tile without points of its own,
    which scores its letters' board values) every letter gets the same, safe, bound.
    """
    spec = language.spec
    if ruleset.polyglot is None or language.code == ruleset.tiles or not spec.official:
        return None
    board_values = ruleset.spec.values
    points: dict[str, int] = {}
    own = getattr(lexicon, "header", None)  # a pack's tile values, as it scores them
    for face, value in [*spec.values.items(),
                        *((t.get("face"), t.get("points")) for t in (own or {}).get("tiles", ()))]:
        if not isinstance(face, str) or not isinstance(value, int):
            points = {}
            break
        points[face] = max(value, points.get(face, 0))
    highest = max([*points.values(), *board_values.values(), 0])
    uniform = tuple(max(highest, max(board_values.values(), default=0) * max(ruleset.letter_multipliers, default=1))
                    for _ in BOARD_LETTERS)
    if not points or len(points) < len(spec.values):
        return uniform
    scheme = language.scheme
    if scheme is not None and (scheme.sequences or scheme.variants):
        return uniform
    bound = {c: board_values.get(c, 0) for c in BOARD_LETTERS}
    for face, value in points.items():
        if scheme is not None:
            written = {c for letter in face for rule in scheme.letters.get(letter, ()) for out in rule.out for c in out}
            if any(letter not in scheme.letters for letter in face):
                return uniform
        else:
            try:
                written = set(language.normaliser().spell(face).board)
            except LexcError:
                return uniform
        for c in written:
            if c not in bound:
                return uniform
            bound[c] = max(bound[c], value)
    return tuple(bound[c] for c in BOARD_LETTERS)


def _best_subtotal(units_list: list[Units], lms: Sequence[int], blanks: Sequence[bool], word_mult: int) -> int:
    """The best subtotal of a word over its native tilings, each valued by the one scorer,
    :func:`lexc.engine.scoring.units_value`: ``lms`` the letter premium of each board tile (1 unless
    placed this turn), ``blanks`` whether it is a blank."""
    best = 0
    for units in units_list:
        value = units_value(units, lms, blanks)
        if value > best:
            best = value
    return best * word_mult


# --------------------------------------------------------------------------- one search

#: Builds a named tuple without its Python-level ``__new__`` (the hot path).
_new = tuple.__new__


_EMPTY, _BLOCK = -1, -2

#: Bounds of one search, whatever the ruleset and rack (a rack of many blanks multiplies the search by
#: the alphabet per blank): left parts kept per language, plays kept by a full enumeration, walk steps.
#: The largest real search (two blanks, five Polyglot languages) keeps 232,844 plays in about 3 M steps.
MAX_LEFT_PARTS = 200_000
MAX_PLAYS = 2_000_000
MAX_STEPS = 30_000_000


def _too_much(what: str) -> LexcError:
    return LexcError(Problem(None, None, "rack", f"this rack would make the search {what}: refused (fewer blanks or "
                                                 "a shorter rack; for plays, ask for the best few)"))

#: A left part: walk node, codes, blank or not per code, rack mask left, blanks left, value of its letters.
_LeftPart = tuple[int, tuple[int, ...], tuple[bool, ...], int, int, int]


class _Search:
    """The state of one search: the board as codes, cross-checks, the rack."""

    def __init__(self, finder: MoveFinder, board: Board, counts: list[int], blanks: int, top: int | None = None):
        self.finder, self.board, self.counts, self.blanks = finder, board, counts, blanks
        self.top = top
        #: Best first: the scores of the ``top`` best distinct plays found so far (a min-heap), and
        #: ``floor[0]``, the lowest of them once there are ``top`` (-1 before): a play scoring less
        #: cannot be among the best ``top``, nor can any play of a branch whose bound is below it.
        self.heap: list[int] = []
        self.floor = [-1]
        self.ahead_cache: dict[tuple[str, bool, int], list[Any]] = {}
        self.steps = [0]  # walk steps so far (at most MAX_STEPS)
        ruleset = finder.ruleset
        self.ruleset = ruleset
        self.rows, self.cols = ruleset.rows, ruleset.cols
        codes = finder.codes
        self.tiles = [_EMPTY if t is None else codes.get(t.face, _BLOCK) for t in board.squares]
        self.faces = [None if t is None else t.face for t in board.squares]
        self.blank_on = [t is not None and t.blank for t in board.squares]
        self.all_letters = (1 << len(finder.alphabet)) - 1
        self.lm, self.wm = ruleset.letter_multipliers, ruleset.word_multipliers
        self.found: dict[tuple[object, ...], Move] = {}  # Polyglot: a play found in several languages
        self.moves: list[Move] = []
        self.langs_cache: dict[str, dict[tuple[tuple[str, str], ...], Languages]] = {}
        self.left_cache: dict[str, list[list[_LeftPart]]] = {}

    # ------------------------------------------------------------------ cross-checks

    def _cross(self, across: bool) -> tuple[list[int], list[Any]]:
        """Per square: the codes allowed there (all when no cross word) and what each scores in its cross word.

        The score entry is None (no cross word) or ``(start, {code: (value, lang, value_if_blank,
        lang_if_blank)}, length, position)`` with ``start`` the flat index of the cross word's first
        square and ``position`` its notation (``H7``).
        """
        rows, cols, tiles = self.rows, self.cols, self.tiles
        size = rows * cols
        masks = [self.all_letters] * size
        scores: list[Any] = [None] * size
        step = cols if across else 1  # the cross word runs down when the main word runs across
        for i in range(size):
            if tiles[i] != _EMPTY:
                continue
            row, col = divmod(i, cols)
            before_ok = row > 0 if across else col > 0
            after_ok = row < rows - 1 if across else col < cols - 1
            has_before = before_ok and tiles[i - step] != _EMPTY
            has_after = after_ok and tiles[i + step] != _EMPTY
            if not (has_before or has_after):
                continue
            start = i
            while (start // cols if across else start % cols) > 0 and tiles[start - step] != _EMPTY:
                start -= step
            end = i
            limit = rows - 1 if across else cols - 1
            while (end // cols if across else end % cols) < limit and tiles[end + step] != _EMPTY:
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
            for code, child in walk.children(node):
                end_node = walk.follow(after, child)
                if end_node < 0 or not walk.final(end_node):
                    continue
                mask |= 1 << code
                if polyglot:
                    word = "".join(alphabet[c] for c in before) + alphabet[code] + "".join(alphabet[c] for c in after)
                    units = lexicon.units(word)
                    value = _best_subtotal(units, lms, blanks, wm)
                    blanks[offset] = True
                    blank_value = _best_subtotal(units, lms, blanks, wm)
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

    def _anchors(self) -> list[bool]:
        rows, cols, tiles = self.rows, self.cols, self.tiles
        if all(t == _EMPTY for t in tiles):
            r, c = self.ruleset.centre
            anchors = [False] * (rows * cols)
            anchors[r * cols + c] = True
            return anchors
        anchors = []
        for i, tile in enumerate(tiles):
            row, col = divmod(i, cols)
            anchors.append(tile == _EMPTY and (
                (col > 0 and tiles[i - 1] != _EMPTY) or (col < cols - 1 and tiles[i + 1] != _EMPTY)
                or (row > 0 and tiles[i - cols] != _EMPTY) or (row < rows - 1 and tiles[i + cols] != _EMPTY)))
        return anchors

    def run(self) -> list[Move]:
        """The plays found: every legal play, or (``top``) at least the best ``top``.

        Best first, each anchor of each line and lexicon is a task with an upper bound of what its plays
        score; the tasks run highest bound first, so the ``top``-th best score found rises fast, and stop
        at the first whose bound is below it.
        """
        anchors = self._anchors()
        rack_size = sum(self.counts) + self.blanks
        phases = [(0, rack_size)]  # (fewest tiles a play places, most)
        if self.top is not None:
            bonus = min((k for k, b in self.ruleset.bonuses.items() if b > 0 and k >= 1), default=rack_size + 1)
            if bonus <= rack_size:  # the plays with a bonus first (they raise the floor), then the others
                phases = [(bonus, rack_size), (0, bonus - 1)]
        crossed = [self._cross(across) for across in (True, False)]
        floor = self.floor
        for need, cap in phases:
            tasks: list[tuple[int, int, Callable[[], None]]] = []
            for across, (masks, scores) in zip((True, False), crossed, strict=True):
                if across:
                    lines = [list(range(r * self.cols, (r + 1) * self.cols)) for r in range(self.rows)]
                else:
                    lines = [list(range(c, self.rows * self.cols, self.cols)) for c in range(self.cols)]
                for lexicon in self.finder.lexicons:
                    for squares in lines:
                        if any(anchors[i] for i in squares):
                            tasks.extend(self._line(lexicon, squares, across, anchors, masks, scores, len(tasks),
                                                    need, cap))
            if self.top is not None:
                tasks.sort(key=lambda task: (-task[0], task[1]))
            for most, _, search in tasks:
                if most < floor[0]:
                    break
                search()
        return self.moves + list(self.found.values())

    def _line(self, lexicon: _Lexicon, squares: list[int], across: bool, anchors: list[bool],
              cross_masks: list[int], cross_scores: list[Any], number: int, need: int = 0,
              cap: int = 99) -> list[tuple[int, int, Callable[[], None]]]:
        """The searches of every word along one line in ``lexicon``'s walk, one per anchor: ``(bound,
        number, search)`` (the bound is 0 when not searching best first); best first, only plays placing
        from ``need`` to ``cap`` tiles.

        Best first (``top``), a branch is left as soon as an upper bound of what its plays score is below
        ``floor[0]`` (:meth:`_ahead` gives the bound's tables).
        """
        walk = lexicon.walk
        wmasks, branches, child_of, root, heights = walk.masks, walk.branches, walk.child, walk.root, walk.heights
        n = len(squares)
        tiles = [self.tiles[i] for i in squares]
        cross = [cross_masks[i] for i in squares]
        counts = self.counts
        all_letters = self.all_letters
        cur_code = [0] * n
        cur_blank = [False] * n
        state = {"anchor": 0, "start": 0}
        record = self._recorder(lexicon, squares, across, tiles, cur_code, cur_blank, cross_scores, state)
        floor = self.floor
        rack_size = sum(counts) + self.blanks
        bound = lexicon.letter_bound
        value = list(self.finder.code_points if bound is None else bound)
        lm_all, wm_all, blank_on = self.lm, self.wm, self.blank_on
        lmq = [lm_all[i] if t == _EMPTY else 1 for t, i in zip(tiles, squares, strict=True)]
        wmq = [wm_all[i] if t == _EMPTY else 1 for t, i in zip(tiles, squares, strict=True)]
        old = [0 if t < 0 or blank_on[i] else value[t] for t, i in zip(tiles, squares, strict=True)]
        cross_exact = [None if t != _EMPTY or cross_scores[i] is None else cross_scores[i][1]
                       for t, i in zip(tiles, squares, strict=True)]
        bonuses = self.ruleset.bonuses
        bonus_upto = [0]
        for k in range(1, rack_size + 1):
            bonus_upto.append(max(bonus_upto[-1], bonuses.get(k, 0)))
        bonus_at = [bonuses.get(k, 0) for k in range(rack_size + 1)]
        bounded = self.top is not None
        steps = self.steps
        cap = min(cap, rack_size)
        top_sum = [0]  # the rack's best letter values added up: j tiles of it are worth at most top_sum[j]
        for v in sorted([value[c] for c, k in enumerate(counts) for _ in range(k)] + [0] * self.blanks, reverse=True):
            top_sum.append(top_sum[-1] + v)
        pre_empty = [0]
        for t in tiles:
            pre_empty.append(pre_empty[-1] + (t == _EMPTY))
        ahead: list[Any] = []
        if bounded:
            key = (lexicon.lang, across, squares[0])
            ahead = self.ahead_cache.get(key) or []
            if not ahead:
                ahead = self.ahead_cache[key] = self._ahead(tiles, lmq, wmq, old, cross_exact, value, rack_size)

        def extend(node: int, pos: int, rmask: int, nblanks: int, acc: int, wmul: int, crossed: int,
                   placed: int, raw: int) -> None:
            steps[0] += 1
            if steps[0] > MAX_STEPS:
                raise _too_much(f"take more than {MAX_STEPS:,} steps")
            while pos < n and tiles[pos] != _EMPTY:  # through the tiles already on the board
                tile = tiles[pos]
                if tile < 0:
                    return
                node = child_of(node, tile)
                if node < 0:
                    return
                acc += old[pos]
                pos += 1
            mask = wmasks[node]
            if bounded:  # best first: can this branch reach the best ``top`` so far, and place ``need`` tiles?
                low_bar = floor[0]
                base, letters, word_mult, crossing = ahead[pos]
                k = pre_empty[pos + heights[node] if pos + heights[node] < n else n] - base
                if k > cap - placed:
                    k = cap - placed
                if placed + k < need:
                    return
                if low_bar > 0 and ((acc + top_sum[placed + k] - raw + letters[k]) * wmul * word_mult[k] + crossed
                                    + crossing[k] + bonus_upto[placed + k]) < low_bar:
                    return
                if pos > state["anchor"] and mask & FINAL and placed >= need and (
                        low_bar <= 0 or acc * wmul + crossed + bonus_at[placed] >= low_bar):
                    record(pos)
            elif pos > state["anchor"] and mask & FINAL:
                record(pos)
            if pos >= n or placed >= cap:
                return
            lm, wm, exact = lmq[pos], wmul * wmq[pos], cross_exact[pos]
            for code, child in branches(node, cross[pos] & (all_letters if nblanks else rmask)):
                cur_code[pos] = code
                if counts[code]:
                    counts[code] -= 1
                    cur_blank[pos] = False
                    extend(child, pos + 1, rmask if counts[code] else rmask ^ (1 << code), nblanks,
                           acc + value[code] * lm,
                           wm, crossed + exact[code][0] if exact else crossed, placed + 1, raw + value[code])
                    counts[code] += 1
                if nblanks:
                    cur_blank[pos] = True
                    extend(child, pos + 1, rmask, nblanks - 1, acc, wm, crossed + exact[code][2] if exact else crossed,
                           placed + 1, raw)

        rmask0 = sum(1 << c for c, k in enumerate(counts) if k)
        left_parts = self._left_parts(lexicon)

        def through(anchor: int) -> None:
            """Words whose left part is the tiles already before the anchor."""
            state["anchor"] = anchor
            start = anchor - 1
            while start > 0 and tiles[start - 1] != _EMPTY:
                start -= 1
            node = root
            for tile in tiles[start:anchor]:
                node = walk.child(node, tile) if tile >= 0 else -1
                if node < 0:
                    return
            state["start"] = start
            extend(node, anchor, rmask0, self.blanks, sum(old[start:anchor]), 1, 0, 0, 0)

        def free(anchor: int, limit: int) -> None:
            """Words whose left part is made from the rack on the free squares before the anchor."""
            state["anchor"] = anchor
            here = cross[anchor]
            base, letters, word_mult, crossing = ahead[anchor] if ahead else (0, (), (), ())
            for length, parts in enumerate(left_parts[:min(limit, cap - 1) + 1]):
                state["start"] = begin = anchor - length
                left_lm, left_wm = max(lmq[begin:anchor], default=1), 1
                for j in range(begin, anchor):
                    left_wm *= wmq[j]
                k = min(pre_empty[n] - base, cap - length) if ahead else 0
                if length + k < need:
                    continue
                room = cap - length
                for node, codes, blanks, rmask, nblanks, raw in parts:
                    if not wmasks[node] & here & (all_letters if nblanks else rmask):
                        continue  # nothing of the rack can go on the anchor after this left part
                    if ahead:
                        low_bar = floor[0]
                        if low_bar > 0 and (raw * left_lm + top_sum[length + k] - raw + letters[k]) * left_wm * \
                                word_mult[k] + crossing[k] + \
                                bonus_upto[length + k] < low_bar:
                            break  # parts come by letter value, highest first: none of the rest reaches the top
                        reach = anchor + heights[node]
                        j = pre_empty[reach if reach < n else n] - base
                        if j > room:
                            j = room
                        if length + j < need or (low_bar > 0 and (raw * left_lm + top_sum[length + j] - raw
                                                                  + letters[j]) * left_wm * word_mult[j]
                                                 + crossing[j] + bonus_upto[length + j] < low_bar):
                            continue
                    acc, wmul = 0, 1
                    for j, code in enumerate(codes):
                        cur_code[begin + j] = code
                        cur_blank[begin + j] = blanks[j]
                        wmul *= wmq[begin + j]
                        if not blanks[j]:
                            counts[code] -= 1
                            acc += value[code] * lmq[begin + j]
                    extend(node, anchor, rmask, nblanks, acc, wmul, 0, length, raw)
                    for j, code in enumerate(codes):
                        if not blanks[j]:
                            counts[code] += 1

        tasks: list[tuple[int, int, Callable[[], None]]] = []
        for anchor in range(n):
            if not anchors[squares[anchor]]:
                continue
            most = 0
            if anchor > 0 and tiles[anchor - 1] != _EMPTY:
                if ahead:
                    base, letters, word_mult, crossing = ahead[anchor]
                    start = anchor - 1
                    while start > 0 and tiles[start - 1] != _EMPTY:
                        start -= 1
                    k = min(pre_empty[n] - base, cap)
                    if k < need:
                        continue
                    most = (sum(old[start:anchor]) + top_sum[k] + letters[k]) * word_mult[k] + crossing[k] + \
                        bonus_upto[k]
                tasks.append((most, number + len(tasks), functools.partial(through, anchor)))
                continue
            limit = 0
            while (limit < anchor and limit < rack_size - 1 and tiles[anchor - limit - 1] == _EMPTY
                   and not anchors[squares[anchor - limit - 1]]):
                limit += 1
            if ahead:
                base, letters, word_mult, crossing = ahead[anchor]
                most = -1
                for length, parts in enumerate(left_parts[:min(limit, cap - 1) + 1]):
                    k = min(pre_empty[n] - base, cap - length)
                    if parts and length + k >= need:
                        left_wm = 1
                        for j in range(anchor - length, anchor):
                            left_wm *= wmq[j]
                        raw = parts[0][5]
                        most = max(most, (raw * max(lmq[anchor - length:anchor], default=1) + top_sum[length + k] - raw
                                          + letters[k])
                                   * left_wm * word_mult[k] + crossing[k] + bonus_upto[length + k])
            if most >= 0:
                tasks.append((most, number + len(tasks), functools.partial(free, anchor, limit)))
        return tasks

    def _ahead(self, tiles: list[int], lmq: list[int], wmq: list[int], old: list[int],
               cross_exact: list[Any], value: list[int], rack_size: int) -> list[Any]:
        """The bound's tables for each empty square ``pos`` of a line (where a word goes on with rack tiles):
        ``(base, letters, word_mult, crossing)``; None for the other squares.

        The next ``j`` tiles placed from ``pos`` fill the first ``j`` empty squares from ``pos`` on (a
        word has no gaps). ``base``: empty squares before ``pos``; for ``j`` tiles, ``letters[j]`` is at
        most what the main word gains beyond the tiles' own values (what the rack's best letters gain from
        those squares' letter premiums, best on best, and the board tiles up to the next empty square;
        the tiles' values are bounded apart: ``top_sum``, less those placed already), ``word_mult[j]`` their
        word premiums multiplied, ``crossing[j]`` the best cross word a tile of the rack makes on each.
        Each grows with ``j``.
        """
        n = len(tiles)
        counts = self.counts
        values = sorted([value[c] for c, k in enumerate(counts) for _ in range(k)] + [0] * self.blanks, reverse=True)
        gaps = [p for p in range(n) if tiles[p] == _EMPTY]
        held = {c for c, k in enumerate(counts) if k}
        blanks = self.blanks
        pre_old = [0]
        for v in old:
            pre_old.append(pre_old[-1] + v)
        tables: list[Any] = [None] * (n + 1)
        for g, pos in enumerate(gaps):
            letters, word_mult, crossing = [0], [1], [0]
            premiums: list[int] = []
            extra = 0
            for j, square in enumerate(gaps[g:g + rack_size], 1):
                if lmq[square] > 1:
                    premiums.append(lmq[square])
                    premiums.sort(reverse=True)
                    extra = sum((m - 1) * values[i] for i, m in enumerate(premiums[:len(values)]))
                following = gaps[g + j] if g + j < len(gaps) else n
                letters.append(extra + pre_old[following] - pre_old[pos])
                word_mult.append(word_mult[-1] * wmq[square])
                entry = cross_exact[square]
                best = 0  # the best cross word a tile of this rack makes on the square (a blank: any letter)
                if entry:
                    best = max([v[0] for c, v in entry.items() if c in held]
                               + ([v[2] for v in entry.values()] if blanks else []), default=0)
                crossing.append(crossing[-1] + best)
            tables[pos] = (g, letters, word_mult, crossing)
        tables[n] = (len(gaps), [0], [1], [0])
        return tables

    def _left_parts(self, lexicon: _Lexicon) -> list[list[_LeftPart]]:
        """Every prefix of a word the rack can make, by length (at most the rack's size less one):
        ``(node, codes, blanks, rack mask left, blanks left, value)``, highest value (its letters' values
        in the lexicon's bound, blanks 0) first. The same for every anchor whose left part lies on free
        squares, so it is enumerated once per search and lexicon."""
        cached = self.left_cache.get(lexicon.lang)
        if cached is not None:
            return cached
        walk = lexicon.walk
        branches = walk.branches
        counts, all_letters = self.counts, self.all_letters
        most = sum(counts) + self.blanks - 1
        parts: list[list[tuple[int, tuple[int, ...], tuple[bool, ...], int, int]]] = [[] for _ in range(most + 1)]

        made = [0]

        def grow(node: int, codes: tuple[int, ...], blanks: tuple[bool, ...], rmask: int, nblanks: int) -> None:
            made[0] += 1
            if made[0] > MAX_LEFT_PARTS:
                raise _too_much(f"keep more than {MAX_LEFT_PARTS:,} beginnings of words")
            parts[len(codes)].append((node, codes, blanks, rmask, nblanks))
            if len(codes) >= most:
                return
            for code, child in branches(node, all_letters if nblanks else rmask):
                if counts[code]:
                    counts[code] -= 1
                    grow(child, (*codes, code), (*blanks, False), rmask if counts[code] else rmask ^ (1 << code),
                         nblanks)
                    counts[code] += 1
                if nblanks:
                    grow(child, (*codes, code), (*blanks, True), rmask, nblanks - 1)

        if most >= 0:
            grow(walk.root, (), (), sum(1 << c for c, k in enumerate(counts) if k), self.blanks)
        bound = lexicon.letter_bound
        value = self.finder.code_points if bound is None else bound
        # each with its letters' value (blanks 0), highest first: a best-first search stops at the first too low
        valued = [sorted(((*part, sum(value[c] for c, b in zip(part[1], part[2], strict=True) if not b))
                          for part in by_length), key=lambda part: -part[5]) for by_length in parts]
        self.left_cache[lexicon.lang] = valued
        return valued

    # ------------------------------------------------------------------ recording a move

    def _recorder(self, lexicon: _Lexicon, squares: list[int], across: bool, tiles: list[int],
                  cur_code: list[int], cur_blank: list[bool], cross_scores: list[Any],
                  state: dict[str, int]) -> Callable[[int], None]:
        finder, ruleset = self.finder, self.ruleset
        polyglot = finder.polyglot
        points = finder.code_points
        alphabet = finder.alphabet
        lm_all, wm_all = self.lm, self.wm
        blank_on = self.blank_on
        cols = self.cols
        found = self.found
        inner, min_word, first_tiles = ruleset.inner, ruleset.min_word, ruleset.first_play_tiles
        empty_board = all(t == _EMPTY for t in self.tiles)
        bonuses = ruleset.bonuses

        old_cells = [(self.faces[i] or "", blank_on[i], False) for i in squares]  # read only where occupied
        old_points = [0 if tiles[p] < 0 or blank_on[i] else points[tiles[p]] for p, i in enumerate(squares)]
        new_cells = [((face, False, True), (face, True, True)) for face in alphabet]
        moves = self.moves
        main_lang = lexicon.lang
        no_langs = Languages()
        line_lms = [lm_all[i] if tiles[p] == _EMPTY else 1 for p, i in enumerate(squares)]
        langs_cache = self.langs_cache.setdefault(main_lang, {})
        floor, heap, top = self.floor, self.heap, self.top
        rank = {lang: i for i, lang in enumerate(finder.langs)}
        my_rank = rank[main_lang]

        def keep(score: int) -> None:
            """Count a new play's score among the best ``top`` so far, and raise the floor when full."""
            if top is None:
                return
            if len(heap) < top:
                heapq.heappush(heap, score)
                if len(heap) == top:
                    floor[0] = heap[0]
            elif score > heap[0]:
                heapq.heapreplace(heap, score)
                floor[0] = heap[0]

        def record(end: int) -> None:
            start = state["start"]
            if end - start < 2:
                return
            total = cross_total = placed = 0
            word_mult = 1
            longest = end - start
            cells = []
            for p in range(start, end):
                if tiles[p] == _EMPTY:
                    i = squares[p]
                    placed += 1
                    code, blank = cur_code[p], cur_blank[p]
                    cells.append(new_cells[code][blank])
                    word_mult *= wm_all[i]
                    value = 0 if blank else points[code] * lm_all[i]
                    total += value
                    entry = cross_scores[i]
                    if entry is not None:
                        best = entry[1][code]
                        cross_total += best[2] if blank else best[0]
                        if entry[2] > longest:
                            longest = entry[2]
                else:
                    cells.append(old_cells[p])
                    total += old_points[p]
            if placed == 1 and not across and _has_across_neighbour(tiles, start, end, squares, self.tiles, cols):
                return  # the same single tile is found across
            if (empty_board and placed < first_tiles) or longest < min_word:
                return
            if inner is not None and not any(ruleset.in_inner(*divmod(squares[p], cols))
                                             for p in range(start, end) if tiles[p] == _EMPTY):
                return
            row, col = divmod(squares[start], cols)
            if not polyglot:
                score = total * word_mult + cross_total + bonuses.get(placed, 0)
                if score < floor[0]:
                    return  # cannot be among the best ``top``
                if len(moves) >= MAX_PLAYS:
                    raise _too_much(f"keep more than {MAX_PLAYS:,} plays")
                moves.append(_new(Move, (row, col, across, tuple(cells), score, no_langs)))
                if top is not None:
                    keep(score)
                return
            word = "".join([c[0] for c in cells])
            lms = line_lms[start:end]
            blanks = [c[1] for c in cells]
            score = _best_subtotal(lexicon.units(word), lms, blanks, word_mult) + cross_total + bonuses.get(placed, 0)
            if score < floor[0]:
                return  # cannot be among the best ``top``
            key = (across, squares[start], tuple(cells))
            old = found.get(key)
            if old is not None and (old.score > score or (
                    old.score == score and rank.get(old.langs.default or "", 0) <= my_rank)):
                return  # found in another language scoring as much: ties go to the earlier language
            if top is not None and old is None:
                keep(score)  # a play found again in another language is counted once
            words = []
            for p in range(start, end):
                entry = cross_scores[squares[p]] if tiles[p] == _EMPTY else None
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
                raise _too_much(f"keep more than {MAX_PLAYS:,} plays")
            found[key] = _new(Move, (row, col, across, key[2], score, langs))

        return record


def _has_across_neighbour(tiles: list[int], start: int, end: int, squares: list[int], board_tiles: list[int],
                          cols: int) -> bool:
    for p in range(start, end):
        if tiles[p] == _EMPTY:
            i = squares[p]
            col = i % cols
            return (col > 0 and board_tiles[i - 1] != _EMPTY) or (col < cols - 1 and board_tiles[i + 1] != _EMPTY)
    return False
