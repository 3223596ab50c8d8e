"""Issue 25: every pack in a folder exported in every format, each KWG checked on every node and read
back: its DAWG must list exactly the pack's distinct tile words, in order.

    .venv/bin/python bench/verify_export.py --packs DIR [LANG ...] [--out DIR]

Prints one JSON line per language and format (bytes, words, nodes, CPU seconds, or the refusal),
then a summary. tests/test_export.py does the same on small packs with a reader of its own.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("langs", nargs="*")
    parser.add_argument("--packs", type=Path, required=True)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()

    from lexc import Catalog
    from lexc.errors import LexcError
    from lexc.export import FORMATS, export, tile_words
    from lexc.export.kwg import check_nodes, dawg_words, nodes_of

    catalog = Catalog.shipped(packs=args.packs)
    out = args.out or Path(tempfile.mkdtemp(prefix="verify-export-"))
    langs = args.langs or catalog.pack_languages()
    failures = 0
    for lang in langs:
        for fmt in FORMATS:
            started = time.process_time()
            try:
                done = export(catalog, lang, fmt, out / f"{lang}.{fmt}")
            except LexcError as err:
                print(json.dumps({"lang": lang, "format": fmt, "refused": str(err)}, ensure_ascii=False), flush=True)
                continue
            row: dict[str, object] = {"lang": lang, "format": fmt, "bytes": done.bytes, "words": done.words,
                                      "nodes": done.nodes, "cpu_s": round(time.process_time() - started, 2)}
            if fmt in ("kwg", "dawg"):
                data = done.path.read_bytes()
                check_nodes(nodes_of(data))
                back = list(dawg_words(data))
                expected = sorted(set(tile_words(catalog.pack(lang), done.alphabet)))
                row["read_back_equal"] = back == expected
                failures += back != expected
            print(json.dumps(row, ensure_ascii=False), flush=True)
    print(json.dumps({"languages": len(langs), "failures": failures, "out": str(out)}))


if __name__ == "__main__":
    main()
