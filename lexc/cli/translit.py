"""``lexc translit``: native words spelled on the board, tile by tile."""

from __future__ import annotations

from pathlib import Path

import typer

from lexc.cli.common import SPECS, app, catalog_of, fail, print_json, reports_errors
from lexc.errors import LexcError
from lexc.language.normalize import Spelling, Unspellable
from lexc.language.scheme import LATIN_TRANSFORM, IcuComparison, compare_icu


def _tiles_text(spelling: Spelling) -> str:
    parts = []
    for tile, (start, end) in zip(spelling.tiles, spelling.spans(), strict=True):
        board = tile.board or "(nothing)"
        parts.append(f"{tile.face} {tile.points} = {board} [{start},{end})")
    return ", ".join(parts)


def _to_json(word: str, spellings: list[Spelling], comparison: IcuComparison | None) -> dict[str, object]:
    first = spellings[0]
    data: dict[str, object] = {
        "word": word, "lang": first.lang, "native": first.native, "board": first.board, "value": first.value,
        "tiles": [{**t.to_json(), "span": list(span)} for t, span in zip(first.tiles, first.spans(), strict=True)],
        "other_tilings": [{"tiling": list(s.tiling), "board": s.board, "value": s.value} for s in spellings[1:]],
    }
    if comparison is not None:
        data["icu"] = comparison.to_json()
    return data


def _print_text(word: str, spellings: list[Spelling], comparison: IcuComparison | None) -> None:
    first = spellings[0]
    typer.echo(f"{word}: {first.board}; {_tiles_text(first)}; value {first.value}")
    for other in spellings[1:]:
        typer.echo(f"  also {'·'.join(other.tiling)}: {other.board}, value {other.value}")
    if comparison is not None:
        if comparison.same:
            typer.echo(f"  ICU {comparison.transform}: {comparison.board} (same)")
        else:
            where = "; ".join(f"{ours or '-'} vs {theirs or '-'}" for ours, theirs in comparison.differences)
            typer.echo(f"  ICU {comparison.transform}: {comparison.board} (differs: {where})")


@app.command()
@reports_errors
def translit(
    lang: str = typer.Argument(..., help="Language code of a shipped spec (lexc languages) or of --spec."),
    words: list[str] = typer.Argument(..., help="Native words; a | inside a word pins the tiling (EGÉS|ZSÉG)."),
    json: bool = typer.Option(False, "--json", help="Print a JSON list, one object per word."),
    compare: str = typer.Option("", "--compare", help="Also run another romaniser and list differences: icu."),
    facedown: bool = typer.Option(False, "--facedown", help="Polyglot rule 4: an apostrophe letter (Ъ Ь א ع …) "
                                  "is one face-down tile, written ', instead of nothing."),
    spec: list[Path] = SPECS,
    all_tilings: bool = typer.Option(False, "--all", help="List every other tiling, not only those in which no "
                                     "neighbouring tiles could be one (S·Z·S as well as SZ·S and S·ZS)."),
) -> None:
    """Spell native words on the board: board spelling, tiling with points and spans, value.

    Example: lexc translit ru щи  ->  щи: SHCHI; Щ 10 = SHCH [0,4), И 1 = I [4,5); value 11
    """
    if compare not in ("", "icu"):
        raise LexcError(f"--compare {compare!r}: the only comparison is 'icu'")
    norm = catalog_of(spec).normaliser(lang, facedown=facedown)
    results, bad = [], []
    for word in words:
        try:
            spellings = norm.spell_all(word, maximal=not all_tilings)
        except Unspellable as err:
            bad.append(f"{lang}: {err}")
            continue
        comparison = None
        if compare == "icu":
            transform = norm.scheme.icu if norm.scheme and norm.scheme.icu else LATIN_TRANSFORM
            comparison = compare_icu(spellings[0].native, spellings[0].board, transform, norm.spec.locale)
        results.append((word, spellings, comparison))
    if json:
        print_json([_to_json(w, s, c) for w, s, c in results])
    else:
        for word, spellings, comparison in results:
            _print_text(word, spellings, comparison)
    if bad:
        fail("\n".join(bad))
