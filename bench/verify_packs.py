"""Check built packs against their own sources: 1,000 random words valid, 1,000 random non-words not.

    .venv/bin/python bench/verify_packs.py [LANG ...] [--packs DIR] [--n 1000]

For each pack (default: every LANG.lexc in build/), re-reads the sources its spec names,
picks ``--n`` words at random that the language can spell within the pack's length
limits, and checks that each one's board spelling is in the pack with that native word,
that tiling and that value (``Pack.spellings`` against the normaliser). Then it makes
``--n`` non-words (a word with one letter changed, kept only if no source word has that
board spelling) and checks that the pack refuses each. Prints one line per language;
exit status 1 if anything is wrong. Not a test: it reads whole lists (minutes for the
largest).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from lexc.catalog import Catalog  # noqa: E402
from lexc.errors import LexcError  # noqa: E402
from lexc.language.normalize import Unspellable  # noqa: E402
from lexc.lexicon.sources import default_sources  # noqa: E402
from lexc.paths import default_packs_dir  # noqa: E402

CATALOG = Catalog.shipped()


def verify(lang: str, directory: Path, n: int, seed: int) -> list[str]:
    catalog = CATALOG.with_packs(directory)
    pack = catalog.pack(lang)
    spec = catalog.spec(lang)
    norm = catalog.normaliser(lang)
    low, high = pack.header["options"]["min_length"], pack.header["options"]["max_length"]
    words = [w.text for source in default_sources(spec) for w in source.words()]
    rng = random.Random(seed)
    problems: list[str] = []
    boards: set[str] = set()
    spelled = []
    for word in words:
        try:
            spelling = norm.spell(word)
        except Unspellable:
            continue
        boards.add(spelling.board)
        if low <= len(spelling.board) <= high:
            spelled.append(spelling)
    for spelling in rng.sample(spelled, min(n, len(spelled))):
        if spelling.board not in pack:
            problems.append(f"{spelling.native}: {spelling.board} missing")
        elif pack.header["options"].get("display_natives", True) and spelling not in pack.spellings(spelling.board):
            problems.append(f"{spelling.native}: not among {pack.spellings(spelling.board)}")
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    refused = 0
    while refused < n:
        board = rng.choice(spelled).board
        i = rng.randrange(len(board))
        other = board[:i] + rng.choice(letters.replace(board[i], "")) + board[i + 1:]
        if other in boards:
            continue
        refused += 1
        if other in pack:
            problems.append(f"non-word {other} accepted")
    print(f"{lang}: {len(words):,} source words, {min(n, len(spelled)):,} checked, {n:,} non-words refused: "
          f"{'ok' if not problems else f'{len(problems)} problems'}", flush=True)
    return problems


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("langs", nargs="*")
    parser.add_argument("--packs", type=Path, default=None)
    parser.add_argument("--n", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    directory = args.packs or default_packs_dir()
    langs = args.langs or sorted(p.stem for p in directory.glob("*.lexc"))
    bad = 0
    for lang in langs:
        try:
            problems = verify(lang, directory, args.n, args.seed)
        except LexcError as err:
            print(f"{lang}: error: {err}", flush=True)
            bad += 1
            continue
        for problem in problems[:10]:
            print(f"  {problem}")
        bad += bool(problems)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
