"""Advisor quality: does the quick answer pick what a long reference run would pick?

    python benchmarks/advisor_quality.py [--reference-playouts 4000] [--seconds 1]
        [--workers 2] [--positions 10] [--policy expert] [--horizon 2]
        [--scenarios hothead,iupiter-hispano] [--max-reference-cpu S] [--reference-only]
    python benchmarks/advisor_quality.py --merge OTHER.json

Fifty fixed positions (``--positions`` per scenario, five scenarios): a greedy game from
a fixed seed, stopped at a decision with two options or more picked by a fixed RNG.
For each, a reference run plays ``--reference-playouts`` full playouts of every option
(the same seeds for every option) and values them with the advisor's utility; then the
advisor answers within ``--seconds``. The quick answer is counted right when its
recommended option is, in the reference run,

- within ε VP of the best option's mean VP (ε = 0.1 in the one-turn scenarios, Hothead
  and Iupiter Hispano, 0.25 in the others), or
- tied with the best in utility (the paired gap within one reference standard error:
  the same victory-level share, as far as the reference can tell).

Reference runs are expensive (about 30 ms a full Planet King playout on a loaded core):
they are cached in ``benchmarks/advisor_reference.json`` by position, size and policy,
the policy named with a fingerprint of what it plays (a reference played by a policy
that plays otherwise judges another game: it is never reused, and is replaced when the
position is next run), as sums (per option and per pair
of options), so a second run only pays for the quick answers and a larger reference only
for the playouts it adds; a reference is saved every 400 fates, so a long run stopped
part-way keeps what it played. ``--merge`` takes into the cache the larger references
of another copy's cache (a long run made in another checkout). ``--max-reference-cpu``
leaves out the positions whose missing reference would cost more (a probe of the first
playouts estimates it); the summary says how many positions were counted. Wall-clock
answers: run it on a quiet machine, and say the reference size used."""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import math
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from planet_king.advisor.options import DEFAULT_POLICY
from planet_king.advisor.playout import Position, Task, play_on, play_task, position_of, rebuild
from planet_king.advisor.pool import PlayoutPool
from planet_king.advisor.search import DEFAULT_HORIZON, advise
from planet_king.advisor.value import FORECAST, Outcome, outcome
from planet_king.bots import make_bot
from planet_king.content.loader import load_content
from planet_king.engine.game import Game
from planet_king.fsutil import atomic_write
from planet_king.sim import game_seed

if TYPE_CHECKING:
    from planet_king.cluster import Cluster

SCENARIOS = ("hothead", "iupiter-hispano", "anni-mirabiles", "anni-horribiles", "the-planet-king")
ONE_TURN = {"hothead": 0.1, "iupiter-hispano": 0.1}
CACHE = Path(__file__).with_name("advisor_reference.json")


def code_version(policy: str) -> str:
    """``policy@fingerprint``: the fingerprint of what the policy plays, from the data's
    version and full playouts (every option of the first decision of a few games of every
    scenario, as the reference plays them): each playout's choices and valuation.

    A reference is all engine, bots and valuation: a change that plays every one of these
    playouts alike (a faster engine, a reworded log, a comment) keeps its references; one
    that plays any of them otherwise replaces them. Read from behaviour, not from the
    code's bytes, which change with every such edit."""
    content = load_content()
    h = hashlib.sha256(content.version.encode())
    for scenario in SCENARIOS:
        for i in range(FINGERPRINT_GAMES):
            seed = game_seed(17, i)
            root = Game(scenario, seed=seed, content=content, keep_turn_starts=True)
            for o in root.decision.legal_ids:
                played = play_on(root, o, seed, i, policy=policy)
                h.update(json.dumps([played.choices, _pair(outcome(played, policy))]).encode())
    return f"{policy}@{h.hexdigest()[:12]}"


FINGERPRINT_GAMES = 3  # per scenario, for code_version


def positions(per_scenario: int) -> list[tuple[str, int, int]]:
    """(scenario, game seed, choice index): fixed, from greedy games."""
    content = load_content()
    out = []
    for scenario in SCENARIOS:
        for i in range(per_scenario):
            seed = game_seed(16, i)
            game = Game(scenario, seed=seed, content=content)
            bot = make_bot("greedy", seed)
            real: list[int] = []
            while game.decision is not None:
                if len(game.decision.legal) > 1:
                    real.append(len(game.choices))
                game.choose(bot.choose(game))
            at = random.Random(seed).choice(real)
            out.append((scenario, seed, at))
    return out


