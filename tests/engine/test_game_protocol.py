"""The game master: decisions, illegal choices, replay, victory; and import hygiene."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from planet_king.engine.decisions import IllegalChoice
from planet_king.engine.errors import ScenarioNotPlayable, UnknownScenario
from planet_king.engine.game import Game


def play_random(game: Game, seed: int) -> Game:
    rng = random.Random(seed)
    while game.decision is not None:
        game.choose(rng.choice(game.decision.legal_ids))
    return game


def test_illegal_choice_raises_and_changes_nothing(hothead: Game) -> None:
    """DESIGN 1.3: an illegal choice raises a clear error and changes nothing."""
    digest, n_log, decision = hothead.state.digest(), len(hothead.log_entries), hothead.decision
    with pytest.raises(IllegalChoice, match="not an option"):
        hothead.choose("no-such-option")
    assert hothead.state.digest() == digest and len(hothead.log_entries) == n_log
    assert hothead.decision is decision and hothead.choices == []


def test_disallowed_option_is_refused_with_its_reason(content) -> None:
    """DESIGN 1.3: options shown but not allowed carry the reason why not."""
    game = Game("hothead", seed=3, content=content)
    rng = random.Random(0)
    while game.decision is not None:
        blocked = [o for o in game.decision.options if not o.allowed]
        if blocked:
            with pytest.raises(IllegalChoice, match="not allowed"):
                game.choose(blocked[0].id)
            return
        game.choose(rng.choice(game.decision.legal_ids))
    pytest.fail("no disallowed option was ever shown")


def test_replay_reproduces_state_and_log(content) -> None:
    """DESIGN 1.5: (scenario, options, seed, choices) replays to the same game."""
    game = play_random(Game("hothead", seed=42, content=content), 5)
    again = Game.replay("hothead", game.choices, seed=42, content=content)
    assert again.log_text() == game.log_text()
    assert again.state.digest() == game.state.digest()


def test_same_seed_same_game_other_seed_other_game(content) -> None:
    """DESIGN 1.4: all randomness comes from the game's seeded RNG."""
    a = play_random(Game("hothead", seed=1, content=content), 9)
    b = play_random(Game("hothead", seed=1, content=content), 9)
    c = play_random(Game("hothead", seed=2, content=content), 9)
    assert a.log_digest() == b.log_digest() != c.log_digest()


def test_replay_reports_the_position_of_an_illegal_choice(content) -> None:
    with pytest.raises(IllegalChoice, match="choice 1"):
        Game.replay("hothead", ["bogus"], seed=1, content=content)


def test_choosing_after_the_end_is_refused(content) -> None:
    game = play_random(Game("hothead", seed=4, content=content), 4)
    with pytest.raises(IllegalChoice, match="game is over"):
        game.choose("done")


def test_unknown_and_unplayable_scenarios_are_refused(content) -> None:
    with pytest.raises(UnknownScenario):
        Game("nope", content=content)
    from dataclasses import replace

    shelved = content.scenarios["the-planet-king"].model_copy(update={"playable": False})
    with pytest.raises(ScenarioNotPlayable):
        Game(
            "the-planet-king",
            content=replace(content, scenarios={**content.scenarios, "the-planet-king": shelved}),
        )


def test_hothead_major_victory_needs_the_war_won_and_a_capable_viceroy(content) -> None:
    """Scenarios / "Hothead" (Victory, ruling R7): won war + viceroy rating 2 or more."""
    from planet_king.engine.rules import flow

    game = Game("hothead", seed=1, content=content)
    s = game.state
    s.wars["france-italy"].outcome = "won"
    s.offices["viceroy-italy"] = "garcia-de-avellaneda"  # government 2
    flow.finish_hothead(game)
    assert s.victory_level == "major-victory"
    s.offices["viceroy-italy"] = "francisco-pimentel"  # 1 and 1
    flow.finish_hothead(game)
    assert s.victory_level == "defeat"
    s.offices["viceroy-italy"] = "garcia-de-avellaneda"
    s.wars["france-italy"].outcome = "peace"
    flow.finish_hothead(game)
    assert s.victory_level == "defeat"


def test_engine_never_imports_the_ui() -> None:
    """DESIGN 1.2: the engine and content import neither textual nor rich."""
    code = (
        "import sys; import planet_king.engine, planet_king.engine.rules.flow, "
        "planet_king.content.loader, planet_king.sim, planet_king.bots; "
        "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')]; "
        "print(bad); sys.exit(1 if bad else 0)"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
