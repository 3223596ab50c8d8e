"""Reading word files: the :class:`Source` interface, the words and statistics it yields, and
the text readers every kind of source shares (encodings, byte-order marks, gzip, comments).

:mod:`lexc.lexicon.sources` opens sources by kind (word lists, wordfreq, and Hunspell
dictionaries from :mod:`lexc.lexicon.hunspell`); both build on this module.
"""

from __future__ import annotations

import codecs
import hashlib
import io
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, fields
from itertools import count, groupby, islice, repeat
from operator import itemgetter
from pathlib import Path
from typing import IO, NamedTuple, NoReturn

from lexc import inputs
from lexc.errors import LexcError, Problem
from lexc.inputs import MAX_LINE, open_stream, read_line
from lexc.language import casemap
from lexc.language.spec import Spec
from lexc.lexicon.provenance import recorded_path

#: The tiling boundary inside a source word: longest match runs on each part separately.
PIN = "|"

#: Board-tile length limits the compiler applies after normalisation (inclusive).
DEFAULT_MIN_LENGTH = 2
DEFAULT_MAX_LENGTH = 15

CONVENTIONS = ("native", "coded")
CAPITALISED = ("keep", "skip")
AFFIXES = ("all", "single", "none")

_BRACKET = re.compile(r"\[([^\[\]|]+)\]")
_UTF16_BOMS = {codecs.BOM_UTF16_LE: "utf-16-le", codecs.BOM_UTF16_BE: "utf-16-be"}
_UTF32_BOMS = {codecs.BOM_UTF32_LE: "utf-32-le", codecs.BOM_UTF32_BE: "utf-32-be"}


class SourceWord(NamedTuple):
    """One word of a source: its native text (tiling pins ``|`` kept), file and 1-based line.

    For a Hunspell dictionary ``line`` is the .dic line of the stem the form was built from.
    ``rejected`` is why the source itself leaves the entry out ('' if it does not): the
    compiler counts it among the rejections with that reason.

    >>> SourceWord("CH|URRO", "fise.txt", 3).native
    'CHURRO'
    """

    text: str
    file: str
    line: int
    rejected: str = ""

    @property
    def native(self) -> str:
        """The native word without tiling pins."""
        return self.text.replace(PIN, "")


class Lines(NamedTuple):
    """Words of ``file`` that are whole lines as they stand, numbered from ``first``, with ``joined`` (them
    joined by line breaks): a block of a word list, read at once (:meth:`Source.blocks`). With ``numbers``,
    the line of each word (a block of a list without the lines it skips, or of a Hunspell dictionary's
    forms: :func:`word_blocks`), else lines ``first``, ``first + 1``...

    >>> Lines("list.txt", 3, ["qi", "za"], "qi\\nza").line(1)
    4
    >>> Lines("ru.dic", 7, ["ёж", "ежи"], "ёж\\nежи", [7, 7]).line(1)
    7
    """

    file: str
    first: int
    texts: list[str]
    joined: str
    numbers: list[int] | None = None

    def line(self, i: int) -> int:
        """The line of the ``i``-th word."""
        return self.first + i if self.numbers is None else self.numbers[i]


_new_word = tuple.__new__


#: Words :func:`word_blocks` gathers into one :class:`Lines`, at most.
BLOCK_WORDS = 4096

_text_of, _file_of, _line_of, _rejected_of = (itemgetter(i) for i in range(4))


def word_blocks(words: Iterator[SourceWord], size: int = BLOCK_WORDS) -> Iterator[Lines | SourceWord]:
    """``words`` in order, gathered into :class:`Lines` of up to ``size`` words of one file in a row (each
    with its own line, in ``numbers``); a word its source rejected comes alone, as it is. Each block is
    made by C-speed steps (``islice``, ``map``), with no Python step per word.

    >>> words = [SourceWord("tries", "d.dic", 2), SourceWord("try", "d.dic", 2),
    ...          SourceWord("xx", "d.dic", 3, "forbidden"), SourceWord("cat", "d.dic", 4),
    ...          SourceWord("cats", "d.dic", 4)]
    >>> [(b.texts, b.numbers) if isinstance(b, Lines) else b.text for b in word_blocks(iter(words), 4)]
    [(['tries', 'try'], [2, 2]), 'xx', (['cat'], [4]), (['cats'], [4])]
    """
    while chunk := list(islice(words, size)):
        if any(map(_rejected_of, chunk)) or len(set(map(_file_of, chunk))) > 1:
            for (_, rejected), run in groupby(chunk, key=_file_rejected):
                if rejected:
                    yield from run
                else:
                    yield _block(list(run))
        else:
            yield _block(chunk)


