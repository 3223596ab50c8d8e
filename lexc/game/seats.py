"""Seats and views of a served game: who sees what and may do what, and the links that say who you are.

A game served by ``lexc serve`` has three kinds of :class:`View`:

* the **director** (full control: every player's move, undo, end, penalties, rulings, the clock);
* one **seat** per player (its own rack only; it plays, passes or exchanges on its own turn and
  challenges another player's last play);
* the **board** for a shared screen (board, scores, clocks, moves: no rack, no hint).

Each view has its own unguessable secret (:class:`Seats`), kept in a sidecar file beside the game
(``.NAME.seats.json``, readable by its owner only: never in the GCG file, never in a log). A link
carries its secret after ``#`` (the fragment: a browser never sends it to a server, never in a
``Referer``); the page sends it back in the ``X-Lexc-Key`` header of each request.

>>> seats = Seats.new(["ann", "bob"])
>>> seats.view(seats.key_of("ann")), seats.view(seats.board).kind, seats.view("guess") is None
(View(kind='seat', player='ann'), 'board', True)
>>> [label for label, _ in seats.links("http://10.0.0.5:8000", "club")]
['ann', 'bob', 'board', 'director']
>>> seats.links("http://10.0.0.5:8000/", "club")[-1][1] == f"http://10.0.0.5:8000/#game=club&key={seats.director}"
True

What a view may do is :meth:`View.check`'s business (a robot seat is a seat like any other):

>>> View("seat", "ann").check("undo", to_move="ann", last_player=None)
Traceback (most recent call last):
...
lexc.game.seats.Forbidden: <input>: undo: only the director may undo
"""

from __future__ import annotations

import hmac
import json
import os
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from lexc.game.engine import LexcError, Problem

#: The kinds of view a game has.
KINDS = ("director", "seat", "board")
#: What a seat does on its own turn; what only the director does.
TURN_ACTIONS = ("play", "pass", "exchange")
DIRECTOR_ACTIONS = ("undo", "end", "penalty", "clock", "ruling")
#: Bytes of randomness in a secret (24: 32 URL-safe characters).
SECRET_BYTES = 24


class Forbidden(LexcError):
    """A request the view it was made from may not make (403): nothing changes."""


@dataclass(frozen=True, slots=True)
class View:
    """Who a request comes from: ``kind`` (:data:`KINDS`) and, for a seat, its player."""

    kind: str
    player: str | None = None

    @property
    def director(self) -> bool:
        return self.kind == "director"

    def sees_rack(self, player: str) -> bool:
        """Whether this view may see ``player``'s rack."""
        return self.director or (self.kind == "seat" and self.player == player)

    def check(self, action: str, *, to_move: str, last_player: str | None) -> None:
        """Refuse (:class:`Forbidden`) an ``action`` this view may not take.

        ``to_move`` is the player to move; ``last_player`` the player of the play a challenge
        would challenge (None when there is none).
        """
        if self.director:
            return
        if self.kind == "board":
            raise Forbidden(Problem(None, None, action, "the board view only shows the game"))
        if action in DIRECTOR_ACTIONS:
            raise Forbidden(Problem(None, None, action, f"only the director may {action}"))
        if action in (*TURN_ACTIONS, "hint") and to_move != self.player:
            raise Forbidden(Problem(None, None, action, f"it is {to_move}'s turn: {self.player}'s seat acts on "
                                                        f"{self.player}'s turn only"))
        if action == "challenge" and last_player == self.player:
            raise Forbidden(Problem(None, None, action, f"{self.player} cannot challenge their own play"))


@dataclass(frozen=True, slots=True)
class Seats:
    """The secrets of a game's views: the director's, the board's, and each player's seat."""

    director: str
    board: str
    players: tuple[tuple[str, str], ...]  # (player, secret), in player order

    @classmethod
    def new(cls, players: Sequence[str]) -> Seats:
        """Fresh secrets for a game of ``players``."""
        return cls(_secret(), _secret(), tuple((p, _secret()) for p in players))

    def key_of(self, player: str) -> str:
        return dict(self.players)[player]

    def view(self, key: str) -> View | None:
        """The view ``key`` opens, or None (every secret compared in constant time)."""
        found = None
        for kind, player, secret in self._all():
            if hmac.compare_digest(key.encode(), secret.encode()):
                found = View(kind, player)
        return found

    def links(self, base: str, game: str) -> list[tuple[str, str]]:
        """``(label, URL)`` of every view: the seats by player name, then ``board`` and ``director``."""
        root = base.rstrip("/") + "/"
        return [(player or kind, f"{root}#game={game}&key={secret}") for kind, player, secret in
                [*self._all()[2:], *self._all()[1:2], *self._all()[:1]]]

    def _all(self) -> list[tuple[str, str | None, str]]:
        return [("director", None, self.director), ("board", None, self.board),
                *(("seat", player, secret) for player, secret in self.players)]

    def to_json(self) -> dict[str, object]:
        return {"director": self.director, "board": self.board, "seats": dict(self.players)}


def _secret() -> str:
    return secrets.token_urlsafe(SECRET_BYTES)


def seats_path(game: Path) -> Path:
    """The sidecar of a game file: ``.NAME.seats.json`` beside it.

    >>> seats_path(Path("/g/club.gcg"))
    PosixPath('/g/.club.seats.json')
    """
    return game.with_name(f".{game.stem}.seats.json")


def seats_of(game: Path, players: Sequence[str], *, create: bool = True) -> Seats | None:
    """The seats of the game in ``game``: read from its sidecar, or (``create``) made and written there,
    readable by its owner only; None when there is none and ``create`` is false.

    A sidecar whose players are not the game's (a file replaced under the same name) is made again.
    """
    path = seats_path(game)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        seats = Seats(str(data["director"]), str(data["board"]),
                      tuple((str(p), str(s)) for p, s in dict(data["seats"]).items()))
        if [p for p, _ in seats.players] == list(players) and all(len(s) >= 20 for _, _, s in seats._all()):
            return seats
    except FileNotFoundError:
        pass
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        if path.is_symlink() or (path.exists() and not path.is_file()):
            raise LexcError(Problem(str(path), None, None, "the seats file is not a regular file")) from None
    if not create:
        return None
    seats = Seats.new(players)
    write_private(path, json.dumps(seats.to_json(), indent=1) + "\n")
    return seats


def write_private(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` readable and writable by its owner only, replaced by a rename."""
    temp = path.with_name(f"{path.name}.{secrets.token_hex(4)}.tmp")
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temp, path)
    except OSError as err:
        temp.unlink(missing_ok=True)
        raise LexcError(Problem(str(path), None, None, f"cannot write the seats file: {err.strerror or err}")) from None


__all__ = ["KINDS", "Forbidden", "Seats", "View", "seats_of", "seats_path", "write_private"]
