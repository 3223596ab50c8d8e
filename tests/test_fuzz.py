"""Property-based fuzzing (hypothesis) of the parsers that read what users type or export.

The notation parser, the GCG reader, the spec loader and the normaliser must never raise
anything but :class:`lexc.errors.LexcError` on any input, and must round-trip what they
accept. Inputs are both random text and real inputs (shipped specs, recorded games from
../shared/gcg/, real words) mutated line by line. Each test is bounded (``FUZZ_EXAMPLES``
examples, default 120) so the suite stays fast; ``make fuzz`` (bench/fuzz_long.py) runs the
same properties with a large budget.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from lexc.catalog import Catalog
from lexc.engine.notation import COLUMNS, parse_langs, parse_play, parse_position, parse_rack
from lexc.errors import LexcError
from lexc.language.normalize import Normaliser, Unspellable
from lexc.language.spec import check_data
from lexc.records import gcg
from lexc.tomlsrc import loads

CATALOG = Catalog.shipped()

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "120"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                            HealthCheck.data_too_large])

ROOT = Path(__file__).resolve().parent.parent
SHARED_GCG = ROOT.parent / "shared" / "gcg"
LANGS = ("en", "es", "ca", "hu", "fr", "de", "pl", "nl", "cy", "tr", "ru", "uk", "bg", "el", "he", "ar")


def _games() -> list[Path]:
    return sorted(SHARED_GCG.glob("*/*.gcg")) if SHARED_GCG.is_dir() else []


GAMES = _games()
SPEC_FILES = sorted((ROOT / "languages").glob("*.toml"))

#: Characters that matter to the parsers: notation punctuation, letters of several scripts, marks, controls.
ALPHABET = st.sampled_from(list(
    "8D15HAOUZ@,=.()[]?'-+ #:>/\\\"\t\r\n\x00\u00b7\u0301\u0303ÑñÉéßÇçŁłŞşİıЩщЁёЪΣςשׁךعءАÆØ€½\ufeff\u200d0123456789"
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"))
TEXT = st.one_of(st.text(ALPHABET, max_size=40), st.text(max_size=40))


def _normaliser(spec):
    """The normaliser of a spec read from text, with its scheme from the shipped catalog."""
    return Normaliser(spec, CATALOG.scheme(spec.scheme) if spec.scheme else None, board_values=CATALOG.spec("en"))


def _only_lexc_errors(call, *args, **kwargs):
    """Run ``call``; a LexcError is an answer, anything else fails the test (with the input in the report)."""
    try:
        return call(*args, **kwargs)
    except LexcError as err:
        assert err.problems and all(str(p) for p in err.problems)
        return None


# --------------------------------------------------------------------------- notation

POSITION = st.one_of(
    st.builds(lambda r, c: f"{r}{c}", st.integers(1, 15), st.sampled_from(COLUMNS[:15])),
    st.builds(lambda r, c: f"{c}{r}", st.integers(1, 15), st.sampled_from(COLUMNS[:15])),
)
LETTER = st.sampled_from(list("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
CELL = st.one_of(LETTER, LETTER.map(str.lower), st.just("."))
LANG = st.sampled_from(["en", "fr", "es", "de", "ru", "pl", "ca"])
DESIGNATION = st.one_of(
    st.just(""),
    LANG.map(lambda lg: f" @{lg}"),
    st.builds(lambda lg, pos, other: f" @{lg},{pos}={other}", LANG, POSITION, LANG),
)


@FUZZ
@given(TEXT, st.sampled_from([None, "en", "es", "ca", "ru"]))
@example("8D [", "es")
@example("8D QUITE @,", None)
@example("H8 \x00", None)
@example("99Z QUITE", None)
def test_notation_never_raises_anything_but_lexc_error(text: str, lang: str | None) -> None:
    tileset = CATALOG.spec(lang) if lang else None
    _only_lexc_errors(parse_play, text, tileset)
    _only_lexc_errors(parse_rack, text, tileset)
    _only_lexc_errors(parse_langs, text)
    _only_lexc_errors(parse_position, text)


@FUZZ
@given(POSITION, st.lists(CELL, min_size=1, max_size=15), DESIGNATION)
def test_notation_round_trips(position: str, cells: list[str], designation: str) -> None:
    if all(c == "." for c in cells):
        cells = [*cells[:-1], "Q"]
    text = f"{position} {''.join(cells)}{designation}"
    play = parse_play(text)
    again = parse_play(str(play))
    assert again == play
    assert str(again) == str(play)
    assert play.tiles_played == sum(c != "." for c in cells)


@FUZZ
@given(st.sampled_from(["es", "ca"]), st.lists(st.sampled_from(["CH", "LL", "RR", "L·L", "NY", "QU", "A", "O"]),
                                               min_size=1, max_size=8))
def test_notation_with_multi_letter_tiles_round_trips(lang: str, faces: list[str]) -> None:
    tileset = CATALOG.spec(lang)
    known = [f for f in faces if f in tileset.by_face]
    if not known:
        return
    play = parse_play("8D " + "".join(f"[{f}]" if len(f) > 1 else f for f in known), tileset)
    assert parse_play(str(play), tileset) == play


RULESETS = st.sampled_from(["standard", "polyglot", "super", "dover"])


@FUZZ
@given(RULESETS, POSITION, st.lists(CELL, min_size=1, max_size=16), DESIGNATION, st.one_of(st.none(), TEXT))
@example("polyglot", "8D", list("WHISKY"), " @fr,H7=en", "HIKSWY?")
@example("standard", "H12", list("QUITE"), "", None)
def test_scoring_any_play_answers_or_says_why(ruleset_name: str, position: str, cells: list[str],
                                              designation: str, rack: str | None) -> None:
    from lexc.engine.board import Board
    from lexc.engine.scoring import score_play

    ruleset = CATALOG.ruleset(ruleset_name)
    board = Board.empty(ruleset)
    first = _only_lexc_errors(parse_play, "8D QUITE")
    board = board.apply(first) if first is not None else board
    play = _only_lexc_errors(parse_play, f"{position} {''.join(cells)}{designation}", CATALOG.spec(ruleset.tiles))
    if play is not None:
        result = _only_lexc_errors(score_play, board, play, ruleset, rack=rack)
        if result is not None:
            assert result.score == sum(w.subtotal for w in result.words) + result.bonus
            result.explain()
            result.to_json()


# --------------------------------------------------------------------------- GCG


@st.composite
def _mutated(draw: st.DrawFn, lines: list[str]) -> list[str]:
    """A real record with a few of its lines deleted, duplicated, swapped, cut or given junk."""
    out = list(lines)
    for _ in range(draw(st.integers(1, 4))):
        if not out:
            break
        i = draw(st.integers(0, len(out) - 1))
        how = draw(st.sampled_from(["delete", "duplicate", "swap", "cut", "junk", "token", "number"]))
        if how == "delete":
            del out[i]
        elif how == "duplicate":
            out.insert(i, out[i])
        elif how == "swap":
            j = draw(st.integers(0, len(out) - 1))
            out[i], out[j] = out[j], out[i]
        elif how == "cut":
            out[i] = out[i][: draw(st.integers(0, len(out[i])))]
        elif how == "junk":
            out.insert(i, draw(TEXT))
        elif how == "token":
            tokens = out[i].split(" ")
            tokens[draw(st.integers(0, len(tokens) - 1))] = draw(TEXT)
            out[i] = " ".join(tokens)
        else:
            number = draw(st.integers(-999, 999))
            out[i] = re.sub(r"\d+", str(number), out[i], count=1)
    return out


@FUZZ
@given(st.binary(max_size=300))
@example(b"\xff\xfe#\x00p\x00")
@example(b"#character-encoding UTF-16\n#player1 a A\n")
@example(b"#character-encoding nonsense\n")
@example(b"#player1 a A\n#player2 b B\n>a: ? 8D ? +0 0\n")
@example(b"#player1 a A\n#player2 b B\n>a: AB 8D AB +8 8\n>a: AB -- --1 0\n")  # found: '--1' crashed int()
def test_gcg_bytes_never_raise_anything_but_lexc_error(data: bytes) -> None:
    record = _only_lexc_errors(gcg.parse, data, "fuzz.gcg")
    if record is not None:
        assert gcg.parse(gcg.dumps(record), "again.gcg") == record


@pytest.mark.skipif(not GAMES, reason="../shared/gcg is not beside the clone")
@FUZZ
@given(st.data())
def test_mutated_real_games_read_or_fail_clearly_and_round_trip(data: st.DataObject) -> None:
    path = data.draw(st.sampled_from(GAMES))
    lines = path.read_bytes().decode("utf-8", "replace").splitlines()
    mutated = data.draw(_mutated(lines))
    text = "\n".join(mutated) + "\n"
    record = _only_lexc_errors(gcg.parse, text.encode("utf-8"), path.name)
    if record is not None:
        written = gcg.dumps(record)
        assert gcg.parse(written, "again.gcg") == record
        assert gcg.dumps(gcg.parse(written)) == written


@pytest.mark.skipif(not GAMES, reason="../shared/gcg is not beside the clone")
@FUZZ
@given(st.data())
def test_mutated_real_games_replay_or_fail_clearly(data: st.DataObject) -> None:
    from lexc.records.replay import replay

    path = data.draw(st.sampled_from([g for g in GAMES if g.parent.name == "english"][:20] or GAMES))
    lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    text = "\n".join(data.draw(_mutated(lines))) + "\n"
    record = _only_lexc_errors(gcg.parse, text.encode("utf-8"), path.name)
    if record is not None:
        _only_lexc_errors(replay, record, CATALOG)


# --------------------------------------------------------------------------- specs


KEYS = st.sampled_from(["A", "a", "Щ", "CH", "É", "count", '""', "ǅ"])


VALUES = st.one_of(st.integers(-3, 30).map(str), st.sampled_from(['"x"', "true", "1.5", "[]", "{}", "{ count = 0 }",
                                                                   '"Ж"', '""']))


@st.composite
def _mutated_spec(draw: st.DrawFn, text: str) -> str:
    """A shipped spec with a few lines deleted, duplicated, cut, or given another key, value or junk."""
    out = text.splitlines()
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(out) - 1))
        how = draw(st.sampled_from(["delete", "duplicate", "value", "key", "junk", "cut"]))
        if how == "delete":
            del out[i]
        elif how == "duplicate":
            out.insert(i, out[i])
        elif how == "value" and "=" in out[i]:
            out[i] = f"{out[i].split('=', 1)[0]}= {draw(VALUES)}"
        elif how == "key" and "=" in out[i]:
            out[i] = f"{draw(KEYS)} ={out[i].split('=', 1)[1]}"
        elif how == "junk":
            out.insert(i, draw(TEXT))
        else:
            out[i] = out[i][: draw(st.integers(0, len(out[i])))]
    return "\n".join(out) + "\n"


def _load_text(text: str, name: str) -> object:
    data, lines = loads(text, name)
    spec, problems = check_data(data, lines, name)
    if spec is None:
        assert problems
        for problem in problems:
            assert problem.file == name
            assert problem.line is None or 1 <= problem.line <= text.count("\n") + 1, problem
        return None
    assert not problems
    return spec


@FUZZ
@given(st.data())
def test_mutated_specs_load_or_fail_with_located_problems(data: st.DataObject) -> None:
    path = data.draw(st.sampled_from(SPEC_FILES))
    text = data.draw(_mutated_spec(path.read_text(encoding="utf-8")))
    spec = _only_lexc_errors(_load_text, text, path.name)
    if spec is not None:  # a spec that loads can be used (a scheme it names may still be missing)
        _only_lexc_errors(lambda: _normaliser(spec).spell(spec.tiles[0].face))


TOML_VALUE = st.recursive(
    st.one_of(st.integers(-5, 200), st.text(ALPHABET, max_size=6), st.booleans(), st.floats(allow_nan=False)),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(ALPHABET, min_size=1, max_size=4),
                                                                          inner, max_size=3)),
    max_leaves=8,
)


@FUZZ
@given(st.fixed_dictionaries({}, optional={
    "code": TOML_VALUE, "name": TOML_VALUE, "script": st.sampled_from(["Latin", "Cyrillic", "Greek", "Klingon"]),
    "locale": st.sampled_from(["en", "ru", "tr", "xx_YY", "??"]), "official": TOML_VALUE, "blanks": TOML_VALUE,
    "sources": TOML_VALUE, "scheme": st.sampled_from(["ru-bgn", "nowhere", ""]),
    "tiles": st.dictionaries(st.text(ALPHABET, max_size=3), st.one_of(
        st.fixed_dictionaries({"count": st.integers(-2, 12)}, optional={"points": st.integers(-2, 12)}), TOML_VALUE),
        max_size=6),
    "folds": st.dictionaries(st.text(ALPHABET, max_size=2), TOML_VALUE, max_size=3),
    "aliases": st.dictionaries(st.text(ALPHABET, max_size=2), TOML_VALUE, max_size=3),
    "lexicon": TOML_VALUE,
}))
def test_generated_spec_tables_never_raise_anything_but_lexc_error(data: dict[str, object]) -> None:
    import tomli_w

    text = tomli_w.dumps(data)
    _only_lexc_errors(_load_text, text, "generated.toml")


# --------------------------------------------------------------------------- the normaliser

WORD = st.one_of(st.text(ALPHABET, max_size=12), st.text(max_size=12),
                 st.text(st.characters(codec="utf-8", categories=["L", "M"]), max_size=12))


@FUZZ
@given(st.sampled_from(LANGS), WORD)
@example("es", "c|hurro")
@example("hu", "||")
@example("en", "\u0301")
@example("tr", "İı")
@example("el", "ς")
@example("ar", "ء")  # an apostrophe letter: written as nothing, worth nothing on the board
def test_normaliser_spells_or_says_why(lang: str, word: str) -> None:
    norm = CATALOG.normaliser(lang)
    try:
        spelling = norm.spell(word)
    except Unspellable as err:
        assert err.word == word and err.reason
        return
    board = spelling.board
    assert re.fullmatch(r"[A-Z]*", board), board
    spans = spelling.spans()
    assert [s for s, _ in spans] == [0, *[e for _, e in spans[:-1]]] and (spans[-1][1] if spans else 0) == len(board)
    assert all(board[s:e] == t.board for t, (s, e) in zip(spelling.tiles, spans, strict=True))
    assert spelling.value == sum(t.points for t in spelling.tiles if t.board)  # a letter written as nothing: 0
    again = norm.spell(spelling.native)  # the native spelling spells the same way
    assert again.board == board


@FUZZ
@given(st.sampled_from(["en", "es", "fr", "de", "pl", "hu", "nl", "tr"]), st.data())
def test_a_latin_board_spelling_is_its_own_board_spelling(lang: str, data: st.DataObject) -> None:
    spec = CATALOG.spec(lang)
    letters = sorted(f for f in spec.by_face if len(f) == 1 and "A" <= f <= "Z")
    board = data.draw(st.text(st.sampled_from(letters), min_size=1, max_size=10))
    spelling = CATALOG.normaliser(lang).spell(board)
    assert spelling.board == board


def test_every_shipped_spec_is_fuzzed() -> None:
    assert {s.code for s in CATALOG.specs()} >= set(LANGS)
