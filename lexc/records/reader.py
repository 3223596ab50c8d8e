r"""Reading GCG: the dialects of Quackle, Macondo, Woogles and Elise, checked line by line (docs/gcg.md).

:func:`parse` reads a record from its bytes (the encoding declared, else UTF-8, else Latin-1) and
collects every problem, one at most per line, into one :class:`~lexc.errors.RecordError`: the
syntax of each line, the players, each player's running total, where each kind of event may
come. Importable from :mod:`lexc.records.gcg`.

>>> record = parse("#player1 a Ann\n#player2 b Bob\n>a: AB 8D AB +8 8\n>b: CD -- +8 8\n", "x.gcg")
Traceback (most recent call last):
...
lexc.errors.RecordError: x.gcg:4: b: phony withdrawn ('--') without a play by the same player before it
"""

from __future__ import annotations

import codecs
import os
import re
from dataclasses import replace

from lexc.engine.notation import Languages, parse_langs
from lexc.errors import LexcError, Problem, RecordError
from lexc.inputs import not_a_codec, read_input, text_codec, whole_number
from lexc.records.record import Event, GameRecord, Kind, Player, Pragma

__all__ = ["MAX_NUMBER", "parse", "position_token", "read"]

#: The largest score, total or count a GCG line holds: the reader takes 1 to 9 digits.
MAX_NUMBER = 999_999_999
_PLAYER_PRAGMA = re.compile(r"player([1-9])")
_PRAGMA = re.compile(r"#(>|[^\s>]*)\s*(.*)")
_POSITION = re.compile(r"([0-9]{1,2})([A-Za-z])|([A-Za-z])([0-9]{1,2})")
_PLAY_LINE = re.compile(r">([^:\s]+):[ \t]+([A-Za-z?]+)[ \t]+([0-9]{1,2}[A-Za-z]|[A-Za-z][0-9]{1,2})[ \t]+([^\s@]+)"
                        r"[ \t]+\+([0-9]{1,9})[ \t]+(-?[0-9]{1,9})")
_PARENTHESISED = re.compile(r"\((.*)\)")
_LANG_NOTE = re.compile(r"lang:\s*(\S.*)")
_SPECIAL = ("-", "--", "(challenge)", "(time)")
#: A line end: LF, CRLF or CR alone (old Mac files), in any mix; nothing else ends a line.
_LINE_END = re.compile(r"\r\n|\r|\n")
_LINE_END_BYTES = re.compile(rb"\r\n|\r|\n")


def _line_of(data: bytes, at: int) -> int:
    """The line of byte offset ``at``, counting every kind of line end.

    >>> _line_of(b"a\\rb\\r\\nc\\nd", 7)
    4
    """
    return sum(1 for _ in _LINE_END_BYTES.finditer(data, 0, at)) + 1


def _digits(text: str) -> bool:
    """1 to 9 ASCII digits: a score, a total, a count (``²``, ``٣`` and a 5,000-digit number are not).

    >>> _digits("18"), _digits("²"), _digits("9" * 5000)
    (True, False, False)
    """
    return len(text) <= 9 and whole_number(text, most=MAX_NUMBER) is not None


def _is_delta(token: str) -> bool:
    """``+18``, ``-24``, ``+0``, kurnik's ``+-10``."""
    sign, digits = token[:1], token[1:]
    return sign in ("+", "-") and (_digits(digits) or (sign == "+" and digits[:1] == "-" and _digits(digits[1:])))


def _is_total(token: str) -> bool:
    return _digits(token) or (token[:1] == "-" and _digits(token[1:]))


def _delta_total(tokens: list[str]) -> int | None:
    """Index of the first ``<signed delta> <total>`` pair (racks, coordinates and words never match)."""
    for i in range(len(tokens) - 1):
        if _is_delta(tokens[i]) and _is_total(tokens[i + 1]):
            return i
    return None


def _is_special(token: str) -> bool:
    """Whether ``token`` is a move other than a placement (pass, exchange, bonus, rack...)."""
    return token in _SPECIAL or token.startswith("-") or bool(_PARENTHESISED.fullmatch(token))


