"""Lexicon packs: the compiled, self-describing lexicon of one language (docs/pack-format.md).

A pack is one file in format version 2 (:data:`FORMAT_VERSION`): a fixed prefix (magic, format
version, lengths), a JSON header (language, SHA-256 of the spec and scheme, tile values, the
default table, sources, build options, counts, which trie structure, where each section is), the
sections, and a CRC-32 of everything before it.

The ``trie`` section holds every board spelling as a key, its value the board spelling's *record
group*: 0 for most words, whose tiling follows from the board spelling by longest match over the
pack's *default table* (board letters -> native tile, learned at build time and kept in the
header) and whose native word is the tiles' faces put together. A board spelling with a word for
which either guess is wrong (Spanish ÑANDÚ on NANDU, French ÉLÈVE on ELEVE, Russian ШЧИ on SHCHI)
gives the index of a group in the ``records`` section, whose records say only what differs
(:class:`Coder`). The trie is a DAWG, or a marisa trie with an ``ids`` section (the group of each
key id), or in a ``natives`` pack a DAWG of the native words and no records, whichever is
smallest within a slack that favours the DAWG (:mod:`lexc.lexicon.tries`). Loading reads the file
once, checks it and never executes anything from it.

The file format is :mod:`lexc.lexicon.packfile`, the records :mod:`lexc.lexicon.codec`, the
tries :mod:`lexc.lexicon.tries`, a pack opened :mod:`lexc.lexicon.opened` and its class per trie
:mod:`lexc.lexicon.packtypes`; this module writes and opens packs with them and keeps their
public names.

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

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lexc.atomic import write_atomic
from lexc.errors import LexcError, Problem
from lexc.language.tiles import Tiling
from lexc.lexicon.codec import GROUP_SEP as GROUP_SEP
from lexc.lexicon.codec import RECORD_SEP as RECORD_SEP
from lexc.lexicon.codec import Coder as Coder
from lexc.lexicon.codec import Entries as Entries
from lexc.lexicon.codec import RecordWriter as RecordWriter
from lexc.lexicon.codec import group_table as group_table
from lexc.lexicon.codec import group_text as group_text
from lexc.lexicon.codec import learn_table as learn_table
from lexc.lexicon.codec import pack_keys as pack_keys
from lexc.lexicon.codec import record_stats as record_stats
from lexc.lexicon.opened import SEP as SEP
from lexc.lexicon.opened import Pack as Pack
from lexc.lexicon.packfile import _CRC as _CRC
from lexc.lexicon.packfile import FORMAT_VERSION as FORMAT_VERSION
from lexc.lexicon.packfile import MAGIC as MAGIC
from lexc.lexicon.packfile import MAX_RECORD as MAX_RECORD
from lexc.lexicon.packfile import _bad, _record_groups
from lexc.lexicon.packfile import encode_pack as encode_pack
from lexc.lexicon.packfile import pack_sections as pack_sections
from lexc.lexicon.packfile import read_pack_bytes as read_pack_bytes
from lexc.lexicon.tries import DAWG_SLACK as DAWG_SLACK
from lexc.lexicon.tries import MARISA_MAX as MARISA_MAX
from lexc.lexicon.tries import NATIVES_MIN_SHARE as NATIVES_MIN_SHARE
from lexc.lexicon.tries import STRUCTURES as STRUCTURES
from lexc.lexicon.tries import Natives as Natives
from lexc.lexicon.tries import NativeWords as NativeWords
from lexc.lexicon.tries import Numbered, marisa_floor, numbered, structure_note
from lexc.lexicon.tries import build_structure as build_structure
from lexc.lexicon.tries import choose_structure as choose_structure
from lexc.lexicon.trust import check_trie, trust

if TYPE_CHECKING:
    from lexc.language.normalize import Spelling

#: File name suffix of packs.
SUFFIX = ".lexc"


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


def atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically (:func:`lexc.atomic.write_atomic`), creating its folder.

    A failure (or a kill) at any point leaves whatever was at ``path`` untouched.
    """
    if path.is_dir():  # an output that cannot be written: not a bad pack, a LexcError
        raise LexcError(Problem(str(path), None, None, "is a directory: give the pack's file name (e.g. en.lexc)"))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise LexcError(Problem(str(path), None, None, f"cannot write: {err.strerror or err}")) from None
    write_atomic(path, data)


