"""Play from the keyboard (issue 14, part 3): the card drawn last, searching at once,
scrolling every panel, the help at 80x24, the footer, the war tracks, notifications out
of the way, saving under a name, quitting, and only what works offered."""

from __future__ import annotations

import asyncio
import dataclasses
import random
from pathlib import Path
from typing import Any

from textual.command import CommandPalette
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Static
from textual.widgets._footer import FooterKey
from textual.widgets._toast import Toast

from planet_king.content.loader import load_content
from planet_king.engine.decisions import Decision, DecisionKind, Option
from planet_king.engine.game import Game
from planet_king.tui import views
from planet_king.tui.app import PlanetKingApp
from planet_king.tui.draws import Draw, DrawTracker
from planet_king.tui.screens.game import GameScreen
from planet_king.tui.screens.modals import (
    KEYS,
    CardsScreen,
    ConfirmScreen,
    HelpScreen,
    RulesScreen,
    SaveNameScreen,
)


def run(app: PlanetKingApp, script: Any, size: tuple[int, int] = (120, 40)) -> None:
    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await script(app, pilot)

    asyncio.run(main())


def _to_a_fortune_test() -> tuple[Game, Draw]:
    """A game played until the card drawn last was turned over for a fortune test."""
    for seed in range(20):
        g = Game("the-planet-king", seed=seed, content=load_content())
        tracker = DrawTracker(g)
        r = random.Random(seed)
        while g.decision is not None:
            tracker.update()
            if tracker.draws and tracker.draws[-1].kind == "fortune":
                return g, tracker.draws[-1]
            g.choose(r.choice(g.decision.legal_ids))
    raise AssertionError("no fortune test in these games")


def test_d_opens_the_card_drawn_last_even_from_a_fortune_test(tmp_path: Path) -> None:
    game, last = _to_a_fortune_test()
    app = PlanetKingApp(game, saves_dir=tmp_path)
    bird = {"positive": "eagle", "neutral": "pigeon", "negative": "crow"}[last.fortune or ""]

    async def script(app: PlanetKingApp, pilot: Pilot[Any]) -> None:
        await pilot.press("d")
        assert isinstance(app.screen, CardsScreen)
        body = str(app.screen.query_one("#cards-body", Static).render())
        assert body.startswith(last.name)
        assert body.splitlines()[1].startswith(bird)  # that card, with its bird

    run(app, script)


def test_typing_in_the_rules_and_the_cards_searches_at_once(tmp_path: Path) -> None:
    app = PlanetKingApp(Game("hothead", seed=3, content=load_content()), saves_dir=tmp_path)

    async def script(app: PlanetKingApp, pilot: Pilot[Any]) -> None:
        for key, screen_type, box in (
            ("r", RulesScreen, "#rules-search"),
            ("c", CardsScreen, "#cards-search"),
        ):
            await pilot.press(key)
            assert isinstance(app.screen, screen_type)
            search = app.screen.query_one(box, Input)
            assert search.has_focus
            await pilot.press(*"olivares")
            assert search.value.endswith("olivares")
            await pilot.press("down")  # to the list
            assert isinstance(app.screen.focused, OptionList)
            await pilot.press("escape")

    run(app, script)


def test_the_court_scrolls_from_the_keyboard_at_120x40(tmp_path: Path) -> None:
    """Its offices and army commands lie below the fold: Tab reaches the panel, the
    keys scroll it."""
    app = PlanetKingApp(Game("the-planet-king", seed=1, content=load_content()), saves_dir=tmp_path)

    async def script(app: PlanetKingApp, pilot: Pilot[Any]) -> None:
        court = app.screen.query_one("#panel-court")
        assert court.max_scroll_y > 0
        for _ in range(8):
            if court.has_focus:
                break
            await pilot.press("tab")
        assert court.has_focus
        await pilot.press("end")
        await pilot.wait_for_scheduled_animations()  # the scroll is animated
        assert court.scroll_y == court.max_scroll_y > 0

    run(app, script)


def test_help_scrolls_at_80x24_and_lists_every_key(tmp_path: Path) -> None:
    app = PlanetKingApp(Game("hothead", seed=3, content=load_content()), saves_dir=tmp_path)
    listed = " ".join(key for key, _ in KEYS)

    async def script(app: PlanetKingApp, pilot: Pilot[Any]) -> None:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        body = app.screen.query_one("#help-body")
        assert body.max_scroll_y > 0
        await pilot.press("end")
        await pilot.wait_for_scheduled_animations()  # the scroll is animated
        assert body.scroll_y == body.max_scroll_y

    run(app, script, (80, 24))
    for key in ("1-9", "l", "s", "u", "[ ]", "r", "c", "d", "m", "h", "?", "q", "g", "Tab"):
        assert key in listed, key


