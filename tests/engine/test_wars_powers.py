"""Each war's own rules: France's fronts, England, Barbary, Portugal, the Palatinate, the
Guerra dels Segadors, The Fronde and Condé; declaring war by a Military Campaign."""

from __future__ import annotations

import re

import pytest
from conftest import drive, forced_picks, stack
from test_wars_helpers import at_war, full_game, texts

from planet_king.engine.rules import (
    actions,
    court,
    events,
    organisation,
    war_campaigns,
    war_declaration,
    war_end,
    war_leaders,
    wars,
)
from planet_king.engine.rules.actions import ACTIONS, Context

CARD = Context("card", "ACTION")


# ------------------------------------------------------------------ France
def test_france_opens_italy_alone_in_the_first_three_turns(content) -> None:
    """Wars / War with France (War in Italy): a declaration on turns 1-3 opens Italy only."""
    game = full_game(content, turn=3)
    stack(game, "the-plague")
    drive(war_declaration.war_event(game, content.events["franco-spanish-war-1"]), ["none"])
    s = game.state
    assert s.wars["france-italy"].active
    assert not s.wars["france-picardy"].active and not s.wars["france-catalonia"].active


def test_france_opens_picardy_and_catalonia_together_later(content) -> None:
    """Wars / War with France (War in Picardy/Catalonia): from turn 4, or once Italy has
    ended, both fronts open together — one declaration (ruling R17)."""
    game = full_game(content, turn=4)
    stack(game, "the-plague")
    drive(war_declaration.war_event(game, content.events["franco-spanish-war-1"]), ["none", "none"])
    s = game.state
    assert s.wars["france-picardy"].active and s.wars["france-catalonia"].active
    assert not s.wars["france-italy"].active
    assert s.wars_declared_this_turn == 1
    game2 = full_game(content, turn=2)
    game2.state.wars["france-italy"].outcome = "won"
    assert war_declaration.france_fronts_to_open(game2) == ["france-picardy", "france-catalonia"]


def test_a_closed_french_front_is_not_reopened_until_all_are_closed(content) -> None:
    """Wars / War with France: a closed front cannot be reopened until all other fronts are
    closed; a FRANCO-SPANISH WAR card then campaigns on the open front."""
    game = full_game(content, turn=5)
    s = game.state
    at_war(game, "france-catalonia", enemy="harcourt")
    s.wars["france-picardy"].outcome = "won"
    assert "closed front" in (war_declaration.can_declare(game, "france-picardy") or "")
    targets = dict(actions.campaign_targets(game, CARD))
    assert targets["france-picardy"] is not None
    s.wars["france-catalonia"].active = False
    assert war_declaration.can_declare(game, "france-picardy") is None


def test_franco_spanish_war_33_raises_french_strength_to_four(content) -> None:
    """Wars / War with France: FRANCO-SPANISH WAR (33) played as an event raises the
    strength of the French armies to 4 for the rest of the game."""
    game = full_game(content, turn=5)
    at_war(game, "france-picardy", units={"tercio": 4}, leader="gomez-suarez", enemy="harcourt")
    assert wars.enemy_strength(game, "france-picardy") == 3
    stack(game, "excellent-harvests", "action-1")
    drive(war_declaration.war_event(game, content.events["franco-spanish-war-33"]))
    assert wars.enemy_strength(game, "france-picardy") == 4
    assert game.state.power_strength["france"] == 4


# ----------------------------------------------------------------- England
def test_england_is_declared_from_plus_ultra_with_a_fleet_only(content) -> None:
    """Wars / War with England: war is declared from the Plus Ultra box, so the army
    initially contains only a fleet; tercios reach it only through Plus Ultra with a fleet
    there."""
    game = full_game(content, turn=2)
    s = game.state
    s.units["plus-ultra"] = {"fleet": 2}
    s.units["spain"] = {"tercio": 1}
    stack(game, "the-plague")
    _, asked = drive(
        war_declaration.war_event(game, content.events["anglo-spanish-war-1"]),
        ["none", "move:plus-ultra:fleet", "done"],
    )
    assert s.wars["england"].active
    assert s.units["england"] == {"fleet": 1}
    assert all("move:spain" not in " ".join(d.legal_ids) for d in asked)
    from planet_king.engine.rules import units

    assert "england" in units.reachable(game, "spain", "tercio")
    s.units["plus-ultra"] = {}
    assert "england" not in units.reachable(game, "spain", "tercio")


