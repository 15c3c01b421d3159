"""Wars: the Declaration of War, by the player or by a war card (War Event Sequence)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from planet_king.content.ids import Power, War
from planet_king.engine.decisions import Choices, DecisionKind, Role
from planet_king.engine.rules import court, units
from planet_king.engine.rules.units import UNIT_NAMES
from planet_king.engine.rules.war_campaigns import (
    campaign_front,
    enemy_campaign,
)
from planet_king.engine.rules.war_end import move_marker
from planet_king.engine.rules.war_leaders import appoint_enemy_leader
from planet_king.engine.rules.wars import (
    FRANCE_FRONTS,
    RULE_DECLARATION,
    RULE_FRANCE,
    RULE_PALATINATE,
    RULE_PORTUGAL,
    RULE_PROGRESSION,
    RULE_SEGADORS,
    allowed_wars,
    ended_this_turn,
    power_of,
    stat,
    war_allowed,
    wars_of,
)
from planet_king.engine.words import a_unit

if TYPE_CHECKING:
    from planet_king.content.models import EventCard
    from planet_king.engine.game import Game, Rules


def can_declare(g: Game, war_id: str) -> str | None:
    """Why a new war cannot be declared now, or None."""
    s = g.state
    ws = s.wars[war_id]
    if ws.active:
        return "already at war"
    if not war_allowed(g, war_id):
        return "this war is not used in this scenario"
    power = power_of(g, war_id)
    if ended_this_turn(g, power):
        return "the war ended this turn (Peace marker)"
    if s.wars_declared_this_turn >= 2:
        return "two wars have already been declared this turn"
    if power == Power.FRANCE:
        if any(s.wars[f].active for f in FRANCE_FRONTS if f in s.wars):
            return "a closed front cannot be reopened until all French fronts are closed"
        if war_id not in france_fronts_to_open(g):
            return "this French front cannot be opened now (War with France)"
    return None


def player_can_declare(g: Game, war_id: str) -> str | None:
    """Why the player cannot declare this war with a Military Campaign, or None.

    Portugal is part of the monarchy until PORTUGUESE WAR makes it a foreign power
    (War with Portugal; ruling R30)."""
    why = can_declare(g, war_id)
    if why is None and power_of(g, war_id) == Power.PORTUGAL and not g.state.portugal_independent:
        return "Portugal is not an independent power (War with Portugal)"
    return why


def declare_war(g: Game, fronts: list[str], cause: str, *, rule: str = RULE_DECLARATION) -> Rules:
    """Declaration steps: markers, track at 0, units and leader moved in, enemy leader."""
    s = g.state
    s.wars_declared_this_turn += 1
    ordinal = "1st" if s.wars_declared_this_turn == 1 else "2nd"
    if War.FRANCE_PICARDY in fronts:
        s.picardy_pending = False
    if War.PORTUGAL in fronts and not s.portugal_independent:
        _portuguese_independence(g, cause)
    for war_id in fronts:
        ws = s.wars[war_id]
        ws.active, ws.position, ws.truce, ws.outcome = True, 0, False, None
        stat(g, war_id, "declared")
        g.log(
            f"War is declared: {g.name(war_id)} ({ordinal} war declared this turn); "
            "progression marker on 0.",
            rule=rule,
            cause=cause,
        )
    for war_id in fronts:
        yield from reinforce_new_front(g, war_id, cause)
        appoint_enemy_leader(g, war_id, cause)


def _portuguese_independence(g: Game, cause: str) -> None:
    """Portugal becomes independent for good (War with Portugal). Its army box is empty
    now: the SP in it move to Spain when the war ends (ruling R49, ``war_end.end_war``)."""
    g.state.portugal_independent = True
    g.log(
        "Portugal declares its independence: it is a foreign power for the rest of the game "
        "(independence marker).",
        rule=RULE_PORTUGAL,
        cause=cause,
    )


def reinforce_new_front(g: Game, war_id: str, cause: str) -> Rules:
    """Move units from adjacent wars and territories, and a noble from Court, to the army."""
    s = g.state
    ws = s.wars[war_id]
    if ws.leader is None:
        opts = Choices()
        for nid in court.court_nobles(g):
            if court.can_command(g, nid):
                opts.add(f"noble:{nid}", f"{g.name(nid)} takes command")
        if opts:
            opts.add("none", "Leave the army without a commander")
            choice = yield from g.ask(
                f"{g.name(war_id)}: send a noble from Court to command?",
                opts,
                kind=DecisionKind.ARMY_COMMAND,
                subject=war_id,
                role=Role.VALIDO,
                rule=RULE_DECLARATION,
                cause=cause,
            )
            if choice != "none":
                nid = choice.partition(":")[2]
                court.set_holder(g, court.where(g, nid) or "", None)
                court.place(g, nid, f"army:{war_id}", cause=cause)
    sources = [
        loc
        for loc in units.neighbours(g, war_id)
        if loc != war_id and (loc in g.content.territories or s.wars[loc].active)
    ]
    while True:
        opts = Choices()
        for loc in sources:
            for kind, n in sorted(s.units.get(loc, {}).items()):
                if (
                    n > 0
                    and units.destination_ok(g, kind, war_id)
                    and (loc != units.PLUS_ULTRA or kind == "fleet")
                ):
                    opts.add(
                        f"move:{loc}:{kind}",
                        f"Move {a_unit(UNIT_NAMES[kind])} from {g.name(loc)} ({n} there)",
                    )
        if not opts:
            return
        opts.add("done", "Done")
        choice = yield from g.ask(
            f"{g.name(war_id)}: move units into the new army?",
            opts,
            kind=DecisionKind.NEW_ARMY_UNITS,
            subject=war_id,
            role=Role.VALIDO,
            rule=RULE_DECLARATION,
            cause=cause,
        )
        if choice == "done":
            return
        _, loc, kind = choice.split(":")
        units.move_one(g, loc, kind, war_id, cause)


def france_fronts_to_open(g: Game) -> list[str]:
    """Italy in the first three turns (and alone); later Picardy and Catalonia together."""
    s = g.state
    italy = s.wars.get(War.FRANCE_ITALY)
    if s.turn <= 3 and italy is not None and italy.outcome is None:
        fronts = [War.FRANCE_ITALY]
    else:
        fronts = [War.FRANCE_PICARDY, War.FRANCE_CATALONIA]
    return [f for f in fronts if f in s.wars and war_allowed(g, f)]


@dataclass(frozen=True)
class Declaration:
    """How a war card's declaration test is taken: one test on turns 1-2 (two from turn 3),
    a negative or neutral result declares war. The TURKISH WAR's card sets its own:
    one test whatever the turn (``declaration_tests: 1``), and only a negative declares
    (``declare_on_neutral: false``)."""

    tests: int | None = None  # None: by the turn
    on_neutral: bool = True

    @classmethod
    def of(cls, card: EventCard) -> Declaration:
        tests = card.params.get("declaration_tests")
        return cls(
            None if tests is None else int(tests),
            bool(card.params.get("declare_on_neutral", True)),
        )


def declaration_test(g: Game, power: str, cause: str, how: Declaration = Declaration()) -> bool:
    tests = how.tests if how.tests is not None else (1 if g.state.turn <= 2 else 2)
    for _ in range(tests):
        t = g.fortune_test(f"does {g.name(power)} declare war?", rule=RULE_DECLARATION)
        if t.negative or (t.neutral and how.on_neutral):
            return True
    g.log(f"{g.name(power)} does not declare war.", rule=RULE_DECLARATION, cause=cause)
    return False


def war_event(g: Game, card: EventCard, *, forced_declaration: bool = False) -> Rules:
    """War Event Sequence: a declaration test if not at war, else an enemy campaign."""
    s = g.state
    power = str(card.params["power"])
    cause = card.name
    if "strength" in card.params:
        raise_strength(g, power, int(card.params["strength"]), card)
    if power == Power.FRANCE:
        fronts = [f for f in FRANCE_FRONTS if f in s.wars]
        active = [f for f in fronts if s.wars[f].active]
        if active and s.picardy_pending and War.FRANCE_PICARDY in allowed_wars(g):
            yield from _open_picardy(g, cause)
        elif active:
            yield from enemy_campaign(g, campaign_front(g, active), cause)
        else:
            yield from _event_declaration(
                g, power, france_fronts_to_open(g), cause, forced=forced_declaration
            )
    else:
        for war_id in wars_of(g, power):
            if g.state.wars[war_id].active:
                yield from enemy_campaign(g, war_id, cause)
            else:
                yield from _event_declaration(
                    g,
                    power,
                    [war_id],
                    cause,
                    forced=forced_declaration,
                    how=Declaration.of(card),
                )
    palatinate = g.state.wars.get(War.PALATINATE)
    if "palatinate" in card.params and palatinate is not None and palatinate.active:
        yield from move_marker(
            g,
            War.PALATINATE,
            int(card.params["palatinate"]),
            cause,
            rule="Events / Events of the War of the Palatinate",
        )


def raise_strength(g: Game, power: str, strength: int, card: EventCard) -> None:
    """FRANCO-SPANISH WAR (33), PORTUGUESE WAR (39), BREITENFELD 1631: the power's
    strength rises for the rest of the game (applied before the card is resolved)."""
    s = g.state
    if s.power_strength.get(power, g.content.powers[power].strength) >= strength:
        return
    s.power_strength[power] = strength
    g.log(
        f"The strength of {g.name(power)} rises to {strength} for the rest of the game.",
        rule={
            Power.FRANCE: RULE_FRANCE,
            Power.PORTUGAL: RULE_PORTUGAL,
            Power.PROTESTANTS: RULE_PALATINATE,
        }.get(power, RULE_PROGRESSION),
        cause=card.name,
    )


def _open_picardy(g: Game, cause: str) -> Rules:
    """After GUERRA DELS SEGADORS opened the Catalan front alone, the next FRANCO-SPANISH
    WAR card opens Picardy (ruling R31): France is already at war, so no test and no new
    war marker; the declaration steps are taken for the front."""
    s = g.state
    s.picardy_pending = False
    ws = s.wars[War.FRANCE_PICARDY]
    ws.active, ws.position, ws.truce, ws.outcome = True, 0, False, None
    stat(g, War.FRANCE_PICARDY, "declared")
    g.log(
        "The Picardy front opens (the Catalan front was opened alone by the Guerra dels "
        "Segadors); progression marker on 0.",
        rule=RULE_SEGADORS,
        cause=cause,
    )
    yield from reinforce_new_front(g, War.FRANCE_PICARDY, cause)
    appoint_enemy_leader(g, War.FRANCE_PICARDY, cause)


def _event_declaration(
    g: Game,
    power: str,
    fronts: list[str],
    cause: str,
    *,
    forced: bool,
    how: Declaration = Declaration(),
) -> Rules:
    if not fronts:
        g.log(
            f"No war with {g.name(power)} can be opened in this scenario.",
            rule=RULE_DECLARATION,
            cause=cause,
        )
        return
    why = can_declare(g, fronts[0])
    if why:
        g.log(
            f"No declaration of war by {g.name(power)}: {why}.", rule=RULE_DECLARATION, cause=cause
        )
        return
    if forced:
        g.log(
            f"{g.name(power)} declares war without a fortune test.",
            rule=RULE_DECLARATION,
            cause=cause,
        )
    elif not declaration_test(g, power, cause, how):
        return
    yield from declare_war(g, fronts, cause)
