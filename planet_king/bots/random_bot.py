"""The random bot: uniform over the legal options of the pending decision."""

from __future__ import annotations

import random

from planet_king.engine.game import Game


class RandomBot:
    name = "random"

    def __init__(self, seed: int) -> None:
        # The bot has its own RNG: the game's RNG is the engine's alone (DESIGN 1.4).
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> str:
        decision = game.decision
        if decision is None:
            raise ValueError("the game is over")
        return self.rng.choice(decision.legal_ids)
