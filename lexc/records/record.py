"""A GCG game record as values: its players, pragmas and events (docs/gcg.md).

:mod:`lexc.records.reader` reads them from a file, :mod:`lexc.records.gcg` writes them back;
both names, and these, are importable from :mod:`lexc.records.gcg`.

>>> event = Event(Kind.PLAY, "cesar", "FHIIMMR", 18, 18, position="8G", word="FIRM")
>>> event.move, event.to_gcg()
('8G FIRM', '>cesar: FHIIMMR 8G FIRM +18 18')
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from enum import StrEnum

from lexc.choices import lang_names
from lexc.engine.notation import Languages, parse_langs
from lexc.errors import Problem, RecordError

__all__ = ["NO_LANGS", "SCORED", "Event", "GameRecord", "Kind", "Player", "Pragma"]

#: ``#rack1``, ``#rack2``...: a player's last rack.
RACK_PRAGMA = re.compile(r"rack([1-9])")

#: No language designation (shared: Languages is immutable).
NO_LANGS = Languages()


class Kind(StrEnum):
    """What an event is."""

    PLAY = "play"  # tiles placed: ``8D WORD``
    PASS = "pass"  # ``-``
    EXCHANGE = "exchange"  # ``-TILES`` or ``-N``
    WITHDRAWAL = "withdrawal"  # ``--``: the player's phony comes off the board
    CHALLENGE_BONUS = "challenge_bonus"  # ``(challenge) +5``: a challenged play was good
    END_POINTS = "end_points"  # ``(TILES) +N``: the player who went out gains the others' tiles
    END_PENALTY = "end_penalty"  # ``RACK (RACK) -N``: a player loses their own tiles
    TIME_PENALTY = "time_penalty"  # ``(time) -10``


#: Kinds whose recorded delta the replay can recompute.
SCORED = frozenset({Kind.PLAY, Kind.END_POINTS, Kind.END_PENALTY})


@dataclass(frozen=True, slots=True)
class Pragma:
    """A ``#name value`` line. A multi-line ``#note`` has its lines joined with newlines."""

    name: str
    value: str
    line: int | None = field(default=None, compare=False)

    def to_gcg(self) -> list[str]:
        """The lines that write this pragma.

        >>> Pragma("note", "two\\n\\nlines").to_gcg()
        ['#note two', '#- ', 'lines']
        """
        first, *rest = self.value.split("\n")
        head = f"#{self.name}{first}" if self.name == ">" else f"#{self.name} {first}".rstrip()
        return [head] + [f"#- {text}" if _needs_continuation_mark(text) else text for text in rest]


def _needs_continuation_mark(text: str) -> bool:
    bare = text.strip()
    return not bare or bare[0] in "#>" or text != text.rstrip()


@dataclass(frozen=True, slots=True)
class Player:
    """A ``#playerN nick Full Name`` pragma: events name players by nickname."""

    number: int
    nick: str
    name: str

    def to_gcg(self) -> str:
        return f"#player{self.number} {self.nick} {self.name}".rstrip()


