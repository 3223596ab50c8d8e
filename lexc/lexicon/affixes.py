"""A Hunspell affix file (.aff) read and applied: the flags of a stem expanded into every form.

A pure-Python expander: each stem is expanded through its PFX/SFX rules (strip strings,
conditions), cross products (prefix + suffix), two-level suffixes and prefix or suffix
continuation classes. It reads FLAG (short, long, num, UTF-8), AF flag aliases, SET, IGNORE,
FULLSTRIP, NEEDAFFIX, CIRCUMFIX, FORBIDDENWORD, ONLYINCOMPOUND, OCONV, the AM aliases' ``hy:``
fields and the compounding flags. The .dic side is :mod:`lexc.lexicon.hunspell`.

>>> aff = AffixFile.parse(["SET UTF-8", "SFX S Y 1", "SFX S y ies [^aeiou]y", "PFX U Y 1", "PFX U 0 un ."],
...                       "demo.aff")
>>> sorted(aff.expand("try", aff.flags_of("SU", "demo.dic", 2)))
['tries', 'try', 'untries', 'untry']
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from lexc.errors import LexcError, Problem
from lexc.inputs import not_a_codec, open_stream, read_line, read_number, text_codec, whole_number
from lexc.lexicon.reading import latin1_lines

FLAG_TYPES = ("short", "long", "num", "UTF-8")


@dataclass(frozen=True, slots=True)
class Rule:
    """One affix rule: strip ``strip`` then add ``add`` where ``condition`` holds."""

    prefix: bool
    flag: str
    cross: bool
    strip: str
    add: str
    cont: Flags
    condition: re.Pattern[str] | None  # None: any word
    width: int  # characters the condition tests
    line: int
    edge: str | None = None  # the characters the word's edge (last for SFX, first for PFX) may be; None: any
    cut: int | None = None  # a suffix: where the word is cut before ``add`` (``word[:cut] + add``)
    test: int = 0  # rules with the same test (kind, strip, condition) have the same number (AffixFile._build_index)
    ends: tuple[Test, ...] = ()  # a suffix: what it tests of each character from the word's end (:func:`_ends`)

    def __post_init__(self) -> None:
        object.__setattr__(self, "cut", -len(self.strip) if self.strip else None)

    def applies(self, word: str, fullstrip: bool) -> bool:
        """Whether the rule can be applied to ``word``."""
        n = len(word)
        if n < self.width or n < len(self.strip) or (n == len(self.strip) and not fullstrip):
            return False
        if self.prefix:
            if self.strip and not word.startswith(self.strip):
                return False
            return self.condition is None or self.condition.match(word) is not None
        if self.strip and not word.endswith(self.strip):
            return False
        return self.condition is None or self.condition.fullmatch(word, n - self.width) is not None

    def apply(self, word: str) -> str:
        if self.prefix:
            return self.add + word[len(self.strip):]
        return word[:self.cut] + self.add


def _condition(text: str, file: str, line: int) -> tuple[re.Pattern[str] | None, int, list[str | None], list[Test]]:
    """A Hunspell condition (chars, ``.``, ``[abc]``, ``[^abc]``) as a fixed-width regex.

    Also returns, for each position, the characters it accepts (None: too many to list), and its
    :data:`Test` (None: any character).
    """
    if text == ".":
        return None, 0, [None], [None]
    pattern: list[str] = []
    accepts: list[str | None] = []
    tests: list[Test] = []
    i = 0
    while i < len(text):
        char = text[i]
        if char == "[":
            end = text.find("]", i + 1)
            if end < 0:
                raise LexcError(Problem(file, line, text, "unclosed '[' in an affix condition"))
            body = text[i + 1:end]
            negate = body.startswith("^")
            chars = "".join(re.escape(c) for c in (body[1:] if negate else body))
            pattern.append(f"[{'^' if negate else ''}{chars}]" if chars else ("." if negate else "(?!)"))
            accepts.append(None if negate else body)
            tests.append((negate, body[1:] if negate else body))
            i = end + 1
        else:
            pattern.append("." if char == "." else re.escape(char))
            accepts.append(None if char == "." else char)
            tests.append(None if char == "." else (False, char))
            i += 1
    return re.compile("".join(pattern), re.DOTALL), len(accepts), accepts, tests


#: What one position of a condition accepts: (negated, characters), or None for any character.
Test = tuple[bool, str] | None


def _ends(strip: str, tests: list[Test]) -> tuple[Test, ...]:
    """A suffix rule's test of each character from the end of a word (the last first): its strip string
    and its condition (of ``tests``, one per position) together.

    >>> _ends("ть", [(False, "а"), (False, "т"), (False, "ь")])
    ((False, 'ь'), (False, 'т'), (False, 'а'))
    >>> _ends("", [(True, "аи"), None]), _ends("я", [(False, "ая")]), _ends("я", [(False, "а")])
    ((None, (True, 'аи')), ((False, 'я'),), ((False, ''),))
    """
    ends: list[Test] = []
    for back in range(1, max(len(strip), len(tests)) + 1):
        test = tests[-back] if back <= len(tests) else None
        if back <= len(strip):
            char = strip[-back]
            passes = test is None or (char in test[1]) != test[0]
            test = (False, char if passes else "")
        ends.append(test)
    return tuple(ends)


Flags = tuple[str, ...]


class FlagSet:
    """What :meth:`AffixFile.forms` knows of one flag set: the characters at a stem's end its suffix rules may
    test (``width``; -1 when a prefix may apply), whether its stems give no form (``skip``: FORBIDDENWORD,
    ONLYINCOMPOUND), and the tails of its stems' forms by the ending that decides them, of ``low`` to
    ``high`` characters."""

    def __init__(self, width: int, skip: bool) -> None:
        self.width = width
        self.skip = skip
        self.tails: dict[str, tuple[str, ...]] = {}
        self.low = 1 << 30
        self.high = -1

_Index = tuple[dict[str, tuple[Rule, ...]], int, dict[str, tuple[Rule, ...]], tuple[Rule, ...]]


@dataclass
class AffixFile:
    """The parts of a .aff file the expander uses."""

    file: str = "<aff>"
    encoding: str = "ISO8859-1"
    flag_type: str = "short"
    aliases: list[Flags] = field(default_factory=list)
    prefixes: dict[str, list[Rule]] = field(default_factory=dict)
    suffixes: dict[str, list[Rule]] = field(default_factory=dict)
    ignore: str = ""
    oconv: list[tuple[str, str]] = field(default_factory=list)
    fullstrip: bool = False
    needaffix: str | None = None
    circumfix: str | None = None
    forbidden: str | None = None
    onlyincompound: str | None = None
    compound_begin: tuple[str, ...] = ()  # COMPOUNDFLAG, COMPOUNDBEGIN, COMPOUNDFIRST: flags of a first part
    compound_end: tuple[str, ...] = ()  # COMPOUNDFLAG, COMPOUNDEND, COMPOUNDLAST: flags of a last part
    hyphens: list[str | None] = field(default_factory=list)  # per AM alias: its ``hy:`` field (Magyar Ispell)
    _am_counted: bool = False
    max_prefix_length: int | None = None
    prefixes_skipped: int = 0
    raw: bool = False  # lines are bytes seen as Latin-1: text fields are decoded with ``encoding``
    two_level: bool = True  # apply continuation classes (a second suffix, prefix + suffix continuations)
    max_stem_work: int = 0  # set by expand: rules one stem may still try (MAX_STEM_WORK)
    _af_counted: bool = False
    # per flag: (cache from the word's edge to the rules that apply, edge width, rules by edge character,
    # rules for any edge character)
    _pfx: dict[str, _Index] = field(default_factory=dict)
    _sfx: dict[str, _Index] = field(default_factory=dict)
    # :meth:`forms`: a flag set -> what is known of it (the edge its suffix rules look at, the tails by ending);
    # (flags, edge) -> the tails of a stem's forms after its head (the path of stems whose rules continue)
    _sets: dict[Flags, FlagSet] = field(default_factory=dict)
    # (flag, ending) -> the rules fitting it, and the most characters any of them tests
    _levels: dict[tuple[str, str], tuple[tuple[Rule, ...], int]] = field(default_factory=dict)
    _stems: dict[tuple[Flags, str], tuple[str, ...]] = field(default_factory=dict)
    # :meth:`_affix`: a condition's text -> what :func:`_condition` made of it
    _conditions: dict[str, tuple[re.Pattern[str] | None, int, list[str | None], list[Test]]] = \
        field(default_factory=dict)

    # ------------------------------------------------------------------ parsing

    def split_flags(self, text: str, file: str, line: int) -> Flags:
        """Flags written in ``text`` (or the AF alias it numbers)."""
        shown = self.text(text, file, line) if self.aliases and self.raw and not text.isascii() else text
        if self.aliases and shown.isdigit():  # str.isdigit: '²' and '٣' too, refused by read_number
            index = read_number(shown, "a flag alias number", least=0, most=_MAX_NUMBER, file=file, line=line,
                                key=shown[:24])
            if not 1 <= index <= len(self.aliases):
                raise LexcError(Problem(file, line, text, f"flag alias {index} is not defined (AF has "
                                                          f"{len(self.aliases)})"))
            return self.aliases[index - 1]
        return tuple(dict.fromkeys(self._flags(text, file, line)))

    def flags_of(self, text: str, file: str = "<dic>", line: int = 0) -> Flags:
        """Flags of a .dic entry (public for doctests and tests)."""
        return self.split_flags(text, file, line)

    def text(self, field: str, file: str, line: int) -> str:
        """A word, strip, add or condition field as text (see :attr:`raw`)."""
        if not self.raw:
            return field
        try:
            return field.encode("latin-1").decode(self.encoding)
        except (UnicodeDecodeError, UnicodeEncodeError) as error:
            raise LexcError(Problem(file, line, None, f"{field.encode('latin-1')[:40]!r} is not valid "
                                                      f"{self.encoding} ({error.reason})")) from None

    def _flags(self, text: str, file: str, line: int) -> list[str]:
        if self.flag_type == "UTF-8":
            text = self.text(text, file, line)
        if self.flag_type == "long":
            if len(text) % 2:
                raise LexcError(Problem(file, line, text, "FLAG long needs two characters per flag"))
            return [text[i:i + 2] for i in range(0, len(text), 2)]
        if self.flag_type == "num":
            flags = [f for f in text.split(",") if f]
            bad = [f for f in flags if not _is_number(f)]
            if bad:
                raise LexcError(Problem(file, line, text, f"FLAG num needs numbers, not {bad[0]!r}"))
            return flags
        return list(text)

    @classmethod
    def parse(cls, lines: Iterable[str], file: str = "<aff>", max_prefix_length: int | None = None,
              encoding: str | None = None) -> AffixFile:
        """Parse the lines of a .aff file: text, or (with ``encoding``) bytes decoded as Latin-1.

        Short and long flags are bytes in Hunspell (hu_HU's flags are bytes above 0x7F in a UTF-8
        file), so a .aff file is read as bytes and only its text fields are decoded.
        """
        aff = cls(file=file, max_prefix_length=max_prefix_length, raw=encoding is not None,
                  encoding=encoding or "UTF-8")
        pending: dict[tuple[str, str], tuple[bool, int]] = {}
        for number, line in enumerate(lines, start=1):
            parts = split_fields(line)
            if not parts or parts[0].startswith("#"):
                continue
            aff._directive(parts, number, pending)
        aff._build_index()
        return aff

    def _directive(self, parts: list[str], number: int, pending: dict[tuple[str, str], tuple[bool, int]]) -> None:
        key, args = parts[0], parts[1:]
        single = args[0] if args else ""
        if key == "SET":
            self.encoding = self.encoding if self.raw else single
        elif key == "FLAG":
            if single not in FLAG_TYPES:
                raise LexcError(Problem(self.file, number, "FLAG", f"unknown flag type {single!r}"))
            self.flag_type = single
        elif key == "AF" and args:
            if self._af_counted:
                self.aliases.append(tuple(dict.fromkeys(self._flags(single, self.file, number))))
            self._af_counted = True  # the first AF line is the count
        elif key == "IGNORE":
            self.ignore = self.text(single, self.file, number)
        elif key == "OCONV" and len(args) >= 2:
            self.oconv.append((self.text(args[0], self.file, number), self.text(args[1], self.file, number)))
        elif key == "FULLSTRIP":
            self.fullstrip = True
        elif key in ("NEEDAFFIX", "PSEUDOROOT", "CIRCUMFIX", "FORBIDDENWORD", "ONLYINCOMPOUND"):
            flag = self._one_flag(key, args, number)
            name = {"PSEUDOROOT": "needaffix", "FORBIDDENWORD": "forbidden"}.get(key, key.lower())
            setattr(self, name, flag)
        elif key in _COMPOUND_KEYS:
            flag = self._one_flag(key, args, number)
            if key in ("COMPOUNDFLAG", "COMPOUNDBEGIN", "COMPOUNDFIRST"):
                self.compound_begin += (flag,)
            if key in ("COMPOUNDFLAG", "COMPOUNDEND", "COMPOUNDLAST"):
                self.compound_end += (flag,)
        elif key == "AM" and args:
            if self._am_counted:
                self.hyphens.append(hyphen_field(self.text(" ".join(args), self.file, number)))
            self._am_counted = True  # the first AM line is the count
        elif key in ("PFX", "SFX") and len(args) >= 3:
            self._affix(key == "PFX", args, number, pending)

    def _one_flag(self, key: str, args: list[str], number: int) -> str:
        """The flag a ``NEEDAFFIX X``-like directive names; none (``NEEDAFFIX`` alone, ``NEEDAFFIX ,``) is an error."""
        flags = self._flags(args[0], self.file, number) if args else []
        if not flags:
            raise LexcError(Problem(self.file, number, key, f"names no flag: write '{key} FLAG' (e.g. '{key} X')"))
        return flags[0]

    def _affix(self, prefix: bool, args: list[str], number: int,
               pending: dict[tuple[str, str], tuple[bool, int]]) -> None:
        flag = self._flags(args[0], self.file, number)[0] if self.flag_type != "num" else args[0]
        kind = "PFX" if prefix else "SFX"
        left = pending.get((kind, flag))
        if left is None or left[1] == 0:
            if args[1] not in ("Y", "N") or not _is_number(args[2]):
                raise LexcError(Problem(self.file, number, f"{kind} {flag}",
                                        "expected a header 'FLAG Y|N COUNT' before the rules"))
            pending[(kind, flag)] = (args[1] == "Y", int(args[2]))
            (self.prefixes if prefix else self.suffixes).setdefault(flag, [])
            return
        cross, count = left
        pending[(kind, flag)] = (cross, count - 1)
        strip = "" if args[1] == "0" else self.text(args[1], self.file, number)
        add, _, cont_text = args[2].partition("/")
        add = "" if add == "0" else self.text(add, self.file, number)
        if self.ignore:
            table = str.maketrans("", "", self.ignore)
            strip, add = strip.translate(table), add.translate(table)
        cont = self.split_flags(cont_text, self.file, number) if cont_text else ()
        condition_text = self.text(args[3], self.file, number) if len(args) > 3 else "."
        made = self._conditions.get(condition_text)  # a .aff repeats its conditions: each compiled once
        if made is None:
            made = self._conditions[condition_text] = _condition(condition_text, self.file, number)
        condition, width, accepts, tests = made
        if prefix and self.max_prefix_length is not None and len(add) > self.max_prefix_length:
            self.prefixes_skipped += 1
            return
        edge = (strip[:1] if prefix else strip[-1:]) or (accepts[0] if prefix else accepts[-1])
        rule = Rule(prefix, flag, cross, strip, add, cont, condition, width, number, edge,
                    ends=() if prefix else _ends(strip, tests))
        (self.prefixes if prefix else self.suffixes)[flag].append(rule)

    def drop_affixes(self) -> None:
        """Forget every affix rule: the dictionary's stems alone (``affixes = "none"``)."""
        self.prefixes.clear()
        self.suffixes.clear()
        self._build_index()

    def _build_index(self) -> None:
        # a rule whose continuation says ONLYINCOMPOUND makes compound parts only: left out
        only = self.onlyincompound
        for table in (self.prefixes, self.suffixes):
            for flag, rules in table.items():
                table[flag] = [r for r in rules if only is None or only not in r.cont]
        self.prefixes = {flag: rules for flag, rules in self.prefixes.items() if rules}
        self.suffixes = {flag: rules for flag, rules in self.suffixes.items() if rules}
        self._pfx.clear()
        self._sfx.clear()
        self._sets.clear()
        self._levels.clear()
        self._stems.clear()
        tests: dict[tuple[bool, str, str | None, int], int] = {}
        for table in (self.prefixes, self.suffixes):
            for rules in table.values():
                for rule in rules:
                    key = (rule.prefix, rule.strip, rule.condition.pattern if rule.condition else None, rule.width)
                    object.__setattr__(rule, "test", tests.setdefault(key, len(tests)))
        for cache, table in ((self._pfx, self.prefixes), (self._sfx, self.suffixes)):
            for flag, rules in table.items():
                anywhere = tuple(r for r in rules if r.edge is None)
                chars = sorted({c for r in rules if r.edge is not None for c in r.edge})
                by_edge = {c: tuple(r for r in rules if r.edge is None or c in r.edge) for c in chars}
                width = max((max(r.width, len(r.strip)) for r in rules), default=0)
                cache[flag] = ({}, width, by_edge, anywhere)

    def adds_hold(self, char: str) -> bool:
        """Whether any affix rule adds ``char``: a form holds it only if its stem or such a rule does.

        >>> aff = AffixFile.parse(["SFX S Y 1", "SFX S 0 s ."])
        >>> aff.adds_hold("s"), aff.adds_hold("[")
        (True, False)
        """
        return any(char in rule.add for table in (self.prefixes, self.suffixes) for rules in table.values()
                   for rule in rules)

    # ------------------------------------------------------------------ expansion

    def _rules(self, prefix: bool, flag: str, word: str) -> tuple[Rule, ...]:
        """The rules of ``flag`` that apply to ``word``: they depend only on its edge (cached)."""
        found = (self._pfx if prefix else self._sfx).get(flag)
        if found is None:
            return ()
        self.max_stem_work -= 1
        cache, width, by_edge, anywhere = found
        # a short word is its own key: its length matters too (FULLSTRIP, condition width)
        edge = word[:width] if prefix else word[len(word) - width:]
        key = edge if len(word) > width else word + "\0"
        hit = cache.get(key)
        if hit is None:
            n = len(word)
            if prefix or not word:
                candidates = by_edge.get(word[:1] if prefix else word[-1:], anywhere) if word else anywhere
                hit = cache[key] = self._applying(candidates, word)
            elif n > width:
                hit = cache[key] = self._ending(flag, word, width)[0]
            else:  # a short word: no rule may test or strip more than it has (FULLSTRIP: strip all of it)
                full = self.fullstrip
                hit = cache[key] = tuple(rule for rule in self._ending(flag, word, n)[0]
                                         if len(rule.ends) <= n and (full or n != len(rule.strip)))
        self.max_stem_work -= len(hit)
        if self.max_stem_work < 0:
            raise LexcError(f"affix rules tried more than {MAX_STEM_WORK:,} times on one stem: rules that never "
                            "end or never yield a new form?")
        return hit

    def _ending(self, flag: str, word: str, width: int) -> tuple[tuple[Rule, ...], int]:
        """The suffix rules of ``flag`` that apply to ``word`` (longer than ``width``, the most they test), and how
        many of its last characters decided them (``width`` at most).

        The rules that fit the last ``d`` characters are those that fit the last ``d - 1`` and accept the
        ``d``-th from the end: worked out one character at a time from the word's end, each ending's rules
        cached (by flag and ending) with how far back the deepest of them tests; the walk stops where none of
        the rules left looks further back, so a new word's edge costs a few look-ups of short endings, not a
        test of every rule.
        """
        levels, n = self._levels, len(word)
        level = levels.get((flag, ""))
        if level is None:
            rules = tuple(self.suffixes[flag])
            level = levels[flag, ""] = (rules, max((len(r.ends) for r in rules), default=0))
        back = 0
        while back < width and level[1] > back:
            back += 1
            key = (flag, word[n - back:])
            found = levels.get(key)
            if found is None:
                char = word[n - back]
                rules = tuple(rule for rule in level[0]
                              if back > len(rule.ends) or (test := rule.ends[back - 1]) is None
                              or (char in test[1]) != test[0])
                found = levels[key] = (rules, max((len(r.ends) for r in rules), default=0))
            level = found
        return level[0], back if level[1] <= back else width + 1

    def _applying(self, candidates: tuple[Rule, ...], word: str) -> tuple[Rule, ...]:
        """Those of ``candidates`` that apply to ``word``, each distinct test (strip, condition) made once."""
        tested: dict[int, bool] = {}
        hit = []
        for rule in candidates:
            ok = tested.get(rule.test)
            if ok is None:
                ok = tested[rule.test] = rule.applies(word, self.fullstrip)
            if ok:
                hit.append(rule)
        return tuple(hit)

    def expand(self, stem: str, flags: Flags) -> Iterator[str]:
        """Every form of ``stem`` (its own flags ``flags``), each once, the stem first."""
        return iter(self.forms(stem, flags))

    def forms(self, stem: str, flags: Flags) -> list[str]:
        """:meth:`expand`'s forms as a list.

        A stem whose flags add suffixes only is expanded once per flag set and *deciding ending*: the rules of a
        flag that apply are decided by the stem's last few characters (:meth:`_ending` walks them from the end
        and stops where no rule left tests further), and the forms keep all the stem before them, so every stem
        of that flag set and ending has the same forms after its head: the tails, cached by ending
        (:class:`FlagSet`, :meth:`_learn`). An ending decides every stem that has it, whatever comes before, so
        a stem's tails are those of the one stored ending it has, found from the shortest stored length up.

        A stem whose rules continue (a second suffix) is expanded by :meth:`_forms`, its tails cached per flag
        set and edge of ``width`` characters (:meth:`_quick_width`; kept from an edge's second stem on); a flag
        set that may add a prefix always by :meth:`_forms`.

        >>> aff = AffixFile.parse(["SFX A Y 2", "SFX A ть ла ть", "SFX A ть ли ть"])
        >>> aff.forms("читать", ("A",)), aff.forms("писать", ("A",)), sorted(aff._sets[("A",)].tails)
        (['читать', 'читала', 'читали'], ['писать', 'писала', 'писали'], ['ть'])
        """
        known = self._sets.get(flags)
        if known is None:
            known = self._sets[flags] = FlagSet(self._quick_width(flags), self.forbidden in flags
                                                or self.onlyincompound in flags)
        if not stem or known.skip:
            return []
        self.max_stem_work = MAX_STEM_WORK
        width = known.width
        if width < 0:
            return self._forms(stem, flags)
        n = len(stem)
        tails = known.tails
        depth, top = known.low, min(known.high, n - 1)
        while depth <= top:  # the one stored ending the stem has, if any
            found = tails.get(stem[n - depth:])
            if found is not None:
                if found is _CONTINUED:
                    return self._by_edge(stem, flags, width)
                head = stem[:n - depth]
                return [head + tail for tail in found]
            depth += 1
        learnt = self._learn(stem, flags, known)
        return learnt if learnt is not None else self._by_edge(stem, flags, width)

    def _learn(self, stem: str, flags: Flags, known: FlagSet) -> list[str] | None:
        """The forms of ``stem`` (as :meth:`_quick` makes them), their tails stored by the ending that decides
        its rules; None when a rule that applies continues (marked so for its ending) or when the stem is too
        short for its ending to decide (the rules of a short word also depend on its length).

        The rules :meth:`_ending` finds for a stem whose ending decides them before its first character are
        those :meth:`_rules` gives (none tests or strips as much as the whole stem).
        """
        n, depth, continued = len(stem), 0, False
        forms = [] if self.needaffix in flags else [stem]
        for flag in flags:
            index = self._sfx.get(flag)
            if index is None:
                continue
            rules, decided = self._ending(flag, stem, min(index[1], n))
            if decided >= n:
                return None
            depth = max(depth, decided)
            for rule in rules:
                continued = continued or bool(rule.cont)
            if not continued:
                forms.extend([stem[:n - len(rule.strip)] + rule.add for rule in rules])
        ending = stem[n - depth:]
        known.low, known.high = min(known.low, depth), max(known.high, depth)
        if continued:
            known.tails[ending] = _CONTINUED
            return None
        found = list({form: None for form in forms})  # each once, where it first came
        known.tails[ending] = tuple(form[n - depth:] for form in found)
        return found

    def _by_edge(self, stem: str, flags: Flags, width: int) -> list[str]:
        """The forms of ``stem`` by :meth:`_quick` or else :meth:`_forms`, their tails cached by flag set and
        edge (its last ``width`` characters) from an edge's second stem on: most edges have one."""
        n = len(stem)
        key = (flags, stem[n - width:] if n > width else stem + "\0")
        tails = self._stems.get(key)
        if tails is None or tails is _ONCE:
            found = self._quick(stem, flags)
            if found is None:  # a rule that applies has a continuation
                self.max_stem_work = MAX_STEM_WORK
                found = self._forms(stem, flags)
            head = n - width if n > width else 0
            self._stems[key] = _ONCE if tails is None else tuple(form[head:] for form in found)
            return found
        if n <= width:
            return list(tails)
        head_text = stem[:n - width]
        return [head_text + tail for tail in tails]

    def _quick_width(self, flags: Flags) -> int:
        """The characters at a stem's end that the suffix rules of ``flags`` (and of their continuations) may
        test or strip; -1 when a prefix may apply (a flag, or a continuation, has prefix rules).

        A second-level rule tests the end of a first-level form, which keeps all but the last (first-level
        width) characters of the stem: the two widths added bound what the forms depend on.
        """
        conts = {c for flag in flags for rule in self.suffixes.get(flag, ()) for c in rule.cont}
        if any(flag in self._pfx for flag in flags) or any(flag in self._pfx for flag in conts):
            return -1
        first = max((self._sfx[flag][1] for flag in flags if flag in self._sfx), default=0)
        second = max((self._sfx[flag][1] for flag in conts if flag in self._sfx), default=0)
        return first + (second if self.two_level else 0)

    def _quick(self, stem: str, flags: Flags) -> list[str] | None:
        """The forms of a stem whose flags have suffix rules only; None when a rule that applies has a
        continuation. Each flag's rules that apply, and what they leave of its edge and add, are cached by
        flag and edge (:meth:`_rules`)."""
        forms = [] if self.needaffix in flags else [stem]
        n = len(stem)
        for flag in flags:
            index = self._sfx.get(flag)
            if index is None:
                continue
            hit = self._rules(False, flag, stem)
            for rule in hit:
                if rule.cont:
                    return None
            forms.extend([stem[:n - len(rule.strip)] + rule.add for rule in hit])
        return list({form: None for form in forms})  # each once, where it first came

    def _forms(self, stem: str, flags: Flags) -> list[str]:
        """Every form of ``stem``: suffixes, two-level suffixes, prefixes and cross products (the general path)."""
        needaffix, circumfix, rules = self.needaffix, self.circumfix, self._rules
        found: dict[str, None] = {}  # an ordered set: each form once, where it first came
        if needaffix not in flags:
            found[stem] = None
        # suffixed forms: (form, cross product allowed, flags that may add a prefix, circumfix)
        suffixed: list[tuple[str, bool, Flags, bool]] = []
        prefixes, two_level = bool(self.prefixes), self.two_level
        for flag in flags:
            for rule in rules(False, flag, stem):
                form = stem[:rule.cut] + rule.add  # rule.apply(stem), inlined: the innermost loop
                circ = circumfix is not None and circumfix in rule.cont
                if not circ and needaffix not in rule.cont:
                    found[form] = None
                if prefixes:
                    suffixed.append((form, rule.cross, flags + rule.cont, circ))
                if not rule.cont or not form or not two_level:
                    continue
                for flag2 in rule.cont:  # two-level suffixes
                    for rule2 in rules(False, flag2, form):
                        form2 = form[:rule2.cut] + rule2.add
                        circ2 = circ or (circumfix is not None and circumfix in rule2.cont)
                        if not circ2 and needaffix not in rule2.cont:
                            found[form2] = None
                        if prefixes:
                            suffixed.append((form2, rule.cross and rule2.cross, flags + rule.cont, circ2))
        if prefixes:
            self._prefixed(stem, flags, suffixed, found)
        return list(found)

    def _prefixed(self, stem: str, flags: Flags, suffixed: list[tuple[str, bool, Flags, bool]],
                  found: dict[str, None]) -> None:
        needaffix, circumfix, rules = self.needaffix, self.circumfix, self._rules
        allowed = dict.fromkeys(flags)
        for _form, _cross, more, _circ in suffixed:
            allowed.update(dict.fromkeys(more))
        for flag in allowed:
            if flag not in self._pfx:
                continue
            if flag in flags:
                for rule in rules(True, flag, stem):
                    form = rule.apply(stem)
                    circ = circumfix is not None and circumfix in rule.cont
                    if not circ and needaffix not in rule.cont:
                        found[form] = None
                    for flag2 in rule.cont if self.two_level else ():  # a prefix's continuation allows a suffix
                        for srule in rules(False, flag2, stem):
                            sform = srule.apply(stem)
                            if rule.applies(sform, self.fullstrip):
                                found[rule.apply(sform)] = None
            for form, cross, more, scirc in suffixed:
                if not cross or flag not in more:
                    continue
                for rule in rules(True, flag, form):
                    circ = circumfix is not None and circumfix in rule.cont
                    if rule.cross and scirc == circ:
                        found[rule.apply(form)] = None

    def output(self, form: str) -> str:
        """``form`` after OCONV (output conversion)."""
        for old, new in self.oconv:
            if old in form:
                form = form.replace(old, new)
        return form