# ------------------------------------------------------- declaring by campaign
def test_military_campaign_declares_war_on_a_power_not_at_war(content) -> None:
    """Actions / Government Actions (Military Campaign): against a power not yet at war —
    the War marker, the track at 0, a noble from Court as leader, a random enemy leader,
    then the campaign. Barbary fights only when the player declares it."""
    game = full_game(content, turn=1)
    s = game.state
    s.units["spain"] = {"fleet": 1}
    stack(game, "excellent-harvests", "excellent-harvests")
    drive(
        ACTIONS["military-campaign"].run(game, CARD),
        ["war:barbary", "noble:gonzalo-fernandez-de-cordoba", "move:spain:fleet"],
    )
    ws = s.wars["barbary"]
    assert ws.active and ws.leader == "gonzalo-fernandez-de-cordoba"
    assert ws.enemy_leader == "murat-reis"
    assert s.wars_declared_this_turn == 1
    assert ws.position == 1  # 1 fleet + leader vs Barbary 2: one space per positive
    assert s.treasury == 9


def test_barbary_victory_is_recorded_for_the_card_removal(content) -> None:
    """Wars / War with Barbary Pirates: a victory removes the BARBARY PIRATES card at the
    next Organisation; the end is recorded as ``won:barbary`` (its red-text key)."""
    game = full_game(content, turn=2)
    at_war(
        game,
        "barbary",
        units={"fleet": 3},
        leader="gonzalo-fernandez-de-cordoba",
        enemy="murat-reis",
        position=2,
    )
    stack(game, "excellent-harvests")
    drive(war_campaigns.player_campaign(game, "barbary", "test"), ["court", "done"])
    assert game.state.wars["barbary"].outcome == "won"
    assert "won:barbary" in game.state.wars_ended


def test_french_campaign_declaration_opens_both_late_fronts(content) -> None:
    """Actions / Government Actions; War with France: declaring war on France from turn 4
    opens Picardy and Catalonia together; the campaign is on the chosen front."""
    game = full_game(content, turn=5)
    s = game.state
    stack(game, "the-plague", "the-plague")
    drive(
        ACTIONS["military-campaign"].run(game, CARD),
        ["war:france-catalonia"],  # Pimentel is the only noble at Court who may command
    )
    assert s.wars["france-catalonia"].active and s.wars["france-picardy"].active
    assert s.wars["france-catalonia"].leader == "francisco-pimentel"
    assert s.wars_declared_this_turn == 1


# ---------------------------------------------------------------- Portugal
def test_portuguese_war_makes_portugal_independent(content) -> None:
    """Wars / War with Portugal: once war is declared Portugal is independent;
    PORTUGUESE WAR (39) raises its strength to 4."""
    game = full_game(content, turn=4)
    s = game.state
    s.units["spain"] = {"tercio": 1}
    assert (
        war_declaration.player_can_declare(game, "portugal") is not None
    )  # not a foreign power yet
    stack(game, "the-plague")
    drive(
        war_declaration.war_event(game, content.events["portuguese-war"]),
        ["none", "move:spain:tercio"],
    )
    assert s.portugal_independent and s.wars["portugal"].active
    assert s.units["portugal"] == {"tercio": 1}, "the army raised at the declaration stays"
    assert s.power_strength["portugal"] == 4
    assert s.wars["portugal"].enemy_leader in ("cecil", "pennington", "meneses")


