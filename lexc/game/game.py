"""A game of Scrabble or Polyglot Scrabble, kept from the first tile to the final score.

A :class:`Game` is a value: its setup, its GCG record and the :class:`~lexc.game.state.State`
that record leads to. Every move -- :meth:`Game.play`, :meth:`~Game.pass_turn`,
:meth:`~Game.exchange`, :meth:`~Game.challenge`, :meth:`~Game.end`, :meth:`~Game.time_penalty`,
:meth:`~Game.undo` -- returns a new game, or raises :class:`LexcError` with the reason and
leaves this one as it was. Plays are scored by the engine (:func:`lexc.engine.scoring.score_play`) with
the packs of their languages; nothing here scores a tile itself.

>>> from lexc import Catalog, WordList
>>> from lexc.game.engine import Packs
>>> catalog = Catalog.shipped()
>>> packs = Packs(catalog, {"fr": WordList.from_words(catalog.language("fr"), ["whisky"])})
>>> game = Game.new(Setup.new(["ann", "bob"], catalog=catalog, ruleset="polyglot"), packs)
>>> after = game.play("8D WHISKY @fr")
>>> after.state.scores, after.to_move, game.state.scores
((92, 0), 'bob', (0, 0))
>>> after.record.events[0].to_gcg()
'>ann:  8D WHISKY +92 92'
>>> after.challenge().state.results[0].words[0].valid
True
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from lexc.game.engine import (
    BLANK,
    Event,
    GameRecord,
    Kind,
    LexcError,
    Packs,
    Play,
    PlayResult,
    Pragma,
    Problem,
    Through,
    WordScore,
    board_tiles,
    finder,
    gcg_dumps,
    parse_play,
    parse_rack,
    score_play,
    tile_language,
)
from lexc.game.setup import Setup
from lexc.game.state import CHALLENGED, LOST_TURN, RESHUFFLED, Pending, State, disallowed, fold, rack_text, step
from lexc.game.typing_help import blank_help, board_spelling_help, has_blanks
from lexc.inputs import read_number, typed
from lexc.records.gcg import MAX_NUMBER

if TYPE_CHECKING:
    from lexc.engine.moves import Move

__all__ = ["Game", "Verdict"]

_ENDS = (Kind.END_POINTS, Kind.END_PENALTY)
#: The header note counting a dealt game's undos (each reshuffles the bag differently).
_UNDOS = "undos: "

#: Said of a code of no language: a real one with no spec is allowed (scored in English values).
_RULE_1 = "; any real language may be designated (Polyglot rule 1): one with no spec scores in English values"


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a challenge finds: the words of the play, the phonies among them, the director's rulings."""

    words: tuple[WordScore, ...]
    phonies: tuple[WordScore, ...]
    rulings: tuple[tuple[str, bool], ...] = ()

    @property
    def good(self) -> bool:
        return not self.phonies

    def note(self, challenger: str) -> str:
        """The ``#note`` written in the record: who challenged and what was found."""
        found = ("phony: " + ", ".join(f"{w.board} ({w.lang})" for w in self.phonies)) if self.phonies else "good"
        ruled = "".join(f"; {word} ruled {'good' if ok else 'phony'} by the director" for word, ok in self.rulings)
        return f"{CHALLENGED} {challenger}: {found}{ruled}"

    def to_json(self) -> dict[str, object]:
        return {"good": self.good, "phonies": [f"{w.board}" for w in self.phonies],
                "words": [{"word": w.board, "lang": w.lang, "valid": w.valid} for w in self.words],
                "rulings": dict(self.rulings)}


