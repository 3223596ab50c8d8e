"""lexc: a multilingual Scrabble lexicon and tile-set compiler with a Polyglot scoring engine.

``import lexc`` is the front door: a :class:`Catalog` of languages, schemes and rulesets,
and the few functions and values that make up the pipeline (docs/architecture.md).

>>> import lexc
>>> catalog = lexc.Catalog.shipped()
>>> pg = catalog.ruleset("polyglot")
>>> result = lexc.score_play(lexc.Board.empty(pg), lexc.parse_play("8D WHISKY @fr"), pg, catalog=catalog)
>>> result.score
92
>>> catalog.normaliser("ru").spell("щи").board
'SHCHI'

Bad input raises a :class:`LexcError` naming the file, line and problem; each kind of input has
its own subclass, also a :class:`ValueError`: :class:`NotationError` (plays, racks, squares),
:class:`SpecError` (specs, schemes, rulesets), :class:`PackError` (packs), :class:`RecordError`
(game records):

>>> try:
...     lexc.parse_gcg(">ann: AB 8D AB +8 8", "club.gcg")
... except lexc.RecordError as err:
...     print(isinstance(err, lexc.LexcError), isinstance(err, ValueError), err)
True True club.gcg:1: ann: event before any #player1/#player2 pragma
>>> try:
...     lexc.parse_play("8D QU1TE")
... except lexc.NotationError as err:
...     print(err.problems[0].message)
unexpected character '1' in the word

The package is laid out as the pipeline, one subpackage per stage:

* :mod:`lexc.language` -- specs, schemes, case mapping, the normaliser (tiling and board
  spelling), validation;
* :mod:`lexc.lexicon` -- word sources, the compiler, packs;
* :mod:`lexc.engine` -- play notation, board, rulesets, scoring, SVG pictures;
* :mod:`lexc.records` -- GCG game records and replay;
* :mod:`lexc.game` -- keeping a game, the game's front door (``Game``, ``Setup``, ``Packs``,
  ``create``, ``load``, ``update``; docs/game.md);
* :mod:`lexc.assess` -- measuring a tile set against real words (:func:`lexc.assess.assess`), drafting specs;
* :mod:`lexc.cli` -- the ``lexc`` command, a thin layer over all of the above;
* :mod:`lexc.catalog` -- the catalog that hands each stage its languages, rulesets and packs.

Names are loaded on first use, so ``import lexc`` is quick.
"""

from __future__ import annotations

import importlib
import os
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

if os.environ.get("LEXC_PURE", "") not in ("", "0"):  # the .py sources of the compiled modules (lexc.compiled)
    from lexc.compiled import use_source

    use_source()

#: The public API: name -> module that defines it.
_API = {
    "Catalog": "lexc.catalog", "Language": "lexc.catalog",
    "LexcError": "lexc.errors", "Problem": "lexc.errors", "NotationError": "lexc.errors",
    "SpecError": "lexc.errors", "PackError": "lexc.errors", "RecordError": "lexc.errors",
    "Spec": "lexc.language.spec", "load_spec": "lexc.language.spec",
    "Scheme": "lexc.language.scheme",
    "Normaliser": "lexc.language.normalize", "Spelling": "lexc.language.normalize",
    "Unspellable": "lexc.language.normalize",
    "validate": "lexc.language.validate",
    "Lexicon": "lexc.lexicon.words", "WordList": "lexc.lexicon.words",
    "Pack": "lexc.lexicon.pack", "open_pack": "lexc.lexicon.pack",
    "compile_pack": "lexc.lexicon.compiler", "compile_words": "lexc.lexicon.compiler",
    "Ruleset": "lexc.engine.ruleset",
    "Board": "lexc.engine.board",
    "Play": "lexc.engine.notation", "parse_play": "lexc.engine.notation", "parse_rack": "lexc.engine.notation",
    "score_play": "lexc.engine.scoring", "PlayResult": "lexc.engine.scoring",
    "board_svg": "lexc.engine.svg",
    "GameRecord": "lexc.records.gcg", "read_gcg": "lexc.records.gcg", "parse_gcg": "lexc.records.gcg",
    "replay": "lexc.records.replay", "ReplayResult": "lexc.records.replay",
}
#: Names whose definition in their module is called something else.
_ALIASES = {"read_gcg": "read", "parse_gcg": "parse"}

__all__ = [
    "Board",
    "Catalog",
    "GameRecord",
    "Language",
    "LexcError",
    "Lexicon",
    "Normaliser",
    "NotationError",
    "Pack",
    "PackError",
    "Play",
    "PlayResult",
    "Problem",
    "RecordError",
    "ReplayResult",
    "Ruleset",
    "Scheme",
    "Spec",
    "SpecError",
    "Spelling",
    "Unspellable",
    "WordList",
    "__version__",
    "board_svg",
    "compile_pack",
    "compile_words",
    "load_spec",
    "open_pack",
    "parse_gcg",
    "parse_play",
    "parse_rack",
    "read_gcg",
    "replay",
    "score_play",
    "validate",
]


def __getattr__(name: str) -> Any:
    module = _API.get(name)
    if module is None:
        raise AttributeError(f"module 'lexc' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), _ALIASES.get(name, name))
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)


if TYPE_CHECKING:
    from lexc.catalog import Catalog, Language
    from lexc.engine.board import Board
    from lexc.engine.notation import Play, parse_play, parse_rack
    from lexc.engine.ruleset import Ruleset
    from lexc.engine.scoring import PlayResult, score_play
    from lexc.engine.svg import board_svg
    from lexc.errors import LexcError, NotationError, PackError, Problem, RecordError, SpecError
    from lexc.language.normalize import Normaliser, Spelling, Unspellable
    from lexc.language.scheme import Scheme
    from lexc.language.spec import Spec, load_spec
    from lexc.language.validate import validate
    from lexc.lexicon.compiler import compile_pack, compile_words
    from lexc.lexicon.pack import Pack, open_pack
    from lexc.lexicon.words import Lexicon, WordList
    from lexc.records.gcg import GameRecord
    from lexc.records.gcg import parse as parse_gcg
    from lexc.records.gcg import read as read_gcg
    from lexc.records.replay import ReplayResult, replay
