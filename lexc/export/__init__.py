"""Exports: a language's lexicon and tile set in the files other engines load (docs/export.md).

:func:`export` writes one format of one language -- a KWG (DAWG and GADDAG), a KAD, a
DAWG-only KWG, a plain word list, or the tile set as an engine's alphabet file -- and, beside
it, a JSON sidecar (``PATH.lexc.json``) saying what it holds: language, edition, the tile
numbering, values and counts, the pack and its sources with their SHA-256, the word count.

>>> import tempfile, pathlib
>>> from lexc import Catalog
>>> from lexc.lexicon.compiler import compile_words
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> catalog = Catalog.shipped(packs=folder)
>>> _ = compile_words(catalog.language("es"), ["churro", "carro", "llama"], catalog.pack_path("es"))
>>> done = export(catalog, "es", "kwg", folder / "es.kwg")
>>> done.words, done.path.name, done.sidecar.name
(3, 'es.kwg', 'es.kwg.lexc.json')
>>> from lexc.export.kwg import dawg_words
>>> numbers = done.alphabet.letters
>>> ["·".join(numbers[ord(t) - 1].face for t in w) for w in dawg_words(done.path.read_bytes())]  # by tile number
['C·A·RR·O', 'CH·U·RR·O', 'LL·A·M·A']
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lexc import __version__
from lexc.errors import LexcError, Problem
from lexc.export.alphabets import ALPHABET_FORMATS, Alphabet, read_alphabet, spec_alphabet, write_alphabet

if TYPE_CHECKING:
    from lexc.catalog import Catalog
    from lexc.lexicon.pack import Pack

__all__ = ["FORMATS", "Exported", "export", "tile_words"]

#: Every format :func:`export` writes, with what it is.
FORMATS: dict[str, str] = {
    "kwg": "KWG: DAWG and GADDAG (wolges, MAGPIE, Macondo, Woogles)",
    "kad": "KAD: DAWG-only KWG of alphagrams (wolges/Woogles anagram games)",
    "dawg": "DAWG-only KWG (word checks, no move generation)",
    "wordlist": "plain word list, one per line: native words, board spellings (spelling board) or tiles as the "
                "alphabet files label them (spelling labels: [CH]U[RR]O)",
    "wolges-alphabet": "wolges alphabet text (custom-kwg, buildlex)",
    "macondo-csv": "Macondo letter distribution CSV (letter,quantity,value,vowel)",
    "magpie-csv": "MAGPIE letter distribution CSV (letter,lower,count,score,is_vowel)",
    "quackle-alphabet": "Quackle .quackle_alphabet",
    "xanado": "Xanado edition JSON (board, racks, bag)",
}

#: Formats whose words come from a pack.
_LEXICON_FORMATS = ("kwg", "kad", "dawg", "wordlist")


@dataclass(frozen=True)
class Exported:
    """What :func:`export` wrote."""

    path: Path
    sidecar: Path
    format: str
    alphabet: Alphabet
    words: int | None
    nodes: int | None
    bytes: int

    def to_json(self) -> dict[str, object]:
        return {"path": str(self.path), "sidecar": str(self.sidecar), "format": self.format, "words": self.words,
                "nodes": self.nodes, "bytes": self.bytes, "tiles": len(self.alphabet.letters)}


def sidecar_path(path: Path) -> Path:
    """Where the sidecar of an export to ``path`` goes: ``PATH.lexc.json``."""
    return path.with_name(path.name + ".lexc.json")


def tile_words(pack: Pack, alphabet: Alphabet) -> Iterator[str]:
    """Each word of ``pack`` as a ``str`` of tile numbers in ``alphabet`` (not sorted; a word with
    several tilings or native spellings may come more than once): the tiles of each native
    tiling, or for a board-spelling alphabet the letters of each board spelling."""
    numbers = alphabet.numbers()
    if alphabet.spelling == "board":
        table = {ord(letter): chr(n) for letter, n in numbers.items() if len(letter) == 1}
        for board in pack.keys(""):
            yield board.translate(table)
        return
    faces = pack.coder.faces
    by_face = [chr(numbers[face]) if face in numbers else "" for face in faces]
    for board in pack.keys(""):
        for _, tiling in pack.records(board):
            word = "".join(by_face[face] for face, _ in tiling)
            if len(word) != len(tiling):
                missing = sorted({faces[face] for face, _ in tiling if not by_face[face]})
                raise LexcError(Problem(str(pack.path), None, None, f"{board!r} holds tile(s) {', '.join(missing)} "
                                                                    f"that {alphabet.name} does not number"))
            yield word


def _native_words(pack: Pack) -> list[str]:
    return sorted({native for board in pack.keys("") for native, _ in pack.records(board)})


def export(catalog: Catalog, lang: str, fmt: str, path: Path | str, *, pack: Path | str | None = None,
           order: Path | str | None = None, spelling: str | None = None, ruleset: str = "standard",
           progress: Callable[[str], None] | None = None) -> Exported:
    """Export language ``lang`` in format ``fmt`` (:data:`FORMATS`) to ``path``, and its sidecar.

    The words come from the language's pack in the catalog (or the pack file ``pack``); an
    alphabet format needs only the spec. Tiles are numbered in the spec's order, or in the row
    order of the engine alphabet file ``order`` (wolges, Macondo, MAGPIE, Quackle, Xanado). A
    language written through a scheme is exported as board spellings on English tiles
    (``spelling="board"``, the default for it); ``spelling="native"`` keeps its own tiles. A word list
    is the native words, the board spellings (``"board"``) or the tiles as the alphabet files label
    them (``"labels"``: ``[CH]U[RR]O``, what wolges' and MAGPIE's own builders read).
    ``ruleset`` gives Xanado its board. Each consumer's limits are checked before anything is
    written; both files are written atomically.
    """
    from lexc.atomic import write_atomic

    if fmt not in FORMATS:
        raise LexcError(Problem(None, None, "format", f"unknown format {fmt!r} (known: {', '.join(FORMATS)})"))
    path = Path(path)
    language = catalog.language(lang)
    labels = spelling == "labels"
    if labels and fmt != "wordlist":
        raise LexcError(Problem(None, None, "spelling", "labels is a spelling of word lists only"))
    alphabet = spec_alphabet(language, None if labels else spelling)
    if order is not None:
        alphabet = alphabet.ordered_as(read_alphabet(order, language.spec), str(order))
    say = progress or (lambda _stage: None)
    opened = None
    words: int | None = None
    nodes: int | None = None
    if fmt in _LEXICON_FORMATS:
        opened = catalog.pack(lang, pack)
        data, words, nodes = _lexicon_data(opened, fmt, alphabet, labels, say)
    else:
        rules = catalog.ruleset(ruleset) if fmt == "xanado" else None
        data = write_alphabet(alphabet, fmt, rules).encode("utf-8")
    side = sidecar_path(path)
    if side == path:
        raise LexcError(Problem(str(path), None, None, "the export and its sidecar would be the same file"))
    inputs = [opened.path] if opened is not None else []
    sidecar = _sidecar(catalog, lang, fmt, alphabet, opened, words, nodes, data, ruleset if fmt == "xanado" else None)
    say("writing")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise LexcError(Problem(str(path), None, None, f"cannot write: {err.strerror or err}")) from None
    write_atomic(path, data, inputs=inputs)
    write_atomic(side, json.dumps(sidecar, ensure_ascii=False, indent=1, sort_keys=True) + "\n", inputs=inputs)
    return Exported(path, side, fmt, alphabet, words, nodes, len(data))


def _lexicon_data(pack: Pack, fmt: str, alphabet: Alphabet, labels: bool,
                  say: Callable[[str], None]) -> tuple[bytes, int, int | None]:
    """The bytes of a lexicon format written from ``pack``, how many words and (a graph's) how many nodes."""
    from lexc.export.kwg import alphagrams, build_kwg

    if fmt == "wordlist":
        say("listing words")
        if labels:  # each tile as the alphabet files write it: [CH]U[RR]O, in tile-number order
            names = [letter.label for letter in alphabet.letters]
            listed = ["".join(names[ord(t) - 1] for t in w) for w in sorted(set(tile_words(pack, alphabet)))]
        else:
            listed = list(pack.keys("")) if alphabet.spelling == "board" else _native_words(pack)
        return ("\n".join(listed) + "\n").encode("utf-8") if listed else b"", len(listed), None
    alphabet.check("kwg")
    say("numbering tiles")
    tiles = sorted(set(tile_words(pack, alphabet)))
    if fmt == "kad":
        tiles = alphagrams(tiles)
    if not tiles:
        raise LexcError(Problem(str(pack.path), None, None, "the pack holds no word to export"))
    say(f"building the {'KWG' if fmt == 'kwg' else 'DAWG'} of {len(tiles):,} words")
    built = build_kwg(tiles, gaddag=fmt == "kwg")
    return built.data, built.words, built.nodes


def _sidecar(catalog: Catalog, lang: str, fmt: str, alphabet: Alphabet, pack: Pack | None, words: int | None,
             nodes: int | None, data: bytes, ruleset: str | None) -> dict[str, Any]:
    """What a consumer checks before loading an export (docs/export.md, "The sidecar")."""
    language = catalog.language(lang)
    spec = language.spec
    found: dict[str, Any] = {
        "lexc_export": 1, "lexc": __version__, "format": fmt, "description": FORMATS[fmt],
        "language": {"code": spec.code, "name": spec.name, "native_name": spec.native_name,
                     "script": spec.script, "official": spec.official, "edition": spec.edition,
                     "spec_sha256": spec.sha256,
                     "scheme": language.scheme.name if language.scheme else None},
        "spelling": alphabet.spelling, "alphabet": alphabet.name, "blanks": alphabet.blanks,
        "tiles": [letter.to_json(i) for i, letter in enumerate(alphabet.letters, 1)],
        "tile_zero": "the blank (and the GADDAG separator in a KWG)",
        "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest(),
        "words": words, "nodes": nodes,
    }
    if ruleset is not None:
        found["ruleset"] = ruleset
    if pack is not None:
        header = pack.header
        found["pack"] = {"path": str(pack.path), "sha256": hashlib.sha256(pack.path.read_bytes()).hexdigest(),
                         "boards": len(pack), "counts": header.get("counts"), "options": header.get("options")}
        found["sources"] = header.get("sources", [])
    return found


__all__ += ["ALPHABET_FORMATS"]