def test_portugal_army_moves_to_spain_when_the_war_ends(content) -> None:
    """Wars / War with Portugal: "Any SP in the Portugal army box is automatically moved to
    Spain" — when the war ends, not at the declaration, when the box is always empty
    (ruling R49; issue 13, point 8). The units are not redeployed at will."""
    game = full_game(content, turn=5)
    s = game.state
    s.portugal_independent = True
    at_war(game, "portugal", units={"tercio": 1, "provincial": 1}, enemy="meneses", position=3)
    s.units["spain"] = {}
    drive(war_end.move_marker(game, "portugal", +1, "test", rule="test"))
    assert s.wars["portugal"].outcome == "won"
    assert s.units["spain"] == {"tercio": 1, "provincial": 1}
    assert not s.units.get("portugal")
    assert any(re.search(r"moves? to Spain \(ruling R49\)", t) for t in texts(game))


def test_portuguese_leaders_are_the_english_and_meneses(content) -> None:
    """Wars / War with Portugal: the enemy leaders are the English ones and Meneses."""
    game = full_game(content, turn=6)
    pool = set(war_leaders.available_enemy_leaders(game, "portugal"))
    assert pool == {"blake", "penn", "meneses"}
    game.state.turn = 4
    pool = set(war_leaders.available_enemy_leaders(game, "portugal"))
    assert pool == {"cecil", "pennington", "meneses"}


# --------------------------------------------------------------- Palatinate
def test_wallenstein_pays_a_ducat_to_move_the_palatinate_marker(content) -> None:
    """Events of the War of the Palatinate; Example First Game Turn: WALLENSTEIN — the
    player may spend a ducat to move the marker one space in their favour."""
    game = full_game(content, turn=1)
    s = game.state
    at_war(game, "palatinate", units={"nations": 1}, position=1)
    drive(events.play_event(game, "wallenstein"), ["pay"])
    assert s.wars["palatinate"].position == 2 and s.treasury == 9
    drive(events.play_event(game, "wallenstein"), ["keep"])
    assert s.wars["palatinate"].position == 2 and s.treasury == 9


def test_palatinate_events_move_the_marker_against_the_player(content) -> None:
    """Events of the War of the Palatinate: DANISH INTERVENTION, LÜTZEN, the BREITENFELDs
    and FRANCO-SPANISH WAR (32) move it one space towards the Protestants (D17);
    BREITENFELD 1631 raises the Protestant strength to 4."""
    game = full_game(content, turn=2)
    s = game.state
    at_war(game, "palatinate", position=1)
    drive(events.play_event(game, "danish-intervention"))
    assert s.wars["palatinate"].position == 0
    drive(events.play_event(game, "breitenfeld-1631"))
    assert s.wars["palatinate"].position == -1
    assert wars.enemy_strength(game, "palatinate") == 4
    stack(game, "excellent-harvests")
    drive(war_declaration.war_event(game, content.events["franco-spanish-war-32"]))
    assert s.wars["palatinate"].position == -2
    assert s.wars["palatinate"].enemy_leader is None  # no leaders in the Palatinate


def test_end_of_the_palatinate_war(content) -> None:
    """Wars / War of the Palatinate: at its end the Ambassador in Austria returns to Court
    (or the noble deck), Habsburg tercios are eliminated, no VP from turn 6."""
    game = full_game(content, turn=6)
    s = game.state
    s.offices["ambassador-austria"] = "manuel-de-melo"
    at_war(game, "palatinate", units={"habsburg": 1, "nations": 1}, position=-3)
    s.units["france-italy"] = {"habsburg": 1}
    vp = s.vp
    drive(war_end.move_marker(game, "palatinate", -1, "test", rule="test"), ["done"])
    assert s.wars["palatinate"].outcome == "lost" and s.vp == vp
    assert s.offices["ambassador-austria"] is None
    assert "manuel-de-melo" in s.court_nobles
    assert s.units["palatinate"] == {"nations": 1}
    assert not s.units["france-italy"]
    assert "ended:palatinate" in s.wars_ended
    from planet_king.engine.rules import units

    assert units.counters_left(game, "habsburg") == 0  # eliminated: never rebuilt


