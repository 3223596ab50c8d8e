"""Scoring a play: words formed, their languages, native tilings, premiums, bonus and legality.

The rules are those of DESIGN.md, "Polyglot scoring, as we read the rules" (docs/scoring.md).
The worked example of the Scrabble article:

>>> from lexc import Board, Catalog, parse_play
>>> catalog = Catalog.shipped()
>>> std = catalog.ruleset("standard")
>>> board = Board.empty(std)
>>> result = score_play(board, parse_play("8D QUITE"), std)
>>> result.score, [w.board for w in result.words]
(48, ['QUITE'])
>>> board = board.apply(result.play)
>>> score_play(board, parse_play("8A MES(QUITE)"), std).score
57

In a Polyglot game each word is scored on its native tiling with its language's values:

>>> pg = catalog.ruleset("polyglot")
>>> score_play(Board.empty(pg), parse_play("8D WHISKY @fr"), pg, catalog=catalog).words[0].base
36
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from lexc.engine.board import Board
from lexc.engine.notation import BLANK, FACE_DOWN, BoardTile, Placement, Play, format_position, parse_rack, square_name
from lexc.engine.ruleset import Ruleset
from lexc.errors import LexcError
from lexc.lexicon.words import Lexicon

if TYPE_CHECKING:
    from lexc.catalog import Catalog, Language
    from lexc.language.normalize import Spelling

__all__ = ["PlayResult", "ScoredTile", "Unit", "WordScore", "play_languages", "score_play", "units_value"]


class Square(NamedTuple):
    """One square of a word: 0-based position, flat index, the tile on it, whether it was covered this turn."""

    row: int
    col: int
    at: int  # row * cols + col
    tile: BoardTile
    new: bool


class ScoredTile(NamedTuple):
    """One native tile of a scored word and what it earned.

    ``board`` is the board tiles spelling it (``SHCH`` for Щ); ``points`` its value in the
    language; ``letter_multiplier`` the premium applied (the highest letter premium among
    its board tiles placed this turn, 1 if none); ``blank`` whether any of its board tiles is
    a blank (then it scores 0); ``value`` what it adds to the word before word premiums.
    """

    face: str
    board: str
    points: int
    letter_multiplier: int
    blank: bool
    new: bool
    squares: tuple[str, ...]
    value: int

    def to_json(self) -> dict[str, object]:
        return {"face": self.face, "board": self.board, "points": self.points,
                "letter_multiplier": self.letter_multiplier, "blank": self.blank, "new": self.new,
                "squares": list(self.squares), "value": self.value}

    def explain(self) -> str:
        face = self.face if self.board == self.face else f"{self.face}[{self.board}]"
        if not self.squares:
            return f"{self.face} 0 (not on the board)"
        if self.board == FACE_DOWN:
            return f"{self.face}[{FACE_DOWN}] 0 (face down)"
        if self.blank:
            return f"{face.lower() if len(self.squares) == 1 else face} 0 (blank)"
        if self.letter_multiplier > 1:
            return f"{face} {self.points}×{self.letter_multiplier}"
        return f"{face} {self.points}"


class WordScore(NamedTuple):
    """A word formed by a play, scored.

    ``board`` is its board spelling; ``lang`` its designated language; ``values`` the language
    whose tile values scored it (English for a language without official values); ``native``
    the native word used (None when the language's tiling was derived without a lexicon entry
    and equals the board spelling); ``valid`` True or False when a lexicon of ``lang`` was
    given, None otherwise; ``alternatives`` how many native spellings were compared.
    """

    board: str
    lang: str
    values: str
    native: str | None
    position: str
    main: bool
    tiles: tuple[ScoredTile, ...]
    word_multiplier: int
    subtotal: int
    valid: bool | None
    alternatives: int = 1
    note: str = ""
    word_squares: tuple[str, ...] = ()  # the squares whose word premiums apply

    @property
    def value(self) -> int:
        """Sum of the tiles' values: letter premiums applied, before the word multiplier."""
        return sum(t.value for t in self.tiles)

    @property
    def base(self) -> int:
        """Sum of the tiles' points before any premium (blanks 0)."""
        return sum(0 if t.blank else t.points for t in self.tiles)

    def to_json(self) -> dict[str, object]:
        return {"board": self.board, "lang": self.lang, "values": self.values, "native": self.native,
                "position": self.position, "main": self.main, "tiles": [t.to_json() for t in self.tiles],
                "base": self.base, "value": self.value, "word_multiplier": self.word_multiplier,
                "subtotal": self.subtotal, "valid": self.valid, "alternatives": self.alternatives, "note": self.note,
                "word_squares": list(self.word_squares)}

    def explain(self) -> str:
        name = self.board if not self.native or self.native == self.board else f"{self.board} = {self.native}"
        lang = self.lang if self.values == self.lang else f"{self.lang}, {self.values} values"
        text = f"{self.position} {name} ({lang}): {' + '.join(t.explain() for t in self.tiles)} = {self.value}"
        if self.word_multiplier > 1:
            text += f" ×{self.word_multiplier} ({' '.join(self.word_squares)}) = {self.subtotal}"
        if self.valid is False:
            text += "  NOT A WORD"
        return text + (f"  ({self.note})" if self.note else "")


