"""Wait for the app to have nothing left to do: a condition, never a duration.

``Pilot.pause()`` and ``Pilot.press()`` wait for the messages queued when they are called,
then for the process to look idle by its CPU time. On a loaded machine the process gets
little CPU and looks idle while work that followed is still pending: a selection that
bubbled from a list to its screen, a screen pushed by a key, a footer recomposed after the
bindings changed. ``settle`` pauses again until every queue of the app and of the screen's
widgets is empty and the screen has no layout, recompose or after-refresh callback
pending. Textual is pinned (pyproject.toml), so the private attributes read here are
stable.
"""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

ROUNDS = 2000  # a bound on pauses, not on time: a loaded machine only makes each one slower

PAUSE = Pilot.pause  # Textual's own, before conftest.py makes pause and press settle
PRESS = Pilot.press


# What a widget or the screen has still to do once its queue is empty: a widget posts its
# layout, repaint or scroll to the screen when it next goes idle, and the screen carries
# them out on its update timer. A list given a new height had its layout pending so, and
# the screen read in a test still showed the list's old size (one run in a loaded CI).
PENDING = ("_layout_required", "_repaint_required", "_scroll_required", "_recompose_required")


def _settled(pilot: Pilot[Any]) -> bool:
    app = pilot.app
    screen = app.screen
    widgets = list(screen.walk_children(with_self=True))
    return (
        all(p.message_queue_size == 0 and not p._next_callbacks for p in [app, *widgets])
        and not any(getattr(w, flag, False) for w in widgets for flag in PENDING)
        and not getattr(screen, "_refresh_styles_required", False)
        and not screen._callbacks
        and not screen._dirty_widgets
    )


async def settle(pilot: Pilot[Any]) -> None:
    """Pause until the app and its current screen have processed everything pending."""
    for _ in range(ROUNDS):
        await PAUSE(pilot)
        if not pilot.app.is_running or _settled(pilot):
            return
    raise AssertionError(f"the app still had work pending after {ROUNDS} pauses")


async def pause(pilot: Pilot[Any], delay: float | None = None) -> None:
    """``Pilot.pause``, settled: a delay given is still slept first."""
    if delay is not None:
        await PAUSE(pilot, delay)
    await settle(pilot)


async def press(pilot: Pilot[Any], *keys: str) -> None:
    """``Pilot.press``, settled after each key: as a player types, each key goes to the
    screen the key before opened (``press("s", "enter")`` names the save)."""
    for key in keys:
        await PRESS(pilot, key)
        if not pilot.app.is_running:
            return
        await settle(pilot)
