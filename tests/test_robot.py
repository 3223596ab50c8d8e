"""The robot player, robot seats and self-play (docs/robot.md), on packs the tests compile themselves."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import wordfreq
from typer.testing import CliRunner

from lexc import Board, Catalog, WordList
from lexc.cli import app
from lexc.engine.moves import MoveFinder
from lexc.game import Game, Setup
from lexc.game.engine import Kind, Packs
from lexc.lexicon.compiler import compile_words
from lexc.lexicon.walk import Walk
from lexc.records.gcg import parse
from lexc.records.replay import replay
from lexc.robot.leave import Leave
from lexc.robot.player import Position, Robot, Strength, words_of
from lexc.robot.seat import robot_move, robot_to_move, robots, with_robots
from lexc.robot.selfplay import Plan, Report, play_game, run
from lexc.robot.words import LEVELS, Vocabulary

CATALOG = Catalog.shipped()
POLYGLOT = ("en", "fr", "es", "de", "ru")
runner = CliRunner()


@pytest.fixture(scope="module")
def packs(tmp_path_factory) -> Path:
    """Packs of the 3,000 most frequent words of five languages (wordfreq, a dependency)."""
    folder = tmp_path_factory.mktemp("robot-packs")
    for lang in POLYGLOT:
        compile_words(CATALOG.language(lang), wordfreq.top_n_list(lang, 3000), folder / f"{lang}.lexc")
    return folder


def replayed(gcg: str, packs: Path, langs):
    catalog = Catalog.from_environment(packs=packs)
    return replay(parse(gcg), catalog, lexicons=catalog.lexicons(langs))


# --------------------------------------------------------------------------- the player


def test_the_leave_prefers_a_blank_and_balance_and_fears_the_q():
    leave = Leave.of(CATALOG.ruleset("standard"))
    assert leave.value(("?",)) == 25.0 - (0 - 0) ** 2  # half the 50-point bonus
    assert leave.value(("E", "R", "S")) > leave.value(("E", "E", "E"))  # duplicates cost
    assert leave.value(("Q",)) < leave.value(("S",)) < leave.value(("S", "?"))
    assert leave.value(("A", "E", "I", "O")) < leave.value(("A", "E", "R", "T"))  # vowels alone
    spanish = Leave.of(CATALOG.ruleset("standard").with_tiles(CATALOG.language("es")))
    assert spanish.value(("Ñ",)) < spanish.value(("A",)) and "O" in spanish.vowels and "CH" not in spanish.vowels


def test_level_five_keeps_a_better_leave_and_greedy_takes_the_points():
    std = CATALOG.ruleset("standard")
    finder = MoveFinder.from_walks(std, {"en": Walk.from_words(["QI", "QAT", "AT", "TA", "EAT", "TEA"])},
                                   catalog=CATALOG)
    position = Position(Board.empty(std), tuple("QIATEEE"), 86)
    best = Robot(std, finder, Strength.of("5")).choose(position)
    greedy = Robot(std, finder, Strength.of("greedy")).choose(position)
    assert (str(best.move), best.move.score) == ("H7 QI", 22)  # keeps A, T, E
    assert greedy.move.score == 24 and greedy.move.play.word == "QAT"


def test_a_hopeless_rack_is_exchanged_and_without_a_bag_passed():
    std = CATALOG.ruleset("standard")
    finder = MoveFinder.from_walks(std, {"en": Walk.from_words(["QI", "ZA"])}, catalog=CATALOG)
    robot = Robot(std, finder, Strength.of("5"))
    swap = robot.choose(Position(Board.empty(std), tuple("UUVVWWQ"), 50))
    assert swap.kind == "exchange" and "Q" in swap.tiles and swap.text.startswith("-")
    assert robot.choose(Position(Board.empty(std), tuple("UUVVWWQ"), 3)).kind == "pass"


def test_words_of_a_move_carry_their_designations():
    pg = CATALOG.ruleset("polyglot")
    finder = MoveFinder.from_walks(pg, {"en": Walk.from_words(["WHISKY", "IT"]), "fr": Walk.from_words(["WHISKY"])},
                                   catalog=CATALOG)
    board = Board.empty(pg)
    move = finder.moves(board, "WHISKYT")[0]
    assert words_of(board, move, pg) == [("WHISKY", "fr")]  # French values: 92 against English 46
    board = board.apply(move.play)
    cross = next(m for m in finder.moves(board, "T") if m.tiles_played == 1)
    assert sorted(words_of(board, cross, pg)) == [("IT", "en")]


def test_lower_levels_know_only_common_words():
    vocabulary = Vocabulary.of(LEVELS[1], 7, CATALOG, ("en",), board=True)
    rank = vocabulary.known["en"]
    assert rank["THE"] == 1 and "QI" not in rank and len(rank) <= 2000
    assert not any(vocabulary.sees(turn, "en", "QI") for turn in range(50))  # beyond the 2,000 commonest
    seen = sum(vocabulary.sees(turn, "en", "THE") for turn in range(400))
    assert 150 < seen < 250  # found on about half the turns (findability 0.5)
    assert all(Vocabulary.of(LEVELS[5], 7, CATALOG, ("en",), board=True).sees(t, "en", "QI") for t in range(20))
    welsh = Vocabulary.of(LEVELS[2], 7, CATALOG, ("cy",), board=True)
    assert welsh.known["cy"] is None  # no wordfreq list: findability alone
    assert 0 < sum(welsh.sees(t, "cy", "CWM") for t in range(100)) < 100


# --------------------------------------------------------------------------- seats


def _words_game(players=("ann", "cy"), seed=4):
    packs = Packs(CATALOG, {"en": WordList.from_words(CATALOG.language("en"),
                                                      ["qi", "za", "at", "ta", "tea", "eat", "ate", "eta", "rate",
                                                       "tear", "in", "on", "no", "it", "ti"])})
    return Game.new(Setup.new(list(players), catalog=CATALOG, ruleset="polyglot", seed=seed), packs)


def test_robot_seats_need_a_dealt_game_and_a_player():
    with pytest.raises(Exception, match="lexc deals the tiles"):
        with_robots(Game.new(Setup.new(["ann", "cy"], catalog=CATALOG), Packs(CATALOG)), {"cy": "3"})
    with pytest.raises(Exception, match="not a player"):
        with_robots(_words_game(), {"dee": "3"})
    with pytest.raises(Exception, match="1 to 5 or greedy"):
        with_robots(_words_game(), {"cy": "9"})
    game = with_robots(_words_game(), {"cy": "2"})
    assert robots(game) == {"cy": "2"} and robot_to_move(game) is None
    with pytest.raises(Exception, match="ann is not a robot"):
        robot_move(game)


def test_level_five_challenges_a_phony_and_the_robot_never_sees_another_rack():
    game = with_robots(_words_game(), {"cy": "5"})
    rack = game.state.racks[0]
    phony = game.play("8G " + "".join(sorted(t for t in rack if t != "?"))[:3])  # not a word of the list
    assert phony.state.results[-1].phonies
    after = robot_move(phony)
    events = after.record.events
    assert events[1].kind is Kind.WITHDRAWAL and "challenged: cy: phony" in events[1].notes[0]
    assert events[2].player == "cy" and events[2].kind in (Kind.PLAY, Kind.EXCHANGE)  # then it moves
    # what the robot is told of the other tiles: the pool of bag and ann's rack, never ann's rack alone
    state = phony.state
    assert sorted(state.unseen(1).elements()) == sorted([*state.bag, *state.racks[0]])


def test_a_game_of_robots_by_commands_replays(packs, tmp_path):
    path = tmp_path / "r.gcg"
    made = runner.invoke(app, ["game", "new", str(path), "--players", "ann,cy", "--ruleset", "polyglot",
                               "--robot", "ann=5", "--robot", "cy=2", "--robot-langs", "en,fr", "--deal", "11",
                               "--packs", str(packs)])
    assert made.exit_code == 0, made.output
    moved = runner.invoke(app, ["game", "robot", str(path), "--once", "--packs", str(packs)])
    assert moved.exit_code == 0 and moved.stdout.startswith(">ann: ")
    done = runner.invoke(app, ["game", "robot", str(path), "--packs", str(packs)])
    assert done.exit_code == 0 and "game over" in done.stdout
    text = path.read_text()
    assert "#note robot: ann=5 cy=2" in text and "#note robot-langs: en,fr" in text
    result = replayed(text, packs, ["en", "fr"])
    assert not result.mismatches and not result.phonies
    again = runner.invoke(app, ["game", "robot", str(path), "--packs", str(packs)])
    assert again.exit_code == 1 and "the game is over" in again.output


def test_robot_flags_refused_clearly(packs, tmp_path):
    path = tmp_path / "t.gcg"
    table = runner.invoke(app, ["game", "new", str(path), "--players", "ann,cy", "--robot", "cy=3",
                                "--packs", str(packs)])
    assert table.exit_code == 1 and "--deal" in table.output and not path.exists()
    bad = runner.invoke(app, ["game", "new", str(path), "--players", "ann,cy", "--robot", "cy", "--deal", "1",
                              "--packs", str(packs)])
    assert bad.exit_code == 1 and "write PLAYER=LEVEL" in bad.output and "Traceback" not in bad.output


# --------------------------------------------------------------------------- self-play


def test_a_polyglot_robot_game_designates_every_word_in_an_agreed_language(packs):
    plan = Plan(ruleset="polyglot", lang="en", langs=POLYGLOT, levels=("5", "3"), seed=3, packs=str(packs)).check()
    result = play_game(plan, 0)
    replay_result = replayed(result.gcg, packs, POLYGLOT)
    assert not replay_result.mismatches and not replay_result.phonies
    words = [w for r in replay_result.results if r is not None for w in r.words]
    assert len(words) > 20
    assert all(w.lang in POLYGLOT and w.valid is True for w in words)
    assert len({w.lang for w in words}) >= 3  # the robots use several of the languages


def test_self_play_is_the_same_whatever_the_workers(packs):
    plan = Plan(ruleset="polyglot", lang="en", langs=("en", "fr"), levels=("5", "greedy"), seed=9,
                packs=str(packs)).check()
    one = run(plan, 3, jobs=1)
    two = run(plan, 3, jobs=2)
    assert [r.gcg for r in one] == [r.gcg for r in two]
    assert [r.seats for r in one] == [("A", "B"), ("B", "A"), ("A", "B")]  # the strengths take turns to start
    report = Report.of(plan, one)
    tiles = {t.face: t for t in report.tiles}
    assert sum(t.played.value + t.left.value for t in report.tiles) <= 100
    assert tiles["?"].count == 2 and report.games == 3
    for r in one:
        assert not replayed(r.gcg, packs, ["en", "fr"]).mismatches


def test_the_dask_backend_plays_the_same_games(packs):
    pytest.importorskip("distributed")
    from lexc.robot.selfplay import run_dask

    plan = Plan(ruleset="polyglot", lang="en", langs=("en", "fr"), seed=5, packs=str(packs)).check()
    assert [r.gcg for r in run_dask(plan, 2, workers=2)] == [r.gcg for r in run(plan, 2, jobs=2)]


def test_selfplay_command(packs, tmp_path):
    out = tmp_path / "games"
    done = runner.invoke(app, ["selfplay", "--ruleset", "polyglot", "--langs", "en,fr", "--games", "2",
                               "--levels", "5,greedy", "--jobs", "1", "--save", str(out), "--json",
                               "--packs", str(packs)])
    assert done.exit_code == 0, done.output
    data = json.loads(done.stdout)
    assert data["games"] == 2 and data["levels"] == ["5", "greedy"] and len(data["saved"]) == 2
    assert {"score", "bingos_per_game", "moves_per_game", "first_player_wins", "exchanges_per_game"} <= data.keys()
    assert data["seats"][0]["strength"] == "5" and data["tiles"][0]["face"] == "A"
    for path in sorted(out.glob("*.gcg")):
        replayed_ok = runner.invoke(app, ["replay", str(path), "--packs", str(packs)])
        assert replayed_ok.exit_code == 0 and "every score reproduced" in replayed_ok.stdout
    again = runner.invoke(app, ["selfplay", "--ruleset", "polyglot", "--langs", "en,fr", "--games", "2",
                                "--save", str(out), "--packs", str(packs)])
    assert again.exit_code == 1 and "already exists" in again.output
    bad = runner.invoke(app, ["selfplay", "--games", "2", "--levels", "5", "--packs", str(packs)])
    assert bad.exit_code == 1 and "two strengths" in bad.output


def test_assess_compares_the_icelandic_editions_by_self_play(tmp_path):
    folder = tmp_path / "packs"
    folder.mkdir()
    compile_words(CATALOG.language("is"), wordfreq.top_n_list("is", 3000), folder / "is.lexc")
    done = runner.invoke(app, ["assess", "is", "--pack", str(folder / "is.lexc"), "--selfplay", "1", "--jobs", "1",
                               "--sample", "2000", "--racks", "20", "--report", str(tmp_path / "report"), "--json"],
                         env={"LEXC_PACKS": str(folder)})
    assert done.exit_code == 0, done.output
    data = json.loads(done.stdout)
    editions = [r["editions"]["is"] for r in data["selfplay"]]
    assert sorted(editions) == sorted(CATALOG.spec("is").edition_names()) and len(editions) == 3
    counts = {r["editions"]["is"]: {t["face"]: t["count"] for t in r["tiles"]} for r in data["selfplay"]}
    assert counts["krafla"] != counts["original"]  # each edition played with its own bag
    page = (tmp_path / "report" / "assess-is.html").read_text()
    assert '<h2 id="selfplay">Self-play</h2>' in page and "krafla: stuck %" in page
    assert 'id="fig-selfplay_stuck"' in page