@dataclass(frozen=True, slots=True)
class PlayResult:
    """A scored play: its words, bonus, total and legality problems (``problems``: empty when legal).

    A value, complete when made: ``score`` is the sum of the words' subtotals plus the bonus, each
    word (``words``: every word formed, the main word first) with its explanation.
    """

    play: Play
    score: int
    bonus: int
    tiles_played: int
    problems: tuple[str, ...]
    placements: tuple[Placement, ...]
    words: tuple[WordScore, ...] = field(repr=False, compare=False)

    @property
    def legal(self) -> bool:
        """Whether the play breaks no rule of the ruleset (phonies aside)."""
        return not self.problems

    @property
    def phonies(self) -> tuple[WordScore, ...]:
        """Words looked up and not found."""
        return tuple(w for w in self.words if w.valid is False)

    def to_json(self) -> dict[str, object]:
        return {"play": self.play.to_json(), "score": self.score, "words": [w.to_json() for w in self.words],
                "bonus": self.bonus, "tiles_played": self.tiles_played, "problems": list(self.problems),
                "phonies": [w.board for w in self.phonies]}

    def explain(self) -> str:
        """The score in words: one line per word, the bonus, the total, then any problem."""
        lines = [f"{self.play}: {self.score} points"]
        lines += [f"  {w.explain()}" for w in self.words]
        if self.bonus:
            lines.append(f"  bonus for {self.tiles_played} tiles: {self.bonus}")
        lines.append(f"  total: {' + '.join(str(w.subtotal) for w in self.words) or '0'}"
                     + (f" + {self.bonus}" if self.bonus else "") + f" = {self.score}")
        lines += [f"  problem: {p}" for p in self.problems]
        lines += [f"  phony: {w.board} is not in the {w.lang} lexicon" for w in self.phonies]
        return "\n".join(lines)


# --------------------------------------------------------------------------- words formed

#: Builds a named tuple from a plain one without the Python-level ``__new__`` (the hot path).
_new = tuple.__new__


Run = tuple[bool, int, int, int]  # (is_main, first square's index, step, length)


