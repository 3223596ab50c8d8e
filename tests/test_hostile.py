"""Hostile input: nothing destroyed, line ends never lose a move, native code never sees unchecked bytes.

Real files, real devices, real processes. The bad-input gallery (tests/gallery) holds the refusals
as CLI cases; this file holds what is not one refusal: equalities over real game records, the
writer guard at the library level, and the hostile-pack property (docs/development.md).
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from lexc.atomic import check_output, command, note_input, write_atomic
from lexc.errors import LexcError
from lexc.records import gcg

SHARED = Path(__file__).resolve().parent.parent.parent / "shared"
REPO = Path(__file__).resolve().parent.parent


def _records() -> list[Path]:
    found = sorted((SHARED / "gcg" / "english").glob("*.gcg"))[:40]
    if not found:
        pytest.fail(f"{SHARED}/gcg/english is missing: the tests read ../shared beside the clone")
    return found


# --------------------------------------------------------------------------- GCG line ends


def _with_ends(data: bytes, ends: list[bytes]) -> bytes:
    lines = data.replace(b"\r\n", b"\n").split(b"\n")
    return b"".join(line + ends[i % len(ends)] for i, line in enumerate(lines))


@pytest.mark.parametrize("ends", [[b"\r\n"], [b"\r"], [b"\n", b"\r\n", b"\r"], [b"\r", b"\r", b"\n"]],
                         ids=["crlf", "cr", "mixed", "mostly-cr"])
def test_every_kind_of_line_end_reads_the_same_record(ends: list[bytes]) -> None:
    for path in _records():
        data = path.read_bytes()
        lf = gcg.parse(data, str(path))
        other = gcg.parse(_with_ends(data, ends), str(path))
        assert other == lf, path
        assert [e.line for e in other.events] == [e.line for e in lf.events], path
        assert len(other.events) > 0


def test_a_cr_only_record_names_the_right_line_of_a_bad_byte() -> None:
    data = b"#player1 a A\r#player2 b B\r>a: AB 8D AB +8 8\r\x00\r"
    with pytest.raises(LexcError) as caught:
        gcg.parse(data, "x.gcg")
    assert caught.value.problems[0].line == 4


def test_a_cr_only_record_keeps_its_declared_encoding() -> None:
    text = "#character-encoding ISO-8859-1\r#player1 jose José\r#player2 b B\r>jose: AB 8D AB +8 8\r"
    record = gcg.parse(text.encode("latin-1"), "x.gcg")
    assert record.encoding == "iso8859-1" and record.players[0].name == "José"


# --------------------------------------------------------------------------- the output guard


def test_a_link_to_a_device_is_refused_and_the_device_kept(tmp_path: Path) -> None:
    link = tmp_path / "out.svg"
    link.symlink_to("/dev/null")
    with pytest.raises(LexcError, match="is a character device"):
        write_atomic(link, "<svg/>")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.svg"]


@pytest.mark.parametrize("make", ["dir", "fifo", "socket"])
def test_a_directory_a_fifo_or_a_socket_is_never_written(tmp_path: Path, make: str) -> None:
    target = tmp_path / "out"
    if make == "dir":
        target.mkdir()
    elif make == "fifo":
        os.mkfifo(target)
    else:
        import socket

        server = socket.socket(socket.AF_UNIX)
        server.bind(str(target))
        server.close()
    mode = target.lstat().st_mode
    with pytest.raises(LexcError, match="lexc writes only regular files"):
        write_atomic(target, b"data")
    assert target.lstat().st_mode == mode


def test_an_input_of_the_command_is_never_written_over(tmp_path: Path) -> None:
    source = tmp_path / "words.txt"
    source.write_text("cat\n", encoding="utf-8")
    hard = tmp_path / "hard.txt"
    os.link(source, hard)
    link = tmp_path / "link.txt"
    link.symlink_to(source)
    with command():
        note_input(source)
        for target in (source, hard, link):
            with pytest.raises(LexcError, match="is an input of this command"):
                write_atomic(target, "pack")
        write_atomic(source, "cat\ndog\n", replaces_input=True)  # a game written back over itself
    assert source.read_text(encoding="utf-8") == "cat\ndog\n"
    write_atomic(tmp_path / "other.txt", "x")  # outside a command, nothing is remembered
    check_output(source)


def test_replay_svg_over_its_record_changes_nothing_in_a_real_process(tmp_path: Path) -> None:
    record = tmp_path / "g.gcg"
    record.write_bytes(_records()[0].read_bytes())
    before = record.read_bytes()
    done = subprocess.run([sys.executable, "-m", "lexc", "replay", str(record), "--svg", str(record)],
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(REPO)},
                          timeout=120, check=False)
    assert done.returncode == 1 and "is an input of this command" in done.stderr
    assert record.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.gcg"]


# --------------------------------------------------------------------------- hostile packs


@pytest.fixture(scope="module")
def real_packs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """English packs of the first 3,000 words of wamerican-huge, one per trie structure, and a Polish
    natives pack (every 1,500th word of wpolish)."""
    from lexc.catalog import Catalog
    from lexc.lexicon.compiler import compile_words

    words = [w.strip() for w in Path("/usr/share/dict/american-english-huge").read_text(encoding="utf-8").splitlines()
             if w.strip().isalpha() and w.strip().islower()][:3000]
    folder = tmp_path_factory.mktemp("hostile-packs")
    language = Catalog.shipped().language("en")
    made = {}
    for kind in ("dawg", "marisa"):
        made[kind] = folder / f"{kind}.lexc"
        compile_words(language, [*words, "quite", "whisky", "zax"], made[kind], structure=kind)
    polish = Path("/usr/share/dict/polish").read_text(encoding="utf-8").splitlines()[::1500]
    made["natives"] = folder / "natives.lexc"
    compile_words(Catalog.shipped().language("pl"), [*polish, "żółw", "łąka", "piec"], made["natives"],
                  structure="natives")
    return made


@pytest.mark.parametrize(("kind", "examples"), [("dawg", 300), ("marisa", 100), ("natives", 200)])
def test_flipped_bits_with_a_good_checksum_never_crash(real_packs: dict[str, Path], kind: str, examples: int,
                                                       tmp_path: Path) -> None:
    examples = int(os.environ.get("FUZZ_EXAMPLES", examples)) if kind == "dawg" else examples
    done = subprocess.run([sys.executable, str(REPO / "tests" / "hostile_packs.py"), kind, str(real_packs[kind]),
                           str(examples)], capture_output=True, text=True, timeout=900, check=False,
                          env={**os.environ, "PYTHONPATH": str(REPO), "LEXC_CACHE": str(tmp_path)})
    last = done.stdout.strip().splitlines()[-3:]
    assert done.returncode == 0, f"exit {done.returncode}; last lines {last}\n{done.stderr[-3000:]}"
    assert last[-1] == "done"


def test_a_dawg_whose_unit_points_outside_is_refused_before_loading(real_packs: dict[str, Path],
                                                                   tmp_path: Path) -> None:
    from lexc.lexicon.pack import encode_pack, open_pack, read_pack_bytes

    header, trie = read_pack_bytes(real_packs["dawg"])
    data = bytearray(trie)
    data[4 + 3] |= 0x7F  # the root's offset, far beyond the units: a segfault once in dawgdic
    (tmp_path / "x.lexc").write_bytes(encode_pack(header, "dawg", bytes(data)))
    with pytest.raises(LexcError, match="points outside"):
        open_pack(tmp_path / "x.lexc")


def test_a_marisa_trie_lexc_did_not_write_is_proved_once_then_trusted(real_packs: dict[str, Path],
                                                                      tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from lexc.lexicon import trust
    from lexc.lexicon.pack import open_pack

    monkeypatch.setenv("LEXC_CACHE", str(tmp_path))  # an empty cache: the pack is a stranger's
    assert "QUITE" in open_pack(real_packs["marisa"])
    assert len(list((tmp_path / "trusted").iterdir())) == 1
    monkeypatch.setattr(trust, "_prove_marisa", lambda trie: "must not be asked again")
    assert "ZAX" in open_pack(real_packs["marisa"])


# --------------------------------------------------------------------------- Hunspell expansion


def _multiplying_dictionary(folder: Path, rules: int, stems: int) -> Path:
    """Suffixes that each carry the flag again: every stem has ``rules`` + ``rules``² forms (two levels)."""
    letters = [a + b for a in "abcdefghijklmnopqrstuvwxyz" for b in "abcdefghijklmnopqrstuvwxyz"][:rules]
    aff = ["SET UTF-8", f"SFX A Y {rules}", *(f"SFX A 0 {x}/A ." for x in letters)]
    (folder / "grow.aff").write_text("\n".join(aff) + "\n", encoding="utf-8")
    dic = [str(stems), *(f"{a}{b}{c}/A" for a, b, c in zip("qwertyuiopasdfghjklzxcvbnm" * 9, "aeiou" * 50,
                                                           "zxcvbnmlkjhgfdsapoiuytrewq" * 9, strict=False))][:stems + 1]
    (folder / "grow.dic").write_text("\n".join(dic) + "\n", encoding="utf-8")
    return folder / "grow.dic"


def test_hunspell_expansion_past_the_default_cap_is_an_error(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from lexc.catalog import Catalog
    from lexc.lexicon import hunspell
    from lexc.lexicon.sources import open_source

    dic = _multiplying_dictionary(tmp_path, 200, 30)  # 30 × 40,200 forms
    spec = Catalog.shipped().language("en").spec
    monkeypatch.setattr(hunspell, "DEFAULT_MAX_FORMS", 100_000)
    with pytest.raises(LexcError, match="more than 100,000 forms"):
        sum(1 for _ in open_source(spec, str(dic)).words())
    chosen = open_source(spec, str(dic), max_forms=5000)
    assert sum(1 for _ in chosen.words()) == 5000 and chosen.stats.truncated


def test_affix_rules_that_never_yield_a_new_form_stop_at_the_per_stem_cap(tmp_path: Path) -> None:
    """3,000 suffixes that add nothing and carry their own flag: 9 million tries per stem, no new form."""
    from lexc.catalog import Catalog
    from lexc.lexicon.hunspell import MAX_STEM_WORK
    from lexc.lexicon.sources import open_source

    rules = 3_000
    assert rules * rules > MAX_STEM_WORK
    (tmp_path / "same.aff").write_text("\n".join(["SET UTF-8", f"SFX A Y {rules}", *["SFX A 0 0/A ."] * rules])
                                       + "\n", encoding="utf-8")
    (tmp_path / "same.dic").write_text("2\ncat\ndog/A\n", encoding="utf-8")
    spec = Catalog.shipped().language("en").spec
    source = open_source(spec, str(tmp_path / "same.dic"), affixes="all")
    words = source.words()
    assert next(words).text == "cat"
    with pytest.raises(LexcError) as refused:
        list(words)
    assert str(refused.value) == (f"{tmp_path / 'same.dic'}:3: affix rules tried more than {MAX_STEM_WORK:,} times "
                                  "on one stem: rules that never end or never yield a new form?")


# --------------------------------------------------------------------------- SIGTERM

#: Runs the real CLI; when the pack's temporary file is written and about to be fsynced, the process
#: sends itself SIGTERM (what `kill PID`, systemd or a container runtime send).
TERM_DRIVER = r"""
import os, signal, sys

