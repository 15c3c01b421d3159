"""Throughput on Dask against the local pool, on this machine (issue 35).

    python benchmarks/cluster_throughput.py [--games 40] [--seed 3] [--scenario the-planet-king]
        [--bot expert] [--empty-batches 200]

Plays the same ``--games`` games (``simulate``'s seeds) four ways: in this process
(``--workers 1``), in the local process pool of 2 (``--workers 2``), and on a Dask
``LocalCluster`` of 1 and of 2 worker processes (``--cluster local:1``, ``local:2``),
and prints for each the start-up time, the games per second once started, and the
overhead per batch (``--empty-batches`` batches of no game, sent and gathered, per
batch). Every way must give the same games (checked). Then a projection: how long 10
million games would take on 100 workers with batches of ``cluster.MAX_BATCH`` games,
each worker as fast as this process's CPU time a game (a core of its own), and as fast
as the one Dask worker measured here. Measure on a quiet machine and say its load.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from concurrent.futures import ProcessPoolExecutor

from planet_king import cluster as cl
from planet_king.content.loader import load_content
from planet_king.sim import _init_worker, _play_chunk, play_batch, simulate


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--seed", type=int, default=3)
    p.add_argument("--scenario", default="the-planet-king")
    p.add_argument("--bot", default="expert")
    p.add_argument("--empty-batches", type=int, default=200)
    args = p.parse_args()
    content = load_content()
    print(
        f"{args.games} games of {args.scenario}, {args.bot} bot, seed {args.seed}; "
        f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the start"
    )
    rows: list[tuple[str, float, float, float]] = []
    games_of: dict[str, str] = {}

    def play(name: str, **kw: object) -> float:
        start = time.perf_counter()
        r = simulate(args.scenario, args.games, args.seed, args.bot, content=content, **kw)
        games_of[name] = json.dumps(r["games"])
        return args.games / (time.perf_counter() - start)

    # in this process: no start-up, no batches; its CPU time a game is what a core of
    # its own would take, whatever else the machine runs (the projection's basis)
    cpu = time.process_time()
    rows.append(("this process (--workers 1)", 0.0, play("one"), 0.0))
    cpu_per_game = (time.process_time() - cpu) / args.games

    # the local pool of 2: started with the run (as simulate does), so timed apart here
    start = time.perf_counter()
    data = (str(content.data_dir),)
    with ProcessPoolExecutor(2, initializer=_init_worker, initargs=data) as pool:
        list(pool.map(_play_chunk, [(args.scenario, [], args.seed, args.bot, {})] * 2))
        up = time.perf_counter() - start
        t = time.perf_counter()
        empty = [(args.scenario, [], args.seed, args.bot, {})] * args.empty_batches
        list(pool.map(_play_chunk, empty))
        per_batch = (time.perf_counter() - t) / args.empty_batches
    rows.append(("local pool of 2 (--workers 2)", up, play("pool", workers=2), per_batch))

    for n in (1, 2):
        start = time.perf_counter()
        with cl.connect(f"local:{n}", progress=False) as cluster:
            up = time.perf_counter() - start
            job = (str(content.data_dir), content.version, args.scenario, range(0))
            empty_jobs = [(*job, args.seed, args.bot, {})] * args.empty_batches
            cluster.run(play_batch, empty_jobs[:n])  # each worker loads the data once
            t = time.perf_counter()
            cluster.run(play_batch, empty_jobs)
            per_batch = (time.perf_counter() - t) / args.empty_batches
            rate = play(f"dask{n}", cluster=cluster)
        rows.append((f"Dask LocalCluster of {n} (--cluster local:{n})", up, rate, per_batch))

    assert len(set(games_of.values())) == 1, "the ways played different games"
    print()
    print("| how | start-up s | games/s | overhead a batch ms |")
    print("|---|---:|---:|---:|")
    for name, up, rate, per_batch in rows:
        print(f"| {name} | {up:.2f} | {rate:.2f} | {1000 * per_batch:.1f} |")
    overhead = max(r[3] for r in rows[2:])
    total = 10_000_000
    batches = -(-total // cl.MAX_BATCH)
    print(f"\nCPU time a game in this process: {cpu_per_game:.3f} s ({1 / cpu_per_game:.2f}/s).")
    for what, per_game in (
        ("a core of its own, as fast as this process's CPU time", cpu_per_game),
        ("as fast as the one Dask worker measured here", 1 / rows[2][2]),
    ):
        seconds = (total * per_game + batches * overhead) / 100
        print(
            f"Projection: 10 million games on 100 workers, each {what} ({1 / per_game:.2f} "
            f"games/s), in {batches} batches of {cl.MAX_BATCH} games at "
            f"{1000 * overhead:.1f} ms overhead each: about {seconds / 3600:.1f} hours."
        )
    print(
        "Assumed: the scheduler keeps up (10,000 tasks is little for it), the network "
        "costs nothing beside a batch's seconds of play, and the client keeps only what "
        "it needs (simulate keeps every game's record: about "
        f"{len(games_of['one']) / args.games / 1024:.1f} KiB a game here, some 30 GiB "
        "of JSON for 10 million: split such a run)."
    )


if __name__ == "__main__":
    main()
