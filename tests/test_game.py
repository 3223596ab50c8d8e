"""lexc.game: a game kept from the first tile to the final score, on the real engine and real words."""

from __future__ import annotations

import os
from collections import Counter

import pytest
from game_script import FINAL, MOVES, PLAYERS, WORDS  # type: ignore[import-not-found]  # tests/ is on sys.path

from lexc.catalog import Catalog
from lexc.errors import LexcError
from lexc.game import Game, Setup
from lexc.game.engine import Packs
from lexc.game.state import full_bag, rack_text
from lexc.game.store import StaleGame, create, game_path, load, update
from lexc.game.view import game_json, show_text
from lexc.lexicon.words import WordList
from lexc.records import gcg
from lexc.records.replay import replay

CATALOG = Catalog.shipped()

#: Real words, in small in-memory lexicons (the scoring engine looks them up and tiles them): the
#: scripted game's, and the worked example's.
EXTRA = {"en": ["quite", "mesquite", "infancy", "recounts", "qi", "un", "if", "ta", "ah", "ax", "tax", "whisky"],
         "fr": ["quite", "ax"]}
LEXICONS = Packs(CATALOG, {lang: WordList.from_words(CATALOG.language(lang), words + EXTRA.get(lang, []))
                           for lang, words in WORDS.items()})


def new(players=("ann", "bob"), **options) -> Game:
    return Game.new(Setup.new(list(players), catalog=CATALOG, **options), LEXICONS)


def deltas(game: Game) -> list[int]:
    return [e.delta for e in game.record.events]


def run_script(game: Game) -> Game:
    for kind, arg, _ in MOVES:
        game = {"play": lambda g, a: g.play(a), "exchange": lambda g, a: g.exchange(a),
                "pass": lambda g, a: g.pass_turn(), "challenge": lambda g, a: g.challenge(),
                "end": lambda g, a: g.end(a)}[kind](game, arg)
    return game


# --------------------------------------------------------------------------- scoring through the engine


def test_the_worked_example_of_the_standard_rules():
    """The Scrabble article's four plays, QUITE 48, MES(QUITE) 57, INFaNCY 88, RECO(UN)TS 40: 136 to 97."""
    game = new(ruleset="standard")
    for play in ("8D QUITE", "8A MES.....", "9D INFaNCY", "E4 RECO..TS"):
        game = game.play(play)
    assert deltas(game) == [48, 57, 88, 40]
    assert game.state.scores == (136, 97)
    assert [w.board for w in game.state.results[2].words] == ["INFANCY", "QI", "UN", "IF", "TA", "EN"]


def test_a_polyglot_word_scores_in_its_language():
    english, french = new(ruleset="polyglot").play("8D WHISKY"), new(ruleset="polyglot").play("8D WHISKY @fr")
    assert deltas(english) == [46] and deltas(french) == [92]  # Polyglot rule 1: 19 and 36 before premiums
    assert french.record.events[0].langs.default == "fr"
    tiles = {t["square"]: (t["points"], t["lang"]) for t in game_json(french)["board"]}
    assert tiles["D8"] == (10, "fr") and tiles["H8"] == (10, "fr")  # W and K shown with French values


def test_the_whole_four_player_polyglot_game():
    game = run_script(new(PLAYERS, ruleset="polyglot", lang="en"))
    expected = [d for _, _, ds in MOVES for d in ds]
    assert deltas(game) == expected
    assert game.state.scores == FINAL and game.state.ended
    dacha = game.state.results[7].words[0]
    assert dacha.native == "ДАЧА" and [(t.face, t.board, t.points) for t in dacha.tiles] == [
        ("Д", "D", 2), ("А", "A", 1), ("Ч", "CH", 5), ("А", "A", 1)]
    assert [(w.board, w.lang) for w in game.state.results[7].words[1:]] == [("AW", "en"), ("HI", "en"), ("AS", "en")]
    result = replay(gcg.parse(game.text, "game.gcg"), CATALOG, lexicons=LEXICONS)
    assert result.ok and result.plays == 17
    assert "game over: ann wins with 224" in show_text(game)


