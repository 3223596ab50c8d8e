"""The one tile currency: letters read as tiles, and board spellings read as native tiles.

A :class:`Reader` is the one tiler of lexc: over a set of *surfaces* (the faces of a tile
set, the letters a scheme spells, the runs of a pack's default table) it gives

- **longest match** (:meth:`Reader.longest`, :meth:`Reader.cut`, :meth:`Reader.match`):
  left to right, the longest surface at each position; the default tiling of every word;
- **all tilings** (:meth:`Reader.tilings`), in the order of the surfaces tried, at most
  :data:`MAX_TILINGS`;
- **maximal tilings** (:meth:`Reader.tilings` with ``maximal=True``): those in which no
  run of neighbouring tiles is itself a surface (Hungarian SZ·S and S·ZS, not S·Z·S).

>>> hu = Reader(["A", "S", "Z", "SZ", "ZS"])
>>> hu.longest("ASZSA"), hu.longest("ASZX")
(('A', 'SZ', 'S', 'A'), None)
>>> hu.tilings("SZS")
[('S', 'Z', 'S'), ('S', 'ZS'), ('SZ', 'S')]
>>> hu.tilings("SZS", maximal=True), hu.mergeable(("S", "Z", "S"))
([('S', 'ZS'), ('SZ', 'S')], True)

A :class:`Table` reads a board spelling (A–Z) back as native tiles: longest match over a
table from runs of board letters to face indexes, the faces put together, the last letter
in its final form (Hebrew מ at the end is ם). It is the *default reading* of a pack
(:class:`lexc.lexicon.pack.Coder` adds the records) and of a scheme
(:meth:`lexc.language.normalize.Normaliser.read`). A tiling there is a :data:`Tiling`.

:class:`Written` reads tiles as people write them in plays and racks (and boards written as
text): a face in upper case is the tile, in lower case a blank standing for it, longest match
over the faces, as wolges reads words, racks and plays with one alphabet reader.

:class:`Codes` gives each tile a normaliser hands out one character, so that a word's tiles
are a short string (the compiler's tile codes, :class:`lexc.language.normalize.Encoder`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class AlignedTile:
    """One native tile of a word: its face, its points in the language, the board tiles spelling it
    (the currency of a spelled word: :class:`lexc.language.normalize.Spelling` holds a tuple of them)."""

    face: str
    points: int
    board: str

    def to_json(self) -> dict[str, object]:
        return {"face": self.face, "points": self.points, "board": self.board}


#: At most this many tilings are listed by :meth:`Reader.tilings`.
MAX_TILINGS = 256

#: (face index, number of board letters) per native tile of a board spelling.
Tiling = tuple[tuple[int, int], ...]
#: A board spelling's native word and tiling as a table reads it (:meth:`Table.default_reading`).
Reading = tuple[str, Tiling]


def _alternation(surfaces: Iterable[str]) -> str:
    """A regular expression alternation trying longer surfaces first (so the first that matches is the longest)."""
    return "|".join(map(re.escape, sorted(surfaces, key=lambda s: (-len(s), s))))


class Reader:
    """Longest match, all tilings and maximal tilings of a text over a set of surfaces.

    ``rest``: longest match (:meth:`cut`) also takes any other character alone, so that a
    caller can name the one that is not a surface.

    >>> Reader(["C", "H", "CH", "O"]).cut("OCHO!"), Reader(["C", "H", "CH", "O"], rest=True).cut("OCHO!")
    (['O', 'CH', 'O'], ['O', 'CH', 'O', '!'])
    """

    def __init__(self, surfaces: Iterable[str], *, rest: bool = False):
        self.surfaces = tuple(dict.fromkeys(s for s in surfaces if s))  # in the order given: the order tilings try
        self._known = frozenset(self.surfaces)
        self.widest = max(map(len, self.surfaces), default=0)
        expression = "|".join(x for x in (_alternation(self.surfaces), "." if rest else "") if x)
        self.pattern = re.compile(expression or "(?!)", re.DOTALL)
        multi = [s for s in self.surfaces if len(s) > 1]
        #: finds every start of a multi-letter surface (overlapping ones too); None if there are none
        self.multi = re.compile("(?=(" + _alternation(multi) + "))") if multi else None

    def __contains__(self, surface: object) -> bool:
        return surface in self._known

    # ----------------------------------------------------------------- longest match

    def match(self, text: str, at: int = 0) -> str | None:
        """The surface longest match takes at ``text[at]``, or None."""
        found = self.pattern.match(text, at)
        return None if found is None else found.group()

    def cut(self, text: str, start: int = 0, end: int | None = None) -> list[str]:
        """The surfaces longest match cuts ``text[start:end]`` into (they do not cover it if it cannot be tiled)."""
        return self.pattern.findall(text, start, len(text) if end is None else end)

    def longest(self, text: str) -> tuple[str, ...] | None:
        """The tiling longest match gives ``text``; None if it cannot tile all of it."""
        found = self.pattern.findall(text)
        return tuple(found) if sum(map(len, found)) == len(text) else None

    # ----------------------------------------------------------------- every tiling

    def tilings(self, text: str, *, maximal: bool = False, limit: int | None = MAX_TILINGS) -> list[tuple[str, ...]]:
        """The first ``limit`` tilings of ``text`` (all with None), in the order of the surfaces tried.

        ``maximal``: only those in which no run of neighbouring tiles is a surface. A depth-first walk
        with its own stack (a word of 3,000 letters went past Python's recursion limit), entering only
        positions from which the text can be finished.
        """
        n = len(text)
        starts = [[s for s in self.surfaces if text.startswith(s, i)] for i in range(n)]
        finishes = [False] * n + [True]
        for i in range(n - 1, -1, -1):
            starts[i] = [s for s in starts[i] if finishes[i + len(s)]]
            finishes[i] = bool(starts[i])
        if not n:
            return [()]
        out: list[tuple[str, ...]] = []
        if not finishes[0]:
            return out
        path: list[str] = []
        stack = [(0, iter(starts[0]))]
        while stack:
            at, options = stack[-1]
            surface = next(options, None)
            if surface is None:
                stack.pop()
                if path:
                    path.pop()
                continue
            if maximal and self._merges(path, surface):
                continue
            path.append(surface)
            if at + len(surface) < n:
                stack.append((at + len(surface), iter(starts[at + len(surface)])))
                continue
            out.append(tuple(path))
            path.pop()
            if limit is not None and len(out) >= limit:
                break
        return out

    def _merges(self, path: Sequence[str], surface: str) -> bool:
        """Whether ``surface`` and some of the tiles just before it spell a surface."""
        run = surface
        for previous in reversed(path):
            run = previous + run
            if len(run) > self.widest:
                return False
            if run in self._known:
                return True
        return False

    def mergeable(self, tiling: Sequence[str]) -> bool:
        """Whether some run of two or more neighbouring tiles of ``tiling`` spells a surface (it is not maximal)."""
        return any(self._merges(tiling[:i], tiling[i]) for i in range(1, len(tiling)))

    def overlapping(self, text: str) -> bool:
        """Whether two multi-letter surfaces overlap in ``text`` (else it has one maximal tiling).

        >>> Reader(["S", "Z", "SZ", "ZS"]).overlapping("SZS"), Reader(["S", "Z", "SZ", "ZS"]).overlapping("SZAZS")
        (True, False)
        """
        if self.multi is None:
            return False
        end = -1
        for found in self.multi.finditer(text):
            if found.start() < end:
                return True
            end = max(end, found.start() + len(found.group(1)))
        return False


class Table:
    """Reads board spellings as native tiles: longest match over a table of board-letter runs.

    ``faces`` are the tile faces (a face index is a position in it), ``table`` maps a run of
    board letters to the face index it reads as, ``finals`` a face to the letter a word ends
    with instead (Hebrew כ -> ך).

    >>> he = Table(("ש", "ל", "ו", "מ"), {"SH": 0, "L": 1, "V": 2, "M": 3}, {"מ": "ם"})
    >>> he.default_reading("SHLVM")
    ('שלום', ((0, 2), (1, 1), (2, 1), (3, 1)))
    >>> Table(("C", "H", "CH", "O"), {"C": 0, "H": 1, "CH": 2, "O": 3}).default_reading("OCHO")
    ('OCHO', ((3, 1), (2, 2), (3, 1)))
    """

    def __init__(self, faces: Sequence[str], table: Mapping[str, int], finals: Mapping[str, str] | None = None):
        self.faces = tuple(faces)
        self.table = dict(table)
        self.finals = dict(finals or {})
        self.runs = Reader(self.table)
        self.pattern = self.runs.pattern
        # per run, its tile and its face: a default reading is then a few calls into C per word
        self._tile = {run: (face, len(run)) for run, face in self.table.items()}
        self._face = {run: self.faces[face] for run, face in self.table.items()}
        self._single = all(len(run) == 1 for run in self.table)  # then one map over the letters tiles a word
        ones = {run: face for run, face in self._face.items() if len(run) == 1}
        self._same = all(run == face for run, face in ones.items())  # a word of one-letter tiles: native = board
        self._letters = str.maketrans(ones)
        # a board with none of the multi-letter runs is read letter by letter, as with one-letter runs only
        self._multi = self.runs.multi.search if self.runs.multi is not None else None

    def greedy(self, board: str, i: int) -> tuple[int, int] | None:
        """The (face index, length) longest match gives at ``board[i]``, or None."""
        run = self.runs.match(board, i)
        return None if run is None else (self.table[run], len(run))

    def default_tiling(self, board: str) -> Tiling | None:
        """The tiling longest match over the table gives ``board``; None if it cannot tile it."""
        found = self.default_reading(board)
        return None if found is None else found[1]

    def default_reading(self, board: str) -> Reading | None:
        """The native spelling and tiling of ``board`` read by default (longest match over the table,
        faces put together, the final form of the last letter); None if the table cannot tile it.

        With one-letter runs only (most languages) this is one ``map`` over the letters and one
        ``str.translate``; else one pass of the table's pattern.
        """
        if self._single or not self._multi(board):  # type: ignore[misc]
            try:
                tiling = tuple(map(self._tile.__getitem__, board))
            except KeyError:
                return None
            native = board if self._same else board.translate(self._letters)
        else:
            chunks = self.runs.longest(board)
            if chunks is None:
                return None
            native, tiling = "".join(map(self._face.__getitem__, chunks)), tuple(map(self._tile.__getitem__, chunks))
        return self.implied(native), tiling

    def reader(self) -> Callable[[str], tuple[str, Tiling] | None]:
        """:meth:`default_reading`, as one ``map`` over the letters when every run is one letter, its
        own face and no final form applies (French, English...: most packs)."""
        if not (self._single and self._same and not self.finals):
            return self.default_reading
        tile = self._tile.__getitem__

        def read(board: str) -> tuple[str, Tiling] | None:
            try:
                return board, tuple(map(tile, board))
            except KeyError:
                return None

        return read

    def read_run(self, board: str, start: int, end: int) -> Iterator[tuple[int, int]]:
        """The tiles longest match reads ``board[start:end]`` as; ValueError if it cannot."""
        if start > end:
            raise ValueError(f"tiles run past the end of {board!r}")
        chunks = self.runs.cut(board, start, end)
        if sum(map(len, chunks)) != end - start:
            raise ValueError(f"the table cannot read {board[start:end]!r} in {board!r}")
        return map(self._tile.__getitem__, chunks)

    def joined(self, tiling: Tiling) -> str:
        """The faces of ``tiling`` put together (not the final form: see :meth:`implied`)."""
        return "".join(self.faces[face] for face, _ in tiling)

    def implied(self, joined: str) -> str:
        """The faces ``joined``, the last letter in its final form when the rule has one (Hebrew מ at the end is ם).

        >>> Table(("מ", "ל"), {"M": 0, "L": 1}, {"מ": "ם"}).implied("מלמ")
        'מלם'
        """
        if self.finals and joined and joined[-1] in self.finals:
            return joined[:-1] + self.finals[joined[-1]]
        return joined


class Written:
    """The tiles of a set as written in plays and racks: each face in upper case is that tile, in lower
    case (``lower``: the language's own, Turkish İ is i) a blank standing for it; a face of letters
    without case (Hebrew ש) is not written either way. :meth:`read` takes the longest face written at
    a place, by the one :class:`Reader`.

    >>> es = Written(["A", "C", "CH", "H", "O", "R", "RR", "U"], str.lower)
    >>> es.read("CHURRO", 0), es.read("chURRO", 0), es.read("CHURRO", 3), es.read("ChURRO", 0), es.read("X", 0)
    (('CH', False, 2), ('CH', True, 2), ('RR', False, 2), ('C', False, 1), None)
    """

    def __init__(self, faces: Iterable[str], lower: Callable[[str], str]):
        forms: dict[str, tuple[str, bool]] = {}
        for face in faces:
            for form, blank, case in ((face, False, str.isupper), (lower(face), True, str.islower)):
                letters = [c for c in form if c.isalpha()]
                if letters and all(map(case, letters)):  # a caseless letter (Hebrew ש) is neither
                    forms.setdefault(form, (face, blank))
        self._forms = forms
        self._reader = Reader(forms)

    def read(self, text: str, at: int) -> tuple[str, bool, int] | None:
        """``(face, blank, length)`` of the longest face written at ``text[at]``, or None if none is."""
        form = self._reader.match(text, at)
        if form is None:
            return None
        face, blank = self._forms[form]
        return face, blank, len(form)


class Codes:
    """One character per distinct tile object a normaliser hands out, so a tiling is a short string.

    A single-letter tile whose face is its board letter (the A of English, the É-less E of
    French) is written as that letter, so a plain word's code is its board spelling.
    The objects are kept alive: their ``id`` is the key.
    """

    def __init__(self) -> None:
        self.char_of: dict[int, str] = {}
        self.tile_of: dict[str, AlignedTile] = {}
        self._next = 0x80

    def code(self, tiles: tuple[AlignedTile, ...]) -> str:
        """The code of a word's tiles."""
        try:
            return "".join(map(self.char_of.__getitem__, map(id, tiles)))
        except KeyError:
            for tile in tiles:
                if id(tile) not in self.char_of:
                    self._register(tile)
            return "".join(map(self.char_of.__getitem__, map(id, tiles)))

    def char(self, tile: AlignedTile) -> str:
        """The code of one tile (given one the first time)."""
        if id(tile) not in self.char_of:
            self._register(tile)
        return self.char_of[id(tile)]

    def _register(self, tile: AlignedTile) -> None:
        if len(tile.face) == 1 and tile.face == tile.board and "A" <= tile.face <= "Z" \
                and tile.face not in self.tile_of:
            char = tile.face
        else:
            char = chr(self._next)
            self._next += 1
        self.char_of[id(tile)] = char
        self.tile_of[char] = tile
