"""Hunspell dictionaries (.aff + .dic) expanded into every inflected form, as a stream.

This module reads the .dic: each line's stem, flags and morphological fields, phrases, the
``hy:`` compound boundaries that pin a stem's forms, and the limits that keep the work
bounded (:class:`HunspellSource`). The affix file and the expansion of a stem through its
rules are :mod:`lexc.lexicon.affixes` (:class:`AffixFile`). Compounds are not produced: only
forms a single stem gives. What compounding data says is used for tilings (docs/sources.md,
"Boundaries"): a stem's ``hy:`` field (hu_HU marks its compound boundaries there) pins its
forms, and the stems COMPOUNDFLAG, COMPOUNDBEGIN/FIRST and COMPOUNDEND/LAST allow are
:meth:`HunspellSource.compounds`. What it covers and what not: docs/sources.md.

>>> parse_dic_line("tries/SU\tpo:noun")
('tries', 'SU')
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator
from itertools import chain, repeat
from pathlib import Path

from lexc.errors import LexcError, Problem
from lexc.language.spec import Spec
from lexc.lexicon.affixes import FLAG_TYPES as FLAG_TYPES
from lexc.lexicon.affixes import MAX_STEM_WORK as MAX_STEM_WORK
from lexc.lexicon.affixes import AffixFile as AffixFile
from lexc.lexicon.affixes import Flags as Flags
from lexc.lexicon.affixes import Rule as Rule
from lexc.lexicon.affixes import _is_number, hyphen_field, split_fields
from lexc.lexicon.affixes import load_aff as load_aff
from lexc.lexicon.reading import (
    PIN,
    Compounds,
    Convention,
    Lines,
    Options,
    Source,
    SourceStats,
    SourceWord,
    latin1_lines,
    source_word,
    word_blocks,
)

#: Forms a dictionary may expand to unless ``max_forms`` says otherwise (Spanish expands to about 1 million,
#: docs/sources.md); past it the expansion is an error, not a silent cut.
DEFAULT_MAX_FORMS = 20_000_000
#: Without ``max_forms``, a dictionary may yield at most this many forms per character of the .dic entries
#: read so far, past :data:`FORMS_FLOOR` (issue 13): the shipped ones yield at most about 2 (docs/development.md), a
#: 7 KB .aff and 1 KB .dic whose rules continue themselves 19 million, which took minutes to reach the cap above.
FORMS_PER_BYTE = 10
FORMS_FLOOR = 100_000


def compound_cuts(stem: str, hyphen: str) -> tuple[int, ...]:
    """Where the boundaries of a ``hy:`` field fall in ``stem``: a number is one boundary after that many
    letters; a spelling marks each with ``|`` (``-``, ``=`` and ``.`` are hyphenation points, not
    boundaries). A field that does not spell the stem gives none.

    >>> compound_cuts("rajzszeg", "rajz|szeg"), compound_cuts("rajzterem", "4")
    ((4,), (4,))
    >>> compound_cuts("üveggyöngy", "ü=veg|gyöngy")
    (4,)
    >>> compound_cuts("hosszú", "hosz-szú"), compound_cuts("ház", "9")
    ((), ())
    """
    if _is_number(hyphen):
        cut = int(hyphen)
        return (cut,) if 0 < cut < len(stem) else ()
    letters = hyphen.translate(_HYPHENATION)
    if letters.replace("|", "").lower() != stem.lower():
        return ()
    cuts, at = [], 0
    for char in letters:
        if char == "|":
            cuts.append(at)
        else:
            at += 1
    return tuple(c for c in cuts if 0 < c < len(stem))


_HYPHENATION = str.maketrans("", "", "-=.")


def pinned(form: str, stem: str, cuts: tuple[int, ...]) -> str:
    """``form`` of ``stem`` with a pin at each boundary whose both sides it keeps (a suffixed form).

    >>> pinned("rajzszegek", "rajzszeg", (4,)), pinned("megrajzszeg", "rajzszeg", (4,))
    ('rajz|szegek', 'megrajzszeg')
    """
    for cut in reversed(cuts):
        if form.startswith(stem[:cut + 1]):
            form = form[:cut] + PIN + form[cut:]
    return form


def _holds_any(text: str, chars: str) -> bool:
    """Whether ``text`` holds any of ``chars``.

    >>> _holds_any("naïve", "ïö"), _holds_any("naive", "ïö")
    (True, False)
    """
    return any(char in text for char in chars)  # mypyc compiles any() over a generator into a plain loop


def _located(aff: AffixFile, stem: str, flags: Flags, file: str, line: int) -> list[str]:
    """The forms of ``stem``, with an error in expanding them located at the stem's file and line."""
    try:
        return aff.forms(stem, flags)
    except LexcError as err:
        raise LexcError([Problem(p.file or file, p.line or line, p.key, p.message) for p in err.problems]) from None


