"""Typing help: what to type instead when a play is written the way a player would naturally write it.

Two slips are common at a Polyglot table. Lower case is a blank in notation (GCG), so ``8D whisky``
is six blanks: :func:`blank_help` says so, with the play in tiles. A word typed in its own script or
with its own letters (``8G ЩИ @ru``, ``8D ÆBLE``) cannot be laid with English tiles:
:func:`board_spelling_help` gives the board spelling to type, through the language's scheme.

>>> from lexc.engine.notation import parse_play
>>> blank_help(parse_play("8D whisky"))
'lower case letters are blanks: 8D WHISKY for tiles, 8D whisky for six blanks'
>>> english = catalog.spec("en")
>>> board_spelling_help("8G ЩИ @ru", english, "en", catalog)
'write 8G SHCHI @ru: the board spelling of Russian ЩИ under ru-bgn (Щ: SHCH, И: I)'
>>> board_spelling_help("8D ÆBLE @da", english, "en", catalog)
'write 8D AEBLE @da: the board spelling of ÆBLE (Æ: AE)'
"""

from __future__ import annotations

from lexc.game.engine import BoardTile, Catalog, LexcError, Play, Spec, Through

_COUNTS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def blank_help(play: Play) -> str:
    """The reminder that lower case letters are blanks, with ``play`` written in tiles."""
    blanks = sum(isinstance(c, BoardTile) and c.blank for c in play.cells)
    tiles = Play(play.row, play.col, play.across,
                 tuple(BoardTile(c.face) if isinstance(c, BoardTile) else c for c in play.cells), play.langs)
    count = _COUNTS[blanks] if blanks < len(_COUNTS) else str(blanks)
    return (f"lower case letters are blanks: {tiles} for tiles, {play} for {count} blank"
            f"{'' if blanks == 1 else 's'}")


def has_blanks(play: Play) -> bool:
    """Whether the play places a blank (a lower-case letter)."""
    return any(isinstance(c, BoardTile) and c.blank for c in play.cells) and not all(
        isinstance(c, Through) for c in play.cells)


def board_spelling_help(text: str, tiles: Spec, lang: str | None, catalog: Catalog) -> str | None:
    """What to type for a play written with letters that are no tiles of ``tiles`` (the board's set):
    its board spelling in the designated language (else ``lang``, the game's), or None when there is
    nothing to propose."""
    tokens = text.split()
    if len(tokens) < 2:
        return None
    word = tokens[1]
    native = [ch for ch in dict.fromkeys(word) if ch.isalpha() and tiles.upper(ch) not in tiles.by_face
              and ch.lower() not in tiles.by_face]
    if not native:
        return None
    designated = tokens[2] if len(tokens) > 2 and tokens[2].startswith("@") else ""
    for code in dict.fromkeys(c for c in (designated[1:].split(",")[0], lang, tiles.code) if c):
        try:  # the designated language's spelling; one with no spec (Polyglot rule 1): the game's, the board's
            language = catalog.language(catalog.canonical(code))
            normaliser = language.normaliser()
            letters = {ch: normaliser.spell(ch).board for ch in native}
            board = normaliser.spell(word).board if word.isalpha() else None
        except LexcError:
            continue
        if all(letters.values()):
            break
    else:
        return None
    each = ", ".join(f"{ch}: {spelled}" for ch, spelled in letters.items())
    scheme = f"{language.name} {word} under {language.scheme.name}" if language.scheme else word
    if board is None:
        return f"write each letter in its board spelling ({each}): the board spelling of {scheme}"
    play = " ".join([tokens[0], board, *tokens[2:]])
    return f"write {play}: the board spelling of {scheme} ({each})"
