"""Issue 32, the newcomer's retry at 80x24 and 120x40: the footer's hints fit 80 columns,
the forecast's every line shows at 80x24 while a decision is open, and the decision's
options have the focus (PgDn, End and Home act on them) with every option and Back in
reach and said to be there."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
import tui_settle
from textual.pilot import Pilot
from textual.widgets import OptionList
from textual.widgets._footer import FooterKey

from planet_king import present, tutorial
from planet_king.bots import make_bot
from planet_king.content.loader import load_content
from planet_king.engine.game import Game
from planet_king.tui import views
from planet_king.tui.app import PlanetKingApp
from planet_king.tui.footer import FittingFooter
from planet_king.tui.screens.game import GameScreen
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
        (
            PlanetKingApp(Game("anni-mirabiles", seed=5, content=content), saves_dir=tmp_path),
            ("q", "h", "r"),
        ),
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


# ---------------------------------------------------------------- the forecast at 80x24
def _screen_rows(app: PlanetKingApp) -> list[str]:
    return [strip.text for strip in app.screen._compositor.render_strips()]


def _forecast_in_view(app: PlanetKingApp, game: Game) -> bool:
    """Every score line of the forecast on screen (each line's start: a line may wrap),
    and two rows of options at least; whether the Treasury and VP lines are too (they
    give way to a long header)."""
    rows = _screen_rows(app)
    lines = [line.text for line in present.forecast_lines(game)]
    treasury = min(i for i, line in enumerate(lines) if line.startswith("Treasury "))
    vp = max(i for i, line in enumerate(lines) if line.startswith("VP "))
    for line in lines[:treasury]:
        assert any(line[:40] in row for row in rows), "\n".join(rows)
    options = app.screen.query_one("#options", OptionList)
    assert options.region.height >= 2 and options.highlighted is not None
    return all(any(line[:40] in row for row in rows) for line in lines[treasury : vp + 1])


@pytest.mark.slow
def test_the_forecast_keeps_every_line_in_view_at_80x24_with_a_decision_open(
    tmp_path: Path,
) -> None:
    """Issue 32: at 80x24 a decision of many options left the forecast only its first
    two scores. The expert plays Anni Mirabiles; at the first decision of each phase and
    at every decision of eight options or more, the screen shows every score of the
    forecast and two rows of options at least, and nearly always the Treasury and VP
    lines too (under a long header they give way to the options)."""

    async def script(app: PlanetKingApp, pilot: Pilot[Any]) -> None:
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.has_class("-narrow")
        seen: set[tuple[int, str]] = set()
        long = whole = checked = 0
        while game.decision is not None:
            d = game.decision
            phase = (game.state.turn, game.state.phase)
            if phase not in seen or len(d.options) >= 8:
                seen.add(phase)
                long += len(d.options) >= 8
                screen.refresh_view()
                await pilot.pause()
                whole += _forecast_in_view(app, game)
                checked += 1
            game.choose(bot.choose(game))
        assert long >= 5 and len(seen) >= 8 and whole >= 0.9 * checked, (whole, checked)

    game = Game("anni-mirabiles", seed=12, content=load_content())
    bot = make_bot("expert", 12)
    run(PlanetKingApp(game, saves_dir=tmp_path), script, (80, 24))


def test_a_list_that_shrinks_keeps_its_highlighted_option_in_view(tmp_path: Path) -> None:
    """The options list fitted to the top, then shrunk by a later change of the box
    around it, hid the tutorial example's highlighted option (a CI run). A list that
    shrinks scrolls to its highlighted option when that option is out of view."""

    async def script(app: PlanetKingApp, pilot: Pilot[Any]) -> None:
        options = app.screen.query_one("#options", OptionList)
        assert options.option_count >= 4
        options.highlighted = 3
        options.scroll_home(animate=False, immediate=True)
        await pilot.pause()
        options.styles.max_height = 2  # the highlighted option is below this from the top
        await pilot.pause()
        top = int(options.scroll_y)
        line = options._index_to_line[3]
        assert options.size.height == 2 and top <= line < top + 2, (top, line)

    game = Game("anni-mirabiles", seed=12, content=load_content())
    run(PlanetKingApp(game, saves_dir=tmp_path), script, (80, 24))


# ---------------------------------------------------------------- the options' focus
def _random_play_to(seed: int, wanted: Callable[[Game], bool]) -> Game:
    """Anni Mirabiles played at random (seeded) to the first decision ``wanted``."""
    g = Game("anni-mirabiles", seed=seed, content=load_content())
    r = random.Random(seed)
    while g.decision is not None:
        if wanted(g):
            return g
        g.choose(r.choice(g.decision.legal_ids))
    raise AssertionError("no such decision in this game")


def test_at_120x40_every_option_and_back_are_in_view(tmp_path: Path) -> None:
    """Issue 32: options 8 and on, and Back, lay below the list's edge (a cap of 12
    rows) with the box half empty. "Move the fleet to?": 12 places and Back, all shown."""
    game = _random_play_to(4, lambda g: g.decision.prompt == "Move the fleet to?")
    d = game.decision
    assert d is not None and d.back is not None and len(d.options) == 13

    async def script(app: PlanetKingApp, pilot: Pilot[Any]) -> None:
        options = app.screen.query_one("#options", OptionList)
        assert options.has_focus and options.max_scroll_y == 0
        assert options.size.height == options.option_count  # one line each, all of them
        assert not app.screen.query_one("#decision").border_subtitle

    run(PlanetKingApp(game, saves_dir=tmp_path), script, (120, 40))


def test_a_decision_s_options_have_the_keys_and_say_what_lies_out_of_view(
    tmp_path: Path,
) -> None:
    """Issue 32: at 120x40 PgDn and End scrolled the Council (Tab had left the options).
    The options list has the focus at every new decision; a list longer than the box
    says on the box's border which options lie out of view and the keys that bring
    them; End, Home and PgDn move through it, each option brought into view."""
    game = _random_play_to(3, lambda g: len(g.decision.options) >= 16)
    d = game.decision
    assert d is not None and d.prompt == "Remove one card of the noble deck from the game?"

    async def script(app: PlanetKingApp, pilot: Pilot[Any]) -> None:
        options = app.screen.query_one("#options", OptionList)
        box = app.screen.query_one("#decision")
        assert options.has_focus and options.max_scroll_y > 0 and options.scroll_y == 0
        last = views.option_key(len(d.options))
        assert str(box.border_subtitle).endswith(f"-{last} below: PgDn, End")
        await pilot.press("tab")  # to a panel: its keys scroll it
        assert not options.has_focus
        await pilot.press("escape")
        assert options.has_focus
        await pilot.press("end")
        allowed = [i for i, o in enumerate(d.options) if o.allowed]
        assert options.highlighted == allowed[-1]
        assert options.scroll_y == options.max_scroll_y
        assert "above: PgUp, Home" in str(box.border_subtitle)
        await pilot.press("home")
        assert options.highlighted == allowed[0] and options.scroll_y == 0
        await pilot.press("pagedown")
        assert options.highlighted is not None and options.highlighted > allowed[0]
        for _ in range(3):  # past the last allowed: still highlighted, the rest in view
            await pilot.press("pagedown")
            assert options.highlighted == allowed[-1]
        assert options.scroll_y == options.max_scroll_y
        await pilot.press("tab")
        assert not options.has_focus
        await pilot.press("1")  # a choice made with focus elsewhere: the next decision's
        assert game.decision is not d and options.has_focus  # options have the keys

    run(PlanetKingApp(game, saves_dir=tmp_path), script, (120, 40))


def test_after_the_tutorial_s_pages_its_example_option_is_in_view_at_80x24(
    tmp_path: Path,
) -> None:
    """The screen under a tutorial page is not laid out: the options were fitted to the
    sizes before the guide's line took its two rows, the list ran under the box's edge
    and the example's option (3) was out of view. Back from the pages, the list is
    fitted again: the example's option is in view and the border names option 1."""
    content = load_content()
    tut = tutorial.load(content)
    game = tutorial.new_game(tut, content)
    for step in tut.steps[:20]:  # to INSTABILITY: a vacancy, the example's option 3
        game.choose(step.choice)
    app = PlanetKingApp(saves_dir=tmp_path, content=content)

    async def script(app: PlanetKingApp, pilot: Pilot[Any]) -> None:
        app.switch_screen(TutorialScreen(game, tut))
        await pilot.pause()
        while not isinstance(app.screen, TutorialScreen):  # the step's pages
            await pilot.press("enter")
        # the list is fitted again once the screen is back, in a chain of refreshes: wait
        # for the example's row, a bounded number of settled pauses (two CI runs under
        # load read the screen before it showed, with nothing pending that settle sees)
        screen = app.screen
        options = screen.query_one("#options", OptionList)

        def example_rows() -> list[str]:
            return [r for r in _screen_rows(app) if "◀ the example" in r]

        for _ in range(tui_settle.ROUNDS // 10):
            await pilot.wait_for_scheduled_animations()
            await pilot.pause()
            if example_rows():
                break
        assert options.highlighted == 2  # the example's, marked
        rows = example_rows()
        seen = (
            f"list at y={options.scroll_y} of {options.max_scroll_y}, size {options.size}, "
            f"region {options.region}; screen:\n" + "\n".join(_screen_rows(app))
        )
        assert rows, seen
        assert options.region.contains_point((2, _screen_rows(app).index(rows[0]))), seen
        assert screen.query_one("#decision").max_scroll_y == 0  # the box holds its list
        assert str(screen.query_one("#decision").border_subtitle).startswith("↑ option 1 ")

    run(app, script, (80, 24))
