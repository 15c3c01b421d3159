"""The end-of-turn breakdown and the co-operative hand-over, on Iupiter Hispano (one
turn with an End of Turn phase). The game is brought near the moment by the engine, the
last choices are key presses; snapshots of both screens."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from planet_king.content.loader import load_content
from planet_king.engine.game import Game, GameOptions
from planet_king.tui.app import PlanetKingApp
from planet_king.tui.screens.gameover import GameOverScreen
from planet_king.tui.screens.modals import EndOfTurnScreen, HandOverScreen

COOP = GameOptions(coop=True)


def first_legal_choices(options: GameOptions | None = None) -> list[tuple[str, str]]:
    """(choice, role) of every decision of Iupiter Hispano, seed 3, first legal option."""
    game = Game("iupiter-hispano", seed=3, options=options, content=load_content())
    out = []
    while game.decision is not None:
        out.append((game.decision.legal_ids[0], game.decision.role.value))
        game.choose(game.decision.legal_ids[0])
    return out


def game_after(n: int, options: GameOptions | None = None) -> Game:
    game = Game("iupiter-hispano", seed=3, options=options, content=load_content())
    for _ in range(n):
        assert game.decision is not None
        game.choose(game.decision.legal_ids[0])
    return game


def key_of_first_allowed(game: Game) -> str:
    assert game.decision is not None
    index = next(i for i, o in enumerate(game.decision.options) if o.allowed)
    return str(index + 1) if index < 9 else "enter"


def last_choice_app(tmp_path: Path) -> PlanetKingApp:
    total = len(first_legal_choices())
    return PlanetKingApp(game_after(total - 1), saves_dir=tmp_path)


def handover_app(tmp_path: Path) -> tuple[PlanetKingApp, str]:
    choices = first_legal_choices(COOP)
    i = next(k for k in range(1, len(choices)) if choices[k][1] != choices[k - 1][1])
    return PlanetKingApp(game_after(i - 1, COOP), saves_dir=tmp_path), choices[i][1]


def test_the_end_of_turn_breakdown_follows_the_last_choice(
    snap_compare: Any, tmp_path: Path
) -> None:
    """End of Turn Phase: every line of the phase, by section, over the game-over screen."""
    app = last_choice_app(tmp_path)

    async def last(pilot: Pilot[Any]) -> None:
        assert app.game is not None
        await pilot.press(key_of_first_allowed(app.game))
        await pilot.pause()
        assert isinstance(app.screen, EndOfTurnScreen)
        sections = {e.rule.split(" / ", 1)[-1] for e in app.screen.entries}
        assert "Income" in sections and "Clean-up" in sections
        assert isinstance(app.screen_stack[-2], GameOverScreen)

    assert snap_compare(app, terminal_size=(100, 30), run_before=last)


def test_co_op_hands_the_keyboard_over_when_the_role_changes(
    snap_compare: Any, tmp_path: Path
) -> None:
    """Cooperative Game: a hand-over screen whenever the deciding role changes."""
    app, role = handover_app(tmp_path)

    async def hand_over(pilot: Pilot[Any]) -> None:
        assert app.game is not None
        await pilot.press(key_of_first_allowed(app.game))
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen) and app.screen.role == role
        assert app.game.decision is not None and app.game.decision.role.value == role

    assert snap_compare(app, terminal_size=(100, 30), run_before=hand_over)


@pytest.mark.slow
def test_a_whole_turn_of_the_planet_king_by_key_presses(tmp_path: Path) -> None:
    """The Planet King, turn 1 (Organisation, Events, End of Turn phases) at the keyboard:
    the first allowed option each time, the breakdown at the end, then turn 2 begins."""
    app = PlanetKingApp(Game("the-planet-king", seed=7, content=load_content()), saves_dir=tmp_path)

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            presses = 0
            while not isinstance(app.screen, EndOfTurnScreen):
                assert app.game is not None and app.game.state.turn == 1
                assert presses < 120, "turn 1 did not end"
                await pilot.press(key_of_first_allowed(app.game))
                presses += 1
            assert app.screen.turn == 1
            await pilot.press("enter")
            assert app.game is not None and app.game.state.turn == 2
            assert app.game.decision is not None

    asyncio.run(main())
