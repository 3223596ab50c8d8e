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
import re
import struct
import zlib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lexc import __version__
from lexc.atomic import write_atomic
from lexc.errors import LexcError, Problem
from lexc.inputs import read_input
from lexc.lexicon.trust import check_trie, trust

if TYPE_CHECKING:
    from lexc.language.normalize import Spelling

#: The first 8 bytes of every pack.
MAGIC = b"LEXCPACK"
#: The pack format this code writes and reads.
FORMAT_VERSION = 1
#: Trie structures a pack may hold (the header's ``structure.kind``).
STRUCTURES = ("marisa", "dawg")
#: Separates a board spelling from a record in an extra key.
SEP = ":"
#: File name suffix of packs.
SUFFIX = ".lexc"
#: Stands for any character in a DAWG walk (never in a key).
_ANY = "\x1f"
#: Longest record or board spelling a pack may claim (the compiler refuses words over 1,000 characters).
MAX_RECORD = 4096
#: Pads records to one length in a DAWG (see :func:`padded`).
PAD = "~"

# magic, format version, flags (0), header length, total file length
_PREFIX = struct.Struct("<8sHHIQ")
_CRC = struct.Struct("<I")
_ALIGN = 8

# numbers inside records: little-endian base 18, terminal digits then continuation digits
_TERMINAL = "0123456789abcdefgh"
_CONTINUE = "ijklmnopqrstuvwxyz"
_BASE = len(_TERMINAL)
_DIGIT_VALUE = {c: (i, True) for i, c in enumerate(_TERMINAL)} | {c: (i, False) for i, c in enumerate(_CONTINUE)}


def _num(value: int) -> str:
    """A non-negative number as record digits.

    >>> _num(5), _num(17), _num(18), _num(400)
    ('5', 'h', 'i1', 'mm1')
    """
    out = []
    while value >= _BASE:
        out.append(_CONTINUE[value % _BASE])
        value //= _BASE
    out.append(_TERMINAL[value])
    return "".join(out)


def _read_num(text: str, i: int) -> tuple[int, int]:
    """The number starting at ``text[i]`` and the index after it."""
    value, scale = 0, 1
    while True:
        digit, last = _DIGIT_VALUE[text[i]]
        value += digit * scale
        scale *= _BASE
        i += 1
        if last:
            return value, i


# --------------------------------------------------------------------------- records


Tiling = tuple[tuple[int, int], ...]  # (face index, number of board letters) per native tile