def _runs(board: Board, new: Mapping[int, BoardTile], placements: Sequence[Placement], across: bool) -> list[Run]:
    """The words of 2+ tiles the placements form, as runs of square indexes, the main word first."""
    rows, cols, on_board = board.rows, board.cols, board.squares
    # Tiles are always truthy, so ``new.get(i) or on_board[i]`` is the tile on square i after the play.

    def run(row: int, col: int, along_row: bool, main: bool) -> Run | None:
        if along_row:
            base, first, last = row * cols, col, col
            while first > 0 and (new.get(base + first - 1) or on_board[base + first - 1]) is not None:
                first -= 1
            while last < cols - 1 and (new.get(base + last + 1) or on_board[base + last + 1]) is not None:
                last += 1
            return (main, base + first, 1, last - first + 1) if last > first else None
        first, last = row, row
        while first > 0 and (new.get((first - 1) * cols + col) or on_board[(first - 1) * cols + col]) is not None:
            first -= 1
        while last < rows - 1 and (new.get((last + 1) * cols + col) or on_board[(last + 1) * cols + col]) is not None:
            last += 1
        return (main, first * cols + col, cols, last - first + 1) if last > first else None

    runs: list[Run] = []
    first = placements[0]
    main = run(first.row, first.col, across, True)
    if main:
        runs.append(main)
    for p in placements:
        cross = run(p.row, p.col, not across, False)
        if cross:
            runs.append(cross)
    return runs


