"""Actions: the ACTION card, types and cubes, unique actions, the no-repeat rule."""

from __future__ import annotations

from conftest import drive, stack
from test_wars import at_war

from planet_king.engine.game import Game
from planet_king.engine.rules import actions, court, events, units
from planet_king.engine.rules.actions import ACTIONS, Context

CARD = Context("card", "Action")


def test_action_card_offers_up_to_three_actions_of_different_types(hothead: Game) -> None:
    """Actions / Types of Actions: up to three actions, never two of the same type."""
    s = hothead.state
    gen = actions.action_card(hothead, hothead.content.events["action-1"])
    d = next(gen)
    assert "type:royal" in d.legal_ids and "done" in d.legal_ids
    d = gen.send("type:simple")
    d = gen.send("action:simple:asiento")
    assert d.option("type:simple").allowed is False
    assert d.option("type:simple").reason == "already used with this card"
    assert s.treasury == 7 and s.asiento == 1


def test_types_need_a_cube_and_green_cubes_serve_both(hothead: Game) -> None:
    """Action Cubes: no cube of a type, no action; green serves government or political."""
    s = hothead.state
    s.cubes.update(red=0, blue=0, green=1, yellow=0)
    assert actions.type_why_not(hothead, "royal", CARD) == "no yellow cube left"
    assert actions.type_why_not(hothead, "government", CARD) is None
    drive(actions.perform(hothead, ACTIONS["raise-tercio"], CARD), ["to:italy"])
    assert s.cubes["green"] == 0
    assert actions.type_why_not(hothead, "political", CARD) == "no blue or green cube left"


def test_specific_cube_is_spent_before_green(hothead: Game) -> None:
    """Action Cubes (ruling R10): a red cube is used before the green one."""
    s = hothead.state
    s.cubes.update(red=1, green=1)
    drive(actions.perform(hothead, ACTIONS["raise-tercio"], CARD), ["to:italy"])
    assert (s.cubes["red"], s.cubes["green"]) == (0, 1)


def test_unique_action_only_once_a_turn(hothead: Game) -> None:
    """Actions / Unique Actions: Cortes, Hunt, Embassy... once per turn."""
    stack(hothead, "action-2")  # neutral: nothing happens
    drive(actions.perform(hothead, ACTIONS["cortes"], CARD))
    assert (
        actions.why_not(hothead, ACTIONS["cortes"], CARD)
        == "already taken this turn (unique action)"
    )


def test_only_an_action_the_event_card_names_escapes_the_unique_limit(hothead: Game) -> None:
    """Actions / Unique Actions: "Specific actions that are explicitly mentioned on an
    event card do not count towards the unique action limit" (also Types of Actions)."""
    hothead.state.unique_used.append("cortes")
    named = Context("event", "x", named=("cortes",))
    assert actions.why_not(hothead, ACTIONS["cortes"], named) is None
    assert (
        actions.why_not(hothead, ACTIONS["cortes"], Context("event", "His Majesty"))
        == "already taken this turn (unique action)"
    )


def test_unique_actions_through_his_majesty_the_king_count_once_a_turn(hothead: Game) -> None:
    """Actions / Unique Actions; Events / His Majesty the King: the card offers "a royal
    action", not the Cortes by name, so the Cortes it grants is the turn's one Cortes:
    refused if taken already, and marked when taken through the card."""
    s = hothead.state
    stack(hothead, "action-2")  # the Cortes' test: neutral
    drive(events.play_event(hothead, "his-majesty-the-king"), ["type:royal", "action:royal:cortes"])
    assert "cortes" in s.unique_used
    assert actions.why_not(hothead, ACTIONS["cortes"], CARD) == (
        "already taken this turn (unique action)"
    )
    _, asked = drive(
        events.play_event(hothead, "his-majesty-the-king"), ["type:royal", "back", "done"]
    )
    refused = asked[1].option("action:royal:cortes").reason
    assert refused == "already taken this turn (unique action)"


def test_unique_political_action_through_the_ensign_nun_counts(hothead: Game) -> None:
    """Actions / Unique Actions; Events / The Ensign Nun: her "political action" names no
    action, so an Embassy already sent this turn cannot be sent again through her."""
    at_war(hothead)
    hothead.state.unique_used.append("embassy")
    _, asked = drive(
        events.play_event(hothead, "the-ensign-nun"), ["nun:political", "back", "nun:none"]
    )
    assert asked[1].option("action:political:embassy").reason == (
        "already taken this turn (unique action)"
    )


