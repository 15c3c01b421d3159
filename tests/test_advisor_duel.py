"""The duel benchmark (issue 29, regret): the advisor's duel between the expert's choice
and the learned evaluator's, re-decided at a threshold, and the floor of any referee of
the two (the better of them at every position)."""

from __future__ import annotations

from types import ModuleType

import pytest
from conftest import benchmark_script


@pytest.fixture
def advisor_duel() -> ModuleType:
    return benchmark_script("advisor_duel")


def _row(advisor: str, gap: float, se: float) -> dict[str, object]:
    return {
        "stem": "s",
        "expert": "a",
        "evaluator": "b",
        "advisor": advisor,
        "regret": {"a": 0.1, "b": 0.0, "c": 0.3},
        "gap": gap,
        "se": se,
    }


def test_the_duel_re_decided_takes_the_evaluator_s_choice_only_beyond_the_threshold(
    advisor_duel: ModuleType,
) -> None:
    row = _row("b", gap=0.3, se=0.2)  # 1.5 standard errors ahead
    assert advisor_duel.refereed(row, 1.0) == "b"
    assert advisor_duel.refereed(row, 2.0) == "a"
    assert advisor_duel.refereed(_row("c", 0.3, 0.2), 0.0) == "c"  # neither judge's: stays


def test_the_oracle_is_the_better_judge_at_every_position(advisor_duel, capsys) -> None:
    # first: the evaluator's "b" is the better, but the playouts lean half an error to
    # the expert's "a" (a miss within one error); second: "a" is the better, and the
    # playouts say so by three errors
    rows = [_row("a", -0.05, 0.1), _row("a", -0.3, 0.1) | {"regret": {"a": 0.0, "b": 0.2}}]
    advisor_duel.summarise(rows)
    out = capsys.readouterr().out
    assert "expert: 0.0500 (1.00)" in out
    assert "evaluator: 0.1000 (2.00)" in out
    assert "oracle: 0.0000 (0.00)" in out
    assert "named the better one 1 times in 2; 1 of the 1 misses within one" in out


def test_the_instant_margin_as_a_prior_lowers_the_bar_for_a_wide_margin(advisor_duel) -> None:
    behind = _row("a", gap=-0.05, se=0.1) | {"margin": 0.2}  # half an error behind
    assert advisor_duel.primed(behind, 0.0, 0.0) == "a"  # the duel alone: the expert's
    assert advisor_duel.primed(behind, 0.0, 10.0) == "b"  # a wide margin: the evaluator's
    narrow = _row("b", gap=0.05, se=0.1) | {"margin": 0.0}  # half an error ahead
    assert advisor_duel.primed(narrow, 1.0, 10.0) == "a"


def test_the_summary_re_decides_the_duel_by_the_margin(advisor_duel, capsys) -> None:
    rows = [
        _row("a", -0.05, 0.1) | {"margin": 0.2},  # "b" the better, the duel took "a"
        _row("a", -0.3, 0.1) | {"regret": {"a": 0.0, "b": 0.2}, "margin": 0.01},
        _row("b", 0.2, 0.1) | {"margin": 0.05},
    ]
    advisor_duel.summarise(rows)
    out = capsys.readouterr().out
    assert "advisor: 0.0333 (0.50)" in out  # expert 0.0667: 0.1 + 0 + 0.1 over three
    # z > 0 - 10 x margin: the first row turns to "b" (-0.1), the others stay
    assert "taken when z > 0.0 - 10.0 x margin: 0.0000 (0.00)" in out
    assert "the evaluator's choice the better one at 1 of 1" in out


def test_the_summary_takes_a_single_dispute_without_thirds(advisor_duel, capsys) -> None:
    advisor_duel.summarise([_row("a", -0.05, 0.1) | {"margin": 0.2}])
    out = capsys.readouterr().out
    assert "instant margin" not in out
    assert "taken when z > 0.0 - 10.0 x margin: 0.0000 (0.00)" in out
