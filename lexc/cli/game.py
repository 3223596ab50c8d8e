"""``lexc game``: keep a game in a GCG file, one command per move (a thin layer over :mod:`lexc.game`)."""

from __future__ import annotations

from pathlib import Path

import typer

from lexc.catalog import parse_editions, parse_lexicons, parse_schemes
from lexc.cli import gameplay
from lexc.cli.common import PACKS, RULESETS_HELP, SPEC_HELP, app, flags, print_json, reports_errors
from lexc.errors import LexcError, Problem
from lexc.game import CHALLENGES, Game, Setup
from lexc.game.store import create, load, update
from lexc.game.view import game_json, show_text

game_app = typer.Typer(
    name="game", no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
    help="Keep a game from the first tile to the final score, in a GCG file written after every move.\n\n"
         "Start with `lexc game new FILE --players ann,bob --ruleset polyglot --lang en`, then one command per "
         "move: play, pass, exchange, challenge, undo, end. `lexc game show FILE` prints the board. "
         "A refused move prints the reason and leaves the file as it was (docs/game.md).",
)
app.add_typer(game_app, name="game")

FILE = typer.Argument(..., metavar="FILE.gcg", help="The game file.")
SPECS = typer.Option(None, "--spec", help=SPEC_HELP + " A game records the specs of its own it was started with "
                     "(#note spec:) and refuses another.")
JSON = typer.Option(False, "--json", help="Print the game (and the move) as JSON.")
RACK = typer.Option(None, "--rack", help="At a table: the rack the player holds, when known ('?' for a blank).")


@game_app.command("new")
@reports_errors
def new(
    path: Path = FILE,
    players: str = typer.Option(..., "--players", help="2 to 4 names, comma-separated: ann,bob,carl."),
    ruleset: str = typer.Option("polyglot", "--ruleset", "-r", help=f"{RULESETS_HELP} or a TOML file."),
    lang: str = typer.Option(None, "--lang", help="Polyglot: the language of words nobody designates (default en, "
                             "or the first of --langs). Other rulesets: the language of the tiles (an ordinary "
                             "game in Spanish: --ruleset standard --lang es)."),
    langs: str = typer.Option(None, "--langs", help="Polyglot: the languages the table agreed to play, "
                              "comma-separated (en,fr,es,de,ru; any ISO 639 code). A word designated another is "
                              "refused; hints search these. Default: every language."),
    deal: int = typer.Option(None, "--deal", metavar="SEED", help="Deal from lexc's own bag, shuffled with this "
                             "seed (reproducible). Default: a physical bag at the table; racks are typed with "
                             "--rack when known."),
    challenge: str = typer.Option(None, "--challenge", help=f"{', '.join(CHALLENGES)} (default: the ruleset's)."),
    title: str = typer.Option(None, "--title", help="A title for the record (#title)."),
    scheme: list[str] = typer.Option(None, "--scheme", help="LANG=NAME: the scheme the table agreed on for LANG "
                                     "(repeatable; e.g. he=he-full, ru=ru-yo). Written in the game file."),
    edition: list[str] = typer.Option(None, "--edition", help="LANG=NAME: the tile set of LANG, among its "
                                      "editions (repeatable; e.g. is=original). Written in the game file."),
    lexicon: list[str] = typer.Option(None, "--lexicon", help="LANG=NAME: judge LANG's words by the named lexicon "
                                      "NAME, built with `lexc build LANG --source FILE --name NAME` (repeatable; "
                                      "e.g. en=csw24). Written in the game file."),
    robot: list[str] = typer.Option(None, "--robot", help="PLAYER=LEVEL: that seat is a robot of level 1 to 5 "
                                    "(or greedy), moved by `lexc game robot FILE` (repeatable; needs --deal)."),
    robot_langs: str = typer.Option(None, "--robot-langs", help="Polyglot: the languages the robots play, "
                                    "comma-separated (default: the game's language and those designated so far)."),
    packs: Path = PACKS,
    spec: list[Path] = SPECS,
    as_json: bool = JSON,
) -> None:
    """Start a game in FILE (never overwrites a file)."""
    names = [n for n in players.split(",") if n.strip()]
    agreed = [code.strip() for code in langs.split(",") if code.strip()] if langs is not None else None
    with flags(gameplay.FLAGS):
        lexicons = gameplay.packs_of(packs, spec)
        setup = Setup.new(names, catalog=lexicons.catalog, ruleset=ruleset, lang=lang, challenge=challenge,
                          seed=deal, schemes=parse_schemes(scheme), editions=parse_editions(edition), langs=agreed,
                          lexicons=parse_lexicons(lexicon))
        game = Game.new(setup, lexicons, title)
    if robot or robot_langs:
        game = _seat_robots(game, robot or [], robot_langs)
    create(game, path)
    if as_json:
        print_json(game_json(game))
    else:
        tiles = f" on {game.state.ruleset.spec.name} tiles" if setup.tiles else ""
        among = f" (languages {', '.join(setup.langs)})" if setup.langs else ""
        typer.echo(f"{path}: new {setup.ruleset_name} game{tiles}{among}, {', '.join(setup.players)}; "
                   f"{game.to_move} to move")


