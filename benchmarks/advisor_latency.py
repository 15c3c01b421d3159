"""Advisor latency: seconds for N playouts on fixed positions (fixed seeds).

python benchmarks/advisor_latency.py [--playouts 500] [--repeats 3]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from planet_king.advisor import advise
from planet_king.content.loader import load_content
from planet_king.engine.game import Game

POSITIONS = (("hothead", 3), ("iupiter-hispano", 6), ("the-planet-king", 6))


def position(scenario: str, n: int) -> Game:
    game = Game(scenario, seed=4, content=load_content())
    rng = random.Random(2)
    for _ in range(n):
        game.choose(rng.choice(game.decision.legal_ids))
    return game


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--playouts", type=int, default=500)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    for scenario, n in POSITIONS:
        game = position(scenario, n)
        times = []
        for rep in range(args.repeats):
            start = time.perf_counter()
            advise(game, playouts=args.playouts, seed=rep)
            times.append(time.perf_counter() - start)
        print(
            f"{scenario} after {n} choices, {len(game.decision.legal)} options: "
            f"{args.playouts} playouts in median {statistics.median(times):.2f} s "
            f"(min {min(times):.2f}, max {max(times):.2f})"
        )


if __name__ == "__main__":
    main()
