"""Wars: declaration, enemy campaigns, the player's campaigns and the end of a war."""

from __future__ import annotations

import pytest
import test_wars_helpers
from conftest import drive, stack

from planet_king.engine.game import Game, GameOptions
from planet_king.engine.rules import actions, war_campaigns, war_declaration, war_end, wars
from planet_king.engine.rules.actions import ACTIONS, Context


def at_war(
    game: Game,
    war: str = "france-italy",
    *,
    units: dict[str, int] | None = None,
    leader: str | None = "gonzalo-fernandez-de-cordoba",
    enemy: str | None = "la-motte",
    position: int = 0,
) -> None:
    """Hothead's Italian war by default: Córdoba against La Motte."""
    test_wars_helpers.at_war(game, war, units=units, leader=leader, enemy=enemy, position=position)


# --------------------------------------------------------------- declaration
def test_hothead_opening_declares_war_in_italy_without_a_test(content) -> None:
    """Scenarios / "Hothead": the opening FRANCO-SPANISH WAR declares war without a test,
    with the Declaration of War steps (commander, units, a random enemy leader)."""
    game = Game("hothead", seed=7, content=content)
    assert game.decision is not None and "command" in game.decision.prompt
    game.choose("noble:gonzalo-fernandez-de-cordoba")
    game.choose("move:italy:tercio")
    game.choose("move:plus-ultra:fleet")
    game.choose("done")
    opening = [e.text for e in game.log_entries if e.phase == "setup"]
    assert any("War is declared: War with France, Italian front" in t for t in opening)
    assert any("Gonzalo Fernández de Córdoba takes the command" in t for t in opening)
    assert sum("moves from" in t for t in opening) == 2
    enemy = [t for t in opening if "commands the enemy" in t]
    assert len(enemy) == 1 and ("La Motte" in enemy[0] or "Savoy" in enemy[0])
    assert game.state.wars_declared_this_turn == 1
    assert not any("Fortune test" in t for t in opening)


def test_declaration_by_event_on_turn_one_takes_one_test(hothead: Game, content) -> None:
    """Declaration of War: turns 1-2, one test; negative or neutral declares war."""
    s = hothead.state
    s.wars["france-italy"].active = False
    s.wars_declared_this_turn = 0
    stack(hothead, "excellent-harvests")  # positive: no war
    drive(war_declaration.war_event(hothead, content.events["franco-spanish-war-32"]))
    assert not s.wars["france-italy"].active
    stack(hothead, "action-2")  # neutral: war
    _, asked = drive(
        war_declaration.war_event(hothead, content.events["franco-spanish-war-32"]),
        ["none", "done"],
    )
    assert s.wars["france-italy"].active
    assert "command" in asked[0].prompt


def test_declaration_from_turn_three_takes_two_tests(hothead: Game) -> None:
    """Declaration of War: from turn 3, two tests; either negative or neutral declares."""
    hothead.state.turn = 3
    stack(hothead, "excellent-harvests", "action-3")
    assert war_declaration.declaration_test(hothead, "france", "test") is True
    stack(hothead, "excellent-harvests", "action-1")
    assert war_declaration.declaration_test(hothead, "france", "test") is False


def test_turkish_war_declares_only_on_a_negative(hothead: Game) -> None:
    """Declaration of War (exception): TURKISH WAR, one test, only a negative declares;
    the card's own parameters say so, and the rule code reads them."""
    turkish = war_declaration.Declaration.of(hothead.content.events["turkish-war"])
    assert turkish == war_declaration.Declaration(tests=1, on_neutral=False)
    hothead.state.turn = 5
    stack(hothead, "action-2")
    assert war_declaration.declaration_test(hothead, "ottoman", "test", turkish) is False
    stack(hothead, "action-3")
    assert war_declaration.declaration_test(hothead, "ottoman", "test", turkish) is True
    stack(hothead, "action-2")  # another war card: the same neutral draw declares war
    assert war_declaration.declaration_test(hothead, "england", "test") is True


def test_no_more_than_two_new_wars_a_turn(hothead: Game) -> None:
    """Declaration of War: at most two new wars a turn; then no test is taken."""
    s = hothead.state
    s.wars["france-italy"].active = False
    s.wars_declared_this_turn = 2
    assert (
        war_declaration.can_declare(hothead, "france-italy")
        == "two wars have already been declared this turn"
    )
    n = len(s.deck)
    drive(war_declaration.war_event(hothead, hothead.content.events["franco-spanish-war-32"]))
    assert not s.wars["france-italy"].active and len(s.deck) == n


