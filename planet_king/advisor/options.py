"""What the playouts say of each option, and the recommendation they support: the
figures of one option (``OptionValue``), the answer (``Advice``), and the rules that
read them (ties, a clear lead, the duel of the bot's choice with the evaluator's; the
search's docstring, ``advisor.search``, says why each). Apart from the search so that the
instant answer (``advisor.instant``) concludes by the same rules without the search's
playout machinery, and the search asks the instant answer without a circle."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from planet_king.advisor.value import AUTOMATIC_DEFEAT, Outcome, mean, stderr
from planet_king.engine.state import VictoryLevel
from planet_king.sim import VICTORY_LEVELS

DEFAULT_POLICY = "expert"  # plays the playouts and breaks ties
MIN_PAIRS = 8  # shared playouts needed before two options are told apart
DUEL_PAIRS = 4  # shared playouts that settle the policy's choice against the evaluator's
OVERRIDE_Z = 2.0  # standard errors an option must beat the policy's choice by


@dataclass
class OptionValue:
    option_id: str  # its words are the presenters' (``advisor.answer.advice_json``)
    values: dict[int, float] = field(default_factory=dict)  # utility by playout index
    vps: dict[int, float] = field(default_factory=dict)
    levels: dict[str, float] = field(default_factory=dict)
    truncated: int = 0
    dropped_in: int | None = None  # the round it was dropped after (None: kept to the end)
    policy_choice: bool = False
    instant_choice: bool = False  # the evaluator's choice, weighed against the policy's
    tied_with_best: bool = False
    recommended: bool = False

    def add(self, k: int, o: Outcome) -> None:
        self.values[k], self.vps[k] = o.value, o.vp
        for level, share in o.levels.items():
            self.levels[level] = self.levels.get(level, 0.0) + share
        self.truncated += o.truncated

    @property
    def playouts(self) -> int:
        return len(self.values)

    @property
    def value(self) -> float:
        """Mean utility (see ``advisor.value``)."""
        return mean(list(self.values.values()))

    @property
    def mean_vp(self) -> float:
        return mean(list(self.vps.values()))

    @property
    def standard_error(self) -> float:
        """Of the mean VP."""
        return stderr(list(self.vps.values()))

    @property
    def value_error(self) -> float:
        return stderr(list(self.values.values()))

    def as_dict(self) -> dict[str, object]:
        n = max(self.playouts, 1)
        automatic = self.levels.get(AUTOMATIC_DEFEAT, 0.0)
        # the engine records an automatic defeat as a Defeat (ruling R45)
        shares = {lvl: self.levels.get(lvl, 0.0) for lvl in VICTORY_LEVELS}
        shares[VictoryLevel.DEFEAT] += automatic
        return {
            "option": self.option_id,
            "playouts": self.playouts,
            "mean_vp": round(self.mean_vp, 3),
            "standard_error": round(self.standard_error, 3),
            "victory_levels": {lvl: round(share / n, 3) for lvl, share in shares.items()},
            "automatic_defeat": round(automatic / n, 3),
            "value": round(self.value, 4),
            "value_error": round(self.value_error, 4),
            "tied_with_best": self.tied_with_best,
            "recommended": self.recommended,
            "policy_choice": self.policy_choice,
            "instant_choice": self.instant_choice,
            "truncated": self.truncated,
        }


@dataclass
class Advice:
    options: list[OptionValue]  # ranked, the best first
    recommended: str
    policy_choice: str
    policy: str
    horizon: int
    seed: int
    elapsed_s: float

    @property
    def playouts(self) -> int:
        return sum(v.playouts for v in self.options)

    def option(self, option_id: str) -> OptionValue:
        return next(v for v in self.options if v.option_id == option_id)


def paired_gap(best: OptionValue, other: OptionValue) -> tuple[float, float, int]:
    """Mean and standard error of ``best - other`` over the playouts both have (the same
    seeds, so the fates they share cancel out), and how many those are."""
    ks = sorted(best.values.keys() & other.values.keys())
    diffs = [best.values[k] - other.values[k] for k in ks]
    return mean(diffs), stderr(diffs), len(ks)


def tied(best: OptionValue, other: OptionValue) -> bool:
    """Within one standard error of the best; with fewer than ``MIN_PAIRS`` shared
    playouts the standard error itself is too uncertain to tell them apart: tied."""
    if other is best:
        return True
    gap, se, n = paired_gap(best, other)
    return n < MIN_PAIRS or gap <= se


def beats(challenger: OptionValue, mine: OptionValue, z: float = OVERRIDE_Z) -> bool:
    """Whether ``challenger`` is clearly better than ``mine``: ahead by more than ``z``
    standard errors of the paired gap, over ``MIN_PAIRS`` shared playouts or more."""
    if challenger is mine:
        return False
    gap, se, n = paired_gap(challenger, mine)
    return n >= MIN_PAIRS and gap > z * se


def duel_won(theirs: OptionValue, mine: OptionValue) -> bool:
    """Whether the evaluator's choice wins its duel with the policy's: ahead on the
    playouts they share, ``DUEL_PAIRS`` or more (``advisor.search``'s docstring)."""
    if theirs is mine:
        return False
    gap, _, n = paired_gap(theirs, mine)
    return n >= DUEL_PAIRS and gap > 0


def conclude(
    values: list[OptionValue],
    mine: OptionValue,
    policy: str,
    horizon: int,
    seed: int,
    started: float,
) -> Advice:
    """The advice from the playouts so far: ranked, ties marked, one option recommended."""
    for v in values:
        v.tied_with_best = v.recommended = False
    ranked = sorted(
        (v for v in values if v.playouts),
        key=lambda v: (v.dropped_in is None, v.dropped_in or 0, v.value),
        reverse=True,
    ) + [v for v in values if not v.playouts]
    best = ranked[0]
    for v in ranked:
        v.tied_with_best = v.playouts > 0 and tied(best, v)
    pick = best if beats(best, mine) else mine
    if pick is mine:
        theirs = next((v for v in values if v.instant_choice), mine)
        if duel_won(theirs, mine):
            pick = theirs
    pick.recommended = True
    return Advice(
        ranked,
        pick.option_id,
        mine.option_id,
        policy,
        horizon,
        seed,
        round(time.monotonic() - started, 3),
    )
