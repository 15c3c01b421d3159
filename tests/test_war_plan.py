"""The expert bot's reading of the wars (planet_king/bots/war_plan.py): the chance an
enemy campaign moves a marker (Wars / Progression of a War), the spaces a Military
Campaign gains (Actions / Government Actions / Military Campaign), and what the expert
does with them: reinforce the army a unit saves most, campaign where it gains most."""

from __future__ import annotations

import pytest

from planet_king.bots import war_plan
from planet_king.bots.expert import ExpertBot
from planet_king.bots.expert_valuation import ForecastValuation
from planet_king.bots.expert_wars import WarValuation
from planet_king.bots.greedy import GreedyBot
from planet_king.engine.decisions import Decision, DecisionKind, Option, Role
from planet_king.engine.game import Game

CORDOBA = "gonzalo-fernandez-de-cordoba"  # strategy 2, tactician, serves turns 1-3


def _at_war(g: Game, war: str, units: dict[str, int], *, leader: str | None, enemy: str) -> None:
    ws = g.state.wars[war]
    ws.active, ws.position, ws.truce = True, 0, False
    ws.leader, ws.enemy_leader = leader, enemy
    g.state.units[war] = dict(units)


def _outlook(g: Game, war: str) -> war_plan.Outlook:
    return war_plan.Outlook.of(g, war)


def _wars() -> WarValuation:
    """The expert's valuation of the wars, fresh (it keeps what it reads for the turn)."""
    return WarValuation(ForecastValuation())


def _choose(g: Game, bot: ExpertBot | GreedyBot, d: Decision) -> str:
    """The bot's choice when the game asks ``d``."""
    g.decision = d
    return bot.choose(g)


def test_progression_without_a_commander_any_result_moves_the_marker(reign: Game) -> None:
    """Progression of a War: "or there is no noble in command of the army, any result of
    the fortune test moves the war's progression marker"."""
    _at_war(reign, "flanders", {"tercio": 4}, leader=None, enemy="nassau")
    o = _outlook(reign, "flanders")
    assert o.p_move(o.army) == 1.0


@pytest.mark.parametrize(
    ("army", "p"),
    [
        ({"tercio": 1}, 1.0),  # 4 against 1: 3 SP or more in favour of the enemy
        ({"tercio": 2}, 1 - 0.4**2),  # 2 SP: negative or neutral results move it
        ({"tercio": 3}, 1 - 0.6**2),  # 1 SP: only negative results move it
        ({"tercio": 5}, 1 - 0.6**2),  # in favour of the player: still on a negative
    ],
)
def test_progression_by_the_difference_in_sp(reign: Game, army: dict[str, int], p: float) -> None:
    """Progression of a War: as many fortune tests as the enemy leader's strategy (Nassau,
    2); the marker moves one space at most, on any result at 3 SP or more, on a negative
    or neutral one at 2.5 to 1.5 SP, on a negative one at 1 or less."""
    _at_war(reign, "flanders", army, leader=CORDOBA, enemy="nassau")
    o = _outlook(reign, "flanders")
    assert o.enemy_sp == 4 and o.enemy_tests == 2
    assert o.p_move(o.army) == pytest.approx(p)


def test_a_naval_war_without_a_fleet_counts_neutral_results(reign: Game) -> None:
    """Progression of a War: "Armies at war with naval powers ... must have at least one
    fleet SP, otherwise all neutral results will count as negative"."""
    _at_war(reign, "england", {"tercio": 3}, leader=CORDOBA, enemy="cecil")
    without = _outlook(reign, "england")
    reign.state.units["england"] = {"tercio": 2, "fleet": 1}
    with_fleet = _outlook(reign, "england")
    assert without.p_move(without.army) == pytest.approx(0.6)  # Cecil: 1 test
    assert with_fleet.p_move(with_fleet.army) == pytest.approx(0.4)


def test_a_war_is_nearer_its_loss_the_fewer_spaces_the_enemy_needs(reign: Game) -> None:
    """End of a War: the war is lost when the marker reaches the enemy's end; a truce
    immobilises it for the rest of the turn (Political Actions / Embassy)."""
    _at_war(reign, "flanders", {"tercio": 2}, leader=CORDOBA, enemy="nassau")
    far = war_plan.p_lost(reign, "flanders")
    reign.state.wars["flanders"].position = -3
    near = war_plan.p_lost(reign, "flanders")
    assert 0 < far < near < 1
    assert war_plan.p_lost(reign, "flanders", truce=True) < near