@dataclass(frozen=True)
class Game:
    """A game: its setup, its record (the GCG file's content) and the state the record leads to."""

    setup: Setup
    record: GameRecord
    state: State
    lexicons: Packs = field(compare=False, repr=False)

    # -- making one

    @classmethod
    def new(cls, setup: Setup, lexicons: Packs | None = None, title: str | None = None) -> Game:
        """A game with no move yet (``lexicons``: default, the packs of the setup's catalog)."""
        pragmas = [Pragma("description", "Created with lexc")]
        if title:
            pragmas.append(Pragma("title", typed(title)))
        layout = {"super": "SuperCrosswordGame", "dover": "dover"}.get(setup.ruleset_name)
        if layout:
            pragmas.append(Pragma("board-layout", layout))
        pragmas += setup.header_pragmas()
        record = GameRecord(tuple(setup.gcg_players()), tuple(pragmas), (), setup.lang)
        return cls.from_record(record, lexicons if lexicons is not None else Packs(setup.catalog), setup)

    @classmethod
    def from_record(cls, record: GameRecord, lexicons: Packs | None = None, setup: Setup | None = None) -> Game:
        """The game a record holds (every event checked: :func:`lexc.game.state.fold`); its
        languages and ruleset come from the catalog of ``lexicons`` (default: the shipped one), with
        the schemes the record agreed on (``#note scheme:``), the tiles of an ordinary game
        (``#tile-distribution``) and the record's own specs (``#note spec:``), checked."""
        lexicons = lexicons if lexicons is not None else Packs()
        if setup is None:
            notes = [p for p in record.pragmas if p.name == "note"]
            tiles = tile_language(record, lexicons.catalog) if record.tile_distribution and not record.lang else None
            setup = Setup.from_header(record.players, notes, record.lang or tiles, record.file,
                                      catalog=lexicons.catalog, schemes=record.schemes, editions=record.editions,
                                      specs=record.specs)
        lexicons = lexicons.with_catalog(setup.catalog)
        return cls(setup, record, fold(setup, record, lexicons), lexicons)

    # -- reading it

    @property
    def text(self) -> str:
        """The GCG file of the game."""
        return gcg_dumps(self.record)

    @property
    def version(self) -> str:
        """A short fingerprint of the record: any move changes it (a stale page's move is refused)."""
        return hashlib.sha256(self.text.encode("utf-8")).hexdigest()[:16]

    @property
    def to_move(self) -> str:
        return self.setup.players[self.state.to_move]

    def player_index(self, name: str) -> int:
        if name not in self.setup.players:
            raise LexcError(Problem(None, None, name, f"not a player of this game ({', '.join(self.setup.players)})"))
        return self.setup.players.index(name)

    def parse(self, text: str) -> Play:
        """A play in notation (``8D WHISKY @fr``), in the board's tile set, its languages named by the
        catalog's codes (``@fra`` is ``@fr``). A word typed in letters that are no tiles of the board
        (``8G ЩИ @ru``) is refused with the board spelling to type instead (``8G SHCHI @ru``)."""
        tiles = board_tiles(self.state.ruleset)
        try:
            play = parse_play(text, tiles, source=text.strip())
        except LexcError as err:
            advice = board_spelling_help(text, tiles, self.setup.lang, self.setup.catalog)
            if advice is None:
                raise
            raise LexcError([Problem(p.file, p.line, p.key, f"{p.message}; {advice}") for p in err.problems]) \
                from None
        if play.langs and self.state.ruleset.polyglot is not None:
            try:
                play = play.with_langs(play.langs.renamed(self.setup.catalog.canonical))
            except LexcError as err:
                raise LexcError(Problem(None, None, "language", err.problems[0].message + _RULE_1)) from None
        return play

    def preview(self, text: str, rack: str | None = None, player: str | None = None) -> PlayResult:
        """The play scored on the current board, with its problems and phonies, without making it
        (checked against the rack of ``player``, by default the player to move).

        Besides the rules of the ruleset, ``problems`` names a language outside those the table
        agreed, and blanks (lower case) that are no longer off the board, with what to type instead."""
        held = self._rack(self.player_index(player) if player else self.state.to_move, rack)
        play = self.parse(text)
        result = score_play(self.state.board, play, self.state.ruleset, catalog=self.setup.catalog,
                            lexicons=self.lexicons, rack=held, lang=self.setup.lang)
        outside = self.disallowed(result.play)
        extra = [outside] if outside else []
        placed = sum(p.tile.blank for p in result.placements)
        left = self.state.unseen().get(BLANK, 0)
        if has_blanks(play) and (placed > left or any("?" in p for p in result.problems)):
            extra.append(f"{placed} blank{'' if placed == 1 else 's'} played, {left} left off the board "
                         f"({blank_help(play)})")
        return replace(result, problems=(*result.problems, *extra)) if extra else result

    def disallowed(self, play: Play) -> str | None:
        """Why ``play`` designates a language the table did not agree on, or None."""
        return disallowed(self.setup, play)

    # -- moves

    def hint_languages(self) -> list[str]:
        """The languages a hint searches, those with a lexicon: the languages the table agreed on
        (Polyglot), else the game's default first, then every other language a word has been
        designated so far; the board's in an ordinary game."""
        if self.setup.lang is None:
            return [self.state.ruleset.tiles]
        used = [self.setup.lang, *self.setup.langs]
        if not self.setup.langs:
            for event in self.record.events:
                if event.langs:
                    used += [event.langs.default or self.setup.lang, *(lang for _, lang in event.langs.words)]
        return [lang for lang in dict.fromkeys(used) if lang in self.lexicons]

    def hints(self, rack: str | None = None, top: int = 5, langs: Sequence[str] | None = None) -> list[Move]:
        """The best ``top`` plays of the player to move (from lexc's bag, or ``rack`` at a table), each
        word designated the allowed language in which it is valid and scores highest (docs/moves.md).
        ``langs`` (default :meth:`hint_languages`) must be among the languages the table agreed on."""
        held = self._rack(self.state.to_move, rack)
        if not held:
            raise LexcError(Problem(None, None, "rack", f"{self.to_move}'s rack is not known: give it"))
        chosen = [self.setup.catalog.canonical(lang) for lang in langs] if langs else self.hint_languages()
        outside = [lang for lang in chosen if not self.setup.allows(lang)]
        if outside:
            raise LexcError(Problem(None, None, "langs", f"{', '.join(outside)}: not among the languages agreed "
                                                         f"for this game ({', '.join(self.setup.langs)})"))
        return finder(self.state.ruleset, self.lexicons, chosen).moves(self.state.board, held,
                                                                        top=top if top > 0 else None)

    def play(self, text: str, rack: str | None = None) -> Game:
        """The player to move places tiles (``rack``: the rack typed at a table, when known)."""
        play = self.parse(text)
        word = "".join("." if isinstance(cell, Through) else str(cell) for cell in play.cells)
        event = Event(Kind.PLAY, self.to_move, self._rack_text(rack), 0, 0, position=play.position, word=word,
                      langs=play.langs)
        return self._add(event)

    def pass_turn(self, rack: str | None = None) -> Game:
        """The player to move passes."""
        return self._add(Event(Kind.PASS, self.to_move, self._rack_text(rack), 0, 0))

    def exchange(self, tiles: str | int, rack: str | None = None) -> Game:
        """The player to move exchanges ``tiles`` (or, at a table where they are not known, a number of tiles)."""
        if isinstance(tiles, int) or tiles.isdigit():  # str.isdigit takes '²', '８', '٣': refused as counts
            size = self.state.ruleset.rack_size
            count = tiles if isinstance(tiles, int) else read_number(tiles, "a number of tiles", least=1, most=size,
                                                                     key=f"exchange {tiles[:24]}")
            event = Event(Kind.EXCHANGE, self.to_move, self._rack_text(rack), 0, 0, count=count)
        else:
            try:
                faces = parse_rack(tiles, board_tiles(self.state.ruleset), source=f"exchange {tiles}")
            except LexcError as err:
                raise _refused(err) from None
            event = Event(Kind.EXCHANGE, self.to_move, self._rack_text(rack), 0, 0, tiles=rack_text(faces))
        return self._add(event)

    def judge(self, rulings: Mapping[str, bool] | None = None) -> Verdict:
        """What a challenge of the last play finds. Words whose language has no pack need the director's ruling."""
        pending = self._challengeable()
        rulings = {typed(k).upper(): v for k, v in (rulings or {}).items()}
        words = pending.result.words
        unknown = [w for w in words if w.valid is None]
        missing = [w for w in unknown if w.board not in rulings]
        if missing:
            shown = ", ".join(f"{w.board} ({w.lang})" for w in missing)
            raise LexcError(Problem(None, None, "rulings", f"no pack to look up {shown}: the director rules on "
                                                           "it (WORD=good or WORD=phony)"))
        phonies = tuple(w for w in words if w.valid is False or (w.valid is None and not rulings[w.board]))
        ruled = tuple((w.board, rulings[w.board]) for w in unknown)
        return Verdict(words, phonies, ruled)

    def challenge(self, challenger: str | None = None, rulings: Mapping[str, bool] | None = None) -> Game:
        """A player challenges the last play: a phony comes off the board, else the challenge rule applies."""
        pending = self._challengeable()
        name = challenger or self.to_move
        who = self.player_index(name)
        if who == pending.player:
            raise LexcError(Problem(None, None, name, "cannot challenge their own play"))
        verdict = self.judge(rulings)
        events = list(self.record.events)
        play_event = events[pending.index]
        mover = self.setup.players[pending.player]
        if not verdict.good:
            withdrawal = Event(Kind.WITHDRAWAL, mover, play_event.rack, 0, 0,
                               pragmas=(Pragma("note", verdict.note(name)),))
            return self._add(withdrawal)
        events[pending.index] = replace(play_event, pragmas=(*play_event.pragmas, Pragma("note", verdict.note(name))))
        game = self._refold(replace(self.record, events=tuple(events)))
        if self.setup.challenge_bonus:
            game = game._add(Event(Kind.CHALLENGE_BONUS, mover, None, self.setup.challenge_bonus, 0))
        return game._settle()  # under double challenge, the challenger's lost turn when it is theirs

    def end(self, racks: Mapping[str, str] | None = None, force: bool = False) -> Game:
        """The end of the game: racks valued (in English in a Polyglot game, rule 5) and scores adjusted.

        Allowed when a player has played out or after six scoreless turns in a row; ``force`` ends
        it at any time (the director's decision: nobody went out, every rack is subtracted). At a
        table, ``racks`` gives the tiles left on each rack that still holds some.
        """
        state = self.state
        if state.ended:
            raise LexcError(Problem(None, None, "end", "the game is already over"))
        if not state.can_end and not force:
            raise LexcError(Problem(None, None, "force", f"the game is not over: nobody has played out and there "
                                                         f"have been {state.scoreless} scoreless turns in a row (6 "
                                                         "end it); the director may end it anyway"))
        left = self._final_racks(racks or {})
        out = state.went_out
        game = self
        if out is None:
            for i, tiles in enumerate(left):
                if tiles:
                    game = game._add(Event(Kind.END_PENALTY, self.setup.players[i], rack_text(tiles), 0, 0,
                                           tiles=rack_text(tiles)))
            return game
        others = [t for i, tiles in enumerate(left) if i != out for t in tiles]
        game = game._add(Event(Kind.END_POINTS, self.setup.players[out], None, 0, 0, tiles=rack_text(others)))
        if state.ruleset.end_game == "tournament" and len(left) == 2:
            return game
        for i, tiles in enumerate(left):  # each loses their rack; the player out gained them all (rule 5)
            if i != out and tiles:
                game = game._add(Event(Kind.END_PENALTY, self.setup.players[i], rack_text(tiles), 0, 0,
                                       tiles=rack_text(tiles)))
        return game

    def time_penalty(self, player: str, points: int) -> Game:
        """A player loses ``points`` for overtime (recorded after the end of the game)."""
        self.player_index(player)
        if not 0 <= points <= MAX_NUMBER:  # a GCG line holds 9 digits: what is written is read back
            shown = points if abs(points) < 10**12 else f"a number of {points.bit_length()} bits"
            raise LexcError(Problem(None, None, "time", f"a penalty is a number of points lost, 0 to {MAX_NUMBER:,}, "
                                                        f"not {shown}"))
        return self._add(Event(Kind.TIME_PENALTY, player, None, -points, 0))

    def undo(self) -> Game:
        """The game before its last move.

        A challenge with what it brought (the withdrawal, the bonus, the challenger's lost turn),
        and all the end-of-game lines, each count as one move. In a game lexc deals, the tiles the
        undone move drew go back to the bag and the bag is shuffled again (from the seed and the
        number of undos so far, noted in the file), so what was drawn is not what comes next. (An undo
        that takes back no draw -- a pass, a challenge, the end -- leaves the bag as it was.)
        """
        events = list(self.record.events)
        if not events:
            raise LexcError(Problem(None, None, "undo", "nothing to undo: no move has been made"))
        last = events[-1]
        if last.kind in _ENDS:
            while events and events[-1].kind in _ENDS:
                events.pop()
        elif (last.kind is Kind.PASS and LOST_TURN in last.notes) or last.kind is Kind.CHALLENGE_BONUS:
            while events and ((events[-1].kind is Kind.PASS and LOST_TURN in events[-1].notes)
                              or events[-1].kind is Kind.CHALLENGE_BONUS):
                events.pop()  # turns lost to a challenge, passed after the move that brought them; a bonus
            if any(n.startswith(CHALLENGED) for n in events[-1].notes):  # that move was the challenge
                events[-1] = replace(events[-1], pragmas=tuple(p for p in events[-1].pragmas
                                                               if not p.value.startswith(CHALLENGED)))
            else:  # the move that brought the turn to a player who had lost it
                events.pop()
        elif last.kind is Kind.PLAY and any(n.startswith(CHALLENGED) for n in last.notes):
            events[-1] = replace(last, pragmas=tuple(p for p in last.pragmas if not p.value.startswith(CHALLENGED)))
        else:
            events.pop()
        record = replace(self.record, events=tuple(events))
        drew = any(e.kind in (Kind.PLAY, Kind.EXCHANGE) for e in self.record.events[len(events):])
        return self._refold(self._reshuffle(record) if self.setup.dealt and drew else record)

    def _reshuffle(self, record: GameRecord) -> GameRecord:
        """``record`` with the next undo's :data:`~lexc.game.state.RESHUFFLED` note after its last event
        (in its header when it has none), counted in the header's ``#note undos: N``."""
        count = 1 + sum(int(p.value.removeprefix(_UNDOS)) for p in record.pragmas
                        if p.name == "note" and p.value.startswith(_UNDOS) and p.value[len(_UNDOS):].isdigit())
        header = tuple(p for p in record.pragmas if not (p.name == "note" and p.value.startswith(_UNDOS)))
        note = Pragma("note", f"{RESHUFFLED}{count}")
        header = (*header, Pragma("note", f"{_UNDOS}{count}"))
        if not record.events:
            return replace(record, pragmas=(*header, note))
        last = record.events[-1]
        noted = replace(last, pragmas=(*last.pragmas, note))
        return replace(record, pragmas=header, events=(*record.events[:-1], noted))

    def with_note(self, index: int, text: str) -> Game:
        """The game with a ``#note`` (a clock's time, say) after event ``index``; it changes no score.

        >>> from lexc import Catalog
        >>> game = Game.new(Setup.new(["ann", "bob"], catalog=Catalog.shipped()), Packs(Catalog.shipped()))
        >>> game.pass_turn().with_note(0, "time: ann used 0:05").text.splitlines()[-1]
        '#note time: ann used 0:05'
        """
        events = list(self.record.events)
        events[index] = replace(events[index], pragmas=(*events[index].pragmas, Pragma("note", text)))
        return self._refold(replace(self.record, events=tuple(events)))

    # -- helpers

    def _refold(self, record: GameRecord) -> Game:
        return Game(self.setup, record, fold(self.setup, record, self.lexicons), self.lexicons)

    def _settle(self) -> Game:
        """The game with the lost turns of the player to move passed (an unsuccessful double challenge)."""
        game = self
        while game.state.went_out is None and not game.state.ended and game.state.owed[game.state.to_move]:
            lost = Event(Kind.PASS, game.to_move, game._rack_text(None), 0, 0, pragmas=(Pragma("note", LOST_TURN),))
            game = game._add(lost, settle=False)
        return game

    def _add(self, event: Event, settle: bool = True) -> Game:
        index = len(self.record.events)
        player = self.player_index(event.player)
        try:
            delta, state = step(self.state, event, index, self.lexicons)
        except LexcError as err:
            raise _refused(err) from None
        event = replace(event, delta=delta, total=self.state.scores[player] + delta)
        game = Game(self.setup, replace(self.record, events=(*self.record.events, event)), state, self.lexicons)
        return game._settle() if settle and event.kind in (Kind.PLAY, Kind.PASS, Kind.EXCHANGE) else game

    def _challengeable(self) -> Pending:
        if self.setup.challenge in ("void", "none"):
            why = "phonies are refused when played" if self.setup.challenge == "void" else "no challenges are played"
            raise LexcError(Problem(None, None, "challenge", f"this game's challenge rule is {self.setup.challenge}: "
                                                             f"{why}"))
        pending = self.state.pending
        if pending is None:
            raise LexcError(Problem(None, None, "challenge", "there is no play to challenge: a play may be "
                                                             "challenged until the next player moves"))
        if pending.challenged:
            raise LexcError(Problem(None, None, "challenge", "the last play has already been challenged"))
        return pending

    def _rack(self, player: int, rack: str | None) -> tuple[str, ...] | None:
        if self.setup.dealt:
            return self.state.racks[player]
        if rack is None:
            return None
        try:
            return parse_rack(rack, board_tiles(self.state.ruleset), source=f"rack {rack}")
        except LexcError as err:
            raise _refused(err) from None

    def _rack_text(self, rack: str | None) -> str | None:
        held = self._rack(self.state.to_move, rack)
        return rack_text(held) if held is not None else None

    def _final_racks(self, racks: Mapping[str, str]) -> list[tuple[str, ...]]:
        state = self.state
        for name in racks:
            self.player_index(name)
        if self.setup.dealt:
            return [r or () for r in state.racks]
        left: list[tuple[str, ...]] = []
        for i, name in enumerate(self.setup.players):
            count = state.counts[i]
            text = racks.get(name, "")
            tiles = self._rack(i, text) or () if text else ()
            if len(tiles) != count:
                raise LexcError(Problem(None, None, "racks", f"{name} holds {count} tiles: type them "
                                                             f"(e.g. {name}=AEI?)"))
            left.append(tiles)
        missing = Counter(t for tiles in left for t in tiles) - state.unseen()
        if missing:
            raise LexcError(Problem(None, None, "racks", f"the racks hold {rack_text(list(missing.elements()))}, "
                                                          "but no such tile is left off the board"))
        return left


def _refused(err: LexcError) -> LexcError:
    """A move's error without the file: the move was refused, the game is as it was."""
    return LexcError([Problem(None, None, p.key, p.message) for p in err.problems])