class Coder:
    """Encodes a word's native spelling and tiling as the difference from what its board spelling implies.

    ``faces`` are the tile faces (a face index is a position in it), ``table`` maps a
    run of board letters to the face index longest match gives it.

    >>> c = Coder(("A", "N", "Ñ", "U", "D"), {"A": 0, "N": 1, "U": 3, "D": 4})
    >>> c.default_tiling("NANDU")
    ((1, 1), (0, 1), (1, 1), (4, 1), (3, 1))
    >>> c.encode("NANDU", "ÑANDÚ", ((2, 1), (0, 1), (1, 1), (4, 1), (3, 1)))
    '^521=1Ú'
    >>> c.decode("NANDU", "^521=1Ú")
    ('ÑANDÚ', ((2, 1), (0, 1), (1, 1), (4, 1), (3, 1)))
    >>> c.encode("NANDU", "NANDU", c.default_tiling("NANDU"))
    ''
    """

    def __init__(self, faces: Sequence[str], table: Mapping[str, int]):
        self.faces = tuple(faces)
        self.table = dict(table)
        runs = sorted(self.table, key=lambda r: (-len(r), r))  # an alternation takes the first that matches
        self.pattern = re.compile("|".join(map(re.escape, runs)) if runs else "(?!)")
        # per run, its tile and its face: a default reading is then a few calls into C per word
        self._tile = {run: (face, len(run)) for run, face in self.table.items()}
        self._face = {run: self.faces[face] for run, face in self.table.items()}

    def greedy(self, board: str, i: int) -> tuple[int, int] | None:
        """The (face index, length) longest match gives at ``board[i]``, or None."""
        found = self.pattern.match(board, i)
        if found is None:
            return None
        return self.table[found.group()], found.end() - i

    def chunks(self, board: str) -> list[str]:
        """The runs longest match cuts ``board`` into (they do not cover it if the table cannot)."""
        return self.pattern.findall(board)

    def default_tiling(self, board: str) -> Tiling | None:
        """The tiling longest match over the table gives ``board``; None if it cannot tile it."""
        found = self.default_reading(board)
        return None if found is None else found[1]

    def default_reading(self, board: str) -> tuple[str, Tiling] | None:
        """The native spelling and tiling of ``board`` when its record is empty (longest match over
        the table, faces put together); None if the table cannot tile it.

        >>> Coder(("C", "H", "CH", "O"), {"C": 0, "H": 1, "CH": 2, "O": 3}).default_reading("OCHO")
        ('OCHO', ((3, 1), (2, 2), (3, 1)))
        """
        chunks = self.pattern.findall(board)
        if len("".join(chunks)) != len(board):
            return None
        return "".join(map(self._face.__getitem__, chunks)), tuple(map(self._tile.__getitem__, chunks))

    def _read_run(self, board: str, start: int, end: int) -> Iterator[tuple[int, int]]:
        """The tiles longest match reads ``board[start:end]`` as; ValueError if it cannot."""
        if start > end:
            raise ValueError(f"tiles run past the end of {board!r}")
        chunks = self.pattern.findall(board, start, end)
        if len("".join(chunks)) != end - start:
            raise ValueError(f"the table cannot read {board[start:end]!r} in {board!r}")
        return map(self._tile.__getitem__, chunks)

    def joined(self, tiling: Tiling) -> str:
        """The faces of ``tiling`` put together: the native spelling a record does not need to give."""
        return "".join(self.faces[face] for face, _ in tiling)

    def encode(self, board: str, native: str, tiling: Tiling) -> str:
        """The record of one spelling of ``board`` ('' when nothing differs from the default)."""
        return self.tiling_record(board, tiling) + self.native_record(native, self.joined(tiling))

    def tiling_record(self, board: str, tiling: Tiling) -> str:
        """The tiles longest match does not give: ``^`` and (position from the end, face, length) each."""
        parts, i, n = [], 0, len(board)
        for face, length in tiling:
            if length == 0 or self.greedy(board, i) != (face, length):
                parts.append(_num(n - i) + _num(face) + _num(length))
            i += length
        return "^" + "".join(parts) if parts else ""

    @staticmethod
    def native_record(native: str, joined: str) -> str:
        """How ``native`` differs from the faces put together: ``=`` and (position from the end, letter)
        each, or ``@`` and the whole word when the lengths differ.

        >>> Coder.native_record("ÉLÈVE", "ELEVE"), Coder.native_record("CŒUR", "COEUR")
        ('=5É3È', '@CŒUR')
        """
        if native == joined:
            return ""
        if len(native) != len(joined):
            return "@" + native
        m = len(joined)
        return "=" + "".join(_num(m - j) + c for j, (g, c) in enumerate(zip(joined, native, strict=True)) if g != c)

    def decode(self, board: str, record: str) -> tuple[str, Tiling]:
        """The native spelling and tiling a record stands for (the inverse of :meth:`encode`).

        Between the tiles the record gives, longest match reads the board: an encoded tile
        that longest match gives always ends where the next tile starts, so each stretch is
        read in one pass of the table's pattern.
        """
        overrides: dict[int, list[tuple[int, int]]] = {}
        j = 0
        if record.startswith("^"):
            j = 1
            while j < len(record) and record[j] not in "=@":
                pos, j = _read_num(record, j)
                face, j = _read_num(record, j)
                length, j = _read_num(record, j)
                overrides.setdefault(pos, []).append((face, length))
        tiles: list[tuple[int, int]] = []
        i, n = 0, len(board)
        for at in sorted(n - pos for pos in overrides):
            if at < i:
                raise ValueError(f"record {record!r} gives overlapping tiles of {board!r}")
            tiles.extend(self._read_run(board, i, at))
            i = at
            for face, length in overrides[n - at]:
                tiles.append((face, length))
                if length:
                    i += length
                    break
        tiles.extend(self._read_run(board, i, n))
        tiling = tuple(tiles)
        native = self.joined(tiling)
        if j < len(record):
            if record[j] == "@":
                native = record[j + 1:]
            else:
                chars, j, m = list(native), j + 1, len(native)
                while j < len(record):
                    pos, j = _read_num(record, j)
                    chars[m - pos] = record[j]
                    j += 1
                native = "".join(chars)
        return native, tiling


