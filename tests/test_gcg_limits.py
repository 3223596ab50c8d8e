"""One grammar for the GCG writer and reader (issue 27, class 3): whatever lexc writes, lexc reads.

Every field lexc writes is written at its limit and read back from the file, equal; one past it
is refused before anything is written, with the field named, and the file on disk stays what it
was (a game file is never left in a state that every later command, undo included, refuses).
"""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_game import LEXICONS, new  # type: ignore[import-not-found]  # tests/ is on sys.path

from lexc.errors import LexcError
from lexc.game import Game, Setup
from lexc.game.store import create, load, update
from lexc.inputs import LIMITS
from lexc.records import gcg
from lexc.records.gcg import MAX_NUMBER, Event, Kind, Player, Pragma

LIMIT = LIMITS["GCG game record"]


def record(*events: Event, pragmas: tuple[Pragma, ...] = (), players=("ann", "bob")) -> gcg.GameRecord:
    return gcg.GameRecord(tuple(Player(i + 1, nick, nick) for i, nick in enumerate(players)), pragmas, events)


def test_every_field_at_its_limit_is_read_back_equal(tmp_path):
    note = "first line\n#not a pragma\n>not an event\n\nlast line: Ñandú, 東京, עברית"
    players = (Player(1, "ann.b-c_9", "Ann Ñandú Smith-Jones"), Player(2, "bob", "Bob"))
    events = (
        Event(Kind.PLAY, "ann.b-c_9", "AEINRST", MAX_NUMBER, MAX_NUMBER, position="8D", word="RETAINS",
              pragmas=(Pragma("note", note),)),
        Event(Kind.EXCHANGE, "bob", "AEIOUUU", 0, 0, count=MAX_NUMBER),
        Event(Kind.EXCHANGE, "ann.b-c_9", "QQQ", 0, MAX_NUMBER, tiles="QQQ"),
        Event(Kind.TIME_PENALTY, "bob", None, -MAX_NUMBER, -MAX_NUMBER),
        Event(Kind.TIME_PENALTY, "ann.b-c_9", None, -MAX_NUMBER, 0),
    )
    title = "Club night: Ñ " + "x" * 10_000 + "\ttab"
    made = gcg.GameRecord(players, (Pragma("title", title), Pragma("lexicon", "CSW21"), Pragma("note", note)),
                          events, "fr").with_langs(0, "@es,D8=en")
    path = tmp_path / "g.gcg"
    gcg.write(made, path)
    assert gcg.read(path) == made
    assert gcg.read(path).title == title and gcg.read(path).events[1].count == 999_999_999


