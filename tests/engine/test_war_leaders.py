"""Leaders serve in the turns on the back of their counters, on both sides (Tokens /
Military Leaders; rulings D4, R46, R47, R50, D18)."""

from __future__ import annotations

import itertools

from conftest import drive, stack
from test_wars_helpers import at_war, full_game, texts

from planet_king.engine.rules import actions, court, war_campaigns, war_end, war_leaders
from planet_king.engine.rules.actions import Context

CARD = Context("card", "ACTION")


# ----------------------------------------------------- Spanish commanders (point 1)
def test_military_leaders_a_noble_outside_his_counter_turns_cannot_take_a_command(
    content,
) -> None:
    """Tokens / Military Leaders: "All leaders have the game turns in which they are
    available indicated on the back of their counter" (Errata: Spinola 1-2). On turn 6
    Córdoba (counter 1-3) cannot be sent to command; Pimentel (1-5) neither; nobody at
    Court can lead a new war, and the reason names them with their turns (issue 32: it
    said "no noble with a military rating at Court")."""
    game = full_game(content, turn=6)
    assert not court.can_command(game, "gonzalo-fernandez-de-cordoba")
    reasons = dict(actions.campaign_targets(game, CARD))
    assert reasons["flanders"] == (
        "no noble at Court can lead an army: the turns of the leader counters of "
        f"{game.name('francisco-pimentel')} (turns 1-5), "
        f"{game.name('diego-carrillo')} (turns 1-2) and "
        f"{game.name('gonzalo-fernandez-de-cordoba')} (turns 1-3) are over"
    )
    game.state.turn = 3
    assert court.can_command(game, "gonzalo-fernandez-de-cordoba")


def test_military_leaders_a_commander_whose_turns_are_over_leaves_at_organisation(
    content,
) -> None:
    """Tokens / Military Leaders; Errata (Spinola 1-2); ruling R46: at the Organisation of
    turn 3 Spinola leaves the Flanders army, to Court or to the noble deck, and the army
    has no commander."""
    game = full_game(content, turn=3)
    s = game.state
    at_war(game, "flanders", units={"veteran": 1}, leader="ambrosio-de-spinola", enemy="tromp")
    s.court_nobles[0] = None
    drive(war_leaders.organise_leaders(game), ["court"])
    assert s.wars["flanders"].leader is None
    assert "ambrosio-de-spinola" in s.court_nobles
    assert any("Spinola" in t and "turns 1-2" in t and "ruling R46" in t for t in texts(game))


def test_military_leaders_a_commander_out_of_his_turns_does_not_command_a_campaign(
    content,
) -> None:
    """Wars / Progression of a War: "or there is no noble in command of the army, any
    result ... moves the war's progression marker" — a commander whose counter does not
    serve this turn is no commander (issue 13: Spinola campaigned on turn 6). Nor can the
    player campaign with him."""
    game = full_game(content, turn=6)
    s = game.state
    at_war(
        game,
        "flanders",
        units={"tercio": 4},
        leader="ambrosio-de-spinola",
        enemy="tromp",
    )
    reasons = dict(actions.campaign_targets(game, CARD))
    assert reasons["flanders"] == (
        "Ambrosio de Spinola, Marquis of Los Balbases's leader counter does not serve on this turn"
    )
    stack(game, "excellent-harvests", "action-1")  # two positive results
    drive(war_campaigns.enemy_campaign(game, "flanders", "test"))
    assert s.wars["flanders"].position == -1, "automatic: the army has no commander"


# ------------------------------------------------------------ enemy leaders (point 2)
def test_military_leaders_an_enemy_leader_past_his_turns_is_replaced_at_organisation(
    content,
) -> None:
    """Tokens / Military Leaders: foreign leaders "are available during the turns
    indicated" (ruling R46; issue 13: La Motte, 1-4, campaigned on turn 6). At the
    Organisation of turn 5 he is replaced by a random available French leader."""
    game = full_game(content, turn=5)
    s = game.state
    at_war(game, "france-picardy", units={"tercio": 1}, enemy="la-motte")
    drive(war_leaders.organise_leaders(game))
    assert s.wars["france-picardy"].enemy_leader in ("harcourt", "conde", "turenne")
    assert any("La Mothe" in t and "turns 1-4" in t for t in texts(game))


# ------------------------------------------------ appointed when available (point 3)
def test_military_leaders_a_war_without_enemy_leader_gets_one_when_one_is_available(
    content,
) -> None:
    """Declaration of War: "Place a random leader from the foreign power from those
    available according to the game turn" (ruling R47): England, fought with no leader
    while Blake commands in Portugal, gets Penn (available from turn 6) at its next
    campaign, and Penn's strategy 2 gives two tests."""
    game = full_game(content, turn=6)
    s = game.state
    s.portugal_independent = True
    at_war(game, "portugal", units={"tercio": 1}, enemy="blake")
    at_war(game, "england", units={"fleet": 3}, leader="guillaume-de-bette")
    s.turn = 6
    stack(game, "excellent-harvests", "action-1")
    drive(war_campaigns.enemy_campaign(game, "england", "test"))
    assert s.wars["england"].enemy_leader == "penn"
    assert sum("enemy campaign in England" in t for t in texts(game)) == 2


def test_military_leaders_every_power_has_a_leader_on_every_turn_it_can_be_at_war(
    content,
) -> None:
    """Tokens / Military Leaders (D18): at war with every power at once (the French on
    two fronts, Portugal from turn 4) and with the Spanish Condé keeping the French one
    out, every war gets a leader on every turn, whatever the order of appointment."""
    for turn in range(1, 9):
        war_ids = ["flanders", "england", "ottoman", "barbary", "france-picardy"]
        war_ids += ["france-catalonia"] + (["portugal"] if turn >= 4 else [])
        for order in itertools.islice(itertools.permutations(war_ids), 0, None, 97):
            for seed in (1, 2):
                game = full_game(content, turn=turn, seed=seed)
                game.state.noble_deck.append("louis-ii-conde")  # the Spanish Condé in play
                for w in order:
                    at_war(game, w)
                for w in order:
                    war_leaders.appoint_enemy_leader(game, w, "test")
                empty = [w for w in order if game.state.wars[w].enemy_leader is None]
                assert empty == [], f"turn {turn}, order {order}: no leader for {empty}"


# ----------------------------------------------------------- end of a war (point 9)
def test_end_of_a_war_the_enemy_leader_is_removed_and_can_serve_again(content) -> None:
    """Wars / End of a War: "The enemy leader is removed" — from the war's track; he
    returns to the leaders available in his turns (ruling R50), like a relieved leader
    who "can be used in later replacements"."""
    game = full_game(content, turn=6)
    s = game.state
    at_war(game, "flanders", units={"tercio": 1}, enemy="tromp", position=-3)
    drive(war_end.move_marker(game, "flanders", -1, "test", rule="test"), ["done"])
    assert s.wars["flanders"].outcome == "lost" and s.wars["flanders"].enemy_leader is None
    assert any(
        "Maarten Tromp is removed from Flanders War" in t and "ruling R50" in t for t in texts(game)
    )
    assert "tromp" in war_leaders.available_enemy_leaders(game, "flanders")
