"""The views behind the panels: cards drawn read from the log, panels that show only
what exists, and the rules reference."""

from __future__ import annotations

import os
import select
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

import pytest

from planet_king import rules_reference as rules_ref
from planet_king.content.loader import load_content
from planet_king.engine.game import Game
from planet_king.tui import views
from planet_king.tui.draws import FORTUNE_RE, DrawTracker


def finished(seed: int = 3) -> Game:
    game = Game("hothead", seed=seed, content=load_content())
    while game.decision is not None:
        game.choose(game.decision.legal_ids[0])
    return game


def test_fortune_test_lines_are_read_with_bird_and_sp_mark() -> None:
    """Events Phase / Overview: a fortune test shows its card, bird and SP-loss mark."""
    m = FORTUNE_RE.match(
        "Fortune test (enemy campaign in War with France, Italian front): "
        "crow, negative, SP-loss symbol (card: Instability)."
    )
    assert m and m["name"] == "Instability" and m["bird"] == "crow" and m["sp"]
    m = FORTUNE_RE.match("Fortune test (the Cortes): eagle, positive (card: Action).")
    assert m and m["result"] == "positive" and not m["sp"]


def test_every_card_drawn_in_a_game_is_tracked_with_its_bird() -> None:
    game = finished()
    draws = DrawTracker(game).draws
    tests = [e for e in game.log_entries if e.text.startswith("Fortune test (")]
    events = [e for e in game.log_entries if e.text.startswith(("Event: ", "Opening: "))]
    assert len(draws) == len(tests) + len(events)
    assert all(d.fortune in ("positive", "neutral", "negative") for d in draws)
    # events are matched to their card ids (several ACTION cards share a name)
    played = sum(game.state.stats.events_played.values())
    assert sum(1 for d in draws if d.kind == "event" and d.card_id) == played


def test_incremental_tracking_names_every_event_card_once() -> None:
    """Followed choice by choice (as the game screen does), every event drawn is matched
    to the card id the engine played, ACTION cards and the Hothead opening included."""
    for seed in (1, 3, 5, 8):
        game = Game("hothead", seed=seed, content=load_content())
        tracker = DrawTracker(game)
        while game.decision is not None:
            game.choose(game.decision.legal_ids[0])
            tracker.update()
        events = [d for d in tracker.draws if d.kind == "event"]
        assert Counter(d.card_id for d in events) == game.state.stats.events_played
        assert all(game.content.events[d.card_id].name == d.name for d in events)


def test_panels_show_hothead_without_ladies_or_indies() -> None:
    game = Game("hothead", seed=3, content=load_content())
    court = "\n".join(views.court(game).key)
    assert "Gaspar de Guzmán" in court and "not used in Hothead" in court
    assert "Queen" not in court
    council = "\n".join(views.council(game).key)
    assert "5/12" in council and "red 3" in council
    wars = "\n".join(views.wars(game).key)
    assert "War with France, Italian front" in wars and "[0]" in wars
    assert "Indies are not used" in "\n".join(views.board_map(game).key)


def test_the_court_shows_children_and_the_heir_when_the_state_has_them() -> None:
    game = Game("hothead", seed=3, content=load_content())
    fake = SimpleNamespace(kind="standard", name="x", years="", first_turn=1, last_turn=1, blurb="")
    game.scenario = fake  # type: ignore[assignment]
    game.state.children = [  # type: ignore[attr-defined]
        SimpleNamespace(id="c1", male=True, legitimate=True, sickly=1),
        SimpleNamespace(id="c2", male=False, legitimate=False, sickly=0),
    ]
    game.state.heir = "c1"  # type: ignore[attr-defined]
    court = "\n".join(views.court(game).key)
    assert "Heir\tson sickly" in court
    assert "Bastards\tdaughter (bastard)" in court


def test_option_labels_say_why_an_option_is_not_allowed() -> None:
    text = views.option_label(1, "Issue", False, "ladies are not used in Hothead")
    assert "not allowed: ladies are not used in Hothead" in text.plain
    assert "dim" in str(text.style)


def test_rules_reference_search_and_lookup() -> None:
    assert rules_ref.find("Wars / Progression of a War").heading == "Wars / Progression of a War"
    found = rules_ref.find("Actions / Royal Actions (Hunt)")
    assert found is not None and found.heading == "Actions / Royal Actions"
    assert rules_ref.find('Scenarios / "Hothead" (Victory conditions)').heading.startswith(
        'Scenarios / "Hothead"'
    )
    assert [s.heading for s in rules_ref.search("crow pigeon")]
    assert rules_ref.search("no such words here") == []