def parse_dic_line(text: str) -> tuple[str, str]:
    r"""The word and flag text of a .dic line (morphological fields after a tab or space dropped).

    >>> parse_dic_line("tries/SU\tpo:noun"), parse_dic_line("a\\/b/X"), parse_dic_line("plain")
    (('tries', 'SU'), ('a/b', 'X'), ('plain', ''))
    """
    if " " not in text and "\t" not in text and "\\" not in text and "\r" not in text:  # one field, no escape
        word, _, flags = text.partition("/")
        return (word, flags) if word else (text, "")
    fields = split_fields(text)
    token = fields[0] if fields else ""
    slash = 0
    while True:
        slash = token.find("/", slash)
        if slash <= 0 or token[slash - 1] != "\\":
            break
        slash += 1
    if slash <= 0:
        return token.replace("\\/", "/"), ""
    return token[:slash].replace("\\/", "/"), token[slash + 1:]


#: The rejection reason of a .dic entry of several words.
PHRASE = "a phrase: the dictionary entry holds a space"

# A morphological field after the word: ``po:noun`` (two letters and a colon), or a number (AM alias).
_MORPH = re.compile(r"(?:[A-Za-z]{2}:|[0-9]+$)")


def phrase_of(text: str) -> str | None:
    r"""The whole entry of a .dic line that holds several words separated by spaces, else None.

    Fields after the word are separated by a tab, or by a space when they are morphological
    fields (``po:noun``, or an AM alias number); any other space is inside the entry.

    >>> phrase_of("lhasa apso/12"), phrase_of("kerékbe törés"), phrase_of("tries/SU po:noun")
    ('lhasa apso', 'kerékbe törés', None)
    >>> phrase_of("szó/12 34"), phrase_of("plain	po:noun x")
    (None, None)
    """
    entry = text.strip(" \t\r\n").split("\t", 1)[0]
    parts = [p for p in entry.split(" ") if p]
    if len(parts) < 2 or _MORPH.match(parts[1]):
        return None
    words = [parts[0]]
    for part in parts[1:]:
        if _MORPH.match(part):
            break
        words.append(part)
    phrase = " ".join(words)
    slash = 0
    while True:  # the flags start at the first unescaped slash
        slash = phrase.find("/", slash)
        if slash <= 0 or phrase[slash - 1] != "\\":
            break
        slash += 1
    return (phrase if slash <= 0 else phrase[:slash]).replace("\\/", "/")


