"""``Pack.records`` and ``check_word`` (``lexc check``'s per-word path) of whichever lexc is on ``PYTHONPATH``.

    PYTHONPATH=. .venv/bin/python bench/bench_check.py fr ru he en nl
    git archive 92df8e0 lexc languages rulesets transliterations | tar -x -C /tmp/base
    (cd /tmp/base && PYTHONPATH=/tmp/base /path/to/.venv/bin/python /path/to/bench/bench_check.py fr ...)

Run once per checkout, one after the other, on the same packs (``--packs``) to compare two
versions of the code. CPU time: ``records()`` over 50,000 board spellings (median of 5),
``check_word`` over 20,000 (median of 3) as text (``spellings=False`` where the code has it)
and as ``--json`` (every spelling).
"""

from __future__ import annotations

import argparse
import inspect
import random
import sys
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # for bench.timing; lexc stays PYTHONPATH's

from bench.timing import rate


def main() -> None:
    from lexc.lexicon.lookup import check_word

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("langs", nargs="+")
    parser.add_argument("--packs", type=Path, default=Path("/tmp/h2packs"))
    args = parser.parse_args()
    text: dict[str, bool] = {"spellings": False} if "spellings" in inspect.signature(check_word).parameters else {}
    for lang in args.langs:
        print(measure(lang, args.packs, text), flush=True)


def measure(lang: str, packs: Path, text: dict[str, bool]) -> str:
    """One line of figures for ``lang``."""
    from lexc.catalog import Catalog
    from lexc.lexicon.lookup import check_word
    from lexc.lexicon.pack import open_pack

    pack, language = open_pack(packs / f"{lang}.lexc"), Catalog.shipped().language(lang)
    boards = list(pack.keys())
    sample = random.Random(1).sample(boards, min(50_000, len(boards)))
    few = sample[:20_000]
    records = rate(lambda: [pack.records(b) for b in sample], len(sample), 5)
    plain = rate(lambda: [check_word(pack, b, language, **text) for b in few], len(few), 3)
    full = rate(lambda: [check_word(pack, b, language) for b in few], len(few), 3)
    return (f"{lang} ({pack.structure}): records {records / 1e3:.0f} k/s, check_word text {plain / 1e3:.0f} k/s, "
            f"--json {full / 1e3:.0f} k/s")

if __name__ == "__main__":
    main()
