"""Grouping the kept words by board spelling, compactly: the compiler's :class:`Collector`.

Every word of every source is spelled by the language's normaliser into a native word, a board
spelling and its tiles, written as a short *tile code* (:class:`lexc.language.tiles.Codes`).
The collector keeps, per board spelling, what it needs of each of its words (an entry: None for
a word of plain letters, else its tile code and native word), counts what is left out, settles
a native word met with two tilings (one tiling per word, DESIGN.md rule 4), learns the pack's
default table from the kept tiles (:meth:`Collector.table`) and hands each board spelling's
words to the record writer (:meth:`Collector.keys`). Past a bound, the work goes through
bucket files (:mod:`lexc.lexicon.spill`).
"""

from __future__ import annotations

import contextlib
import itertools
import operator
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from lexc.errors import LexcError, Problem
from lexc.language.normalize import PIN, Choice, Encoder, Normaliser, Unspellable
from lexc.language.spec import Spec
from lexc.language.tiles import AlignedTile, Codes
from lexc.lexicon.codec import _UNTILED, Coder, RecordWriter, learn_table
from lexc.lexicon.compile_report import EXAMPLES, Rejections
from lexc.lexicon.provenance import recorded_path
from lexc.lexicon.reading import Lines, sha256_file, source_word
from lexc.lexicon.spill import LEVELS, Buckets, Spill, Store, merge, read, write_run

if TYPE_CHECKING:
    from lexc.lexicon.reading import Compounds
    from lexc.lexicon.sources import SourceWord


#: A longer "word" is not a word: the source is not a word list (no line breaks, a binary file...).
MAX_WORD = 1000
#: A compile groups at most this many board spellings in one dict (a few hundred bytes each); past
#: it, words go to bucket files grouped one at a time, and keys wait on disk (:mod:`lexc.lexicon.spill`).
#: Polish, the largest shipped list (3.1 million board spellings), passes it; its pack is the same. At 1.5
#: million Russian (1.24 million), Romanian (1.30) and Turkish (1.14) no longer spill (docs/performance.md
#: "compile4" measures what that costs in memory).
SPILL_BOARDS = 1_500_000
#: Board spellings per chunk when the default table is learned from the stream.
_TABLE_CHUNK = 100_000
#: Board spellings whose default readings :meth:`Collector.keys` takes at once.
_KEYS_CHUNK = 4096
#: Where the words of an include list are counted (sources are numbered from 0).
_INCLUDED = -1
_BOARD = operator.itemgetter(0)


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
        return {"path": recorded_path(self.path), "sha256": self.sha256, "words": len(self.words)}


#: Between a tiling code and a native word in an entry (codes never use it).
_NATIVE = "\x00"
#: A board spelling not seen yet (its entry may be None).
_ABSENT = "\x01absent"
Entry = str | None
Found = Entry | list[Entry]  # what the collector keeps per board spelling


def _native(board: str, entry: Entry) -> str:
    """The native word of an entry of ``board``."""
    return board if entry is None else (entry.partition(_NATIVE)[2] or board)