_FIELDS = re.compile(r"[ \t]+")
#: :meth:`AffixFile.forms`: a flag set and edge seen once (its tails not kept yet).
_ONCE: tuple[str, ...] = ("\0once",)
#: :attr:`FlagSet.tails`: an ending whose stems have a rule that continues (expanded by the general path).
_CONTINUED: tuple[str, ...] = ("\0continued",)
#: Affix rules one stem may try (each rule that applies, each look-up of a flag): real dictionaries
#: try at most a few thousand; rules that yield nothing new would otherwise run unbounded.
MAX_STEM_WORK = 200_000
_COMPOUND_KEYS = ("COMPOUNDFLAG", "COMPOUNDBEGIN", "COMPOUNDFIRST", "COMPOUNDEND", "COMPOUNDLAST")


def hyphen_field(morph: str) -> str | None:
    """The ``hy:`` field of morphological fields, where Magyar Ispell (hu_HU) marks compound boundaries.

    >>> hyphen_field("po:noun ts:NOM hy:rajz|szeg"), hyphen_field("po:noun hy:4"), hyphen_field("po:noun")
    ('rajz|szeg', '4', None)
    """
    for part in morph.split():
        if part.startswith("hy:") and len(part) > 3:
            return part[3:]
    return None


def _is_number(text: str) -> bool:
    """ASCII digits, at most 9 of them (``str.isdigit`` also takes ``²`` and ``٣``, which ``int`` refuses).

    >>> _is_number("12"), _is_number("²"), _is_number("١٢"), _is_number("9" * 5000)
    (True, False, False, False)
    """
    return whole_number(text, most=_MAX_NUMBER) is not None