def test_a_campaign_gains_a_space_per_success_only_when_as_strong(reign: Game) -> None:
    """Military Campaign: as many tests as the leader's strategy; at equal or higher SP
    each positive result moves the marker one space, else every two; a tactician counts
    neutral results as positive (Córdoba: strategy 2, tactician, so 0.6 a test)."""
    _at_war(reign, "flanders", {"tercio": 4}, leader=CORDOBA, enemy="nassau")
    strong = war_plan.campaign_spaces(reign, "flanders", CORDOBA)
    assert strong == pytest.approx([0.16, 0.48, 0.36])
    reign.state.units["flanders"] = {"tercio": 3}
    weak = war_plan.campaign_spaces(reign, "flanders", CORDOBA)
    assert weak == pytest.approx([0.64, 0.36])
    assert war_plan.campaign_spaces(reign, "flanders", CORDOBA, extra="tercio") == strong


def test_the_expert_reinforces_the_army_a_unit_takes_off_the_automatic_move(
    reign: Game,
) -> None:
    """Progression of a War: a unit that brings the enemy's lead under 3 SP stops its
    campaigns moving on every result; one more in an army still 3 SP behind changes
    nothing. The expert places a new tercio of Nations where it counts."""
    _at_war(reign, "flanders", {"tercio": 1}, leader=CORDOBA, enemy="nassau")  # 4 vs 2 SP
    _at_war(reign, "england", {"fleet": 1}, leader=None, enemy="cecil")  # no commander
    reign.state.wars["flanders"].position = -2
    reign.state.wars["england"].position = -2
    assert _wars().reinforce_value(reign, "england", "nations") == 0.0
    assert _wars().reinforce_value(reign, "flanders", "nations") > 0.0
    options = (Option("to:england", "England"), Option("to:flanders", "Flanders"))
    where = Decision(
        Role.VALIDO, "", options, kind=DecisionKind.UNIT_DESTINATION, subject="nations"
    )
    assert _choose(reign, ExpertBot(1), where) == "to:flanders"


def test_the_expert_campaigns_where_the_war_can_be_won(reign: Game) -> None:
    """Military Campaign and End of a War: a campaign at equal strength may win a war
    two spaces from its end; one where the army is weaker gains a space only on two
    successes."""
    _at_war(reign, "flanders", {"tercio": 4}, leader=CORDOBA, enemy="nassau")
    reign.state.wars["flanders"].position = 2  # two spaces from victory (4 black spaces)
    ready = _wars().campaign_value(reign, "flanders")
    reign.state.units["flanders"] = {"tercio": 1}
    assert ready > _wars().campaign_value(reign, "flanders") > 0


def test_the_expert_plans_the_units_a_threshold_needs(reign: Game) -> None:
    """Progression of a War: against Nassau's 4 SP, one tercio (1 SP, Córdoba brings
    none) leaves the enemy 3 SP the stronger, so his campaigns still move on every result;
    two take it under 3 SP. The first tercio is worth its share of the two."""
    _at_war(reign, "flanders", {}, leader=CORDOBA, enemy="nassau")
    reign.state.wars["flanders"].position = -2
    o = _outlook(reign, "flanders")
    one, _ = o.with_unit(reign, "tercio")
    assert o.p_lost(one) == o.p_lost(o.army)  # one unit alone changes nothing
    assert o.p_lost(o.with_units(reign, "tercio", 2)) < o.p_lost(o.army)
    assert _wars().reinforce_value(reign, "flanders", "tercio") > 0.0


def test_a_plan_for_an_army_without_a_commander_sends_a_general(reign: Game) -> None:
    """Progression of a War: with no noble in command every result moves the marker,
    whatever the SP; a unit is worth something only with a general to send from Court."""
    _at_war(reign, "flanders", {"tercio": 2}, leader=None, enemy="nassau")
    reign.state.wars["flanders"].position = -2
    assert _wars().reinforce_value(reign, "flanders", "tercio") == 0.0  # none at Court
    reign.state.court_nobles[0] = CORDOBA
    assert _wars().reinforce_value(reign, "flanders", "tercio") > 0.0


def test_the_expert_keeps_the_last_fleet_of_a_naval_war(reign: Game) -> None:
    """Progression of a War: "Armies at war with naval powers ... must have at least one
    fleet SP, otherwise all neutral results will count as negative". On the SP-loss
    symbol the expert loses a tercio, not the army's only fleet (the greedy bot's order
    would lose the fleet first)."""
    # 4 SP against England's 4: after the loss 1 SP behind, where only a crow moves the
    # marker, unless the army has no fleet left
    _at_war(reign, "england", {"fleet": 1, "tercio": 3}, leader=CORDOBA, enemy="cecil")
    options = (Option("lose:fleet", "Remove a fleet"), Option("lose:tercio", "Remove a tercio"))
    naval = Decision(
        Role.VALIDO,
        "England: the SP-loss symbol — remove one SP",
        options,
        kind=DecisionKind.SP_LOSS,
        subject="england",
    )
    assert _choose(reign, ExpertBot(1), naval) == "lose:tercio"
    assert _choose(reign, GreedyBot(1), naval) == "lose:fleet"
