"""The guided-play benchmark's luck adjustment (issue 29): a paired difference less a
multiple of the luck's, which averages zero, keeps its estimate and sheds the noise the
luck explains."""

from __future__ import annotations

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
