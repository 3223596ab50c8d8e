"""How a game is set up: players, ruleset, default language, challenge rule and how tiles are dealt.

A setup is written into the game's GCG header (docs/game.md): players as ``#player1``...,
the rest as ``#note Key: value`` settings, which Macondo reads as settings and other
programs show as comments:

>>> from lexc import Catalog
>>> catalog = Catalog.shipped()
>>> setup = Setup.new(["ann", "bob"], catalog=catalog, ruleset="polyglot", lang="en", seed=7)
>>> [p.to_gcg() for p in setup.gcg_players()], setup.header_notes()
(['#player1 ann ann', '#player2 bob bob'], ['ruleset: polyglot', 'challenge: double', 'deal: seed 7'])
>>> Setup.from_header(setup.gcg_players(), setup.header_notes(), "en", catalog=catalog) == setup
True

The schemes the table agreed on (Polyglot rule 3) are part of the setup: they choose how words
of those languages are spelled on the board and which packs they are looked up in.

>>> hebrew = Setup.new(["ann", "bob"], catalog=catalog, schemes={"he": "he-full"})
>>> hebrew.header_notes()[-1], hebrew.catalog.language("he").scheme.name
('scheme: he=he-full', 'he-full')
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from lexc.game.engine import Catalog, GameRecord, LexcError, Player, Pragma, Problem, Ruleset, lang_names
from lexc.inputs import read_problem, whole_number

#: A deal's seed is a 64-bit integer (``--deal``, ``#note deal: seed N``, the web's ``deal``).
MIN_SEED, MAX_SEED = -(2**63), 2**63 - 1

#: Challenge rules a game may use: what happens when a challenged play is good (docs/game.md).
#: ``double``: the challenger loses a turn; ``single``: nothing; ``five-point``: the challenged
#: player gains 5; ``void``: phonies are refused when played, there is nothing to challenge;
#: ``none``: no challenges.
CHALLENGES = ("double", "single", "five-point", "void", "none")

_NICK = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.\-]*")
_SETTING = re.compile(r"(ruleset|challenge|deal|scheme|edition|langs|lexicon):\s*(.*)")


@dataclass(frozen=True, slots=True)
class Setup:
    """A game's fixed settings.

    ``players`` are GCG nicknames (letters, digits, ``_ . -``); ``lang`` the default language of
    words nobody designated (Polyglot; None elsewhere); ``seed`` deals from lexc's own bag,
    shuffled reproducibly (None: a physical bag at the table, racks typed when known).
    ``catalog`` gives the ruleset and the languages. ``langs`` are the languages the table agreed
    to play (Polyglot; empty: every language); ``tiles`` the language of an ordinary game's tiles
    when it is not the ruleset's own (``es`` for a Spanish game under the standard rules);
    ``specs`` the languages played from a spec of one's own, with the SHA-256 of that spec.
    """

    players: tuple[str, ...]
    ruleset_name: str
    lang: str | None
    challenge: str
    seed: int | None
    catalog: Catalog = field(compare=False, repr=False)
    schemes: tuple[tuple[str, str], ...] = ()
    editions: tuple[tuple[str, str], ...] = ()  # the tile set of each language with several, as chosen
    langs: tuple[str, ...] = ()
    tiles: str | None = None
    specs: tuple[tuple[str, str], ...] = ()
    lexicons: tuple[tuple[str, str], ...] = ()  # the named lexicon that judges each language's words, if any

    @classmethod
    def new(cls, players: Sequence[str], *, catalog: Catalog | None = None, ruleset: str = "polyglot",
            lang: str | None = None, challenge: str | None = None, seed: int | None = None,
            schemes: Mapping[str, str] | None = None, editions: Mapping[str, str] | None = None,
            langs: Sequence[str] | None = None, lexicons: Mapping[str, str] | None = None) -> Setup:
        """A checked setup; every problem is a :class:`LexcError` whose key names the setting at fault
        (``players``, ``ruleset``, ``lang``, ``langs``, ``challenge``, ``deal``, ``scheme``, ``edition``,
        ``lexicon``).

        ``catalog`` defaults to the shipped one (:meth:`lexc.catalog.Catalog.shipped`). ``lang`` is
        the default language of a Polyglot game, or the language of an ordinary game's tiles
        (``ruleset="standard", lang="es"``: a Spanish game). ``langs`` are the languages a Polyglot
        table agreed to play (any ISO 639 code of them: ``fra`` is ``fr``); a word designated any
        other is refused. ``schemes`` maps a language code to the scheme agreed for it
        (``{"he": "he-full"}``); the setup's catalog spells those languages through them.
        ``lexicons`` maps a language code to the named lexicon the table judges its words by
        (``{"en": "csw24"}``: the pack ``en@csw24.lexc``, docs/lexicons.md).
        """
        catalog = catalog if catalog is not None else Catalog.shipped()
        names = _players(players)
        rules = _ruleset(ruleset, catalog)
        lang = _code(lang, catalog, "lang") if lang is not None else None
        agreed_langs = tuple(dict.fromkeys(_code(code, catalog, "langs") for code in langs or ()))
        lang, tiles = _languages(rules, ruleset, lang, agreed_langs, catalog)
        rule = challenge or default_challenge(rules)
        if rule not in CHALLENGES:
            raise LexcError(Problem(None, None, "challenge", f"must be one of {', '.join(CHALLENGES)}, not {rule!r}"))
        if seed is not None and not MIN_SEED <= seed <= MAX_SEED:
            raise LexcError(Problem(None, None, "deal", f"a seed is a whole number from {MIN_SEED:,} to "
                                                        f"{MAX_SEED:,}, not one of {seed.bit_length():,} bits"))
        agreed = tuple(sorted((schemes or {}).items()))
        chosen = _editions(catalog, rules, tiles or rules.tiles, editions or {})
        game_catalog = _agreed(catalog, rules, dict(agreed), chosen)
        named = _lexicons(game_catalog, lexicons or {})
        if named:
            game_catalog = game_catalog.with_lexicons(dict(named))
        return cls(names, ruleset, lang, rule, seed, game_catalog, agreed, tuple(sorted(chosen.items())),
                   agreed_langs, tiles, catalog.own_specs(), named)

    @property
    def ruleset(self) -> Ruleset:
        rules = _ruleset(self.ruleset_name, self.catalog)
        return rules.with_tiles(self.catalog.language(self.tiles)) if self.tiles else rules

    @property
    def dealt(self) -> bool:
        """Whether lexc deals the tiles (a seeded bag) rather than a physical bag at the table."""
        return self.seed is not None

    @property
    def challenge_bonus(self) -> int:
        """Points the challenged player gains when the play is good."""
        return 5 if self.challenge == "five-point" else 0

    def allows(self, lang: str) -> bool:
        """Whether a word may be designated ``lang`` (one of the agreed languages, or any when none were)."""
        return not self.langs or lang in self.langs

    def gcg_players(self) -> list[Player]:
        return [Player(i + 1, nick, nick) for i, nick in enumerate(self.players)]

    def header_notes(self) -> list[str]:
        """The ``#note`` settings of the header (the default language is written by the GCG writer)."""
        deal = f"seed {self.seed}" if self.seed is not None else "table"
        notes = [f"ruleset: {self.ruleset_name}", f"challenge: {self.challenge}", f"deal: {deal}"]
        if self.langs:
            notes.append("langs: " + ",".join(self.langs))
        if self.schemes:
            notes.append("scheme: " + " ".join(f"{code}={name}" for code, name in self.schemes))
        if self.editions:
            notes.append("edition: " + " ".join(f"{code}={name}" for code, name in self.editions))
        if self.lexicons:
            notes.append("lexicon: " + " ".join(f"{code}={name}" for code, name in self.lexicons))
        notes += [spec_note(code, sha, self.catalog) for code, sha in self.specs]
        return notes

    def header_pragmas(self) -> list[Pragma]:
        """The header's pragmas: ``#tile-distribution`` of an ordinary game on another language's tiles
        (as Macondo and Woogles name it: ``spanish``), then the ``#note`` settings."""
        pragmas = [Pragma("tile-distribution", distribution_name(self.tiles, self.catalog))] if self.tiles else []
        return pragmas + [Pragma("note", note) for note in self.header_notes()]

    @classmethod
    def from_header(cls, players: Sequence[Player], notes: Sequence[str | Pragma], lang: str | None,
                    file: str | None = None, *, catalog: Catalog, schemes: Mapping[str, str] | None = None,
                    editions: Mapping[str, str] | None = None, specs: Mapping[str, str] | None = None) -> Setup:
        """The setup a game file's header describes (players, ``#note`` settings, default language).

        ``schemes`` are the record's agreed schemes (:attr:`lexc.records.gcg.GameRecord.schemes`);
        ``specs`` its own specs (:attr:`lexc.records.gcg.GameRecord.specs`), checked against the
        catalog's: a different spec would score the game differently. ``lang`` is the default
        language of a Polyglot game, or the language of an ordinary game's tiles.
        Errors name the file and the line of the setting at fault.
        """
        settings: dict[str, tuple[str, int | None]] = {}
        for note in notes:
            text, line = (note.value, note.line) if isinstance(note, Pragma) else (note, None)
            match = _SETTING.fullmatch(text.strip())
            if match:
                settings[match[1]] = (match[2].strip(), line)

        def bad(key: str, message: str) -> LexcError:
            return LexcError(Problem(file, settings.get(key, ("", None))[1], f"#note {key}", message))

        if "ruleset" not in settings:
            raise bad("ruleset", "not a lexc game file: its header names no ruleset (start a game with "
                                 "`lexc game new`)")
        deal = settings.get("deal", ("table", None))[0]
        seed: int | None = None
        if deal != "table":
            word, _, number = deal.partition(" ")
            if word != "seed" or not number:
                raise bad("deal", f"expected 'seed N' or 'table', not {deal[:40]!r}")
            if whole_number(number, least=MIN_SEED, most=MAX_SEED) is None:
                raise bad("deal", read_problem(number, "a seed", least=MIN_SEED, most=MAX_SEED))
            seed = int(number)
        named = lang_names(settings.get("lexicon", ("", None))[0], "en=csw24", file=file,
                           line=settings.get("lexicon", ("", None))[1], key="#note lexicon")
        catalog.check_specs(specs or {}, file)
        agreed = settings.get("langs", ("", None))[0].replace(",", " ").split()
        try:
            return cls.new([p.nick for p in players], catalog=catalog, ruleset=settings["ruleset"][0], lang=lang,
                           challenge=settings.get("challenge", (None, None))[0], seed=seed, schemes=schemes,
                           editions=editions, langs=agreed, lexicons=named)
        except LexcError as err:
            if err.problems[0].file is not None:  # a file's own problem (a ruleset file, a spec)
                raise
            key = err.problems[0].key or ""
            raise bad(key if key in settings else "ruleset", err.problems[0].message) from None

    def to_json(self) -> dict[str, object]:
        return {"players": list(self.players), "ruleset": self.ruleset_name, "lang": self.lang,
                "challenge": self.challenge, "deal": "seed" if self.dealt else "table", "seed": self.seed,
                "schemes": dict(self.schemes), "editions": dict(self.editions), "langs": list(self.langs),
                "tiles": self.tiles or self.ruleset.tiles, "specs": dict(self.specs), "lexicons": dict(self.lexicons)}