def test_government_action_cannot_repeat_with_the_next_action_card(hothead: Game) -> None:
    """Government Actions: not the government action taken with the previous card."""
    s = hothead.state
    drive(actions.perform(hothead, ACTIONS["raise-nations"], CARD), ["to:italy"])
    s.gov_prev_card, s.gov_this_card = s.gov_this_card, None  # the next ACTION card
    assert (
        actions.why_not(hothead, ACTIONS["raise-nations"], CARD)
        == "taken with the previous ACTION card (no repeat)"
    )
    assert actions.why_not(hothead, ACTIONS["raise-nations"], Context("organisation", "x")) is None
    assert actions.why_not(hothead, ACTIONS["raise-nations"], Context("event", "x")) is None


def test_campaign_may_repeat_only_on_another_front(hothead: Game) -> None:
    """Government Actions: a campaign can be repeated on a different front/war."""
    at_war(hothead, units={"tercio": 3})
    s = hothead.state
    s.gov_prev_card = ("military-campaign", "france-italy")
    targets = dict(actions.campaign_targets(hothead, CARD))
    assert targets["france-italy"] == "campaigned here with the previous ACTION card"


def test_military_campaign_needs_a_commander_and_its_cost(hothead: Game) -> None:
    """Government Actions (Military Campaign): a leader with a military rating, a ducat."""
    at_war(hothead, units={"tercio": 3}, leader=None)
    assert (
        dict(actions.campaign_targets(hothead, CARD))["france-italy"] == "no commander in this army"
    )
    at_war(hothead, units={"tercio": 3}, leader="ambrosio-de-spinola")
    hothead.state.treasury = 1
    assert (
        dict(actions.campaign_targets(hothead, CARD))["france-italy"]
        == "costs 2 ducats; the Treasury has 1"
    )


def test_campaign_action_spends_ducats_and_records_the_front(hothead: Game) -> None:
    """Government Actions (Military Campaign): pay, test, and mark the front."""
    at_war(hothead, units={"tercio": 3})
    s = hothead.state
    treasury = s.treasury
    stack(hothead, "excellent-harvests", "action-3")
    drive(actions.perform(hothead, ACTIONS["military-campaign"], CARD))
    assert s.treasury == treasury - 1
    assert s.wars["france-italy"].position == 1
    assert s.gov_this_card == ("military-campaign", "france-italy")


def test_hothead_raised_tercio_deploys_at_once(hothead: Game) -> None:
    """Scenarios / "Hothead" (ruling R8): a raised tercio goes to Italy or the war."""
    at_war(hothead)
    drive(actions.perform(hothead, ACTIONS["raise-tercio"], CARD), ["to:france-italy"])
    assert hothead.state.units["france-italy"]["tercio"] == 1
    assert hothead.state.construction == []


def test_exploration_is_not_allowed_in_hothead(hothead: Game) -> None:
    """Scenarios / "Hothead": exploration is not allowed."""
    assert (
        actions.why_not(hothead, ACTIONS["exploration"], CARD)
        == "exploration is not allowed in Hothead"
    )


def test_hunt_shuffles_hunting_day_into_the_deck(reign: Game) -> None:
    """Royal Actions (Hunt): only if HUNTING DAY is not in the deck; it is shuffled in."""
    s = reign.state
    s.deck, s.turn = ["hunting-day", "action-1"], 2
    s.hunting_day_due = True
    assert (
        actions.why_not(reign, ACTIONS["hunt"], CARD) == "HUNTING DAY is already in the event deck"
    )
    stack(reign, "hunting-day")
    s.discard.append(reign.draw("events"))  # played: only a new Hunt brings it back
    assert actions.why_not(reign, ACTIONS["hunt"], CARD) is None
    drive(actions.perform(reign, ACTIONS["hunt"], CARD))
    assert "hunting-day" in s.deck and "hunting-day" not in s.discard


