"""Captures of the full-screen interface, as SVG, for issue notes and reviews.

    python scripts/tui_capture.py [--out docs/captures] [--sizes 80x24,120x40]

Drives the Textual app headless (``App.run_test`` and its Pilot) and saves, at each
size, four screens: a decision (a sub-menu: "Nominate NOBLE to?", with the ratings and
Back), the Court and the Log of a game in its third turn, and the tutorial's last page.
Each key press waits until the app has nothing pending (``tests/tui/tui_settle.py``),
never for a fixed time, so the captures are the same on a loaded machine. The games are
seeded: run twice, the script draws the same screens (but for Textual's version).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import shutil
import sys
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE / "tests" / "tui"))

import tui_settle  # noqa: E402  (the tests' waiting, shared rather than copied)
from textual.pilot import Pilot  # noqa: E402

from planet_king import tutorial  # noqa: E402
from planet_king.bots import make_bot  # noqa: E402
from planet_king.content.loader import Content, load_content  # noqa: E402
from planet_king.engine.decisions import DecisionKind  # noqa: E402
from planet_king.engine.game import Game  # noqa: E402
from planet_king.tui.app import PlanetKingApp  # noqa: E402

Steps = Callable[[PlanetKingApp, Pilot[Any]], Awaitable[None]]
SCENARIO = "anni-mirabiles"


def sub_menu_game(content: Content) -> Game:
    """A game at "Nominate NOBLE to?": random play (seeded) that takes the Nominate Noble
    action whenever it can, stopped at the first choice of office with a choice of
    noble before it."""
    wanted = "action:political:nominate-noble"
    for seed in range(60):
        g = Game(SCENARIO, seed=seed, content=content)
        r = random.Random(seed)
        chose_noble = False
        while g.decision is not None:
            d = g.decision
            if d.kind is DecisionKind.PLACE_NOBLE and chose_noble and d.back is not None:
                return g
            chose_noble = d.kind is DecisionKind.NOMINATE_NOBLE
            g.choose(wanted if wanted in d.legal_ids else r.choice(d.legal_ids))
    raise SystemExit("no Nominate Noble with a choice of noble in 60 games")


def third_turn_game(content: Content) -> Game:
    """The expert's game (seed 2) at its first decision of turn 3: a Court filled and a
    log of two turns."""
    g = Game(SCENARIO, seed=2, content=content)
    bot = make_bot("expert", 2)
    while g.decision is not None and g.state.turn < 3:
        g.choose(bot.choose(g))
    if g.decision is None:
        raise SystemExit("the expert's game ended before turn 3")
    return g


def tutorial_before_last(content: Content) -> tuple[Game, int]:
    """The tutorial's game before its last step, with the number of closing pages."""
    tut = tutorial.load(content)
    g = tutorial.new_game(tut, content)
    for step in tut.steps[:-1]:
        g.choose(step.choice)
    return g, len(tut.outro)


async def press(pilot: Pilot[Any], *keys: str) -> None:
    await tui_settle.press(pilot, *keys)


async def to_back(app: PlanetKingApp, pilot: Pilot[Any]) -> None:
    await press(pilot, "end")  # the list's last option, Back, highlighted and in view
    await pilot.wait_for_scheduled_animations()  # the list scrolls to it


def panel(tab_presses: int) -> Steps:
    """At a width where panels are switched, ``]`` this many times (the Council first)."""

    async def steps(app: PlanetKingApp, pilot: Pilot[Any]) -> None:
        if app.screen.has_class("-narrow"):
            await press(pilot, *["right_square_bracket"] * tab_presses)

    return steps


async def log(app: PlanetKingApp, pilot: Pilot[Any]) -> None:
    await press(pilot, "l")  # the Log, focused on its newest line (its rule below it)


def last_tutorial_page(pages: int) -> Steps:
    async def steps(app: PlanetKingApp, pilot: Pilot[Any]) -> None:
        # the last step's page, then its choice: the closing pages, first on top
        await press(pilot, "enter", "enter", *["enter"] * (pages - 1))

    return steps


async def capture(app: PlanetKingApp, size: tuple[int, int], steps: Steps, out: Path) -> Path:
    async with app.run_test(size=size) as pilot:
        await tui_settle.settle(pilot)
        await steps(app, pilot)
        await tui_settle.settle(pilot)
        return Path(app.save_screenshot(path=str(out.parent), filename=out.name))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=HERE / "docs" / "captures")
    ap.add_argument("--sizes", default="80x24,120x40", help="WIDTHxHEIGHT, comma-separated")
    args = ap.parse_args(argv)
    try:
        sizes = [(int(w), int(h)) for w, h in (s.split("x") for s in args.sizes.split(",") if s)]
    except ValueError:
        print(f"tui_capture: --sizes wants WIDTHxHEIGHT,... (got '{args.sizes}')", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    content = load_content()
    saves = Path(tempfile.mkdtemp(prefix="tui-capture-"))  # autosaves: not the player's
    pages = len(tutorial.load(content).outro)
    scenes: list[tuple[str, Callable[[], Game], Steps]] = [
        ("decision", lambda: sub_menu_game(content), to_back),
        ("court", lambda: third_turn_game(content), panel(2)),
        ("log", lambda: third_turn_game(content), log),
        ("tutorial-last-page", lambda: tutorial_before_last(content)[0], last_tutorial_page(pages)),
    ]
    for w, h in sizes:
        for name, game, steps in scenes:
            app = PlanetKingApp(game(), saves_dir=saves)
            path = asyncio.run(capture(app, (w, h), steps, args.out / f"{name}-{w}x{h}.svg"))
            print(path.relative_to(HERE) if path.is_relative_to(HERE) else path)
    shutil.rmtree(saves, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
