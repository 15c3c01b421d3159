"""The guided-play benchmark (issue 29). Its luck adjustment: a paired difference less a
multiple of the luck's, which averages zero, keeps its estimate and sheds the noise the
luck explains. Its resumption: a run spread over days goes on where it stopped."""

from __future__ import annotations

import json
import math
import random
from types import ModuleType

import pytest
from conftest import benchmark_script


@pytest.fixture
def advisor_guided() -> ModuleType:
    return benchmark_script("advisor_guided")


def test_a_difference_made_only_of_luck_and_skill_is_left_with_the_skill(
    advisor_guided: ModuleType,
) -> None:
    rng = random.Random(3)
    dl = [rng.gauss(0.0, 1.0) for _ in range(400)]
    du = [0.1 + 0.5 * x for x in dl]  # the evaluator's luck twice the size of its effect
    theta, mean, ci = advisor_guided.less_luck(du, dl)
    assert math.isclose(theta, 0.5)
    # the luck drawn here is not zero on average: the raw mean carries its share
    assert abs(advisor_guided._ci(du)[0] - 0.1) > 0.01
    assert math.isclose(mean, 0.1) and ci < 1e-9


def test_luck_that_explains_nothing_leaves_the_difference_and_its_interval(
    advisor_guided: ModuleType,
) -> None:
    rng = random.Random(4)
    du = [rng.gauss(0.1, 1.0) for _ in range(400)]
    dl = [rng.gauss(0.0, 1.0) for _ in range(400)]
    theta, mean, ci = advisor_guided.less_luck(du, dl)
    raw_mean, raw_ci = advisor_guided._ci(du)
    assert abs(theta) < 0.15
    assert abs(mean - raw_mean) < 0.02 and abs(ci - raw_ci) < 0.01


def test_games_to_clear_is_the_first_count_whose_interval_leaves_zero(
    advisor_guided: ModuleType,
) -> None:
    xs = [1.1, -0.9] * 50  # mean 0.1, spread about 1
    needed = advisor_guided.games_to_clear(xs)
    sd = advisor_guided._ci(xs)[1] * math.sqrt(len(xs)) / 1.96
    assert 1.96 * sd / math.sqrt(needed) <= 0.1 < 1.96 * sd / math.sqrt(needed - 1)
    assert advisor_guided.games_to_clear([1.0, -1.0] * 50) is None  # no mean to clear


def _args(advisor_guided: ModuleType, out, **flags):
    import argparse

    base = dict(
        seed=2971,
        policy="expert",
        playouts=32,
        screen=4,
        challengers=1,
        z=2.0,
        horizon=1,
        kinds="all",
        leaf="forecast",
        anchored=False,
        full=200,
        disputed=True,
        full_horizon=1,
    )
    return argparse.Namespace(out=out, **(base | flags))


def test_resume_plays_only_the_games_the_file_does_not_hold(advisor_guided, tmp_path) -> None:
    out = tmp_path / "rows.jsonl"
    args = _args(advisor_guided, out)
    assert advisor_guided.left_to_play(args, range(3, 7)) == [3, 4, 5, 6]  # no file yet
    run = advisor_guided.run_of(args)
    done = [advisor_guided.game_seed(2971, i) for i in (4, 6, 9)]
    out.write_text("".join(json.dumps({"seed": s, "run": run}) + "\n" for s in done))
    assert advisor_guided.left_to_play(args, range(3, 7)) == [3, 5]


def test_resume_refuses_a_file_played_with_other_flags(advisor_guided, tmp_path) -> None:
    out = tmp_path / "rows.jsonl"
    other = advisor_guided.run_of(_args(advisor_guided, out, full_horizon=2))
    out.write_text(json.dumps({"seed": 1, "run": other}) + "\n")
    with pytest.raises(SystemExit, match="line 1 was played with other flags"):
        advisor_guided.left_to_play(_args(advisor_guided, out), range(2))


def test_the_summary_names_the_search_that_guided_and_not_the_screen_it_did_not_use(
    advisor_guided: ModuleType, tmp_path
) -> None:
    def run(**flags) -> dict[str, list[str]]:
        return {
            k: [str(v)]
            for k, v in advisor_guided.run_of(_args(advisor_guided, tmp_path, **flags)).items()
        }

    full = advisor_guided.guide(run())
    assert "advisor's search (200 playouts a decision, 1 End of Turn(s) each" in full
    assert "screen" not in full and "leaf forecast" not in full
    screened = advisor_guided.guide(run(full=0))
    assert "screen 4" in screened and "leaf forecast" in screened
