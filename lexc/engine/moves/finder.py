"""The move finder: every legal play of a rack on a board, or the best few, scored.

:class:`MoveFinder` holds one :class:`~lexc.engine.moves.words.Lexicon` per language searched (a
walk and how its words score) and runs one search per position (:mod:`lexc.engine.moves.state`,
:mod:`lexc.engine.moves.generate`). :func:`best_moves` is the one-call form over a catalog's packs;
:func:`board_from_text` reads a board written as text.
"""

from __future__ import annotations

import gc
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from lexc.engine.board import Board
from lexc.engine.moves.generate import run
from lexc.engine.moves.move import Move, order
from lexc.engine.moves.state import Search
from lexc.engine.moves.words import Lexicon, letter_bound, units_function
from lexc.engine.notation import BLANK, BoardTile, Through, parse_rack
from lexc.engine.ruleset import Ruleset
from lexc.errors import LexcError, Problem
from lexc.lexicon.walk import BOARD_LETTERS, Walk

if TYPE_CHECKING:
    from lexc.catalog import Catalog

__all__ = ["MoveFinder", "best_moves", "board_from_text"]


class MoveFinder:
    """Finds every legal play of a rack on a board of ``ruleset``.

    Build it with :meth:`from_packs` (the shipped way) or :meth:`from_walks` (tests). In an
    ordinary game one language (the board's tiles) is used; in Polyglot ``lexicons`` lists the
    allowed languages in order of preference for ties.
    """

    def __init__(self, ruleset: Ruleset, lexicons: Sequence[Lexicon]):
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
            made.append(Lexicon(lang, walk, units_function(ruleset, language, lexicon),
                                 letter_bound(ruleset, language, lexicon)))
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
            return cls(ruleset, [Lexicon(ruleset.tiles, walk_of(pack, "tiles"),
                                          units_function(ruleset, ruleset.language, pack),
                                          letter_bound(ruleset, ruleset.language, pack))])
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
            lexicons.append(Lexicon(lang, walk_of(pack, "board"), units_function(ruleset, language, pack),
                                     letter_bound(ruleset, language, pack)))
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
        collecting = gc.isenabled()
        gc.disable()  # a search makes many small tuples and no garbage cycles worth collecting on the way
        try:
            found = run(Search(self, board, counts, blanks, top))
        finally:
            if collecting:
                gc.enable()
        found.sort(key=order)
        return found if top is None else found[:top]



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
