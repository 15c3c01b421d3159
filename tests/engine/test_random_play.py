"""Random legal play over many seeds never breaks the engine's invariants."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from planet_king.engine.game import Game
from planet_king.engine.rules import court

COUNTERS_CHECKED = ("tercio", "provincial", "nations", "fleet")


def check_invariants(game: Game) -> None:
    s = game.state
    assert 0 <= s.treasury <= 12
    assert all(n >= 0 for n in s.cubes.values())
    assert len([n for n in s.court_nobles if n]) <= 4
    assert len([n for n in s.court_geniuses if n]) <= 4
    held = [court.holder(game, p) for p in court.positions(game)]
    held = [h for h in held if h] + [x for x in (s.valido, s.queen) if x]
    assert len(held) == len(set(held)), "a notable in two places"
    assert not set(held) & set(s.removed_notables), "a removed notable still in play"
    assert not set(held) & set(s.exiles), "an exile still in play"
    decks = s.noble_deck + s.genius_deck + s.ladies_deck
    assert len(decks) == len(set(decks)), "a card twice in the decks"
    assert not set(held) & set(decks), "a notable in play and in a deck"
    assert sum(1 for c in s.children if c.id == s.heir) <= 1
    for loc in s.units.values():
        assert all(n >= 0 for n in loc.values())
    for kind in COUNTERS_CHECKED:
        assert s.count_units(kind) <= game.content.tables.unit_counters[kind]
    for w, ws in s.wars.items():
        war = game.content.wars[w]
        assert -war.enemy_spaces <= ws.position <= war.spanish_spaces
    if game.decision is not None:
        assert game.decision.legal_ids, "every decision has a legal option"


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_play_keeps_the_invariants_and_replays(content, seed: int) -> None:
    game = Game("hothead", seed=seed, content=content)
    rng = random.Random(seed)
    check_invariants(game)
    while game.decision is not None:
        game.choose(rng.choice(game.decision.legal_ids))
        check_invariants(game)
    assert game.state.victory_level in ("major-victory", "defeat")
    again = Game.replay("hothead", game.choices, seed=seed, content=content)
    assert again.log_text() == game.log_text()


STANDARD = ("iupiter-hispano", "anni-mirabiles", "anni-horribiles", "the-planet-king")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), scenario=st.sampled_from(STANDARD))
def test_random_play_of_every_campaign_scenario(content, seed: int, scenario: str) -> None:
    """Every scenario, random legal play: invariants hold after every choice, the game
    reaches a victory level, and replay reproduces it."""
    game = Game(scenario, seed=seed, content=content)
    rng = random.Random(seed)
    while game.decision is not None:
        game.choose(rng.choice(game.decision.legal_ids))
        check_invariants(game)
        s = game.state
        assert sum(1 for c in s.children if c.id == s.heir) <= 1, "one heir at most"
    assert game.state.victory_level in (
        "major-victory",
        "historical-outcome",
        "defeat",
        "neither-king-nor-planet",
    )
    again = Game.replay(scenario, game.choices, seed=seed, content=content)
    assert again.log_digest() == game.log_digest()


MODES = (
    {"coop": True},
    {"memorials": True},
    {"war_only": True},
    {"difficulty": "very-easy"},
    {"difficulty": "easy"},
    {"difficulty": "hard"},
    {"difficulty": "very-hard"},
    {"optional": ("bastard-heir",)},
    {"coop": True, "optional": ("bastard-heir",), "difficulty": "hard"},
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    scenario=st.sampled_from(STANDARD),
    mode=st.sampled_from(MODES),
)
def test_random_play_of_every_mode(content, seed: int, scenario: str, mode: dict) -> None:
    """Every mode and option, random legal play: invariants, a victory level, replay."""
    from planet_king.engine.game import GameOptions

    options = GameOptions(**mode)
    game = Game(scenario, seed=seed, options=options, content=content)
    rng = random.Random(seed)
    while game.decision is not None:
        game.choose(rng.choice(game.decision.legal_ids))
        check_invariants(game)
    s = game.state
    assert s.victory_level
    if options.coop:
        assert s.vp == s.vp_king + s.vp_valido
    again = Game.replay(scenario, game.choices, seed=seed, options=options, content=content)
    assert again.log_digest() == game.log_digest()