def at_position(scenario: str, seed: int, at: int) -> Game:
    content = load_content()
    game = Game(scenario, seed=seed, content=content, keep_turn_starts=True)
    bot = make_bot("greedy", seed)
    while len(game.choices) < at:
        game.choose(bot.choose(game))
    return game


# A reference run, stored compactly (sums, not every playout): its size, the options in
# order, per option [sum u, sum u^2, sum vp, sum vp^2] (u: the utility) and, per pair of
# options "a|b", sum u_a * u_b over the shared fates. Enough for every mean and every
# paired gap with its standard error, and extended by adding the new playouts' sums.
Reference = dict[str, Any]


def empty(ids: list[str]) -> Reference:
    return {
        "n": 0,
        "options": ids,
        "sums": {o: [0.0, 0.0, 0.0, 0.0] for o in ids},
        "pairs": {f"{a}|{b}": 0.0 for i, a in enumerate(ids) for b in ids[i + 1 :]},
    }


def add(ref: Reference, values: dict[str, tuple[float, float]]) -> None:
    """One more shared fate: ``values[option] = (utility, vp)``."""
    ids = ref["options"]
    for o in ids:
        u, vp = values[o]
        acc = ref["sums"][o]
        acc[0] += u
        acc[1] += u * u
        acc[2] += vp
        acc[3] += vp * vp
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            ref["pairs"][f"{a}|{b}"] += values[a][0] * values[b][0]
    ref["n"] += 1


def from_lists(old: dict[str, dict[str, list[float]]]) -> Reference:
    """The older cache format (every playout's value and VP) as sums."""
    ids = list(old)
    ref = empty(ids)
    for k in range(len(old[ids[0]]["value"])):
        add(ref, {o: (old[o]["value"][k], old[o]["vp"][k]) for o in ids})
    return ref


def rounded(ref: Reference) -> Reference:
    return {
        "n": ref["n"],
        "options": ref["options"],
        "sums": {o: [round(x, 6) for x in xs] for o, xs in ref["sums"].items()},
        "pairs": {p: round(x, 6) for p, x in ref["pairs"].items()},
    }


def mean_u(ref: Reference, o: str) -> float:
    return ref["sums"][o][0] / ref["n"]


def mean_vp(ref: Reference, o: str) -> float:
    return ref["sums"][o][2] / ref["n"]


def gap(ref: Reference, best: str, other: str) -> tuple[float, float]:
    """Mean and standard error of ``u_best - u_other`` over the shared fates."""
    n = ref["n"]
    if best == other or n < 2:
        return 0.0, 0.0
    a, b = ref["sums"][best], ref["sums"][other]
    key = f"{best}|{other}" if f"{best}|{other}" in ref["pairs"] else f"{other}|{best}"
    d = (a[0] - b[0]) / n
    sq = a[1] + b[1] - 2 * ref["pairs"][key]  # sum of the squared differences
    var = max(0.0, (sq - n * d * d) / (n - 1))
    return d, math.sqrt(var / n)


def where(game: Game) -> str:
    """The position itself (choices and state), in a reference's key: a rule change that
    moves a game elsewhere never reuses a stale reference."""
    digest = hashlib.sha256((json.dumps(game.choices) + game.state.digest()).encode())
    return digest.hexdigest()[:16]


def cached(cache: dict[str, Any], key: str) -> Reference | None:
    """The largest reference cached for the position and policy of ``key`` (an older
    list-format entry is converted)."""
    stem, policy = key.rsplit(":", 2)[0], ":" + key.rsplit(":", 1)[1]
    found = [r for k, r in cache.items() if k.rsplit(":", 2)[0] == stem and k.endswith(policy)]
    refs = [r if "n" in r else from_lists(r) for r in found]
    return max(refs, key=lambda r: r["n"], default=None)


def merge(cache: dict[str, Any], other: dict[str, Any]) -> int:
    """Take into ``cache`` every reference of ``other`` larger than the one ``cache`` has
    for the same position and policy (keys ``scenario:seed:choice:where:n:policy``);
    the number taken."""

    def parts(key: str) -> tuple[str, int, str]:
        stem, n, policy = key.rsplit(":", 2)
        return stem, int(n), policy

    have = {(stem, policy): (n, key) for key in cache for stem, n, policy in [parts(key)]}
    taken = 0
    for key, ref in other.items():
        stem, n, policy = parts(key)
        mine = have.get((stem, policy))
        if mine is not None and mine[0] >= n:
            continue
        if mine is not None:
            del cache[mine[1]]
        cache[key] = ref
        have[(stem, policy)] = (n, key)
        taken += 1
    return taken