def test_game_over_charts() -> None:
    game = finished()
    assert "Turn  1" in views.vp_chart(game).plain
    ledger = views.ledger_chart(game).plain
    assert ledger and "█" in ledger
    md = views.chronicle_markdown(game)
    assert md.startswith("# The Planet King — Hothead") and "Victory level" in md


def test_memorial_screen_shows_only_what_the_deciding_role_may_see(tmp_path) -> None:
    """Cooperative Game / Secret Memorials: the `m` key shows the deciding role's own
    memorial once read, never the partner's hidden one."""
    import asyncio

    from planet_king.engine.game import GameOptions
    from planet_king.tui.app import PlanetKingApp
    from planet_king.tui.screens.game import GameScreen
    from planet_king.tui.screens.modals import MemorialScreen

    game = Game("anni-mirabiles", seed=2, options=GameOptions(coop=True), content=load_content())
    s = game.state
    s.memorials = {"king": "golden-age", "valido": "reputation"}
    s.memorials_read = ["golden-age", "reputation"]
    app = PlanetKingApp(game, saves_dir=tmp_path)
    seen: dict[str, object] = {}

    async def main() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            for _ in range(5):  # past a hand-over screen, if any
                if isinstance(app.screen, GameScreen):
                    break
                await pilot.press("enter")
                await pilot.pause()
            await pilot.press("m")
            await pilot.pause()
            seen["screen"] = app.screen

    asyncio.run(main())
    screen = seen["screen"]
    assert isinstance(screen, MemorialScreen)
    role = game.decision.role.value
    own, other = ("golden-age", "reputation") if role == "king" else ("reputation", "golden-age")
    assert own in screen.cards and other not in screen.cards


# A bound on the waits of the analysis pane's test, that fails it cleanly instead of
# hanging: never reached but by a broken advisor (the test waits on the pane's events).
HANG_GUARD_S = 600


def _children(pid: int) -> list[int]:
    """The processes ``pid`` started (Linux: read from /proc)."""
    kids = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # it ended meanwhile
        if int(fields[1]) == pid:
            kids.append(int(stat.parent.name))
    return kids


def _wait_for_end(pid: int) -> bool:
    """Waits until process ``pid`` (not a child of ours) has ended, on the kernel's word
    (a pidfd is readable once the process has exited); False if it outlives the guard."""
    try:
        fd = os.pidfd_open(pid)
    except ProcessLookupError:
        return True
    try:
        readable, _, _ = select.select([fd], [], [], HANG_GUARD_S)
        return bool(readable)
    finally:
        os.close(fd)


def test_the_analysis_pane_keeps_thinking_updates_in_place_and_escape_stops_it(
    tmp_path, monkeypatch
) -> None:
    """Issue 29 (3): `h` opens an analysis pane that shows the learned evaluator's answer
    at once, then keeps thinking with playouts and updates in place; Escape stops it: the
    advisor's process and its workers are gone, the game untouched. The test waits on
    the pane's own updates, never for a while."""
    import asyncio

    from planet_king.tui.app import PlanetKingApp
    from planet_king.tui.screens.game import GameScreen
    from planet_king.tui.screens.modals import HintScreen

    game = Game("hothead", seed=3, content=load_content())
    digest = game.state.digest()
    app = PlanetKingApp(game, saves_dir=tmp_path)
    monkeypatch.setattr(GameScreen, "HINT_ROUND", 1)  # an update after each playout an option
    seen: dict[str, object] = {}
    # Each answer as the pane showed it, in order: on a quick machine several arrive
    # before the test looks, so it reads what each update drew, not the screen now.
    recorded: list[str] = []
    real_show = HintScreen.show

    def recording(self: HintScreen, reply: dict[str, object], *, final: bool = False) -> None:
        real_show(self, reply, final=final)
        recorded.append(str(self.table_text()))

    monkeypatch.setattr(HintScreen, "show", recording)

    async def main() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("h")
            pane = app.screen
            assert isinstance(pane, HintScreen)
            # the evaluator's answer, then two rounds of playouts
            updates = await asyncio.wait_for(pane.wait_for_updates(3), HANG_GUARD_S)
            assert updates >= 3 and pane.thinking, "the advisor stopped thinking"
            seen["shown"] = recorded[:3]
            seen["options"] = {o["option"] for o in pane.options}
            screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
            assert pane.advisor is not None and pane.advisor.pid is not None
            seen["pids"] = [pane.advisor.pid, *_children(pane.advisor.pid)]
            await pilot.press("escape")
            seen["after"] = type(app.screen).__name__
            seen["advisor"] = screen._advisor

    asyncio.run(main())
    first, *live = seen["shown"]
    assert "The learned evaluator, at once" in first and "The advisor: " not in first
    assert len(live) == 2 and live[0] != live[1]  # updated in place
    assert all("The advisor: " in t and "playouts" in t for t in live)
    assert all("Value: victory level" in t for t in seen["shown"])
    assert seen["options"] == set(game.decision.legal_ids)
    assert seen["after"] == "GameScreen" and seen["advisor"] is None
    pids = seen["pids"]
    assert len(pids) >= 2  # the advisor and its pool of workers
    assert all(_wait_for_end(pid) for pid in pids)  # Escape ended them all
    assert game.state.digest() == digest


