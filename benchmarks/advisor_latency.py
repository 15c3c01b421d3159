"""Advisor latency: seconds for N playouts on fixed positions (fixed seeds).

    python benchmarks/advisor_latency.py [--playouts 500] [--repeats 3] [--workers 1,2]

Each position is reached by the greedy bot from a fixed seed and is the first choice
of the named turn with more than one legal option (a Planet King position early in the
reign is the slowest: every playout plays the rest of the eight turns). Wall-clock
times, so run it on a quiet machine; the median and the spread are printed.
"""

from __future__ import annotations

import argparse
import statistics
import time

from planet_king.advisor.search import advise
from planet_king.bots.greedy import GreedyBot
from planet_king.content.loader import load_content
from planet_king.engine.game import Game

# (scenario, seed, turn): the position is the first real choice of that turn.
POSITIONS = (
    ("hothead", 4, 1),
    ("iupiter-hispano", 4, 1),
    ("the-planet-king", 14, 1),
    ("the-planet-king", 14, 3),
    ("the-planet-king", 14, 5),
    ("the-planet-king", 14, 7),
)


def position(scenario: str, seed: int, turn: int) -> Game:
    content = load_content()
    game = Game(scenario, seed=seed, content=content, keep_turn_starts=True)
    bot = GreedyBot(seed)
    while game.decision is not None:
        s = game.state
        if s.turn >= turn and s.phase == "events" and len(game.decision.legal) > 1:
            return game
        game.choose(bot.choose(game))
    raise SystemExit(f"{scenario} seed {seed} ended before turn {turn}: pick another seed")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--playouts", type=int, default=500)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--workers", default="1,2", help="comma-separated worker counts")
    args = parser.parse_args()
    counts = [int(w) for w in args.workers.split(",")]
    for scenario, seed, turn in POSITIONS:
        game = position(scenario, seed, turn)
        for workers in counts:
            times = []
            for rep in range(args.repeats):
                start = time.perf_counter()
                advise(game, playouts=args.playouts, seed=rep, workers=workers)
                times.append(time.perf_counter() - start)
            print(
                f"{scenario} turn {game.state.turn} ({len(game.choices)} choices in, "
                f"{len(game.decision.legal)} options), {workers} worker(s): "
                f"{args.playouts} playouts in median {statistics.median(times):.2f} s "
                f"(min {min(times):.2f}, max {max(times):.2f})",
                flush=True,
            )


if __name__ == "__main__":
    main()