def _seat_robots(game: Game, robot: list[str], robot_langs: str | None) -> Game:
    from lexc.robot.seat import parse_seats, with_robots

    try:
        seats = parse_seats(" ".join(robot))
    except LexcError as err:
        raise LexcError(Problem(None, None, "--robot", err.problems[0].message)) from None
    if not seats:
        raise LexcError(Problem(None, None, "--robot-langs", "name the robots too (--robot PLAYER=LEVEL)"))
    langs = [lg.strip() for lg in robot_langs.split(",") if lg.strip()] if robot_langs else None
    try:
        return with_robots(game, seats, langs)
    except LexcError as err:
        raise LexcError([Problem(p.file, p.line, "--deal" if "deals" in p.message else "--robot", p.message)
                         for p in err.problems]) from None


@game_app.command("robot")
@reports_errors
def robot_command(
    path: Path = FILE,
    once: bool = typer.Option(False, "--once", help="Make one robot move, even when another robot moves next."),
    packs: Path = PACKS,
    as_json: bool = JSON,
) -> None:
    """The robot to move makes its move (a challenge by its level's rule, a play, an exchange, a pass, or the
    end of the game), recorded like anyone's; then the next robot, until a person is to move."""
    from lexc.robot.seat import robot_move, robot_to_move

    lexicons = gameplay.packs_of(packs)
    first = len(load(path, lexicons).record.events)
    game = update(path, lexicons, robot_move)
    while not once and robot_to_move(game) is not None:
        game = update(path, lexicons, robot_move)
    gameplay.report(game, as_json, min(first, len(game.record.events)))


@game_app.command("play")
@reports_errors
def play(
    path: Path = FILE,
    text: str = typer.Argument(..., metavar="PLAY", help="The play, e.g. '8D WHISKY @fr' or '9F ME @es,F8=en'."),
    rack: str = RACK,
    packs: Path = PACKS,
    spec: list[Path] = SPECS,
    as_json: bool = JSON,
) -> None:
    """The player to move places tiles; the play is scored, explained and recorded (phonies may be challenged)."""
    gameplay.play(path, text, rack, packs, spec, as_json)


@game_app.command("pass")
@reports_errors
def pass_(path: Path = FILE, rack: str = RACK, packs: Path = PACKS, spec: list[Path] = SPECS,
          as_json: bool = JSON) -> None:
    """The player to move passes."""
    gameplay.pass_turn(path, rack, packs, spec, as_json)


@game_app.command("exchange")
@reports_errors
def exchange(
    path: Path = FILE,
    tiles: str = typer.Argument(..., metavar="TILES", help="The tiles returned (AEI?), or at a table their number."),
    rack: str = RACK,
    packs: Path = PACKS,
    spec: list[Path] = SPECS,
    as_json: bool = JSON,
) -> None:
    """The player to move exchanges tiles (the bag must hold at least a rack's worth)."""
    gameplay.exchange(path, tiles, rack, packs, spec, as_json)


def _rulings(rules: list[str]) -> dict[str, bool]:
    out: dict[str, bool] = {}
    for rule in rules:
        word, _, verdict = rule.partition("=")
        if verdict not in ("good", "phony") or not word:
            raise LexcError(Problem(None, None, "--rule", f"write WORD=good or WORD=phony, not {rule!r}"))
        out[word.upper()] = verdict == "good"
    return out


@game_app.command("challenge")
@reports_errors
def challenge(
    path: Path = FILE,
    by: str = typer.Option(None, "--by", help="The challenger (default: the next player)."),
    rule: list[str] = typer.Option([], "--rule", help="The director's ruling on a word whose language has no "
                                   "pack: WORD=good or WORD=phony (repeatable)."),
    packs: Path = PACKS,
    spec: list[Path] = SPECS,
    as_json: bool = JSON,
) -> None:
    """Challenge the last play: each word is looked up in its designated language's pack.

    A phony comes off the board and scores nothing; a good play stands and the game's challenge
    rule applies (double: the challenger loses a turn; five-point: the player gains 5).
    """
    rulings = _rulings(rule)
    gameplay.move(path, packs, as_json, lambda g: g.challenge(by, rulings), spec)


@game_app.command("undo")
@reports_errors
def undo(path: Path = FILE, packs: Path = PACKS, spec: list[Path] = SPECS, as_json: bool = JSON) -> None:
    """Take back the last move (a challenge with what it brought, or the end of the game, counts as one)."""
    with flags(gameplay.FLAGS):
        game = update(path, gameplay.packs_of(packs, spec), lambda g: g.undo())
    if as_json:
        print_json(game_json(game))
    else:
        last = game.record.events[-1].to_gcg() if game.record.events else "no move"
        typer.echo(f"undone; last move now: {last}; {game.to_move} to move")