def _file_rejected(word: SourceWord) -> tuple[str, bool]:
    return word.file, bool(word.rejected)


def _block(words: list[SourceWord]) -> Lines:
    """Words of one file, none rejected, as one :class:`Lines`."""
    texts = list(map(_text_of, words))
    first = words[0]
    return Lines(first.file, first.line, texts, "\n".join(texts), list(map(_line_of, words)))


def source_words(texts: list[str], file: str, line: int) -> Iterator[SourceWord]:
    """A :class:`SourceWord` of each of ``texts``, all from ``file`` at ``line`` (the forms of one Hunspell
    stem), built at C speed: no Python-level constructor call per word.

    >>> words = list(source_words(["tries", "try"], "demo.dic", 2))
    >>> words[1], words == [SourceWord("tries", "demo.dic", 2), SourceWord("try", "demo.dic", 2)]
    (SourceWord(text='try', file='demo.dic', line=2, rejected=''), True)
    """
    n = len(texts)
    fields = zip(texts, repeat(file, n), repeat(line, n), repeat("", n), strict=True)
    return map(_new_word, repeat(SourceWord, n), fields)


def source_word(text: str, file: str, line: int) -> SourceWord:
    """``SourceWord(text, file, line)`` without the Python-level ``__new__`` of a named tuple (a third of the
    time of a plain list's per-line loop went there)."""
    return _new_word(SourceWord, (text, file, line, ""))  # type: ignore[no-any-return]


@dataclass(slots=True)
class SourceStats:
    """What reading a source found; complete once :meth:`Source.words` is exhausted."""

    lines: int = 0  # lines read (Hunspell: .dic lines)
    blank: int = 0  # blank lines skipped
    comments: int = 0  # '#' comment lines skipped
    words: int = 0  # words yielded
    coded: int = 0  # words whose multi-letter tiles were written in a convention ([CH], aliases)
    capitalised: int = 0  # entries skipped for an upper-case letter (capitalised = "skip")
    stems: int = 0  # Hunspell: dictionary entries read
    phrases: int = 0  # Hunspell: entries of several words (a space inside: "lhasa apso"), left out
    forbidden: int = 0  # Hunspell: entries not expanded (FORBIDDENWORD, ONLYINCOMPOUND)
    prefixes_skipped: int = 0  # Hunspell: prefix rules left out by max_prefix_length
    truncated: bool = False  # Hunspell: max_forms reached
    empty: bool = False  # the file holds no word at all

    def to_json(self) -> dict[str, object]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def skipped(self, blank: bool, name: str, number: int) -> None:
        """Count a line with no word (blank or a comment); a file that is mostly such lines is refused.

        Skipping costs time like a word does, and yields nothing: past :data:`MAX_SKIPPED` lines, more
        than :data:`SKIPPED_PER_WORD` per word so far is no word list (100 MB of blank lines is
        refused after its first million, in a fraction of a second, not read to the end).

        >>> stats = SourceStats(words=2)
        >>> for n in range(1, MAX_SKIPPED + 2):
        ...     stats.skipped(True, "list.txt", n)
        Traceback (most recent call last):
        lexc.errors.LexcError: list.txt:1000001: 1,000,001 blank or comment lines and 2 words: not a word list
        """
        if blank:
            self.blank += 1
        else:
            self.comments += 1
        skipped = self.blank + self.comments
        if skipped > MAX_SKIPPED and skipped > SKIPPED_PER_WORD * self.words:
            raise LexcError(Problem(name, number, None, f"{skipped:,} blank or comment lines and {self.words:,} "
                                                        "words: not a word list"))


#: A source may skip this many blank or comment lines whatever its words (:meth:`SourceStats.skipped`) ...
MAX_SKIPPED = 1_000_000
#: ... and beyond that, at most this many per word read so far.
SKIPPED_PER_WORD = 10


