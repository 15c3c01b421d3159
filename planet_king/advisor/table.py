"""The advisor's table as the player reads it: one presenter for the full screen (and so
the browser, which serves it), the plain-text mode and ``hint``, so all show the same table.

It prints nothing with more precision than it has:

- a value is given to the first significant digit of its standard error ("2.7 ± 0.2");
  an option with one playout has no error yet, and says so;
- level shares and the star ``*`` need ``MIN_SAMPLES`` playouts of the option; the shares
  are rounded to steps that the sample can tell apart (10% under 100 playouts, 5% under
  400, 1% beyond), by largest remainder, so that they add up to 100%;
- the action menu's Back (``"back": true``) is a way through the menus, not a move: it
  has no row;
- options within ``NOISE_Z`` standard errors of the best value (the error of the gap,
  ``sqrt(se_best² + se_other²)``) cannot be told from it: they are grouped as "too close
  to call" and none of them is starred;
- the star goes to the best value shown and to nothing else; when the advisor's own pick
  (the bot's choice among ties, ``advisor``) is not the highest value, the verdict says
  why in words. The recommendation and the values never contradict each other.

Its input is ``hint --json``'s object (``advisor.answer.advice_json``). The learned evaluator's
instant answer (``advisor.instant``, ``"source": "evaluator"``) has the same figures but
measures nothing: its values are a model's guess, shown as such ("~2.71"), ranked, with
no error, no star, no level shares and no recommendation, until playouts come in.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

MIN_SAMPLES = 20  # playouts of an option before it is starred or its level shares shown
NOISE_Z = 2.0  # standard errors of the gap within which two values cannot be told apart

VALUE_MEANING = (
    "Value: victory level (automatic defeat 0, Neither King nor Planet 1, Defeat 2, "
    "Historical Outcome 3, Major Victory 4) + 0.01 per VP, averaged over playouts; "
    "± is one standard error."
)
GUESS_MEANING = (
    "Value: victory level (automatic defeat 0, Neither King nor Planet 1, Defeat 2, "
    "Historical Outcome 3, Major Victory 4) + 0.01 per VP, as the learned evaluator "
    "expects it; ~ marks a guess, not a measure."
)
EVALUATOR = "evaluator"  # the ``source`` of the learned evaluator's instant answer
LEVEL_WORDS = {  # the keys of ``sim.VICTORY_LEVELS``, in the order of their worth
    "major-victory": "Major Victory",
    "historical-outcome": "Historical Outcome",
    "defeat": "Defeat",
    "neither-king-nor-planet": "Neither King nor Planet",
}
_ORDER = {key: i for i, key in enumerate(LEVEL_WORDS)}


def footer() -> str:
    return (
        f"A star (*) and level shares need {MIN_SAMPLES} playouts of an option. "
        "Too close to call: "
        f"within {NOISE_Z:g} standard errors of the best value (the error of the gap)."
    )


@dataclass
class Row:
    option: str
    name: str  # the option as the player reads it (its label)
    playouts: int
    value: float
    value_error: float
    mean_vp: float
    vp_error: float
    levels: dict[str, float]
    automatic_defeat: float
    policy_choice: bool
    advisor_pick: bool
    starred: bool = False
    instant_choice: bool = False  # the evaluator's choice, weighed against the bot's
    close_to_best: bool = False
    guess: bool = False  # the evaluator's value, measured by no playout

    @property
    def enough(self) -> bool:
        return self.playouts >= MIN_SAMPLES


@dataclass
class Table:
    rows: list[Row]  # the best value first
    verdict: str  # the recommendation (or why there is none), in words
    head: str = ""
    groups: list[tuple[str, list[Row]]] = field(default_factory=list)
    meaning: str = VALUE_MEANING

    @property
    def starred(self) -> Row | None:
        return next((r for r in self.rows if r.starred), None)

    def lines(self) -> list[str]:
        out = [self.head, self.meaning, ""] if self.head else [self.meaning, ""]
        for title, rows in self.groups:
            out.append(title)
            for r in rows:
                out += describe_row(r)
        out += ["", self.verdict, footer()]
        return out

    def text(self) -> str:
        return "\n".join(self.lines())


def figure(x: float, se: float | None) -> str:
    """``x`` to the first significant digit of its error ``se`` (one to three decimals)."""
    if se is None:
        return f"~{x:.1f}"
    places = 2 if se <= 0 else min(3, max(1, -math.floor(math.log10(se))))
    return f"{x:.{places}f} ± {se:.{places}f}"


def share_step(playouts: int) -> int:
    return 10 if playouts < 100 else 5 if playouts < 400 else 1


def rounded_shares(shares: dict[str, float], step: int) -> dict[str, int]:
    """Shares (fractions adding up to 1) as percentages in steps of ``step`` that add up
    to 100, by largest remainder: each gets its quota rounded down, and the steps left
    go to the largest remainders (the better level first among equals). Rounded one by
    one they did not add up (issue 32: 10% + 90% read 10% + 80%, or 110%)."""
    steps = 100 // step
    keys = sorted(shares, key=lambda k: _ORDER.get(k, 9))
    quotas = {k: shares[k] * steps for k in keys}
    out = {k: math.floor(quotas[k] + 1e-9) for k in keys}
    left = round(sum(shares.values()) * steps) - sum(out.values())
    by_remainder = sorted(keys, key=lambda k: out[k] - quotas[k])  # largest remainder first
    for k in by_remainder[: max(0, left)]:
        out[k] += 1
    return {k: n * step for k, n in out.items()}


def levels_text(r: Row) -> str:
    if not r.enough:
        return f"levels after {MIN_SAMPLES} playouts"
    step = share_step(r.playouts)
    pcts = rounded_shares(r.levels, step)
    parts = [f"{LEVEL_WORDS.get(k, k)} {pct}%" for k, pct in pcts.items() if pct]
    # a part of Defeat (ruling R45): never more than Defeat's share as shown
    auto = min(round(r.automatic_defeat * 100 / step) * step, pcts.get("defeat", 0))
    if auto:
        parts.append(f"of which automatic defeat {auto}%")
    steps = f" (in steps of {step}%)" if step > 1 else ""
    return (" · ".join(parts) or "no level above 0%") + steps


def describe_row(r: Row) -> list[str]:
    mark = "* " if r.starred else "  "
    notes = []
    if r.policy_choice:
        notes.append("the bot's own choice")
    label = r.name + (f"  ({', '.join(notes)})" if notes else "")
    if r.guess:
        return [
            f"{mark}{label}",
            f"    value ~{r.value:.2f}   VP ~{r.mean_vp:.1f}   no playouts yet",
        ]
    if r.playouts == 0:
        return [f"{mark}{label}", "    not valued yet"]
    se = r.value_error if r.playouts >= 2 else None
    vp_se = r.vp_error if r.playouts >= 2 else None
    count = "1 playout, no error yet" if r.playouts == 1 else f"{r.playouts} playouts"
    return [
        f"{mark}{label}",
        f"    value {figure(r.value, se)}   VP {figure(r.mean_vp, vp_se)}   {count}   "
        f"{levels_text(r)}",
    ]


def _row(d: dict[str, Any], pick: str | None) -> Row:
    return Row(
        option=str(d["option"]),
        name=str(d.get("label", d["option"])),
        playouts=int(d.get("playouts", 0)),
        value=float(d.get("value", 0.0)),
        value_error=float(d.get("value_error", 0.0)),
        mean_vp=float(d.get("mean_vp", 0.0)),
        vp_error=float(d.get("standard_error", 0.0)),
        levels=dict(d.get("victory_levels", {})),
        automatic_defeat=float(d.get("automatic_defeat", 0.0)),
        policy_choice=bool(d.get("policy_choice")),
        advisor_pick=str(d["option"]) == pick if pick else bool(d.get("recommended")),
        instant_choice=bool(d.get("instant_choice")),
    )


def too_close(best: Row, other: Row) -> bool:
    """``other`` cannot be told from ``best``: either has under two playouts (no error
    yet), or the gap is within ``NOISE_Z`` standard errors of the gap."""
    if other is best:
        return True
    if best.playouts < 2 or other.playouts < 2:
        return True
    gap_error = math.hypot(best.value_error, other.value_error)
    return best.value - other.value <= NOISE_Z * gap_error


def build(reply: dict[str, Any]) -> Table:
    """The table of an advisor's answer (``advisor.answer.advice_json``'s object)."""
    pick = reply.get("recommended")
    rows = [_row(d, pick) for d in reply.get("options", []) if not d.get("back")]
    if reply.get("source") == EVALUATOR:
        return _guess_table(reply, rows)
    valued = sorted((r for r in rows if r.playouts), key=lambda r: r.value, reverse=True)
    rows = valued + [r for r in rows if not r.playouts]
    head = _head(reply)
    if not valued:
        return Table(rows, "Nothing valued yet: no playout has finished.", head, [("", rows)])
    best = valued[0]
    close = [r for r in valued if too_close(best, r)]
    for r in close:
        r.close_to_best = True
    rest = [r for r in rows if not r.close_to_best]
    verdict = _verdict(best, close, rows)
    if len(close) > 1:
        groups = [(f"Too close to call ({len(close)} options):", close)]
        if rest:
            groups.append(("Worse by more than the noise:", rest))
    else:
        groups = [("Best value:", close)]
        if rest:
            groups.append(("Worse by more than the noise:", rest))
    return Table(rows, verdict, head, groups)


def _guess_table(reply: dict[str, Any], rows: list[Row]) -> Table:
    """The evaluator's instant answer: its ranking, said to be a guess. It stars and
    recommends nothing: a model's values are not measured (the evaluator alone plays
    worse than the bot, ``docs/balance.md``), the playouts are."""
    for r in rows:
        r.guess = True
    ranked = sorted(rows, key=lambda r: r.value, reverse=True)
    fates = reply.get("fates")
    over = f", averaged over {fates} re-shuffled fates" if fates else ""
    head = (
        "The learned evaluator, at once: each option valued on the position it leads "
        f"to{over}, no playouts: a first guess, which playouts measure (in plain text h 5 "
        "thinks five seconds; the analysis pane keeps thinking). Best guess first."
    )
    if not ranked:
        return Table(rows, "Nothing valued.", head, [("", rows)], GUESS_MEANING)
    best = ranked[0]
    alike = [r for r in ranked if round(r.value, 2) == round(best.value, 2)]
    if len(alike) > 1:
        names = ", ".join(r.name for r in alike)
        words = f"The evaluator values {names} alike (~{best.value:.2f})."
    else:
        words = f"The evaluator's first guess is {best.name} (~{best.value:.2f})."
    bot = next((r for r in ranked if r.policy_choice), None)
    if bot is not None and bot in alike:
        words += (
            " The bot's own choice is among them."
            if len(alike) > 1
            else " It is the bot's own choice too."
        )
    elif bot is not None:
        words += f" The bot's own choice, {bot.name}, is valued ~{bot.value:.2f}."
    words += " No recommendation before playouts have measured the options."
    title = "The evaluator's ranking, best first (a guess, not measured):"
    return Table(ranked, words, head, [(title, ranked)], GUESS_MEANING)


def _head(reply: dict[str, Any]) -> str:
    if "playouts" not in reply:
        return ""
    took = reply.get("elapsed_s")
    took_s = f" in {float(took):.1f} s" if took is not None else ""
    policy = reply.get("policy") or "expert"
    return (
        f"The advisor: {reply['playouts']} playouts{took_s}, the {policy} bot playing on, "
        "unknown cards re-shuffled. Best value first."
    )


def _verdict(best: Row, close: list[Row], rows: list[Row]) -> str:
    """The recommendation in words; it stars ``best`` only when nothing is close to it."""
    pick = next((r for r in close if r.advisor_pick), None)
    bot = next((r for r in close if r.policy_choice), None)
    if len(close) > 1:
        names = ", ".join(r.name for r in close)
        words = f"No single recommendation: {names} are too close to call."
        leaning = pick or bot
        who = "the bot's own choice" if leaning is not None and leaning is bot else "its pick"
        if leaning is not None and leaning is not best:
            gap = best.value - leaning.value
            err = NOISE_Z * math.hypot(best.value_error, leaning.value_error)
            why = (
                "the bot's choice has proved the safer pick"
                if leaning is bot or not leaning.instant_choice
                else "the advisor weighs only the two options named before any playout, "
                "the bot's and the evaluator's, and this one is ahead of the bot's on the "
                "playouts they share"
            )
            if leaning is not bot and leaning.instant_choice:
                who = "the evaluator's choice"
            words += (
                f" The advisor sides with {who}, {leaning.name}, although "
                f"{best.name} shows the higher value: its lead of {gap:.2f} is within the "
                f"noise ({NOISE_Z:g} standard errors = {err:.2f}), and within the noise {why}."
            )
        elif leaning is not None:
            words += (
                f" {leaning.name} ({who}) shows the highest value, but not by more than the noise."
            )
        outside = next((r for r in rows if r.policy_choice and not r.close_to_best), None)
        if outside is not None:
            words += f" The bot's own choice, {outside.name}, is worse by more than the noise."
        return words
    if not best.enough:
        return (
            f"No recommendation yet: {best.name} shows the best value but after only "
            f"{best.playouts} playouts (a star needs {MIN_SAMPLES}). Give the advisor more time."
        )
    best.starred = True
    words = f"Recommended: {best.name}, ahead of every other option by more than the noise."
    if not best.advisor_pick and not best.policy_choice:
        words += " It is not the bot's own choice: here the playouts say the bot is wrong."
    return words
