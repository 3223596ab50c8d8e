"""What a game looks like: as data (``--json``, the web page) and as text (``lexc game show``).

Each tile on the board carries the value it scored in the language of the word that placed it
(the play's main word; a tile placed by a one-tile play takes its only word's language), so a
French WHISKY shows W 10 and K 10 where an English one shows 4 and 5; a native tile spelled with
several board tiles (Russian Щ as SHCH) shows its value on its first square.
"""

from __future__ import annotations

from dataclasses import dataclass

from lexc.game.engine import COLUMNS_OF, Kind, Packs, PlayResult, language_name, scored_tiles, square_name
from lexc.game.game import Game
from lexc.game.state import CHALLENGED, LOST_TURN, rack_text

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


def move_json(game: Game, index: int) -> dict[str, object]:
    """One event of the record, with the play's explanation (per word: language, native word, tiles, premiums)."""
    event = game.record.events[index]
    result = game.state.results[index]
    data: dict[str, object] = {"index": index, "player": event.player, "kind": event.kind.value, "move": event.move,
                               "rack": event.rack, "delta": event.delta, "total": event.total,
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
    return data


def game_json(game: Game, name: str | None = None) -> dict[str, object]:
    """The whole game as data: setup, players, board (tile values as scored), bag, moves."""
    state = game.state
    ruleset = state.ruleset
    last = {(p.row, p.col) for p in state.board.last}
    tiles = board_tiles_scored(game)
    viewer = state.to_move if game.setup.dealt else None
    players = []
    for i, nick in enumerate(game.setup.players):
        rack = state.racks[i]
        players.append({"name": nick, "score": state.scores[i], "tiles": state.counts[i],
                        "rack": rack_text(rack) if rack is not None else None, "to_move": i == state.to_move})
    return {
        "name": name, "version": game.version, "setup": game.setup.to_json(),
        "ruleset": {"name": ruleset.name, "rows": ruleset.rows, "cols": ruleset.cols,
                    "premiums": [[KINDS[s] for s in row] for row in ruleset.premiums],
                    "centre": square_name(*ruleset.centre), "rack_size": ruleset.rack_size},
        "lang": game.setup.lang, "lang_name": language_name(game.setup.lang,
                                                            game.setup.catalog) if game.setup.lang else None,
        "players": players, "to_move": game.to_move, "bag": state.bag_count,
        "unseen": dict(sorted(state.unseen(viewer).items())),
        "unseen_for": game.to_move if viewer is not None else None,
        "scoreless": state.scoreless, "ended": state.ended, "can_end": state.can_end,
        "went_out": game.setup.players[state.went_out] if state.went_out is not None else None,
        "winners": winners(game) if state.ended else [],
        "can_challenge": state.pending is not None and not state.pending.challenged
                         and game.setup.challenge not in ("void", "none"),
        "board": [dict(t.to_json(), last=(t.row, t.col) in last) for t in sorted(tiles.values(),
                                                                                   key=lambda t: (t.row, t.col))],
        "moves": [move_json(game, i) for i in range(len(game.record.events))],
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