@dataclass(frozen=True, slots=True)
class Options:
    """How one source is read (the [[lexicon]] keys, or the compile command's options)."""

    encoding: str = "utf-8"
    convention: str = "native"
    capitalised: str = "keep"
    top: int | None = None
    max_prefix_length: int | None = None
    max_forms: int | None = None
    affixes: str = "all"

    def to_json(self) -> dict[str, object]:
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) is not None}


@dataclass(frozen=True)
class Compounds:
    """Words a dictionary lets begin and end a compound, upper case: a word that is one of each
    put together has a known boundary between them (docs/sources.md, "Boundaries").

    >>> parts = Compounds(frozenset({"HÁZ"}), frozenset({"SZÁM"}))
    >>> parts.splits("HÁZSZÁM", 3), parts.splits("HÁZSZÁM", 4), (parts | parts) == parts
    (True, False, True)
    """

    begins: frozenset[str]
    ends: frozenset[str]

    def splits(self, upper: str, at: int) -> bool:
        """Whether ``upper`` is a begin part then an end part, cut at ``at``."""
        return upper[:at] in self.begins and upper[at:] in self.ends

    def __or__(self, other: Compounds) -> Compounds:
        return Compounds(self.begins | other.begins, self.ends | other.ends)


class Source:
    """One opened source. :meth:`words` streams; :attr:`stats` is filled as it goes."""

    kind: str = ""

    def __init__(self, name: str, options: Options, package: str | None = None, licence: str = "unknown"):
        self.name, self.options, self.package, self.licence = name, options, package, licence
        self.stats = SourceStats()
        self.game = False  # a word-game list (a spec entry's ``game = true``), not a spelling list

    def words(self) -> Iterator[SourceWord]:
        """The source's words in file order (a new pass, with fresh stats, at each call)."""
        raise NotImplementedError

    def blocks(self) -> Iterator[Lines | SourceWord]:
        """:meth:`words`, with blocks of words as :class:`Lines`: what the compiler reads (a block is spelled
        at once). Here, :meth:`words` gathered by :func:`word_blocks`."""
        return word_blocks(self.words())

    def files(self) -> list[Path]:
        """The files this source reads (for their SHA-256)."""
        return []

    def compounds(self) -> Compounds | None:
        """The compound parts the source knows (a Hunspell dictionary's compounding data), or None."""
        return None

    def identity(self) -> dict[str, object]:
        """What a pack header records about this source: kind, name, files with SHA-256, options. Files are named
        as :func:`lexc.lexicon.provenance.recorded_path` says, the same in every checkout and on every machine."""
        return {
            "kind": self.kind,
            "name": recorded_path(self.name),
            "files": [_file_identity(p) for p in self.files()],
            "package": self.package,
            "licence": self.licence,
            "game": self.game,
            "options": self.options.to_json(),
        }

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


#: What a source file that is no longer there when its SHA-256 is taken (after its words were read) is told.
VANISHED = "vanished while lexc read it (deleted or renamed during the build): nothing was written"


def _file_identity(path: Path) -> dict[str, object]:
    sha, size = file_digest(path)
    return {"path": recorded_path(path), "sha256": sha, "bytes": size}


def sha256_file(path: Path) -> str:
    """SHA-256 of a file's bytes, read in chunks (:func:`file_digest`)."""
    return file_digest(path)[0]


def file_digest(path: Path) -> tuple[str, int]:
    """SHA-256 and size of a file's bytes, read once through the one reader of inputs.

    A file removed, replaced by a folder or unreadable since its words were read is a
    :class:`LexcError` naming it, never a traceback.
    """
    digest, size = hashlib.sha256(), 0
    with inputs.open_input(path, "source file", missing=VANISHED) as handle:
        try:
            for chunk in iter(lambda: handle.read(1 << 20), b""):
                digest.update(chunk)
                size += len(chunk)
        except OSError as err:
            raise LexcError(Problem(str(path), None, None, f"cannot read: {err.strerror or err}")) from None
    return digest.hexdigest(), size


# --------------------------------------------------------------------------- conventions