def test_a_war_ended_this_turn_cannot_be_declared_again(hothead: Game) -> None:
    """End of a War: the Peace marker forbids a new declaration that turn."""
    s = hothead.state
    s.wars["france-italy"].active = False
    s.wars["france-italy"].peace_this_turn = True
    s.wars_declared_this_turn = 0
    assert "Peace" in (war_declaration.can_declare(hothead, "france-italy") or "")


# --------------------------------------------------------- enemy campaigns
def test_enemy_campaign_far_stronger_moves_one_space_and_draws_every_test(hothead: Game) -> None:
    """Progression of a War: 3+ SP in the enemy's favour, any result moves one space
    (ruling R3), and every test card is still drawn."""
    at_war(hothead, units={})  # 0 SP against 3
    stack(hothead, "excellent-harvests", "action-1")  # two positives
    drive(war_campaigns.enemy_campaign(hothead, "france-italy", "test"))
    assert hothead.state.wars["france-italy"].position == -1
    assert hothead.state.discard[-2:] == ["excellent-harvests", "action-1"]


def test_enemy_campaign_without_commander_is_automatic(hothead: Game) -> None:
    """Progression of a War: with no noble in command any result moves the marker."""
    at_war(hothead, units={"tercio": 3}, leader=None)
    stack(hothead, "excellent-harvests", "action-1")
    drive(war_campaigns.enemy_campaign(hothead, "france-italy", "test"))
    assert hothead.state.wars["france-italy"].position == -1


def test_enemy_campaign_close_strength_moves_only_on_a_negative(hothead: Game) -> None:
    """Progression of a War: a difference of 1 or less, only negative results move."""
    at_war(hothead, units={"tercio": 2})  # 2 SP against 3
    stack(hothead, "action-2", "excellent-harvests")  # neutral, positive
    drive(war_campaigns.enemy_campaign(hothead, "france-italy", "test"))
    assert hothead.state.wars["france-italy"].position == 0


def test_progression_of_a_war_draws_as_many_tests_as_the_strategy(hothead: Game) -> None:
    """Wars / Progression of a War: "perform as many fortune tests as the enemy leader's
    strategy rating"; 1.5 to 2.5 SP, negative or neutral results move "one (and only one)
    space" — both test cards are drawn though the first already qualified (ruling R48,
    which replaces R3's early stop)."""
    at_war(hothead, units={"tercio": 1, "provincial": 1})  # 1.5 SP against 3
    stack(hothead, "action-2", "action-3")  # neutral, negative
    drive(war_campaigns.enemy_campaign(hothead, "france-italy", "test"))
    assert hothead.state.wars["france-italy"].position == -1
    assert hothead.state.discard[-2:] == ["action-2", "action-3"]


def test_optional_rule_enemy_tests_stop_at_the_first_qualifying_result(content) -> None:
    """Events Phase / Overview: "the player stops testing (and drawing cards) when the
    conditions of the event are met" — the reading offered as the optional rule
    enemy-tests-stop-early (ruling R48): the second card is not drawn."""
    game = test_wars_helpers.full_game(content)  # a full-game position: options allowed
    game.options = GameOptions(optional=("enemy-tests-stop-early",))
    at_war(game, units={"tercio": 1, "provincial": 1})
    stack(game, "action-2", "action-3")
    drive(war_campaigns.enemy_campaign(game, "france-italy", "test"))
    assert game.state.wars["france-italy"].position == -1
    assert game.state.deck[-1] == "action-3", "the second test card is not drawn"
    # The 3 SP band still draws every card (Progression of a War: "a card must be drawn
    # for each fortune test").
    at_war(game, units={})
    stack(game, "excellent-harvests", "action-1")
    drive(war_campaigns.enemy_campaign(game, "france-italy", "test"))
    assert game.state.discard[-2:] == ["excellent-harvests", "action-1"]


def test_first_game_turn_total_war_in_italy(hothead: Game) -> None:
    """Example First Game Turn: La Motte (2) against 1.5 SP, a neutral and a negative
    result move the Italian front one space against the player."""
    at_war(hothead, units={"tercio": 1, "provincial": 1}, leader="francisco-pimentel")
    stack(hothead, "action-2", "the-plague")
    drive(war_campaigns.enemy_campaign(hothead, "france-italy", "Total War"))
    assert hothead.state.wars["france-italy"].position == -1


def test_sp_loss_removes_only_one_sp_and_flips_a_veteran_against_a_strong_leader(
    hothead: Game,
) -> None:
    """Progression of a War: the SP symbol removes one SP only; against a leader of
    strategy 2-3 a veteran tercio must be flipped (the Flanders example with Tromp)."""
    at_war(hothead, units={"veteran": 1, "fleet": 1})  # 3 SP against 3: La Motte, 2
    stack(hothead, "instability-1", "instability-2")  # negative + SP mark, twice
    drive(war_campaigns.enemy_campaign(hothead, "france-italy", "test"))
    s = hothead.state
    assert s.units["france-italy"] == {"veteran-flipped": 1, "fleet": 1}
    assert s.wars["france-italy"].position == -1
    assert s.wars["france-italy"].enemy_leader == "la-motte", "he moved the war: he stays"


