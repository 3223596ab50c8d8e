"""The one place the game reaches into the scoring engine and the records modules.

Everything :mod:`lexc.game` needs from the rest of lexc -- rulesets, the board, play
notation, scoring, tile values, packs, GCG reading and writing, replay's reading of a
GCG play -- is imported here and nowhere else in the package. The languages, rulesets and
packs come from a :class:`~lexc.catalog.Catalog`, which a game reaches through its
:class:`Packs` (the catalog's :class:`~lexc.catalog.Lexicons`).

>>> from lexc.catalog import Catalog
>>> catalog = Catalog.shipped()
>>> ruleset = catalog.ruleset("polyglot")
>>> language_name("fr", catalog), known_language("xx", catalog)
('French', False)
>>> play = parse_play("8D WHISKY @fr", board_tiles(ruleset))
>>> score_play(Board.empty(ruleset), play, ruleset, catalog=catalog).score
92
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from lexc.atomic import write_atomic
from lexc.catalog import Catalog, Lexicons, parse_schemes
from lexc.choices import lang_names
from lexc.engine.board import Board
from lexc.engine.notation import (
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
from lexc.engine.notation import COLUMNS as COLUMNS_OF
from lexc.engine.ruleset import Ruleset, end_adjustments, rack_value
from lexc.engine.scoring import PlayResult, WordScore, score_play
from lexc.engine.svg import board_svg, play_values, scored_tiles, write_svg
from lexc.errors import LexcError, Problem
from lexc.language.spec import Spec
from lexc.lexicon.words import Lexicon
from lexc.paths import shipped_dir
from lexc.records.fold import Position, end_delta
from lexc.records.fold import fold as fold_events
from lexc.records.gcg import Event, GameRecord, Kind, Player, Pragma
from lexc.records.gcg import checked as gcg_checked
from lexc.records.gcg import dumps as gcg_dumps
from lexc.records.gcg import parse as gcg_parse

if TYPE_CHECKING:
    from lexc.engine.moves import Move, MoveFinder


__all__ = [
    "BLANK",
    "COLUMNS_OF",
    "Board",
    "BoardTile",
    "Catalog",
    "Event",
    "GameRecord",
    "Kind",
    "Languages",
    "LexcError",
    "Lexicon",
    "Move",
    "Packs",
    "Play",
    "PlayResult",
    "Player",
    "Position",
    "Pragma",
    "Problem",
    "Ruleset",
    "Spec",
    "Through",
    "WordScore",
    "board_svg",
    "board_tiles",
    "end_adjustments",
    "end_delta",
    "finder",
    "fold_events",
    "format_position",
    "gcg_checked",
    "gcg_dumps",
    "gcg_parse",
    "known_language",
    "lang_names",
    "language_name",
    "parse_langs",
    "parse_play",
    "parse_rack",
    "parse_schemes",
    "parse_square",
    "play_values",
    "prepare_hints",
    "rack_value",
    "score_play",
    "scored_tiles",
    "shipped_dir",
    "square_name",
    "tile_language",
    "write_atomic",
    "write_svg",
]


def __getattr__(name: str) -> Any:
    """``Move`` and ``MoveFinder``, imported on first use: a command that looks for no move never loads the
    move finder."""
    if name in ("Move", "MoveFinder"):
        from lexc.engine import moves

        return getattr(moves, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def tile_language(record: GameRecord, catalog: Catalog) -> str:
    """The language of the tiles of an ordinary game's record (:func:`lexc.records.replay.tile_language`, whose
    module is loaded here: only a record that names its tile distribution asks)."""
    from lexc.records.replay import tile_language as of_record

    return of_record(record, catalog)


def board_tiles(ruleset: Ruleset) -> Spec:
    """The tile set on the board of ``ruleset`` (English in a Polyglot game)."""
    return ruleset.spec


def language_name(lang: str, catalog: Catalog) -> str:
    """The English name of a language of ``catalog`` (the code itself when there is no spec)."""
    return catalog.spec(lang).name if catalog.has_spec(lang) else lang


def known_language(lang: str, catalog: Catalog) -> bool:
    """Whether ``catalog`` has a spec of ``lang``."""
    return catalog.has_spec(lang)


#: The lexicons a game looks words up in, and the catalog it takes its languages from: the catalog's
#: one lexicons object, :class:`lexc.catalog.Lexicons` (``Packs(catalog, words)``: in-memory word
#: lists first, then the catalog's packs, each opened when first asked for).
Packs = Lexicons


#: Held while a search's packs are opened and their walks read (:func:`finder`, :func:`prepare_hints`): a
#: hint asked while the server still prepares waits for the language in hand instead of reading it twice.
_OPENING = threading.RLock()


def prepare_hints(packs: Packs, langs: Sequence[str] | None = None) -> list[str]:
    """Open the packs of ``langs`` (default: every language with a pack in the folder) and read what a
    hint searches, so that the first hint is as quick as the next: each pack's walks (a Polyglot
    game's ``board`` walks first, then the ``tiles`` walks of ordinary games, :func:`finder`) and its
    language's normaliser (:func:`lexc.engine.moves.words.letter_bound` asks it). ``lexc serve`` runs it
    beside the server as it starts. A pack that cannot be opened is skipped: a hint reports it. Returns
    the languages prepared.
    """
    import lexc.engine.moves  # noqa: F401 -- the move finder's modules, loaded by the first search otherwise
    from lexc.lexicon.walk import walk_of

    catalog = packs.catalog
    done = []
    for kind in ("board", "tiles"):
        for lang in catalog.pack_languages() if langs is None else langs:
            try:
                with _OPENING:  # one language at a time: a hint waits at most for one
                    walk_of(catalog.pack(lang), kind)
                    if catalog.has_spec(lang):
                        catalog.language(lang).normaliser()
            except LexcError:
                continue
            done.append(lang)
    return list(dict.fromkeys(done))


def finder(ruleset: Ruleset, packs: Packs, langs: Sequence[str]) -> MoveFinder:
    """The move finder of a game: in Polyglot over ``langs`` (each from its in-memory word list or
    its pack), otherwise over the board language's pack."""
    with _OPENING:  # not while prepare_hints reads the same packs
        return _finder(ruleset, packs, langs)


def _finder(ruleset: Ruleset, packs: Packs, langs: Sequence[str]) -> MoveFinder:
    from lexc.engine.moves import MoveFinder
    from lexc.lexicon.walk import Walk, walk_of

    if ruleset.polyglot is None:
        return MoveFinder.from_packs(ruleset, packs.catalog)
    walks, lexicons = {}, {}
    for lang in langs:
        if lang not in packs:
            raise LexcError(Problem(None, None, "langs", f"no pack for {lang!r}: run `lexc build {lang}`"))
        lexicon = packs[lang]
        walks[lang] = (Walk.from_words(lexicon.keys()) if lang in packs.words
                       else walk_of(packs.catalog.pack(lang), "board"))
        lexicons[lang] = lexicon
    return MoveFinder.from_walks(ruleset, walks, lexicons, catalog=packs.catalog)
