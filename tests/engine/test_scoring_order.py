"""End of Turn Phase / Determining Enlightenment, Prestige, King's Happiness and VP:
"The first score to be updated is the enlightenment points, followed by the prestige
points and finally the happiness points" — each table's ducats are taken before the
next score is counted, never netted (issue 13, point 18)."""

from __future__ import annotations

from conftest import drive

from planet_king.engine.game import Game
from planet_king.engine.rules import scoring


def _prestige_total(g: Game, wanted: int, from_enlightenment: int) -> None:
    """Set the turn's prestige markers so that the prestige count is ``wanted``."""
    g.state.prestige_markers = 0
    base = scoring.prestige(g, extra=from_enlightenment).total
    g.state.prestige_markers = wanted - base


def _happiness_total(g: Game, wanted: int, extra: int) -> None:
    g.state.happiness_markers = 0
    g.state.happiness_markers = wanted - scoring.happiness(g, extra=extra).total


def test_tables_in_order_at_a_full_treasury(reign: Game) -> None:
    """Prestige 8 (+1 ducat) then happiness 5 (-1 ducat) at Treasury 12: the prestige
    ducat is lost to the cap of 12, the happiness ducat is paid: 11 (netting gave 12)."""
    s = reign.state
    s.court_geniuses = ["lope-de-vega", "francisco-de-quevedo", None, None]  # 4: no change
    _prestige_total(reign, 8, from_enlightenment=0)
    _happiness_total(reign, 5, extra=0)
    s.treasury = 12
    drive(scoring.score_turn(reign))
    assert s.last_scores == {"enlightenment": 4, "prestige": 8, "happiness": 5}
    assert s.treasury == 11


def test_bankruptcy_at_the_enlightenment_table_costs_prestige_in_the_same_count(
    reign: Game,
) -> None:
    """Special Rules / Bankruptcy: "With each declaration of bankruptcy, one prestige
    point is lost". Enlightenment 7 costs a ducat at an empty Treasury: bankruptcy, and
    its -1 prestige turns prestige 8 (+2 VP, +1 ducat) into 7 (+1 VP)."""
    s = reign.state
    s.court_geniuses = ["diego-velazquez", "lope-de-vega", "francisco-de-quevedo", None]
    _prestige_total(reign, 8, from_enlightenment=1)
    _happiness_total(reign, 4, extra=0)
    s.treasury = 0
    vp = s.vp
    drive(scoring.score_turn(reign), ["asiento:castile"])
    assert s.last_scores["enlightenment"] == 7
    assert s.last_scores["prestige"] == 7
    # +1 VP for enlightenment, +1 for prestige 7, nothing for happiness 4
    assert s.vp == vp + 2
    # the Asiento's 2 ducats pay the 1 owed; no prestige ducat at 7
    assert s.treasury == 1
