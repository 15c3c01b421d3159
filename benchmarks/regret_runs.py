"""Several runs of ``advisor_regret.py`` read together: each position's regret the mean
of its runs, paired against the expert's at the same position.

    python benchmarks/regret_runs.py RUN1.log RUN2.log [...]

Each file is one run's printed output (``--run K`` for runs whose fates are their own).
For all the positions and for each set of master seeds, it prints the mean regrets, the
advisor's as a share of the expert's, and three paired differences with their 95%
intervals over the positions: the advisor less half the expert's (the issue's target is
at or below zero), the advisor less the expert's, the instant answer less the expert's.
"""

from __future__ import annotations

import argparse
import math
import re
from pathlib import Path

ANSWER = re.compile(r"([\w-]+) (\S+) \(regret ([0-9.]+)")
# The four sets of regret positions, by their first master seed (docs/advisor.md, "Regret").
SETS = {2901: "first", 2931: "fresh", 2951: "third", 3201: "fourth"}


def read_run(path: Path) -> dict[str, dict[str, float]]:
    """A run's regrets: position (scenario:master:seed:at) -> answer -> regret."""
    out: dict[str, dict[str, float]] = {}
    for line in path.read_text().splitlines():
        if ": best " not in line:
            continue
        position = ":".join(line.split(":")[:4])
        out[position] = {m.group(1): float(m.group(3)) for m in ANSWER.finditer(line)}
    return out


def set_of(position: str) -> str:
    """The set a position belongs to: the last set whose first master seed is at or below
    its own (each set is five consecutive master seeds)."""
    master = int(position.split(":")[1])
    first = max((s for s in SETS if s <= master), default=None)
    return SETS[first] if first is not None and master < first + 5 else f"seeds {master}"


def interval(xs: list[float]) -> str:
    """Mean ± 1.96 standard errors."""
    n = len(xs)
    mean = sum(xs) / n
    if n < 2:
        return f"{mean:+.4f}"
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1))
    return f"{mean:+.4f} ± {1.96 * sd / math.sqrt(n):.4f}"


def summary(runs: list[dict[str, dict[str, float]]], positions: list[str]) -> str:
    """One line: the positions' mean regrets over the runs, and the paired differences."""
    n = len(runs)
    expert = [runs[0][p]["expert"] for p in positions]
    advisor = [sum(r[p]["advisor"] for r in runs) / n for p in positions]
    instant = [sum(r[p]["evaluator"] for r in runs) / n for p in positions]
    mean = {k: sum(v) / len(v) for k, v in (("e", expert), ("a", advisor), ("i", instant))}
    share = mean["a"] / mean["e"] if mean["e"] else float("nan")
    pairs = list(zip(advisor, instant, expert, strict=True))
    return (
        f"{len(positions)} positions: expert {mean['e']:.4f}, instant {mean['i']:.4f}, "
        f"advisor {mean['a']:.4f} ({share:.2f} of the expert's); "
        f"advisor less half the expert's {interval([a - e / 2 for a, _, e in pairs])}; "
        f"advisor less the expert's {interval([a - e for a, _, e in pairs])}; "
        f"instant less the expert's {interval([i - e for _, i, e in pairs])}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("logs", nargs="+", type=Path, help="advisor_regret.py outputs")
    args = parser.parse_args()
    runs = [read_run(p) for p in args.logs]
    for path, run in zip(args.logs, runs, strict=True):
        if set(run) != set(runs[0]):
            raise SystemExit(f"regret_runs: {path} scores other positions than {args.logs[0]}")
        if not all({"expert", "evaluator", "advisor"} <= set(r) for r in run.values()):
            raise SystemExit(f"regret_runs: {path} lacks an answer (expert, evaluator, advisor)")
    positions = list(runs[0])
    print(f"{len(runs)} run(s), all: " + summary(runs, positions))
    for name in dict.fromkeys(set_of(p) for p in positions):
        print(f"  {name}: " + summary(runs, [p for p in positions if set_of(p) == name]))


if __name__ == "__main__":
    main()