def test_a_failing_advisor_is_a_notice_not_a_crash(tmp_path, monkeypatch) -> None:
    """Standards: bad news is one clear line; the game on screen goes on."""
    import asyncio

    from planet_king.tui.app import PlanetKingApp
    from planet_king.tui.screens.game import GameScreen

    def broken(self, advisor, position: str, seed: int):
        raise RuntimeError("no advisor today")
        yield {}

    monkeypatch.setattr(GameScreen, "_analyse", broken)
    game = Game("hothead", seed=3, content=load_content())
    app = PlanetKingApp(game, saves_dir=tmp_path)
    seen: dict[str, object] = {}

    async def main() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("h")
            await app.workers.wait_for_complete()  # the advisor's thread shows the hint
            await pilot.pause()
            seen["notes"] = [str(n.message) for n in app._notifications]
            seen["screen"] = type(app.screen).__name__
            seen["running"] = app.is_running

    asyncio.run(main())
    assert any("The advisor failed: no advisor today" in n for n in seen["notes"])
    assert seen["screen"] == "GameScreen" and seen["running"]


def _press_m(game: Game, tmp_path) -> object:
    """The screen (or, without one, the notifications) after `m` on the board."""
    import asyncio

    from planet_king.tui.app import PlanetKingApp
    from planet_king.tui.screens.game import GameScreen

    app = PlanetKingApp(game, saves_dir=tmp_path)
    seen: dict[str, object] = {}

    async def main() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            for _ in range(5):  # past a hand-over screen, if any
                if isinstance(app.screen, GameScreen):
                    break
                await pilot.press("enter")
                await pilot.pause()
            await pilot.press("m")
            await pilot.pause()
            seen["screen"] = app.screen
            seen["notes"] = [str(n.message) for n in app._notifications]

    asyncio.run(main())
    return seen


def test_m_never_names_a_turn_the_scenario_does_not_have(tmp_path) -> None:
    """Issue 32, item 7 (Secret Memorial / Cooperative Mode; rulings R59, R87): Iupiter
    Hispano has one turn, so its co-op game has no memorial and `m` says why; Anni
    Horribiles (turns 5-8) reads them on turn 6, not "turn 2"."""
    from planet_king.engine.game import GameOptions
    from planet_king.tui.screens.modals import MemorialScreen

    seen = _press_m(
        Game("iupiter-hispano", seed=2, options=GameOptions(coop=True), content=load_content()),
        tmp_path,
    )
    assert not isinstance(seen["screen"], MemorialScreen)
    note = " ".join(seen["notes"])  # type: ignore[arg-type]
    assert "Iupiter Hispano has one turn" in note and "turn 2" not in note

    seen = _press_m(
        Game("anni-horribiles", seed=2, options=GameOptions(coop=True), content=load_content()),
        tmp_path,
    )
    screen = seen["screen"]
    assert isinstance(screen, MemorialScreen) and not screen.cards
    assert screen.note == "Each player reads his own in the Organisation phase of turn 6."


def test_the_phase_names_its_step_only_in_the_end_of_turn() -> None:
    """Issue 32 (9): "Organisation phase · valido" (a step left over from the End of
    Turn) is never shown; End of Turn Phase / Overview steps are said in words."""
    import random

    g = Game("anni-mirabiles", seed=4, content=load_content())
    r = random.Random(4)
    names = set()
    while g.decision is not None:
        names.add((g.state.phase, views.phase_name(g)))
        g.choose(r.choice(g.decision.legal_ids))
    assert ("organisation", "Organisation phase") in names
    assert all(name == "Organisation phase" for phase, name in names if phase == "organisation")
    assert ("end-of-turn", "End of Turn phase · keep or change the Valido") in names


def test_a_solo_valido_decision_says_who_plays_him() -> None:
    """Issue 32 (9): in a solo game "THE VALIDO decides" says that the player is him too;
    in co-op it does not (the Valido is the other player)."""
    from planet_king.engine.decisions import Role
    from planet_king.engine.game import GameOptions

    for coop in (False, True):
        g = Game("anni-mirabiles", seed=4, options=GameOptions(coop=coop), content=load_content())
        while g.decision is not None and g.decision.role is not Role.VALIDO:
            g.choose(g.decision.legal_ids[0])
        assert g.decision is not None
        said = "you play the Valido as well" in views.decision_header(g).plain
        assert said is not coop


