"""What a playout's end is worth to the player: the advisor's utility.

The player's goal is a victory level, so the utility counts the level first and the VP
only as a tie-break:

    automatic defeat 0 < Neither King nor Planet 1 < Defeat 2 < Historical Outcome 3
    < Major Victory 4, plus 0.01 per VP

(0.01 per VP: 30 VP, more than any game scores, stay under one level). In Hothead the
VP decide nothing: its own victory condition (the engine's level) gives Major Victory
(4) or Defeat (2), VP again only the tie-break.

A playout that stops at an End of Turn before the game's end (a truncated playout: the
End of Turn is played, the next turn has started) is valued with the forecast
(``engine.forecast``): the VP the tables would give,
read at the new turn's start, gives what each turn left is expected to gain, which
projects the final VP and so the level; the worst margin to the automatic-defeat line
gives the chance of surviving each turn left. The projected VP is uncertain (a turn's
gain spreads about its mean), so the level is a share of each level by a normal law about
the projection, not the one level the projection lands in: a playout that ends a VP short
of a threshold is worth nearly as much as one a VP over it, as it is. The rates and the
spread were measured on games of the policy bot that plays the playouts
(``benchmarks/advisor_calibration.py``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from planet_king.engine.forecast import forecast, level_for, level_lines

if TYPE_CHECKING:
    from planet_king.engine.game import Game

AUTOMATIC_DEFEAT = "automatic-defeat"
LEVEL_POINTS = {
    AUTOMATIC_DEFEAT: 0.0,
    "neither-king-nor-planet": 1.0,
    "defeat": 2.0,
    "historical-outcome": 3.0,
    "major-victory": 4.0,
}
VP_WEIGHT = 0.01


@dataclass(frozen=True)
class Rates:
    """How turns go under a policy, measured by ``benchmarks/advisor_calibration.py
    --games 100 --bot NAME`` (100 games each of The Planet King and the Anni scenarios):
    the chance that a turn ends in automatic defeat, by the worst margin to the defeat
    line the forecast reads at the turn's start (barely predictive: the player still
    has the whole turn to act, so it is pooled in two), and the VP a surviving turn
    gains, by the VP the tables read at its start would give."""

    hazard_close: float  # worst margin 1 or less
    hazard_far: float  # 2 or more
    gain: float  # VP a surviving turn gains when the tables give 0 VP or more
    gain_per_table_vp: float  # less for each VP the tables would take
    spread: float  # standard deviation of a surviving turn's gain about its mean


RATES = {
    # margin 0: 0.17, 1: 0.21, 2: 0.11, 3: 0.22; gain 2.2 at 0, 1.2 at -1, 0.8 at -2
    "greedy": Rates(0.19, 0.17, 2.1, 0.6, 2.5),
    # margin 0: 0.067, 1: 0.110, 2: 0.047, 3: 0.061, 4: 0.027 (37 turns); gain 2.77 at 0,
    # 2.57 at +1, 2.89 at +2 (2.65 over the three), 2.24 at -1, 1.78 at -2; spread 2.44
    # (the expert that plans reinforcements; before it, 0.09, 0.065, 2.5, 0.6, 2.5)
    "expert": Rates(0.09, 0.055, 2.65, 0.45, 2.45),
}


def utility(level: str, vp: float) -> float:
    """The player's goal as one number: the level first, VP as the tie-break."""
    return LEVEL_POINTS[level] + VP_WEIGHT * vp


@dataclass(frozen=True)
class Outcome:
    """How one playout ends (or, truncated, where it is heading)."""

    value: float  # the utility, or its expectation for a truncated playout
    vp: float  # final VP, or the projected final VP
    levels: dict[str, float]  # share of each level (a truncated playout spreads it)
    truncated: bool

    def to_json(self) -> list[object]:
        return [self.value, self.vp, self.levels, self.truncated]

    @classmethod
    def from_json(cls, raw: list[object]) -> Outcome:
        value, vp, levels, truncated = raw
        assert isinstance(levels, dict)
        return cls(float(value), float(vp), dict(levels), bool(truncated))  # type: ignore[arg-type]


