"""Pilot tests wait for the app to be idle after each key press, in steps of 20 ms
(``textual._wait``). Steps of 5 ms keep the folder fast; every press still waits until
the screen has processed all its messages (``Pilot._wait_for_screen``). Textual is
pinned (pyproject.toml), so this private constant is stable.

Textual decides "idle" by CPU time, which a loaded machine starves: every pause and press
here also waits until nothing is pending (``tui_settle``), so no test depends on the
machine's speed or load."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import textual._wait
import tui_settle
from textual.pilot import Pilot


@pytest.fixture(autouse=True)
def _fast_idle_waits() -> Iterator[None]:
    before = textual._wait.SLEEP_GRANULARITY
    textual._wait.SLEEP_GRANULARITY = 0.005
    yield
    textual._wait.SLEEP_GRANULARITY = before


@pytest.fixture(autouse=True)
def _settled_pilot(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Pilot, "pause", tui_settle.pause)
    monkeypatch.setattr(Pilot, "press", tui_settle.press)