class Collector:
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
        encoder = Encoder(norm, self.tiles.char)
        self.encode, self.encode_lines = encoder.encode, encoder.encode_lines
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
        """Spell one word and keep it (or count it excluded); False if it was rejected."""
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
        reason = self._keep(native, board, code, text, choice)
        if reason:
            self.rejections.add(reason, word)
        return not reason

    def _keep(self, native: str, board: str, code: str, text: str, choice: bool) -> str:
        """Keep one spelled word unless its length or the exclude list leaves it out: '' (kept or excluded,
        counted), or why its length leaves it out."""
        # too long only when it fits no board: more board tiles than ``high`` (a Polyglot game) and more of its own
        # tiles (its language's game: Spanish ABARQUILLAMIENTO is 16 board tiles but 15 tiles, LL one of them)
        if len(board) < self.low or (len(board) > self.high and len(code) > self.high):
            low, high = self.low, self.high
            return f"shorter than {low} board tiles" if len(board) < low else f"longer than {high} tiles in any game"
        if self.excluding and (native in self.ex_natives or board in self.ex_boards):
            self.excluded += 1
            return ""
        entry = _entry(native, board, code)
        if self.buckets is not None:
            self.buckets.add((board, entry, text if choice or PIN in text else None, choice, self.origin))
        else:
            self._insert(board, native, entry, text, choice, self.origin)
        return ""

    def add_lines(self, block: Lines) -> None:
        """:meth:`add` every word of a block of lines, spelled at once (:meth:`Encoder.encode_lines`); a word that
        needs more (a character that is no tile, a multi-letter tile, a pin...) goes through :meth:`add` alone,
        and so does the whole block when it cannot be spelled at once. The same as :meth:`add` of each."""
        texts, file, line = block.texts, block.file, block.line
        n = len(texts)
        encoded = None
        if self.compounds is None and n and all(texts) and max(map(len, texts)) <= MAX_WORD:
            encoded = self.encode_lines(block.joined, n)
        if encoded is None:
            for i in range(n):
                self.add(source_word(texts[i], file, line(i)))
            return
        natives, boards, codes, slow = encoded
        entries, low, high = self.entries, self.low, self.high
        fresh = 0  # board spellings met for the first time, kept here: counted once at the end
        for i in range(n):
            if i in slow:
                self.add(source_word(texts[i], file, line(i)))
                continue
            board, code, native = boards[i], codes[i], natives[i]
            # the common case: a board spelling not met before, of a length kept, no exclude list, no spill yet
            if low <= len(board) <= high and not self.excluding and self.buckets is None and \
                    board not in entries and len(entries) < self.bound:
                entries[board] = _entry(native, board, code)
                fresh += 1
                continue
            self.read += 1
            reason = self._keep(native, board, code, texts[i], False)
            if reason:
                self.rejections.add(reason, source_word(texts[i], file, line(i)))
        if fresh:
            self.read += fresh
            self.kept += fresh
            self.kept_by[self.origin] = self.kept_by.get(self.origin, 0) + fresh

    def add_blocks(self, items: Iterable[Lines | SourceWord | str], progress: Callable[[int], None] | None = None,
                   step: int = 1) -> None:
        """:meth:`add` every word of ``items`` (:meth:`lexc.lexicon.reading.Source.blocks`: words, and blocks of
        lines :meth:`add_lines` spells at once); ``progress(n)`` once ``n`` words are read, every ``step`` or so.

        >>> from lexc import Catalog
        >>> from lexc.lexicon.reading import Lines
        >>> en = Catalog.shipped().language("en")
        >>> collector = Collector(en.spec, en.normaliser(), (2, 15), None)
        >>> collector.add_blocks([Lines("list.txt", 1, ["quite", "qi", "x"], "quite\\nqi\\nx"), "quite"], print, 2)
        3
        4
        >>> collector.read, collector.kept, collector.duplicates, collector.rejections.examples
        (4, 2, 1, {'shorter than 2 board tiles': ['x (list.txt:3)']})
        """
        start, mark = self.read, step
        for item in items:
            if isinstance(item, Lines):
                self.add_lines(item)
            else:
                self.add(item)
            if progress is not None and self.read - start >= mark:
                progress(self.read - start)
                mark = (self.read - start) // step * step + step

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
        entries = self.entries  # sorted by the board spelling alone: C compares of strings, not of pairs
        return iter(sorted(entries.items(), key=_BOARD)) if ordered else iter(entries.items())

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
        run holds one): C-speed passes over the stream, not a Python loop per board spelling. Only the
        tiles whose count can matter are counted (:func:`_counted`); of the others, whether they occur.
        """
        tile_of = self.tiles.tile_of
        multi = sorted({t.board for t in tile_of.values() if len(t.board) > 1})
        counter: Counter[str] = Counter(dict.fromkeys(_counted(tile_of), 0))
        others = set(tile_of).difference(counter)
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
                _count_tiles(counter, others, occurrences, codes, boards)
        _count_tiles(counter, others, occurrences, codes, boards)
        index = {face: i for i, face in enumerate(faces)}
        counts: dict[tuple[str, int], int] = {}
        for char, n in counter.items():
            if n:
                tile = tile_of[char]
                key = (tile.board, index[tile.face])
                counts[key] = counts.get(key, 0) + n
        return learn_table(faces, counts, occurrences)

    def keys(self, writer: RecordWriter, store: Store, tilings: list[str] | None = None) -> tuple[int, list[str]]:
        """Every board spelling with its records (:meth:`lexc.lexicon.codec.RecordWriter.group`), sorted by
        board spelling, appended to ``store``; how many are collisions (several native words) and the
        first :data:`EXAMPLES` of them (board: natives). A board spelling whose one entry is None and
        that the writer reads as itself (:meth:`lexc.lexicon.codec.Coder.plain`) has no record.

        ``tilings``, when given, gets the tile code of every word (:class:`lexc.language.tiles.Codes`; a
        plain word's is its board spelling), in board spelling order: the tilings of the ``tiles`` walk
        (:meth:`face_of`)."""
        coder = writer.coder
        plain = coder.plain
        tiles = {char: (face, len(t.board)) for char, (face, t) in self._faces(coder.faces).items()}
        grouping = _Grouping(writer, tiles, coder.canonical(tiles))
        add = tilings.append if tilings is not None else None
        collisions = 0
        examples: list[str] = []
        stream = self.stream()
        while chunk := list(itertools.islice(stream, _KEYS_CHUNK)):
            boards = _plain_boards(chunk, coder)
            if boards is not None:  # every board spelling of the chunk plain: no record, its tile code itself
                store.extend([(board, "") for board in boards])
                if tilings is not None:
                    tilings.extend(boards)
                continue
            # the default readings of a chunk's board spellings at once, but for the plain ones (no record)
            simple = [found is None and plain(board) for board, found in chunk]
            defaults, implied = coder.default_codes([board for (board, _), s in zip(chunk, simple, strict=True)
                                                     if not s])
            k = 0
            for i in range(len(chunk)):
                board, found = chunk[i]
                if simple[i]:
                    store.append((board, ""))
                    if add is not None:
                        add(board)
                    continue
                group, codes, natives = grouping.group(board, found if isinstance(found, list) else [found],
                                                       defaults[k], implied[k])
                k += 1
                store.append((board, group))
                if add is not None:
                    for code in codes:
                        add(code)
                if len(natives) > 1:
                    collisions = self._collision(board, natives, collisions, examples)
        return collisions, examples

    @staticmethod
    def _collision(board: str, natives: list[str], collisions: int, examples: list[str]) -> int:
        """``collisions`` and one more when ``board``'s words are several native words (its first
        :data:`EXAMPLES` go to ``examples``)."""
        distinct = set(natives)
        if len(distinct) < 2:
            return collisions
        if len(examples) < EXAMPLES:
            examples.append(f"{board}: {', '.join(sorted(distinct))}")
        return collisions + 1

    def _faces(self, faces: Sequence[str]) -> dict[str, tuple[int, AlignedTile]]:
        """Each tile code character with the face index of its tile among ``faces``, and the tile."""
        index = {face: i for i, face in enumerate(faces)}
        return {char: (index[t.face], t) for char, t in self.tiles.tile_of.items()}

    def face_of(self, faces: Sequence[str]) -> dict[str, int]:
        """Each tile code character's face index among ``faces``: what reads a tile code (:meth:`keys`'s
        ``tilings``) as the faces of a ``tiles`` walk (:func:`lexc.lexicon.walk.coded_tilings`)."""
        return {char: face for char, (face, _) in self._faces(faces).items()}


def _entry(native: str, board: str, code: str) -> Entry:
    """What a compile keeps of a word: None for a plain word (its tile code and native word its board spelling),
    else its tile code, and its native word after :data:`_NATIVE` when that differs from the board spelling.

    >>> _entry("CAT", "CAT", "CAT"), _entry("ÉTÉ", "ETE", "ETE"), _entry("CHE", "CHE", "\\x80E")
    (None, 'ETE\\x00ÉTÉ', '\\x80E')
    """
    return code + _NATIVE + native if native != board else (None if code == board else code)


def _plain_boards(chunk: list[tuple[str, Found]], coder: Coder) -> list[str] | None:
    """The board spellings of ``chunk`` when each has one word, spelled by its own letters, which the default
    table reads as themselves (:meth:`lexc.lexicon.codec.Coder.plain` of each: no record), else None."""
    boards = []
    for board, found in chunk:
        if found is not None:
            return None
        boards.append(board)
    return boards if coder.all_plain(boards) else None


class _Grouping:
    """The record group of each board spelling with records (:meth:`Collector.keys`), by the cheapest way that
    gives :meth:`RecordWriter.group`'s text: every word on the default tiling (:meth:`RecordWriter.group_default`),
    every word's tiles as long as the default tiling's, one for one (:meth:`RecordWriter.group_coded`), else the
    words' tilings built and :meth:`RecordWriter.group`."""

    def __init__(self, writer: RecordWriter, tiles: dict[str, tuple[int, int]], canonical: dict[int, str]):
        self.writer, self.tile, self.canonical = writer, tiles.__getitem__, canonical
        self.tiles: dict[str, tuple[int, int]] = {}  # each canonical character's tile, once the readings made them
        self.lengths: dict[int, str] = {}  # a canonical code -> the lengths of its tiles, a character each

    def group(self, board: str, items: list[Entry], default: str, implied: str) -> tuple[str, list[str], list[str]]:
        """The group of ``board`` (``items``: its entries; ``default``, ``implied``: its default reading,
        :meth:`lexc.lexicon.codec.Coder.default_codes`), the tile code and the native word of each entry."""
        canonical = self.canonical
        codes, natives, canons = [], [], []
        on_default = True
        for entry in items:
            if entry is None:
                code = native = board
            else:
                code, _, native = entry.partition(_NATIVE)
                native = native or board
            canon = code.translate(canonical) if canonical else code
            on_default = on_default and canon == default
            codes.append(code)
            natives.append(native)
            canons.append(canon)
        writer = self.writer
        if on_default:  # every word on the default tiling: only their letters can differ
            return writer.group_default(board, implied, natives), codes, natives
        if _UNTILED not in default:
            if not self.tiles:  # the default readings' canonical characters are made with the first chunk's
                self.tiles = writer.canonical_tiles()
                self.lengths = {ord(char): chr(0x30 + length) for char, (_, length) in self.tiles.items()}
            lengths = default.translate(self.lengths)
            if all(len(canon) == len(default) and canon.translate(self.lengths) == lengths for canon in canons):
                return writer.group_coded(board, implied, default, list(zip(natives, canons, strict=True)),
                                          self.tiles), codes, natives
        tile = self.tile
        words = [(native, tuple(map(tile, code))) for native, code in zip(natives, codes, strict=True)]
        return writer.group(board, words), codes, natives


