"""A KWG as a word source: the words of another engine's lexicon, read into a lexc pack.

A KWG holds tile numbers only; the alphabet says which tile each number is: an engine's
alphabet file (any format of :mod:`lexc.export.alphabets`, or a lexc export's sidecar) or
the spec's faces in the order given. Each word of the KWG's DAWG (node 0) becomes a source
word whose tiles are pinned (``CH|U|RR|O``), so the normaliser takes each tile as the KWG
says. A word with a tile the alphabet does not number, or that the spec has not, is counted
among the rejections with the reason.

>>> import tempfile, pathlib
>>> from lexc import Catalog
>>> from lexc.export.kwg import build_kwg
>>> from lexc.export.alphabets import face_list
>>> spec = Catalog.shipped().spec("es")
>>> alphabet = face_list(["A", "C", "CH", "O", "RR", "U"], spec)
>>> path = pathlib.Path(tempfile.mkdtemp()) / "tiny.kwg"
>>> _ = path.write_bytes(build_kwg(["\\x02\\x01\\x05\\x04", "\\x03\\x06\\x05\\x04"]).data)  # C·A·RR·O, CH·U·RR·O
>>> [w.text for w in KwgSource(spec, path, alphabet).words()]
['C|A|RR|O', 'CH|U|RR|O']
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

from lexc.errors import LexcError, Problem
from lexc.export.alphabets import Alphabet, face_list, read_alphabet
from lexc.export.kwg import dawg_words
from lexc.inputs import read_input
from lexc.language.spec import Spec
from lexc.lexicon.reading import PIN, Options, Source, SourceStats, SourceWord, check_file


def kwg_alphabet(spec: Spec, alphabet: str | Sequence[str] | None, beside: Path | None = None,
                 kwg: Path | None = None) -> tuple[Alphabet, Path | None]:
    """The alphabet a KWG source names, and its file (None for a list): a file (relative to ``beside``,
    the spec's folder) or a list of faces; with none, the sidecar a lexc export wrote beside the KWG
    (``KWG.lexc.json``), if there is one."""
    if alphabet is None and kwg is not None and kwg.with_name(kwg.name + ".lexc.json").is_file():
        sidecar = kwg.with_name(kwg.name + ".lexc.json")
        return read_alphabet(sidecar, spec), sidecar
    if alphabet is None:
        raise LexcError(Problem(None, None, "alphabet", "a kwg source needs an alphabet: an engine's alphabet file "
                                                        "or the spec's faces in tile order (a KWG holds numbers only; "
                                                        "a lexc export's sidecar KWG.lexc.json is found by itself)"))
    if isinstance(alphabet, str):
        path = Path(alphabet)
        if not path.is_absolute() and beside is not None:
            path = beside / path
        return read_alphabet(path, spec), path
    return face_list(list(alphabet), spec), None


class KwgSource(Source):
    """The words of a KWG's DAWG, spelled with the tiles ``alphabet`` numbers."""

    kind = "kwg"

    def __init__(self, spec: Spec, path: Path, alphabet: Alphabet, options: Options | None = None,
                 package: str | None = None, licence: str = "unknown", alphabet_file: Path | None = None):
        super().__init__(str(path), options or Options(), package, licence)
        check_file(path)
        self.path, self.spec, self.alphabet, self.alphabet_file = path, spec, alphabet, alphabet_file

    def files(self) -> list[Path]:
        return [self.path] + ([self.alphabet_file] if self.alphabet_file else [])

    def identity(self) -> dict[str, object]:
        found = super().identity()
        found["alphabet"] = [letter.face for letter in self.alphabet.letters]
        return found

    def words(self) -> Iterator[SourceWord]:
        stats = self.stats = SourceStats()
        data = read_input(self.path, "KWG file")
        faces = [letter.face for letter in self.alphabet.letters]
        known = self.spec.by_face
        for number, word in enumerate(dawg_words(data, self.name), 1):
            stats.lines += 1
            tiles = [ord(t) for t in word]
            past = [t for t in tiles if t > len(faces)]
            if past:
                yield SourceWord("", self.name, number, f"tile number {past[0]} is past the alphabet's "
                                                        f"{len(faces)} tiles")
                continue
            spelled = [faces[t - 1] for t in tiles]
            foreign = [face for face in spelled if face not in known]
            if foreign:
                yield SourceWord("".join(spelled), self.name, number,
                                 f"tile {foreign[0]!r} is not in the {self.spec.name} set")
                continue
            stats.words += 1
            yield SourceWord(PIN.join(spelled), self.name, number)
        stats.empty = stats.words == 0
