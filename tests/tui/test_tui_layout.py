"""Issue 32 (1): at 120x40 every office, holder and log line of the current turn reads
whole, and at 80x24 the header keeps the turn, the phase, the Treasury and the VP."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.geometry import Region
from textual.style import Style
from textual.widgets import OptionList, Static

from planet_king import present
from planet_king.bots import make_bot
from planet_king.content.loader import load_content
from planet_king.engine.game import Game
from planet_king.engine.rules.court import OFFICE_NAMES
from planet_king.tui.app import PlanetKingApp
from planet_king.tui.screens.game import GameScreen
from planet_king.tui.views import _short_war, phase_name


def _lines(widget: Static) -> list[str]:
    """Every line a panel's content draws, scrolled into view or not."""
    width, height = widget.size
    return [strip.text.rstrip() for strip in widget.render_lines(Region(0, 0, width, height))]


def _check_court(screen: GameScreen, game: Game) -> None:
    lines = _lines(screen.query_one("#court", Static))
    assert not any("…" in line for line in lines), lines
    held = [(OFFICE_NAMES[office], nid) for office, nid in game.state.offices.items()]
    held += [(_short_war(game, w), ws.leader) for w, ws in game.state.wars.items() if ws.active]
    for place, holder in held:
        assert any(line.strip() == place for line in lines), (place, lines)
        if holder is not None:
            name = present.short_name(game, holder)
            assert any(line.strip().startswith(name) for line in lines), (name, lines)


def _check_log(screen: GameScreen, game: Game) -> None:
    """Each entry of the current turn, drawn at the list's width, holds all its words in
    order and no ellipsis: it wraps, it is never cut."""
    log = screen.query_one("#log", OptionList)
    for index, entry in enumerate(game.log_entries):
        if entry.turn != game.state.turn or index >= log.option_count:
            continue
        option = log.get_option_at_index(index)
        drawn = [strip.text for strip in log._get_option_render(option, Style())]
        assert not any("…" in line for line in drawn), drawn
        assert " ".join(drawn).split() == f"T{entry.turn} {entry.text}".split(), drawn


@pytest.mark.slow
def test_a_whole_anni_mirabiles_at_120x40_cuts_no_office_holder_or_log_line(
    tmp_path: Path,
) -> None:
    asyncio.run(_play_and_check(tmp_path))


async def _play_and_check(tmp_path: Path) -> None:
    """The expert plays; the screen is drawn and read at the first decision of each phase
    of each turn (drawing every decision would only make the test slow)."""
    game = Game("anni-mirabiles", seed=12, content=load_content())
    bot = make_bot("expert", 12)
    app = PlanetKingApp(game, saves_dir=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.has_class("-wide")
        seen: set[tuple[int, str]] = set()
        while game.decision is not None:
            phase = (game.state.turn, game.state.phase)
            if phase[1] != "setup" and phase not in seen:
                seen.add(phase)
                screen.refresh_view()
                await pilot.pause()
                _check_court(screen, game)
                _check_log(screen, game)
            game.choose(bot.choose(game))
        assert len(seen) >= 8


def test_the_header_at_80x24_keeps_turn_phase_treasury_and_vp(tmp_path: Path) -> None:
    asyncio.run(_check_header(tmp_path))


async def _check_header(tmp_path: Path) -> None:
    game = Game("anni-mirabiles", seed=12, content=load_content())
    app = PlanetKingApp(game, saves_dir=tmp_path)
    async with app.run_test(size=(80, 24)):
        bar = str(app.screen.query_one("#topbar", Static).render())
        s = game.state
        for part in (f"Turn {s.turn}", phase_name(game), f"Treasury {s.treasury}/12", "VP 0"):
            assert part in bar, (part, bar)
        assert len(bar) <= 80
