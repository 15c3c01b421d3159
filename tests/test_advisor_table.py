"""The advisor's table (``advisor.table``), one presenter for the TUI, plain text and the
browser (issue 29 §3): nothing more precise than it is, ties grouped, the recommendation
never contradicting the values."""

from __future__ import annotations

from typing import Any

from planet_king.advisor import table as advice_table
from planet_king.advisor.table import MIN_SAMPLES, build


def option(
    oid: str,
    value: float,
    error: float,
    playouts: int,
    *,
    bot: bool = False,
    recommended: bool = False,
) -> dict[str, Any]:
    return {
        "option": oid,
        "label": f"Option {oid}",
        "playouts": playouts,
        "value": value,
        "value_error": error,
        "mean_vp": 5.0,
        "standard_error": 0.5,
        "victory_levels": {"major-victory": 0.123, "defeat": 0.877},
        "automatic_defeat": 0.0,
        "policy_choice": bot,
        "recommended": recommended,
    }


def reply(*options: dict[str, Any]) -> dict[str, Any]:
    pick = next((o["option"] for o in options if o["recommended"]), None)
    return {"options": list(options), "playouts": 99, "elapsed_s": 1.0, "recommended": pick}


def test_two_options_within_the_noise_are_grouped_with_no_single_recommendation() -> None:
    table = build(
        reply(
            option("a", 2.70, 0.10, 60, bot=True, recommended=True),
            option("b", 2.55, 0.10, 60),  # 0.15 behind, 2 s.e. of the gap = 0.28
            option("c", 1.20, 0.10, 60),
        )
    )
    assert table.starred is None
    title, close = table.groups[0]
    assert title.startswith("Too close to call") and {r.option for r in close} == {"a", "b"}
    assert [r.option for r in table.groups[1][1]] == ["c"]
    assert table.verdict.startswith("No single recommendation")
    text = table.text()
    assert not any(line.startswith("* ") for line in text.splitlines())
    assert "within 2 standard errors" in text  # the rule is stated


def test_a_pick_that_is_not_the_highest_value_is_explained_in_words() -> None:
    """The bot's own choice (the advisor's pick among ties) shows the lower mean: no star
    contradicts the values, and the verdict says why the advisor sides with it."""
    table = build(
        reply(
            option("fleet", 2.685, 0.30, 25),
            option("campaign", 2.40, 0.30, 25, bot=True, recommended=True),
        )
    )
    assert table.rows[0].option == "fleet"  # the best value first
    assert table.starred is None
    assert "sides with the bot's own choice, Option campaign" in table.verdict
    assert "Option fleet shows the higher value" in table.verdict
    assert "within the noise" in table.verdict


def test_a_pick_that_is_the_evaluator_s_choice_says_so() -> None:
    """The evaluator's choice, ahead of the bot's on their shared playouts, picked while a
    third option shows the higher mean within the noise: the words name the rule."""
    theirs = option("asiento", 2.55, 0.10, 30, recommended=True)
    theirs["instant_choice"] = True
    table = build(
        reply(
            option("move", 2.60, 0.10, 30),
            theirs,
            option("raise", 2.50, 0.10, 30, bot=True),
        )
    )
    assert table.starred is None
    assert "sides with the evaluator's choice, Option asiento" in table.verdict
    assert "the bot's and the evaluator's" in table.verdict
    assert "the bot's choice has proved the safer pick" not in table.verdict


def test_a_clear_best_is_starred_and_is_the_highest_value_shown() -> None:
    table = build(
        reply(
            option("a", 1.48, 0.05, 40, bot=True, recommended=True),
            option("b", 2.68, 0.05, 40),
        )
    )
    assert table.starred is not None and table.starred.option == "b"
    assert table.starred is table.rows[0]
    assert "not the bot's own choice" in table.verdict
    assert sum(line.startswith("* ") for line in table.text().splitlines()) == 1


