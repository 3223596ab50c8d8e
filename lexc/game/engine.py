"""The one place the game reaches into the scoring engine and the records modules.

Everything :mod:`lexc.game` needs from the rest of lexc -- rulesets, the board, play
notation, scoring, tile values, packs, GCG reading and writing, replay's reading of a
GCG play -- is imported here and nowhere else in the package, so that pointing the game at
a reorganised engine (a catalog instead of :func:`lexc.spec.get_spec`, subpackages) means
editing this module only.

>>> ruleset = load_ruleset("polyglot")
>>> language_name("fr"), known_language("xx")
('French', False)
>>> result = score_play(Board.empty(ruleset), parse_play("8D WHISKY @fr", board_tiles(ruleset)), ruleset)
>>> result.score
92
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import cast

from ..atomic import write_atomic
from ..board import Board
from ..errors import LexcError, Problem
from ..gcg import Event, GameRecord, Kind, Player, Pragma
from ..gcg import dumps as gcg_dumps
from ..gcg import parse as gcg_parse
from ..lexicon import Lexicon
from ..notation import (
    BLANK,
    BoardTile,
    Languages,
    Play,
    Through,
    format_position,
    parse_langs,
    parse_play,
    parse_rack,
    parse_square,
    square_name,
)
from ..notation import COLUMNS as COLUMNS_OF
from ..pack import find_pack, pack_path
from ..replay import play_of
from ..ruleset import Ruleset, end_adjustments, load_ruleset, rack_value, ruleset_names
from ..scoring import PlayResult, WordScore, score_play
from ..spec import Spec, get_spec
from ..svg import board_svg, play_values, scored_tiles, write_svg

__all__ = [
    "BLANK",
    "COLUMNS_OF",
    "Board",
    "BoardTile",
    "Event",
    "GameRecord",
    "Kind",
    "Languages",
    "LexcError",
    "Lexicon",
    "Packs",
    "Play",
    "PlayResult",
    "Player",
    "Pragma",
    "Problem",
    "Ruleset",
    "Through",
    "WordScore",
    "board_svg",
    "board_tiles",
    "end_adjustments",
    "format_position",
    "gcg_dumps",
    "gcg_parse",
    "known_language",
    "language_name",
    "load_ruleset",
    "parse_langs",
    "parse_play",
    "parse_rack",
    "parse_square",
    "play_of",
    "play_values",
    "rack_value",
    "ruleset_names",
    "score_play",
    "scored_tiles",
    "square_name",
    "write_atomic",
    "write_svg",
]


def board_tiles(ruleset: Ruleset) -> Spec:
    """The tile set on the board of ``ruleset`` (English in a Polyglot game)."""
    return get_spec(ruleset.tiles)


def language_name(lang: str) -> str:
    """The English name of a shipped language (the code itself when there is no spec)."""
    try:
        return get_spec(lang).name
    except LexcError:
        return lang


def known_language(lang: str) -> bool:
    """Whether ``lang`` has a spec."""
    try:
        get_spec(lang)
    except LexcError:
        return False
    return True


class Packs(Mapping[str, Lexicon]):
    """The packs of a directory, opened when first asked for: ``packs["fr"]`` is ``DIR/fr.lexc``.

    A language without a pack file is simply absent (its words are not looked up); a pack that
    is there but unreadable raises :class:`LexcError`.
    """

    def __init__(self, folder: Path | str | None = None) -> None:
        self.folder = Path(folder) if folder is not None else None

    def path(self, lang: str) -> Path:
        """Where the pack of ``lang`` would be."""
        return pack_path(lang, self.folder)

    def __getitem__(self, lang: str) -> Lexicon:
        if not self.path(lang).is_file():
            raise KeyError(lang)
        return cast(Lexicon, find_pack(lang, self.folder))  # a pack answers every Lexicon call

    def __contains__(self, lang: object) -> bool:
        return isinstance(lang, str) and self.path(lang).is_file()

    def __iter__(self) -> Iterator[str]:
        folder = self.path("xx").parent
        return iter(sorted(p.stem for p in folder.glob("*.lexc"))) if folder.is_dir() else iter(())

    def __len__(self) -> int:
        return sum(1 for _ in self)
