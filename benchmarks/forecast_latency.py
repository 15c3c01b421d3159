"""Forecast latency: milliseconds per decision for the Council of State's forecast and
for the warnings on choices that certainly bring an automatic defeat (the screen and
the plain-text mode compute both once per decision).

    python benchmarks/forecast_latency.py [--games 3]

Games played by the greedy bot from fixed seeds; every decision is timed. Wall-clock
times, so run it on a quiet machine; the mean, the 95th percentile and the worst are
printed for each scenario.
"""

from __future__ import annotations

import argparse
import statistics
import time

from planet_king.bots.greedy import GreedyBot
from planet_king.content.loader import load_content
from planet_king.engine.forecast import defeat_warnings, forecast
from planet_king.engine.game import Game

SCENARIOS = ("iupiter-hispano", "anni-horribiles", "the-planet-king")


def measure(scenario: str, games: int) -> tuple[list[float], list[float]]:
    content = load_content()
    fc_ms: list[float] = []
    warn_ms: list[float] = []
    for seed in range(games):
        game = Game(scenario, seed=seed, content=content, keep_turn_starts=True)
        bot = GreedyBot(seed)
        while game.decision is not None:
            t = time.perf_counter()
            forecast(game)
            fc_ms.append((time.perf_counter() - t) * 1000)
            t = time.perf_counter()
            defeat_warnings(game)
            warn_ms.append((time.perf_counter() - t) * 1000)
            game.choose(bot.choose(game))
    return fc_ms, warn_ms


def summary(ms: list[float]) -> str:
    p95 = statistics.quantiles(ms, n=20)[-1] if len(ms) > 1 else ms[0]
    return f"mean {statistics.mean(ms):6.2f}  p95 {p95:6.2f}  worst {max(ms):7.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args()
    for scenario in SCENARIOS:
        fc_ms, warn_ms = measure(scenario, args.games)
        print(f"{scenario:<16} {len(fc_ms):5d} decisions")
        print(f"  forecast          {summary(fc_ms)} ms")
        print(f"  defeat warnings   {summary(warn_ms)} ms")


if __name__ == "__main__":
    main()
