"""Game over, read right (issue 32, item 6): an automatic defeat said against the victory
levels (Victory / Automatic Defeat, ruling R45), a VP chart that ends at the final VP,
and where the VP went beside where the ducats went, in plain text as on the screen."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from planet_king import present, saves, sim
from planet_king.bots import make_bot
from planet_king.content.loader import Content
from planet_king.engine.game import Game, GameOptions
from planet_king.engine.state import VictoryLevel
from planet_king.textmode import run


def _played(content: Content, scenario: str, seed: int, bot: str, **options: object) -> Game:
    g = Game(scenario, seed=seed, options=GameOptions(**options), content=content)  # type: ignore[arg-type]
    player = make_bot(bot, seed)
    while g.decision is not None:
        g.choose(player.choose(g))
    return g


def _early_defeat(content: Content) -> Game:
    """A game of Anni Mirabiles lost by an automatic defeat before its last turn."""
    for seed in range(2, 60):
        g = Game("anni-mirabiles", seed=seed, content=content)
        r = random.Random(seed)
        while g.decision is not None:
            g.choose(r.choice(g.decision.legal_ids))
        if g.state.defeat_cause and g.state.turn < g.scenario.last_turn:
            return g
    raise AssertionError("no early automatic defeat in 58 random games")


def test_an_automatic_defeat_is_said_against_the_victory_levels(content: Content) -> None:
    """Victory / Automatic Defeat; ruling R45: a loss whatever the VP, below every level
    — never "The reign ends with 2 VP: Defeat" as if the VP had reached the Defeat line."""
    g = _early_defeat(content)
    s = g.state
    summary = "\n".join(present.game_over_summary(g))
    assert f"Automatic defeat: {s.defeat_cause}." in summary
    assert f"The reign ended on turn {s.turn}, the scenario's last being 4" in summary
    assert "a loss whatever the VP, below every victory level" in summary
    assert f"Its {s.vp} VP are not counted against the levels" in summary
    assert present.thresholds_text(g) in summary
    last = g.log_entries[-1].text
    assert last.startswith(f"The reign ends on turn {s.turn} with an automatic defeat: Defeat")
    assert f"({s.vp} VP;" in last


def test_a_full_reign_says_the_level_its_vp_reach(content: Content) -> None:
    # the first of these seeds whose reign runs its course (the rules decide which)
    g = next(
        g
        for g in (_played(content, "anni-mirabiles", seed, "expert") for seed in range(3, 30))
        if not g.state.defeat_cause
    )
    level = present.level_name(g.state.victory_level or "")
    assert present.game_over_summary(g)[0].startswith(
        f"Victory level: {level} with {g.state.vp} VP"
    )


def test_a_victory_level_is_a_victory_level_and_its_words_stay_the_same(
    content: Content,
) -> None:
    """Issue 33 §3: the level is a ``VictoryLevel``, whose text is the level's words as
    ever: the log, the save and the simulator's JSON carry "defeat", not a class name."""
    g = _early_defeat(content)
    assert g.state.victory_level is VictoryLevel.DEFEAT
    assert json.loads(saves.dumps(g))["final"]["victory_level"] == "defeat"
    _, record = sim.play_one("hothead", 1, "random", content=content)
    assert record["victory_level"] in set(VictoryLevel)
    assert json.dumps(record["victory_level"]) == f'"{record["victory_level"].value}"'
    assert [str(level) for level in VictoryLevel] == [
        "major-victory",
        "historical-outcome",
        "defeat",
        "neither-king-nor-planet",
    ]


@pytest.mark.parametrize(
    ("scenario", "seed", "bot", "options"),
    [
        ("anni-mirabiles", 3, "expert", {}),
        ("anni-mirabiles", 4, "expert", {"coop": True}),
        ("the-planet-king", 2, "expert", {"memorials": True}),
        ("anni-horribiles", 5, "random", {}),
        ("iupiter-hispano", 6, "expert", {"war_only": True}),
    ],
)
def test_the_vp_chart_ends_at_the_final_vp_and_the_vp_sources_add_up(
    content: Content, scenario: str, seed: int, bot: str, options: dict[str, object]
) -> None:
    """Victory Points: the chart's last row is the VP the game ended with (the Valido's
    VP and the Secret Memorials' final count included), and where the VP went adds up to
    them, each source as it moved the track (never below zero)."""
    g = _played(content, scenario, seed, bot, **options)
    rows = present.vp_by_turn(g)
    assert rows[-1][1] == g.state.vp
    assert sum(n for _, n in present.vp_sources(g)) == g.state.vp
    names = [name for name, _ in present.vp_sources(g)]
    assert set(names) <= {name for name, _ in present.VP_SOURCES} | {present.OTHER_VP}


def test_the_valido_and_the_heir_have_their_own_lines(content: Content) -> None:
    """Where the VP went names the worn-out Valido's VP and the heir's (End of Turn)."""
    g = Game("anni-mirabiles", seed=1, content=content)
    g.add_vp(3, "the prestige table", rule="End of Turn Phase / Determining Enlightenment")
    g.add_vp(1, "a male heir is alive", rule="End of Turn Phase / Royal Family Mortality")
    g.add_vp(
        -1,
        "the Valido has served 4 turns and prestige is under 5",
        rule="End of Turn Phase / Appointment of a New Valido",
    )
    g.add_vp(-9, "a war lost", rule="Wars / End of a War")  # the track stops at zero
    assert present.vp_sources(g) == [
        ("wars", -3),
        ("the tables", 3),
        ("the heir", 1),
        ("the Valido", -1),
    ]


def test_plain_text_game_over_has_the_chart_and_both_ledgers(
    content: Content, tmp_path: Path
) -> None:
    g = _early_defeat(content)
    out = tmp_path / "out.txt"
    with out.open("w") as stream:
        run(g, read=lambda _: "", out=stream, saves_dir=tmp_path, autosave=False)
    text = out.read_text()
    assert "a loss whatever the VP, below every victory level" in text
    assert "VP by turn: Turn 1 " in text
    assert "Where the VP went: " in text and "Where the ducats went: " in text
