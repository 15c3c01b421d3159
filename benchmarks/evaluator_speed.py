"""Evaluator speed: microseconds per position for the features and for the model's value.

    python benchmarks/evaluator_speed.py [--games 2] [--seed 2]

Expert games of every scenario from seeds ``--seed``, ``--seed + 1``...; at every
decision point the features (``planet_king.evaluator.features``, mostly the forecast)
and the model's prediction from them are timed apart. Wall-clock times on one core, the
median and the 95th percentile (a busy machine shows in the percentile): run it on a
quiet machine. Also the time to load the packaged model.
"""

from __future__ import annotations

import argparse
import statistics
import time

from planet_king.bots.expert import ExpertBot
from planet_king.content.loader import load_content
from planet_king.engine.game import Game
from planet_king.evaluator.features import SCENARIOS, features
from planet_king.evaluator.model import Evaluator


def pct(xs: list[float], q: float) -> float:
    return sorted(xs)[min(len(xs) - 1, int(q * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--seed", type=int, default=2)
    a = ap.parse_args()
    t = time.perf_counter()
    ev = Evaluator.load()
    print(f"model loaded in {(time.perf_counter() - t) * 1000:.1f} ms")
    content = load_content()
    print(f"{'scenario':18s} {'positions':>9s}  features µs (median/p95)  value µs (median/p95)")
    for sc in SCENARIOS:
        feat_us: list[float] = []
        value_us: list[float] = []
        for seed in range(a.seed, a.seed + a.games):
            game = Game(sc, seed=seed, content=content)
            bot = ExpertBot(seed)
            while game.decision is not None:
                t = time.perf_counter()
                x = features(game)
                t1 = time.perf_counter()
                ev.predict_features(sc, x)
                t2 = time.perf_counter()
                feat_us.append((t1 - t) * 1e6)
                value_us.append((t2 - t1) * 1e6)
                game.choose(bot.choose(game))
        print(
            f"{sc:18s} {len(feat_us):9d}  {statistics.median(feat_us):8.0f} / "
            f"{pct(feat_us, 0.95):5.0f}             {statistics.median(value_us):6.0f} / "
            f"{pct(value_us, 0.95):5.0f}"
        )


if __name__ == "__main__":
    main()