def test_hothead_ignores_court_life_but_allows_every_other_simple_action(
    hothead: Game,
) -> None:
    """Scenarios / "Hothead" (l.795: rules and actions about ladies, geniuses, the King's
    happiness and enlightenment are ignored; l.796: any simple action but exploration;
    l.798: the nobles are Spinola, Castel Rodrigo and Fernández de Castro, father),
    ruling R99: no Hunt (its only effect is happiness), Build a Fortification allowed, and
    the father's son does not replace him."""
    s = hothead.state
    assert actions.why_not(hothead, ACTIONS["hunt"], CARD) == (
        "the King's happiness is not used in Hothead"
    )
    assert actions.why_not(hothead, ACTIONS["build-fortification"], CARD) is None
    treasury = s.treasury
    drive(actions.perform(hothead, ACTIONS["build-fortification"], CARD), ["fort:peru"])
    assert s.treasury == treasury - 1 and s.construction[-1] == ("fortification", "peru")
    father = "fernandez-de-castro-father"
    if court.where(hothead, father) is None:
        s.court_nobles[s.court_nobles.index(None)] = father
    drive(court.remove_from_game(hothead, father, "x", rule="r"))
    assert court.where(hothead, "fernandez-de-castro-son") is None


def test_sale_of_privileges_removes_a_noble_for_a_ducat(hothead: Game) -> None:
    """Royal Actions (Sale of Privileges): a noble leaves the game, +1 ducat."""
    s = hothead.state
    treasury = s.treasury
    drive(actions.perform(hothead, ACTIONS["sale-of-privileges"], CARD), ["noble:diego-carrillo"])
    assert "diego-carrillo" in s.removed_notables and "diego-carrillo" not in s.court_nobles
    assert s.treasury == treasury + 1


def test_cortes_positive_collects_two_ducats(hothead: Game) -> None:
    """Royal Actions (Cortes): positive, two ducats."""
    stack(hothead, "excellent-harvests")
    t = hothead.state.treasury
    drive(actions.perform(hothead, ACTIONS["cortes"], CARD))
    assert hothead.state.treasury == t + 2


def test_cortes_negative_places_a_revolt_and_may_be_repeated(hothead: Game) -> None:
    """Royal Actions (Cortes): negative, a revolt in Europe; a political-2 noble at Court
    (not the Valido) may have the test repeated once."""
    s = hothead.state
    s.court_nobles[0] = "castel-rodrigo"  # political 2
    stack(hothead, "the-plague", "the-twilight-of-life")
    drive(actions.perform(hothead, ACTIONS["cortes"], CARD), ["cortes:repeat"])
    assert len(s.revolts) == 1 and s.revolts[0] in ("spain", "italy", "spanish-netherlands")


def test_appoint_noble_draws_the_top_noble_and_returns_the_displaced(hothead: Game) -> None:
    """Political Actions (Appoint Noble): the new noble may replace an office holder,
    who returns to Court or leaves the game."""
    s = hothead.state
    s.noble_deck.append("castel-rodrigo")
    s.court_nobles[3] = None
    drive(
        actions.perform(hothead, ACTIONS["appoint-noble"], CARD),
        ["place:office:viceroy-italy", "court"],
    )
    assert s.offices["viceroy-italy"] == "castel-rodrigo"
    assert "garcia-de-avellaneda" in s.court_nobles


def test_nominate_noble_moves_a_noble_from_court(hothead: Game) -> None:
    """Political Actions (Nominate Noble): a Court noble takes an office."""
    s = hothead.state
    drive(
        actions.perform(hothead, ACTIONS["nominate-noble"], CARD),
        ["noble:diego-carrillo", "place:office:viceroy-italy", "remove"],
    )
    assert s.offices["viceroy-italy"] == "diego-carrillo"
    assert "garcia-de-avellaneda" in s.removed_notables


def test_embassy_truce_then_peace(hothead: Game) -> None:
    """Political Actions (Embassy): political - 1 tests; success makes a truce; a second
    embassy on a truce signs peace, for -1 VP and -1 prestige."""
    at_war(hothead, units={"tercio": 1})
    s = hothead.state
    s.court_nobles[0] = "castel-rodrigo"
    s.vp = 3
    stack(hothead, "excellent-harvests")
    drive(actions.perform(hothead, ACTIONS["embassy"], CARD), ["noble:castel-rodrigo"])
    assert s.wars["france-italy"].truce
    stack(hothead, "excellent-harvests")
    drive(
        actions.embassy(hothead, "Diplomacy", paid=False),
        ["noble:castel-rodrigo", "court", "done"],
    )
    ws = s.wars["france-italy"]
    assert (ws.active, ws.outcome) == (False, "peace")
    assert s.vp == 2 and s.prestige_markers == -1


