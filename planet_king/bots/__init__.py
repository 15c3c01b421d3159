"""Bots: anything with ``choose(game) -> option id``, reading only what a player sees."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from planet_king.bots.expert import ExpertBot
from planet_king.bots.greedy import GreedyBot
from planet_king.bots.random_bot import RandomBot
from planet_king.engine.game import Game


class Bot(Protocol):
    name: str

    def choose(self, game: Game) -> str: ...


def _advisor(seed: int) -> Bot:
    """Advisor-guided play (imported on use: the advisor plays its playouts with bots)."""
    from planet_king.advisor_bot import AdvisorBot

    return AdvisorBot(seed)


def _evaluator(seed: int) -> Bot:
    """One ply with the learned evaluator (imported on use: it loads the model)."""
    from planet_king.bots.evaluator_bot import EvaluatorBot

    return EvaluatorBot(seed)


BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "expert": ExpertBot,
    "advisor": _advisor,
    "evaluator": _evaluator,
}


# The bots that can play the advisor's playouts: the advisor bot plays playouts of its own,
# and playouts inside each playout would take hours for one answer; the evaluator bot
# forks the game for every option (about 10 ms a decision, 20 times the expert).
PLAYOUT_POLICIES: tuple[str, ...] = tuple(
    name for name in BOTS if name not in ("advisor", "evaluator")
)


def make_bot(name: str, seed: int) -> Bot:
    if name not in BOTS:
        raise ValueError(f"unknown bot '{name}' (known: {', '.join(sorted(BOTS))})")
    return BOTS[name](seed)


__all__ = ["BOTS", "PLAYOUT_POLICIES", "Bot", "ExpertBot", "GreedyBot", "RandomBot", "make_bot"]
