"""Hothead games per second with the random bot (one core, fixed seeds).

    python benchmarks/hothead_throughput.py [--games N] [--repeats R]

Reports the median and spread of several repeats; not a test (timings on shared
machines are noisy).
"""

from __future__ import annotations

import argparse
import statistics
import time

from planet_king.content.loader import load_content
from planet_king.sim import game_seed, play_one


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    content = load_content()
    rates, decision_rates = [], []
    for _ in range(args.repeats):
        decisions = 0
        start = time.perf_counter()
        for i in range(args.games):
            game, _ = play_one("hothead", game_seed(1, i), "random", content=content)
            decisions += len(game.choices)
        elapsed = time.perf_counter() - start
        rates.append(args.games / elapsed)
        decision_rates.append(decisions / elapsed)
    print(f"hothead, random bot, {args.games} games x {args.repeats} repeats")
    print(
        f"games/s: median {statistics.median(rates):.0f} "
        f"(min {min(rates):.0f}, max {max(rates):.0f})"
    )
    print(f"decisions/s: median {statistics.median(decision_rates):.0f}")


if __name__ == "__main__":
    main()
