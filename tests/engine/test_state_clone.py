"""``GameState.clone``: the copy every fork and every turn start takes. It must be what
``copy.deepcopy`` makes (equal, and sharing nothing that can change), whatever the
scenario, the options and the point of the reign: a part shared by a fork and its
source would let a playout change the position it was played from."""

from __future__ import annotations

import copy
import dataclasses
from enum import Enum

import pytest

from planet_king.bots import make_bot
from planet_king.content.loader import Content
from planet_king.engine.game import Game, GameOptions
from planet_king.engine.state import GameState

GAMES = [
    ("the-planet-king", GameOptions()),
    ("anni-horribiles", GameOptions(memorials=True, optional=("bastard-heir",))),
    ("iupiter-hispano", GameOptions(coop=True, memorials=True)),
    ("anni-mirabiles", GameOptions(stack="first-game-turn")),
    ("hothead", GameOptions()),
]
IMMUTABLE = (str, int, float, bool, type(None), Enum)


def shared(a: object, b: object, path: str = "state") -> list[str]:
    """The paths at which ``a`` and ``b`` hold the same mutable object."""
    if isinstance(a, IMMUTABLE):
        return []
    if isinstance(a, tuple):
        return [p for i, x in enumerate(a) for p in shared(x, b[i], f"{path}[{i}]")]  # type: ignore[index]
    if a is b:
        return [path]
    if isinstance(a, list):
        return [p for i, x in enumerate(a) for p in shared(x, b[i], f"{path}[{i}]")]  # type: ignore[index]
    if isinstance(a, dict):
        return [p for k, x in a.items() for p in shared(x, b[k], f"{path}[{k!r}]")]  # type: ignore[index]
    assert dataclasses.is_dataclass(a), f"{path}: a {type(a).__name__} the test cannot walk"
    return [
        p
        for f in dataclasses.fields(a)
        for p in shared(getattr(a, f.name), getattr(b, f.name), f"{path}.{f.name}")
    ]


def states(content: Content, scenario: str, options: GameOptions) -> list[GameState]:
    """The state at the start, and every 40 choices of an expert game, and at its end."""
    game = Game(scenario, seed=11, content=content, options=options)
    bot = make_bot("expert", 11)
    out = [copy.deepcopy(game.state)]
    while game.decision is not None:
        game.choose(bot.choose(game))
        if len(game.choices) % 40 == 0:
            out.append(copy.deepcopy(game.state))
    out.append(game.state)
    return out


@pytest.mark.parametrize(("scenario", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_a_clone_equals_a_deep_copy_and_shares_nothing_that_can_change(
    content: Content, scenario: str, options: GameOptions
) -> None:
    for state in states(content, scenario, options):
        clone = state.clone()
        assert clone == copy.deepcopy(state)
        assert shared(state, clone) == []


def test_every_mutable_field_is_copied_even_when_empty(content: Content) -> None:
    """An empty list or dict shared is shared all the same: the first append to a
    fork's would show in its source. Every field's default is checked here, so a field
    added to the state and forgotten by ``clone`` fails, whatever games play."""
    state = Game("hothead", seed=1, content=content).state
    fresh = GameState(state.scenario, state.turn)
    assert shared(fresh, fresh.clone()) == []


def test_a_fork_played_on_leaves_its_source_as_it_was(content: Content) -> None:
    game = Game("anni-mirabiles", seed=4, content=content, keep_turn_starts=True)
    bot = make_bot("expert", 4)
    for _ in range(90):
        game.choose(bot.choose(game))
    before = copy.deepcopy(game.state), copy.deepcopy(game.turn_starts[-1].state)
    fork, other = game.fork(), make_bot("expert", 2)
    while fork.decision is not None:
        fork.choose(other.choose(fork))
    assert (game.state, game.turn_starts[-1].state) == before
