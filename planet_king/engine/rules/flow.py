"""The game sequence: set-up, the phases of a turn, and the end of the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from planet_king.content.ids import Event, War
from planet_king.engine import draws
from planet_king.engine.rules import (
    court,
    end_of_turn,
    events,
    modes,
    organisation,
    units,
    war_declaration,
)
from planet_king.engine.rules.scenario_setup import (
    coop_winner,
    finish_standard,
    first_organisation,
    setup_standard,
)
from planet_king.engine.state import VictoryLevel, WarState

if TYPE_CHECKING:
    from planet_king.engine.game import Game, Rules

RULE_END_PHASE = "Events Phase / End of the Event Phase"


def play(g: Game, resume_turn: int | None = None, *, in_events: bool = False) -> Rules:
    """The whole game, from set-up to the victory level; or, for a fork (``Game.fork``),
    from the start of ``resume_turn`` (the state already as it was there), or
    (``in_events``) from its Events phase, before the next card is drawn."""
    if resume_turn is None:
        setup(g)
    if g.hothead:
        if resume_turn is None:
            place_cubes(g)
            g.mark_turn_start()
        if not in_events:
            yield from hothead_opening(g)
        yield from events_phase(g)
        finish_hothead(g)
        return
    if resume_turn is None:
        yield from setup_standard(g)
    s = g.state
    for turn in range(resume_turn or g.scenario.first_turn, g.scenario.last_turn + 1):
        if turn != resume_turn:
            s.turn = turn
            g.mark_turn_start()
        if in_events and turn == resume_turn:
            pass  # resumed in the Events phase: its Organisation phase is behind it
        elif turn == g.scenario.first_turn:
            yield from first_organisation(g)
        else:
            yield from organisation.organisation_phase(g)
        yield from events_phase(g)
        yield from end_of_turn.end_of_turn(g)
        if s.defeat_cause:
            finish_standard(g, "automatic-defeat")
            return
    finish_standard(g, "last-turn")


# ------------------------------------------------------------------ set-up
def setup(g: Game) -> None:
    s = g.state
    scen = g.scenario
    s.phase = "setup"
    g.log(
        f"{scen.name} ({scen.years}), turns {scen.first_turn}-{scen.last_turn}; seed {g.seed}.",
        rule="Setup / Overview",
    )
    s.treasury = scen.treasury
    s.valido = scen.valido
    s.queen = scen.queen
    s.offices = dict.fromkeys(scen.offices_used)
    for office, nid in scen.offices.items():
        s.offices[office] = nid
    for i, nid in enumerate(scen.court_nobles):
        s.court_nobles[i] = nid
    for w in g.content.wars:
        s.wars[w] = WarState(w)
    s.power_strength = {p: power.strength for p, power in g.content.powers.items()}
    s.valtellina_closed = scen.valtellina_closed
    s.portugal_independent = scen.portugal_independent
    for loc, kinds in scen.units.items():
        for kind in kinds:
            units.add_unit(g, loc, kind)
    s.indies_ducats = {
        t: terr.income for t, terr in g.content.territories.items() if terr.region == "indies"
    }
    s.noble_deck = list(scen.noble_deck or [])
    draws.shuffle(g.rng, s.noble_deck)
    s.deck = modes.apply_to_deck(g, list(scen.event_deck or []))
    s.hunting_day_due = Event.HUNTING_DAY in s.deck  # Hothead's deck holds it, unplayed
    g.shuffle_deck()
    # A scenario with a fixed deck (Hothead) has it now; the others build theirs at the
    # end of set-up (Creating the Event Decks), which logs it then.
    deck = f"The event deck has {len(s.deck)} cards; " if scen.event_deck else ""
    g.log(f"{deck}Treasury {s.treasury} ducats.", rule="Setup / Cards")


place_cubes = organisation.place_cubes


# ----------------------------------------------------------------- Hothead
def hothead_opening(g: Game) -> Rules:
    """A FRANCO-SPANISH WAR card is drawn and war declared without a test."""
    s = g.state
    card_id = g.scenario.opening_event or ""
    s.deck.remove(card_id)
    s.phase = "setup"
    g.log(
        f"Opening: {g.event(card_id).name} is drawn and resolved.",
        rule='Scenarios / "Hothead" (Special rules)',
    )
    yield from war_declaration.war_event(g, g.event(card_id), forced_declaration=True)
    s.discard.append(card_id)
    s.stats.events_played[card_id] += 1


def hothead_conditions(g: Game) -> tuple[str, str | None, bool]:
    """Hothead's victory conditions as they stand: the Italian War's outcome ("" while
    it is fought), the Viceroy of Italy, and whether his political or government rating
    is 2 or more (ruling R7)."""
    viceroy = g.state.offices.get("viceroy-italy")
    capable = (
        viceroy is not None
        and max(court.rating(g, viceroy, "political"), court.rating(g, viceroy, "government")) >= 2
    )
    return g.state.wars[War.FRANCE_ITALY].outcome or "", viceroy, capable


def finish_hothead(g: Game) -> None:
    """Major Victory: the Italian War won and a Viceroy of Italy with political or
    government 2 or more (ruling R7); anything else is a Defeat."""
    s = g.state
    s.phase = "over"
    rule = 'Scenarios / "Hothead" (Victory conditions)'
    outcome, viceroy, capable = hothead_conditions(g)
    won = outcome == "won"
    g.log(
        f"The Italian War: {'won' if won else outcome or 'still being fought'}. "
        f"Viceroy of Italy: {g.name(viceroy) if viceroy else 'vacant'}"
        f"{' (rating 2 or more)' if capable else ''}.",
        rule=rule,
    )
    s.victory_level = VictoryLevel.MAJOR_VICTORY if won and capable else VictoryLevel.DEFEAT
    g.log(f"Victory level: {s.victory_level.replace('-', ' ').title()}.", rule=rule)
    coop_winner(g)  # co-op Hothead (ruling R91)
    s.stats.vp_by_turn.append(s.vp)
    s.over = True


# ------------------------------------------------------------ Events phase
def events_phase(g: Game) -> Rules:
    """Draw and resolve events until the deck is exhausted or enough ACTION cards."""
    s = g.state
    s.phase = "events"
    while True:
        g.mark_event_start()  # a fork may resume here (``play``'s ``in_events``)
        if s.action_cards_played >= 5:
            _end_phase(g, "action-cards", "five ACTION cards have been played")
            return
        if s.action_cards_played >= 4 and s.total_war_played:
            _end_phase(g, "total-war", "four ACTION cards and TOTAL WAR have been played")
            return
        if not s.deck:
            _end_phase(g, "deck-exhausted", "the event deck is exhausted")
            return
        card_id = g.draw("events")
        g.random_draws += 1
        g.seen_draws += 1
        yield from events.play_event(g, card_id)
        if s.defeat_cause:
            return


def _end_phase(g: Game, why: str, text: str) -> None:
    g.state.ended_by = why
    g.log(f"The Events phase ends: {text}.", rule=RULE_END_PHASE)
