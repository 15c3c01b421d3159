"""The full turn: Organisation, scores, income, the royal family — the rulebook's worked
examples as scripted tests (a constructed state, forced draws, scripted choices)."""

from __future__ import annotations

import pytest
from conftest import drive, forced_picks, stack

from planet_king.engine.game import Game
from planet_king.engine.rules import (
    actions,
    end_of_turn,
    events,
    family,
    organisation,
    scoring,
)
from planet_king.engine.state import Child


# ------------------------------------------------------------- Organisation
def test_cubes_of_the_organisation_example(reign: Game) -> None:
    """Organisation Phase / Player Actions (example): Olivares as Valido gives three red,
    two blue, four yellow and, being industrious, one green cube."""
    reign.state.valido = "gaspar-de-guzman"
    organisation.place_cubes(reign)
    assert reign.state.cubes == {"red": 3, "blue": 2, "yellow": 4, "green": 1}


def test_organisation_actions_spend_no_cubes(reign: Game) -> None:
    """Organisation Phase / Player Actions: up to three actions of different types,
    without cubes, but not campaigns or embassies (the example: hunt and raise a tercio)."""
    s = reign.state
    organisation.place_cubes(reign)
    cubes = dict(s.cubes)
    ctx = actions.Context("organisation", "Organisation phase")
    s.deck = [c for c in s.deck if c != "hunting-day"]
    treasury = s.treasury
    drive(
        actions.take_actions(reign, ctx),
        [
            "type:royal",
            "action:royal:hunt",
            "type:government",
            "action:government:raise-tercio",
            "done",
        ],
    )
    assert s.cubes == cubes
    assert "hunting-day" in s.deck and s.treasury == treasury - 1
    assert ("tercio", "") in s.construction
    assert (
        actions.why_not(reign, actions.ACTIONS["military-campaign"], ctx)
        == "not in the Organisation phase"
    )
    assert (
        actions.why_not(reign, actions.ACTIONS["embassy"], ctx) == "not in the Organisation phase"
    )


def test_instability_cards_are_active_wars_minus_one(reign: Game) -> None:
    """Creating the Event Decks (example): at war with France, England and the
    Protestants, two INSTABILITY cards; France's fronts count once."""
    s = reign.state
    for ws in s.wars.values():
        ws.active = False
    for w in ("france-picardy", "france-catalonia", "england", "palatinate"):
        s.wars[w].active = True
    organisation.build_event_deck(reign)
    assert sum(1 for c in s.deck if c.startswith("instability")) == 2


def test_conditional_and_removed_cards_of_the_event_deck(reign: Game) -> None:
    """Creating the Event Decks: RAID IN THE INDIES only with the Flanders war; red-text
    removals of last turn; BARBARY PIRATES gone after a won Barbary war; ACTION 14 only
    once the Union of Arms is completed."""
    s = reign.state
    s.turn = 2
    s.pending_removals = ["danish-intervention"]
    s.wars["barbary"].outcome = "won"
    organisation.build_event_deck(reign)
    raid = next(c for c, e in reign.content.events.items() if e.turns.condition == "war:flanders")
    assert raid in s.deck
    assert "danish-intervention" not in s.deck and "danish-intervention" in s.removed_events
    assert "barbary-pirates" not in s.deck
    assert "action-14" not in s.deck
    s.union_of_arms = 2
    s.wars["flanders"].active = False
    organisation.build_event_deck(reign)
    assert "action-14" in s.deck and raid not in s.deck


def test_notable_decks_follow_turns_and_the_optional_removal(reign: Game) -> None:
    """Creating the Notable Decks: cards enter on their turn; from turn 2 one card per
    deck may be removed, not one that entered this turn."""
    s = reign.state
    s.turn = 3
    organisation.fill_decks(reign)
    assert "juan-caramuel" in s.genius_deck and "juan-caramuel" in s.entered_this_turn
    gen = organisation.optional_removals(reign)
    d = next(gen)  # nobles
    d = gen.send("keep")
    assert d.option("remove:juan-caramuel").allowed is False
    victim = next(o.id for o in d.options if o.allowed and o.id != "keep")
    gen.send(victim)
    assert victim.partition(":")[2] in s.removed_notables


