"""The load list and the chronicle export (issue 14 part 4, "Saves live in one place"):
one row per game (its latest autosave) with its turn, VP and whether it is finished;
the chronicle written atomically next to the saves."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual.widgets import OptionList

from planet_king import saves
from planet_king.content.loader import load_content
from planet_king.engine.game import Game
from planet_king.tui.app import PlanetKingApp
from planet_king.tui.screens.gameover import GameOverScreen
from planet_king.tui.screens.modals import LoadScreen


def advance(game: Game, n: int) -> Game:
    while game.decision is not None and len(game.choices) < n:
        game.choose(game.decision.legal_ids[0])
    return game


def run(app: PlanetKingApp, script: Any) -> None:
    async def main() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await script(app, pilot)

    asyncio.run(main())


def test_the_load_list_shows_one_row_per_game(tmp_path: Path) -> None:
    ongoing = Game("hothead", seed=3, content=load_content())
    for k in range(1, 4):
        advance(ongoing, k)
        assert saves.autosave(ongoing, saves_dir=tmp_path) is None
    over = advance(Game("hothead", seed=4, content=load_content()), 10_000)
    assert over.decision is None
    assert saves.autosave(over, saves_dir=tmp_path) is None
    saves.save_game(ongoing, "evening", saves_dir=tmp_path)

    infos = saves.list_saves(tmp_path)
    autos = [i for i in infos if i.autosave]
    assert len(autos) == 2 and len(infos) == 3
    latest = next(i for i in autos if i.seed == 3)
    assert latest.choices == 3  # its latest autosave, not an older one
    labels = {i.seed if i.autosave else "named": LoadScreen._label(i).plain for i in infos}
    assert "in progress" in labels[3] and f"turn {ongoing.state.turn}" in labels[3]
    assert f"{ongoing.state.vp} VP" in labels[3]
    assert "finished" in labels[4] and f"{over.state.vp} VP" in labels[4]

    app = PlanetKingApp(seed=1, saves_dir=tmp_path)

    async def script(app: PlanetKingApp, pilot: Any) -> None:
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        assert app.screen.query_one("#saves-list", OptionList).option_count == 3

    run(app, script)


def test_the_chronicle_goes_next_to_the_saves_atomically(tmp_path: Path, monkeypatch) -> None:
    """Not in the current folder, and never through a symlink planted at its name."""
    folder = tmp_path / "saves"
    monkeypatch.setenv("PLANET_KING_SAVES", str(folder))
    monkeypatch.chdir(tmp_path)
    game = advance(Game("hothead", seed=4, content=load_content()), 10_000)
    folder.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    target = folder / f"chronicle-{game.scenario.id}-{game.seed}.md"
    target.symlink_to(victim)
    app = PlanetKingApp(game)  # no --saves-dir: the default saves folder

    async def script(app: PlanetKingApp, pilot: Any) -> None:
        app.push_screen(GameOverScreen(game))
        await pilot.pause()
        app.screen.action_export()  # type: ignore[attr-defined]
        await pilot.pause()

    run(app, script)
    assert victim.read_text() == "precious"
    assert not target.is_symlink() and target.read_text().startswith("# The Planet King")
    assert not list(tmp_path.glob("chronicle-*"))


def test_the_title_refuses_a_seed_that_could_not_be_resumed(tmp_path: Path) -> None:
    """Issue 15 item 3: one range for seeds, on the title screen as at `play`."""
    from textual.widgets import Input

    from planet_king.tui.screens.title import TitleScreen

    app = PlanetKingApp(seed=1, saves_dir=tmp_path)

    async def script(app: PlanetKingApp, pilot: Any) -> None:
        app.screen.query_one("#seed", Input).value = str(2**64)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen) and app.game is None

    run(app, script)