@game_app.command("end")
@reports_errors
def end(
    path: Path = FILE,
    rack: list[str] = typer.Option([], "--rack", help="At a table: a player's tiles left, NAME=TILES (repeatable)."),
    force: bool = typer.Option(False, "--force", help="End now although nobody went out (the director's call)."),
    packs: Path = PACKS,
    spec: list[Path] = SPECS,
    as_json: bool = JSON,
) -> None:
    """End the game: tiles left on racks valued (in English in Polyglot, rule 5) and scores adjusted."""
    racks: dict[str, str] = {}
    for item in rack:
        name, eq, tiles = item.partition("=")
        if not eq:
            raise LexcError(Problem(None, None, "--rack", f"write NAME=TILES, not {item!r}"))
        racks[name] = tiles
    gameplay.move(path, packs, as_json, lambda g: g.end(racks, force), spec)


@game_app.command("penalty")
@reports_errors
def penalty(
    path: Path = FILE,
    player: str = typer.Argument(..., help="The player penalised."),
    points: int = typer.Argument(..., help="Points lost (e.g. 10 for a minute over time)."),
    packs: Path = PACKS,
    spec: list[Path] = SPECS,
    as_json: bool = JSON,
) -> None:
    """A time penalty, recorded after the end of the game."""
    gameplay.move(path, packs, as_json, lambda g: g.time_penalty(player, points), spec)


@game_app.command("show")
@reports_errors
def show(
    path: Path = FILE,
    svg: Path = typer.Option(None, "--svg", help="Also draw the board to this SVG file."),
    sheet: bool = typer.Option(False, "--sheet", help="Each player's score sheet instead: every move, its score "
                               "and the running total."),
    packs: Path = PACKS,
    spec: list[Path] = SPECS,
    as_json: bool = JSON,
) -> None:
    """The board with premium squares, scores, racks, bag and unseen tiles, and the last play explained."""
    with flags(gameplay.FLAGS):
        game = load(path, gameplay.packs_of(packs, spec))
    if sheet:
        from lexc.game.view import sheet as sheets
        from lexc.game.view import sheet_text

        if as_json:
            print_json(sheets(game))
        else:
            typer.echo(sheet_text(game))
        return
    if svg is not None:
        from lexc.game.engine import write_svg
        from lexc.game.picture import game_svg

        write_svg(svg, game_svg(game))
    if as_json:
        print_json(game_json(game))
    else:
        typer.echo(show_text(game))


@game_app.command("hint")
@reports_errors
def hint(
    path: Path = FILE,
    rack: str = RACK,
    top: int = typer.Option(5, "--top", "-n", help="How many plays to show (0: all)."),
    langs: str = typer.Option(None, "--langs", help="Polyglot: the languages to search, comma-separated, ties to "
                              "the first, among those the game agreed (default: the game's agreed languages; "
                              "without them, its language, then every language designated so far)."),
    packs: Path = PACKS,
    spec: list[Path] = SPECS,
    as_json: bool = JSON,
) -> None:
    """The best plays of the player to move, each word in the language where it is valid and scores best.

    With lexc's own bag the rack is known; at a table give it with --rack. Nothing is written.
    """
    allowed = [lg.strip() for lg in langs.split(",") if lg.strip()] if langs else None
    with flags(gameplay.FLAGS):
        game = load(path, gameplay.packs_of(packs, spec))
        found = game.hints(rack, top, allowed)
    if as_json:
        print_json({"player": game.to_move, "moves": [m.to_json() for m in found]})
        return
    typer.echo(f"best plays for {game.to_move}:" if found else f"no play for {game.to_move}")
    width = max((len(str(m)) for m in found), default=0)
    for rank, move in enumerate(found, 1):
        typer.echo(f"{rank:3d}. {move!s:{width}s}  {move.score:4d}")


@game_app.command("seats")
@reports_errors
def seats(
    path: Path = FILE,
    base: str = typer.Option("http://127.0.0.1:8000", "--base", help="The address the players open: the one "
                             "`lexc serve` listens on (e.g. http://192.168.1.20:8000)."),
    packs: Path = PACKS,
) -> None:
    """The links of a served game's views, one a line: each seat by player name (a robot's seat has none),
    then board and director.

    Each link holds its view's key (after '#'): hand a seat's link to its player only. The keys are
    kept beside the game, readable by you only (.NAME.seats.json), never in the game file.
    """
    from lexc.game.seats import seats_of

    if not base.startswith(("http://", "https://")) or any(c.isspace() for c in base):
        raise LexcError(Problem(None, None, "--base", f"an address such as http://192.168.1.20:8000, not {base!r}"))
    from lexc.robot.seat import robots

    game = load(path, gameplay.packs_of(packs))
    found = seats_of(path, game.setup.players)
    assert found is not None
    seated = robots(game)  # a robot's seat has no link: lexc serve moves it by itself
    for label, url in found.links(base, path.stem):
        if label not in seated:
            typer.echo(f"{label} {url}")