# --------------------------------------------------------------------------- dealing


def test_a_seeded_bag_deals_the_same_racks_every_time():
    one, two = new(seed=2024), new(seed=2024)
    assert one.state.racks == two.state.racks and one.state.bag == two.state.bag
    assert new(seed=2025).state.racks != one.state.racks
    pool = Counter(t for rack in one.state.racks for t in rack or ()) + Counter(one.state.bag or ())
    assert pool == Counter(full_bag(one.state.ruleset)) and sum(pool.values()) == 100


def test_a_seeded_game_draws_and_exchanges_reproducibly():
    game = new(seed=7)
    rack = game.state.racks[0]
    assert rack is not None
    game = game.exchange("".join(rack[:3]))
    again = new(seed=7).exchange("".join(rack[:3]))
    assert game.state.racks == again.state.racks and game.state.bag == again.state.bag
    assert len(game.state.racks[0] or ()) == 7 and len(game.state.bag or ()) == 86
    assert game.record.events[0].tiles == rack_text(rack[:3])  # blanks last: EG?


def test_a_seeded_rack_must_hold_the_tiles_played():
    game = new(seed=7)
    with pytest.raises(LexcError, match="does not hold"):
        game.play("8D QUIZZY")
    assert game.record.events == ()


def test_at_a_table_the_unseen_tiles_are_tracked():
    game = new(ruleset="polyglot").play("8D WHISKY @fr")
    unseen = game.state.unseen()
    assert sum(unseen.values()) == 94 and unseen["W"] == 1 and unseen["K"] == 0
    assert game.state.bag_count == 80  # 100 - 2 racks of 7, then 6 drawn
    with pytest.raises(LexcError, match="no such tile is left"):
        game.play("H8 .ZZ")  # one Z in the English set... and K is gone too
    with pytest.raises(LexcError, match="bob holds 7 tiles; the rack AB has 2"):
        game.play("9E AH", rack="AB")


# --------------------------------------------------------------------------- refused moves


@pytest.mark.parametrize(("play", "reason"), [
    ("9D QUITE", "the first play must cover the centre square H8"),
    ("8D QU1TE", "column 6: unexpected character '1'"),
    ("8N QUITE", "R8 is off the 15×15 board"),
    ("8D WHISKY @xx", "unknown language 'xx'"),
])
def test_an_illegal_play_is_refused_with_its_reason_and_nothing_changes(play, reason):
    game = new(ruleset="polyglot")
    with pytest.raises(LexcError, match=reason):
        game.play(play)
    assert game.record.events == () and game.state.scores == (0, 0)


def test_a_play_must_touch_and_an_exchange_needs_a_full_rack_in_the_bag():
    game = new(ruleset="polyglot").play("8D WHISKY")
    with pytest.raises(LexcError, match="does not touch any tile"):
        game.play("2B QI")
    small = run_script_until(new(PLAYERS, ruleset="polyglot", lang="en"), 18)  # the bag is empty
    with pytest.raises(LexcError, match="an exchange needs at least 7 tiles in the bag; there are 0"):
        small.exchange("2")


def run_script_until(game: Game, count: int) -> Game:
    for kind, arg, _ in MOVES[:count]:
        game = {"play": lambda g, a: g.play(a), "exchange": lambda g, a: g.exchange(a),
                "pass": lambda g, a: g.pass_turn(), "challenge": lambda g, a: g.challenge()}[kind](game, arg)
    return game


def test_no_move_after_the_end():
    game = run_script(new(PLAYERS, ruleset="polyglot", lang="en"))
    with pytest.raises(LexcError, match="the game is over"):
        game.pass_turn()
    with pytest.raises(LexcError, match="already over"):
        game.end()


# --------------------------------------------------------------------------- challenges


