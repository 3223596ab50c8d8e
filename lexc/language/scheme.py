"""Romanisation schemes: how the letters of a non-Roman script are spelled with A–Z tiles.

A scheme is a TOML file in ``transliterations/`` (format: docs/transliteration.md):
per-letter outputs, context rules (word start or end, the letter before or after),
multi-letter native sequences, letters written as nothing, and which of those stand
for an apostrophe (Polyglot rule 4). A scheme is data, never code.

A scheme works on a word already split into native tiles, and gives one board
string per tile, so the alignment is never lost:

>>> from lexc.paths import shipped_dir
>>> def get_scheme(name): return load_scheme(shipped_dir("transliterations") / f"{name}.toml")
>>> ru = get_scheme("ru-bgn")
>>> ru.apply(["Щ", "И"]), ru.apply(["Е", "Л", "Ь"]), ru.apply(["Е", "Л", "Ь"], facedown=True)
(['SHCH', 'I'], ['YE', 'L', ''], ['YE', 'L', "'"])
>>> get_scheme("el-elot743").apply(list("ΕΥΧΑΡΙΣΤΩ"))
['E', 'F', 'CH', 'A', 'R', 'I', 'S', 'T', 'O']
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lexc.errors import LexcError, Problem, SpecError
from lexc.language.spelling import FACEDOWN as FACEDOWN  # the board string of a face-down tile (rule 4)
from lexc.tomlsrc import Checker, Lines, load, load_checked, type_name

if TYPE_CHECKING:
    from lexc.language.spec import Spec

_AZ = re.compile(r"[A-Z]*")
_TOP: dict[str, tuple[type, ...]] = {
    "name": (str,), "language": (str,), "title": (str,), "standard": (str,), "sources": (list,),
    "departures": (list,), "notes": (str,), "classes": (dict,), "letters": (dict,), "sequences": (dict,),
    "variants": (dict,), "icu": (str,),
}
_REQUIRED = ("name", "language", "standard", "sources", "letters")
_RULE_KEYS = ("out", "at", "after", "before", "apostrophe")
_PLACES = ("start", "end")


@dataclass(frozen=True, slots=True)
class Rule:
    """One output with the context it needs; a rule with no condition is the default."""

    out: tuple[str, ...]  # one board string per letter (one letter unless a sequence)
    at: str | None = None  # "start" or "end" of the word
    after: frozenset[str] | None = None  # the letter before is one of these
    before: frozenset[str] | None = None  # the letter after is one of these
    apostrophe: bool = False  # written as nothing, or a face-down tile under rule 4

    def applies(self, letters: Sequence[str], start: int, end: int) -> bool:
        """Whether the rule fits the letters ``letters[start:end]`` of a word."""
        if self.at == "start" and start != 0:
            return False
        if self.at == "end" and end != len(letters):
            return False
        if self.after is not None and (start == 0 or letters[start - 1] not in self.after):
            return False
        return self.before is None or (end < len(letters) and letters[end] in self.before)


@dataclass(frozen=True)
class Scheme:
    """A loaded, checked scheme."""

    name: str
    language: str
    standard: str
    title: str
    sources: tuple[str, ...]
    departures: tuple[str, ...]
    letters: Mapping[str, tuple[Rule, ...]]
    sequences: Mapping[str, tuple[tuple[tuple[str, ...], tuple[Rule, ...]], ...]]  # first letter -> longest first
    variants: Mapping[str, str]  # a letter as native text may write it -> the tile it is played with
    icu: str = ""  # the closest ICU transform, for comparison (lexc translit --compare icu)
    path: Path | None = None
    sha256: str = ""

    def __post_init__(self) -> None:
        simple = {letter: rules[0].out[0] for letter, rules in self.letters.items()
                  if len(rules) == 1 and not rules[0].apostrophe and letter not in self.sequences}
        object.__setattr__(self, "_simple", simple)

    def __hash__(self) -> int:  # a value: equal schemes have the same name, language and file hash
        return hash((self.name, self.language, self.sha256))

    @property
    def simple(self) -> Mapping[str, str]:
        """Letters spelled one way whatever their context (one unconditional rule, no sequence): their output."""
        return self._simple  # type: ignore[attr-defined,no-any-return]

    @property
    def apostrophes(self) -> frozenset[str]:
        """Letters that stand for an apostrophe (written as nothing unless rule 4 is on)."""
        return frozenset(k for k, rules in self.letters.items() if any(r.apostrophe for r in rules))

    def default_out(self, letter: str, *, facedown: bool = False) -> str | None:
        """What ``letter`` is written as when no context rule applies (its unconditional rule).

        None when the scheme does not list the letter, or writes it as nothing (an
        apostrophe letter is :data:`FACEDOWN` when ``facedown``, Polyglot rule 4).

        >>> from lexc.paths import shipped_dir
        >>> ru = load_scheme(shipped_dir("transliterations") / "ru-bgn.toml")
        >>> ru.default_out("Щ"), ru.default_out("Е"), ru.default_out("Ь"), ru.default_out("Ь", facedown=True)
        ('SHCH', 'E', None, "'")
        """
        rules = self.letters.get(letter)
        if not rules:
            return None
        rule = rules[-1]
        if rule.at is not None or rule.after is not None or rule.before is not None:
            return None
        if rule.apostrophe:
            return FACEDOWN if facedown else None
        return rule.out[0] or None

    def context_outs(self, letter: str) -> list[str]:
        """The outputs of ``letter`` that only a context rule gives (not written as nothing).

        >>> from lexc.paths import shipped_dir
        >>> load_scheme(shipped_dir("transliterations") / "ru-bgn.toml").context_outs("Е")
        ['YE']
        """
        rules = self.letters.get(letter, ())
        default = self.default_out(letter)
        return sorted({r.out[0] for r in rules[:-1] if r.out[0] and not r.apostrophe and r.out[0] != default})

    def apply(self, letters: Sequence[str], faces: Sequence[str] | None = None, *,
              facedown: bool = False) -> list[str]:
        """The board string of each letter of a word (its tiles' surface letters, in order).

        ``faces`` gives, for each letter, the tile it belongs to: a letter the scheme does
        not list (a Hebrew final form, say) is spelled as its tile. Raises ``KeyError`` on a
        letter the scheme cannot spell (``check_against_spec`` rules that out for a spec).
        """
        simple: dict[str, str] = self._simple  # type: ignore[attr-defined]
        outs: list[str] = [""] * len(letters)
        i = 0
        while i < len(letters):
            out = simple.get(letters[i])
            if out is not None:
                outs[i] = out
                i += 1
                continue
            taken = self._sequence(letters, i, outs, facedown)
            if taken:
                i += taken
                continue
            rules = self.letters.get(letters[i])
            if rules is None and faces is not None:
                rules = self.letters.get(faces[i])
            if rules is None:
                raise KeyError(letters[i])
            outs[i] = pick(rules, letters, i, i + 1, facedown)[0]
            i += 1
        return outs

    def _sequence(self, letters: Sequence[str], i: int, outs: list[str], facedown: bool) -> int:
        for seq, rules in self.sequences.get(letters[i], ()):
            end = i + len(seq)
            if tuple(letters[i:end]) == seq:
                for rule in rules:
                    if rule.applies(letters, i, end):
                        outs[i:end] = rule.out
                        return len(seq)
        return 0


def pick(rules: Sequence[Rule], letters: Sequence[str], start: int, end: int, facedown: bool) -> tuple[str, ...]:
    """The output of the first of ``rules`` that fits ``letters[start:end]`` (rule 4: FACEDOWN for an apostrophe)."""
    for rule in rules:
        if rule.applies(letters, start, end):
            if rule.apostrophe and facedown:
                return (FACEDOWN,)
            return rule.out
    raise KeyError(letters[start])  # unreachable in a checked scheme: the last rule is a default


# --------------------------------------------------------------------------- loading and checking

def _classes(check: Checker, data: Mapping[str, Any]) -> dict[str, frozenset[str]]:
    classes: dict[str, frozenset[str]] = {}
    for name, value in data.get("classes", {}).items():
        letters = isinstance(value, list) and value and all(isinstance(v, str) and v for v in value)
        if (isinstance(value, str) and value) or letters:
            classes[name] = frozenset(value)
        else:
            check.add(("classes", name), "a class is a non-empty string of letters (or an array of letters)")
    return classes


def _letter_set(check: Checker, path: tuple[object, ...], value: object,
                classes: Mapping[str, frozenset[str]]) -> frozenset[str] | None:
    if not isinstance(value, str) or not value:
        check.add(path, f"must be a class name or a string of letters, not {type_name(value)}")
        return None
    if value not in classes and value.isascii() and value.isupper():
        known = ", ".join(classes) or "none"
        check.add(path, f"unknown class {value!r} (classes: {known})")
        return None
    return classes.get(value, frozenset(value))


def _out(check: Checker, path: tuple[object, ...], value: object, width: int) -> tuple[str, ...] | None:
    outs: list[object] = list(value) if isinstance(value, list) else [value]
    if width > 1 and (not isinstance(value, list) or len(value) != width):
        check.add(path, f"a sequence of {width} letters needs an array of {width} outputs, one per letter")
        return None
    if width == 1 and isinstance(value, list):
        check.add(path, "a single letter's output is a string, not an array")
        return None
    result: list[str] = []
    for out in outs:
        if not isinstance(out, str):
            check.add(path, f"an output must be a string, not {type_name(out)}")
            return None
        if not _AZ.fullmatch(out):
            bad = next(c for c in out if not "A" <= c <= "Z")
            check.add(path, f"output {out!r} has {bad!r} (U+{ord(bad):04X}): outputs are A–Z only "
                            "(\"\" writes the letter as nothing)")
            return None
        result.append(out)
    return tuple(result)


def _writes_nothing(check: Checker, path: tuple[object, ...], out: tuple[str, ...]) -> bool:
    """Whether a rule that is not an apostrophe rule writes its letters as nothing (refused).

    A letter spelled by no tile vanishes from every word without a trace: only a letter the
    Latin spelling omits on purpose (Hebrew א ע, Arabic ء ع, Russian Ъ Ь) may, and says so with
    ``apostrophe = true`` (which also makes it one face-down tile under Polyglot rule 4).
    """
    if any(out):
        return False
    check.add(path, "writes the letter as nothing: a letter the Latin spelling leaves out on purpose says so "
                    "with { out = \"\", apostrophe = true } (docs/transliteration.md)")
    return True


def _rule(check: Checker, path: tuple[object, ...], value: object, width: int,
          classes: Mapping[str, frozenset[str]]) -> Rule | None:
    if not isinstance(value, dict):
        out = _out(check, path, value, width)
        return Rule(out) if out is not None and not _writes_nothing(check, path, out) else None
    ok = True
    for key in value:
        if key not in _RULE_KEYS:
            check.add((*path, key), f"unknown key (expected one of: {', '.join(_RULE_KEYS)})")
            ok = False
    if "out" not in value:
        check.add(path, "a rule needs 'out'")
        return None
    out = _out(check, (*path, "out"), value["out"], width)
    at = value.get("at")
    if at is not None and at not in _PLACES:
        check.add((*path, "at"), f"must be \"start\" or \"end\", not {at!r}")
        ok = False
    after = _letter_set(check, (*path, "after"), value["after"], classes) if "after" in value else None
    before = _letter_set(check, (*path, "before"), value["before"], classes) if "before" in value else None
    apostrophe = value.get("apostrophe", False)
    if not isinstance(apostrophe, bool):
        check.add((*path, "apostrophe"), f"must be true or false, not {type_name(apostrophe)}")
        ok = False
    elif apostrophe and (width > 1 or out not in (("",), None)):
        check.add((*path, "apostrophe"), "an apostrophe letter is written as nothing: out = \"\"")
        ok = False
    elif not apostrophe and out is not None and _writes_nothing(check, (*path, "out"), out):
        ok = False
    if not ok or out is None or ("after" in value and after is None) or ("before" in value and before is None):
        return None
    return Rule(out, at, after, before, bool(apostrophe))


def _rules(check: Checker, path: tuple[object, ...], value: object, width: int,
           classes: Mapping[str, frozenset[str]]) -> tuple[Rule, ...] | None:
    if width == 1 and isinstance(value, list) and not all(isinstance(v, dict) for v in value):
        check.add(path, "a letter's value is a string, a rule table, or an array of rule tables")
        return None
    if width > 1 and isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        out = _out(check, path, value, width)
        return (Rule(out),) if out is not None else None
    items = value if isinstance(value, list) else [value]
    if not items:
        check.add(path, "needs at least one rule")
        return None
    rules = [_rule(check, (*path, index) if isinstance(value, list) else path, item, width, classes)
             for index, item in enumerate(items)]
    if any(r is None for r in rules):
        return None
    done = [r for r in rules if r is not None]
    last = done[-1]
    if last.at is not None or last.after is not None or last.before is not None:
        check.add(path, "the last rule must have no condition: it is the default output")
        return None
    return tuple(done)


def check_data(data: Mapping[str, Any], lines: Lines, file: str) -> tuple[Scheme | None, list[Problem]]:
    """Check parsed scheme data; returns the scheme (if usable) and every problem found."""
    check = Checker(file, lines)
    for key in _REQUIRED:
        if key not in data:
            check.add((), f"missing required key '{key}'")
    for key, value in data.items():
        if key not in _TOP:
            check.add((key,), f"unknown key (expected one of: {', '.join(_TOP)})")
        elif not isinstance(value, _TOP[key]):
            check.add((key,), f"must be {' or '.join(type_name(t()) for t in _TOP[key])}, not {type_name(value)}")
    name = data.get("name")
    if isinstance(name, str) and Path(file).suffix == ".toml" and Path(file).stem != name:
        check.add(("name",), f"name {name!r} does not match the file name {Path(file).name!r}")
    for key in ("sources", "departures"):
        if isinstance(data.get(key), list) and not all(isinstance(s, str) and s.strip() for s in data[key]):
            check.add((key,), "must be a list of non-empty strings")
    classes = _classes(check, data) if isinstance(data.get("classes"), dict) else {}
    letters: dict[str, tuple[Rule, ...]] = {}
    for letter, value in (data.get("letters") or {}).items() if isinstance(data.get("letters"), dict) else ():
        rules = _rules(check, ("letters", letter), value, 1, classes)
        if rules is not None:
            letters[letter] = rules
    if isinstance(data.get("letters"), dict) and not data["letters"]:
        check.add(("letters",), "a scheme needs at least one letter")
    sequences: dict[str, list[tuple[tuple[str, ...], tuple[Rule, ...]]]] = {}
    for seq, value in (data.get("sequences") or {}).items() if isinstance(data.get("sequences"), dict) else ():
        if len(seq) < 2:
            check.add(("sequences", seq), "a sequence has two letters or more (write single letters in [letters])")
            continue
        rules = _rules(check, ("sequences", seq), value, len(seq), classes)
        if rules is not None:
            sequences.setdefault(seq[0], []).append((tuple(seq), rules))
    variants: dict[str, str] = {}
    for letter, face in (data.get("variants") or {}).items() if isinstance(data.get("variants"), dict) else ():
        if not isinstance(face, str) or not face:
            check.add(("variants", letter), f"must be the face of a tile, not {type_name(face)}")
        elif face == letter:
            check.add(("variants", letter), "a letter is not a variant of itself")
        else:
            variants[letter] = face
    if check.problems:
        return None, check.problems
    ordered = {first: tuple(sorted(seqs, key=lambda s: -len(s[0]))) for first, seqs in sequences.items()}
    return Scheme(name=data["name"], language=data["language"], standard=data["standard"],
                  title=data.get("title", ""), sources=tuple(data["sources"]),
                  departures=tuple(data.get("departures", ())), letters=letters, sequences=ordered,
                  variants=variants, icu=data.get("icu", "")), []


def load_scheme(path: Path | str) -> Scheme:
    """Load and check the scheme at ``path``; raises :class:`~lexc.errors.SpecError` listing every problem."""
    return load_checked(path, check_data)




def _summary(scheme: Scheme) -> str:
    contexts = sum(len(r) - 1 for r in scheme.letters.values())
    sequences = sum(len(s) for s in scheme.sequences.values())
    silent = sum(1 for r in scheme.letters.values() if r[-1].out == ("",))
    return (f"{scheme.name} ({scheme.language}): {len(scheme.letters)} letters, {len(scheme.variants)} variants, "
            f"{contexts} context rules, {sequences} sequences, {silent} written as nothing; {scheme.standard}")


def check_scheme_file(path: Path) -> tuple[list[Problem], str]:
    """Check one scheme file on its own: every problem, and a one-line summary if it is good."""
    try:
        scheme = load_scheme(path)
    except LexcError as err:
        return list(err.problems), ""
    return [], _summary(scheme)


def check_against_spec(spec: Spec, path: Path | None) -> list[Problem]:
    """Problems between a spec and the scheme it names, read from ``path`` (None: the catalog has
    no scheme of that name): unmapped tiles, letters no word can contain."""
    if spec.scheme is None:
        return []
    where = str(spec.path) if spec.path else spec.code
    if path is None or not path.is_file():
        return [Problem(where, None, "scheme", f"no scheme {spec.scheme!r} in the catalog's transliterations folders")]
    try:
        scheme = load_scheme(path)
    except LexcError as err:
        return list(err.problems)
    _, lines, _ = load(path)
    problems: list[Problem] = []
    if scheme.language != spec.code:
        problems.append(Problem(str(path), lines.find(("language",)), "language",
                                f"scheme is for {scheme.language!r} but spec {where} ({spec.code!r}) names it"))
    faces = {t.face for t in spec.tiles}
    for face in sorted(faces):
        if face not in scheme.letters:
            problems.append(Problem(str(path), lines.find(("letters",)), "letters",
                                    f"tile {face!r} (U+{ord(face[0]):04X}) of the {spec.name} set has no output"))
    for letter, face in scheme.variants.items():
        if face not in faces:
            problems.append(Problem(str(path), lines.find(("variants", letter)), f"variants.{letter}",
                                    f"{letter!r} is played with tile {face!r}, which is not in the {spec.name} set"))
        if letter in faces:
            problems.append(Problem(str(path), lines.find(("variants", letter)), f"variants.{letter}",
                                    f"{letter!r} is a tile of the {spec.name} set and cannot also be a variant"))
    known = faces | set(scheme.variants)
    for letter in scheme.letters:
        if letter not in known:
            problems.append(Problem(str(path), lines.find(("letters", letter)), f"letters.{letter}",
                                    f"{letter!r} is neither a tile nor a variant of the {spec.name} spec {where}"))
    for seqs in scheme.sequences.values():
        for seq, _rules in seqs:
            for letter in seq:
                if letter not in known:
                    problems.append(Problem(str(path), lines.find(("sequences", "".join(seq))),
                                            f"sequences.{''.join(seq)}",
                                            f"{letter!r} is neither a tile nor a variant of the {spec.name} spec"))
    return problems


# --------------------------------------------------------------------------- comparing with ICU

#: The transform used for a language without a scheme (Latin script).
LATIN_TRANSFORM = "Any-Latin; Latin-ASCII"


@dataclass(frozen=True, slots=True)
class IcuComparison:
    """A board spelling next to what an ICU transform makes of the same word (marks stripped, A–Z kept)."""

    transform: str
    output: str  # the transform's raw output
    board: str  # that output reduced to A–Z
    ours: str  # our board spelling
    differences: tuple[tuple[str, str], ...]  # (ours, ICU's) for each place they differ

    @property
    def same(self) -> bool:
        return not self.differences

    def to_json(self) -> dict[str, object]:
        return {"transform": self.transform, "output": self.output, "board": self.board, "same": self.same,
                "differences": [{"ours": a, "icu": b} for a, b in self.differences]}


@cache
def _transliterator(transform: str) -> Any:
    import icu

    try:
        return icu.Transliterator.createInstance(transform)
    except icu.ICUError as err:
        raise SpecError(f"ICU has no transform {transform!r} ({err})") from None


def compare_icu(native: str, board: str, transform: str, locale: str = "und") -> IcuComparison:
    """Run ICU ``transform`` on ``native`` (lower-cased in ``locale``: ICU's context rules
    are written for lower case) and list where it differs from ``board``.

    >>> c = compare_icu("ШЧИ", "SHCHI", "Russian-Latin/BGN", "ru")
    >>> c.output, c.board, c.same
    ('sh·chi', 'SHCHI', True)
    >>> compare_icu("ΜΠΑΜΠΑΣ", "MPAMPAS", "Greek-Latin/UNGEGN", "el").differences
    (('MP', 'B'),)
    """
    from lexc.language import casemap

    output = str(_transliterator(transform).transliterate(casemap.lower(native, locale)))
    stripped = "".join(c for c in unicodedata.normalize("NFD", output) if not unicodedata.combining(c))
    reduced = "".join(c for c in stripped.upper() if "A" <= c <= "Z")
    import difflib  # here: only a review of a scheme compares spellings

    matcher = difflib.SequenceMatcher(None, board, reduced, autojunk=False)
    differences = tuple((board[i1:i2], reduced[j1:j2]) for op, i1, i2, j1, j2 in matcher.get_opcodes()
                        if op != "equal")
    return IcuComparison(transform, output, reduced, board, differences)