def play_tasks(job: tuple[Position, list[Task]]) -> list[list[object]]:
    """A cluster's batch: the playouts ``tasks`` from the position (outcomes as JSON)."""
    position, tasks = job
    game = rebuild(position)
    return [play_task(game, t).to_json() for t in tasks]


CLUSTER_BATCH = 100  # playouts a cluster task (a few seconds of The Planet King)


def reference(
    game: Game,
    n: int,
    policy: str,
    pool: PlayoutPool | None,
    have: Reference | None,
    max_cpu: float | None = None,
    on_block: Callable[[Reference], None] | None = None,
    cluster: Cluster | None = None,
) -> Reference | None:
    """``n`` full playouts of every option, the k-th with the same seeds for each (the
    seeds do not depend on ``n``: a smaller reference already run, ``have``, is the
    start of this one and only the rest is played). With ``max_cpu``, a probe of the
    first playouts estimates the cost and a position dearer than that is left (None).
    The fates are played in blocks of ``BLOCK``, each passed to ``on_block`` when done
    (a long run stopped keeps what it played); on a Dask ``cluster`` when given, in
    batches of ``CLUSTER_BATCH`` playouts, with the same seeds (the same reference)."""
    rng = random.Random(4000)
    seeds = [(rng.getrandbits(48), rng.getrandbits(32)) for _ in range(n)]
    ids = list(game.decision.legal_ids)
    ref = have if have is not None else empty(ids)
    done = ref["n"]
    if max_cpu is not None and done < n:
        probe = min(PROBE, n - done)
        start = time.process_time()
        for k in range(done, done + probe):
            add(ref, {o: _pair(play_task(game, (o, *seeds[k], policy, 0, FORECAST))) for o in ids})
        per_fate = (time.process_time() - start) / probe
        if per_fate * (n - done - probe) > max_cpu:
            print(f"  left: about {per_fate * (n - done):.0f} CPU s", flush=True)
            return None
        done += probe
    found: dict[int, Outcome] = {}
    m = len(ids)
    for first in range(done, n, BLOCK):
        fates = range(first, min(n, first + BLOCK))
        tasks = [(o, *seeds[k], policy, 0, FORECAST) for k in fates for o in ids]
        found.clear()
        if cluster is not None:
            chunks = [tasks[i : i + CLUSTER_BATCH] for i in range(0, len(tasks), CLUSTER_BATCH)]
            jobs = [(position_of(game), c) for c in chunks]
            sizes = [len(c) for c in chunks]
            label = f"fates {first}-{fates[-1]}"
            outs = cluster.run(play_tasks, jobs, sizes=sizes, label=label, unit="playouts")
            for i, raw in enumerate(r for out in outs for r in out):
                found[i] = Outcome.from_json(raw)
        elif pool is None:
            for i, t in enumerate(tasks):
                found[i] = play_task(game, t)
        else:
            pool.run(
                position_of(game),
                tasks,
                chunk=8,
                on_result=lambda i, raw: found.__setitem__(i, Outcome.from_json(raw)),
            )
        for k in range(len(fates)):
            add(ref, {o: _pair(found[k * m + j]) for j, o in enumerate(ids)})
        if on_block is not None:
            on_block(ref)
    return ref


def saver(
    cache: dict[str, Any], path: Path, stem: str, version: str
) -> Callable[[Reference], None]:
    """What saves the reference of the position ``stem`` in ``cache`` (and the file
    ``path``) each time a block of fates is played: it replaces the smaller one."""

    def save(ref: Reference) -> None:
        for old in [k for k in cache if k.startswith(stem + ":")]:
            del cache[old]  # the new one extends it
        cache[f"{stem}:{ref['n']}:{version}"] = rounded(ref)
        atomic_write(path, json.dumps(cache, separators=(",", ":")).encode())
        print(f"  {stem}: {ref['n']} fates saved", flush=True)

    return save


PROBE = 8  # fates played to estimate a reference's cost
BLOCK = 400  # fates played between two saves of a reference


