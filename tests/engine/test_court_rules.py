"""Court events, royal and simple actions of the full game, and the End of Turn steps."""

from __future__ import annotations

from conftest import drive, stack

from planet_king.engine.game import Game
from planet_king.engine.rules import actions, end_of_turn, events, organisation
from planet_king.engine.rules.actions import ACTIONS, Context
from planet_king.engine.state import Child

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


def test_fall_from_grace_spares_the_court_painter(reign: Game) -> None:
    """Events / Fall from Grace: a random genius at Court, not the Court painter, goes
    back into the genius deck."""
    s = reign.state
    s.court_geniuses = ["diego-velazquez", "lope-de-vega", None, None]
    s.court_painter = "diego-velazquez"
    drive(events.play_event(reign, "fall-from-grace"))
    assert s.court_geniuses == ["diego-velazquez", None, None, None]
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
    """End of Turn Phase / Clean-up (ruling R21): markers reset, unique actions cleared,
    exiles back to their decks."""
    s = reign.state
    s.exiles = ["castel-rodrigo"]
    s.unique_used = ["cortes"]
    s.prestige_markers = 3
    end_of_turn.cleanup(reign)
    assert s.exiles == [] and s.noble_deck[0] == "castel-rodrigo"
    assert s.unique_used == [] and s.prestige_markers == 0


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
