"""Compile time and peak memory against input size (issue 15, goal 5: bounded memory).

    .venv/bin/python bench/bench_memory.py                      # the Hebrew expansion: 2.6, 5.2, 10.4, 20.7 M, all
    .venv/bin/python bench/bench_memory.py --sizes 2600000 --baseline /work/main/.venv/bin/python
    .venv/bin/python bench/bench_memory.py --lang pl --list /usr/share/dict/polish --sizes 0 \\
        --baseline /work/main/.venv/bin/python

The input is Debian's ``unmunch`` of he_IL (hunspell-he, hunspell-tools) with the Hspell
prefix marker ``"`` removed from each form, written once to build/bench-data/he-unmunch.txt
(about 62 M lines, 1.4 GB); size N takes its first N lines (0: all). Each compile
(``compile_pack`` of the list, end to end) runs in a child process of its own; the child's
wall seconds, CPU seconds (user + system) and peak RSS come from ``os.wait4`` (the child's own
resource usage, imports included). ``--baseline PY`` runs the same compile with another
checkout's interpreter (main's ``.venv/bin/python``: its own lexc) right after, on the same
input: the before/after pairs of one session. Results go to stdout as Markdown and to
build/bench-data/bench_memory-LANG-SIZES.json.

``--build LANG ...`` instead runs ``lexc build LANG ... --jobs 2`` (two worker processes) and
samples the resident memory of the whole process tree (the sum over /proc, every 0.2 s): the
peak of the builds together (issue 15, goal 2: under 2 GB).

    .venv/bin/python bench/bench_memory.py --build pl cs --baseline /work/main/.venv/bin/python

``--name main`` labels the rows of the interpreter running the script (run with main's
``.venv/bin/python`` for a baseline alone: the children run from /tmp, each importing the lexc
of the interpreter's own checkout).
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "build" / "bench-data"
EXPANSION = DATA / "he-unmunch.txt"
SIZES = (2_600_000, 5_200_000, 10_400_000, 20_700_000, 0)

CHILD = """
import json, sys
from lexc import Catalog
from lexc.lexicon.compiler import compile_pack
from lexc.lexicon.sources import open_source
language = Catalog.shipped().language(sys.argv[1])
report = compile_pack(language, [open_source(language.spec, sys.argv[2])], sys.argv[3])
from lexc.lexicon.pack import read_pack_bytes
groups = read_pack_bytes(sys.argv[3])[0]["records"]["groups"]
print(json.dumps({"read": report.read, "kept": report.kept, "boards": report.boards, "bytes": report.bytes,
                  "structure": report.structure, "candidates": report.candidates, "groups": groups,
                  "collisions": report.collisions}))
"""


def expansion() -> Path:
    """The Hebrew expansion, written once: ``unmunch he_IL.dic he_IL.aff`` with ``"`` removed."""
    if not EXPANSION.is_file():
        DATA.mkdir(parents=True, exist_ok=True)
        tmp = EXPANSION.with_suffix(".tmp")
        with tmp.open("wb") as out:
            done = subprocess.run(["unmunch", "/usr/share/hunspell/he_IL.dic", "/usr/share/hunspell/he_IL.aff"],
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True)
            out.write(done.stdout.replace(b'"', b""))
        tmp.replace(EXPANSION)
    return EXPANSION


def first_lines(source: Path, n: int) -> Path:
    """A file of the first ``n`` lines of ``source`` (``source`` itself for 0), written once."""
    if n == 0:
        return source
    path = DATA / f"{source.stem}-{n}.txt"
    if not path.is_file():
        with source.open("rb") as given, path.open("wb") as out:
            out.writelines(itertools.islice(given, n))
    return path


def run(python: str, lang: str, words: Path, out: Path) -> dict[str, Any]:
    """One compile in a child process: its report, wall and CPU seconds, peak RSS in bytes."""
    started = time.perf_counter()
    child = subprocess.Popen([python, "-c", CHILD, lang, str(words), str(out)], stdout=subprocess.PIPE, text=True,
                             cwd="/tmp")  # not the checkout: each interpreter imports its own lexc
    assert child.stdout is not None
    output = child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - started
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise SystemExit(f"{python} failed on {words} ({child.returncode})")
    found: dict[str, Any] = json.loads(output.strip().splitlines()[-1])
    found.update(wall=wall, cpu=usage.ru_utime + usage.ru_stime, rss=usage.ru_maxrss * 1024)
    return found


def tree_rss(root: int) -> int:
    """The resident bytes of ``root`` and every process under it (0 for those gone meanwhile)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            children.setdefault(int(fields[1]), []).append(int(entry))
    total, todo = 0, [root]
    while todo:
        pid = todo.pop()
        todo.extend(children.get(pid, []))
        with contextlib.suppress(OSError):
            total += int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    return total


def build(python: str, langs: list[str]) -> dict[str, Any]:
    """``lexc build LANGS --jobs 2`` into a temporary folder: wall seconds, peak RSS of the tree."""
    import tempfile

    with tempfile.TemporaryDirectory() as packs:
        started = time.perf_counter()
        child = subprocess.Popen([python, "-m", "lexc", "build", *langs, "--packs", packs, "-q", "--jobs", "2"],
                                 stdout=subprocess.DEVNULL, cwd="/tmp")
        peak = 0
        while child.poll() is None:
            peak = max(peak, tree_rss(child.pid))
            time.sleep(0.2)
        if child.returncode:
            raise SystemExit(f"{python} -m lexc build failed ({child.returncode})")
    return {"wall": time.perf_counter() - started, "rss": peak}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lang", default="he")
    parser.add_argument("--list", type=Path, help="the word list (default: the Hebrew expansion)")
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES), help="first N lines (0: all)")
    parser.add_argument("--baseline", help="another checkout's python: the same compile, for before/after")
    parser.add_argument("--baseline-max", type=int, default=5_200_000,
                        help="largest size the baseline runs (it needs about 370 bytes per form)")
    parser.add_argument("--build", nargs="+", metavar="LANG", help="lexc build of these, 2 processes: peak RSS")
    parser.add_argument("--name", default="now", help="the label of this interpreter's rows")
    args = parser.parse_args()
    if args.build:
        for name, python in [(args.name, sys.executable)] + ([("baseline", args.baseline)] if args.baseline else []):
            found = build(python, args.build)
            print(f"lexc build {' '.join(args.build)} --jobs 2 ({name}): {found['wall']:.0f} s wall, "
                  f"peak RSS of the processes together {found['rss'] / 2**20:,.0f} MiB", flush=True)
        return
    source = args.list or expansion()
    DATA.mkdir(parents=True, exist_ok=True)
    rows = []
    print("| forms | boards | structure | wall | CPU | peak RSS | code |\n|---|---|---|---|---|---|---|", flush=True)
    for n in args.sizes:
        words = first_lines(source, n)
        runs = [(args.name, sys.executable)]
        if args.baseline and (0 < n <= args.baseline_max or (n == 0 and args.list)):
            runs.append(("baseline", args.baseline))
        for name, python in runs:
            found = run(python, args.lang, words, DATA / f"bench-memory-{args.lang}-{n}-{name}.lexc")
            found.update(code=name, size=n, list=str(words))
            rows.append(found)
            print(f"| {found['read']:,} | {found['boards']:,} | {found['structure']} | {found['wall']:.0f} s "
                  f"| {found['cpu']:.0f} s | {found['rss'] / 2**20:,.0f} MiB | {name} |", flush=True)
            (DATA / f"bench_memory-{args.lang}-{'-'.join(map(str, args.sizes))}.json").write_text(
                json.dumps(rows, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