def learn_table(faces: Sequence[str], counts: Mapping[tuple[str, int], int],
                occurrences: Mapping[str, int]) -> dict[str, int]:
    """The default table: for each run of board letters, the face it most often is.

    ``counts[(run, face)]`` is how many tiles of the kept words are face ``face`` spelled
    ``run``; ``occurrences[run]`` how often a multi-letter run appears in the board
    spellings at all. A multi-letter run enters the table only when at least half of its
    occurrences are one tile (Catalan LL is two tiles L·L far more often than the tile L·L).

    >>> learn_table(("C", "H", "CH", "L", "L·L"), {("C", 0): 9, ("H", 1): 5, ("CH", 2): 4, ("L", 3): 20,
    ...     ("LL", 4): 1}, {"CH": 5, "LL": 8})
    {'C': 0, 'CH': 2, 'H': 1, 'L': 3}
    """
    best: dict[str, tuple[int, int]] = {}
    for (run, face), count in sorted(counts.items()):
        if not run:
            continue
        if run not in best or count > best[run][0]:
            best[run] = (count, face)
    table = {}
    for run, (_, face) in sorted(best.items()):
        tiles = sum(c for (r, _f), c in counts.items() if r == run)
        if len(run) == 1 or 2 * tiles >= occurrences.get(run, 0):
            table[run] = face
    return table


# --------------------------------------------------------------------------- structures


def build_structure(kind: str, keys: Sequence[str]) -> bytes:
    """The bytes of a ``kind`` trie of ``keys`` (sorted, distinct)."""
    if kind == "marisa":
        import marisa_trie

        return bytes(marisa_trie.Trie(keys, cache_size=marisa_trie.TINY_CACHE).tobytes())
    if kind == "dawg":
        import dawg

        return bytes(dawg.DAWG(padded(keys)).tobytes())
    raise LexcError(Problem(None, None, "structure", f"unknown structure {kind!r} (known: {', '.join(STRUCTURES)})"))


def padded(keys: Sequence[str]) -> list[str]:
    """Keys for a DAWG: every record padded with :data:`PAD` to the longest record's length.

    A plain DAWG cannot list the keys that start with ``BOARD:``; it can list every key of
    one length matching a pattern (``similar_keys``). With records of one length, one such
    walk finds all the records of a board. The padding costs a few states: the DAWG shares
    the identical tails.

    >>> padded(["NANDU", "NANDU:", "NANDU:^521"])
    ['NANDU', 'NANDU:^521', 'NANDU:~~~~']
    """
    longest = max((len(k) - k.index(SEP) - 1 for k in keys if SEP in k), default=0)
    return sorted(k + PAD * (longest - len(k) + k.index(SEP) + 1) if SEP in k else k for k in keys)


def choose_structure(keys: Sequence[str], structure: str = "auto") -> tuple[str, bytes, dict[str, int]]:
    """Build the candidate tries and keep the smallest (ties: the first of :data:`STRUCTURES`).

    Returns the kind, its bytes and every candidate's size.
    """
    kinds = STRUCTURES if structure == "auto" else (structure,)
    built = {kind: build_structure(kind, keys) for kind in kinds}
    kind = min(kinds, key=lambda k: (len(built[k]), kinds.index(k)))
    return kind, built[kind], {k: len(b) for k, b in built.items()}


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