def test_embassy_with_political_one_fails_without_a_test(hothead: Game) -> None:
    """Political Actions (Embassy): a rating of 1 means zero tests and failure."""
    at_war(hothead)
    n = len(hothead.state.deck)
    drive(actions.embassy(hothead, "x", paid=False), ["noble:diego-carrillo"])
    assert not hothead.state.wars["france-italy"].truce and len(hothead.state.deck) == n


def test_asiento_twice_then_no_more(hothead: Game) -> None:
    """Simple Actions (Asiento): on Castile, then on the Indies, then none."""
    s = hothead.state
    s.treasury = 0
    drive(actions.perform(hothead, ACTIONS["asiento"], CARD))
    drive(actions.perform(hothead, ACTIONS["asiento"], CARD))
    assert s.treasury == 4 and s.asiento == 2
    assert all(v == 0 for v in s.indies_ducats.values())
    assert (
        actions.why_not(hothead, ACTIONS["asiento"], CARD) == "both Asientos already made this turn"
    )


def test_provincial_tercios_only_where_allowed(hothead: Game) -> None:
    """Simple Actions (Raise a Provincial Tercio): Spain, Italy and some wars only."""
    at_war(hothead)
    places = units.new_unit_places(hothead, "provincial")
    assert set(places) == {"spain", "italy", "france-italy"}


def test_back_from_an_action_menu_spends_none_of_the_cards_three_actions(
    hothead: Game,
) -> None:
    """Actions / Types of Actions: "up to three actions of different types". Going back
    from a type's menu is not an action: after three Backs the card still offers its
    first action, and three real actions can follow."""
    s = hothead.state
    cubes = dict(s.cubes)
    gen = actions.action_card(hothead, hothead.content.events["action-1"])
    d = next(gen)
    for _ in range(3):
        d = gen.send("type:simple")
        d = gen.send("back")
        assert d.prompt == "Choose the type of action 1 of 3"
        assert d.option("type:simple").allowed
    assert s.cubes == cubes and s.unique_used == []
    d = gen.send("type:simple")
    d = gen.send("action:simple:asiento")
    assert d.prompt == "Choose the type of action 2 of 3"


def test_a_campaign_refused_for_its_own_reason_says_that_reason(hothead: Game) -> None:
    """Actions / Government Actions: the reason a Military Campaign is not allowed is the
    true one: after a campaign in Italy with the previous ACTION card, the action is
    refused because of that, not for "no war to campaign in"."""
    at_war(hothead, units={"tercio": 3})
    hothead.state.gov_prev_card = ("military-campaign", "france-italy")
    why = actions.why_not(hothead, ACTIONS["military-campaign"], CARD)
    assert why == "campaigned here with the previous ACTION card (War with France, Italian front)"
    hothead.state.wars["france-italy"].truce = True
    assert actions.why_not(hothead, ACTIONS["military-campaign"], CARD) == (
        "at truce (War with France, Italian front)"
    )


def test_an_embassy_refused_for_its_own_reason_says_that_reason(hothead: Game) -> None:
    """Actions / Political Actions (Embassy): with a war but nobody to send, the reason
    is "no ambassador available", not "no war to send an embassy to"."""
    at_war(hothead)
    hothead.state.court_nobles = [None] * 4
    hothead.state.offices = dict.fromkeys(hothead.state.offices)
    assert actions.why_not(hothead, ACTIONS["embassy"], CARD) == (
        "no ambassador available (War with France, Italian front)"
    )
    hothead.state.wars["france-italy"].active = False
    assert actions.why_not(hothead, ACTIONS["embassy"], CARD) == "no war to send an embassy to"


def test_back_from_a_granted_action_returns_to_the_cards_choice(hothead: Game) -> None:
    """Events / His Majesty the King, The Ensign Nun: going back from the action menu
    returns to the card's choice; the granted action is not lost."""
    s = hothead.state
    treasury = s.treasury
    _, asked = drive(
        events.play_event(hothead, "his-majesty-the-king"),
        ["type:royal", "back", "type:government", "action:government:raise-tercio", "to:italy"],
    )
    assert asked[2].prompt == "Choose the type of the granted action"
    assert s.treasury == treasury - 1
    _, asked = drive(
        events.play_event(hothead, "the-ensign-nun"),
        ["nun:political", "back", "nun:political", "back", "nun:none"],
    )
    assert [d.prompt for d in asked].count(
        "THE ENSIGN NUN: explore or take a political action?"
    ) == 3
