"""Wars: the campaigns. The enemy's (Progression of a War, TOTAL WAR) and the player's
Military Campaign (Actions / Government Actions)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from planet_king.content.ids import Noble, War
from planet_king.engine.decisions import Choices, DecisionKind, Option, Role
from planet_king.engine.rules import court, units
from planet_king.engine.rules.modes import ENEMY_TESTS_STOP_EARLY
from planet_king.engine.rules.units import UNIT_NAMES
from planet_king.engine.rules.war_end import move_marker
from planet_king.engine.rules.war_leaders import (
    appoint_enemy_leader,
    available_enemy_leaders,
    fill_enemy_command,
)
from planet_king.engine.rules.wars import (
    FRANCE_FRONTS,
    RULE_CAMPAIGN,
    RULE_PROGRESSION,
    RULE_SEGADORS,
    RULE_TOTAL,
    active_wars,
    army_sp,
    enemy_strategy,
    enemy_strength,
    power_of,
    serving_commander,
    spanish_spaces,
)
from planet_king.engine.words import a_unit, plural

if TYPE_CHECKING:
    from planet_king.content.models import EventCard
    from planet_king.engine.fortune import FortuneResult
    from planet_king.engine.game import Game, Rules


# ---------------------------------------------------- the enemy's campaigns
def campaign_front(g: Game, active: list[str]) -> str:
    """The front with the most advanced marker either way; Picardy on ties (War with France).

    Fronts at truce cannot move and are passed over when another front can (ruling R9).
    """
    s = g.state
    candidates = [f for f in active if not s.wars[f].truce] or active
    best = max(abs(s.wars[f].position) for f in candidates)
    for f in FRANCE_FRONTS:
        if f in candidates and abs(s.wars[f].position) == best:
            return f
    return candidates[0]


def enemy_campaign(g: Game, war_id: str, cause: str) -> Rules:
    """Progression of a War: the enemy campaigns, with as many tests as its leader's
    strategy; the marker moves at most one space (ruling R48)."""
    s = g.state
    ws = s.wars[war_id]
    if ws.truce:
        g.log(f"{g.name(war_id)} is at truce: no campaign.", rule=RULE_PROGRESSION, cause=cause)
        return
    fill_enemy_command(g, war_id, cause, rule=RULE_PROGRESSION)
    mine = army_sp(g, war_id, player_campaign=False)
    theirs = enemy_strength(g, war_id)
    diff = theirs - mine
    strategy = enemy_strategy(g, war_id) if ws.enemy_leader else 1
    naval_no_fleet = (
        g.content.powers[power_of(g, war_id)].naval and s.units.get(war_id, {}).get("fleet", 0) == 0
    )
    automatic = serving_commander(g, war_id) is None or diff >= 3
    g.log(
        f"{g.name(power_of(g, war_id))} campaigns in {g.name(war_id)}: enemy {theirs} SP "
        f"against {mine:g} SP, {plural(strategy, 'test')}"
        + (" — the move is automatic" if automatic else "")
        + ".",
        rule=RULE_PROGRESSION,
        cause=cause,
    )
    # Every test is drawn, as the two worked examples do (ruling R48); the optional rule
    # stops at the first qualifying result (Events Phase / Overview; the old ruling R3).
    stop_early = ENEMY_TESTS_STOP_EARLY in g.options.optional and not automatic
    tests: list[FortuneResult] = []
    moved = False
    for _ in range(strategy):
        t = g.fortune_test(f"enemy campaign in {g.name(war_id)}", rule=RULE_PROGRESSION)
        tests.append(t)
        if automatic or t.negative or (t.neutral and (diff >= 1.5 or naval_no_fleet)):
            moved = True  # one (and only one) space, however many results qualify
            if stop_early:
                g.log(
                    "A qualifying result: the enemy stops testing (optional rule "
                    f"{ENEMY_TESTS_STOP_EARLY}, ruling R48).",
                    rule=RULE_PROGRESSION,
                    cause=cause,
                )
                break
    sp_removed = False
    if any(t.sp_loss for t in tests):
        sp_removed = yield from lose_sp(
            g, war_id, cause, enemy_leader_strategy=strategy if ws.enemy_leader else 0
        )
    if moved:
        yield from move_marker(g, war_id, -1, cause, rule=RULE_PROGRESSION)
    if ws.active and ws.enemy_leader and not moved and not sp_removed:
        old = ws.enemy_leader
        if not [lid for lid in available_enemy_leaders(g, war_id) if lid != old]:
            g.log(
                f"{g.name(old)} achieved nothing, but no other leader is available: he keeps "
                "his command (ruling R4).",
                rule=RULE_PROGRESSION,
                cause=cause,
            )
            return
        g.log(
            f"{g.name(old)} achieved nothing and is relieved of command (ruling R4).",
            rule=RULE_PROGRESSION,
            cause=cause,
        )
        appoint_enemy_leader(g, war_id, cause, exclude=old, rule=RULE_PROGRESSION)


def lose_sp(g: Game, war_id: str, cause: str, *, enemy_leader_strategy: int) -> Rules:
    """Remove one SP from an army: a veteran is flipped first against a 2-3 leader."""
    s = g.state
    army = s.units.get(war_id, {})
    present = [k for k in sorted(army) if army[k] > 0]
    if not present:
        g.log(
            f"The army of {g.name(war_id)} has no unit to lose.", rule=RULE_PROGRESSION, cause=cause
        )
        return False
    if enemy_leader_strategy >= 2 and "veteran" in present:
        choice = "veteran"
        g.log(
            "The enemy leader has a strategy of 2 or 3: the veteran tercio must be flipped.",
            rule=RULE_PROGRESSION,
            cause=cause,
        )
    else:
        opts = Choices()
        for k in present:
            label = (
                "Flip the old tercio to its 1 SP side"
                if k == "veteran"
                else f"Remove {a_unit(UNIT_NAMES[k])}"
            )
            opts.add(f"lose:{k}", label)
        choice = (
            yield from g.ask(
                f"{g.name(war_id)}: the SP-loss symbol — remove one SP",
                opts,
                kind=DecisionKind.SP_LOSS,
                subject=war_id,
                role=Role.VALIDO,
                rule=RULE_PROGRESSION,
                cause=cause,
            )
        ).partition(":")[2]
    units.remove_unit(g, war_id, choice)
    if choice == "habsburg":
        s.habsburg_lost += 1  # cannot be rebuilt (Austrian Alliance)
    if choice == "veteran":
        units.add_unit(g, war_id, "veteran-flipped")
        g.log(
            f"The old tercio in {g.name(war_id)} is flipped to its 1 SP side.",
            rule=RULE_PROGRESSION,
            cause=cause,
        )
    else:
        g.log(
            f"{a_unit(UNIT_NAMES[choice], capital=True)} is lost in {g.name(war_id)}.",
            rule=RULE_PROGRESSION,
            cause=cause,
        )
    return True


def total_war(g: Game, card: EventCard) -> Rules:
    """TOTAL WAR: a campaign on every active war and front but the Palatinate and truces."""
    g.state.total_war_played = True
    fronts = [w for w in active_wars(g) if w != War.PALATINATE and not g.state.wars[w].truce]
    if not fronts:
        g.log(
            "Total War: no active war or front to campaign on.",
            rule=RULE_TOTAL,
            cause=card.name,
        )
    for w in fronts:
        if g.state.wars[w].active:
            yield from enemy_campaign(g, w, card.name)


# --------------------------------------------- the player's Military Campaign
def campaign_cost(g: Game, leader: str | None) -> int:
    """One ducat; two when Spinola, or Juan José of Austria at 3, leads (Special Rules).

    While Juan José's "?" rating is not fixed the cost is counted as two, the most it can
    be: his rating is fixed before the campaign is paid (``pay_campaign``, ruling R51), and
    a campaign must never start that the Treasury cannot pay."""
    if leader == Noble.SPINOLA:
        return 2
    if leader == Noble.JUAN_JOSE:
        rolled = g.state.rolled_ratings.get(f"{leader}:military")
        return 2 if rolled in (None, 3) else 1
    return 1


def pay_campaign(g: Game, leader: str, *, rule: str) -> None:
    """Pay a Military Campaign, a "?" military rating fixed first (Juan José of Austria
    and Rodrigo Pacheco: "each campaign he undertakes costs two ducats")."""
    court.rating(g, leader, "military")
    cost = campaign_cost(g, leader)
    if cost == 2:
        why = (
            "Ambrosio de Spinola"
            if leader == Noble.SPINOLA
            else "Juan José of Austria and Rodrigo Pacheco"
        )
        g.log(
            f"{g.name(leader)} leads the campaign: it costs 2 ducats instead of 1.",
            rule=f"Special Rules / {why}",
            cause="Military Campaign",
        )
    g.spend(cost, "action:military-campaign", rule=rule, cause="Military Campaign")
    g.state.stats.campaigns.append((g.state.turn, leader, cost))  # checked by the invariants


def player_campaign(g: Game, war_id: str, cause: str) -> Rules:
    """The Military Campaign action against a power already at war."""
    s = g.state
    ws = s.wars[war_id]
    leader = serving_commander(g, war_id)
    if leader is None:
        raise AssertionError("a campaign needs a commander whose counter serves this turn")
    fill_enemy_command(g, war_id, cause, rule=RULE_CAMPAIGN)
    strategy = leader_strategy(g, leader)
    army = s.units.get(war_id, {})
    counter = g.content.nobles[leader].leader
    total_sp = units.unit_sp(army)
    if counter and counter.admiral and total_sp > 0 and army.get("fleet", 0) * 2 >= total_sp:
        strategy += 1
        g.log(
            f"{g.name(leader)} is an admiral and half the army is fleets: +1 strategy.",
            rule=RULE_CAMPAIGN,
            cause=cause,
        )
    tactician = bool(counter and counter.tactician)
    brave = court.has_trait(g, leader, "brave")
    mine = army_sp(g, war_id, player_campaign=True)
    theirs = enemy_strength(g, war_id)
    per_space = 1 if mine >= theirs else 2
    room = spanish_spaces(g, war_id) - s.wars[war_id].position
    g.log(
        f"{g.name(leader)} campaigns in {g.name(war_id)}: {mine:g} SP against {theirs} SP, "
        f"{plural(strategy, 'test')}; {'each' if per_space == 1 else 'every two'} positive "
        f"result{'s' if per_space == 2 else ''} gain{'s' if per_space == 1 else ''} a space.",
        rule=RULE_CAMPAIGN,
        cause=cause,
    )
    good = 0
    sp_symbol = False
    brave_used = False
    brave_lost = False
    for _ in range(strategy):
        if good // per_space >= room:
            break  # the war is already won: stop drawing (Events Phase / Overview)
        t = g.fortune_test(f"campaign in {g.name(war_id)}", rule=RULE_CAMPAIGN)
        sp_symbol |= t.sp_loss
        ok = t.positive or (tactician and t.neutral)
        _say_tactician(g, leader, t.neutral and tactician, cause)
        if not ok and brave and not brave_used:
            choice = yield from g.ask(
                f"{g.name(leader)} is brave: repeat this fortune test? (a negative result "
                "removes him)",
                [
                    Option("brave:repeat", "Repeat the test"),
                    Option("brave:keep", "Keep the result"),
                ],
                kind=DecisionKind.BRAVE_REPEAT,
                subject=leader,
                role=Role.VALIDO,
                rule="Notable Cards / NOBLE Cards (Brave)",
                cause=cause,
            )
            if choice == "brave:repeat":
                brave_used = True
                t = g.fortune_test(f"{g.name(leader)} repeats the test", rule=RULE_CAMPAIGN)
                sp_symbol |= t.sp_loss
                ok = t.positive or (tactician and t.neutral)
                _say_tactician(g, leader, t.neutral and tactician, cause)
                brave_lost = t.negative
        if ok:
            good += 1
    spaces = min(good // per_space, room)
    if sp_symbol and war_id == War.FRANCE_CATALONIA and s.catalan_tercio:
        s.catalan_tercio = False
        g.log(
            "The SP-loss symbol in a Spanish campaign on the Catalan front: the Catalan tercio "
            "is eliminated, and a Spanish unit with it; the French army returns to its strength.",
            rule=RULE_SEGADORS,
            cause=cause,
        )
    if sp_symbol:
        yield from lose_sp(g, war_id, cause, enemy_leader_strategy=enemy_strategy(g, war_id))
    if spaces == 0:
        g.log(f"The campaign in {g.name(war_id)} gains no ground.", rule=RULE_CAMPAIGN, cause=cause)
    for _ in range(spaces):
        if not ws.active:
            break
        yield from move_marker(g, war_id, +1, cause, rule=RULE_CAMPAIGN)
    if brave_lost and court.where(g, leader) is not None:
        yield from court.remove_from_game(
            g,
            leader,
            "brave leader's repeated test failed",
            rule="Notable Cards / NOBLE Cards (Brave)",
        )


def _say_tactician(g: Game, leader: str, counts: bool, cause: str) -> None:
    """Name the trait where it changes the result: a pigeon counts for a tactician."""
    if counts:
        g.log(
            f"{g.name(leader)} is a tactician: the pigeon counts as a success.",
            rule="Notable Cards / NOBLE Cards (Tactician)",
            cause=cause,
        )


def leader_strategy(g: Game, nid: str) -> int:
    return court.rating(g, nid, "military")
