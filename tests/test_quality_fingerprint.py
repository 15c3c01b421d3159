"""The advisor quality benchmark keys its reference runs by what the policy plays
(``benchmarks/advisor_quality.py``, ``code_version``): a change of play makes a new key, so
a reference played by another policy is never reused; the same play keeps the key."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from planet_king.bots import expert

BENCHMARK = Path(__file__).resolve().parent.parent / "benchmarks" / "advisor_quality.py"


def _benchmark() -> ModuleType:
    spec = importlib.util.spec_from_file_location("advisor_quality", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_reference_key_follows_what_the_policy_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    quality = _benchmark()
    monkeypatch.setattr(quality, "FINGERPRINT_GAMES", 1)
    key = quality.code_version("expert")
    assert key.startswith("expert@")
    assert quality.code_version("expert") == key  # the same play, the same key
    monkeypatch.setattr(expert, "DUCAT", 1.0)  # an expert that values ducats otherwise
    assert quality.code_version("expert") != key
