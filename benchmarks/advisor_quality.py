"""Advisor quality: does the quick answer pick what a long reference run would pick?

    python benchmarks/advisor_quality.py [--reference-playouts 4000] [--seconds 1]
        [--workers 2] [--positions 10] [--policy expert] [--horizon 2]

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
so a second run only pays for the quick answers. Wall-clock answers: run it on a quiet
machine, and say the reference size used.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import time
from pathlib import Path

from planet_king.advisor import (
    DEFAULT_HORIZON,
    DEFAULT_POLICY,
    OptionValue,
    advise,
    paired_gap,
    play_task,
)
from planet_king.advisor_pool import PlayoutPool, position_of
from planet_king.advisor_value import Outcome
from planet_king.bots import make_bot
from planet_king.content.loader import load_content
from planet_king.engine.game import Game
from planet_king.fsutil import atomic_write
from planet_king.sim import game_seed

SCENARIOS = ("hothead", "iupiter-hispano", "anni-mirabiles", "anni-horribiles", "the-planet-king")
ONE_TURN = {"hothead": 0.1, "iupiter-hispano": 0.1}
CACHE = Path(__file__).with_name("advisor_reference.json")


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


Reference = dict[str, dict[str, list[float]]]


def cached(cache: dict[str, Reference], key: str, n: int) -> Reference | None:
    """The reference for ``key`` with ``n`` playouts per option, cut from a larger one
    of the same position and policy (the k-th seeds are the same at every size); with
    ``n`` 0, the largest one cached."""
    where, policy = key.rsplit(":", 2)[0], key.rsplit(":", 1)[1]
    found = [r for k, r in cache.items() if k.rsplit(":", 2)[0] == where and k.endswith(policy)]
    if not found:
        return None
    best = max(found, key=lambda r: len(next(iter(r.values()))["value"]))
    size = len(next(iter(best.values()))["value"])
    if n == 0:
        return best
    if size < n:
        return None
    return {o: {f: xs[:n] for f, xs in r.items()} for o, r in best.items()}


def reference(
    game: Game, n: int, policy: str, pool: PlayoutPool | None, have: Reference | None
) -> Reference:
    """``n`` full playouts of every option, the k-th with the same seeds for each (the
    seeds do not depend on ``n``: a smaller reference already run, ``have``, is the
    start of this one and only the rest is played)."""
    rng = random.Random(4000)
    seeds = [(rng.getrandbits(48), rng.getrandbits(32)) for _ in range(n)]
    ids = list(game.decision.legal_ids)
    done = len(next(iter(have.values()))["value"]) if have else 0
    m = n - done
    tasks = [(o, *seeds[k], policy, 0) for o in ids for k in range(done, n)]
    found: dict[int, Outcome] = {}
    if pool is None:
        for i, t in enumerate(tasks):
            found[i] = play_task(game, t)
    else:
        pool.run(
            position_of(game),
            tasks,
            chunk=8,
            on_result=lambda i, raw: found.__setitem__(i, Outcome.from_json(raw)),
        )
    return {
        o: {
            key: (have[o][key] if have else [])
            + [round(getattr(found[j * m + k], key), 4) for k in range(m)]
            for key in ("value", "vp")
        }
        for j, o in enumerate(ids)
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--reference-playouts", type=int, default=4000)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--positions", type=int, default=10, help="per scenario")
    parser.add_argument("--policy", default=DEFAULT_POLICY)
    parser.add_argument("--horizon", type=int, default=DEFAULT_HORIZON)
    args = parser.parse_args()
    cache = json.loads(CACHE.read_text()) if CACHE.exists() else {}
    pool = PlayoutPool(args.workers) if args.workers > 1 else None
    right_vp = right_tie = agree = 0
    rows = []
    try:
        for scenario, seed, at in positions(args.positions):
            game = at_position(scenario, seed, at)
            # the position itself (choices and state) is in the key: a rule change that
            # moves the greedy game elsewhere never reuses a stale reference
            where = hashlib.sha256(
                (json.dumps(game.choices) + game.state.digest()).encode()
            ).hexdigest()[:16]
            key = f"{scenario}:{seed}:{at}:{where}:{args.reference_playouts}:{args.policy}"
            ref = cached(cache, key, args.reference_playouts)
            if ref is None:
                start = time.monotonic()
                have = cached(cache, key, 0)  # the largest smaller one, to extend
                ref = reference(game, args.reference_playouts, args.policy, pool, have)
                took = time.monotonic() - start
                print(f"  reference {key}: {took:.0f} s", flush=True)
                for old in [k for k in cache if k.rsplit(":", 2)[0] == key.rsplit(":", 2)[0]]:
                    del cache[old]  # a prefix of the new one
                cache[key] = ref
                atomic_write(CACHE, json.dumps(cache).encode())
            values = {}
            for o, r in ref.items():
                v = OptionValue(o, o)
                for k, (x, vp) in enumerate(zip(r["value"], r["vp"], strict=True)):
                    v.values[k], v.vps[k] = x, vp
                values[o] = v
            best_u = max(values.values(), key=lambda v: v.value)
            best_vp = max(v.mean_vp for v in values.values())
            advice = advise(
                game,
                seconds=args.seconds,
                seed=seed,
                workers=args.workers,
                policy=args.policy,
                horizon=args.horizon,
                pool=pool,
            )
            rec = values[advice.recommended]
            eps = ONE_TURN.get(scenario, 0.25)
            ok_vp = best_vp - rec.mean_vp <= eps
            gap, se, _ = paired_gap(best_u, rec)
            ok_tie = gap <= se
            right_vp += ok_vp
            right_tie += ok_tie or ok_vp
            agree += rec is best_u
            rows.append((scenario, seed, at, len(values), advice.playouts, ok_vp, ok_tie))
            print(
                f"{scenario} seed {seed} choice {at}: {len(values)} options, "
                f"{advice.playouts} playouts in {advice.elapsed_s:.2f} s; recommended "
                f"{advice.recommended} (ref VP {rec.mean_vp:.2f}, value {rec.value:.3f}); "
                f"best {best_u.option_id} (VP {best_u.mean_vp:.2f}, value {best_u.value:.3f}); "
                f"within ε VP {ok_vp}, tied in utility {ok_tie}",
                flush=True,
            )
    finally:
        if pool is not None:
            pool.close()
    n = len(rows)
    print(
        f"\n{n} positions, reference {args.reference_playouts} full playouts per option, "
        f"{args.seconds:g} s answers, {args.workers} worker(s), horizon {args.horizon}, "
        f"policy {args.policy}:"
    )
    print(f"  recommended within ε VP of the reference's best mean VP: {right_vp}/{n}")
    print(f"  ... or tied with the reference's best in utility: {right_tie}/{n}")
    print(f"  recommended = the reference's best in utility: {agree}/{n}")


if __name__ == "__main__":
    main()