def test_austrian_alliance(content) -> None:
    """Events / Austrian Alliance: tests by the Ambassador's political rating; 2-3 positive
    results bring a Habsburg tercio to the Palatinate army; 0 costs a tercio in Flanders,
    Franche-Comté or Italy, a leader with military 2, or two ducats."""
    game = full_game(content, turn=2)
    s = game.state
    s.offices["ambassador-austria"] = "leopold-of-habsburg"  # political 2
    at_war(game, "palatinate")
    stack(game, "excellent-harvests", "action-1")
    drive(events.play_event(game, "austrian-alliance"))
    assert s.units["palatinate"] == {"habsburg": 1}
    stack(game, "excellent-harvests", "the-plague")
    drive(events.play_event(game, "austrian-alliance"))
    assert s.units["palatinate"] == {"habsburg": 1}
    s.units["italy"] = {"tercio": 1}
    stack(game, "the-plague", "action-2")
    _, asked = drive(events.play_event(game, "austrian-alliance"), ["tercio:italy:tercio"])
    assert "ducats" in asked[0].legal_ids
    assert not s.units["italy"]


# ---------------------------------------------------------- Guerra dels Segadors
def test_segadors_at_war_with_france_opens_the_fourth_space(content) -> None:
    """Guerra dels Segadors: with France at war the marker is removed and the Catalan front
    has four black spaces; Margarit and the Catalan tercio join the French."""
    game = full_game(content, turn=5)
    at_war(game, "france-picardy")
    at_war(game, "france-catalonia", enemy="harcourt")
    assert wars.spanish_spaces(game, "france-catalonia") == 3
    assert "margarit" not in war_leaders.available_enemy_leaders(game, "france-catalonia")
    drive(events.play_event(game, "guerra-dels-segadors"))
    assert wars.spanish_spaces(game, "france-catalonia") == 4
    assert "margarit" in war_leaders.available_enemy_leaders(game, "france-catalonia")
    assert "margarit" not in war_leaders.available_enemy_leaders(game, "france-picardy")
    assert wars.enemy_strength(game, "france-catalonia") == 4
    assert wars.enemy_strength(game, "france-picardy") == 3


def test_segadors_not_at_war_opens_only_the_catalan_front(content) -> None:
    """Guerra dels Segadors: not at war, war is declared on the Catalan front alone with
    three black spaces; Picardy opens with the next FRANCO-SPANISH WAR card (ruling W4)."""
    game = full_game(content, turn=5)
    s = game.state
    drive(events.play_event(game, "guerra-dels-segadors"), ["none"])
    assert s.wars["france-catalonia"].active and not s.wars["france-picardy"].active
    assert wars.spanish_spaces(game, "france-catalonia") == 3
    assert s.catalan_tercio
    drive(war_declaration.war_event(game, content.events["franco-spanish-war-1"]), ["none"])
    assert s.wars["france-picardy"].active and s.wars["france-picardy"].position == 0
    assert s.wars["france-catalonia"].position == 0


def test_catalan_tercio_removed_by_an_sp_loss_in_a_spanish_campaign(content) -> None:
    """Guerra dels Segadors; Military Campaign: on the Catalan front the Catalan tercio is
    removed first — with a Spanish unit — when a campaign draws the SP-loss symbol."""
    game = full_game(content, turn=5)
    s = game.state
    at_war(
        game,
        "france-catalonia",
        units={"tercio": 3},
        leader="francisco-pimentel",  # counter 1-5 (Córdoba's is 1-3: ruling R46)
        enemy="margarit",
    )
    s.catalan_tercio = True
    stack(game, "instability-1", "action-3")
    drive(war_campaigns.player_campaign(game, "france-catalonia", "test"))
    assert not s.catalan_tercio
    assert s.units["france-catalonia"] == {"tercio": 2}
    assert wars.enemy_strength(game, "france-catalonia") == 3


# ----------------------------------------------------------- Fronde and Condé
def test_the_fronde_needs_a_war_with_france(content) -> None:
    """Events / The Fronde: only if Spain is at war with France."""
    game = full_game(content, turn=6)
    drive(events.play_event(game, "the-fronde"))
    assert "discarded without being played" in texts(game)[-1] or any(
        "not at war with France" in t for t in texts(game)
    )
    assert game.state.count_units("french") == 0


