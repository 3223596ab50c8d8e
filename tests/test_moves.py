"""The move generator (lexc.engine.moves): legal, scored exactly as score_play scores, complete.

* every generated play of real positions is legal, made of words of the pack, and scores what
  ``score_play`` gives it;
* on small boards with short racks the generator finds exactly the plays a brute-force search
  over placements and the word list finds (ordinary English, an ordinary Spanish game on its own
  tiles, Polyglot with the designation of each word chosen by trying every combination);
* on positions of the real games in ../shared/gcg/english/ the best play scores at least the
  recorded one, and the recorded play is among those found when its words are in the pack.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import os
import random
import subprocess
import sys
from itertools import permutations, product
from pathlib import Path
from types import MappingProxyType

import pytest

from lexc.catalog import Catalog
from lexc.engine.board import Board
from lexc.engine.moves import MoveFinder, board_from_text
from lexc.engine.notation import BoardTile, Languages, Play, Through, parse_play
from lexc.engine.scoring import score_play
from lexc.errors import LexcError
from lexc.lexicon.compiler import compile_pack, compile_words
from lexc.lexicon.sources import default_sources
from lexc.lexicon.walk import Walk, build_walk
from lexc.lexicon.words import WordList
from lexc.records import gcg, replay
from lexc.records.gcg import Kind

CATALOG = Catalog.shipped()

REPO = Path(__file__).resolve().parent.parent

# --------------------------------------------------------------------------- fixtures

#: Real English words, short enough for brute force on a small board.
EN_WORDS = (  # noqa: SIM905
    "AA AB AD AE AG AH AI AL AM AN AR AS AT AW AX AY BA BE BI BO BY DA DE DO ED EH EL EM EN ER ES EX FA "
    "FE GO HA HE HI HM HO ID IF IN IS IT JO KA KI LA LI LO MA ME MI MO MU MY NA NE NO NU OD OE OF OH OI "
    "OM ON OP OR OS OW OX OY PA PE PI QI RE SH SI SO TA TI TO UH UM UN UP US UT WE WO XI XU YA YE YO ZA "
    "CAT CATS ACT TACT SCAT CAST COAT TACO DOG GOD GODS DOGS TOE TOES DOTE DOTES NOTE NOTES TONE TONES "
    "STONE ONSET SETON RAT RATS STAR ARTS TARS TSAR EAT EATS TEA TEAS SEAT EAST SATE ETA QAT QUA AQUA ZAX "
    "ZAS ADZ ZED ZEE REX SEX SAX TAX TUX JAB JOB HEX DOE DOES ODE ODES SOD NOD NODS DON DONS DOTS TODS"
).split()

#: Real Spanish words with the digraph tiles CH, LL, RR and Ñ.
ES_WORDS = ["churro", "chal", "chao", "coche", "leche", "calle", "llama", "lla", "pollo", "perro", "carro",
            "año", "caño", "niño", "sol", "ola", "los", "las", "col", "ca", "la", "lo", "no", "ño", "ocho",
            "rol", "oro", "cal", "ala", "ajo", "hola", "torre", "rollo", "callo"]

#: Real Hungarian words with the digraph tiles SZ, ZS and GY.
HU_WORDS = ["szó", "szép", "ház", "zsák", "gyár", "egy", "nagy", "ős", "és", "az", "ez", "ész", "mész", "szegy",
            "hegy", "agy", "ágy", "zseb", "rózsa", "szarv", "sas", "száz", "íz", "víz", "szív"]

#: Real Russian words: board spellings with Щ (SHCH), Ш (SH), Ч (CH), Ж (ZH).
RU_WORDS = ["щи", "ищи", "тащи", "щиты", "да", "нет", "шах", "чай", "кот", "дом", "сон", "нос", "он", "она",
            "оно", "из", "за", "на", "по", "ад", "сад", "чаща", "щит", "ещё", "уж", "жук", "шок", "чин", "ноша"]


def mini_ruleset(name: str = "standard", tiles: str | None = None):
    """A 7×7 board with every kind of premium, and a bonus for 3 tiles (to exercise bonuses)."""
    base = CATALOG.ruleset(name)
    layout = ("T..d..T", ".D.t.D.", "..t.t..", "d..D..d", "..t.t..", ".D.t.D.", "T..d..T")
    small = dataclasses.replace(base, name=f"mini-{name}", rows=7, cols=7, premiums=layout,
                                centre=(3, 3), bonuses=MappingProxyType({3: 25}))
    return small.with_tiles(CATALOG.language(tiles)) if tiles else small


def tile_walk(lexicon: WordList, lang: str) -> Walk:
    """A walk over the native tiles of a word list (what an ordinary game lays)."""
    faces = [t.face for t in CATALOG.spec(lang).tiles]
    index = {f: i for i, f in enumerate(faces)}
    seqs = {tuple(index[f] for f in s.tiling) for board in lexicon.keys()  # noqa: SIM118
            for s in lexicon.spellings(board)}
    return build_walk(faces, sorted(seqs))


@pytest.fixture(scope="session")
def en_dir(tmp_path_factory):
    """The real English pack (the spec's default source), built once per session."""
    folder = tmp_path_factory.mktemp("packs")
    spec = CATALOG.spec("en")
    compile_pack(CATALOG.language("en"), default_sources(spec), folder / "en.lexc")
    return folder


# --------------------------------------------------------------------------- brute force


def brute_force(board: Board, rack: tuple[str, ...], ruleset, lexicons, langs, blank_faces):
    """Every legal play by trying every placement of the rack's tiles on every span of every line.

    A play is legal when score_play finds no problem and every word is in the lexicon of some
    allowed language; in Polyglot every combination of designations is scored and the best kept.
    Returns ``{(placements, score)}``.
    """
    found = set()
    rows, cols = ruleset.rows, ruleset.cols
    polyglot = ruleset.polyglot is not None
    for across in (True, False):
        for line in range(rows if across else cols):
            n = cols if across else rows
            at = (lambda k, line=line: (line, k)) if across else (lambda k, line=line: (k, line))
            for start in range(n):
                for end in range(start + 2, n + 1):
                    if (start > 0 and board[at(start - 1)] is not None) or (end < n and board[at(end)] is not None):
                        continue
                    squares = [at(k) for k in range(start, end)]
                    empty = [sq for sq in squares if board[sq] is None]
                    if not empty or len(empty) > len(rack):
                        continue
                    for tiles in set(permutations(rack, len(empty))):
                        choices = [[BoardTile(f, True) for f in blank_faces] if t == "?" else [BoardTile(t)]
                                   for t in tiles]
                        for chosen in product(*choices):
                            placed = dict(zip(empty, chosen, strict=True))
                            cells = tuple(placed[sq] if sq in placed else _through(board, sq) for sq in squares)
                            faces = "".join(str(c.face) for c in cells)
                            key = faces if polyglot else _board_spelling(ruleset.tiles, faces)
                            if not any(key in lexicons[lg] for lg in langs):
                                continue  # a quick look-up first: the main word is no word
                            play = Play(*squares[0], across, cells)
                            score = _best_legal_score(board, play, ruleset, lexicons, langs, rack)
                            if score is not None:
                                placement = frozenset((r, c, t.face, t.blank) for (r, c), t in placed.items())
                                found.add((placement, score))
    return found


@functools.cache
def _through(board: Board, square: tuple[int, int]) -> Through:
    """The tile already on ``square``, played through."""
    tile = board[square]
    assert tile is not None
    return Through(tile.face, tile.blank)


def _board_spelling(lang: str, native: str) -> str:
    """The board spelling of a main word laid with ``lang``'s own tiles ("" when the language cannot spell it)."""
    try:
        return CATALOG.normaliser(lang).spell(native).board
    except LexcError:
        return ""


def _best_legal_score(board, play, ruleset, lexicons, langs, rack):
    result = score_play(board, play, ruleset, lexicons=lexicons, rack=rack, catalog=CATALOG)
    if result.problems:
        return None
    if ruleset.polyglot is None:
        return None if result.phonies else result.score
    words = result.words
    valid = [[lg for lg in langs if w.board in lexicons[lg]] for w in words]
    if not all(valid):
        return None
    best = None
    for combo in product(*valid):
        designations = tuple((w.position, lg) for w, lg in zip(words, combo, strict=True))
        scored = score_play(board, play.with_langs(Languages(None, designations)), ruleset, lexicons=lexicons,
                            catalog=CATALOG)
        assert not scored.phonies and not scored.problems
        best = scored.score if best is None else max(best, scored.score)
    return best


def generated(finder: MoveFinder, board: Board, rack) -> set:
    moves = finder.moves(board, rack)
    keys = [m.placements for m in moves]
    assert len(keys) == len(set(keys)), "a play was generated twice"
    return {(m.placements, m.score) for m in moves}


def self_play_positions(finder: MoveFinder, ruleset, pool: str | list[str], seed: int, turns: int, rack_size: int,
                        first: str | None = None):
    """Positions reached by playing random generated plays from random racks drawn from ``pool``
    (after the play ``first``, if given)."""
    rng = random.Random(seed)
    board = Board.empty(ruleset)
    if first:
        board = board.apply(parse_play(first))
    positions = []
    for _ in range(turns):
        rack = tuple(rng.choice(pool) for _ in range(rack_size))
        positions.append((board, rack))
        moves = finder.moves(board, rack)
        if moves:
            board = board.place(board.placements(rng.choice(moves).play))
    return positions


# --------------------------------------------------------------------------- brute-force checks


def test_english_small_board_equals_brute_force():
    ruleset = mini_ruleset()
    words = WordList.from_words(CATALOG.language("en"), [w.lower() for w in EN_WORDS])
    finder = MoveFinder.from_walks(ruleset, {"en": Walk.from_words(words.keys())}, catalog=CATALOG)
    positions = self_play_positions(finder, ruleset, "AEIOSTDNQUZXC?", seed=4, turns=12, rack_size=4)
    checked = 0
    for board, rack in positions:
        expected = brute_force(board, rack, ruleset, {"en": words}, ["en"], "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        assert generated(finder, board, rack) == expected, (str(board), rack)
        checked += len(expected)
    assert checked > 200  # the positions are not trivial


def test_dover_rules_small_board_equals_brute_force():
    """Dover's rules on a 9×9 board: every play touches the inner 5×5, some new word has 3+ letters."""
    layout = ("T...d...T", ".D.....D.", "..d...d..", "d..D.D..d", "....*....".replace("*", "D"),
              "d..D.D..d", "..d...d..", ".D.....D.", "T...d...T")
    ruleset = dataclasses.replace(CATALOG.ruleset("dover"), name="mini-dover", rows=9, cols=9, premiums=layout,
                                  centre=(4, 4), inner=(2, 2, 6, 6))
    words = WordList.from_words(CATALOG.language("en"), [w.lower() for w in EN_WORDS])
    finder = MoveFinder.from_walks(ruleset, {"en": Walk.from_words(words.keys())}, catalog=CATALOG)
    positions = self_play_positions(finder, ruleset, "AAEEIOOSTTDNGCR", seed=5, turns=10, rack_size=5)
    found = removed = 0
    plain = MoveFinder.from_walks(dataclasses.replace(ruleset, inner=None, min_word=2),
                                  {"en": Walk.from_words(words.keys())}, catalog=CATALOG)
    for board, rack in positions:
        expected = brute_force(board, rack, ruleset, {"en": words}, ["en"], "")
        assert generated(finder, board, rack) == expected, (str(board), rack)
        assert all(any(ruleset.in_inner(r, c) for r, c, _, _ in key) for key, _ in expected)
        found += len(expected)
        removed += len(generated(plain, board, rack)) - len(expected)
    assert found > 50 and removed > 100  # the Dover rules really removed plays


def test_spanish_tiles_small_board_equals_brute_force():
    ruleset = mini_ruleset(tiles="es")
    words = WordList.from_words(CATALOG.language("es"), ES_WORDS)
    finder = MoveFinder.from_walks(ruleset, {"es": tile_walk(words, "es")}, catalog=CATALOG)
    pool = ["CH", "LL", "RR", "RR", "Ñ", "A", "O", "O", "E", "L", "C", "S", "R", "?"]
    positions = self_play_positions(finder, ruleset, pool, seed=5, turns=10, rack_size=3)
    blank_faces = [t.face for t in CATALOG.spec("es").tiles]
    faces_played = set()
    for board, rack in positions:
        expected = brute_force(board, rack, ruleset, {"es": words}, ["es"], blank_faces)
        assert generated(finder, board, rack) == expected, (str(board), rack)
        faces_played |= {face for key, _ in expected for _, _, face, _ in key}
    assert {"CH", "LL", "RR", "Ñ"} <= faces_played  # the digraph tiles were really played


def test_hungarian_tiles_small_board_equals_brute_force():
    """SZ, ZS, GY are one tile each: an S tile beside a Z tile does not spell the Hungarian SZ."""
    ruleset = mini_ruleset(tiles="hu")
    words = WordList.from_words(CATALOG.language("hu"), HU_WORDS)
    finder = MoveFinder.from_walks(ruleset, {"hu": tile_walk(words, "hu")}, catalog=CATALOG)
    pool = ["SZ", "ZS", "GY", "A", "Á", "É", "E", "Ó", "Z", "S", "H", "G", "?"]
    positions = self_play_positions(finder, ruleset, pool, seed=4, turns=10, rack_size=3)
    blank_faces = [t.face for t in CATALOG.spec("hu").tiles]
    faces_played = set()
    for board, rack in positions:
        expected = brute_force(board, rack, ruleset, {"hu": words}, ["hu"], blank_faces)
        assert generated(finder, board, rack) == expected, (str(board), rack)
        faces_played |= {face for key, _ in expected for _, _, face, _ in key}
    assert {"SZ", "ZS", "GY"} <= faces_played


def test_polyglot_small_board_equals_brute_force_with_best_designations():
    ruleset = mini_ruleset("polyglot")
    lexicons = {"en": WordList.from_words(CATALOG.language("en"), [w.lower() for w in EN_WORDS]),
                "ru": WordList.from_words(CATALOG.language("ru"), RU_WORDS)}
    finder = MoveFinder.from_walks(ruleset, {lg: Walk.from_words(lx.keys()) for lg, lx in lexicons.items()},
                                   lexicons, catalog=CATALOG)
    positions = self_play_positions(finder, ruleset, "SHCHIAODNTEK?", seed=0, turns=8, rack_size=4,
                                    first="4B SHCHI")
    russian_main = mixed = 0
    for board, rack in positions:
        expected = brute_force(board, rack, ruleset, lexicons, ["en", "ru"], "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        moves = finder.moves(board, rack)
        assert {(m.placements, m.score) for m in moves} == expected, (str(board), rack)
        russian_main += sum(m.langs.default == "ru" for m in moves)
        mixed += sum(any(lg != m.langs.default for _, lg in m.langs.words) for m in moves)
    assert russian_main > 20 and mixed > 20  # Russian main words, and plays mixing languages


# --------------------------------------------------------------------------- Polyglot rules


def test_whisky_is_designated_french_where_it_scores_more():
    """The rules text: WHISKY is 19 in English and 36 in French before premiums."""
    ruleset = CATALOG.ruleset("polyglot")
    lexicons = {"en": WordList.from_words(CATALOG.language("en"), ["whisky"]),
                "fr": WordList.from_words(CATALOG.language("fr"), ["whisky"])}
    finder = MoveFinder.from_walks(ruleset, {lg: Walk.from_words(lx.keys()) for lg, lx in lexicons.items()},
                                   lexicons, catalog=CATALOG)
    moves = finder.moves(Board.empty(ruleset), "WHISKY")
    assert moves and all(m.langs.default == "fr" for m in moves)
    at_8d = next(m for m in moves if str(m.play) == "8D WHISKY @fr")
    assert at_8d.score == 92  # W on a double letter, ×2 for the centre: (20+4+1+1+10+10)×2
    english = MoveFinder.from_walks(ruleset, {"en": Walk.from_words(["WHISKY"])},
                                    catalog=CATALOG).moves(Board.empty(ruleset),
                                                                                         "WHISKY")
    assert next(m for m in english if m.play.position == "8D").score == 46


def test_polyglot_cross_words_take_their_own_best_language():
    """ЩИ across, then IT down whose cross word is ЩИТ: the main word English, the cross word Russian."""
    ruleset = CATALOG.ruleset("polyglot")
    lexicons = {"en": WordList.from_words(CATALOG.language("en"), ["it"]),
                "ru": WordList.from_words(CATALOG.language("ru"), ["щит"])}
    finder = MoveFinder.from_walks(ruleset, {lg: Walk.from_words(lx.keys()) for lg, lx in lexicons.items()},
                                   lexicons, catalog=CATALOG)
    board = Board.empty(ruleset).apply(parse_play("8D SHCHI"))
    moves = finder.moves(board, "TI")
    it_down = next(m for m in moves if str(m) == "I7 IT @en,8D=ru")
    assert it_down.score == (1 * 2 + 1) + (10 + 1 + 1)  # IT in English (I7 a double letter), ЩИТ in Russian
    for move in moves:
        result = score_play(board, move.play, ruleset, lexicons=lexicons, catalog=CATALOG)
        assert result.score == move.score and not result.phonies and not result.problems
    shchit = next(m for m in moves if m.placements == frozenset({(7, 8, "T", False)}))
    assert shchit.langs.default == "ru" and shchit.score == 10 + 1 + 1  # Щ 10, И 1, Т 1: ЩИТ on 8D


# --------------------------------------------------------------------------- real games


def _positions(shared_dir, files, every):
    paths = sorted((shared_dir / "gcg" / "english").glob("*.gcg"))[:files]
    for path in paths:
        record = gcg.read(path)
        for index, event in enumerate(record.events):
            if event.kind is Kind.PLAY and event.rack and index % every == 0:
                board, ruleset = replay.position(record, CATALOG, index)
                yield path.name, index, event, board, ruleset


def test_every_play_on_real_positions_scores_as_score_play(en_dir, shared_dir):
    en = CATALOG.with_packs(en_dir).pack("en")
    finder = None
    total = 0
    for name, index, event, board, ruleset in _positions(shared_dir, 3, 4):
        finder = finder or MoveFinder.from_packs(ruleset, CATALOG.with_packs(en_dir))
        for move in finder.moves(board, event.rack):
            result = score_play(board, move.play, ruleset, lexicons={"en": en}, rack=event.rack, catalog=CATALOG)
            assert (result.score, result.problems, result.phonies) == (move.score, (), ()), (name, index, str(move))
            total += 1
    assert total > 15000  # 15,113 plays on these 19 positions with SOWPODS (docs/lexicons.md)


def test_recorded_plays_are_found_and_never_beat_the_best(en_dir, shared_dir):
    en = CATALOG.with_packs(en_dir).pack("en")
    finder = None
    checked = 0
    for name, index, event, board, ruleset in _positions(shared_dir, 6, 1):
        record_play = replay.play_of(event, ruleset)
        recorded = score_play(board, record_play, ruleset, lexicons={"en": en}, rack=event.rack, catalog=CATALOG)
        if recorded.problems or recorded.phonies:
            continue  # a phony, or words this pack does not have
        finder = finder or MoveFinder.from_packs(ruleset, CATALOG.with_packs(en_dir))
        moves = finder.moves(board, event.rack)
        placed = frozenset((p.row, p.col, p.tile.face, p.tile.blank) for p in recorded.placements)
        assert moves[0].score >= recorded.score, (name, index)
        assert any(m.placements == placed and m.score == recorded.score for m in moves), (name, index, event.move)
        checked += 1
    assert checked > 100  # of the 127 plays of these 6 games (the others use words the pack lacks)


def test_first_play_of_quite_scores_as_the_encyclopedia(en_dir):
    ruleset = CATALOG.ruleset("standard")
    moves = MoveFinder.from_packs(ruleset, CATALOG.with_packs(en_dir)).moves(Board.empty(ruleset), "QUITE")
    assert next(m for m in moves if str(m) == "8D QUITE").score == 48
    assert moves[0].score >= 48


# --------------------------------------------------------------------------- input


def test_bad_racks_are_clear_errors():
    ruleset = CATALOG.ruleset("standard")
    finder = MoveFinder.from_walks(ruleset, {"en": Walk.from_words(["QI"])}, catalog=CATALOG)
    with pytest.raises(LexcError, match="at most 7"):
        finder.moves(Board.empty(ruleset), "ABCDEFGH")
    with pytest.raises(LexcError, match="unexpected character '1'"):
        finder.moves(Board.empty(ruleset), "QI1")


def test_board_text_round_trips_and_is_checked():
    ruleset = CATALOG.ruleset("standard").with_tiles(CATALOG.language("es"))
    board = Board.empty(ruleset).apply(parse_play("8E [CH]URRo", CATALOG.spec("es")))
    assert board_from_text(str(board), ruleset) == Board(ruleset, board.squares)
    with pytest.raises(LexcError, match="a row has 15"):
        board_from_text("\n".join(["." * 14] * 15), ruleset)
    with pytest.raises(LexcError, match="14 rows"):
        board_from_text("\n".join(["." * 15] * 14), ruleset)


def _lexc(*args, packs, pure=None):
    env_code = "import sys; from lexc.cli.launch import main; sys.argv = ['lexc', *sys.argv[1:]]; main()"
    env = {**os.environ, "LEXC_PACKS": str(packs), "PYTHONPATH": str(REPO)}
    if pure is not None:
        env["LEXC_PURE"] = pure
    return subprocess.run([sys.executable, "-c", env_code, *args], capture_output=True, text=True, env=env,
                          cwd=REPO, timeout=300)


def test_cli_best_on_a_game_uses_the_recorded_rack(en_dir, shared_dir):
    game = shared_dir / "gcg" / "english" / "lw_r20_peter.gcg"
    done = _lexc("best", "--game", str(game), "--upto", "14", "--top", "3", "--json", packs=en_dir)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["rack"] == "?BCHRUY" and len(data["moves"]) == 3
    first = data["moves"][0]
    assert first["score"] >= data["moves"][1]["score"] and first["words"][0]["valid"] is True
    assert sum(w["subtotal"] for w in first["words"]) + first["bonus"] == first["score"]


def test_cli_best_on_a_board_in_text(en_dir, tmp_path):
    ruleset = CATALOG.ruleset("standard")
    board = Board.empty(ruleset).apply(parse_play("8D QUITE")).apply(parse_play("E7 A(U)NT"))
    path = tmp_path / "board.txt"
    path.write_text("# after QUITE and AUNT\n" + str(board) + "\n", encoding="utf-8")
    done = _lexc("best", "--board", str(path), "RESTING", "--top", "5", "--all", "--json", packs=en_dir)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    expected = MoveFinder.from_packs(ruleset, CATALOG.with_packs(en_dir)).moves(board, "RESTING")
    assert data["count"] == len(expected) > 100
    assert [(m["play"], m["score"]) for m in data["moves"]] == [(str(m), m.score) for m in expected[:5]]
    best = _lexc("best", "--board", str(path), "RESTING", "--top", "5", "--json", packs=en_dir)  # best first
    assert best.returncode == 0, best.stderr
    assert json.loads(best.stdout)["count"] is None and json.loads(best.stdout)["moves"] == data["moves"]


def test_cli_best_polyglot_designates_each_word(tmp_path):
    compile_words(CATALOG.language("en"), ["whisky", "it"], tmp_path / "en.lexc")
    compile_words(CATALOG.language("fr"), ["whisky"], tmp_path / "fr.lexc")
    done = _lexc("best", "--ruleset", "polyglot", "--langs", "en,fr", "WHISKY", "--top", "1", "--json",
                 packs=tmp_path)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["langs"] == ["en", "fr"]
    best = data["moves"][0]
    assert best["score"] == 92 and best["langs"]["default"] == "fr"
    assert [(w["board"], w["lang"], w["valid"]) for w in best["words"]] == [("WHISKY", "fr", True)]
    missing = _lexc("best", "--ruleset", "polyglot", "--langs", "en,ru", "WHISKY", packs=tmp_path)
    assert missing.returncode == 1 and "no pack for 'ru'" in missing.stderr


def test_cli_errors_exit_1_without_traceback(en_dir):
    for args in (["best", "AB1"], ["best", "--upto", "3", "AB"], ["best", "ABC", "--lang", "xx"],
                 ["best", "--board", "/nonexistent", "ABC"]):
        done = _lexc(*args, packs=en_dir)
        assert done.returncode == 1 and done.stderr.startswith("error: ") and "Traceback" not in done.stderr, args



# --------------------------------------------------------------------------- best first


def test_best_n_is_exactly_the_first_n_of_every_play_on_real_positions(en_dir, shared_dir):
    catalog = CATALOG.with_packs(en_dir)
    finder = None
    checked = 0
    for name, index, event, board, ruleset in _positions(shared_dir, 3, 2):
        finder = finder or MoveFinder.from_packs(ruleset, catalog)
        every = finder.moves(board, event.rack)
        for top in (1, 10):
            best = finder.moves(board, event.rack, top=top)
            assert best == every[:top], (name, index, top)
        checked += 1
    assert checked > 30


def test_best_n_in_polyglot_keeps_the_designations_and_ties_of_the_full_search(tmp_path):
    compile_words(CATALOG.language("en"), ["whisky", "it", "quite", "quiet", "tie", "ties", "sit", "shchi"],
                  tmp_path / "en.lexc")
    compile_words(CATALOG.language("fr"), ["whisky", "tu", "quitte", "ski", "skis"], tmp_path / "fr.lexc")
    compile_words(CATALOG.language("ru"), ["щи", "щит", "ищи", "да"], tmp_path / "ru.lexc")
    catalog = CATALOG.with_packs(tmp_path)
    ruleset = catalog.ruleset("polyglot")
    finder = MoveFinder.from_packs(ruleset, catalog, ["en", "fr", "ru"])
    board = Board.empty(ruleset).apply(parse_play("8D WHISKY @fr"))
    for rack in ("SHCHIT?", "QUITTE", "TIES"):
        every = finder.moves(board, rack)
        for top in (1, 3, 10):
            assert finder.moves(board, rack, top=top) == every[:top], (rack, top)
    from lexc.engine.moves import best_moves

    first = best_moves(Board.empty(ruleset), "WHISKY", catalog, langs=["en", "fr"], top=1)
    assert [(str(m), m.score) for m in first] == [("H4 WHISKY @fr", 92)]
    with pytest.raises(LexcError, match="at least one play"):
        finder.moves(board, "TIES", top=0)


def test_long_racks_of_many_blanks_are_refused_within_bounds(tmp_path, en_dir):
    """A ruleset of 15-tile racks and a bag of 12 blanks: the search is bounded and refused with a message."""
    text = (REPO / "rulesets" / "standard.toml").read_text(encoding="utf-8")
    text = text.replace('name = "standard"', 'name = "many-blanks"').replace("rack_size = 7", "rack_size = 15")
    text += "\n[distribution]\nblanks = 12\nA = 9\nE = 12\nI = 9\nO = 8\nS = 4\nT = 6\nR = 6\nN = 6\n"
    path = tmp_path / "many-blanks.toml"
    path.write_text(text, encoding="utf-8")
    ruleset = CATALOG.ruleset(path)
    assert ruleset.bag()["?"] == 12 and ruleset.rack_size == 15
    finder = MoveFinder.from_packs(ruleset, CATALOG.with_packs(en_dir))
    with pytest.raises(LexcError, match="refused"):
        finder.moves(Board.empty(ruleset), "????????????AES")
    with pytest.raises(LexcError, match="refused"):
        finder.moves(Board.empty(ruleset), "????????????AES", top=5)
    # what a bag can deal and the bounds allow is searched as before
    assert finder.moves(Board.empty(ruleset), "??AES", top=3)[0].score > 0


def test_best_n_on_real_positions_with_blanks_is_the_full_searchs_first(en_dir, shared_dir):
    """The positions whose rack holds a blank (the search's tail): best 1, 5 and 10 against the full list."""
    catalog = CATALOG.with_packs(en_dir)
    finder = None
    checked = 0
    for name, index, event, board, ruleset in _positions(shared_dir, 8, 1):
        if "?" not in event.rack:
            continue
        finder = finder or MoveFinder.from_packs(ruleset, catalog)
        every = finder.moves(board, event.rack)
        for top in (1, 5, 10):
            assert finder.moves(board, event.rack, top=top) == every[:top], (name, index, event.rack, top)
        checked += 1
    assert checked >= 8


def test_letters_below_are_the_letters_on_some_path_from_each_node():
    from lexc.lexicon.walk import letters_below

    words = [w for w in EN_WORDS if len(w) > 1]
    walk = Walk.from_words(words)
    below = letters_below(walk)
    prefixes = {w[:i] for w in words for i in range(len(w) + 1)}
    for prefix in prefixes:
        node = walk.follow([ord(c) - 65 for c in prefix])
        letters = {c for w in words if w.startswith(prefix) for c in w[len(prefix):]}
        assert below[node] == sum(1 << (ord(c) - 65) for c in letters), prefix


def test_letters_on_paths_are_the_letters_twice_on_one_path_from_each_node():
    """Against every prefix of real words: QUIETER has E twice after QUI, ADDED has D twice, ERR R twice."""
    from lexc.lexicon.walk import letters_on_paths

    words = [w for w in [*EN_WORDS, "QUIETER", "TEE", "ERR", "ADDED"] if len(w) > 1]
    walk = Walk.from_words(words)
    twice = letters_on_paths(walk)[1]
    prefixes = {w[:i] for w in words for i in range(len(w) + 1)}
    for prefix in prefixes:
        node = walk.follow([ord(c) - 65 for c in prefix])
        letters = {c for w in words if w.startswith(prefix) for c in w[len(prefix):] if w[len(prefix):].count(c) > 1}
        assert twice[node] == sum(1 << (ord(c) - 65) for c in letters), prefix
    assert twice[walk.follow([ord(c) - 65 for c in "QUI"])] >> 4 & 1  # E
    assert twice[walk.root] >> 3 & 1 and twice[walk.root] >> 17 & 1  # D (ADDED), R (ERR)


def test_polyglot_letter_bounds_cover_every_native_tiling_under_any_premium(tmp_path):
    """A word's value in Russian or Spanish, with a double or triple letter on any one of its letters, is at most
    the sum of its letters' bounds (``base`` plus ``most`` times the premium less one): what lets best first
    skip a branch. Real words with Щ (SHCH), Ш (SH), Ч (CH), Ж (ZH), Ь and Ъ (no letter), Ñ, CH, LL and RR."""
    from lexc.engine.moves.words import letter_bound, units_function
    from lexc.engine.scoring import units_value

    ruleset = CATALOG.ruleset("polyglot")
    words = {"ru": [*RU_WORDS, "объём", "съел", "ель", "щука", "шёлк", "жёлчь", "юла", "яма", "эхо"],
             "es": [*ES_WORDS, "ñandú", "chorro", "llorar"]}
    checked = 0
    for lang, native_words in words.items():
        pack = tmp_path / f"{lang}.lexc"
        compile_words(CATALOG.language(lang), native_words, pack)
        lexicon = CATALOG.with_packs(tmp_path).pack(lang)
        bound = letter_bound(ruleset, CATALOG.language(lang), lexicon)
        assert bound is not None and all(b <= m for b, m in zip(bound.base, bound.most, strict=True))
        units = units_function(ruleset, CATALOG.language(lang), lexicon)
        for board in lexicon:
            for tiling in units(board):
                for at in range(len(board)):
                    for premium in (1, 2, 3):
                        lms = [premium if i == at else 1 for i in range(len(board))]
                        value = units_value(tiling, lms, [False] * len(board))
                        most = sum(bound.base[ord(c) - 65] + bound.most[ord(c) - 65] * (lm - 1)
                                   for c, lm in zip(board, lms, strict=True))
                        assert value <= most, (lang, board, tiling, lms)
                        checked += 1
    assert checked > 300
    russian = letter_bound(ruleset, CATALOG.language("ru"), None)
    assert russian is not None and (russian.base[ord("S") - 65], russian.most[ord("S") - 65]) == (4, 10)


def test_best_n_in_polyglot_with_russian_and_spanish_tiles_is_the_full_searchs_first(tmp_path):
    """Polyglot boards where the Russian and Spanish letter bounds decide what is skipped (SH, SHCH, CH, LL,
    RR, Ñ): best 1, 3 and 10 equal the first of every play, designations included, with and without blanks."""
    compile_words(CATALOG.language("en"), ["chorus", "shell", "rosh", "rho", "hos", "sh", "ah", "ha", "cell", "hello",
                                           "llano", "shoe", "shoes", "hose", "chose", "echo", "echos", "loch"],
                  tmp_path / "en.lexc")
    compile_words(CATALOG.language("es"), [*ES_WORDS, "chorro", "llano", "hallo", "choclo", "año", "caña", "leño"],
                  tmp_path / "es.lexc")
    compile_words(CATALOG.language("ru"), [*RU_WORDS, "шаль", "шест", "щель", "чехол", "леший", "шов", "щёлок"],
                  tmp_path / "ru.lexc")
    catalog = CATALOG.with_packs(tmp_path)
    ruleset = catalog.ruleset("polyglot")
    finder = MoveFinder.from_packs(ruleset, catalog, ["en", "es", "ru"])
    board = Board.empty(ruleset).apply(parse_play("8D CHORRO @es")).apply(parse_play("E7 SHCHIT @ru"))
    for rack in ("SHELLAC", "LLANOS?", "CHOSEN", "SHCHEL?", "ACHLOS"):
        every = finder.moves(board, rack)
        assert every, rack
        for top in (1, 3, 10):
            assert finder.moves(board, rack, top=top) == every[:top], (rack, top)


def test_compiled_and_pure_searches_find_the_same_best_plays(en_dir, shared_dir):
    """The search's modules are compiled with mypyc where a compiler is (lexc.compiled.MODULES); LEXC_PURE=1
    runs their Python source: both give the same best plays of a real position with a blank, and the same
    JSON, byte for byte. Without a compiled build both runs are the source (the check still runs)."""
    game = shared_dir / "gcg" / "english" / "lw_r20_peter.gcg"
    outputs = []
    for pure in ("", "1"):
        done = _lexc("best", "--game", str(game), "--upto", "14", "--top", "10", "--json", packs=en_dir, pure=pure)
        assert done.returncode == 0, done.stderr
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1]
    moves = json.loads(outputs[0])["moves"]
    assert len(moves) == 10 and moves[0]["play"] == "A6 (G)RoUCHY" and moves[0]["score"] == 57


def test_a_left_part_is_laid_only_where_every_real_play_through_it_goes_on(en_dir, shared_dir):
    """``Extender.opens`` (the check before a left part is laid at an anchor) holds for the left part and first
    anchor of every play of the full enumeration on real positions with a blank, and, where the whole rack must
    be laid, for every play that lays it; and it does turn left parts away there."""
    from lexc.engine.moves.generate import Extender
    from lexc.engine.moves.state import Search

    catalog = CATALOG.with_packs(en_dir)
    finder = None
    checked = bonus_checked = turned_away = 0
    for _name, _index, event, board, ruleset in _positions(shared_dir, 4, 1):
        if "?" not in event.rack:
            continue
        finder = finder or MoveFinder.from_packs(ruleset, catalog)
        lexicon, walk, cols = finder.lexicons[0], finder.lexicons[0].walk, ruleset.cols
        counts, blanks = finder.rack_codes(event.rack)
        search = Search(finder, board, list(counts), blanks, top=10)
        anchors, crossed = search.anchors(), {across: search.cross(across) for across in (True, False)}
        steps: dict[tuple[bool, int, bool], Extender] = {}

        def step(across: bool, first: int, whole: bool, search=search, crossed=crossed, steps=steps) -> Extender:
            return _first_step(search, crossed, steps, across, first, whole)

        for move in finder.moves(board, event.rack):
            if not move.cells[0][2]:
                continue  # the word starts on a board tile: searched through it, not from a left part
            step_of = cols if not move.across else 1
            start = move.row * cols + move.col
            span = [start + j * step_of for j in range(len(move.cells))]
            at = next(j for j, square in enumerate(span) if anchors[square])
            left = move.cells[:at]
            rest = list(counts)
            for face, blank, _ in left:
                if not blank:
                    rest[finder.codes[face]] -= 1
            rmask = sum(1 << c for c, k in enumerate(rest) if k)
            nblanks = blanks - sum(blank for _, blank, _ in left)
            node = walk.follow([finder.codes[face] for face, _, _ in left])
            first = move.row * cols if move.across else move.col
            for whole in (False, True) if sum(cell[2] for cell in move.cells) == sum(counts) + blanks else (False,):
                assert step(move.across, first, whole).opens(node, at + (move.col if move.across else move.row),
                                                            rmask, nblanks), (event.rack, str(move), whole)
                checked += 1
                bonus_checked += whole
        across_first = next(i for i, a in enumerate(anchors) if a)
        extend = step(True, across_first - across_first % cols, False)
        anchor = across_first % cols
        for parts in search.left_parts(lexicon)[1:anchor + 1]:
            for part in parts:
                turned_away += not extend.opens(part[0], anchor, part[3], part[4])
    assert checked > 1000 and bonus_checked > 10 and turned_away > 0


def _first_step(search, crossed, steps, across, first, whole):
    """The step of the line from square ``first`` (``across`` or down) in the pass laying the whole rack or not."""
    from lexc.engine.moves.generate import Extender
    from lexc.engine.moves.tables import Line

    key = (across, first, whole)
    if key not in steps:
        cols, size = search.cols, search.rows * search.cols
        squares = list(range(first, first + cols)) if across else list(range(first, size, cols))
        line = Line(search, search.finder.lexicons[0], squares, across, *crossed[across])
        line.phase(line.rack_size if whole else 0, line.rack_size)
        steps[key] = Extender(search, line, lambda end: None)
    return steps[key]
