"""The errors of bad input: one base type, one subclass per kind of input.

Whatever the input -- a spec, a scheme, a word list, a pack, a game record, play
notation -- a problem is reported as a :class:`Problem` naming the file, the line
(where there is one), the key or token, and what is wrong. :class:`LexcError`
carries one or more problems; the CLI prints them and exits non-zero, never with
a traceback.

Each kind of input has its own subclass, raised where that input is read, so a caller can
tell them apart: :class:`NotationError` (play, rack and square notation), :class:`SpecError`
(a language spec, a scheme or a ruleset file), :class:`PackError` (a compiled pack) and
:class:`RecordError` (a game record). Each is also a :class:`ValueError`; ``except LexcError``
catches them all.

>>> from lexc.engine.notation import parse_play
>>> try:
...     parse_play("8D QU1TE")
... except ValueError as err:
...     print(type(err).__name__, isinstance(err, LexcError), err)
NotationError True <input>: column 6: unexpected character '1' in the word

>>> str(Problem("languages/xx.toml", 12, "tiles.A.count", "must be at least 1, not 0"))
'languages/xx.toml:12: tiles.A.count: must be at least 1, not 0'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: Characters a terminal acts on: C0 controls but tab and newline, DEL, C1 controls (0x9B is a CSI).
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def printable(text: str) -> str:
    r"""``text`` with every control character a terminal would act on written as an escape.

    A GCG nickname or a spec name from a stranger can hold ESC sequences that move the cursor,
    retitle the window or hide text; printed through this they are inert.

    >>> printable("joe\x1b[2J\x07\tok\n\x9b")
    'joe\\x1b[2J\\x07\tok\n\\x9b'
    """
    return _CONTROL.sub(lambda m: f"\\x{ord(m[0]):02x}", text)


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with one input."""

    file: str | None
    line: int | None
    key: str | None
    message: str

    def __str__(self) -> str:
        where = self.file or "<input>"
        if self.line is not None:
            where += f":{self.line}"
        return f"{where}: {self.key}: {self.message}" if self.key else f"{where}: {self.message}"

    def to_json(self) -> dict[str, object]:
        return {"file": self.file, "line": self.line, "key": self.key, "message": self.message}


class LexcError(Exception):
    """Bad input. ``problems`` says what and where; ``str()`` is the user-facing message."""

    def __init__(self, problems: Problem | list[Problem] | str):
        if isinstance(problems, str):
            problems = Problem(None, None, None, problems)
        self.problems: list[Problem] = problems if isinstance(problems, list) else [problems]
        super().__init__("\n".join(str(p) for p in self.problems))


class NotationError(LexcError, ValueError):
    """Bad play, rack or square notation, or a play that does not fit the board it is laid on."""


class SpecError(LexcError, ValueError):
    """A language spec, a romanisation scheme or a ruleset file that cannot be used."""


class PackError(LexcError, ValueError):
    """A compiled pack that is missing, unreadable, of another language or out of date."""


class RecordError(LexcError, ValueError):
    """A game record (GCG) that cannot be read or replayed."""