def test_the_fronde_brings_conde_to_spain(content) -> None:
    """Events / The Fronde; Special Rules / Condé: a French tercio on a French front; Condé
    takes the Picardy or Catalan army, its leader goes to Court or the deck; the French
    Condé is replaced and unavailable while the Spanish one is in play."""
    game = full_game(content, turn=6)
    s = game.state
    at_war(game, "france-picardy", units={"tercio": 1}, leader="gomez-suarez", enemy="conde")
    at_war(game, "france-catalonia", enemy="turenne")
    drive(
        events.play_event(game, "the-fronde"),
        ["to:france-catalonia", "army:france-picardy", "court"],
    )
    assert s.units["france-catalonia"] == {"french": 1}
    assert s.wars["france-picardy"].leader == "louis-ii-conde"
    assert "gomez-suarez" in s.court_nobles
    assert s.wars["france-picardy"].enemy_leader not in (None, "conde")
    assert "conde" not in war_leaders.available_enemy_leaders(game, "france-picardy")


def test_truce_with_france_removes_the_spanish_conde(content) -> None:
    """Political Actions (Embassy); Condé: a truce or peace on any French front removes the
    Spanish Condé; the French Condé is available again; THE FRONDE can bring him back."""
    game = full_game(content, turn=6)
    s = game.state
    at_war(game, "france-picardy", units={"tercio": 1}, enemy="turenne")
    at_war(game, "france-catalonia", enemy="harcourt")
    s.wars["france-picardy"].leader = "louis-ii-conde"
    s.conde_served_spain = True
    s.court_nobles[0] = "leopold-of-habsburg"
    stack(game, "excellent-harvests")
    drive(
        actions.embassy(game, "ACTION", paid=True),
        ["war:france-catalonia", "noble:leopold-of-habsburg"],
    )
    # Back from his embassy, Leopold is the only noble at Court whose counter serves on
    # turn 6 (ruling R46): he fills the Picardy command Condé left.
    assert s.wars["france-picardy"].leader == "leopold-of-habsburg"
    assert s.wars["france-catalonia"].truce
    assert "louis-ii-conde" in s.removed_notables
    assert "conde" in war_leaders.available_enemy_leaders(game, "france-catalonia") or (
        s.wars["france-picardy"].enemy_leader == "conde"
    )
    drive(
        events.play_event(game, "the-fronde"),
        ["to:france-picardy", "army:france-picardy", "court"],
    )
    assert s.wars["france-picardy"].leader == "louis-ii-conde"


def _spanish_conde(content):
    """Turn 6, at war with France; THE FRONDE has put Condé at the head of Picardy's army."""
    game = full_game(content, turn=6)
    at_war(game, "france-picardy", units={"tercio": 1}, leader="gomez-suarez", enemy="conde")
    at_war(game, "france-catalonia", enemy="turenne")
    drive(
        events.play_event(game, "the-fronde"),
        ["to:france-catalonia", "army:france-picardy", "court"],
    )
    assert game.state.wars["france-picardy"].leader == "louis-ii-conde"
    return game


@pytest.mark.parametrize("card", ["instability-1", "the-twilight-of-life"])
def test_r103_conde_eliminated_by_instability_or_twilight_takes_the_french_conde(
    content, card: str
) -> None:
    """Special Rules / Condé (l.730; ruling R103): if the Spanish Condé is eliminated by
    INSTABILITY or THE TWILIGHT OF LIFE, the French Condé is permanently eliminated."""
    game = _spanish_conde(content)
    with forced_picks(game, "army:france-picardy"):
        drive(events.play_event(game, card))
    assert "louis-ii-conde" in game.state.removed_notables
    assert not war_leaders.french_conde_available(game)


