"""The advisor's playouts: the position rebuilt from the game's actual start, fate
re-sampled, an option taken and the game played on by a policy bot (``search`` runs
them, here or in the worker processes of ``pool``).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from planet_king.advisor.value import Outcome, outcome
from planet_king.bots import make_bot
from planet_king.content.loader import Content, load_content
from planet_king.engine import resume
from planet_king.engine.game import Game, GameOptions
from planet_king.engine.state import known_at_bottom

# (data folder, scenario, seed, options, choices, resume point): enough to rebuild a
# position. The resume point (``engine.resume.point_data``) is None for a game played
# from its seed; a game resumed from a snapshot is rebuilt from there, never by replay
# from the seed (its choices before the snapshot no longer replay under today's rules).
Position = tuple[str, str, int, dict[str, Any], list[str], dict[str, Any] | None]
# A playout to play: (option id, fate seed, policy seed, policy, horizon, leaf valuation
# of a truncated playout: ``advisor.value.LEAVES``).
Task = tuple[str, int, int, str, int, str]


def fork(game: Game, choices: list[str] | None = None) -> Game:
    """A fresh copy of the game at the same position, or after the first of its
    ``choices``, rebuilt from the game's actual start (its snapshot if it was resumed
    from one, else its seed) and keeping its turn starts (so that playouts fork it
    cheaply)."""
    return resume.from_start(game, choices, keep_turn_starts=True)


def root_of(game: Game) -> Game:
    """The position playouts and the instant answer fork from: the game itself when it
    keeps its turn starts (it forks cheaply as it is: the advisor's roots do), else a
    copy rebuilt once so that it does."""
    return game if game.turn_starts else fork(game)


_CONTENT: dict[str, Content] = {}


def position_of(game: Game) -> Position:
    """What rebuilds ``game``'s position in a worker: from its actual start, the resume
    point of a game resumed from a snapshot, else its seed."""
    start = game.resumed_from
    return (
        str(Path(game.content.data_dir)),
        game.scenario.id,
        game.seed,
        game.options.to_dict(),
        list(game.choices),
        resume.point_data(start) if start is not None else None,
    )


def rebuild(position: Position) -> Game:
    """The game at ``position`` (``position_of``), keeping its turn starts: from
    its resume point when it was resumed from a snapshot, else from its seed."""
    data_dir, scenario, seed, options, choices, start = position
    if data_dir not in _CONTENT:
        _CONTENT[data_dir] = load_content(Path(data_dir))
    content, game_options = _CONTENT[data_dir], GameOptions.from_dict(options)
    if start is None:
        return Game.replay(
            scenario,
            choices,
            seed=seed,
            options=game_options,
            content=content,
            keep_turn_starts=True,
        )
    at = resume.point_from_data(start)
    game = resume.resume(
        scenario, at, seed=seed, options=game_options, content=content, keep_turn_starts=True
    )
    for choice in choices[at.start.choices :]:
        game.choose(choice)
    return game


def resample_hidden(game: Game, seed: int) -> None:
    """Fate from here on is unknown: a new RNG, and the hidden deck orders re-shuffled,
    but for the cards the player saw go to the bottom of a notable deck (ruling R106)."""
    game.rng = random.Random(seed)
    s = game.state
    game.rng.shuffle(s.deck)
    for deck, known in ((s.noble_deck, s.noble_bottom), (s.genius_deck, s.genius_bottom)):
        below = known_at_bottom(deck, known)
        unknown = deck[below:]
        game.rng.shuffle(unknown)
        deck[below:] = unknown


def play_on(
    root: Game,
    option_id: str,
    fate_seed: int,
    policy_seed: int,
    *,
    policy: str = "greedy",
    horizon: int = 0,
) -> Game:
    """One game played on from ``root`` after ``option_id``, fate re-sampled: to the end,
    or (``horizon`` > 0) until ``horizon`` more turns have started."""
    play = root.fork()
    play.quiet = True  # nobody reads a playout's log
    resample_hidden(play, fate_seed)
    play.choose(option_id)
    bot = make_bot(policy, policy_seed)
    stop = root.state.turn + horizon if horizon > 0 and not root.hothead else None
    while play.decision is not None and (stop is None or play.state.turn < stop):
        play.choose(bot.choose(play))
    return play


def play_task(root: Game, task: Task) -> Outcome:
    option_id, fate, policy_seed, policy, horizon, leaf = task
    played = play_on(root, option_id, fate, policy_seed, policy=policy, horizon=horizon)
    return outcome(played, policy, leaf)
