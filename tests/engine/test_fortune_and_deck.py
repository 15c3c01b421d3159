"""Events Phase / Overview: fortune tests, the deck and its reshuffle; End of the Event Phase."""

from __future__ import annotations

from conftest import drive, stack

from planet_king.engine.game import Game
from planet_king.engine.rules import events, flow


def test_fortune_test_uses_the_top_cards_symbol_and_discards_it(hothead: Game) -> None:
    """Events Phase / Overview: a fortune test reads only the bird of the top card."""
    stack(hothead, "excellent-harvests")
    before = len(hothead.state.deck)
    result = hothead.fortune_test("test")
    assert (result.card, result.result, result.sp_loss) == ("excellent-harvests", "positive", False)
    assert hothead.state.discard[-1] == "excellent-harvests"
    assert len(hothead.state.deck) == before - 1
    assert "eagle, positive (card: Excellent Harvests)" in hothead.log_entries[-1].text


def test_sp_loss_symbol_is_reported_by_the_test(hothead: Game) -> None:
    """Components / Event Cards: some cards carry the SP elimination symbol."""
    stack(hothead, "instability-1")
    result = hothead.fortune_test("test")
    assert result.negative and result.sp_loss


def test_exhausted_deck_is_reshuffled_from_the_discards_mid_test(hothead: Game) -> None:
    """Events Phase / Overview: shuffle the discard pile and complete the test."""
    s = hothead.state
    s.discard.extend(s.deck)
    s.deck.clear()
    n = len(s.discard)
    hothead.fortune_test("test")
    assert len(s.deck) == n - 1 and len(s.discard) == 1
    assert any("discard pile" in e.text for e in hothead.log_entries)


def test_events_phase_ends_when_the_deck_is_empty_at_a_draw(hothead: Game) -> None:
    """End of the Event Phase: the deck is empty when an event should be drawn."""
    hothead.state.deck.clear()
    drive(flow.events_phase(hothead))
    assert hothead.state.ended_by == "deck-exhausted"


def test_events_phase_ends_after_five_action_cards(hothead: Game) -> None:
    """End of the Event Phase: 5 ACTION cards played as events end the phase."""
    hothead.state.action_cards_played = 5
    drive(flow.events_phase(hothead))
    assert hothead.state.ended_by == "action-cards"
    assert hothead.state.deck, "no card is drawn once the phase is over"


def test_events_phase_ends_after_four_action_cards_and_total_war(hothead: Game) -> None:
    """End of the Event Phase: 4 ACTION cards and TOTAL WAR end the phase."""
    hothead.state.action_cards_played = 4
    hothead.state.total_war_played = True
    drive(flow.events_phase(hothead))
    assert hothead.state.ended_by == "total-war"


def test_four_action_cards_without_total_war_do_not_end_the_phase(hothead: Game) -> None:
    """End of the Event Phase: four ACTION cards alone are not enough."""
    s = hothead.state
    s.action_cards_played = 4
    s.deck = ["excellent-harvests"]
    drive(flow.events_phase(hothead))
    assert s.ended_by == "deck-exhausted"
    assert s.stats.events_played["excellent-harvests"] == 1


def test_single_use_card_leaves_the_game_after_its_event(content) -> None:
    """Events: a single-use (flame) event is removed from the game after resolving."""
    from dataclasses import replace

    from planet_king.engine.rules import events

    flame = content.events["excellent-harvests"].model_copy(update={"one_use": True})
    game = Game(
        "hothead",
        seed=1,
        content=replace(content, events={**content.events, "excellent-harvests": flame}),
    )
    game.state.deck.remove("excellent-harvests")
    drive(events.play_event(game, "excellent-harvests"))
    assert "excellent-harvests" in game.state.removed_events
    assert "excellent-harvests" not in game.state.discard


def test_ordinary_event_goes_to_the_discard_pile(hothead: Game) -> None:
    """Events Phase / Overview: a card played as an event is then discarded."""
    from planet_king.engine.rules import events

    hothead.state.deck.remove("excellent-harvests")
    drive(events.play_event(hothead, "excellent-harvests"))
    assert hothead.state.discard[-1] == "excellent-harvests"


def test_a_reshuffle_mid_test_leaves_the_played_action_cards_apart(hothead: Game) -> None:
    """Events Phase / Overview (l.261: "If the event deck is exhausted during or at the
    time of a fortune test, shuffle the discard pile and complete the test(s)"); End of the
    Event Phase (l.264: ACTION and TOTAL WAR cards played as events are placed "separated
    in the discard pile to keep track of how many have been played"); ruling R102: they
    are not shuffled back, so they cannot be played again in the same Events phase; the
    cards drawn for fortune tests are."""
    s = hothead.state
    stack(hothead, "action-1")
    drive(events.play_event(hothead, hothead.draw("events")), ["done"])
    s.discard.extend(s.deck)  # every other card drawn and discarded
    s.deck.clear()
    hothead.fortune_test("test")
    assert "action-1" in s.discard and "action-1" not in s.deck
    assert s.played_apart == ["action-1"]
    assert len(s.discard) == 2  # the ACTION card apart, and the test's card