def phony_game(challenge: str, players=("ann", "bob")) -> Game:
    return new(players, ruleset="polyglot", challenge=challenge).play("8D WHISKY").play("I8 .Z @en")


def test_double_challenge_of_a_good_play_costs_the_challenger_a_turn():
    game = new(ruleset="polyglot").play("8D WHISKY").play("E7 A. @en")  # AH is good
    after = game.challenge()
    assert after.record.events[-1].kind is gcg.Kind.PASS and after.record.events[-1].player == "ann"
    assert "#unsuccessful-challenge" in after.record.events[-1].notes
    assert after.to_move == "bob" and after.state.scores == game.state.scores
    assert after.undo().record == game.record


def test_a_phony_comes_off_the_board():
    game = phony_game("double")
    assert game.state.results[1].phonies[0].board == "YZ"
    after = game.challenge()
    last = after.record.events[-1]
    assert last.kind is gcg.Kind.WITHDRAWAL and last.delta == -game.record.events[-1].delta
    assert after.state.board.squares == new(ruleset="polyglot").play("8D WHISKY").state.board.squares
    assert after.to_move == "ann" and after.state.scores == (46, 0)
    assert "phony: YZ (en)" in last.notes[0]


def test_single_and_five_point_challenges():
    good = new(ruleset="polyglot", challenge="single").play("8D WHISKY").play("E7 A. @en")
    single = good.challenge()
    assert len(single.record.events) == 2 and single.to_move == "ann"
    assert single.record.events[-1].notes == ("challenged: ann: good",)
    five = new(ruleset="polyglot", challenge="five-point").play("8D WHISKY").play("E7 A. @en").challenge()
    assert five.record.events[-1].kind is gcg.Kind.CHALLENGE_BONUS and five.state.scores == (46, 10)
    with pytest.raises(LexcError, match="already been challenged"):
        five.challenge()


def test_void_refuses_phonies_when_played_and_none_has_no_challenges():
    with pytest.raises(LexcError, match="under the void rule the play is refused"):
        phony_game("void")
    game = new(ruleset="polyglot", challenge="none").play("8D WHISKY")
    with pytest.raises(LexcError, match="challenge rule is none"):
        game.challenge()


def test_a_word_without_a_pack_is_put_to_the_director():
    game = new(ruleset="polyglot").play("8D WHISKY @it")  # no Italian lexicon here
    with pytest.raises(LexcError, match=r"no pack to look up WHISKY \(it\): the director rules"):
        game.challenge()
    assert game.challenge(rulings={"WHISKY": False}).record.events[-1].kind is gcg.Kind.WITHDRAWAL
    kept = game.challenge(rulings={"whisky": True})
    assert "WHISKY ruled good by the director" in kept.record.events[0].notes[0]


def test_a_player_who_is_not_next_loses_their_own_next_turn():
    game = new(("ann", "bob", "cy"), ruleset="polyglot").play("8D WHISKY")
    with pytest.raises(LexcError, match="cannot challenge their own play"):
        game.challenge("ann")
    challenged = game.challenge("cy")  # good: cy loses her next turn, bob still moves now
    assert challenged.to_move == "bob" and len(challenged.record.events) == 1
    assert challenged.state.owed == (0, 0, 1)
    moved = challenged.pass_turn()  # bob passes; cy's turn is passed for her
    assert [(e.player, e.kind.value, e.notes) for e in moved.record.events[1:]] == [
        ("bob", "pass", ()), ("cy", "pass", ("#unsuccessful-challenge",))]
    assert moved.to_move == "ann" and moved.state.owed == (0, 0, 0)
    assert moved.undo().record == challenged.record and challenged.undo().record == game.record
    resumed = Game.from_record(gcg.parse(moved.text, "g.gcg"), LEXICONS)
    assert resumed.state == moved.state
    broken = moved.text.replace("#note #unsuccessful-challenge\n", "")
    with pytest.raises(LexcError, match="lost this turn to an unsuccessful challenge"):
        Game.from_record(gcg.parse(broken, "g.gcg"), LEXICONS)


