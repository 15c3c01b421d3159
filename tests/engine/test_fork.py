"""Forking a game from its last turn start, or from before the last card its Events phase
drew (what the advisor's playouts stand on), gives the very position a full replay gives
(DESIGN: a game is its seed and its choices)."""

from __future__ import annotations

import random

import pytest

from planet_king.engine.game import Game, GameOptions
from planet_king.engine.rules.actions import ACTIONS, why_not

POSITIONS = [
    ("hothead", GameOptions()),
    ("the-planet-king", GameOptions()),
    ("iupiter-hispano", GameOptions(coop=True, memorials=True)),
    ("anni-horribiles", GameOptions(war_only=True)),
    ("anni-mirabiles", GameOptions(difficulty="hard")),
]


def _played(content, scenario: str, options: GameOptions, seed: int) -> Game | None:
    """A game some random choices in, keeping its turn starts; None if it ended."""
    game = Game(scenario, seed=seed, options=options, content=content, keep_turn_starts=True)
    rng = random.Random(seed)
    for _ in range(rng.randrange(1, 60)):
        if game.decision is None:
            return None
        game.choose(rng.choice(game.decision.legal_ids))
    return game if game.decision is not None else None


@pytest.mark.parametrize(("scenario", "options"), POSITIONS)
def test_fork_from_a_turn_start_is_the_same_position_as_a_replay(content, scenario, options):
    checked = 0
    for seed in range(20):
        game = _played(content, scenario, options, seed)
        if game is None:
            continue
        assert game.turn_starts, "a game in progress has passed at least one turn start"
        replayed = Game.replay(scenario, game.choices, seed=seed, options=options, content=content)
        fork = game.fork()
        for other in (fork, replayed):
            assert other.state.digest() == game.state.digest()
            assert other.log_text() == game.log_text()
            assert other.decision == game.decision
            assert other.random_draws == game.random_draws
            assert other.seen_draws == game.seen_draws
            assert other.rng.getstate() == game.rng.getstate()
            assert other.turn_digests == game.turn_digests
        # Both play on alike; the fork never touches the game it came from.
        before = game.state.digest()
        rng = random.Random(seed)
        while fork.decision is not None:
            choice = rng.choice(fork.decision.legal_ids)
            fork.choose(choice)
            replayed.choose(choice)
        assert fork.state.digest() == replayed.state.digest()
        assert fork.log_digest() == replayed.log_digest()
        assert game.state.digest() == before
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize(("scenario", "options"), POSITIONS)
def test_fork_at_every_decision_resumes_before_the_last_event_card(content, scenario, options):
    """Events Phase: before each card is drawn no rule code is pending, so the game keeps
    the position there and a fork replays only that card's choices. At every decision of
    two games, through their Events phases, the fork is the position (the state, the
    fate to come, the log, the decision) and the choices it replays are the card's."""
    events_decisions = 0
    for seed in (3, 4):
        game = Game(scenario, seed=seed, options=options, content=content, keep_turn_starts=True)
        rng = random.Random(seed)
        while game.decision is not None and len(game.choices) < 160:
            start = game.turn_starts[-1] if game.turn_starts else None  # set-up: none yet
            fork = game.fork()
            assert fork.state.digest() == game.state.digest()
            assert fork.rng.getstate() == game.rng.getstate()
            assert (fork.random_draws, fork.seen_draws) == (game.random_draws, game.seen_draws)
            assert fork.decision == game.decision
            assert fork.log_entries == game.log_entries
            assert fork.choices == game.choices
            if game.state.phase == "events":
                events_decisions += 1
                assert start is not None and start.in_events
                assert start.turn == game.state.turn
                # one card's choices: no other event resolved since that card was drawn
                played = game.state.stats.events_played
                assert played.total() - start.state.stats.events_played.total() <= 1
            game.choose(rng.choice(game.decision.legal_ids))
        kept = game.turn_starts
        assert sum(s.in_events for s in kept) <= sum(not s.in_events for s in kept) + 1
    assert events_decisions >= 20


def test_fork_without_turn_starts_replays_the_whole_game(content):
    game = Game("iupiter-hispano", seed=5, content=content)
    rng = random.Random(5)
    for _ in range(20):
        game.choose(rng.choice(game.decision.legal_ids))
    assert game.turn_starts is None
    fork = game.fork()
    assert fork.state.digest() == game.state.digest() and fork.choices == game.choices


def test_action_menus_checks_are_the_checks_of_the_position(content):
    """Actions / Types of Actions: the checks a menu remembers (and the bots read) are
    what checking each action at the decision gives: nothing changed in between."""
    menus = 0
    for seed in range(8):
        game = Game("the-planet-king", seed=seed, content=content)
        rng = random.Random(seed)
        while game.decision is not None and menus < 400:
            checks = game.decision.checks
            if checks is not None:
                menus += 1
                for aid, act in ACTIONS.items():
                    assert checks[aid] == why_not(game, act, checks.ctx), aid  # type: ignore[attr-defined]
            game.choose(rng.choice(game.decision.legal_ids))
    assert menus > 50
