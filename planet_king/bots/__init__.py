"""Bots: anything with ``choose(game) -> option id``, reading only what a player sees."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Protocol

from planet_king.bots.expert import ExpertBot
from planet_king.bots.greedy import GreedyBot
from planet_king.bots.random_bot import RandomBot
from planet_king.engine.game import Game


class Bot(Protocol):
    name: str

    def choose(self, game: Game) -> str: ...


def _on_use(module: str, cls: str) -> Callable[[int], Bot]:
    """A bot made by a module imported only when the bot is first made: the advisor
    bot's module imports the advisor, which plays its playouts with the bots here, and
    the evaluator bot's loads the model. The registry names them and never imports them
    itself, so importing the bots never imports the advisor back."""

    def make(seed: int) -> Bot:
        factory: Callable[[int], Bot] = getattr(importlib.import_module(module), cls)
        return factory(seed)

    make.__doc__ = f"{module}.{cls}, imported on use."
    return make


BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "expert": ExpertBot,
    # advisor-guided play (the expert, overridden where playouts clearly disagree)
    "advisor": _on_use("planet_king.advisor.bot", "AdvisorBot"),
    # one ply with the learned evaluator
    "evaluator": _on_use("planet_king.bots.evaluator_bot", "EvaluatorBot"),
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
