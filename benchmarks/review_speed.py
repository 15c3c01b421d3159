"""How long a reign review takes (issue 30's targets, on two cores: an Anni Mirabiles
reign under 2 minutes, a whole Planet King reign under 10, ``--quick`` under 20 s).

    python benchmarks/review_speed.py [--seed 1] [--scenarios anni-mirabiles,the-planet-king]
        [--modes quick,full]

Plays one expert game of each scenario from the seed (the game ``simulate`` plays as its
first), then reviews it in each mode in this process (one core: the review is serial),
printing the wall-clock and CPU seconds, the decisions reviewed, the forks played and
the account. Nothing is cached: each review starts from nothing.
"""

from __future__ import annotations

import argparse
import time

from planet_king.bots.expert import ExpertBot
from planet_king.content.loader import load_content
from planet_king.engine.game import Game
from planet_king.evaluator.model import default_evaluator
from planet_king.review import FULL, QUICK, review_game, settle
from planet_king.sim import bot_seed, game_seed

MODES = {"quick": QUICK, "full": FULL}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=1, help="master seed (as simulate's)")
    parser.add_argument("--scenarios", default="anni-mirabiles,the-planet-king")
    parser.add_argument("--modes", default="quick,full")
    args = parser.parse_args()
    content = load_content()
    evaluator = default_evaluator()
    for scenario in args.scenarios.split(","):
        seed = game_seed(args.seed, 0)
        game = Game(scenario, seed=seed, content=content)
        bot = ExpertBot(bot_seed(seed))
        while game.decision is not None:
            game.choose(bot.choose(game))
        s = game.state
        print(
            f"{scenario}, seed {seed}: {len(game.choices)} decisions, {s.turn} turns, "
            f"{s.ended_by or 'over'} ({s.victory_level}, {s.vp} VP)"
        )
        for mode in args.modes.split(","):
            wall, cpu = time.perf_counter(), time.process_time()
            review = review_game(game, settings=MODES[mode], evaluator=evaluator)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            a = settle(review)
            print(
                f"  {mode:5}: {wall:6.1f} s wall, {cpu:6.1f} s CPU; {review.forks} forks; "
                f"start {a.start.value:.2f}, luck {a.luck.value:+.2f} ± {a.luck.se:.2f}, "
                f"decisions {a.decisions.value:+.2f} ± {a.decisions.se:.2f} ({a.errors} errors), "
                f"residual {a.residual.value:+.2f}, result {a.result:.2f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
