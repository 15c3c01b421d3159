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


@pytest.fixture(autouse=True)
def _toasts_wait_for_the_test(monkeypatch: pytest.MonkeyPatch) -> None:
    """A toast lives a few seconds on screen; on a loaded machine a test could read the
    notifications after it expired. In tests a toast stays until the test is over, so
    what a test reads never depends on the machine's speed."""
    from textual.app import App

    notify = App.notify

    def lasting(self: App[object], message: str, **kwargs: object) -> None:
        kwargs["timeout"] = 24 * 3600
        notify(self, message, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(App, "notify", lasting)
