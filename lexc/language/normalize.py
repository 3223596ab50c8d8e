"""From a native word to its board spelling and alignment.

A native word goes through four steps (docs/transliteration.md):

1. **case mapping**: NFC, then ICU upper case in the spec's locale (Turkish
   ``i`` -> ``İ``, German ``ß`` -> ``SS``, Greek accents dropped, final ``ς`` -> ``Σ``);
   invisible format characters (ZWJ, ZWNJ, soft hyphen, tatweel, bidi marks) are dropped;
2. **letters to tiles**: a letter that is not a tile of the set is replaced by the
   tiles it stands for: marks dropped (``É`` -> ``E`` in French), the spec's folds
   (``Œ`` -> ``OE``), compatibility decomposition (``Ĳ`` -> ``IJ``), unidecode last
   (Latin script only); a letter none of these turn into tiles makes the word
   :class:`Unspellable`;
3. **tiling**: longest match, left to right, separately on each part between
   :data:`PIN` separators (``EGÉS|ZSÉG`` pins S·ZS); :meth:`Normaliser.tilings` lists
   every tiling;
4. **board spelling**: each native tile spelled with A–Z board tiles: a Latin tile by
   its letters (marks stripped, folds, unidecode last; ``L·L`` -> ``LL``, ``DŽ`` -> ``DZ``),
   a tile of another script through the language's scheme (:mod:`lexc.language.scheme`), with
   its context rules.

>>> from lexc import Catalog
>>> catalog = Catalog.shipped()
>>> n = catalog.normaliser("es")
>>> s = n.spell("churro")
>>> s.board, [t.face for t in s.tiles], s.value
('CHURRO', ['CH', 'U', 'RR', 'O'], 15)
>>> ru = catalog.normaliser("ru").spell("щи")
>>> ru.board, [(t.face, t.points, t.board) for t in ru.tiles], ru.value
('SHCHI', [('Щ', 10, 'SHCH'), ('И', 1, 'I')], 11)
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import islice, product
from typing import NoReturn

from unidecode import unidecode

from lexc.errors import LexcError
from lexc.language import casemap
from lexc.language.scheme import FACEDOWN, Rule, Scheme, pick
from lexc.language.spec import JOINERS, Spec, latin_letter
from lexc.language.spelling import Spelling as Spelling  # made here, defined there (re-exported)
from lexc.language.textblocks import finder, lines_at, translated
from lexc.language.tiles import MAX_TILINGS, AlignedTile, Reader, Table

#: Tiling separator in a source word: longest match runs on each part separately.
PIN = "|"

#: Format characters that carry no letter: dropped before tiling.
IGNORABLE = frozenset("\u00ad\u034f\u061c\u0640\u200b\u200c\u200d\u200e\u200f\u2060\ufeff")

#: Combinations of the parts' segmentations :meth:`Normaliser.tilings` tries, at most.
MAX_COMBINATIONS = 64 * MAX_TILINGS

_AZ = re.compile(r"[A-Z]+")


#: Why a word has the tiling it has (:meth:`Normaliser.choice`).
LONGEST, SOURCE, SPEC = "longest match", "source boundary", "spec rule"
REASONS = (LONGEST, SOURCE, SPEC)


@dataclass(frozen=True, slots=True)
class Choice:
    """A word whose tiling was a choice: the tiling chosen, why, and the other tilings it could have had."""

    native: str
    tiling: tuple[str, ...]
    reason: str
    others: tuple[tuple[str, ...], ...]

    def to_json(self) -> dict[str, object]:
        return {"word": self.native, "tiling": ".".join(self.tiling), "reason": self.reason,
                "others": [".".join(t) for t in self.others]}


class Unspellable(LexcError):
    """A word the language cannot spell; ``char`` is the offending character, if one."""

    def __init__(self, word: str, reason: str, char: str | None = None):
        self.word, self.reason, self.char = word, reason, char
        super().__init__(f"{word!r}: {reason}")

    def __str__(self) -> str:
        return f"{self.word!r}: {self.reason}"


def describe(char: str) -> str:
    """A character for a message: itself, its code point and its name.

    >>> describe("ı")
    "'ı' (U+0131 LATIN SMALL LETTER DOTLESS I)"
    """
    codes = " ".join(f"U+{ord(c):04X}" for c in char)
    names = " + ".join(unicodedata.name(c, "unnamed") for c in char)
    return f"{char!r} ({codes} {names})"


class _Letters(dict[int, str | None]):
    """``str.translate`` table: a letter that is not a tile becomes the tiles it stands for."""

    def __init__(self, norm: Normaliser):
        super().__init__()
        self._norm = norm
        for char in norm._kept:
            self[ord(char)] = char
        for char in IGNORABLE:
            self[ord(char)] = None
        self[ord(PIN)] = PIN

    def __missing__(self, code: int) -> str:
        found = self._norm._stand_in(chr(code))
        self[code] = found
        return found


class Normaliser:
    """Spells native words of one language on the board.

    ``facedown``: Polyglot rule 4 (optional, off by default): a letter the scheme marks
    as an apostrophe (Russian Ъ Ь, Hebrew א ע, Arabic ء ع …) is one face-down tile,
    written ``'`` in the board spelling, instead of nothing.
    """

    def __init__(self, spec: Spec, scheme: Scheme | None = None, *, facedown: bool = False,
                 board_values: Spec | None = None):
        if spec.scheme and (scheme is None or scheme.language != spec.code):
            raise LexcError(f"the {spec.name} spec is spelled through a scheme for {spec.code!r} "
                            f"(its default: {spec.scheme!r}): give one")
        self.spec, self.scheme, self.facedown = spec, scheme, facedown
        self._english = board_values
        self._boards: dict[str, str] = {}
        variants = dict(self.scheme.variants) if self.scheme else {}
        self._face_of: dict[str, str] = {**variants, **{face: face for face in spec.by_face}}
        self._kept = frozenset("".join(self._face_of))
        # Longest match first; any other character matches alone, and is then rejected by name.
        self._reader = Reader(self._face_of, rest=True)
        self._pattern = self._reader.pattern
        self._code = spec.code
        self._upper = casemap.uppercaser(spec.locale)
        self._letters = _Letters(self)
        self._points: dict[str, int | None] = {t.face: t.points if t.has_points else None for t in spec.tiles}
        self._aligned: dict[str, AlignedTile] = {}  # Latin: each surface has one aligned tile
        if self.scheme is None:  # a face with no A–Z spelling stays out: _align names it
            for surface, face in self._face_of.items():
                board = self._latin_board(face)
                if board is not None:
                    self._aligned[surface] = AlignedTile(face, self._value(face, board), board)
        self._tile_cache: dict[tuple[str, str], AlignedTile] = {}
        self._bounds = spec.tiling  # the spec's morpheme boundaries: pins before longest match
        self._multi = self._reader.multi
        self._reading: Table | None = None
        self._reasons: dict[str, str] = {}  # a character that starts no tile -> why a word holding it is unspellable

    # ----------------------------------------------------------------- letters to tiles

    def _latin_board(self, face: str) -> str | None:
        parts = []
        for char in face:
            if char in JOINERS:
                continue
            board = latin_letter(char, self.spec.folds)
            if board is None:
                guess = unidecode(char).upper()
                board = guess if _AZ.fullmatch(guess) else None
            if board is None:
                return None
            parts.append(board)
        return "".join(parts)

    def _value(self, face: str, board: str) -> int:
        points = self._points[face]
        if points is not None and self.spec.official:
            return points
        english = self._english  # Polyglot rule 1: no official values, English values on the board tiles
        if english is None:
            raise LexcError(f"the {self.spec.name} set has no official values: give the board tiles' spec")
        return sum(english.points(c) for c in board if c in english.by_face)

    def _stand_in(self, char: str) -> str:
        """The tiles a letter that is not a tile stands for; the letter itself if none."""
        if unicodedata.category(char).startswith("M"):
            return ""  # a mark no tile carries (accent, stress, vowel point): ignored (Polyglot rule 2)
        candidates = [self.spec.folds.get(char, "")]
        for form in ("NFD", "NFKD"):
            stripped = "".join(c for c in unicodedata.normalize(form, char) if not unicodedata.combining(c))
            candidates.append(self.spec.upper(stripped))
        if self.spec.script == "Latin" and unicodedata.name(char, "").startswith("LATIN "):
            candidates.append(unidecode(char).upper())  # Ø Æ Þ ß; never another script's letter or a sign (€)
        for found in candidates:
            if found and found != char and all(c in self._kept for c in found):
                return found
        return char

    def _prepare(self, word: str) -> tuple[str, list[str]]:
        """The case-mapped native word, and its parts (between pins) in tile letters."""
        upper = self._bounds.pin(self._upper(unicodedata.normalize("NFC", word)))
        letters = upper.translate(self._letters)
        if _SPECIAL.search(upper) is None:
            return upper, [letters] if letters else []
        native = _SPECIAL.sub("", upper)
        return native, [p for p in letters.split(PIN) if p]

    def _surfaces(self, word: str) -> tuple[str, list[str]]:
        native, parts = self._prepare(word)
        surfaces: list[str] = []
        for part in parts:
            surfaces.extend(self._pattern.findall(part))
        if not surfaces:
            raise Unspellable(word, "no letters")
        if not self._face_of.keys() >= set(surfaces):
            self._reject(word, next(s for s in surfaces if s not in self._face_of))
        return native, surfaces

    def _reject(self, word: str, char: str) -> NoReturn:
        """Raise :class:`Unspellable` for ``word``, whose character ``char`` starts no tile (its reason made once
        per character: uk's 94,738 hyphenated words share one)."""
        reason = self._reasons.get(char)
        if reason is None:
            if char in self._kept:
                reason = f"{describe(char)} cannot start a tile of the {self.spec.name} set"
            else:
                reason = f"character {describe(char)} is not in the {self.spec.name} set"
            self._reasons[char] = reason
        raise Unspellable(word, reason, char)

    def board_of(self, native: str) -> str:
        """The board spelling of ``native`` (remembered); its letters without joiners if it cannot be spelled.

        >>> catalog.normaliser("ca").board_of("COL·LA"), catalog.normaliser("ru").board_of("МЕЛ")
        ('COLLA', 'MEL')
        """
        board = self._boards.get(native)
        if board is None:
            try:
                board = self.spell(native).board
            except LexcError:
                board = "".join(c for c in native if c not in JOINERS)
            if len(self._boards) < 65536:
                self._boards[native] = board
        return board

    def tiling(self, word: str) -> tuple[str, ...]:
        """The default tiling of ``word``: longest match on each part between pins.

        >>> catalog.normaliser("es").tiling("churro"), catalog.normaliser("es").tiling("c|hurro")
        (('CH', 'U', 'RR', 'O'), ('C', 'H', 'U', 'RR', 'O'))
        """
        _, surfaces = self._surfaces(word)
        return tuple(self._face_of[s] for s in surfaces)

    def tilings(self, word: str, *, maximal: bool = False) -> list[tuple[str, ...]]:
        """Every tiling of ``word`` (pins respected): the default first, then by fewer tiles.

        ``maximal``: only tilings in which no run of neighbouring tiles could be one tile
        (Hungarian SZ·S and S·ZS, not S·Z·S); the default tiling is always first. At most
        :data:`MAX_TILINGS` are listed.

        >>> [".".join(t) for t in catalog.normaliser("es").tilings("carro")]
        ['C.A.RR.O', 'C.A.R.R.O']
        >>> [".".join(t) for t in catalog.normaliser("hu").tilings("egészség", maximal=True)]
        ['E.G.É.SZ.S.É.G', 'E.G.É.S.ZS.É.G']
        """
        return [tuple(self._face_of[s] for s in t) for t in self._surface_tilings(word, maximal)]

    # ----------------------------------------------------------------- choices between tilings

    def choice(self, word: str) -> Choice | None:
        """How the tiling of ``word`` was chosen, when there was a choice; None when there was none.

        There was a choice when another *maximal* segmentation of the word's letters into
        the set's tiles exists (Hungarian SZ·S against S·ZS; :meth:`tilings`), or when a
        boundary (a pin of the word's source, or a rule of the spec's ``[tiling]``) gave
        another tiling than longest match. The reason is the boundary's kind when it changed
        the tiling, else :data:`LONGEST`.

        >>> hr = catalog.normaliser("hr").choice("nadživjeti")
        >>> ".".join(hr.tiling), hr.reason, [".".join(t) for t in hr.others]
        ('N.A.D.Ž.I.V.J.E.T.I', 'spec rule', ['N.A.DŽ.I.V.J.E.T.I'])
        >>> hu = catalog.normaliser("hu").choice("egészség")
        >>> ".".join(hu.tiling), hu.reason, [".".join(t) for t in hu.others]
        ('E.G.É.SZ.S.É.G', 'longest match', ['E.G.É.S.ZS.É.G'])
        >>> catalog.normaliser("hu").choice("rajz|szeg").reason, catalog.normaliser("es").choice("churro")
        ('source boundary', None)
        """
        if self._multi is None:
            return None
        native, parts = self._prepare(word)
        bare = "".join(parts)
        chosen = tuple(s for part in parts for s in self._pattern.findall(part))
        default = tuple(self._pattern.findall(bare))
        if chosen == default and not self._reader.overlapping(bare):
            return None
        maximal = [t for t in self._reader.tilings(bare) if not self._reader.mergeable(t)]
        others = tuple(dict.fromkeys(t for t in (default, *maximal) if t != chosen))
        if not others:
            return None
        if chosen == default:
            reason = LONGEST
        else:
            reason = SOURCE if PIN in self._upper(unicodedata.normalize("NFC", word)) else SPEC
        faces = self._face_of
        return Choice(native, tuple(faces[s] for s in chosen), reason,
                      tuple(tuple(faces[s] for s in t) for t in others))

    def cut_points(self, upper: str) -> list[int]:
        """Positions in ``upper`` (case-mapped, no pins) that fall inside a multi-letter tile of its default tiling.

        A boundary can only change a tiling there (docs/scoring.md, "Tilings"). Empty when the
        word's letters are not its tiles' letters one for one (a fold, a dropped mark).

        >>> catalog.normaliser("hu").cut_points("RAJZSZEG"), catalog.normaliser("es").cut_points("CASA")
        ([4], [])
        """
        if self._multi is None or self._multi.search(upper) is None:
            return []
        letters = upper.translate(self._letters)
        if len(letters) != len(upper):
            return []
        points: list[int] = []
        start = 0
        for surface in self._pattern.findall(letters):
            points.extend(range(start + 1, start + len(surface)))
            start += len(surface)
        return points

    # ----------------------------------------------------------------- reading a board spelling

    def read(self, board: str) -> Spelling:
        """The native tiles a board spelling stands for when no lexicon says which word it is.

        A Latin-script language spells the board spelling as a native word (:meth:`spell`:
        Spanish CHURRO is CH·U·RR·O). A language spelled through a scheme reads it by the
        scheme's *default reading*: each tile of the set is written by its letters'
        unconditional outputs (Щ is SHCH, Е is E; a context rule such as Е = YE at the
        start of a word is not a default), and the board spelling is cut by longest match
        over those outputs, the tiler packs use for their default table
        (:class:`lexc.language.tiles.Table`). Where two tiles share an output (Russian Е and
        Э are both E, Й and Ы both Y) it reads as the one with more tiles in the set, then
        the first in the spec. An output that only a context rule gives (Russian YE, Е at the
        start of a word or after a vowel) reads as that letter too, below every default.
        Raises :class:`Unspellable` when the outputs cannot cut it.

        >>> ru = catalog.normaliser("ru").read("SHCHI")
        >>> ru.native, [(t.face, t.points, t.board) for t in ru.tiles], ru.value
        ('ЩИ', [('Щ', 10, 'SHCH'), ('И', 1, 'I')], 11)
        >>> catalog.normaliser("ru").read("DACHA").native, catalog.normaliser("es").read("CHURRO").tiling
        ('ДАЧА', ('CH', 'U', 'RR', 'O'))
        >>> catalog.normaliser("ru").read("YELKA").native, catalog.normaliser("ru").read("MY").native
        ('ЕЛКА', 'МЫ')
        """
        if self.scheme is None:
            return self.spell(board)
        coder = self._reading_table()
        tiling = coder.default_tiling(board) if board else None
        if tiling is None:
            raise Unspellable(board, f"the default outputs of scheme {self.scheme.name!r} do not spell it")
        tiles, start = [], 0
        for face, width in tiling:
            tiles.append(self._tile(coder.faces[face], board[start:start + width]))
            start += width
        return Spelling(self._code, coder.joined(tiling), tuple(tiles))

    def _reading_table(self) -> Table:
        if self._reading is None:
            assert self.scheme is not None
            faces = tuple(t.face for t in self.spec.tiles)
            # output -> (context output?, -count, index): defaults first, then most tiles, then first in the spec
            best: dict[str, tuple[int, int, int]] = {}
            for index, tile in enumerate(self.spec.tiles):
                outs = [self.scheme.default_out(c, facedown=self.facedown) for c in tile.face if c not in JOINERS]
                candidates = [] if not outs or any(o is None for o in outs) else [("".join(o for o in outs if o), 0)]
                candidates += [(o, 1) for o in self.scheme.context_outs(tile.face)]
                for out, context in candidates:
                    rank = (context, -tile.count, index)
                    if out and (out not in best or rank < best[out]):
                        best[out] = rank
            self._reading = Table(faces, {out: index for out, (_, _, index) in best.items()})
        return self._reading

    # ----------------------------------------------------------------- spelling

    def spell(self, word: str) -> Spelling:
        """``word`` as played on the board, with its alignment (default tiling)."""
        upper = self._bounds.pin(self._upper(unicodedata.normalize("NFC", word)))
        if _SPECIAL.search(upper) is None:  # no pin, nothing to drop: the common case, kept fast
            surfaces = self._pattern.findall(upper.translate(self._letters))
            try:
                if surfaces and self.scheme is None:
                    return Spelling(self._code, upper, tuple(map(self._aligned.__getitem__, surfaces)))
                if surfaces:
                    faces = list(map(self._face_of.__getitem__, surfaces))
                    return Spelling(self._code, upper, self._scheme_tiles(word, surfaces, faces))
            except KeyError:
                # an unspellable word: the first character that is no tile says why, as _surfaces would find it
                face_of = self._face_of
                for surface in surfaces:
                    if surface not in face_of:
                        self._reject(word, surface)
        native, surfaces = self._surfaces(word)
        return Spelling(self._code, native, self._align(word, surfaces))

    def spell_all(self, word: str, *, maximal: bool = False) -> list[Spelling]:
        """``word`` spelled with each of its tilings (:meth:`tilings`), the default first."""
        native, _ = self._surfaces(word)
        return [Spelling(self._code, native, self._align(word, tiling))
                for tiling in self._surface_tilings(word, maximal)]

    def _surface_tilings(self, word: str, maximal: bool) -> list[tuple[str, ...]]:
        _, default = self._surfaces(word)
        _, parts = self._prepare(word)
        seen = {tuple(default)}
        rest = []
        # at most MAX_COMBINATIONS combinations tried: with n pinned parts there are 2**n and, when
        # ``maximal`` filters nearly all out, MAX_TILINGS is never reached (20 pins took seconds, 40 forever)
        for combo in islice(product(*(self._reader.tilings(p) for p in parts)), MAX_COMBINATIONS):
            tiling = tuple(s for part in combo for s in part)
            if tiling not in seen and not (maximal and self._reader.mergeable(tiling)):
                seen.add(tiling)
                rest.append(tiling)
            if len(seen) >= MAX_TILINGS:
                break
        rest.sort(key=lambda t: (len(t), tuple(self._face_of[s] for s in t)))
        return [tuple(default), *rest]

    def _align(self, word: str, surfaces: Sequence[str]) -> tuple[AlignedTile, ...]:
        if self.scheme is None:
            try:
                return tuple(map(self._aligned.__getitem__, surfaces))
            except KeyError:
                bad = next(s for s in surfaces if s not in self._aligned)
                raise Unspellable(word, f"tile {self._face_of[bad]!r} of the {self.spec.name} set cannot be "
                                        "spelled with A–Z (add a fold to the spec)", bad) from None
        return self._scheme_tiles(word, surfaces, [self._face_of[s] for s in surfaces])

    def _scheme_tiles(self, word: str, surfaces: Sequence[str], faces: Sequence[str]) -> tuple[AlignedTile, ...]:
        assert self.scheme is not None
        try:
            boards = self.scheme.apply(surfaces, faces, facedown=self.facedown)
        except KeyError as err:
            char = str(err.args[0])
            raise Unspellable(word, f"{describe(char)} has no spelling in scheme {self.scheme.name!r}",
                              char) from None
        return tuple(map(self._tile, faces, boards))

    def _tile(self, face: str, board: str) -> AlignedTile:
        try:
            return self._tile_cache[face, board]
        except KeyError:
            tile = self._tile_cache[face, board] = AlignedTile(face, self._value(face, board), board)
            return tile


_SPECIAL = re.compile("[" + re.escape("".join(sorted(IGNORABLE)) + PIN) + "]")


#: (native word, board spelling, tile code, whether the tiling may have been a choice): :meth:`Encoder.encode`.
Encoded = tuple[str, str, str, bool]


class Encoder:
    """:meth:`Normaliser.spell` for a compiler: the board spelling and a tile code, with no object per tile.

    ``register`` gives each tile (an :class:`AlignedTile` the normaliser hands out, one object per
    face and board spelling) its one-character code. The tables from a word's letters to codes, and
    from codes to board letters, are built once here, so a common word is a few C-speed string
    operations (``str.translate``); a letter a scheme spells by its context is looked up by the letters
    around it (remembered). :meth:`encode` returns None for the rest (pins, dropped characters,
    multi-letter tiles of a scheme, a scheme's letter sequences, letters that are not tiles), and the
    caller then spells it with :meth:`Normaliser.spell`, which says why a word is unspellable.

    >>> from lexc.language.tiles import Codes
    >>> tiles = Codes()
    >>> es = Encoder(catalog.normaliser("es"), tiles.char)
    >>> native, board, code, choice = es.encode("churro")
    >>> native, board, [tiles.tile_of[c].face for c in code], choice
    ('CHURRO', 'CHURRO', ['CH', 'U', 'RR', 'O'], False)
    >>> ru = Encoder(catalog.normaliser("ru"), tiles.char).encode("ель")
    >>> ru[:2], [(tiles.tile_of[c].face, tiles.tile_of[c].board) for c in ru[2]]
    (('ЕЛЬ', 'YEL'), [('Е', 'YE'), ('Л', 'L'), ('Ь', '')])
    """

    def __init__(self, norm: Normaliser, register: Callable[[AlignedTile], str]):
        self._norm, self._register = norm, register
        self._upper, self._letters = norm._upper, norm._letters
        self._pin = norm._bounds.pin if norm._bounds.rules else None
        self._multi, self._findall = norm._multi, norm._pattern.findall
        self._context: dict[str, tuple[str, tuple[Rule, ...]]] = {}  # scheme letters a context rule may spell
        self._window: dict[str, str] = {}  # the letters around a context letter ("^" and "$": the ends) -> code
        codes: dict[str, str] = {}  # a surface -> its tile's code, when that tile never depends on context
        self._board_of: dict[int, str] = {}  # a code -> its tile's board letters (str.translate table)
        for surface, face in norm._face_of.items():
            tile = self._fixed(surface, face)
            if tile is not None:
                codes[surface] = self._code(tile)
        self._multi_codes = codes if self._multi is not None and norm.scheme is None else {}
        single = [s for s in codes if len(s) == 1]
        self._code_table = str.maketrans({s: codes[s] for s in single})
        known = "".join(single) + "".join(self._context)
        # a character that is no single-letter tile (or starts a sequence): the word takes the slow path
        self._other = re.compile("[^" + re.escape(known) + "]") if known else re.compile(".", re.DOTALL)
        self._other_line = re.compile("[^\n" + re.escape(known) + "]")  # the same, in words joined by line breaks
        # words joined by line breaks are upper-cased at once where the locale maps each letter on its own
        self._upper_lines = self._upper if casemap.per_letter(norm.spec.locale) else None
        # a word of known letters only holds no pin and no ignorable character: one search tells both
        self._special_known = any(c in known for c in (*IGNORABLE, PIN))
        self._ctx = tuple(self._context)  # the letters a context rule spells, searched with ``in`` (C speed)
        self._has_context = finder(self._ctx)
        # every ASCII tile letter is its own code and board letter (English A–Z): an ASCII word is its own code
        self._ascii_plain = all(codes.get(c) == c and self._board_of.get(ord(c)) == c
                                for c in known if c.isascii())

    def _fixed(self, surface: str, face: str) -> AlignedTile | None:
        """The tile ``surface`` always is; None when its context decides (then noted) or it needs the slow path."""
        norm, scheme = self._norm, self._norm.scheme
        if scheme is None:
            return norm._aligned.get(surface)
        if len(surface) > 1 or surface in scheme.sequences:
            return None
        if surface in scheme.simple:
            return norm._tile(face, scheme.simple[surface])
        rules = scheme.letters.get(surface)
        rules = scheme.letters.get(face) if rules is None else rules
        if not rules:
            return None
        first = rules[0]
        if len(rules) == 1 and first.at is None and first.after is None and first.before is None:
            return norm._tile(face, FACEDOWN if first.apostrophe and norm.facedown else first.out[0])
        self._context[surface] = (face, rules)
        return None

    def _code(self, tile: AlignedTile) -> str:
        char = self._register(tile)
        self._board_of[ord(char)] = tile.board
        return char

    def encode(self, word: str) -> Encoded | None:
        """``(native, board, code, choice)`` of ``word``, or None when :meth:`Normaliser.spell` must spell it.

        ``choice`` is False when the word's tiling cannot have been a choice (then
        :meth:`Normaliser.choice` would say None).
        """
        upper = self._upper(unicodedata.normalize("NFC", word))
        if self._pin is not None:
            upper = self._pin(upper)
        letters = upper
        if self._other.search(upper) is not None or self._special_known or not upper:
            if not upper or _SPECIAL.search(upper) is not None:
                return None
            letters = upper.translate(self._letters)
            if not letters:
                return None
        if self._multi is not None and self._multi.search(letters) is not None:
            return self._multi_letter(upper, letters)
        if letters is not upper and self._other.search(letters) is not None:
            return None
        if self._ascii_plain and letters.isascii():
            return upper, letters, letters, False
        code = letters.translate(self._code_table)
        if self._has_context is not None and self._has_context(letters):
            code = self._in_context(letters, code)
        return upper, code.translate(self._board_of), code, False

    def encode_lines(self, joined: str, n: int) -> tuple[list[str], list[str], list[str], set[int]] | None:
        """:meth:`encode` of ``n`` words joined by line breaks, at once: each word's native word, board spelling
        and tile code (its tiling no choice), and the indexes of the words :meth:`encode` must see one by one (a
        character that is no tile, a pin or a dropped character, a multi-letter tile; their three entries are
        to be ignored). None when the words cannot be read together (a spec's tiling rules, a locale whose
        upper-casing looks at the letters around, a pin or dropped character read as a tile): then each goes
        through :meth:`encode`.

        Each step is the one :meth:`encode` takes, over the whole block: normalisation, case mapping and
        ``str.translate`` work character by character, and the context rules see a line break as a word's end.

        >>> from lexc.language.tiles import Codes
        >>> ru = Encoder(catalog.normaliser("ru"), Codes().char)
        >>> natives, boards, codes, slow = ru.encode_lines("ель\\nщи\\nqi\\nмоё", 4)
        >>> natives, boards, sorted(slow)
        (['ЕЛЬ', 'ЩИ', 'QI', 'МОЁ'], ['YEL', 'SHCHI', 'QI', 'MOYE'], [2])
        >>> all(ru.encode(word) == (natives[i], boards[i], codes[i], False) for i, word in ((0, "ель"), (3, "моё")))
        True
        """
        if self._upper_lines is None or self._pin is not None or self._special_known:
            return None
        upper = self._upper_lines(unicodedata.normalize("NFC", joined))
        natives = upper.split("\n")
        if len(natives) != n:
            return None
        slow: set[int] = set()
        letters, lines = upper, natives  # a word of tile letters only is its own letters
        if self._other_line.search(upper) is not None:
            letters = self._letters_of(upper)
            lines = letters.split("\n")
            if len(lines) != n:
                return None
            slow.update(lines_at(upper, natives, _SPECIAL))
            slow.update(lines_at(letters, lines, self._other_line))
        if self._multi is not None:
            slow.update(lines_at(letters, lines, self._multi))
        if not all(lines):
            slow.update(i for i, line in enumerate(lines) if not line)
        code = translated(letters, self._code_table)
        if self._has_context is not None and self._has_context(letters):
            code = self._in_context(letters, code)
        return natives, translated(code, self._board_of).split("\n"), code.split("\n"), slow

    def _letters_of(self, upper: str) -> str:
        """``upper.translate`` by the normaliser's letters table (a letter that is no tile becomes the tiles it
        stands for), with a look-up only for each distinct character that is no single-letter tile (one search
        of ``upper``, which may be words joined by line breaks): the letters of a block where ``translate``
        looks every character up (5-10x faster on Ukrainian, Arabic, Hebrew and Czech blocks).

        >>> from lexc.language.tiles import Codes
        >>> de = Encoder(catalog.normaliser("de"), Codes().char)
        >>> upper = "CAFÉ\\nSEÑOR\\nHAUS"
        >>> de._letters_of(upper) == upper.translate(de._letters) == "CAFE\\nSENOR\\nHAUS"
        True
        """
        letters = self._letters
        table = {ord(char): char.translate(letters) for char in set(self._other_line.findall(upper))}
        return translated(upper, table)

    def _multi_letter(self, upper: str, letters: str) -> Encoded | None:
        """A word with a multi-letter tile (Latin script only): longest match, one look-up per tile."""
        if not self._multi_codes:
            return None
        surfaces = self._findall(letters)
        try:
            code = "".join(map(self._multi_codes.__getitem__, surfaces))
        except KeyError:
            return None
        return upper, code.translate(self._board_of), code, self._norm._reader.overlapping(letters)

    def _in_context(self, letters: str, code: str) -> str:
        """``code`` with each letter a scheme's context rules spell replaced by its tile's code (``letters``
        may be words joined by line breaks: a line break is a word's end)."""
        chars = list(code)
        padded = "^" + letters + "$"
        window = self._window
        for letter in self._ctx:  # str.find per context letter: C speed, where a character class is not
            at = letters.find(letter)
            while at >= 0:
                key = padded[at:at + 3]
                if "\n" in key:
                    key = ("^" if key[0] == "\n" else key[0]) + letter + ("$" if key[2] == "\n" else key[2])
                char = window.get(key)
                if char is None:
                    char = window[key] = self._contextual(key)
                chars[at] = char
                at = letters.find(letter, at + 1)
        return "".join(chars)

    def _contextual(self, key: str) -> str:
        """The code of the letter ``key[1]`` between ``key[0]`` and ``key[2]`` (``^`` and ``$``: the word's ends)
        by its scheme's rules."""
        face, rules = self._context[key[1]]
        # the rules look at the letter before and after only: a word of those three letters says the same
        start = 1 if key[0] == "^" else 0
        short = key[start:2 if key[2] == "$" else 3]
        out = pick(rules, short, 1 - start, 2 - start, self._norm.facedown)[0]
        return self._code(self._norm._tile(face, out))
