"""The evaluator's look-ahead (issue 29): an option is valued once its own follow-up is
played (``evaluator.lookahead``)."""

from __future__ import annotations

import pytest

from planet_king.bots.expert import ExpertBot
from planet_king.content.loader import Content, load_content
from planet_king.engine.decisions import DecisionKind
from planet_king.engine.game import Game
from planet_king.evaluator.lookahead import settle
from planet_king.seeds import bot_seed

SCENARIO = "anni-mirabiles"
SEED = 4243


@pytest.fixture(scope="module")
def content() -> Content:
    return load_content()


def test_an_option_s_follow_up_is_played_to_the_next_action_type_phase_or_turn(
    content: Content,
) -> None:
    """``lookahead.settle``: after an action type is chosen, the expert plays the action
    through; it stops at the next choice of an action type (or a new phase or turn), and
    asks nothing when the game is already there."""
    game = Game(SCENARIO, seed=SEED, content=content)
    bot = ExpertBot(bot_seed(SEED))
    while game.decision is not None and game.decision.kind != DecisionKind.ACTION_TYPE:
        game.choose(bot.choose(game))
    assert game.decision is not None
    phase, turn = game.state.phase, game.state.turn
    assert settle(game.fork(), 1) == 0  # already at an action type: nothing to play
    played = 0
    for option in game.decision.legal_ids:
        trial = game.fork()
        trial.choose(option)
        steps = settle(trial, 1)
        played += steps
        d = trial.decision
        assert (
            d is None
            or d.kind == DecisionKind.ACTION_TYPE
            or (trial.state.phase, trial.state.turn) != (phase, turn)
        )
    assert played > 0
