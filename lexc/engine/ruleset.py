"""Rulesets: board, premium squares, racks, bonuses, end of game and challenges, as data.

A ruleset is a TOML file in ``rulesets/`` (format: docs/rulesets.md). Shipped:
``standard``, ``tournament``, ``polyglot``, ``dover`` and ``super``.

>>> from lexc import Catalog
>>> catalog = Catalog.shipped()
>>> std = catalog.ruleset("standard")
>>> std.size, std.centre, std.rack_size, dict(std.bonuses), std.premium(0, 0), std.premium(7, 7)
((15, 15), (7, 7), 7, {7: 50}, (1, 3), (1, 2))
>>> dover = catalog.ruleset("dover")
>>> dover.size, dict(dover.bonuses), dover.inner, dover.min_word, dover.premium(3, 3)
((21, 21), {6: 20, 7: 50, 8: 80}, (3, 3, 17, 17), 3, (1, 3))

A ruleset is plain data read with :mod:`tomllib`; loading never executes code.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Protocol

from lexc.engine.notation import BLANK, parse_rack, parse_square
from lexc.errors import LexcError, Problem, SpecError
from lexc.inputs import whole_number
from lexc.language.language import Language
from lexc.language.spec import Spec
from lexc.tomlsrc import Checker, Lines, load

#: Premium-square symbols of a layout: (letter multiplier, word multiplier).
SQUARES: Mapping[str, tuple[int, int]] = MappingProxyType({
    ".": (1, 1), "d": (2, 1), "t": (3, 1), "q": (4, 1), "D": (1, 2), "T": (1, 3), "Q": (1, 4),
})

class LanguageSource(Protocol):
    """What reading a ruleset asks of the catalog that reads it: its languages, and the same
    catalog with editions or schemes chosen (:class:`lexc.catalog.Catalog` is one). The loader
    takes this, not the catalog, so the engine does not import the catalog that imports it."""

    @property
    def chosen_editions(self) -> tuple[tuple[str, str], ...]: ...

    def language(self, code: str) -> Language: ...

    def with_editions(self, editions: Mapping[str, str]) -> LanguageSource: ...

    def with_schemes(self, schemes: Mapping[str, str]) -> LanguageSource: ...


END_GAME_RULES = ("standard", "tournament")
CHALLENGE_RULES = ("double", "single", "void", "none")


@dataclass(frozen=True, slots=True)
class Polyglot:
    """Polyglot settings: the language of undesignated words, of rack values, and rule 4."""

    default_lang: str = "en"
    rack_values: str = "en"
    face_down: bool = False
    schemes: tuple[tuple[str, str], ...] = ()  # (language, scheme) agreed for games under this ruleset

    def to_json(self) -> dict[str, object]:
        return {"default_lang": self.default_lang, "rack_values": self.rack_values, "face_down": self.face_down,
                "schemes": dict(self.schemes)}


@dataclass(frozen=True, slots=True)
class Clock:
    """Game clocks (NSA and WESPA: 25 minutes a player, 10 points lost per started minute over).

    >>> Clock().penalty(25 * 60), Clock().penalty(25 * 60 + 1), Clock().penalty(27 * 60 + 30)
    (0, 10, 30)
    """

    minutes: int = 25
    overtime_penalty: int = 10  # points lost per started overtime period
    overtime_minutes: int = 1  # the period

    @property
    def seconds(self) -> int:
        return self.minutes * 60

    def penalty(self, used: float) -> int:
        """The points lost by a player whose clock shows ``used`` seconds at the end of the game."""
        over = used - self.seconds
        if over <= 0:
            return 0
        period = self.overtime_minutes * 60
        return -(-int(over * 1000) // (period * 1000)) * self.overtime_penalty

    def to_json(self) -> dict[str, object]:
        return {"minutes": self.minutes, "overtime_penalty": self.overtime_penalty,
                "overtime_minutes": self.overtime_minutes}


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A game's board and rules (see docs/rulesets.md).

    ``premiums`` holds one symbol per square, row by row (:data:`SQUARES`); ``inner`` is
    ``(top, left, bottom, right)``, 0-based and inclusive, of the board every play must touch
    (Dover), or None; ``min_word`` is the length at least one new word of each play must reach;
    ``tiles`` is the language code of the tile set on the board (``en`` for Polyglot games).
    """

    name: str
    description: str
    rows: int
    cols: int
    premiums: tuple[str, ...]
    centre: tuple[int, int]
    rack_size: int
    bonuses: Mapping[int, int]
    tiles: str = "en"
    first_play_tiles: int = 2
    min_word: int = 2
    inner: tuple[int, int, int, int] | None = None
    end_game: str = "standard"
    challenge: str = "double"
    challenge_bonus: int = 0
    polyglot: Polyglot | None = None
    distribution: Mapping[str, int] | None = None
    sources: tuple[str, ...] = ()
    path: Path | None = None
    sha256: str = ""
    editions: tuple[tuple[str, str], ...] = ()  # (language, edition) of tile sets games under this ruleset use
    #: Whether players may see a word's validity before a challenge (off at a tournament table).
    show_validity: bool = False
    #: The game clocks, or None when the ruleset plays without a clock.
    clock: Clock | None = None
    #: The languages of the board's tiles and of rack values, resolved by the catalog that read the ruleset.
    tile_language: Language | None = field(default=None, repr=False, compare=False)
    rack_language: Language | None = field(default=None, repr=False, compare=False)
    #: Letter and word multipliers of every square, row by row (index ``row * cols + col``).
    letter_multipliers: tuple[int, ...] = field(init=False, repr=False, compare=False)
    word_multipliers: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __hash__(self) -> int:
        return hash((self.name, self.sha256, self.tiles, self.rows, self.cols, self.rack_size, self.premiums))

    def __post_init__(self) -> None:
        squares = [SQUARES[symbol] for row in self.premiums for symbol in row]
        object.__setattr__(self, "letter_multipliers", tuple(m for m, _ in squares))
        object.__setattr__(self, "word_multipliers", tuple(m for _, m in squares))

    @property
    def size(self) -> tuple[int, int]:
        """``(rows, cols)``."""
        return self.rows, self.cols

    def premium(self, row: int, col: int) -> tuple[int, int]:
        """``(letter multiplier, word multiplier)`` of a square (0-based)."""
        index = row * self.cols + col
        return self.letter_multipliers[index], self.word_multipliers[index]

    def in_inner(self, row: int, col: int) -> bool:
        """Whether a square is on the inner board (always, when the ruleset has none)."""
        if self.inner is None:
            return True
        top, left, bottom, right = self.inner
        return top <= row <= bottom and left <= col <= right

    def bonus(self, tiles_played: int) -> int:
        """The bonus for playing ``tiles_played`` tiles from the rack."""
        return self.bonuses.get(tiles_played, 0)

    @property
    def spec(self) -> Spec:
        """The spec of the tile set on the board."""
        return self.language.spec

    @property
    def language(self) -> Language:
        """The language of the tile set on the board (English in Polyglot)."""
        if self.tile_language is None:
            raise LexcError(f"ruleset {self.name!r} was not read through a catalog: its {self.tiles} tiles are unknown")
        return self.tile_language

    @property
    def rack_values_spec(self) -> Spec:
        """The spec whose values count for tiles left on racks (English in Polyglot)."""
        return (self.rack_language or self.language).spec

    @property
    def rack_lang(self) -> str:
        """The language whose values count for tiles left on racks."""
        return self.polyglot.rack_values if self.polyglot else self.tiles

    def with_tiles(self, language: Language) -> Ruleset:
        """This ruleset played with the tile set of ``language`` (an ordinary game in that language).

        >>> catalog.ruleset("standard").with_tiles(catalog.language("es")).tiles
        'es'
        """
        rack = self.rack_language if self.polyglot else language
        return dataclasses.replace(self, tiles=language.code, distribution=None, tile_language=language,
                                   rack_language=rack)

    def bag(self) -> dict[str, int]:
        """Tile counts of a full bag, blanks as ``?``.

        >>> bag = catalog.ruleset("super").bag()
        >>> sum(bag.values()), bag["?"], bag["E"]
        (200, 4, 24)
        """
        if self.distribution is not None:
            return dict(self.distribution)
        spec = self.spec
        counts = {t.face: t.count for t in spec.tiles}
        counts[BLANK] = spec.blanks
        return counts

    def to_json(self) -> dict[str, object]:
        return {
            "name": self.name, "description": self.description, "size": [self.rows, self.cols],
            "centre": list(self.centre), "rack_size": self.rack_size,
            "bonuses": {str(k): v for k, v in sorted(self.bonuses.items())}, "tiles": self.tiles,
            "first_play_tiles": self.first_play_tiles, "min_word": self.min_word,
            "inner": list(self.inner) if self.inner else None, "end_game": self.end_game,
            "challenge": {"rule": self.challenge, "bonus": self.challenge_bonus},
            "polyglot": self.polyglot.to_json() if self.polyglot else None,
            "premiums": list(self.premiums), "sources": list(self.sources), "editions": dict(self.editions),
            "edition": self.spec.edition if self.tile_language is not None else None,
            "show_validity": self.show_validity, "clock": self.clock.to_json() if self.clock else None,
        }