real_fsync = os.fsync

def term_then_fsync(fd):
    os.kill(os.getpid(), signal.SIGTERM)
    real_fsync(fd)

os.fsync = term_then_fsync
sys.argv = ["lexc", *sys.argv[1:]]
from lexc.cli.commands import main
main()
"""


def test_sigterm_while_a_pack_is_written_removes_the_temporary_file(tmp_path: Path) -> None:
    from lexc.catalog import Catalog
    from lexc.lexicon.compiler import compile_words
    from lexc.lexicon.pack import open_pack

    target = tmp_path / "en.lexc"
    compile_words(Catalog.shipped().language("en"), ["quite", "whisky"], target)
    old = target.read_bytes()
    words = tmp_path / "words.txt"
    words.write_text("cat\ndog\nfjord\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", TERM_DRIVER, "compile", "en", str(words), "-o", str(target),
                           "--quiet"], capture_output=True, text=True, timeout=120, check=False,
                          env={**os.environ, "PYTHONPATH": str(REPO)})
    assert done.returncode == 143, done.stderr
    assert done.stderr.strip().splitlines()[-1] == "error: terminated"
    assert "Traceback" not in done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["en.lexc", "words.txt"]  # no .en.lexc.*.tmp
    assert target.read_bytes() == old and "QUITE" in open_pack(target)


# --------------------------------------------------------------------------- time that must not grow exponentially


def test_translit_of_a_word_with_sixty_pins_finishes(tmp_path: Path) -> None:
    """Each pinned CH is CH or C·H: 2**60 combinations, nearly all not maximal; a bounded number are tried.

    The timeout is the failure condition (it takes about a second; 20 pins took 5 s before, 60 forever).
    """
    word = "|".join(["CH"] * 60)
    done = subprocess.run([sys.executable, "-m", "lexc", "translit", "es", word, "--json"], capture_output=True,
                          text=True, timeout=60, check=False, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert done.returncode == 0, done.stderr
    assert "CH" * 60 in done.stdout


# --------------------------------------------------------------------------- output to a full disk


@pytest.mark.parametrize("args", [["languages", "--json"], ["languages"]])
def test_printing_to_a_full_disk_is_an_error_not_a_traceback(args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "lexc", *args], stdout=full, stderr=subprocess.PIPE, text=True,
                              timeout=120, check=False, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert done.returncode == 1
    assert done.stderr.splitlines()[0] == "error: <stdout>: cannot write: No space left on device", done.stderr
    assert "Traceback" not in done.stderr


# --------------------------------------------------------------------------- paths that leave their place


def _spec_beside(folder: Path, source: str) -> Path:
    """A copy of the English spec whose only [[lexicon]] is ``source`` (a path as written in the spec)."""
    text = (REPO / "languages" / "en.toml").read_text(encoding="utf-8").split("\n[[lexicon]]")[0]
    spec = folder / "en.toml"
    spec.write_text(text + f'\n[[lexicon]]\nkind = "wordlist"\npath = "{source}"\n', encoding="utf-8")
    return spec


def test_a_relative_lexicon_path_is_read_beside_the_spec_not_in_the_working_directory(tmp_path: Path) -> None:
    (tmp_path / "spec" / "words").mkdir(parents=True)
    (tmp_path / "elsewhere" / "words").mkdir(parents=True)
    (tmp_path / "spec" / "words" / "en.txt").write_text("whisky\nquite\n", encoding="utf-8")
    (tmp_path / "elsewhere" / "words" / "en.txt").write_text("decoy\n", encoding="utf-8")
    spec = _spec_beside(tmp_path / "spec", "words/en.txt")
    built = subprocess.run([sys.executable, "-m", "lexc", "build", "en", "--spec", str(spec), "--packs",
                            str(tmp_path / "packs"), "--json", "-q"], cwd=tmp_path / "elsewhere", capture_output=True,
                           text=True, env={**os.environ, "PYTHONPATH": str(REPO)}, timeout=300, check=False)
    assert built.returncode == 0, built.stderr
    report = __import__("json").loads(built.stdout)["packs"][0]
    assert report["kept"] == 2
    read = report["sources"][0]["files"][0]  # named by its name alone, the same in every folder; SHA-256 says which
    digest = __import__("hashlib").sha256((tmp_path / "spec" / "words" / "en.txt").read_bytes()).hexdigest()
    assert read["path"] == "en.txt" and read["sha256"] == digest


def test_a_rejected_line_is_shown_only_as_far_as_it_looks_like_a_word(tmp_path: Path) -> None:
    """A spec naming a password-like file: lexc info shows the line's first letters, never the rest."""
    from typer.testing import CliRunner

    from lexc.cli import app

    secret = tmp_path / "shadow"
    secret.write_text("root:$6$Jx2.vAhash:19000:0:99999:7:::\nwhisky\n", encoding="utf-8")
    pack = tmp_path / "en.lexc"
    compiled = CliRunner().invoke(app, ["compile", "en", str(secret), "-o", str(pack), "--json"])
    assert compiled.exit_code == 0, compiled.output
    shown = CliRunner().invoke(app, ["info", str(pack)]).output
    assert "(e.g. root… (37 characters) (shadow:1))" in shown  # the file by its name, as in every folder
    assert "Jx2" not in shown and "Jx2" not in compiled.output and "19000" not in pack.read_bytes().decode("latin-1")


