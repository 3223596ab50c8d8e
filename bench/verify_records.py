"""The oracle for pack format version 2: every board spelling's records equal those of a version-1 pack.

    .venv/bin/python bench/verify_records.py fr es ru he pl hu ca --v1 /tmp/ref1 --packs /tmp/h2packs \\
        [--main /work/main]

For each language, a child process running the version-1 code (``--main``: a checkout of lexc
before format 2, with its own ``.venv``) lists every board spelling of ``V1/LANG.lexc`` and
its ``Pack.records``; this process opens ``PACKS/LANG.lexc`` (version 2) and checks that it
holds exactly the same board spellings, each with exactly the same native words and
tilings in the same order. Both packs must come from the same sources (build them with
each checkout's ``lexc build LANG --packs DIR``). Prints one line per language; exit status 1
on any difference. Not a test: it reads whole packs (a minute for the largest).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from lexc.lexicon.pack import open_pack  # noqa: E402

DUMP = """
import json, sys
from lexc.lexicon.pack import open_pack
pack = open_pack(sys.argv[1])
with open(sys.argv[2], "w", encoding="utf-8") as out:
    for board in pack.keys():
        out.write(board + "\\t" + json.dumps(pack.records(board), ensure_ascii=False) + "\\n")
"""


def dump_v1(main: Path, pack: Path, out: Path) -> None:
    """Every board spelling of the version-1 ``pack`` and its records, one JSON line each, by main's code."""
    python = main / ".venv" / "bin" / "python"
    subprocess.run([str(python), "-c", DUMP, str(pack), str(out)], check=True, cwd=main,
                   env={**os.environ, "PYTHONPATH": str(main)})


def compare(lang: str, v1: Path, packs: Path, main: Path) -> tuple[bool, str]:
    with tempfile.TemporaryDirectory() as tmp:
        dumped = Path(tmp) / f"{lang}.tsv"
        dump_v1(main, v1 / f"{lang}.lexc", dumped)
        pack = open_pack(packs / f"{lang}.lexc")
        boards = set(pack.keys())
        seen = differ = reordered = 0
        examples: list[str] = []
        started = time.process_time()
        with dumped.open(encoding="utf-8") as lines:
            for line in lines:
                board, _, text = line.rstrip("\n").partition("\t")
                want = [(native, tuple(tuple(t) for t in tiling)) for native, tiling in json.loads(text)]
                seen += 1
                got = pack.records(board)
                if got != want and sorted(got) == sorted(want):
                    reordered += 1  # the same spellings; records sort by their text, which the final-form rule changed
                elif got != want:
                    differ += 1
                    if len(examples) < 3:
                        examples.append(f"{board}: v1 {want} v2 {got}")
        seconds = time.process_time() - started
    extra = len(boards) - seen  # a v1 board missing from v2 is counted in differ (its records are [])
    ok = differ == 0 and extra == 0
    line = (f"{lang}: {seen:,} board spellings, {differ:,} with other records, {reordered:,} with the same in "
            f"another order, {extra:,} more in v2; "
            f"v2 read them in {seconds:.1f} s CPU" + ("" if ok else "; " + " | ".join(examples)))
    return ok, line


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("langs", nargs="+")
    parser.add_argument("--v1", type=Path, required=True, help="folder of version-1 packs")
    parser.add_argument("--packs", type=Path, required=True, help="folder of version-2 packs")
    parser.add_argument("--main", type=Path, default=Path("/work/main"), help="checkout of the version-1 code")
    args = parser.parse_args()
    failed = False
    for lang in args.langs:
        ok, line = compare(lang, args.v1, args.packs, args.main)
        print(("ok    " if ok else "WRONG ") + line, flush=True)
        failed |= not ok
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
