"""The advisor quality benchmark's reference runs (``benchmarks/advisor_quality.py``) are
saved block by block: a run stopped part-way keeps the fates it played, and a reference
played in blocks, or extended from a smaller one, is the same as one played at once
(the k-th fate has the same seeds whatever the size)."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest

from planet_king.content.loader import load_content
from planet_king.engine.game import Game


def _position() -> Game:
    return Game("hothead", seed=5, content=load_content(), keep_turn_starts=True)


def test_a_reference_is_saved_after_each_block(
    advisor_quality: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = _position()
    whole = advisor_quality.reference(game, 6, "greedy", None, None)
    monkeypatch.setattr(advisor_quality, "BLOCK", 4)
    saved: list[int] = []
    blocks = advisor_quality.reference(
        game, 6, "greedy", None, None, on_block=lambda r: saved.append(r["n"])
    )
    assert saved == [4, 6]  # a stop after the first block keeps four fates
    assert advisor_quality.rounded(blocks) == advisor_quality.rounded(whole)


def test_a_reference_extends_a_smaller_one(advisor_quality: ModuleType) -> None:
    game = _position()
    small: Any = advisor_quality.reference(game, 3, "greedy", None, None)
    grown = advisor_quality.reference(game, 6, "greedy", None, small)
    assert grown["n"] == 6
    assert advisor_quality.rounded(grown) == advisor_quality.rounded(
        advisor_quality.reference(game, 6, "greedy", None, None)
    )


def test_merging_takes_only_the_larger_reference_of_each_position(
    advisor_quality: ModuleType,
) -> None:
    """A reference run in another checkout is merged by size, position by position and
    policy by policy: a smaller one never replaces a larger."""
    cache = {
        "hothead:1:2:aa:400:expert@x": {"n": 400},
        "hothead:3:4:bb:4000:expert@x": {"n": 4000},
    }
    other = {
        "hothead:1:2:aa:1200:expert@x": {"n": 1200},  # larger: taken, the 400 goes
        "hothead:3:4:bb:800:expert@x": {"n": 800},  # smaller: left
        "hothead:3:4:bb:400:expert@y": {"n": 400},  # another policy: kept beside
    }
    assert advisor_quality.merge(cache, other) == 2
    assert cache == {
        "hothead:1:2:aa:1200:expert@x": {"n": 1200},
        "hothead:3:4:bb:4000:expert@x": {"n": 4000},
        "hothead:3:4:bb:400:expert@y": {"n": 400},
    }
