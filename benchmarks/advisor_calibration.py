"""Where the advisor's truncated-playout constants come from (``advisor.value``).

    python benchmarks/advisor_calibration.py [--games 100] [--bot greedy]

Plays games of the scenarios with an End of Turn over several turns with the bot and,
at the start of every turn, reads the forecast: the worst margin to the automatic-defeat
line and the VP the tables would give. It prints, by margin, how often that turn ended
in automatic defeat (the hazard), and how the VP the turn really gained compares with the
tables' VP read at its start.
"""

from __future__ import annotations

import argparse
import statistics
from collections import defaultdict

from planet_king.bots import make_bot
from planet_king.content.loader import load_content
from planet_king.engine.forecast import forecast
from planet_king.engine.game import Game
from planet_king.sim import game_seed

SCENARIOS = ("the-planet-king", "anni-mirabiles", "anni-horribiles")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100, help="per scenario")
    parser.add_argument("--bot", default="greedy")
    args = parser.parse_args()
    content = load_content()
    turns: dict[int, list[int]] = defaultdict(lambda: [0, 0])  # margin -> [turns, defeats]
    gains: list[tuple[int, int]] = []  # (tables' VP read at the turn start, VP gained)
    for scenario in SCENARIOS:
        for i in range(args.games):
            seed = game_seed(1, i)
            g = Game(scenario, seed=seed, content=content)
            bot = make_bot(args.bot, seed)
            turn, read = None, None
            while g.decision is not None:
                if g.state.turn != turn:
                    if read is not None:
                        turns[read[0]][0] += 1
                        gains.append((read[1], g.state.vp - read[2]))
                    f = forecast(g)
                    turn, read = (
                        g.state.turn,
                        (max(0, min(f.worst_margin, 4)), f.table_vp, g.state.vp),
                    )
                g.choose(bot.choose(g))
            if read is not None:
                turns[read[0]][0] += 1
                turns[read[0]][1] += g.state.ended_by == "automatic-defeat"
                if g.state.ended_by != "automatic-defeat":
                    gains.append((read[1], g.state.vp - read[2]))
    print(f"{args.bot}, {args.games} games each of {', '.join(SCENARIOS)}")
    print("worst margin at the turn start (4: 4 or more) -> turns, automatic defeats, hazard")
    for m in sorted(turns):
        n, d = turns[m]
        print(f"  {m}: {n} turns, {d} defeats, hazard {d / n:.3f}")
    by_read: dict[int, list[int]] = defaultdict(list)
    for read, gain in gains:
        by_read[read].append(gain)
    print("tables' VP read at the turn start -> mean VP the turn gained (turns survived)")
    for read in sorted(by_read):
        xs = by_read[read]
        print(f"  {read:+d}: {sum(xs) / len(xs):+.2f} over {len(xs)} turns")
    # The spread of a surviving turn's gain about its mean for the read (the truncated
    # playout's projected VP is uncertain by this much per turn left).
    resid = [g - statistics.fmean(by_read[r]) for r, g in gains if len(by_read[r]) > 1]
    print(f"standard deviation of a surviving turn's VP gain: {statistics.pstdev(resid):.2f}")


if __name__ == "__main__":
    main()
