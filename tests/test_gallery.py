"""The bad-input gallery: every kind of input a user can get wrong, through the real command line.

The cases are data: ``tests/gallery/cases.toml`` (what each key means is written at its top),
with the bad files beside it in ``tests/gallery/`` and, for the broken-by-design game records,
in ``../shared/gcg/odd/``. Inputs too big to commit (a 10 MB line) and packs (built here from
real words, then damaged) are made in ``tmp_path``.

Each case asserts a non-zero exit, the exact ``error:`` lines (which name the file, the line
where there is one, and the problem), no traceback, the input unchanged, and no output file
written or changed.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from lexc import __version__
from lexc.catalog import Catalog
from lexc.cli import app
from lexc.lexicon.compiler import compile_words

CATALOG = Catalog.shipped()

GALLERY = Path(__file__).resolve().parent / "gallery"
SHARED = Path(__file__).resolve().parent.parent.parent / "shared"
CASES: list[dict[str, Any]] = tomllib.loads((GALLERY / "cases.toml").read_text(encoding="utf-8"))["case"]
KINDS = ("spec", "scheme", "words", "pack", "gcg", "notation", "games")
SENTINEL = b"an output file that was here before the command ran\n"

#: Real words for the packs the pack cases damage.
ENGLISH = ["quite", "cat", "dog", "whisky", "zax", "quiz", "jinx", "fjord"]
FRENCH = ["chat", "chien", "élève", "œuf", "whisky", "zèbre"]


# --------------------------------------------------------------------------- inputs made at test time


@pytest.fixture(scope="session")
def packs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with good English and French packs, compiled from real words."""
    folder = tmp_path_factory.mktemp("packs")
    compile_words(CATALOG.language("en"), ENGLISH, folder / "en.lexc")
    compile_words(CATALOG.language("fr"), FRENCH, folder / "fr.lexc")
    return folder


def _long_line(tmp: Path, packs: Path) -> Path:
    path = tmp / "long_line.txt"
    with path.open("wb") as handle:
        handle.write(b"quite\n" + b"a" * (10 * 1024 * 1024) + b"\ncat\n")
    return path


def _damaged(change: Callable[[bytearray], bytes]) -> Callable[[Path, Path], Path]:
    def make(tmp: Path, packs: Path) -> Path:
        path = tmp / "damaged.lexc"
        path.write_bytes(change(bytearray((packs / "en.lexc").read_bytes())))
        return path

    return make


def _flip(data: bytearray, at: int) -> bytes:
    data[at] ^= 0x01
    return bytes(data)


def _version_1(data: bytearray) -> bytes:
    data[8:10] = (1).to_bytes(2, "little")  # the format version follows the 8-byte magic
    return bytes(data)


def _french_as_english(tmp: Path, packs: Path) -> Path:
    folder = tmp / "wrong"
    folder.mkdir()
    shutil.copyfile(packs / "fr.lexc", folder / "en.lexc")
    return folder


def _french_file(tmp: Path, packs: Path) -> Path:
    shutil.copyfile(packs / "fr.lexc", tmp / "en.lexc")
    return tmp / "en.lexc"


def _zero(tmp: Path, packs: Path) -> Path:
    (tmp / "en.lexc").write_bytes(b"")
    return tmp / "en.lexc"


def _directory(tmp: Path, packs: Path) -> Path:
    (tmp / "en.lexc").mkdir()
    return tmp / "en.lexc"


def _missing(tmp: Path, packs: Path) -> Path:
    (tmp / "empty").mkdir()
    return tmp / "empty"


Change = Callable[[dict[str, Any]], tuple[dict[str, Any], str, bytes | None]]


def _crafted(change: Change) -> Callable[[Path, Path], Path]:
    """A pack with a good checksum whose header or trie another tool might have written."""

    def make(tmp: Path, packs: Path) -> Path:
        from lexc.lexicon.pack import encode_pack, read_pack_bytes

        header, trie = read_pack_bytes(packs / "en.lexc")
        new, kind, new_trie = change(dict(header))
        path = tmp / "crafted.lexc"
        path.write_bytes(encode_pack(new, kind, bytes(trie) if new_trie is None else new_trie))
        return path

    return make


