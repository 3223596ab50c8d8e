"""The assessment as a page a designer can read: a self-contained HTML file with charts.

Charts are described first as data (:class:`Figure`: categories and named series),
which is what ``lexc assess --json`` prints under ``figures``; :func:`render_png` draws
one with matplotlib's Agg backend and the page embeds it as a base64 PNG, so the
page needs no other file and no network.

>>> from lexc import Catalog, WordList
>>> from lexc.assess import assess
>>> catalog = Catalog.shipped()
>>> words = WordList.from_words(catalog.language("en"), ["quiz", "jinx", "at", "ta", "tax"])
>>> a = assess(catalog.spec("en"), words, racks=10)
>>> [f.id for f in figures(a)]
['counts', 'values', 'coverage', 'two_tile_words']
>>> figures(a)[2].series[0][1]  # coverage, in %
(100.0, 100.0, 100.0, 100.0)

(``render_html(a)`` draws them; tests/test_assess.py checks the page.)
"""

from __future__ import annotations

import base64
import html
import io
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from lexc.assess.measures import Assessment
from lexc.atomic import write_atomic
from lexc.errors import LexcError, Problem

if TYPE_CHECKING:
    from lexc.robot.selfplay import Report


@dataclass(frozen=True)
class Figure:
    """One chart as data: a value per category for each named series."""

    id: str
    title: str
    xlabel: str
    ylabel: str
    categories: tuple[str, ...]
    series: tuple[tuple[str, tuple[float, ...]], ...]
    horizontal: bool = False
    caption: str = ""
    label_format: str = "{:,.0f}"

    def to_json(self) -> dict[str, object]:
        return {"id": self.id, "title": self.title, "xlabel": self.xlabel, "ylabel": self.ylabel,
                "categories": list(self.categories), "caption": self.caption,
                "series": [{"name": name, "values": [round(v, 4) for v in values]} for name, values in self.series]}


def figures(a: Assessment) -> list[Figure]:
    """The report's charts, as data."""
    spec = a.spec
    out: list[Figure] = []
    faces = tuple(r.face for r in a.supply[0].rows)
    series: list[tuple[str, tuple[float, ...]]] = [
        ("tiles in the set", tuple(float(r.count) for r in a.supply[0].rows))]
    for s in a.supply:
        by_face = {r.face: r.expected for r in s.rows}
        series.append((f"called for by {s.basis} frequency", tuple(by_face.get(f, 0.0) for f in faces)))
    out.append(Figure("counts", f"{spec.name}: tile counts against letter frequencies", "tile", "tiles",
                      faces, tuple(series),
                      caption=f"Expected count = the tile's share of letter occurrences × {a.supply[0].letters} "
                              "lettered tiles. Bars above the expectation are over-supplied."))
    vfaces = tuple(r.face for r in a.values[0].rows)
    vseries: list[tuple[str, tuple[float, ...]]] = [("set's value", tuple(float(r.points) for r in a.values[0].rows))]
    for v in a.values:
        rho = "n/a" if v.spearman is None else f"{v.spearman:.2f}"
        vseries.append((f"suggested by {v.basis} frequency (Spearman {rho})",
                        tuple(float(r.suggested) for r in v.rows)))
    out.append(Figure("values", f"{spec.name}: tile values against the values frequencies suggest", "tile", "points",
                      vfaces, tuple(vseries),
                      caption="Suggested value = √(share of the commonest tile ÷ share of this tile), rounded, "
                              "1 to 10 (docs/assess.md)."))
    c = a.coverage
    labels = ("only tiles the set has", "… with blanks", "with the set's counts", "… with blanks")
    values = (c.at_all, c.at_all_with_blanks, c.with_counts, c.with_counts_and_blanks)
    out.append(Figure("coverage", f"{spec.name}: share of {c.words:,} words the set can form", "share of words (%)",
                      "", labels, (("words formable", tuple(100 * c.share(v) for v in values)),), horizontal=True,
                      label_format="{:.1f}%",
                      caption=f"With blanks: up to {c.blanks} missing tiles are covered by the blanks."))
    p = a.playability
    pfaces = tuple(p.two_by_face)
    out.append(Figure("two_tile_words", f"{spec.name}: two- and three-tile words containing each tile", "tile",
                      "words", pfaces,
                      (("two-tile words", tuple(float(p.two_by_face[f]) for f in pfaces)),
                       ("three-tile words", tuple(float(p.three_by_face[f]) for f in pfaces))),
                      caption="A tile in no two-tile word is hard to place in the endgame."))
    if c.lost:
        lost = c.lost[:12]
        out.append(Figure("lost", f"{spec.name}: words lost, by the tile that blocks them", "words", "",
                          tuple(f"{x.face} (set has {x.have})" for x in lost),
                          (("lost without blanks", tuple(float(x.words) for x in lost)),
                           ("still lost with blanks", tuple(float(x.with_blanks) for x in lost))), horizontal=True))
    if a.multi_letter.tiles:
        m = a.multi_letter.tiles
        out.append(Figure("multi_letter", f"{spec.name}: words using each multi-letter tile", "tile", "words",
                          tuple(t.face for t in m), (("words", tuple(float(t.words) for t in m)),)))
    return out


