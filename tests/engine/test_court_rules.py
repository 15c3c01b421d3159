"""Court events, royal and simple actions of the full game, and the End of Turn steps."""

from __future__ import annotations

import pytest
from conftest import drive, forced_picks, stack

from planet_king.engine.decisions import DecisionKind
from planet_king.engine.game import Game
from planet_king.engine.rules import (
    actions,
    court,
    economy,
    end_of_turn,
    events,
    family,
    organisation,
)
from planet_king.engine.rules.actions import ACTIONS, Context
from planet_king.engine.state import Child

CARD_CTX = Context("card", "Action")

CARD = Context("card", "Action")


def test_patron_brings_the_top_genius_to_court(reign: Game) -> None:
    """Events (Patron), Example First Game Turn: a new genius comes to Court."""
    s = reign.state
    s.genius_deck = ["lope-de-vega", "francisco-de-quevedo"]
    drive(events.play_event(reign, "patron"))
    assert "francisco-de-quevedo" in s.court_geniuses


def test_patron_is_discarded_when_the_court_is_full(reign: Game) -> None:
    """Events: PATRON is not carried out with four geniuses at Court; the card is
    discarded (the rulebook's own example)."""
    s = reign.state
    s.court_geniuses = ["diego-velazquez", "lope-de-vega", "luis-de-gongora", "alonso-cano"]
    s.genius_deck = ["francisco-de-quevedo"]
    drive(events.play_event(reign, "patron"))
    assert s.genius_deck == ["francisco-de-quevedo"]
    assert any("cannot be carried out" in e.text for e in reign.log_entries)


def test_indies_fleet_and_manila_galleon_go_to_plus_ultra(reign: Game) -> None:
    """Example First Game Turn: WEST INDIES FLEET and GALLEON OF MANILA markers."""
    drive(events.play_event(reign, "west-indies-fleet-1"))
    drive(events.play_event(reign, "manila-galleon"))
    assert reign.state.plus_ultra == {"indies-fleet": 1, "manila-galleon": 1}


