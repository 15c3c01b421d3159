"""The playout-settings benchmark (issue 29, regret): the advisor's duel modelled from a
setting's paired gap, its spread and its cost."""

from __future__ import annotations

import json
from types import ModuleType

import pytest
from conftest import benchmark_script


@pytest.fixture
def duel_settings() -> ModuleType:
    return benchmark_script("duel_settings")


def _row(truth: float, gap: float, spread: float, cpu: float = 0.01) -> dict[str, object]:
    return {
        "position": "p",
        "reference_gap": truth,
        "1-evaluator": {"gap": gap, "spread": spread, "cpu_per_pair": cpu},
    }


def test_a_setting_without_spread_names_one_judge_for_certain(duel_settings) -> None:
    """The evaluator's choice 0.05 worse: a setting that always puts it ahead costs 0.05,
    one that always puts it behind costs nothing; a tie is a coin flip."""
    regret = duel_settings.duel_regret
    assert regret(_row(-0.05, 0.1, 0.0), "1-evaluator", 1.0) == pytest.approx(0.05)
    assert regret(_row(-0.05, -0.1, 0.0), "1-evaluator", 1.0) == 0.0
    assert regret(_row(-0.05, 0.0, 0.0), "1-evaluator", 1.0) == pytest.approx(0.025)


def test_more_pairs_name_the_better_judge_more_often(duel_settings) -> None:
    """The same gap and spread: a budget that buys more pairs (or a cheaper playout) leaves
    less regret, and a gap of the right sign less than one of the wrong sign."""
    regret = duel_settings.duel_regret
    right = _row(0.05, 0.05, 1.0)
    assert regret(right, "1-evaluator", 2.0) < regret(right, "1-evaluator", 0.5) < 0.025
    cheaper = _row(0.05, 0.05, 1.0, cpu=0.005)
    assert regret(cheaper, "1-evaluator", 0.5) == pytest.approx(regret(right, "1-evaluator", 1.0))
    assert regret(_row(0.05, -0.05, 1.0), "1-evaluator", 1.0) > 0.025


def test_the_summary_reads_only_the_settings_every_row_has(duel_settings, tmp_path, capsys):
    rows = tmp_path / "rows.jsonl"
    """Files of different --settings read together: a setting some rows lack is left out."""
    full = _row(0.05, 0.05, 1.0) | {"2-forecast": {"gap": 0, "spread": 1, "cpu_per_pair": 1}}
    rows.write_text(json.dumps(full) + "\n" + json.dumps(_row(0.0, 0.0, 1.0)) + "\n")
    duel_settings.summarise([rows])
    out = capsys.readouterr().out
    assert "2 positions where the judges disagree" in out
    assert "1-evaluator" in out and "2-forecast" not in out