def render_png(figure: Figure) -> bytes:
    """The chart drawn with matplotlib (Agg), as PNG bytes.

    Every text is drawn literally: a spec's name or a face from a stranger may hold ``$``, and
    matplotlib would read ``$\\frac{a}{b}$`` as mathtext (and refuse a malformed one with an error).
    """
    import matplotlib

    matplotlib.use("Agg")
    with matplotlib.rc_context({"text.parse_math": False, "text.usetex": False}):
        return _draw(figure)


def _draw(figure: Figure) -> bytes:
    """:func:`render_png` under the caller's matplotlib settings."""
    import matplotlib.pyplot as plt

    n, k = len(figure.categories), max(len(figure.series), 1)
    width = 0.8 / k
    if figure.horizontal:
        fig, ax = plt.subplots(figsize=(9, 0.5 * n + 1.5))
    else:
        fig, ax = plt.subplots(figsize=(max(8.0, 0.38 * n * (1 + 0.3 * (k - 1))), 4.2))
    try:
        for i, (name, values) in enumerate(figure.series):
            positions = [j + (i - (k - 1) / 2) * width for j in range(n)]
            if figure.horizontal:
                bars = ax.barh(positions, values, height=width, label=name)
                ax.bar_label(bars, fmt=figure.label_format, padding=2, fontsize="small")
            else:
                ax.bar(positions, values, width=width, label=name)
        if figure.horizontal:
            ax.set_yticks(range(n), figure.categories)
            ax.invert_yaxis()
            ax.set_xlabel(figure.xlabel)
        else:
            ax.set_xticks(range(n), figure.categories)
            ax.set_xlabel(figure.xlabel)
            ax.set_ylabel(figure.ylabel)
        ax.set_title(figure.title)
        ax.grid(axis="x" if figure.horizontal else "y", alpha=0.3)
        ax.set_axisbelow(True)
        if len(figure.series) > 1:
            ax.legend(fontsize="small")
        fig.tight_layout()
        buffer = io.BytesIO()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # a glyph missing from the font draws as a box, not an error
            fig.savefig(buffer, format="png", dpi=100)
        return buffer.getvalue()
    finally:
        plt.close(fig)


def _e(value: object) -> str:
    return html.escape(str(value))


