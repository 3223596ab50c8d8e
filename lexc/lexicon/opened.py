"""A pack opened: :class:`Pack`, what every pack answers whatever its trie.

Its records are read by the one record reader (:meth:`lexc.lexicon.codec.Coder.read`), each
group parsed once per process; the trie answers membership and a board spelling's record group
in the class of its structure (:mod:`lexc.lexicon.packtypes`). :func:`lexc.lexicon.pack.open_pack`
makes one.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lexc.language.tiles import Tiling
from lexc.lexicon.codec import RECORD_SEP, Coder, Plan, Reading
from lexc.lexicon.packfile import _bad

if TYPE_CHECKING:
    from collections.abc import Callable

    from lexc.language.normalize import Spelling

#: Separates a board spelling from its records where a message shows them (``NANDU:^5f1=1Ú``).
SEP = ":"


class Pack:
    """A loaded pack: a :class:`lexc.lexicon.words.Lexicon` for one language, plus its header.

    Use :func:`lexc.lexicon.pack.open_pack` or :meth:`lexc.catalog.Catalog.pack`; ``board in pack``
    tests membership. The class of each trie structure (:mod:`lexc.lexicon.packtypes`) gives
    :meth:`_group` and :meth:`_with_prefix`.
    """

    lang: str
    header: dict[str, Any]
    path: Path

    def _setup(self, path: Path, header: dict[str, Any], groups: list[str]) -> None:
        self.path, self.header, self.lang = path, header, header["lang"]
        tiles = header["tiles"]
        self.coder = Coder([t["face"] for t in tiles], header["table"], header.get("finals"))
        self._points: list[int | None] = [t["points"] for t in tiles]
        self._board_values: dict[str, int] = header.get("board_values") or {}
        self._replaces: dict[str, Any] = {}
        self._groups = groups
        self._split: dict[int, list[str]] = {}
        self._plans: dict[int, Plan] = {}
        self._default: Callable[[str], Reading | None] = self.coder.reader()
        self._read = self.coder.read
        self._per_tile = _TileValues(self._points) if all(p is not None for p in self._points) else None

    def _group(self, board: str) -> int:
        """The record group of ``board``: 0 for none (all default), -1 when it is no word."""
        raise NotImplementedError

    def _with_prefix(self, prefix: str) -> list[str]:
        raise NotImplementedError

    def _records(self, board: str) -> list[str]:
        """The records of ``board`` as stored ([] when it has none or is no word)."""
        group = self._group(board)
        return self._group_records(group) if group > 0 else []

    def _group_records(self, group: int) -> list[str]:
        found = self._split.get(group)
        if found is None:
            if group >= len(self._groups):
                raise _bad(self.path, f"corrupt pack: record group {group} of {len(self._groups)}")
            found = self._split[group] = self._groups[group].split(RECORD_SEP)
        return found

    @property
    def structure(self) -> str:
        """The trie structure of this pack: ``marisa``, ``dawg`` or ``natives``."""
        return str(self.header["structure"]["kind"])

    def __len__(self) -> int:
        return int(self.header["counts"]["boards"])

    def __iter__(self) -> Iterator[str]:
        return self.keys()

    def __repr__(self) -> str:
        return f"<Pack {self.lang} {len(self)} board spellings, {self.structure}, {self.path}>"

    def keys(self, prefix: str = "") -> Iterator[str]:
        """Board spellings starting with ``prefix``, in sorted order."""
        return iter(sorted(self._with_prefix(prefix)))

    def records(self, board: str) -> list[tuple[str, Tiling]]:
        """Native spellings and tilings (face index, board length) of ``board``; [] if it is no word.

        Most board spellings have no record: one lookup in C gives group 0, and the default
        reading is one ``map`` over the letters (:meth:`lexc.language.tiles.Table.reader`). A group
        is parsed once (:meth:`Coder.plan`) and read by :meth:`Coder.read`.
        """
        group = self._group(board)
        if group < 0:
            return []
        reading = self._default(board)
        if group == 0:
            if reading is None:
                raise _bad(self.path, f"corrupt pack: {board!r} has no record and no default tiling")
            return [reading]
        plan = self._plans.get(group)
        if plan is None:
            plan = self._plan(group)
        try:
            return self._read(board, plan, reading)
        except (ValueError, KeyError, IndexError):
            raise _bad(self.path, f"corrupt pack: bad record(s) {board + SEP + SEP.join(plan.records)!r}") from None

    def _plan(self, group: int) -> Plan:
        """The records of ``group`` parsed once and kept (:meth:`Coder.plan`)."""
        records = self._group_records(group)
        try:
            plan = self.coder.plan(records)
        except (ValueError, KeyError, IndexError):
            raise _bad(self.path, f"corrupt pack: bad record(s) {SEP.join(records)!r} in group {group}") from None
        if len(self._plans) < 1 << 20:
            self._plans[group] = plan
        return plan

    def points(self, face: int, board: str) -> int:
        """Points of the tile with face index ``face`` spelled ``board``."""
        points = self._points[face]
        if points is not None:
            return points
        return sum(self._board_values.get(c, 0) for c in board)

    def value(self, board: str, tiling: Tiling) -> int:
        """The value of ``board`` tiled ``tiling``: the points of its tiles, a tile written with no
        board letter (Russian Ь) counting none. One ``sum(map(...))`` when every face has its points."""
        if self._per_tile is not None:
            return sum(map(self._per_tile.__getitem__, tiling))
        return sum(points for _, points, part in self.tiles(board, tiling) if part)

    def tiles(self, board: str, tiling: Tiling) -> list[tuple[str, int, str]]:
        """(face, points, board letters) of each tile of ``tiling`` on ``board``."""
        out, i = [], 0
        for face, length in tiling:
            part = board[i:i + length]
            out.append((self.coder.faces[face], self.points(face, part), part))
            i += length
        return out

    def spellings(self, board: str) -> list[Spelling]:
        """Every native word spelled ``board`` on the board, with its tiling; [] if none."""
        from lexc.language.spelling import Spelling
        from lexc.language.tiles import AlignedTile

        return [Spelling(self.lang, native, tuple(AlignedTile(*t) for t in self.tiles(board, tiling)))
                for native, tiling in self.records(board)]


class _TileValues(dict[tuple[int, int], int]):
    """What a tile (face index, board length) adds to a word's value, filled on first use: its
    points, none for a tile of no board letter (:meth:`Pack.value`)."""

    def __init__(self, points: Sequence[int | None]):
        super().__init__()
        self.points = points

    def __missing__(self, tile: tuple[int, int]) -> int:
        face, length = tile
        value = self[tile] = int(self.points[face] or 0) if length else 0
        return value
