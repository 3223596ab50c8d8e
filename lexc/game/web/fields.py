"""What a request to the web board says: its JSON body read with limits, and each field checked.

Every field of a request is read here, once, at the edge: text of a bounded length with no control
character or lone surrogate (NFC-normalised, :func:`lexc.inputs.typed`), whole numbers as text,
small objects keyed by short text. What is wrong is a :class:`~lexc.errors.LexcError` naming the
field; the handlers (:mod:`lexc.game.web.answers`) turn it into a 4xx JSON answer.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from starlette.requests import Request

from lexc.game.engine import LexcError
from lexc.game.setup import MAX_SEED, MIN_SEED
from lexc.inputs import typed, whole_number

__all__ = ["MAX_BODY", "MAX_DEPTH", "MAX_TEXT", "TEXT_LIMITS", "TooLarge", "body", "checked", "mapping", "seed",
           "shown", "text"]

#: The largest request body read (bytes): a move or a new game is under 1 KB.
MAX_BODY = 64 * 1024
#: How deep a request's JSON may nest: an object holding ``rulings``, ``racks`` or ``langs``.
MAX_DEPTH = 3
#: The longest text a field may hold (characters), by field; any other field: :data:`MAX_TEXT`.
TEXT_LIMITS = {"name": 64, "deal": 20, "points": 6, "version": 64, "rack": 100, "tiles": 100, "lang": 200,
               "seconds": 6}
MAX_TEXT = 1000
#: Characters no field may hold: C0 controls but tab, DEL, C1 controls, and lone surrogates (JSON's
#: ``"\ud800"``: no UTF-8 can write them to a game file).
_NOT_TEXT = re.compile(r"[\x00-\x08\x0a-\x1f\x7f-\x9f\ud800-\udfff]")


class TooLarge(LexcError):
    """The request body is over :data:`MAX_BODY` (413)."""


async def body(request: Request) -> dict[str, Any] | LexcError:
    """The request's JSON object, or the error saying why there is none.

    The body is read up to :data:`MAX_BODY` bytes and its JSON may nest :data:`MAX_DEPTH` deep.
    """
    declared = request.headers.get("content-length", "")
    if declared.isascii() and declared.isdigit() and len(declared) < 20 and int(declared) > MAX_BODY:
        return TooLarge(f"the request body is over {MAX_BODY:,} bytes")
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            return TooLarge(f"the request body is over {MAX_BODY:,} bytes")
    try:
        data = json.loads(bytes(raw))
    except RecursionError:
        return LexcError(f"the request body nests more than {MAX_DEPTH} deep")
    except ValueError:
        return LexcError("the request body is not JSON")
    if not isinstance(data, dict):
        return LexcError("the request body is not a JSON object")
    if _depth(data) > MAX_DEPTH:
        return LexcError(f"the request body nests more than {MAX_DEPTH} deep")
    return data


def _depth(value: Any) -> int:
    """How deep ``value`` (parsed JSON) nests: 0 for a scalar, 1 for a flat list or object.

    >>> _depth(3), _depth({"racks": {"ann": "QI"}})
    (0, 2)
    """
    deepest, todo = 0, [(value, 0)]
    while todo:
        value, level = todo.pop()
        if isinstance(value, dict | list):
            deepest = max(deepest, level + 1)
            todo.extend((item, level + 1) for item in (value.values() if isinstance(value, dict) else value))
    return deepest


def seed(given: str | None) -> int | None:
    """The deal's seed: a whole number of at most 19 digits (a 64-bit integer), or none."""
    if given is None:
        return None
    number = whole_number(given, least=MIN_SEED, most=MAX_SEED)  # the one integer reader (lexc.inputs)
    if number is None:
        raise LexcError(f"deal: a seed is a whole number of at most 19 digits, not {shown(given)}")
    return number


def shown(given: str, limit: int = 40) -> str:
    """``given`` quoted for an error message, cut after ``limit`` characters.

    >>> shown("x" * 50, 5)
    "'xxxxx'... (50 characters)"
    """
    return repr(given) if len(given) <= limit else f"{given[:limit]!r}... ({len(given):,} characters)"


def text(data: Mapping[str, Any], key: str, default: str | None = None) -> str | None:
    """The text of field ``key`` (a string or a whole number), checked: length, no control characters.

    >>> text({"points": 12}, "points"), text({}, "rack", "QI")
    ('12', 'QI')
    """
    value = data.get(key, default)
    if value is None or value == "":
        return default
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise LexcError(f"{key}: expected text, not {type(value).__name__}")
    return checked(key, value if isinstance(value, str) else _number(key, value))


def _number(key: str, value: int) -> str:
    """A JSON whole number as text, refused past 20 digits (before it is turned into text)."""
    if abs(value) >= 10**20:
        raise LexcError(f"{key}: a number of more than 20 digits")
    return str(value)


def checked(key: str, given: str) -> str:
    """``given`` when it is short enough for field ``key`` and holds no control character or lone surrogate."""
    limit = TEXT_LIMITS.get(key, MAX_TEXT)
    if len(given) > limit:
        raise LexcError(f"{key}: at most {limit:,} characters, not {len(given):,}")
    bad = _NOT_TEXT.search(given)
    if bad:
        kind = "a lone surrogate" if "\ud800" <= bad[0] <= "\udfff" else "a control character"
        raise LexcError(f"{key}: {kind} ({bad[0]!r}) in {shown(given)}")
    return typed(given)  # NFC once, at the edge: 'N' + U+0303 is the Ñ of the tile set


def mapping(data: Mapping[str, Any], key: str) -> dict[str, Any]:
    """Field ``key``: an object of at most 16 entries (words ruled on, players' racks) keyed by short text."""
    value = data.get(key) or {}
    if not isinstance(value, dict):
        raise LexcError(f"{key}: an object of at most 16 entries, not {type(value).__name__}")
    if len(value) > 16:
        raise LexcError(f"{key}: an object of at most 16 entries, not {len(value):,}")
    for name in value:
        checked(key, name)
    return value
