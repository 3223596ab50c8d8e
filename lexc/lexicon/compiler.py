"""The compile pipeline: sources -> normaliser -> board spellings -> pack.

Every word of every source goes through the language's normaliser. A word the
language cannot spell is counted under the normaliser's reason, with its first
examples (word, file and line), never dropped silently; so is a word outside the
length limits or removed by an exclude list. What is kept is grouped by board
spelling and written as a pack (:mod:`lexc.lexicon.pack`), atomically.

>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "words.txt").write_text("churro\\nñandú\\nnandu\\nx\\nfoo-bar\\nchurro\\n", encoding="utf-8")
>>> from lexc import Catalog
>>> from lexc.lexicon.sources import open_source
>>> es = Catalog.shipped().language("es")
>>> report = compile_pack(es, [open_source(es.spec, folder / "words.txt")], folder / "es.lexc")
>>> report.read, report.kept, report.duplicates, report.boards, report.collisions
(6, 3, 1, 2, 1)
>>> sorted(report.rejected)
["character '-' (U+002D HYPHEN-MINUS) is not in the Spanish set", 'shorter than 2 board tiles']
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import operator
import time
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import reduce
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lexc import __version__
from lexc.atomic import check_output, write_atomic
from lexc.errors import LexcError, Problem, printable
from lexc.language.normalize import PIN, REASONS, Choice, Encoder, Normaliser, Unspellable
from lexc.language.spec import Spec
from lexc.language.tiles import Codes
from lexc.lexicon.codec import Coder, RecordWriter, learn_table
from lexc.lexicon.pack import write_keys
from lexc.lexicon.reading import sha256_file
from lexc.lexicon.spill import LEVELS, Buckets, Spill, Store, merge, read, write_run
from lexc.lexicon.tries import NativeWords

if TYPE_CHECKING:
    from lexc.catalog import Language
    from lexc.lexicon.reading import Compounds
    from lexc.lexicon.sources import Source, SourceWord

#: progress(stage, done, total): stage is a short text ("reading SOURCE", "building", "writing").
Progress = Callable[[str, int, "int | None"], None]

#: How many examples are kept for each rejection reason.
EXAMPLES = 3
#: At most this many reasons are listed one by one in a header; the rest are summed.
MAX_REASONS = 40
#: A longer "word" is not a word: the source is not a word list (no line breaks, a binary file...).
MAX_WORD = 1000
#: Examples of rejected words are cut to this many characters in reports and headers.
EXAMPLE_CHARS = 60
#: Progress is reported every this many words.
STEP = 20_000
#: The list of ambiguous tilings beside a pack (:func:`tilings_path`).
TILINGS_SUFFIX = ".tilings.tsv"
#: A compile groups at most this many board spellings in one dict (a few hundred bytes each); past
#: it, words go to bucket files grouped one at a time, and keys wait on disk (:mod:`lexc.lexicon.spill`).
#: Polish, the largest shipped list (3.1 million board spellings), passes it; its pack is the same.
SPILL_BOARDS = 1_000_000
#: Board spellings per chunk when the default table is learned from the stream.
_TABLE_CHUNK = 100_000
#: Where the words of an include list are counted (sources are numbered from 0).
_INCLUDED = -1



#: Of a line that is not a word, at most this many letters are shown (a key's base64 line is not echoed).
_PART_CHARS = 12
#: Besides letters and marks, what an example of a rejected word may show: the punctuation inside words and
#: the space between the words of a phrase.
_IN_WORDS = frozenset("'’-.· ")


def example(text: str) -> str:
    """What a report shows of a rejected "word": only its first run of letters, at most :data:`EXAMPLE_CHARS`.

    A source is any file a spec names; the lines of a file that is no word list (a password file,
    a key) are never echoed beyond what looks like a word, and the file and line say where to look.

    >>> example("élève"), example("o'clock"), example("root:$6$Jx2.vA:19000:0:99999:7:::")
    ('élève', "o'clock", 'root… (33 characters)')
    >>> example("b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAABlwAAAAdzc2gtcn"), example("x" * 100)
    ('b… (70 characters)', 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx… (100 characters)')
    >>> example("MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7")  # a line that is no word: 12 at most
    'MIIEvQIBADAN… (52 characters)'
    """
    end = next((i for i, c in enumerate(text) if c not in _IN_WORDS and unicodedata.category(c)[0] not in "LM"),
               len(text))
    shown = printable(text[:min(end, EXAMPLE_CHARS if end == len(text) else _PART_CHARS)])
    return text if shown == text else f"{shown}… ({len(text):,} characters)"


@dataclass
class Rejections:
    """Words left out, by reason, with the first few examples of each."""

    counts: dict[str, int] = field(default_factory=dict)
    examples: dict[str, list[str]] = field(default_factory=dict)

    def add(self, reason: str, word: SourceWord | str) -> None:
        self.counts[reason] = self.counts.get(reason, 0) + 1
        shown = self.examples.setdefault(reason, [])
        if len(shown) < EXAMPLES:
            text = example(word if isinstance(word, str) else word.text)
            shown.append(text if isinstance(word, str) else f"{text} ({word.file}:{word.line})")

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def to_json(self) -> dict[str, dict[str, object]]:
        """The reasons, most frequent first (then by text), at most :data:`MAX_REASONS`."""
        ranked = sorted(self.counts, key=lambda r: (-self.counts[r], r))
        out: dict[str, dict[str, object]] = {
            r: {"count": self.counts[r], "examples": self.examples[r]} for r in ranked[:MAX_REASONS]}
        if len(ranked) > MAX_REASONS:
            rest = ranked[MAX_REASONS:]
            out[f"{len(rest)} other reasons"] = {"count": sum(self.counts[r] for r in rest),
                                                 "examples": [self.examples[r][0] for r in rest[:EXAMPLES]]}
        return out


@dataclass
class CompileReport:
    """What a compile did: counts for the summary table and the pack's header."""

    lang: str
    path: Path
    read: int = 0
    kept: int = 0
    duplicates: int = 0
    excluded: int = 0
    included: int = 0
    rejected: dict[str, int] = field(default_factory=dict)
    examples: dict[str, list[str]] = field(default_factory=dict)
    boards: int = 0
    collisions: int = 0
    collision_examples: list[str] = field(default_factory=list)
    exceptions: int = 0
    keys: int = 0
    bytes: int = 0
    structure: str = ""
    candidates: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0
    sources: list[dict[str, object]] = field(default_factory=list)
    tilings: dict[str, object] = field(default_factory=dict)  # the ambiguous tilings: counts, report file

    @property
    def rejected_total(self) -> int:
        return sum(self.rejected.values())

    @property
    def bytes_per_board(self) -> float:
        """Pack bytes per board spelling (0 for an empty pack)."""
        return self.bytes / self.boards if self.boards else 0.0

    def to_json(self) -> dict[str, object]:
        return {
            "lang": self.lang, "path": str(self.path), "read": self.read, "kept": self.kept,
            "duplicates": self.duplicates, "excluded": self.excluded, "included": self.included,
            "rejected": {r: {"count": n, "examples": self.examples.get(r, [])} for r, n in self.rejected.items()},
            "rejected_total": self.rejected_total, "boards": self.boards, "collisions": self.collisions,
            "collision_examples": self.collision_examples, "exceptions": self.exceptions, "keys": self.keys,
            "bytes": self.bytes, "bytes_per_board": round(self.bytes_per_board, 3), "structure": self.structure,
            "candidates": self.candidates, "seconds": round(self.seconds, 3), "sources": self.sources,
            "tilings": self.tilings,
        }

    @property
    def ambiguous(self) -> int:
        """Words whose tiling was a choice (:meth:`lexc.language.normalize.Normaliser.choice`)."""
        count = self.tilings.get("ambiguous", 0)
        return count if isinstance(count, int) else 0


@dataclass(frozen=True, slots=True)
class Overlay:
    """An include or exclude list: its words as written, and its identity for the header."""

    path: Path
    words: tuple[str, ...]
    sha256: str

    @classmethod
    def read(cls, path: Path | str, encoding: str = "utf-8") -> Overlay:
        from lexc.lexicon.sources import read_overlay

        path = Path(path)
        words = tuple(sorted(read_overlay(path, encoding=encoding)))
        return cls(path, words, sha256_file(path))

    def identity(self) -> dict[str, object]:
        return {"path": str(self.path), "sha256": self.sha256, "words": len(self.words)}


#: Between a tiling code and a native word in an entry (codes never use it).
_NATIVE = "\x00"
#: A board spelling not seen yet (its entry may be None).
_ABSENT = "\x01absent"

Entry = str | None
Found = Entry | list[Entry]  # what the collector keeps per board spelling


def _native(board: str, entry: Entry) -> str:
    """The native word of an entry of ``board``."""
    return board if entry is None else (entry.partition(_NATIVE)[2] or board)


class _Collector:
    """Groups spellings by board spelling, compactly; what a word needs is worked out once all are read.

    An entry is None (the native word is the board spelling and each tile is its plain
    letter: most English words), or the tiling code, followed by ``\\x00`` and the native
    word when that differs from the board spelling; a list of entries when a board spelling
    has several.

    Past ``bound`` board spellings (with a ``spill`` folder) the dict goes to bucket files and so
    does every later word, its board spelling choosing the bucket (:class:`lexc.lexicon.spill.Buckets`);
    :meth:`finish` groups each bucket by the same rules and writes it as a sorted run (a bucket
    still past the bound is spread again, by other bits of the board spelling's hash). Counts are
    kept per source (``kept_by``): a word's fate is known only when its bucket is grouped.
    """

    def __init__(self, spec: Spec, norm: Normaliser, limits: tuple[int, int], exclude: Overlay | None, *,
                 bound: int = SPILL_BOARDS, spill: Spill | None = None):
        self.spec, self.norm = spec, norm
        self.low, self.high = limits
        self.entries: dict[str, Found] = {}
        self.bound, self.spill = bound, spill
        self.buckets: Buckets | None = None
        self.runs: list[Path] = []
        self.spilled = False
        self.level = 0  # of the buckets being grouped (0 while reading)
        self.origin = 0  # the source being read (_INCLUDED for an include list)
        self.kept_by: dict[int, int] = {}
        self.boards = 0
        self.tiles = Codes()
        self.encode = Encoder(norm, self.tiles.char).encode
        self.rejections = Rejections()
        self.read = self.kept = self.duplicates = self.excluded = 0
        self.ex_natives: set[str] = set()
        self.ex_boards: set[str] = set()
        self.compounds: Compounds | None = None
        self.choices: dict[str, Choice] = {}  # native word -> how its tiling was chosen, when it was a choice
        self.pinned: set[str] = set()  # native words whose kept tiling a source's boundary gave
        if exclude is not None:
            for word in exclude.words:
                upper = spec.upper(word)
                if upper.isascii() and upper.isalpha():
                    self.ex_boards.add(upper)
                with contextlib.suppress(Unspellable):
                    self.ex_natives.add(norm.spell(word).native)
        self.excluding = bool(self.ex_natives or self.ex_boards)

    def add(self, word: SourceWord | str) -> bool:
        """Spell one word and keep it; False if it was left out."""
        self.read += 1
        if isinstance(word, str):
            text = word
        else:
            text = word.text
            if word.rejected:
                self.rejections.add(word.rejected, word)
                return False
        if len(text) > MAX_WORD:
            file, line = (None, None) if isinstance(word, str) else (word.file, word.line)
            raise LexcError(Problem(file, line, None, f"a word of {len(text):,} characters: not a word list (a word "
                                                  f"has at most {MAX_WORD:,}; are the lines broken by CR only?)"))
        if self.compounds is not None and PIN not in text:
            text = self._compound(text)
        encoded = self.encode(text)
        if encoded is None:
            try:
                spelling = self.norm.spell(text)
            except Unspellable as err:
                self.rejections.add(err.reason, word)
                return False
            native, board, code, choice = spelling.native, spelling.board, self.tiles.code(spelling.tiles), True
        else:
            native, board, code, choice = encoded
        if not self.low <= len(board) <= self.high:
            low, high = self.low, self.high
            reason = f"shorter than {low} board tiles" if len(board) < low else f"longer than {high} board tiles"
            self.rejections.add(reason, word)
            return False
        if self.excluding and (native in self.ex_natives or board in self.ex_boards):
            self.excluded += 1
            return False
        entry = code + _NATIVE + native if native != board else (None if code == board else code)
        if self.buckets is not None:
            self.buckets.add((board, entry, text if choice or PIN in text else None, choice, self.origin))
            return True
        return self._insert(board, native, entry, text, choice, self.origin)

    def _insert(self, board: str, native: str, entry: Entry, text: str | None, choice: bool, origin: int) -> bool:
        """Keep one spelling of ``board`` (``text`` is needed only for a choice or a pin)."""
        entries = self.entries
        found = entries.get(board, _ABSENT)
        if found is _ABSENT:
            entries[board] = entry
        else:
            if found == entry or (found.__class__ is list and entry in found):  # type: ignore[operator,unused-ignore]
                self.duplicates += 1
                return True
            if self._retiled(board, native, entry, text):
                return True
            if found.__class__ is list:
                found.append(entry)  # type: ignore[union-attr,unused-ignore]
            else:
                entries[board] = [found, entry]  # type: ignore[list-item]
        self.kept += 1
        self.kept_by[origin] = self.kept_by.get(origin, 0) + 1
        if choice:
            assert text is not None
            self._choose(text, native)
        if len(entries) > self.bound and self.spill is not None and self.buckets is None and self.level < LEVELS:
            self._to_buckets(self.spill)
        return True

    def _to_buckets(self, spill: Spill) -> None:
        """From now on, words go to bucket files; what is grouped so far goes first, each to its bucket."""
        self.spilled = True
        self.buckets = Buckets(spill, self.level)
        for board, found in self.entries.items():
            self.buckets.add((board, found))
        self.entries = {}

    def finish(self) -> None:
        """Group each bucket (a board spelling's words are all in one, in the order read) and write it
        as a run sorted by board spelling; ``boards`` is then how many there are."""
        if self.buckets is None:
            self.boards = len(self.entries)
            return
        paths, self.buckets = self.buckets.close(), None
        self._group(paths)

    def _group(self, paths: list[Path]) -> None:
        """Group the buckets at ``paths``; one past the bound goes on to buckets of its own."""
        assert self.spill is not None
        self.level += 1
        for path in paths:
            self.entries = {}
            for event in read(path):
                if self.buckets is not None:
                    self.buckets.add(event)
                elif len(event) == 2:
                    self.entries[event[0]] = event[1]
                else:
                    board, entry, text, choice, origin = event
                    self._insert(board, _native(board, entry), entry, text, choice, origin)
            path.unlink()
            if self.buckets is not None:
                deeper, self.buckets = self.buckets.close(), None
                self._group(deeper)
            else:
                self.boards += len(self.entries)
                self.runs.append(write_run(self.spill, sorted(self.entries.items())))
        self.entries = {}
        self.level -= 1

    def stream(self, ordered: bool = True) -> Iterator[tuple[str, Found]]:
        """Every board spelling with what was kept of it, sorted by board spelling unless not ``ordered``."""
        if self.runs:
            return merge(self.runs) if ordered else itertools.chain.from_iterable(map(read, self.runs))
        entries = self.entries
        return ((board, entries[board]) for board in sorted(entries)) if ordered else iter(entries.items())

    def _compound(self, text: str) -> str:
        """``text`` pinned where the dictionary's compound parts meet inside a multi-letter tile."""
        assert self.compounds is not None
        upper = self.spec.upper(text)
        for at in self.norm.cut_points(upper):
            if self.compounds.splits(upper, at):
                return upper[:at] + PIN + upper[at:]
        return text

    def _choose(self, text: str, native: str) -> None:
        choice = self.norm.choice(text)
        if choice is not None:
            self.choices[native] = choice
        if PIN in text:
            self.pinned.add(native)

    def _retiled(self, board: str, native: str, entry: Entry, text: str | None) -> bool:
        """A native word already kept with another tiling: one tiling per word (DESIGN.md rule 4).

        A source's boundary wins over longest match, else the first source read; True when the
        word was handled here (counted as a duplicate).
        """
        found = self.entries[board]
        items = found if isinstance(found, list) else [found]
        same = [e for e in items if _native(board, e) == native]
        if not same:
            return False
        self.duplicates += 1
        if text is not None and PIN in text and native not in self.pinned:
            kept = [e for e in items if e not in same] + [entry]
            self.entries[board] = kept if len(kept) > 1 else kept[0]
            self.choices.pop(native, None)
            self._choose(text, native)
        return True

    def table(self, faces: Sequence[str]) -> dict[str, int]:
        """The default table learned from every kept tile.

        Tiles are counted over the codes of a chunk of board spellings joined into one string, and
        each multi-letter run's occurrences in the chunk's board spellings joined by a line break (no
        run holds one): C-speed passes over the stream, not a Python loop per board spelling.
        """
        multi = sorted({t.board for t in self.tiles.tile_of.values() if len(t.board) > 1})
        counter: Counter[str] = Counter()
        occurrences = dict.fromkeys(multi, 0)
        codes: list[str] = []
        boards: list[str] = []
        for board, found in self.stream(ordered=False):  # counts do not depend on the order
            boards.append(board)
            if found is None:
                codes.append(board)
            elif isinstance(found, str):
                codes.append(found.partition(_NATIVE)[0])
            else:
                codes.extend(board if entry is None else entry.partition(_NATIVE)[0] for entry in found)
            if len(boards) >= _TABLE_CHUNK:
                _count_tiles(counter, occurrences, codes, boards)
        _count_tiles(counter, occurrences, codes, boards)
        index = {face: i for i, face in enumerate(faces)}
        counts: dict[tuple[str, int], int] = {}
        for char, n in counter.items():
            tile = self.tiles.tile_of[char]
            key = (tile.board, index[tile.face])
            counts[key] = counts.get(key, 0) + n
        return learn_table(faces, counts, occurrences)

    def keys(self, writer: RecordWriter, store: Store) -> tuple[int, list[str]]:
        """Every board spelling with its records (:meth:`lexc.lexicon.codec.RecordWriter.group`), sorted by
        board spelling, appended to ``store``; how many are collisions (several native words) and the
        first :data:`EXAMPLES` of them (board: natives). A board spelling whose one entry is None and
        that the writer reads as itself (:meth:`lexc.lexicon.codec.Coder.plain`) has no record."""
        plain, group = writer.coder.plain, writer.group
        index = {face: i for i, face in enumerate(writer.coder.faces)}
        tile = {char: (index[t.face], len(t.board)) for char, t in self.tiles.tile_of.items()}.__getitem__
        collisions = 0
        examples: list[str] = []
        for board, found in self.stream():
            if found is None and plain(board):
                store.append((board, ""))
                continue
            words = []
            for entry in (found if isinstance(found, list) else (found,)):
                code, _, native = (board, "", board) if entry is None else entry.partition(_NATIVE)
                words.append((native or board, tuple(map(tile, code))))
            store.append((board, group(board, words)))
            if len(words) > 1:
                natives = {native for native, _ in words}
                if len(natives) > 1:
                    collisions += 1
                    if len(examples) < EXAMPLES:
                        examples.append(f"{board}: {', '.join(sorted(natives))}")
        return collisions, examples


def _count_tiles(counter: Counter[str], occurrences: dict[str, int], codes: list[str], boards: list[str]) -> None:
    """Add a chunk's tile codes and multi-letter run occurrences to the counts; empty the chunk."""
    counter.update("".join(codes))
    if occurrences:
        joined = "\n".join(boards)
        for run in occurrences:
            occurrences[run] += joined.count(run)
    codes.clear()
    boards.clear()


def header_base(language: Language) -> dict[str, Any]:
    """The header fields that describe the language: spec and scheme hashes, tile values."""
    spec, scheme = language.spec, None
    if language.scheme:
        file = language.scheme.path.name if language.scheme.path else None
        scheme = {"name": language.scheme.name, "file": file, "sha256": language.scheme.sha256}
    # A language without official values scores its tiles in English on their board letters (Polyglot
    # rule 1, as the normaliser does): its tiles carry no points and the header the English values.
    scored = spec.official
    tiles = [{"face": t.face, "points": t.points if scored and getattr(t, "has_points", True) else None}
             for t in spec.tiles]
    return {
        "lexc": __version__, "lang": spec.code, "name": spec.name, "script": spec.script,
        "spec": {"file": spec.path.name if spec.path else None, "sha256": spec.sha256},
        "scheme": scheme, "tiles": tiles,
        "board_values": dict(language.english.values) if any(t["points"] is None for t in tiles) else None,
        "finals": final_forms(language),
    }


def final_forms(language: Language) -> dict[str, str]:
    """The pack's final-form rule: a tile face -> the letter a word ends with in its place.

    Taken from the scheme's variants whose Unicode name says they are a final form (Hebrew
    ך ם ן ף ץ, played with the tiles כ מ נ פ צ); a reader writes the last letter of a default
    native word in that form, and only the words that break the rule carry a record.

    >>> from lexc import Catalog
    >>> final_forms(Catalog.shipped().language("he"))
    {'כ': 'ך', 'מ': 'ם', 'נ': 'ן', 'פ': 'ף', 'צ': 'ץ'}
    >>> final_forms(Catalog.shipped().language("fr"))
    {}
    """
    scheme = language.scheme
    if scheme is None:
        return {}
    faces = {t.face for t in language.spec.tiles}
    found = {face: letter for letter, face in scheme.variants.items()
             if len(letter) == 1 and face in faces and "LETTER FINAL" in unicodedata.name(letter, "")}
    return dict(sorted(found.items()))


def compile_pack(language: Language, sources: Sequence[Source], out: Path | str, *,
                 include: Overlay | Path | str | None = None, exclude: Overlay | Path | str | None = None,
                 min_length: int = 2, max_length: int = 15, structure: str = "auto",
                 display_natives: bool = True, progress: Progress | None = None,
                 spill_boards: int | None = None, name: str | None = None) -> CompileReport:
    """Compile ``sources`` of ``language`` into the pack ``out`` (written atomically).

    ``name`` is the named lexicon the pack is (``csw24``; None: the language's default pack), kept in
    the header with whether every source is a word-game list (``game``: a spelling list otherwise).

    ``display_natives=False`` keeps only what scoring needs: native spellings that the
    tiling implies are not stored (``lexc check fr eleve`` then shows ELEVE, not ÉLÈVE).
    ``spill_boards`` (default :data:`SPILL_BOARDS`) bounds the board spellings grouped in memory;
    past it the work goes through temporary files, removed however the compile ends. The pack
    is the same whatever the bound.
    """
    started = time.perf_counter()
    spec = language.spec
    if Path(out).is_dir():  # said before the work, not after it
        raise LexcError(Problem(str(out), None, None, "is a directory: give the pack's file name (e.g. en.lexc)"))
    given = [f for source in sources for f in source.files()]
    given += [Path(o) for o in (include, exclude) if isinstance(o, str | Path)]
    check_output(out, inputs=given)  # never over a word list, a device: said before the work
    if min_length < 1 or max_length < min_length:
        raise LexcError(f"length limits {min_length}–{max_length}: need 1 <= min <= max")
    include = Overlay.read(include) if isinstance(include, str | Path) else include
    exclude = Overlay.read(exclude) if isinstance(exclude, str | Path) else exclude
    norm = language.normaliser()
    bound = SPILL_BOARDS if spill_boards is None else spill_boards
    with Spill() as spill:
        collector = _Collector(spec, norm, (min_length, max_length), exclude, bound=bound, spill=spill)
        collector.compounds = _compounds(spec, sources)
        identities = _collect(collector, sources, include, progress)
        included = collector.kept_by.get(_INCLUDED, 0)
        if not collector.kept:
            raise _nothing_kept(spec, sources, collector)
        if progress:
            progress("building", 0, None)
        faces = [t.face for t in spec.tiles]
        table = collector.table(faces)
        header = header_base(language)
        store = Store(spill, bound)
        coder = Coder(faces, table, header["finals"])
        gathered = NativeWords(coder) if structure in ("auto", "natives") else None
        writer = RecordWriter(coder, display_natives, gathered)
        collisions, examples = collector.keys(writer, store)
        store.close()
        exceptions = writer.exceptions
        natives = gathered.finish(store, exceptions, collector.boards) if gathered else None
        header["sources"] = identities
        header["lexicon"] = {"name": name, "game": bool(identities) and all(i.get("game") for i in identities)}
        header["options"] = {
            "min_length": min_length, "max_length": max_length, "structure": structure,
            "display_natives": display_natives,
            "include": include.identity() if include else None, "exclude": exclude.identity() if exclude else None,
        }
        rejections = collector.rejections
        header["counts"] = {"read": collector.read, "kept": collector.kept, "duplicates": collector.duplicates,
                            "excluded": collector.excluded, "included": included, "rejected": rejections.total,
                            "collisions": collisions}
        header["rejected"] = rejections.to_json()
        header["tilings"] = tiling_counts(collector.choices)
        collector.entries.clear()
        if progress:
            progress("writing", 0, None)
        written = write_keys(out, header, table, store, boards=collector.boards, exceptions=exceptions,
                             structure=structure, natives=natives)
    listed = write_tilings(tilings_path(written.path), spec, collector.choices)
    report = CompileReport(
        lang=spec.code, path=written.path, read=collector.read, kept=collector.kept,
        duplicates=collector.duplicates, excluded=collector.excluded, included=included,
        rejected=dict(sorted(rejections.counts.items(), key=lambda kv: (-kv[1], kv[0]))),
        examples=rejections.examples, boards=written.boards, collisions=collisions,
        collision_examples=examples, exceptions=written.exceptions, keys=written.keys, bytes=written.bytes,
        structure=written.structure, candidates=dict(written.candidates), seconds=time.perf_counter() - started,
        sources=identities, tilings={**header["tilings"], "report": str(listed) if listed else None,
                                     "examples": [c.to_json() for c in _examples(collector.choices)]},
    )
    if progress:
        progress("done", report.boards, report.boards)
    return report


def _compounds(spec: Spec, sources: Sequence[Source]) -> Compounds | None:
    """The compound parts the sources know, when a boundary could matter (the set has multi-letter tiles)."""
    if not spec.multi_letter_faces:
        return None
    found = [c for c in (source.compounds() for source in sources) if c is not None]
    return reduce(operator.or_, found) if found else None


def tiling_counts(choices: Mapping[str, Choice]) -> dict[str, object]:
    """The header's ``tilings``: how many words had a choice of tiling, and by what it was settled.

    >>> from lexc import Catalog
    >>> hu = Catalog.shipped().normaliser("hu")
    >>> tiling_counts({w: hu.choice(w) for w in ("egészség", "rajz|szeg")})
    {'ambiguous': 2, 'reasons': {'longest match': 1, 'source boundary': 1, 'spec rule': 0}}
    """
    reasons = Counter(c.reason for c in choices.values())
    return {"ambiguous": len(choices), "reasons": {r: reasons[r] for r in REASONS}}


def _examples(choices: Mapping[str, Choice]) -> list[Choice]:
    """The first words of each reason, in Unicode order."""
    return [c for reason in REASONS for c in sorted((c for c in choices.values() if c.reason == reason),
                                                    key=lambda c: c.native)[:EXAMPLES]]


def tilings_path(pack: Path) -> Path:
    """The list of ambiguous tilings beside a pack: ``build/hu.lexc`` -> ``build/hu.tilings.tsv``."""
    return pack.with_suffix(TILINGS_SUFFIX)


def write_tilings(path: Path, spec: Spec, choices: Mapping[str, Choice]) -> Path | None:
    """Write every word whose tiling was a choice, in Unicode order, as tab-separated lines (atomically).

    With none, nothing is written and a list left by an earlier build is removed: None.
    """
    if not choices:
        with contextlib.suppress(FileNotFoundError):
            if path.is_file():
                path.unlink()
        return None
    counts = tiling_counts(choices)
    reasons = counts["reasons"]
    assert isinstance(reasons, dict)
    lines = [f"# {spec.code} {spec.name}: {len(choices):,} words whose tiling was a choice; "
             + ", ".join(f"{r} {n:,}" for r, n in reasons.items()),
             "word\ttiling\treason\tothers"]
    for native in sorted(choices):
        choice = choices[native]
        lines.append("\t".join([native, ".".join(choice.tiling), choice.reason,
                                " ".join(".".join(t) for t in choice.others)]))
    write_atomic(path, "\n".join(lines) + "\n")
    return path


def _nothing_kept(spec: Spec, sources: Sequence[Source], collector: _Collector) -> LexcError:
    """No pack of nothing: an empty source, or one the language cannot spell a word of, is an error."""
    where = sources[0].name if len(sources) == 1 else None  # a list, a .dic (with its .aff), wordfreq:LANG
    names = "" if where else f"{', '.join(s.name for s in sources) or 'the sources'}: "
    if not collector.read:
        return LexcError(Problem(where, None, None, f"{names}no words: the list is empty, no pack written"))
    counts = collector.rejections.counts
    top = sorted(counts, key=lambda r: (-counts[r], r))[0] if counts else "excluded"
    return LexcError(Problem(where, None, None, f"{names}no word kept of {collector.read:,} read, no pack written: "
                                               f"{top} ({counts.get(top, collector.excluded):,}); is this a "
                                               f"list of {spec.name} words?"))


def _collect(collector: _Collector, sources: Sequence[Source], include: Overlay | None,
             progress: Progress | None) -> list[dict[str, object]]:
    """Read every source, then the include list, into ``collector`` and group what was read
    (:meth:`_Collector.finish`); each source's identity for the header, with its counts."""
    identities = []
    for number, source in enumerate(sources):
        collector.origin = number
        identities.append(_read_source(collector, source, progress))
    if include is not None:
        collector.origin = _INCLUDED
        for word in include.words:
            collector.add(word)
    if collector.spilled and progress:
        progress("grouping", 0, None)
    collector.finish()
    for number, identity in enumerate(identities):
        identity["kept"] = collector.kept_by.get(number, 0)
    return identities


def _read_source(collector: _Collector, source: Source, progress: Progress | None) -> dict[str, object]:
    """Read ``source`` into ``collector``; its identity, stats and count of words read."""
    stage = f"reading {source.name}"
    read = collector.read
    if progress:
        progress(stage, 0, None)
    add = collector.add
    if progress is None:
        for word in source.words():
            add(word)
    else:
        for n, word in enumerate(source.words(), start=1):
            add(word)
            if n % STEP == 0:
                progress(stage, n, None)
    identity = dict(source.identity())
    identity["stats"] = source.stats.to_json()
    identity["read"], identity["kept"] = collector.read - read, 0  # kept: once every bucket is grouped
    return identity


def compile_words(language: Language, words: Iterable[str], out: Path | str, **options: Any) -> CompileReport:
    """Compile native words given in memory (tests, small custom lists) into the pack ``out``."""

    class _Memory:
        name, kind = "memory", "memory"

        def __init__(self, items: Iterable[str]):
            from lexc.lexicon.sources import SourceStats

            self.items, self.stats = list(items), SourceStats()

        def words(self) -> Iterable[SourceWord]:
            from lexc.lexicon.sources import SourceWord

            for line, text in enumerate(self.items, start=1):
                self.stats.words += 1
                yield SourceWord(text, "<memory>", line)

        def files(self) -> list[Path]:
            return []

        def compounds(self) -> None:
            return None

        def identity(self) -> dict[str, object]:
            digest = hashlib.sha256("\n".join(self.items).encode("utf-8")).hexdigest()
            return {"kind": "memory", "name": "memory", "sha256": digest, "words": len(self.items)}

    return compile_pack(language, [_Memory(words)], out, **options)  # type: ignore[list-item]