def pack_keys(coder: Coder, by_board: Mapping[str, Iterable[tuple[str, Tiling]]]) -> tuple[list[str], int]:
    """Every key of a pack: each board spelling, plus ``BOARD:RECORD`` unless it is all default.

    Returns the sorted keys and how many board spellings needed records.
    """
    keys: list[str] = []
    exceptions = 0
    for board in sorted(by_board):
        spellings = sorted(set(by_board[board]))
        keys.append(board)
        records = sorted({coder.encode(board, native, tiling) for native, tiling in spellings})
        if records != [""]:
            exceptions += 1
            keys.extend(board + SEP + record for record in records)
    keys.sort()
    return keys, exceptions


def record_stats(keys: Iterable[str]) -> dict[str, object]:
    """What a reader needs to walk a trie that cannot list completions (a DAWG).

    >>> record_stats(["NANDU", "NANDU:", "NANDU:^521=1Ú"])
    {'board_letters': 'ADNU', 'chars': '125=^Ú', 'longest': 7, 'longest_board': 5}
    """
    letters: set[str] = set()
    chars: set[str] = set()
    longest = longest_board = 0
    for key in keys:
        board, sep, record = key.partition(SEP)
        if sep:
            chars.update(record)
            longest = max(longest, len(record))
        else:
            letters.update(board)
            longest_board = max(longest_board, len(board))
    return {"board_letters": "".join(sorted(letters)), "chars": "".join(sorted(chars)), "longest": longest,
            "longest_board": longest_board}


def encode_pack(header: Mapping[str, Any], kind: str, trie: bytes) -> bytes:
    """The bytes of a pack file (deterministic: sorted JSON, no timestamps)."""
    full = dict(header)
    full["format"] = FORMAT_VERSION
    full["structure"] = {**dict(full.get("structure", {})), "kind": kind, "bytes": len(trie)}
    full["sections"] = [{"name": "trie", "offset": 0, "length": len(trie)}]
    text = json.dumps(full, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode("utf-8")
    head = _PREFIX.size + len(text)
    pad = -head % _ALIGN
    total = head + pad + len(trie) + _CRC.size
    body = b"".join((_PREFIX.pack(MAGIC, FORMAT_VERSION, 0, len(text), total), text, b"\0" * pad, trie))
    return body + _CRC.pack(zlib.crc32(body))



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

    ``header`` needs ``tiles`` (a list of ``{"face", "points"}``); the default table is
    learned from the spellings. The compiler (:mod:`lexc.lexicon.compiler`) streams large lists
    through :func:`pack_keys` itself; this is the short way for spellings already in memory.
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
    keys, exceptions = pack_keys(Coder(faces, table), by_board)
    return write_keys(path, header, table, keys, boards=len(by_board), exceptions=exceptions, structure=structure)


def write_keys(path: Path | str, header: Mapping[str, Any], table: Mapping[str, int], keys: list[str], *,
               boards: int, exceptions: int, structure: str = "auto") -> Written:
    """Choose the structure for ``keys`` (sorted: see :func:`pack_keys`) and write a pack atomically."""
    path = Path(path)
    kind, trie, candidates = choose_structure(keys, structure)
    if kind == "marisa":
        trust(trie)  # built here: opening it needs no proof (lexc.lexicon.trust)
    counts = {**dict(header.get("counts", {})), "boards": boards, "keys": len(keys), "exceptions": exceptions}
    full = {**header, "table": dict(table), "counts": counts, "records": record_stats(keys),
            "structure": {"candidates": candidates, "choice": structure}}
    data = encode_pack(full, kind, trie)
    atomic_write(path, data)
    return Written(path, len(data), kind, candidates, len(keys), boards, exceptions)




# --------------------------------------------------------------------------- reading


def _bad(path: Path, message: str) -> LexcError:
    return LexcError(Problem(str(path), None, None, message))


def read_pack_bytes(path: Path | str) -> tuple[dict[str, Any], memoryview]:
    """Check a pack file and return its header and trie bytes; a clear :class:`LexcError` if it is not sound."""
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
                         "(rebuild the pack)")
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
        section = header["sections"][0]
        trie = view[start + section["offset"]: start + section["offset"] + section["length"]]
        if not isinstance(header["lang"], str) or header["structure"]["kind"] not in STRUCTURES:
            raise ValueError("unknown structure")
    except RecursionError:
        raise _bad(path, "malformed header (nested too deeply)") from None
    except UnicodeEncodeError:
        raise _bad(path, "malformed header (a string that is not valid Unicode: a lone surrogate)") from None
    except (ValueError, KeyError, IndexError, TypeError) as err:
        raise _bad(path, f"malformed header ({err})") from None
    return header, trie


