"""Play notation: positions, plays, racks and language designations, GCG-compatible.

A position is written row number first for a play *across* and column letter first
for a play *down* (the GCG convention). Rows and columns are returned 0-based:

>>> parse_position("8D"), parse_position("D8"), parse_position("h8")
((7, 3, True), (7, 3, False), (7, 7, False))

A play is a position and the whole main word. Letters already on the board are
written ``.`` or inside parentheses; a blank is a lower-case letter; a tile of
several letters is bracketed (``[CH]``) or, given the tile set, written as its face:

>>> play = parse_play("8A MES(QUITE)")
>>> play.position, play.word, play.tiles_played
('8A', 'MES(QUITE)', 3)
>>> str(parse_play("9D INFaNCY"))
'9D INFaNCY'

A trailing ``@`` token designates languages (docs/notation.md): a default for the
play and overrides for single words, named by their position or board spelling:

>>> p = parse_play("8D WHISKY @fr,H7=en")
>>> p.langs.default, p.langs.lang_of("H7", "OW"), p.langs.lang_of("8D", "WHISKY")
('fr', 'en', 'fr')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import NamedTuple, NoReturn

from lexc.errors import NotationError, Problem
from lexc.inputs import typed
from lexc.language.casemap import lower
from lexc.language.spec import JOINERS, Spec
from lexc.language.tiles import Written

#: Column letters; a board has at most 26 columns (A–U on a 21×21 board).
COLUMNS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

#: The face of a face-down tile (Polyglot rule 4): it stands for an apostrophe and scores 0.
FACE_DOWN = "'"

_POSITION = re.compile(r"^(?:([0-9]{1,2})([A-Za-z])|([A-Za-z])([0-9]{1,2}))$")
_LANG = re.compile(r"^[a-z]{2,3}$")
_KEY = re.compile(r"^(?:[0-9]{1,2}[A-Z]|[A-Z][0-9]{1,2}|[A-Z']+)$")


# --------------------------------------------------------------------------- tiles


@dataclass(frozen=True, slots=True)
class BoardTile:
    """A tile on the board: its face (upper case, a tile of the board's set) and whether it is a blank.

    For a blank, ``face`` is the tile it stands for. In a Polyglot game faces are the
    English letters A–Z; in a native game they are the language's own tiles (``CH``, ``L·L``).

    >>> str(BoardTile("Q")), str(BoardTile("A", blank=True)), str(BoardTile("CH")), BoardTile("L·L").letters
    ('Q', 'a', '[CH]', 'LL')
    """

    face: str
    blank: bool = False

    @property
    def letters(self) -> str:
        """The face without joiners (L·L -> LL): how the tile reads inside a word."""
        return "".join(c for c in self.face if c not in JOINERS)

    def __str__(self) -> str:
        text = self.face.lower() if self.blank else self.face
        return f"[{text}]" if len(self.face) > 1 else text


@dataclass(frozen=True, slots=True)
class Through:
    """A square of the main word already occupied: ``face`` as written, or None for ``.``."""

    face: str | None = None
    blank: bool = False


Cell = BoardTile | Through


class Placement(NamedTuple):
    """A tile placed this turn: 0-based row and column, and the tile."""

    row: int
    col: int
    tile: BoardTile


# --------------------------------------------------------------------------- languages


@dataclass(frozen=True, slots=True)
class Languages:
    """Language designations of a play: a default and per-word overrides.

    A word is named by its position (``8D`` for a word across from 8D, ``H7`` for a word
    down from H7) or by its board spelling (``QI``). Written ``@fr,H7=en,QI=en``.

    >>> langs = parse_langs("@fr,QI=en")
    >>> str(langs), langs.lang_of("H7", "QI"), langs.lang_of("8D", "WHISKY"), bool(Languages())
    ('@fr,QI=en', 'en', 'fr', False)
    """

    default: str | None = None
    words: tuple[tuple[str, str], ...] = ()

    def lang_of(self, position: str, board: str) -> str | None:
        """The language designated for the word at ``position`` spelled ``board`` (None: not designated)."""
        for key, lang in self.words:
            if key == position:
                return lang
        for key, lang in self.words:
            if key == board:
                return lang
        return self.default

    def __bool__(self) -> bool:
        return self.default is not None or bool(self.words)

    def renamed(self, name: Callable[[str], str]) -> Languages:
        """The same designations with each code replaced by ``name(code)`` (e.g. a catalog's own code).

        >>> str(parse_langs("@fra,H7=eng").renamed(lambda code: code[:2]))
        '@fr,H7=en'
        """
        return Languages(name(self.default) if self.default else None,
                         tuple((key, name(lang)) for key, lang in self.words))

    def codes(self) -> list[str]:
        """Every language designated, the default first.

        >>> parse_langs("@fr,H7=en,QI=fr").codes()
        ['fr', 'en']
        """
        return list(dict.fromkeys([*([self.default] if self.default else []), *(lang for _, lang in self.words)]))

    def __str__(self) -> str:
        if not self:
            return ""
        parts = [self.default or ""] + [f"{key}={lang}" for key, lang in self.words]
        return "@" + ",".join(parts)

    def to_json(self) -> dict[str, object]:
        return {"default": self.default, "words": dict(self.words)}


def parse_langs(token: str, *, source: str | None = None, line: int | None = None, offset: int = 0) -> Languages:
    """Parse a designation token ``@fr``, ``@fr,H7=en``, ``@,QI=en`` (no default); the ``@`` may be left out.

    ``offset`` is the token's column in the text it came from, for error messages.

    >>> parse_langs("@es,8D=ca"), parse_langs("fr")
    (Languages(default='es', words=(('8D', 'ca'),)), Languages(default='fr', words=()))
    >>> parse_langs("@FR")
    Traceback (most recent call last):
    ...
    lexc.errors.NotationError: <input>: column 2: language 'FR' is not a language code (2 or 3 lower-case letters)
    """
    body = token[1:] if token.startswith("@") else token
    col = offset + 1 + len(token) - len(body)
    default: str | None = None
    words: list[tuple[str, str]] = []
    for index, part in enumerate(body.split(",")):
        if index == 0:
            if part:
                _check_lang(part, source, line, col)
                default = part
        else:
            key, eq, lang = part.partition("=")
            if not eq or not key:
                _fail(source, line, col, f"{part!r}: write WORD=lang, WORD a position (H7) or a board spelling (QI)")
            key_up = key.upper() if _POSITION.match(key) is None else _normal_position(key)
            if not _KEY.match(key_up):
                _fail(source, line, col, f"{key!r} is neither a position nor a board spelling")
            _check_lang(lang, source, line, col + len(key) + 1)
            words.append((key_up, lang))
        col += len(part) + 1
    if default is None and not words:
        _fail(source, line, offset + 1, "empty language designation")
    return Languages(default, tuple(words))


def _normal_position(text: str) -> str:
    row, col, across = parse_position(text)
    return format_position(row, col, across)


def _check_lang(lang: str, source: str | None, line: int | None, col: int) -> None:
    if not _LANG.match(lang):
        _fail(source, line, col, f"language {lang!r} is not a language code (2 or 3 lower-case letters)")


# --------------------------------------------------------------------------- positions


def parse_position(text: str, *, source: str | None = None, line: int | None = None,
                   offset: int = 0) -> tuple[int, int, bool]:
    """``(row, col, across)`` of a GCG position, 0-based: ``8D`` across, ``D8`` down.

    >>> parse_position("15O"), parse_position("U21")
    ((14, 14, True), (20, 20, False))
    >>> parse_position("8")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lexc.errors.NotationError: <input>: column 1: bad position '8': write 8D (row first: across) or D8 ...
    """
    match = _POSITION.match(text)
    if match is None:
        _fail(source, line, offset + 1,
              f"bad position {text!r}: write 8D (row first: across) or D8 (column first: down)")
    across = match.group(1) is not None
    number = int(match.group(1) if across else match.group(4))
    letter = (match.group(2) if across else match.group(3)).upper()
    if number < 1:
        _fail(source, line, offset + 1, f"bad position {text!r}: rows are numbered from 1")
    return number - 1, COLUMNS.index(letter), across


def format_position(row: int, col: int, across: bool) -> str:
    """The GCG position of a word starting at 0-based ``row``, ``col``.

    >>> format_position(7, 3, True), format_position(6, 7, False)
    ('8D', 'H7')
    """
    return f"{row + 1}{COLUMNS[col]}" if across else f"{COLUMNS[col]}{row + 1}"


def square_name(row: int, col: int) -> str:
    """The name of one square, column letter then row: ``H8``.

    >>> square_name(7, 7)
    'H8'
    """
    return f"{COLUMNS[col]}{row + 1}"


def parse_square(text: str, *, source: str | None = None, line: int | None = None) -> tuple[int, int]:
    """0-based ``(row, col)`` of a square named either way (``H8`` or ``8H``).

    >>> parse_square("K11"), parse_square("11k")
    ((10, 10), (10, 10))
    """
    row, col, _ = parse_position(text, source=source, line=line)
    return row, col


# --------------------------------------------------------------------------- plays


@dataclass(frozen=True, slots=True)
class Play:
    """A play as written: where the main word starts, its direction, and each square of it.

    ``cells`` has one entry per square of the main word: a :class:`BoardTile` placed this turn
    or a :class:`Through` for a square already occupied.
    """

    row: int
    col: int
    across: bool
    cells: tuple[Cell, ...]
    langs: Languages = field(default_factory=Languages)

    @property
    def position(self) -> str:
        """The GCG position: ``8D`` across, ``D8`` down."""
        return format_position(self.row, self.col, self.across)

    @property
    def word(self) -> str:
        """The main word in notation: new tiles, ``(..)`` around letters on the board, ``.`` when unknown."""
        out: list[str] = []
        inside = False
        for cell in self.cells:
            through = isinstance(cell, Through)
            if through and cell.face is not None and not inside:
                out.append("(")
                inside = True
            elif inside and not (through and cell.face is not None):
                out.append(")")
                inside = False
            if isinstance(cell, Through):
                out.append("." if cell.face is None else str(BoardTile(cell.face, cell.blank)))
            else:
                out.append(str(cell))
        if inside:
            out.append(")")
        return "".join(out)

    def squares(self) -> Iterator[tuple[int, int, Cell]]:
        """Each square of the main word: ``(row, col, cell)``."""
        dr, dc = (0, 1) if self.across else (1, 0)
        for i, cell in enumerate(self.cells):
            yield self.row + dr * i, self.col + dc * i, cell

    def placements(self) -> tuple[Placement, ...]:
        """The tiles placed this turn, in order along the word."""
        return tuple(Placement(r, c, cell) for r, c, cell in self.squares() if isinstance(cell, BoardTile))

    @property
    def tiles_played(self) -> int:
        """How many tiles the play takes from the rack."""
        return sum(isinstance(cell, BoardTile) for cell in self.cells)

    def with_langs(self, langs: Languages) -> Play:
        """The same play with other language designations."""
        return Play(self.row, self.col, self.across, self.cells, langs)

    def __str__(self) -> str:
        text = f"{self.position} {self.word}"
        return f"{text} {self.langs}" if self.langs else text

    def to_json(self) -> dict[str, object]:
        return {"notation": str(self), "position": self.position, "across": self.across,
                "word": self.word, "tiles_played": self.tiles_played, "langs": self.langs.to_json()}


def parse_play(text: str, tileset: Spec | None = None, *, source: str | None = None,
               line: int | None = None) -> Play:
    """Parse ``POSITION WORD [@LANGS]``; ``tileset`` is the board's tile set (None: one letter per tile).

    Errors name the column (1-based) of the bad character:

    >>> parse_play("8D QU1TE")
    Traceback (most recent call last):
    ...
    lexc.errors.NotationError: <input>: column 6: unexpected character '1' in the word
    """
    text = typed(text)  # NFD (N + U+0303) is the NFC Ñ of the tile set; columns count composed characters
    tokens = [(m.start(), m.group()) for m in re.finditer(r"\S+", text)]
    if len(tokens) < 2:
        _fail(source, line, 1, "a play is POSITION WORD, e.g. '8D QUITE' or 'D8 QUITE'")
    if len(tokens) > 3:
        _fail(source, line, tokens[3][0] + 1, f"unexpected {tokens[3][1]!r} after the play")
    (pos_at, pos_text), (word_at, word_text) = tokens[0], tokens[1]
    row, col, across = parse_position(pos_text, source=source, line=line, offset=pos_at)
    langs = Languages()
    if len(tokens) == 3:
        if not tokens[2][1].startswith("@"):
            _fail(source, line, tokens[2][0] + 1, f"unexpected {tokens[2][1]!r}: a language designation starts "
                  "with '@' (e.g. @fr)")
        langs = parse_langs(tokens[2][1], source=source, line=line, offset=tokens[2][0])
    cells = parse_word(word_text, tileset, source=source, line=line, offset=word_at)
    if all(isinstance(c, Through) for c in cells):
        _fail(source, line, word_at + 1, "the play places no tile (every square is already on the board)")
    return Play(row, col, across, cells, langs)


def parse_word(text: str, tileset: Spec | None = None, *, source: str | None = None, line: int | None = None,
               offset: int = 0) -> tuple[Cell, ...]:
    """The cells of a main word written in notation (see :func:`parse_play`).

    >>> [str(c) if isinstance(c, BoardTile) else c.face for c in parse_word("MES(QU)")]
    ['M', 'E', 'S', 'Q', 'U']
    """
    text = typed(text)
    cells: list[Cell] = []
    inside = False
    i = 0
    while i < len(text):
        char = text[i]
        if char == "(":
            if inside:
                _fail(source, line, offset + i + 1, "parentheses cannot be nested")
            inside = True
            i += 1
            continue
        if char == ")":
            if not inside:
                _fail(source, line, offset + i + 1, "')' without '('")
            inside = False
            i += 1
            continue
        if char == ".":
            if inside:
                _fail(source, line, offset + i + 1, "'.' inside parentheses: write the letter or leave out '( )'")
            cells.append(Through())
            i += 1
            continue
        face, blank, length = _read_tile(text, i, tileset, source, line, offset)
        cells.append(Through(face, blank) if inside else _tile(face, blank))
        i += length
    if inside:
        _fail(source, line, offset + len(text), "'(' without ')'")
    if not cells:
        _fail(source, line, offset + 1, "empty word")
    return tuple(cells)


_TILES: dict[tuple[str, bool], BoardTile] = {}


def _tile(face: str, blank: bool) -> BoardTile:
    """The :class:`BoardTile` of ``face`` (tiles are values: one shared instance per face and kind)."""
    tile = _TILES.get((face, blank))
    if tile is None:
        tile = _TILES[(face, blank)] = BoardTile(face, blank)
    return tile


def _read_tile(text: str, i: int, tileset: Spec | None, source: str | None, line: int | None,
               offset: int, what: str = "word") -> tuple[str, bool, int]:
    """Face, blank flag and length in ``text`` of the tile written at ``i``."""
    char = text[i]
    if char in _simple_faces(tileset):
        return char, False, 1
    if char == "[":
        end = text.find("]", i)
        if end < 0:
            _fail(source, line, offset + i + 1, "'[' without ']'")
        inner = text[i + 1:end]
        face, blank = _face_of(inner, tileset)
        if face is None:
            known = "" if tileset is None else f" of the {tileset.name} set"
            _fail(source, line, offset + i + 1, f"[{inner}] is not a tile{known}")
        return face, blank, end - i + 1
    if char == FACE_DOWN:
        return FACE_DOWN, True, 1
    if char == "?":
        _fail(source, line, offset + i + 1, "a blank names its letter: write it in lower case (e.g. 'a')")
    if tileset is not None:
        written = _written(tileset).read(text, i)
        if written is not None:
            return written
    face, blank = _face_of(char, tileset)  # a letter whose case forms are not the language's own (ſ for S)
    if face is None:
        what = f"{char!r} is not a tile of the {tileset.name} set" if tileset is not None and char.isalpha() \
            else f"unexpected character {char!r} in the {what}"
        _fail(source, line, offset + i + 1, what)
    return face, blank, 1


_LATIN = frozenset(COLUMNS)

#: Each tile set's :class:`~lexc.language.tiles.Written`, by the set's ``id`` (the set is kept with it).
_WRITTEN: dict[int, tuple[Spec, Written]] = {}


def _written(tileset: Spec) -> Written:
    """How ``tileset``'s tiles are written (the one reader of tiles, :mod:`lexc.language.tiles`)."""
    known = _WRITTEN.get(id(tileset))
    if known is None or known[0] is not tileset:
        known = _WRITTEN[id(tileset)] = (tileset, Written(tileset.by_face, lambda face: lower(face, tileset.locale)))
    return known[1]



def _simple_faces(tileset: Spec | None) -> frozenset[str]:
    """Upper-case faces of one character that begin no longer face: read without case mapping."""
    return _LATIN if tileset is None else tileset.simple_faces


def _face_of(text: str, tileset: Spec | None) -> tuple[str | None, bool]:
    """The face written ``text`` (upper: a tile, lower: a blank), or None if it is not a tile."""
    if not text or not any(c.isalpha() for c in text):
        return None, False
    letters = [c for c in text if c.isalpha()]
    if all(c.isupper() for c in letters):
        blank = False
    elif all(c.islower() for c in letters):
        blank = True
    else:
        return None, False
    upper = tileset.upper(text) if tileset is not None else text.upper()
    if tileset is None:
        return (upper, blank) if text.isalpha() or len(text) > 1 else (None, False)
    return (upper, blank) if upper in tileset.by_face else (None, False)


# --------------------------------------------------------------------------- racks

#: The face of a blank on a rack.
BLANK = "?"


def parse_rack(text: str, tileset: Spec | None = None, *, source: str | None = None,
               line: int | None = None) -> tuple[str, ...]:
    """The tiles of a rack, ``?`` for a blank; multi-letter tiles bracketed or written as their face.

    >>> parse_rack("AEIQTU?")
    ('A', 'E', 'I', 'Q', 'T', 'U', '?')
    """
    text = typed(text)
    tiles: list[str] = []
    i = 0
    while i < len(text):
        if text[i] == BLANK:
            tiles.append(BLANK)
            i += 1
            continue
        face, blank, length = _read_tile(text, i, tileset, source, line, 0, "rack")
        if blank:
            _fail(source, line, i + 1, f"a rack holds tiles, not blanks standing for a letter: write {text[i]!r} "
                  "in upper case, or '?' for a blank")
        tiles.append(face)
        i += length
    return tuple(tiles)


def _fail(source: str | None, line: int | None, col: int, message: str) -> NoReturn:
    raise NotationError(Problem(source, line, f"column {col}", message))
