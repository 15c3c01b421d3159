"""What the options say (issue 32 §3 and §9): every action of an action menu says what
it does and costs in the rulebook's terms, a military campaign its commander, tests and
cost in ducats; and the small words: articles, capitals, ended wars, the turn count.

The texts are read as the plain-text mode shows them (``textmode.render_decision``),
the screens' own words (``present.option_text``), or the log."""

from __future__ import annotations

from conftest import drive
from test_wars_helpers import at_war, full_game, texts

from planet_king import present, textmode
from planet_king.content.ids import Noble
from planet_king.content.loader import Content
from planet_king.engine.decisions import Decision, DecisionKind
from planet_king.engine.game import Game
from planet_king.engine.rules import actions, economy, family, war_events
from planet_king.engine.state import Child

CARD = actions.Context("card", "ACTION")


def menu(game: Game, type_: str) -> Decision:
    """The action menu of ``type_``, as an ACTION card offers it, pending in ``game``."""
    decision = next(actions.take_one(game, type_, CARD))
    game.decision = decision
    return decision


def line_of(game: Game, option_id: str) -> str:
    """The option's line in the plain-text mode, without its number."""
    d = game.decision
    assert d is not None
    k = [o.id for o in d.options].index(option_id)
    line = textmode.render_decision(game).splitlines()[k + 1]
    return line.split(". ", 1)[1]


# ------------------------------------------------------------------- royal actions
def test_royal_actions_cortes_says_its_fortune_test_and_who_may_repeat_it(reign: Game) -> None:
    """Actions / Royal Actions (Cortes): a fortune test, positive two ducats, neutral
    nothing, negative a revolt marker in Europe; a noble at Court (not the Valido) with
    a political rating of 2 or 3 may have it repeated once."""
    g = reign
    menu(g, "royal")
    assert line_of(g, "action:royal:cortes") == (
        "Cortes: a fortune test: positive +2 ducats, neutral nothing, negative a revolt "
        "marker in Spain, Italy or the Spanish Netherlands (resolved at End of Turn); no "
        "noble at Court with political 2 or 3 to have it repeated"
    )
    g.state.court_nobles[0] = "gaspar-de-guzman"  # political 3
    menu(g, "royal")
    assert line_of(g, "action:royal:cortes").endswith(
        f"(resolved at End of Turn); {g.name('gaspar-de-guzman')} at Court may have it "
        "repeated once"
    )


def test_royal_actions_sale_of_privileges_says_the_noble_leaves_for_a_ducat(
    reign: Game,
) -> None:
    """Actions / Royal Actions (Sale of Privileges): "The player permanently removes a
    noble from the Court and earns one ducat." The menu and the choice of noble say so."""
    g = reign
    g.state.court_nobles[:2] = ["gaspar-de-guzman", "ambrosio-de-spinola"]
    menu(g, "royal")
    assert line_of(g, "action:royal:sale-of-privileges") == (
        "Sale of Privileges: a noble at Court of your choice leaves the game for good, for +1 ducat"
    )
    _, asked = drive(actions.ACTIONS["sale-of-privileges"].run(g, CARD), ["noble:gaspar-de-guzman"])
    assert asked[0].prompt == (
        "Sale of Privileges (+1 ducat): which noble at Court leaves the game for good?"
    )


def test_an_action_not_allowed_keeps_its_name_and_its_reason(reign: Game) -> None:
    """Actions / Unique Actions: a unique action taken this turn is listed with its
    reason; its terms are left out (the reason is what the player needs)."""
    g = reign
    g.state.unique_used.append("cortes")
    menu(g, "royal")
    assert line_of(g, "action:royal:cortes") == (
        "(not allowed) Cortes — already taken this turn (unique action)"
    )


