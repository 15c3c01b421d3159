"""Ruling R58: the Valido is at Court. He brings what a noble at Court brings (prestige,
traits such as advisor and explorer, his share of MERCENARIES and CORRUPTION), but no rule
moves or removes him from the Court, and the Cortes name him out."""

from __future__ import annotations

from conftest import drive

from planet_king.engine.game import Game
from planet_king.engine.rules import actions, court, events, exploration, organisation, scoring
from planet_king.engine.rules.actions import ACTIONS, Context

CARD = Context("card", "Action")


def test_an_advisor_valido_gives_the_green_cube(reign: Game) -> None:
    """Setup / Action Cubes ("another one if any noble at Court has the advisor trait");
    Notable Cards / Advisor: the Valido is at Court (R58)."""
    reign.state.valido = "everardo-de-nithard"
    organisation.place_cubes(reign)
    assert reign.state.cubes["green"] == 1


def test_an_explorer_valido_can_explore(reign: Game) -> None:
    """Actions / Simple Actions (Conduct an Exploration): "a noble with the explorer trait
    located at Court" — the Valido is at Court (R58)."""
    reign.state.valido = "bartolome-de-fonte"
    assert exploration.explorers(reign) == ["bartolome-de-fonte"]
    assert actions.why_not(reign, ACTIONS["exploration"], CARD) is None


def test_a_corrupt_valido_counts_for_corruption(reign: Game) -> None:
    """Events / Corruption: "every two nobles or fraction thereof in play (at Court, in
    office or in command of an army) with the corrupt trait" — the Valido included (R58)."""
    s = reign.state
    s.valido, s.treasury = "count-of-monterrey", 5
    drive(events.play_event(reign, "corruption"))
    assert s.treasury == 4


def test_the_valido_counts_for_prestige_as_everywhere_else(reign: Game) -> None:
    """End of Turn Phase / Prestige Points: "each noble at Court, including the Valido" —
    the same Court as the traits' (R58)."""
    reign.state.valido = "everardo-de-nithard"
    assert scoring.court_notables(reign) == court.nobles_at_court(reign)


def test_no_rule_takes_the_valido_from_the_court(reign: Game) -> None:
    """Setup / The Valido (only the King removes him); Royal Actions (Cortes: "a noble at
    Court (but not the Valido)"), R58: he is not one of the nobles a rule moves or removes
    from the Court (Nominate Noble, Sale of Privileges, a campaign's leader, vacancies) nor
    the Cortes' helper."""
    s = reign.state
    s.valido = "everardo-de-nithard"
    assert court.court_nobles(reign) == []
    assert actions.why_not(reign, ACTIONS["sale-of-privileges"], CARD) == "no noble at Court"
    assert "everardo-de-nithard" not in court.nobles_in_play(reign)