class HunspellSource(Source):
    """A Hunspell dictionary: every form of every .dic stem, stem by stem (a stream)."""

    kind = "hunspell"

    def __init__(self, spec: Spec, path: Path, options: Options, package: str | None = None,
                 licence: str = "unknown"):
        dic = path.with_suffix(".dic")
        aff = path.with_suffix(".aff")
        super().__init__(str(dic), options, package, licence)
        for needed in (dic, aff):
            if not needed.exists():
                raise LexcError(Problem(str(needed), None, None, "no such file (a Hunspell dictionary needs "
                                                                 "both .dic and .aff)"))
            if needed.is_dir():
                raise LexcError(Problem(str(needed), None, None, "is a directory"))
        self.spec, self.dic, self.aff = spec, dic, aff
        self.convention = Convention(spec, options.convention)

    def files(self) -> list[Path]:
        return [self.aff, self.dic]

    def _multiplying(self, forms: int, number: int) -> LexcError:
        return LexcError(Problem(self.name, number, "max-forms",
                                 f"{forms:,} forms by this line: more than {FORMS_PER_BYTE} a character of the .dic's "
                                 "entries: affix rules that multiply? (a limit of N forms keeps the first N)"))

    def _forbidden(self, aff: AffixFile) -> frozenset[str]:
        """Entries flagged FORBIDDENWORD: no other stem may produce them either (a first, quick pass)."""
        flag = aff.forbidden
        if flag is None:
            return frozenset()
        found = set()
        for number, text in enumerate(latin1_lines(self.dic), start=1):
            if "/" in text and (aff.aliases or aff.flag_type == "UTF-8" or flag in text):
                stem, flag_text = parse_dic_line(text)
                if flag_text and flag in aff.split_flags(flag_text, self.name, number):
                    found.add(aff.text(stem, self.name, number))
        return frozenset(found)

    @staticmethod
    def _cuts(aff: AffixFile, stem: str, line: str, file: str, number: int) -> tuple[int, ...]:
        """The compound boundaries the entry's ``hy:`` field marks in ``stem`` (its own, or an AM alias's)."""
        fields = split_fields(line)[1:]
        if not fields:
            return ()
        hyphen = None
        if aff.hyphens and len(fields) == 1 and _is_number(fields[0]):
            index = int(fields[0])
            hyphen = aff.hyphens[index - 1] if 1 <= index <= len(aff.hyphens) else None
        else:
            hyphen = hyphen_field(aff.text(" ".join(fields), file, number))
        return compound_cuts(stem, hyphen) if hyphen else ()

    def compounds(self) -> Compounds | None:
        """The stems the .aff's COMPOUNDFLAG, COMPOUNDBEGIN/FIRST and COMPOUNDEND/LAST flags let begin or end
        a compound, upper case; None when it declares none (COMPOUNDRULE is not read)."""
        aff = load_aff(self.aff, self.options.max_prefix_length)
        if not aff.compound_begin and not aff.compound_end:
            return None
        begins, ends = set(), set()
        ignore = str.maketrans("", "", aff.ignore) if aff.ignore else None
        for number, text in enumerate(latin1_lines(self.dic), start=1):
            if "/" not in text or number == 1:
                continue
            stem_bytes, flag_text = parse_dic_line(text.strip(" \t"))
            if not flag_text or " " in stem_bytes:
                continue
            flags = aff.split_flags(flag_text, self.name, number)
            begin = any(f in flags for f in aff.compound_begin)
            end = any(f in flags for f in aff.compound_end)
            if begin or end:
                stem = aff.text(stem_bytes, self.name, number)
                stem = self.spec.upper(stem.translate(ignore) if ignore else stem)
                if begin:
                    begins.add(stem)
                if end:
                    ends.add(stem)
        return Compounds(frozenset(begins), frozenset(ends))

    def _entry(self, text: str, stripped: str, number: int) -> bool:
        """Whether line ``number`` of the .dic (``stripped`` of spaces and tabs) is an entry: not blank, not the
        approximate entry count of line 1, not a comment; a NUL byte is an error."""
        if not stripped:
            self.stats.skipped(True, self.name, number)
            return False
        if number == 1 and _is_number(split_fields(stripped)[0]):
            return False  # the approximate entry count
        if stripped.startswith("#") or text.startswith("\t"):
            self.stats.skipped(False, self.name, number)
            return False
        if "\x00" in text:
            raise LexcError(Problem(self.name, number, None, "NUL byte in a .dic line"))
        return True

    def _one_by_one(self, aff: AffixFile, forms: list[str], stem: str, cuts: tuple[int, ...],
                    forbidden: frozenset[str], bounds: tuple[int, int], number: int) -> list[SourceWord]:
        """The forms of one entry, each pinned, checked, converted and counted (:meth:`words` outside its
        common case); ``bounds`` are the limit of forms and the budget so far. Sets ``stats.truncated``
        when the limit is reached."""
        stats, name, limit, budget = self.stats, self.name, *bounds
        coded, counted, output, convert = self.convention.coded, self.convention.counted, aff.output, bool(aff.oconv)
        found: list[SourceWord] = []
        for form in forms:
            if cuts:
                form = pinned(form, stem, cuts)
            if forbidden and form in forbidden:
                continue
            if convert:
                form = output(form)
            if coded or "[" in form:
                form = counted(form, stats)
            stats.words += 1
            found.append(source_word(form, name, number))
            if stats.words == limit:
                if self.options.max_forms is None:
                    raise LexcError(Problem(name, number, "max-forms", f"more than {limit:,} forms: affix rules "
                                                                       "that multiply without end? (a limit of N "
                                                                       "forms keeps the first N)"))
                stats.truncated = True
                break
            if stats.words & 0xFFF == 0 and budget < stats.words:
                raise self._multiplying(stats.words, number)
        return found

    def words(self) -> Iterator[SourceWord]:
        """Every form of every entry of the .dic, in the order of the lines (the stream a compile reads).

        The forms come a batch of entries at a time (:meth:`_entries`, at least :data:`BATCH` forms) and are
        flattened by ``itertools.chain``, in C: a generator step per batch, not per form or per entry (3.5
        million forms of uk_UA from 331,660 entries).
        """
        return chain.from_iterable(self._batches())

    def _batches(self) -> Iterator[Iterable[SourceWord]]:
        """:meth:`_entries`' batches as :class:`SourceWord` (:func:`batch_words`), one at a time (a generator, not
        a generator expression: mypyc may compile that into a list, which would hand nothing on before an error)."""
        name = self.name
        for item in self._entries():
            yield batch_words(item[0], name, item[1]) if isinstance(item, tuple) else item

    def blocks(self) -> Iterator[Lines | SourceWord]:
        """:meth:`words` as the compiler reads them: each batch of entries' forms one :class:`Lines` (each form
        with its entry's line in ``numbers``), made from the batch's lists of forms at once (:func:`forms_block`),
        with no :class:`SourceWord` per form; the words of the entries seen one by one (cs_CZ's, which has
        FORBIDDENWORD: every entry) gathered into blocks of at least :data:`BATCH` (:func:`word_blocks`), a phrase
        (rejected) alone, in order.

        >>> import pathlib, tempfile
        >>> folder = pathlib.Path(tempfile.mkdtemp())
        >>> _ = (folder / "d.aff").write_text("SET UTF-8\\nSFX S Y 1\\nSFX S 0 s .\\n", encoding="utf-8")
        >>> _ = (folder / "d.dic").write_text("3\\ncat/S\\nlhasa apso\\ndog/S\\n", encoding="utf-8")
        >>> source = HunspellSource(catalog.spec("en"), folder / "d.dic", Options())
        >>> [(b.texts, b.numbers) if isinstance(b, Lines) else (b.text, b.rejected) for b in source.blocks()]
        ... # doctest: +NORMALIZE_WHITESPACE
        [(['cat', 'cats'], [2, 2]), ('lhasa apso', 'a phrase: the dictionary entry holds a space'),
         (['dog', 'dogs'], [4, 4])]
        """
        name = self.name
        alone: list[SourceWord] = []  # the words of entries seen one by one, gathered into blocks of their own
        for item in self._entries():
            if isinstance(item, tuple):
                if item[0]:
                    if alone:
                        yield from word_blocks(iter(alone))
                        alone = []
                    yield forms_block(item[0], name, item[1])
            else:
                alone.extend(item)
                if len(alone) >= BATCH:
                    yield from word_blocks(iter(alone))
                    alone = []
        yield from word_blocks(iter(alone))

    def _affix_file(self) -> AffixFile:
        """The .aff file read, with the affixes the options ask for."""
        aff = load_aff(self.aff, self.options.max_prefix_length)
        aff.two_level = self.options.affixes == "all"
        if self.options.affixes == "none":
            aff.drop_affixes()
        self.stats.prefixes_skipped = aff.prefixes_skipped
        return aff

    def _entries(self) -> Iterator[Batch | list[SourceWord]]:
        """The forms of the .dic's entries in the order of the lines (:meth:`words`): many entries' together (a
        :data:`Batch`), as :class:`SourceWord` those of an entry whose forms must each be seen and a phrase."""
        stats = self.stats = SourceStats()
        aff = self._affix_file()
        skip_caps, limit = self.options.capitalised == "skip", self.options.max_forms or DEFAULT_MAX_FORMS
        name = self.name
        known_flags: dict[str, tuple[Flags, bool]] = {"": ((), False)}  # flag text -> flags, whether the entry is out
        forbidden = self._forbidden(aff)
        budget = FORMS_FLOOR if self.options.max_forms is None else 1 << 62  # a chosen cap: no ratio
        plain = not (forbidden or aff.oconv or self.convention.coded)  # else each form is seen (_one_by_one)
        # a form holds '[' (a tile convention's bracket, counted by _one_by_one) only if its stem or a rule's add does
        brackets = aff.adds_hold("[")
        ready = _Pending(name)  # the forms of the entries not handed on yet
        number = stems = count = 0  # lines, entries and forms so far (stats.lines, .stems, .words), counted here
        try:
            for number, text in enumerate(latin1_lines(self.dic), start=1):
                stripped = text.strip(" \t")
                if not (stripped and number != 1 and stripped[0] != "#" and text[0] != "\t" and "\x00" not in text) \
                        and not self._entry(text, stripped, number):  # the common case tested inline first
                    continue
                budget += FORMS_PER_BYTE * (len(stripped) + 1)  # entries only: comments buy no forms
                if " " in stripped and (phrase := phrase_of(stripped)) is not None:
                    stems += 1
                    yield ready.take()
                    yield self._phrase(aff, phrase, number)
                    continue
                stem, flag_text = _stem(aff, stripped, name, number)
                stems += 1
                if skip_caps and stem.lower() != stem:  # has_capital(stem), without a call into interpreted code
                    stats.capitalised += 1
                    continue
                flags, left_out = known_flags.get(flag_text) or _known_flags(aff, known_flags, flag_text, name, number)
                if left_out:
                    stats.forbidden += 1
                    continue
                cuts = self._cuts(aff, stem, stripped, name, number) if " " in stripped or "\t" in stripped else ()
                forms = _located(aff, stem, flags, name, number)
                if plain and not cuts:  # the common case: every form as it is, counted at once
                    total = count + len(forms)  # _one_by_one sees the forms where a count matters (limit, 4,096th)
                    if total < limit and total >> 12 == count >> 12 \
                            and (("[" not in stem and not brackets) or "[" not in "".join(forms)):
                        count = total
                        if ready.add(forms, number):
                            yield ready.take()
                        continue
                yield ready.take()
                stats.words = count
                found = self._one_by_one(aff, forms, stem, cuts, forbidden, (limit, budget), number)
                count = stats.words
                yield found
                if stats.truncated:
                    stats.lines, stats.stems = number, stems
                    return
        except LexcError as err:  # the forms read before a bad line or stem are handed on before its error
            yield ready.take()
            raise err
        yield ready.take()
        stats.lines, stats.stems, stats.words = number, stems, count
        stats.empty = stats.words == 0

    def _phrase(self, aff: AffixFile, phrase: str, number: int) -> list[SourceWord]:
        """A .dic line of several words, handed on as it is (rejected as a phrase), and counted."""
        self.stats.phrases += 1
        return [SourceWord(aff.text(phrase, self.name, number), self.name, number, PHRASE)]


