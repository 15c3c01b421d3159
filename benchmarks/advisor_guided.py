"""Advisor-guided play (``--bot advisor``) against its policy bot alone, paired.

    python benchmarks/advisor_guided.py iupiter-hispano [--games 300] [--seed 1]
        [--playouts 32] [--screen 4] [--challengers 1] [--z 2] [--horizon 1] [--leaf evaluator]
        [--kinds auto | --kinds type,war,mistress | --kinds all] [--anchored] [--full 200]
        [--full-horizon 2] [--disputed] [--policy expert] [--luck 4]
        [--out rows.jsonl] [--start 150] [--resume]
        [--cluster ADDRESS | --cluster local:2]
    python benchmarks/advisor_guided.py anni-mirabiles --summarise a.jsonl b.jsonl

A run may be split over processes with ``--start`` (the first game index) and ``--out``,
then summarised together. With ``--resume`` a process skips the games its ``--out``
already holds (by seed), so a run stopped part-way, or spread over days, goes on where
it stopped: the same command again.

Each game seed (``game_seed(seed, i)``, as ``simulate`` draws them) is played twice with
the bot seed ``simulate`` gives: by the policy bot alone, and by ``AdvisorBot`` with the
given budget (defaults: the registered ``advisor`` bot's). The two games are the same
until the advisor first overrides the policy. Prints, every 10 games and at the end, the
mean utility (the advisor's: victory level + 0.01 per VP), VP, victory-level shares and
automatic defeats of both, their paired differences with 95% confidence intervals (and
about how many games the utility's would need to leave zero, at its mean and spread), and
what the advice cost (seconds and playouts a guided game, decisions consulted and
overridden). One process, one core, or with ``--cluster`` the games in batches on Dask
(the rows come back as their batch ends, each with its seed; the figures are the same):
re-run it after the policy bot changes.

``--luck F`` also weighs each game's luck as the reign review counts it
(``review.luck_of``: each draw's value less what the same choice was expected to bring,
F re-sampled fates a step). Its expectation is zero whoever plays, so the utility's
paired difference less theta times the luck's is an estimate of the same difference
with less of fortune's noise (a control variate; theta is fitted to the pairs, which
biases it by O(1/games)). The luck's own means are printed: they should be near zero.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path

from planet_king.advisor import bot as ab
from planet_king.advisor.bot import AdvisorBot
from planet_king.advisor.value import AUTOMATIC_DEFEAT, FORECAST, LEAVES, final_outcome
from planet_king.content.loader import load_content
from planet_king.engine.game import Game
from planet_king.evaluator.model import default_evaluator
from planet_king.review import luck_of
from planet_king.sim import bot_seed, game_seed, play_one, play_to_end

GOOD = {"major-victory", "historical-outcome"}
FIELDS = ("utility", "VP", "major victory", "historical or better", "automatic defeat")


def figures(game: Game) -> list[float]:
    o = final_outcome(game)
    return [
        o.value,
        o.vp,
        float("major-victory" in o.levels),
        float(bool(GOOD & o.levels.keys())),
        float(AUTOMATIC_DEFEAT in o.levels),
    ]


def _ci(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    return m, 1.96 * sd / math.sqrt(n)


def games_to_clear(xs: list[float]) -> int | None:
    """About how many paired games the 95% interval of the mean of ``xs`` needs to leave
    zero, were the mean and the spread to stay as they are (None: no mean to clear)."""
    n = len(xs)
    if n < 2:
        return None
    m, ci = _ci(xs)  # the interval narrows as one over the root of the games
    return None if m == 0 else max(2, math.ceil(n * (ci / m) ** 2))


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("scenario")
    p.add_argument("--games", type=int, default=300)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--policy", default="expert")
    p.add_argument("--playouts", type=int, default=ab.PLAYOUTS)
    p.add_argument("--screen", type=int, default=ab.SCREEN)
    p.add_argument("--challengers", type=int, default=ab.CHALLENGERS)
    p.add_argument("--z", type=float, default=ab.Z)
    p.add_argument("--horizon", type=int, default=ab.HORIZON)
    p.add_argument("--leaf", default=FORECAST, choices=LEAVES, help="a truncated playout's value")
    p.add_argument("--kinds", default="auto", help="auto: the bot's choice by scenario")
    p.add_argument(
        "--anchored", action="store_true", help="duel the evaluator's choice, as the advisor does"
    )
    p.add_argument(
        "--full",
        type=int,
        default=0,
        metavar="PLAYOUTS",
        help="the advisor's own search (hint's) at each decision asked, on this many playouts",
    )
    p.add_argument(
        "--full-horizon",
        type=int,
        default=ab.FULL_HORIZON,
        metavar="N",
        help="End of Turns the full search's playouts play (0: to the end; default hint's)",
    )
    p.add_argument(
        "--disputed",
        action="store_true",
        help="with --full: search only where the evaluator's instant choice is not the policy's",
    )
    p.add_argument(
        "--luck",
        type=int,
        default=0,
        metavar="FATES",
        help="also weigh each game's luck (the review's, FATES re-sampled draws a step)",
    )
    p.add_argument("--out", type=Path, help="append one JSON line per game")
    p.add_argument("--start", type=int, default=0, help="first game index (split a run)")
    p.add_argument(
        "--resume", action="store_true", help="skip the games --out already holds (by seed)"
    )
    p.add_argument(
        "--summarise", type=Path, nargs="+", metavar="JSONL", help="only summarise --out files"
    )
    p.add_argument("--cluster", help="play on Dask: a scheduler's ADDRESS or local[:N]")
    args = p.parse_args()
    if args.disputed and not args.full:
        p.error("--disputed gates the full search: give --full PLAYOUTS too")
    if args.resume and not args.out:
        p.error("--resume goes on with the games of --out: give --out too")
    if args.summarise:
        rows = [json.loads(line) for f in args.summarise for line in f.read_text().splitlines()]
        summary(args, rows)
        return
    rows: list[dict[str, object]] = []

    def took(row: dict[str, object]) -> None:
        rows.append(row)
        if args.out:
            with args.out.open("a") as f:
                f.write(json.dumps(row) + "\n")
        if len(rows) % 10 == 0 and len(rows) < args.games:
            summary(args, rows)

    indices = range(args.start, args.start + args.games)
    if args.resume:
        indices = left_to_play(args, indices)
    if args.cluster is None:
        for i in indices:
            took(pair(args, i))
    else:
        from planet_king.cluster import batches_of, connect

        # rows come back (and are written) as their batch ends, each with its seed; the
        # last summary has them in game order, as without --cluster
        cut = batches_of(len(indices), CLUSTER_BATCH)
        jobs = [(args, list(indices[r.start : r.stop])) for r in cut]
        with connect(args.cluster) as cluster:
            cluster.run(
                pairs,
                jobs,
                sizes=[len(r) for r in cut],
                label=f"{args.scenario}, paired",
                on_result=lambda _, batch: [took(row) for row in batch],
            )
        order = {game_seed(args.seed, i): k for k, i in enumerate(indices)}
        rows.sort(key=lambda r: order[r["seed"]])  # type: ignore[index]
    summary(args, rows)


def left_to_play(args: argparse.Namespace, indices: range) -> list[int]:
    """The game indices whose seeds ``args.out`` does not hold yet, played with the same
    run (a row of another run in the file is refused, not mixed in)."""
    done: set[int] = set()
    if args.out.exists():
        for n, line in enumerate(args.out.read_text().splitlines(), 1):
            row = json.loads(line)
            if row.get("run") != run_of(args):
                raise SystemExit(
                    f"advisor_guided: error: {args.out} line {n} was played with other "
                    f"flags ({row.get('run')}); --resume goes on with the same run only"
                )
            done.add(row["seed"])
    return [i for i in indices if game_seed(args.seed, i) not in done]


CLUSTER_BATCH = 5  # paired games a cluster task (an advisor-guided game costs seconds)


def pairs(job: tuple[argparse.Namespace, list[int]]) -> list[dict[str, object]]:
    """A cluster's batch: the paired games of these indices."""
    args, indices = job
    return [pair(args, i) for i in indices]


