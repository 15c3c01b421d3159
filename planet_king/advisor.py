"""The advisor: what each legal option of the pending decision is worth, by Monte Carlo.

For every legal option it plays games to the end from the current position with the
greedy policy: each playout forks the position (a copy of the last turn start and the
choices made since), re-shuffles what the player cannot know (the order of the event,
noble and genius decks) with the advisor's own RNG, takes the option, and plays on.
The advisor never changes the game it is asked about.

Every playout has its own seeds, drawn up front from the advisor's seed, so the answer
is the same whether the playouts run in one process or in several.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import random
import threading
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path

from planet_king.bots.greedy import GreedyBot
from planet_king.content.loader import load_content
from planet_king.engine.game import Game, GameOptions
from planet_king.sim import VICTORY_LEVELS


@dataclass
class OptionValue:
    option_id: str
    label: str
    playouts: int = 0
    vps: list[int] = field(default_factory=list)
    levels: Counter[str] = field(default_factory=Counter)
    automatic_defeats: int = 0  # games lost by Automatic Defeat (counted as Defeat)

    @property
    def mean_vp(self) -> float:
        return sum(self.vps) / len(self.vps) if self.vps else 0.0

    @property
    def standard_error(self) -> float:
        n = len(self.vps)
        if n < 2:
            return 0.0
        mean = self.mean_vp
        return math.sqrt(sum((v - mean) ** 2 for v in self.vps) / (n - 1) / n)

    @property
    def level_value(self) -> float:
        """Mean victory level, Major Victory 3 ... Neither King nor Planet 0, where an
        automatic defeat counts as 0 too (ruling R45): what the ranking reads after the
        VP (Hothead scores no VP)."""
        n = max(self.playouts, 1)
        points = {"major-victory": 3, "historical-outcome": 2, "defeat": 1}
        total = sum(points.get(lvl, 0) * k for lvl, k in self.levels.items())
        return (total - self.automatic_defeats) / n

    def as_dict(self) -> dict[str, object]:
        n = max(self.playouts, 1)
        return {
            "option": self.option_id,
            "label": self.label,
            "playouts": self.playouts,
            "mean_vp": round(self.mean_vp, 3),
            "standard_error": round(self.standard_error, 3),
            "victory_levels": {
                lvl: round(self.levels.get(lvl, 0) / n, 3) for lvl in VICTORY_LEVELS
            },
            "automatic_defeat": round(self.automatic_defeats / n, 3),
        }


def fork(game: Game, choices: list[str] | None = None) -> Game:
    """A fresh copy of the game at the same position, or after the first of its
    ``choices``, rebuilt by replay and keeping its turn starts (so that playouts fork
    it cheaply)."""
    return Game.replay(
        game.scenario.id,
        game.choices if choices is None else choices,
        seed=game.seed,
        options=game.options,
        content=game.content,
        keep_turn_starts=True,
    )


def resample_hidden(game: Game, seed: int) -> None:
    """Fate from here on is unknown: a new RNG, and the hidden deck orders re-shuffled."""
    game.rng = random.Random(seed)
    s = game.state
    for deck in (s.deck, s.noble_deck, s.genius_deck):
        game.rng.shuffle(deck)


# One playout: (index of the option, seed for fate, seed for the greedy policy).
Job = tuple[int, int, int]


def play_on(root: Game, option_id: str, fate_seed: int, policy_seed: int) -> Game:
    """One game played to the end from ``root`` after ``option_id``, fate re-sampled."""
    play = root.fork()
    play.quiet = True  # nobody reads a playout's log
    resample_hidden(play, fate_seed)
    play.choose(option_id)
    bot = GreedyBot(policy_seed)
    while play.decision is not None:
        play.choose(bot.choose(play))
    return play


# What a playout ends with: final VP, victory level, and whether by Automatic Defeat.
Outcome = tuple[int, str, bool]


def playout(root: Game, option_id: str, fate_seed: int, policy_seed: int) -> Outcome:
    """How one playout ends."""
    s = play_on(root, option_id, fate_seed, policy_seed).state
    return s.vp, s.victory_level, s.ended_by == "automatic-defeat"


def default_workers() -> int:
    """Every core (at most 8)."""
    return max(1, min(8, os.cpu_count() or 1))


def advise(
    game: Game, *, playouts: int = 500, seed: int = 0, workers: int | None = None
) -> list[OptionValue]:
    """Rank the legal options of the pending decision by mean final VP, then mean
    victory level. ``workers``: processes to play in (default: every core)."""
    decision = game.decision
    if decision is None:
        raise ValueError("the game is over: there is no decision to advise on")
    legal = decision.legal
    values = [OptionValue(o.id, o.label) for o in legal]
    rng = random.Random(seed)
    per_option = max(1, playouts // len(legal))
    jobs: list[Job] = [
        (i, rng.getrandbits(48), rng.getrandbits(32))
        for i in range(len(legal))
        for _ in range(per_option)
    ]
    root = game if game.turn_starts else fork(game)
    workers = default_workers() if workers is None else workers
    for (i, _, _), (vp, level, automatic) in zip(jobs, _run(root, jobs, workers), strict=True):
        values[i].playouts += 1
        values[i].vps.append(vp)
        values[i].levels[level] += 1
        values[i].automatic_defeats += automatic
    # VP decide the victory level at the end of every scenario but Hothead, so the
    # mean final VP ranks first; the mean level breaks ties (and ranks Hothead).
    return sorted(values, key=lambda v: (-v.mean_vp, -v.level_value))


def _play(root: Game, jobs: list[Job]) -> list[Outcome]:
    """The playouts of ``jobs``, here, in order."""
    if root.decision is None:
        raise RuntimeError("the advisor's position has no decision")
    ids = [o.id for o in root.decision.legal]
    return [playout(root, ids[i], fate, policy) for i, fate, policy in jobs]


def _run(root: Game, jobs: list[Job], workers: int) -> list[Outcome]:
    if workers <= 1 or len(jobs) < 2:
        return _play(root, jobs)
    # Each worker rebuilds the position once (content from the same data, the same
    # choices), then plays its share of the playouts.
    position = (
        str(root.content.data_dir),
        root.scenario.id,
        list(root.choices),
        root.seed,
        root.options.to_dict(),
    )
    chunks = [jobs[k::workers] for k in range(workers)]
    try:
        with ProcessPoolExecutor(
            max_workers=workers,
            mp_context=multiprocessing.get_context(_start_method()),
            initializer=_init_worker,
            initargs=position,
        ) as pool:
            parts = list(pool.map(_run_chunk, chunks))
    except (OSError, ValueError, BrokenProcessPool):
        # No pool here (e.g. a host whose stderr has no file descriptor): the same
        # playouts in this process give the same answer, only slower.
        return _play(root, jobs)
    results: list[Outcome] = [(0, "", False)] * len(jobs)
    for k, part in enumerate(parts):
        results[k::workers] = part
    return results


def _start_method() -> str:
    """Fork is the quickest start, but only safe from a process with one thread (the
    TUI asks from a worker thread): then a fork server, or spawn where there is none."""
    methods = multiprocessing.get_all_start_methods()
    if "fork" in methods and threading.active_count() == 1:
        return "fork"
    return "forkserver" if "forkserver" in methods else "spawn"


_WORKER: dict[str, Game] = {}


def _init_worker(
    data_dir: str, scenario: str, choices: list[str], seed: int, options: dict[str, object]
) -> None:
    _WORKER["root"] = Game.replay(
        scenario,
        choices,
        seed=seed,
        options=GameOptions.from_dict(options),
        content=load_content(Path(data_dir)),
        keep_turn_starts=True,
    )


def _run_chunk(chunk: list[Job]) -> list[Outcome]:
    return _play(_WORKER["root"], chunk)
