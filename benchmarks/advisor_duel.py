"""The advisor's duel at the regret positions: does a second of playouts side with the
better of its two judges, the expert's choice and the learned evaluator's?

    python benchmarks/advisor_duel.py [--seeds 2901,...] [--seconds 1] [--workers 2]
        [--out rows.jsonl]
    python benchmarks/advisor_duel.py --summarise rows.jsonl [more.jsonl ...]

At each position of ``advisor_regret.py`` (its cached references only: the positions of
master seeds whose references are not in ``regret_reference.json`` are refused), the
advisor answers as ``hint`` does (``advise``, ``--seconds`` on ``--workers``), and one
line is written: the expert's choice, the evaluator's instant choice, the advisor's
answer, every option's reference regret, and the paired gap (evaluator's choice less
expert's) with its standard error on the playouts they share. The summary gives:

- the mean regret of the expert, of the advisor, and of an oracle that takes the better
  of the two judges at every position (the floor of an advisor that only referees them);
- the advisor's regret were its duel re-decided by a threshold on the gap (the
  evaluator's choice taken only when ahead by more than ``z`` standard errors);
- where the two judges differ by 0.01 or more, how often the playouts' sign names the
  better one, and how many of the misses had a gap within one standard error.
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
            advice = advise(
                game, seconds=args.seconds, seed=spot.seed, workers=args.workers, pool=pool
            )
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


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--seeds", default=",".join(str(s) for s in ar.SEEDS))
    p.add_argument("--seconds", type=float, default=1.0)
    p.add_argument("--workers", type=int, default=2)
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
