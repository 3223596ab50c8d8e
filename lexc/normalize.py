"""From a native word to its board spelling and alignment.

PLACEHOLDER (scaffold): Latin-script only, longest-match tiling, marks stripped.
The normalisation issue replaces the internals; the public API below stays.

>>> n = normaliser("es")
>>> s = n.spell("churro")
>>> s.board, [t.face for t in s.tiles], s.value
('CHURRO', ['CH', 'U', 'RR', 'O'], 15)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .errors import LexcError
from .spec import JOINERS, Spec, get_spec, latin_letter


@dataclass(frozen=True, slots=True)
class AlignedTile:
    """One native tile of a word: its face, its points in the language, the board tiles spelling it."""

    face: str
    points: int
    board: str

    def to_json(self) -> dict[str, object]:
        return {"face": self.face, "points": self.points, "board": self.board}


@dataclass(frozen=True, slots=True)
class Spelling:
    """A native word as played: its tiling aligned with its board spelling."""

    lang: str
    native: str
    tiles: tuple[AlignedTile, ...]

    @property
    def board(self) -> str:
        """The board spelling, A–Z only."""
        return "".join(t.board for t in self.tiles)

    @property
    def value(self) -> int:
        """The base value in the language (no premiums)."""
        return sum(t.points for t in self.tiles)

    def spans(self) -> list[tuple[int, int]]:
        """For each native tile, the [start, end) span of board tiles that spell it."""
        spans, start = [], 0
        for tile in self.tiles:
            spans.append((start, start + len(tile.board)))
            start += len(tile.board)
        return spans


class Unspellable(LexcError):
    """A word the language cannot spell; ``char`` is the offending character, if one."""

    def __init__(self, word: str, reason: str, char: str | None = None):
        self.word, self.reason, self.char = word, reason, char
        super().__init__(f"{word!r}: {reason}")


class Normaliser:
    """Spells native words of one language on the board."""

    def __init__(self, spec: Spec):
        self.spec = spec
        self._faces = sorted(spec.by_face, key=len, reverse=True)

    def tiling(self, word: str) -> tuple[str, ...]:
        """The default (longest-match) tiling of ``word`` (upper-cased in the spec's locale)."""
        upper, faces, i = self.spec.upper(word), [], 0
        while i < len(upper):
            for face in self._faces:
                if upper.startswith(face, i):
                    faces.append(face)
                    i += len(face)
                    break
            else:
                raise Unspellable(word, f"character {upper[i]!r} is not in the {self.spec.name} set", upper[i])
        return tuple(faces)

    def spell(self, word: str) -> Spelling:
        """``word`` as played on the board, with its alignment."""
        tiles = []
        for face in self.tiling(word):
            board = "".join(latin_letter(c, self.spec.folds) or "?" for c in face if c not in JOINERS)
            if "?" in board:
                raise Unspellable(word, f"tile {face!r} cannot be spelled with A–Z", face)
            tiles.append(AlignedTile(face, self.spec.points(face), board))
        return Spelling(self.spec.code, self.spec.upper(word), tuple(tiles))


@cache
def normaliser(code: str) -> Normaliser:
    """The normaliser of shipped language ``code``."""
    return Normaliser(get_spec(code))