# ------------------------------------------------------------------- scores
def test_enlightenment_example_totals_seven(reign: Game) -> None:
    """Enlightenment Points (example): Quevedo 2, Lope de Vega 2, Góngora 1, Zurbarán 2,
    Brun (writer) and Borja (patron): two cards per art, 7 points, +1 VP +1 prestige
    -1 ducat."""
    s = reign.state
    s.court_geniuses = [
        "francisco-de-quevedo",
        "lope-de-vega",
        "luis-de-gongora",
        "francisco-de-zurbaran",
    ]
    s.court_nobles = ["antoine-brun", "gaspar-de-borja", None, None]
    s.valido = "gaspar-de-guzman"
    assert scoring.enlightenment(reign).total == 7
    row = scoring.table_row(reign.content.tables.enlightenment, 7)
    assert (row.vp, row.prestige, row.ducats) == (1, 1, -1)


def test_prestige_and_happiness_examples(reign: Game) -> None:
    """Prestige Points and King's Happiness Points (examples): Brun 1 + Borja 1 +
    Elisabeth 2 - Casilda 1, +1 from enlightenment, markers +2 -1: 5, one VP. Happiness:
    Elisabeth 1 + Casilda 2, -1 without children, +4 from the turn: 6, +1 VP -1 ducat."""
    s = reign.state
    s.valido = "gaspar-de-guzman"
    s.court_nobles = ["antoine-brun", "gaspar-de-borja", None, None]
    s.queen, s.mistress = "elisabeth-of-france", "casilda-manrique"
    s.prestige_markers = 2 - 1
    assert scoring.prestige(reign, extra=1).total == 5
    assert scoring.table_row(reign.content.tables.prestige, 5).vp == 1
    s.happiness_markers = -1 + 4
    assert scoring.happiness(reign).total == 6
    row = scoring.table_row(reign.content.tables.happiness, 6)
    assert (row.vp, row.ducats) == (1, -1)


def test_spanish_golden_age_example_counts_eight(reign: Game) -> None:
    """Example First Game Turn: Velázquez 3, Quevedo 2, Gracián 1, Pimentel (patron) 1,
    María Calderón's music 1: eight points, one VP."""
    s = reign.state
    s.valido = "gaspar-de-guzman"
    s.court_geniuses = ["diego-velazquez", "francisco-de-quevedo", "baltasar-gracian", None]
    s.court_nobles = ["francisco-pimentel", "bartolome-de-fonte", None, None]
    s.mistress = "maria-calderon"
    assert scoring.golden_age_points(reign) == 8
    vp = s.vp
    drive(events.play_event(reign, "spanish-golden-age"))
    assert s.vp == vp + 1


def test_automatic_defeat_when_prestige_falls_to_one(reign: Game) -> None:
    """Victory / Automatic Defeat: prestige of one or less loses the game."""
    s = reign.state
    s.valido = "gaspar-de-guzman"
    s.court_geniuses = ["diego-velazquez", "lope-de-vega", None, None]
    s.queen = "elisabeth-of-france"
    s.prestige_markers = -1
    drive(scoring.score_turn(reign))
    assert "prestige" in s.defeat_cause


# ------------------------------------------------------------------ income
def test_indies_income_example_of_turn_five(reign: Game) -> None:
    """Income from the Indies (example, turn 5): a fleet, two Indies fleets, the galleon
    and pirates; the pirates win the test and take a fleet; 2 + 2 + 1 = 5 wanted but
    only 4 ducats in the territories (three raid markers): 4 collected."""
    s = reign.state
    s.offices["viceroy-indies"] = "diego-carrillo"  # government 2, as in the example
    s.units["plus-ultra"] = {"fleet": 1}
    s.plus_ultra = {"indies-fleet": 2, "manila-galleon": 1, "pirates": 1}
    s.indies_ducats = {t: 0 for t in s.indies_ducats}
    s.indies_ducats.update({"new-spain": 2, "peru": 2})
    s.raids = ["brazil", "philippines", "mozambique"]
    s.treasury = 0
    stack(reign, "the-plague")
    end_of_turn.indies_pirates(reign)
    assert s.plus_ultra["indies-fleet"] == 1
    s.raids.append("spain")  # keep Castile and Aragon out of this count
    drive(end_of_turn.income(reign))
    assert s.stats.ledger["income:indies"] == 4
    assert s.plus_ultra == {} and s.indies_ducats["brazil"] == 0


