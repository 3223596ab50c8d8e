"""The catalog: the languages, schemes and rulesets lexc knows, and where their packs are.

A :class:`Catalog` is an explicit, immutable value handed to every stage that needs a
language, a ruleset or a pack; nothing in lexc looks them up in a process-wide table.
It reads one or more folders (the shipped data first, then a user's folders, whose
files win) plus single spec files named on the command line (``--spec FILE``). What it
has read it keeps for the life of the instance: a new catalog reads the files again.

>>> catalog = Catalog.shipped()
>>> catalog.language("es").spec.points("CH")
5
>>> catalog.language("ru").scheme.name
'ru-bgn'
>>> catalog.ruleset("polyglot").tiles
'en'
>>> "ru" in catalog.codes()
True
"""

from __future__ import annotations

import dataclasses
import os
import re
import stat
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from lexc.choices import parse_editions, parse_lexicons, parse_schemes
from lexc.errors import LexcError, PackError, Problem, SpecError
from lexc.language.language import Language
from lexc.language.spec import Spec, load_spec
from lexc.lexicon.words import Lexicon
from lexc.paths import default_packs_dir, shipped_dir

if TYPE_CHECKING:
    from lexc.engine.ruleset import Ruleset
    from lexc.language.normalize import Normaliser
    from lexc.language.scheme import Scheme
    from lexc.lexicon.pack import Pack

__all__ = ["Catalog", "Language", "Lexicons", "check_code", "parse_editions", "parse_lexicons", "parse_schemes"]


#: A language code: ISO 639-1/3 letters, optionally a region or variant (``pt-BR``, ``ca-valencia``).
CODE = re.compile(r"[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*")
#: A language code with no region or variant.
CODE_PRIMARY = re.compile(r"[a-z]{2,3}")
#: A scheme or ruleset name: letters, digits, ``-`` and ``_``; never a path.
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")


def check_code(code: str, what: str = "language") -> str:
    """``code`` if it is a well-formed language code; a clear error otherwise (never a path).

    >>> check_code("ru")
    'ru'
    >>> check_code("../etc/passwd")
    Traceback (most recent call last):
    ...
    lexc.errors.LexcError: <input>: '../etc/passwd' is not a language code (two or three letters such as 'fr', 'ru')
    """
    if not CODE.fullmatch(code):
        raise LexcError(f"{code!r} is not a {what} code (two or three letters such as 'fr', 'ru')")
    return code


def check_packs_dir(folder: Path) -> bool:
    """Whether the packs folder exists (a missing one holds no packs); one that is there but is no
    folder, or cannot be listed (a symbolic link loop, no permission), is an error naming it."""
    if not os.path.lexists(folder):
        return False
    try:
        mode = folder.stat().st_mode
    except OSError as err:
        raise LexcError(Problem(str(folder), None, None, f"cannot read the packs folder: {err.strerror or err}")) \
            from None
    if not stat.S_ISDIR(mode):
        raise LexcError(Problem(str(folder), None, None,
                                "the packs folder (the one given, or $LEXC_PACKS) is not a folder"))
    if not os.access(folder, os.R_OK | os.X_OK):
        raise LexcError(Problem(str(folder), None, None, "cannot read the packs folder: permission denied"))
    return True


