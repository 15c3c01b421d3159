"""Events: the effects of the event cards described in the rulebook's Events section."""

from __future__ import annotations

from dataclasses import replace

from conftest import drive, stack

from planet_king.content.loader import Content
from planet_king.engine.game import Game
from planet_king.engine.rules import actions, court, events


def with_traits(content: Content, traits: dict[str, list[str]]) -> Game:
    """A Hothead game whose nobles in ``traits`` have exactly those traits."""
    changed = {
        nid: content.nobles[nid].model_copy(update={"traits": t}) for nid, t in traits.items()
    }
    return Game(
        "hothead",
        seed=1,
        content=replace(
            content,
            nobles={**content.nobles, **changed},
            notables={**content.notables, **changed},
        ),
    )


def counts_happiness(game: Game) -> Game:
    """Happiness is ignored in Hothead: pretend a campaign game to see the markers."""
    game.scenario = game.scenario.model_copy(update={"kind": "standard"})
    return game


def logged(game: Game, text: str) -> bool:
    return any(text in e.text for e in game.log_entries)


# ------------------------------------------------------------- royal actions
def test_corrales_and_brothels_costs_a_royal_cube_and_gives_happiness(hothead: Game) -> None:
    """Events / Corrales and Brothels: -1 royal cube if any is left, +1 happiness."""
    s = counts_happiness(hothead).state
    drive(events.play_event(hothead, "corrales-and-brothels"))
    assert s.cubes["yellow"] == 3
    assert s.happiness_markers == 1


def test_corrales_and_brothels_without_royal_cube_still_gives_happiness(hothead: Game) -> None:
    """Events / Corrales and Brothels: "if they have any left" — no cube to lose."""
    s = counts_happiness(hothead).state
    s.cubes["yellow"] = 0
    drive(events.play_event(hothead, "corrales-and-brothels"))
    assert s.cubes["yellow"] == 0
    assert s.happiness_markers == 1


def test_beaten_to_a_pulp_loses_a_royal_action_and_gains_happiness(hothead: Game) -> None:
    """Events / Beaten to a Pulp (Errata): loses a Royal Action, gains a Happiness marker."""
    s = counts_happiness(hothead).state
    drive(events.play_event(hothead, "beaten-to-a-pulp"))
    assert s.cubes["yellow"] == 3
    assert s.happiness_markers == 1


def test_happiness_is_ignored_in_hothead(hothead: Game) -> None:
    """Scenarios / "Hothead": the happiness of Beaten to a Pulp is ignored."""
    drive(events.play_event(hothead, "beaten-to-a-pulp"))
    assert hothead.state.happiness_markers == 0
    assert logged(hothead, "ignored in Hothead")


def test_barbara_van_beck_gains_a_royal_action(hothead: Game) -> None:
    """Actions / Royal Actions (example: BARBARA VAN BECK gains one royal action)."""
    drive(events.play_event(hothead, "barbara-van-beck"))
    assert hothead.state.cubes["yellow"] == 5


# ----------------------------------------------------------------------- wars
def test_corsairs_of_dunkirk_reduce_the_united_provinces_to_3(hothead: Game) -> None:
    """Events / Corsairs of Dunkirk: the United Provinces have strength 3 this turn."""
    from planet_king.engine.rules import wars

    hothead.state.power_strength["united-provinces"] = 5
    drive(events.play_event(hothead, "corsairs-of-dunkirk"))
    assert hothead.state.corsairs is True
    assert wars.enemy_strength(hothead, "flanders") == 3


# --------------------------------------------------------------- ducat losses
def test_mercenaries_cost_a_ducat_per_two_or_fraction(content: Content) -> None:
    """Events / Mercenaries: one ducat for every two mercenary nobles in play, or fraction."""
    game = with_traits(
        content,
        {
            "francisco-pimentel": ["mercenary"],
            "diego-carrillo": ["mercenary"],
            "garcia-de-avellaneda": ["mercenary"],
        },
    )
    s = game.state
    treasury = s.treasury
    drive(events.play_event(game, "mercenaries"))
    assert s.treasury == treasury - 2  # three mercenaries: two ducats


