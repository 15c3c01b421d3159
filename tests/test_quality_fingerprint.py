"""The advisor quality benchmark keys its reference runs by what the policy plays
(``benchmarks/advisor_advisor_quality.py``, ``code_version``): a change of play makes a new key, so
a reference played by another policy is never reused; the same play keeps the key."""

from __future__ import annotations

from types import ModuleType

import pytest

from planet_king.bots import expert


@pytest.mark.slow
def test_the_reference_key_follows_what_the_policy_plays(
    advisor_quality: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(advisor_quality, "FINGERPRINT_GAMES", 1)
    key = advisor_quality.code_version("expert")
    assert key.startswith("expert@")
    assert advisor_quality.code_version("expert") == key  # the same play, the same key
    monkeypatch.setattr(expert, "DUCAT", 1.0)  # an expert that values ducats otherwise
    assert advisor_quality.code_version("expert") != key