#: Header fields the reader uses and their JSON types (a header from another writer fails clearly).
_HEADER_TYPES: dict[str, type] = {"lang": str, "tiles": list, "table": dict, "structure": dict, "sections": list,
                                  "counts": dict, "records": dict}
_JSON_NAMES: dict[type, str] = {str: "a string", int: "an integer", list: "a list", dict: "an object"}
_RECORD_TYPES: dict[str, type] = {"board_letters": str, "chars": str, "longest": int, "longest_board": int}


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
    for key in ("longest", "longest_board"):  # a DAWG walk allocates this many characters per lookup
        if not 0 <= header["records"][key] <= MAX_RECORD:
            raise ValueError(f"'records.{key}' is {header['records'][key]}: at most {MAX_RECORD:,}")
    json.dumps(header, ensure_ascii=False).encode("utf-8")  # lone surrogates: printed, they would fail later


class Pack:
    """A loaded pack: a :class:`lexc.lexicon.words.Lexicon` for one language, plus its header.

    Use :func:`open_pack` or :meth:`lexc.catalog.Catalog.pack`; ``board in pack`` tests membership.
    """

    lang: str
    header: dict[str, Any]
    path: Path

    def _setup(self, path: Path, header: dict[str, Any]) -> None:
        self.path, self.header, self.lang = path, header, header["lang"]
        tiles = header["tiles"]
        self.coder = Coder([t["face"] for t in tiles], header["table"])
        self._points: list[int | None] = [t["points"] for t in tiles]
        self._board_values: dict[str, int] = header.get("board_values") or {}
        self._replaces: dict[str, Any] = {}
        self._any_record: tuple[str, Any] | None = None

    def _has(self, key: str) -> bool:
        raise NotImplementedError

    def _with_prefix(self, prefix: str) -> list[str]:
        raise NotImplementedError

    def _records(self, board: str) -> list[str]:
        raise NotImplementedError

    @property
    def structure(self) -> str:
        """The trie structure of this pack: ``marisa`` or ``dawg``."""
        return str(self.header["structure"]["kind"])

    def __len__(self) -> int:
        return int(self.header["counts"]["boards"])

    def __iter__(self) -> Iterator[str]:
        return self.keys()

    def __repr__(self) -> str:
        return f"<Pack {self.lang} {len(self)} board spellings, {self.structure}, {self.path}>"

    def keys(self, prefix: str = "") -> Iterator[str]:
        """Board spellings starting with ``prefix``, in sorted order."""
        return iter(sorted(k for k in self._with_prefix(prefix) if SEP not in k))

    def records(self, board: str) -> list[tuple[str, Tiling]]:
        """Native spellings and tilings (face index, board length) of ``board``; [] if it is no word."""
        if not self._has(board):
            return []
        extra = self._records(board)
        if not extra:
            reading = self.coder.default_reading(board)
            if reading is None:
                raise _bad(self.path, f"corrupt pack: {board!r} has no record and no default tiling")
            return [reading]
        found = []
        for record in sorted(extra):
            try:
                found.append(self.coder.decode(board, record))
            except (ValueError, KeyError, IndexError):
                raise _bad(self.path, f"corrupt pack: bad record {board + SEP + record!r}") from None
        return found

    def points(self, face: int, board: str) -> int:
        """Points of the tile with face index ``face`` spelled ``board``."""
        points = self._points[face]
        if points is not None:
            return points
        return sum(self._board_values.get(c, 0) for c in board)

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