class Convention:
    """Turns a source's way of writing multi-letter tiles into native text with tiling pins.

    >>> Convention(catalog.spec("es"), "coded").apply("1URRO")
    'CH|U|R|R|O'
    >>> native = Convention(catalog.spec("es"), "native")
    >>> native.apply("[ch]urro"), native.apply("churro")
    ('ch|urro', 'churro')
    """

    def __init__(self, spec: Spec, convention: str = "native"):
        self.spec, self.coded = spec, convention == "coded"
        self.faces = frozenset(spec.by_face)
        self.multi = tuple(f for f in spec.multi_letter_faces)
        self.aliases: Mapping[str, str] = spec.aliases if self.coded else {}
        alias_keys = sorted(self.aliases, key=len, reverse=True)
        codes = [re.escape(a) for a in alias_keys]
        self._pattern = re.compile("|".join([_BRACKET.pattern, *codes]), re.IGNORECASE) if codes else _BRACKET
        self._lower_alias = {a.lower(): f for a, f in self.aliases.items()}

    def _face(self, match: re.Match[str]) -> str | None:
        if match.group(1) is not None:
            face = self.spec.upper(match.group(1))
            return face if face in self.faces else None
        return self._lower_alias.get(match.group(0).lower())

    def apply(self, word: str) -> str:
        """``word`` as native text, tiles written in the convention pinned with ``|``."""
        if not self.coded and "[" not in word:
            return word
        parts: list[str] = []
        start, coded = 0, False
        lower = word == word.lower() and word != word.upper()
        for match in self._pattern.finditer(word):
            face = self._face(match)
            if face is None:  # not a tile: leave it for the normaliser to reject
                continue
            self._plain(word[start:match.start()], parts)
            parts.append(casemap.lower(face, self.spec.locale) if lower else face)
            start, coded = match.end(), True
        if not coded and not self.coded:
            return word
        self._plain(word[start:], parts)
        return PIN.join(parts)

    def counted(self, word: str, stats: SourceStats) -> str:
        """:meth:`apply`, counting in ``stats`` a word that was written in the convention."""
        native = self.apply(word)
        if native is not word:
            stats.coded += 1
        return native

    def _plain(self, text: str, parts: list[str]) -> None:
        """Text outside a code: in a coded source each letter is its own tile."""
        if not text:
            return
        if self.coded and len(text) > 1:
            upper = self.spec.upper(text)
            if any(face in upper for face in self.multi):
                parts.extend(text)
                return
        parts.append(text)


def has_capital(word: str) -> bool:
    """Whether ``word`` has an upper-case letter: a proper noun or an acronym in a lower-case list.

    >>> has_capital("Paris"), has_capital("paris"), has_capital("PARIS"), has_capital("élève")
    (True, False, True, False)
    """
    return word.lower() != word


# --------------------------------------------------------------------------- plain lists


def _problem(path: Path | str, line: int | None, message: str, key: str | None = None) -> LexcError:
    return LexcError(Problem(str(path), line, key, message))


def check_file(path: Path) -> None:
    """A clear error for a missing file or a directory."""
    if not path.exists():
        raise _problem(path, None, "no such file")
    if path.is_dir():
        raise _problem(path, None, "is a directory, not a word list")


def _open_binary(path: Path) -> io.BufferedReader:
    """The file's bytes (decompressed for ``.gz``), bounded (:mod:`lexc.inputs`)."""
    return open_stream(path, "word list")


def text_codec(encoding: str, path: Path | str) -> str:
    """The codec named ``encoding`` if it is a text encoding; a :class:`LexcError` naming ``path`` if not.

    >>> text_codec("latin-1", "x.txt")
    'iso8859-1'
    >>> text_codec("base64", "x.txt")
    Traceback (most recent call last):
    ...
    lexc.errors.LexcError: x.txt: encoding: 'base64' is not a text encoding (e.g. utf-8, latin-1, cp1252)
    """
    codec = inputs.text_codec(encoding)
    if codec is None:
        raise _problem(path, None, inputs.not_a_codec(encoding), "encoding")
    return codec


def _is_utf16(encoding: str) -> bool:
    return codecs.lookup(encoding).name.startswith(("utf-16", "utf-32"))


def iter_lines(path: Path, encoding: str = "utf-8") -> Iterator[tuple[int, str]]:
    """``(line number, text)`` of every line of ``path``, decoded strictly, end of line removed.

    A UTF-8 BOM is dropped; a UTF-16/32 BOM is read only when the encoding says so; NUL bytes
    and undecodable bytes raise :class:`LexcError` naming the line and the byte offset.
    """
    for first, lines in iter_line_blocks(path, encoding):
        yield from zip(count(first), lines)