def test_first_turn_income_five_four_three(reign: Game) -> None:
    """Example First Game Turn: the Indies 5 (Viceroy 2, Indies fleet 2, galleon 1),
    Castile and Aragon 4, Italy and Flanders 3."""
    s = reign.state
    s.offices.update(
        {
            "viceroy-indies": "diego-carrillo",
            "viceroy-italy": "fernandez-de-castro-father",
            "governor-flanders": "isabel-clara-eugenia",
        }
    )
    s.plus_ultra = {"indies-fleet": 1, "manila-galleon": 1}
    s.treasury = 0
    s.asiento = 0
    drive(end_of_turn.income(reign))
    ledger = s.stats.ledger
    assert ledger["income:indies"] == 5
    assert ledger["income:castile"] + ledger["income:aragon"] == 4
    assert ledger["income:italy"] + ledger["income:flanders"] == 3


# ------------------------------------------------------------ royal family
def test_issue_example_of_the_first_turn(reign: Game) -> None:
    """Royal Actions (Issue), Example First Game Turn: with the Queen a neutral and a
    negative result give a sickly son, who becomes heir; with the Royal Mistress two
    positive results give a boy (a happiness point) and a girl."""
    s = reign.state
    s.queen, s.mistress = "elisabeth-of-france", "maria-calderon"
    stack(reign, "action-2", "the-plague", "excellent-harvests", "action-1")
    with forced_picks(reign, "male", "male", "female"):
        drive(family.issue(reign, "Issue"))
    heir = next(c for c in s.children if c.id == s.heir)
    assert heir.legitimate and heir.male and heir.sickly == 1
    bastards = [c for c in s.children if not c.legitimate]
    assert sorted(c.male for c in bastards) == [False, True]
    assert s.happiness_markers == 1


def test_sickly_heir_survives_only_on_a_positive_and_scores_a_vp(reign: Game) -> None:
    """Royal Family Mortality (Example First Game Turn): the sickly heir survives with
    EXCELLENT HARVESTS and scores a VP; the Queen draws PIRATES: sickly. Bastards go."""
    s = reign.state
    s.queen = "elisabeth-of-france"
    s.children = [Child("c1", True, True, 1), Child("c2", True, False)]
    s.heir = "c1"
    stack(reign, "excellent-harvests", "pirates-1")
    vp = s.vp
    drive(family.mortality(reign))
    assert [c.id for c in s.children] == ["c1"] and s.queen_sickly
    assert s.vp == vp + 1


def test_queen_dies_on_a_second_negative_in_another_turn(reign: Game) -> None:
    """Royal Family Mortality (example): Elizabeth of France, negative on turn 1 (sickly),
    negative again next turn: she dies, a happiness point is lost and, with no lady of
    prestige 0 or more available, the King stays without a Queen."""
    s = reign.state
    s.queen = "elisabeth-of-france"
    s.ladies_deck = []
    stack(reign, "the-plague")
    drive(family.queen_mortality(reign))
    assert s.queen_sickly and s.queen == "elisabeth-of-france"
    stack(reign, "action-3")
    drive(family.queen_mortality(reign))
    assert s.queen is None and s.happiness_markers == -1


def test_no_legitimate_child_costs_prestige_and_happiness(reign: Game) -> None:
    """Royal Family Mortality: no legitimate child or heir left: -1 prestige, -1
    happiness."""
    s = reign.state
    drive(family.mortality(reign))
    assert (s.prestige_markers, s.happiness_markers) == (-1, -1)


def test_twilight_of_the_royal_mistress_takes_her_bastards(reign: Game) -> None:
    """Events / The Twilight of Life (Example First Game Turn): María Calderón dies with
    her two bastards; a happiness point is lost."""
    s = reign.state
    s.mistress = "maria-calderon"
    s.children = [Child("b1", True, False), Child("b2", False, False)]
    with forced_picks(reign, "mistress"):
        drive(events.play_event(reign, "the-twilight-of-life"))
    assert s.mistress is None and s.children == [] and s.happiness_markers == -1


# ------------------------------------------------------------ explorations
def test_exploration_to_the_amazon_then_formosa(reign: Game) -> None:
    """Conduct an Exploration (Example First Game Turn): Bartolomé de Fonte explores with
    military 1 and reaches the Amazon; THE ENSIGN NUN then settles Formosa (one ducat,
    one VP, one prestige point)."""
    s = reign.state
    s.court_nobles = ["bartolome-de-fonte", None, None, None]
    stack(reign, "excellent-harvests")
    drive(
        actions.perform(reign, actions.ACTIONS["exploration"], actions.Context("card", "x")),
        ["explorer:bartolome-de-fonte:military"],
    )
    assert s.exploration == 1
    treasury, vp = s.treasury, s.vp
    stack(reign, "action-1")
    drive(events.play_event(reign, "the-ensign-nun"), ["nun:explore", "explore:formosa"])
    assert "formosa" in s.settlements and s.treasury == treasury - 1 and s.vp == vp + 1
    assert s.prestige_markers == 1


