"""Every legal play of a rack on a board, scored: the move generator.

The search is Appel and Jacobson's: on each line of the board, from each *anchor* (an empty
square next to a tile, or the centre of an empty board), a left part is built from the rack
on the free squares before the anchor (or read from the tiles already there), then extended
to the right through the board's tiles and the rack's, one step of a :class:`lexc.walk.Walk`
per tile. A tile may go on a square only when the word it makes across the line (its
*cross word*) is a word: the square's cross-check, computed once per position.

* **Ordinary games** (any shipped language): the walk is over the language's own tiles
  (Spanish CH, Hungarian SZ are one tile each) and every board tile is one native tile.
* **Polyglot**: the walks are over board letters A–Z, one per allowed language. A square's
  cross-check is the union over the languages of the letters that make a valid cross word in
  one of them; the main word is searched in each language's walk in turn. Each word of a play
  is designated the language, among those in which it is valid, where it scores highest
  (rules 3 and 4 of DESIGN.md: a native tile spelled by several board tiles scores once, times
  the highest letter premium among its new tiles, 0 if any of them is a blank; among several
  native words of one spelling the best); ties go to the earlier language of the list.

Scores are computed as the moves are found, by the rules of :func:`lexc.engine.scoring.score_play`,
which is the reference: the tests score every generated play with it and compare, and
:meth:`Move.result` gives a move's full explanation from it.

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

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from lexc.engine.board import Board
from lexc.engine.notation import BLANK, BoardTile, Languages, Play, Through, format_position, parse_rack
from lexc.engine.ruleset import Ruleset
from lexc.errors import LexcError, Problem
from lexc.lexicon.walk import BOARD_LETTERS, FINAL, Walk

if TYPE_CHECKING:
    from lexc.catalog import Catalog, Language
    from lexc.engine.scoring import PlayResult

__all__ = ["Move", "MoveFinder", "best_moves"]

#: A native tiling for scoring: (points, number of board tiles) per native tile.
Units = tuple[tuple[int, int], ...]


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
        from lexc.engine.scoring import score_play

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
        return cls(ruleset, [_Lexicon(lang, walk, _units_function(ruleset, catalog.language(lang),
                                                                  (lexicons or {}).get(lang)))
                             for lang, walk in walks.items()])

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
                                          _units_function(ruleset, ruleset.language, pack))])
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
            lexicons.append(_Lexicon(lang, walk_of(pack, "board"), _units_function(ruleset, language, pack)))
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

    def moves(self, board: Board, rack: str | Sequence[str]) -> list[Move]:
        """Every legal play of ``rack`` on ``board``, best first (ties: by position, then tiles)."""
        ruleset = self.ruleset
        if (board.rows, board.cols, board.ruleset.tiles) != (ruleset.rows, ruleset.cols, ruleset.tiles):
            raise LexcError(Problem(None, None, "board", f"a {board.rows}×{board.cols} board of {board.ruleset.tiles} "
                                                         f"tiles, not {ruleset.name}'s ({ruleset.rows}×{ruleset.cols}, "
                                                         f"{ruleset.tiles} tiles)"))
        counts, blanks = self.rack_codes(rack)
        search = _Search(self, board, counts, blanks)
        found = search.run()
        found.sort(key=_order)
        return found


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
    """The best ``top`` plays (all when None) of ``rack`` on ``board``, from the catalog's packs."""
    ruleset = ruleset or board.ruleset
    moves = MoveFinder.from_packs(ruleset, catalog, langs).moves(board, rack)
    return moves if top is None else moves[:top]


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


def _word_value(units_list: list[Units], lms: Sequence[int], blanks: Sequence[bool], word_mult: int) -> int:
    """The best subtotal of a word over its native tilings: ``lms`` the letter premium of each board tile
    (1 unless placed this turn), ``blanks`` whether it is a blank."""
    best = 0
    for units in units_list:
        total, i = 0, 0
        for points, width in units:
            if width == 1:
                if not blanks[i]:
                    total += points * lms[i]
            elif width and not any(blanks[i:i + width]):
                total += points * max(lms[i:i + width])
            i += width
        best = max(best, total)
    return best * word_mult


# --------------------------------------------------------------------------- one search

#: Builds a named tuple without its Python-level ``__new__`` (the hot path).
_new = tuple.__new__


_EMPTY, _BLOCK = -1, -2


