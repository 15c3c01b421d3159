"""The advisor's instant answer (issue 29 §3): the learned evaluator values the position
each legal option leads to, at once, and the table shows it as a guess."""

from __future__ import annotations

from planet_king.advisor import table as advice_table
from planet_king.advisor.instant import FATES, evaluator_advice
from planet_king.advisor.table import MIN_SAMPLES
from planet_king.bots import make_bot
from planet_king.content.loader import load_content
from planet_king.engine.game import Game
from planet_king.engine.history import counted
from planet_king.evaluator.lookahead import settle
from planet_king.evaluator.model import default_evaluator
from planet_king.seeds import bot_seed


def _position(scenario: str = "anni-mirabiles", seed: int = 5, n: int = 60) -> Game:
    """A position of an expert game with three legal options or more."""
    game = Game(scenario, seed=seed, content=load_content())
    bot = make_bot("expert", 1)
    for _ in range(n):
        game.choose(bot.choose(game))
    while len(game.decision.legal) < 3:
        game.choose(bot.choose(game))
    return game


def test_the_evaluator_values_every_legal_option_and_leaves_the_game_alone() -> None:
    game = _position()
    digest, choices = game.state.digest(), list(game.choices)
    reply = evaluator_advice(game)
    assert reply["source"] == "evaluator"
    assert [o["option"] for o in reply["options"]] != []
    assert {o["option"] for o in reply["options"]} == set(game.decision.legal_ids)
    assert all(o["playouts"] == FATES < MIN_SAMPLES for o in reply["options"])
    assert all(isinstance(o["description"], str) for o in reply["options"])  # as hint --json
    assert reply["policy_choice"] == make_bot("expert", len(choices)).choose(game.fork())
    assert game.state.digest() == digest and game.choices == choices
    again = evaluator_advice(game)  # the same position, the same answer
    assert {**again, "elapsed_s": 0} == {**reply, "elapsed_s": 0}


def test_an_option_that_draws_nothing_is_worth_the_evaluator_s_value_of_where_it_leads() -> None:
    """Where it leads: the option, then its follow-up played by the expert (to the next
    action type, phase or turn)."""
    game = _position()
    reply = evaluator_advice(game)
    model = default_evaluator()
    checked = 0
    for o in reply["options"]:
        trial = game.fork()
        before = (trial.random_draws, len(trial.state.deck), trial.rng.getstate())
        trial.choose(o["option"])
        settle(trial, bot_seed(len(counted(game.choices))))
        if (trial.random_draws, len(trial.state.deck), trial.rng.getstate()) != before:
            continue  # valued over re-shuffled fates
        assert o["value"] == round(model.value(trial), 4)
        assert o["value_error"] == 0.0  # every fate leads there
        checked += 1
    assert checked >= 2


def test_the_evaluator_s_answer_is_shown_as_a_guess_with_no_star_shares_or_recommendation() -> None:
    game = _position()
    reply = evaluator_advice(game)
    table = advice_table.build(reply)
    text = table.text()
    assert table.starred is None
    assert "Recommended" not in text and "No recommendation before playouts" in text
    values = [r.value for r in table.rows]
    assert values == sorted(values, reverse=True)  # the best guess first
    assert "The learned evaluator, at once" in text and "~" in text
    assert "%" not in text.split("Value:")[1].split(advice_table.footer())[0]
    assert " ± " not in text  # a guess has no measured error
    for option in game.decision.legal:
        if option.meaning is not None and option.meaning.action == "back":
            # the action menu's Back: a way through the menus, no row (issue 32)
            assert all(r.option != option.id for r in table.rows)
        else:
            assert option.label in text
