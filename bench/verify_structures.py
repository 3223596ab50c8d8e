"""Two structures, one lexicon: every board spelling of two packs of a language has the same records.

    .venv/bin/python bench/verify_structures.py cs pl sk tr ro --a /tmp/dawgpacks --b /tmp/nativepacks

Both packs come from the same sources with different ``--structure`` (e.g. ``lexc build LANG
--packs A --structure dawg`` and the default build in B). For each language this checks that
``A/LANG.lexc`` and ``B/LANG.lexc`` list exactly the same board spellings (``keys()``), that
every one of them is a member of both, and that ``Pack.records`` gives the same native words
and tilings in the same order; then that 100,000 one-letter changes of board spellings are
members of both or neither. Prints one line per language; exit status 1 on any difference.
Not a test: it reads whole packs (a minute for the largest).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from lexc.lexicon.pack import open_pack  # noqa: E402


def compare(lang: str, a_dir: Path, b_dir: Path) -> tuple[bool, str]:
    """Whether the two packs of ``lang`` answer alike, and a line saying so."""
    started = time.perf_counter()
    a, b = open_pack(a_dir / f"{lang}.lexc"), open_pack(b_dir / f"{lang}.lexc")
    keys = list(a.keys())
    if keys != list(b.keys()):
        return False, f"{lang}: the board spellings differ ({len(keys):,} against {len(list(b.keys())):,})"
    differ = [board for board in keys if board not in b or a.records(board) != b.records(board)]
    rng = random.Random(1)
    letters = sorted({c for board in keys[::97] for c in board})
    probes = []
    for board in rng.sample(keys, min(100_000, len(keys))):
        i = rng.randrange(len(board))
        probes.append(board[:i] + rng.choice(letters) + board[i + 1:])
    members = [p for p in probes if (p in a) != (p in b)]
    line = (f"{lang}: {a.structure} {a.path.stat().st_size:,} B vs {b.structure} {b.path.stat().st_size:,} B, "
            f"{len(keys):,} board spellings, {len(differ):,} with other records, {len(members):,} of "
            f"{len(probes):,} probes answered differently ({time.perf_counter() - started:.0f} s)")
    if differ:
        line += f"; first: {differ[0]} {a.records(differ[0])} / {b.records(differ[0])}"
    return not differ and not members, line


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("langs", nargs="+")
    parser.add_argument("--a", type=Path, required=True, help="folder of the first packs")
    parser.add_argument("--b", type=Path, required=True, help="folder of the second packs")
    args = parser.parse_args()
    ok = True
    for lang in args.langs:
        same, line = compare(lang, args.a, args.b)
        print(line, flush=True)
        ok &= same
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