def position_token(token: str) -> str | None:
    """``token`` as a normalised coordinate (upper-case column), or None if it is none.

    >>> position_token("8d"), position_token("h10"), position_token("QUITE")
    ('8D', 'H10', None)
    """
    match = _POSITION.fullmatch(token)
    if not match:
        return None
    return f"{match[1]}{match[2].upper()}" if match[1] else f"{match[3].upper()}{match[4]}"


def _decode(data: bytes, file: str | None) -> tuple[str, str]:
    """The text of a GCG file and the encoding used: the declared one, else UTF-8, else Latin-1.

    >>> _decode("#player1 a A".encode("utf-16"), "x.gcg")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lexc.errors.RecordError: x.gcg:1: the file starts with a UTF-16 byte-order mark: a GCG file is UTF-8 or ...
    """
    if not data:
        raise RecordError(Problem(file, None, None, "empty file (0 bytes): not a GCG game record"))
    for bom, name in ((codecs.BOM_UTF32_LE, "UTF-32"), (codecs.BOM_UTF32_BE, "UTF-32"),
                      (codecs.BOM_UTF16_LE, "UTF-16"), (codecs.BOM_UTF16_BE, "UTF-16")):
        if data.startswith(bom):
            raise RecordError(Problem(file, 1, None, f"the file starts with a {name} byte-order mark: a GCG file is "
                                                   "UTF-8 or ISO-8859-1 (convert it to UTF-8)"))
    if b"\0" in data:
        at = data.index(b"\0")
        raise RecordError(Problem(file, _line_of(data, at), None,
                                f"NUL byte at byte offset {at}: a binary file, not a GCG game record"))
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8):]
    first = _LINE_END_BYTES.split(data, maxsplit=1)[0].strip()
    declared = re.fullmatch(rb"#character-encoding\s+(\S+)", first)
    if declared:
        name = declared[1].decode("ascii", "replace")
        codec = text_codec(name)
        if codec is None:
            raise RecordError(Problem(file, 1, "#character-encoding", not_a_codec(name)))
        try:
            return data.decode(codec), codec
        except UnicodeDecodeError as err:
            line = _line_of(data, err.start)
            byte = data[err.start]
            raise RecordError(Problem(file, line, "#character-encoding",
                                    f"byte 0x{byte:02x} is not valid {name}, the encoding the file declares")) from None
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        return data.decode("latin-1"), "latin-1"  # the GCG default, ISO-8859-1


class _Builder:
    """The pragmas that follow the header or an event, as they are read."""

    def __init__(self) -> None:
        self.pragmas: list[list[object]] = []  # [name, value, line]
        self.lang: str | None = None  # the designation as written
        self.lang_line = 0

    def freeze(self, file: str | None, problems: list[Problem]) -> tuple[Pragma, ...]:
        """The pragmas; a ``#note lang:`` designation is taken out into :attr:`lang`."""
        pragmas = []
        for name, value, line in self.pragmas:
            assert isinstance(name, str) and isinstance(value, str) and isinstance(line, int)
            lang = _LANG_NOTE.fullmatch(value) if name == "note" else None
            if lang is None:
                pragmas.append(Pragma(name, value, line))
            elif self.lang is not None:
                problems.append(Problem(file, line, "#note lang",
                                        f"a second language designation (the first is on line {self.lang_line})"))
            else:
                self.lang, self.lang_line = lang[1].strip(), line
        return tuple(pragmas)

    def langs(self, file: str | None, problems: list[Problem]) -> Languages:
        """The event's designation (``@fr,H7=en``; the ``@`` may be left out)."""
        if self.lang is None:
            return Languages()
        text = self.lang if self.lang.startswith("@") else "@" + self.lang
        try:
            return parse_langs(text)
        except LexcError as err:
            problems.append(Problem(file, self.lang_line, "#note lang", err.problems[0].message))
            return Languages()

    def default_lang(self, file: str | None, problems: list[Problem]) -> str | None:
        """The game's default language (``#note lang: fr`` before the first event)."""
        langs = self.langs(file, problems)
        if langs.words:
            problems.append(Problem(file, self.lang_line, "#note lang",
                                    "before the first event, name one language (e.g. 'fr'), not per-word overrides"))
        return langs.default