def test_no_star_and_no_level_shares_under_the_minimum_of_samples() -> None:
    few = MIN_SAMPLES - 1
    table = build(reply(option("a", 3.0, 0.01, few, recommended=True), option("b", 1.0, 0.01, few)))
    assert table.starred is None
    assert table.verdict.startswith("No recommendation yet")
    text = table.text()
    assert "%" not in text.split("Value:")[1].split(advice_table.footer())[0]
    assert f"need {MIN_SAMPLES} playouts" in advice_table.footer()


def test_one_playout_has_no_error_and_says_so() -> None:
    table = build(reply(option("a", 1.0, 0.0, 1), option("b", 2.0, 0.0, 1)))
    text = table.text()
    assert "± 0.00" not in text and "1 playout, no error yet" in text
    assert table.groups[0][0].startswith("Too close to call")  # nothing tells them apart


def test_values_carry_the_precision_of_their_error() -> None:
    assert advice_table.figure(1.4813, 0.12) == "1.5 ± 0.1"
    assert advice_table.figure(1.4813, 0.034) == "1.48 ± 0.03"
    assert advice_table.figure(1.4813, None) == "~1.5"
    r = build(reply(option("a", 3.0, 0.01, 60))).rows[0]
    assert "Major Victory 10%" in advice_table.levels_text(r)  # 12.3% in steps of 10


def test_a_bot_choice_outside_the_group_is_said_to_be_worse() -> None:
    table = build(
        reply(
            option("a", 2.70, 0.05, 60),
            option("b", 2.65, 0.05, 60),
            option("c", 2.00, 0.05, 60, bot=True, recommended=True),
        )
    )
    assert table.starred is None
    assert "The bot's own choice, Option c, is worse by more than the noise." in table.verdict


def test_level_shares_add_up_to_100_percent_by_largest_remainder() -> None:
    """Issue 32: rounded one by one, thirds read 30% + 30% + 30%; by largest remainder
    the shares shown add up to 100% (in steps of 10% under 100 playouts)."""
    thirds = option("a", 2.0, 0.1, 60)
    thirds["victory_levels"] = {
        "major-victory": 0.333,
        "historical-outcome": 0.333,
        "defeat": 0.334,
    }
    row = build(reply(thirds)).rows[0]
    assert advice_table.levels_text(row) == (
        "Major Victory 30% · Historical Outcome 30% · Defeat 40% (in steps of 10%)"
    )
    # in steps of 1% (400 playouts or more), a tie of remainders goes to the better level
    assert advice_table.rounded_shares(
        {"major-victory": 0.125, "defeat": 0.125, "neither-king-nor-planet": 0.75}, 1
    ) == {"major-victory": 13, "defeat": 12, "neither-king-nor-planet": 75}
    for step in (1, 5, 10):
        shares = {"major-victory": 0.07, "historical-outcome": 0.46, "defeat": 0.47}
        assert sum(advice_table.rounded_shares(shares, step).values()) == 100


def test_the_action_menus_back_has_no_row(content) -> None:
    """Actions / Types of Actions: the action menu's Back returns to the choice of type;
    it is a way through the menus, not a move: the advisor's answer marks it and the
    table (the TUI's and the plain text's) leaves it out (issue 32)."""
    from planet_king.advisor.answer import advice_json
    from planet_king.advisor.options import Advice, OptionValue
    from planet_king.engine.game import Game
    from planet_king.engine.rules import actions

    g = Game("the-planet-king", seed=1, content=content)
    g.decision = next(actions.take_one(g, "simple", actions.Context("card", "ACTION")))
    legal = g.decision.legal_ids
    assert "back" in legal
    advice = Advice([OptionValue(o) for o in legal], legal[0], legal[0], "expert", 0, 1, 0.0)
    answer = advice_json(g, advice)
    assert [o["option"] for o in answer["options"] if o.get("back")] == ["back"]
    does = {o["option"]: o["description"] for o in answer["options"]}
    assert does["back"] == "" and all(does[o] for o in legal if o != "back")
    table = build(answer)
    assert [r.option for r in table.rows] == [o for o in legal if o != "back"]
    assert "Back" not in table.text().split()
