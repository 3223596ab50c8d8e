"""``lexc game``'s moves, without typer: a move made on the game file and what it did printed.

:mod:`lexc.cli.game` declares the commands; :mod:`lexc.cli.launch` answers a plain ``lexc game play``,
``pass`` or ``exchange`` (:data:`PLAY`, :data:`PASS`, :data:`EXCHANGE`) here directly, so a move from
the command line starts without typer. Both run the same functions (:func:`play`, :func:`pass_turn`,
:func:`exchange`, every move through :func:`move`), so both print the same.

>>> PLAY.parse(["club.gcg", "8D WHISKY @fr", "--json"])["text"]
'8D WHISKY @fr'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from lexc.cli.plain import Plain, catalog_of, flags, print_json
from lexc.game.engine import Packs
from lexc.game.game import Game
from lexc.game.store import update

__all__ = ["EXCHANGE", "FLAGS", "PASS", "PLAY", "exchange", "move", "packs_of", "pass_turn", "play", "report"]

#: The options of ``lexc game`` by the name the library gives the setting (lexc.game.Setup.new, Game).
FLAGS = {"players": "--players", "ruleset": "--ruleset", "lang": "--lang", "langs": "--langs",
         "challenge": "--challenge", "deal": "--deal", "scheme": "--scheme", "edition": "--edition",
         "lexicon": "--lexicon", "spec": "--spec",
         "rack": "--rack", "racks": "--rack", "rulings": "--rule", "force": "--force"}

_OPTIONS = {"--rack": "rack", "--packs": "packs", "--spec": "spec"}
_PATHS = frozenset({"path", "packs", "spec"})
#: The plain arguments of ``lexc game play``, ``pass`` and ``exchange`` (anything else goes to typer).
PLAY = Plain(("path", "text"), _OPTIONS, {"--json": "as_json"}, many=frozenset({"spec"}), verbatim=_PATHS)
PASS = Plain(("path",), _OPTIONS, {"--json": "as_json"}, many=frozenset({"spec"}), verbatim=_PATHS)
EXCHANGE = Plain(("path", "tiles"), _OPTIONS, {"--json": "as_json"}, many=frozenset({"spec"}), verbatim=_PATHS)


def packs_of(packs: str | Path | None, specs: Sequence[str | Path] | None = None) -> Packs:
    """The packs and catalog a game command works with."""
    return Packs(catalog_of(specs, packs))


def report(game: Game, as_json: bool, first: int) -> None:
    """Print the events from ``first`` on (the ones the move added or changed) and the scores."""
    events = game.record.events
    if as_json:
        from lexc.game.view import game_json, move_json  # here: only --json needs the views

        data = game_json(game)
        data["made"] = [move_json(game, i) for i in range(first, len(events))]
        print_json(data)
        return
    for i in range(first, len(events)):
        event = events[i]
        print(event.to_gcg())
        result = game.state.results[i]
        if result is not None:
            print("\n".join("  " + line for line in result.explain().splitlines()))
        for note in event.notes:
            print(f"  {note}")
    scores = ", ".join(f"{n} {s}" for n, s in zip(game.setup.players, game.state.scores, strict=True))
    after = "game over" if game.state.ended else f"{game.to_move} to move"
    print(f"scores: {scores}; {after}")


def move(path: str | Path, packs: str | Path | None, as_json: bool, made: Callable[[Game], Game],
         specs: Sequence[str | Path] | None = None) -> None:
    """Make ``made`` on the game in ``path`` (written whole, under its lock) and print what it did."""
    read: list[Game] = []

    def make(game: Game) -> Game:  # the game as read under the lock: what the move changed is printed
        read.append(game)
        return made(game)

    with flags(FLAGS):
        game = update(Path(path), packs_of(packs, specs), make)
    before, after = read[0].record.events, game.record.events
    first = next((i for i, (a, b) in enumerate(zip(before, after, strict=False)) if a != b), len(before))
    report(game, as_json, min(first, len(after)))


def play(path: str | Path, text: str, rack: str | None = None, packs: str | Path | None = None,
         spec: Sequence[str | Path] | None = None, as_json: bool = False) -> None:
    """``lexc game play``: the player to move places tiles; scored, explained, recorded."""
    move(path, packs, as_json, lambda g: g.play(text, rack), spec)


def pass_turn(path: str | Path, rack: str | None = None, packs: str | Path | None = None,
              spec: Sequence[str | Path] | None = None, as_json: bool = False) -> None:
    """``lexc game pass``: the player to move passes."""
    move(path, packs, as_json, lambda g: g.pass_turn(rack), spec)


def exchange(path: str | Path, tiles: str, rack: str | None = None, packs: str | Path | None = None,
             spec: Sequence[str | Path] | None = None, as_json: bool = False) -> None:
    """``lexc game exchange``: the player to move exchanges tiles."""
    move(path, packs, as_json, lambda g: g.exchange(tiles, rack), spec)
