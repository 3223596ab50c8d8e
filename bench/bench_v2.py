"""Pack format version 2, goals 4 and 6 of issue 15: sizes, records, membership and ``lexc check``'s path.

    .venv/bin/python bench/bench_v2.py [LANG ...] --packs /tmp/h2packs [--v1 /tmp/ref1] [--n 100000] [--repeat 5]

For each pack (default: every LANG.lexc in ``--packs``), in one run:

* **size**: the pack's bytes against a plain ``marisa_trie.Trie`` and a plain dawg2 ``DAWG`` of
  its native words (every native spelling ``Pack.records`` gives, distinct): the ratio to the
  smaller is goal 6 (≤ 1.5); with ``--v1``, the version-1 pack of the same language beside it;
* **records**: ``Pack.records`` over ``--n`` board spellings against a dict of the same answers;
* **membership**: ``board in pack`` against a Python set of the board spellings (half hits, half
  misses made by changing one letter);
* **check**: :func:`lexc.lexicon.lookup.check_word` on board spellings, as ``lexc check`` prints
  text (``spellings=False``) and as its ``--json`` (every spelling's tiles).

CPU time (``time.process_time``), medians of ``--repeat``. Prints markdown tables (docs/performance.md).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.timing import rate  # noqa: E402
from lexc.lexicon.pack import open_pack  # noqa: E402


def misses(boards: list[str], n: int, known: set[str]) -> list[str]:
    """``n`` board spellings that are not words: a word with one letter changed."""
    rng, out = random.Random(7), list[str]()
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    while len(out) < n:
        word = rng.choice(boards)
        i = rng.randrange(len(word))
        other = word[:i] + rng.choice(letters) + word[i + 1:]
        if other not in known:
            out.append(other)
    return out


def measure(path: Path, v1: Path | None, n: int, repeat: int) -> dict[str, Any]:
    import dawg
    import marisa_trie

    from lexc.catalog import Catalog
    from lexc.lexicon.lookup import check_word

    pack = open_pack(path)
    boards = list(pack.keys())
    natives = sorted({native for board in boards for native, _ in pack.records(board)})
    sizes = {"pack": path.stat().st_size, "marisa": len(marisa_trie.Trie(natives).tobytes()),
             "dawg": len(dawg.DAWG(natives).tobytes())}
    old = v1 / path.name if v1 else None
    sizes["v1"] = old.stat().st_size if old and old.exists() else 0
    if n == 0:  # sizes only
        return {"lang": pack.lang, "boards": len(boards), "natives": len(natives), "sizes": sizes}
    sample = random.Random(1).sample(boards, min(n, len(boards)))
    answers = {board: pack.records(board) for board in sample}
    records = rate(lambda: [pack.records(b) for b in sample], len(sample), repeat)
    table = rate(lambda: [answers[b] for b in sample], len(sample), repeat)
    known = set(boards)
    probe = sample[: len(sample) // 2] + misses(boards, len(sample) // 2, known)
    inside = rate(lambda: [b in pack for b in probe], len(probe), repeat)
    in_set = rate(lambda: [b in known for b in probe], len(probe), repeat)
    language = Catalog.shipped().language(pack.lang)
    few = sample[: min(len(sample), 20_000)]
    check = rate(lambda: [check_word(pack, b, language, spellings=False) for b in few], len(few), max(1, repeat // 2))
    full = rate(lambda: [check_word(pack, b, language) for b in few], len(few), max(1, repeat // 2))
    return {"lang": pack.lang, "boards": len(boards), "natives": len(natives),
            "with_record": sum(1 for b in sample if pack._records(b)) / max(1, len(sample)), "sizes": sizes,
            "records": records, "dict": table, "in": inside, "set": in_set, "check": check, "full": full}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("langs", nargs="*")
    parser.add_argument("--packs", type=Path, required=True)
    parser.add_argument("--v1", type=Path, default=None, help="folder of version-1 packs to compare sizes with")
    parser.add_argument("--n", type=int, default=100_000, help="board spellings timed (0: sizes only)")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    paths = [args.packs / f"{lang}.lexc" for lang in args.langs] or sorted(args.packs.glob("*.lexc"))
    print("| pack | board spellings | native words | pack bytes | plain marisa | plain DAWG | "
          "pack / smaller | v1 pack bytes | `records()` k/s | dict k/s | ratio | with a record | "
          "`in` M/s | set M/s | `in` / set | `check_word` k/s | with spellings (JSON) k/s |")
    print("|---" * 17 + "|")
    for path in paths:
        r = measure(path, args.v1, args.n, args.repeat)
        s = r["sizes"]
        assert isinstance(s, dict)
        floor = min(s["marisa"], s["dawg"])
        old = format(s["v1"], ",") if s["v1"] else "–"
        if args.n == 0:
            print(f"| {r['lang']} | {r['boards']:,} | {r['natives']:,} | {s['pack']:,} | {s['marisa']:,} | "
                  f"{s['dawg']:,} | **{s['pack'] / floor:.2f}** | {old} |" + " – |" * 9, flush=True)
            continue
        print(f"| {r['lang']} | {r['boards']:,} | {r['natives']:,} | {s['pack']:,} | {s['marisa']:,} | "
              f"{s['dawg']:,} | **{s['pack'] / floor:.2f}** | {old} | {r['records'] / 1e3:.0f} | "
              f"{r['dict'] / 1e3:.0f} | {r['dict'] / r['records']:.1f}× | {r['with_record']:.0%} | "
              f"{r['in'] / 1e6:.2f} | {r['set'] / 1e6:.2f} | {r['in'] / r['set']:.2f} | "
              f"{r['check'] / 1e3:.0f} | {r['full'] / 1e3:.0f} |",
              flush=True)


if __name__ == "__main__":
    main()