# --------------------------------------------------------------------------- end of game


def test_two_player_polyglot_ends_by_the_tournament_rule_and_six_scoreless_turns():
    game = new(ruleset="polyglot").play("8D WHISKY")
    with pytest.raises(LexcError, match="the game is not over"):
        game.end()
    for _ in range(6):
        game = game.pass_turn()
    assert game.state.can_end
    with pytest.raises(LexcError, match="ann holds 7 tiles"):
        game.end({"ann": "QE", "bob": "ABDEILN"})
    ended = game.end({"ann": "QEAEIRT", "bob": "ABDEILN"})
    assert [(e.player, e.move, e.delta) for e in ended.record.events[-2:]] == [("ann", "(AEEIQRT)", -16),
                                                                               ("bob", "(ABDEILN)", -10)]
    assert ended.state.scores == (46 - 16, -10)


def test_the_director_may_end_a_game_and_time_penalties_come_last():
    game = new(ruleset="polyglot", seed=3)
    with pytest.raises(LexcError, match="recorded after the end"):
        game.time_penalty("ann", 10)
    ended = game.end(force=True)
    racks = game.state.racks
    assert [e.kind for e in ended.record.events] == [gcg.Kind.END_PENALTY] * 2
    assert ended.record.events[0].tiles == "".join(sorted(racks[0] or (), key=lambda f: (f == "?", f)))
    penalised = ended.time_penalty("bob", 10)
    assert penalised.record.events[-1].move == "(time)" and penalised.state.scores[1] == ended.state.scores[1] - 10
    assert penalised.undo().record == ended.record and ended.undo().record == game.record


def test_rule_5_values_the_racks_in_english_and_the_player_out_gains_them_all():
    game = run_script_until(new(PLAYERS, ruleset="polyglot", lang="en"), len(MOVES) - 1)
    assert game.state.went_out == 0 and game.state.bag_count == 0
    with pytest.raises(LexcError, match="ann has played out: the last play may be challenged, then the game ends"):
        game.pass_turn()
    with pytest.raises(LexcError, match="dee holds 7 tiles"):
        game.end({"bob": "??EEEEF", "cy": "FIJOOOO"})
    with pytest.raises(LexcError, match="no such tile is left off the board"):  # the only Z is in CITIZEN
        game.end({"bob": "??EEEEF", "cy": "FIJOOOO", "dee": "QRRRUWZ"})
    ended = game.end({"bob": "??EEEEF", "cy": "FIJOOOO", "dee": "QRRRUWX"})
    # English values: blanks 0, E 1, F 4; I 1, J 8, O 1; Q 10, R 1, U 1, W 4, X 8
    assert [e.delta for e in ended.record.events[-4:]] == [8 + 17 + 26, -8, -17, -26]
    assert [e.move for e in ended.record.events[-4:]] == ["(EEEEFFIJOOOOQRRRUWX??)", "(EEEEF??)", "(FIJOOOO)",
                                                          "(QRRRUWX)"]


# --------------------------------------------------------------------------- undo


def test_undo_takes_back_each_kind_of_move():
    game = new(PLAYERS, ruleset="polyglot", lang="en")
    records = [game.record]
    for kind, arg, _ in MOVES:
        game = {"play": lambda g, a: g.play(a), "exchange": lambda g, a: g.exchange(a),
                "pass": lambda g, a: g.pass_turn(), "challenge": lambda g, a: g.challenge(),
                "end": lambda g, a: g.end(a)}[kind](game, arg)
        records.append(game.record)
    for before in reversed(records[:-1]):
        game = game.undo()
        assert game.record == before
    with pytest.raises(LexcError, match="nothing to undo"):
        game.undo()


# --------------------------------------------------------------------------- files