def final_outcome(g: Game) -> Outcome:
    """A game played to its end."""
    s = g.state
    level = AUTOMATIC_DEFEAT if s.ended_by == "automatic-defeat" else s.victory_level
    return Outcome(utility(level, s.vp), float(s.vp), {level: 1.0}, truncated=False)


def rates(policy: str) -> Rates:
    return RATES.get(policy, RATES["greedy"])


def hazard(margin: int, policy: str = "greedy") -> float:
    """Chance that a turn starting ``margin`` points from the defeat line ends in one."""
    r = rates(policy)
    return r.hazard_close if margin <= 1 else r.hazard_far


def turn_gain(table_vp: int, policy: str = "greedy") -> float:
    """The VP a surviving turn gains, from the tables' VP read at its start."""
    r = rates(policy)
    return r.gain + r.gain_per_table_vp * min(0, table_vp)


def level_shares(g: Game, vp: float, sd: float) -> dict[str, float]:
    """The share of each victory level when the final VP are ``vp`` give or take ``sd``
    (a normal law; VP are whole, so a level from ``t`` VP takes what lies over t - 0.5).
    With no spread, the one level ``vp`` reaches."""
    if sd <= 0:
        return {level_for(g, round(vp)): 1.0}
    shares: dict[str, float] = {}
    below = 1.0  # the share under the thresholds seen so far (the highest first)
    for level, line in level_lines(g):
        under = 0.5 * (1 + math.erf((line - 0.5 - vp) / (sd * math.sqrt(2))))
        shares[level] = below - under
        below = under
    shares["neither-king-nor-planet"] = below
    return {k: v for k, v in shares.items() if v > 0}


def truncated_outcome(g: Game, policy: str = "greedy") -> Outcome:
    """A game stopped at an End of Turn (at the start of a later turn), valued with the
    forecast: VP so far plus what each turn left gains, weighed by the chance of
    surviving those turns (both read from the forecast's tables and margins), each
    level by its share about the projected VP."""
    f = forecast(g)
    turns_left = f.last_turn - f.turn + 1  # this turn's End of Turn is still to come
    r = rates(policy)
    projected = f.vp_now + turn_gain(f.table_vp, policy) * turns_left
    survive = (1.0 - hazard(f.worst_margin, policy)) ** turns_left
    shares = level_shares(g, projected, r.spread * math.sqrt(turns_left))
    value = survive * sum(share * utility(level, projected) for level, share in shares.items()) + (
        1 - survive
    ) * utility(AUTOMATIC_DEFEAT, f.vp_now)
    levels = {level: survive * share for level, share in shares.items()}
    levels[AUTOMATIC_DEFEAT] = levels.get(AUTOMATIC_DEFEAT, 0.0) + 1 - survive
    vp = survive * projected + (1 - survive) * f.vp_now
    return Outcome(value, vp, levels, truncated=True)


FORECAST = "forecast"  # a truncated playout's leaf valued by the forecast's rates
EVALUATOR = "evaluator"  # ... by the learned evaluator (``planet_king.evaluator``)
LEAVES = (FORECAST, EVALUATOR)


def evaluator_outcome(g: Game) -> Outcome:
    """A game stopped before its end, valued by the learned evaluator: its chance of
    each level and its expected VP, read from the position in well under a millisecond."""
    from planet_king.evaluator.model import default_evaluator

    p = default_evaluator().predict(g)
    return Outcome(p.value, p.vp, dict(p.levels), truncated=True)


def outcome(g: Game, policy: str = "greedy", leaf: str = FORECAST) -> Outcome:
    """A playout's end: exact when the game is over, else valued at its leaf by the
    forecast (with the rates of the ``policy`` that played it) or by the evaluator."""
    if g.over:
        return final_outcome(g)
    if leaf == EVALUATOR:
        return evaluator_outcome(g)
    if leaf != FORECAST:
        raise ValueError(f"unknown leaf valuation '{leaf}' (known: {', '.join(LEAVES)})")
    return truncated_outcome(g, policy)


def mean(xs: list[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0


def stderr(xs: list[float]) -> float:
    """The standard error of the mean of ``xs`` (0 with one value: no spread known)."""
    n = len(xs)
    if n < 2:
        return 0.0
    m = mean(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1) / n)