def test_a_record_of_exactly_the_readers_size_is_written_and_read(tmp_path):
    base = record(Event(Kind.PASS, "ann", None, 0, 0))
    filler = LIMIT - len(gcg.dumps(replace(base, pragmas=(Pragma("title", "x"),))).encode()) + 1  # title bytes
    at_limit = replace(base, pragmas=(Pragma("title", "é" * (filler // 2) + "x" * (filler % 2)),))
    assert len(gcg.dumps(at_limit).encode()) == LIMIT
    path = tmp_path / "g.gcg"
    gcg.write(at_limit, path)
    assert gcg.read(path) == at_limit
    over = replace(base, pragmas=(Pragma("title", at_limit.title + "x"),))
    with pytest.raises(LexcError, match=rf"g\.gcg: the game has grown to {LIMIT + 1:,} bytes, past {LIMIT:,}, "
                                        "the largest game record lexc reads: nothing was written"):
        gcg.write(over, path)
    assert gcg.read(path) == at_limit


PAST = [  # (the record, the error)
    (record(Event(Kind.TIME_PENALTY, "ann", None, -MAX_NUMBER - 1, -MAX_NUMBER - 1)),
     "ann: the time penalty of -1,000,000,000 cannot be written: a GCG number has at most 9 digits"),
    (record(Event(Kind.PLAY, "ann", "A", MAX_NUMBER + 1, MAX_NUMBER + 1, position="8D", word="A")),
     "ann: the play of +1,000,000,000 cannot be written"),
    (record(Event(Kind.EXCHANGE, "ann", None, 0, 0, count=10**12)),
     "ann: an exchange of 1,000,000,000,000 cannot be written"),
    (record(pragmas=(Pragma("title", "club\rnight"),)), "#title: holds a line end (CR): a GCG line cannot"),
    (record(pragmas=(Pragma("title", "club\nnight"),)), "#title: holds a line end (LF): a GCG line cannot"),
    (record(pragmas=(Pragma("note", "two\r\nlines"),)), "#note: holds a line end (CR)"),
    (record(pragmas=(Pragma("lexicon", "a\x00b"),)), "#lexicon: holds a NUL character"),
    (record(pragmas=(Pragma("title", "\ud800"),)), "#title: holds a lone surrogate (U+D800)"),
    (record(players=("ann", "bob\rx")), "#player2: holds a line end (CR)"),
    (record(players=("ann", "b ob")), "#player2: 'b ob' cannot be a GCG nickname"),
    (record(Event(Kind.PLAY, "ann", "A", 1, 1, position="8D", word="A\rB")), "ann: holds a line end"),
    (record(pragmas=(Pragma("rack1", ">ann: A 8D A +1 1"),), players=("ann", "ann")),
     "lexc would not read this back (line 3: nickname 'ann' is already player 1's"),
]


@pytest.mark.parametrize(("made", "error"), PAST)
def test_what_the_reader_would_refuse_is_never_written(tmp_path, made, error):
    path = tmp_path / "g.gcg"
    path.write_bytes(b"before")
    with pytest.raises(LexcError, match=re.escape(error)):
        gcg.write(made, path)
    assert path.read_bytes() == b"before"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.gcg"]


def test_a_game_refuses_a_move_it_could_not_read_back_and_stays_playable(tmp_path):
    path = tmp_path / "g.gcg"
    ended = new(ruleset="polyglot").play("8D WHISKY").end({"ann": "AEIRSTN", "bob": "AEIOULD"}, force=True)
    create(ended, path)
    before = path.read_bytes()
    with pytest.raises(LexcError, match=r"g\.gcg: time: a penalty is a number of points lost, 0 to 999,999,999, "
                                        "not 1000000000"):
        update(path, LEXICONS, lambda g: g.time_penalty("ann", MAX_NUMBER + 1))
    ann, bob = ended.state.scores
    assert bob < 0  # bob's rack was taken off: his total after the largest penalty has 10 digits
    with pytest.raises(LexcError, match=rf"g\.gcg: bob: the total {bob - MAX_NUMBER:,} cannot be written: a GCG "
                                        "number has at most 9 digits"):
        update(path, LEXICONS, lambda g: g.time_penalty("bob", MAX_NUMBER))
    assert path.read_bytes() == before
    penalised = update(path, LEXICONS, lambda g: g.time_penalty("ann", MAX_NUMBER))  # at the limit: read back
    assert load(path, LEXICONS).state.scores == penalised.state.scores == (ann - MAX_NUMBER, bob)
    assert update(path, LEXICONS, lambda g: g.undo()).state.scores == (ann, bob)


def test_a_title_with_a_line_end_is_refused_before_the_game_file_is_made(tmp_path):
    path = tmp_path / "g.gcg"
    game = Game.new(Setup.new(["ann", "bob"], catalog=LEXICONS.catalog), LEXICONS, title="club\rnight")
    with pytest.raises(LexcError, match=r"g\.gcg: #title: holds a line end \(CR\)"):
        create(game, path)
    assert not path.exists()


def test_a_game_grown_past_the_readers_limit_refuses_the_move_and_keeps_the_file(tmp_path):
    path = tmp_path / "g.gcg"
    empty = Game.new(Setup.new(["ann", "bob"], catalog=LEXICONS.catalog), LEXICONS, title="")
    room = LIMIT - len(empty.text.encode()) - len("#title \n") - 5  # five bytes to spare: a pass line is longer
    create(Game.new(Setup.new(["ann", "bob"], catalog=LEXICONS.catalog), LEXICONS, title="x" * room), path)
    before = path.read_bytes()
    with pytest.raises(LexcError, match=r"the game has grown to .* bytes, past 1,048,576, the largest game record"):
        update(path, LEXICONS, lambda g: g.pass_turn())
    assert path.read_bytes() == before and load(path, LEXICONS).record.events == ()


texts = st.text(st.characters(codec="utf-8", blacklist_characters="\r\n\x00"), max_size=40)


@settings(max_examples=200, deadline=None)
@given(title=texts, lines=st.lists(texts, min_size=1, max_size=4), points=st.integers(0, MAX_NUMBER))
def test_whatever_checked_accepts_is_read_back_equal(title, lines, points):
    """Texts of any characters but line ends, NUL and surrogates; the reader drops the spaces around a line."""
    note = "\n".join(line.strip() for line in lines).strip()
    made = record(Event(Kind.TIME_PENALTY, "ann", None, -points, -points),
                  pragmas=(Pragma("title", title.strip()), *((Pragma("note", note),) if note else ())))
    again = gcg.parse(gcg.checked(made))
    assert again == made
