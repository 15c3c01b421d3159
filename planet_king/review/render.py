"""The review in words: plain text (read whole by a screen reader: no table borders, no
symbols standing for words), Markdown, and a self-contained HTML page (charts as inline
SVG, no script, nothing fetched)."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from planet_king.present.forecast_words import level_name
from planet_king.review.account import Account, Part, settle, strokes, turning_points
from planet_king.review.charts import charts as terminal_charts
from planet_king.review.decisions import errors
from planet_king.review.model import Review, Step, TurnRow

CHARTS_TITLE = "Charts"
UNIT = "utility: a victory level is 1, a VP 0.01; each figure is given with one standard error"
LEVEL_ORDER = (
    "major-victory",
    "historical-outcome",
    "defeat",
    "neither-king-nor-planet",
    "automatic-defeat",
)


def signed(x: float) -> str:
    return f"{x:+.2f}"


def part(p: Part) -> str:
    return f"{p.value:+.2f} ± {p.se:.2f}" if p.se else f"{p.value:+.2f}"


@dataclass
class Section:
    title: str
    lines: list[str]


def _where(s: Step) -> str:
    return f"turn {s.turn}, {s.phase}, choice {s.n}"


def _error_line(i: int, s: Step) -> str:
    line = (
        f'{i}. {_where(s).capitalize()}: "{s.asked}". You chose {s.chosen_label}; '
        f"best found: {s.best_label}. Cost {s.error:.2f} ± {s.gap_se:.2f}."
    )
    return f"{line} Why: {s.why}." if s.why else line


def _luck_line(i: int, s: Step) -> str:
    what = s.what or "the draws"
    return f"{i}. {_where(s).capitalize()}: {what}: {signed(s.luck)} ± {s.luck_se:.2f}."


def _turn_line(t: TurnRow) -> str:
    head = "End" if t.end else f"Turn {t.turn} start"
    scores = ", ".join(
        f"{name} {pts} (defeat at {line} or less)" if not t.end else f"{name} {pts}"
        for name, (pts, line) in t.scores.items()
    )
    wars = ", ".join(f"{w} {p:+d}" for w, p in t.wars.items()) or "none active"
    chances = ", ".join(
        f"{level_name(lv)} {t.levels[lv]:.0%}" for lv in LEVEL_ORDER if t.levels.get(lv, 0) >= 0.005
    )
    return (
        f"{head}: VP {t.vp}; {scores or 'scores not counted'}; Treasury {t.treasury}; "
        f"wars: {wars}; value {t.value:.2f} ({chances})."
    )


def sections(review: Review, account: Account | None = None) -> list[Section]:
    a = account or settle(review)
    out: list[Section] = []
    where = "the game's end" if review.over else f"choice {review.choices} (a game in progress)"
    head = [
        f"{review.scenario_name}, seed {review.seed}: {review.settings} review of "
        f"{len(review.steps)} decisions up to {where}, in {review.seconds:.0f} s.",
        f"Result: {level_name(review.level)}, {review.vp} VP (utility {review.result:.2f}).",
    ]
    if review.first:
        head.append(f"Reviewed from choice {review.first + 1}: the game was resumed there.")
    if review.par:
        p = review.par
        same = " (the same game: every choice was the expert's)" if p.get("same_game") else ""
        head.append(
            f"Par: the expert bot from the same seed reaches {level_name(p['level'])}, "
            f"{p['vp']} VP (utility {p['utility']:.2f}){same}; you are "
            f"{review.result - p['utility']:+.2f} against it."
        )
    out.append(Section("Reign review", head))
    out.append(
        Section(
            "The account",
            [
                f"In {UNIT}.",
                f"Expected at the start: {a.start.value:.2f}.",
                f"Luck: {part(a.luck)}.",
                f"Decisions: {part(a.decisions)}.",
                f"Residual, what the estimates cannot separate: {part(a.residual)}.",
                f"Result: {a.result:.2f} (start + luck + decisions + residual).",
                f"Luck-adjusted result, the same choices with average fortune: "
                f"{a.adjusted.value:.2f} ± {a.adjusted.se:.2f}.",
            ],
        )
    )
    errs = errors(review)
    lines = [
        f"{len(review.steps)} decisions reviewed: {a.errors} "
        f"{'error' if a.errors == 1 else 'errors'} beyond the noise; {a.noise} within it "
        "(the choice as good as the best found, or too close to tell)."
    ]
    if errs:
        lines.append("The choices that cost you most:")
        lines += [_error_line(i, s) for i, s in enumerate(errs[:3], 1)]
        if len(errs) > 3:
            lines.append("The other errors:")
            lines += [_error_line(i, s) for i, s in enumerate(errs[3:], 4)]
    out.append(Section("Decisions", lines))
    good, bad = strokes(review)
    lines = [
        f"Turn {t}: good luck {g:+.2f}, bad luck {b:+.2f}, net {g + b:+.2f}."
        for t, (g, b) in sorted(a.luck_by_turn.items())
    ]
    lines.append(f"In total: {part(a.luck)}.")
    if bad:
        lines.append("The worst strokes of fortune:")
        lines += [_luck_line(i, s) for i, s in enumerate(bad, 1)]
    if good:
        lines.append("The best strokes of fortune:")
        lines += [_luck_line(i, s) for i, s in enumerate(good, 1)]
    out.append(Section("Luck", lines))
    lines = []
    for i, t in enumerate(turning_points(review), 1):
        s = t.step
        rest = t.move - s.luck + s.error
        cause = f"luck {signed(s.luck)}" + (f", error {-s.error:+.2f}" if s.error else "")
        cause += f", the rest {signed(rest)}" if abs(rest) >= 0.005 else ""
        what = f": {s.what}" if s.what else ""
        lines.append(
            f'{i}. {_where(s).capitalize()}, "{s.asked}" ({s.chosen_label}): value '
            f"{signed(t.move)} ({cause}){what}."
        )
    out.append(Section("Turning points", lines))
    out.append(Section("Turn by turn", [_turn_line(t) for t in review.turns]))
    return out


def text(review: Review, *, with_charts: bool = True) -> str:
    """The review in plain text; ``with_charts`` adds the charts as plain text (block
    characters, each figure before its bar) after the turn-by-turn lines."""
    parts = []
    for sec in sections(review):
        parts.append(sec.title.upper() if sec.title == "Reign review" else sec.title)
        parts += sec.lines
        parts.append("")
    if with_charts:
        parts += chart_text(review)
    return "\n".join(parts).rstrip() + "\n"


def chart_text(review: Review) -> list[str]:
    """The terminal charts as plain lines, a blank line after each."""
    out = [CHARTS_TITLE] if review.turns else []
    for chart in terminal_charts(review):
        out += [*chart.plain(), ""]
    return out


def markdown(review: Review) -> str:
    secs = sections(review)
    parts = [f"# {secs[0].title}", "", *secs[0].lines, ""]
    for sec in secs[1:]:
        parts += [f"## {sec.title}", ""]
        parts += [line if line[:1].isdigit() else f"- {line}" for line in sec.lines]
        parts.append("")
    parts += ["## Chart data", "", *chart_table(review.turns), ""]
    return "\n".join(parts)


def chart_table(turns: list[TurnRow]) -> list[str]:
    names = sorted({n for t in turns for n in t.scores})
    wars = sorted({w for t in turns for w in t.wars})
    cols = ["Turn", "VP", *(f"{n} (line)" for n in names), "Treasury", *wars, "Value"]
    rows = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    for t in turns:
        cells = [
            "end" if t.end else str(t.turn),
            str(t.vp),
            *(
                f"{t.scores[n][0]} ({t.scores[n][1]})" if n in t.scores and not t.end else "-"
                for n in names
            ),
            str(t.treasury),
            *(f"{t.wars[w]:+d}" if w in t.wars else "-" for w in wars),
            f"{t.value:.2f}",
        ]
        rows.append("| " + " | ".join(cells) + " |")
    return rows


# ------------------------------------------------------------------ SVG charts
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#17becf")
W, H, PAD = 560, 220, 40
LEGEND = 260  # room for the names of the lines, right of the chart


def svg_chart(
    title: str,
    labels: list[str],
    series: Mapping[str, Sequence[float | None]],
    *,
    zero: bool = False,
) -> str:
    """A line chart: one line per series over ``labels``; ``zero`` draws the 0 line."""
    values = [v for vs in series.values() for v in vs if v is not None]
    lo, hi = min([*values, 0.0]), max([*values, 1.0])
    span = hi - lo or 1.0
    n = max(1, len(labels) - 1)

    def x(i: int) -> float:
        return PAD + (W - 2 * PAD) * i / n

    def y(v: float) -> float:
        return H - PAD - (H - 2 * PAD) * (v - lo) / span

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{W + LEGEND}" height="{H}" role="img" '
        f'aria-label="{html.escape(title)}"><title>{html.escape(title)}</title>',
        f'<rect x="0" y="0" width="{W + LEGEND}" height="{H}" fill="white"/>',
        f'<text x="{PAD}" y="16" font-size="13">{html.escape(title)}</text>',
        f'<line x1="{PAD}" y1="{H - PAD}" x2="{W - PAD}" y2="{H - PAD}" stroke="#999"/>',
        f'<text x="4" y="{y(hi) + 4:.0f}" font-size="10">{hi:.1f}</text>',
        f'<text x="4" y="{y(lo) + 4:.0f}" font-size="10">{lo:.1f}</text>',
    ]
    if zero and lo < 0 < hi:
        out.append(
            f'<line x1="{PAD}" y1="{y(0):.1f}" x2="{W - PAD}" y2="{y(0):.1f}" '
            'stroke="#000" stroke-dasharray="4 3"/>'
        )
    step = max(1, len(labels) // 12)
    for i, lab in enumerate(labels):
        last = len(labels) - 1
        if i == last or (i % step == 0 and last - i >= step / 2):  # no two labels overlap
            out.append(
                f'<text x="{x(i):.0f}" y="{H - PAD + 14}" font-size="10" '
                f'text-anchor="middle">{html.escape(lab)}</text>'
            )
    for k, (name, vs) in enumerate(series.items()):
        colour = COLOURS[k % len(COLOURS)]
        pts = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(vs) if v is not None)
        out.append(
            f'<polyline class="series" fill="none" stroke="{colour}" stroke-width="2" '
            f'points="{pts}"/>'
        )
        out.append(
            f'<text x="{W - PAD + 10}" y="{30 + 14 * k}" font-size="11" '
            f'fill="{colour}">{html.escape(name)}</text>'
        )
    out.append("</svg>")
    return "".join(out)


def charts(review: Review) -> list[str]:
    turns = review.turns
    labels = ["end" if t.end else f"T{t.turn}" for t in turns]
    names = sorted({n for t in turns for n in t.scores})
    wars = sorted({w for t in turns for w in t.wars})
    margin = {
        n: [
            float(t.scores[n][0] - t.scores[n][1]) if n in t.scores and not t.end else None
            for t in turns
        ]
        for n in names
    }
    levels = {
        level_name(lv): [t.levels.get(lv, 0.0) for t in turns]
        for lv in LEVEL_ORDER
        if any(t.levels.get(lv, 0.0) for t in turns)
    }
    steps = review.steps
    return [
        svg_chart(
            "Value through the reign, choice by choice",
            [str(s.n) for s in steps] + ["end"],
            {"value": [s.value for s in steps] + [review.result]},
        ),
        svg_chart("Chance of each victory level, turn by turn", labels, levels),
        svg_chart("Victory points", labels, {"VP": [float(t.vp) for t in turns]}),
        svg_chart(
            "Scores above their automatic-defeat line (0: defeat)", labels, margin, zero=True
        ),
        svg_chart("Treasury", labels, {"ducats": [float(t.treasury) for t in turns]}),
        svg_chart(
            "War positions (positive: in your favour)",
            labels,
            {w: [float(t.wars[w]) if w in t.wars else None for t in turns] for w in wars},
            zero=True,
        ),
    ]


def page(review: Review) -> str:
    secs = sections(review)
    body = [f"<h1>{html.escape(secs[0].title)}</h1>"]
    body += [f"<p>{html.escape(line)}</p>" for line in secs[0].lines]
    for sec in secs[1:]:
        body.append(f"<h2>{html.escape(sec.title)}</h2><ul>")
        body += [f"<li>{html.escape(line)}</li>" for line in sec.lines]
        body.append("</ul>")
    body.append("<h2>Charts</h2>")
    body += [f"<figure>{svg}</figure>" for svg in charts(review)]
    title = html.escape(f"Reign review: {review.scenario_name}, seed {review.seed}")
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{title}</title><style>body{{font-family:sans-serif;max-width:60em;"
        "margin:1em auto;line-height:1.4}figure{margin:1em 0}</style></head><body>\n"
        + "\n".join(body)
        + "\n</body></html>\n"
    )