def _squares(board: Board, new: Mapping[int, BoardTile], run: Run) -> tuple[Square, ...]:
    _, start, step, length = run
    cols, on_board = board.cols, board.squares
    return tuple(_new(Square, (i // cols, i % cols, i, new.get(i) or on_board[i], i in new))
                 for i in range(start, start + step * length, step))


#: A native tile as it is scored: its points and how many board tiles spell it (0: none, Russian Ь
#: in some schemes).
Unit = tuple[int, int]


def units_value(units: Iterable[Unit], lms: Sequence[int], blanks: Sequence[bool],
                tiles: list[tuple[int, bool, int]] | None = None) -> int:
    """What a word's native tiles add up to before its word premiums: THE rule every score is made by
    (:func:`score_play`, the move finder, word study).

    ``units`` are the word's native tiles in order as ``(points, board tiles)``, over board tiles whose
    letter premiums are ``lms`` (1 for a tile already on the board) and which are blanks or not
    (``blanks``). A native tile scores its points once, times the highest letter premium among its
    board tiles, and 0 when any of them is a blank (DESIGN.md rules 3 and 4); a tile of no board tile
    scores 0. With ``tiles``, each native tile's ``(letter multiplier, blank, value)`` is appended.

    Its fast path: the move finder's search, which adds up the terms of one-tile units as it steps.

    QI on the standard board, the I on a double letter; Russian ЩИ (Щ 10 points, written SHCH), its
    C on a double letter and its I a blank:

    >>> units_value([(10, 1), (1, 1)], [1, 2], [False, False])
    12
    >>> units_value([(1, 2), (2, 1), (3, 0)], [1, 1, 1], [False, False, False])  # ЕЛЬ as YEL: Ь has no square
    3
    >>> tiles = []
    >>> units_value([(10, 4), (1, 1)], [1, 1, 2, 1, 1], [False, False, False, False, True], tiles), tiles
    (20, [(2, False, 20), (1, True, 0)])
    """
    total, i = 0, 0
    for points, width in units:
        if width == 1:
            mult, blank = lms[i], blanks[i]
            value = 0 if blank else points * mult
        elif width:
            mult, blank = max(lms[i:i + width]), True in blanks[i:i + width]
            value = 0 if blank else points * mult
        else:
            mult, blank, value = 1, False, 0
        total += value
        if tiles is not None:
            tiles.append((mult, blank, value))
        i += width
    return total


# --------------------------------------------------------------------------- scoring one word


def _spelling_key(squares: Sequence[Square], ruleset: Ruleset, native_game: bool) -> str:
    """The board spelling the word is looked up by. A native word laid with a language's own tiles
    (CHURRO, COL·LA -> COLLA, МЕЛ -> MEL) goes whole through the normaliser, so context rules of a
    scheme (Russian Е is YE only at the start of a word) apply as they do in the pack."""
    if native_game:
        return ruleset.language.normaliser().board_of("".join([s.tile.face for s in squares]))
    return "".join([s.tile.face for s in squares])


@cache
def _square_names(rows: int, cols: int) -> tuple[str, ...]:
    return tuple(square_name(r, c) for r in range(rows) for c in range(cols))


def _score_units(squares: Sequence[Square], units: Sequence[tuple[str, str, int, int]],
                 ruleset: Ruleset) -> tuple[tuple[ScoredTile, ...], int, int, tuple[str, ...]]:
    """Score native tiles given as ``(face, board, points, n_board_tiles)`` over ``squares`` by
    :func:`units_value`, each tile explained.

    Returns ``(tiles, word multiplier, subtotal, squares of the word premiums)``.
    """
    letter, word = ruleset.letter_multipliers, ruleset.word_multipliers
    names = _square_names(ruleset.rows, ruleset.cols)
    lms, blanks, word_squares = [], [], []
    word_mult = 1
    for s in squares:
        if s.new:
            lms.append(letter[s.at])
            if word[s.at] > 1:
                word_mult *= word[s.at]
                word_squares.append(names[s.at])
        else:
            lms.append(1)
        blanks.append(s.tile.blank)
    scored: list[tuple[int, bool, int]] = []
    total = units_value([(points, width) for _, _, points, width in units], lms, blanks, scored)
    tiles: list[ScoredTile] = []
    start = 0
    for (face, board_text, points, width), (mult, blank, value) in zip(units, scored, strict=True):
        if width == 1:
            square = squares[start]
            new, where = square.new, names[square.at:square.at + 1]
        else:  # several squares, or none for a native tile written as nothing (Russian Ь)
            span = squares[start:start + width]
            new, where = any([s.new for s in span]), tuple([names[s.at] for s in span])
        start += width
        tiles.append(_new(ScoredTile, (face, board_text, points, mult, blank, new, where, value)))
    return tuple(tiles), word_mult, total * word_mult, tuple(word_squares)


def _spelling_units(spelling: Spelling) -> list[tuple[str, str, int, int]]:
    return [(t.face, t.board, t.points, len(t.board)) for t in spelling.tiles]


def _tiles_on_board(squares: Sequence[Square], ruleset: Ruleset,
                    problems: list[str]) -> tuple[tuple[ScoredTile, ...], int, int, tuple[str, ...]]:
    """Each board tile as one native tile of the board's set, scored by :func:`_score_units`; a face
    not in the set (other than a blank's or a face-down tile) is a problem and scores 0.

    Returns ``(tiles, word multiplier, subtotal, squares of the word premiums)``.
    """
    points = ruleset.spec.values
    units = []
    for s in squares:
        tile = s.tile
        face = tile.face
        value = points.get(face)
        if value is None:
            if face != FACE_DOWN and not tile.blank:
                problems.append(f"{face} on {square_name(s.row, s.col)} is not a tile of the {ruleset.spec.name} set")
            value = 0
        units.append((face, tile.letters if len(face) > 1 else face, value, 1))
    return _score_units(squares, units, ruleset)


class Unlisted(NamedTuple):
    """A designated language with no spec (Polyglot rule 1): its ISO 639 code and English name."""

    code: str
    name: str


def _score_word(squares: tuple[Square, ...], main: bool, across: bool, language: Language | Unlisted,
                ruleset: Ruleset,
                lexicon: Lexicon | None, problems: list[str]) -> WordScore:
    position = format_position(squares[0].row, squares[0].col, across)
    native_game = ruleset.polyglot is None
    lang = language.code
    key = _spelling_key(squares, ruleset, native_game)
    if native_game or lang == ruleset.tiles:
        # The board tiles are the language's own tiles: each is one native tile.
        valid, native = None, None
        if lexicon is not None:
            faces = tuple(s.tile.face for s in squares)
            matching = [c for c in lexicon.spellings(key) if tuple(t.face for t in c.tiles) == faces]
            valid, native = bool(matching), (matching[0].native if matching else None)
        tiles, word_mult, subtotal, word_squares = _tiles_on_board(squares, ruleset, problems)
        return _new(WordScore, (key, lang, ruleset.tiles, native, position, main, tiles, word_mult, subtotal,
                                valid, 1, "", word_squares))
    if isinstance(language, Unlisted):  # Polyglot rule 1 (DESIGN.md rule 10): no spec, English values
        tiles, word_mult, subtotal, word_squares = _tiles_on_board(squares, ruleset, problems)
        valid = None if lexicon is None else key in lexicon
        looked = "not looked up: no pack" if lexicon is None else f"looked up in the {lang} pack"
        note = f"no spec for {language.name}: scored in {ruleset.spec.name} values; {looked}"
        return WordScore(key, lang, ruleset.tiles, None, position, main, tiles, word_mult, subtotal, valid, 1,
                         note, word_squares)
    spec = language.spec
    candidates = lexicon.spellings(key) if lexicon is not None else []
    valid = None if lexicon is None else bool(candidates)
    note = "" if lexicon is not None else "not looked up: no pack"
    spellings = [c for c in candidates if c.board == key]
    read = False
    if not spellings:
        try:
            face_down = ruleset.polyglot is not None and ruleset.polyglot.face_down
            spellings = [language.normaliser(facedown=face_down).read(key)]
            read = language.scheme is not None
        except LexcError:
            note = f"no {spec.name} spelling of {key}: scored on the board tiles"
        spellings = [s for s in spellings if s.board == key]
    if not spec.official or not spellings:
        tiles, word_mult, subtotal, word_squares = _tiles_on_board(squares, ruleset, problems)
        native = spellings[0].native if spellings and lexicon is not None else None
        if not spec.official:
            note = f"{spec.name} has no official tile values: scored in {ruleset.spec.name}"
        return WordScore(key, lang, ruleset.tiles, native, position, main, tiles, word_mult, subtotal, valid,
                         len(spellings) or 1, note, word_squares)
    if read and language.scheme is not None:
        looked = "not looked up: no pack" if lexicon is None else "not in the lexicon"
        note = f"{looked}; read by the default outputs of scheme {language.scheme.name}"
    best: WordScore | None = None
    best_rank: tuple[int, int, str] | None = None
    for spelling in spellings:
        tiles, word_mult, subtotal, word_squares = _score_units(squares, _spelling_units(spelling), ruleset)
        # DESIGN.md rule 4: the highest score; ties to the fewest native tiles, then the first in Unicode order.
        rank = (-subtotal, len(spelling.tiles), spelling.native)
        if best_rank is None or rank < best_rank:
            best_rank = rank
            best = WordScore(key, lang, lang, spelling.native, position, main, tiles, word_mult, subtotal, valid,
                             len(spellings), note, word_squares)
    assert best is not None
    return best


# --------------------------------------------------------------------------- the play


def score_play(board: Board, play: Play, ruleset: Ruleset | None = None, *, catalog: Catalog | None = None,
               lexicons: Mapping[str, Lexicon] | None = None, rack: str | Sequence[str] | None = None,
               lang: str | None = None) -> PlayResult:
    """Score ``play`` on ``board`` under ``ruleset`` (default: the board's).

    ``catalog`` gives the languages words are designated (Polyglot; not needed when every
    word is in the board's own tile set; designations name its languages by any ISO 639
    code, ``fra`` and ``fre`` as ``fr``). ``lexicons`` maps language codes to lexicons:
    each word is looked up in its language's (``valid`` None when there is none); by default
    (None) they are the catalog's packs of the play's languages that are built, and ``{}``
    looks nothing up. ``rack``
    (notation, or a sequence of faces with ``?`` for a blank), when known, is checked to hold
    the tiles played. ``lang`` is the default language of the play's words when the play
    designates none (Polyglot). Raises :class:`LexcError` only when the play cannot be laid
    on the board at all; every broken rule is listed in ``problems`` and the play is scored
    all the same.
    """
    ruleset = ruleset or board.ruleset
    if catalog is not None and ruleset.polyglot is not None:  # fra, fre -> fr: the catalog's own codes
        play = play.with_langs(play.langs.renamed(catalog.canonical)) if play.langs else play
        lang = catalog.canonical(lang) if lang else lang
    if lexicons is None and catalog is not None:  # the catalog's packs of the play's languages, those built
        lexicons = catalog.for_ruleset(ruleset).lexicons(play_languages(play, ruleset, lang))
    placements = board.placements(play)
    cols = board.cols
    new = {p.row * cols + p.col: p.tile for p in placements}
    runs = _runs(board, new, placements, play.across)
    problems: list[str] = []
    _check_geometry(board, play, placements, runs, ruleset, problems)
    _check_tiles(placements, ruleset, problems)
    if rack is not None:
        _check_rack(rack, placements, ruleset, problems)
    langs = _word_languages(board, play, ruleset, new, runs, lang, problems)
    designated = {lg for _, lg in play.langs.words} if ruleset.polyglot else set()
    languages = _languages(set(langs) | designated, ruleset, catalog)
    words = tuple([_word(board, new, play, run, languages[word_lang], ruleset, lexicons)
                   for run, word_lang in zip(runs, langs, strict=True)])
    bonus = ruleset.bonus(len(placements))
    total = sum([word.subtotal for word in words]) + bonus
    return PlayResult(play, total, bonus, len(placements), tuple(problems), placements, words)


def play_languages(play: Play, ruleset: Ruleset, lang: str | None = None) -> set[str]:
    """Every language a play designates (its default included), whose lexicons it is looked up in."""
    if ruleset.polyglot is None:
        return {ruleset.tiles}
    langs = {lg for _, lg in play.langs.words}
    langs.add(play.langs.default or lang or ruleset.polyglot.default_lang)
    return langs


def _word(board: Board, new: Mapping[int, BoardTile], play: Play, run: Run, language: Language | Unlisted,
          ruleset: Ruleset,
          lexicons: Mapping[str, Lexicon] | None) -> WordScore:
    lexicon = lexicons.get(language.code) if lexicons is not None else None
    across = play.across if run[0] else not play.across
    return _score_word(_squares(board, new, run), run[0], across, language, ruleset, lexicon, [])


def _word_languages(board: Board, play: Play, ruleset: Ruleset, new: Mapping[int, BoardTile], runs: list[Run],
                    lang: str | None, problems: list[str]) -> list[str]:
    """The designated language of each word formed (DESIGN.md, Polyglot rule 1)."""
    default = play.langs.default or lang
    if ruleset.polyglot is None:
        if (default and default != ruleset.tiles) or any(lg != ruleset.tiles for _, lg in play.langs.words):
            problems.append(f"an ordinary {ruleset.spec.name} game: every word is {ruleset.tiles}")
        return [ruleset.tiles] * len(runs)
    default = default or ruleset.polyglot.default_lang
    if not play.langs.words:
        return [default] * len(runs)
    return [_designated(play, board, new, r, default) for r in runs]


def _languages(codes: set[str], ruleset: Ruleset, catalog: Catalog | None) -> dict[str, Language | Unlisted]:
    """The language of each code a word is designated. A well-formed ISO 639 code the catalog has
    no spec for is :class:`Unlisted` (Polyglot rule 1); any other unknown code is bad input."""
    found: dict[str, Language | Unlisted] = {ruleset.tiles: ruleset.language}
    for code in sorted(codes - {ruleset.tiles}):
        if catalog is None:
            raise LexcError(f"a word designated {code!r} needs a catalog of languages (score_play(..., catalog=...))")
        catalog = catalog.for_ruleset(ruleset)  # the schemes the ruleset agrees on
        found[code] = catalog.language(code) if catalog.has_spec(code) else Unlisted(code, catalog.unlisted(code))
    return found


def _designated(play: Play, board: Board, new: Mapping[int, BoardTile], run: Run, default: str) -> str:
    main, start, step, length = run
    cols, on_board = board.cols, board.squares
    across = play.across if main else not play.across
    position = format_position(start // cols, start % cols, across)
    spelled = "".join([(new.get(i) or on_board[i]).face for i in range(start, start + step * length, step)])  # type: ignore[union-attr]
    return play.langs.lang_of(position, spelled) or default


def _check_tiles(placements: tuple[Placement, ...], ruleset: Ruleset, problems: list[str]) -> None:
    points = ruleset.spec.values
    for p in placements:
        face = p.tile.face
        if face not in points:
            if face == FACE_DOWN:
                if ruleset.polyglot is None or not ruleset.polyglot.face_down:
                    problems.append("a face-down tile (Polyglot rule 4) is not allowed in this ruleset")
            elif not p.tile.blank:
                problems.append(f"{face} on {square_name(p.row, p.col)} is not a tile of the "
                                f"{ruleset.spec.name} set")
    if sum(p.tile.face == FACE_DOWN for p in placements) > 1:
        problems.append("only one face-down tile may be played per turn (Polyglot rule 4)")


def _check_geometry(board: Board, play: Play, placements: tuple[Placement, ...], runs: list[Run],
                    ruleset: Ruleset, problems: list[str]) -> None:
    main = next((r for r in runs if r[0]), None)
    if main is not None and main[3] != len(play.cells):
        _, start, step, length = main
        cols, end = board.cols, start + step * (length - 1)
        spelled = "".join(str(p.tile) if (p := next((q for q in placements if q.row * cols + q.col == i), None))
                          else str(board.squares[i]) for i in range(start, end + 1, step))
        problems.append(f"the main word runs from {square_name(start // cols, start % cols)} to "
                        f"{square_name(end // cols, end % cols)} ({spelled}): write the whole word")
    if not runs:
        problems.append("the play forms no word of two or more letters")
    if board.is_empty:
        centre = ruleset.centre
        if all((p.row, p.col) != centre for p in placements):
            problems.append(f"the first play must cover the centre square {square_name(*centre)}")
        if len(placements) < ruleset.first_play_tiles:
            problems.append(f"the first play must place at least {ruleset.first_play_tiles} tiles")
    elif not _touches(board, placements):
        problems.append("the play does not touch any tile on the board")
    if ruleset.inner is not None and not any(ruleset.in_inner(p.row, p.col) for p in placements):
        top, left, bottom, right = ruleset.inner
        problems.append(f"every play must place a tile on the inner board "
                        f"{square_name(top, left)}–{square_name(bottom, right)}")
    if ruleset.min_word > 2 and runs and max(r[3] for r in runs) < ruleset.min_word:
        problems.append(f"at least one new word must have {ruleset.min_word} or more letters")
    if len(placements) > ruleset.rack_size:
        problems.append(f"{len(placements)} tiles played from a rack of {ruleset.rack_size}")


def _touches(board: Board, placements: tuple[Placement, ...]) -> bool:
    """Whether a placed tile is next to a tile already on the board."""
    rows, cols, squares = board.rows, board.cols, board.squares
    for p in placements:
        at = p.row * cols + p.col
        if ((p.col > 0 and squares[at - 1] is not None) or (p.col < cols - 1 and squares[at + 1] is not None)
                or (p.row > 0 and squares[at - cols] is not None)
                or (p.row < rows - 1 and squares[at + cols] is not None)):
            return True
    return False


def _check_rack(rack: str | Sequence[str], placements: tuple[Placement, ...], ruleset: Ruleset,
                problems: list[str]) -> None:
    tiles = parse_rack(rack, ruleset.spec, source=f"rack {rack}") if isinstance(rack, str) else tuple(rack)
    pool = list(tiles)
    missing = []
    for p in placements:
        need = BLANK if p.tile.blank else p.tile.face
        if need in pool:
            pool.remove(need)
        else:
            missing.append(need)
    if missing:
        shown = "".join(f"[{f}]" if len(f) > 1 else f for f in sorted(missing))
        problems.append(f"the rack {''.join(tiles)} does not hold {shown}")