# --------------------------------------------------------------------------- end of game


def rack_value(rack: str | Sequence[str], ruleset: Ruleset) -> int:
    """Value of the tiles on a rack (blanks 0), in the ruleset's rack language (English in Polyglot).

    >>> std = catalog.ruleset("standard")
    >>> rack_value("QZ?", std), rack_value("[CH]Ñ", std.with_tiles(catalog.language("es")))
    (20, 13)
    """
    spec = ruleset.rack_values_spec
    tiles = parse_rack(rack, ruleset.spec) if isinstance(rack, str) else tuple(rack)
    total = 0
    for face in tiles:
        if face == BLANK:
            continue
        tile = spec.by_face.get(face)
        if tile is None:
            raise LexcError(Problem(None, None, face, f"not a tile of the {spec.name} set (rack {''.join(tiles)})"))
        total += tile.points
    return total


def end_adjustments(racks: Sequence[str | Sequence[str]], ruleset: Ruleset) -> list[int]:
    """Each player's score change at the end of the game, given every player's final rack.

    A player with an empty rack went out. ``standard``: every rack is subtracted from its
    owner and the player who went out gains them all. ``tournament`` (two players): the
    player who went out gains twice the other rack and the other score is unchanged; with
    more players the standard rule applies (Polyglot rule 5). Nobody out: every rack is
    subtracted.

    >>> std, tournament = catalog.ruleset("standard"), catalog.ruleset("tournament")
    >>> end_adjustments(["", "QE"], std), end_adjustments(["", "QE"], tournament)
    ([11, -11], [22, 0])
    >>> end_adjustments(["A", "QE"], tournament)
    [-1, -11]
    """
    values = [rack_value(r, ruleset) for r in racks]
    out = [i for i, r in enumerate(racks) if len(r) == 0]
    if not out:
        return [-v for v in values]
    winner = out[0]
    if ruleset.end_game == "tournament" and len(racks) == 2:
        return [2 * sum(values) if i == winner else 0 for i in range(len(racks))]
    return [sum(values) if i == winner else -v for i, v in enumerate(values)]


