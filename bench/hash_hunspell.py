"""Hash the stream of every shipped Hunspell dictionary, form by form: the output-identity check of the expander.

For each language given (default: every shipped language with a Hunspell default source), each source of
``default_sources(spec, None)`` whose kind is ``hunspell`` is read to its end; the sha256 of
``f"{w.text}\\t{w.line}\\t{w.rejected}\\n"`` over every word of ``source.words()``, then of its ``SourceStats``
(as JSON), is printed with the number of forms. Run it before and after a change to the expander (compiled, and
with ``LEXC_PURE=1`` for the plain Python modules) and compare the lines: the same hashes are the same forms, in
the same order, from the same lines, with the same counts.

    .venv/bin/python bench/hash_hunspell.py > /tmp/before.txt
    LEXC_PURE=1 .venv/bin/python bench/hash_hunspell.py > /tmp/pure.txt
    .venv/bin/python bench/hash_hunspell.py ru uk      # two languages only
    .venv/bin/python bench/hash_hunspell.py --blocks   # the stream of source.blocks(), what a compile reads

With ``--blocks`` each source's ``blocks()`` is hashed instead, each block's forms with their own lines and each
word alone as it is: the same line of text per form, so the same hashes as ``words()`` when the blocks hold the
forms ``words()`` gives.

The figures (forms, CPU seconds of each dictionary's stream) go to stderr; stdout holds only what must match.
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
from collections.abc import Iterator

from lexc import Catalog
from lexc.lexicon.reading import Lines, Source
from lexc.lexicon.sources import default_sources


def hunspell_languages(catalog: Catalog) -> list[str]:
    """The shipped languages whose default sources include a Hunspell dictionary that is installed."""
    found = []
    for code in catalog.codes():
        try:
            sources = default_sources(catalog.spec(code), None)
        except Exception:  # a source not installed here: not ours to check
            continue
        if any(s.kind == "hunspell" for s in sources):
            found.append(code)
    return found


def forms(source: Source, blocks: bool) -> Iterator[tuple[str, int, str]]:
    """``(text, line, rejection)`` of each form of ``source``: from its ``words()``, or from its ``blocks()``."""
    if not blocks:
        for w in source.words():
            yield w.text, w.line, w.rejected
        return
    for item in source.blocks():
        if isinstance(item, Lines):
            for i, text in enumerate(item.texts):
                yield text, item.line(i), ""
        else:
            yield item.text, item.line, item.rejected


def main(argv: list[str]) -> int:
    blocks = "--blocks" in argv
    argv = [a for a in argv if a != "--blocks"]
    catalog = Catalog.shipped()
    codes = argv or hunspell_languages(catalog)
    total = 0
    for code in codes:
        for source in default_sources(catalog.spec(code), None):
            if source.kind != "hunspell":
                continue
            digest = hashlib.sha256()
            started = time.process_time()
            n = 0
            for text, line, rejected in forms(source, blocks):
                digest.update(f"{text}\t{line}\t{rejected}\n".encode())
                n += 1
            cpu = time.process_time() - started
            digest.update(json.dumps(source.stats.to_json(), sort_keys=True).encode())
            total += n
            print(f"{code}\t{source.name}\t{n}\t{digest.hexdigest()}", flush=True)
            print(f"{code} {source.name}: {n:,} forms, {cpu:.2f} s", file=sys.stderr, flush=True)
    print(f"{total:,} forms in all", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
