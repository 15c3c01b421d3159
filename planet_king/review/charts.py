"""The review's charts for the terminal: horizontal bar charts, one row a turn, drawn in
block characters with rich (colour in a terminal) and read as plain text elsewhere.

Each row reads label, figure, bar, so the figure comes before the bar (a screen reader
reaches the number first, and it survives any output). A chart fits in 80 columns. No
box-drawing characters: the bars are block elements, the marks ASCII.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass, field

from rich.text import Text

from planet_king.present.forecast_words import level_name
from planet_king.review.model import Review, TurnRow

WIDTH = 80  # the whole row, label and figure included
BLOCK = "\u2588"  # FULL BLOCK
LINE_MARK = "|"  # a defeat line, or the zero of a war's position
# the victory levels' fill in the value's stacked bar, best first: distinct without colour
LEVELS = (
    ("major-victory", "\u2588", "green"),  # FULL BLOCK
    ("historical-outcome", "\u2593", "cyan"),  # DARK SHADE
    ("defeat", "\u2592", "yellow"),  # MEDIUM SHADE
    ("neither-king-nor-planet", "\u2591", "magenta"),  # LIGHT SHADE
    ("automatic-defeat", "x", "red"),
)

SCORE_SPAN = 12  # the least range of a score's axis, in points: one point is no full bar
WAR_SPAN = 3  # the least reach of a war's axis each side of 0
Segment = tuple[str, str]  # text, rich style ("" for none)
Row = tuple[str, float, str, Sequence[float]]  # label, value, its figure in words, marks


@dataclass
class Chart:
    title: str
    rows: list[list[Segment]] = field(default_factory=list)

    def head(self) -> list[str]:
        return textwrap.wrap(self.title, WIDTH)

    def plain(self) -> list[str]:
        return [*self.head(), *("".join(t for t, _ in row).rstrip() for row in self.rows)]

    def rich(self) -> list[Text]:
        head = [Text(line, style="bold") for line in self.head()]
        return [*head, *(Text.assemble(*row) for row in self.rows)]


def _label(t: TurnRow) -> str:
    return "end" if t.end else f"T{t.turn}"


def bar(
    value: float,
    lo: float,
    hi: float,
    width: int,
    *,
    style: str,
    marks: Sequence[float] = (),
    mark_style: str = "bold red",
    origin: float = 0.0,
) -> list[Segment]:
    """``value`` as a bar on the axis ``lo``..``hi`` over ``width`` cells, from
    ``origin`` (a value below it runs left of it); a cell is filled when its middle lies
    between the origin and the value, and a value off the origin fills at least its own
    cell. ``marks`` are drawn on top."""
    step = (hi - lo) / width or 1.0

    def cell(v: float) -> int:
        return min(width - 1, max(0, int((v - lo) / step)))

    a, b = sorted((origin, value))
    cells = [BLOCK if a <= lo + (i + 0.5) * step <= b else " " for i in range(width)]
    if value != origin and BLOCK not in cells:
        cells[cell(value)] = BLOCK
    styles = [style if c == BLOCK else "" for c in cells]
    for m in marks:
        cells[cell(m)], styles[cell(m)] = LINE_MARK, mark_style
    out: list[Segment] = []
    for c, s in zip(cells, styles, strict=True):  # runs of one style as one segment
        if out and out[-1][1] == s:
            out[-1] = (out[-1][0] + c, s)
        else:
            out.append((c, s))
    return out


def bars(
    title: str,
    rows: Sequence[Row],
    *,
    style: str,
    mark_style: str = "bold red",
    axis: tuple[float, float] | None = None,
    origin: float = 0.0,
) -> Chart:
    """A bar chart: each row is (label, value, its figure in words, marks), its bar
    drawn from ``origin`` on ``axis`` (by default from the least value or 0 to the
    greatest or 0)."""
    values = [v for _, v, _, marks in rows for v in (v, *marks)]
    lo, hi = axis or (min([*values, 0.0]), max([*values, 0.0]))
    hi = hi if hi > lo else lo + 1
    lab = max(len(r[0]) for r in rows)
    fig = max(len(r[2]) for r in rows)
    width = WIDTH - lab - fig - 2
    chart = Chart(title)
    for label, value, figure, marks in rows:
        head = f"{label:<{lab}} {figure:>{fig}} "
        drawn = bar(
            value, lo, hi, width, style=style, marks=marks, mark_style=mark_style, origin=origin
        )
        chart.rows.append([(head, ""), *drawn])
    return chart


def value_chart(turns: list[TurnRow]) -> Chart:
    """The chance of each victory level, a stacked bar a turn, the percentages beside."""
    shown = [lv for lv in LEVELS if any(t.levels.get(lv[0], 0.0) >= 0.005 for t in turns)]
    key = ", ".join(f"{ch} {level_name(lv)}" for lv, ch, _ in shown)
    chart = Chart(f"Chance of each victory level: the value, a bar, the percent of each: {key}.")
    lab = max(len(_label(t)) for t in turns)
    figs = 4 * len(shown)
    width = WIDTH - lab - 6 - figs - 1
    for t in turns:
        row: list[Segment] = [(f"{_label(t):<{lab}} {t.value:5.2f} ", "")]
        used = 0.0
        drawn = 0
        for lv, ch, colour in shown:
            used += t.levels.get(lv, 0.0)
            n = round(used * width) - drawn  # rounded on the running total: sums to width
            if n > 0:
                row.append((ch * n, colour))
                drawn += n
        row.append((" " * (width - drawn), ""))
        row.append(("".join(f"{round(100 * t.levels.get(lv, 0.0)):4d}" for lv, _, _ in shown), ""))
        chart.rows.append(row)
    return chart


def charts(review: Review) -> list[Chart]:
    turns = review.turns
    if not turns:
        return []
    out = [
        bars(
            "Victory points, turn by turn",
            [(_label(t), t.vp, str(t.vp), ()) for t in turns],
            style="green",
        )
    ]
    for name in sorted({n for t in turns for n in t.scores}):
        rows: list[Row] = []
        for t in turns:
            if name not in t.scores:
                continue
            pts, line = t.scores[name]
            if t.end:  # the defeat line is no longer checked at the end
                rows.append((_label(t), float(pts), str(pts), ()))
            else:
                rows.append((_label(t), float(pts), f"{pts}, line {line}", (float(line),)))
        # the bar rises from a floor under every figure: its length past the mark is the
        # margin over the defeat line (a diverging bar from 0 hides it)
        lo = min(v for _, v, _, marks in rows for v in (v, *marks)) - 1
        hi = max(v for _, v, _, marks in rows for v in (v, *marks)) + 1
        out.append(
            bars(
                f"{name.capitalize()}, its automatic-defeat line marked {LINE_MARK} "
                "(defeat at the line or less)",
                rows,
                style="cyan",
                axis=(lo, max(hi, lo + SCORE_SPAN)),
                origin=lo,
            )
        )
    out.append(
        bars(
            "Treasury, ducats",
            [(_label(t), t.treasury, str(t.treasury), ()) for t in turns],
            style="yellow",
        )
    )
    for war in sorted({w for t in turns for w in t.wars}):
        at = [(t, t.wars[war]) for t in turns if war in t.wars]
        far = max([WAR_SPAN, *(abs(p) for _, p in at)])  # 0 in the middle
        out.append(
            bars(
                f"War: {war}, its position (right of {LINE_MARK}: in your favour)",
                [(_label(t), float(p), f"{p:+d}", (0.0,)) for t, p in at],
                style="magenta",
                mark_style="dim",
                axis=(-far, far),
            )
        )
    out.append(value_chart(turns))
    return out