def test_mercenaries_in_exile_do_not_count(content: Content) -> None:
    """Events / Mercenaries: only nobles at Court, in office or in command count."""
    game = with_traits(content, {"diego-carrillo": ["mercenary"]})
    s = game.state
    s.court_nobles[1] = None
    s.exiles.append("diego-carrillo")
    treasury = s.treasury
    drive(events.play_event(game, "mercenaries"))
    assert s.treasury == treasury
    assert logged(game, "No mercenary noble in play")


def test_corruption_costs_a_ducat_for_a_single_corrupt_noble(hothead: Game) -> None:
    """Events / Corruption: one ducat for every two corrupt nobles, or fraction thereof."""
    s = hothead.state
    s.court_nobles[3] = "count-of-monterrey"  # corrupt
    treasury = s.treasury
    drive(events.play_event(hothead, "corruption"))
    assert s.treasury == treasury - 1


def test_corruption_without_corrupt_nobles_has_no_effect(hothead: Game) -> None:
    """Events / Corruption: no corrupt noble in play, nothing to pay."""
    treasury = hothead.state.treasury
    drive(events.play_event(hothead, "corruption"))
    assert hothead.state.treasury == treasury
    assert logged(hothead, "No corrupt noble in play")


def test_corruption_with_an_empty_treasury_is_a_bankruptcy(hothead: Game) -> None:
    """Events / Corruption with an empty Treasury: Bankruptcy (ruling R5)."""
    s = hothead.state
    s.court_nobles[3] = "count-of-monterrey"
    s.treasury = 0
    decision = next(events.play_event(hothead, "corruption"))
    assert decision.prompt.startswith("Bankruptcy")
    assert s.prestige_markers == -1


# ------------------------------------------------------------------ the map
def test_spanish_road_closes_an_open_pass(hothead: Game) -> None:
    """Events / Spanish Road: an open Valtellina pass is closed."""
    _, asked = drive(events.play_event(hothead, "spanish-road"))
    assert hothead.state.valtellina_closed is True
    assert asked == []


def test_spanish_road_reopens_a_closed_pass_for_a_ducat(hothead: Game) -> None:
    """Events / Spanish Road: a closed pass reopens if the player spends a ducat."""
    s = hothead.state
    s.valtellina_closed = True
    treasury = s.treasury
    _, asked = drive(events.play_event(hothead, "spanish-road"), ["pay"])
    assert asked[0].role == "valido" and set(asked[0].legal_ids) == {"pay", "keep"}
    assert s.valtellina_closed is False
    assert s.treasury == treasury - 1


def test_spanish_road_pass_stays_closed_if_not_paid(hothead: Game) -> None:
    """Events / Spanish Road: without the ducat the valley remains closed."""
    s = hothead.state
    s.valtellina_closed = True
    treasury = s.treasury
    drive(events.play_event(hothead, "spanish-road"), ["keep"])
    assert s.valtellina_closed is True and s.treasury == treasury


def test_spanish_road_cannot_be_paid_from_an_empty_treasury(hothead: Game) -> None:
    """Events / Spanish Road: the reopening is only offered with a ducat to spend."""
    s = hothead.state
    s.valtellina_closed = True
    s.treasury = 0
    _, asked = drive(events.play_event(hothead, "spanish-road"))
    assert asked == [] and s.valtellina_closed is True


def test_uprising_places_a_revolt_when_at_war(hothead: Game) -> None:
    """Events / Uprising: at war, a revolt marker on a random location in Europe."""
    drive(events.play_event(hothead, "uprising"))
    assert len(hothead.state.revolts) == 1
    assert hothead.state.revolts[0] in ("spain", "italy", "spanish-netherlands")


