"""The forecast in words (issue 32, item 2): the level after the arrow is the level of the
VP after the End of Turn, every VP it gives or takes is named, and the Valido's options
say what they change (End of Turn Phase / Appointment of a New Valido)."""

from __future__ import annotations

import random
import re

from planet_king import present
from planet_king.content.loader import Content
from planet_king.engine import forecast as fc
from planet_king.engine.game import Game, GameOptions
from planet_king.engine.state import Child
from planet_king.textmode import render_decision

VP_LINE = re.compile(r"^VP (\d+) -> (\d+) after the turn(?: \(.*\))? · (.+)$")


def _at_valido_decisions(content: Content, options: GameOptions, seeds: range):
    """Every Valido appointment of random games of Anni Mirabiles."""
    for seed in seeds:
        g = Game("anni-mirabiles", seed=seed, options=options, content=content)
        r = random.Random(seed)
        while g.decision is not None:
            if g.state.phase == "end-of-turn" and g.state.step == "valido":
                yield g
            g.choose(r.choice(g.decision.legal_ids))


def test_the_level_after_the_arrow_is_the_level_of_the_vp_after_it(content: Content) -> None:
    """Victory Levels: never "VP 3 -> 7 · Neither King nor Planet" with "Defeat 7+"."""
    checked = 0
    for seed in range(3):
        g = Game("anni-mirabiles", seed=seed, content=content)
        r = random.Random(seed)
        while g.decision is not None:
            f = fc.forecast(g)
            m = VP_LINE.match(present.vp_line(g, f).text)
            assert m, present.vp_line(g, f).text
            assert int(m[2]) == f.vp_end
            assert m[3] == present.level_name(fc.level_for(g, f.vp_end))
            checked += 1
            g.choose(r.choice(g.decision.legal_ids))
    assert checked > 100


def test_keeping_a_worn_out_valido_says_the_vp_it_costs(content: Content) -> None:
    """Appointment of a New Valido: kept four turns or more with prestige under 5, he
    costs a VP: the forecast counts it, the option says it, and keeping him takes it
    (the issue's last turn of Anni Mirabiles, Olivares in office since turn 1)."""
    g = next(_at_valido_decisions(content, GameOptions(), range(5)))
    s = g.state
    assert "keep" not in fc.option_effects(g) or s.last_scores["prestige"] < 5
    s.valido_since, s.last_scores["prestige"], s.vp = s.turn - 3, 4, 5
    effects = fc.option_effects(g)
    said = "-1 VP: he has served 4 turns and prestige is under 5"
    assert effects["keep"] == said
    f = fc.forecast(g)
    assert (f.vp_now, f.vp_end) == (5, 4)
    assert "kept as Valido: he has served 4 turns and prestige is under 5 -1" in (
        present.vp_detail(f)
    )
    assert f"({said})" in render_decision(g, {}, effects)
    g.choose("keep")
    assert s.vp == 4


def test_a_valido_under_four_turns_or_with_prestige_5_costs_nothing(content: Content) -> None:
    g = next(_at_valido_decisions(content, GameOptions(), range(5)))
    s = g.state
    for since, prestige in ((s.turn - 2, 3), (s.turn - 3, 5)):
        s.valido_since, s.last_scores["prestige"] = since, prestige
        assert "keep" not in fc.option_effects(g)
        assert fc.forecast(g).vp_end == s.vp


def test_a_new_valido_in_co_op_says_the_kings_vp(content: Content) -> None:
    """Cooperative Game / Victory Points Earned by the King: 2 VP for changing the Valido
    before turn 5, said on each appointment."""
    for g in _at_valido_decisions(content, GameOptions(coop=True), range(40)):
        effects = fc.option_effects(g)
        appoint = [o for o in g.decision.legal_ids if o.startswith("valido:")]
        assert appoint and all(effects[o] == "+2 VP for the King: a new Valido" for o in appoint)
        king = g.state.vp_king
        g.choose(appoint[0])
        assert g.state.vp_king == king + 2
        return
    raise AssertionError("no Valido appointment reached")


def test_the_heir_is_counted_and_named(content: Content) -> None:
    """Royal Family Mortality: "If there is a male heir alive after the mortality
    subphase, the player earns 1 victory point" — counted (his own test aside), named."""
    g = Game("anni-mirabiles", seed=1, content=content)
    s = g.state
    s.children = [Child("child-1", True, True)]
    s.heir = "child-1"
    f = fc.forecast(g)
    assert (fc.HEIR, 1) in [(why, n) for why, n, _ in f.vp_changes]
    assert f"{fc.HEIR} +1" in present.vp_detail(f)
    s.heir = None
    assert fc.HEIR not in present.vp_detail(fc.forecast(g))
