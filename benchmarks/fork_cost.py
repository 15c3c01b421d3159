"""What a fork costs beside the playout it starts: the advisor's every playout forks its
position, replaying the choices made since the last point the game kept.

    python benchmarks/fork_cost.py [--scenario anni-mirabiles] [--seed 2] [--games 2]
        [--every 5] [--repeats 20]

Plays the expert's games (``game_seed(seed, i)``, the expert seeded as ``simulate``
seeds it) and, at every ``--every``-th decision of their Events phases, times
``repeats`` forks of the game and as many one-turn playouts (horizon 1, the guided
runs' full search's, each a fork, fate re-sampled, the first legal option taken, the
expert to the next turn, the scenario's leaf). Process CPU time, so a loaded machine
inflates both alike; run it in each of two checkouts (``PYTHONPATH=OLD_DIR``) to
compare them. Prints the mean choices a fork replays, the mean fork and playout in ms,
and the fork's share of the playout.
"""

from __future__ import annotations

import argparse
import statistics
import time

from planet_king.advisor.playout import play_task
from planet_king.advisor.search import default_leaf
from planet_king.bots import make_bot
from planet_king.content.loader import load_content
from planet_king.engine.game import Game
from planet_king.seeds import bot_seed, game_seed


def main() -> None:
    content = load_content()
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--scenario", default="anni-mirabiles", choices=sorted(content.scenarios))
    p.add_argument("--seed", type=int, default=2, help="master seed of the games")
    p.add_argument("--games", type=int, default=2)
    p.add_argument("--every", type=int, default=5, help="time every N-th decision")
    p.add_argument("--repeats", type=int, default=20)
    args = p.parse_args()
    leaf = default_leaf(args.scenario)
    replayed: list[int] = []
    forks: list[float] = []
    playouts: list[float] = []
    for i in range(args.games):
        seed = game_seed(args.seed, i)
        game = Game(args.scenario, seed=seed, content=content, keep_turn_starts=True)
        bot = make_bot("expert", bot_seed(seed))
        while game.decision is not None:
            at = len(game.choices)
            if game.state.phase == "events" and at % args.every == 0 and game.turn_starts:
                replayed.append(at - game.turn_starts[-1].choices)
                start = time.process_time()
                for _ in range(args.repeats):
                    game.fork()
                forks.append((time.process_time() - start) / args.repeats)
                option = game.decision.legal_ids[0]
                start = time.process_time()
                for k in range(args.repeats):
                    play_task(game, (option, k, k, "expert", 1, leaf))
                playouts.append((time.process_time() - start) / args.repeats)
            game.choose(bot.choose(game))
    fork, playout = statistics.mean(forks), statistics.mean(playouts)
    print(
        f"{args.scenario}, master seed {args.seed}, {args.games} games, {len(forks)} "
        f"positions: a fork replays {statistics.mean(replayed):.1f} choices, takes "
        f"{fork * 1000:.2f} ms; a one-turn playout {playout * 1000:.2f} ms "
        f"(the fork {fork / playout:.0%} of it)"
    )


if __name__ == "__main__":
    main()
