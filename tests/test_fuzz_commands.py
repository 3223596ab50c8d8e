"""Property-based fuzzing (hypothesis) of the commands a player or a club table drives.

``lexc game new/play/exchange/challenge/end/pass/undo``, ``lexc best``, ``lexc anagram``,
``lexc pattern``, ``lexc check``/``lexc score`` with ``--scheme`` values, and the web app's JSON
API (``lexc serve``) get random and mutated input. Each command must end with exit status 0,
1 (a named error) or 2 (a usage error), print no traceback, and leave a game file it refused
unchanged; the web app must answer every request with a JSON body and a status under 500, and
write nothing but game files with plain names in its games folder.

The budget is ``FUZZ_EXAMPLES`` (default 120) like tests/test_fuzz.py; the sequences of game
commands get a quarter of it (each example is several commands). ``make fuzz`` and
``bench/fuzz_long.py`` run these properties with a large budget.
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
import uuid
from pathlib import Path

import pytest
from hypothesis import event, example, given, settings
from hypothesis import strategies as st
from test_fuzz import EXAMPLES, FUZZ, TEXT  # type: ignore[import-not-found]  # tests/ is on sys.path
from typer.testing import CliRunner

from lexc.catalog import Catalog
from lexc.cli import app
from lexc.lexicon.compiler import compile_words

pytest.importorskip("starlette")
from starlette.testclient import TestClient

from lexc.cli.common import catalog_of
from lexc.game.engine import Packs
from lexc.game.web.app import create_app

CATALOG = Catalog.shipped()
ENGLISH = Path("/usr/share/dict/american-english-huge")
runner = CliRunner()
FEW = settings(FUZZ, max_examples=max(10, EXAMPLES // 4))
CODES = st.sampled_from(["en"] * 6 + ["fr", "ru", "he", "es", "xx", "../en", "en,fr", "", "EN", "en\x00"])
SCHEMES = st.one_of(st.builds(lambda lang, name: f"{lang}={name}", st.sampled_from(["he", "ru", "en", "xx", ""]),
                              st.sampled_from(["he-full", "ru-yo", "iso9", "../he", "/etc/passwd", "", "he-full "])),
                    TEXT)
RULESETS = st.sampled_from(["polyglot"] * 3 + ["standard", "super", "dover", "tournament", "/etc/passwd", "../x",
                                               "nope"])
#: Racks a bag could deal (up to two blanks), and anything else.
DEALT = st.builds(lambda letters, blanks: letters + "?" * blanks,
                  st.text(st.sampled_from(list("AEIORSTNLQUWHKY")), min_size=1, max_size=7), st.integers(0, 2))
RACKS = st.one_of(DEALT, DEALT, st.text(st.sampled_from(list("AEIQUWHISKY?щиש")), max_size=12), TEXT)
NOTATION = st.one_of(
    st.sampled_from(["8D WHISKY @fr", "H8 QI", "8H QI", "8G AH", "8D WHISKY", "E7 A.", "9E QI @en", "D8 W.ISKY"]),
    st.builds(lambda pos, word, tail: f"{pos} {word}{tail}",
              st.sampled_from(["8D", "H8", "8H", "D8", "7E", "9A", "E7", "15O", "16A", "8Z"]),
              st.text(st.sampled_from(list("WHISKYQIAH.()?щишsk")), min_size=1, max_size=9),
              st.sampled_from(["", " @fr", " @en", " @ru", " @xx", " @fr,H8=en", " @"])),
    TEXT)


def _words() -> list[str]:
    """About 3,000 English words (from Debian's list when installed, else a few)."""
    if not ENGLISH.is_file():
        return ["ah", "qi", "whisky", "quite", "whiskey", "ahi"]
    words = [w for w in ENGLISH.read_text(encoding="utf-8").split() if w.isalpha() and w.islower()]
    return words[::len(words) // 3_000 or 1]


@pytest.fixture(scope="module")
def packs(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("packs")
    words = {"en": [*_words(), "whisky", "qi"], "fr": ["whisky", "qi", "ah"], "ru": ["щи"]}
    for lang, listed in words.items():
        compile_words(CATALOG.language(lang), listed, folder / f"{lang}.lexc")
    return folder


def _run(packs: Path, *args: str):
    """Run the CLI; any outcome but exit 0/1/2 without a traceback fails the test, naming the command."""
    result = runner.invoke(app, [*args, "--packs", str(packs)])
    crash = result.exception if not isinstance(result.exception, SystemExit) else None
    assert crash is None, f"{args!r}: {type(crash).__name__}: {crash}"
    assert result.exit_code in (0, 1, 2), f"{args!r}: exit {result.exit_code}"
    assert "Traceback" not in result.output, f"{args!r}: {result.output[-2000:]}"
    if result.exit_code == 1 and args[0] != "check":  # lexc check exits 1 for an invalid word
        assert "error:" in result.output, f"{args!r}: exit 1 without an error line: {result.output[-500:]}"
    return result


def _outcome(name: str, result) -> None:
    """Count how a command ended in hypothesis' statistics: exit status and the gist of the first error."""
    error = next((line for line in result.output.splitlines() if line.startswith("error:")), "")
    gist = re.sub(r"'.*?'|\d+", "…", error)[:70]
    event(f"{name}: exit {result.exit_code} {gist}".rstrip())


# --------------------------------------------------------------------------- lexc game

def _mostly(good, hostile):
    """Three times out of four ``good``: a command with several options still gets past the first check."""
    return st.one_of(good, good, good, hostile)


NEW = st.fixed_dictionaries({}, optional={
    "--ruleset": _mostly(st.just("polyglot"), RULESETS), "--lang": _mostly(st.sampled_from(["en", "fr"]), CODES),
    "--deal": _mostly(st.integers(0, 3).map(str), st.one_of(st.integers(-10, 10**6).map(str), TEXT)),
    "--challenge": _mostly(st.just("double"), st.sampled_from(["single", "void", "five-point", "none", "x"])),
    "--title": _mostly(st.just("club night"), TEXT), "--scheme": _mostly(st.just("he=he-full"), SCHEMES)})
MOVE = st.one_of(
    st.tuples(st.just("play"), NOTATION, st.one_of(st.none(), RACKS)),
    st.tuples(st.just("exchange"), RACKS, st.one_of(st.none(), RACKS)),
    st.tuples(st.sampled_from(["pass", "challenge", "undo", "end", "show", "hint"]), st.none(), st.none()),
)


@FEW
@given(players=_mostly(st.sampled_from(["ann,bob", "ann,bob,carl", "a,b"]), TEXT), options=NEW,
       moves=st.lists(MOVE, max_size=6))
@example(players="ann,bob", options={"--deal": "1"}, moves=[("play", "8D WHISKY @fr", None), ("challenge", None, None)])
def test_game_commands_answer_or_refuse_and_never_change_a_refused_game(packs, players, options, moves):
    folder = Path(tempfile.mkdtemp(prefix="fuzz-game-"))
    try:
        path = folder / "g.gcg"
        made = _run(packs, "game", "new", str(path), "--players", players,
                    *(part for key, value in options.items() for part in (key, value)))
        _outcome("game new", made)
        if made.exit_code != 0:
            assert not path.exists()
            return
        for kind, text, rack in moves:
            before = path.read_bytes()
            args = ["game", kind, str(path), *([text] if text is not None else []),
                    *(["--rack", rack] if rack is not None else [])]
            done = _run(packs, *args)
            _outcome(f"game {kind}", done)
            if done.exit_code != 0 or kind in ("show", "hint"):
                assert path.read_bytes() == before, f"{args!r} changed the game"
    finally:
        shutil.rmtree(folder)


# --------------------------------------------------------------------------- best, anagram, pattern, check, score

#: Files given where a game record or a board is expected: devices, folders, loops, other kinds of file.
ODD_FILES = ("/dev/null", "/dev/zero", "/", "/etc/passwd", "{loop}", "{game}", "{pack}", "{nowhere}")


@pytest.fixture(scope="module")
def odd_files(packs, tmp_path_factory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("odd")
    (folder / "a").symlink_to(folder / "b")
    (folder / "b").symlink_to(folder / "a")
    game = folder / "g.gcg"
    assert _run(packs, "game", "new", str(game), "--players", "ann,bob", "--deal", "3").exit_code == 0
    assert _run(packs, "game", "play", str(game), "8D WHISKY @fr").exit_code in (0, 1)
    return {"{loop}": str(folder / "a"), "{game}": str(game), "{pack}": str(packs / "en.lexc"),
            "{nowhere}": str(folder / "nowhere")}


@FUZZ
@given(rack=RACKS, ruleset=_mostly(st.none(), RULESETS), lang=_mostly(st.none(), CODES),
       langs=_mostly(st.none(), st.one_of(st.sampled_from(["en,fr", "en,xx", "", ",", "ru,en"]), TEXT)),
       top=_mostly(st.just("3"), st.sampled_from(["0", "1", "10", "-1", "99999999999999999999"])),
       where=_mostly(st.none(), st.tuples(st.sampled_from(["--game", "--board"]), st.sampled_from(ODD_FILES))))
def test_best_answers_or_refuses(packs, odd_files, rack, ruleset, lang, langs, top, where):
    args = ["best", rack, "--top", top]
    for key, value in (("--ruleset", ruleset), ("--lang", lang), ("--langs", langs)):
        if value is not None:
            args += [key, value]
    if where is not None:
        args += [where[0], odd_files.get(where[1], where[1])]
    _outcome("best", _run(packs, *args))


PATTERN = st.one_of(st.text(st.sampled_from(list("AEIOUSTRWHQ?*[]^-щ")), max_size=20), TEXT)


@FUZZ
@given(lang=CODES, letters=RACKS, pattern=PATTERN, every=st.booleans(),
       limit=st.sampled_from(["0", "1", "200", "-5"]))
@example(lang="en", letters="?" * 12, pattern="*?*?*?*?*?*?*?*?*?*?*?*?*?*?", every=True, limit="0")
def test_anagram_and_pattern_answer_or_refuse(packs, lang, letters, pattern, every, limit):
    anagrams = _run(packs, "anagram", lang, letters, "--limit", limit, *(["--all"] if every else []))
    _outcome("anagram", anagrams)
    _outcome("pattern", _run(packs, "pattern", lang, pattern, "--limit", limit))


@FUZZ
@given(scheme=st.lists(SCHEMES, min_size=1, max_size=3), lang=CODES, word=TEXT)
def test_scheme_values_are_used_or_refused(packs, scheme, lang, word):
    options = [part for value in scheme for part in ("--scheme", value)]
    _run(packs, "check", lang or "en", word or "x", *options)
    _run(packs, "score", "8D " + (word or "QI"), "--no-lexicon", *options)


# --------------------------------------------------------------------------- the web API

#: Text JSON can carry but no file can hold: lone surrogates (``"\ud800"``), among controls and letters.
ODD_TEXT = st.text(st.characters(categories=("Cs", "Cc", "Lu")), min_size=1, max_size=8)
SCALAR = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), TEXT, ODD_TEXT, st.text(max_size=300))
JSONISH = st.recursive(SCALAR, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(TEXT, inner, max_size=4)), max_leaves=12)
FIELDS = {"name": _mostly(st.from_regex(r"[a-z][a-z0-9]{0,12}", fullmatch=True),
                          st.one_of(st.sampled_from(["club", "../x", "a.b", "x" * 80]), TEXT)),
          "players": _mostly(st.just("ann,bob"), TEXT), "ruleset": RULESETS, "lang": CODES,
          "title": st.one_of(st.just("club night"), ODD_TEXT, TEXT),
          "deal": st.one_of(st.integers(), TEXT), "challenge": TEXT, "schemes": SCHEMES,
          "play": NOTATION, "rack": RACKS, "tiles": RACKS, "version": TEXT, "top": st.integers(-5, 60),
          "langs": st.one_of(st.lists(CODES, max_size=3), JSONISH),
          "action": st.sampled_from(["play", "pass", "exchange", "challenge", "undo", "end", "penalty", "x"]),
          "by": TEXT, "rulings": JSONISH, "racks": JSONISH, "force": JSONISH, "player": TEXT, "points": TEXT}
BODY = st.one_of(
    st.fixed_dictionaries({}, optional={key: st.one_of(value, JSONISH) for key, value in FIELDS.items()}),
    JSONISH)
ENDPOINTS = st.sampled_from(["/api/games", "/api/games/club/preview", "/api/games/club/move",
                             "/api/games/club/hint", "/api/games/nothere/move", "/api/games/..%2Fx/move"])
_SAFE_NAME = re.compile(r"\.?[A-Za-z0-9][A-Za-z0-9_\-]{0,63}(\.gcg(\.lock)?|\.seats\.json|\.clock\.json)")


def _strays(games: Path) -> list[str]:
    """What the web app's folder holds besides game files and their locks (only the games folder itself)."""
    return [p.name for p in games.parent.rglob("*") if p.parent != games or not _SAFE_NAME.fullmatch(p.name)]


@pytest.fixture(scope="module")
def web(packs, tmp_path_factory):
    games = tmp_path_factory.mktemp("web") / "games"
    key = "fuzz-server-key-0123456789"  # the server's key: the director of every game
    http = TestClient(create_app(games, Packs(catalog_of(None, packs)), key), raise_server_exceptions=False,
                      base_url="http://127.0.0.1", headers={"X-Lexc-Key": key})
    made = http.post("/api/games", json={"name": "club", "players": "ann,bob", "lang": "en"})
    assert made.status_code == 200, made.text
    return http, games


@FUZZ
@given(url=ENDPOINTS, body=BODY, raw=st.one_of(st.none(), st.binary(max_size=200)))
def test_the_web_api_answers_every_request_with_json_under_500(web, url, body, raw):
    http, games = web
    if raw is not None:
        response = http.post(url, content=raw, headers={"Content-Type": "application/json"})
    else:
        response = http.post(url, content=json.dumps(body), headers={"Content-Type": "application/json"})
    assert response.status_code < 500, f"{url} {body!r}: {response.status_code} {response.text[:500]}"
    answer = response.json()
    assert response.status_code == 200 or "error" in answer
    event(f"web {url.rsplit('/', 1)[-1]}: {response.status_code}")
    assert _strays(games) == ["games"]


#: A request each endpoint accepts, as (url, body); one field of it is then made hostile.
VALID = (
    ("/api/games", {"name": "NAME", "players": "ann,bob", "ruleset": "polyglot", "lang": "en", "deal": "3",
                    "challenge": "double", "schemes": "he=he-full", "title": "club night"}),
    ("/api/games/club/preview", {"play": "8D WHISKY @fr", "rack": "WHISKY?"}),
    ("/api/games/club/hint", {"rack": "QIAEST?", "top": 3, "langs": ["en", "fr"]}),
    ("/api/games/club/move", {"action": "pass", "rack": "QI"}),
    ("/api/games/club/move", {"action": "exchange", "tiles": "QI", "rack": "QIAEST?"}),
    ("/api/games/club/move", {"action": "end", "force": True, "racks": {"ann": "QI", "bob": "AE"}}),
    ("/api/games/club/move", {"action": "challenge", "by": "bob", "rulings": {"WHISKY": True}}),
    ("/api/games/club/move", {"action": "penalty", "player": "ann", "points": "10"}),
)
HOSTILE_VALUE = st.one_of(ODD_TEXT, TEXT, JSONISH, st.text(min_size=900, max_size=1_100),
                          st.integers(min_value=-(10**30), max_value=10**30))


@FUZZ
@given(case=st.sampled_from(VALID), data=st.data())
def test_one_hostile_field_in_a_good_request_is_answered_under_500(web, case, data):
    http, games = web
    url, good = case
    name = uuid.uuid4().hex[:12]  # not drawn: a replayed example needs a name not yet taken
    if "/club/" in url:  # a game of its own, so that no example sees another's moves
        made = http.post("/api/games", json={"name": name, "players": "ann,bob", "lang": "en"})
        assert made.status_code == 200, made.text
        version = made.json()["version"]
        url = url.replace("/club/", f"/{name}/")
        if good.get("action") == "challenge":
            played = http.post(f"/api/games/{name}/move", json={"action": "play", "play": "8D WHISKY @fr",
                                                                "version": version})
            version = played.json()["version"]
        if url.endswith("/move"):  # a move names the version it was made on
            good = {**good, "version": version}
    body = {key: (name if text == "NAME" else text) for key, text in good.items()}
    field = data.draw(st.sampled_from(list(body)), label="field")
    body[field] = data.draw(HOSTILE_VALUE, label="value")
    response = http.post(url, content=json.dumps(body), headers={"Content-Type": "application/json"})
    assert response.status_code < 500, f"{url} {body!r}: {response.status_code} {response.text[:500]}"
    assert response.status_code == 200 or "error" in response.json()
    assert _strays(games) == ["games"]
    event(f"web {url.rsplit('/', 1)[-1]} {field}: {response.status_code}")
