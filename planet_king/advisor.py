"""The advisor: what each legal option of the pending decision is worth, by Monte Carlo.

For every legal option it plays games to the end from the current position with the
greedy policy: each playout rebuilds the position from the game's seed and choices, then
re-shuffles what the player cannot know (the order of the event, noble and genius decks)
with the advisor's own RNG, takes the option, and plays on. The advisor never changes
the game it is asked about.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, field

from planet_king.bots.greedy import GreedyBot
from planet_king.engine.game import Game
from planet_king.sim import VICTORY_LEVELS


@dataclass
class OptionValue:
    option_id: str
    label: str
    playouts: int = 0
    vps: list[int] = field(default_factory=list)
    levels: Counter[str] = field(default_factory=Counter)

    @property
    def mean_vp(self) -> float:
        return sum(self.vps) / len(self.vps) if self.vps else 0.0

    @property
    def standard_error(self) -> float:
        n = len(self.vps)
        if n < 2:
            return 0.0
        mean = self.mean_vp
        return math.sqrt(sum((v - mean) ** 2 for v in self.vps) / (n - 1) / n)

    @property
    def level_value(self) -> float:
        """Mean victory level, Major Victory 3 ... Neither King nor Planet 0: what the
        ranking sorts on first (Hothead is not counted in VP)."""
        n = max(self.playouts, 1)
        points = {"major-victory": 3, "historical-outcome": 2, "defeat": 1}
        return sum(points.get(lvl, 0) * k for lvl, k in self.levels.items()) / n

    def as_dict(self) -> dict[str, object]:
        n = max(self.playouts, 1)
        return {
            "option": self.option_id,
            "label": self.label,
            "playouts": self.playouts,
            "mean_vp": round(self.mean_vp, 3),
            "standard_error": round(self.standard_error, 3),
            "victory_levels": {
                lvl: round(self.levels.get(lvl, 0) / n, 3) for lvl in VICTORY_LEVELS
            },
        }


def fork(game: Game, choices: list[str] | None = None) -> Game:
    """A fresh copy of the game at the same position (rebuilt by replay)."""
    return Game.replay(
        game.scenario.id,
        game.choices if choices is None else choices,
        seed=game.seed,
        options=game.options,
        content=game.content,
    )


def resample_hidden(game: Game, seed: int) -> None:
    """Fate from here on is unknown: a new RNG, and the hidden deck orders re-shuffled."""
    game.rng = random.Random(seed)
    s = game.state
    for deck in (s.deck, s.noble_deck, s.genius_deck):
        game.rng.shuffle(deck)


def advise(game: Game, *, playouts: int = 500, seed: int = 0) -> list[OptionValue]:
    """Rank the legal options of the pending decision by mean final VP."""
    decision = game.decision
    if decision is None:
        raise ValueError("the game is over: there is no decision to advise on")
    rng = random.Random(seed)
    legal = decision.legal
    values = [OptionValue(o.id, o.label) for o in legal]
    per_option = max(1, playouts // len(legal))
    for value in values:
        for _ in range(per_option):
            play = fork(game)
            resample_hidden(play, rng.getrandbits(48))
            play.choose(value.option_id)
            bot = GreedyBot(rng.getrandbits(32))
            while play.decision is not None:
                play.choose(bot.choose(play))
            value.playouts += 1
            value.vps.append(play.state.vp)
            value.levels[play.state.victory_level] += 1
    return sorted(values, key=lambda v: (-v.level_value, -v.mean_vp))
