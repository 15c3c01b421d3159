"""Several runs of ``advisor_regret.py`` read together: each position's regret the mean
of its runs, paired against the expert's at the same position.

    python benchmarks/regret_runs.py RUN1.log RUN2.log [...] [--split]

Each argument is one run's printed output (``--run K`` for runs whose fates are their
own); a run scored in parts (``--answers expert,evaluator``, then ``--answers advisor``
with the same ``--run``) is given as its files joined by commas: ``A.log,B.log``.
For all the positions and for each set of master seeds, it prints the mean regrets, the
advisor's as a share of the expert's, and three paired differences with their 95%
intervals over the positions: the advisor less half the expert's (the issue's target is
at or below zero), the advisor less the expert's, the instant answer less the expert's.

``--split`` says where the advisor's regret lies: its answers sorted by whether its two
judges (the expert's choice and the evaluator's instant choice) agreed, and which of
them, or which third option, it named; each class's regret is summed and divided by all
the answers, so the classes add up to the advisor's mean regret.
"""

from __future__ import annotations

import argparse
import math
import re
from pathlib import Path

ANSWER = re.compile(r"([\w-]+) (\S+) \(regret ([0-9.]+)")
# The four sets of regret positions, by their first master seed (docs/advisor.md, "Regret").
SETS = {2901: "first", 2931: "fresh", 2951: "third", 3201: "fourth"}


Answers = dict[str, dict[str, tuple[str, float]]]


def read_answers(run: str | Path) -> Answers:
    """A run's answers: position (scenario:master:seed:at) -> answer -> (the option it
    named, its regret). Several files may hold parts of one run (``a.log,b.log``)."""
    out: Answers = {}
    for part in str(run).split(","):
        for line in Path(part).read_text().splitlines():
            if ": best " not in line:
                continue
            position = ":".join(line.split(":")[:4])
            answers = out.setdefault(position, {})
            answers.update(
                {m.group(1): (m.group(2), float(m.group(3))) for m in ANSWER.finditer(line)}
            )
    return out


def regrets(run: Answers) -> dict[str, dict[str, float]]:
    """A run's regrets: position (scenario:master:seed:at) -> answer -> regret."""
    return {
        position: {name: regret for name, (_, regret) in answers.items()}
        for position, answers in run.items()
    }


def read_run(run: str | Path) -> dict[str, dict[str, float]]:
    """A run's regrets, read (``read_answers``)."""
    return regrets(read_answers(run))


# The classes of ``split``, in the order they are printed.
CLASSES = (
    ("agree", "kept", "the judges agree, the advisor named their choice"),
    ("agree", "third", "the judges agree, the advisor named a third option"),
    ("differ", "expert", "the judges differ, the advisor named the expert's choice"),
    ("differ", "evaluator", "the judges differ, the advisor named the evaluator's"),
    ("differ", "third", "the judges differ, the advisor named a third option"),
)


def split(runs: list[Answers], positions: list[str]) -> str:
    """Where the advisor's regret lies (module docstring): a line a class, its answers
    over all the runs, the advisor's regret there and the two judges' at the same
    answers, each summed and divided by all the answers; last, what a perfect choice
    between the two judges would score where they differ."""
    keys = [(judges, named) for judges, named, _ in CLASSES]
    count = dict.fromkeys(keys, 0)
    advisor = dict.fromkeys(keys, 0.0)
    expert = dict.fromkeys(keys, 0.0)
    instant = dict.fromkeys(keys, 0.0)
    better = 0.0  # where the judges differ, the better one's regret at each answer
    for run in runs:
        for p in positions:
            a = run[p]
            mine, theirs, given = a["expert"][0], a["evaluator"][0], a["advisor"][0]
            judges = "agree" if mine == theirs else "differ"
            if given == mine:
                named = "kept" if judges == "agree" else "expert"
            else:
                named = "evaluator" if given == theirs else "third"
            key = (judges, named)
            count[key] += 1
            advisor[key] += a["advisor"][1]
            expert[key] += a["expert"][1]
            instant[key] += a["evaluator"][1]
            if judges == "differ":
                better += min(a["expert"][1], a["evaluator"][1])
    n = len(runs) * len(positions)
    lines = [
        f"  {words}: {count[(j, k)]} answers; advisor {advisor[(j, k)] / n:.4f}, "
        f"expert {expert[(j, k)] / n:.4f}, evaluator {instant[(j, k)] / n:.4f}"
        for j, k, words in CLASSES
    ]
    lines.append(f"  where the judges differ, the better of the two at each: {better / n:.4f}")
    return "\n".join(lines)


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
    parser.add_argument(
        "logs", nargs="+", help="advisor_regret.py outputs, a run an argument (A.log,B.log)"
    )
    parser.add_argument(
        "--split", action="store_true", help="where the advisor's regret lies (docstring)"
    )
    args = parser.parse_args()
    try:
        answers = [read_answers(p) for p in args.logs]
    except OSError as e:
        raise SystemExit(f"regret_runs: cannot read {e.filename}: {e.strerror}") from None
    runs = [regrets(run) for run in answers]
    for path, run in zip(args.logs, runs, strict=True):
        if set(run) != set(runs[0]):
            raise SystemExit(f"regret_runs: {path} scores other positions than {args.logs[0]}")
        if not all({"expert", "evaluator", "advisor"} <= set(r) for r in run.values()):
            raise SystemExit(f"regret_runs: {path} lacks an answer (expert, evaluator, advisor)")
    positions = list(runs[0])
    print(f"{len(runs)} run(s), all: " + summary(runs, positions))
    for name in dict.fromkeys(set_of(p) for p in positions):
        print(f"  {name}: " + summary(runs, [p for p in positions if set_of(p) == name]))
    if args.split:
        print(f"where the advisor's regret lies ({len(runs) * len(positions)} answers):")
        print(split(answers, positions))


if __name__ == "__main__":
    main()
