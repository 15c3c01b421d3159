"""Engine throughput: complete games per second, and decisions per second.

    python benchmarks/throughput.py [--scenario hothead] [--bot random] [--games N] [--repeats R]
    python benchmarks/throughput.py --compare OLD_DIR [NEW_DIR] [--scenario ...] [--bot ...]
    python benchmarks/throughput.py [--compare OLD_DIR [NEW_DIR]] --instructions --games 10
    python benchmarks/throughput.py --instructions --parts [--scenario ...] [--bot ...]

Fixed seeds (``--seed``: the master seed of the games, 1 by default), several repeats,
the median and the spread; one core. Not a test: timings
on shared machines are noisy, so figures are reported in notes, not asserted.

``--instructions`` counts, instead of timing, the machine instructions each game takes
(valgrind's callgrind, less a run of no game): the same count on every run whatever else
the machine is doing, so a change's effect shows even on a noisy host. A count is not a
time (instructions differ in cost: 1.17x fewer instructions was 1.24x less time for the
greedy bot's Planet King), and it is slow (some fifty times slower than the game), so a
few games do. ``--parts`` splits a game's count: the bot's choices, the log and the
digests that ``simulate`` keeps, and the rules themselves (the same choices replayed
without a bot, quiet as a playout).

``--compare`` times two checkouts (an older one unpacked with
``git archive <commit> | tar -x -C OLD_DIR``; NEW_DIR defaults to this one) alternately,
old then new, in fresh processes with each checkout's package first on the path, so that
a change of the machine's load falls on both alike. It reports each one's medians and
the median of the paired ratios new/old, by wall-clock and by CPU time (the process's
own, less sensitive to other processes on a shared machine).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def measure(
    scenario: str, bot: str, games: int, replay: str = "", master: int = 1
) -> dict[str, float]:
    """Play ``games`` games with seeds 0..games-1 of ``master`` seed (in this process).

    ``replay``: then play them again from their choices, without the bot: ``logged`` as
    ``simulate`` keeps them (the log, its digest and the turn digests), ``quiet`` as a
    playout does (none of these); the parts of ``--instructions --parts``."""
    from planet_king.content.loader import load_content
    from planet_king.engine.game import Game
    from planet_king.sim import game_seed, play_one

    content = load_content()
    decisions = 0
    start, cpu = time.perf_counter(), time.process_time()
    played = []
    for i in range(games):
        game, _ = play_one(scenario, game_seed(master, i), bot, content=content)
        decisions += len(game.choices)
        played.append((game.seed, game.choices))
    for seed, choices in played if replay else ():
        again = Game(scenario, seed=seed, content=content)
        again.quiet = replay == "quiet"
        for choice in choices:
            again.choose(choice)
        if replay == "logged":
            again.log_digest()
    return {
        "games": games,
        "decisions": decisions,
        "wall_s": time.perf_counter() - start,
        "cpu_s": time.process_time() - cpu,
    }


def measure_in(
    tree: Path, scenario: str, bot: str, games: int, master: int = 1
) -> dict[str, float]:
    """``measure`` in a fresh process running the code of ``tree``."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    cmd = [sys.executable, __file__, "--measure", "--scenario", scenario, "--bot", bot]
    cmd += ["--seed", str(master)]
    out = subprocess.run(
        [*cmd, "--games", str(games)], env=env, capture_output=True, text=True, check=True
    )
    return json.loads(out.stdout)


def instructions_in(
    tree: Path,
    scenario: str,
    bot: str,
    games: int,
    replay: str = "",
    made: list[int] | None = None,
    master: int = 1,
) -> float:
    """Machine instructions a game, in a fresh process running the code of ``tree``
    under callgrind (less the same process playing no game: start-up and data); with
    ``replay``, those of the games' replay alone (less the same process not replaying).
    ``made``, if given, receives the number of decisions the games took."""
    if shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind (Debian: apt-get install valgrind)")
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")

    def count(n: int, again: str = "") -> int:
        cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
        cmd += [sys.executable, __file__, "--measure", "--scenario", scenario, "--bot", bot]
        cmd += ["--games", str(n), "--seed", str(master)]
        cmd += ["--replay", again] if again else []
        out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
        found = re.search(r"Collected : (\d+)", out.stderr)
        if found is None:
            raise SystemExit(f"callgrind printed no count: {out.stderr[-300:]}")
        if n and made is not None:
            made.append(int(json.loads(out.stdout)["decisions"]))
        return int(found.group(1))

    if replay:
        return (count(games, replay) - count(games)) / games
    return (count(games) - count(0)) / games


