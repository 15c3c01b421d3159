"""The full-screen tutorial driven by key presses (Textual's Pilot), at 80x24: the
title-screen entry, the guide before each step, the example's choice taken with Enter,
the end of the example; and leaving the example by another choice."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from planet_king import tutorial
from planet_king.content.loader import Content
from planet_king.tui.app import PlanetKingApp
from planet_king.tui.screens.modals import EndOfTurnScreen
from planet_king.tui.screens.tutorial import MARK, GuideScreen, TutorialScreen

SIZE = (80, 24)


def run(app: PlanetKingApp, script: Any) -> None:
    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await script(app, pilot)

    asyncio.run(main())


def static_text(screen: Any, wid: str) -> str:
    return str(screen.query_one(wid, Static).render())


@pytest.mark.slow
def test_the_tutorial_from_the_title_screen_to_the_end_of_the_example(
    content: Content, tmp_path: Path
) -> None:
    """Example First Game Turn, played with Enter only: each step's page names its panel
    and the example's choice, the panel is framed and the option marked; at the end the
    game is the example's, on turn 2, with the guide's closing page."""
    tut = tutorial.load(content)
    app = PlanetKingApp(saves_dir=tmp_path, content=content)

    async def script(app: PlanetKingApp, pilot: Pilot[Any]) -> None:
        await pilot.press("t")  # the title screen's entry
        await pilot.pause()
        assert isinstance(app.screen, GuideScreen)  # the introduction
        await pilot.press("enter")
        await pilot.pause()
        for n, step in enumerate(tut.steps, start=1):
            page = app.screen
            assert isinstance(page, GuideScreen), (n, type(page))
            assert page.title_text == f"Step {n} of {len(tut.steps)}: {step.title}"
            await pilot.press("enter")  # close the page
            screen = app.screen
            assert isinstance(screen, TutorialScreen)
            assert screen.query_one(f"#panel-{step.panel}").has_class("-guided")
            assert screen.query_one(f"#panel-{step.panel}").has_class("-current")
            assert f"Tutorial {n}/{len(tut.steps)}" in static_text(screen, "#guide")
            options = screen.query_one("#options", OptionList)
            highlighted = options.get_option_at_index(options.highlighted or 0)
            assert highlighted.id == step.choice and MARK in str(highlighted.prompt)
            if n == 1:  # the marked option reads as on the game screen: with ratings
                assert "Gelves — M1 P1 G2" in str(highlighted.prompt)
            await pilot.press("enter")  # take the example's choice
        assert isinstance(app.screen, GuideScreen)
        assert app.screen.title_text == "The end of the example"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, EndOfTurnScreen)  # below it: the turn's breakdown
        await pilot.press("enter")
        await pilot.pause()
        game = app.game
        assert game is not None
        assert game.choices == [s.choice for s in tut.steps]
        assert game.state.turn == 2 and game.state.stacked is None
        assert game.state.settlements == ["formosa"] and game.state.queen_sickly
        assert "the game is yours" in static_text(app.screen, "#guide")

    run(app, script)


def test_another_choice_leaves_the_example(content: Content, tmp_path: Path) -> None:
    """Choosing otherwise: the guide says the example went another way, names its
    choice, and the game goes on unstacked from where it stands."""
    app = PlanetKingApp(saves_dir=tmp_path, content=content)
    app.tutorial_first = True

    async def script(app: PlanetKingApp, pilot: Pilot[Any]) -> None:
        await pilot.pause()
        await pilot.press("enter")  # the introduction
        await pilot.press("enter")  # step 1's page
        await pilot.pause()
        await pilot.press("2")  # Fernández de Castro, where the example chose Carrillo
        await pilot.pause()
        page = app.screen
        assert isinstance(page, GuideScreen)
        assert page.title_text == "Your own game from here"
        assert "Diego Carrillo" in str(page.body)
        await pilot.press("enter")
        await pilot.pause()
        game = app.game
        assert game is not None and game.state.stacked is None
        assert game.choices == ["noble:fernandez-de-castro-father"]
        assert "your own game now" in static_text(app.screen, "#guide")
        assert not app.screen.query(".-guided")

    run(app, script)


def test_a_selection_from_the_decision_before_is_dropped(content: Content, tmp_path) -> None:
    """Keys faster than the screen: a second Enter may select on the list of a decision
    already answered; the tutorial drops it instead of failing on an illegal choice."""
    app = PlanetKingApp(saves_dir=tmp_path, content=content)
    app.tutorial_first = True

    async def script(app: PlanetKingApp, pilot: Pilot[Any]) -> None:
        await pilot.pause()
        await pilot.press("enter", "enter")  # the introduction, step 1's page
        screen = app.screen
        assert isinstance(screen, TutorialScreen)
        screen.take("noble:diego-carrillo")
        screen.take("noble:diego-carrillo")  # stale: the Viceroy of Italy is asked now
        assert screen.game.choices == ["noble:diego-carrillo"]
        assert screen.game.state.stacked is not None

    run(app, script)


def test_a_tutorial_saved_midway_opens_guided(content: Content, tmp_path: Path) -> None:
    """``resume`` (the game screen opened on a saved game) of a tutorial left midway: the
    tutorial's screen, on the step where it stopped, without the introduction again."""
    tut = tutorial.load(content)
    game = tutorial.new_game(tut, content)
    for step in tut.steps[:6]:
        game.choose(step.choice)
    app = PlanetKingApp(game, saves_dir=tmp_path)

    async def script(app: PlanetKingApp, pilot: Pilot[Any]) -> None:
        await pilot.pause()
        page = app.screen
        assert isinstance(page, GuideScreen)
        assert page.title_text == f"Step 7 of {len(tut.steps)}: {tut.steps[6].title}"
        await pilot.press("enter", "enter")  # close the page, take the example's choice
        await pilot.pause()
        assert game.choices[-1] == tut.steps[6].choice
        assert isinstance(app.screen, GuideScreen)  # step 8's page

    run(app, script)
