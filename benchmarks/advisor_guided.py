"""Advisor-guided play against the policy bot alone, paired on the same seeds.

    python benchmarks/advisor_guided.py iupiter-hispano [--games 300] [--playouts 40]
        [--policy expert] [--horizon 2] [--workers 1]

Each game seed is played twice: by the policy bot alone (as ``simulate`` plays it), and
taking the advisor's recommendation (``--playouts`` per decision) at every decision with
two options or more. Prints, for both, the mean utility, the mean VP and the victory
levels, and the paired differences with their 95% confidence intervals. Slow: every
decision of every guided game runs the advisor.
"""

from __future__ import annotations

import argparse
import math
import time

from planet_king.advisor import DEFAULT_HORIZON, DEFAULT_POLICY, advise
from planet_king.advisor_value import final_outcome
from planet_king.bots import make_bot
from planet_king.content.loader import load_content
from planet_king.engine.game import Game
from planet_king.sim import game_seed

GOOD = {"major-victory", "historical-outcome"}


def play(scenario: str, seed: int, policy: str, advised: dict[str, int] | None) -> Game:
    content = load_content()
    game = Game(scenario, seed=seed, content=content, keep_turn_starts=advised is not None)
    bot = make_bot(policy, seed ^ 0x5EED)
    while game.decision is not None:
        if advised is None:
            game.choose(bot.choose(game))
            continue
        if len(game.decision.legal) < 2:
            # never shown to the bot: a bot that touches the board would leave the game
            # out of step with its choices, and the advisor's forks with it
            game.choose(game.decision.legal_ids[0])
            continue
        advice = advise(game, seed=len(game.choices), policy=policy, **advised)
        game.choose(advice.recommended)
    return game


def _ci(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    return m, 1.96 * sd / math.sqrt(n)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("scenario")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--playouts", type=int, default=40)
    parser.add_argument("--policy", default=DEFAULT_POLICY)
    parser.add_argument("--horizon", type=int, default=DEFAULT_HORIZON)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    budget = {"playouts": args.playouts, "horizon": args.horizon, "workers": args.workers}
    rows: list[tuple[float, ...]] = []
    start = time.monotonic()
    for i in range(args.games):
        seed = game_seed(args.seed, i)
        a = final_outcome(play(args.scenario, seed, args.policy, None))
        b = final_outcome(play(args.scenario, seed, args.policy, dict(budget)))
        rows.append(
            (
                a.value,
                b.value,
                a.vp,
                b.vp,
                int("major-victory" in a.levels),
                int("major-victory" in b.levels),
                int(bool(GOOD & a.levels.keys())),
                int(bool(GOOD & b.levels.keys())),
            )
        )
        if (i + 1) % 10 == 0:
            print(f"  {i + 1} games, {time.monotonic() - start:.0f} s", flush=True)
            summary(args, rows)
    if len(rows) % 10:
        summary(args, rows)


def summary(args: argparse.Namespace, rows: list[tuple[float, ...]]) -> None:
    n = len(rows)
    print(
        f"{args.scenario}, {n} paired games (seed {args.seed}), policy {args.policy}, "
        f"advisor {args.playouts} playouts a decision, horizon {args.horizon}:"
    )
    for name, ia in (("utility", 0), ("VP", 2), ("major victory", 4), ("historical or better", 6)):
        alone = _ci([r[ia] for r in rows])
        guided = _ci([r[ia + 1] for r in rows])
        diff = _ci([r[ia + 1] - r[ia] for r in rows])
        print(
            f"  {name}: {args.policy} {alone[0]:.3f} ± {alone[1]:.3f}, guided "
            f"{guided[0]:.3f} ± {guided[1]:.3f}, paired difference {diff[0]:+.3f} ± {diff[1]:.3f}"
        )


if __name__ == "__main__":
    main()