# --------------------------------------------------------------------------- loading

_KEYS: dict[str, tuple[type, ...]] = {
    "name": (str,), "description": (str,), "sources": (list,), "tiles": (str,), "rack_size": (int,),
    "centre": (str,), "first_play_tiles": (int,), "min_word": (int,), "bonuses": (dict,),
    "end_game": (dict,), "challenge": (dict,), "polyglot": (dict,), "inner": (dict,),
    "distribution": (dict,), "board": (dict,), "editions": (dict,), "show_validity": (bool,), "clock": (dict,),
}
_REQUIRED = ("name", "rack_size", "centre", "bonuses", "board")
#: The most tiles a ``[bonuses]`` key may count (a rack holds 7 in every shipped ruleset).
MAX_BONUS_TILES = 100



def _layout(check: Checker, board: Mapping[str, Any]) -> tuple[str, ...]:
    layout = board.get("layout")
    if not isinstance(layout, list) or not layout or not all(isinstance(r, str) for r in layout):
        check.add(("board", "layout"), "must be a non-empty array of strings, one per row")
        return ()
    width = len(layout[0])
    for index, row in enumerate(layout):
        if len(row) != width:
            check.add(("board", "layout"), f"row {index + 1} has {len(row)} squares, row 1 has {width}")
        bad = sorted(set(row) - set(SQUARES))
        if bad:
            check.add(("board", "layout"), f"row {index + 1}: unknown square symbol(s) {''.join(bad)!r} "
                      f"(known: {' '.join(SQUARES)})")
    if not 2 <= width <= 26 or not 2 <= len(layout) <= 99:
        check.add(("board", "layout"), f"a board has 2–26 columns and 2–99 rows, not {width}×{len(layout)}")
    return tuple(layout)


