"""The expert bot's valuation of the End of Turn (planet_king/bots/expert_valuation.py):
the forecast it keeps between positions is the forecast of the board at hand."""

from __future__ import annotations

import pytest

from planet_king.bots import make_bot
from planet_king.bots.expert import ExpertBot
from planet_king.bots.expert_valuation import ForecastValuation
from planet_king.content.loader import Content
from planet_king.engine.forecast import Forecast, forecast
from planet_king.engine.game import Game

SCENARIOS = ("iupiter-hispano", "anni-mirabiles", "anni-horribiles", "the-planet-king")


def _read(f: Forecast | None) -> tuple[object, ...]:
    """What the expert reads of a forecast: the scores and the Treasury."""
    assert f is not None
    return f.scores, f.treasury


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_kept_forecast_is_the_forecast_of_the_board_at_hand(
    content: Content, scenario: str
) -> None:
    """The forecast is kept across positions while what it reads is unchanged (issue
    33: a key that left out the units and the raids kept a Treasury that a tercio of
    Nations, a revolt's troops or a raid had changed). Half the moves are random, so the
    positions are not only those the expert's play reaches."""
    for seed in (3, 4):
        g = Game(scenario, seed=seed, content=content)
        bot = ExpertBot(seed)
        mover = make_bot("random", seed)
        while g.decision is not None:
            assert _read(bot.scores.forecast(g)) == _read(forecast(g)), len(g.choices)
            choice = bot.choose(g)
            g.choose(mover.choose(g) if mover.rng.random() < 0.5 else choice)


def _two_boards(content: Content) -> tuple[Game, Game]:
    """The same position in two games, with a Treasury the End of Turn leaves under its
    limit of 12."""
    a, b = (Game("the-planet-king", seed=11, content=content) for _ in "ab")
    a.state.treasury = b.state.treasury = 2
    return a, b


def test_tercios_of_nations_raised_are_upkeep_at_the_end_of_turn(content: Content) -> None:
    """End of Turn / Upkeep: each two tercios of Nations cost a ducat. Nothing else
    changed, two tercios more lower the Treasury the End of Turn ends with, and the
    valuation sees it."""
    now, raised = _two_boards(content)
    scores = ForecastValuation()
    assert scores.treasury_end(now) == forecast(now).treasury.end
    raised.state.units.setdefault("spain", {})["nations"] = 2
    assert forecast(raised).treasury.end == forecast(now).treasury.end - 1
    assert scores.treasury_end(raised) == forecast(raised).treasury.end


def test_a_raid_on_spain_takes_the_income_of_castile_and_aragon(content: Content) -> None:
    """Income from Spain: a raid marker in Spain, no ducats from Castile and Aragon."""
    now, raided = _two_boards(content)
    scores = ForecastValuation()
    assert scores.treasury_end(now) == forecast(now).treasury.end
    raided.state.raids.append("spain")
    assert forecast(raided).treasury.end < forecast(now).treasury.end
    assert scores.treasury_end(raided) == forecast(raided).treasury.end
