"""Issue 34 in the full-screen game: toasts in plain text (4), named saves never
replaced silently (5), a choice saved however the app closes (8).

Issue 34, 4: text from a file or a path reaches the screen as plain text, never as
Textual markup. A save whose scenario is ``[/]`` crashed the game from the load list,
a saves folder named ``saves[/]`` crashed ``s``, and a scenario of
``[@click=app.screenshot(...)]`` made a toast that wrote a file when clicked. One test
for each place a toast carries such text; each checks the toast as drawn."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from textual.widgets._toast import Toast

from planet_king import saves
from planet_king.content.loader import load_content
from planet_king.engine.game import Game
from planet_king.tui.app import PlanetKingApp
from planet_king.tui.screens.game import GameScreen
from planet_king.tui.screens.gameover import GameOverScreen

CLICK = "[@click=app.screenshot('victim.txt','DIR')]CLICK[/]"


def run(app: PlanetKingApp, script: Any) -> None:
    async def main() -> None:
        async with app.run_test(size=(200, 50)) as pilot:
            await pilot.pause()
            await script(app, pilot)

    asyncio.run(main())


async def toasts(app: PlanetKingApp, pilot: Any) -> str:
    """The text of every toast notified, as its Toast draws it (markup would be parsed
    there: ``[/]`` raises, ``[@click=...]CLICK[/]`` draws "CLICK" and runs on a click)."""
    await pilot.pause()
    return " ".join(str(Toast(n).render()) for n in app._notifications)


def advance(game: Game, n: int) -> Game:
    while game.decision is not None and len(game.choices) < n:
        game.choose(game.decision.legal_ids[0])
    return game


def test_a_save_whose_scenario_is_markup_is_refused_in_plain_words(tmp_path: Path) -> None:
    good = saves.save_game(
        advance(Game("hothead", seed=3, content=load_content()), 2), "good", saves_dir=tmp_path
    )
    for n, scenario in enumerate(["[/]", CLICK]):
        doc = json.loads(good.read_text())
        doc["scenario"] = scenario
        bad = tmp_path / f"bad{n}.json"
        bad.write_text(json.dumps(doc))
        app = PlanetKingApp(seed=1, saves_dir=tmp_path)

        async def script(app: PlanetKingApp, pilot: Any, bad: Path = bad) -> None:
            app.open_save(bad)
            shown = await toasts(app, pilot)
            assert "Cannot load" in shown, shown

        run(app, script)
        assert not (tmp_path / "victim.txt").exists()


def test_a_loaded_save_is_named_in_plain_words(tmp_path: Path) -> None:
    path = saves.save_game(
        advance(Game("hothead", seed=3, content=load_content()), 2), "x", saves_dir=tmp_path
    )
    odd = path.rename(tmp_path / "[red]reign.json")
    app = PlanetKingApp(seed=1, saves_dir=tmp_path)

    async def script(app: PlanetKingApp, pilot: Any) -> None:
        app.open_save(odd)
        assert "Loaded [red]reign.json" in await toasts(app, pilot)

    run(app, script)


def test_saving_into_a_folder_named_with_markup_says_where_in_plain_words(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "saves[/]"
    app = PlanetKingApp(
        advance(Game("hothead", seed=3, content=load_content()), 2), saves_dir=folder
    )

    async def script(app: PlanetKingApp, pilot: Any) -> None:
        await pilot.press("s", "enter")  # the name offered
        shown = await toasts(app, pilot)
        assert "Saved to" in shown and "saves[/]" in shown, shown

    run(app, script)
    assert list(folder.glob("hothead-seed3-*.json"))


def test_a_failed_save_into_a_folder_named_with_markup_says_why_in_plain_words(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "saves[/]"
    folder.parent.mkdir()
    folder.write_text("")  # a file where the folder should be
    app = PlanetKingApp(
        advance(Game("hothead", seed=3, content=load_content()), 2), saves_dir=folder
    )

    async def script(app: PlanetKingApp, pilot: Any) -> None:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen._save_as("evening")
        shown = await toasts(app, pilot)
        assert "Could not save" in shown and "saves[/]" in shown, shown

    run(app, script)


def test_a_failed_autosave_into_a_folder_named_with_markup_warns_in_plain_words(
    tmp_path: Path,
) -> None:
    folder = tmp_path / CLICK.replace("/", "|")  # a folder name has no slash
    folder.write_text("")
    app = PlanetKingApp(Game("hothead", seed=3, content=load_content()), saves_dir=folder)

    async def script(app: PlanetKingApp, pilot: Any) -> None:
        await pilot.press("1")  # a choice: autosaved, which fails
        shown = await toasts(app, pilot)
        assert "autosave failed" in shown and "[@click=" in shown, shown

    run(app, script)


def test_the_chronicle_written_into_a_folder_named_with_markup_says_where_plainly(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "[red]saves"
    game = advance(Game("hothead", seed=4, content=load_content()), 10_000)
    app = PlanetKingApp(game, saves_dir=folder)

    async def script(app: PlanetKingApp, pilot: Any) -> None:
        app.push_screen(GameOverScreen(game))
        await pilot.pause()
        app.screen.action_export()  # type: ignore[attr-defined]
        shown = await toasts(app, pilot)
        assert "Chronicle written to" in shown and "[red]saves" in shown, shown

    run(app, script)


def test_a_tutorial_that_cannot_start_says_why_in_plain_words(tmp_path: Path, monkeypatch) -> None:
    from planet_king import tutorial

    def broken(*args: Any) -> Any:
        raise ValueError(f"data/tutorial[/]/first-turn.yaml: {CLICK}")

    monkeypatch.setattr(tutorial, "load", broken)
    app = PlanetKingApp(seed=1, saves_dir=tmp_path)

    async def script(app: PlanetKingApp, pilot: Any) -> None:
        app.start_tutorial()
        shown = await toasts(app, pilot)
        assert "The tutorial cannot start" in shown and "tutorial[/]" in shown, shown

    run(app, script)


def test_s_never_replaces_a_named_save_silently(tmp_path: Path) -> None:
    """Issue 34, 5, in the full-screen game: a name taken is refused, saying how to
    replace it; the name with a ``!`` replaces it."""
    from textual.widgets import Input

    first = saves.save_game(
        advance(Game("hothead", seed=3, content=load_content()), 4), "my-reign", saves_dir=tmp_path
    )
    kept = first.read_text()
    app = PlanetKingApp(Game("hothead", seed=4, content=load_content()), saves_dir=tmp_path)

    async def script(app: PlanetKingApp, pilot: Any) -> None:
        for name in ("my-reign", "my-reign!"):
            await pilot.press("s")
            await pilot.pause()
            app.screen.query_one(Input).value = name
            await pilot.press("enter")
            shown = await toasts(app, pilot)
            if name == "my-reign":
                assert "exists already" in shown and "save as 'my-reign!'" in shown, shown
                assert first.read_text() == kept

    run(app, script)
    assert '"seed": 4' in first.read_text()


def test_a_choice_followed_at_once_by_the_apps_exit_is_autosaved(tmp_path: Path) -> None:
    """Issue 34, 8: a browser tab closed ~200 ms after a choice lost it (the autosave
    waited for the next frame, the exit did not). The app saves as it closes."""
    app = PlanetKingApp(Game("hothead", seed=3, content=load_content()), saves_dir=tmp_path)

    async def script(app: PlanetKingApp, pilot: Any) -> None:
        screen = app.screen
        assert isinstance(screen, GameScreen) and app.game is not None
        assert app.game.decision is not None
        screen._take(app.game.decision.legal_ids[0])
        app.exit(0)  # as a closed tab's quit does: no frame in between

    run(app, script)
    newest = saves.latest_autosave(tmp_path)
    assert newest is not None and len(saves.read_save(newest).choices) == 1