@dataclass(frozen=True, slots=True)
class Event:
    """One ``>nick: ...`` line, with the pragmas (notes) that follow it.

    ``delta`` is the signed change of the player's total and ``total`` the total after
    it, as recorded. ``rack`` is the rack before the event as written (``None`` when
    the line has none). ``word`` is the main word as written, with its played-through
    squares as ``.``, as letters, or in parentheses. ``tiles`` holds the tiles of an
    exchange or of an end-of-game rack; ``count`` the number of tiles of an exchange
    written as ``-N``. ``langs`` is the play's language designation (docs/gcg.md).
    """

    kind: Kind
    player: str
    rack: str | None
    delta: int
    total: int
    position: str | None = None
    word: str | None = None
    tiles: str | None = None
    count: int | None = None
    langs: Languages = NO_LANGS
    extra: tuple[str, ...] = ()
    pragmas: tuple[Pragma, ...] = ()
    line: int | None = field(default=None, compare=False)

    @property
    def notes(self) -> tuple[str, ...]:
        """The texts of the ``#note`` pragmas after this event."""
        return tuple(p.value for p in self.pragmas if p.name == "note")

    @property
    def move(self) -> str:
        """The move as GCG writes it between the rack and the delta.

        >>> Event(Kind.EXCHANGE, "a", "AEIORST", 0, 18, count=4).move
        '-4'
        """
        match self.kind:
            case Kind.PLAY:
                return f"{self.position} {self.word}"
            case Kind.PASS:
                return "-"
            case Kind.EXCHANGE:
                return f"-{self.tiles if self.tiles is not None else self.count}"
            case Kind.WITHDRAWAL:
                return "--"
            case Kind.CHALLENGE_BONUS:
                return "(challenge)"
            case Kind.TIME_PENALTY:
                return "(time)"
            case Kind.END_POINTS | Kind.END_PENALTY:
                return f"({self.tiles})"
        raise AssertionError(self.kind)  # pragma: no cover

    def to_gcg(self) -> str:
        """The event line (without its pragmas).

        >>> Event(Kind.END_POINTS, "emely", None, 14, 345, tiles="OPEG").to_gcg()
        '>emely:  (OPEG) +14 345'
        """
        parts = [f">{self.player}:", self.rack or "", self.move, f"{self.delta:+d}", str(self.total), *self.extra]
        return " ".join(parts)

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {"kind": self.kind.value, "player": self.player, "rack": self.rack}
        for name in ("position", "word", "tiles", "count"):
            value = getattr(self, name)
            if value is not None:
                data[name] = value
        if self.langs:
            data["langs"] = str(self.langs)
        data.update(delta=self.delta, total=self.total, line=self.line)
        if self.notes:
            data["notes"] = list(self.notes)
        return data


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A whole GCG file: players, header pragmas (before the first event) and events.

    ``lang`` is the game's default language (a language code, a lexc extension). ``file``, ``encoding`` and
    the line numbers do not take part in equality, so a record read back from what
    :func:`dumps` wrote compares equal to the original.
    """

    players: tuple[Player, ...]
    pragmas: tuple[Pragma, ...]
    events: tuple[Event, ...]
    lang: str | None = None
    file: str | None = field(default=None, compare=False)
    encoding: str = field(default="utf-8", compare=False)

    def pragma(self, name: str) -> str | None:
        """The value of the first header pragma called ``name``."""
        return next((p.value for p in self.pragmas if p.name == name), None)

    def all_pragmas(self) -> Iterator[Pragma]:
        """Header pragmas, then each event's pragmas, in file order."""
        yield from self.pragmas
        for event in self.events:
            yield from event.pragmas

    @property
    def title(self) -> str | None:
        return self.pragma("title")

    @property
    def lexicon(self) -> str | None:
        return self.pragma("lexicon")

    def _setting(self, pragma: str, note_key: str) -> str | None:
        """A game setting from its pragma or from an old Woogles ``#note Key: value`` header."""
        value = self.pragma(pragma)
        if value is None:
            prefix = note_key.lower() + ":"
            value = next((p.value[len(prefix):].strip() for p in self.pragmas
                          if p.name == "note" and p.value.lower().startswith(prefix)), None)
        return value or None

    @property
    def tile_distribution(self) -> str | None:
        """``#tile-distribution`` (or an old Woogles ``#note LetterDistribution:``)."""
        return self._setting("tile-distribution", "LetterDistribution")

    @property
    def board_layout(self) -> str | None:
        """``#board-layout`` (or an old Woogles ``#note BoardLayout:``)."""
        return self._setting("board-layout", "BoardLayout")

    @property
    def schemes(self) -> dict[str, str]:
        r"""The schemes the table agreed on: ``#note scheme: he=he-full ru=ru-yo`` before the first
        event (a lexc extension, Polyglot rule 3), by language code.

        >>> from lexc.records.gcg import parse
        >>> parse("#player1 a A\n#player2 b B\n#note scheme: he=he-full, ru=ru-yo\n>a: AB 8H AB +8 8\n").schemes
        {'he': 'he-full', 'ru': 'ru-yo'}
        """
        return self.choices("scheme", "he=he-full")

    def choices(self, name: str, example: str, strict: bool = True) -> dict[str, str]:
        """The ``LANG=NAME`` choices of the header's ``#note NAME: ...`` lines (``scheme``, ``edition``,
        ``lexicon``), by language code, the last of a code winning; an item that is no ``LANG=NAME``
        is a :class:`~lexc.errors.RecordError` naming its line (left out unless ``strict``)."""
        found: dict[str, str] = {}
        for pragma in self.pragmas:
            if pragma.name == "note" and pragma.value.lower().startswith(f"{name}:"):
                found.update(lang_names(pragma.value[len(name) + 1:], example, file=self.file, line=pragma.line,
                                        key=f"#note {name}", error=RecordError, strict=strict))
        return found

    @property
    def specs(self) -> dict[str, str]:
        r"""The languages played from a spec of one's own, with that spec's SHA-256:
        ``#note spec: da sha256=HEX (Danish, da.toml)`` before the first event (a lexc extension).

        >>> from lexc.records.gcg import parse
        >>> parse("#player1 a A\n#player2 b B\n#note spec: da sha256=" + "0" * 64 + " (Danish, da.toml)\n").specs
        {'da': '0000000000000000000000000000000000000000000000000000000000000000'}
        """
        found: dict[str, str] = {}
        for pragma in self.pragmas:
            if pragma.name == "note" and pragma.value.lower().startswith("spec:"):
                match = re.match(r"spec:\s*([a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*)\s+sha256=([0-9a-f]{64})\b",
                                 pragma.value)
                if match is None:
                    raise RecordError(Problem(self.file, pragma.line, "#note spec",
                                            f"{pragma.value!r}: write 'spec: LANG sha256=HEX'"))
                found[match[1]] = match[2]
        return found

    @property
    def editions(self) -> dict[str, str]:
        r"""The tile sets chosen for languages with several: ``#note edition: is=original`` before the
        first event (a lexc extension, like ``#note scheme:``), by language code.

        >>> from lexc.records.gcg import parse
        >>> parse("#player1 a A\n#player2 b B\n#note edition: is=original\n>a: AB 8H AB +8 8\n").editions
        {'is': 'original'}
        """
        return self.choices("edition", "is=original")

    @property
    def incomplete(self) -> bool:
        """Whether the file says ``#incomplete`` (old Quackle writes it even on finished games)."""
        return any(p.name == "incomplete" for p in self.all_pragmas())

    @property
    def last_racks(self) -> dict[str, str]:
        """The racks of ``#rack1``/``#rack2``/..., by nickname."""
        by_number = {p.number: p.nick for p in self.players}
        racks: dict[str, str] = {}
        for pragma in self.all_pragmas():
            number = RACK_PRAGMA.fullmatch(pragma.name)
            if number and int(number[1]) in by_number and pragma.value:
                racks[by_number[int(number[1])]] = pragma.value.split()[0]
        return racks

    def totals(self, upto: int | None = None) -> dict[str, int]:
        """Each player's total after the first ``upto`` events (all by default)."""
        totals = {p.nick: 0 for p in self.players}
        for event in self.events[:upto]:
            totals[event.player] = event.total
        return totals

    def with_lang(self, lang: str | None) -> GameRecord:
        """A copy whose words are in ``lang`` unless a play designates otherwise."""
        return replace(self, lang=lang)

    def with_langs(self, index: int, langs: Languages | str) -> GameRecord:
        """A copy where event ``index`` carries the designation ``langs`` (``"@fr,H7=en"``)."""
        if isinstance(langs, str):
            langs = parse_langs(langs)
        events = list(self.events)
        events[index] = replace(events[index], langs=langs)
        return replace(self, events=tuple(events))

    def to_json(self) -> dict[str, object]:
        return {
            "file": self.file,
            "players": [{"number": p.number, "nick": p.nick, "name": p.name} for p in self.players],
            "pragmas": [{"name": p.name, "value": p.value} for p in self.pragmas],
            "lang": self.lang,
            "events": [e.to_json() for e in self.events],
        }
