"""The Court and offices; Instability, The Twilight of Life; Bankruptcy."""

from __future__ import annotations

from conftest import drive

from planet_king.engine.game import Game
from planet_king.engine.rules import court, economy, events


def test_instability_costs_a_ducat_and_removes_a_random_notable(hothead: Game) -> None:
    """Events / Instability: -1 ducat and a notable in play drawn from the cup leaves."""
    s = hothead.state
    s.offices["viceroy-italy"] = None  # only Court nobles in the cup: no vacancy to fill
    treasury = s.treasury
    before = court.nobles_in_play(hothead)
    drive(events.play_event(hothead, "instability-1"))
    assert s.treasury == treasury - 1
    assert len(s.removed_notables) == 1 and s.removed_notables[0] in before


def test_vacancy_in_an_office_is_filled_from_court(hothead: Game) -> None:
    """Setup / Offices (Vacancies): a vacated office is filled at once from the Court,
    without a political action (the Instability example)."""
    s = hothead.state
    _, asked = drive(
        court.remove_from_game(hothead, "garcia-de-avellaneda", "test"), ["noble:diego-carrillo"]
    )
    assert s.offices["viceroy-italy"] == "diego-carrillo"
    assert "diego-carrillo" not in s.court_nobles
    assert asked[0].rule.startswith("Setup / Offices")


def test_army_command_vacancy_needs_a_military_rating(hothead: Game) -> None:
    """Setup / Offices (Vacancies): no noble with a military rating, command vacant."""
    s = hothead.state
    s.wars["france-italy"].active = True
    s.wars["france-italy"].leader = "francisco-pimentel"
    s.court_nobles = ["castel-rodrigo", None, None, None]  # military 0
    drive(court.remove_from_game(hothead, "francisco-pimentel", "test"))
    assert s.wars["france-italy"].leader is None


def test_father_is_replaced_by_his_son(reign: Game) -> None:
    """Notable Cards (Father/Son): a father removed is replaced by his son (not in
    Hothead, whose nobles do not include the son: ruling R99)."""
    s = reign.state
    s.offices["viceroy-italy"] = "fernandez-de-castro-father"
    drive(court.remove_from_game(reign, "fernandez-de-castro-father", "test"))
    assert s.offices["viceroy-italy"] == "fernandez-de-castro-son"


def test_the_twilight_of_life_removes_a_notable_in_play(hothead: Game) -> None:
    """Events / The Twilight of Life: a random notable in play dies."""
    s = hothead.state
    s.offices["viceroy-italy"] = None
    s.exiles.append("castel-rodrigo")
    n = len(court.cup_notables(hothead))
    drive(events.play_event(hothead, "the-twilight-of-life"))
    assert len(s.removed_notables) == 1
    assert "castel-rodrigo" not in s.removed_notables, "exiles are not in the cup"
    assert len(court.cup_notables(hothead)) == n - 1


def test_charismatic_notables_are_immune_to_instability(content) -> None:
    """Notable Cards (Charismatic): immune to INSTABILITY cards."""
    from dataclasses import replace

    charismatic = content.nobles["diego-carrillo"].model_copy(update={"traits": ["charismatic"]})
    game = Game(
        "hothead",
        seed=1,
        content=replace(
            content,
            nobles={**content.nobles, "diego-carrillo": charismatic},
            notables={**content.notables, "diego-carrillo": charismatic},
        ),
    )
    s = game.state
    s.offices["viceroy-italy"] = None
    s.court_nobles = ["diego-carrillo", None, None, None]
    s.wars["france-italy"].leader = None
    drive(events.play_event(game, "instability-2"))
    assert s.removed_notables == [] and "diego-carrillo" in s.court_nobles


def test_bankruptcy_costs_prestige_and_raises_ducats(hothead: Game) -> None:
    """Special Rules / Bankruptcy: -1 prestige; an Asiento or unit sales pay the debt."""
    s = hothead.state
    s.treasury = 0
    drive(economy.pay(hothead, 1, "test", cause="test"), ["asiento:castile"])
    assert s.prestige_markers == -1 and s.treasury == 1 and s.asiento == 1


def test_bankruptcy_sells_spanish_units_but_not_provincials(hothead: Game) -> None:
    """Special Rules / Bankruptcy: provincial or Nations tercios cannot be sold."""
    s = hothead.state
    s.treasury = 0
    s.asiento = 2
    s.units = {"spain": {"provincial": 1, "tercio": 1}}
    _, asked = drive(economy.pay(hothead, 1, "test", cause="test"))
    assert s.units["spain"] == {"provincial": 1, "tercio": 0}
    assert s.treasury == 0 and asked == []


def test_gains_are_capped_at_twelve_ducats(hothead: Game) -> None:
    """Game Board / Ducats: at most 12 ducats in the Treasury."""
    hothead.state.treasury = 11
    assert hothead.gain(3, "test") == 1 and hothead.state.treasury == 12