def _pair(o: Outcome) -> tuple[float, float]:
    return round(o.value, 4), o.vp


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--reference-playouts", type=int, default=4000)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--positions", type=int, default=10, help="per scenario")
    parser.add_argument("--policy", default=DEFAULT_POLICY)
    parser.add_argument("--horizon", type=int, default=DEFAULT_HORIZON)
    parser.add_argument("--scenarios", default=",".join(SCENARIOS))
    parser.add_argument(
        "--max-reference-cpu",
        type=float,
        help="CPU seconds a missing reference may cost; dearer positions are left out",
    )
    parser.add_argument("--reference-only", action="store_true", help="no quick answers")
    parser.add_argument("--merge", type=Path, help="take the larger references of this cache")
    parser.add_argument(
        "--cluster",
        help="play the reference runs on Dask: a scheduler's ADDRESS or local[:N] "
        "(the quick answers stay here: they are timed)",
    )
    args = parser.parse_args()
    if args.merge is not None:
        cache = json.loads(CACHE.read_text()) if CACHE.exists() else {}
        taken = merge(cache, json.loads(args.merge.read_text()))
        atomic_write(CACHE, json.dumps(cache, separators=(",", ":")).encode())
        print(f"{taken} references taken from {args.merge}")
        return
    wanted = set(args.scenarios.split(","))
    version = code_version(args.policy)
    cache = json.loads(CACHE.read_text()) if CACHE.exists() else {}
    pool = PlayoutPool(args.workers) if args.workers > 1 else None
    right_vp = right_tie = agree = 0
    rows = []
    sizes: list[int] = []
    stack = contextlib.ExitStack()  # the cluster, if any, closed with the pool
    try:
        dask = None
        if args.cluster:
            from planet_king.cluster import connect

            dask = stack.enter_context(connect(args.cluster))
        for scenario, seed, at in positions(args.positions):
            if scenario not in wanted:
                continue
            game = at_position(scenario, seed, at)
            stem = f"{scenario}:{seed}:{at}:{where(game)}"
            have = cached(cache, f"{stem}:0:{version}")
            ref = have
            if have is None or have["n"] < args.reference_playouts:
                start = time.monotonic()

                ref = reference(
                    game,
                    args.reference_playouts,
                    args.policy,
                    pool,
                    have,
                    args.max_reference_cpu,
                    on_block=saver(cache, CACHE, stem, version),
                    cluster=dask,
                )
                if ref is None:
                    print(f"{stem}: no reference of {args.reference_playouts}", flush=True)
                    continue
                took = time.monotonic() - start
                print(f"  reference {stem}: {ref['n']} playouts in {took:.0f} s", flush=True)
            assert ref is not None
            sizes.append(ref["n"])
            if args.reference_only:
                continue
            ids = ref["options"]
            best_u = max(ids, key=lambda o: mean_u(ref, o))
            best_vp = max(mean_vp(ref, o) for o in ids)
            advice = advise(
                game,
                seconds=args.seconds,
                seed=seed,
                workers=args.workers,
                policy=args.policy,
                horizon=args.horizon,
                pool=pool,
            )
            rec = advice.recommended
            eps = ONE_TURN.get(scenario, 0.25)
            ok_vp = best_vp - mean_vp(ref, rec) <= eps
            d, se = gap(ref, best_u, rec)
            ok_tie = d <= se
            right_vp += ok_vp
            right_tie += ok_tie or ok_vp
            agree += rec == best_u
            rows.append((scenario, seed, at, len(ids), advice.playouts, ok_vp, ok_tie))
            print(
                f"{scenario} seed {seed} choice {at}: {len(ids)} options, "
                f"{advice.playouts} playouts in {advice.elapsed_s:.2f} s; recommended "
                f"{rec} (ref VP {mean_vp(ref, rec):.2f}, value {mean_u(ref, rec):.3f}); "
                f"best {best_u} (VP {mean_vp(ref, best_u):.2f}, value "
                f"{mean_u(ref, best_u):.3f}); within ε VP {ok_vp}, tied in utility {ok_tie}",
                flush=True,
            )
    finally:
        stack.close()
        if pool is not None:
            pool.close()
    n = len(rows)
    size = f"{min(sizes)}-{max(sizes)}" if sizes and min(sizes) != max(sizes) else sizes[:1]
    print(
        f"\n{len(sizes)} positions with a reference ({size} full playouts per option; "
        f"{args.reference_playouts} asked), scenarios {args.scenarios}"
    )
    if not n:
        return
    print(
        f"{args.seconds:g} s answers, {args.workers} worker(s), horizon {args.horizon}, "
        f"policy {version}:"
    )
    print(f"  recommended within ε VP of the reference's best mean VP: {right_vp}/{n}")
    print(f"  ... or tied with the reference's best in utility: {right_tie}/{n}")
    print(f"  recommended = the reference's best in utility: {agree}/{n}")


if __name__ == "__main__":
    from planet_king.cluster import ClusterError

    try:
        main()
    except ClusterError as exc:  # --cluster: Dask missing, no scheduler: one line
        raise SystemExit(f"advisor_quality: error: {exc}") from None