# ----------------------------------------------------------- the Valido
def test_keeping_a_worn_valido_costs_a_vp(reign: Game) -> None:
    """Appointment of a New Valido: four turns or more in office and prestige under 5,
    keeping him costs one VP."""
    s = reign.state
    s.valido, s.valido_since, s.turn, s.vp = "gaspar-de-guzman", 1, 4, 3
    s.last_scores = {"prestige": 4}
    drive(end_of_turn.new_valido(reign), ["keep"])
    assert s.vp == 2


def test_the_office_a_new_valido_leaves_stays_vacant(reign: Game) -> None:
    """Appointment of a New Valido (ruling R56): any noble at Court, in office or in
    command; the old Valido leaves the game; the office he leaves is not filled from the
    Court (Offices / Vacancies binds only after an elimination or an exile)."""
    s = reign.state
    s.valido = "gaspar-de-guzman"
    s.offices["viceroy-italy"] = "castel-rodrigo"
    s.court_nobles = ["diego-carrillo", None, None, None]
    _, asked = drive(end_of_turn.new_valido(reign), ["valido:castel-rodrigo"])
    assert len(asked) == 1  # the appointment only: no vacancy decision
    assert s.valido == "castel-rodrigo" and s.offices["viceroy-italy"] is None
    assert s.court_nobles[0] == "diego-carrillo"
    assert "gaspar-de-guzman" in s.removed_notables and s.olivares_left == s.turn


def test_nations_upkeep_one_ducat_per_two(reign: Game) -> None:
    """Construction and Maintenance: one ducat for every two tercios of Nations or
    fraction."""
    s = reign.state
    s.units = {"spain": {"nations": 2}, "italy": {"nations": 1}}
    s.treasury = 5
    drive(end_of_turn.nations_upkeep(reign), ["pay"])
    assert s.treasury == 3


def test_instability_and_traitor_example_of_turn_four(reign: Game) -> None:
    """Events / Instability (example, turn 4): the Governor of Flanders marker removes
    Cardinal Infante and Fernández de la Cueva fills the vacancy without a political
    action; then TRAITOR draws Velázquez, a genius, draws again, Court 1: Gaspar de
    Borja, whose neutral test sends him into exile."""
    s = reign.state
    s.offices.update(
        {
            "governor-flanders": "fernando-de-austria",
            "viceroy-indies": "rodrigo-pacheco",
            "viceroy-italy": "leopold-of-habsburg",
            "ambassador-austria": "garcia-de-avellaneda",
        }
    )
    for ws in s.wars.values():
        ws.active, ws.leader = False, None
    s.wars["france-italy"].active = True
    s.wars["france-italy"].leader = "francisco-pimentel"
    s.court_nobles = ["gaspar-de-borja", "fernandez-de-la-cueva", None, None]
    s.court_geniuses = ["diego-velazquez", "baltasar-gracian", None, None]
    s.mistress = "mariana-perez"
    treasury = s.treasury
    with forced_picks(reign, "office:governor-flanders"):
        drive(events.play_event(reign, "instability-1"), ["noble:fernandez-de-la-cueva"])
    assert s.treasury == treasury - 1
    assert "fernando-de-austria" in s.removed_notables
    assert s.offices["governor-flanders"] == "fernandez-de-la-cueva"
    assert s.cubes == reign.state.cubes  # no political action spent
    stack(reign, "action-2")  # neutral
    with forced_picks(reign, "genius:1", "court:1"):
        drive(events.play_event(reign, "traitor"))
    assert "gaspar-de-borja" in s.exiles and s.court_nobles[0] is None


@pytest.mark.parametrize("scenario", ["the-planet-king", "anni-horribiles", "hothead"])
def test_set_up_logs_the_event_deck_once_with_its_real_size(content, scenario: str) -> None:
    """Setup / Cards; Organisation Phase / Creating the Event Decks: the set-up log gives
    the event deck's size once, when the deck exists (never "0 cards" before it is built),
    and keeps the Treasury."""
    g = Game(scenario, seed=1, content=content)
    while g.state.phase == "setup" and g.decision is not None:
        g.choose(g.decision.legal_ids[0])
    lines = [e.text for e in g.log_entries if e.phase == "setup"]
    sizes = [t for t in lines if t.startswith("The event deck has")]
    assert len(sizes) == 1 and "has 0 cards" not in sizes[0]
    assert any(f"Treasury {g.scenario.treasury} ducats" in t for t in lines)