def test_a_game_file_resumes_where_it_was(tmp_path):
    path = tmp_path / "g.gcg"
    create(new(PLAYERS, ruleset="polyglot", lang="en"), path)
    for kind, arg, _ in MOVES:
        update(path, LEXICONS, lambda g, k=kind, a=arg: {
            "play": lambda: g.play(a), "exchange": lambda: g.exchange(a), "pass": g.pass_turn,
            "challenge": g.challenge, "end": lambda: g.end(a)}[k]())
    resumed = load(path, LEXICONS)
    assert resumed.state.scores == FINAL and resumed.text == path.read_text()
    assert sorted(os.listdir(tmp_path)) == [".g.gcg.lock", "g.gcg"]  # no temporary file left behind
    with pytest.raises(LexcError, match="already exists"):
        create(new(), path)


def test_a_refused_or_stale_move_writes_nothing(tmp_path):
    path = tmp_path / "g.gcg"
    create(new(ruleset="polyglot"), path)
    seen = load(path, LEXICONS).version
    update(path, LEXICONS, lambda g: g.play("8D WHISKY @fr"), expected=seen)
    text = path.read_bytes()
    with pytest.raises(StaleGame, match="has changed since this move was prepared"):
        update(path, LEXICONS, lambda g: g.pass_turn(), expected=seen)
    with pytest.raises(LexcError, match=r"g.gcg: bob: 2B QI: the play does not touch"):
        update(path, LEXICONS, lambda g: g.play("2B QI"))
    assert path.read_bytes() == text


def test_a_crash_while_writing_leaves_the_last_accepted_move(tmp_path, monkeypatch):
    path = tmp_path / "g.gcg"
    create(new(ruleset="polyglot").play("8D WHISKY"), path)
    text = path.read_bytes()

    def crash(*args):
        raise KeyboardInterrupt  # a kill between writing the new file and renaming it

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(KeyboardInterrupt):
        update(path, LEXICONS, lambda g: g.pass_turn())
    monkeypatch.undo()
    assert path.read_bytes() == text and sorted(os.listdir(tmp_path)) == [".g.gcg.lock", "g.gcg"]


def test_a_hand_edited_file_with_a_wrong_score_names_its_line(tmp_path):
    path = tmp_path / "g.gcg"
    create(new(ruleset="polyglot").play("8D WHISKY @fr"), path)
    path.write_text(path.read_text().replace("+92 92", "+90 90"))
    with pytest.raises(LexcError, match=r"g.gcg:9: ann: 8D WHISKY: recorded \+90, lexc computes \+92"):
        load(path, LEXICONS)


@pytest.mark.parametrize("name", ["../etc/passwd", "a/b", "", ".hidden", "x" * 65, "a b", "/abs"])
def test_game_names_never_reach_outside_the_games_directory(name, tmp_path):
    with pytest.raises(LexcError, match="is not a game name"):
        game_path(tmp_path, name)


@pytest.mark.parametrize(("ruleset", "plays", "deltas"), [
    ("standard", ("8D QUITE", "G8 .AX"), [48, 11]),            # TAX: T 1 + A 1×2 (G9) + X 8
    ("tournament", ("8D QUITE", "G8 .AX"), [48, 11]),
    ("polyglot", ("8D QUITE @fr", "G8 .AX"), [40, 11]),         # French Q is 8: (8×2 + 4) ×2
    ("super", ("11H QUITE", "K11 .AX"), [28, 10]),              # 21×21: no letter premium under the Q
    ("dover", ("11H QUITE", "K11 .AX"), [28, 10]),              # TAX meets Dover's three letters
])
def test_every_ruleset_keeps_a_game_that_replays(ruleset, plays, deltas):
    game = new(ruleset=ruleset)
    for play in plays:
        game = game.play(play)
    for _ in range(6):
        game = game.pass_turn()
    size = game.state.ruleset.rack_size
    game = game.end({"ann": "A" * size, "bob": "E" * size})
    assert [e.delta for e in game.record.events[:2]] == deltas
    result = replay(gcg.parse(game.text, "g.gcg"), CATALOG, lexicons=LEXICONS)
    assert result.ok and result.ruleset.name in (ruleset, "standard")  # a tournament game nobody went out of
    assert game.state.scores == tuple(sum(e.delta for e in game.record.events if e.player == p) for p in PLAYERS[:2])
    assert [e.delta for e in game.record.events[-2:]] == [-size, -size]  # racks of ones: A and E are 1 point


