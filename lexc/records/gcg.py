"""Game records in GCG, the format of Quackle, Macondo, Woogles and Elise.

A record is a list of *pragmas* (``#title``, ``#lexicon``, ``#note`` ...) and *events*
(``>nick: RACK 8D WORD +18 18``). :func:`parse` reads the dialects described in
docs/gcg.md -- played-through squares written as ``.``, as the letter itself or in
parentheses, exchanges by tiles or by count, withdrawn phonies (``--``, including old
Quackle's ``-- +0``), challenge bonuses, time penalties, end-of-game rack points and
the six-zero penalty, events without a rack, old Quackle's trailing cross-word lists --
and checks what can be checked without a board: the syntax of every line, the
players, and each player's running total. Every event keeps its line.

This module is the format's front: the record's values are in :mod:`lexc.records.record`, the
reader in :mod:`lexc.records.reader`, both importable from here; the writer (:func:`dumps`,
:func:`checked`, :func:`write`) is here.

>>> record = parse('''#player1 cesar César del Solar
... #player2 jasonv12 Jason
... >cesar: FHIIMMR 8G FIRM +18 18
... #note opening
... >jasonv12: AGGNRVY H4 VARY.NG +18 18
... >cesar: AEIORST -4 +0 18
... ''')
>>> [(e.kind.value, e.player, e.position, e.word, e.delta, e.total, e.line) for e in record.events[:2]]
[('play', 'cesar', '8G', 'FIRM', 18, 18, 3), ('play', 'jasonv12', 'H4', 'VARY.NG', 18, 18, 5)]
>>> record.events[0].notes, record.events[2].kind.value, record.events[2].count
(('opening',), 'exchange', 4)

Writing gives UTF-8 with ``#character-encoding`` first, and reading it back gives the
same record; language designations (a lexc extension) are written as
``#note lang: ...`` lines that other programs show as comments:

>>> polyglot = record.with_lang("en").with_langs(1, "@fr,H7=en")
>>> text = dumps(polyglot)
>>> for line in text.splitlines()[3:8]:
...     print(line)
#note lang: en
>cesar: FHIIMMR 8G FIRM +18 18
#note opening
>jasonv12: AGGNRVY H4 VARY.NG +18 18
#note lang: @fr,H7=en
>>> parse(text) == polyglot, parse(text).events[1].langs.lang_of("H7", "VARYING")
(True, 'en')
"""


from __future__ import annotations

import os
import re

from lexc.atomic import write_atomic
from lexc.engine.notation import Languages
from lexc.errors import LexcError, Problem, RecordError
from lexc.inputs import LIMITS
from lexc.records.reader import MAX_NUMBER, parse, position_token, read
from lexc.records.record import NO_LANGS, SCORED, Event, GameRecord, Kind, Player, Pragma

__all__ = [
    "MAX_NUMBER",
    "NO_LANGS",
    "SCORED",
    "Event",
    "GameRecord",
    "Kind",
    "Player",
    "Pragma",
    "checked",
    "dumps",
    "parse",
    "position_token",
    "read",
    "write",
]


# --------------------------------------------------------------------------- writing


def _lang_lines(lang: Languages | str | None) -> list[str]:
    return [f"#note lang: {lang}"] if lang else []


def dumps(record: GameRecord) -> str:
    """The record as GCG text: UTF-8 declared on the first line, one event per line, LF endings."""
    lines = ["#character-encoding UTF-8"]
    lines += [p.to_gcg() for p in record.players]
    for pragma in record.pragmas:
        lines += pragma.to_gcg()
    lines += _lang_lines(record.lang)
    for event in record.events:
        lines.append(event.to_gcg())
        lines += _lang_lines(event.langs)
        for pragma in event.pragmas:
            lines += pragma.to_gcg()
    return "\n".join(lines) + "\n"


#: Characters no written text holds: a line end (CR, LF) cuts its line in two, a NUL makes the file binary
#: for the reader; a lone surrogate has no UTF-8.
_UNWRITABLE = re.compile(r"[\r\n\x00\ud800-\udfff]")


