"""``benchmarks/fork_cost.py`` (issue 29, the playout machinery): what a fork replays
beside the playout it starts. Its times are the machine's; the choices a fork replays
are the engine's, the same on any machine."""

from __future__ import annotations

import re

import pytest
from conftest import benchmark_script


def test_a_fork_in_the_events_phase_replays_one_cards_choices(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Events Phase: a fork resumes before the card being resolved, so over a game's
    Events phase it replays a few choices, not the turn's dozens; the report says how
    many, with the fork's and the playout's times."""
    fork_cost = benchmark_script("fork_cost")
    argv = ["fork_cost", "--scenario", "iupiter-hispano", "--seed", "3", "--games", "1"]
    monkeypatch.setattr("sys.argv", [*argv, "--every", "3", "--repeats", "1"])
    fork_cost.main()
    out = capsys.readouterr().out
    found = re.search(r"(\d+) positions: a fork replays ([\d.]+) choices", out)
    assert found, out
    assert int(found.group(1)) >= 5
    assert float(found.group(2)) < 8  # one card's choices (the turn's were 30 and more)
    assert re.search(r"a one-turn playout [\d.]+ ms \(the fork \d+% of it\)", out)