def _counted(tile_of: dict[str, AlignedTile]) -> list[str]:
    """The tile code characters whose counts the default table needs (:func:`lexc.lexicon.codec.learn_table`):
    those of a multi-letter run (kept when at least half its occurrences are one tile) and those of a run some
    other character reads as another face (the most frequent face wins). A run read as one face only is that
    face whatever its count: of its characters, :func:`_count_tiles` notes only that they occur.

    >>> from lexc.language.tiles import AlignedTile
    >>> _counted({"Z": AlignedTile("Z", 1, "Z"), "\\x80": AlignedTile("Ż", 5, "Z"), "A": AlignedTile("A", 1, "A"),
    ...           "\\x81": AlignedTile("SZ", 8, "SZ")})
    ['Z', '\\x80', '\\x81']
    """
    faces: dict[str, set[str]] = {}
    for tile in tile_of.values():
        faces.setdefault(tile.board, set()).add(tile.face)
    return [char for char, tile in tile_of.items() if len(tile.board) > 1 or len(faces[tile.board]) > 1]


def _count_tiles(counter: Counter[str], others: set[str], occurrences: dict[str, int], codes: list[str],
                 boards: list[str]) -> None:
    """Add a chunk's tile codes and multi-letter run occurrences to the counts; empty the chunk. The characters
    in ``counter`` (:func:`_counted`) are counted (a ``str.count`` each: a pass in C, where counting character by
    character was a dict update each); of ``others``, each that occurs is counted once and leaves ``others``.

    >>> counter, others, occurrences = Counter({"E": 0, "\\x80": 0}), {"C", "H", "X"}, {"CH": 0}
    >>> _count_tiles(counter, others, occurrences, ["CHE", "\\x80E"], ["CHE", "CHE"])
    >>> sorted(counter.items()), others, occurrences
    ([('C', 1), ('E', 2), ('H', 1), ('\\x80', 1)], {'X'}, {'CH': 2})
    """
    joined = "".join(codes)
    for char in counter:
        counter[char] += joined.count(char)
    for char in [char for char in others if char in joined]:
        counter[char] = 1
        others.discard(char)
    if occurrences:
        joined = "\n".join(boards)
        for run in occurrences:
            occurrences[run] += joined.count(run)
    codes.clear()
    boards.clear()
