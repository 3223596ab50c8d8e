"""Native code never sees unchecked bytes: the trie of a pack is checked before a trie library loads it.

A pack's CRC-32 catches accidents, not a stranger's pack: anyone can recompute it. The trie
libraries (dawg2's dawgdic, marisa-trie) trust their input and read out of bounds on a damaged
structure, which is a crash (SIGSEGV) at best. So before :func:`lexc.lexicon.pack.open_pack`
hands the trie to them, :func:`check_trie` proves it sound:

- **DAWG** (dawgdic's ``Dictionary``): the section is a unit count *n* and exactly *n*
  32-bit units. A lookup moves from unit *i* to ``i ^ offset(i) ^ label`` and, on a match,
  reads ``has_leaf``; nothing else is read. So the DAWG is safe when, for the root and every
  unit that is not a leaf, ``(i ^ offset(i)) | 0xFF < n``: every child a label can reach is a
  unit of the array. Checked in Python (numpy, linear in the size); walks are bounded by the
  length of the key looked up, so no structure can loop.
- **marisa**: its format (nested LOUDS tries, rank and select indexes, tails, caches) has no
  such one-line invariant. The trie is instead loaded in a disposable child process (limited
  to :data:`CHILD_MEMORY` bytes and :data:`CHILD_SECONDS` seconds), its keys listed and the
  trie rebuilt from them as lexc builds it: only when the rebuilt bytes are the pack's bytes,
  byte for byte, is the trie loaded here -- it is then exactly a trie marisa makes itself.
  A crash, a hang or any other bytes is a refusal. The SHA-256 of tries lexc wrote or proved
  is remembered in the user's cache folder (``trusted/``), so this costs once per pack.

>>> import dawg
>>> good = dawg.DAWG(["CAT", "DOG"]).tobytes()
>>> check_dawg(good) is None
True
>>> bad = bytearray(good); bad[4 + 4 * 1 + 3] ^= 0x10   # an offset bit of unit 1
>>> check_dawg(bytes(bad))
'DAWG unit 1 points outside the 256 units'
"""

from __future__ import annotations

import contextlib
import hashlib
import sys
from pathlib import Path

__all__ = ["CHILD_MEMORY", "CHILD_SECONDS", "check_dawg", "check_trie", "trust"]

#: Memory and time the child process proving a marisa trie may use.
CHILD_MEMORY = 2 * 1024**3
CHILD_SECONDS = 30

_IS_LEAF = 1 << 31
_EXTENSION = 1 << 9

_PROVE_MARISA = f"""
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, ({CHILD_MEMORY}, {CHILD_MEMORY}))
import marisa_trie
data = sys.stdin.buffer.read()
trie = marisa_trie.Trie()
trie.frombytes(data)
again = marisa_trie.Trie(trie.keys(), cache_size=marisa_trie.TINY_CACHE).tobytes()
sys.stdout.write("same" if again == data else "differs")
"""


def check_dawg(trie: bytes | memoryview) -> str | None:
    """What is wrong with the dawgdic dictionary ``trie`` (None when every lookup stays inside it)."""
    import numpy as np

    if len(trie) < 4 or len(trie) % 4:
        return f"DAWG section of {len(trie)} bytes: not a unit count and 32-bit units"
    n = int.from_bytes(trie[:4], "little")
    if len(trie) != 4 + 4 * n or n == 0:
        return f"DAWG section says {n:,} units but holds {(len(trie) - 4) // 4:,}"
    units = np.frombuffer(trie, dtype="<u4", count=n, offset=4).astype(np.uint64)
    offsets = (units >> 10) << ((units & _EXTENSION) >> 6)
    reach = (np.arange(n, dtype=np.uint64) ^ offsets) | 0xFF
    outside = (reach >= n) & ((units & _IS_LEAF) == 0)
    outside[0] = reach[0] >= n  # the root is followed whatever its leaf bit
    if outside.any():
        return f"DAWG unit {int(np.argmax(outside)):,} points outside the {n:,} units"
    return None


def _trusted_dir() -> Path:
    from lexc.paths import user_cache_dir

    return user_cache_dir() / "trusted"


def _digest(trie: bytes | memoryview) -> str:
    return hashlib.sha256(trie).hexdigest()


def trust(trie: bytes | memoryview) -> None:
    """Remember ``trie`` as sound (lexc built it, or a child proved it); a cache that cannot be written is skipped."""
    with contextlib.suppress(OSError):
        folder = _trusted_dir()
        folder.mkdir(parents=True, exist_ok=True)
        (folder / _digest(trie)).touch()


def _is_trusted(trie: bytes | memoryview) -> bool:
    return (_trusted_dir() / _digest(trie)).is_file()


def _prove_marisa(trie: bytes | memoryview) -> str | None:
    """Load, list and rebuild ``trie`` in a child process; None when it is a trie marisa makes itself."""
    import subprocess  # here: only an unproved marisa trie starts a child

    try:
        done = subprocess.run([sys.executable, "-I", "-c", _PROVE_MARISA], input=bytes(trie), capture_output=True,
                              timeout=CHILD_SECONDS, check=False)
    except subprocess.TimeoutExpired:
        return f"marisa trie not proved sound within {CHILD_SECONDS} s (a loop in its structure?)"
    except OSError as err:
        return f"marisa trie not proved sound: cannot start a child process ({err.strerror or err})"
    if done.returncode < 0:
        return f"marisa trie crashes the trie library (signal {-done.returncode})"
    if done.returncode != 0:
        return "marisa trie refused by the trie library"
    if done.stdout != b"same":
        return "marisa trie is not one marisa-trie builds from its own keys (damaged or crafted)"
    return None


def check_trie(kind: str, trie: bytes | memoryview) -> str | None:
    """What is wrong with the ``kind`` trie ``trie`` (None when native code may load it)."""
    if kind == "dawg":  # a trie lexc built or proved opens without numpy's check (a tenth of a second to import)
        return None if _is_trusted(trie) else check_dawg(trie)
    if _is_trusted(trie):
        return None
    problem = _prove_marisa(trie)
    if problem is None:
        trust(trie)
    return problem
