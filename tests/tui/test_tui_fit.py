"""Issue 32, the newcomer's retry at 80x24 and 120x40: the footer's hints fit 80 columns,
the forecast's every line shows at 80x24 while a decision is open, and the decision's
options have the focus (PgDn, End and Home act on them) with every option and Back in
reach and said to be there."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets._footer import FooterKey

from planet_king import tutorial
from planet_king.content.loader import load_content
from planet_king.engine.game import Game
from planet_king.tui.app import PlanetKingApp
from planet_king.tui.footer import FittingFooter
from planet_king.tui.screens.tutorial import TutorialScreen

Script = Callable[[PlanetKingApp, Pilot[Any]], Awaitable[None]]


def run(app: PlanetKingApp, script: Script, size: tuple[int, int]) -> None:
    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await script(app, pilot)

    asyncio.run(main())


# ---------------------------------------------------------------- the footer
def _hints(app: PlanetKingApp) -> list[FooterKey]:
    footer = app.screen.query_one(FittingFooter)
    assert footer.max_scroll_x == 0  # nothing out of sight to the right
    keys = list(footer.query(FooterKey))
    for key in keys:  # each hint drawn whole, inside the screen
        drawn = f"{key.key_display} {key.description}"
        assert key.render().plain.strip() == drawn and key.region.width >= len(drawn), drawn
        assert key.region.right <= app.size.width, key.description
    return keys


def test_the_footer_s_hints_fit_80_columns_on_every_screen(tmp_path: Path) -> None:
    """The tutorial's "t Tutorial" read "t Tutoria" at 80 columns, and the hints after it
    were out of sight: now each hint shown is whole, the first ones (Quit, Hint) are
    always there, and a hint left out is in the help (``?``)."""
    content = load_content()
    tut = tutorial.load(content)
    cases = [
        (PlanetKingApp(Game("anni-mirabiles", seed=5), saves_dir=tmp_path), ("q", "h", "r")),
        (PlanetKingApp(seed=1, saves_dir=tmp_path), ("e", "t", "q", "question_mark")),
    ]
    for app, wanted in cases:

        async def script(app: PlanetKingApp, pilot: Pilot[Any], wanted: Any = wanted) -> None:
            keys = {k.key for k in _hints(app)}
            assert set(wanted) <= keys, keys

        run(app, script, (80, 24))

    app = PlanetKingApp(saves_dir=tmp_path, content=content)

    async def guided(app: PlanetKingApp, pilot: Pilot[Any]) -> None:
        app.switch_screen(TutorialScreen(tutorial.new_game(tut, content), tut))
        await pilot.pause()
        await pilot.press("enter", "enter")  # the introduction, the first step's page
        assert isinstance(app.screen, TutorialScreen)
        shown = {k.key: k.description for k in _hints(app)}
        assert shown["t"] == "Tutorial" and {"q", "h", "left_square_bracket"} <= set(shown)

    run(app, guided, (80, 24))
