"""Boards as SVG pictures: premium squares coloured, tiles with their values, the last play highlighted.

>>> from lexc import Board, Catalog, parse_play
>>> catalog = Catalog.shipped()
>>> board = Board.empty(catalog.ruleset("standard")).apply(parse_play("8D QUITE"))
>>> svg = board_svg(board)
>>> svg.startswith("<svg"), svg.count('class="square'), svg.count('class="tile last"')
(True, 225, 5)

Every square is a ``<rect class="square KIND" data-square="H8">`` (KIND: plain, dl, tl,
ql, dw, tw, qw); every tile a ``<g class="tile" data-square="H8">`` with the letter and
its value (class ``tile last`` for the tiles of the last play, ``blank`` for blanks). A
ruleset's inner board (Dover) is outlined by a ``<rect class="inner">``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path

from lexc.atomic import write_atomic
from lexc.engine.board import Board
from lexc.engine.notation import COLUMNS, FACE_DOWN, square_name
from lexc.engine.scoring import PlayResult, ScoredTile

CELL = 36
MARGIN = 24

#: Square kinds by layout symbol, and their colours (the traditional tournament scheme).
KINDS = {".": "plain", "d": "dl", "t": "tl", "q": "ql", "D": "dw", "T": "tw", "Q": "qw"}
COLOURS = {"plain": "#d8d3bd", "dl": "#a9d6ef", "tl": "#3f7fc1", "ql": "#1d3f7a",
           "dw": "#f5b3ab", "tw": "#d7352b", "qw": "#7a1410"}
LABELS = {"plain": "", "dl": "2L", "tl": "3L", "ql": "4L", "dw": "2W", "tw": "3W", "qw": "4W"}

_STYLE = """
text { font-family: 'DejaVu Sans', Arial, sans-serif; }
.label { font-size: 9px; fill: #ffffff; text-anchor: middle; dominant-baseline: central; }
.dl .label, .dw .label, .plain .label { fill: #333333; }
.coord { font-size: 11px; fill: #555555; text-anchor: middle; dominant-baseline: central; }
.tile rect { fill: #f3dca6; stroke: #8a6d3b; stroke-width: 1; }
.tile.last rect { fill: #ffe066; stroke: #d9480f; stroke-width: 2.5; }
.tile .letter { font-weight: bold; fill: #222222; text-anchor: middle; dominant-baseline: central; }
.tile.blank .letter { fill: #c2255c; font-style: italic; }
.tile .value { font-size: 9px; fill: #222222; text-anchor: end; }
.tile .lang { font-size: 7px; fill: #555555; }
.star { font-size: 18px; fill: #7a1410; text-anchor: middle; dominant-baseline: central; }
"""


def escape(text: str) -> str:
    """``text`` with ``&``, ``<`` and ``>`` escaped for XML (:func:`xml.sax.saxutils.escape`, imported on
    first use: it loads urllib and email, a tenth of a second that a command drawing no board never pays).

    >>> escape("R&D <b>")
    'R&amp;D &lt;b&gt;'
    """
    from xml.sax.saxutils import escape as xml_escape

    return xml_escape(text)


def board_svg(board: Board, *, highlight: Iterable[tuple[int, int]] | None = None, title: str | None = None,
              values: Mapping[tuple[int, int], tuple[str, str]] | None = None,
              scores: Sequence[tuple[str, int]] = ()) -> str:
    """The board as an SVG document; ``highlight`` defaults to the squares of the last play.

    ``values`` gives, per square, the value text to show and the language it is in (a Polyglot
    game's tiles are valued in the language of the word that placed them, :func:`play_values`;
    the language is shown small in the tile's corner unless it is the board's own); a tile
    without one shows its value in the board's tile set. ``scores`` (player, score) are listed
    under the board.
    """
    rs = board.ruleset
    last = {(p.row, p.col) for p in board.last} if highlight is None else set(highlight)
    width, height = MARGIN + rs.cols * CELL + 4, MARGIN + rs.rows * CELL + 4 + (20 if title else 0)
    height += 18 * len(scores)
    top = MARGIN + (20 if title else 0)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}">', f"<style>{_STYLE}</style>"]
    if title:
        out.append(f'<text x="{MARGIN}" y="14" font-size="13">{escape(title)}</text>')
    for c in range(rs.cols):
        out.append(f'<text class="coord" x="{MARGIN + c * CELL + CELL / 2}" y="{top - 10}">{COLUMNS[c]}</text>')
    for r in range(rs.rows):
        out.append(f'<text class="coord" x="{MARGIN / 2}" y="{top + r * CELL + CELL / 2}">{r + 1}</text>')
    out.extend(_squares(board, top))
    if rs.inner is not None:  # the board every play must touch (Dover): outlined
        top_, left, bottom, right = rs.inner
        out.append(f'<rect class="inner" x="{MARGIN + left * CELL}" y="{top + top_ * CELL}" '
                   f'width="{(right - left + 1) * CELL}" height="{(bottom - top_ + 1) * CELL}" '
                   f'fill="none" stroke="#444444" stroke-width="2.5"/>')
    out.extend(_tiles(board, top, last, values))
    for i, (player, score) in enumerate(scores):
        out.append(f'<text class="score" x="{MARGIN}" y="{top + rs.rows * CELL + 18 * (i + 1)}" font-size="13">'
                   f"{escape(player)}: {score}</text>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _squares(board: Board, top: int) -> Iterator[str]:
    """The squares of the board, each coloured by its premium, labelled while empty."""
    rs = board.ruleset
    for r in range(rs.rows):
        for c in range(rs.cols):
            kind = KINDS[rs.premiums[r][c]]
            x, y = MARGIN + c * CELL, top + r * CELL
            yield (f'<g class="{kind}"><rect class="square {kind}" data-square="{square_name(r, c)}" '
                   f'x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{COLOURS[kind]}" '
                   f'stroke="#ffffff" stroke-width="1"/>')
            if (r, c) == rs.centre and board[r, c] is None:
                yield f'<text class="star" x="{x + CELL / 2}" y="{y + CELL / 2}">★</text>'
            elif LABELS[kind] and board[r, c] is None:
                yield f'<text class="label" x="{x + CELL / 2}" y="{y + CELL / 2}">{LABELS[kind]}</text>'
            yield "</g>"


def _tiles(board: Board, top: int, last: set[tuple[int, int]],
           values: Mapping[tuple[int, int], tuple[str, str]] | None) -> Iterator[str]:
    """The tiles on the board, each with its value (in ``values``' language when given), the last play's marked."""
    rs = board.ruleset
    spec = rs.spec
    for r, c, tile in board.tiles():
        x, y = MARGIN + c * CELL, top + r * CELL
        classes = "tile" + (" last" if (r, c) in last else "") + (" blank" if tile.blank else "")
        points = 0 if tile.blank or tile.face == FACE_DOWN else (spec.by_face[tile.face].points
                                                                 if tile.face in spec.by_face else 0)
        text = tile.face.lower() if tile.blank else tile.face
        shown, lang = values.get((r, c), (str(points), "")) if values is not None else (str(points), "")
        size = 20 if len(text) == 1 else max(9, 26 - 6 * len(text))
        yield (f'<g class="{classes}" data-square="{square_name(r, c)}">'
               f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" rx="3"/>'
               f'<text class="letter" x="{x + CELL / 2 - 2}" y="{y + CELL / 2}" font-size="{size}">'
               f"{escape(text)}</text>"
               f'<text class="value" x="{x + CELL - 4}" y="{y + CELL - 5}">{escape(shown)}</text>'
               + (f'<text class="lang" x="{x + 4}" y="{y + 10}">{escape(lang)}</text>'
                  if lang and lang != rs.tiles else "") + "</g>")


def scored_tiles(result: PlayResult) -> dict[tuple[int, int], tuple[ScoredTile, str, bool]]:
    """Each tile a play placed: the native tile it belongs to, the language that valued it, and
    whether it is the first square of that native tile placed this turn (where its value is shown).

    A tile takes the language of the play's main word (a one-tile play's only word).
    """
    out: dict[tuple[int, int], tuple[ScoredTile, str, bool]] = {}
    placed = {square_name(p.row, p.col) for p in result.placements}
    words = sorted(result.words, key=lambda w: not w.main)
    for p in result.placements:
        name = square_name(p.row, p.col)
        word = next((w for w in words if any(name in t.squares for t in w.tiles)), None)
        tile = next((t for t in word.tiles if name in t.squares), None) if word is not None else None
        if word is not None and tile is not None:
            out[(p.row, p.col)] = (tile, word.values, next(sq for sq in tile.squares if sq in placed) == name)
    return out


def play_values(results: Iterable[PlayResult | None]) -> dict[tuple[int, int], tuple[str, str]]:
    """The value each tile placed by these plays scored, and its language, by square (later plays win).

    A native tile spelled with several board tiles (Russian Щ as SHCH) shows its value on its first
    square placed that turn and nothing on the others; a blank shows 0.

    >>> from lexc import Board, Catalog, parse_play, score_play
    >>> catalog = Catalog.shipped()
    >>> pg = catalog.ruleset("polyglot")
    >>> values = play_values([score_play(Board.empty(pg), parse_play("8D WHISKY @fr"), pg, catalog=catalog)])
    >>> values[(7, 3)], values[(7, 4)]
    (('10', 'fr'), ('4', 'fr'))
    """
    out: dict[tuple[int, int], tuple[str, str]] = {}
    for result in results:
        if result is not None:
            for square, (tile, lang, first) in scored_tiles(result).items():
                out[square] = (str(0 if tile.blank else tile.points) if first else "", lang)
    return out


def write_svg(path: Path | str, text: str) -> None:
    """Write ``text`` to ``path`` atomically (a temporary file in the same directory, then rename)."""
    write_atomic(path, text)