def _square(check: Checker, path: tuple[object, ...], text: object, rows: int, cols: int) -> tuple[int, int]:
    if not isinstance(text, str):
        check.add(path, "must be a square such as H8")
        return 0, 0
    try:
        row, col = parse_square(text)
    except LexcError:
        check.add(path, f"{text!r} is not a square such as H8")
        return 0, 0
    if not (row < rows and col < cols):
        check.add(path, f"{text} is off the {rows}×{cols} board")
    return row, col


def _clock(check: Checker, data: Mapping[str, Any]) -> Clock | None:
    """The ``[clock]`` table: ``on``, ``minutes``, ``overtime_penalty``, ``overtime_minutes``."""
    if "clock" not in data:
        return None
    table = check.get(data, (), "clock", dict, {})
    for key in table:
        if key not in ("on", "minutes", "overtime_penalty", "overtime_minutes"):
            check.add(("clock", key), "unknown key (expected one of: on, minutes, overtime_penalty, overtime_minutes)")
    values = {}
    for key, low, high in (("minutes", 1, 600), ("overtime_penalty", 0, 1000), ("overtime_minutes", 1, 60)):
        value = check.get(table, ("clock",), key, int, getattr(Clock(), key))
        if not low <= value <= high:
            check.add(("clock", key), f"must be {low} to {high}, not {value}")
        values[key] = value
    if not check.get(table, ("clock",), "on", bool, True):
        return None
    return Clock(**values)


def check_data(data: Mapping[str, Any], lines: Lines, file: str,
               catalog: LanguageSource) -> tuple[Ruleset | None, list[Problem]]:
    """Check parsed ruleset data against ``catalog``'s languages; returns the ruleset (if usable) and
    every problem found."""
    check = Checker(file, lines)
    for key in _REQUIRED:
        if key not in data:
            check.add((), f"missing required key '{key}'")
    for key in data:
        if key not in _KEYS:
            check.add((key,), f"unknown key (expected one of: {', '.join(_KEYS)})")
    if check.problems:
        return None, check.problems
    premiums = _layout(check, check.get(data, (), "board", dict, {}))
    rows, cols = len(premiums), len(premiums[0]) if premiums else 0
    centre = _square(check, ("centre",), data["centre"], rows, cols)
    bonuses = _bonuses(check, data)
    rack_size = check.get(data, (), "rack_size", int, 7)
    if rack_size < 1:
        check.add(("rack_size",), f"must be at least 1, not {rack_size}")
    editions = _editions(check, data, catalog)
    catalog = catalog.with_editions({**editions, **dict(catalog.chosen_editions)}) if editions else catalog
    tiles = check.get(data, (), "tiles", str, "en")
    tile_language = _language_of(check, ("tiles",), tiles, catalog)
    end = check.get(check.get(data, (), "end_game", dict, {}), ("end_game",), "rule", str, "standard")
    if end not in END_GAME_RULES:
        check.add(("end_game", "rule"), f"must be one of {', '.join(END_GAME_RULES)}, not {end!r}")
    challenge_table = check.get(data, (), "challenge", dict, {})
    challenge = check.get(challenge_table, ("challenge",), "rule", str, "double")
    if challenge not in CHALLENGE_RULES:
        check.add(("challenge", "rule"), f"must be one of {', '.join(CHALLENGE_RULES)}, not {challenge!r}")
    inner = None
    if "inner" in data:
        table = check.get(data, (), "inner", dict, {})
        top, left = _square(check, ("inner", "from"), table.get("from"), rows, cols)
        bottom, right = _square(check, ("inner", "to"), table.get("to"), rows, cols)
        inner = (top, left, bottom, right)
    polyglot = _polyglot(check, data, catalog) if "polyglot" in data else None
    rack_language = tile_language if polyglot is None else \
        _language_of(check, ("polyglot", "rack_values"), polyglot.rack_values, catalog)
    distribution = _distribution(check, data) if "distribution" in data else None
    clock = _clock(check, data)
    if check.problems:
        return None, check.problems
    ruleset = Ruleset(
        name=check.get(data, (), "name", str, ""), description=check.get(data, (), "description", str, ""),
        rows=rows, cols=cols, premiums=premiums, centre=centre, rack_size=rack_size,
        bonuses=MappingProxyType(bonuses), tiles=tiles,
        first_play_tiles=check.get(data, (), "first_play_tiles", int, 2),
        min_word=check.get(data, (), "min_word", int, 2), inner=inner, end_game=end, challenge=challenge,
        challenge_bonus=check.get(challenge_table, ("challenge",), "bonus", int, 0), polyglot=polyglot,
        distribution=MappingProxyType(distribution) if distribution is not None else None,
        sources=tuple(str(s) for s in check.get(data, (), "sources", list, [])),
        tile_language=tile_language, rack_language=rack_language, editions=tuple(sorted(editions.items())),
        show_validity=check.get(data, (), "show_validity", bool, False), clock=clock,
    )
    return (None, check.problems) if check.problems else (ruleset, [])