@dataclass(frozen=True, eq=False)
class Catalog:
    """Languages, schemes and rulesets read from folders and files, and the packs folder.

    Build one with :meth:`shipped` (the data that comes with lexc, optionally with more
    folders and spec files); :meth:`with_specs` gives a catalog with more spec files.
    """

    language_dirs: tuple[Path, ...]
    scheme_dirs: tuple[Path, ...]
    ruleset_dirs: tuple[Path, ...]
    packs_dir: Path
    spec_files: tuple[Path, ...] = ()
    chosen_schemes: tuple[tuple[str, str], ...] = ()  # (language code, scheme name) agreed for a game
    chosen_editions: tuple[tuple[str, str], ...] = ()  # (language code, edition name) chosen for a game
    chosen_lexicons: tuple[tuple[str, str], ...] = ()  # (language code, lexicon name): a named pack for a game
    more_packs: tuple[Path, ...] = ()  # folders searched for a pack not in packs_dir (a search path)
    _memo: dict[Any, Any] = field(default_factory=dict, repr=False)

    # ------------------------------------------------------------------ construction

    @classmethod
    def shipped(cls, *, packs: Path | str | None = None, dirs: Iterable[Path | str] = (),
                specs: Iterable[Path | str] = (), languages: Iterable[Path | str] = (),
                schemes: Iterable[Path | str] = (), rulesets: Iterable[Path | str] = ()) -> Catalog:
        """The shipped data plus more folders and files, later ones winning over earlier ones.

        ``dirs``: folders that hold ``languages/``, ``transliterations/`` and ``rulesets/``
        (or are a folder of specs themselves); ``languages``, ``schemes``, ``rulesets``:
        folders of one kind; ``specs``: single spec files. ``packs``: the packs folder
        (default :func:`lexc.paths.default_packs_dir`)."""
        langs = [shipped_dir("languages"), *map(Path, languages)]
        schemes_ = [shipped_dir("transliterations"), *map(Path, schemes)]
        rules = [shipped_dir("rulesets"), *map(Path, rulesets)]
        for extra in map(Path, dirs):
            if not extra.is_dir():
                raise LexcError(Problem(str(extra), None, None, "not a folder"))
            subs = [extra / k for k in ("languages", "transliterations", "rulesets")]
            if any(s.is_dir() for s in subs):
                for target, sub in zip((langs, schemes_, rules), subs, strict=True):
                    if sub.is_dir():
                        target.append(sub)
            else:
                langs.append(extra)
        return cls(tuple(langs), tuple(schemes_), tuple(rules),
                   Path(packs) if packs is not None else default_packs_dir(), tuple(map(Path, specs)))

    @classmethod
    def from_environment(cls, *, specs: Iterable[Path | str] = (), packs: Path | str | None = None) -> Catalog:
        """The catalog of the ``lexc`` command: the shipped data, the folders listed in
        ``$LEXC_LANGUAGES``, ``$LEXC_TRANSLITERATIONS`` and ``$LEXC_RULESETS`` (each a list like
        ``$PATH``; their files win over the shipped ones), the spec files ``specs`` (``--spec``)
        and the packs folder ``packs`` (``--packs``, else ``$LEXC_PACKS`` and the default)."""
        def folders(variable: str) -> list[str]:
            parts = [part for part in os.environ.get(variable, "").split(os.pathsep) if part]
            for part in parts:  # a misspelt folder would silently add nothing
                if not os.path.isdir(part):
                    raise LexcError(Problem(part, None, f"${variable}",
                                            "no such folder" if not os.path.exists(part) else "not a folder"))
            return parts

        from lexc.paths import more_packs_dirs

        catalog = cls.shipped(packs=packs, specs=specs, languages=folders("LEXC_LANGUAGES"),
                              schemes=folders("LEXC_TRANSLITERATIONS"), rulesets=folders("LEXC_RULESETS"))
        return catalog.with_more_packs(more_packs_dirs())

    def with_more_packs(self, folders: Iterable[Path | str]) -> Catalog:
        """This catalog also reading packs from ``folders``, in order, after its packs folder: a pack
        not in the packs folder is taken from the first of them that has it (packs are written to the
        packs folder only). ``$LEXC_PACKS`` lists them after the packs folder, like ``$PATH``.

        >>> import tempfile
        >>> mine, club = Path(tempfile.mkdtemp()), Path(tempfile.mkdtemp())
        >>> _ = (club / "fr.lexc").write_bytes(b"")
        >>> both = catalog.with_packs(mine).with_more_packs([club])
        >>> both.pack_path("fr") == club / "fr.lexc", both.pack_path("de") == mine / "de.lexc"
        (True, True)
        """
        more = tuple(Path(folder) for folder in folders)
        return self._but(more_packs=(*self.more_packs, *more)) if more else self

    def with_specs(self, *files: Path | str) -> Catalog:
        """This catalog with the spec files ``files`` added (each wins over a folder's spec of its code)."""
        return self._but(spec_files=(*self.spec_files, *map(Path, files)))

    def with_schemes(self, schemes: Mapping[str, str]) -> Catalog:
        """This catalog with the scheme of some languages chosen (Polyglot rule 3: schemes are
        agreed at the table; DESIGN.md rule 9). ``schemes`` maps a language code to a scheme
        name; the others keep their spec's default. Their packs are ``PACKS/CODE.SCHEME.lexc``.

        >>> he = catalog.with_schemes({"he": "he-full"})
        >>> he.language("he").scheme.name, he.normaliser("he").spell("אבא").board
        ('he-full', 'ABA')
        >>> catalog.normaliser("he").spell("אבא").board
        'B'
        >>> he.pack_path("he").name, he.pack_path("ru").name
        ('he.he-full.lexc', 'ru.lexc')
        >>> catalog.with_schemes({"he": "ru-yo"})
        Traceback (most recent call last):
        ...
        lexc.errors.LexcError: <input>: scheme 'ru-yo' is for 'ru', not 'he' (schemes for he: he-academy, he-full)
        """
        chosen = dict(self.chosen_schemes)
        for code, name in schemes.items():
            spec = self.spec(code)
            scheme = self.scheme(name)
            if scheme.language != code:
                raise LexcError(f"scheme {name!r} is for {scheme.language!r}, not {code!r} "
                                f"(schemes for {code}: {', '.join(self.schemes_for(code)) or 'none'})")
            if spec.scheme is None:
                raise LexcError(f"the {spec.name} spec is written in A–Z and takes no scheme")
            chosen[code] = name
        return self._but(chosen_schemes=tuple(sorted(chosen.items())))

    def with_editions(self, editions: Mapping[str, str]) -> Catalog:
        """This catalog with the tile set of some languages chosen among their editions (a spec's
        ``[editions]``, docs/language-spec.md). ``editions`` maps a language code to an edition name;
        the others keep their default. The packs are the same: an edition changes counts and
        points, never faces, and a pack depends on the faces only.

        >>> orig = catalog.with_editions({"is": "original"})
        >>> orig.language("is").spec.points("Þ"), catalog.language("is").spec.points("Þ")
        (4, 7)
        >>> orig.pack_path("is").name
        'is.lexc'
        >>> catalog.with_editions({"is": "2016"})  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        lexc.errors.LexcError: <input>: edition: Icelandic has no edition '2016' (editions: krafla, ...)
        >>> catalog.with_editions({"es": "fise"})
        Traceback (most recent call last):
        ...
        lexc.errors.LexcError: <input>: edition: Spanish has one tile set, no editions (asked for 'fise')
        """
        chosen = dict(self.chosen_editions)
        for code, name in editions.items():
            spec = self.spec(code)
            if not spec.editions:
                raise LexcError(Problem(None, None, "edition", f"{spec.name} has one tile set, no editions "
                                                               f"(asked for {name!r})"))
            spec.with_edition(name)  # a clear error for an edition the spec has not
            chosen[code] = name
        return self._but(chosen_editions=tuple(sorted(chosen.items())))

    def with_lexicons(self, lexicons: Mapping[str, str]) -> Catalog:
        """This catalog reading the named lexicon of some languages instead of their default pack: a
        club's own copy of an official list, built with ``lexc build LANG --source FILE --name NAME``
        (docs/lexicons.md). ``lexicons`` maps a language code to a lexicon name; its pack is
        ``PACKS/CODE@NAME.lexc``. Names are case-insensitive (a GCG's ``#lexicon CSW24`` is ``csw24``).

        >>> named = catalog.with_lexicons({"en": "CSW24"})
        >>> named.pack_path("en").name, named.lexicon_name("en"), named.pack_path("fr").name
        ('en@csw24.lexc', 'csw24', 'fr.lexc')
        >>> catalog.with_lexicons({"en": "../x"})
        Traceback (most recent call last):
        ...
        lexc.errors.LexcError: <input>: lexicon: '../x' is not a lexicon name (letters, digits, '-' and '_', e.g. csw24)
        """
        from lexc.language.spec import LEXICON_NAME

        chosen = dict(self.chosen_lexicons)
        for code, name in lexicons.items():
            self.spec(code)
            if not LEXICON_NAME.fullmatch(name.lower()):
                raise LexcError(Problem(None, None, "lexicon", f"{name!r} is not a lexicon name (letters, digits, "
                                                               "'-' and '_', e.g. csw24)"))
            chosen[code] = name.lower()
        return self._but(chosen_lexicons=tuple(sorted(chosen.items())))

    def lexicon_name(self, code: str) -> str | None:
        """The named lexicon language ``code`` is judged by here (None: its default pack)."""
        return dict(self.chosen_lexicons).get(code)

    def named_lexicons(self, code: str) -> list[str]:
        """The names of the lexicons of ``code`` built in the packs folder (``CODE@NAME.lexc``), sorted."""
        from lexc.lexicon.pack import SUFFIX

        if not check_packs_dir(self.packs_dir):
            return []
        return sorted(p.name[len(code) + 1: -len(SUFFIX)] for p in self.packs_dir.glob(f"{check_code(code)}@*{SUFFIX}"))

    def edition_name(self, code: str) -> str | None:
        """The edition of language ``code`` here: the chosen one, else its spec's default (None without editions)."""
        return dict(self.chosen_editions).get(code) or self.spec(code).default_edition

    def _but(self, **changes: Any) -> Catalog:
        """A new catalog (with its own memo) like this one but for ``changes``."""
        return dataclasses.replace(self, _memo={}, **changes)

    def for_ruleset(self, ruleset: Ruleset) -> Catalog:
        """This catalog with the schemes a Polyglot ruleset agrees on (``[polyglot] schemes``) and the
        editions it names (``editions``); one already chosen here (``--scheme``, ``--edition``, a game
        record) wins."""
        agreed = dict(ruleset.polyglot.schemes) if ruleset.polyglot is not None else {}
        editions = dict(ruleset.editions)
        if agreed.keys() <= dict(self.chosen_schemes).keys() and editions.keys() <= dict(self.chosen_editions).keys():
            return self
        key = ("for_ruleset", tuple(sorted(agreed.items())), tuple(sorted(editions.items())))  # files read once
        return self._cached(key, lambda: self.with_schemes({**agreed, **dict(self.chosen_schemes)})  # type: ignore[no-any-return]
                            .with_editions({**editions, **dict(self.chosen_editions)}))

    def scheme_name(self, code: str) -> str | None:
        """The scheme language ``code`` is spelled through here: the chosen one, else its spec's."""
        return dict(self.chosen_schemes).get(code) or self.spec(code).scheme

    def schemes_for(self, code: str) -> list[str]:
        """Names of the schemes in the catalog written for language ``code``, sorted."""
        return sorted(name for name in self.scheme_paths() if self.scheme(name).language == code)

    def with_packs(self, packs: Path | str | None) -> Catalog:
        """This catalog reading and writing packs in ``packs`` (unchanged when None)."""
        if packs is None:
            return self
        return self._but(packs_dir=Path(packs))

    def _cached(self, key: Any, make: Any) -> Any:
        if key not in self._memo:
            self._memo[key] = make()
        return self._memo[key]

    # ------------------------------------------------------------------ specs and languages

    def spec_paths(self) -> dict[str, Path]:
        """Every spec file by language code: folders in order, later ones win, then the named files."""
        def find() -> dict[str, Path]:
            found: dict[str, Path] = {}
            for folder in self.language_dirs:
                for path in sorted(folder.glob("*.toml")):
                    found[path.stem] = path
            for path in self.spec_files:
                found[self._file_code(path)] = path
            return found
        return dict(self._cached("spec_paths", find))

    def _file_code(self, path: Path) -> str:
        return str(self._cached(("file_spec", path), lambda: self._load_spec(path)).code)

    def _load_spec(self, path: Path) -> Spec:
        return self._cached(("spec_file", path.resolve() if path.exists() else path),  # type: ignore[no-any-return]
                            lambda: load_spec(path))

    def spec_for_file(self, path: Path | str) -> Spec:
        """The spec read from the file ``path`` (one of :attr:`spec_files`, or any spec file)."""
        return self._load_spec(Path(path))

    def own_specs(self) -> tuple[tuple[str, str], ...]:
        """``(code, SHA-256)`` of every language read from a spec of one's own: a spec file named to
        the catalog (``--spec``), or one in a folder other than the shipped ``languages/``. A game
        records them (``#note spec:``) and :meth:`check_specs` refuses another.

        >>> catalog.own_specs()
        ()
        """
        shipped = shipped_dir("languages").resolve()
        return tuple((code, self.spec(code).sha256) for code, path in sorted(self.spec_paths().items())
                     if path.resolve().parent != shipped)

    def check_specs(self, recorded: Mapping[str, str], file: str | None = None) -> None:
        """Refuse this catalog when its spec of a language differs from the one a game was played
        with (``recorded``: code -> SHA-256, a record's ``#note spec:``): it would score differently."""
        for code, sha in recorded.items():
            if not self.has_spec(code):
                raise LexcError(Problem(file, None, "spec", f"this game plays {code} from a spec of its own "
                                                            f"(sha256 {sha[:12]}...), which is not given here: "
                                                            "give the game's spec file"))
            spec = self.spec(code)
            if spec.sha256 != sha:
                whose = "given" if code in dict(self.own_specs()) else "shipped"
                raise LexcError(Problem(file, None, "spec", f"the {whose} {spec.name} spec ({self.spec_paths()[code]}, "
                                                            f"sha256 {spec.sha256[:12]}...) is not the one this game "
                                                            f"was played with (sha256 {sha[:12]}...): its scores "
                                                            "would differ; give the game's spec file"))

    def codes(self) -> list[str]:
        """Codes of every language with a spec, sorted."""
        return sorted(self.spec_paths())

    def has_spec(self, code: str) -> bool:
        """Whether the catalog holds a spec for ``code``."""
        return code in self.spec_paths()

    def spec(self, code: str) -> Spec:
        """The spec of language ``code``; a clear error naming the known codes if there is none."""
        check_code(code)
        path = self.spec_paths().get(code)
        if path is None:
            raise LexcError(f"unknown language {code!r} (known: {', '.join(self.codes())})")
        spec = self._load_spec(path)
        if spec.code != code:
            raise SpecError(Problem(str(path), None, "code", f"says {spec.code!r}, but the file is named for {code!r}"))
        return spec

    def specs(self) -> list[Spec]:
        """Every spec, sorted by code (a spec in a folder must be named after its code)."""
        found = []
        for code, path in sorted(self.spec_paths().items()):
            spec = self._load_spec(path)
            if spec.code != code:
                raise SpecError(Problem(str(path), None, "code",
                                        f"says {spec.code!r}, but the file is named for {code!r}"))
            found.append(spec)
        return found

    def language(self, code: str) -> Language:
        """Language ``code``: its spec, its scheme and its normaliser."""
        def make() -> Language:
            spec = self.spec(code)
            edition = dict(self.chosen_editions).get(code)
            spec = spec.with_edition(edition) if edition else spec
            name = self.scheme_name(code)
            scheme = self.scheme(name) if name else None
            english = spec if code == "en" else self.spec("en")
            return Language(spec, scheme, english)
        return self._cached(("language", code), make)  # type: ignore[no-any-return]

    def unlisted(self, code: str) -> str:
        """The English name of ``code``, an ISO 639 language the catalog has no spec for.

        Polyglot rule 1 (DESIGN.md rule 10): a word may be designated any language; one with
        no spec is scored in English values. ``code`` must be well formed and its language
        subtag an ISO 639 code (:mod:`lexc.language.iso639`); anything else is refused as an
        unknown language, with the real codes nearest to it.

        >>> catalog.unlisted("la"), catalog.unlisted("haw")
        ('Latin', 'Hawaiian')
        >>> catalog.unlisted("xq")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        lexc.errors.LexcError: <input>: unknown language 'xq': not an ISO 639 code (nearest: sq Albanian, ...)
        """
        from lexc.language.iso639 import iso_language

        check_code(code)
        found = iso_language(code)
        if found is None:
            raise LexcError(self._unknown(code))
        return found.name

    def _unknown(self, code: str) -> str:
        """Why ``code`` names no language, with the nearest real codes."""
        from lexc.language.iso639 import nearest_codes

        near = [f"{other} {self.spec(other).name if self.has_spec(other) else self.unlisted(other)}"
                for other in nearest_codes(code.replace("_", "-").split("-")[0], self.codes())]
        nearest = f"nearest: {', '.join(near)}; " if near else ""
        return (f"unknown language {code!r}: not an ISO 639 code ({nearest}languages with a spec: "
                f"{', '.join(self.codes())})")

    def canonical(self, code: str) -> str:
        """The code the catalog knows the language ``code`` by (Polyglot designations, agreed languages).

        ``code`` itself when the catalog has a spec of it; else, for any ISO 639-1, 639-2/B,
        639-2/T or 639-3 code, the code of the catalog's spec of that language (``fra``, ``fre``
        -> ``fr``); else the language's shortest ISO code (a language with no spec, allowed by
        Polyglot rule 1 and scored in English values: ``lat`` -> ``la``). A code of no language
        is refused with the nearest real codes.

        >>> [catalog.canonical(c) for c in ("fr", "fra", "fre", "deu", "ger", "rus", "lat", "haw")]
        ['fr', 'fr', 'fr', 'de', 'de', 'ru', 'la', 'haw']
        """
        from lexc.language.iso639 import iso_language

        check_code(code)
        if self.has_spec(code):
            return code
        found = iso_language(code)
        if found is None:
            raise LexcError(self._unknown(code))
        spec = next((alias for alias in found.codes if self.has_spec(alias)), None)
        if spec is not None:
            return spec
        return found.code if CODE_PRIMARY.fullmatch(code) else code

    def languages(self) -> list[Language]:
        """Every language, sorted by code."""
        return [self.language(code) for code in self.codes()]

    def normaliser(self, code: str, *, facedown: bool = False) -> Normaliser:
        """Shorthand for ``catalog.language(code).normaliser(facedown=...)``."""
        return self.language(code).normaliser(facedown=facedown)

    # ------------------------------------------------------------------ schemes

    def scheme_paths(self) -> dict[str, Path]:
        """Every scheme file by name (later folders win)."""
        found: dict[str, Path] = {}
        for folder in self.scheme_dirs:
            for path in sorted(folder.glob("*.toml")):
                found[path.stem] = path
        return found

    def scheme(self, name: str) -> Scheme:
        """Scheme ``name``, found only in the catalog's scheme folders."""
        from lexc.language.scheme import load_scheme  # here: a language spelled in A–Z needs none

        if not NAME.fullmatch(name):
            raise LexcError(f"{name!r} is not a scheme name (letters, digits, '-' and '_')")
        path = self.scheme_paths().get(name)
        if path is None:
            known = ", ".join(sorted(self.scheme_paths())) or "none"
            raise LexcError(f"unknown scheme {name!r} (known: {known})")
        return self._cached(("scheme", path), lambda: load_scheme(path))  # type: ignore[no-any-return]

    # ------------------------------------------------------------------ rulesets

    def ruleset_names(self) -> list[str]:
        """Names of the rulesets in the catalog's folders."""
        return sorted({p.stem for folder in self.ruleset_dirs for p in folder.glob("*.toml")})

    def ruleset(self, name_or_path: str | Path) -> Ruleset:
        """A ruleset by name (``standard``, ``tournament``, ``polyglot``, ``dover``, ``super``) or a ``.toml``
        file: any other text is a name, so a game record's ``#note ruleset: /etc/passwd`` reads no file."""
        from lexc.engine.ruleset import load_ruleset_file

        text = str(name_or_path)
        if text.endswith(".toml"):
            path = Path(text)
        else:
            if not NAME.fullmatch(text):
                raise LexcError(f"{text!r} is not a ruleset name (known: {', '.join(self.ruleset_names())})")
            paths = [folder / f"{text}.toml" for folder in self.ruleset_dirs]
            found = [p for p in paths if p.is_file()]
            if not found:
                raise LexcError(f"unknown ruleset {text!r} (known: {', '.join(self.ruleset_names())})")
            path = found[-1]
        return self._cached(("ruleset", path), lambda: load_ruleset_file(path, self))  # type: ignore[no-any-return]

    # ------------------------------------------------------------------ packs

    def pack_path(self, code: str) -> Path:
        """Where the pack of ``code`` lives: ``PACKS/CODE.lexc``, or ``PACKS/CODE.SCHEME.lexc`` when a
        scheme other than the spec's default is chosen (:meth:`with_schemes`), ``PACKS/CODE@NAME.lexc``
        for a named lexicon (:meth:`with_lexicons`)."""
        from lexc.lexicon.pack import SUFFIX

        check_packs_dir(self.packs_dir)
        chosen = dict(self.chosen_schemes).get(check_code(code))
        stem = f"{code}.{chosen}" if chosen is not None and chosen != self.spec(code).scheme else code
        named = self.lexicon_name(code)
        name = f"{stem}@{named}{SUFFIX}" if named else f"{stem}{SUFFIX}"
        if self.more_packs and not (self.packs_dir / name).is_file():
            found = next((folder / name for folder in self.more_packs
                          if check_packs_dir(folder) and (folder / name).is_file()), None)
            if found is not None:
                return found
        return self.packs_dir / name

    def pack(self, code: str, path: Path | str | None = None) -> Pack:
        """The current pack of ``code`` (from ``path`` if given), opened once per catalog.

        A pack built from another version of the spec or scheme than the catalog's is
        refused: the message names the pack, the changed file and the command that rebuilds it.
        Every problem with the pack -- missing, unreadable, of another language, stale -- is a
        :class:`~lexc.errors.PackError`.
        """
        from lexc.lexicon.pack import open_pack

        target = Path(path) if path is not None else self.pack_path(code)

        def make() -> Pack:
            named = self.lexicon_name(code) if path is None else None
            if not target.is_file() and named:
                built = ", ".join(self.named_lexicons(code)) or "none"
                raise PackError(Problem(str(target), None, None, f"no lexicon {named!r} for {code!r} (built: {built}): "
                                                                  "build the table's own list under that name first "
                                                                  "(docs/lexicons.md)"))
            if not target.is_file():
                raise PackError(Problem(str(target), None, None, f"no pack for {code!r}: run `lexc build {code}` "
                                                                  "(or name the packs folder or the pack file)"))
            pack = open_pack(target)  # a bad pack is a PackError where it is read
            if pack.lang != code:
                raise PackError(Problem(str(target), None, None, f"holds language {pack.lang!r}, not {code!r}"))
            stale = self.staleness(pack)
            if stale:
                raise PackError(Problem(str(target), None, None, stale))
            return pack
        return self._cached(("pack", os.path.realpath(target)), make)  # type: ignore[no-any-return]

    def staleness(self, pack: Pack) -> str | None:
        """Why ``pack`` is out of date against this catalog's spec and scheme, or None if current."""
        if not self.has_spec(pack.lang):
            return None  # a pack of a language with no spec (Polyglot rule 1): nothing to compare
        language = self.language(pack.lang)
        header = pack.header
        spec = header.get("spec")
        built = spec.get("sha256") if isinstance(spec, dict) else None
        rebuild = f"rebuild it with `lexc build {pack.lang}`"
        if built and built != language.spec.sha256:
            return (f"stale pack: built from another version of {language.spec.path} "
                    f"(spec changed since the pack was built); {rebuild}")
        scheme = header.get("scheme")
        scheme = scheme if isinstance(scheme, dict) else {}
        if language.scheme and scheme.get("name") and scheme["name"] != language.scheme.name:
            return (f"built with scheme {scheme['name']!r}, but this game spells {language.name} with "
                    f"{language.scheme.name!r}: build its pack with scheme {pack.lang}={language.scheme.name}")
        if language.scheme and scheme.get("sha256") and scheme["sha256"] != language.scheme.sha256:
            return (f"stale pack: built from another version of scheme {language.scheme.path} "
                    f"(changed since the pack was built); {rebuild}")
        return None

    def pack_languages(self) -> list[str]:
        """Codes of the languages whose pack (:meth:`pack_path`, under the chosen schemes) is in the packs folder."""
        from lexc.lexicon.pack import SUFFIX

        folders = [folder for folder in (self.packs_dir, *self.more_packs) if check_packs_dir(folder)]
        if not folders:
            return []
        stems = {p.name[: -len(SUFFIX)] for folder in folders for p in folder.glob(f"*{SUFFIX}")}
        codes = {stem.split(".")[0].split("@")[0] for stem in stems}
        codes = {code for code in codes if CODE.fullmatch(code)}
        return sorted(code for code in codes if self.pack_path(code).name[: -len(SUFFIX)] in stems)

    def lexicons(self, codes: Iterable[str] | None = None) -> Lexicons:
        """The packs to look words up in: of ``codes`` (default every pack in the folder) that exist,
        opened now (:class:`Lexicons`)."""
        return Lexicons(self, codes=self.pack_languages() if codes is None else codes)


