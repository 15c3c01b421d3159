"""The account: result = value at the start + luck + decisions + residual.

With V the evaluator's value of a position and E the value a choice was expected to
bring (one ply, its draws re-sampled: ``estimate``), each step from one decision to the
next splits as

- luck: V(the next decision's position) - E(the choice made): what the cards and markers
  drawn in between did against what was expected of them (exactly 0 where nothing was
  drawn in sight: ``Game.seen_draws``, a hidden deck's shuffle being no draw);
- decisions: minus the choice's error (the best option's gap, played on, where it is
  beyond the noise);
- residual: E(the choice made) - V(here) + the error: what the estimates cannot separate
  (one ply against the play-on, gaps within the noise). It is shown, never hidden: for a
  player who plays like the expert it should be near zero, as the evaluator was fitted
  to the expert's games.

The parts add up to the result exactly (the residual closes the sum); each has a
standard error from the fates (independent between steps: each step has its own).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from planet_king.advisor.value import mean, stderr
from planet_king.review.model import Review, Step


@dataclass
class Part:
    """One part of the account: its estimate and standard error."""

    value: float
    se: float


@dataclass
class Account:
    start: Part
    luck: Part
    decisions: Part
    residual: Part
    result: float
    adjusted: Part  # the result less the luck: what the choices scored with average fortune
    errors: int
    noise: int  # decisions within the noise
    luck_by_turn: dict[int, tuple[float, float]]  # turn -> (good luck, bad luck)


def _next_value(review: Review, i: int) -> float:
    steps = review.steps
    return steps[i + 1].value if i + 1 < len(steps) else review.result


def settle(review: Review) -> Account:
    """Luck on every step, and the account's parts with their errors."""
    luck = dec = res = 0.0
    luck_var = dec_var = res_var = 0.0
    by_turn: dict[int, tuple[float, float]] = {}
    for i, step in enumerate(review.steps):
        expected, e_se = mean(step.expected), stderr(step.expected)
        step.luck, step.luck_se = _next_value(review, i) - expected, e_se
        error = step.error
        err_var = step.gap_se**2 if error > 0 else 0.0
        luck += step.luck
        dec -= error
        res += expected - step.value + error
        luck_var += e_se**2
        dec_var += err_var
        res_var += e_se**2 + err_var
        good, bad = by_turn.get(step.turn, (0.0, 0.0))
        by_turn[step.turn] = (good + max(0.0, step.luck), bad + min(0.0, step.luck))
    start = review.steps[0].value if review.steps else review.result
    return Account(
        start=Part(start, 0.0),
        luck=Part(luck, math.sqrt(luck_var)),
        decisions=Part(dec, math.sqrt(dec_var)),
        residual=Part(res, math.sqrt(res_var)),
        result=review.result,
        adjusted=Part(review.result - luck, math.sqrt(luck_var)),
        errors=sum(1 for s in review.steps if s.error > 0),
        noise=sum(1 for s in review.steps if s.error == 0),
        luck_by_turn=by_turn,
    )


def strokes(review: Review, most: int = 5) -> tuple[list[Step], list[Step]]:
    """The biggest strokes of fortune: the best and the worst (settled reviews)."""
    drawn = [s for s in review.steps if s.draws]
    good = sorted((s for s in drawn if s.luck > 0), key=lambda s: -s.luck)[:most]
    bad = sorted((s for s in drawn if s.luck < 0), key=lambda s: s.luck)[:most]
    return good, bad


@dataclass
class Turning:
    step: Step
    move: float  # V(next) - V(here)


def turning_points(review: Review, most: int = 5) -> list[Turning]:
    """The moments the value moved most, from either cause (settled reviews)."""
    out = [
        Turning(step, _next_value(review, i) - step.value) for i, step in enumerate(review.steps)
    ]
    return sorted(out, key=lambda t: -abs(t.move))[:most]
