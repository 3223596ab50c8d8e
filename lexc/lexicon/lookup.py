"""Looking a word up in a pack: valid or not, its board spelling, native spellings and value.

This is what ``lexc check`` prints; it reads only the pack and, for a native word, the
language's normaliser.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lexc.lexicon.pack import open_pack

if TYPE_CHECKING:
    from lexc.catalog import Language
    from lexc.lexicon.pack import Pack

__all__ = ["check_word", "open_pack"]


def _is_board(word: str) -> bool:
    return word.isascii() and word.isalpha()


def _tiles(tiles: list[tuple[str, int, str]]) -> list[dict[str, object]]:
    return [{"face": f, "points": p, "board": b} for f, p, b in tiles]


def check_word(pack: Pack, word: str, language: Language, spellings: bool = True) -> dict[str, object]:
    """Whether ``word`` (a native word or a board spelling) is in ``pack``, with its spellings and value.

    ``language`` spells a native word. The value is that of the native word typed if it is in
    the pack, else the highest of the board spelling's native words; for a word not in the
    pack, its own tiling's. With ``spellings=False`` the result has no ``spellings`` (``lexc
    check``'s text output does not print them) and only the chosen spelling's tiles are built.

    >>> from lexc import Catalog
    >>> catalog = Catalog.shipped()
    >>> from lexc.lexicon.compiler import compile_words
    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "es.lexc"
    >>> _ = compile_words(catalog.language("es"), ["churro", "ñandú"], path)
    >>> found = check_word(open_pack(path), "ñandú", catalog.language("es"))
    >>> found["valid"], found["board"], found["value"]
    (True, 'NANDU', 13)
    """
    spelled = None
    if not _is_board(word):
        from lexc.language.normalize import Unspellable

        try:
            spelled = language.normaliser().spell(word)
        except Unspellable as err:
            return {"word": word, "lang": pack.lang, "valid": False, "board": None, "native": [], "value": None,
                    "tiles": [], "reason": err.reason}
        board = spelled.board
    else:
        board = word.upper()
    records = pack.records(board)
    result: dict[str, object] = {"word": word, "lang": pack.lang, "valid": bool(records), "board": board,
                                 "native": [native for native, _ in records]}
    if records:
        values = [pack.value(board, tiling) for _, tiling in records]
        if len(records) == 1:
            at = 0
        else:
            typed = [i for i, (n, _) in enumerate(records) if spelled is not None and n == spelled.native]
            # DESIGN.md rule 4: the highest value; ties to the fewest native tiles, then the first in Unicode order.
            at = typed[0] if typed else min(range(len(records)),
                                            key=lambda i: (-values[i], len(records[i][1]), records[i][0]))
        result["value"] = values[at]
        result["tiles"] = _tiles(pack.tiles(board, records[at][1]))
        if spellings:
            result["spellings"] = [{"native": n, "value": v, "tiles": _tiles(pack.tiles(board, t))}
                                   for (n, t), v in zip(records, values, strict=True)]
    elif spelled is not None:
        result["value"] = spelled.value
        result["tiles"] = [t.to_json() for t in spelled.tiles]
    else:
        tiling = pack.coder.default_tiling(board)
        tiles = pack.tiles(board, tiling) if tiling is not None else []
        result["value"] = pack.value(board, tiling) if tiling is not None else None
        result["tiles"] = _tiles(tiles)
    return result