def write_pack(path: Path | str, header: Mapping[str, Any], spellings: Iterable[Spelling], *,
               structure: str = "auto") -> Written:
    """Write a pack of ``spellings`` (all of one language) with ``header`` to ``path``, atomically.

    ``header`` needs ``tiles`` (a list of ``{"face", "points"}``) and may give ``finals``; the
    default table is learned from the spellings. The compiler (:mod:`lexc.lexicon.compiler`)
    streams large lists itself; this is the short way for spellings already in memory. Both write
    their records with :class:`RecordWriter`.
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
    coder = Coder(faces, table, header.get("finals"))
    gathered = NativeWords(coder) if structure in ("auto", "natives") else None
    writer = RecordWriter(coder, natives=gathered)
    entries = pack_keys(writer, by_board)
    natives = gathered.finish(entries, writer.exceptions, len(by_board)) if gathered else None
    return write_keys(path, header, table, entries, boards=len(by_board), exceptions=writer.exceptions,
                      structure=structure, natives=natives)


def write_keys(path: Path | str, header: Mapping[str, Any], table: Mapping[str, int],
               entries: Iterable[tuple[str, str]], *, boards: int, exceptions: int, structure: str = "auto",
               natives: Natives | None = None) -> Written:
    """Write a pack of ``entries`` (board spelling, records; sorted: see :class:`RecordWriter`) atomically.

    ``entries`` is read twice (a list, or a :class:`lexc.lexicon.spill.Store` of a large compile):
    once to number the record groups, once streaming into the trie builder. ``natives`` is the
    ``natives`` candidate gathered as the records were written (:class:`NativeWords`), or None.

    Sections: ``trie`` (board spellings, each giving its record group), ``records`` (the distinct
    groups, UTF-8, separated by U+001E, records in a group by U+001F; group 0 is the empty one)
    and, for a marisa trie, ``ids``.
    """
    from lexc.lexicon.spill import Store  # here: reading a pack needs no spill files (nor tempfile, shutil)

    path = Path(path)
    groups, letters, longest_board = group_table(entries)
    index = {group: i for i, group in enumerate(groups)}
    floor = marisa_floor(boards, exceptions, len(groups))
    if not (isinstance(entries, Store) and entries.on_disk):  # in memory: the pairs too, numbered once
        pairs = Numbered.of(entries, index)
        kind, trie, ids, candidates = choose_structure(lambda: pairs, boards, structure, natives, floor)
    else:  # keys on disk, past the compile's bound: streamed again for each trie
        kind, trie, ids, candidates = choose_structure(lambda: numbered(entries, index), boards, structure, natives,
                                                       floor)
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
            "structure": structure_note(candidates, structure, boards, floor), "sections": sections}
    data = encode_pack(full, kind, trie + records + (ids if kind == "marisa" else b""))
    atomic_write(path, data)
    return Written(path, len(data), kind, candidates, n_keys, boards, exceptions)


def open_pack(path: Path | str) -> Pack:
    """Open and check the pack at ``path`` (magic, format version, length, checksum, header, sections,
    trie structure); a :class:`lexc.errors.PackError` (also a ValueError) naming the file and what is
    wrong if it cannot be used.

    >>> import tempfile, pathlib
    >>> bad = pathlib.Path(tempfile.mkdtemp()) / "xx.lexc"
    >>> _ = bad.write_bytes(b"LEXC")
    >>> try:
    ...     open_pack(bad)
    ... except ValueError as err:
    ...     print(type(err).__name__, str(err).endswith("truncated: 4 bytes, shorter than a pack's fixed prefix"))
    PackError True
    """
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
    from lexc.lexicon.packtypes import CLASSES  # the trie libraries, imported when a pack is opened

    pack = CLASSES[kind]()
    try:
        pack.frombytes(bytes(found["trie"]))  # type: ignore[attr-defined]
    except Exception as err:  # the trie library's own error on bytes it cannot read
        raise _bad(path, f"corrupt {kind} trie: {err}") from None
    try:
        pack._setup(path, header, groups, *extra)
    except (KeyError, TypeError, ValueError, AttributeError) as err:  # a header from another writer
        raise _bad(path, f"malformed header ({type(err).__name__}: {err})") from None
    return pack
