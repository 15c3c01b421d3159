"""What one decision is worth, and what the evaluator sees of it: sibling pairs.

    python benchmarks/decision_stakes.py SCENARIO [--games 3000] [--seed 51]
        [--per-game 4] [--workers 2] [--fit]

Plays ``--games`` expert games (seeds derived as the evaluator's training data's, from
master seed ``--seed``). At about ``--per-game`` decisions of each, where another option
than the expert's is more than a menu's, it takes the expert's option and one other
(half the time the evaluator's favourite among the others on that fate, else a random
one) on two copies of the game with the same re-sampled fate (``resample_hidden``, as the
evaluator bot), lets the expert play each option's follow-up (``lookahead.settle``), values
both positions with the packaged evaluator, then plays both to the reign's end with the
expert. A pair's outcome gap is the expert's option's utility less the other's (the
level first, 0.01 per VP); the evaluator's gap is the same difference of its values.

The report: the mean outcome gap and the evaluator's (± 95% intervals), by kind of
alternative; the outcome gap's spread and the pairs it takes to tell its mean from zero
at two standard errors; the correlation of the evaluator's gap with the outcome's. With
``--fit`` (numpy: ``pip install -e '.[train]'``), a ridge regression on 70% of the games
learns a linear correction of the evaluator's gap from the standardised inputs (the
residual, outcome gap less evaluator gap), and the held-out 30% say whether it helps.

This is where a learned judge of options runs out of signal: a decision's stakes are
hundredths of a level, a pair's outcomes differ by about a level and a third either way.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from concurrent.futures import ProcessPoolExecutor
from statistics import fmean, stdev

from planet_king.bots.evaluator_bot import menu_only, resample_hidden
from planet_king.bots.expert import ExpertBot
from planet_king.content.loader import load_content
from planet_king.engine.game import Game
from planet_king.evaluator.features import SCENARIOS, features, with_stages
from planet_king.evaluator.lookahead import settle
from planet_king.evaluator.model import CLIP, default_evaluator, outcome_level, utility
from planet_king.evaluator.selfplay import TYPICAL_DECISIONS, game_seed
from planet_king.seeds import bot_seed
from planet_king.sim import play_to_end

# A pair: game seed, decision index, kind of alternative, the two outcomes' utilities,
# the two settled positions' features.
Pair = tuple[int, int, str, float, float, list[float], list[float]]


def _taken(root: Game, option: str, fate: int, policy_seed: int) -> Game:
    trial = root.fork()
    trial.quiet = True  # nobody reads its log
    resample_hidden(trial, fate)
    trial.choose(option)
    settle(trial, policy_seed)
    return trial


def _finish(g: Game, policy_seed: int) -> float:
    play_to_end(g, ExpertBot(policy_seed))
    return utility(outcome_level(g), g.state.vp)


def game_pairs(job: tuple[str, int, int, int]) -> list[Pair]:
    """The pairs of one game: a pure function of its arguments (any process may run it)."""
    scenario, master, index, per_game = job
    content = load_content()
    ev = default_evaluator()
    seed = game_seed(scenario, master, index)
    rng = random.Random(f"decision-stakes:{seed}")
    g = Game(scenario, seed=seed, content=content)
    g.quiet = True
    policy_seed = bot_seed(seed)
    bot = ExpertBot(policy_seed)
    chance = per_game / TYPICAL_DECISIONS[scenario]
    pairs: list[Pair] = []
    while g.decision is not None:
        mine = bot.choose(g)
        others = [o for o in g.decision.legal_ids if o != mine and not menu_only(o)]
        if others and rng.random() < chance:
            fate = rng.getrandbits(48)
            if rng.random() < 0.5:
                kind = "favourite"
                trials = {o: _taken(g, o, fate, policy_seed) for o in others}
                valued = {o: ev.value(t) for o, t in trials.items()}
                b = trials[max(others, key=valued.__getitem__)]
            else:
                kind, b = "random", _taken(g, rng.choice(others), fate, policy_seed)
            a = _taken(g, mine, fate, policy_seed)
            if not a.over and not b.over:  # a reign ended in the follow-up: nothing to value
                xa, xb = features(a), features(b)
                ua, ub = _finish(a, policy_seed), _finish(b, policy_seed)
                pairs.append((seed, len(g.choices), kind, ua, ub, xa, xb))
        g.choose(mine)
    return pairs


def interval(xs: list[float]) -> str:
    if len(xs) < 2:
        return "-"
    return f"{fmean(xs):+.4f} ± {1.96 * stdev(xs) / math.sqrt(len(xs)):.4f}"


def correlation(xs: list[float], ys: list[float]) -> float:
    mx, my = fmean(xs), fmean(ys)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / math.sqrt(sxx * syy) if sxx and syy else float("nan")


def evaluator_gaps(scenario: str, pairs: list[Pair]) -> list[float]:
    """The packaged evaluator's value of the expert's option's position less the other's."""
    net = default_evaluator().nets[scenario]
    return [
        net.predict(with_stages(xa)).value - net.predict(with_stages(xb)).value
        for *_, xa, xb in pairs
    ]


def report(scenario: str, pairs: list[Pair], said: list[float]) -> None:
    gaps = [ua - ub for _, _, _, ua, ub, _, _ in pairs]
    print(f"{scenario}: {len(pairs)} pairs from {len({p[0] for p in pairs})} games")
    for kind in ("favourite", "random", None):
        rows = [i for i, p in enumerate(pairs) if kind is None or p[2] == kind]
        print(
            f"  {kind or 'all':9} ({len(rows)}): outcome gap (expert's option - the other) "
            f"{interval([gaps[i] for i in rows])}; evaluator's gap "
            f"{interval([said[i] for i in rows])}"
        )
    mean, sd = fmean(gaps), stdev(gaps)
    need = (2 * sd / mean) ** 2 if mean else float("inf")
    print(
        f"  outcome gap: SD {sd:.3f} a pair; {need:,.0f} pairs to tell its mean from zero; "
        f"correlation of the evaluator's gap with it {correlation(said, gaps):.3f}; "
        f"the same outcome in {sum(1 for x in gaps if x == 0) / len(gaps):.0%} of pairs"
    )


def fit(scenario: str, pairs: list[Pair], said: list[float]) -> None:
    """A ridge correction of the evaluator's gap, fitted on 70% of the games."""
    import numpy as np

    net = default_evaluator().nets[scenario]
    keep, mean, inv = np.array(net.keep), np.array(net.mean), np.array(net.inv_scale)

    def z(x: list[float]) -> np.ndarray:
        return np.clip((np.asarray(with_stages(x))[keep] - mean) * inv, -CLIP, CLIP)

    du = np.array([ua - ub for _, _, _, ua, ub, _, _ in pairs])
    dv = np.array(said)
    dz = np.array([z(a) - z(b) for *_, a, b in pairs])
    train = np.array([random.Random(p[0]).random() < 0.7 for p in pairs])
    held = ~train
    before = float(((du - dv)[held] ** 2).mean())
    for lam in (1e2, 1e3, 1e4, 1e5):
        a = dz[train]
        c = np.linalg.solve(a.T @ a + lam * np.eye(a.shape[1]), a.T @ (du - dv)[train])
        after = dv + dz @ c
        print(
            f"  ridge {lam:g}: held-out squared error {before:.4f} -> "
            f"{float(((du - after)[held] ** 2).mean()):.4f}; correlation "
            f"{np.corrcoef(du[held], dv[held])[0, 1]:.3f} -> "
            f"{np.corrcoef(du[held], after[held])[0, 1]:.3f}"
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("scenario", choices=SCENARIOS)
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=51)
    ap.add_argument("--per-game", type=int, default=4)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--fit", action="store_true", help="try a ridge correction (numpy)")
    a = ap.parse_args()
    jobs = [(a.scenario, a.seed, i, a.per_game) for i in range(a.games)]
    start = time.perf_counter()
    pairs: list[Pair] = []
    with ProcessPoolExecutor(max_workers=a.workers) as pool:
        for chunk in pool.map(game_pairs, jobs, chunksize=8):
            pairs.extend(chunk)
    print(f"({time.perf_counter() - start:.0f} s wall on {a.workers} workers, seed {a.seed})")
    if len(pairs) < 2:
        raise SystemExit("decision_stakes: fewer than two pairs; play more games")
    said = evaluator_gaps(a.scenario, pairs)
    report(a.scenario, pairs, said)
    if a.fit:
        fit(a.scenario, pairs, said)


if __name__ == "__main__":
    main()
