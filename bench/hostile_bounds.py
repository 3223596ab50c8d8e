"""Hostile inputs at hostile sizes: is each refused within 10 s and 1 GB, cleanly, with nothing written?

Issue 13's "Done when": every class of hostile input is refused with a message that names the
file and the problem, a non-zero exit, no traceback, no output written or changed, within
10 s and 1 GB on inputs up to 100 MB. The gallery (tests/gallery) proves the messages on small
inputs; this script makes each class at the sizes a stranger can send (up to 100 MB, in a
temporary folder), runs the real ``lexc`` command line in a child process under a 1 GB
address-space limit (``RLIMIT_AS``) and a timeout, and records for each case: exit status,
wall seconds, peak RSS (``os.wait4``), whether the output holds a traceback or raw control
characters, whether the message names the file, and whether any file was written or changed.

    .venv/bin/python bench/hostile_bounds.py              # every case (about 5 minutes, 1.5 GB of disk)
    .venv/bin/python bench/hostile_bounds.py -k gzip      # the cases whose id holds "gzip"
    .venv/bin/python bench/hostile_bounds.py --markdown   # the table for docs/development.md

A case fails ("FAIL" and the reason) when any bound or check does not hold; the exit status is
the number of failed cases.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import resource
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LEXC = Path(sys.executable).with_name("lexc")
MB = 1024 * 1024
#: The bounds of issue 13.
SECONDS, MEMORY = 10.0, 1024 * MB
#: A case still running after this long is killed (and fails).
TIMEOUT = 60.0
WORDS = Path("/usr/share/dict/american-english-huge")
CONTROL = {chr(c) for c in (*range(0x00, 0x09), *range(0x0b, 0x20), 0x7f, *range(0x80, 0xa0))}


@dataclass
class Run:
    """One command line and what it must leave alone."""

    args: list[str]
    names: str | None  # the file the message must name (None: no file is involved)
    watch: list[Path] = field(default_factory=list)  # files and folders that must not change
    env: dict[str, str] = field(default_factory=dict)
    stdout: str | None = None  # a path to send stdout to (/dev/full)
    signal: tuple[int, float] | None = None  # (signal, seconds after start)
    timeout: float = TIMEOUT
    answers: bool = False  # a hostile input with a right answer (exit 0 within the bounds), not a refusal
    crash_only: bool = False  # a forged pack: a refusal or an answer (exit 0 or 1), never a crash (a signal)


@dataclass
class Case:
    id: str
    klass: str
    what: str
    make: Callable[[Path, Path], Run]  # (case folder, shared folder of built packs) -> Run


@dataclass
class Result:
    case: Case
    size: int
    code: int
    seconds: float
    cpu: float
    rss: int
    traceback: bool
    named: bool | None
    changed: list[str]
    raw_control: bool
    first_error: str
    answers: bool
    crash_only: bool

    def failures(self) -> list[str]:
        out = []
        if (self.code != 0) if self.answers else (self.code < 0) if self.crash_only else (self.code <= 0):
            out.append(f"exit {self.code}")
        if self.traceback:
            out.append("traceback")
        if self.named is False:
            out.append("file not named")
        if self.changed:
            out.append("changed " + ", ".join(self.changed))
        if self.seconds > SECONDS:
            out.append(f"{self.seconds:.1f} s")
        if self.rss > MEMORY:
            out.append(f"{self.rss // MB} MB")
        if self.raw_control:
            out.append("raw control characters")
        return out


# --------------------------------------------------------------------------- making inputs


def _write_repeated(path: Path, unit: bytes, size: int, head: bytes = b"", tail: bytes = b"") -> Path:
    with path.open("wb") as out:
        out.write(head)
        block = unit * max(1, (4 * MB) // len(unit))
        left = size - len(head) - len(tail)
        while left > 0:
            out.write(block[:left])
            left -= len(block)
        out.write(tail)
    return path


def _gzip_bomb(path: Path, size: int, line: bytes = b"cat\n") -> Path:
    """A multi-member .gz of ``size`` bytes: each 1 MB member holds about 1 GB of ``line``."""
    member = _bomb_member(line)
    with path.open("wb") as out:
        written = 0
        while written + len(member) <= max(size, len(member)):
            out.write(member)
            written += len(member)
    return path


_MEMBERS: dict[bytes, bytes] = {}


def _bomb_member(line: bytes, target: int = MB) -> bytes:
    if line not in _MEMBERS:
        packer = zlib.compressobj(9, zlib.DEFLATED, 31)
        chunk, parts, size = line * (16 * MB // len(line)), [], 0
        while size < target:
            part = packer.compress(chunk)
            parts.append(part)
            size += len(part)
        parts.append(packer.flush())
        _MEMBERS[line] = b"".join(parts)
    return _MEMBERS[line]


def _mild_gz(path: Path, size: int, ratio: float) -> Path:
    """A .gz of about ``size`` bytes that compresses about ``ratio`` times (real words, repeated in runs)."""
    words = WORDS.read_bytes()
    run = max(1, round(ratio / 3.2))  # the list alone compresses about 3.2 times
    packer = zlib.compressobj(6, zlib.DEFLATED, 31)
    with path.open("wb") as out:
        lines = words.splitlines(keepends=True)
        while out.tell() < size:
            for start in range(0, len(lines), 50_000):
                block = b"".join(line * run for line in lines[start:start + 50_000])
                out.write(packer.compress(block))
                if out.tell() >= size:
                    break
        out.write(packer.flush())
    return path


def _crc_fixed(body: bytes) -> bytes:
    return body + struct.pack("<I", zlib.crc32(body))


def _pack_parts(pack: Path) -> tuple[bytes, int, int]:
    data = pack.read_bytes()
    _, _, _, length, _ = struct.unpack_from("<8sHHIQ", data)
    trie_at = 24 + length + (-(24 + length) % 8)
    return data, length, trie_at


def _flipped(pack: Path, out: Path, flips: int, seed: int) -> Path:
    import random

    data, _, trie_at = _pack_parts(pack)
    body = bytearray(data[:-4])
    chooser = random.Random(seed)
    for _ in range(flips):
        at = chooser.randrange(trie_at, len(body))
        body[at] ^= 1 << chooser.randrange(8)
    out.write_bytes(_crc_fixed(bytes(body)))
    return out


def _garbage_trie(pack: Path, out: Path, size: int) -> Path:
    """The pack's prefix and header, then ``size`` bytes of random trie, with a good length and checksum."""
    data, length, trie_at = _pack_parts(pack)
    header = data[24:24 + length]
    trie = struct.pack("<I", (size - 4) // 4) + os.urandom(size - 4)
    total = trie_at + len(trie) + 4
    body = struct.pack("<8sHHIQ", b"LEXCPACK", 1, 0, length, total) + header + b"\0" * (trie_at - 24 - length) + trie
    out.write_bytes(_crc_fixed(body))
    return out


def _spec(folder: Path, extra: str, name: str = "Hostile", tiles: str = "") -> Path:
    text = (f'code = "xx"\nname = "{name}"\nscript = "Latin"\nlocale = "en"\nofficial = true\nblanks = 2\n'
            f'sources = ["one", "two"]\n\n[tiles]\nA = {{ count = 9, points = 1 }}\nB = {{ count = 2, points = 3 }}\n'
            f'{tiles}')
    path = folder / "xx.toml"
    path.write_text(text + extra, encoding="utf-8")
    return path


def _faces(n: int, length: int = 4) -> str:
    def face(i: int) -> str:
        return "".join(chr(65 + (i // 26 ** k) % 26) for k in range(length))

    return "".join(f'"{face(i)}" = {{ count = 1, points = 1 }}\n' for i in range(n))


def _list(folder: Path, words: list[str]) -> Path:
    path = folder / "words.txt"
    path.write_text("\n".join(words) + "\n", encoding="utf-8")
    return path


def _out(folder: Path) -> Path:
    """An output file that exists before the run (it must be left byte for byte)."""
    path = folder / "out" / "en.lexc"
    path.parent.mkdir(exist_ok=True)
    path.write_bytes(b"an output that was here before\n")
    return path


def _compile(folder: Path, *sources: str, extra: tuple[str, ...] = ()) -> Run:
    out = _out(folder)
    return Run(["compile", "en", *sources, "-o", str(out), "-q", *extra], sources[0] if sources else None,
               [out.parent, *(Path(s) for s in sources if Path(s).exists() and Path(s).is_file()
                              and Path(s).stat().st_size < 200 * MB)])


def _gcg(folder: Path, body: str, head: str = "#player1 a Ann\n#player2 b Bob\n") -> Path:
    path = folder / "game.gcg"
    path.write_text(head + body, encoding="utf-8")
    return path


def _replay(path: Path, folder: Path) -> Run:
    svg = folder / "out" / "game.svg"
    svg.parent.mkdir(exist_ok=True)
    return Run(["replay", str(path), "--svg", str(svg)], str(path), [path, svg.parent])


def _hunspell(folder: Path, aff: list[str], dic: list[str]) -> Path:
    (folder / "h.aff").write_text("\n".join(aff) + "\n", encoding="utf-8")
    (folder / "h.dic").write_text("\n".join(dic) + "\n", encoding="utf-8")
    return folder / "h.dic"


# --------------------------------------------------------------------------- the cases


def _cases() -> list[Case]:
    c: list[Case] = []

    def case(klass: str, what: str) -> Callable[[Callable[[Path, Path], Run]], Callable[[Path, Path], Run]]:
        def add(make: Callable[[Path, Path], Run]) -> Callable[[Path, Path], Run]:
            c.append(Case(make.__name__.strip("_").replace("_", "-"), klass, what, make))
            return make
        return add

    # ---- data destroyed or lost
    @case("destroyed", "compile a 100 MB list over itself (-o LIST)")
    def _compile_over_100mb_list(d: Path, p: Path) -> Run:
        src = _write_repeated(d / "words.txt", b"quite\nwhisky\n", 100 * MB)
        return Run(["compile", "en", str(src), "-o", str(src), "-q"], str(src), [src])

    @case("destroyed", "compile -o a hard link to the --exclude list")
    def _compile_over_hard_link(d: Path, p: Path) -> Run:
        src = _list(d, ["quite", "whisky"])
        os.link(src, d / "linked.lexc")
        return Run(["compile", "en", str(WORDS), "--exclude", str(src), "-o", str(d / "linked.lexc"), "-q"],
                   str(d / "linked.lexc"), [src])

    @case("destroyed", "replay a 15 MB record --svg itself")
    def _replay_svg_over_15mb_record(d: Path, p: Path) -> Run:
        path = _gcg(d, "#note a long annotation of this move, as some programs write\n" * 240_000)
        return Run(["replay", str(path), "--svg", str(path)], str(path), [path])

    @case("destroyed", "compile -o a symbolic link to /dev/null")
    def _compile_to_link_to_device(d: Path, p: Path) -> Run:
        (d / "en.lexc").symlink_to("/dev/null")
        src = _list(d, ["quite", "whisky"])
        return Run(["compile", "en", str(src), "-o", str(d / "en.lexc"), "-q"], str(d / "en.lexc"), [d])

    @case("destroyed", "game new FILE where FILE is a FIFO")
    def _game_new_on_a_fifo(d: Path, p: Path) -> Run:
        os.mkfifo(d / "club.gcg")
        return Run(["game", "new", str(d / "club.gcg"), "--players", "Ann,Bob"], str(d / "club.gcg"), [d])

    @case("destroyed", "game play on a 15 MB record that ends in a bad line")
    def _game_play_on_a_bad_15mb_record(d: Path, p: Path) -> Run:
        path = d / "club.gcg"
        _write_repeated(path, b"#note x\n", 15 * MB, head=b"#player1 a Ann\n#player2 b Bob\n",
                        tail=b">a: QQQ 8D QQQ +1 1\n")
        return Run(["game", "play", str(path), "8D CAT"], str(path), [d])

    # ---- time growing faster than the input
    @case("time", "spec: a 3.9 MB string value")
    def _spec_long_string(d: Path, p: Path) -> Run:
        path = _spec(d, 'notes = "' + "a" * (39 * MB // 10) + '"\n', tiles='K = { count = 0, points = 5 }\n')
        return Run(["validate", str(path)], str(path), [path])

    @case("time", "spec: 3.9 MB multi-line string of '[' and spaces")
    def _spec_brackets_in_a_string(d: Path, p: Path) -> Run:
        body = ("[" + " " * 60_000 + "x\n") * 65
        path = _spec(d, 'notes = """\n' + body + '"""\n', tiles='K = { count = 0, points = 5 }\n')
        return Run(["validate", str(path)], str(path), [path])

    @case("time", "spec: 100,000 multi-letter faces (3.9 MB)")
    def _spec_100000_faces(d: Path, p: Path) -> Run:
        path = _spec(d, "", tiles=_faces(100_000))
        return Run(["validate", str(path)], str(path), [path])

    @case("time", "spec: two overlapping faces of 1 MB each")
    def _spec_long_overlapping_faces(d: Path, p: Path) -> Run:
        path = _spec(d, "", tiles=f'"{"AB" * (MB // 2)}" = {{ count = 1, points = 1 }}\n'
                                  f'"{"BA" * (MB // 2)}" = {{ count = 1, points = 1 }}\n')
        return Run(["validate", str(path)], str(path), [path])

    @case("time", "spec: 255 faces of 8 letters, all overlapping (the largest allowed)")
    def _spec_largest_allowed_overlaps(d: Path, p: Path) -> Run:
        tiles = "".join(f'"{("AB" * 8)[i % 2:i % 2 + 7]}{chr(65 + i % 26)}{chr(65 + i // 26)}" = '
                        f'{{ count = 1, points = 1 }}\n' for i in range(255))
        path = _spec(d, "", tiles=tiles + 'K = { count = 0, points = 5 }\n')
        return Run(["validate", str(path)], str(path), [path])

    @case("time", "translit: a 120 KB word of 60,000 '|' pins")
    def _translit_60000_pins(d: Path, p: Path) -> Run:
        return Run(["translit", "en", "a|" * 60_000], None, [d], answers=True)

    @case("time", "translit: 2,000 words of 40 pins each")
    def _translit_many_pinned_words(d: Path, p: Path) -> Run:
        return Run(["translit", "en", *(["q|u|i|t|e|" * 8] * 2_000)], None, [d], answers=True)

    @case("time", "Hunspell: suffixes that continue themselves (30 rules × 200 stems)")
    def _hunspell_self_continuing(d: Path, p: Path) -> Run:
        letters = "abcdefghijklmnopqrstuvwxyz"[:30] + "0123"
        aff = ["SET UTF-8", "SFX A Y 30", *(f"SFX A 0 {x}/A ." for x in letters[:30])]
        dic = ["200", *(f"{a}{b}{c}/A" for a, b, c in zip("qwertyuiopasdfghjklzxcvbnm" * 9, "aeiou" * 50,
                                                           "zxcvbnmlkjhgfdsapoiuytrewq" * 9, strict=False))][:201]
        return _compile(d, str(_hunspell(d, aff, dic)))

    @case("time", "Hunspell: a prefix and a suffix that continue each other, 3 stems (answered)")
    def _hunspell_cross_continuing(d: Path, p: Path) -> Run:
        aff = ["SET UTF-8", "PFX P Y 5", *(f"PFX P 0 {x}/S ." for x in "abcde"),
               "SFX S Y 5", *(f"SFX S 0 {x}/P ." for x in "vwxyz")]
        run = _compile(d, str(_hunspell(d, aff, ["3", "cat/PS", "dog/PS", "fox/PS"])))
        run.answers, run.names, run.watch = True, None, [d / "h.dic", d / "h.aff"]
        return run

    @case("time", "Hunspell: 440 suffixes that continue themselves, 100 stems (19 million forms)")
    def _hunspell_multiplying(d: Path, p: Path) -> Run:
        suffixes = [a + b for a in "abcdefghijklmnopqrstuvwxyz" for b in "abcdefghijklmnopqrstuvwxyz"][:440]
        stems = [a + b + c for a in "bcdfg" for b in "aeiou" for c in "lmnrst"][:100]
        aff = ["SET UTF-8", f"SFX A Y {len(suffixes)}", *(f"SFX A 0 {x}/A ." for x in suffixes)]
        return _compile(d, str(_hunspell(d, aff, [str(len(stems)), *(f"{s}/A" for s in stems)])))

    @case("time", "Hunspell: the same, the .dic padded with 1 MB of comments")
    def _hunspell_multiplying_padded(d: Path, p: Path) -> Run:
        suffixes = [a + b for a in "abcdefghijklmnopqrstuvwxyz" for b in "abcdefghijklmnopqrstuvwxyz"][:440]
        stems = [a + b + c for a in "bcdfg" for b in "aeiou" for c in "lmnrst"][:100]
        aff = ["SET UTF-8", f"SFX A Y {len(suffixes)}", *(f"SFX A 0 {x}/A ." for x in suffixes)]
        padding = ["# " + "x" * 1000] * 1000
        return _compile(d, str(_hunspell(d, aff, [str(len(stems)), *padding, *(f"{s}/A" for s in stems)])))

    # ---- memory from numbers
    @case("memory", "spec: tile counts of 10^9")
    def _spec_billion_tiles(d: Path, p: Path) -> Run:
        path = _spec(d, "", tiles="C = { count = 1_000_000_000, points = 1 }\n")
        return Run(["validate", str(path)], str(path), [path])

    @case("memory", "spec: blanks = 10^9, used by assess")
    def _spec_billion_blanks_assess(d: Path, p: Path) -> Run:
        path = _spec(d, "").read_text(encoding="utf-8").replace("blanks = 2", "blanks = 1_000_000_000")
        (d / "xx.toml").write_text(path, encoding="utf-8")
        return Run(["assess", "xx", "--spec", str(d / "xx.toml"), "--racks", "10"], str(d / "xx.toml"), [d])

    @case("memory", "spec: /dev/zero")
    def _spec_dev_zero(d: Path, p: Path) -> Run:
        return Run(["validate", "/dev/zero"], "/dev/zero", [d])

    @case("memory", "spec: 100 MB file")
    def _spec_100mb(d: Path, p: Path) -> Run:
        path = _write_repeated(d / "xx.toml", b"# comment\n", 100 * MB, head=b'code = "xx"\n')
        return Run(["validate", str(path)], str(path), [path])

    @case("memory", "spec: 1 MB gzip bomb named .toml")
    def _spec_gzip_bomb(d: Path, p: Path) -> Run:
        path = d / "xx.toml"
        path.write_bytes(_bomb_member(b"[tiles]\n"))
        return Run(["validate", str(path)], str(path), [path])

    @case("memory", "word list: /dev/zero")
    def _list_dev_zero(d: Path, p: Path) -> Run:
        return _compile(d, "/dev/zero")

    @case("memory", "word list: 100 MB of NUL bytes")
    def _list_100mb_nul(d: Path, p: Path) -> Run:
        return _compile(d, str(_write_repeated(d / "words.txt", b"\0", 100 * MB)))

    @case("memory", "word list: 100 MB of one line")
    def _list_100mb_one_line(d: Path, p: Path) -> Run:
        return _compile(d, str(_write_repeated(d / "words.txt", b"quitewhisky", 100 * MB)))

    for size in (MB, 10 * MB, 100 * MB):  # the gallery has a 100 KB bomb
        label = f"{size // MB} MB" if size >= MB else f"{size // 1024} KB"

        def bomb(d: Path, p: Path, size: int = size) -> Run:
            return _compile(d, str(_gzip_bomb(d / "words.txt.gz", size)))

        bomb.__name__ = f"_list_gzip_bomb_{label.replace(' ', '')}"
        case("memory", f"word list: {label} gzip bomb (about 1,000 times)")(bomb)

    @case("memory", "word list: 30 MB .gz of real words repeated, 15 times")
    def _list_gz_15_times(d: Path, p: Path) -> Run:
        return _compile(d, str(_mild_gz(d / "words.txt.gz", 30 * MB, 15)))

    @case("memory", "--exclude: 10 MB gzip bomb")
    def _exclude_gzip_bomb(d: Path, p: Path) -> Run:
        bomb = _gzip_bomb(d / "stop.txt.gz", 10 * MB)
        out = _out(d)
        return Run(["compile", "en", str(_list(d, ["quite"])), "--exclude", str(bomb), "-o", str(out), "-q"],
                   str(bomb), [out.parent])

    @case("memory", "record: /dev/zero")
    def _record_dev_zero(d: Path, p: Path) -> Run:
        return Run(["replay", "/dev/zero"], "/dev/zero", [d])

    @case("memory", "record: 100 MB GCG")
    def _record_100mb(d: Path, p: Path) -> Run:
        path = _write_repeated(d / "game.gcg", b"#note x\n", 100 * MB, head=b"#player1 a Ann\n#player2 b Bob\n")
        return _replay(path, d)

    @case("memory", "record: 10 MB gzip bomb named .gcg")
    def _record_gzip_bomb(d: Path, p: Path) -> Run:
        return _replay(_gzip_bomb(d / "game.gcg", 10 * MB, b"#note x\n"), d)

    @case("memory", "pack: prefix claims 2^60 bytes")
    def _pack_claims_huge_total(d: Path, p: Path) -> Run:
        data = bytearray((p / "en.lexc").read_bytes())
        struct.pack_into("<Q", data, 16, 2 ** 60)
        (d / "en.lexc").write_bytes(_crc_fixed(bytes(data[:-4])))
        return Run(["info", str(d / "en.lexc")], str(d / "en.lexc"), [d])

    @case("memory", "pack: header length claims 4 GB")
    def _pack_claims_huge_header(d: Path, p: Path) -> Run:
        data = bytearray((p / "en.lexc").read_bytes())
        struct.pack_into("<I", data, 12, 2 ** 32 - 1)
        (d / "en.lexc").write_bytes(_crc_fixed(bytes(data[:-4])))
        return Run(["info", str(d / "en.lexc")], str(d / "en.lexc"), [d])

    @case("memory", "pack: header claims records of 10^12 characters")
    def _pack_claims_huge_records(d: Path, p: Path) -> Run:
        import json

        data, length, trie_at = _pack_parts(p / "en.lexc")
        header = json.loads(data[24:24 + length])
        header["records"]["longest"] = 10 ** 12
        text = json.dumps(header, separators=(",", ":")).encode()
        pad = -(24 + len(text)) % 8
        trie = data[trie_at:-4]
        body = struct.pack("<8sHHIQ", b"LEXCPACK", 1, 0, len(text), 24 + len(text) + pad + len(trie) + 4) \
            + text + b"\0" * pad + trie
        (d / "en.lexc").write_bytes(_crc_fixed(body))
        return Run(["check", "en", "QUITE", "--pack", str(d / "en.lexc")], str(d / "en.lexc"), [d])

    @case("memory", "pack: 100 MB of random bytes")
    def _pack_100mb_random(d: Path, p: Path) -> Run:
        path = d / "en.lexc"
        with path.open("wb") as out:
            for _ in range(100):
                out.write(os.urandom(MB))
        return Run(["info", str(path)], str(path), [d])

    # ---- native code on unchecked bytes
    for seed in range(4):
        def flips(d: Path, p: Path, seed: int = seed) -> Run:
            path = _flipped(p / "en.lexc", d / "en.lexc", 1 + seed, seed)
            return Run(["check", "en", "QUITE", "WHISKY", "ZAX", "--pack", str(path)], None, [d], crash_only=True)

        flips.__name__ = f"_dawg_{1 + seed}_bit_flips_good_crc"
        case("native", f"DAWG pack: {1 + seed} bit flips in the trie, CRC recomputed")(flips)

    @case("native", "DAWG pack: 100 MB of random units, good length and CRC")
    def _dawg_100mb_random_units(d: Path, p: Path) -> Run:
        path = _garbage_trie(p / "en.lexc", d / "en.lexc", 100 * MB)
        return Run(["check", "en", "QUITE", "--pack", str(path)], str(path), [d])

    @case("native", "marisa pack: 3 bit flips, CRC recomputed")
    def _marisa_bit_flips_good_crc(d: Path, p: Path) -> Run:
        path = _flipped(p / "en-marisa.lexc", d / "en.lexc", 3, 7)
        return Run(["check", "en", "QUITE", "--pack", str(path)], None, [d], crash_only=True)

    # ---- paths leaving their place
    @case("paths", "language code ../../etc/passwd")
    def _code_climbs(d: Path, p: Path) -> Run:
        return Run(["check", "../../etc/passwd", "QUITE", "--packs", str(p)], "../../etc/passwd", [d])

    @case("paths", "spec scheme '../../../etc/hostname'")
    def _scheme_climbs(d: Path, p: Path) -> Run:
        path = _spec(d, "").read_text(encoding="utf-8").replace('official = true',
                                                                'official = true\nscheme = "../../../etc/hostname"')
        (d / "xx.toml").write_text(path, encoding="utf-8")
        return Run(["validate", str(d / "xx.toml")], str(d / "xx.toml"), [d])

    @case("paths", "spec [[lexicon]] path ../../../etc/passwd")
    def _lexicon_path_climbs(d: Path, p: Path) -> Run:
        path = _spec(d, '\n[[lexicon]]\npath = "../../../../etc/passwd"\n')
        return Run(["build", "xx", "--spec", str(path), "--packs", str(d / "out")], str(path), [d])

    @case("paths", "game file names ruleset /etc/passwd (game show)")
    def _record_ruleset_path(d: Path, p: Path) -> Run:
        path = _gcg(d, "", "#player1 a Ann\n#player2 b Bob\n#note ruleset: /etc/passwd\n")
        return Run(["game", "show", str(path), "--packs", str(p)], str(path), [d])

    @case("paths", "designation @../../tmp in check")
    def _designation_climbs(d: Path, p: Path) -> Run:
        return Run(["check", "en", "CHAT@../../tmp", "--packs", str(p)], None, [d])

    # ---- tracebacks
    @case("traceback", "word list: truncated 20 MB .gz")
    def _list_truncated_gz(d: Path, p: Path) -> Run:
        whole = d / "whole.gz"
        _mild_gz(whole, 40 * MB, 3)
        path = d / "words.txt.gz"
        path.write_bytes(whole.read_bytes()[:20 * MB])
        whole.unlink()
        return _compile(d, str(path))

    @case("traceback", "word list: 100 MB of random bytes named .gz")
    def _list_random_gz(d: Path, p: Path) -> Run:
        path = d / "words.txt.gz"
        with path.open("wb") as out:
            out.write(b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03")
            for _ in range(100):
                out.write(os.urandom(MB))
        return _compile(d, str(path))

    @case("traceback", "word list: a FIFO")
    def _list_fifo(d: Path, p: Path) -> Run:
        os.mkfifo(d / "words.txt")
        return _compile(d, str(d / "words.txt"))

    @case("traceback", "word list: --encoding base64")
    def _list_base64(d: Path, p: Path) -> Run:
        return _compile(d, str(_list(d, ["quite"])), extra=("--encoding", "base64"))

    @case("traceback", "word list: --encoding hex_codec")
    def _list_hex_codec(d: Path, p: Path) -> Run:
        return _compile(d, str(_list(d, ["quite"])), extra=("--encoding", "hex_codec"))

    @case("traceback", "word list: 100 MB utf-16 without BOM")
    def _list_utf16_no_bom(d: Path, p: Path) -> Run:
        path = _write_repeated(d / "words.txt", "quite\nwhisky\n".encode("utf-16-le"), 100 * MB)
        return _compile(d, str(path), extra=("--encoding", "utf-16"))

    @case("traceback", "word list: 100 MB of Latin-1 read as UTF-8")
    def _list_latin1_as_utf8(d: Path, p: Path) -> Run:
        path = _write_repeated(d / "words.txt", "élève\n".encode("latin-1"), 100 * MB)
        return _compile(d, str(path))

    @case("traceback", "source wordfreq:en:abc")
    def _wordfreq_abc(d: Path, p: Path) -> Run:
        return _compile(d, "wordfreq:en:abc")

    @case("traceback", "Hunspell: counts and flags in non-ASCII digits")
    def _hunspell_superscript(d: Path, p: Path) -> Run:
        aff = ["SET UTF-8", "FLAG num", "SFX ١ Y 1", "SFX ١ 0 s ."]
        return _compile(d, str(_hunspell(d, aff, ["²", "cat/١"])))

    @case("traceback", "pack: header nested 1,000,000 deep")
    def _pack_header_deep(d: Path, p: Path) -> Run:
        data, _, trie_at = _pack_parts(p / "en.lexc")
        text = b'{"a":' + b"[" * MB + b"]" * MB + b"}"
        pad = -(24 + len(text)) % 8
        trie = data[trie_at:-4]
        body = struct.pack("<8sHHIQ", b"LEXCPACK", 1, 0, len(text), 24 + len(text) + pad + len(trie) + 4) \
            + text + b"\0" * pad + trie
        (d / "en.lexc").write_bytes(_crc_fixed(body))
        return Run(["info", str(d / "en.lexc")], str(d / "en.lexc"), [d])

    @case("traceback", "record: a 5,000-digit score")
    def _record_5000_digit_score(d: Path, p: Path) -> Run:
        return _replay(_gcg(d, ">a: CAT 8D CAT +" + "9" * 5000 + " 10\n"), d)

    @case("traceback", "record: 1 MB score of Arabic-Indic digits")
    def _record_arabic_digit_score(d: Path, p: Path) -> Run:
        return _replay(_gcg(d, ">a: CAT 8D CAT +" + "٣" * (MB // 2) + " 10\n"), d)

    @case("traceback", "record: 16 MB of CR-only lines, a bad move at the end")
    def _record_cr_only_16mb(d: Path, p: Path) -> Run:
        path = d / "game.gcg"
        _write_repeated(path, b"#note x\r", 15 * MB, head=b"#player1 a Ann\r#player2 b Bob\r",
                        tail=b">a: QQQ 8D QQQ +1 1\r")
        return _replay(path, d)

    @case("traceback", "languages --json to /dev/full")
    def _full_disk(d: Path, p: Path) -> Run:
        return Run(["languages", "--json"], None, [d], stdout="/dev/full")

    @case("traceback", "SIGINT 0.3 s after start")
    def _sigint_early(d: Path, p: Path) -> Run:
        return Run(["languages"], None, [d], signal=(signal.SIGINT, 0.3))

    # ---- signals
    for fraction in (0.5, 0.9):
        def term(d: Path, p: Path, fraction: float = fraction) -> Run:
            run = _compile(d, str(WORDS))
            run.signal = (signal.SIGTERM, fraction * COMPILE_SECONDS)
            run.names = None
            return run

        term.__name__ = f"_sigterm_at_{round(fraction * 100)}_percent_of_a_compile"
        case("signals", f"SIGTERM at {round(fraction * 100)} % of a full English compile")(term)

    # ---- terminal injection
    @case("terminal", "record: nicknames and names with ESC, CSI (\\x9b), BEL")
    def _record_escapes(d: Path, p: Path) -> Run:
        path = _gcg(d, ">\x1b[2J: CAT 8D CAT +10 10\n", "#player1 \x1b[2J Ann\x07\x9b31m\n#player2 b Bob\n")
        return Run(["replay", str(path)], str(path), [path])

    @case("terminal", "spec: name with ESC sequences, a bad count")
    def _spec_escapes(d: Path, p: Path) -> Run:
        path = _spec(d, "", name="\\u001b]0;pwned\\u0007\\u001b[2J",
                     tiles='"\\u001b[31mK" = { count = 0, points = 5 }\n')
        return Run(["validate", str(path)], str(path), [path])

    # ---- quiet nonsense
    @case("nonsense", "LEXC_LANGUAGES names a missing folder")
    def _languages_missing(d: Path, p: Path) -> Run:
        return Run(["languages"], str(d / "nowhere"), [d], env={"LEXC_LANGUAGES": str(d / "nowhere")})

    @case("nonsense", "--packs folder without read permission")
    def _packs_unreadable(d: Path, p: Path) -> Run:
        (d / "packs").mkdir(mode=0o000)
        return Run(["check", "en", "QUITE", "--packs", str(d / "packs")], str(d / "packs"), [])

    @case("nonsense", "a word list of 100 MB of blank lines")
    def _list_100mb_blank_lines(d: Path, p: Path) -> Run:
        return _compile(d, str(_write_repeated(d / "words.txt", b"\n", 100 * MB)))

    @case("nonsense", "a word list of 100 MB of spaces and tabs")
    def _list_100mb_whitespace(d: Path, p: Path) -> Run:
        return _compile(d, str(_write_repeated(d / "words.txt", b" \t \n", 100 * MB)))

    return c


COMPILE_SECONDS = 5.0  # measured in main() before the signal cases


# --------------------------------------------------------------------------- running


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def _snapshot(paths: list[Path]) -> dict[str, str]:
    out: dict[str, str] = {}
    for top in paths:
        for path in ([top] if not top.is_dir() else [top, *sorted(top.rglob("*"))]):
            try:
                info = path.lstat()
            except OSError:
                continue
            if path.is_symlink() or not path.is_file():
                out[str(path)] = f"{info.st_mode}:{os.readlink(path) if path.is_symlink() else ''}"
            elif info.st_size > 200 * MB:
                out[str(path)] = f"{info.st_size}:{info.st_mtime_ns}"
            else:
                digest = hashlib.blake2b(digest_size=16)
                with path.open("rb") as handle:
                    while chunk := handle.read(8 * MB):
                        digest.update(chunk)
                out[str(path)] = digest.hexdigest()
    return out


def run_case(case: Case, folder: Path, packs: Path) -> Result:
    folder.mkdir()
    run = case.make(folder, packs)
    size = max((p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink()), default=0)
    before = _snapshot(run.watch)
    out_path, err_path = folder.parent / f"{case.id}.stdout", folder.parent / f"{case.id}.stderr"
    with open(run.stdout or out_path, "wb") as out, err_path.open("wb") as err:
        start = time.monotonic()
        child = subprocess.Popen([str(LEXC), *run.args], stdout=out, stderr=err, stdin=subprocess.DEVNULL,
                                 env={**os.environ, "COLUMNS": "200", **run.env}, preexec_fn=_limit, cwd=folder)
        sent, sent_at = False, 0.0
        while True:
            pid, status, usage = os.wait4(child.pid, os.WNOHANG)
            elapsed = time.monotonic() - start
            if pid:
                break
            if run.signal and not sent and elapsed >= run.signal[1]:
                child.send_signal(run.signal[0])
                sent, sent_at = True, elapsed
            if elapsed > run.timeout:
                child.kill()
            time.sleep(0.01)
        child.returncode = os.waitstatus_to_exitcode(status)
        elapsed -= sent_at  # a signal case is timed from its signal: how long the process takes to stop
    text = (out_path.read_bytes() if not run.stdout else b"") + err_path.read_bytes()
    decoded = text.decode("utf-8", "replace")
    after = _snapshot(run.watch)
    changed = sorted({Path(k).name for k in before.keys() | after.keys() if before.get(k) != after.get(k)})
    errors = [line for line in decoded.splitlines() if line.startswith("error:")]
    if (folder / "packs").exists():
        (folder / "packs").chmod(0o755)
    return Result(case, size, child.returncode, elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024,
                  "Traceback" in decoded,
                  None if run.names is None else run.names in decoded, changed,
                  any(ch in CONTROL for ch in decoded), (errors[0] if errors else decoded.strip()[:160]), run.answers,
                  run.crash_only)


def _build_packs(folder: Path) -> Path:
    """Real packs of the first 20,000 English words (DAWG and marisa), built with the CLI."""
    words = folder / "words.txt"
    words.write_bytes(b"".join(WORDS.read_bytes().splitlines(keepends=True)[:20_000]))
    for name, structure in (("en.lexc", "dawg"), ("en-marisa.lexc", "marisa")):
        subprocess.run([str(LEXC), "compile", "en", str(words), "-o", str(folder / name), "-q",
                        "--structure", structure], check=True, capture_output=True)
    return folder


def _measure_compile(folder: Path) -> float:
    start = time.monotonic()
    subprocess.run([str(LEXC), "compile", "en", str(WORDS), "-o", str(folder / "full.lexc"), "-q"], check=True,
                   capture_output=True)
    (folder / "full.lexc").unlink()
    return time.monotonic() - start


def _table(results: list[Result], markdown: bool) -> str:
    head = ["class", "case", "input", "exit", "s", "CPU s", "peak RSS", "traceback", "names file", "written", "verdict"]
    rows = []
    for r in results:
        size = f"{r.size / MB:.1f} MB" if r.size >= MB // 10 else f"{r.size:,} B"
        verdict = "ok" if not r.failures() else "FAIL: " + "; ".join(r.failures())
        rows.append([r.case.klass, r.case.what, size, str(r.code), f"{r.seconds:.2f}", f"{r.cpu:.2f}",
                     f"{r.rss // MB} MB",
                     "yes" if r.traceback else "no", {None: "n/a", True: "yes", False: "NO"}[r.named],
                     ", ".join(r.changed) or "nothing", verdict])
    if markdown:
        lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        lines += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in rows]
        return "\n".join(lines)
    widths = [max(len(row[i]) for row in [head, *rows]) for i in range(len(head))]
    return "\n".join("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)) for row in [head, *rows])


def main() -> int:
    global COMPILE_SECONDS
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-k", default="", help="only the cases whose id holds this")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    parser.add_argument("--messages", action="store_true", help="print each case's first error line")
    args = parser.parse_args()
    cases = [c for c in _cases() if args.k in c.id]
    with tempfile.TemporaryDirectory(prefix="hostile_bounds-") as tmp:
        root = Path(tmp)
        (root / "packs").mkdir()
        packs = _build_packs(root / "packs")
        if any(c.klass == "signals" for c in cases):
            COMPILE_SECONDS = _measure_compile(root)
            print(f"a full compile of {WORDS.name}: {COMPILE_SECONDS:.1f} s", file=sys.stderr)
        results = []
        for case in cases:
            result = run_case(case, root / case.id, packs)
            shutil.rmtree(root / case.id, ignore_errors=True)
            results.append(result)
            print(f"{case.id}: exit {result.code}, {result.seconds:.2f} s ({result.cpu:.2f} s CPU), "
                  f"{result.rss // MB} MB"
                  f"{'' if not result.failures() else '  FAIL ' + '; '.join(result.failures())}", file=sys.stderr)
            if args.messages:
                print("    " + result.first_error.encode("unicode_escape").decode()[:300], file=sys.stderr)
    print(_table(results, args.markdown))
    failed = sum(bool(r.failures()) for r in results)
    print(f"\n{len(results) - failed} of {len(results)} cases within {SECONDS:.0f} s and {MEMORY // MB} MB, "
          f"refused cleanly; {failed} failed", file=sys.stderr)
    return failed


if __name__ == "__main__":
    raise SystemExit(main())