def pair(args: argparse.Namespace, i: int) -> dict[str, object]:
    """Game ``i`` played by the policy bot alone and guided by the advisor."""
    kinds = {"auto": None, "all": ab.ALL}.get(args.kinds, frozenset(args.kinds.split(",")))
    content = load_content()
    seed = game_seed(args.seed, i)
    alone, _ = play_one(args.scenario, seed, args.policy, content=content)
    guided = Game(args.scenario, seed=seed, content=content)
    adv = AdvisorBot(
        bot_seed(seed),
        policy=args.policy,
        kinds=kinds,
        screen=args.screen,
        playouts=args.playouts,
        challengers=args.challengers,
        z=args.z,
        horizon=args.horizon,
        leaf=args.leaf,
        anchored=args.anchored,
        full=args.full,
        disputed=args.disputed,
        full_horizon=args.full_horizon,
    )
    start = time.process_time()
    play_to_end(guided, adv)
    cpu = time.process_time() - start
    luck: dict[str, list[float]] = {}
    if args.luck:
        ev = default_evaluator()
        luck["luck"] = [round(luck_of(g, ev, args.luck), 6) for g in (alone, guided)]
    return {
        "seed": seed,
        "alone": figures(alone),
        "guided": figures(guided),
        "cpu_s": round(cpu, 3),
        "decisions": len(guided.choices),
        "consulted": adv.consulted,
        "overrides": adv.overrides,
        "playouts": adv.spent,
        "overridden": dict(adv.overridden),
        "run": run_of(args),  # so --summarise says what was run, not its own flags
    } | luck


