"""Snapshot tests (pytest-textual-snapshot) of the main screens, at fixed sizes and seeds.

Updating the snapshots (``pytest tests/tui --snapshot-update``) is a reviewed commit of
its own: look at the SVGs in ``tests/tui/__snapshots__`` before accepting them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from planet_king.content.loader import load_content
from planet_king.engine.game import Game
from planet_king.tui.app import PlanetKingApp


def game_app(tmp_path: Path, seed: int = 3) -> PlanetKingApp:
    return PlanetKingApp(Game("hothead", seed=seed, content=load_content()), saves_dir=tmp_path)


def test_title_screen(snap_compare: Any, tmp_path: Path) -> None:
    assert snap_compare(PlanetKingApp(seed=1, saves_dir=tmp_path), terminal_size=(100, 30))


def test_game_screen_80x24(snap_compare: Any, tmp_path: Path) -> None:
    assert snap_compare(game_app(tmp_path), terminal_size=(80, 24))


def test_game_screen_120x40(snap_compare: Any, tmp_path: Path) -> None:
    """Issue 32 (1): the Court and the Log read whole at 120 columns."""
    app = PlanetKingApp(Game("anni-mirabiles", seed=5, content=load_content()), saves_dir=tmp_path)
    assert snap_compare(app, terminal_size=(120, 40), press=["1"] * 8)


def test_game_screen_160x50(snap_compare: Any, tmp_path: Path) -> None:
    assert snap_compare(game_app(tmp_path), terminal_size=(160, 50))


def test_decision_with_dimmed_options(snap_compare: Any, tmp_path: Path) -> None:
    """The royal-action decision: the actions Hothead does not allow are dimmed, with why."""
    app = game_app(tmp_path)

    async def to_royal_actions(pilot: Pilot[Any]) -> None:
        await pilot.press(*["1"] * 6)
        assert app.game is not None and app.game.decision is not None
        assert app.game.decision.prompt == "Choose a royal action"

    assert snap_compare(app, terminal_size=(160, 50), run_before=to_royal_actions)


def test_game_over_screen(snap_compare: Any, tmp_path: Path) -> None:
    """A game played to its end (by the engine, to keep this fast: the Pilot test plays
    one by key presses) opens on the game-over screen."""
    game = Game("hothead", seed=3, content=load_content())
    while game.decision is not None:
        game.choose(game.decision.legal_ids[0])
    assert snap_compare(PlanetKingApp(game, saves_dir=tmp_path), terminal_size=(100, 30))


def advice(*rows: tuple[str, float, float, int, bool]) -> dict[str, Any]:
    """An advisor's answer built by hand: (label, value, its standard error, playouts,
    the bot's own choice and the advisor's pick)."""
    options = [
        {
            "option": label.lower().replace(" ", "-"),
            "label": label,
            "playouts": n,
            "value": value,
            "value_error": se,
            "mean_vp": 100 * (value % 1),
            "standard_error": 0.6,
            "victory_levels": {"historical-outcome": 0.4, "defeat": 0.6},
            "automatic_defeat": 0.1,
            "policy_choice": bot,
            "recommended": bot,
        }
        for label, value, se, n, bot in rows
    ]
    pick = next(o["option"] for o in options if o["recommended"])
    return {"options": options, "playouts": 120, "elapsed_s": 3.2, "recommended": pick}


def pane_app(
    tmp_path: Path, reply: dict[str, Any], *, final: bool = True
) -> tuple[PlanetKingApp, Any]:
    from planet_king.tui.screens.modals import HintScreen

    app = game_app(tmp_path)

    async def open_pane(pilot: Pilot[Any]) -> None:
        pane = HintScreen("Choose a royal action")
        await app.push_screen(pane)
        pane.show(reply, final=final)
        await pilot.pause()

    return app, open_pane


def test_analysis_pane_two_options_too_close_to_call(snap_compare: Any, tmp_path: Path) -> None:
    """Issue 29 (3): two options within the noise are grouped, and nothing is starred."""
    app, run_before = pane_app(
        tmp_path,
        advice(
            ("Build a Fleet", 2.72, 0.08, 40, False),
            ("Conduct a Military Campaign", 2.65, 0.08, 40, True),
            ("Raise Taxes", 1.48, 0.09, 40, False),
        ),
    )
    assert snap_compare(app, terminal_size=(120, 40), run_before=run_before)


def test_analysis_pane_pick_below_the_highest_value(snap_compare: Any, tmp_path: Path) -> None:
    """Issue 29 (3): the bot's choice shows the lower mean; the pane says why in words."""
    app, run_before = pane_app(
        tmp_path,
        advice(
            ("Build a Fleet", 2.68, 0.30, 25, False),
            ("Conduct a Military Campaign", 2.31, 0.30, 25, True),
        ),
    )
    assert snap_compare(app, terminal_size=(120, 40), run_before=run_before)


def test_analysis_pane_opens_on_the_evaluator_s_guess(snap_compare: Any, tmp_path: Path) -> None:
    """Issue 29 (3): the pane first shows the learned evaluator's answer, as a guess
    (~ values, ranked, no star, shares or recommendation) while the playouts start."""
    reply = advice(
        ("Build a Fleet", 2.72, 0.0, 8, False),
        ("Conduct a Military Campaign", 2.65, 0.0, 8, True),
        ("Raise Taxes", 1.48, 0.0, 8, False),
    )
    app, run_before = pane_app(tmp_path, {**reply, "source": "evaluator", "fates": 8}, final=False)
    assert snap_compare(app, terminal_size=(120, 40), run_before=run_before)


def fleet_move(tmp_path: Path) -> PlanetKingApp:
    """Anni Mirabiles (seed 4, random play) at "Move the fleet to?": 12 places and Back."""
    import random

    game = Game("anni-mirabiles", seed=4, content=load_content())
    r = random.Random(4)
    while game.decision is not None and game.decision.prompt != "Move the fleet to?":
        game.choose(r.choice(game.decision.legal_ids))
    assert game.decision is not None and game.decision.back is not None
    return PlanetKingApp(game, saves_dir=tmp_path)


def test_a_long_decision_at_80x24(snap_compare: Any, tmp_path: Path) -> None:
    """Issue 32: every line of the forecast down to the VP stays above a decision of
    thirteen options, and the box's border names the options below and their keys."""
    assert snap_compare(fleet_move(tmp_path), terminal_size=(80, 24))


def test_a_long_decision_at_120x40(snap_compare: Any, tmp_path: Path) -> None:
    """Issue 32: Back, below the list's edge, is named on the box's border."""
    assert snap_compare(fleet_move(tmp_path), terminal_size=(120, 40))
