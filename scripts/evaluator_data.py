"""Training positions for the learned evaluator, from expert self-play.

    python scripts/evaluator_data.py [--games 1000] [--scenario NAME ...] [--seed 11]
        [--per-game 16] [--batch 25] [--workers 2] [--out DIR] [--deviate]

Plays ``--games`` expert games of each scenario (each from its own derived seed), samples
about ``--per-game`` positions of each at its decision points and labels them with the
reign's outcome (level and final VP; Hothead's by its own condition). The work is cut
into batches of ``--batch`` games (``planet_king.evaluator.selfplay.batch_rows``: a pure
function of the batch's index, the seam where a cluster can take over), played in a
local process pool; rows are streamed to one gzipped CSV per scenario, written to a
temporary file and renamed when complete, in the user's cache folder by default (never
the repository). Batches come back in order, so a seed always gives the same file.

``--deviate``: each game leaves the expert's play once, at a random decision, for a
random other move, and only the positions from there on are kept (``selfplay``): the
off-policy positions an evaluator that ranks options must have seen. Its files are
named ``...-deviate.csv.gz``; train on both kinds (a different ``--seed`` for each).
"""

from __future__ import annotations

import argparse
import csv
import gzip
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from planet_king.evaluator.features import SCENARIOS
from planet_king.evaluator.selfplay import COLUMNS, batch_rows


def default_dir() -> Path:
    import platformdirs

    return Path(platformdirs.user_cache_dir("planet-king", appauthor=False)) / "evaluator"


def _job(args: tuple[str, int, int, int, int, bool]) -> list[list[float | int | str]]:
    scenario, seed, batch, games, per_game, deviate = args
    return batch_rows(scenario, seed, batch, games, per_game=per_game, deviate=deviate)


def _cell(v: float | int | str) -> str:
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)


def write_scenario(
    scenario: str,
    games: int,
    seed: int,
    per_game: int,
    batch: int,
    workers: int,
    out: Path,
    deviate: bool = False,
) -> tuple[Path, int]:
    batches = (games + batch - 1) // batch
    jobs = [
        (scenario, seed, b, min(batch, games - b * batch), per_game, deviate)
        for b in range(batches)
    ]
    # Each job plays games b*batch .. b*batch+n-1: a short last batch keeps the indices.
    kind = "-deviate" if deviate else ""
    path = out / f"positions-{scenario}-seed{seed}-games{games}{kind}.csv.gz"
    tmp = path.with_suffix(".tmp")
    rows = 0
    with gzip.open(tmp, "wt", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(COLUMNS)
        if workers > 1:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                results = pool.map(_job, jobs)
                for chunk in results:
                    w.writerows([_cell(v) for v in row] for row in chunk)
                    rows += len(chunk)
        else:
            for job in jobs:
                chunk = _job(job)
                w.writerows([_cell(v) for v in row] for row in chunk)
                rows += len(chunk)
    os.replace(tmp, path)
    return path, rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000, help="games per scenario")
    ap.add_argument("--scenario", action="append", choices=SCENARIOS, help="default: all")
    ap.add_argument("--seed", type=int, default=11, help="master seed")
    ap.add_argument("--per-game", type=int, default=16, help="positions per game, on average")
    ap.add_argument("--batch", type=int, default=25, help="games per batch (unit of work)")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--out", type=Path, default=None, help="folder (default: the user cache)")
    ap.add_argument(
        "--deviate", action="store_true", help="one random off-policy move a game (see above)"
    )
    a = ap.parse_args()
    if a.games < 1 or a.batch < 1 or a.per_game < 1 or a.workers < 1:
        sys.exit("error: --games, --batch, --per-game and --workers must be 1 or more")
    out = a.out or default_dir()
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        sys.exit(f"error: cannot create {out}: {exc}")
    for scenario in a.scenario or SCENARIOS:
        t = time.perf_counter()
        path, rows = write_scenario(
            scenario, a.games, a.seed, a.per_game, a.batch, a.workers, out, a.deviate
        )
        print(
            f"{scenario}: {a.games} games, {rows} positions -> {path} "
            f"({time.perf_counter() - t:.0f} s wall)",
            flush=True,
        )


if __name__ == "__main__":
    main()