def test_enemy_leader_relieved_when_the_campaign_achieves_nothing(hothead: Game) -> None:
    """Progression of a War (ruling R4): no progress and no SP removed: relieved."""
    at_war(hothead, units={"tercio": 3}, enemy="la-motte")
    stack(hothead, "excellent-harvests", "action-1")
    drive(war_campaigns.enemy_campaign(hothead, "france-italy", "test"))
    assert hothead.state.wars["france-italy"].enemy_leader == "emmanuel-of-savoy"


def test_truce_stops_enemy_campaigns(hothead: Game) -> None:
    """Actions / Embassy: a war at truce cannot move in either direction."""
    at_war(hothead, units={})
    hothead.state.wars["france-italy"].truce = True
    n = len(hothead.state.deck)
    drive(war_campaigns.enemy_campaign(hothead, "france-italy", "test"))
    assert hothead.state.wars["france-italy"].position == 0 and len(hothead.state.deck) == n


# --------------------------------------------------------- player campaigns
def test_campaign_when_as_strong_each_positive_gains_a_space(hothead: Game) -> None:
    """Government Actions (Military Campaign): SP equal or higher, one space a positive."""
    at_war(hothead, units={"tercio": 3}, leader="gonzalo-fernandez-de-cordoba")  # strategy 2
    stack(hothead, "excellent-harvests", "action-3")
    drive(war_campaigns.player_campaign(hothead, "france-italy", "test"))
    assert hothead.state.wars["france-italy"].position == 1


def test_campaign_when_weaker_needs_two_positives_a_space(hothead: Game) -> None:
    """Government Actions (Military Campaign): enemy stronger, two positives a space."""
    at_war(hothead, units={"tercio": 1}, leader="ambrosio-de-spinola")  # strategy 3
    stack(hothead, "excellent-harvests", "action-1", "action-3")
    drive(war_campaigns.player_campaign(hothead, "france-italy", "test"))
    assert hothead.state.wars["france-italy"].position == 1


def test_tactician_counts_neutral_results_as_positive(hothead: Game) -> None:
    """Military Leaders (tactician): neutral results count as positive."""
    at_war(hothead, units={"tercio": 3}, leader="gonzalo-fernandez-de-cordoba")
    stack(hothead, "action-2", "excellent-harvests")  # neutral, positive
    drive(war_campaigns.player_campaign(hothead, "france-italy", "test"), ["court", "done"])
    assert hothead.state.wars["france-italy"].outcome == "won", "two spaces: the war is won"


def test_a_tactician_is_named_when_the_pigeon_counts(hothead: Game) -> None:
    """Military Leaders (tactician): a neutral result counts as positive — and the log
    says why the pigeon counted (issue 14, part 2)."""
    at_war(hothead, units={"tercio": 3}, leader="gonzalo-fernandez-de-cordoba")
    stack(hothead, "action-2", "excellent-harvests")  # neutral, positive
    drive(war_campaigns.player_campaign(hothead, "france-italy", "test"), ["court", "done"])
    said = "Gonzalo Fernández de Córdoba is a tactician: the pigeon counts as a success."
    assert any(e.text == said for e in hothead.log_entries)


def test_winning_a_war_scores_its_track_and_marks_peace(hothead: Game) -> None:
    """End of a War: VP from the track, +1 prestige, leader home, Peace marker."""
    at_war(hothead, units={"tercio": 3}, leader="gonzalo-fernandez-de-cordoba", position=1)
    stack(hothead, "excellent-harvests", "excellent-harvests")
    vp = hothead.state.vp
    drive(war_campaigns.player_campaign(hothead, "france-italy", "test"), ["court", "done"])
    s = hothead.state
    ws = s.wars["france-italy"]
    assert (ws.active, ws.outcome, ws.peace_this_turn) == (False, "won", True)
    assert s.vp == vp + hothead.content.wars["france-italy"].vp_win
    assert s.prestige_markers == 1
    assert "gonzalo-fernandez-de-cordoba" in s.court_nobles
    assert len([e for e in hothead.log_entries if e.text.startswith("Fortune test")]) >= 1


def test_losing_the_italian_war_closes_the_valtellina(hothead: Game) -> None:
    """War with France / War in Italy: a defeat closes the Valtellina pass."""
    at_war(hothead, units={}, leader=None, position=-2)
    stack(hothead, "excellent-harvests", "excellent-harvests")
    drive(war_campaigns.enemy_campaign(hothead, "france-italy", "test"))
    s = hothead.state
    assert s.wars["france-italy"].outcome == "lost" and s.valtellina_closed
    assert s.vp == 0, "VP cannot go below zero"


