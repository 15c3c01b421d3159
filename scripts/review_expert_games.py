"""The review's honesty over expert games (issue 30): the expert's own decisions should
show a mean error near zero, and start + luck + decisions + residual = result.

    python scripts/review_expert_games.py [--games 50] [--scenario anni-mirabiles]
        [--mode quick|full] [--seed 1]

Plays the expert's games of ``simulate`` (master seed ``--seed``), reviews each, and
prints per game and in all: the account's parts, the errors found in the expert's
choices, and how far the parts' sum is from the result. The means are given with their
standard error over the games (the spread of the games), and the mean standard error the
reviews stated for each part.
"""

from __future__ import annotations

import argparse
import math
import time

from planet_king.advisor.value import mean, stderr
from planet_king.bots.expert import ExpertBot
from planet_king.content.loader import load_content
from planet_king.engine.game import Game
from planet_king.evaluator.model import default_evaluator
from planet_king.review import FULL, QUICK, review_game, settle
from planet_king.sim import bot_seed, game_seed


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--scenario", default="anni-mirabiles")
    parser.add_argument("--mode", choices=("quick", "full"), default="quick")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    content = load_content()
    evaluator = default_evaluator()
    settings = QUICK if args.mode == "quick" else FULL
    parts: dict[str, list[float]] = {k: [] for k in ("start", "luck", "dec", "res", "result")}
    stated: dict[str, list[float]] = {k: [] for k in ("luck", "dec", "res")}
    gaps: list[float] = []
    errors = decisions = 0
    began = time.perf_counter()
    for i in range(args.games):
        seed = game_seed(args.seed, i)
        game = Game(args.scenario, seed=seed, content=content)
        bot = ExpertBot(bot_seed(seed))
        while game.decision is not None:
            game.choose(bot.choose(game))
        review = review_game(game, settings=settings, evaluator=evaluator, with_par=False)
        a = settle(review)
        total = a.start.value + a.luck.value + a.decisions.value + a.residual.value
        gaps.append(abs(total - a.result))
        for k, v in (
            ("start", a.start.value),
            ("luck", a.luck.value),
            ("dec", a.decisions.value),
            ("res", a.residual.value),
            ("result", a.result),
        ):
            parts[k].append(v)
        for k, p in (("luck", a.luck), ("dec", a.decisions), ("res", a.residual)):
            stated[k].append(p.se)
        errors += a.errors
        decisions += len(review.steps)
        print(
            f"game {i + 1:3} seed {seed}: result {a.result:.2f} = start {a.start.value:.2f} "
            f"+ luck {a.luck.value:+.2f} ± {a.luck.se:.2f} + decisions {a.decisions.value:+.2f} "
            f"({a.errors} errors) + residual {a.residual.value:+.2f} ± {a.residual.se:.2f} "
            f"[{review.seconds:.0f} s]",
            flush=True,
        )
    n, took = args.games, time.perf_counter() - began
    print(f"\n{n} expert games of {args.scenario}, {args.mode} reviews, {took:.0f} s")
    for k, name in (
        ("start", "start"),
        ("luck", "luck"),
        ("dec", "decisions"),
        ("res", "residual"),
        ("result", "result"),
    ):
        extra = ""
        if k in stated:
            rms = math.sqrt(mean([x * x for x in stated[k]]))
            extra = f" (stated error per game, RMS: {rms:.2f})"
        print(f"  mean {name:9}: {mean(parts[k]):+.3f} ± {stderr(parts[k]):.3f}{extra}")
    print(
        f"  expert errors: {errors} in {decisions} decisions ({errors / decisions:.2%}); "
        f"mean cost per game {-mean(parts['dec']):.3f} ± {stderr(parts['dec']):.3f}"
    )
    print(f"  |start + luck + decisions + residual - result|: at most {max(gaps):.1e}")


if __name__ == "__main__":
    main()
