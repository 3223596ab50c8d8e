"""The pack file: its fixed prefix, its JSON header checked field by field, its sections and CRC-32.

:func:`encode_pack` writes the bytes of a pack, :func:`read_pack_bytes` checks them and gives the
header and the sections, :func:`pack_sections` cuts the sections (docs/pack-format.md "Layout").
"""

from __future__ import annotations

import json
import struct
import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lexc import __version__
from lexc.errors import LexcError, PackError, Problem
from lexc.inputs import read_input
from lexc.lexicon.codec import GROUP_SEP
from lexc.lexicon.tries import STRUCTURES

#: The first 8 bytes of every pack.
MAGIC = b"LEXCPACK"
#: The pack format this code writes and reads.
FORMAT_VERSION = 2
#: Longest record or board spelling a pack may claim (the compiler refuses words over 1,000 characters).
MAX_RECORD = 4096

# magic, format version, flags (0), header length, total file length
_PREFIX = struct.Struct("<8sHHIQ")
_CRC = struct.Struct("<I")
_ALIGN = 8



def encode_pack(header: Mapping[str, Any], kind: str, data: bytes) -> bytes:
    """The bytes of a pack file (deterministic: sorted JSON, no timestamps).

    ``data`` is every section, the trie first; the header's ``sections`` say where each is. A
    header whose sections do not end exactly at the end of ``data`` gets one ``trie`` section of
    all of it (what a test re-encoding a damaged trie gives).
    """
    full = dict(header)
    full["format"] = FORMAT_VERSION
    sections = full.get("sections")
    if not (isinstance(sections, list) and sections and all(isinstance(s, dict) for s in sections)
            and max(_end(s) for s in sections) == len(data)):
        sections = [{"name": "trie", "offset": 0, "length": len(data)}]
    full["sections"] = sections
    trie = next((s for s in sections if s.get("name") == "trie"), sections[0])
    full["structure"] = {**dict(full.get("structure", {})), "kind": kind, "bytes": trie.get("length")}
    text = json.dumps(full, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode("utf-8")
    head = _PREFIX.size + len(text)
    pad = -head % _ALIGN
    total = head + pad + len(data) + _CRC.size
    body = b"".join((_PREFIX.pack(MAGIC, FORMAT_VERSION, 0, len(text), total), text, b"\0" * pad, data))
    return body + _CRC.pack(zlib.crc32(body))


def _end(section: Mapping[str, Any]) -> int:
    offset, length = section.get("offset"), section.get("length")
    return offset + length if isinstance(offset, int) and isinstance(length, int) else -1


def _bad(path: Path, message: str) -> PackError:
    """The error of a pack that cannot be used: a :class:`lexc.errors.PackError` (a ValueError) naming the file."""
    return PackError(Problem(str(path), None, None, message))


def read_pack_bytes(path: Path | str) -> tuple[dict[str, Any], memoryview]:
    """Check a pack file and return its header and the bytes of its sections (the trie first);
    a clear :class:`lexc.errors.PackError` if it is not sound. :func:`pack_sections` cuts them.

    >>> read_pack_bytes("no/such/pack.lexc")
    Traceback (most recent call last):
    ...
    lexc.errors.PackError: no/such/pack.lexc: no such pack (build it with `lexc build LANG` or `lexc compile`)
    """
    path = Path(path)
    try:
        data = read_input(path, "lexicon pack",
                          missing="no such pack (build it with `lexc build LANG` or `lexc compile`)")
    except LexcError as err:  # missing, a folder, unreadable, too large: the same message, as a pack's error
        raise PackError(err.problems) from None
    if not data:
        raise _bad(path, "empty file (0 bytes), not a lexicon pack")
    if data[: len(MAGIC)] != MAGIC:
        if MAGIC.startswith(data):
            raise _bad(path, f"truncated: {len(data)} bytes, shorter than a pack's fixed prefix")
        raise _bad(path, f"not a lexicon pack (starts with {data[:8]!r}, a pack starts with {MAGIC!r})")
    if len(data) < _PREFIX.size + _CRC.size:
        raise _bad(path, f"truncated: {len(data)} bytes, shorter than a pack's fixed prefix")
    _, version, _flags, header_len, total = _PREFIX.unpack_from(data)
    if version != FORMAT_VERSION:
        raise _bad(path, f"pack format version {version}; this lexc {__version__} reads version {FORMAT_VERSION} "
                         f"(rebuild the pack: `lexc build {_peek_lang(data, header_len)}`)")
    if len(data) != total:
        what = "truncated" if len(data) < total else "has trailing bytes"
        raise _bad(path, f"{what}: the file is {len(data)} bytes, its prefix says {total}")
    (crc,) = _CRC.unpack_from(data, total - _CRC.size)
    view = memoryview(data)
    if zlib.crc32(view[: total - _CRC.size]) != crc:
        raise _bad(path, "checksum mismatch: the pack is corrupt (rebuild it)")
    try:
        header = json.loads(bytes(view[_PREFIX.size:_PREFIX.size + header_len]).decode("utf-8"))
        _check_header(header)
        start = _PREFIX.size + header_len
        start += -start % _ALIGN
        if not isinstance(header["lang"], str) or header["structure"]["kind"] not in STRUCTURES:
            raise ValueError("unknown structure")
    except RecursionError:
        raise _bad(path, "malformed header (nested too deeply)") from None
    except UnicodeEncodeError:
        raise _bad(path, "malformed header (a string that is not valid Unicode: a lone surrogate)") from None
    except (ValueError, KeyError, IndexError, TypeError) as err:
        raise _bad(path, f"malformed header ({err})") from None
    return header, view[start: total - _CRC.size]


def _peek_lang(data: bytes, header_len: int) -> str:
    """The language a pack of another format version says it holds, for the advice to rebuild it ('LANG' if unsure)."""
    try:
        lang = json.loads(data[_PREFIX.size:_PREFIX.size + min(header_len, 1 << 24)].decode("utf-8")).get("lang")
    except (ValueError, AttributeError, RecursionError):
        return "LANG"
    return lang if isinstance(lang, str) and lang.isalnum() and len(lang) <= 16 else "LANG"


def pack_sections(path: Path, header: Mapping[str, Any], data: memoryview) -> dict[str, memoryview]:
    """The sections of a pack by name, each checked to lie inside ``data``; the trie, the records and
    (marisa) the ids must be there."""
    found: dict[str, memoryview] = {}
    for section in header["sections"]:
        name, offset, length = (section.get(k) if isinstance(section, dict) else None
                                for k in ("name", "offset", "length"))
        if not (isinstance(name, str) and isinstance(offset, int) and isinstance(length, int)
                and not isinstance(offset, bool) and not isinstance(length, bool)
                and offset >= 0 and length >= 0 and offset + length <= len(data)) or name in found:
            raise _bad(path, f"malformed header (section {section!r} is not inside the {len(data)} bytes of sections)")
        found[name] = data[offset: offset + length]
    if "trie" not in found:
        raise _bad(path, "malformed header (no 'trie' section)")
    return found


def _record_groups(path: Path, found: Mapping[str, memoryview]) -> list[str]:
    if "records" not in found:
        raise _bad(path, "malformed header (no 'records' section)")
    try:
        groups = bytes(found["records"]).decode("utf-8").split(GROUP_SEP)
    except UnicodeDecodeError as err:
        raise _bad(path, f"corrupt pack: the records section is not UTF-8 (byte {err.start})") from None
    if groups[0]:
        raise _bad(path, "corrupt pack: the first record group is not the empty one")
    return groups


#: Header fields the reader uses and their JSON types (a header from another writer fails clearly).
_HEADER_TYPES: dict[str, type] = {"lang": str, "tiles": list, "table": dict, "structure": dict, "sections": list,
                                  "counts": dict, "records": dict}
_JSON_NAMES: dict[type, str] = {str: "a string", int: "an integer", list: "a list", dict: "an object"}
_RECORD_TYPES: dict[str, type] = {"board_letters": str, "longest": int, "longest_board": int}


def _check_header(header: Any) -> None:
    """Raise ValueError unless ``header`` has the fields :class:`Pack` reads, with the right types.

    >>> _check_header({"lang": "en"})
    Traceback (most recent call last):
    ...
    ValueError: 'tiles' is missing or not a list
    """
    if not isinstance(header, dict):
        raise ValueError("not a JSON object")
    for fields, table in ((_HEADER_TYPES, header), (_RECORD_TYPES, header.get("records", {}))):
        for key, kind in fields.items():
            if not isinstance(table.get(key), kind) or isinstance(table.get(key), bool):
                raise ValueError(f"{key!r} is missing or not {_JSON_NAMES[kind]}")
    for tile in header["tiles"]:
        points = tile.get("points") if isinstance(tile, dict) else None
        if not (isinstance(tile, dict) and isinstance(tile.get("face"), str)
                and (points is None or isinstance(points, int))):
            raise ValueError(f"tile {tile!r} is not {{face, points}}")
    integers = [header["counts"].get("boards"), *header["table"].values()]
    if not all(isinstance(v, int) for v in integers):
        raise ValueError("'counts.boards' and the values of 'table' must be integers")
    if not all(0 <= v < len(header["tiles"]) for v in header["table"].values()):
        raise ValueError("a value of 'table' is not a face index")
    finals = header.get("finals") or {}
    if not (isinstance(finals, dict) and all(isinstance(k, str) and isinstance(v, str) and len(k) == len(v) == 1
                                             for k, v in finals.items())):
        raise ValueError("'finals' must map a letter to a letter")
    if header["structure"].get("kind") == "natives":
        _check_natives(header.get("natives"), len(header["tiles"]))
    for key in ("longest", "longest_board"):  # a DAWG walk allocates this many characters per lookup
        if not 0 <= header["records"][key] <= MAX_RECORD:
            raise ValueError(f"'records.{key}' is {header['records'][key]}: at most {MAX_RECORD:,}")
    _shape(header, _HEADER_SHAPE, "")
    json.dumps(header, ensure_ascii=False).encode("utf-8")  # lone surrogates: printed, they would fail later


@dataclass(frozen=True, slots=True)
class _Maybe:
    """A field that may be missing (and null, when ``null``: the writer writes null there)."""

    shape: Any
    null: bool = False


@dataclass(frozen=True, slots=True)
class _Each:
    """A list whose items all have one shape."""

    shape: Any


@dataclass(frozen=True, slots=True)
class _Values:
    """An object with any keys, whose values all have one shape."""

    shape: Any


#: Every header field a reader of packs uses (the pack, the catalog's staleness check, ``lexc info``) and
#: its shape: a JSON type, an object of named fields (``"*"``: any other key, of that shape), a list of
#: one shape, or an object of values of one shape. Fields not named are never read.
_HEADER_SHAPE: dict[str, Any] = {
    "name": _Maybe(str), "script": _Maybe(str), "lexc": _Maybe(str), "format": _Maybe(int),
    "spec": _Maybe({"file": _Maybe(str, null=True), "sha256": _Maybe(str), "*": object}),
    "scheme": _Maybe({"name": str, "sha256": _Maybe(str), "file": _Maybe(str, null=True), "*": object}, null=True),
    "board_values": _Maybe(_Values(int), null=True),
    "structure": {"kind": str, "bytes": _Maybe(int), "choice": _Maybe(str), "candidates": _Maybe(_Values(int)),
                  "*": object},
    "counts": _Values(int),
    "records": _Values((int, str)),
    "sources": _Maybe(_Each({"kind": _Maybe(str), "name": _Maybe(str), "read": _Maybe(int), "kept": _Maybe(int),
                             "files": _Maybe(_Each({"path": str, "sha256": str, "bytes": _Maybe(int), "*": object})),
                             "*": object})),
    "options": _Maybe(_Values(object)),
    "tilings": _Maybe({"ambiguous": _Maybe(int), "reasons": _Maybe(_Values(int)), "*": object}, null=True),
    "rejected": _Maybe(_Values({"count": int, "examples": _Each(str), "*": object})),
    "*": object,
}


def _kind_of(value: Any) -> str:
    """The JSON kind of ``value``, for a message.

    >>> _kind_of([1]), _kind_of({}), _kind_of(True), _kind_of(None)
    ('a list', 'an object', 'true/false', 'null')
    """
    if isinstance(value, bool):
        return "true/false"
    return {str: "a string", int: "an integer", float: "a number", list: "a list", dict: "an object",
            type(None): "null"}.get(type(value), type(value).__name__)


def _shape(value: Any, shape: Any, where: str) -> None:
    """Raise ValueError naming the first field of ``value`` (at ``where``) that has not the ``shape``.

    Checked without recursion into Python's stack past the shape's own depth (a header nests 4 deep).

    >>> _shape({"spec": [1]}, _HEADER_SHAPE, "")
    Traceback (most recent call last):
    ...
    ValueError: 'spec' is a list, not an object
    >>> _shape({"rejected": {"x": {"count": 1, "examples": [2]}}}, _HEADER_SHAPE, "")
    Traceback (most recent call last):
    ...
    ValueError: 'rejected.x.examples.0' is an integer, not a string
    """
    if isinstance(shape, _Maybe):
        if value is None and shape.null:
            return
        shape = shape.shape
    if isinstance(shape, dict):
        if not isinstance(value, dict):
            raise ValueError(f"{where!r} is {_kind_of(value)}, not an object")
        for key, item in value.items():
            if key in shape or "*" in shape:
                _shape(item, shape.get(key, shape.get("*")), f"{where}.{key}" if where else str(key))
        for key, item_shape in shape.items():
            if key != "*" and key not in value and not isinstance(item_shape, _Maybe):
                name = f"{where}.{key}" if where else key
                raise ValueError(f"{name!r} is missing")
        return
    if isinstance(shape, _Each | _Values):
        container = list if isinstance(shape, _Each) else dict
        if not isinstance(value, container):
            raise ValueError(f"{where!r} is {_kind_of(value)}, not {'a list' if container is list else 'an object'}")
        items = enumerate(value) if isinstance(value, list) else value.items()
        for key, item in items:
            _shape(item, shape.shape, f"{where}.{key}")
        return
    kinds = shape if isinstance(shape, tuple) else (shape,)
    if shape is object:
        return
    if (isinstance(value, bool) and bool not in kinds) or not isinstance(value, kinds):
        wanted = " or ".join(_kind_of(k()) for k in kinds)
        raise ValueError(f"{where!r} is {_kind_of(value)}, not {wanted}")


def _check_natives(natives: Any, faces: int) -> None:
    """Raise ValueError unless ``natives`` is a natives pack's ``{"letters": {letter: [face index, board letter]}}``."""
    letters = natives.get("letters") if isinstance(natives, dict) else None
    if not isinstance(letters, dict) or not all(
            isinstance(k, str) and len(k) == 1 and isinstance(v, list) and len(v) == 2
            and isinstance(v[0], int) and not isinstance(v[0], bool) and 0 <= v[0] < faces
            and isinstance(v[1], str) and len(v[1]) == 1 for k, v in letters.items()):
        raise ValueError("'natives.letters' must map a letter to [face index, board letter]")