def test_the_footer_keeps_quit_and_hint_at_80_columns(tmp_path: Path) -> None:
    app = PlanetKingApp(Game("hothead", seed=3, content=load_content()), saves_dir=tmp_path)

    async def script(app: PlanetKingApp, pilot: Pilot[Any]) -> None:
        # The footer is recomposed once the narrow layout's bindings are known; under load
        # a bare pause returned between the recompose and the layout and found keys of no
        # width. The pilot settles first (conftest.py), so they are laid out.
        keys = {k.key: k for k in app.screen.query(FooterKey)}
        for key in ("q", "h"):
            region = keys[key].region
            assert region.width and region.right <= 80, key

    run(app, script, (80, 24))


def test_every_active_war_is_on_the_first_screen_at_120x40(tmp_path: Path) -> None:
    """Scenarios / Iupiter Hispano: Flanders and the Palatinate, each track on one line."""
    game = Game("iupiter-hispano", seed=1, content=load_content())
    app = PlanetKingApp(game, saves_dir=tmp_path)

    async def script(app: PlanetKingApp, pilot: Pilot[Any]) -> None:
        panel = app.screen.query_one("#panel-wars")
        width, height = panel.content_region.width, panel.content_region.height
        lines = views.wars(game).key
        used = 0  # screen rows taken by the lines above, wrapped to the panel's width
        for line in lines:
            if line.startswith(("United Provinces", "Protestant Powers")):
                assert len(line) <= width and "Spain" in line  # the track: one line
                assert used < height  # and on the first screen, no scrolling
            used += max(1, -(-len(line) // width))

    run(app, script)


def test_notifications_cover_neither_the_decision_nor_a_modal(tmp_path: Path) -> None:
    app = PlanetKingApp(Game("hothead", seed=3, content=load_content()), saves_dir=tmp_path)

    async def script(app: PlanetKingApp, pilot: Pilot[Any]) -> None:
        app.notify("A notice")
        await pilot.pause()
        decision = app.screen.query_one("#decision").region
        for toast in app.screen.query(Toast):
            assert not toast.region.overlaps(decision)
        await pilot.press("question_mark")
        app.notify("Another notice")
        await pilot.pause()
        modal = app.screen.query_one("#help").region
        for toast in app.screen.query(Toast):
            assert not toast.region.overlaps(modal)

    run(app, script, (80, 24))


def test_s_asks_a_name_and_q_asks_before_leaving(tmp_path: Path) -> None:
    app = PlanetKingApp(Game("hothead", seed=3, content=load_content()), saves_dir=tmp_path)

    async def script(app: PlanetKingApp, pilot: Pilot[Any]) -> None:
        await pilot.press("s")
        assert isinstance(app.screen, SaveNameScreen)
        name = app.screen.query_one("#save-name", Input)
        assert name.value.startswith("hothead-seed3")  # the default offered
        name.value = "my reign"
        await pilot.press("enter")
        await pilot.pause()
        assert (tmp_path / "my-reign.json").exists() or any(
            p.name.startswith("my") for p in tmp_path.iterdir()
        )
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert isinstance(app.screen, GameScreen) and app.is_running

    run(app, script)


def test_only_what_works_is_offered(tmp_path: Path) -> None:
    """The palette has Undo and Hint and one Quit; [ ] only where panels switch; m
    without memorials says so."""
    game = Game("hothead", seed=3, content=load_content())
    game.choose(game.decision.legal_ids[0])
    app = PlanetKingApp(game, saves_dir=tmp_path)

    async def script(app: PlanetKingApp, pilot: Pilot[Any]) -> None:
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Undo" in titles and "Hint" in titles
        assert sum(t.lower().startswith("quit") for t in titles) == 1
        assert not app.screen.check_action("panel", (1,))  # wide: every panel shows
        await pilot.press("m")
        await pilot.pause()
        assert any("without Secret Memorials" in str(n.message) for n in app._notifications)
        await pilot.press("ctrl+p")
        assert isinstance(app.screen, CommandPalette)

    run(app, script)


def _to_a_decision_of_eleven_options() -> Game:
    """A game played until its decision lists eleven options or more, the 10th and 11th
    both allowed."""
    for seed in range(40):
        g = Game("the-planet-king", seed=seed, content=load_content())
        r = random.Random(seed)
        while g.decision is not None:
            opts = g.decision.options
            if len(opts) >= 11 and opts[9].allowed and opts[10].allowed:
                return g
            g.choose(r.choice(g.decision.legal_ids))
    raise AssertionError("no decision of eleven options in these games")


def test_every_option_has_a_key_past_the_ninth(tmp_path: Path) -> None:
    """Issue 32 (3): a list of more than nine options numbers them all: 0 is the tenth,
    then letters no command takes; the key shown is the key that takes it."""
    game = _to_a_decision_of_eleven_options()
    decision = game.decision
    assert decision is not None
    eleventh = decision.options[10]
    app = PlanetKingApp(game, saves_dir=tmp_path)

    async def script(app: PlanetKingApp, pilot: Pilot[Any]) -> None:
        options = app.screen.query_one("#options", OptionList)
        prompts = [str(options.get_option_at_index(i).prompt) for i in (9, 10)]
        assert prompts[0].startswith("0. ") and prompts[1].startswith("a. "), prompts
        await pilot.press("a")
        await pilot.pause()
        taken = app.game is not None and app.game.choices[-1:] == [eleventh.id]
        confirming = isinstance(app.screen, ConfirmScreen)  # an automatic-defeat warning
        assert taken or confirming

    run(app, script)
    assert set(views.OPTION_KEYS).isdisjoint("qhsulgdmcrtx")  # no command's key


def _to_nominate_to() -> tuple[Game, Decision]:
    """A game at "Nominate NOBLE to?" (a sub-menu), with "Nominate which noble from
    Court?" just before it: random play taking Nominate Noble whenever it can."""
    wanted = "action:political:nominate-noble"
    for seed in range(60):
        g = Game("anni-mirabiles", seed=seed, content=load_content())
        r = random.Random(seed)
        before = g.decision
        while g.decision is not None:
            d = g.decision
            if d.kind is DecisionKind.PLACE_NOBLE and before.kind is DecisionKind.NOMINATE_NOBLE:
                return g, before
            before = d
            g.choose(wanted if wanted in d.legal_ids else r.choice(d.legal_ids))
    raise AssertionError("no Nominate Noble with a choice of noble")


def test_a_sub_menus_back_is_in_sight_at_80x24_and_returns_to_the_menu_before(
    tmp_path: Path,
) -> None:
    """Issue 32 (3): every sub-menu has Back. At 80x24, under the notable's summary,
    the list scrolls to its last option inside the decision's box (it ran below the box,
    out of sight); Back's key returns to the menu before, and the Log loses the lines
    of the choice taken back."""
    game, before = _to_nominate_to()
    decision = game.decision
    assert decision is not None and decision.back is not None
    n = len(decision.options)
    app = PlanetKingApp(game, saves_dir=tmp_path)

    async def script(app: PlanetKingApp, pilot: Pilot[Any]) -> None:
        screen = app.screen
        options = screen.query_one("#options", OptionList)
        box = screen.query_one("#decision")
        assert str(options.get_option_at_index(n - 1).prompt) == f"{views.option_key(n)}. Back"
        await pilot.press("end")
        await pilot.wait_for_scheduled_animations()  # the scroll is animated
        await pilot.pause()
        assert options.highlighted == n - 1
        assert box.max_scroll_y == 0  # the box holds the list whole: nothing below it
        assert options.region.bottom <= box.content_region.bottom
        assert options.scroll_y == options.max_scroll_y  # the list scrolled to Back
        await pilot.press(views.option_key(n) or "")
        await pilot.pause()
        assert app.game is not None and app.game.decision == before
        log = screen.query_one("#log", OptionList)
        assert log.option_count == len(app.game.log_entries)
        shown = str(log.get_option_at_index(log.option_count - 1).prompt)
        assert shown.endswith(app.game.log_entries[-1].text)

    run(app, script, size=(80, 24))


def test_options_past_the_letters_take_capitals(tmp_path: Path, monkeypatch: Any) -> None:
    """Issue 32 (3), every option has a key: a decision longer than the digits and the
    free letters (a late noble deck lists 23 cards to remove) goes on with the same
    letters in capitals, shown before each option, and the key shown takes it."""
    assert len(views.OPTION_KEYS) == len(set(views.OPTION_KEYS)) >= 38
    assert set(views.OPTION_KEYS.lower()).isdisjoint("qhsulgdmcrtx")  # no command's key
    game = Game("hothead", seed=3, content=load_content())
    d = game.decision
    assert d is not None
    many = tuple(Option(f"pick:{i}", f"choice {i}") for i in range(1, 31))
    game.decision = dataclasses.replace(d, options=many, known_legal=many)
    taken: list[str] = []
    app = PlanetKingApp(game, saves_dir=tmp_path)

    async def script(app: PlanetKingApp, pilot: Pilot[Any]) -> None:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        monkeypatch.setattr(screen, "_take", taken.append)  # the rules know no "pick"
        options = screen.query_one("#options", OptionList)
        prompts = [str(options.get_option_at_index(i).prompt) for i in range(30)]
        keys = [p.split(". ", 1)[0] for p in prompts]
        assert keys == list(views.OPTION_KEYS[:30])
        assert prompts[24] == "A. choice 25" and prompts[29] == "J. choice 30"
        await pilot.press("J")
        await pilot.pause()

    run(app, script)
    assert taken == ["pick:30"]
