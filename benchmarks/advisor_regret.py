"""Advisor regret: what does advice add to the expert's own play?

    python benchmarks/advisor_regret.py [--reference-playouts 4000] [--seconds 1]
        [--workers 2] [--scenarios ...] [--cluster local:2 | ADDRESS] [--reference-only]
        [--max-reference-cpu S] [--answers expert,evaluator,advisor] [--horizon N]
        [--run K] [--instant-fates N] [--advisor-instant-fates N]

The positions, chosen by a rule fixed before any answer was looked at (issue 29):

- five master seeds never used before in this project, ``SEEDS`` (2901-2905), and for
  each the five scenarios: the expert bot plays the game of ``game_seed(master, 0)``
  (``simulate``'s first game of that master seed) to its end;
- the decisions of that game with at least three legal options, Back left out (going
  back to the menu before is not a move), are its candidates;
- ``random.Random(f"{master}:{scenario}")`` samples two of them (in the order of the
  game): 5 seeds x 5 scenarios x 2 = 50 positions.

At each, a reference run plays ``--reference-playouts`` full playouts of every option
(the expert as policy, the same fates for every option: ``advisor_quality.reference``),
and the regret of an answer is the reference value of the best option less the reference
value of the option given (utility: the level first, 0.01 per VP); beside a regret, the
paired full playouts it would take to tell that option from the best at two standard
errors (``pairs_to_tell``: what no answer of a few dozen playouts can see). Three
answers are scored: the expert's own choice, the learned evaluator's instant answer (no
playouts; ``--instant-fates`` sets the fates it values each option on) and the advisor's
answer within ``--seconds`` on ``--workers`` processes (``advisor-plain``, if asked: the
advisor without the evaluator's choice). The report gives each answer's mean regret per
scenario and over all, with 95% intervals over the positions (1.96 standard errors), and
beside it the reference's own noise (the mean standard error of the best option's gap)
and the regret a perfect answer would be scored against these references
(``winners_curse``: the floor of every answer's).

References are cached in ``benchmarks/regret_reference.json`` (the same format and the
same rules as ``advisor_reference.json``, whose 50 positions stay), saved every 400
fates: a run stopped part-way keeps what it played, and the next run, here or on a
cluster, goes on from there. A reference is keyed by the expert's play fingerprint: a
change that plays otherwise starts it again.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import json
import math
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import advisor_quality as aq

from planet_king.advisor.instant import FATES, evaluator_advice
from planet_king.advisor.options import DEFAULT_POLICY
from planet_king.advisor.pool import PlayoutPool
from planet_king.advisor.search import DEFAULT_HORIZON, advise
from planet_king.bots import make_bot
from planet_king.content.loader import Content, load_content
from planet_king.engine.game import Game
from planet_king.sim import bot_seed, game_seed

SEEDS = (2901, 2902, 2903, 2904, 2905)
PER_GAME = 2
MIN_OPTIONS = 3
CACHE = Path(__file__).with_name("regret_reference.json")
# "advisor-plain": the advisor without the evaluator's choice (``advise(anchored=False)``)
ANSWERS = ("expert", "evaluator", "advisor")


@dataclass(frozen=True)
class Spot:
    scenario: str
    master: int
    seed: int  # the game's seed
    at: int  # choices made before the decision

    @property
    def stem(self) -> str:
        return f"{self.scenario}:{self.master}:{self.seed}:{self.at}"


def moves(game: Game) -> list[str]:
    """The options a reference values: the legal ones, Back left out (the engine's Back
    of a sub-menu and the action menu's own)."""
    assert game.decision is not None
    return [o.id for o in game.decision.legal if o.meaning is None or o.meaning.action != "back"]


def spots(
    content: Content, scenarios: tuple[str, ...], seeds: tuple[int, ...] = SEEDS
) -> list[Spot]:
    """The 50 positions, by the rule in the module's docstring (``seeds``: other master
    seeds, the same rule: a second set of positions, e.g. to test a change designed
    after the first set's answers were seen)."""
    out = []
    for master in seeds:
        for scenario in scenarios:
            seed = game_seed(master, 0)
            game = Game(scenario, seed=seed, content=content)
            bot = make_bot("expert", bot_seed(seed))
            candidates: list[int] = []
            while game.decision is not None:
                if len(moves(game)) >= MIN_OPTIONS:
                    candidates.append(len(game.choices))
                game.choose(bot.choose(game))
            rng = random.Random(f"{master}:{scenario}")
            for at in sorted(rng.sample(candidates, min(PER_GAME, len(candidates)))):
                out.append(Spot(scenario, master, seed, at))
    return out


def at_spot(content: Content, spot: Spot) -> tuple[Game, str]:
    """The game at the position, and the expert's own choice there."""
    game = Game(spot.scenario, seed=spot.seed, content=content, keep_turn_starts=True)
    bot = make_bot("expert", bot_seed(spot.seed))
    while len(game.choices) < spot.at:
        game.choose(bot.choose(game))
    return game, bot.choose(game)


def answer_seed(spot: Spot, run: int) -> int:
    """The seed of an answer's fates at ``spot`` in run ``run``: run 0 is the position's
    game seed (every run before ``--run`` existed); other runs draw their own fates, so
    two runs' duels are independent coin flips, not one flip twice."""
    if run == 0:
        return spot.seed
    return random.Random(f"{spot.seed}:run:{run}").getrandbits(48)


def restricted(ref: aq.Reference, ids: list[str]) -> aq.Reference:
    """The reference run over ``ids`` only (its sums for those options)."""
    return {
        "n": ref["n"],
        "options": ids,
        "sums": {o: ref["sums"][o] for o in ids},
        "pairs": {p: x for p, x in ref["pairs"].items() if all(o in ids for o in p.split("|"))},
    }


def pairs_to_tell(ref: aq.Reference, best: str, given: str) -> float:
    """Paired full playouts needed for the best option's lead over ``given`` to stand two
    standard errors clear (the lead and its spread as the reference measured them): what
    an answer by playouts needs to see that ``given`` is not the best. ``inf`` when the
    reference finds no lead."""
    lead, se = aq.gap(ref, best, given)
    if lead <= 0.0:
        return math.inf
    return ref["n"] * (2.0 * se / lead) ** 2


CURSE_DRAWS = 4000  # re-drawn references a position's winner's curse is averaged over


def covariance(ref: aq.Reference) -> list[list[float]]:
    """The covariance of the options' utilities over the shared fates (from the sums)."""
    n, ids = ref["n"], ref["options"]
    m = [aq.mean_u(ref, o) for o in ids]

    def cross(a: str, b: str) -> float:
        if a == b:
            return float(ref["sums"][a][1])
        pairs = ref["pairs"]
        return float(pairs[f"{a}|{b}"] if f"{a}|{b}" in pairs else pairs[f"{b}|{a}"])

    return [
        [(cross(a, b) - n * m[i] * m[j]) / (n - 1) for j, b in enumerate(ids)]
        for i, a in enumerate(ids)
    ]


def winners_curse(ref: aq.Reference, seed: str, draws: int = CURSE_DRAWS) -> float:
    """The regret a perfect answer would be scored here, on average: the best option is
    the one whose reference mean came out highest, so another option's luck on the same
    fates can put it ahead. Read by drawing the reference again around its own means
    (their covariance over ``n`` fates, the options' shared fates correlating them) and
    taking the highest draw less the draw of the option that is best in truth (here the
    reference's best). A floor of every answer's mean regret, the same for all."""
    ids, n = ref["options"], ref["n"]
    if len(ids) < 2 or n < 2:
        return 0.0
    m = [aq.mean_u(ref, o) for o in ids]
    lower = _cholesky([[c / n for c in row] for row in covariance(ref)])
    best = max(range(len(ids)), key=m.__getitem__)
    rng = random.Random(seed)
    total = 0.0
    for _ in range(draws):
        z = [rng.gauss(0.0, 1.0) for _ in ids]
        noise = [sum(row[j] * z[j] for j in range(i + 1)) for i, row in enumerate(lower)]
        total += max(x + e for x, e in zip(m, noise, strict=True)) - (m[best] + noise[best])
    return total / draws


def _cholesky(a: list[list[float]]) -> list[list[float]]:
    """Lower-triangular L with L L^T = a for a positive semi-definite ``a``: a column
    with no variance left (an option that moves exactly with the ones before) is zero."""
    k = len(a)
    lower = [[0.0] * k for _ in range(k)]
    for i in range(k):
        for j in range(i + 1):
            rest = a[i][j] - sum(lower[i][t] * lower[j][t] for t in range(j))
            if i == j:
                lower[i][i] = math.sqrt(rest) if rest > 1e-15 else 0.0
            elif lower[j][j] > 0.0:
                lower[i][j] = rest / lower[j][j]
    return lower


def interval(xs: list[float]) -> str:
    n = len(xs)
    if not n:
        return "-"
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    return f"{m:.3f} ± {1.96 * sd / math.sqrt(n):.3f}"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--reference-playouts", type=int, default=4000)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--scenarios", default=",".join(aq.SCENARIOS))
    parser.add_argument("--answers", default=",".join(ANSWERS))
    parser.add_argument("--max-reference-cpu", type=float)
    parser.add_argument("--reference-only", action="store_true")
    parser.add_argument(
        "--horizon",
        type=int,
        default=DEFAULT_HORIZON,
        help="End of Turns the advisor's playouts play before the leaf is valued",
    )
    parser.add_argument(
        "--run",
        type=int,
        default=0,
        help="which run of the answers: 0 (the default) seeds them as every run before "
        "it did, another number draws them fresh fates",
    )
    parser.add_argument(
        "--instant-fates",
        type=int,
        default=FATES,
        help="re-shuffled fates the instant answer values each option on (the "
        "evaluator answer; the advisor's own instant choice keeps its default)",
    )
    parser.add_argument(
        "--advisor-instant-fates",
        type=int,
        default=FATES,
        help="the fates the advisor's own instant choice (its duel's second judge) is "
        "valued on, inside its --seconds",
    )
    parser.add_argument("--list", action="store_true", help="the positions only")
    parser.add_argument("--cluster", help="references on Dask: ADDRESS or local[:N]")
    parser.add_argument(
        "--seeds",
        default=",".join(map(str, SEEDS)),
        help="master seeds of the positions (default: the 50 positions' five)",
    )
    args = parser.parse_args()
    content = load_content()
    scenarios = tuple(s for s in aq.SCENARIOS if s in args.scenarios.split(","))
    chosen = spots(content, scenarios, tuple(int(x) for x in args.seeds.split(",")))
    if args.list:
        for spot in chosen:
            game, mine = at_spot(content, spot)
            assert game.decision is not None
            print(f"{spot.stem}: {game.decision.prompt} ({len(moves(game))} options)")
        return
    answers = [a for a in args.answers.split(",") if a]
    # One run at a time: each rewrites the whole cache file, so a second one running
    # beside it would drop the first one's new references.
    lock = open(CACHE.with_suffix(".lock"), "w")  # noqa: SIM115
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        raise SystemExit(f"advisor_regret: another run holds {CACHE.name}; wait for it") from None
    version = aq.code_version(DEFAULT_POLICY)
    cache = json.loads(CACHE.read_text()) if CACHE.exists() else {}
    pool = PlayoutPool(args.workers) if args.workers > 1 else None
    regrets: dict[tuple[str, str], list[float]] = {}
    noise: list[float] = []
    curse: list[float] = []  # a perfect answer's regret, position by position
    stack = contextlib.ExitStack()
    try:
        dask = None
        if args.cluster:
            from planet_king.cluster import connect

            dask = stack.enter_context(connect(args.cluster))
        for spot in chosen:
            game, mine = at_spot(content, spot)
            stem = f"{spot.stem}:{aq.where(game)}"
            have = aq.cached(cache, f"{stem}:0:{version}")
            ref = have
            if have is None or have["n"] < args.reference_playouts:
                start = time.monotonic()
                ref = aq.reference(
                    game,
                    args.reference_playouts,
                    DEFAULT_POLICY,
                    pool,
                    have,
                    args.max_reference_cpu,
                    on_block=aq.saver(cache, CACHE, stem, version),
                    cluster=dask,
                )
                if ref is None:
                    continue
                print(f"  reference {stem}: {time.monotonic() - start:.0f} s", flush=True)
            assert ref is not None
            if args.reference_only:
                continue
            ref = restricted(ref, moves(game))
            ids = ref["options"]
            best = max(ids, key=lambda o: aq.mean_u(ref, o))
            noise.append(max(aq.gap(ref, best, o)[1] for o in ids if o != best))
            curse.append(winners_curse(ref, stem))
            given: dict[str, str] = {}
            if "expert" in answers:
                given["expert"] = mine
            if "evaluator" in answers:
                instant = evaluator_advice(
                    game, fates=args.instant_fates, seed=answer_seed(spot, args.run)
                )
                given["evaluator"] = max(
                    (o for o in instant["options"] if o["option"] in ids),
                    key=lambda o: o["value"],
                )["option"]
            for name in ("advisor", "advisor-plain"):
                if name in answers:
                    given[name] = advise(
                        game,
                        seconds=args.seconds,
                        seed=answer_seed(spot, args.run),
                        workers=args.workers,
                        horizon=args.horizon,
                        pool=pool,
                        anchored=name == "advisor",
                        instant_fates=args.advisor_instant_fates,
                    ).recommended
            words = []
            for name, o in given.items():
                r = aq.mean_u(ref, best) - aq.mean_u(ref, o) if o in ids else float("nan")
                for key in ((name, spot.scenario), (name, "all")):
                    regrets.setdefault(key, []).append(r)
                tell = f", {pairs_to_tell(ref, best, o):.0f} pairs to tell" if r > 0 else ""
                words.append(f"{name} {o} (regret {r:.3f}{tell})")
            print(f"{stem}: best {best}; " + "; ".join(words), flush=True)
    finally:
        stack.close()
        if pool is not None:
            pool.close()
    if not regrets:
        return
    print(
        f"\nregret (reference utility of the best option - of the option given), "
        f"{args.reference_playouts} full playouts per option asked, policy {version}; "
        f"advisor: {args.seconds:g} s on {args.workers} worker(s), horizon {args.horizon}, "
        f"run {args.run}; instant answer on {args.instant_fates} fates, the advisor's "
        f"instant choice on {args.advisor_instant_fates}; "
        f"mean reference standard error of the best's gap {sum(noise) / len(noise):.3f}; "
        f"a perfect answer would be scored {interval(curse)} (the references' winner's curse)"
    )
    print("| scenario | positions | " + " | ".join(answers) + " |")
    print("|---|---|" + "---|" * len(answers))
    for scenario in (*scenarios, "all"):
        cells = [interval(regrets.get((a, scenario), [])) for a in answers]
        n = len(regrets.get((answers[0], scenario), []))
        print(f"| {scenario} | {n} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