def agreed_languages(record: GameRecord) -> list[str]:
    r"""The languages a game's table agreed to play, from its ``#note langs:`` (none: every language).

    >>> from lexc.game.engine import gcg_parse
    >>> agreed_languages(gcg_parse(b"#player1 a a\n#player2 b b\n#note langs: en,fr,ru\n"))
    ['en', 'fr', 'ru']
    """
    for pragma in record.pragmas:
        match = _SETTING.fullmatch(pragma.value.strip()) if pragma.name == "note" else None
        if match and match[1] == "langs":
            return match[2].replace(",", " ").split()
    return []


def _code(code: str, catalog: Catalog, key: str) -> str:
    """The catalog's code of the language ``code`` names (``fra`` -> ``fr``); an error keyed ``key``."""
    try:
        return catalog.canonical(code.strip())
    except LexcError as err:
        raise LexcError(Problem(None, None, key, err.problems[0].message)) from None


def _agreed(catalog: Catalog, ruleset: Ruleset, schemes: Mapping[str, str], editions: Mapping[str, str]) -> Catalog:
    """The catalog of a game: the schemes and editions agreed at the table, then those the ruleset names."""
    try:
        chosen = catalog.with_schemes(schemes) if schemes else catalog
    except LexcError as err:
        raise LexcError(Problem(None, None, "scheme", err.problems[0].message)) from None
    return chosen.with_editions(editions).for_ruleset(ruleset) if editions else chosen.for_ruleset(ruleset)