#: :meth:`HunspellSource.words` hands the forms on once at least this many are ready (a few hundred entries').
BATCH = 4096

_new_word = tuple.__new__

#: The forms of several .dic entries (a list each) and the line of each entry: what :class:`_Pending` hands on.
Batch = tuple[list[list[str]], list[int]]


class _Pending:
    """The forms of the entries not handed on yet (a list per entry) and the line of each entry: handed on
    together by :func:`batch_words` once at least :data:`BATCH` forms are ready."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.groups: list[list[str]] = []
        self.lines: list[int] = []
        self.count = 0

    def add(self, forms: list[str], number: int) -> bool:
        """Keep an entry's ``forms`` (of line ``number``); whether a batch is ready."""
        self.groups.append(forms)
        self.lines.append(number)
        self.count += len(forms)
        return self.count >= BATCH

    def take(self) -> Batch:
        """The forms kept and their entries' lines (empty lists if none are kept); none are kept after."""
        batch = (self.groups, self.lines)
        self.groups, self.lines, self.count = [], [], 0
        return batch


def _stem(aff: AffixFile, stripped: str, file: str, number: int) -> tuple[str, str]:
    """A .dic entry's stem (its IGNORE characters removed) and its flag text."""
    stem_bytes, flag_text = parse_dic_line(stripped)
    stem = aff.text(stem_bytes, file, number)
    if aff.ignore and _holds_any(stem, aff.ignore):  # str.translate is dear; few stems need it
        stem = stem.translate(_ignored(aff.ignore))
    return stem, flag_text