# ------------------------------------------------------------------ the Asiento
def test_simple_actions_asiento_says_what_it_really_costs(reign: Game) -> None:
    """Actions / Simple Actions (Asiento); End of Turn Phase / Income from Spain: two
    ducats now, but Castile's three (two once Portugal is independent) are not
    collected; the second Asiento, on the Indies, withdraws the ducats that lie there."""
    g = reign
    s = g.state
    menu(g, "simple")
    assert line_of(g, "action:simple:asiento") == (
        "Asiento: on the revenues of Castile, +2 ducats now, but Castile's 3 ducats are not "
        "collected at this turn's Income"
    )
    s.portugal_independent = True
    assert economy.asiento_terms(g) == (
        "on the revenues of Castile, +1 ducat now, but Castile's 2 ducats are not "
        "collected at this turn's Income"
    )
    s.portugal_independent = False
    s.phase, s.step = "end-of-turn", "scores"  # Income is over (ruling R101)
    assert economy.asiento_terms(g).endswith(
        "not collected at next turn's Income (this turn's are collected: ruling R101)"
    )
    s.asiento = 1
    s.indies_ducats = dict.fromkeys(s.indies_ducats, 0) | {next(iter(s.indies_ducats)): 5}
    assert economy.asiento_terms(g) == (
        "on the revenues of the Indies, +2 ducats now, but the 5 ducats now in the "
        "viceroyalties and overseas territories are withdrawn (the Indies income is drawn "
        "from them)"
    )


def test_bankruptcy_offers_the_asiento_with_its_cost_and_units_by_their_names(
    content: Content,
) -> None:
    """Special Rules / Bankruptcy: ducats are raised by an Asiento (as the action) or by
    selling tercios and fleets; each option says what it gives and costs, a unit by its
    name with its article ("an old tercio", never "a veteran-flipped")."""
    g = full_game(content, treasury=0)
    at_war(g, "flanders", units={"veteran-flipped": 1})
    d = next(economy.bankruptcy(g, 1, "test", "a test"))
    labels = {o.id: o.label for o in d.options}
    assert labels["asiento:castile"] == (
        "Asiento on the revenues of Castile, +2 ducats now, but Castile's 3 ducats are not "
        "collected at this turn's Income"
    )
    assert labels["sell:flanders:veteran-flipped"] == (
        f"Sell an old tercio (1 SP side) in {g.name('flanders')} (+1 ducat)"
    )


# ------------------------------------------------------------- military campaigns
def test_military_campaign_the_menu_says_its_cost_and_its_tests(content: Content) -> None:
    """Actions / Government Actions (Military Campaign): one ducat, two with Ambrosio de
    Spinola or Juan José of Austria at 3; as many fortune tests as the leader's strategy,
    each positive result a space (every two if the enemy's SP is higher)."""
    g = full_game(content)
    at_war(g, "flanders", units={"tercio": 2}, leader=Noble.SPINOLA, enemy="nassau")
    menu(g, "government")
    assert line_of(g, "action:government:military-campaign") == (
        "Conduct a Military Campaign: 1 ducat, 2 when Ambrosio de Spinola or Juan José of "
        "Austria at military 3 leads: as many fortune tests as the commander's strategy; "
        "each positive result moves the war marker a space your way (every two if the "
        "enemy has more SP); or declare war, a noble from Court taking the command"
    )


def test_raise_a_tercio_of_nations_says_its_upkeep(content: Content) -> None:
    """Actions / Government Actions (Raise a Tercio of Nations): one ducat, placed at once
    in any territory or war; End of Turn Phase (Construction and Maintenance): one ducat
    for every two tercios of Nations or fraction thereof."""
    g = full_game(content)
    menu(g, "government")
    assert line_of(g, "action:government:raise-nations") == (
        "Raise a Tercio of Nations (1 ducat): placed at once in any territory or war of the "
        "monarchy; upkeep at each End of Turn: 1 ducat for every two tercios of Nations or "
        "fraction thereof"
    )


def test_military_campaign_a_war_says_who_leads_his_tests_the_sp_and_the_ducats(
    content: Content,
) -> None:
    """Actions / Government Actions (Military Campaign); Special Rules / Ambrosio de
    Spinola: Spinola (strategy 3) leads 2 tercios (2 SP) against the United Provinces'
    4 SP: three tests, every two positive results a space, two ducats."""
    g = full_game(content)
    at_war(g, "flanders", units={"tercio": 2}, leader=Noble.SPINOLA, enemy="nassau")
    d = next(actions.ACTIONS["military-campaign"].run(g, CARD))
    label = next(o.label for o in d.options if o.id == "war:flanders")
    assert label == (
        f"Campaign in {g.name('flanders')}: {g.name(Noble.SPINOLA)} leads, 3 fortune tests; "
        "2 SP against 4: every two positive results move the marker a space your way; the "
        "campaign costs 2 ducats"
    )


