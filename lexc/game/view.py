"""What a game looks like: as data (``--json``, the web page) and as text (``lexc game show``).

Each tile on the board carries the value it scored in the language of the word that placed it
(the play's main word; a tile placed by a one-tile play takes its only word's language), so a
French WHISKY shows W 10 and K 10 where an English one shows 4 and 5; a native tile spelled with
several board tiles (Russian Щ as SHCH) shows its value on its first square.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from dataclasses import dataclass

from lexc.game.engine import (
    BLANK,
    COLUMNS_OF,
    Kind,
    Packs,
    PlayResult,
    language_name,
    parse_rack,
    rack_value,
    scored_tiles,
    square_name,
)
from lexc.game.game import Game
from lexc.game.seats import View
from lexc.game.state import CHALLENGED, LOST_TURN, rack_text

#: Letters counted as vowels among the unseen tiles (a tile's base letter, accents aside).
VOWELS = frozenset("AEIOU" "ΑΕΗΙΟΥΩ" "АЕЁИОУЫЭЮЯІЇЄ")
#: What the move list says of a word's validity it may not show (the challenge's business).
_HIDDEN = ("  NOT A WORD", "  phony: ")

#: Text-board marks of empty premium squares.
MARKS = {".": ".", "d": "'", "t": '"', "q": "~", "D": "-", "T": "=", "Q": "#"}
KINDS = {".": "plain", "d": "dl", "t": "tl", "q": "ql", "D": "dw", "T": "tw", "Q": "qw"}


@dataclass(frozen=True, slots=True)
class SquareTile:
    """A tile on the board as it scored: face, blank, the language and native tile it was valued in."""

    row: int
    col: int
    face: str
    blank: bool
    lang: str
    points: int
    native: str
    first: bool  # the first square of its native tile (where the value is shown)
    event: int

    def to_json(self) -> dict[str, object]:
        return {"square": square_name(self.row, self.col), "row": self.row, "col": self.col, "face": self.face,
                "blank": self.blank, "lang": self.lang, "points": self.points, "native": self.native,
                "first": self.first, "event": self.event}


def _placed(result: PlayResult, index: int) -> dict[tuple[int, int], SquareTile]:
    """The tiles a play placed, each valued as it scored (:func:`lexc.engine.svg.scored_tiles`)."""
    faces = {(p.row, p.col): p.tile for p in result.placements}
    return {(r, c): SquareTile(r, c, faces[(r, c)].face, faces[(r, c)].blank, lang, 0 if tile.blank else tile.points,
                               tile.face, first, index)
            for (r, c), (tile, lang, first) in scored_tiles(result).items()}


def board_tiles_scored(game: Game) -> dict[tuple[int, int], SquareTile]:
    """Every tile on the board, valued as it scored (withdrawn phonies taken off again)."""
    tiles: dict[tuple[int, int], SquareTile] = {}
    before: dict[tuple[int, int], SquareTile] = {}
    for index, (event, result) in enumerate(zip(game.record.events, game.state.results, strict=True)):
        if event.kind is Kind.PLAY and result is not None:
            before = dict(tiles)
            tiles.update(_placed(result, index))
        elif event.kind is Kind.WITHDRAWAL:
            tiles = before
    return tiles


def shows_validity(game: Game, view: View | None) -> bool:
    """Whether ``view`` may see a word's validity before a challenge: the ruleset's ``show_validity``,
    the director always, everyone once the game is over."""
    return view is None or view.director or game.state.ruleset.show_validity or game.state.ended


def hide_validity(words: list[dict[str, object]], explanation: str) -> tuple[list[dict[str, object]], str]:
    """Words and explanation with nothing said of validity (``valid`` unknown, no "NOT A WORD")."""
    lines = [line.replace(_HIDDEN[0], "") for line in explanation.splitlines() if not line.startswith(_HIDDEN[1])]
    return [dict(w, valid=None, alternatives=None) for w in words], "\n".join(lines)


def move_json(game: Game, index: int, view: View | None = None) -> dict[str, object]:
    """One event of the record, with the play's explanation (per word: language, native word, tiles, premiums),
    as ``view`` may see it: another player's rack and exchanged tiles hidden until the end, validity
    hidden until the play is challenged (:func:`shows_validity`)."""
    event = game.record.events[index]
    result = game.state.results[index]
    secret = view is not None and not game.state.ended and not view.sees_rack(event.player)
    move = event.move
    if secret and event.kind is Kind.EXCHANGE:
        move = f"-{len(parse_rack(event.tiles)) if event.tiles else event.count}"
    data: dict[str, object] = {"index": index, "player": event.player, "kind": event.kind.value, "move": move,
                               "rack": None if secret else event.rack, "delta": event.delta, "total": event.total,
                               "langs": str(event.langs) or None,
                               "notes": [n for n in event.notes if n != LOST_TURN]}
    if LOST_TURN in event.notes:
        data["lost_turn"] = True
    challenged = [n for n in event.notes if n.startswith(CHALLENGED)]
    if challenged:
        data["challenged"] = challenged[0][len(CHALLENGED):].strip()
    if result is not None:
        data["explanation"] = result.explain()
        data["words"] = [w.to_json() for w in result.words]
        data["bonus"] = result.bonus
        withdrawn = index + 1 < len(game.record.events) and game.record.events[index + 1].kind is Kind.WITHDRAWAL
        data["withdrawn"] = withdrawn
        if not (challenged or withdrawn or shows_validity(game, view)):  # a challenge tells validity
            data["words"], data["explanation"] = hide_validity(data["words"], result.explain())  # type: ignore[arg-type]
    elif event.kind in (Kind.END_POINTS, Kind.END_PENALTY):
        data["explanation"] = end_explanation(game, index)
    elif event.kind is Kind.TIME_PENALTY:
        data["explanation"] = f"time penalty: {event.player} loses {-event.delta} (overtime)"
    return data


def end_explanation(game: Game, index: int) -> str:
    """Why an end-of-game line scores what it does: the tiles left and their values (rule 5: in the rack
    language's values, English in a Polyglot game).

    >>> from lexc import Catalog
    >>> from lexc.game import Setup
    >>> from lexc.game.engine import Packs
    >>> game = Game.new(Setup.new(["ann", "bob"], catalog=Catalog.shipped()), Packs(Catalog.shipped()))
    >>> ended = game.end({"ann": "AEIQRST", "bob": "ABDEIL?"}, force=True)
    >>> end_explanation(ended, 0)
    "ann's tiles left: A 1 + E 1 + I 1 + Q 10 + R 1 + S 1 + T 1 = 16, lost (racks valued in en values)"
    """
    event = game.record.events[index]
    ruleset = game.state.ruleset
    tiles = parse_rack(event.tiles or "", ruleset.spec)
    parts = " + ".join(f"{'?' if t == BLANK else t} {0 if t == BLANK else rack_value([t], ruleset)}" for t in tiles)
    values = f"racks valued in {ruleset.rack_lang} values"
    total = rack_value(tiles, ruleset)
    if event.kind is Kind.END_POINTS:
        twice = " twice (two players: the tournament rule)" if total and event.delta == 2 * total else ""
        return f"{event.player} went out and gains the tiles left on the other racks: {parts or 'none'} = {total}" \
               f"{twice} ({values})"
    return f"{event.player}'s tiles left: {parts} = {rack_value(tiles, ruleset)}, lost ({values})"


def unseen_summary(unseen: Counter[str]) -> dict[str, int]:
    """How many unseen tiles, vowels, consonants and blanks.

    >>> unseen_summary(Counter({"A": 2, "É": 1, "B": 3, "?": 1}))
    {'tiles': 7, 'vowels': 3, 'consonants': 3, 'blanks': 1}
    """
    vowels = sum(n for face, n in unseen.items() if unicodedata.normalize("NFD", face)[:1] in VOWELS)
    blanks = unseen.get(BLANK, 0)
    total = sum(unseen.values())
    return {"tiles": total, "vowels": vowels, "consonants": total - vowels - blanks, "blanks": blanks}


def sheet(game: Game) -> dict[str, list[dict[str, object]]]:
    """Each player's score sheet: their moves in order, each with its score and the running total."""
    sheets: dict[str, list[dict[str, object]]] = {p: [] for p in game.setup.players}
    for event in game.record.events:
        words = f" {event.langs}" if event.langs and str(event.langs) else ""
        sheets[event.player].append({"move": event.move + words, "delta": event.delta, "total": event.total})
    return sheets


def sheet_text(game: Game) -> str:
    """``lexc game show --sheet``: each player's moves, scores and running totals."""
    lines: list[str] = []
    for player, rows in sheet(game).items():
        lines.append(f"{player}:")
        lines += [f"  {i:>3}. {r['move']:<32} {r['delta']:>+5} {r['total']:>6}" for i, r in enumerate(rows, 1)]
        if not rows:
            lines.append("  (no move yet)")
    return "\n".join(lines)


def game_json(game: Game, name: str | None = None, view: View | None = None) -> dict[str, object]:
    """The whole game as data: setup, players, board (tile values as scored), bag, moves, score sheets.

    ``view`` is who asks (:class:`~lexc.game.seats.View`): a seat sees its own rack and no other, the
    board no rack; neither sees a word's validity before a challenge unless the ruleset shows it.
    None: everything (the command line's ``--json``).
    """
    state = game.state
    ruleset = state.ruleset
    last = {(p.row, p.col) for p in state.board.last}
    tiles = board_tiles_scored(game)
    if view is not None and not view.director:
        viewer = game.player_index(view.player) if view.player and game.setup.dealt else None
    else:
        viewer = state.to_move if game.setup.dealt else None
    players = []
    for i, nick in enumerate(game.setup.players):
        rack = state.racks[i] if view is None or view.sees_rack(nick) or state.ended else None
        players.append({"name": nick, "score": state.scores[i], "tiles": state.counts[i],
                        "rack": rack_text(rack) if rack is not None else None, "to_move": i == state.to_move})
    unseen = state.unseen(viewer)
    setup = game.setup.to_json()
    if view is not None and not view.director and not state.ended:
        setup["seed"] = None  # the seed deals every rack: the director's until the game is over
    return {
        "name": name, "version": game.version, "setup": setup,
        "ruleset": {"name": ruleset.name, "rows": ruleset.rows, "cols": ruleset.cols,
                    "premiums": [[KINDS[s] for s in row] for row in ruleset.premiums],
                    "centre": square_name(*ruleset.centre), "rack_size": ruleset.rack_size},
        "lang": game.setup.lang, "lang_name": language_name(game.setup.lang,
                                                            game.setup.catalog) if game.setup.lang else None,
        "players": players, "to_move": game.to_move, "bag": state.bag_count,
        "unseen": dict(sorted(unseen.items())), "unseen_counts": unseen_summary(unseen),
        "unseen_for": game.setup.players[viewer] if viewer is not None else None,
        "scoreless": state.scoreless, "ended": state.ended, "can_end": state.can_end,
        "went_out": game.setup.players[state.went_out] if state.went_out is not None else None,
        "winners": winners(game) if state.ended else [],
        "can_challenge": state.pending is not None and not state.pending.challenged
                         and game.setup.challenge not in ("void", "none"),
        "board": [dict(t.to_json(), last=(t.row, t.col) in last) for t in sorted(tiles.values(),
                                                                                   key=lambda t: (t.row, t.col))],
        "moves": [move_json(game, i, view) for i in range(len(game.record.events))],
        "sheet": sheet(game), "show_validity": shows_validity(game, view),
        "view": {"kind": view.kind, "player": view.player} if view is not None else None,
    }


def languages_json(packs: Packs) -> list[dict[str, object]]:
    """Every language the catalog of ``packs`` knows, shipped and from specs of one's own, for the
    pickers of a new game and of a play: code, English name, whether its pack is built, its
    editions (tile sets), whether its spec is one's own. English first, then those with a pack.

    >>> from lexc.game.engine import Packs
    >>> found = languages_json(Packs(catalog))
    >>> found[0]["code"], len(found) == len(catalog.codes()), next(x for x in found if x["code"] == "is")["editions"]
    ('en', True, ['krafla', 'mattel-2016', 'original'])
    """
    catalog = packs.catalog
    own = {code for code, _ in catalog.own_specs()}
    built = set(catalog.pack_languages())
    found = [{"code": spec.code, "name": spec.name, "pack": spec.code in built or spec.code in packs.words,
              "editions": list(spec.edition_names()), "own": spec.code in own}
             for spec in catalog.specs()]
    return sorted(found, key=lambda x: (x["code"] != "en", not x["pack"], x["code"]))


def winners(game: Game) -> list[str]:
    """The players with the highest score."""
    best = max(game.state.scores)
    return [n for n, s in zip(game.setup.players, game.state.scores, strict=True) if s == best]


def board_text(game: Game) -> str:
    """The board as text: tiles (blanks in lower case), premium marks on empty squares, coordinates."""
    ruleset = game.state.ruleset
    board = game.state.board
    last = {(p.row, p.col) for p in board.last}
    lines = ["    " + " ".join(f"{COLUMNS_OF[c]:>2}" for c in range(ruleset.cols))]
    for r in range(ruleset.rows):
        cells = []
        for c in range(ruleset.cols):
            tile = board[r, c]
            if tile is None:
                mark = "*" if (r, c) == ruleset.centre else MARKS[ruleset.premiums[r][c]]
                cells.append(f" {mark}")
            else:
                text = tile.face.lower() if tile.blank else tile.face
                cells.append(("+" if (r, c) in last else " ") + text)
        lines.append(f"{r + 1:>3} " + " ".join(cells))
    lines.append("    marks: = 3W  - 2W  \" 3L  ' 2L  # 4W  ~ 4L  * centre; + last play; lower case: blank")
    return "\n".join(lines)


def show_text(game: Game) -> str:
    """``lexc game show``: board, scores and racks, bag and unseen tiles, the last play explained."""
    state = game.state
    named = language_name(game.setup.lang, game.setup.catalog) if game.setup.lang else ""
    lang = f", words in {named} unless designated" if named else ""
    deal = f"lexc's bag (seed {game.setup.seed})" if game.setup.dealt else "a bag at the table"
    lines = [f"{state.ruleset.name} game, {game.setup.challenge} challenge, tiles from {deal}{lang}", "",
             board_text(game), ""]
    for i, nick in enumerate(game.setup.players):
        rack = state.racks[i]
        held = rack_text(rack) if rack is not None else f"{state.counts[i]} tiles"
        turn = "  <- to move" if i == state.to_move and not state.ended else ""
        lines.append(f"  {nick:<12} {state.scores[i]:>5}  {held}{turn}")
    viewer = state.to_move if game.setup.dealt else None
    unseen = state.unseen(viewer)
    lines.append(f"bag: {state.bag_count} tiles; unseen"
                 + (f" by {game.to_move}" if viewer is not None else "")
                 + f" ({sum(unseen.values())}): {rack_text(list(unseen.elements()))}")
    lines += _last_text(game)
    if state.ended:
        won = winners(game)
        lines.append(f"game over: {' and '.join(won)} {'win' if len(won) > 1 else 'wins'} with {max(state.scores)}")
    elif state.can_end:
        lines.append("the game can end now: lexc game end")
    return "\n".join(lines)


def _last_text(game: Game) -> list[str]:
    events = game.record.events
    play = next((i for i in range(len(events) - 1, -1, -1) if events[i].kind is Kind.PLAY), None)
    lines: list[str] = []
    if events:
        last = events[-1]
        lines.append(f"last move: {last.to_gcg()}")
    if play is not None:
        result = game.state.results[play]
        assert result is not None
        lines.append(f"last play, by {events[play].player}:")
        lines += ["  " + line for line in result.explain().splitlines()]
    return lines
