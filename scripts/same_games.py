"""Check that a change to the engine or the bots leaves every simulated game the same.

    python scripts/same_games.py --base DIR [--games 100] [--bots random,greedy,expert]
                                 [--scenarios a,b] [--cache DIR]

DIR holds an older checkout, unpacked for instance with
``git archive <commit> | tar -x -C DIR``. For every scenario and bot (and a few game
modes: War-Only, co-op, memorials) this runs ``simulate`` in the older code and in this
checkout, each in its own process, and compares the JSON that ``simulate --json`` prints
(all but ``elapsed_s``) together with every game's list of choices. Any difference is a
change of behaviour: the first differing game is named. ``--cache`` keeps the older
code's output, so that later runs only replay this checkout. Exit code 1 on a difference.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
SCENARIOS = ("hothead", "iupiter-hispano", "anni-mirabiles", "anni-horribiles", "the-planet-king")
BOTS = ("random", "greedy", "expert")
# Modes whose rules change the action menus (War-Only's action types, co-op's roles).
MODES = {
    "war-only": {"war_only": True},
    "coop": {"coop": True},
    "memorials": {"memorials": True},
}
MODE_SCENARIO = "the-planet-king"


def dump(scenario: str, bot: str, games: int, mode: str) -> str:
    """The simulate JSON, without its timing, and every game's choices (in this process)."""
    from planet_king.content.loader import load_content
    from planet_king.engine.game import GameOptions
    from planet_king.sim import simulate

    options = GameOptions.from_dict(MODES.get(mode, {}))
    choices: list[list[str]] = []
    result = simulate(
        scenario,
        games,
        1,
        bot,
        options=options,
        content=load_content(),  # the installed data, in either checkout
        on_game=lambda _i, game: choices.append(list(game.choices)),
    )
    result.pop("elapsed_s")
    for record, made in zip(result["games"], choices, strict=True):
        record["choices"] = made
    return json.dumps(result, ensure_ascii=False)


def run(tree: Path, scenario: str, bot: str, games: int, mode: str) -> str:
    """``dump`` with the code of ``tree`` (its package first on the path)."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    cmd = [sys.executable, __file__, "--dump", scenario, bot, str(games), mode]
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    if out.returncode:
        raise SystemExit(f"{tree}: {scenario} {bot} {mode} failed:\n{out.stderr}")
    return out.stdout


def first_difference(old: str, new: str) -> str:
    a, b = json.loads(old), json.loads(new)
    for i, (ga, gb) in enumerate(zip(a["games"], b["games"], strict=False)):
        if ga != gb:
            keys = sorted(k for k in set(ga) | set(gb) if ga.get(k) != gb.get(k))
            return f"game {i} (seed {ga['seed']}) differs in {', '.join(keys)}"
    keys = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
    return f"differs in {', '.join(keys)}"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--dump", nargs=4, metavar=("SCENARIO", "BOT", "GAMES", "MODE"))
    parser.add_argument("--base", type=Path)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--bots", default=",".join(BOTS))
    parser.add_argument("--scenarios", default=",".join(SCENARIOS))
    parser.add_argument("--modes", default=",".join(MODES), help="'' for none")
    parser.add_argument("--cache", type=Path, help="keep the older code's output here")
    args = parser.parse_args()
    if args.dump:
        scenario, bot, games, mode = args.dump
        import planet_king

        where = Path(planet_king.__file__).resolve().parent.parent
        print(f"{where}", file=sys.stderr)
        sys.stdout.write(dump(scenario, bot, int(games), mode))
        return
    if args.base is None:
        parser.error("--base DIR is required")
    bots = args.bots.split(",")
    runs = [(s, b, "") for s in args.scenarios.split(",") for b in bots]
    runs += [(MODE_SCENARIO, b, m) for m in filter(None, args.modes.split(",")) for b in bots]
    failed = 0
    for scenario, bot, mode in runs:
        key = f"{scenario}-{bot}-{mode or 'plain'}-{args.games}"
        cached = args.cache / f"{key}.json" if args.cache else None
        if cached is not None and cached.is_file():
            old = cached.read_text()
        else:
            old = run(args.base, scenario, bot, args.games, mode)
            if cached is not None:
                cached.parent.mkdir(parents=True, exist_ok=True)
                cached.write_text(old)
        new = run(HERE, scenario, bot, args.games, mode)
        digest = hashlib.sha256(new.encode()).hexdigest()[:12]
        if old == new:
            print(f"same       {key}  ({digest})", flush=True)
        else:
            failed += 1
            print(f"DIFFERENT  {key}: {first_difference(old, new)}", flush=True)
    print("all the same" if not failed else f"{failed} of {len(runs)} differ")
    raise SystemExit(1 if failed else 0)


if __name__ == "__main__":
    main()