def test_uprising_is_discarded_when_not_at_war(hothead: Game) -> None:
    """Events / Uprising: not at war with any power, discarded without being played."""
    s = hothead.state
    s.wars["france-italy"].active = False
    drive(events.play_event(hothead, "uprising"))
    assert s.revolts == []
    assert logged(hothead, "not at war with any power")
    assert "uprising" in s.discard


# ----------------------------------------------------------------- traitors
def only_at_court(game: Game, nid: str | None) -> None:
    """One noble in the notables cup besides any geniuses."""
    s = game.state
    s.offices["viceroy-italy"] = None
    s.court_nobles = [nid, None, None, None]
    s.mistress = None


def test_traitor_negative_removes_the_noble(hothead: Game) -> None:
    """Events / Traitor: a negative fortune test removes the noble from the game."""
    only_at_court(hothead, "diego-carrillo")
    stack(hothead, "the-plague")
    drive(events.play_event(hothead, "traitor"))
    assert "diego-carrillo" in hothead.state.removed_notables


def test_traitor_neutral_exiles_the_noble(hothead: Game) -> None:
    """Events / Traitor: a neutral fortune test sends the noble into exile."""
    only_at_court(hothead, "diego-carrillo")
    stack(hothead, "action-2")
    drive(events.play_event(hothead, "traitor"))
    s = hothead.state
    assert "diego-carrillo" in s.exiles and court.where(hothead, "diego-carrillo") is None


def test_traitor_positive_does_nothing(hothead: Game) -> None:
    """Events / Traitor: a positive fortune test, nothing happens."""
    only_at_court(hothead, "diego-carrillo")
    stack(hothead, "excellent-harvests")
    drive(events.play_event(hothead, "traitor"))
    assert court.where(hothead, "diego-carrillo") == "court:1"


def test_traitor_draws_again_on_a_genius(hothead: Game) -> None:
    """Events / Traitor: draw again if a genius appears (the Instability example)."""
    only_at_court(hothead, "diego-carrillo")
    hothead.state.court_geniuses = ["diego-velazquez", "baltasar-gracian", None, None]
    stack(hothead, "the-plague")
    drive(events.play_event(hothead, "traitor"))
    assert hothead.state.removed_notables == ["diego-carrillo"]


def test_traitor_with_only_geniuses_in_the_cup_has_no_effect(hothead: Game) -> None:
    """Events / Traitor: only genius markers in the cup, no noble to test."""
    only_at_court(hothead, None)
    hothead.state.court_geniuses = ["diego-velazquez", None, None, None]
    deck = list(hothead.state.deck)
    drive(events.play_event(hothead, "traitor"))
    assert hothead.state.deck == deck, "no fortune test"
    assert court.where(hothead, "diego-velazquez") == "genius:1"


def test_traitor_loyal_noble_is_immune_without_test(hothead: Game) -> None:
    """Events / Traitor: a loyal noble is immune and no fortune test is performed."""
    only_at_court(hothead, "luis-de-haro")
    deck = list(hothead.state.deck)
    drive(events.play_event(hothead, "traitor"))
    assert court.where(hothead, "luis-de-haro") == "court:1"
    assert hothead.state.deck == deck


def test_traitor_mercenary_is_removed_without_test(hothead: Game) -> None:
    """Events / Traitor: a mercenary is always removed, without a fortune test."""
    only_at_court(hothead, "piccolomini")
    deck = list(hothead.state.deck)
    drive(events.play_event(hothead, "traitor"))
    assert "piccolomini" in hothead.state.removed_notables
    assert hothead.state.deck == deck