# --------------------------------------------------------------------------- games refused before the lock


@pytest.mark.parametrize("kind", ["fifo", "file", "missing"])
def test_a_refused_game_command_leaves_no_lock_file(tmp_path: Path, kind: str) -> None:
    """`lexc game new` over a FIFO or a file, `lexc game play` on no file: refused, and nothing is created."""
    from typer.testing import CliRunner

    from lexc.cli import app

    path = tmp_path / "club.gcg"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "file":
        path.write_text("#player1 a Ann\n#player2 b Bob\n", encoding="utf-8")
    before = sorted(p.name for p in tmp_path.iterdir())
    args = ["game", "play", str(path), "8D CAT"] if kind == "missing" else ["game", "new", str(path), "--players",
                                                                             "ann,bob"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 1, result.output
    expected = "cannot read: No such file or directory" if kind == "missing" else \
        "already exists: a game is never overwritten (choose another name, or delete the file)"
    assert result.output.splitlines()[0] == f"error: {path}: {expected}"
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # no .club.gcg.lock beside it


# --------------------------------------------------------------------------- a gzip bomb in a large file


def test_a_gzip_bomb_at_the_start_of_a_large_file_is_refused_after_a_few_megabytes(tmp_path: Path) -> None:
    """5 MB of .gz: a 1,000-fold bomb, then random bytes. Its size would allow 50 MB of text; the ratio is
    checked as it is read, so it is refused after 3 MB, before a line is compiled."""
    import gzip
    import random
    import re

    from lexc.inputs import open_stream

    path = tmp_path / "words.txt.gz"
    noise = random.Random(13).randbytes(5 * 1024 * 1024)
    path.write_bytes(gzip.compress(b"quite\n" * (50 * 1024 * 1024 // 6)) + noise)
    with pytest.raises(LexcError) as refused:
        open_stream(path, "word list")
    assert re.fullmatch(rf"{path}: more than 3 MB of text in its first [0-9,]+ bytes \(at most 10 times, the limit "
                        r"for a word list compressed in this file\): a compressed bomb, or not a word list",
                        str(refused.value)), str(refused.value)
    real = tmp_path / "real.txt.gz"  # real words compress about 4 times: read whole
    real.write_bytes(gzip.compress(Path("/usr/share/dict/american-english-huge").read_bytes()[:3_000_000]))
    with open_stream(real, "word list") as stream:
        assert len(stream.read()) == 3_000_000
