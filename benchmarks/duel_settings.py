"""How well each playout setting (horizon and leaf) tells the advisor's two judges apart,
at the regret positions where they disagree.

    python benchmarks/duel_settings.py --scenario anni-horribiles [--seeds 2901,...]
        [--fates 200] [--settings 1-forecast,2-forecast,1-evaluator,2-evaluator]
        [--out rows.jsonl]
    python benchmarks/duel_settings.py --summarise rows.jsonl [more.jsonl ...]

At each position of ``advisor_regret.py`` with a cached reference where the evaluator's
instant choice is not the expert's, both choices are played on the same ``--fates``
fates with each setting (``H-LEAF``: H End of Turns, 0 to the end, then the leaf of
``advisor.value``), and one line is written: the reference's gap (the evaluator's choice
less the expert's) and each setting's paired gap, its standard error and its CPU seconds.

The summary models the advisor's duel: with ``B`` CPU seconds of pairs, a setting whose
gap is m with a pair's spread s names the evaluator's choice with the chance
Phi(m / (s / sqrt(n))), n the pairs B buys at that setting's cost; the regret is the
reference's gap when it names the worse one. Its m and s are measured on the same fates
the summary then scores, so its figures are optimistic for every setting alike: it ranks
settings to try, it does not replace ``advisor_regret.py`` on positions not looked at.
Its leader on the 150 tuned positions (one End of Turn, the evaluator as leaf) did no
better on the fourth set of 50 (docs/advisor.md, "One End of Turn, valued by the evaluator?").
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import random
import sys
import time
from pathlib import Path
from statistics import NormalDist
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

import advisor_quality as aq
import advisor_regret as ar

from planet_king.advisor.options import DEFAULT_POLICY
from planet_king.advisor.playout import play_task, root_of
from planet_king.advisor.search import instant_choice
from planet_king.content.loader import load_content

SETTINGS = "1-forecast,2-forecast,1-evaluator,2-evaluator"
BUDGETS = (0.5, 1.0, 2.0)  # CPU seconds of duel pairs the summary scores


def play(args: argparse.Namespace) -> None:
    content = load_content()
    cache = json.loads(ar.CACHE.read_text())
    version = aq.code_version(DEFAULT_POLICY)
    settings = [(int(s.split("-")[0]), s.split("-", 1)[1]) for s in args.settings.split(",")]
    seeds = tuple(int(x) for x in args.seeds.split(","))
    with args.out.open("a") if args.out else contextlib.nullcontext(sys.stdout) as out:
        for spot in ar.spots(content, (args.scenario,), seeds):
            game, mine = ar.at_spot(content, spot)
            ref = aq.cached(cache, f"{spot.stem}:{aq.where(game)}:0:{version}")
            if ref is None:
                continue
            root = root_of(game)
            theirs = instant_choice(root, spot.seed)
            if theirs == mine:
                continue
            rng = random.Random(spot.stem)
            fates = [(rng.getrandbits(48), rng.getrandbits(32)) for _ in range(args.fates)]
            row: dict[str, Any] = {
                "position": spot.stem,
                "expert": mine,
                "evaluator": theirs,
                "reference_gap": aq.mean_u(ref, theirs) - aq.mean_u(ref, mine),
            }
            for horizon, leaf in settings:
                start = time.process_time()
                gaps = [
                    play_task(root, (theirs, f, p, DEFAULT_POLICY, horizon, leaf)).value
                    - play_task(root, (mine, f, p, DEFAULT_POLICY, horizon, leaf)).value
                    for f, p in fates
                ]
                m = sum(gaps) / len(gaps)
                spread = math.sqrt(sum((g - m) ** 2 for g in gaps) / (len(gaps) - 1))
                row[f"{horizon}-{leaf}"] = {
                    "gap": m,
                    "spread": spread,
                    "cpu_per_pair": (time.process_time() - start) / len(gaps),
                }
            print(json.dumps(row), file=out, flush=True)


def duel_regret(row: dict[str, Any], setting: str, budget: float) -> float:
    """The expected regret of a duel that spends ``budget`` CPU seconds on pairs."""
    s = row[setting]
    truth = row["reference_gap"]
    n = max(4.0, budget / max(s["cpu_per_pair"], 1e-9))
    if s["spread"] == 0:
        p = 0.5 if s["gap"] == 0 else float(s["gap"] > 0)
    else:
        p = NormalDist().cdf(s["gap"] / (s["spread"] / math.sqrt(n)))
    return p * max(0.0, -truth) + (1 - p) * max(0.0, truth)


def summarise(files: list[Path]) -> None:
    rows = [json.loads(line) for f in files for line in f.read_text().splitlines() if line]
    if not rows:
        raise SystemExit("duel_settings: no rows")
    # the settings every row has (files of different --settings may be read together)
    settings = [k for k in rows[0] if k[0].isdigit() and all(k in r for r in rows)]
    n = len(rows)
    print(f"{n} positions where the judges disagree")
    print(f"  expert's choice always: {sum(max(0.0, r['reference_gap']) for r in rows) / n:.4f}")
    print(f"  evaluator's always:     {sum(max(0.0, -r['reference_gap']) for r in rows) / n:.4f}")
    for budget in BUDGETS:
        figures = ", ".join(
            f"{s} {sum(duel_regret(r, s, budget) for r in rows) / n:.4f}" for s in settings
        )
        print(f"  duel on {budget:g} CPU s: {figures}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--scenario", default="anni-horribiles")
    parser.add_argument("--seeds", default=",".join(map(str, ar.SEEDS)))
    parser.add_argument("--fates", type=int, default=200)
    parser.add_argument("--settings", default=SETTINGS)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--summarise", nargs="+", type=Path)
    args = parser.parse_args()
    if args.summarise:
        summarise(args.summarise)
    else:
        play(args)


if __name__ == "__main__":
    main()