def _raw_header(edit: Callable[[bytes], bytes]) -> Callable[[Path, Path], Path]:
    """A pack whose header JSON text is edited as bytes (what json.dumps cannot write), with a good checksum."""

    def make(tmp: Path, packs: Path) -> Path:
        import struct
        import zlib

        from lexc.lexicon.pack import read_pack_bytes

        data = (packs / "en.lexc").read_bytes()
        _, version, flags, length, _ = struct.unpack_from("<8sHHIQ", data)
        _, trie = read_pack_bytes(packs / "en.lexc")
        text = edit(data[24:24 + length])
        pad = -(24 + len(text)) % 8
        total = 24 + len(text) + pad + len(trie) + 4
        body = struct.pack("<8sHHIQ", b"LEXCPACK", version, flags, len(text), total) + text + b"\0" * pad + trie
        (tmp / "crafted.lexc").write_bytes(body + struct.pack("<I", zlib.crc32(body)))
        return tmp / "crafted.lexc"

    return make


def _name_as(value: bytes) -> Callable[[bytes], bytes]:
    return lambda text: re.sub(rb'"name":"[^"]*"', lambda _: b'"name":' + value, text, count=1)


def _without(key: str) -> Callable[[dict[str, Any]], tuple[dict[str, Any], str, None]]:
    return lambda h: ({k: v for k, v in h.items() if k != key}, h["structure"]["kind"], None)


def _copy_of(name: str) -> Callable[[Path, Path], Path]:
    """A copy of a gallery file in tmp_path (a case that must not write over it cannot harm the gallery)."""

    def make(tmp: Path, packs: Path) -> Path:
        shutil.copyfile(GALLERY / name, tmp / Path(name).name)
        return tmp / Path(name).name

    return make


def _english_list(tmp: Path, packs: Path) -> Path:
    (tmp / "words.txt").write_text("\n".join(ENGLISH) + "\n", encoding="utf-8")
    return tmp / "words.txt"


def _link_to(target: str) -> Callable[[Path, Path], Path]:
    def make(tmp: Path, packs: Path) -> Path:
        (tmp / "board.svg").symlink_to(target)
        return tmp / "board.svg"

    return make


def _fifo(tmp: Path, packs: Path) -> Path:
    os.mkfifo(tmp / "board.svg")
    return tmp / "board.svg"


def _gzip_bomb(tmp: Path, packs: Path) -> Path:
    """A 100 KB .gz of 100 MB of one short line repeated."""
    import gzip

    with gzip.open(tmp / "bomb.txt.gz", "wb", compresslevel=9) as out:
        out.write(b"cat\n" * (25 * 1024 * 1024))
    return tmp / "bomb.txt.gz"


def _mostly_blank(tmp: Path, packs: Path) -> Path:
    """Three real words, then 1.1 million blank and comment lines: no word list."""
    (tmp / "blank.txt").write_text("cat\ndog\nemu\n" + "\n# note\n   \n" * 370_000, encoding="utf-8")
    return tmp / "blank.txt"


