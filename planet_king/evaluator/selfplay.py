"""Training positions from expert self-play, labelled with how the reign ended.

``batch_rows(scenario, master_seed, batch, games)`` is the unit of work: it plays the
batch's games with the expert bot (each from its own derived seed), samples positions at
its decision points and returns one row per position. It depends on nothing but its
arguments, so a local process pool (``scripts/evaluator_data.py --workers``) or a
cluster can run batches anywhere and the rows come out the same.

With ``deviate``, each game leaves the expert's play once: at a random decision point
it takes another legal move (a random one, a menu's Back or action type left out), and
only the positions from there on are kept, the first being the one the deviation led
to. The evaluator then sees positions the expert would not have chosen, labelled with
how the reign ended after them: what it needs to rank options (the advisor's instant
answer values the position each option leads to), where games of the expert's own play
teach it only what goes with the positions that play reaches.
"""

from __future__ import annotations

import hashlib
import random
from typing import TYPE_CHECKING

from planet_king.bots.evaluator_bot import menu_only
from planet_king.bots.expert import ExpertBot
from planet_king.evaluator.features import FEATURES, features
from planet_king.evaluator.model import LEVELS, outcome_level
from planet_king.seeds import bot_seed

if TYPE_CHECKING:
    from planet_king.content.loader import Content

# Decision points of an expert game, roughly (measured on a few seeds): positions are
# sampled with the chance that gives ``per_game`` of them per game on average.
TYPICAL_DECISIONS = {
    "hothead": 23,
    "iupiter-hispano": 60,
    "anni-mirabiles": 260,
    "anni-horribiles": 240,
    "the-planet-king": 480,
}
# The columns of a row: which game (its seed), the decision's index in it, the
# features, then the labels (the level's index in LEVELS, final VP).
COLUMNS: tuple[str, ...] = ("scenario", "game_seed", "decision", *FEATURES, "level", "vp")


def game_seed(scenario: str, master: int, index: int) -> int:
    """A game's seed, derived from the master seed, the scenario and its index."""
    digest = hashlib.sha256(f"evaluator:{scenario}:{master}:{index}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def play_game(
    scenario: str, seed: int, per_game: int, content: Content, *, deviate: bool = False
) -> list[list[float | int | str]]:
    """One expert game from ``seed``; the features of the sampled positions, labelled
    with the game's end. ``deviate``: one off-policy move, and only the positions from
    it on (see the module's docstring)."""
    from planet_king.engine.game import Game

    game = Game(scenario, seed=seed, content=content)
    game.quiet = True  # no one reads the log; it changes nothing else
    bot = ExpertBot(bot_seed(seed))
    sampler = random.Random(seed ^ 0xE7A1)  # not the game's RNG: the rules draw alike
    typical = TYPICAL_DECISIONS.get(scenario, 100)
    rate = min(1.0, per_game / typical)
    deviate_from = sampler.randrange(typical) if deviate else None
    keeping = not deviate  # a deviating game keeps nothing before its deviation
    taken: list[tuple[int, list[float]]] = []
    while game.decision is not None:
        mine = bot.choose(game)
        if deviate_from is not None and len(game.choices) >= deviate_from:
            others = [o for o in game.decision.legal_ids if o != mine and not menu_only(o)]
            if others and not menu_only(mine):
                game.choose(sampler.choice(others))
                deviate_from, keeping = None, True
                if game.decision is not None:
                    taken.append((len(game.choices), features(game)))
                continue
        if keeping and sampler.random() < rate:
            taken.append((len(game.choices), features(game)))
        game.choose(mine)
    level = LEVELS.index(outcome_level(game))
    vp = game.state.vp
    return [[scenario, seed, k, *x, level, vp] for k, x in taken]


def batch_rows(
    scenario: str,
    master_seed: int,
    batch: int,
    games: int,
    *,
    per_game: int = 16,
    content: Content | None = None,
    deviate: bool = False,
) -> list[list[float | int | str]]:
    """The rows of batch ``batch``: games ``batch * games`` to ``(batch + 1) * games - 1``
    of the scenario's sequence for ``master_seed``."""
    from planet_king.content.loader import load_content

    content = content or load_content()
    rows: list[list[float | int | str]] = []
    for i in range(batch * games, (batch + 1) * games):
        seed = game_seed(scenario, master_seed, i)
        rows += play_game(scenario, seed, per_game, content, deviate=deviate)
    return rows
