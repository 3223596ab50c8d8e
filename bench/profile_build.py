"""Where the CPU of ``lexc build LANG`` goes, stage by stage: the breakdown of issue 24's build target.

    .venv/bin/python bench/profile_build.py uk cs ar pl he sk
    /work/main/.venv/bin/python bench/profile_build.py uk        # another checkout's code, same script

Each language is built once in this process (pack and walks, its default sources, into a temporary packs
folder: ``build_one`` as ``lexc build`` calls it in a worker), and the CPU seconds (``time.process_time``)
between the stages the compiler reports through its progress callback are summed:

* ``reading``: every source read and spelled into the collector (the Hunspell expansion or the list's lines,
  normalising, grouping in memory, and past the spill bound the words written to bucket files);
* ``grouping``: the bucket files grouped and written as sorted runs (only when the compile spilled);
* ``building``: the default table learned, every board spelling's records and keys (the runs merged), the
  ``natives`` candidate gathered;
* ``writing``: the tries built and chosen, the pack written;
* ``walks``: the two walk files built and written.

Then the sources alone (``source.blocks()`` drained, nothing spelled: the expansion or the list's reading) are
timed in a second pass: ``reading`` minus it is the spelling and collecting. One line of JSON per language on
stdout; the CPU seconds move with the machine's load, the shares much less.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from itertools import pairwise

from lexc import Catalog
from lexc.lexicon.build import build_one
from lexc.lexicon.sources import default_sources


def profile(catalog: Catalog, lang: str) -> dict[str, float]:
    """CPU seconds of each stage of ``lang``'s build, of its sources read alone, and in all."""
    marks = [("setup", time.process_time())]

    def progress(stage: str, _done: int, _total: int | None) -> None:
        if marks[-1][0] != stage:
            marks.append((stage, time.process_time()))

    build_one(catalog, lang, progress=progress)
    marks.append(("end", time.process_time()))
    found: dict[str, float] = {}
    for (stage, start), (_, end) in pairwise(marks):
        key = "reading" if stage.startswith("reading") else stage
        found[key] = found.get(key, 0.0) + end - start
    found["total"] = marks[-1][1] - marks[0][1]
    started = time.process_time()
    for source in default_sources(catalog.spec(lang)):
        for _ in source.blocks():
            pass
    found["sources_alone"] = time.process_time() - started
    return found


def main(codes: list[str]) -> int:
    catalog = Catalog.shipped(packs=tempfile.mkdtemp(prefix="lexc-profile-build-"))
    for lang in codes:
        found = profile(catalog, lang)
        print(json.dumps({"lang": lang, **{k: round(v, 2) for k, v in found.items()}}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
