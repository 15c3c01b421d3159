"""The review's luck at each set-up step of expert games (docs/review.md).

    python scripts/review_setup_luck.py [--scenarios a,b] [--seeds 1,2,3]

For every set-up decision: the draws the RNG made (``random_draws``, shuffles included),
the draws in sight (``seen_draws``, what the review reads; "-" in an older checkout run
with PYTHONPATH), and the luck the quick review counts there: the value at the next
decision less the mean of the quick review's one-ply fates (their spread: 0 where one
fork stood for them all).
"""

from __future__ import annotations

import argparse
from statistics import mean

from planet_king.bots.expert import ExpertBot
from planet_king.content.loader import load_content
from planet_king.engine.game import Game
from planet_king.evaluator.model import default_evaluator
from planet_king.review.estimate import QUICK, Estimator
from planet_king.sim import bot_seed

STANDARD = "iupiter-hispano,anni-mirabiles,anni-horribiles,the-planet-king"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenarios", default=STANDARD)
    parser.add_argument("--seeds", default="1,2,3,4,5,6")
    args = parser.parse_args()
    content = load_content()
    est = Estimator(default_evaluator(), QUICK)
    for scenario in args.scenarios.split(","):
        for seed in (int(x) for x in args.seeds.split(",")):
            g = Game(scenario, seed=seed, content=content, keep_turn_starts=True)
            bot = ExpertBot(bot_seed(seed))
            n = 0
            while g.decision is not None and g.state.phase == "setup":
                n += 1
                asked, choice = g.decision.prompt, bot.choose(g)
                expected = est.one_ply(g, choice, n, QUICK.luck_fates)
                draws, seen = g.random_draws, getattr(g, "seen_draws", None)
                g.choose(choice)
                shown = "-" if seen is None else g.seen_draws - seen
                print(
                    f"{scenario} seed {seed} step {n} {asked!r}: random_draws "
                    f"+{g.random_draws - draws}, in sight +{shown}, luck "
                    f"{est.value(g) - mean(expected):+.4f} (fates' spread "
                    f"{max(expected) - min(expected):.4f})"
                )


if __name__ == "__main__":
    main()
