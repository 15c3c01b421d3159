"""How well a forecast of the victory level is calibrated: Brier score and a reliability
table, for the evaluator and for today's truncated-playout value (``advisor.value``).

Used by ``scripts/train_evaluator.py`` and ``benchmarks/evaluator_calibration.py`` on
held-out games. Nothing here is imported by the evaluator bot; the playout value's
modules (the advisor's) are imported only inside ``playout_levels``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from planet_king.evaluator.model import LEVELS

if TYPE_CHECKING:
    from planet_king.content.loader import Content
    from planet_king.engine.game import Game

BINS = 10


def brier(probs: dict[str, float], level: str) -> float:
    """The multi-class Brier score of one forecast: the squared error summed over the
    levels (0 is a certain, right forecast; 2 a certain, wrong one)."""
    return sum((probs.get(lv, 0.0) - (1.0 if lv == level else 0.0)) ** 2 for lv in LEVELS)


@dataclass
class Reliability:
    """Every (forecast chance, happened) pair of every level, binned by the chance."""

    n: list[int]
    predicted: list[float]
    observed: list[float]

    @classmethod
    def of(cls, pairs: Iterable[tuple[dict[str, float], str]]) -> Reliability:
        n, pred, obs = [0] * BINS, [0.0] * BINS, [0.0] * BINS
        for probs, level in pairs:
            for lv in LEVELS:
                p = probs.get(lv, 0.0)
                b = min(BINS - 1, int(p * BINS))
                n[b] += 1
                pred[b] += p
                obs[b] += lv == level
        return cls(n, pred, obs)

    def rows(self) -> list[tuple[str, int, float, float]]:
        """(bin, count, mean forecast, observed frequency) of the bins with pairs."""
        out = []
        for b in range(BINS):
            if self.n[b]:
                lo, hi = b / BINS, (b + 1) / BINS
                out.append(
                    (
                        f"{lo:.1f}-{hi:.1f}",
                        self.n[b],
                        self.predicted[b] / self.n[b],
                        self.observed[b] / self.n[b],
                    )
                )
        return out

    def text(self, indent: str = "    ") -> str:
        lines = [f"{indent}forecast   pairs  mean forecast  observed"]
        lines += [f"{indent}{name:9s} {k:6d}  {p:13.3f}  {o:8.3f}" for name, k, p, o in self.rows()]
        return "\n".join(lines)


def mean_brier(pairs: Sequence[tuple[dict[str, float], str]]) -> float:
    return sum(brier(p, lv) for p, lv in pairs) / len(pairs) if pairs else float("nan")


def position(scenario: str, seed: int, decision: int, content: Content) -> Game:
    """The position of a self-play row: the expert's game from ``seed`` replayed up to its
    ``decision``-th choice (the expert is deterministic from its seed), with its turn
    starts kept for playouts."""
    from planet_king.bots.expert import ExpertBot
    from planet_king.engine.game import Game
    from planet_king.seeds import bot_seed

    game = Game(scenario, seed=seed, content=content, keep_turn_starts=True)
    bot = ExpertBot(bot_seed(seed))
    while len(game.choices) < decision and game.decision is not None:
        game.choose(bot.choose(game))
    return game


def playout_levels(
    game: Game, playouts: int, seed: int, leaf: str = "forecast"
) -> dict[str, float]:
    """The truncated-playout value as the advisor computes it: ``playouts`` expert
    playouts of the rest of the turn (fate re-sampled; the expert's own choice first),
    each valued at the next turn's start by the forecast or the evaluator (``leaf``:
    ``advisor.value``), their level shares averaged."""
    from planet_king.advisor.playout import play_task
    from planet_king.bots.expert import ExpertBot

    choice = ExpertBot(seed).choose(game.fork())
    rng = random.Random(seed)
    total: dict[str, float] = {}
    for _ in range(playouts):
        task = (choice, rng.getrandbits(48), rng.getrandbits(32), "expert", 1, leaf)
        for lv, share in play_task(game, task).levels.items():
            total[lv] = total.get(lv, 0.0) + share / playouts
    return total