def run_of(args: argparse.Namespace) -> dict[str, object]:
    """What a row was played with (its seed set and the advisor's budget)."""
    keys = ("seed", "policy", "playouts", "screen", "challengers", "z", "horizon", "kinds")
    return {k: getattr(args, k) for k in keys} | {
        "leaf": getattr(args, "leaf", FORECAST),
        "anchored": getattr(args, "anchored", False),
        "full": getattr(args, "full", 0),
        "disputed": getattr(args, "disputed", False),
        "full_horizon": getattr(args, "full_horizon", ab.FULL_HORIZON),
    }


def guide(run: dict[str, list[str]]) -> str:
    """What played against what, in words, from the rows' flags (each key: the values
    its rows hold). With the full search in every row the screen's settings played no
    part, and are not named: the search's leaf is the scenario's at the run's commit."""

    def said(key: str) -> str:
        return " and ".join(run[key])

    policy = said("policy")
    if "0" not in run["full"]:
        return (
            f"{policy} alone vs guided by the advisor's search ({said('full')} playouts a "
            f"decision, {said('full_horizon')} End of Turn(s) each, leaf the scenario's: "
            f"advisor.search.LEAF_BY_SCENARIO; kinds {said('kinds')}, disputed only "
            f"{said('disputed')})"
        )
    return (
        f"{policy} alone vs guided ({said('playouts')} playouts, screen {said('screen')}, "
        f"{said('challengers')} challenger(s), z {said('z')}, horizon {said('horizon')}, "
        f"leaf {said('leaf')}, kinds {said('kinds')}, anchored {said('anchored')}, "
        f"full {said('full')} (horizon {said('full_horizon')}), disputed only "
        f"{said('disputed')})"
    )