def test_spinola_campaigns_cost_two_ducats(hothead: Game) -> None:
    """Special Rules / Ambrosio de Spinola: each campaign costs two ducats."""
    assert war_campaigns.campaign_cost(hothead, "ambrosio-de-spinola") == 2
    assert war_campaigns.campaign_cost(hothead, "gonzalo-fernandez-de-cordoba") == 1


def test_juan_jose_of_austria_at_three_costs_two_ducats_a_campaign(hothead: Game) -> None:
    """Special Rules / Juan José of Austria and Rodrigo Pacheco: "If JUAN JOSÉ OF AUSTRIA
    has a rating of 3, each campaign he undertakes costs two ducats" (issue 13, point 5:
    the rules tested a misspelt id and he always paid one)."""
    s = hothead.state
    s.turn = 5  # his leader counter serves in turns 5-8
    at_war(hothead, units={"tercio": 3}, leader="juan-jose-of-austria")
    s.rolled_ratings["juan-jose-of-austria:military"] = 3
    s.treasury = 5
    stack(hothead, "the-plague", "the-plague", "the-plague")
    drive(
        ACTIONS["military-campaign"].run(hothead, Context("card", "ACTION")),
        ["brave:keep", "brave:keep", "brave:keep"],
    )
    assert s.treasury == 3
    s.rolled_ratings["juan-jose-of-austria:military"] = 2
    assert war_campaigns.campaign_cost(hothead, "juan-jose-of-austria") == 1


def test_juan_jose_rating_is_fixed_before_the_campaign_is_paid(hothead: Game) -> None:
    """Special Rules / Juan José of Austria and Rodrigo Pacheco (ruling R51): his "?"
    rating is fixed before the cost is paid, and while it is unknown the campaign needs
    the two ducats it may cost, so no campaign starts that the Treasury cannot pay."""
    s = hothead.state
    s.turn = 5  # his leader counter serves in turns 5-8
    at_war(hothead, units={"tercio": 3}, leader="juan-jose-of-austria")
    s.treasury = 1
    reasons = dict(actions.campaign_targets(hothead, Context("card", "ACTION")))
    assert reasons["france-italy"].startswith("costs 2 ducats")
    s.treasury = 2
    # The rating test draws a positive card (3); then three campaign tests.
    stack(hothead, "excellent-harvests", "the-plague", "the-plague", "the-plague")
    drive(
        ACTIONS["military-campaign"].run(hothead, Context("card", "ACTION")),
        ["brave:keep", "brave:keep", "brave:keep"],
    )
    assert s.rolled_ratings["juan-jose-of-austria:military"] == 3
    assert s.treasury == 0


def test_naval_power_without_fleet_costs_one_sp_in_a_campaign(hothead: Game) -> None:
    """Government Actions: against a naval power with no fleet, subtract one SP."""
    s = hothead.state
    s.wars["barbary"].active = True
    s.units["barbary"] = {"tercio": 2}
    assert wars.army_sp(hothead, "barbary", player_campaign=True) == 1
    assert wars.army_sp(hothead, "barbary", player_campaign=False) == 2


def test_land_powers_count_one_fleet_only(hothead: Game) -> None:
    """Government Actions: other wars count only one fleet SP."""
    hothead.state.units["france-italy"] = {"fleet": 2, "tercio": 1}
    assert wars.army_sp(hothead, "france-italy", player_campaign=True) == 2


def test_battles_are_named_on_the_picardy_flanders_and_catalonia_tracks(hothead: Game) -> None:
    """Battle Name Generator: a campaign step on these tracks is named from its table."""
    names = {n for row in hothead.content.battle_names.flanders for n in row}
    assert war_end.battle_name(hothead, "flanders") in names
    assert war_end.battle_name(hothead, "france-italy") is None


@pytest.mark.parametrize(
    "positions, expected",
    [
        ({"france-picardy": 2, "france-catalonia": -1}, "france-picardy"),
        ({"france-picardy": 1, "france-catalonia": -2}, "france-catalonia"),
        ({"france-picardy": 1, "france-catalonia": -1}, "france-picardy"),
    ],
)
def test_campaign_front_is_the_most_advanced_picardy_on_ties(
    hothead: Game, positions, expected
) -> None:
    """War with France (Picardy/Catalonia): the most advanced marker either way; Picardy
    on ties (the turn 6 example)."""
    for front, pos in positions.items():
        hothead.state.wars[front].position = pos
    assert war_campaigns.campaign_front(hothead, list(positions)) == expected
