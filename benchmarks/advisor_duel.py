"""The advisor's duel at the regret positions: does a second of playouts side with the
better of its two judges, the expert's choice and the learned evaluator's?

    python benchmarks/advisor_duel.py [--seeds 2901,...] [--seconds 1] [--workers 2]
        [--run K] [--out rows.jsonl]
    python benchmarks/advisor_duel.py --summarise rows.jsonl [more.jsonl ...]

At each position of ``advisor_regret.py`` (its cached references only: the positions of
master seeds whose references are not in ``regret_reference.json`` are refused), the
advisor answers as ``hint`` does (``advise``, ``--seconds`` on ``--workers``), and one
line is written: the expert's choice, the evaluator's instant choice, the advisor's
answer, every option's reference regret, the paired gap (evaluator's choice less
expert's) with its standard error on the playouts they share, and the instant answer's
own margin (its value of its choice less its value of the expert's; asked after the
advisor, on the same fates, outside its second). ``--run K`` draws each answer's fates
as ``advisor_regret.py --run K`` does (0: the position's seed). The summary gives:

- the mean regret of the expert, of the advisor, and of an oracle that takes the better
  of the two judges at every position (the floor of an advisor that only referees them);
- the advisor's regret were its duel re-decided by a threshold on the gap (the
  evaluator's choice taken only when ahead by more than ``z`` standard errors);
- where the two judges differ by 0.01 or more, how often the playouts' sign names the
  better one, and how many of the misses had a gap within one standard error;
- for rows with the instant margin: the disputes in three equal parts by that margin,
  how often the evaluator's choice was the better one in each, and the duel re-decided
  with the margin as a prior (the evaluator's choice taken when ``z > a - b * margin``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

import advisor_quality as aq
import advisor_regret as ar

from planet_king.advisor.instant import evaluator_advice
from planet_king.advisor.options import DEFAULT_POLICY, paired_gap
from planet_king.advisor.pool import PlayoutPool
from planet_king.advisor.search import advise
from planet_king.content.loader import load_content

THRESHOLDS = (0.0, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0)
Row = dict[str, Any]  # one position's line
APART = 0.01  # judges whose choices' regrets differ by less are not counted as a duel


def play(args: argparse.Namespace) -> None:
    content = load_content()
    cache = json.loads(ar.CACHE.read_text())
    version = aq.code_version(DEFAULT_POLICY)
    seeds = tuple(int(x) for x in args.seeds.split(","))
    pool = PlayoutPool(args.workers) if args.workers > 1 else None
    out = args.out.open("a") if args.out else None
    try:
        for spot in ar.spots(content, aq.SCENARIOS, seeds):
            game, _ = ar.at_spot(content, spot)
            ref = aq.cached(cache, f"{spot.stem}:{aq.where(game)}:0:{version}")
            if ref is None:
                raise SystemExit(f"advisor_duel: error: no reference for {spot.stem}")
            ref = ar.restricted(ref, ar.moves(game))
            best = max(ref["options"], key=lambda o: aq.mean_u(ref, o))
            regret = {o: aq.mean_u(ref, best) - aq.mean_u(ref, o) for o in ref["options"]}
            seed = ar.answer_seed(spot, args.run)
            advice = advise(game, seconds=args.seconds, seed=seed, workers=args.workers, pool=pool)
            mine = advice.option(advice.policy_choice)
            theirs = next((v for v in advice.options if v.instant_choice), mine)
            row: Row = {
                "stem": spot.stem,
                "expert": mine.option_id,
                "evaluator": theirs.option_id,
                "advisor": advice.recommended,
                "regret": regret,
                "playouts": advice.playouts,
            }
            if theirs is not mine:
                gap, se, n = paired_gap(theirs, mine)
                row |= {"gap": gap, "se": se, "pairs": n}
                instant = {
                    o["option"]: o["value"] for o in evaluator_advice(game, seed=seed)["options"]
                }
                row["margin"] = instant[theirs.option_id] - instant[mine.option_id]
            line = json.dumps(row)
            print(line, flush=True)
            if out:
                out.write(line + "\n")
                out.flush()
    finally:
        if out:
            out.close()
        if pool is not None:
            pool.close()


def z_of(row: Row) -> float:
    if row["se"] > 0:
        return float(row["gap"] / row["se"])
    return float("inf") if row["gap"] > 0 else float("-inf")


def refereed(row: Row, threshold: float) -> str:
    """The advisor's answer with its duel re-decided at ``threshold`` standard errors
    (an answer that is neither judge's stays)."""
    if "gap" not in row or row["advisor"] not in (row["expert"], row["evaluator"]):
        return str(row["advisor"])
    return str(row["evaluator"] if z_of(row) > threshold else row["expert"])


def summarise(rows: list[Row]) -> None:
    n = len(rows)

    def mean(answer: str) -> float:
        return sum(r["regret"][answer_of(r, answer)] for r in rows) / n

    def answer_of(r: Row, answer: str) -> str:
        if answer == "oracle":
            return min((r["expert"], r["evaluator"]), key=lambda o: r["regret"][o])
        return str(r[answer])

    expert = mean("expert")
    print(f"{n} positions; mean regret (and as a share of the expert's):")
    for answer in ("expert", "evaluator", "advisor", "oracle"):
        print(f"  {answer}: {mean(answer):.4f} ({mean(answer) / expert:.2f})")
    third = sum(r["advisor"] not in (r["expert"], r["evaluator"]) for r in rows)
    print(f"  the advisor answered neither judge's choice at {third}")
    for t in THRESHOLDS:
        m = sum(r["regret"][refereed(r, t)] for r in rows) / n
        print(f"  duel re-decided beyond {t} standard errors: {m:.4f} ({m / expert:.2f})")
    right = wrong = close = 0
    for r in rows:
        if "gap" not in r or r["advisor"] not in (r["expert"], r["evaluator"]):
            continue
        mine, theirs = r["regret"][r["expert"]], r["regret"][r["evaluator"]]
        if abs(mine - theirs) <= APART:
            continue
        if (z_of(r) > 0) == (theirs < mine):
            right += 1
        else:
            wrong += 1
            close += abs(z_of(r)) < 1.0
    print(
        f"  judges {APART} or more apart: the playouts' sign named the better one "
        f"{right} times in {right + wrong}; {close} of the {wrong} misses within one "
        "standard error"
    )
    with_margin = [
        r for r in rows if "margin" in r and r["advisor"] in (r["expert"], r["evaluator"])
    ]
    if with_margin:
        by_margin(with_margin, n, mean("advisor"), expert)


def primed(row: Row, a: float, b: float) -> str:
    """The duel re-decided with the instant answer's margin as a prior: the evaluator's
    choice when the playouts' gap is more than ``a - b * margin`` standard errors."""
    return str(row["evaluator"] if z_of(row) > a - b * row["margin"] else row["expert"])


PRIORS = ((0.0, 0.0), (0.5, 0.0), (0.5, 10.0), (1.0, 20.0), (0.0, 10.0), (1.0, 10.0))


def by_margin(rows: list[Row], n: int, advisor: float, expert: float) -> None:
    """The disputes by the instant answer's margin, and the duel re-decided with it as a
    prior: the mean regret over all ``n`` positions, as a share of the ``expert``'s."""
    ranked = sorted(rows, key=lambda r: r["margin"])
    third = len(ranked) // 3
    parts = (ranked[:third], ranked[third : 2 * third], ranked[2 * third :])
    for part in parts if third else ():  # fewer than three disputes: no thirds
        better = sum(r["regret"][r["evaluator"]] < r["regret"][r["expert"]] for r in part)
        print(
            f"  instant margin {part[0]['margin']:.3f} to {part[-1]['margin']:.3f}: the "
            f"evaluator's choice the better one at {better} of {len(part)}"
        )
    for a, b in PRIORS:
        total = sum(r["regret"][primed(r, a, b)] - r["regret"][r["advisor"]] for r in ranked)
        m = advisor + total / n
        print(f"  evaluator's choice taken when z > {a} - {b} x margin: {m:.4f} ({m / expert:.2f})")


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--seeds", default=",".join(str(s) for s in ar.SEEDS))
    p.add_argument("--seconds", type=float, default=1.0)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--run", type=int, default=0, help="the answers' fates, as advisor_regret's")
    p.add_argument("--out", type=Path, help="append one JSON line a position")
    p.add_argument("--summarise", type=Path, nargs="+", metavar="JSONL")
    args = p.parse_args()
    if args.summarise:
        rows = [json.loads(x) for f in args.summarise for x in f.read_text().splitlines()]
        summarise(rows)
        return
    play(args)


if __name__ == "__main__":
    main()