def summary(args: argparse.Namespace, rows: list[dict[str, object]]) -> None:
    n = len(rows)
    runs = [r.get("run") or run_of(args) for r in rows]  # rows of older runs: the flags
    # keys older rows lack: the leaf was the forecast, nothing was anchored, no full search
    older = {
        "leaf": FORECAST,
        "anchored": False,
        "full": 0,
        "disputed": False,
        "full_horizon": ab.FULL_HORIZON,
    }
    keys = [*run_of(args)]
    run = {k: sorted({str(x.get(k, older.get(k))) for x in runs}) for k in keys}  # type: ignore[union-attr]

    def said(key: str) -> str:
        return " and ".join(run[key])

    print(f"{args.scenario}, {n} paired games (seed {said('seed')}), {guide(run)}:")
    for j, name in enumerate(FIELDS):
        a = _ci([r["alone"][j] for r in rows])  # type: ignore[index]
        b = _ci([r["guided"][j] for r in rows])  # type: ignore[index]
        d = _ci([r["guided"][j] - r["alone"][j] for r in rows])  # type: ignore[index]
        print(
            f"  {name}: {said('policy')} {a[0]:.3f} ± {a[1]:.3f}, guided {b[0]:.3f} ± "
            f"{b[1]:.3f}, paired difference {d[0]:+.3f} ± {d[1]:.3f}"
        )

    utility = [r["guided"][0] - r["alone"][0] for r in rows]  # type: ignore[index]
    needed = games_to_clear(utility)
    if needed is not None:
        print(
            f"  the utility's interval leaves zero at about {needed} paired games, were its "
            "mean and spread to stay as they are (a guide for a run spread over sessions)"
        )

    def mean(key: str) -> float:
        return sum(float(r[key]) for r in rows) / n  # type: ignore[arg-type]

    if rows and all("luck" in r for r in rows):
        luck_summary(rows, said("policy"))
    kinds_over: dict[str, int] = {}
    for r in rows:
        for k, c in r["overridden"].items():  # type: ignore[attr-defined]
            kinds_over[k] = kinds_over.get(k, 0) + c
    print(f"  overrides by decision kind: {dict(sorted(kinds_over.items()))}")
    print(
        f"  cost a guided game: {mean('cpu_s'):.2f} CPU s, {mean('playouts'):.0f} playouts; "
        f"{mean('consulted'):.1f} of {mean('decisions'):.0f} decisions consulted, "
        f"{mean('overrides'):.2f} overridden",
        flush=True,
    )


def less_luck(du: list[float], dl: list[float]) -> tuple[float, float, float]:
    """The paired differences ``du`` less theta times the luck's ``dl``, theta the least
    squares fit (the least variance): theta, and the mean and 95% half-width of what is
    left. The mean stays the same difference's estimate because the luck's expectation
    is zero; theta fitted to the same pairs biases it by O(1/pairs)."""
    mu, ml = sum(du) / len(du), sum(dl) / len(dl)
    var = sum((x - ml) ** 2 for x in dl)
    theta = sum((u - mu) * (x - ml) for u, x in zip(du, dl, strict=True)) / var if var else 0.0
    m, ci = _ci([u - theta * x for u, x in zip(du, dl, strict=True)])
    return theta, m, ci


def luck_summary(rows: list[dict[str, object]], policy: str) -> None:
    """The games' luck, and the utility's paired difference less theta times the luck's."""
    du = [r["guided"][0] - r["alone"][0] for r in rows]  # type: ignore[index]
    dl = [r["luck"][1] - r["luck"][0] for r in rows]  # type: ignore[index]
    a = _ci([r["luck"][0] for r in rows])  # type: ignore[index]
    b = _ci([r["luck"][1] for r in rows])  # type: ignore[index]
    d = _ci(dl)
    theta, m, ci = less_luck(du, dl)
    print(
        f"  luck (expected 0): {policy} {a[0]:+.3f} ± {a[1]:.3f}, guided {b[0]:+.3f} ± "
        f"{b[1]:.3f}, paired difference {d[0]:+.3f} ± {d[1]:.3f}"
    )
    print(
        f"  utility less {theta:.2f} x luck (a control variate): paired difference "
        f"{m:+.3f} ± {ci:.3f}"
    )


if __name__ == "__main__":
    from planet_king.cluster import ClusterError

    try:
        main()
    except ClusterError as exc:  # --cluster: Dask missing, no scheduler: one line
        raise SystemExit(f"advisor_guided: error: {exc}") from None