def test_conspiracy_of_nobles_moves_flanders_and_tests_the_governor(hothead: Game) -> None:
    """Events / Conspiracy of Nobles: Flanders marker one space for the United Provinces,
    then the Governor of Flanders is checked as if chosen by TRAITOR."""
    s = hothead.state
    s.wars["flanders"].active = True
    s.court_nobles[1] = None
    s.offices["governor-flanders"] = "diego-carrillo"
    stack(hothead, "action-2")  # neutral: exile
    drive(events.play_event(hothead, "conspiracy-of-nobles"), ["noble:francisco-pimentel"])
    assert s.wars["flanders"].position == -1
    assert "diego-carrillo" in s.exiles
    assert s.offices["governor-flanders"] == "francisco-pimentel", "vacancy filled from Court"
    assert "conspiracy-of-nobles" in s.removed_events


def test_conspiracy_of_nobles_without_flanders_war_still_tests_governor(hothead: Game) -> None:
    """Events / Conspiracy of Nobles: no war in Flanders, the marker cannot move."""
    s = hothead.state
    s.court_nobles[1] = None
    s.offices["governor-flanders"] = "diego-carrillo"
    stack(hothead, "excellent-harvests")
    drive(events.play_event(hothead, "conspiracy-of-nobles"))
    assert s.wars["flanders"].position == 0 and not s.wars["flanders"].active
    assert s.offices["governor-flanders"] == "diego-carrillo"


# ---------------------------------------------------------- granted actions
def test_his_majesty_the_king_grants_a_government_action_without_cube(hothead: Game) -> None:
    """Events / His Majesty the King: a government or royal action without a cube."""
    s = hothead.state
    cubes = dict(s.cubes)
    treasury = s.treasury
    _, asked = drive(
        events.play_event(hothead, "his-majesty-the-king"),
        ["type:government", "action:government:raise-tercio", "to:italy"],
    )
    assert {"type:government", "type:royal", "done"} <= set(asked[0].legal_ids)
    assert s.cubes == cubes
    assert s.treasury == treasury - 1


def test_diplomacy_sends_an_embassy_without_cube(hothead: Game) -> None:
    """Events / Diplomacy: an Embassy without an action cube or the unique marker."""
    s = hothead.state
    cubes = dict(s.cubes)
    treasury = s.treasury
    drive(events.play_event(hothead, "diplomacy"), ["war:france-italy", "noble:diego-carrillo"])
    assert s.cubes == cubes
    assert s.treasury == treasury - 1, "the ducat of the embassy is still paid"
    assert "embassy" not in s.unique_used


def test_diplomacy_may_send_no_embassy(hothead: Game) -> None:
    """Events / Diplomacy (l.338: "The player *may* send an embassy"): sending none is a
    choice; no ducat is paid and no fortune test drawn. A war at truce is not forced into
    a peace attempt (Embassy, l.508)."""
    s = hothead.state
    s.wars["france-italy"].truce = True
    treasury, deck = s.treasury, len(s.deck)
    _, asked = drive(events.play_event(hothead, "diplomacy"), ["no-embassy"])
    assert set(asked[0].legal_ids) == {"war:france-italy", "no-embassy"}
    assert (s.treasury, len(s.deck)) == (treasury, deck)
    assert s.wars["france-italy"].active and s.wars["france-italy"].truce
    assert logged(hothead, "No embassy is sent")


def test_the_embassy_action_has_no_option_to_send_none(hothead: Game) -> None:
    """Political Actions (Embassy): the action, once chosen, sends its embassy (its menu
    has a "back"); only DIPLOMACY's embassy is optional."""
    hothead.state.court_nobles[0] = "castel-rodrigo"
    _, asked = drive(actions.embassy(hothead, "x", paid=False), ["noble:castel-rodrigo"])
    assert all("no-embassy" not in d.legal_ids for d in asked)


def test_diplomacy_without_war_has_no_effect(hothead: Game) -> None:
    """Events / Diplomacy: no war, no embassy to send."""
    s = hothead.state
    s.wars["france-italy"].active = False
    treasury = s.treasury
    drive(events.play_event(hothead, "diplomacy"))
    assert s.treasury == treasury
    assert logged(hothead, "no war to send an embassy to")
