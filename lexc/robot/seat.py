"""Robots at a game's table (docs/robot.md): which seats are robots, and a robot's move made
through the same path as a person's (:class:`lexc.game.Game`'s moves, so it is checked, scored
and recorded like any other).

A game file names its robots in its header, ``#note robot: cy=3 dee=greedy``, and may name
the languages they play, ``#note robot-langs: en,fr,ru`` (Polyglot; otherwise the game's
default language and every language designated so far, as a hint searches). A robot needs
its rack, so robots sit only at games where lexc deals the tiles.

:func:`robot_move` is the one call a front end makes when a robot is to move: it challenges
the last play when its level's rule says so, ends the game when the rules allow it and a
player has gone out (or after six scoreless turns), and otherwise plays, exchanges or passes.

>>> from lexc import Catalog, WordList
>>> from lexc.game import Game, Setup
>>> from lexc.game.engine import Packs
>>> catalog = Catalog.shipped()
>>> packs = Packs(catalog, {"en": WordList.from_words(catalog.language("en"), ["qi", "za", "at", "ta"])})
>>> game = with_robots(Game.new(Setup.new(["ann", "cy"], catalog=catalog, seed=1), packs), {"cy": "5"})
>>> robots(game), robot_to_move(game)
({'cy': '5'}, None)
>>> game = robot_move(game.pass_turn())
>>> game.record.events[-1].player, game.record.pragmas[-1].value
('cy', 'robot: cy=5')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from lexc.errors import LexcError, Problem
from lexc.game import Game
from lexc.game.engine import Pragma, finder
from lexc.robot.player import Choice, Position, Robot, Strength
from lexc.robot.words import Vocabulary, found

__all__ = ["CHALLENGE_CHANCE", "parse_seats", "robot_for", "robot_languages", "robot_move", "robot_to_move",
           "robots", "with_robots"]

ROBOT = "robot:"
ROBOT_LANGS = "robot-langs:"

#: The chance a robot below level 5 challenges a play holding a word it does not know (a phony,
#: or a good word beyond its vocabulary). Level 5 and the greedy player challenge exactly the phonies.
CHALLENGE_CHANCE = {1: 0.2, 2: 0.3, 3: 0.4, 4: 0.5}


def _notes(game: Game, key: str) -> list[Pragma]:
    return [p for p in game.record.pragmas if p.name == "note" and p.value.lower().startswith(key)]


def parse_seats(text: str) -> dict[str, str]:
    """Robot seats written ``PLAYER=LEVEL``, several separated by spaces or commas: player to strength.

    >>> parse_seats("cy=3, dee=Greedy")
    {'cy': '3', 'dee': 'greedy'}
    >>> parse_seats("cy")
    Traceback (most recent call last):
    ...
    lexc.errors.LexcError: <input>: robot: write PLAYER=LEVEL (e.g. cy=3), not 'cy'
    """
    seats: dict[str, str] = {}
    for item in text.replace(",", " ").split():
        name, sep, level = item.partition("=")
        if not sep or not name:
            raise LexcError(Problem(None, None, "robot", f"write PLAYER=LEVEL (e.g. cy=3), not {item!r}"))
        try:
            seats[name] = Strength.of(level).name
        except LexcError as err:
            raise LexcError(Problem(None, None, "robot", f"{name}: {err.problems[0].message}")) from None
    return seats


def robots(game: Game) -> dict[str, str]:
    """The robot seats of ``game``: player name to strength (``1``-``5`` or ``greedy``)."""
    seats: dict[str, str] = {}
    for note in _notes(game, ROBOT):
        try:
            found = parse_seats(note.value[len(ROBOT):])
        except LexcError as err:
            raise LexcError(Problem(game.record.file, note.line, "#note robot", err.problems[0].message)) from None
        outside = [name for name in found if name not in game.setup.players]
        if outside:
            raise LexcError(Problem(game.record.file, note.line, "#note robot",
                                    f"{outside[0]!r}: write PLAYER=LEVEL with a player of the game"))
        seats.update(found)
    return seats


def robot_languages(game: Game) -> list[str]:
    """The languages the game's robots play: ``#note robot-langs:`` when the game names them, else
    what a hint searches (:meth:`lexc.game.Game.hint_languages`: the languages the table agreed,
    ``#note langs:``, when it agreed some)."""
    notes = _notes(game, ROBOT_LANGS)
    if notes:
        return [lang for lang in notes[0].value[len(ROBOT_LANGS):].replace(",", " ").split()]
    return game.hint_languages()


def with_robots(game: Game, seats: Mapping[str, str], langs: Sequence[str] | None = None) -> Game:
    """A new game (no move yet) with robots at ``seats`` (player to strength) playing ``langs``."""
    if game.record.events:
        raise LexcError(Problem(None, None, "robot", "robots take their seats before the first move"))
    if not game.setup.dealt:
        raise LexcError(Problem(None, None, "robot", "a robot needs its rack: robots play only games where lexc "
                                                     "deals the tiles (a deal seed)"))
    for name, level in seats.items():
        game.player_index(name)
        Strength.of(level)
    if langs and game.state.ruleset.polyglot is None:
        raise LexcError(Problem(None, None, "robot", "robot languages are for Polyglot games"))
    langs = [game.setup.catalog.canonical(lang) for lang in langs or ()]  # any ISO 639 code: fra is fr
    outside = [lang for lang in langs if not game.setup.allows(lang)]
    if outside:
        raise LexcError(Problem(None, None, "robot", f"{', '.join(outside)}: not among the languages agreed for "
                                                     f"this game ({', '.join(game.setup.langs)})"))
    pragmas = list(game.record.pragmas)
    if seats:
        pragmas.append(Pragma("note", ROBOT + " " + " ".join(f"{n}={Strength.of(v).name}" for n, v in seats.items())))
    if langs:
        pragmas.append(Pragma("note", ROBOT_LANGS + " " + ",".join(langs)))
    record = replace(game.record, pragmas=tuple(pragmas))
    return Game(game.setup, record, game.state, game.lexicons)


def robot_to_move(game: Game) -> str | None:
    """The robot whose move it is, if the player to move is a robot and the game is not over."""
    if game.state.ended:
        return None
    name = game.to_move
    return name if name in robots(game) else None


def robot_for(game: Game, name: str, strength: str | None = None, langs: Sequence[str] | None = None) -> Robot:
    """The robot of seat ``name`` (its strength from the game unless given), searching the game's packs."""
    index = game.player_index(name)
    level = Strength.of(strength if strength is not None else robots(game).get(name, "5"))
    ruleset = game.state.ruleset
    search = finder(ruleset, game.lexicons, list(langs) if langs else robot_languages(game))
    return Robot.for_game(ruleset, search, level, game.setup.catalog, seat_seed(game, index))


def seat_seed(game: Game, index: int) -> int:
    """The seed of seat ``index``'s findability draws: fixed by the game's deal seed."""
    return (game.setup.seed or 0) * 16 + index


def _challenges(game: Game, robot: Robot, name: str) -> bool:
    """Whether the robot to move challenges the last play, by its level's rule."""
    state = game.state
    pending = state.pending
    if (game.setup.challenge in ("void", "none") or pending is None or pending.challenged
            or pending.player == game.player_index(name)):
        return False
    words = [w for w in pending.result.words if w.valid is not None]  # no pack: the robot cannot judge
    level = robot.strength.level
    if robot.strength.greedy or level.number == 5:
        return any(w.valid is False for w in words)
    seed = seat_seed(game, game.player_index(name))
    vocabulary = robot.vocabulary or Vocabulary.of(level, seed, game.setup.catalog, (), board=True)
    unknown = [w for w in words if w.valid is False or (vocabulary.known.get(w.lang) is not None
                                                        and w.board not in (vocabulary.known[w.lang] or {}))]
    chance = CHALLENGE_CHANCE[level.number]
    return any(found(seed, len(game.record.events), "challenge:" + w.lang, w.board) < chance for w in unknown)


def robot_move(game: Game, robot: Robot | None = None) -> Game:
    """The move of the robot to move (``robot``: its player, when the caller keeps one), made
    through the game's own moves; :class:`LexcError` when the player to move is not a robot."""
    state = game.state
    if state.ended:
        raise LexcError(Problem(None, None, "robot", "the game is over"))
    name = game.to_move
    if robot is None:
        if name not in robots(game):
            raise LexcError(Problem(None, None, "robot", f"it is {name}'s turn, and {name} is not a robot"))
        robot = robot_for(game, name)
    if _challenges(game, robot, name):
        game = game.challenge(name)
        if game.state.ended or game.to_move != name:
            return game  # the challenge cost the robot its turn
    state = game.state
    if state.can_end:
        return game.end()
    index = game.player_index(name)
    rack = state.racks[index]
    assert rack is not None  # robots sit only where lexc deals
    position = Position(state.board, rack, state.bag_count, tuple(state.unseen(index).elements()),
                        len(game.record.events))
    return play(game, robot.choose(position))


def play(game: Game, choice: Choice) -> Game:
    """Make ``choice`` in ``game`` for the player to move."""
    if choice.kind == "play":
        return game.play(choice.text)
    if choice.kind == "exchange":
        return game.exchange(choice.text[1:])
    return game.pass_turn()
