"""The advisor quality benchmark's reference runs (``benchmarks/advisor_quality.py``) are
saved block by block: a run stopped part-way keeps the fates it played, and a reference
played in blocks, or extended from a smaller one, is the same as one played at once
(the k-th fate has the same seeds whatever the size)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from planet_king.content.loader import load_content
from planet_king.engine.game import Game

BENCHMARK = Path(__file__).resolve().parent.parent / "benchmarks" / "advisor_quality.py"


def _benchmark() -> ModuleType:
    spec = importlib.util.spec_from_file_location("advisor_quality", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _position() -> Game:
    return Game("hothead", seed=5, content=load_content(), keep_turn_starts=True)


def test_a_reference_is_saved_after_each_block(monkeypatch: pytest.MonkeyPatch) -> None:
    quality = _benchmark()
    game = _position()
    whole = quality.reference(game, 6, "greedy", None, None)
    monkeypatch.setattr(quality, "BLOCK", 4)
    saved: list[int] = []
    blocks = quality.reference(
        game, 6, "greedy", None, None, on_block=lambda r: saved.append(r["n"])
    )
    assert saved == [4, 6]  # a stop after the first block keeps four fates
    assert quality.rounded(blocks) == quality.rounded(whole)


def test_a_reference_extends_a_smaller_one() -> None:
    quality = _benchmark()
    game = _position()
    small: Any = quality.reference(game, 3, "greedy", None, None)
    grown = quality.reference(game, 6, "greedy", None, small)
    assert grown["n"] == 6
    assert quality.rounded(grown) == quality.rounded(
        quality.reference(game, 6, "greedy", None, None)
    )