def test_military_campaign_a_new_war_names_each_leader_with_the_ducats_it_costs(
    content: Content,
) -> None:
    """Actions / Government Actions (Military Campaign): declaring war, a noble at Court
    takes the command; Spinola's campaign costs two ducats, said in ducats (issue 32:
    "Spinola 2" said nothing of what 2 was)."""
    g = full_game(content)
    s = g.state
    s.court_nobles = [Noble.SPINOLA, None, None, None]
    d = next(actions.ACTIONS["military-campaign"].run(g, CARD))
    declare = next(o.label for o in d.options if o.id == "war:flanders")
    assert declare == (
        f"Declare war and campaign: {g.name('flanders')} (enemy 4 SP): a noble from Court takes "
        "the command (1 ducat, 2 when Ambrosio de Spinola or Juan José of Austria at "
        "military 3 leads)"
    )
    s.court_nobles = [Noble.SPINOLA, "gonzalo-fernandez-de-cordoba", None, None]
    gen = actions.ACTIONS["military-campaign"].run(g, CARD)
    next(gen)
    who = gen.send("war:flanders")
    assert who.kind is DecisionKind.ARMY_COMMAND
    g.decision = who
    shown = present.option_text(
        g, f"noble:{Noble.SPINOLA}", who.option(f"noble:{Noble.SPINOLA}").label
    )
    assert shown.startswith(f"{g.name(Noble.SPINOLA)}: the campaign costs 2 ducats — M3 ")
    cordoba = who.option("noble:gonzalo-fernandez-de-cordoba").label
    assert cordoba == f"{g.name('gonzalo-fernandez-de-cordoba')}: the campaign costs 1 ducat"


# -------------------------------------------------------------------- small words
def test_storms_an_indies_fleet_with_its_article(content: Content) -> None:
    """Events / Storms: a test for each Indies fleet in Plus Ultra; a negative result
    removes it — "an Indies fleet", never "a Indies fleet"."""
    g = full_game(content)
    s = g.state
    s.plus_ultra["indies-fleet"] = 1
    crow = next(e.id for e in content.events.values() if e.fortune == "negative")
    s.deck.remove(crow) if crow in s.deck else s.discard.remove(crow)
    s.deck.append(crow)
    drive(war_events._storms(g, g.event("storms")))
    said = texts(g)
    assert any(t.startswith("Fortune test (storm: an Indies fleet)") for t in said)
    assert "An Indies fleet is lost in the storm." in said


def test_royal_family_a_child_starts_a_sentence_with_a_capital(reign: Game) -> None:
    """End of Turn Phase / Royal Family Mortality: the bastards are removed; the log
    names each child at the start of a sentence with a capital ("The bastard son (1st
    child) is removed"), never "a bastard son (1st child) is removed"."""
    g = reign
    g.state.children = [Child("child-1", male=True, legitimate=False)]
    family.remove_bastards(g, "a test", rule=family.RULE_MORTALITY)
    assert texts(g)[-1] == "The bastard son (1st child) is removed (a test)."


def test_wars_an_ended_war_offers_no_vp(content: Content) -> None:
    """Wars / End of a War: the VP are won or lost when the war ends; an ended war shows
    no "win +2 VP" any more (issue 32)."""
    g = full_game(content)
    at_war(g, "flanders", leader=None, enemy=None)
    assert present.war_stakes(g, "flanders").startswith("win +")
    ws = g.state.wars["flanders"]
    ws.active, ws.outcome = False, "won"
    assert present.war_stakes(g, "flanders") == "no VP at stake: the war has ended"
    assert "win +" not in present.war_text(g, "flanders")


def test_council_of_state_the_turn_against_the_scenario_turns(content: Content) -> None:
    """Scenarios: the turn said against the scenario's turns, "1 of 4", never "1 of 1-4";
    a scenario that starts later says its span, a one-turn scenario says so."""
    mirabiles = Game("anni-mirabiles", seed=1, content=content)
    assert present.turn_text(mirabiles) == "1 of 4 (1621-1645)"
    horribiles = Game("anni-horribiles", seed=1, content=content)
    horribiles.state.turn = 6
    assert present.turn_text(horribiles) == "6, the 2nd of turns 5-8 (1647-1665)"
    hothead = Game("hothead", seed=1, content=content)
    assert present.turn_text(hothead) == "1, the only turn (1628-1631)"
