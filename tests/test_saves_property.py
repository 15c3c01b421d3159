"""Property tests (hypothesis) for saves and undo, over every playable scenario.

The long run over thousands of games and every mode is ``scripts/fuzz.py``; this keeps
a fast sample in the suite.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from planet_king import saves
from planet_king.content.loader import load_content
from planet_king.engine.game import Game

PLAYABLE = sorted(s for s, sc in load_content().scenarios.items() if sc.playable)
FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _play(content, scenario: str, seed: int, n: int) -> tuple[Game, list[str]]:
    game = Game(scenario, seed=seed, content=content)
    rng = random.Random(seed)
    digests = []
    while game.decision is not None and len(game.choices) < n:
        digests.append(game.state.digest())
        game.choose(rng.choice(game.decision.legal_ids))
    return game, digests


@FAST
@given(
    scenario=st.sampled_from(PLAYABLE),
    seed=st.integers(min_value=0, max_value=2**48),
    n=st.integers(min_value=0, max_value=40),
)
def test_any_position_round_trips_through_the_save_format(content, scenario, seed, n) -> None:
    game, _ = _play(content, scenario, seed, n)
    loaded = saves.loads(saves.dumps(game), content=content)
    assert loaded.state.digest() == game.state.digest()
    assert loaded.log_text() == game.log_text()
    assert loaded.choices == game.choices and loaded.turn_digests == game.turn_digests
    if game.decision is not None:
        assert loaded.decision is not None
        assert loaded.decision.legal_ids == game.decision.legal_ids


@FAST
@given(
    scenario=st.sampled_from(PLAYABLE),
    seed=st.integers(min_value=0, max_value=2**48),
    n=st.integers(min_value=1, max_value=40),
)
def test_undo_gives_back_the_position_before_the_last_choice(content, scenario, seed, n) -> None:
    game, digests = _play(content, scenario, seed, n)
    if not game.choices:
        return
    crossed = game.seen_draws != game._trace.seen_before_choice[-1]  # drawn in sight
    assert (game.can_undo() is None) == (not crossed)
    back = game.undo(learning=True)
    assert back.state.digest() == digests[-1]
    assert back.choices == game.choices[:-1]
    assert back.learning == crossed