def test_r103_conde_removed_by_another_route_leaves_the_french_conde(content) -> None:
    """Special Rules / Condé (l.726, l.730; ruling R103): only INSTABILITY and THE
    TWILIGHT OF LIFE take the French Condé with the Spanish one. Removed by TRAITOR, the
    Spanish Condé no longer serves, and the French Condé may again lead France."""
    game = _spanish_conde(content)
    drive(court.remove_from_game(game, "louis-ii-conde", "TRAITOR"))
    assert "louis-ii-conde" in game.state.removed_notables
    assert war_leaders.french_conde_available(game)


def test_enemy_leaders_by_turn(content) -> None:
    """Setup / Tokens; Military Leaders: enemy leaders are available in the turns on their
    counter (Errata: Turenne 3-8); Emmanuel of Savoy only in Italy."""
    game = full_game(content, turn=6)
    assert set(war_leaders.available_enemy_leaders(game, "flanders")) == {"tromp", "de-ruyter"}
    game.state.turn = 2
    assert "turenne" not in war_leaders.available_enemy_leaders(game, "france-italy")
    assert "emmanuel-of-savoy" in war_leaders.available_enemy_leaders(game, "france-italy")
    game.state.turn = 3
    assert "turenne" in war_leaders.available_enemy_leaders(game, "france-picardy")
    assert "emmanuel-of-savoy" not in war_leaders.available_enemy_leaders(game, "france-picardy")


# ----------------------------------------------------------------- embassies
def test_embassy_ambassadors_by_war(content) -> None:
    """Political Actions (Embassy): a noble from Court; the Governor of Flanders may go to
    the United Provinces and the Ambassador in Austria to the Palatinate."""
    game = full_game(content, turn=2)
    s = game.state
    s.offices["governor-flanders"] = "gomez-suarez"
    s.offices["ambassador-austria"] = "manuel-de-melo"
    court = set(n for n in s.court_nobles if n)
    assert set(actions.ambassadors(game, "flanders")) == court | {"gomez-suarez"}
    assert set(actions.ambassadors(game, "palatinate")) == court | {"manuel-de-melo"}
    assert set(actions.ambassadors(game, "france-italy")) == court


def test_the_palatinate_cannot_end_by_diplomacy(content) -> None:
    """Political Actions (Embassy): a truce is possible in the Palatinate, but no peace."""
    game = full_game(content, turn=2)
    at_war(game, "palatinate")
    game.state.wars["palatinate"].truce = True
    opts = {o.id: o for o in actions.embassy_targets(game).items}
    assert not opts["war:palatinate"].allowed


def test_peace_on_a_truce_ends_the_war(content) -> None:
    """Political Actions (Embassy): a second successful embassy on a front at truce signs
    peace: the war ends, one VP and one prestige point are lost (ruling R12)."""
    game = full_game(content, turn=4)
    s = game.state
    s.vp = 3
    s.court_nobles[0] = "leopold-of-habsburg"
    at_war(game, "england", units={"fleet": 1}, position=-1, enemy="pennington")
    s.wars["england"].truce = True
    stack(game, "excellent-harvests")
    drive(
        actions.embassy(game, "ACTION", paid=True),
        ["noble:leopold-of-habsburg", "done"],
    )
    ws = s.wars["england"]
    assert not ws.active and ws.outcome == "peace" and ws.peace_this_turn
    assert s.vp == 2 and s.prestige_markers == -1
    assert "peace:england" in s.wars_ended


def test_a_french_front_ended_this_turn_forbids_declaring_war_on_france(content) -> None:
    """Wars / End of a War: "A war cannot be declared again if it ended during the current
    turn". The French fronts are one war (Wars / Overview): on turn 4 the Italian front
    ended this turn, so FRANCO-SPANISH WAR cannot open Picardy and Catalonia (issue 13,
    point 6: the check looked at the first front only)."""
    game = full_game(content, turn=4)
    s = game.state
    s.wars["france-italy"].peace_this_turn = True
    s.wars["france-italy"].outcome = "won"
    assert "Peace" in (war_declaration.can_declare(game, "france-picardy") or "")
    n = len(s.deck)
    drive(war_declaration.war_event(game, content.events["franco-spanish-war-1"]))
    assert not s.wars["france-picardy"].active and not s.wars["france-catalonia"].active
    assert len(s.deck) == n, "no declaration, so no fortune test"
    assert any("Peace marker" in t for t in texts(game))


