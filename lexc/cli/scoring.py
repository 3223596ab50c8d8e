"""``lexc score``'s work, without typer: :mod:`lexc.cli.play` declares the command, and
:mod:`lexc.cli.launch` answers plain invocations here directly (:func:`parse_score`), so
``lexc score`` starts without typer and pydantic (about a quarter of a second).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from lexc.errors import LexcError, Problem

__all__ = ["parse_score", "run_score"]

#: Options of ``lexc score`` that take a value (repeatable ones in :data:`_MANY`), and flags.
_VALUES = {"--ruleset": "ruleset_name", "-r": "ruleset_name", "--rack": "rack", "--lang": "lang", "--game": "game",
           "--packs": "packs", "--svg": "svg", "--spec": "spec", "--scheme": "scheme", "--edition": "edition"}
_MANY = {"spec", "scheme", "edition"}
_FLAGS = {"--json": "as_json", "--no-lexicon": "no_lexicon"}


def parse_score(args: Sequence[str]) -> dict[str, object] | None:
    """The arguments of ``lexc score`` as :func:`run_score` takes them when they are plain; None when
    typer should read them (``--help``, ``--upto``, ``--option=value``, a typo, a missing value).

    >>> parse_score(["--ruleset", "polyglot", "8D WHISKY @fr", "--json"])["ruleset_name"]
    'polyglot'
    >>> parse_score(["--help"]) is None, parse_score(["8D QI", "8D QI"]) is None
    (True, True)
    """
    found: dict[str, object] = {"spec": [], "scheme": [], "edition": []}
    positional: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        if arg in _FLAGS:
            found[_FLAGS[arg]] = True
        elif arg in _VALUES and i + 1 < len(args):
            name = _VALUES[arg]
            if name in _MANY:
                found[name].append(args[i + 1])  # type: ignore[attr-defined]
            elif name in found:
                return None
            else:
                found[name] = args[i + 1]
            i += 1
        elif arg.startswith("-") and arg != "-":
            return None
        else:
            positional.append(arg)
        i += 1
    if len(positional) != 1:
        return None
    found["play_text"] = positional[0]
    return found


def run_score(play_text: str, *, ruleset_name: str | None = None, rack: str | None = None, lang: str | None = None,
              game: str | Path | None = None, upto: int | None = None, packs: str | Path | None = None,
              spec: Sequence[str | Path] = (), scheme: Sequence[str] = (), edition: Sequence[str] = (),
              no_lexicon: bool = False, svg: str | Path | None = None, as_json: bool = False) -> None:
    """Score one play on an empty board (or a game's position), print its explanation (or JSON)."""
    from lexc.catalog import Catalog, parse_editions, parse_schemes
    from lexc.engine.board import Board
    from lexc.engine.notation import parse_play
    from lexc.engine.scoring import play_languages, score_play
    from lexc.inputs import typed

    # Typed text composed where it enters (NFC), as typer's commands do (lexc.cli.common.reports_errors).
    play_text, rack, lang = typed(play_text), typed(rack) if rack else rack, typed(lang) if lang else lang
    scheme, edition = [typed(s) for s in scheme], [typed(e) for e in edition]
    catalog = Catalog.from_environment(specs=spec, packs=packs)
    if scheme:
        catalog = catalog.with_schemes(parse_schemes(scheme))
    if edition:
        catalog = catalog.with_editions(parse_editions(edition))
    lang = catalog.canonical(lang) if lang else lang  # any ISO 639 code: spa is es
    if game is not None:
        from lexc.records import gcg, replay

        board, ruleset = replay.position(gcg.read(Path(game)), catalog, upto, ruleset=ruleset_name)
    else:
        if upto is not None:
            raise LexcError(Problem(None, None, "--upto", "needs --game"))
        ruleset = catalog.ruleset(ruleset_name or "standard")
        board = Board.empty(ruleset)
    if lang and ruleset.polyglot is None and lang != ruleset.tiles:
        if game is not None:
            raise LexcError(Problem(str(game), None, "--lang", f"the game is played with {ruleset.tiles} tiles"))
        ruleset = ruleset.with_tiles(catalog.language(lang))
        board = Board.empty(ruleset)
    catalog = catalog.for_ruleset(ruleset)  # the schemes a Polyglot ruleset agrees on
    play = parse_play(play_text, ruleset.spec, source=play_text)
    if ruleset.polyglot is not None and play.langs:
        play = play.with_langs(play.langs.renamed(catalog.canonical))  # @fra is @fr, its pack fr's
    langs = play_languages(play, ruleset, lang)
    lexicons = {} if no_lexicon else catalog.lexicons(langs)
    result = score_play(board, play, ruleset, catalog=catalog, lexicons=lexicons, rack=rack, lang=lang)
    if svg is not None:
        from lexc.engine.svg import board_svg, play_values, write_svg  # only with --svg: xml and its imports

        after = board.place(result.placements)
        write_svg(Path(svg), board_svg(after, title=f"{ruleset.name}: {play} = {result.score}",
                                       values=play_values([result]) if ruleset.polyglot else None))
    if as_json:
        data = result.to_json()
        data["ruleset"] = ruleset.name
        data["lexicons"] = sorted(lexicons)
        print(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        print(result.explain())
        missing = sorted(langs - set(lexicons))
        if missing and not no_lexicon:
            print(f"  (no pack for {', '.join(missing)}: words not looked up)")