def _gz_cut(tmp: Path, packs: Path) -> Path:
    import gzip

    whole = gzip.compress("\n".join(ENGLISH * 500).encode())
    (tmp / "cut.txt.gz").write_bytes(whole[: len(whole) // 2])
    return tmp / "cut.txt.gz"


def _fifo_named(name: str) -> Callable[[Path, Path], Path]:
    def make(tmp: Path, packs: Path) -> Path:
        os.mkfifo(tmp / name)
        return tmp / name

    return make


def _big_spec(tmp: Path, packs: Path) -> Path:
    """A 5 MB spec: a real header, then a comment too long for any spec."""
    text = (GALLERY / "spec" / "count_zero.toml").read_text(encoding="utf-8")
    (tmp / "xx.toml").write_text(text + "# " + "x" * (5 * 1024 * 1024) + "\n", encoding="utf-8")
    return tmp / "xx.toml"


def _spec_with(extra: Callable[[str], str]) -> Callable[[Path, Path], Path]:
    """A spec of the gallery (one bad count, line 13) changed by ``extra``."""

    def make(tmp: Path, packs: Path) -> Path:
        text = (GALLERY / "spec" / "count_zero.toml").read_text(encoding="utf-8")
        (tmp / "xx.toml").write_text(extra(text), encoding="utf-8")
        return tmp / "xx.toml"

    return make


def _faces(n: int) -> str:
    names = (f"Q{chr(65 + i % 26)}{chr(65 + i // 26 % 26)}{chr(65 + i // 676 % 26)}" for i in range(n))
    return "".join(f'"{name}" = {{ count = 1, points = 1 }}\n' for name in names)


def _gcg_huge_score(tmp: Path, packs: Path) -> Path:
    (tmp / "game.gcg").write_text("#player1 a A\n#player2 b B\n>a: CAT 8D CAT +" + "9" * 5000 + " 10\n",
                                  encoding="utf-8")
    return tmp / "game.gcg"


def _link_loop(tmp: Path, packs: Path) -> Path:
    """Two symbolic links to each other: a packs folder that cannot be read."""
    (tmp / "a").symlink_to(tmp / "b")
    (tmp / "b").symlink_to(tmp / "a")
    return tmp / "a"


def _gcg_over_a_megabyte(tmp: Path, packs: Path) -> Path:
    """A game record of 1.1 MB of notes (real records are a few KB): past the limit, refused unread."""
    (tmp / "game.gcg").write_text("#player1 a Ann\n#player2 b Bob\n" + "#note a note\n" * 90_000, encoding="utf-8")
    return tmp / "game.gcg"


def _gzip_bomb_after_words(tmp: Path, packs: Path) -> Path:
    """A 40 KB .gz: 20,000 real words, then 40 MB of one word: the bomb is found before a line is compiled."""
    import gzip

    with gzip.open(tmp / "bomb.txt.gz", "wb", compresslevel=9) as out:
        out.write(("\n".join(ENGLISH * 2500) + "\n").encode() + b"quite\n" * (7 * 1024 * 1024))
    return tmp / "bomb.txt.gz"


def _hunspell_multiplying(tmp: Path, packs: Path) -> Path:
    """440 suffixes that carry their own flag and 100 stems: 19 million forms from a 5 KB .aff and 500 B .dic."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    suffixes = [a + b for a in letters for b in letters][:440]
    stems = [a + b + c for a in "bcdfg" for b in "aeiou" for c in "lmnrst"][:100]
    (tmp / "grow.aff").write_text("\n".join(["SET UTF-8", "SFX A Y 440", *(f"SFX A 0 {x}/A ." for x in suffixes)])
                                  + "\n", encoding="utf-8")
    (tmp / "grow.dic").write_text("100\n" + "".join(f"{stem}/A\n" for stem in stems), encoding="utf-8")
    return tmp / "grow.dic"


MAKERS: dict[str, Callable[[Path, Path], Path]] = {
    "gcg_over_a_megabyte": _gcg_over_a_megabyte,
    "gzip_bomb_after_words": _gzip_bomb_after_words,
    "hunspell_multiplying": _hunspell_multiplying,
    "link_loop": _link_loop,
    "gcg_huge_score": _gcg_huge_score,
    "pack_huge_record_length": _crafted(lambda h: ({**h, "records": {**h["records"], "longest": 10**12}},
                                                   h["structure"]["kind"], None)),
    "pack_header_nested_deeply": _raw_header(_name_as(b"[" * 100_000 + b"]" * 100_000)),
    "pack_header_lone_surrogate": _raw_header(_name_as(b'"\\ud800"')),
    "spec_long_string": _spec_with(lambda t: t + 'notes = "' + "a" * 400_000 + '"\n'),
    "spec_brackets_in_a_string": _spec_with(lambda t: t + 'notes = """\n' + ("[" + " " * 20_000 + "x\n") * 20
                                            + '"""\n'),
    "spec_5000_faces": _spec_with(lambda t: t + _faces(5000)),
    "spec_long_faces": _spec_with(lambda t: t + '"' + "AB" * 50 + '" = { count = 1, points = 1 }\n'),
    "spec_billion_blanks": _spec_with(lambda t: t.replace("blanks = 2", "blanks = 1_000_000_000")),
    "spec_huge_points": _spec_with(lambda t: t.replace("A = { count = 9, points = 1 }",
                                                       "A = { count = 9, points = 1" + "0" * 5000 + " }")),
    "gzip_bomb": _gzip_bomb,
    "mostly_blank": _mostly_blank,
    "gz_cut": _gz_cut,
    "fifo_spec": _fifo_named("xx.toml"),
    "fifo_list": _fifo_named("words.txt"),
    "fifo_record": _fifo_named("game.gcg"),
    "big_spec": _big_spec,
    "good_gcg_copy": _copy_of("gcg/good.gcg"),
    "english_list": _english_list,
    "link_to_dev_null": _link_to("/dev/null"),
    "fifo": _fifo,
    "pack_without_tiles": _crafted(_without("tiles")),
    "pack_spec_not_an_object": _crafted(lambda h: ({**h, "spec": "en.toml"}, h["structure"]["kind"], None)),
    "pack_unknown_structure": _crafted(lambda h: (h, "pickle", None)),
    "pack_sources_an_object": _crafted(lambda h: ({**h, "sources": {"files": []}}, h["structure"]["kind"], None)),
    "pack_options_null": _crafted(lambda h: ({**h, "options": None}, h["structure"]["kind"], None)),
    "pack_rejected_examples_numbers": _crafted(lambda h: ({**h, "rejected": {"x": {"count": 1, "examples": [7]}}},
                                                          h["structure"]["kind"], None)),
    "pack_candidates_a_list": _crafted(lambda h: ({**h, "structure": {**h["structure"], "candidates": [1]}},
                                                  h["structure"]["kind"], None)),
    "pack_garbage_dawg": _crafted(lambda h: (h, "dawg", b"not a dawg at all")),
    "long_line": _long_line,
    "pack_truncated": _damaged(lambda d: bytes(d[: len(d) // 2])),
    "pack_flipped": _damaged(lambda d: _flip(d, len(d) - 12)),  # in the trie, before the CRC
    "pack_flipped_header": _damaged(lambda d: _flip(d, 40)),  # inside the JSON header
    "pack_version_1": _damaged(_version_1),
    "pack_trailing": _damaged(lambda d: bytes(d) + b"\n"),
    "pack_french_as_english": _french_as_english,
    "pack_french_file": _french_file,
    "pack_zero": _zero,
    "pack_directory": _directory,
    "pack_missing": _missing,
}


# --------------------------------------------------------------------------- running a case


def _input(case: dict[str, Any], tmp: Path, packs: Path) -> Path | None:
    if "make" in case:
        return MAKERS[case["make"]](tmp, packs)
    if "shared" in case:
        path = SHARED / case["shared"]
        if not path.exists():
            pytest.fail(f"{path} is missing: the gallery reads ../shared beside the clone")
        return path
    return GALLERY / case["input"] if "input" in case else None


def _fill(text: str, values: dict[str, str]) -> str:
    return re.sub(r"\{(\w+)\}", lambda m: values.get(m[1], m[0]), text)


def _values(case: dict[str, Any], tmp: Path, packs: Path, path: Path | None, out: Path) -> dict[str, str]:
    values = {"gallery": str(GALLERY), "packs": str(packs), "out": str(out), "version": __version__,
              "input": str(path) if path else ""}
    size = len((packs / "en.lexc").read_bytes())
    values.update(size=str(size), half=str(size // 2), more=str(size + 1), thousand="AEIOU" * 200)
    return values


def _run(case: dict[str, Any], args: list[str], env: dict[str, str]) -> tuple[int, str]:
    if case.get("subprocess"):
        script = Path(sys.executable).with_name("lexc")
        command = [str(script)] if script.exists() else [sys.executable, "-c", "from lexc.cli import main; main()"]
        done = subprocess.run([*command, *args], capture_output=True, text=True, env={**os.environ, **env},
                              timeout=case.get("timeout", 300), check=False)
        return done.returncode, done.stdout + done.stderr
    result = CliRunner(env=env).invoke(app, args)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        import traceback

        trace = "".join(traceback.format_exception(result.exception))
        return 99, result.output + "\nTraceback (from CliRunner):\n" + trace
    return result.exit_code, result.output


def _snapshot(path: Path | None) -> object:
    if path is None or not path.exists():
        return None
    if path.is_dir():
        return sorted(p.name for p in path.iterdir())
    if not path.is_file():  # a device, a FIFO: what it is, not what it reads
        return path.stat().st_mode, path.stat().st_rdev
    return path.read_bytes()


def _case_marks(case: dict[str, Any]) -> list[pytest.MarkDecorator]:
    return [pytest.mark.xfail(strict=True, reason=case["xfail"])] if "xfail" in case else []


@pytest.mark.parametrize("case", [pytest.param(c, id=c["id"], marks=_case_marks(c)) for c in CASES])
def test_gallery_case(case: dict[str, Any], tmp_path: Path, packs: Path) -> None:
    path = _input(case, tmp_path, packs)
    before = _snapshot(path)
    for preexisting in (False, True):  # no output file created; an existing one left untouched
        out_dir = tmp_path / f"out-{preexisting}"
        out_dir.mkdir()
        out = out_dir / "output"
        if preexisting:
            out.write_bytes(SENTINEL)
        values = _values(case, tmp_path, packs, path, out)
        args = [_fill(a, values) for a in case["args"]]
        env = {k: _fill(v, values) for k, v in case.get("env", {}).items()}
        code, output = _run(case, args, env)
        assert "Traceback" not in output, output
        got = [line.removeprefix("error: ") for line in output.splitlines() if line.startswith("error: ")]
        assert got == [_fill(e, values) for e in case.get("errors", [])], output
        for line in case.get("report", []):  # a record read, with a score that does not add up
            assert _fill(line, values) in output.splitlines(), output
        assert code == case.get("exit", 1), output
        assert sorted(p.name for p in out_dir.iterdir()) == (["output"] if preexisting else []), \
            "an output or temporary file was left"
        if preexisting:
            assert out.read_bytes() == SENTINEL, "the existing output file was changed"
        assert _snapshot(path) == before, "the input was changed"
        if not any("{out}" in a for a in case["args"]):
            break  # nothing to write: one run is enough


# --------------------------------------------------------------------------- the gallery itself


def test_the_gallery_is_large_and_covers_every_input_kind() -> None:
    assert len(CASES) >= 60
    ids = [c["id"] for c in CASES]
    assert len(set(ids)) == len(ids), "duplicate case ids"
    counts = {kind: sum(c["kind"] == kind for c in CASES) for kind in KINDS}
    assert all(n >= 5 for n in counts.values()), counts
    assert {c["kind"] for c in CASES} == set(KINDS)


def test_every_case_names_its_file_and_line() -> None:
    for case in CASES:
        assert case.get("errors") or case.get("report"), case["id"]
        first = (case.get("errors") or case["report"])[0]
        if case["kind"] == "notation":
            assert not first.startswith("{"), case["id"]  # the play text or <input>: no file
            continue
        named = "{input}" if "{input}" in first else "{gallery}" if "{gallery}" in first else "/"
        assert first.startswith(named), case["id"]  # a file of the case, or the output path given
        if "line" in case:
            assert re.match(r"\{\w+\}[^:]*:" + str(case["line"]) + ":", first), case["id"]


def test_every_broken_odd_game_record_is_in_the_gallery() -> None:
    """Each file of ../shared/gcg/odd/ that the reader refuses, and the off-board play, has a case."""
    from lexc.errors import LexcError
    from lexc.records import gcg

    odd = sorted((SHARED / "gcg" / "odd").glob("*.gcg"))
    if not odd:
        pytest.fail(f"{SHARED}/gcg/odd is missing: the gallery reads ../shared beside the clone")
    refused = set()
    for path in odd:
        try:
            gcg.read(path)
        except LexcError:
            refused.add(path.name)
    shared = {Path(c["shared"]).name for c in CASES if "shared" in c}
    assert len(refused) >= 8
    assert refused | {"mgd_play_out_of_bounds.gcg"} <= shared


def test_every_gallery_file_is_used() -> None:
    used = {c.get("input", "").rstrip("/") for c in CASES}
    used |= {a.split("/gallery/", 1)[-1] for c in CASES for a in c["args"] if "{gallery}/" in a}
    used |= {a.replace("{gallery}/", "") for c in CASES for a in c["args"] if a.startswith("{gallery}/")}
    files = {str(p.relative_to(GALLERY)) for p in GALLERY.rglob("*") if p.is_file() and p.name != "cases.toml"}
    unused = {f for f in files if f not in used and not any(f.startswith(u + "/") for u in used if u)}
    assert not unused, unused
