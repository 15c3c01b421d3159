"""The decks the rules build from the data: Example First Game Turn, Anni Horribiles."""

from __future__ import annotations

from planet_king.content.loader import Content
from planet_king.content.models import EventCard, Scenario, TurnWindow


def no_turn_indication(window: TurnWindow) -> bool:
    return window.from_ is None and window.to is None and window.condition is None


def open_on(window: TurnWindow, turn: int) -> bool:
    """A seal admits the turn (Creating the Notable Decks / Creating the Event Decks)."""
    return window.condition is None and window.open_on(turn)


def condition_met_at_start(key: str, scen: Scenario) -> bool:
    """Entry conditions at the first Organisation of a scenario starting on turn 1: only the
    wars in progress are known (no VP yet, no Hunt, no Union of Arms, no one removed)."""
    at_war = {w.war for w in scen.wars}
    if key.startswith("war:"):
        return key.removeprefix("war:") in at_war
    return False


def active_wars(scen: Scenario) -> int:
    """For Instability the three French fronts count as one war (Wars / Overview)."""
    france = {"france-italy", "france-picardy", "france-catalonia"}
    wars = {("france" if w.war in france else w.war) for w in scen.wars}
    return len(wars)


def first_turn_event_deck(content: Content, scen: Scenario) -> list[EventCard]:
    """Creating the Event Decks at the start of a scenario (Setup / Cards)."""
    deck: list[EventCard] = []
    instability = [c for c in content.events.values() if c.turns.condition == "instability"]
    for card in content.events.values():
        cond = card.turns.condition
        if cond is None:
            included = card.turns.open_on(scen.first_turn)
        else:
            included = cond != "instability" and condition_met_at_start(cond, scen)
        if included:
            deck.append(card)
    assert scen.instability_cards == active_wars(scen) - 1
    deck += instability[: scen.instability_cards]
    return deck


def placed_nobles(scen: Scenario) -> set[str]:
    placed = {scen.valido, *scen.offices.values(), *scen.set_aside_nobles, *scen.court_nobles}
    placed |= {w.leader for w in scen.wars if w.leader}
    return {p for p in placed if p}


def test_example_first_game_turn_event_deck(content: Content) -> None:
    """Example First Game Turn: 39 cards without turn indication, DANISH INTERVENTION,
    WALLENSTEIN, RAID IN THE INDIES, 7 ACTION cards and 1 INSTABILITY: 50 cards."""
    scen = content.scenarios["anni-mirabiles"]
    deck = first_turn_event_deck(content, scen)
    assert len(deck) == 50
    plain = [c for c in deck if no_turn_indication(c.turns)]
    assert len(plain) == 39
    assert len([c for c in content.events.values() if no_turn_indication(c.turns)]) == 39
    others = sorted(c.name for c in deck if not no_turn_indication(c.turns))
    assert others == sorted(
        ["Danish Intervention", "Wallenstein", "Raid in the Indies", "Instability"] + ["Action"] * 7
    )
    assert "action-14" not in {c.id for c in deck}
    assert "hunting-day" not in {c.id for c in deck}


def test_example_first_game_turn_notable_decks(content: Content) -> None:
    """Example First Game Turn: 11 nobles, 8 geniuses and 2 ladies in the turn-1 decks."""
    scen = content.scenarios["anni-mirabiles"]
    nobles = {n.id for n in content.nobles.values() if open_on(n.turns, 1)} - placed_nobles(scen)
    assert nobles == {
        "gaspar-de-bracamonte", "castel-rodrigo", "diego-carrillo", "diego-mexia-guzman",
        "gomez-suarez", "manuel-de-melo", "fernandez-de-castro-father", "francisco-pimentel",
        "antonio-de-oquendo", "alvarez-de-toledo", "bartolome-de-fonte",
    }  # fmt: skip
    geniuses = {g.id for g in content.geniuses.values() if open_on(g.turns, 1)}
    assert geniuses == {
        "vicente-carducho", "diego-velazquez", "baltasar-gracian", "lope-de-vega",
        "francisco-de-quevedo", "jose-de-ribera", "francisco-de-zurbaran", "luis-de-gongora",
    }  # fmt: skip
    chosen_mistress = "maria-calderon"  # the example's choice
    assert chosen_mistress in scen.mistress_choices
    ladies = {la.id for la in content.ladies.values() if open_on(la.turns, 1)}
    assert ladies - {scen.queen, chosen_mistress} == {"casilda-manrique", "maria-de-chirel"}


def test_scenario_notables_are_available_on_the_first_turn(content: Content) -> None:
    """Scenarios: every notable a scenario places is in play on its first turn."""
    for scen in content.scenarios.values():
        if scen.kind == "hothead":
            continue
        placed = placed_nobles(scen) | set(scen.court_geniuses) | set(scen.mistress_choices)
        placed |= {scen.queen} if scen.queen else set()
        for card_id in placed:
            assert open_on(content.notables[card_id].turns, scen.first_turn), (scen.id, card_id)


def test_anni_horribiles_draws_five_nobles_and_a_genius(content: Content) -> None:
    """Anni Horribiles: 5 nobles and 1 genius drawn among those available for turn 5."""
    scen = content.scenarios["anni-horribiles"]
    out = placed_nobles(scen) | set(scen.eliminated)
    nobles = [n for n in content.nobles.values() if open_on(n.turns, 5) and n.id not in out]
    geniuses = [
        g for g in content.geniuses.values()
        if open_on(g.turns, 5) and g.id not in out and g.id not in scen.court_geniuses
    ]  # fmt: skip
    assert len(nobles) >= scen.random_nobles + 2
    assert len(geniuses) >= scen.random_geniuses
    assert any(n.leader for n in nobles)  # someone can command the army of Portugal
    # Eliminated notables would otherwise be available on turn 5 (ruling D4).
    for card_id in scen.eliminated:
        assert open_on(content.notables[card_id].turns, 5), card_id
    assert content.nobles[scen.valido or ""].leader is not None
    assert scen.random_commands == ["portugal"]


def test_instability_example_court_is_in_play_on_turn_4(content: Content) -> None:
    """Instability example (turn 4): every notable named there is available on turn 4."""
    for card_id in (
        "fernando-de-austria", "rodrigo-pacheco", "leopold-of-habsburg", "francisco-pimentel",
        "garcia-de-avellaneda", "fernandez-de-la-cueva", "gaspar-de-borja", "diego-velazquez",
        "baltasar-gracian", "mariana-perez",
    ):  # fmt: skip
        assert open_on(content.notables[card_id].turns, 4), card_id


def test_creating_the_notable_decks_example_turn_3(content: Content) -> None:
    """Creating the Notable Decks: on turn 3 SOR JUANA DE LA CRUZ may be removed (she entered
    earlier), JUAN CARAMUEL may not (he enters on turn 3)."""
    juana = content.geniuses["sor-juana-de-la-cruz"].turns
    assert open_on(juana, 3) and (juana.from_ or 1) < 3
    assert content.geniuses["juan-caramuel"].turns.from_ == 3