class Lexicons(Mapping[str, Lexicon]):
    """The lexicons words are looked up in, by language: the one such object of lexc.

    ``lexicons["fr"]`` is ``words["fr"]`` when given (an in-memory word list), else the catalog's
    French pack. Without ``codes`` every language with a pack in the folder is there, each pack
    opened when first asked for (a game's lexicons, ``lexc.game.Packs``); with ``codes`` only
    those of them whose pack exists, opened at once, so a stale or unreadable pack is refused
    where they are asked for (:meth:`Catalog.lexicons`, what replay and scoring look words up in).
    A language without a pack is absent (its words are not judged); a pack that is there but
    unreadable or stale raises :class:`~lexc.errors.PackError`. The catalog defaults to the
    shipped one.

    >>> from lexc.lexicon.words import WordList
    >>> catalog = Catalog.shipped()
    >>> words = {"fr": WordList.from_words(catalog.language("fr"), ["whisky"])}
    >>> lexicons = Lexicons(catalog, words)
    >>> "WHISKY" in lexicons["fr"], "xx" in lexicons, "../x" in lexicons
    (True, False, False)
    """

    def __init__(self, catalog: Catalog | None = None, words: Mapping[str, Lexicon] | None = None, *,
                 codes: Iterable[str] | None = None) -> None:
        self.catalog = catalog if catalog is not None else Catalog.shipped()
        self.words = dict(words or {})
        self.codes = None if codes is None else tuple(sorted(set(codes)))
        for code in self.codes or ():
            if code not in self.words and self.catalog.pack_path(code).is_file():
                self.catalog.pack(code)  # opened (and checked) now; the catalog keeps it

    def with_catalog(self, catalog: Catalog) -> Lexicons:
        """The same in-memory words and languages over another catalog (a game's, with its agreed schemes)."""
        return self if catalog is self.catalog else Lexicons(catalog, self.words, codes=self.codes)

    def path(self, lang: str) -> Path:
        """Where the pack of ``lang`` would be."""
        return self.catalog.pack_path(lang)

    def __getitem__(self, lang: str) -> Lexicon:
        if lang in self.words:
            return self.words[lang]
        if lang not in self:
            raise KeyError(lang)
        return cast("Lexicon", self.catalog.pack(lang))  # a pack answers every Lexicon call

    def __contains__(self, lang: object) -> bool:
        if not isinstance(lang, str):
            return False
        if lang in self.words:
            return True
        if (self.codes is not None and lang not in self.codes) or not CODE.fullmatch(lang):
            return False
        return self.path(lang).is_file()

    def __iter__(self) -> Iterator[str]:
        langs = self.codes if self.codes is not None else self.catalog.pack_languages()
        return iter(sorted(set(self.words) | {lang for lang in langs if lang in self}))

    def __len__(self) -> int:
        return sum(1 for _ in self)
