"""The balance report's advisor-guided table (issue 16, section 5): guided play against
its policy bot alone, paired game by game on the same seeds."""

from __future__ import annotations

from typing import Any

import pytest

from planet_king.report import advice_against_policy, goal, paired_ci


def game(level: str, vp: int, cause: str = "") -> dict[str, Any]:
    return {"victory_level": level, "final_vp": vp, "defeat_cause": cause}


def test_paired_differences_are_taken_game_by_game() -> None:
    assert paired_ci([1, 2, 3], [2, 3, 4]) == (1.0, 0.0)  # the same gain on every seed
    d, ci = paired_ci([0, 1, 0, 1], [1, 1, 0, 0])
    assert d == 0 and ci > 0


def test_the_utility_counts_the_level_first_and_an_automatic_defeat_worst() -> None:
    assert goal(game("defeat", 12, cause="prestige fell to 1 or less")) == pytest.approx(0.12)
    assert goal(game("neither-king-nor-planet", 3)) == pytest.approx(1.03)
    assert goal(game("historical-outcome", 15)) > goal(game("defeat", 14))


def test_the_table_compares_the_advisor_with_the_expert_on_the_same_seeds() -> None:
    alone = [game("defeat", 3), game("historical-outcome", 4), game("defeat", 1, "dead")]
    guided = [game("historical-outcome", 4), game("historical-outcome", 4), game("defeat", 2)]
    results = [
        {"scenario": "iupiter-hispano", "bot": "expert", "games": alone},
        {"scenario": "iupiter-hispano", "bot": "advisor", "games": guided},
        {"scenario": "the-planet-king", "bot": "expert", "games": alone},  # no guided run
    ]
    lines = advice_against_policy(results)
    [row] = [line for line in lines if line.startswith("| iupiter-hispano")]
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[:2] == ["iupiter-hispano", "3"]
    utility, _ = paired_ci([goal(g) for g in alone], [goal(g) for g in guided])
    assert cells[2].startswith(f"{utility:+.3f}")  # (1.01 + 0 + 2.01) / 3
    assert cells[4].startswith("+33.3%") and cells[6].startswith("-33.3%")
    assert not any(line.startswith("| the-planet-king") for line in lines)
    assert advice_against_policy(results[2:]) == []
