"""The Review tab of the game-over screen (issue 30): v opens the reign review."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Static
from tui_settle import press, settle

from planet_king.content.loader import load_content
from planet_king.engine.game import Game
from planet_king.tui.app import PlanetKingApp
from planet_king.tui.screens.gameover import GameOverScreen
from planet_king.tui.screens.review import ReviewScreen


def test_v_on_the_game_over_screen_shows_the_reign_review_and_the_chronicle_gains_it(
    tmp_path: Path,
) -> None:
    game = Game("hothead", seed=3, content=load_content())
    while game.decision is not None:
        game.choose(game.decision.legal_ids[0])
    app = PlanetKingApp(game, saves_dir=tmp_path)

    async def main() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            await script(pilot)

    async def script(pilot: Pilot[Any]) -> None:
        assert isinstance(app.screen, GameOverScreen)
        await press(pilot, "v")
        assert isinstance(app.screen, ReviewScreen)
        await app.screen.workers.wait_for_complete()
        await settle(pilot)
        text = str(app.screen.query_one("#reviewtext", Static).render())
        for heading in ("The account", "Decisions", "Luck", "Turning points"):
            assert f"\n{heading}\n" in text
        await press(pilot, "escape")
        assert isinstance(app.screen, GameOverScreen)
        await press(pilot, "x")
        chronicle = (tmp_path / "chronicle-hothead-3.md").read_text(encoding="utf-8")
        assert chronicle.startswith("# The Planet King — Hothead (seed 3)")
        assert "## The account" in chronicle and "## Turning points" in chronicle

    asyncio.run(main())