#: The largest count or index a .aff or .dic holds: 9 digits.
_MAX_NUMBER = 999_999_999


def split_fields(line: str) -> list[str]:
    """Fields separated by ASCII spaces and tabs only (Latin-1 views of UTF-8 hold U+00A0 and U+0085).

    >>> split_fields("SFX A  à\xa0 0 .\\n")
    ['SFX', 'A', 'à\xa0', '0', '.']
    """
    line = line.strip(" \t\r\n")
    return _FIELDS.split(line) if line else []


def _aff_encoding(path: Path) -> str:
    """The SET line of a .aff file (ISO8859-1 when there is none), read before decoding."""
    with open_stream(path, "Hunspell file") as handle:
        number = 0
        while raw := read_line(handle, path, number + 1):
            number += 1
            parts = raw.split()
            if len(parts) >= 2 and parts[0] == b"SET":
                name = parts[1].decode("ascii", "replace")
                codec = {"microsoft-cp1251": "cp1251", "ISCII-DEVANAGARI": "iscii"}.get(name, name)
                if text_codec(codec) is None:
                    raise LexcError(Problem(str(path), number, "SET", not_a_codec(name)))
                return codec
    return "ISO8859-1"


def load_aff(path: Path, max_prefix_length: int | None = None) -> AffixFile:
    """Read and parse a .aff file (its encoding from its own SET line)."""
    encoding = _aff_encoding(path)
    return AffixFile.parse(latin1_lines(path), str(path), max_prefix_length, encoding)
