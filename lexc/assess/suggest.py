"""Draft a tile set for a language that has none, from its letter frequencies (``lexc suggest``).

The draft is a spec (docs/language-spec.md) with ``official = false``: counts follow
running-text frequency (Butts counted letters in newspaper text), values follow the
square-root rule of :func:`lexc.assess.stats.suggest_values` on word-type frequency, and the
whole is checked like any spec before it is written (atomically, with tomli-w).

>>> corpus = Corpus("toy", {"tok": 5.0, "pisin": 2.0, "mi": 3.0, "yu": 1.0})
>>> from lexc import Catalog
>>> draft = draft_spec("tpi", corpus, Catalog.shipped(), tiles=20, blanks=2)
>>> draft.spec.name, draft.spec.official, draft.spec.total_tiles
('Tok Pisin', False, 20)
>>> [(t.face, t.count, t.points) for t in draft.spec.tiles][:4]
[('I', 3, 1), ('K', 2, 2), ('M', 2, 2), ('N', 2, 2)]
"""

from __future__ import annotations

import unicodedata
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import tomli_w
from unidecode import unidecode

from lexc.assess.corpus import Corpus, corpus_frequencies
from lexc.assess.stats import suggest_counts, suggest_values
from lexc.atomic import write_atomic
from lexc.errors import LexcError, Problem
from lexc.language import casemap
from lexc.language.normalize import Normaliser
from lexc.language.spec import SCRIPTS, Spec, check_data, latin_letter
from lexc.tomlsrc import loads

if TYPE_CHECKING:
    from lexc.catalog import Catalog

#: A letter whose share of running-text letters is below this is left out as foreign (é in English).
MIN_SHARE = 1e-4

_SCRIPT_OF_NAME = {s.upper(): s for s in SCRIPTS}


@dataclass(frozen=True)
class Draft:
    """A drafted spec: its TOML data, the checked :class:`Spec`, and notes for the designer."""

    data: dict[str, Any]
    spec: Spec
    notes: tuple[str, ...]

    def toml(self) -> str:
        """The spec as TOML (tomli-w), under a comment saying where it came from."""
        head = (f"# {self.spec.name}: a tile set DRAFTED by `lexc suggest` from letter frequencies.\n"
                "# Not an official set: edit the counts and values, then run `lexc validate` and `lexc assess`.\n")
        return head + tomli_w.dumps(self.data)

    def summary(self) -> str:
        spec = self.spec
        return (f"{spec.code} {spec.name}: {len(spec.tiles)} tiles, {spec.total_tiles} in the bag with "
                f"{spec.blanks} blanks, values {min(t.points for t in spec.tiles)}–"
                f"{max(t.points for t in spec.tiles)} (draft, official = false)")

    def to_json(self) -> dict[str, object]:
        return {"spec": self.data, "notes": list(self.notes)}


def _display_names(code: str) -> tuple[str, str]:
    """English and native names of a language from ICU (the code itself if ICU does not know it)."""
    import icu

    english = icu.Locale(code).getDisplayLanguage(icu.Locale("en"))
    native = icu.Locale(code).getDisplayLanguage(icu.Locale(code))
    return (english if english and english != code else code), (native if native and native != code else "")


def _script(char: str) -> str | None:
    name = unicodedata.name(char, "")
    return _SCRIPT_OF_NAME.get(name.split(" ")[0]) if name else None


