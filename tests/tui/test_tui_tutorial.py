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
from planet_king.tui.screens.tutorial import MARK, GuideScreen, TutorialScreen, paragraphs

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
    """Example First Game Turn, played with Enter only: each step's page names its panel,
    says why and the example's choice (three of them after a page on the goal), the
    panel is framed and the option marked; at the end the game is the example's, on
    turn 2, with the guide's closing pages (shown again with t)."""
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
            if step.lesson is not None:  # a page on the goal first, then the step's
                assert isinstance(page, GuideScreen), (n, type(page))
                assert page.title_text == f"About the game: {step.lesson.title}"
                await pilot.press("enter")
                page = app.screen
            assert isinstance(page, GuideScreen), (n, type(page))
            assert page.title_text == f"Step {n} of {len(tut.steps)}: {step.title}"
            assert f"Why: {' '.join(step.why.split())}" in " ".join(str(page.body).split())
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
        for n, page in enumerate(tut.outro, start=1):  # the closing pages, in order
            assert isinstance(app.screen, GuideScreen)
            assert app.screen.title_text == f"{page.title} ({n} of {len(tut.outro)})"
            await pilot.press("enter")
            await pilot.pause()
        assert isinstance(app.screen, EndOfTurnScreen)  # below them: the turn's breakdown
        await pilot.press("enter")
        await pilot.pause()
        game = app.game
        assert game is not None
        assert game.choices == [s.choice for s in tut.steps]
        assert game.state.turn == 2 and game.state.stacked is None
        assert game.state.settlements == ["formosa"] and game.state.queen_sickly
        assert "t shows its last pages again" in static_text(app.screen, "#guide")
        await pilot.press("t")  # the last pages again, the first on top
        await pilot.pause()
        assert isinstance(app.screen, GuideScreen)
        assert app.screen.title_text.startswith(tut.outro[0].title)
        assert "Remove one card of the noble deck" in str(app.screen.body)

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


def test_every_page_of_the_guide_reads_whole_at_80x24(content: Content, tmp_path: Path) -> None:
    """The lessons and the closing pages are the guide's longest: at 80x24 each shows its
    title and its "Enter continues" hint inside the screen, and text longer than the
    window scrolls to its last line with the arrow keys."""
    tut = tutorial.load(content)
    game = tutorial.new_game(tut, content)
    for step in tut.steps[:6]:
        game.choose(step.choice)
    app = PlanetKingApp(game, saves_dir=tmp_path)
    pages = [s.lesson for s in tut.steps if s.lesson] + list(tut.outro)

    async def script(app: PlanetKingApp, pilot: Pilot[Any]) -> None:
        await pilot.pause()
        for page in pages:
            await app.push_screen(GuideScreen(page.title, paragraphs(page.text)))
            await pilot.pause()
            screen = app.screen
            hint = screen.query_one(".hint", Static)
            assert hint.region.bottom <= SIZE[1] and hint.region.height == 1, page.title
            assert screen.query_one("#guide-title").region.y >= 0
            body = screen.query_one("#guide-body")
            for _ in range(int(body.max_scroll_y)):
                await pilot.press("down")
            await pilot.pause()
            assert body.scroll_y == body.max_scroll_y, page.title
            await pilot.press("enter")
            await pilot.pause()

    run(app, script)