def instruction_parts(tree: Path, args: argparse.Namespace) -> None:
    """A game's instructions in parts: the bot (the game less its replay from the same
    choices), the log and the digests (the replay less a quiet one), the rest."""
    whole = instructions_in(tree, args.scenario, args.bot, args.games, master=args.seed)
    logged = instructions_in(tree, args.scenario, args.bot, args.games, "logged", master=args.seed)
    quiet = instructions_in(tree, args.scenario, args.bot, args.games, "quiet", master=args.seed)
    print(f"{args.scenario}, {args.bot} bot, {args.games} games, instructions a game (callgrind)")
    for name, n in (
        ("the whole game", whole),
        ("the bot's choices", whole - logged),
        ("the log, its digest and the turn digests", logged - quiet),
        ("the rules (a quiet replay of the same choices)", quiet),
    ):
        print(f"  {name}: {n / 1e6:.1f} million ({n / whole:.0%})")


def compare_instructions(old: Path, new: Path, args: argparse.Namespace) -> None:
    made_a: list[int] = []
    made_b: list[int] = []
    a = instructions_in(old, args.scenario, args.bot, args.games, made=made_a, master=args.seed)
    b = instructions_in(new, args.scenario, args.bot, args.games, made=made_b, master=args.seed)
    # The two checkouts' bots may play differently: a decision is the fairer unit.
    da, db = a * args.games / made_a[0], b * args.games / made_b[0]
    print(
        f"{args.scenario}, {args.bot} bot, {args.games} games of master seed {args.seed}, "
        "instructions (callgrind)"
    )
    print(f"old {old}: {a / 1e6:.1f} million a game, {da / 1e3:.1f} thousand a decision")
    print(f"new {new}: {b / 1e6:.1f} million a game, {db / 1e3:.1f} thousand a decision")
    print(f"speed-up new/old by instructions: {a / b:.3f}x a game, {da / db:.3f}x a decision")


def _line(name: str, runs: list[dict[str, float]]) -> str:
    games = [r["games"] / r["wall_s"] for r in runs]
    cpu = [r["games"] / r["cpu_s"] for r in runs]
    dec = [r["decisions"] / r["wall_s"] for r in runs]
    return (
        f"{name}: games/s median {statistics.median(games):.1f} "
        f"(min {min(games):.1f}, max {max(games):.1f}); "
        f"by CPU time {statistics.median(cpu):.1f}; decisions/s {statistics.median(dec):.0f}"
    )


def compare(old: Path, new: Path, args: argparse.Namespace) -> None:
    olds, news = [], []
    for _ in range(args.repeats):
        olds.append(measure_in(old, args.scenario, args.bot, args.games, args.seed))
        news.append(measure_in(new, args.scenario, args.bot, args.games, args.seed))
    print(f"{args.scenario}, {args.bot} bot, {args.games} games x {args.repeats} pairs (old, new)")
    print(_line(f"old {old}", olds))
    print(_line(f"new {new}", news))
    wall = [o["wall_s"] / n["wall_s"] for o, n in zip(olds, news, strict=True)]
    cpu = [o["cpu_s"] / n["cpu_s"] for o, n in zip(olds, news, strict=True)]
    print(
        f"speed-up new/old: median {statistics.median(wall):.2f}x wall-clock "
        f"(min {min(wall):.2f}, max {max(wall):.2f}); {statistics.median(cpu):.2f}x CPU time"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--scenario", default="hothead")
    parser.add_argument("--bot", default="random")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1, help="master seed of the games")
    parser.add_argument("--compare", nargs="+", type=Path, metavar="DIR")
    parser.add_argument(
        "--instructions", action="store_true", help="count instructions (callgrind), not time"
    )
    parser.add_argument(
        "--parts", action="store_true", help="with --instructions: bot, log and rules apart"
    )
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--replay", choices=("logged", "quiet"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(
            json.dumps(measure(args.scenario, args.bot, args.games, args.replay or "", args.seed))
        )
        return
    if args.compare:
        if len(args.compare) > 2:
            parser.error("--compare takes OLD_DIR and at most one NEW_DIR")
        new = args.compare[1] if len(args.compare) > 1 else HERE
        (compare_instructions if args.instructions else compare)(args.compare[0], new, args)
        return
    if args.instructions and args.parts:
        instruction_parts(HERE, args)
        return
    if args.instructions:
        n = instructions_in(HERE, args.scenario, args.bot, args.games, master=args.seed)
        print(f"{args.scenario}, {args.bot} bot: {n / 1e6:.1f} million instructions a game")
        return
    runs = [measure(args.scenario, args.bot, args.games) for _ in range(args.repeats)]
    print(f"{args.scenario}, {args.bot} bot, {args.games} games x {args.repeats} repeats")
    print(_line("this checkout", runs))


if __name__ == "__main__":
    main()