def test_austrian_alliance_fixes_a_question_mark_rating_only_when_chosen(content) -> None:
    """Events / Austrian Alliance; Special Rules / Juan José of Austria and Rodrigo Pacheco
    (l.735: the "?" rating is fixed "the first time" it "must" be used): the menu offers
    Juan José without a test; a test fixes his rating only if he is chosen, and a rating
    other than 2 sends the player back to choose again."""
    game = full_game(content, turn=6)
    s = game.state
    s.offices["ambassador-austria"] = "leopold-of-habsburg"  # political 2: two tests
    at_war(game, "palatinate")
    s.wars["palatinate"].leader = "juan-jose-of-austria"
    s.units["italy"] = {"tercio": 2}
    stack(game, "the-plague", "action-2")
    deck = len(s.deck)
    _, asked = drive(events.play_event(game, "austrian-alliance"), ["tercio:italy:tercio"])
    assert "leader:juan-jose-of-austria" in asked[0].legal_ids
    assert "juan-jose-of-austria:military" not in s.rolled_ratings
    assert len(s.deck) == deck - 2  # the alliance's two tests only
    stack(game, "the-plague", "action-2", "excellent-harvests")
    _, asked = drive(
        events.play_event(game, "austrian-alliance"), ["leader:juan-jose-of-austria", "ducats"]
    )
    assert s.rolled_ratings["juan-jose-of-austria:military"] == 3
    assert s.wars["palatinate"].leader == "juan-jose-of-austria"
    assert "leader:juan-jose-of-austria" not in asked[1].legal_ids


def test_r103_single_use_card_not_played_stays_in_the_game(content) -> None:
    """Events (l.267, l.269; ruling R103): an event whose condition is not met is discarded
    without being played, so a single-use card is not removed and its red text does not
    act. LÜTZEN with no War of the Palatinate stays; played in that war, it goes."""
    game = full_game(content, turn=2)
    s = game.state
    s.wars["palatinate"].active = False
    drive(events.play_event(game, "lutzen"))
    assert "lutzen" not in s.removed_events and "lutzen" in s.discard
    assert "breitenfeld-1631" not in s.pending_removals
    at_war(game, "palatinate", position=1)
    drive(events.play_event(game, "lutzen"))
    assert "lutzen" in s.removed_events
    assert "breitenfeld-1631" in s.pending_removals


def test_r103_conspiracy_with_nothing_to_do_stays_in_the_game(content) -> None:
    """Events (l.267, l.269; rulings R94, R103): CONSPIRACY OF NOBLES with no war in
    Flanders and no Governor of Flanders carries nothing out: it is not removed."""
    game = full_game(content, turn=2)
    s = game.state
    s.wars["flanders"].active = False
    s.offices["governor-flanders"] = None
    drive(events.play_event(game, "conspiracy-of-nobles"))
    assert "conspiracy-of-nobles" not in s.removed_events
    assert "conspiracy-of-nobles" in s.discard


def test_r105_three_instability_cards_leave_guerra_dels_segadors_reachable(content) -> None:
    """Creating the Event Decks (l.234) and Union of Arms (l.291; rulings D19, R105): the
    deck holds three INSTABILITY cards; with four powers at war all three are in the turn's
    deck, so UNION OF ARMS, having none left to add, brings GUERRA DELS SEGADORS in."""
    copies = [c for c, e in content.events.items() if e.effect == "instability"]
    assert len(copies) == 3
    game = full_game(content, turn=3)
    s = game.state
    for war in ("flanders", "palatinate", "england"):
        at_war(game, war)
    assert organisation.instability_required(game) == 2
    at_war(game, "ottoman")
    assert organisation.instability_required(game) == 3
    organisation.build_event_deck(game)
    assert sorted(c for c in s.deck if c in copies) == sorted(copies)
    drive(events.play_event(game, "union-of-arms"), ["union:play"])
    assert "guerra-dels-segadors" in s.deck and "guerra-dels-segadors" in s.extra_event_cards
