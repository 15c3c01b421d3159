"""The TUI driven by key presses only (Textual's Pilot): a whole Hothead game, the keys,
the modal screens, saving, undo and quitting."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Static

from planet_king.content.loader import load_content
from planet_king.engine.game import Game, GameOptions
from planet_king.tui.app import PlanetKingApp
from planet_king.tui.screens.game import GameScreen
from planet_king.tui.screens.gameover import GameOverScreen
from planet_king.tui.screens.modals import CardsScreen, HelpScreen, RulesScreen
from planet_king.tui.screens.title import TitleScreen

Script = Callable[[PlanetKingApp, Pilot[Any]], Awaitable[None]]


def run(app: PlanetKingApp, script: Script, size: tuple[int, int] = (160, 50)) -> None:
    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await script(app, pilot)

    asyncio.run(main())


def first_allowed_key(game: Game) -> str:
    """The key of the first allowed option: its number, or Enter (it is highlighted)."""
    assert game.decision is not None
    index = next(i for i, o in enumerate(game.decision.options) if o.allowed)
    return str(index + 1) if index < 9 else "enter"


async def play_to_the_end(app: PlanetKingApp, pilot: Pilot[Any], limit: int = 300) -> int:
    presses = 0
    while app.game is not None and app.game.decision is not None:
        assert presses < limit, "the game did not end"
        await pilot.press(first_allowed_key(app.game))
        presses += 1
    await pilot.pause()
    return presses


@pytest.mark.slow
def test_a_whole_hothead_game_by_key_presses(tmp_path: Path) -> None:
    """Scenarios / "Hothead": from the first decision to the game-over screen."""
    app = PlanetKingApp(Game("hothead", seed=3, content=load_content()), saves_dir=tmp_path)
    expected = Game("hothead", seed=3, content=load_content())
    while expected.decision is not None:
        expected.choose(expected.decision.legal_ids[0])

    async def script(app: PlanetKingApp, pilot: Pilot[Any]) -> None:
        assert isinstance(app.screen, GameScreen)
        presses = await play_to_the_end(app, pilot)
        assert presses == len(expected.choices)
        assert isinstance(app.screen, GameOverScreen)
        assert app.game is not None
        assert app.game.choices == expected.choices
        assert app.game.log_digest() == expected.log_digest()
        head = str(app.screen.query_one("#overhead", Static).render())
        assert "Defeat" in head or "Major Victory" in head

    run(app, script, (80, 24))


def test_title_screen_starts_the_chosen_scenario_with_the_seed(tmp_path: Path) -> None:
    app = PlanetKingApp(seed=3, saves_dir=tmp_path)

    async def script(app: PlanetKingApp, pilot: Pilot[Any]) -> None:
        assert isinstance(app.screen, TitleScreen)
        detail = str(app.screen.query_one("#scenario-detail", Static).render())
        assert "Hothead" in detail and "1 turn" in detail
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.game is not None and app.game.seed == 3
        assert app.game.scenario.id == "hothead"

    run(app, script)


def test_narrow_layout_log_focus_and_a_disallowed_option(tmp_path: Path) -> None:
    """80x24: one panel at a time ([ ]), the log (l) with each entry's rule; then a key
    of an option the rules do not allow changes nothing and says why."""
    app = PlanetKingApp(Game("hothead", seed=3, content=load_content()), saves_dir=tmp_path)

    async def script(app: PlanetKingApp, pilot: Pilot[Any]) -> None:
        screen = app.screen
        assert screen.has_class("-narrow")
        assert screen.query_one("#panel-council").has_class("-current")
        await pilot.press("right_square_bracket")
        assert screen.query_one("#panel-wars").has_class("-current")
        assert not screen.query_one("#panel-council").has_class("-current")
        await pilot.press("l")
        assert screen.query_one("#panel-log").has_class("-current")
        log = screen.query_one("#log", OptionList)
        assert log.has_focus
        await pilot.press("home")
        await pilot.pause()
        detail = str(screen.query_one("#logdetail", Static).render())
        assert "Setup / Overview" in detail
        await pilot.press("escape")
        assert screen.query_one("#options", OptionList).has_focus
        for _ in range(6):  # to the royal-action decision (Actions / Royal Actions)
            await pilot.press("1")
        game = app.game
        assert game is not None and game.decision is not None
        assert game.decision.prompt == "Choose a royal action"
        assert not game.decision.options[0].allowed
        before = list(game.choices)
        await pilot.press("1")
        await pilot.pause()
        assert game.choices == before
        notes = [n.message for n in app._notifications]
        assert any("Not allowed" in m and "ladies" in m for m in notes)
        options = app.screen.query_one("#options", OptionList)
        assert options.get_option_at_index(0).disabled
        # Enter takes the highlighted option: the first allowed one (the Cortes: Hothead
        # offers no Hunt, ruling R99).
        first = next(o.id for o in game.decision.options if o.allowed)
        assert first == "action:royal:cortes"
        await pilot.press("enter")
        assert game.choices[-1] == first

    run(app, script, (80, 24))


def test_help_rules_and_cards_open_and_close(tmp_path: Path) -> None:
    app = PlanetKingApp(Game("hothead", seed=3, content=load_content()), saves_dir=tmp_path)

    async def script(app: PlanetKingApp, pilot: Pilot[Any]) -> None:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.press("r")
        assert isinstance(app.screen, RulesScreen)
        body = str(app.screen.query_one("#rules-body", Static).render())
        assert body.startswith("Wars / Declaration of War")  # the decision's rule
        app.screen.query_one("#rules-search", Input).value = "crow"
        await pilot.pause()
        assert "crow" in str(app.screen.query_one("#rules-body", Static).render()).lower()
        await pilot.press("escape")
        await pilot.press("c")
        assert isinstance(app.screen, CardsScreen)
        app.screen.query_one("#cards-search", Input).value = "olivares"
        await pilot.pause()
        body = str(app.screen.query_one("#cards-body", Static).render())
        assert "Olivares" in body and "Provenance" in body
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)
        # d: the card drawn last (the opening FRANCO-SPANISH WAR), with its provenance
        await pilot.press("d")
        assert isinstance(app.screen, CardsScreen)
        body = str(app.screen.query_one("#cards-body", Static).render())
        assert body.startswith("Franco-Spanish War")
        assert "The first FRANCO-SPANISH WAR card" in body  # its own note: that very card
        assert "Provenance" in body
        await pilot.press("escape")

    run(app, script)


def test_title_continues_the_last_autosave_and_loads_a_save(tmp_path: Path) -> None:
    from planet_king import saves
    from planet_king.tui.screens.modals import LoadScreen

    game = Game("hothead", seed=3, content=load_content())
    game.choose(game.decision.legal_ids[0])  # type: ignore[union-attr]
    assert saves.autosave(game, saves_dir=tmp_path) is None
    app = PlanetKingApp(seed=1, saves_dir=tmp_path)

    async def script(app: PlanetKingApp, pilot: Pilot[Any]) -> None:
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.game is not None and app.game.choices == game.choices

    run(app, script, (80, 24))

    app = PlanetKingApp(seed=1, saves_dir=tmp_path)

    async def load(app: PlanetKingApp, pilot: Pilot[Any]) -> None:
        await pilot.press("o")
        assert isinstance(app.screen, LoadScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.game is not None and app.game.choices == game.choices

    run(app, load, (80, 24))


def test_no_color_is_respected(monkeypatch: Any) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    assert PlanetKingApp(seed=1).no_color


@pytest.mark.slow
def test_save_undo_policy_learning_mode_and_quit(tmp_path: Path) -> None:
    """s saves (under the name offered); u does not re-roll fate (a card was drawn after
    the 4th choice) except in learning mode; the game is autosaved after every choice;
    q (confirmed) leaves with exit code 0."""

    for learning in (False, True):
        folder = tmp_path / str(learning)
        app = PlanetKingApp(
            Game("hothead", seed=3, content=load_content()), saves_dir=folder, learning=learning
        )

        async def script(app: PlanetKingApp, pilot: Pilot[Any]) -> None:
            await pilot.press("1", "1", "1", "1")
            assert app.game is not None and len(app.game.choices) == 4
            await pilot.press("s", "enter", "u")  # s asks a name: the default is taken
            await pilot.pause()
            messages = " ".join(n.message for n in app._notifications)
            assert "Saved to" in messages
            if app.learning:
                assert len(app.game.choices) == 3 and app.game.learning
                assert app.screen.game is app.game  # type: ignore[attr-defined]
            else:
                assert len(app.game.choices) == 4 and "Cannot undo" in messages
            await pilot.press("q", "y")  # mid-game, q asks first

        run(app, script, (80, 24))
        assert app.return_code == 0 and app.exit_message == "Game autosaved."
        names = [p.name for p in folder.iterdir()]
        assert any(n.startswith("autosave") for n in names)
        assert any(n.startswith("hothead-seed3") for n in names)  # the save of s


def test_two_quick_enters_drop_the_selection_left_over_from_the_decision_before(
    tmp_path: Path,
) -> None:
    """Two Enters pressed faster than the screen answers: both select on the list of the
    first decision. The second selection names an option of a decision already answered;
    the screen drops it (as the tutorial does) instead of failing on an illegal choice or
    taking a stale option where the game now asks something else."""
    app = PlanetKingApp(Game("anni-mirabiles", seed=1, content=load_content()), saves_dir=tmp_path)

    async def script(app: PlanetKingApp, pilot: Pilot[Any]) -> None:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        game = screen.game
        first = game.decision
        assert first is not None
        options = screen.query_one("#options", OptionList)
        chosen = options.get_option_at_index(options.highlighted or 0).id
        # both Enters reach the list before the screen handles the first selection
        options.action_select()
        options.action_select()
        # both bubble from the list to the screen: the pause settles (conftest.py) only
        # once both are handled, however loaded the machine
        await pilot.pause()
        assert game.choices == [chosen]
        assert game.decision is not first and chosen not in game.decision.legal_ids
        assert isinstance(app.screen, GameScreen)

    run(app, script)


def test_a_left_over_selection_is_dropped_even_when_its_option_is_legal_again(
    tmp_path: Path,
) -> None:
    """The same id can be legal at the next decision ("done" for the troops of a new
    front, then "done" for the next ACTION card): a second quick Enter must not answer a
    decision the player has not seen."""
    from planet_king.engine.stack_files import load

    game = Game(
        "anni-mirabiles",
        seed=1,
        options=GameOptions(stack="first-game-turn"),
        content=load_content(),
    )
    script = list(load(game.content, "first-game-turn").script)
    for choice in script[: script.index("done")]:
        game.choose(choice)
    # the plain game screen (opened on this game, the app would guide it as the tutorial)
    app = PlanetKingApp(saves_dir=tmp_path, content=game.content)

    async def script_(app: PlanetKingApp, pilot: Pilot[Any]) -> None:
        app.game = game
        screen = GameScreen(game)
        await app.push_screen(screen)
        await pilot.pause()
        assert app.screen is screen
        options = screen.query_one("#options", OptionList)
        options.highlighted = [o.id for o in game.decision.options].index("done")
        taken = len(game.choices)
        options.action_select()
        options.action_select()
        # both bubble from the list to the screen: the pause settles (conftest.py) only
        # once both are handled, however loaded the machine
        await pilot.pause()
        assert game.choices[taken:] == ["done"]
        assert "done" in game.decision.legal_ids  # TOTAL WAR played; an ACTION card asks

    run(app, script_)