def test_the_court_says_what_its_ratings_mean() -> None:
    """Issue 32 (9): the abbreviations M1 P1 G2 and a "?" rating have a legend."""
    panel = views.court(Game("anni-mirabiles", seed=4, content=load_content()))
    legend = panel.key[-1]
    assert "M military" in legend and "P political" in legend and "G government" in legend
    assert "? a rating not yet fixed" in legend


def test_a_fortune_tests_card_is_never_shown_as_an_event(content) -> None:
    """Events Phase / Overview: a fortune test reads only the bird of the card drawn. In
    the rulebook's example the Queen's Issue turns over THE PLAGUE's card for a crow: the
    Drawn line says it was a test's card, not that the plague struck (issue 32, item 5)."""
    from planet_king import tutorial
    from planet_king.tui.screens.decision_parts import draw_text, drawn_line

    tut = tutorial.load(content)
    game = tutorial.new_game(tut, content)
    for step in tut.steps[:17]:  # up to the Issue of the ACTION card
        game.choose(step.choice)
    draws = DrawTracker(game).draws[-4:]
    assert [d.kind for d in draws] == ["fortune"] * 4
    line = drawn_line(draws).plain
    queen = "test for Issue with Elisabeth of France (Isabel de Borbón): "
    assert line.startswith(queen + "pigeon = (card: Union of Arms), crow - (card: The Plague)")
    assert "  ·  test for Issue with María Inés Calderón, La Calderona: eagle + " in line
    for d in draws:  # the Cards drawn panel too: the reason first, the card after the bird
        assert draw_text(d).plain.startswith(f"test for {d.why}: ")
        assert draw_text(d).plain.endswith(f"(card: {d.name})")
    event = DrawTracker(game).draws[0]
    assert event.kind == "event" and draw_text(event).plain.endswith("  (event)")


def test_the_analysis_pane_groups_what_is_too_close_and_explains_its_pick(tmp_path) -> None:
    """Issue 29 (3), on screen: within the noise no option is starred; a pick that is not
    the highest value is explained in words; the pane shows plain text's very table."""
    import asyncio

    from planet_king.advisor import table as advice_table
    from planet_king.tui.app import PlanetKingApp
    from planet_king.tui.screens.modals import HintScreen

    def row(oid: str, value: float, se: float, bot: bool) -> dict[str, object]:
        return {
            "option": oid,
            "label": f"Do {oid}",
            "playouts": 30,
            "value": value,
            "value_error": se,
            "mean_vp": 4.0,
            "standard_error": 0.5,
            "victory_levels": {"defeat": 1.0},
            "automatic_defeat": 0.0,
            "policy_choice": bot,
            "recommended": bot,
        }

    reply = {
        "options": [row("fleet", 2.7, 0.2, False), row("campaign", 2.4, 0.2, True)],
        "playouts": 60,
        "recommended": "campaign",
    }
    app = PlanetKingApp(Game("hothead", seed=3, content=load_content()), saves_dir=tmp_path)
    seen: dict[str, str] = {}

    async def main() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            pane = HintScreen("A question")
            await app.push_screen(pane)
            pane.show(reply, final=True)
            await pilot.pause()
            seen["text"] = str(pane.query_one("#advice-table").render())

    asyncio.run(main())
    text = seen["text"]
    assert "Too close to call (2 options):" in text
    assert not any(line.startswith("* ") for line in text.splitlines())
    assert "sides with the bot's own choice, Do campaign" in text
    assert advice_table.build(reply).text() in text  # the same table as plain text's


@pytest.mark.parametrize("width", [80, 120])
def test_the_top_bar_keeps_treasury_and_vp_whatever_the_phase(width: int) -> None:
    """Issue 32, 1: the header keeps turn, phase, Treasury and VP. A long phase ("End of
    Turn phase · the player's actions") cut the VP off at 120 columns: its detail goes."""
    from planet_king.bots import make_bot

    game = Game("anni-mirabiles", seed=5, content=load_content())
    bot = make_bot("expert", 5)
    longest = ""
    while game.decision is not None and game.state.turn < 3:
        phase = views.phase_name(game)
        bar = views.top_bar(game, width)
        assert bar.cell_len <= width, bar.plain
        assert bar.plain.endswith(f"VP {game.state.vp}") or f"VP {game.state.vp}  seed" in bar.plain
        assert f"Treasury {game.state.treasury}/12" in bar.plain
        longest = max(longest, phase, key=len)
        game.choose(bot.choose(game))
    assert " · " in longest  # the long phases were met