def _table(head: list[str], rows: list[list[object]]) -> str:
    cells = "".join(f"<th>{_e(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{_e(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>"


def _tiles_table(a: Assessment) -> str:
    head = ["tile", "count", "points"]
    for s in a.supply:
        head += [f"{s.basis} share %", f"count called for ({s.basis})"]
    for v in a.values:
        head.append(f"suggested value ({v.basis})")
    head += ["two-tile words"]
    by = [{r.face: r for r in s.rows} for s in a.supply]
    vby = [{r.face: r for r in v.rows} for v in a.values]
    rows: list[list[object]] = []
    for face in (r.face for r in a.supply[0].rows):
        tile = a.spec.by_face.get(face)
        row: list[object] = [face, tile.count if tile else 0, tile.points if tile else "—"]
        for b in by:
            r = b.get(face)
            row += [f"{100 * r.share:.2f}" if r else "—", f"{r.expected:.1f}" if r else "—"]
        for vb in vby:
            row.append(vb[face].suggested if face in vb else "—")
        row.append(a.playability.two_by_face.get(face, "—"))
        rows.append(row)
    return _table(head, rows)


_CSS = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1100px; padding: 0 1em; color: #222; }
h1 { margin-bottom: .2em; } .meta { color: #555; }
table { border-collapse: collapse; margin: 1em 0; font-size: .9em; }
th, td { border: 1px solid #ccc; padding: .2em .5em; text-align: right; }
th { background: #f2f2f2; } td:first-child, th:first-child { text-align: left; }
figure { margin: 1.5em 0; } figure img { max-width: 100%; } figcaption { color: #555; font-size: .9em; }
li { margin: .3em 0; }
"""


def selfplay_figures(reports: Sequence[Report]) -> list[Figure]:
    """The self-play charts, as data: each tile's stuck rate, one series per set played."""
    if not reports:
        return []
    faces = tuple(t.face for t in reports[0].tiles)
    series = []
    for report in reports:
        stuck = {t.face: 100 * t.stuck.value for t in report.tiles}
        series.append((_set_name(report), tuple(stuck.get(f, 0.0) for f in faces)))
    return [Figure("selfplay_stuck", "Stuck tiles: games ending with the tile on a rack", "tile", "% of games",
                   faces, tuple(series), caption="Robot self-play (docs/robot.md): the share of games in which "
                   "at least one of the tile was left on a rack at the end.", label_format="{:,.0f}")]


def _set_name(report: Report) -> str:
    editions = dict(report.plan.editions)
    return editions.get(report.plan.lang or "", "") or report.plan.lang or report.plan.ruleset


def _selfplay_section(reports: Sequence[Report]) -> str:
    """How the set (or each edition) plays in robot games, side by side."""
    if not reports:
        return ""
    names = [_set_name(r) for r in reports]
    measures: list[tuple[str, Callable[[Report], str]]] = [
        ("games", lambda r: f"{r.games:,}"),
        ("strengths", lambda r: " against ".join(r.plan.levels)),
        ("score per player (95 % interval)", lambda r: r.score.text()),
        ("spread of scores (sd)", lambda r: f"{r.score.sd:.1f}"),
        ("bingos per game", lambda r: r.bingos.text(2)),
        ("moves per game", lambda r: r.moves.text()),
        ("exchanges per game", lambda r: r.exchanges.text(2)),
        ("first player wins", lambda r: r.first_wins.text(1, percent=True)),
    ]
    rows: list[list[object]] = [[label, *(show(r) for r in reports)] for label, show in measures]
    parts = ["<h2 id=\"selfplay\">Self-play</h2><p>Seeded robot games on each set (docs/robot.md): game "
             "<i>i</i> of every set is dealt from the same seed, by the same robots.</p>",
             _table(["measure", *names], rows)]
    for fig in selfplay_figures(reports):
        data = base64.b64encode(render_png(fig)).decode("ascii")
        parts.append(f"<figure id=\"fig-{_e(fig.id)}\"><img alt=\"{_e(fig.title)}\" "
                     f"src=\"data:image/png;base64,{data}\"><figcaption>{_e(fig.caption)}</figcaption></figure>")
    head = ["tile"] + [f"{n}: {what}" for n in names for what in ("count", "played per game", "stuck %")]
    by = [{t.face: t for t in r.tiles} for r in reports]
    tile_rows: list[list[object]] = []
    for face in (t.face for t in reports[0].tiles):
        row: list[object] = [face]
        for b in by:
            t = b.get(face)
            row += [t.count, f"{t.played.value:.2f}", f"{100 * t.stuck.value:.1f}"] if t else ["—", "—", "—"]
        tile_rows.append(row)
    parts.append(_table(head, tile_rows))
    return "".join(parts)


def render_html(a: Assessment, selfplay: Sequence[Report] = ()) -> str:
    """The whole report as one HTML page (figures embedded as base64 PNG), with the self-play
    reports of the set (or of each of its editions) when given."""
    spec, w, c = a.spec, a.words, a.coverage
    parts = [f"<!DOCTYPE html>\n<html lang=\"{_e(spec.locale)}\"><head><meta charset=\"utf-8\">",
             f"<title>lexc assess: {_e(spec.name)}</title><style>{_CSS}</style></head><body>",
             f"<h1>{_e(spec.name)} ({_e(spec.code)}): is the tile set good?</h1>",
             f"<p class=\"meta\">Spec {_e(spec.path or spec.code)}: {len(spec.tiles)} tiles, {spec.total_tiles} in "
             f"the bag with {spec.blanks} blanks, {'official' if spec.official else 'no official'} values. "
             f"Lexicon: {_e(a.lexicon)}, {w.keys:,} board spellings; "
             + (f"measured on a seeded sample of {w.sampled:,} (seed {w.seed})." if w.sampled else
                f"all {len(w.words):,} native words measured.")
             + " Every measure is explained in docs/assess.md.</p>",
             "<h2>Findings</h2><ul>" + "".join(f"<li>{_e(f)}</li>" for f in a.findings()) + "</ul>",
             "<h2>Charts</h2>"]
    for fig in figures(a):
        data = base64.b64encode(render_png(fig)).decode("ascii")
        parts.append(f"<figure id=\"fig-{_e(fig.id)}\"><img alt=\"{_e(fig.title)}\" "
                     f"src=\"data:image/png;base64,{data}\"><figcaption>{_e(fig.caption)}</figcaption></figure>")
    parts.append("<h2>Tiles</h2>" + _tiles_table(a))
    if c.lost:
        parts.append("<h2>Words lost, by blocking tile</h2>" + _table(
            ["tile", "set has", "words lost", "still lost with blanks", "shortest examples"],
            [[x.face, x.have, x.words, x.with_blanks, ", ".join(x.examples)] for x in c.lost]))
    if c.unspellable:
        parts.append("<h2>Source words the set cannot spell</h2>" + _table(
            ["character", "words", "examples"],
            [[ch, n, ", ".join(c.unspellable_examples.get(ch, ()))] for ch, n in
             sorted(c.unspellable.items(), key=lambda kv: -kv[1])]))
    for v in a.values:
        if v.disagreements:
            parts.append(f"<h2>Largest value disagreements ({_e(v.basis)} frequency)</h2>" + _table(
                ["tile", "set's value", "suggested", "difference", "share %"],
                [[r.face, r.points, r.suggested, f"{r.difference:+d}", f"{100 * r.share:.3f}"]
                 for r in v.disagreements]))
    p = a.playability
    parts.append("<h2>Playability</h2>" + _table(
        ["measure", "value"],
        [["two-tile words", p.two], ["three-tile words", p.three],
         ["tiles in no two-tile word", ", ".join(p.no_two) or "none"],
         ["tiles in no three-tile word", ", ".join(p.no_three) or "none"],
         ["racks drawn (seed)", f"{p.racks:,} ({p.seed})"],
         ["racks with a 7-tile bingo", f"{p.bingo7:,}"], ["racks with an 8-tile bingo through a board tile",
                                                          f"{p.bingo8:,}"]]))
    if p.examples:
        parts.append("<p>Example racks and bingos: " + "; ".join(f"{_e(r)} → {_e(wd)}" for r, wd in p.examples)
                     + "</p>")
    m = a.multi_letter
    if m.tiles:
        parts.append("<h2>Multi-letter tiles</h2>" + _table(
            ["tile", "uses", "words", "examples"], [[t.face, t.uses, t.words, ", ".join(t.examples)] for t in m.tiles]))
        parts.append(f"<p>{m.ambiguous:,} of {m.words:,} words have more than one maximal tiling"
                     + (": " + "; ".join(f"{_e(wd)} ({_e(' or '.join(t))})" for wd, t in m.examples) if m.examples
                        else "") + ".</p>")
    parts.append(_selfplay_section(selfplay))
    parts.append("</body></html>\n")
    return "".join(parts)


def write_report(a: Assessment, directory: Path | str, selfplay: Sequence[Report] = ()) -> Path:
    """Write ``assess-LANG.html`` into ``directory`` (created if needed), atomically."""
    directory = Path(directory)
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise LexcError(Problem(str(directory), None, "report", f"cannot create the directory: {err}")) from None
    target = directory / f"assess-{a.spec.code}.html"
    page = render_html(a, selfplay)
    return write_atomic(target, page, key="report")