def infer_alphabet(corpus: Corpus, locale: str, min_share: float = MIN_SHARE) -> tuple[str, list[str], list[str]]:
    """The script and letters of ``corpus`` (upper-cased in ``locale``); also notes on letters left out.

    >>> infer_alphabet(Corpus("t", {"año": 3.0, "cañón": 1.0, "café": 0.0001}), "es")[:2]
    ('Latin', ['A', 'C', 'N', 'Ñ', 'O', 'Ó'])
    """
    letters: dict[str, float] = defaultdict(float)
    for word, weight in corpus.weights.items():
        for char in unicodedata.normalize("NFC", casemap.upper(word, locale)):
            if unicodedata.category(char).startswith("L"):
                letters[char] += weight
    total = sum(letters.values())
    if not total:
        raise LexcError(Problem(corpus.name, None, "corpus", "the corpus has no letters"))
    by_script: dict[str, float] = defaultdict(float)
    for char, weight in letters.items():
        by_script[_script(char) or "other"] += weight
    script = max(by_script, key=lambda s: by_script[s])
    if script not in SCRIPTS:
        raise LexcError(Problem(corpus.name, None, "corpus", f"most letters are in a script lexc does not know "
                                                             f"(known: {', '.join(SCRIPTS)})"))
    kept, notes = [], []
    for char, weight in sorted(letters.items(), key=lambda kv: -kv[1]):
        share = weight / total
        if _script(char) != script:
            notes.append(f"left out {char!r} ({100 * share:.4f}% of letters): not {script}")
        elif share < min_share:
            notes.append(f"left out {char!r} ({100 * share:.4f}% of letters): rarer than {100 * min_share:.2f}%")
        elif casemap.upper(char, locale) != char:
            notes.append(f"left out {char!r}: it has no single upper-case letter in locale {locale!r}")
        else:
            kept.append(char)
    return script, sorted(kept, key=_collation_key(locale)), notes


def _collation_key(locale: str) -> Any:
    import icu

    collator = icu.Collator.createInstance(icu.Locale(locale))
    return collator.getSortKey


def _folds(letters: list[str]) -> tuple[dict[str, str], list[str], list[str]]:
    """Folds (unidecode) for Latin letters that stripping marks does not spell with A–Z."""
    folds: dict[str, str] = {}
    kept, notes = [], []
    for char in letters:
        if latin_letter(char, {}) is not None:
            kept.append(char)
            continue
        fold = "".join(c for c in unidecode(char).upper() if "A" <= c <= "Z")
        if fold:
            folds[char] = fold
            kept.append(char)
            notes.append(f"fold {char!r} -> {fold!r} (from unidecode): check it")
        else:
            notes.append(f"left out {char!r}: no A–Z spelling found; add it with a fold")
    return folds, kept, notes


def _base(code: str, corpus: Corpus, scheme: str | None,
          catalog: Catalog) -> tuple[dict[str, Any], list[str], list[str]]:
    """Top-level keys and faces: from the catalog's spec if there is one, else inferred from the corpus."""
    if catalog.has_spec(code):
        spec = catalog.spec(code)
        shipped = spec.path
        data: dict[str, Any] = {"code": code, "name": spec.name, "native_name": spec.native_name,
                                "script": spec.script, "locale": spec.locale}
        if spec.scheme or scheme:
            data["scheme"] = scheme or spec.scheme
        extra = {"folds": dict(spec.folds), "aliases": dict(spec.aliases)}
        notes = [f"tiles, folds and scheme taken from the shipped spec {shipped}; counts and values from "
                 f"{corpus.name}"]
        return {**data, "_extra": extra}, [t.face for t in spec.tiles], notes
    name, native = _display_names(code)
    script, letters, notes = infer_alphabet(corpus, code)
    data = {"code": code, "name": name, "script": script, "locale": code}
    if native:
        data["native_name"] = native
    folds: dict[str, str] = {}
    if script == "Latin":
        folds, letters, more = _folds(letters)
        notes += more
    elif scheme is None:
        raise LexcError(Problem(None, None, "scheme", f"a {script}-script language needs a romanisation scheme: "
                                                      "name one (a file in transliterations/)"))
    if scheme:
        data["scheme"] = scheme
    return {**data, "_extra": {"folds": folds}}, letters, notes