@pytest.mark.parametrize("card", ["fall-from-grace", "rivalry"])
def test_the_court_painter_drawn_is_immune_and_the_card_has_no_effect(
    reign: Game, card: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Events / Rivalry, Fall from Grace; Royal Actions (Appoint Court Painter), ruling
    R57: the genius is drawn among all those at Court; when the draw is the Court painter,
    he is immune and the card has no effect (no other genius is hit)."""
    s = reign.state
    s.court_geniuses = ["diego-velazquez", "lope-de-vega", None, None]
    s.court_painter = "diego-velazquez"
    cups: list[list[str]] = []

    def first(items, what):  # the draw lands on the first marker of the cup
        cups.append(list(items))
        return items[0]

    monkeypatch.setattr(reign, "pick", first)
    deck = list(s.genius_deck)
    drive(events.play_event(reign, card))
    assert cups == [["genius:1", "genius:2"]]
    assert s.court_geniuses == ["diego-velazquez", "lope-de-vega", None, None]
    assert s.exiles == [] and s.genius_deck == deck


def test_fall_from_grace_sends_a_drawn_genius_back_to_the_deck(reign: Game) -> None:
    """Events / Fall from Grace: a random genius at Court goes back into the genius deck."""
    s = reign.state
    s.court_geniuses = ["lope-de-vega", None, None, None]
    s.genius_deck = [x for x in s.genius_deck if x != "lope-de-vega"]
    drive(events.play_event(reign, "fall-from-grace"))
    assert s.court_geniuses == [None, None, None, None]
    assert "lope-de-vega" in s.genius_deck


def test_rivalry_exiles_a_genius(reign: Game) -> None:
    """Events / Rivalry: a random genius at Court (not the Court painter) is exiled."""
    s = reign.state
    s.court_geniuses = ["lope-de-vega", None, None, None]
    drive(events.play_event(reign, "rivalry"))
    assert s.exiles == ["lope-de-vega"] and s.court_geniuses[0] is None


def test_libertines_exile_on_a_negative(reign: Game) -> None:
    """Events / Libertines: the player chooses a libertine noble; negative: exile."""
    s = reign.state
    libertine = next(n for n, c in reign.content.nobles.items() if "libertine" in c.traits)
    s.court_nobles = [libertine, None, None, None]
    stack(reign, "the-plague")
    drive(events.play_event(reign, "libertines"))
    assert libertine in s.exiles


def test_union_of_arms_first_and_second_play(reign: Game) -> None:
    """Events / Union of Arms: optional; first play a ducat and an INSTABILITY card for
    good; second play completes the Union: Aragon 2, two provincial tercios in Spain,
    ACTION 14 at the next Organisation."""
    s = reign.state
    s.deck = [c for c in s.deck if not c.startswith("instability")]
    treasury = s.treasury
    drive(events.play_event(reign, "union-of-arms"), ["union:play"])
    assert s.union_of_arms == 1 and s.union_instability and s.treasury == treasury + 1
    assert any(c.startswith("instability") for c in s.deck)
    drive(events.play_event(reign, "union-of-arms"), ["union:play"])
    assert s.union_of_arms == 2 and "union-of-arms" in s.removed_events
    organisation.build_event_deck(reign)
    assert "action-14" in s.deck


def test_the_completed_union_of_arms_leaves_the_game(reign: Game) -> None:
    """Events / Union of Arms: "The second time this card is used as an event, the UNION
    OF ARMS is considered to be completed. It is discarded from the game": it is not in
    the discard pile, so no reshuffle or later deck brings it back."""
    s = reign.state
    drive(events.play_event(reign, "union-of-arms"), ["union:play"])
    assert s.discard == ["union-of-arms"]  # after its first play, an ordinary discard
    s.discard.remove("union-of-arms")  # drawn again
    drive(events.play_event(reign, "union-of-arms"), ["union:play"])
    assert "union-of-arms" not in s.discard
    reign.reshuffle_discards("in a test")
    assert "union-of-arms" not in s.deck
    organisation.build_event_deck(reign)
    assert "union-of-arms" not in s.deck


def _anni_horribiles_at_its_first_events_phase(content) -> Game:
    g = Game("anni-horribiles", seed=3, content=content)
    while g.state.phase == "setup" or g.state.phase == "organisation":
        g.choose(g.decision.legal_ids[0])  # type: ignore[union-attr]
    return g


def test_anni_horribiles_starts_without_the_completed_union_of_arms(content) -> None:
    """Scenarios / Anni Horribiles ("The Union of Arms is completed"); Events / Union of
    Arms ("It is discarded from the game"): the card is not in the scenario's deck and
    cannot enter a later one."""
    g = _anni_horribiles_at_its_first_events_phase(content)
    s = g.state
    assert "union-of-arms" in s.removed_events
    assert "union-of-arms" not in s.deck + s.discard
    s.turn = 6
    organisation.build_event_deck(g)
    assert "union-of-arms" not in s.deck


def test_anni_horribiles_keeps_the_union_of_arms_instability_card(content) -> None:
    """Organisation Phase / Creating the Event Decks: "Once the player plays the UNION OF
    ARMS event, another Instability card is added ... The INSTABILITY card added by this
    event remains in play for the entire game." Anni Horribiles' completed Union was
    played, so from turn 6 the deck has active wars minus one, plus one: with its three
    wars (France's fronts count once) three cards, as the set-up's "3 INSTABILITY cards"."""
    g = _anni_horribiles_at_its_first_events_phase(content)
    s = g.state
    instability = [c for c in s.deck if g.content.events[c].effect == "instability"]
    assert len(instability) == 3  # the set-up count, unchanged
    assert organisation.active_war_count(g) == 3
    s.turn = 6
    organisation.build_event_deck(g)
    instability = [c for c in s.deck if g.content.events[c].effect == "instability"]
    assert len(instability) == 3


def test_union_of_arms_brings_guerra_dels_segadors_with_four_powers_at_war(
    reign: Game,
) -> None:
    """Events / Union of Arms: "If there are no INSTABILITY cards available, they must add
    the GUERRA DELS SEGADORS card instead." With three INSTABILITY cards (D19), four powers
    at war at the Organisation put all three in the deck, so the first UNION OF ARMS brings
    the Catalan revolt in (issue 13, point 7: with five it needed six wars at once)."""
    s = reign.state
    s.turn = 4
    for w in ("flanders", "palatinate", "england", "ottoman"):
        s.wars[w].active = True
    organisation.build_event_deck(reign)
    assert sum(c.startswith("instability") for c in s.deck) == 3
    drive(events.play_event(reign, "union-of-arms"), ["union:play"])
    assert "guerra-dels-segadors" in s.deck and not s.union_instability
    organisation.build_event_deck(reign)
    assert "guerra-dels-segadors" in s.deck, "it stays in the deck for the next turns"


def test_union_of_arms_may_be_declined(reign: Game) -> None:
    """Events / Union of Arms: the player may choose not to play it."""
    drive(events.play_event(reign, "union-of-arms"), ["union:pass"])
    assert reign.state.union_of_arms == 0


def test_royal_marriage_gives_a_queen_when_there_is_none(reign: Game) -> None:
    """Cooperative Game / Event Cards (ROYAL MARRIAGE, reconstructed): no Queen, the King
    marries and gains a happiness point."""
    s = reign.state
    s.ladies_deck = ["maria-anna-of-austria"]
    drive(events.play_event(reign, "royal-marriage"))
    assert s.queen == "maria-anna-of-austria" and s.happiness_markers == 1


def test_construction_deploys_at_once(reign: Game) -> None:
    """Events (Construction): units under construction are deployed at once."""
    s = reign.state
    s.construction = [("tercio", "")]
    before = s.units.get("spain", {}).get("tercio", 0)
    drive(events.play_event(reign, "construction"), ["to:spain"])
    assert s.units["spain"]["tercio"] == before + 1 and s.construction == []


def test_choose_mistress_action_removes_her_bastards(reign: Game) -> None:
    """Royal Actions (Choose Royal Mistress): not on a scenario's first turn; the old
    mistress leaves with her bastards; +1 happiness."""
    s = reign.state
    assert (
        actions.why_not(reign, ACTIONS["choose-mistress"], CARD)
        == "not in the first turn of a scenario"
    )
    s.turn = 2
    s.mistress = "maria-de-chirel"
    s.children = [Child("b1", True, False)]
    s.ladies_deck = ["casilda-manrique"]
    drive(actions.perform(reign, ACTIONS["choose-mistress"], CARD))
    assert s.mistress == "casilda-manrique" and s.children == []
    assert "maria-de-chirel" in s.removed_notables and s.happiness_markers == 1


def test_nominate_genius_with_a_full_court_removes_one(reign: Game) -> None:
    """Royal Actions (Nominate/Remove Genius): the drawn genius arrives; over four, one
    must go (the new one or another)."""
    s = reign.state
    s.court_geniuses = ["diego-velazquez", "lope-de-vega", "luis-de-gongora", "alonso-cano"]
    s.genius_deck = ["francisco-de-quevedo"]
    drive(actions.perform(reign, ACTIONS["nominate-genius"], CARD), ["remove:luis-de-gongora"])
    assert "francisco-de-quevedo" in s.court_geniuses
    assert "luis-de-gongora" in s.removed_notables


def test_court_painter_needs_two_points_of_painting(reign: Game) -> None:
    """Royal Actions (Appoint Court Painter): a painter with 2 or more points."""
    s = reign.state
    s.court_geniuses = ["vicente-carducho", "diego-velazquez", None, None]
    assert actions.why_not(reign, ACTIONS["court-painter"], CARD) is None
    drive(actions.perform(reign, ACTIONS["court-painter"], CARD))  # the only candidate
    assert s.court_painter == "diego-velazquez"
    assert (
        actions.why_not(reign, ACTIONS["court-painter"], CARD)
        == "no painter at Court with 2 or more points"
    )


def test_fortification_action_builds_and_gives_prestige(reign: Game) -> None:
    """Simple Actions (Build a Fortification): one ducat, +1 prestige, deployed at the End
    of Turn; a level 1 territory becomes level 2; never Spain."""
    s = reign.state
    treasury = s.treasury
    _, asked = drive(actions.perform(reign, ACTIONS["build-fortification"], CARD), ["fort:peru"])
    assert "fort:spain" not in asked[0].legal_ids
    assert s.treasury == treasury - 1 and s.prestige_markers == 1
    drive(end_of_turn.deploy_construction(reign, "End of Turn"))
    assert s.fortifications["peru"] == 2


def test_revolt_with_troops_is_tested_without_costs_a_ducat(reign: Game) -> None:
    """End of Turn Phase / Revolts: with SP in the territory a positive or neutral test
    ends the revolt; without SP the marker goes and a ducat is lost."""
    s = reign.state
    s.revolts = ["spain", "spanish-netherlands"]
    s.units["spain"] = {"tercio": 1}
    s.units["spanish-netherlands"] = {}
    treasury = s.treasury
    stack(reign, "action-2")
    drive(end_of_turn.revolts(reign))
    assert s.revolts == [] and s.treasury == treasury - 1


def test_provincial_levy_with_the_union_of_arms(reign: Game) -> None:
    """Construction and Maintenance: provincials go home; one is levied in Spain and one
    in Italy (two in Spain with the Union of Arms)."""
    s = reign.state
    for ws in s.wars.values():
        ws.active = False
    s.union_of_arms = 2
    s.units = {"spain": {"provincial": 1}, "italy": {"provincial": 1}}
    drive(end_of_turn.provincial_levy(reign))
    assert s.units["spain"]["provincial"] == 2 and s.units["italy"]["provincial"] == 1


def test_cleanup_returns_exiles_and_clears_the_turn(reign: Game) -> None:
    """End of Turn Phase / Clean-up (rulings R21, R104): markers reset, unique actions
    cleared; an exile with no free position to take goes back to its deck."""
    s = reign.state
    others = iter(n for n in reign.content.nobles if n != "castel-rodrigo")
    s.court_nobles = [next(others) for _ in s.court_nobles]
    for office in s.offices:
        s.offices[office] = next(others)
    for ws in s.wars.values():
        ws.active = False
    s.exiles = ["castel-rodrigo"]
    s.unique_used = ["cortes"]
    s.prestige_markers = 3
    drive(end_of_turn.cleanup(reign))
    assert s.exiles == [] and s.noble_deck[0] == "castel-rodrigo"
    assert s.unique_used == [] and s.prestige_markers == 0


def test_r104_a_notable_back_from_exile_at_cleanup_takes_a_free_position(reign: Game) -> None:
    """Events / Traitor (l.289: "A notable who returns from exile can occupy any
    unoccupied position at Court, office, or command of an army"); Clean-up (l.705);
    ruling R104: the exile that ends at clean-up is a return from exile."""
    s = reign.state
    s.noble_deck.remove("castel-rodrigo")
    s.exiles = ["castel-rodrigo"]
    free = [p for p in s.offices if s.offices[p] is None]
    assert free
    _, asked = drive(end_of_turn.cleanup(reign), [f"place:office:{free[0]}"])
    assert asked[0].kind is DecisionKind.PLACE_NOBLE and asked[0].subject == "castel-rodrigo"
    assert s.offices[free[0]] == "castel-rodrigo"
    assert s.exiles == [] and "castel-rodrigo" not in s.noble_deck


def test_a_whole_campaign_turn_runs_to_the_next_organisation(content) -> None:
    """Game Sequence: set-up, Organisation (first turn: actions only), Events, End of
    Turn, then the next turn's Organisation."""
    game = Game("anni-mirabiles", seed=4, content=content)
    while game.decision is not None and game.state.turn == 1:
        d = game.decision
        game.choose("done" if "done" in d.legal_ids else d.legal_ids[0])
    phases = [e.phase for e in game.log_entries]
    assert "end-of-turn" in phases
    if game.decision is not None:
        assert game.state.turn == 2 and game.state.phase == "organisation"
        assert len(game.turn_digests) == 2


def test_sor_maria_de_agreda_is_in_anni_horribiles_first_draw(content) -> None:
    """Special Rules / Sor María de Ágreda: she enters "on turn 6 or on the turn after the
    dismissal of the Valido GASPAR DE GUZMÁN". Anni Horribiles (turn 5) eliminates him at
    set-up with Luis de Haro as Valido, so his dismissal is past and she is among the
    nobles available for turn 5."""
    g = Game("anni-horribiles", seed=3, content=content)
    s = g.state
    assert "sor-maria-de-agreda" in s.entered_this_turn  # in the deck the set-up draws from
    assert "sor-maria-de-agreda" not in s.removed_notables


def test_a_hunt_at_end_of_turn_puts_hunting_day_in_the_next_deck(reign: Game) -> None:
    """Actions / Royal Actions (Hunt); Organisation Phase / Creating the Event Decks
    ("The HUNTING DAY card is included through the royal action 'Hunt'"), ruling R61: a
    Hunt taken at End of Turn is not lost when the next turn's deck is built."""
    s = reign.state
    s.deck = []  # the Events phase is over
    drive(actions.perform(reign, ACTIONS["hunt"], Context("end-of-turn", "End of Turn phase")))
    s.turn, s.unique_used = 2, []  # clean-up, then the next Organisation
    organisation.build_event_deck(reign)
    assert s.deck.count("hunting-day") == 1
    assert actions.why_not(reign, ACTIONS["hunt"], CARD_CTX) == (
        "HUNTING DAY is already in the event deck"
    )


def test_a_played_hunting_day_does_not_come_back_by_itself(reign: Game) -> None:
    """Creating the Event Decks (ruling R61): once HUNTING DAY has been played, only a
    new Hunt brings it into a deck."""
    s = reign.state
    s.deck, s.discard = [], ["hunting-day"]
    s.turn = 2
    organisation.build_event_deck(reign)
    assert "hunting-day" not in s.deck


def test_an_exiled_royal_mistress_takes_her_bastards(reign: Game) -> None:
    """Events / Traitor (exile); Actions / Royal Actions (Choose Royal Mistress), rulings
    R42 and R62: the bastards leave with the Royal Mistress however she leaves the Court,
    exile included; the legitimate children stay."""
    s = reign.state
    s.mistress = "maria-calderon"
    s.children = [Child("heir", True, True), Child("bastard", True, False)]
    drive(court.exile(reign, "maria-calderon", "TRAITOR"))
    assert s.mistress is None and "maria-calderon" in s.exiles
    assert [c.id for c in s.children] == ["heir"]


def test_a_conditional_war_card_once_entered_stays_in_the_deck(reign: Game) -> None:
    """Organisation Phase / Creating the Event Decks; Wars / War with the United Provinces
    ("included in the event deck in the Organisation phase of the turn in which the player
    reaches 4 or more victory points"), ruling R60: FLANDERS WAR (34) enters when its
    condition is met and stays in the later decks when the VP fall back."""
    s = reign.state
    s.turn, s.vp = 3, 4
    organisation.build_event_deck(reign)
    assert "flanders-war-34" in s.deck
    s.turn, s.vp = 4, 3
    organisation.build_event_deck(reign)
    assert "flanders-war-34" in s.deck


def test_low_prestige_brings_the_war_cards_in_at_the_next_organisation(reign: Game) -> None:
    """Creating the Event Decks ("the previous turn ended with 4 or less prestige");
    Wars / War with England ("at the end of the End of Turn phase of any turn"), ruling
    R60: not before a turn has ended low; from the next Organisation on, for good."""
    s = reign.state
    s.turn, s.vp = 2, 0
    organisation.build_event_deck(reign)
    assert "anglo-spanish-war-37" not in s.deck and "flanders-war-34" not in s.deck
    s.low_prestige = True  # turn 2 ended with prestige 4 or less
    s.turn = 3
    organisation.build_event_deck(reign)
    assert "anglo-spanish-war-37" in s.deck and "flanders-war-34" in s.deck


def test_bastards_leave_under_the_rule_that_acts(reign: Game) -> None:
    """Organisation Phase / Choosing the Royal Mistress (l.245, "The replaced Royal
    Mistress is permanently removed"), Events / The Twilight of Life (l.329), ruling R42:
    the bastards removed in those steps are logged under those rules, not under End of
    Turn Phase / Royal Family Mortality, which does not act there."""
    s = reign.state
    s.turn, s.mistress = 2, "maria-calderon"
    s.children = [Child("b1", True, False)]
    s.queen = "elisabeth-of-france"
    ladies = family.mistress_candidates(reign)
    drive(organisation.mistress_step(reign), [f"mistress:{ladies[0]}"] if len(ladies) > 1 else [])
    removed = [e for e in reign.log_entries if "bastard" in e.text and "is removed" in e.text]
    assert [e.rule for e in removed] == [organisation.RULE_MISTRESS]
    s.children = [Child("b2", True, False)]
    with forced_picks(reign, "mistress"):
        drive(events.play_event(reign, "the-twilight-of-life"))
    removed = [e for e in reign.log_entries if "bastard" in e.text and "is removed" in e.text]
    assert [e.rule for e in removed][1:] == ["Events / The Twilight of Life"]
    assert all(e.rule != family.RULE_MORTALITY for e in reign.log_entries)


def test_a_revolt_test_needs_one_full_sp(reign: Game) -> None:
    """End of Turn Phase / Revolts (l.598: "at least 1 of their own SP"); Military Units
    (l.143: "Provincial tercios are worth ½ SP"); rulings R24 and R100: the provincial
    tercio levied just before Revolts is half an SP and gives no test; the two levied in
    Spain after the UNION OF ARMS are one SP and do; so does a fleet, which l.967's
    "tercio" would leave out."""
    s = reign.state
    s.revolts = ["spain", "italy", "spanish-netherlands"]
    s.units["spain"] = {"provincial": 2}
    s.units["italy"] = {"provincial": 1}
    s.units["spanish-netherlands"] = {"fleet": 1}
    stack(reign, "action-2", "excellent-harvests")  # neither negative
    s.treasury, deck = 5, len(s.deck)
    drive(end_of_turn.revolts(reign))
    assert len(s.deck) == deck - 2  # tests in Spain and Flanders, none in Italy
    assert s.revolts == [] and s.treasury == 4


def test_an_asiento_after_income_secures_next_turns_castile_revenue(reign: Game) -> None:
    """Simple Actions / Asiento (l.569: no ducats "from Castile for that turn"); Income;
    Special Rules / Bankruptcy (an Asiento to pay a debt); ruling R101: an Asiento on
    Castile declared after this turn's Income (a table's ducat at the scores) forgoes the
    next turn's Castile revenue; one declared before Income is over at clean-up."""
    s = reign.state
    s.phase, s.step, s.asiento = "end-of-turn", "scores", 0
    economy.do_asiento(reign, "bankruptcy")
    drive(end_of_turn.cleanup(reign))
    assert s.asiento == 1 and not s.castile_secured_next
    s.turn += 1
    drive(end_of_turn.income(reign))
    assert any("nothing from Castile" in e.text for e in reign.log_entries[-12:])
    s.step = "player actions"
    drive(end_of_turn.cleanup(reign))
    economy.do_asiento(reign, "action:asiento")
    drive(end_of_turn.cleanup(reign))
    assert s.asiento == 0
