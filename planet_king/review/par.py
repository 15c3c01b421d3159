"""Par: what the expert bot scores from the same starting position and seed.

The expert plays the scenario with the game's options and seed, so its first shuffle of
every deck is the player's; the cards drawn part from the player's as soon as the two
take different choices (a choice that draws more or fewer cards shifts the rest).
"""

from __future__ import annotations

from typing import Any

from planet_king.bots.expert import ExpertBot
from planet_king.engine.game import Game
from planet_king.evaluator.model import outcome_level, utility
from planet_king.sim import bot_seed


def par_result(game: Game) -> dict[str, Any]:
    g = Game(game.scenario.id, seed=game.seed, options=game.options, content=game.content)
    bot = ExpertBot(bot_seed(game.seed))  # the seed simulate gives it: its own game
    while g.decision is not None:
        g.choose(bot.choose(g))
    level = outcome_level(g)
    same = g.choices == game.choices
    return {
        "level": level,
        "vp": g.state.vp,
        "utility": utility(level, g.state.vp),
        "turn": g.state.turn,
        "same_game": same,
    }