def _make_classes() -> dict[str, type[Pack]]:
    """Pack classes per structure. A DAWG pack *is* a DAWG, so ``in`` runs in C with no Python call."""
    import dawg
    import marisa_trie

    class DawgPack(Pack, dawg.DAWG):  # type: ignore[misc]
        __contains__ = dawg.DAWG.__contains__

        def _has(self, key: str) -> bool:
            return bool(dawg.DAWG.__contains__(self, key))

        def _with_prefix(self, prefix: str) -> list[str]:
            # a plain DAWG cannot list completions; similar_keys() walks every path of one length
            letters = self.header["records"]["board_letters"]
            longest = int(self.header["records"]["longest_board"])
            return self._complete(prefix, letters, longest - len(prefix))

        def _records(self, board: str) -> list[str]:
            if self._any_record is None:  # the walk over every record character, made once per pack
                chars = self.header["records"]["chars"] + PAD
                self._any_record = (SEP + _ANY * int(self.header["records"]["longest"]), self._replace(chars))
            tail, replaces = self._any_record
            found: list[str] = dawg.DAWG.similar_keys(self, board + tail, replaces)
            if not found:
                return found
            start = len(board) + 1
            return [k[start:].rstrip(PAD) for k in found]

        def _replace(self, chars: str) -> Any:
            replaces = self._replaces.get(chars)
            if replaces is None:
                replaces = self._replaces[chars] = dawg.DAWG.compile_replaces({_ANY: list(chars)})
            return replaces

        def _complete(self, prefix: str, chars: str, most: int) -> list[str]:
            if not chars:
                return [prefix] if dawg.DAWG.__contains__(self, prefix) else []
            replaces = self._replace(chars)
            found: list[str] = []
            for extra in range(max(most, -1) + 1):
                found.extend(dawg.DAWG.similar_keys(self, prefix + _ANY * extra, replaces))
            return found

    class MarisaPack(Pack, marisa_trie.Trie):  # type: ignore[misc]
        __contains__ = marisa_trie.Trie.__contains__

        def _has(self, key: str) -> bool:
            return bool(marisa_trie.Trie.__contains__(self, key))

        def _with_prefix(self, prefix: str) -> list[str]:
            return list(marisa_trie.Trie.keys(self, prefix))

        def _records(self, board: str) -> list[str]:
            start = len(board) + 1
            return [k[start:] for k in marisa_trie.Trie.keys(self, board + SEP)]

    return {"dawg": DawgPack, "marisa": MarisaPack}


_CLASSES: dict[str, type[Pack]] = {}


def open_pack(path: Path | str) -> Pack:
    """Open and check the pack at ``path`` (magic, format version, length, checksum, header, trie structure)."""
    path = Path(path)
    header, trie = read_pack_bytes(path)
    kind = header["structure"]["kind"]
    problem = check_trie(kind, trie)  # before any native code sees the bytes
    if problem is not None:
        raise _bad(path, f"corrupt {kind} trie: {problem}; refused before the trie library reads it")
    if not _CLASSES:
        _CLASSES.update(_make_classes())
    pack = _CLASSES[header["structure"]["kind"]]()
    try:
        pack.frombytes(bytes(trie))  # type: ignore[attr-defined]
    except Exception as err:  # the trie library's own error on bytes it cannot read
        raise _bad(path, f"corrupt {header['structure']['kind']} trie: {err}") from None
    try:
        pack._setup(path, header)
    except (KeyError, TypeError, ValueError, AttributeError) as err:  # a header from another writer
        raise _bad(path, f"malformed header ({type(err).__name__}: {err})") from None
    return pack
