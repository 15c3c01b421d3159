"""The evaluator's training positions (issue 29): expert self-play, and games that
leave the expert's play once (``selfplay.play_game(deviate=True)``)."""

from __future__ import annotations

import pytest

from planet_king.bots.evaluator_bot import menu_only
from planet_king.bots.expert import ExpertBot
from planet_king.content.loader import Content, load_content
from planet_king.engine.game import Game
from planet_king.evaluator.features import FEATURES, features
from planet_king.evaluator.model import LEVELS, outcome_level
from planet_king.evaluator.selfplay import COLUMNS, play_game
from planet_king.seeds import bot_seed

SCENARIO = "iupiter-hispano"
SEED = 4242


@pytest.fixture(scope="module")
def content() -> Content:
    return load_content()


def expert_game(content: Content, upto: int | None = None) -> tuple[Game, ExpertBot]:
    """The expert's own game of ``SEED``, to its end or to ``upto`` choices, and the
    expert that played it."""
    game = Game(SCENARIO, seed=SEED, content=content)
    bot = ExpertBot(bot_seed(SEED))
    while game.decision is not None and (upto is None or len(game.choices) < upto):
        game.choose(bot.choose(game))
    return game, bot


def test_a_self_play_row_is_a_position_s_features_and_the_reign_s_end(
    content: Content,
) -> None:
    rows = play_game(SCENARIO, SEED, 16, content)
    end, _ = expert_game(content)
    assert rows and all(len(r) == len(COLUMNS) for r in rows)
    for r in rows:
        scenario, seed, at = r[0], r[1], int(r[2])
        assert (scenario, seed) == (SCENARIO, SEED)
        assert r[3 : 3 + len(FEATURES)] == features(expert_game(content, at)[0])
        assert r[-2:] == [LEVELS.index(outcome_level(end)), end.state.vp]


def test_a_deviating_game_keeps_only_the_positions_from_its_one_off_policy_move(
    content: Content,
) -> None:
    """The first row is the position that a legal move other than the expert's (and not
    a menu's Back or action type) led to, from the expert's own game up to there; no row
    comes from before it."""
    rows = play_game(SCENARIO, SEED, 16, content, deviate=True)
    assert rows
    first = int(rows[0][2])
    assert all(int(r[2]) >= first for r in rows)
    before, expert = expert_game(content, first - 1)
    assert before.decision is not None
    mine = expert.choose(before.fork())
    assert not menu_only(mine)
    led_to: dict[str, list[float]] = {}
    for o in before.decision.legal_ids:
        after = before.fork()
        after.choose(o)
        led_to[o] = features(after)
    deviations = [o for o, x in led_to.items() if x == rows[0][3 : 3 + len(FEATURES)]]
    assert deviations and mine not in deviations
    assert not any(menu_only(o) for o in deviations)