def test_a_bad_setting_in_the_header_names_its_line(tmp_path):
    path = tmp_path / "g.gcg"
    create(new(ruleset="polyglot"), path)
    path.write_text(path.read_text().replace("ruleset: polyglot", "ruleset: scrabblish"))
    with pytest.raises(LexcError, match=r"g.gcg:5: #note ruleset: unknown ruleset 'scrabblish'"):
        load(path, LEXICONS)
    path.write_text(path.read_text().replace("ruleset: scrabblish", "ruleset: polyglot").replace(
        "challenge: double", "challenge: triple"))
    with pytest.raises(LexcError, match=r"g.gcg:6: #note challenge: must be one of double, single"):
        load(path, LEXICONS)


def test_a_ruleset_file_of_ones_own(tmp_path):
    from lexc.paths import shipped_dir

    own = tmp_path / "club.toml"
    own.write_text((shipped_dir("rulesets") / "polyglot.toml").read_text().replace('name = "polyglot"', 'name = "club"')
                   .replace("[bonuses]\n7 = 50", "[bonuses]\n7 = 60"))
    game = new(ruleset=str(own)).play("8D WHISKY @fr")
    assert game.state.ruleset.name == "club" and f"#note ruleset: {own}" in game.text
    assert Game.from_record(gcg.parse(game.text, "g.gcg"), LEXICONS).state.scores == (92, 0)


def test_a_hint_gives_the_best_plays_each_word_in_its_best_language():
    # At a table, ann holds WHISKY? : WHISKY is English (46 at 8D) and French (92): the hint designates French.
    game = new(ruleset="polyglot", lang="en")
    found = game.hints("WHISKY?", top=3, langs=["en", "fr"])
    best = found[0]
    assert best.score == max(m.score for m in game.hints("WHISKY?", top=0, langs=["en", "fr"]))
    assert "WHISKY" in str(best) and best.langs.lang_of(best.play.position, "WHISKY") == "fr"
    assert game.preview(str(best.play), "WHISKY?").score == best.score  # the engine agrees
    with pytest.raises(LexcError, match="rack is not known"):
        game.hints()
    assert game.hint_languages() == ["en"]
    played = game.play("8D WHISKY @fr")
    assert played.hint_languages() == ["en", "fr"]
    assert game.record.events == ()  # a hint writes nothing


def test_lexc_game_hint(tmp_path):
    from typer.testing import CliRunner

    from lexc.cli import app
    from lexc.lexicon.compiler import compile_words

    packs = tmp_path / "packs"
    packs.mkdir()
    compile_words(CATALOG.language("en"), ["quite", "quiet", "qi", "tie"], packs / "en.lexc")
    path = tmp_path / "g.gcg"
    runner = CliRunner()
    made = runner.invoke(app, ["game", "new", str(path), "--players", "ann,bob", "--ruleset", "standard",
                               "--packs", str(packs)])
    assert made.exit_code == 0, made.output
    before = path.read_bytes()
    shown = runner.invoke(app, ["game", "hint", str(path), "--rack", "QUITE", "--packs", str(packs), "--json"])
    assert shown.exit_code == 0, shown.output
    import json

    moves = json.loads(shown.stdout)["moves"]
    assert moves[0]["score"] == 48 and moves[0]["word"] in ("QUITE", "QUIET")  # the worked example: 8D QUITE 48
    assert path.read_bytes() == before
    unknown = runner.invoke(app, ["game", "hint", str(path), "--packs", str(packs)])
    assert unknown.exit_code == 1 and "rack is not known" in unknown.output