def iter_line_blocks(path: Path, encoding: str = "utf-8") -> Iterator[tuple[int, list[str]]]:
    """:func:`iter_lines`' lines a list at a time: ``(number of the first line, lines)``, so that a reader's
    loop over them is a plain ``for`` over a list, not a generator step per line."""
    codec = text_codec(encoding, path)
    with _open_binary(path) as handle:
        head = handle.peek(4)[:4]
        bom = next((name for b, name in {**_UTF32_BOMS, **_UTF16_BOMS}.items() if head.startswith(b)), None)
        if bom and not _is_utf16(codec):
            raise _problem(path, 1, f"the file starts with a {bom.upper()} byte-order mark but is read as {codec}: "
                                    f"read it as {bom[:6]} (or convert it to UTF-8)", "encoding")
        if _is_utf16(codec):
            yield from one_per_block(_iter_wide(path, handle, codec))
            return
        offset = 0
        if head.startswith(codecs.BOM_UTF8) and codec in ("utf-8", "utf-8-sig"):
            offset = len(handle.read(len(codecs.BOM_UTF8)))
        if codec.startswith(_SPLITTABLE) and codec != "utf-8-sig":
            yield from _iter_blocks(path, handle, codec, offset)
        else:
            yield from one_per_block(_iter_raw(path, handle, codec, offset, 0))


def one_per_block(lines: Iterator[tuple[int, str]]) -> Iterator[tuple[int, list[str]]]:
    """Numbered lines as :func:`iter_line_blocks` gives them, each a block of its own (read one by one)."""
    for number, text in lines:
        yield number, [text]


#: Codecs in which byte 0x0A is always a line end and never part of another character: a block of
#: lines can be decoded at once.
_SPLITTABLE = ("utf-8", "ascii", "iso8859", "latin", "cp125", "cp437", "cp850", "koi8", "mac-")
#: Bytes read at a time by :func:`_iter_blocks` and :func:`latin1_lines`.
_BLOCK = 256 * 1024


def _iter_blocks(path: Path, handle: IO[bytes], codec: str, offset: int) -> Iterator[tuple[int, list[str]]]:
    """:func:`_iter_raw`'s lines, a block of whole lines decoded and split at once (``(first line's number,
    lines)``).

    A block with anything unusual (a NUL byte, a byte the codec refuses, a CR inside a line, a
    line near :data:`MAX_LINE`) is read again line by line, which says what and where.
    """
    number, rest = 0, b""
    while block := handle.read(_BLOCK):
        data = rest + block if rest else block
        cut = data.rfind(b"\n") + 1
        if cut == 0 and len(data) <= MAX_LINE:
            rest = data
            continue
        whole, rest = (data[:cut], data[cut:]) if cut else (data, b"")
        lines = _split_block(whole, codec)
        if lines is None:
            found = number
            for found, text in _iter_raw(path, io.BufferedReader(io.BytesIO(whole)), codec, offset, number):
                yield found, [text]
            number = found
        else:
            yield number + 1, lines
            number += len(lines)
        offset += len(whole)
    if rest:
        yield from one_per_block(_iter_raw(path, io.BufferedReader(io.BytesIO(rest)), codec, offset, number))


def _split_block(whole: bytes, codec: str) -> list[str] | None:
    """The lines of a block of whole lines (line ends removed); None when the block needs a closer look."""
    if len(whole) > MAX_LINE or b"\x00" in whole:
        return None
    try:
        text = whole.decode(codec)
    except UnicodeDecodeError:
        return None
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    if "\r" in text:
        lines = [line.rstrip("\r") for line in lines]
        if any("\r" in line for line in lines):
            return None
    return lines


def _iter_raw(path: Path, handle: IO[bytes], codec: str, offset: int, number: int) -> Iterator[tuple[int, str]]:
    """The lines of ``handle``, read and decoded one by one (``offset`` bytes and ``number`` lines before it)."""
    while raw := read_line(handle, path, number + 1):
        number += 1
        if b"\x00" in raw:
            at = offset + raw.index(b"\x00")
            raise _problem(path, number, f"NUL byte at byte offset {at}: a binary file, or UTF-16 "
                                         f"without a byte-order mark (read it as utf-16-le)", "encoding")
        try:
            text = raw.decode(codec)
        except UnicodeDecodeError as error:
            bad = raw[error.start:error.start + 1]
            raise _problem(path, number, f"byte 0x{bad.hex()} at byte offset {offset + error.start} "
                                         f"is not valid {codec}: give the list's encoding (e.g. latin-1)",
                           "encoding") from None
        offset += len(raw)
        text = text.rstrip("\r\n")
        if "\r" in text:  # old Mac line ends: the whole list on one line, all but a word lost
            raise _problem(path, number, "a carriage return (CR) inside the line: lines broken by CR only? "
                                         "(convert them to LF)")
        yield number, text


