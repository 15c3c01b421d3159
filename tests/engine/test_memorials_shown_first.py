"""A Secret Memorial is scored only once its player has read it (issue 32, item 7;
Secret Memorial / Cooperative Mode, Solo Mode; ruling R87)."""

from __future__ import annotations

import random

import pytest

from planet_king.content.loader import Content
from planet_king.engine.decisions import Role
from planet_king.engine.game import Game, GameOptions
from planet_king.engine.rules import memorials, scenario_setup
from planet_king.engine.view import view
from planet_king.present.memorials import memorial_note

SHORT = ("anni-mirabiles", "anni-horribiles", "the-planet-king")


@pytest.mark.parametrize("coop", [True, False])
def test_a_one_turn_scenario_plays_without_memorials(content: Content, coop: bool) -> None:
    """Cooperative Mode: "No player may see their card until the Organisation phase of
    the second turn of the game"; Iupiter Hispano has one turn, so no card could be read
    before it is scored: none is drawn, none is scored, and ``m`` says why."""
    options = GameOptions(coop=coop, memorials=not coop)
    g = Game("iupiter-hispano", seed=4, options=options, content=content)
    assert not memorials.in_use(g) and memorials.read_turns(g) == []
    r = random.Random(4)
    while g.decision is not None:
        g.choose(r.choice(g.decision.legal_ids))
    assert g.state.memorials == {}
    assert not any("Secret Memorial" in e.text for e in g.log_entries)
    note = memorial_note(g, Role.KING)
    assert "one turn" in note and "turn 2" not in note


@pytest.mark.parametrize("scenario", SHORT)
def test_m_names_the_turn_the_scenario_reads_them(content: Content, scenario: str) -> None:
    """Ruling R59: the game's second (and, solo, third) turn, counted from its first."""
    first = content.scenarios[scenario].first_turn
    coop = Game(scenario, seed=1, options=GameOptions(coop=True), content=content)
    assert memorials.read_turns(coop) == [first + 1]
    assert f"Organisation phase of turn {first + 1}" in memorial_note(coop, Role.VALIDO)
    solo = Game(scenario, seed=1, options=GameOptions(memorials=True), content=content)
    assert memorials.read_turns(solo) == [first + 1, first + 2]
    assert f"turn {first + 2}" in memorial_note(solo, Role.KING)


def test_every_memorial_scored_was_read_first(content: Content) -> None:
    """Over whole co-op and solo games (random play, many early defeats): every card that
    gives or takes VP was read before, and one never read is shown at the end, not
    scored."""
    scored = 0
    for seed in range(12):
        for options in (GameOptions(coop=True), GameOptions(memorials=True)):
            g = Game("anni-mirabiles", seed=seed, options=options, content=content)
            r = random.Random(seed)
            read_at: dict[str, int] = {}
            while g.decision is not None:
                for cid in g.state.memorials_read:
                    read_at.setdefault(cid, len(g.log_entries))
                g.choose(r.choice(g.decision.legal_ids))
            for cid in g.state.memorials_read:
                read_at.setdefault(cid, len(g.log_entries))
            for i, e in enumerate(g.log_entries):
                for cid in g.state.memorials.values():
                    name = content.memorials[cid].name
                    if e.cause.startswith(f"Secret Memorial {name}"):
                        scored += 1
                        assert cid in read_at and read_at[cid] <= i, (seed, options, e.text)
    assert scored > 0


def test_a_memorial_unread_at_an_automatic_defeat_is_shown_not_scored(content: Content) -> None:
    g = Game("anni-mirabiles", seed=2, options=GameOptions(coop=True), content=content)
    s = g.state
    s.memorials = {"king": "te-deum", "valido": "sound-treasury"}
    s.memorials_read = []
    s.defeat_cause = "prestige fell to 1 or less"
    vp = s.vp
    scenario_setup.finish_standard(g, "automatic-defeat")
    assert s.vp == vp and s.victory_level == "defeat"
    shown = [e.text for e in g.log_entries if "was never read" in e.text]
    assert len(shown) == 2
    assert set(memorials.visible_to(g, Role.KING)) == set(s.memorials.values())
    assert view(g, Role.VALIDO)["memorials"]


def test_an_immediate_task_met_before_reading_is_claimed_after(content: Content) -> None:
    """GOLDEN AGE met on turn 1 is noted, and claimed at the first turn's end after the
    card is read (never before)."""
    g = Game("the-planet-king", seed=3, options=GameOptions(memorials=True), content=content)
    s = g.state
    s.memorials = {"king": "golden-age"}
    s.memorials_read = []
    s.last_scores = {"enlightenment": 9}
    memorials.check_turn(g)
    assert "golden-age" in s.memorials_done and "golden-age" not in s.memorials_claimed
    s.memorials_read = ["golden-age"]
    memorials.check_turn(g)
    assert "golden-age" in s.memorials_claimed
