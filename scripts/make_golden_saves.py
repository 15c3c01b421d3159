"""Write the golden saves: in-progress and finished saves of every kind of game.

    python scripts/make_golden_saves.py DIR

One save per case below: every playable scenario in progress and finished, co-op,
secret memorials, both together, War-Only mode, a harder game with an optional rule,
and the tutorial (inside its stacked example and past it). The games are played by the
expert bot on fixed seeds; an in-progress save stops a few choices after a turn start in
the middle of the game, so that resuming it has choices to replay after its last turn
start. The files are reproducible: their game id and time stamps are fixed.

``tests/golden_saves/v<N>/`` hold the sets made by the release that wrote format N
(``tests/test_golden_saves.py`` opens and plays on every one of them). Make a new set
only when the save format changes; never remake an old one.
"""

from __future__ import annotations

import argparse
import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from planet_king import saves, tutorial
from planet_king.bots import make_bot
from planet_king.content.loader import Content, load_content
from planet_king.engine.game import Game, GameOptions

STAMP = "2026-12-03T00:00:00Z"  # fixed: the files do not change when remade
SEED = 2
SEEDS = {"anni-horribiles": 3}  # seed 2 ends in its first turn: no later turn start
AFTER_TURN_START = 7  # choices after the middle turn start, in an in-progress save


@dataclass(frozen=True)
class Case:
    name: str
    scenario: str
    options: GameOptions = field(default_factory=GameOptions)
    seed: int = SEED
    finished: bool = False


def cases(content: Content) -> list[Case]:
    out = []
    for scenario in sorted(s for s, sc in content.scenarios.items() if sc.playable):
        seed = SEEDS.get(scenario, SEED)
        out.append(Case(f"{scenario}-in-progress", scenario, seed=seed))
        out.append(Case(f"{scenario}-finished", scenario, seed=seed, finished=True))
    tpk = "the-planet-king"
    out += [
        Case("coop-in-progress", tpk, GameOptions(coop=True)),
        Case("coop-finished", tpk, GameOptions(coop=True), finished=True),
        Case("memorials-in-progress", tpk, GameOptions(memorials=True)),
        Case("memorials-finished", tpk, GameOptions(memorials=True), finished=True),
        Case(
            "coop-memorials-in-progress", "anni-mirabiles", GameOptions(coop=True, memorials=True)
        ),
        Case("war-only-in-progress", "anni-horribiles", GameOptions(war_only=True)),
        Case(
            "hard-optional-in-progress",
            "anni-mirabiles",
            GameOptions(difficulty="hard", optional=("bastard-heir",)),
        ),
    ]
    return out


def _play(game: Game, seed: int, stop: Callable[[Game], bool]) -> Game:
    bot = make_bot("expert", seed)
    while game.decision is not None and not stop(game):
        game.choose(bot.choose(game))
    return game


def _stop_at(content: Content, case: Case) -> int | None:
    """Where an in-progress save stops: a few choices after the middle turn start."""
    if case.finished:
        return None
    full = _play(
        Game(case.scenario, seed=case.seed, options=case.options, content=content),
        case.seed,
        lambda g: False,
    )
    _, made, _ = full.turn_digests[len(full.turn_digests) // 2]
    return min(made + AFTER_TURN_START, len(full.choices) - 1)


def _write(game: Game, name: str, folder: Path) -> Path:
    game.game_id = hashlib.sha256(name.encode()).hexdigest()[:12]
    game.created = STAMP
    path = folder / f"{name}.json"
    path.write_text(_fixed_stamp(saves.dumps(game)), encoding="utf-8")
    return path


def _fixed_stamp(text: str) -> str:
    """The save's ``saved`` time replaced by the fixed stamp (reproducible files)."""
    lines = []
    for line in text.splitlines(keepends=True):
        if line.startswith(' "saved": '):
            line = f' "saved": "{STAMP}"' + (",\n" if line.rstrip().endswith(",") else "\n")
        lines.append(line)
    return "".join(lines)


def make(folder: Path, content: Content) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for case in cases(content):
        stop = _stop_at(content, case)
        game = Game(case.scenario, seed=case.seed, options=case.options, content=content)
        _play(game, case.seed, lambda g, n=stop: n is not None and len(g.choices) >= n)
        written.append(_write(game, case.name, folder))
    # The tutorial: inside its stacked example, and past it (a choice of its own).
    tut = tutorial.load(content)
    game = tutorial.new_game(tut, content)
    for step in tut.steps[:12]:
        game.choose(step.choice)
    written.append(_write(game, "tutorial-in-progress", folder))
    game = tutorial.new_game(tut, content)
    for step in tut.steps[:20]:
        game.choose(step.choice)
    other = next(i for i in game.decision.legal_ids if i != tut.steps[20].choice)
    game.choose(other)
    _play(game, SEED, lambda g: len(g.choices) >= 60)
    written.append(_write(game, "tutorial-left-in-progress", folder))
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    args = parser.parse_args()
    for path in make(args.folder, load_content()):
        print(path)


if __name__ == "__main__":
    main()
