"""Engine throughput: complete games per second, and decisions per second.

    python benchmarks/throughput.py [--scenario hothead] [--bot random] [--games N] [--repeats R]

Fixed seeds, several repeats, the median and the spread; one core. Not a test: timings
on shared machines are noisy, so figures are reported in notes, not asserted.
"""

from __future__ import annotations

import argparse
import statistics
import time

from planet_king.content.loader import load_content
from planet_king.sim import game_seed, play_one


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--scenario", default="hothead")
    parser.add_argument("--bot", default="random")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    content = load_content()
    rates, decision_rates = [], []
    for _ in range(args.repeats):
        decisions = 0
        start = time.perf_counter()
        for i in range(args.games):
            game, _ = play_one(args.scenario, game_seed(1, i), args.bot, content=content)
            decisions += len(game.choices)
        elapsed = time.perf_counter() - start
        rates.append(args.games / elapsed)
        decision_rates.append(decisions / elapsed)
    print(f"{args.scenario}, {args.bot} bot, {args.games} games x {args.repeats} repeats")
    print(
        f"games/s: median {statistics.median(rates):.0f} "
        f"(min {min(rates):.0f}, max {max(rates):.0f})"
    )
    print(f"decisions/s: median {statistics.median(decision_rates):.0f}")


if __name__ == "__main__":
    main()