@functools.lru_cache(maxsize=8)
def _ignored(chars: str) -> dict[int, None]:
    """The ``str.translate`` table that removes ``chars`` (a .aff's IGNORE), made once."""
    return dict.fromkeys(map(ord, chars))


def _known_flags(aff: AffixFile, known: dict[str, tuple[Flags, bool]], flag_text: str, file: str,
                 number: int) -> tuple[Flags, bool]:
    """The flags of a .dic entry's flag text, split once (and kept in ``known``), and whether they leave the
    entry out (FORBIDDENWORD, ONLYINCOMPOUND)."""
    split = aff.split_flags(flag_text, file, number)
    found = known[flag_text] = (split, aff.forbidden in split or aff.onlyincompound in split)
    return found


def batch_words(groups: list[list[str]], file: str, lines: list[int]) -> Iterator[SourceWord]:
    """A :class:`SourceWord` of each text of ``groups`` (the forms of several .dic entries, a list each) from
    ``file`` at the line of its entry in ``lines``, built in C: no Python-level constructor call, nor a call
    per entry (the one-entry counterpart is :func:`lexc.lexicon.reading.source_words`).

    >>> list(batch_words([["tries", "try"], ["cat"]], "demo.dic", [2, 5]))  # doctest: +NORMALIZE_WHITESPACE
    [SourceWord(text='tries', file='demo.dic', line=2, rejected=''),
     SourceWord(text='try', file='demo.dic', line=2, rejected=''),
     SourceWord(text='cat', file='demo.dic', line=5, rejected='')]
    """
    sizes = list(map(len, groups))
    n = sum(sizes)
    texts, numbers = chain.from_iterable(groups), chain.from_iterable(map(repeat, lines, sizes))
    return map(_new_word, repeat(SourceWord, n), zip(texts, repeat(file, n), numbers, repeat("", n), strict=True))


def forms_block(groups: list[list[str]], file: str, lines: list[int]) -> Lines:
    """The forms of several .dic entries (``groups``, a list each, not all empty) from ``file`` as one
    :class:`Lines`, each form numbered with its entry's line in ``lines``: joined and numbered by C-speed steps,
    the block :func:`batch_words`' words would make (:func:`lexc.lexicon.reading.word_blocks`).

    >>> block = forms_block([["tries", "try"], [], ["cat"]], "demo.dic", [2, 4, 5])
    >>> block.first, block.texts, block.joined, block.numbers
    (2, ['tries', 'try', 'cat'], 'tries\\ntry\\ncat', [2, 2, 5])
    """
    texts = list(chain.from_iterable(groups))
    numbers = list(chain.from_iterable(map(repeat, lines, map(len, groups))))
    return Lines(file, numbers[0], texts, "\n".join(texts), numbers)