def checked(record: GameRecord, file: str | None = None) -> str:
    r"""The GCG text of ``record``, checked to be a file :func:`read` reads back; else a :class:`RecordError`.

    One grammar: whatever lexc writes, lexc reads. Refused before anything is written: a score, total
    or count past :data:`MAX_NUMBER` (the reader's 9 digits), a line end, NUL or lone surrogate in a
    name or a text (a ``#note`` may hold LF: it continues on the next lines), a file larger than the
    reader's limit for a game record (``LIMITS`` in :mod:`lexc.inputs`), and anything the reader
    would refuse (the text is read back).

    >>> record = parse("#player1 a A\n#player2 b B\n>a: AB 8D AB +8 8\n")
    >>> checked(record).splitlines()[-1]
    '>a: AB 8D AB +8 8'
    >>> from dataclasses import replace
    >>> checked(replace(record, pragmas=(Pragma("title", "club\rnight"),)), "g.gcg")
    Traceback (most recent call last):
    ...
    lexc.errors.RecordError: g.gcg: #title: holds a line end (CR): a GCG line cannot; nothing was written
    """
    problems = _unwritable(record, file)
    if problems:
        raise RecordError(problems)
    written = dumps(record)
    limit = LIMITS["GCG game record"]
    size = len(written.encode("utf-8"))
    if size > limit:
        raise RecordError(Problem(file, None, None, f"the game has grown to {size:,} bytes, past {limit:,}, the "
                                                    "largest game record lexc reads: nothing was written (start a new "
                                                    "game)"))
    try:
        parse(written, file)
    except LexcError as err:
        raise RecordError([Problem(file, None, p.key, f"lexc would not read this back (line {p.line}: {p.message}): "
                                                    "nothing was written") for p in err.problems]) from None
    return written


def _unwritable(record: GameRecord, file: str | None) -> list[Problem]:
    """What in ``record`` no GCG line can hold: a nickname with a space or a colon, a pragma name of
    several words, a line end, NUL or lone surrogate in a text, a number of more than 9 digits."""
    problems: list[Problem] = []

    def text(value: str, key: str, multiline: bool = False) -> None:
        bad = next((c for c in _UNWRITABLE.findall(value) if not (multiline and c == "\n")), None)
        if bad is not None:
            what = {"\r": "a line end (CR)", "\n": "a line end (LF)", "\x00": "a NUL character"}.get(
                bad, f"a lone surrogate (U+{ord(bad):04X})")
            problems.append(Problem(file, None, key, f"holds {what}: a GCG line cannot; nothing was written"))

    def number(value: int | None, key: str, what: str, sign: str = "+") -> None:
        if value is not None and abs(value) > MAX_NUMBER:
            problems.append(Problem(file, None, key, f"{what} {value:{sign},} cannot be written: a GCG number has at "
                                                     f"most 9 digits ({MAX_NUMBER:,}); nothing was written"))

    for player in record.players:
        key = f"#player{player.number}"
        if not player.nick or any(c.isspace() or c == ":" for c in player.nick):
            problems.append(Problem(file, None, key, f"{player.nick!r} cannot be a GCG nickname (no space, no ':')"))
        text(player.nick, key)
        text(player.name, key)
    for pragma in record.all_pragmas():
        if not pragma.name or any(c.isspace() for c in pragma.name):
            problems.append(Problem(file, None, f"#{pragma.name}", "a pragma's name is one word"))
        text(pragma.name, f"#{pragma.name}")
        text(pragma.value, f"#{pragma.name}", multiline=pragma.name == "note")
    for event in record.events:
        number(event.delta, event.player, f"the {event.kind.value.replace('_', ' ')} of")
        number(event.total, event.player, "the total", "")
        number(event.count, event.player, "an exchange of", "")
        for value in (event.rack, event.position, event.word, event.tiles, *event.extra):
            text(value or "", event.player)
    return problems


def write(record: GameRecord, path: str | os.PathLike[str]) -> None:
    """Write ``record`` to ``path`` atomically (a temporary file, then a rename), checked by :func:`checked`.

    Writing over the file the record was read from is safe: the record is in memory and
    the old file is only replaced once the new one is complete. Through a symbolic link
    the file is replaced and the link kept; the file keeps its permissions.
    """
    write_atomic(path, checked(record, str(path)), replaces_input=True)