def _bonuses(check: Checker, data: Mapping[str, Any]) -> dict[int, int]:
    """``bonuses = { 7 = 50 }``: points for the number of tiles played."""
    bonuses: dict[int, int] = {}
    for key, value in check.get(data, (), "bonuses", dict, {}).items():
        played = whole_number(key, least=1, most=MAX_BONUS_TILES)
        if played is None or not isinstance(value, int) or isinstance(value, bool):
            check.add(("bonuses", key[:24]), "write TILES_PLAYED = POINTS in ASCII digits, e.g. 7 = 50 (tiles "
                                              f"played: 1 to {MAX_BONUS_TILES})")
        else:
            bonuses[played] = value
    return bonuses


def _polyglot(check: Checker, data: Mapping[str, Any], catalog: LanguageSource) -> Polyglot:
    """``[polyglot]``: the default language, the rack values' language, the face-down tile, the schemes."""
    table = check.get(data, (), "polyglot", dict, {})
    schemes = check.get(table, ("polyglot",), "schemes", dict, {})
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in schemes.items()):
        check.add(("polyglot", "schemes"), "a table of language = \"scheme\" (e.g. he = \"he-full\")")
        schemes = {}
    try:
        catalog.with_schemes(schemes)
    except LexcError as err:
        check.add(("polyglot", "schemes"), str(err.problems[0].message))
        schemes = {}
    return Polyglot(check.get(table, ("polyglot",), "default_lang", str, "en"),
                    check.get(table, ("polyglot",), "rack_values", str, "en"),
                    check.get(table, ("polyglot",), "face_down", bool, False),
                    tuple(sorted(schemes.items())))


def _distribution(check: Checker, data: Mapping[str, Any]) -> dict[str, int]:
    """``[distribution]``: the bag's tiles by face, ``blanks`` for the blanks."""
    table = check.get(data, (), "distribution", dict, {})
    distribution = {(BLANK if k == "blanks" else k): v for k, v in table.items()}
    for key, value in table.items():
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            check.add(("distribution", key), "must be a count (an integer, at least 0)")
    return distribution


def _editions(check: Checker, data: Mapping[str, Any], catalog: LanguageSource) -> dict[str, str]:
    """``editions = { is = "original" }``: the tile sets of languages with several (docs/rulesets.md)."""
    editions = check.get(data, (), "editions", dict, {})
    if not all(isinstance(v, str) for v in editions.values()):
        check.add(("editions",), "a table of language = \"edition\" (e.g. is = \"original\")")
        return {}
    good = {}
    for code, name in editions.items():
        try:
            catalog.with_editions({code: name})
            good[code] = name
        except LexcError as err:
            check.add(("editions", code), str(err.problems[0].message))
    return good


def _language_of(check: Checker, path: tuple[object, ...], code: str, catalog: LanguageSource) -> Language | None:
    try:
        return catalog.language(code)
    except LexcError as err:
        if err.problems[0].file is not None:  # a spec file's own problem, not this ruleset's
            raise
        check.add(path, str(err.problems[0].message))
        return None



def load_ruleset_file(path: Path, catalog: LanguageSource) -> Ruleset:
    """Read and check the ruleset file at ``path``; its tile sets come from ``catalog``.

    Use :meth:`lexc.catalog.Catalog.ruleset`, which finds a ruleset by name and reads it once:

    >>> catalog.ruleset("nonesuch")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lexc.errors.LexcError: <input>: unknown ruleset 'nonesuch' (known: dover, hong-kong, polyglot, standard, ...)
    """
    data, lines, raw = load(path)
    ruleset, problems = check_data(data, lines, str(path), catalog)
    if ruleset is None:
        raise SpecError(problems)
    return dataclasses.replace(ruleset, path=path, sha256=hashlib.sha256(raw).hexdigest())
