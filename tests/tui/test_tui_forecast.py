"""The forecast on screen (issue 14, part 1): the Council of State shows where the End
of Turn is heading at every decision, a choice that certainly brings an automatic defeat
is marked and asks for confirmation, and the game-over headline names the cause."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from planet_king.content.loader import load_content
from planet_king.engine import forecast as fc
from planet_king.engine.game import Game
from planet_king.tui import views
from planet_king.tui.app import PlanetKingApp
from planet_king.tui.screens.gameover import GameOverScreen
from planet_king.tui.screens.modals import ConfirmScreen

# The Planet King, seed 1: at this decision sending Fernández de Córdoba to England
# certainly brings an automatic defeat (prestige), sending nobody does not.
WARNED = [
    "noble:alvarez-de-toledo", "noble:diego-carrillo", "noble:gomez-suarez",
    "mistress:maria-calderon", "type:simple", "action:simple:asiento", "done", "keep",
    "type:simple", "action:simple:move", "from:flanders", "done", "type:royal",
    "action:royal:sale-of-privileges", "noble:gaspar-de-bracamonte", "done", "nun:explore",
    "done", "done", "type:government", "action:government:raise-nations", "to:flanders",
    "type:royal", "action:royal:nominate-genius", "keep", "type:political",
    "action:political:appoint-noble", "place:army:palatinate", "court", "keep",
]  # fmt: skip


def run(app: PlanetKingApp, script: Any, size: tuple[int, int] = (120, 40)) -> None:
    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await script(app, pilot)

    asyncio.run(main())


def test_the_council_shows_the_forecast_with_its_dangers() -> None:
    """End of Turn Phase / Determining Enlightenment, Prestige, King's Happiness and VP:
    the three scores with their table rows, the Treasury and the VP, as the forecast
    counts them (the first decision of The Planet King: all three at a defeat)."""
    g = Game("the-planet-king", seed=1, content=load_content())
    f = fc.forecast(g)
    council = "\n".join(views.council(g).key)
    assert "If the turn ended now" in council
    for s in f.scores:
        assert f"{s.name.capitalize():<13} {s.points:>3}  AUTOMATIC DEFEAT" in council
    assert f"Treasury {f.treasury.now} - {f.treasury.upkeep_total} upkeep" in council
    assert f"-> {f.treasury.end}/12" in council
    assert "Major 20+ · Historical 15+ · Defeat 11+ · 7 turns left" in council


def test_hothead_shows_its_goal_instead_of_scores() -> None:
    g = Game("hothead", seed=3, content=load_content())
    council = "\n".join(views.council(g).key)
    assert "Goal: Italian War" in council and "Enlightenment" not in council


def test_a_certain_defeat_is_marked_and_asks_before_it_is_taken(tmp_path: Path) -> None:
    """Victory / Automatic Defeat: the option is marked in its label; taking it asks;
    "no" changes nothing, "yes" takes it."""
    game = Game.replay("the-planet-king", WARNED, seed=1, content=load_content())
    warned = fc.defeat_warnings(game)
    assert list(warned) == ["noble:gonzalo-fernandez-de-cordoba"]
    app = PlanetKingApp(game, saves_dir=tmp_path)

    async def script(app: PlanetKingApp, pilot: Pilot[Any]) -> None:
        options = app.screen.query_one("#options", OptionList)
        label = str(options.get_option_at_index(0).prompt)
        assert "⚠ automatic defeat at this End of Turn: prestige fell to 1 or less" in label
        assert "⚠" not in str(options.get_option_at_index(1).prompt)
        await pilot.press("1")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("enter")  # Enter answers no to a grave choice
        assert app.game is not None and len(app.game.choices) == len(WARNED)
        await pilot.press("1")
        await pilot.press("y")
        await pilot.pause()
        assert app.game.choices[len(WARNED)] == "noble:gonzalo-fernandez-de-cordoba"

    run(app, script)


def test_the_game_over_headline_names_the_automatic_defeat(tmp_path: Path) -> None:
    g = Game("the-planet-king", seed=1, content=load_content())
    r = random.Random(1)
    while g.decision is not None:
        g.choose(r.choice(g.decision.legal_ids))
    assert g.state.defeat_cause
    app = PlanetKingApp(g, saves_dir=tmp_path)

    async def script(app: PlanetKingApp, pilot: Pilot[Any]) -> None:
        assert isinstance(app.screen, GameOverScreen)
        head = str(app.screen.query_one("#overhead", Static).render())
        assert head.splitlines()[0] == f"Automatic defeat: {g.state.defeat_cause}"

    run(app, script)


def test_the_game_over_screen_says_the_defeat_against_the_levels_and_where_the_vp_went(
    tmp_path: Path,
) -> None:
    """Issue 32, item 6: an automatic defeat is said against the victory levels (ruling
    R45), the VP chart ends at the final VP, and "Where the VP went" stands beside
    "Where the ducats went"."""
    g = Game("the-planet-king", seed=1, content=load_content())
    r = random.Random(1)
    while g.decision is not None:
        g.choose(r.choice(g.decision.legal_ids))
    app = PlanetKingApp(g, saves_dir=tmp_path)

    async def script(app: PlanetKingApp, pilot: Pilot[Any]) -> None:
        assert isinstance(app.screen, GameOverScreen)
        head = str(app.screen.query_one("#overhead", Static).render())
        assert "a loss whatever the VP, below every victory level" in head
        texts = [str(w.render()) for w in app.screen.query(Static)]
        assert "Where the VP went" in "\n".join(texts)
        assert "Where the ducats went" in "\n".join(texts)
        chart = str(views.vp_chart(g)).splitlines()
        assert chart[-1].split("VP")[0].split()[-1] == str(g.state.vp)

    run(app, script)
