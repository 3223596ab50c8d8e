"""Lexicon packs: the compiled, self-describing lexicon of one language (docs/pack-format.md).

A pack is one file: a fixed prefix (magic, format version, lengths), a JSON header
(language, SHA-256 of the spec and scheme, tile values, sources, build options,
counts, which trie structure), one trie, and a CRC-32 of everything before it.

The trie holds every board spelling as a key. For most words that is all: the
tiling follows from the board spelling by longest match over the pack's *default
table* (board letters -> native tile, learned at build time and kept in the
header) and the native word is the tiles' faces put together. A word for which
either guess is wrong (Spanish ÑANDÚ on NANDU, French ÉLÈVE on ELEVE, Russian
ШЧИ on SHCHI) gets extra keys ``BOARD:RECORD`` whose record says only what differs
(:class:`Coder`). Loading reads the file once, checks it and never executes
anything from it.

>>> import tempfile, pathlib
>>> from lexc import Catalog
>>> from lexc.lexicon.compiler import header_base
>>> catalog = Catalog.shipped()
>>> es = catalog.normaliser("es")
>>> path = pathlib.Path(tempfile.mkdtemp()) / "es.lexc"
>>> words = [es.spell(w) for w in ("churro", "ñandú", "nandu", "carro")]
>>> write_pack(path, header_base(catalog.language("es")), words).structure in STRUCTURES
True
>>> pack = open_pack(path)
>>> "CHURRO" in pack, "CHURO" in pack, len(pack)
(True, False, 3)
>>> [(s.native, ".".join(s.tiling), s.value) for s in pack.spellings("NANDU")]
[('NANDU', 'N.A.N.D.U', 6), ('ÑANDÚ', 'Ñ.A.N.D.U', 13)]
>>> list(pack.keys("C"))
['CARRO', 'CHURRO']
"""

from __future__ import annotations

import json
import struct
import sys
import zlib
from array import array
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lexc import __version__
from lexc.atomic import write_atomic
from lexc.errors import LexcError, Problem
from lexc.inputs import read_input
from lexc.language.tiles import Tiling
from lexc.lexicon.codec import GROUP_SEP as GROUP_SEP
from lexc.lexicon.codec import RECORD_SEP as RECORD_SEP
from lexc.lexicon.codec import Coder as Coder
from lexc.lexicon.codec import Entries as Entries
from lexc.lexicon.codec import changed_letters
from lexc.lexicon.codec import group_table as group_table
from lexc.lexicon.codec import group_text as group_text
from lexc.lexicon.codec import learn_table as learn_table
from lexc.lexicon.codec import pack_keys as pack_keys
from lexc.lexicon.codec import record_stats as record_stats
from lexc.lexicon.tries import DAWG_SLACK as DAWG_SLACK
from lexc.lexicon.tries import MARISA_MAX as MARISA_MAX
from lexc.lexicon.tries import NATIVES_MIN_SHARE as NATIVES_MIN_SHARE
from lexc.lexicon.tries import STRUCTURES as STRUCTURES
from lexc.lexicon.tries import Natives as Natives
from lexc.lexicon.tries import build_structure as build_structure
from lexc.lexicon.tries import choose_structure as choose_structure
from lexc.lexicon.tries import native_words as native_words
from lexc.lexicon.tries import structure_note
from lexc.lexicon.trust import check_trie, trust

if TYPE_CHECKING:
    from lexc.language.normalize import Spelling

#: The first 8 bytes of every pack.
MAGIC = b"LEXCPACK"
#: The pack format this code writes and reads.
FORMAT_VERSION = 2
#: Separates a board spelling from a record in an extra key.
SEP = ":"
#: File name suffix of packs.
SUFFIX = ".lexc"
#: Stands for any character in a DAWG walk (never in a key).
_ANY = "\x1f"
#: Longest record or board spelling a pack may claim (the compiler refuses words over 1,000 characters).
MAX_RECORD = 4096

# magic, format version, flags (0), header length, total file length
_PREFIX = struct.Struct("<8sHHIQ")
_CRC = struct.Struct("<I")
_ALIGN = 8

# --------------------------------------------------------------------------- structures

# --------------------------------------------------------------------------- writing


@dataclass(frozen=True, slots=True)
class Written:
    """What :func:`write_pack` wrote."""

    path: Path
    bytes: int
    structure: str
    candidates: Mapping[str, int]
    keys: int
    boards: int
    exceptions: int


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


def atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically (:func:`lexc.atomic.write_atomic`), creating its folder.

    A failure (or a kill) at any point leaves whatever was at ``path`` untouched.
    """
    if path.is_dir():
        raise _bad(path, "is a directory: give the pack's file name (e.g. en.lexc)")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise _bad(path, f"cannot write: {err.strerror or err}") from None
    write_atomic(path, data)


def write_pack(path: Path | str, header: Mapping[str, Any], spellings: Iterable[Spelling], *,
               structure: str = "auto") -> Written:
    """Write a pack of ``spellings`` (all of one language) with ``header`` to ``path``, atomically.

    ``header`` needs ``tiles`` (a list of ``{"face", "points"}``) and may give ``finals``; the
    default table is learned from the spellings. The compiler (:mod:`lexc.lexicon.compiler`)
    streams large lists itself; this is the short way for spellings already in memory.
    """
    faces = [t["face"] for t in header["tiles"]]
    index = {face: i for i, face in enumerate(faces)}
    by_board: dict[str, set[tuple[str, Tiling]]] = {}
    counts: dict[tuple[str, int], int] = {}
    for s in spellings:
        tiling = tuple((index[t.face], len(t.board)) for t in s.tiles)
        by_board.setdefault(s.board, set()).add((s.native, tiling))
        for t in s.tiles:
            counts[(t.board, index[t.face])] = counts.get((t.board, index[t.face]), 0) + 1
    runs = {run for run, _ in counts if len(run) > 1}
    occurrences = {run: sum(b.count(run) for b in by_board) for run in runs}
    table = learn_table(faces, counts, occurrences)
    entries, exceptions = pack_keys(Coder(faces, table, header.get("finals")), by_board)
    return write_keys(path, header, table, entries, boards=len(by_board), exceptions=exceptions, structure=structure)


def write_keys(path: Path | str, header: Mapping[str, Any], table: Mapping[str, int],
               entries: Iterable[tuple[str, str]], *, boards: int, exceptions: int, structure: str = "auto") -> Written:
    """Write a pack of ``entries`` (board spelling, records; sorted: see :func:`pack_keys`) atomically.

    ``entries`` is read twice (a list, or a :class:`lexc.lexicon.spill.Store` of a large compile):
    once to number the record groups, once streaming into the trie builder.

    Sections: ``trie`` (board spellings, each giving its record group), ``records`` (the distinct
    groups, UTF-8, separated by U+001E, records in a group by U+001F; group 0 is the empty one)
    and, for a marisa trie, ``ids``.
    """
    path = Path(path)
    groups, letters, longest_board = group_table(entries)
    index = {group: i for i, group in enumerate(groups)}
    natives = None
    if structure in ("auto", "natives"):
        coder = Coder([t["face"] for t in header["tiles"]], table, header.get("finals"))
        natives = native_words(coder, entries, exceptions, boards)
    kind, trie, ids, candidates = choose_structure(lambda: ((b, index[g]) for b, g in entries), boards, structure,
                                                   natives)
    trust(trie)  # built here: opening it needs no proof, nor numpy's check of a DAWG (lexc.lexicon.trust)
    extra: dict[str, Any] = {}
    if kind == "natives":
        assert natives is not None
        groups = [""]  # a natives pack has no records: the keys are the native words
        extra["natives"] = {"letters": {letter: list(tile) for letter, tile in sorted(natives.letters.items())}}
    records = GROUP_SEP.join(groups).encode("utf-8")
    sections, at = [], 0
    for name, blob in (("trie", trie), ("records", records), ("ids", ids)):
        if name != "ids" or kind == "marisa":
            sections.append({"name": name, "offset": at, "length": len(blob)})
            at += len(blob)
    n_keys = len(natives.words) if kind == "natives" and natives else boards + sum(g.count(RECORD_SEP) + 1
                                                                                   for g in groups[1:])
    counts = {**dict(header.get("counts", {})), "boards": boards, "keys": n_keys,
              "exceptions": exceptions}
    full = {**header, **extra, "table": dict(table), "counts": counts,
            "records": record_stats(groups, letters, longest_board),
            "structure": structure_note(candidates, structure, boards), "sections": sections}
    data = encode_pack(full, kind, trie + records + (ids if kind == "marisa" else b""))
    atomic_write(path, data)
    return Written(path, len(data), kind, candidates, n_keys, boards, exceptions)


# --------------------------------------------------------------------------- reading


def _bad(path: Path, message: str) -> LexcError:
    return LexcError(Problem(str(path), None, None, message))


def read_pack_bytes(path: Path | str) -> tuple[dict[str, Any], memoryview]:
    """Check a pack file and return its header and the bytes of its sections (the trie first);
    a clear :class:`LexcError` if it is not sound. :func:`pack_sections` cuts them."""
    path = Path(path)
    data = read_input(path, "lexicon pack", missing="no such pack (build it with `lexc build LANG` or `lexc compile`)")
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


class Pack:
    """A loaded pack: a :class:`lexc.lexicon.words.Lexicon` for one language, plus its header.

    Use :func:`open_pack` or :meth:`lexc.catalog.Catalog.pack`; ``board in pack`` tests membership.
    """

    lang: str
    header: dict[str, Any]
    path: Path

    def _setup(self, path: Path, header: dict[str, Any], groups: list[str]) -> None:
        self.path, self.header, self.lang = path, header, header["lang"]
        tiles = header["tiles"]
        self.coder = Coder([t["face"] for t in tiles], header["table"], header.get("finals"))
        self._points: list[int | None] = [t["points"] for t in tiles]
        self._board_values: dict[str, int] = header.get("board_values") or {}
        self._replaces: dict[str, Any] = {}
        self._groups = groups
        self._split: dict[int, list[str]] = {}
        self._plans: dict[int, list[tuple[str | None, tuple[tuple[int, str], ...]]]] = {}
        self._default = self.coder.reader()
        self._per_tile = _TileValues(self._points) if all(p is not None for p in self._points) else None

    def _group(self, board: str) -> int:
        """The record group of ``board``: 0 for none (all default), -1 when it is no word."""
        raise NotImplementedError

    def _with_prefix(self, prefix: str) -> list[str]:
        raise NotImplementedError

    def _records(self, board: str) -> list[str]:
        """The records of ``board`` as stored ([] when it has none or is no word)."""
        group = self._group(board)
        return self._group_records(group) if group > 0 else []

    def _group_records(self, group: int) -> list[str]:
        found = self._split.get(group)
        if found is None:
            if group >= len(self._groups):
                raise _bad(self.path, f"corrupt pack: record group {group} of {len(self._groups)}")
            found = self._split[group] = self._groups[group].split(RECORD_SEP)
        return found

    @property
    def structure(self) -> str:
        """The trie structure of this pack: ``marisa``, ``dawg`` or ``natives``."""
        return str(self.header["structure"]["kind"])

    def __len__(self) -> int:
        return int(self.header["counts"]["boards"])

    def __iter__(self) -> Iterator[str]:
        return self.keys()

    def __repr__(self) -> str:
        return f"<Pack {self.lang} {len(self)} board spellings, {self.structure}, {self.path}>"

    def keys(self, prefix: str = "") -> Iterator[str]:
        """Board spellings starting with ``prefix``, in sorted order."""
        return iter(sorted(self._with_prefix(prefix)))

    def records(self, board: str) -> list[tuple[str, Tiling]]:
        """Native spellings and tilings (face index, board length) of ``board``; [] if it is no word.

        Most board spellings have no record: one lookup in C gives group 0, and the default
        reading is one ``map`` over the letters (:meth:`Coder.default_reading`).
        """
        group = self._group(board)
        if group < 0:
            return []
        reading = self._default(board)
        if group == 0:
            if reading is None:
                raise _bad(self.path, f"corrupt pack: {board!r} has no record and no default tiling")
            return [reading]
        plan = self._plans.get(group)
        if plan is None:
            plan = self._plan(group)
        try:
            if not plan or reading is None:
                decode, records = self.coder.decode, self._group_records(group)
                return [decode(board, record, reading) for record in records]
            native, tiling = reading
            return [(whole, tiling) if whole is not None else (changed_letters(native, changes), tiling)
                    for whole, changes in plan]
        except (ValueError, KeyError, IndexError):
            records = self._group_records(group)
            raise _bad(self.path, f"corrupt pack: bad record(s) {board + SEP + SEP.join(records)!r}") from None

    def _plan(self, group: int) -> list[tuple[str | None, tuple[tuple[int, str], ...]]]:
        """The records of ``group`` parsed once and kept: (whole native word or None, letter changes)
        each; [] when one gives tiles (then :meth:`Coder.decode` reads them)."""
        records = self._group_records(group)
        try:
            parsed = [self.coder.parse(record) for record in records]
        except (ValueError, KeyError, IndexError):
            raise _bad(self.path, f"corrupt pack: bad record(s) {SEP.join(records)!r} in group {group}") from None
        plan = [] if any(p[0] for p in parsed) else [(whole, changes) for _, whole, changes in parsed]
        if len(self._plans) < 1 << 20:
            self._plans[group] = plan
        return plan

    def points(self, face: int, board: str) -> int:
        """Points of the tile with face index ``face`` spelled ``board``."""
        points = self._points[face]
        if points is not None:
            return points
        return sum(self._board_values.get(c, 0) for c in board)

    def value(self, board: str, tiling: Tiling) -> int:
        """The value of ``board`` tiled ``tiling``: the points of its tiles, a tile written with no
        board letter (Russian Ь) counting none. One ``sum(map(...))`` when every face has its points."""
        if self._per_tile is not None:
            return sum(map(self._per_tile.__getitem__, tiling))
        return sum(points for _, points, part in self.tiles(board, tiling) if part)

    def tiles(self, board: str, tiling: Tiling) -> list[tuple[str, int, str]]:
        """(face, points, board letters) of each tile of ``tiling`` on ``board``."""
        out, i = [], 0
        for face, length in tiling:
            part = board[i:i + length]
            out.append((self.coder.faces[face], self.points(face, part), part))
            i += length
        return out

    def spellings(self, board: str) -> list[Spelling]:
        """Every native word spelled ``board`` on the board, with its tiling; [] if none."""
        from lexc.language.normalize import AlignedTile, Spelling

        return [Spelling(self.lang, native, tuple(AlignedTile(*t) for t in self.tiles(board, tiling)))
                for native, tiling in self.records(board)]


class _TileValues(dict[tuple[int, int], int]):
    """What a tile (face index, board length) adds to a word's value, filled on first use: its
    points, none for a tile of no board letter (:meth:`Pack.value`)."""

    def __init__(self, points: Sequence[int | None]):
        super().__init__()
        self.points = points

    def __missing__(self, tile: tuple[int, int]) -> int:
        face, length = tile
        value = self[tile] = int(self.points[face] or 0) if length else 0
        return value


def _make_classes() -> dict[str, type[Pack]]:
    """Pack classes per structure. A DAWG pack *is* a DAWG, so ``in`` runs in C with no Python call."""
    import bisect
    import functools

    import dawg
    import marisa_trie

    class DawgPack(Pack, dawg.IntDAWG):  # type: ignore[misc]
        __contains__ = dawg.IntDAWG.__contains__

        def _setup(self, path: Path, header: dict[str, Any], groups: list[str]) -> None:
            super()._setup(path, header, groups)
            self._group = functools.partial(dawg.IntDAWG.get, self, default=-1)  # type: ignore[method-assign]  # no Python frame per lookup

        def _with_prefix(self, prefix: str) -> list[str]:
            # a DAWG cannot list completions; similar_keys() walks every path of one length
            letters = self.header["records"]["board_letters"]
            longest = int(self.header["records"]["longest_board"])
            if not letters:
                return [prefix] if dawg.IntDAWG.__contains__(self, prefix) else []
            replaces = self._replaces.get(letters)
            if replaces is None:
                replaces = self._replaces[letters] = dawg.DAWG.compile_replaces({_ANY: list(letters)})
            return list(_listed(self, prefix, replaces, longest))

    class MarisaPack(Pack, marisa_trie.Trie):  # type: ignore[misc]
        __contains__ = marisa_trie.Trie.__contains__

        def _setup(self, path: Path, header: dict[str, Any], groups: list[str], ids: bytes = b"") -> None:
            super()._setup(path, header, groups)
            n, code, ids = marisa_trie.Trie.__len__(self), ids[:1], ids[1:]
            width = {b"H": 2 * n, b"I": 4 * n}.get(code)
            if not (len(ids) == width or (code == b"P" and len(ids) % 8 == 0)):
                raise ValueError(f"the ids section ({code!r}, {len(ids)} bytes) is not a group per key of {n}"
                                 " nor 32-bit pairs")
            of = array("I" if code == b"P" else code.decode(), ids)
            if sys.byteorder == "big":
                of.byteswap()
            self._ids: array[int] | None = of[0::2] if code == b"P" else None
            self._of = of[1::2] if code == b"P" else of

        def _group(self, board: str) -> int:
            key = marisa_trie.Trie.get(self, board)
            if key is None:
                return -1
            if self._ids is None:
                return int(self._of[key])
            at = bisect.bisect_left(self._ids, key)
            return int(self._of[at]) if at < len(self._ids) and self._ids[at] == key else 0

        def _with_prefix(self, prefix: str) -> list[str]:
            return list(marisa_trie.Trie.keys(self, prefix))

    class NativesPack(Pack, dawg.DAWG):  # type: ignore[misc]
        """The keys are native words; a board spelling's are those ``similar_keys`` gives (:class:`Natives`)."""

        def _setup(self, path: Path, header: dict[str, Any], groups: list[str]) -> None:
            super()._setup(path, header, groups)
            letters = header["natives"]["letters"]
            self._tile = {letter: (int(face), 1) for letter, (face, _) in letters.items()}
            variants: dict[str, list[str]] = {}
            for letter, (_, board) in letters.items():
                if letter != board:
                    variants.setdefault(board, []).append(letter)
            self._variants = variants
            self._similar = functools.partial(dawg.DAWG.similar_keys, self,
                                              replaces=dawg.DAWG.compile_replaces(variants))
            self._to_board = str.maketrans({letter: board for letter, (_, board) in letters.items() if letter != board})

        def __contains__(self, board: object) -> bool:
            return isinstance(board, str) and board.translate(self._to_board) == board and bool(self._similar(board))

        def _group(self, board: str) -> int:
            return 0 if board in self else -1

        def records(self, board: str) -> list[tuple[str, Tiling]]:
            """As a board-spelling pack's, in the same order (by the record each would have)."""
            if board.translate(self._to_board) != board:  # a native word (ŻÓŁW) is not a board spelling
                return []
            tile = self._tile.__getitem__
            try:
                found = [(native, tuple(map(tile, native))) for native in self._similar(board)]
            except KeyError:
                raise _bad(self.path, f"corrupt pack: a letter of a key of {board!r} is not in 'natives'") from None
            if len(found) > 1:
                found.sort(key=lambda record: self.coder.encode(board, *record))
            return found

        def _with_prefix(self, prefix: str) -> list[str]:
            # as a DAWG pack's, each board letter of the prefix also read as its native letters
            replaces = self._replaces.get("")
            if replaces is None:
                letters = sorted(self.header["natives"]["letters"])
                replaces = self._replaces[""] = dawg.DAWG.compile_replaces({**self._variants, _ANY: letters})
            longest = int(self.header["records"]["longest_board"])
            return list({key.translate(self._to_board) for key in _listed(self, prefix, replaces, longest)})

    return {"dawg": DawgPack, "marisa": MarisaPack, "natives": NativesPack}