class _Search:
    """The state of one search: the board as codes, cross-checks, the rack."""

    def __init__(self, finder: MoveFinder, board: Board, counts: list[int], blanks: int):
        self.finder, self.board, self.counts, self.blanks = finder, board, counts, blanks
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
        self.left_cache: dict[str, list[list[tuple[int, tuple[int, ...], tuple[bool, ...], int, int]]]] = {}

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
                    value = _word_value(units, lms, blanks, wm)
                    blanks[offset] = True
                    blank_value = _word_value(units, lms, blanks, wm)
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
        anchors = self._anchors()
        for across in (True, False):
            masks, scores = self._cross(across)
            if across:
                lines = [list(range(r * self.cols, (r + 1) * self.cols)) for r in range(self.rows)]
            else:
                lines = [list(range(c, self.rows * self.cols, self.cols)) for c in range(self.cols)]
            for lexicon in self.finder.lexicons:
                for squares in lines:
                    if any(anchors[i] for i in squares):
                        self._line(lexicon, squares, across, anchors, masks, scores)
        return self.moves + list(self.found.values())

    def _line(self, lexicon: _Lexicon, squares: list[int], across: bool, anchors: list[bool],
              cross_masks: list[int], cross_scores: list[Any]) -> None:
        """Every word along one line from each of its anchors, searched in ``lexicon``'s walk."""
        walk = lexicon.walk
        wmasks, targets, first, root = walk.masks, walk.targets, walk.first, walk.root
        n = len(squares)
        tiles = [self.tiles[i] for i in squares]
        cross = [cross_masks[i] for i in squares]
        counts = self.counts
        all_letters = self.all_letters
        cur_code = [0] * n
        cur_blank = [False] * n
        state = {"anchor": 0, "start": 0}
        record = self._recorder(lexicon, squares, across, tiles, cur_code, cur_blank, cross_scores, state)

        def extend(node: int, pos: int, rmask: int, nblanks: int) -> None:
            while pos < n and tiles[pos] != _EMPTY:  # through the tiles already on the board
                tile = tiles[pos]
                if tile < 0:
                    return
                mask = wmasks[node]
                bit = 1 << tile
                if not mask & bit:
                    return
                node = targets[first[node] + (mask & (bit - 1)).bit_count()]
                pos += 1
            mask = wmasks[node]
            if pos > state["anchor"] and mask & FINAL:
                record(pos)
            if pos >= n:
                return
            allowed = mask & cross[pos] & (all_letters if nblanks else rmask)
            at = first[node]
            while allowed:
                low = allowed & -allowed
                allowed ^= low
                code = low.bit_length() - 1
                child = targets[at + (mask & (low - 1)).bit_count()]
                cur_code[pos] = code
                if counts[code]:
                    counts[code] -= 1
                    cur_blank[pos] = False
                    extend(child, pos + 1, rmask if counts[code] else rmask ^ low, nblanks)
                    counts[code] += 1
                if nblanks:
                    cur_blank[pos] = True
                    extend(child, pos + 1, rmask, nblanks - 1)

        rmask0 = sum(1 << c for c, k in enumerate(counts) if k)
        rack_size = sum(counts) + self.blanks
        left_parts = self._left_parts(lexicon)
        for anchor in range(n):
            if not anchors[squares[anchor]]:
                continue
            state["anchor"] = anchor
            if anchor > 0 and tiles[anchor - 1] != _EMPTY:
                start = anchor - 1
                while start > 0 and tiles[start - 1] != _EMPTY:
                    start -= 1
                node = root
                for tile in tiles[start:anchor]:
                    node = walk.child(node, tile) if tile >= 0 else -1
                    if node < 0:
                        break
                if node >= 0:
                    state["start"] = start
                    extend(node, anchor, rmask0, self.blanks)
                continue
            limit = 0
            while (limit < anchor and limit < rack_size - 1 and tiles[anchor - limit - 1] == _EMPTY
                   and not anchors[squares[anchor - limit - 1]]):
                limit += 1
            here = cross[anchor]
            for length, parts in enumerate(left_parts[:limit + 1]):
                state["start"] = begin = anchor - length
                for node, codes, blanks, rmask, nblanks in parts:
                    if not wmasks[node] & here & (all_letters if nblanks else rmask):
                        continue  # nothing of the rack can go on the anchor after this left part
                    for j, code in enumerate(codes):
                        cur_code[begin + j] = code
                        cur_blank[begin + j] = blanks[j]
                        if not blanks[j]:
                            counts[code] -= 1
                    extend(node, anchor, rmask, nblanks)
                    for j, code in enumerate(codes):
                        if not blanks[j]:
                            counts[code] += 1

    def _left_parts(self, lexicon: _Lexicon) -> list[list[tuple[int, tuple[int, ...], tuple[bool, ...], int, int]]]:
        """Every prefix of a word the rack can make, by length (at most the rack's size less one):
        ``(node, codes, blanks, rack mask left, blanks left)``. The same for every anchor whose
        left part lies on free squares, so it is enumerated once per search and lexicon."""
        cached = self.left_cache.get(lexicon.lang)
        if cached is not None:
            return cached
        walk = lexicon.walk
        masks, targets, first = walk.masks, walk.targets, walk.first
        counts, all_letters = self.counts, self.all_letters
        most = sum(counts) + self.blanks - 1
        parts: list[list[tuple[int, tuple[int, ...], tuple[bool, ...], int, int]]] = [[] for _ in range(most + 1)]

        def grow(node: int, codes: tuple[int, ...], blanks: tuple[bool, ...], rmask: int, nblanks: int) -> None:
            parts[len(codes)].append((node, codes, blanks, rmask, nblanks))
            if len(codes) >= most:
                return
            mask = masks[node]
            allowed = mask & ~FINAL & (all_letters if nblanks else rmask)
            at = first[node]
            while allowed:
                low = allowed & -allowed
                allowed ^= low
                code = low.bit_length() - 1
                child = targets[at + (mask & (low - 1)).bit_count()]
                if counts[code]:
                    counts[code] -= 1
                    grow(child, (*codes, code), (*blanks, False), rmask if counts[code] else rmask ^ low, nblanks)
                    counts[code] += 1
                if nblanks:
                    grow(child, (*codes, code), (*blanks, True), rmask, nblanks - 1)

        if most >= 0:
            grow(walk.root, (), (), sum(1 << c for c, k in enumerate(counts) if k), self.blanks)
        self.left_cache[lexicon.lang] = parts
        return parts

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
                moves.append(_new(Move, (row, col, across, tuple(cells), total * word_mult + cross_total
                                         + bonuses.get(placed, 0), no_langs)))
                return
            word = "".join([c[0] for c in cells])
            lms = line_lms[start:end]
            blanks = [c[1] for c in cells]
            score = _word_value(lexicon.units(word), lms, blanks, word_mult) + cross_total + bonuses.get(placed, 0)
            key = (across, squares[start], tuple(cells))
            old = found.get(key)
            if old is not None and old.score >= score:
                return
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