def _iter_wide(path: Path, handle: IO[bytes], codec: str) -> Iterator[tuple[int, str]]:
    stream = io.TextIOWrapper(handle, encoding=codec, errors="strict", newline=None)
    number = 0
    try:
        for number, text in enumerate(stream, start=1):
            if "\x00" in text:
                raise _problem(path, number, "NUL character in the text")
            yield number, text.rstrip("\r\n").lstrip("\ufeff")
    except UnicodeDecodeError as error:
        raise _problem(path, number + 1, f"not valid {codec} near line {number + 1}: {error.reason}") from None
    except UnicodeError:  # "utf-16" with no byte-order mark: which order is unknown
        raise _problem(path, 1, f"no byte-order mark: {codec} needs one; read it as {codec}-le or "
                                f"{codec}-be", "encoding") from None


def is_prezip(path: Path) -> bool:
    """An Aspell word list compressed with word-list-compress (``.cwl``, ``.cwl.gz``)."""
    return path.name.endswith((".cwl", ".cwl.gz"))


def iter_prezip(path: Path, encoding: str) -> Iterator[tuple[int, str]]:
    """``(index, word)`` of an Aspell ``.cwl`` list: each word is a byte giving 1 + the length of
    the prefix it shares with the previous word (0 then the real byte when longer than 30),
    then its remaining bytes (all above 0x20)."""
    with _open_binary(path) as handle:
        data = handle.read()
    word, i, number, size = b"", 0, 0, len(data)
    while i < size:
        keep = data[i]
        i += 1
        if keep == 0 and i < size:
            keep, i = data[i], i + 1
        end = i
        while end < size and data[end] > 32:
            end += 1
        word, i, number = word[:max(keep - 1, 0)] + data[i:end], end, number + 1
        try:
            yield number, word.decode(encoding)
        except UnicodeDecodeError as error:
            raise _problem(path, number, f"word {number}: byte 0x{word[error.start:error.start + 1].hex()} is "
                                         f"not valid {encoding}: give the list's encoding", "encoding") from None


def first_token(text: str) -> str | None:
    """The word of a list line: the first whitespace-separated token; None for blank and ``#`` lines.

    >>> first_token("abaca  n. a Philippine plant"), first_token("  # note"), first_token("   ")
    ('abaca', None, None)
    """
    stripped = text.strip()
    if not stripped or stripped.startswith("#"):
        return None
    return stripped.split(None, 1)[0]


def latin1_lines(path: Path) -> Iterator[str]:
    """The lines of a file, each byte one character (Latin-1), end of line removed (a CR before it too).

    Read a block of whole lines at a time, decoded and split at once; a line over :data:`MAX_LINE` bytes is
    :func:`read_line`'s error, at its number.
    """
    with open_stream(path, "Hunspell file") as handle:
        number, rest = 0, b""
        while block := handle.read(_BLOCK):
            data = rest + block if rest else block
            cut = data.rfind(b"\n") + 1
            if cut == 0:
                if len(data) > MAX_LINE:
                    _too_long(path, number + 1, data)
                rest = data
                continue
            lines, rest = data[:cut].decode("latin-1").split("\n"), data[cut:]
            lines.pop()  # the nothing after the block's last line end
            for line in lines:
                number += 1
                if len(line) > MAX_LINE:
                    _too_long(path, number, line.encode("latin-1"))
                yield line.rstrip("\r")
        if rest:
            if len(rest) > MAX_LINE:
                _too_long(path, number + 1, rest)
            yield rest.decode("latin-1").rstrip("\r")


def _too_long(path: Path, number: int, line: bytes) -> NoReturn:
    """Raise :func:`read_line`'s error for line ``number``, ``line`` (over :data:`MAX_LINE` bytes, no line end)."""
    read_line(io.BufferedReader(io.BytesIO(line)), path, number)
    raise AssertionError("read_line accepted a line over MAX_LINE bytes")
