"""How long saving, autosaving, loading and undoing take at the end of a long game.

    python benchmarks/saves_latency.py [--games N]

For each playable scenario: random games to the end, then the median time of
``saves.dumps``, ``saves.autosave`` (atomic write with fsync, in a temporary folder),
``saves.load_game`` (replay + digest checks) and ``Game.undo`` (replay). Not a test:
timings on shared machines are noisy.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from planet_king import saves
from planet_king.content.loader import load_content
from planet_king.engine.game import Game


def _time(fn, repeats: int = 5) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=5)
    args = parser.parse_args()
    content = load_content()
    print(
        f"{'scenario':18} {'choices':>8} {'dumps ms':>9} {'autosave ms':>12} "
        f"{'load ms':>8} {'undo ms':>8}"
    )
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for scenario in sorted(s for s, sc in content.scenarios.items() if sc.playable):
            rows = []
            for seed in range(args.games):
                game = Game(scenario, seed=seed, content=content)
                rng = random.Random(seed)
                while game.decision is not None:
                    game.choose(rng.choice(game.decision.legal_ids))
                path = saves.save_game(game, f"bench-{scenario}-{seed}", saves_dir=folder)
                rows.append(
                    (
                        len(game.choices),
                        _time(lambda g=game: saves.dumps(g)),
                        _time(lambda g=game: saves.autosave(g, saves_dir=folder)),
                        _time(lambda p=path: saves.load_game(p, content=content), 3),
                        _time(lambda g=game: g.undo(learning=True), 3),
                    )
                )
            med = [statistics.median(col) for col in zip(*rows, strict=True)]
            print(
                f"{scenario:18} {med[0]:8.0f} {med[1]:9.2f} {med[2]:12.2f} "
                f"{med[3]:8.1f} {med[4]:8.1f}"
            )


if __name__ == "__main__":
    main()
