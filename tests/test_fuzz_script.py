"""``scripts/fuzz.py`` checks the engine against its own rules: its checks must follow
the engine's policies, or a long run reports failures that are the checker's."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from planet_king.content.loader import Content
from planet_king.engine.game import GameOptions

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "fuzz.py"


@pytest.fixture(scope="module")
def fuzz() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fuzz", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    ("scenario", "seed"), [("hothead", 3), ("anni-horribiles", 167132276441505)]
)
def test_undo_may_cross_a_hidden_shuffle_but_not_a_draw_in_sight(
    fuzz: ModuleType, content: Content, scenario: str, seed: int
) -> None:
    # DESIGN 3 (no re-rolling fate): an undo is tried after every choice, and the
    # fuzzer's expectation must be the engine's (Game.can_undo counts the draws in
    # sight, not a face-down deck's shuffle). The second game is one a long run reported
    # at its choice 3 while the fuzzer still counted every draw.
    result = fuzz.fuzz_one(scenario, GameOptions(), seed, "random", content, undo_rate=1.0)
    # every choice but a sub-menu's Back and the choice made again after it
    assert result["undos"] == result["choices"] - 2 * result["backs"] > 0