def _listed(trie: Any, prefix: str, replaces: Any, longest: int) -> Iterator[str]:
    """The keys of the DAWG ``trie`` that start with ``prefix`` (a DAWG cannot list completions):
    ``similar_keys`` of the prefix and ``_ANY`` (which ``replaces`` reads as any letter), one length at a time."""
    import dawg

    for extra in range(max(longest - len(prefix), -1) + 1):
        yield from dawg.DAWG.similar_keys(trie, prefix + _ANY * extra, replaces)


_CLASSES: dict[str, type[Pack]] = {}


def open_pack(path: Path | str) -> Pack:
    """Open and check the pack at ``path`` (magic, format version, length, checksum, header, sections,
    trie structure)."""
    path = Path(path)
    header, data = read_pack_bytes(path)
    found = pack_sections(path, header, data)
    kind = header["structure"]["kind"]
    problem = check_trie("dawg" if kind == "natives" else kind, found["trie"])  # before native code sees the bytes
    if problem is not None:
        raise _bad(path, f"corrupt {kind} trie: {problem}; refused before the trie library reads it")
    groups = _record_groups(path, found)
    extra: tuple[bytes, ...] = ()
    if kind == "marisa":
        ids = found.get("ids")
        if ids is None or not ids:
            raise _bad(path, "malformed header (a marisa pack needs an 'ids' section: a group per key)")
        extra = (bytes(ids),)
    if not _CLASSES:
        _CLASSES.update(_make_classes())
    pack = _CLASSES[kind]()
    try:
        pack.frombytes(bytes(found["trie"]))  # type: ignore[attr-defined]
    except Exception as err:  # the trie library's own error on bytes it cannot read
        raise _bad(path, f"corrupt {kind} trie: {err}") from None
    try:
        pack._setup(path, header, groups, *extra)
    except (KeyError, TypeError, ValueError, AttributeError) as err:  # a header from another writer
        raise _bad(path, f"malformed header ({type(err).__name__}: {err})") from None
    return pack