class _Reader:
    """Reads the lines of one file; collects one problem at most per line."""

    def __init__(self, file: str | None) -> None:
        self.file = file
        self.problems: list[Problem] = []
        self.players: list[Player] = []
        self.header = _Builder()
        self.events: list[Event] = []
        self.after: dict[int, _Builder] = {}  # pragmas after events[i], for the events that have some
        self.totals: dict[str, int] = {}
        self.timed: dict[str, int] = {}  # nick -> line of their time penalty
        self.ambiguous: set[str] = set()  # nicknames declared twice: totals cannot be checked
        self.in_note = False

    def problem(self, line: int, key: str | None, message: str) -> None:
        self.problems.append(Problem(self.file, line, key, message))

    @property
    def current(self) -> _Builder:
        """Where pragmas go now: after the last event, or in the header."""
        if not self.events:
            return self.header
        index = len(self.events) - 1
        if index not in self.after:
            self.after[index] = _Builder()
        return self.after[index]

    # -- pragmas

    def pragma(self, text: str, number: int) -> None:
        match = _PRAGMA.fullmatch(text)
        assert match is not None
        name, value = match[1], match[2].strip()
        self.in_note = False
        if name == "character-encoding":
            if number != 1:
                self.problem(number, "#character-encoding", "must be the first line of the file")
            return
        player = _PLAYER_PRAGMA.fullmatch(name)
        if player:
            self.player(int(player[1]), value, number)
            return
        if name == "-" and self.current.pragmas and self.current.pragmas[-1][0] == "note":
            self.current.pragmas[-1][1] = f"{self.current.pragmas[-1][1]}\n{value}"
            self.in_note = True
            return
        self.current.pragmas.append([name, value, number])
        self.in_note = name == "note"

    def player(self, number: int, value: str, line: int) -> None:
        nick, _, name = value.partition(" ")
        key = f"#player{number}"
        if self.events:
            self.problem(line, key, "players must be declared before the first event")
        elif not nick:
            self.problem(line, key, "expected a nickname and a name, e.g. '#player1 cesar César del Solar'")
        elif any(p.number == number for p in self.players):
            self.problem(line, key, "declared twice")
        elif any(p.nick == nick for p in self.players):
            other = next(p.number for p in self.players if p.nick == nick)
            self.problem(line, key, f"nickname {nick!r} is already player {other}'s: events could not tell them apart")
            self.ambiguous.add(nick)
        else:
            self.players.append(Player(number, nick, name.strip() or nick))
            self.totals[nick] = 0

    def continuation(self, text: str, number: int) -> None:
        if self.in_note:
            note = self.current.pragmas[-1]
            note[1] = f"{note[1]}\n{text}"
        else:
            self.problem(number, None, f"expected a pragma (#...) or an event (>...), not {text.strip()[:40]!r}")

    # -- events

    def nick(self, text: str, number: int) -> tuple[str, str] | None:
        """The event's player and the rest of the line."""
        body = text[1:]
        known = [p.nick for p in self.players if body.startswith(p.nick + ":")]
        if known:
            nick = max(known, key=len)
            return nick, body[len(nick) + 1:]
        nick, colon, _ = body.partition(":")
        if not colon or not nick.strip():
            self.problem(number, None, "an event starts with '>nick:'")
        elif not self.players:
            self.problem(number, nick, "event before any #player1/#player2 pragma")
        else:
            declared = ", ".join(p.nick for p in self.players)
            self.problem(number, nick, f"unknown player (declared: {declared})")
        return None

    def event(self, text: str, number: int) -> None:
        self.in_note = False
        fast = _PLAY_LINE.fullmatch(text)
        if fast is not None and fast[1] in self.totals:  # the common shape: '>nick: RACK 8D WORD +18 18'
            nick, rack, where, word, delta, total = fast.groups()
            position = f"{where[:-1]}{where[-1].upper()}" if where[0].isdigit() else f"{where[0].upper()}{where[1:]}"
            checked = self.check(Event(Kind.PLAY, nick, rack, int(delta), int(total), position=position, word=word,
                                       line=number), number)
            if checked is not None:
                self.events.append(checked)
            return
        found = self.nick(text, number)
        if found is None:
            return
        nick, rest = found
        tokens = rest.split()
        pair = _delta_total(tokens)
        if pair is None:
            self.problem(number, nick, "expected '<signed delta> <total>' after the move, e.g. '+18 18'")
            return
        delta = int(tokens[pair].lstrip("+"))
        total = int(tokens[pair + 1])
        extra = tokens[pair + 2:]
        lang = None
        if extra and extra[-1].startswith("@"):  # a trailing designation token, as in play notation
            lang = extra.pop()
        event = self.classify(nick, tokens[:pair], delta, total, tuple(extra), number)
        if event is None:
            return
        event = self.check(event, number)
        if event is not None:
            self.events.append(event)
            if lang is not None:
                self.current.lang, self.current.lang_line = lang, number

    def classify(self, nick: str, before: list[str], delta: int, total: int, extra: tuple[str, ...],
                 number: int) -> Event | None:
        """The event that the tokens before the delta describe."""
        rack: str | None = None
        if len(before) == 3 or (len(before) == 2 and _is_special(before[1])):
            rack, *before = before
        if len(before) == 2:
            position = position_token(before[0])
            if position is None:
                self.problem(number, before[0], "expected a coordinate such as 8D (across) or D8 (down)")
                return None
            return Event(Kind.PLAY, nick, rack, delta, total, position=position, word=before[1], extra=extra,
                         line=number)
        if len(before) != 1:
            shown = " ".join(before) or "nothing"
            self.problem(number, nick, f"cannot read the move {shown!r}: expected 'RACK 8D WORD', '-', '-TILES', "
                                       "'--', '(challenge)', '(time)' or '(TILES)' before the delta")
            return None
        token = before[0]
        simple = {"-": Kind.PASS, "--": Kind.WITHDRAWAL, "(challenge)": Kind.CHALLENGE_BONUS,
                  "(time)": Kind.TIME_PENALTY}
        if token in simple:
            return Event(simple[token], nick, rack, delta, total, extra=extra, line=number)
        if token.startswith("-"):
            exchanged = token[1:]
            if _digits(exchanged):
                return Event(Kind.EXCHANGE, nick, rack, delta, total, count=int(exchanged), extra=extra, line=number)
            return Event(Kind.EXCHANGE, nick, rack, delta, total, tiles=exchanged, extra=extra, line=number)
        inner = _PARENTHESISED.fullmatch(token)
        if inner and inner[1] and rack is not None:  # RACK (RACK) -N: a player loses their own tiles
            if inner[1] != rack:
                self.problem(number, token, f"the rack penalty counts ({inner[1]}) but the rack is {rack}")
                return None
            return Event(Kind.END_PENALTY, nick, rack, delta, total, tiles=rack, extra=extra, line=number)
        if inner and inner[1]:  # (RACK) +N: the player who went out gains these tiles
            return Event(Kind.END_POINTS, nick, rack, delta, total, tiles=inner[1], extra=extra, line=number)
        self.problem(number, token, "expected a rack, a coordinate, '-', '--', '(challenge)', '(time)' or '(TILES)'")
        return None

    def check(self, event: Event, number: int) -> Event | None:
        """Check the event against the ones before it; the event to keep (None when broken)."""
        key = event.player
        kind = event.kind
        before = self.totals[event.player]
        self.totals[event.player] = event.total  # a broken line does not cascade to the next ones
        if self.timed and kind is not Kind.TIME_PENALTY:
            self.problem(number, key, f"{kind.value.replace('_', ' ')} after the time penalty of line "
                                      f"{min(self.timed.values())}: time penalties come last")
            return None
        if kind is not Kind.PLAY:
            checked = self.check_kind(event, before, number)
            if checked is None:
                return None
            event = checked
        if before + event.delta != event.total and event.player not in self.ambiguous:
            self.problem(number, key, f"total {event.total} does not add up: {before} {event.delta:+d} = "
                                      f"{before + event.delta}")
            self.totals[event.player] = before + event.delta  # only the first wrong total is reported
            return None
        return event

    def check_kind(self, event: Event, before: int, number: int) -> Event | None:
        """The rules of events other than plays: where they may come, and their sign."""
        previous = self.events[-1] if self.events else None
        key = event.player
        kind = event.kind
        if kind in (Kind.PASS, Kind.EXCHANGE) and event.delta != 0:
            self.problem(number, key, f"a {kind.value} scores +0, not {event.delta:+d}")
            return None
        if kind is Kind.WITHDRAWAL:
            withdrawn = self.withdrawal(event, previous, before, number)
            if withdrawn is None:
                return None
            event = withdrawn
        if kind is Kind.CHALLENGE_BONUS and not (previous and previous.kind is Kind.PLAY
                                                 and previous.player == event.player):
            self.problem(number, key, "challenge bonus that does not follow a play by the same player")
            return None
        if kind is Kind.TIME_PENALTY:
            if event.player in self.timed:
                self.problem(number, key, f"second time penalty (the first is on line {self.timed[event.player]})")
                return None
            self.timed[event.player] = number
        if (kind in (Kind.END_PENALTY, Kind.TIME_PENALTY) and event.delta > 0) or (
                kind in (Kind.END_POINTS, Kind.CHALLENGE_BONUS) and event.delta < 0):
            self.problem(number, key, f"a {kind.value.replace('_', ' ')} cannot be {event.delta:+d}")
            return None
        return event

    def withdrawal(self, event: Event, previous: Event | None, before: int, number: int) -> Event | None:
        if not (previous and previous.kind is Kind.PLAY and previous.player == event.player):
            self.problem(number, event.player, "phony withdrawn ('--') without a play by the same player before it")
            return None
        if event.delta == 0 and previous.delta and event.total == before - previous.delta:
            return replace(event, delta=-previous.delta)  # old Quackle: '-- +0' and the reduced total
        if event.delta != -previous.delta:
            self.problem(number, event.player, f"withdraws {-event.delta} points but the play on line "
                                               f"{previous.line} scored {previous.delta}")
            return None
        return event

    # -- the whole file

    def read(self, text: str, encoding: str) -> GameRecord:
        for number, raw in enumerate(_LINE_END.split(text), start=1):
            line = raw.rstrip()
            stripped = line.lstrip()
            if not stripped:
                continue
            if stripped.startswith("#"):
                self.pragma(stripped, number)
            elif stripped.startswith(">"):
                self.event(stripped, number)
            else:
                self.continuation(line, number)
        if not self.players and not self.problems:
            self.problems.append(Problem(self.file, None, None, "no #player1/#player2 pragmas: not a GCG game record"))
        header = self.header.freeze(self.file, self.problems)
        lang = self.header.default_lang(self.file, self.problems)
        events = self.events
        for index, builder in self.after.items():
            if builder.pragmas or builder.lang is not None:
                pragmas = builder.freeze(self.file, self.problems)
                langs = builder.langs(self.file, self.problems)
                events[index] = replace(events[index], pragmas=pragmas, langs=langs)
        if self.problems:
            raise RecordError(sorted(self.problems, key=lambda p: p.line or 0))
        return GameRecord(tuple(self.players), header, tuple(events), lang, self.file, encoding)


def parse(data: bytes | str, file: str | None = None) -> GameRecord:
    """Read a GCG record from its bytes (or text); ``file`` names it in error messages.

    >>> parse(">a: AB 8D AB +8 8", "x.gcg")
    Traceback (most recent call last):
    ...
    lexc.errors.RecordError: x.gcg:1: a: event before any #player1/#player2 pragma
    """
    if isinstance(data, bytes):
        text, encoding = _decode(data, file)
    else:  # already decoded: a #character-encoding line is not applied
        text, encoding = data.removeprefix("\ufeff"), "utf-8"
    return _Reader(file).read(text, encoding)


def read(path: str | os.PathLike[str]) -> GameRecord:
    """Read the GCG file at ``path``."""
    return parse(read_input(path, "GCG game record"), str(path))