def _lexicons(catalog: Catalog, lexicons: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    """The named lexicons a game is judged by, checked: a language of the catalog, a well-formed name, and a
    pack of that name in the packs folder (a game judged by a list nobody built would judge nothing)."""
    try:
        named = catalog.with_lexicons(lexicons) if lexicons else catalog
        for code in lexicons:
            if not named.pack_path(code).is_file():
                named.pack(code)  # the clear error: which lexicons are built, how to build this one
    except LexcError as err:
        raise LexcError(Problem(None, None, "lexicon", err.problems[0].message)) from None
    return tuple(sorted(named.chosen_lexicons))


def _editions(catalog: Catalog, ruleset: Ruleset, tiles: str, editions: Mapping[str, str]) -> dict[str, str]:
    """The editions a game records: those chosen, the ruleset's, and the one of its board's tiles
    (``tiles``) when their language has several (so the record names its tile set). Checked: an
    unknown one is an error."""
    chosen = {**dict(ruleset.editions), **editions}
    try:
        catalog.with_editions(chosen)
        if ruleset.polyglot is None and tiles not in chosen and catalog.spec(tiles).editions:
            chosen[tiles] = catalog.edition_name(tiles) or ""
    except LexcError as err:
        raise LexcError(Problem(None, None, "edition", err.problems[0].message)) from None
    return chosen


def spec_note(code: str, sha256: str, catalog: Catalog) -> str:
    """The ``#note spec:`` of a language played from a spec of one's own: code, SHA-256, name and file.

    >>> spec_note("fr", "ab" * 32, catalog)
    'spec: fr sha256=abababababababababababababababababababababababababababababababab (French, fr.toml)'
    """
    spec = catalog.spec(code)
    return f"spec: {code} sha256={sha256} ({spec.name}, {catalog.spec_paths()[code].name})"


def distribution_name(code: str, catalog: Catalog) -> str:
    """The ``#tile-distribution`` name of a language's tiles, as Macondo names them (``spanish``).

    >>> distribution_name("es", catalog), distribution_name("is", catalog)
    ('spanish', 'icelandic')
    """
    return catalog.spec(code).name.lower()


def default_challenge(ruleset: Ruleset) -> str:
    """The challenge rule a ruleset's data gives (``single`` with a bonus of 5 is ``five-point``)."""
    if ruleset.challenge == "single" and ruleset.challenge_bonus == 5:
        return "five-point"
    return ruleset.challenge


def _players(players: Sequence[str]) -> tuple[str, ...]:
    """The players' names, checked: 2 to 4, each a GCG nickname, no two the same."""
    names = tuple(p.strip() for p in players)
    if not 2 <= len(names) <= 4:
        raise LexcError(Problem(None, None, "players", f"a game has 2 to 4 players, not {len(names)}"))
    for name in names:
        if not _NICK.fullmatch(name):
            raise LexcError(Problem(None, None, "players", f"{name!r}: a player's name is letters, digits, "
                                                           "'_', '.' or '-' (it names them in the GCG file)"))
    if len(set(names)) != len(names):
        raise LexcError(Problem(None, None, "players", "two players have the same name"))
    return names


def _languages(rules: Ruleset, ruleset: str, lang: str | None, agreed: tuple[str, ...],
               catalog: Catalog) -> tuple[str | None, str | None]:
    """The game's default language (Polyglot) and the language of its tiles when not the ruleset's
    (an ordinary game in ``lang``), checked against the languages ``agreed``."""
    if rules.polyglot is None:
        if agreed:
            raise LexcError(Problem(None, None, "langs", f"the {ruleset} ruleset is an ordinary game, every word "
                                                         f"in the language of its tiles: languages are agreed "
                                                         "for Polyglot games"))
        if lang is None or lang == rules.tiles:
            return None, None
        if not catalog.has_spec(lang):
            raise LexcError(Problem(None, None, "lang", f"an ordinary game is played on a language's own "
                                                        f"tiles, and {lang} has no tile set (no spec)"))
        return None, lang
    default = lang or rules.polyglot.default_lang
    if agreed and default not in agreed:
        if lang is not None:
            raise LexcError(Problem(None, None, "lang", f"the default language {lang} is not among the "
                                                        f"languages agreed ({', '.join(agreed)})"))
        default = agreed[0]
    return default, None


def _ruleset(name: str, catalog: Catalog) -> Ruleset:
    """A ruleset by name, or a ruleset file of one's own (docs/rulesets.md)."""
    try:
        return catalog.ruleset(name)
    except LexcError as err:
        if err.problems[0].file is not None:  # a file's own problem (a ruleset file, a spec): it names the file
            raise
        raise LexcError(Problem(None, None, "ruleset", err.problems[0].message)) from None