def draft_spec(code: str, corpus: Corpus, catalog: Catalog, *, tiles: int = 100, blanks: int = 2,
               scheme: str | None = None, file: str | None = None) -> Draft:
    """Draft the spec of ``code``: counts from running text, values from word types (docs/assess.md).

    ``catalog`` gives the spec already known for ``code`` (its tiles are kept), the scheme and
    the English values."""
    if blanks >= tiles:
        raise LexcError(Problem(None, None, "tiles", f"{tiles} tiles leave no room for letters beside {blanks} "
                                                     "blanks"))
    base, faces, notes = _base(code, corpus, scheme, catalog)
    extra = base.pop("_extra")
    letters = tiles - blanks
    if letters < len(faces):
        raise LexcError(Problem(None, None, "tiles", f"{tiles} tiles with {blanks} blanks cannot give each of "
                                                     f"{len(faces)} letters one tile"))
    file = file or f"{code}.toml"
    # A first spec with one tile each, to tile the corpus with the draft's own faces.
    probe = _checked(_data(base, extra, dict.fromkeys(faces, (1, 1)), blanks, corpus, None), file, catalog)
    norm = Normaliser(probe, catalog.scheme(probe.scheme) if probe.scheme else None, board_values=catalog.spec("en"))
    running = corpus_frequencies(probe, corpus, norm)
    types = corpus_frequencies(probe, Corpus(corpus.name, dict.fromkeys(corpus.weights, 1.0)), norm)
    counts = suggest_counts(running.shares, letters, faces)
    points = suggest_values(types.shares, faces)
    if running.unspellable_share > 0.01:
        notes.append(f"{100 * running.unspellable_share:.1f}% of the running text could not be tiled "
                     "(foreign letters, apostrophes) and was not counted")
    data = _data(base, extra, {f: (counts[f], points[f]) for f in faces}, blanks, corpus, running.unspellable_share)
    return Draft(data, _checked(data, file, catalog), tuple(notes))


def _data(base: dict[str, Any], extra: dict[str, dict[str, str]], tiles: dict[str, tuple[int, int]], blanks: int,
          corpus: Corpus, lost: float | None) -> dict[str, Any]:
    data = dict(base)
    data.update(official=False, blanks=blanks, sources=[])
    data["notes"] = (f"Drafted by lexc suggest {_version()} from {corpus.name}: counts proportional to running-text "
                     "letter frequency (at least one each), values round(sqrt(f_max / f)) on word-type frequency, "
                     "at most 10 (docs/assess.md). Not an official set."
                     + (f" {100 * lost:.1f}% of the running text could not be tiled." if lost else ""))
    data["tiles"] = {face: {"count": c, "points": p} for face, (c, p) in tiles.items()}
    for key, table in extra.items():
        if table:
            data[key] = dict(table)
    if corpus.name.startswith(f"wordfreq:{data['code']} "):  # wordfreq has this very language
        data["lexicon"] = [{"kind": "wordfreq", "top": 50_000, "licence": "CC BY-SA 4.0 (wordfreq data)"}]
    return data


def _version() -> str:
    from lexc import __version__

    return str(__version__)


def _checked(data: dict[str, Any], file: str, catalog: Catalog) -> Spec:
    """The data as a spec, checked exactly as ``lexc validate`` checks a file (scheme included)."""
    parsed, lines = loads(tomli_w.dumps(data), file)
    spec, problems = check_data(parsed, lines, file)
    if spec is None:
        raise LexcError(problems)
    if spec.scheme:
        from lexc.language.scheme import check_against_spec

        found = list(check_against_spec(spec, catalog.scheme_paths().get(spec.scheme)))
        if found:
            raise LexcError(found)
    return spec


def write_spec(draft: Draft, path: Path | str, *, force: bool = False) -> Path:
    """Write the draft to ``path`` atomically (temp file, then rename); never over a file unless ``force``."""
    path = Path(path)
    if path.exists() and not force:
        raise LexcError(Problem(str(path), None, "force", "exists already: overwriting it needs force"))
    return write_atomic(path, draft.toml())
