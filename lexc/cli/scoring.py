"""``lexc score``'s work, without typer: :mod:`lexc.cli.play` declares the command, and
:mod:`lexc.cli.launch` answers plain invocations (:data:`SCORE`) here directly, so ``lexc score``
starts without typer and pydantic; both run :func:`run_score`.

>>> SCORE.parse(["--ruleset", "polyglot", "8D WHISKY @fr", "--json"])["ruleset_name"]
'polyglot'
>>> SCORE.parse(["--help"]) is None, SCORE.parse(["8D QI", "8D QI"]) is None
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from lexc.cli.plain import Plain, catalog_of, print_json
from lexc.errors import LexcError, Problem

__all__ = ["SCORE", "run_score"]

#: The plain arguments of ``lexc score`` (``--upto``, ``--help`` and anything else go to typer).
SCORE = Plain(("play_text",),
              {"--ruleset": "ruleset_name", "-r": "ruleset_name", "--rack": "rack", "--lang": "lang", "--game": "game",
               "--packs": "packs", "--svg": "svg", "--spec": "spec", "--scheme": "scheme", "--edition": "edition"},
              {"--json": "as_json", "--no-lexicon": "no_lexicon"}, many=frozenset({"spec", "scheme", "edition"}),
              verbatim=frozenset({"game", "packs", "svg", "spec"}))


def run_score(play_text: str, *, ruleset_name: str | None = None, rack: str | None = None, lang: str | None = None,
              game: str | Path | None = None, upto: int | None = None, packs: str | Path | None = None,
              spec: Sequence[str | Path] = (), scheme: Sequence[str] = (), edition: Sequence[str] = (),
              no_lexicon: bool = False, svg: str | Path | None = None, as_json: bool = False) -> None:
    """Score one play on an empty board (or a game's position), print its explanation (or JSON)."""
    from lexc.engine.board import Board
    from lexc.engine.notation import parse_play
    from lexc.engine.scoring import play_languages, score_play

    catalog = catalog_of(spec, packs, scheme, edition)
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
        print_json(data)
    else:
        print(result.explain())
        missing = sorted(langs - set(lexicons))
        if missing and not no_lexicon:
            print(f"  (no pack for {', '.join(missing)}: words not looked up)")
