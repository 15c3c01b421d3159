"""Government actions (Actions / Government Actions): units, fleets and military
campaigns; none is repeated with the next ACTION card.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from planet_king.content.ids import Place, Power, War
from planet_king.engine.decisions import Choices, DecisionKind, Option, Role
from planet_king.engine.rules import court, units, war_campaigns, war_declaration, wars
from planet_king.engine.rules.actions.protocol import (
    CANCELLED,
    Context,
    action,
    check,
    describes,
    forbidden_gov,
    refused_everywhere,
)
from planet_king.engine.rules.units import UNIT_NAMES
from planet_king.engine.words import a_unit, plural

if TYPE_CHECKING:
    from planet_king.engine.game import Game, Rules


R_GOV = "Actions / Government Actions"


def deploy_now(g: Game, kind: str, rule: str, cause: str, places: list[str]) -> Rules:
    dst = yield from units.ask_place(
        g, f"Place the {UNIT_NAMES[kind]} where?", places, rule=rule, cause=cause, unit=kind
    )
    units.add_unit(g, dst, kind)
    g.log(
        f"{a_unit(UNIT_NAMES[kind], capital=True)} is placed in {g.name(dst)}.",
        rule=rule,
        cause=cause,
    )


@action(
    "raise-tercio",
    "government",
    "Raise a Spanish Tercio",
    f"{R_GOV} (Raise a Spanish Tercio)",
    cost=1,
)
def _raise_tercio(g: Game, ctx: Context) -> Rules:
    rule = f"{R_GOV} (Raise a Spanish Tercio)"
    g.spend(1, "action:raise-tercio", rule=rule, cause="Raise a Spanish Tercio")
    if g.hothead:
        places = [
            p for p in (Place.ITALY, War.FRANCE_ITALY) if units.destination_ok(g, "tercio", p)
        ]
        yield from deploy_now(g, "tercio", 'Scenarios / "Hothead" (ruling R8)', ctx.cause, places)
        return
    g.state.construction.append(("tercio", ""))
    g.log("A Spanish tercio is placed in the Under Construction box.", rule=rule)


@describes(_raise_tercio)
def _raise_tercio_does(g: Game) -> str:
    if g.hothead:
        return "placed at once in Italy or the Italian front (ruling R8)"
    return "it waits in the Under Construction box (deployed by CONSTRUCTION or at End of Turn)"


@check(_raise_tercio)
def _raise_tercio_check(g: Game, ctx: Context) -> str | None:
    return None if units.counters_left(g, "tercio") > 0 else "no Spanish tercio counter left"


@action(
    "raise-nations",
    "government",
    "Raise a Tercio of Nations",
    f"{R_GOV} (Raise a Tercio of Nations)",
    cost=1,
    does=(
        "placed at once in any territory or war of the monarchy; upkeep at each End of Turn: "
        "1 ducat for every two tercios of Nations or fraction thereof"
    ),
)
def _raise_nations(g: Game, ctx: Context) -> Rules:
    rule = f"{R_GOV} (Raise a Tercio of Nations)"
    g.spend(1, "action:raise-nations", rule=rule, cause="Raise a Tercio of Nations")
    yield from deploy_now(g, "nations", rule, ctx.cause, units.new_unit_places(g, "nations"))


@check(_raise_nations)
def _raise_nations_check(g: Game, ctx: Context) -> str | None:
    return None if units.counters_left(g, "nations") > 0 else "no tercio of Nations counter left"


@action(
    "build-fleet", "government", "Build a Fleet", f"{R_GOV} (Build a Fleet)", unique=True, cost=1
)
def _build_fleet(g: Game, ctx: Context) -> Rules:
    rule = f"{R_GOV} (Build a Fleet)"
    g.spend(1, "action:build-fleet", rule=rule, cause="Build a Fleet")
    g.state.construction.append(("fleet", ""))
    note = (
        " It will not be deployed: Hothead has no End of Turn phase (ruling R8)."
        if g.hothead
        else ""
    )
    g.log(f"A fleet is placed in the Under Construction box.{note}", rule=rule)
    return
    yield  # pragma: no cover


@describes(_build_fleet)
def _build_fleet_does(g: Game) -> str:
    if g.hothead:
        return "it waits in the Under Construction box, never deployed: no End of Turn in Hothead"
    return "it waits in the Under Construction box (deployed by CONSTRUCTION or at End of Turn)"


@check(_build_fleet)
def _build_fleet_check(g: Game, ctx: Context) -> str | None:
    return None if units.counters_left(g, "fleet") > 0 else "no fleet counter left"


def campaign_targets(g: Game, ctx: Context) -> list[tuple[str, str | None]]:
    """(war, reason it is not allowed) for every war the player could campaign in."""
    return list(_campaign_reasons(g, ctx))


def _campaign_reasons(g: Game, ctx: Context) -> Iterator[tuple[str, str | None]]:
    s = g.state
    forbidden = forbidden_gov(g, ctx)
    court_leaders: list[str] | None = None  # read only for a war to declare
    affordable: list[str] = []
    for w in wars.allowed_wars(g):
        ws = s.wars[w]
        why: str | None = None
        if ws.active:
            leader = ws.leader
            if ws.truce:
                why = "at truce"
            elif leader is None:
                why = "no commander in this army"
            elif wars.serving_commander(g, w) is None:
                why = f"{g.name(leader)}'s leader counter does not serve on this turn"
            elif forbidden and forbidden == ("military-campaign", w):
                why = "campaigned here with the previous ACTION card"
            elif s.treasury < (cost := war_campaigns.campaign_cost(g, leader)):
                why = f"costs {cost} ducat{'s' if cost > 1 else ''}; the Treasury has {s.treasury}"
        else:
            why = war_declaration.player_can_declare(g, w)
            if why is None and court_leaders is None:
                court_leaders = [n for n in court.court_nobles(g) if court.can_command(g, n)]
                affordable = [
                    n for n in court_leaders if s.treasury >= war_campaigns.campaign_cost(g, n)
                ]
            if why is None and not court_leaders:
                why = court.no_commander_reason(g)
            elif why is None and not affordable:
                why = "the Treasury cannot pay for any leader at Court"
        yield w, why


COSTS = "1 ducat, 2 when Ambrosio de Spinola or Juan José of Austria at military 3 leads"


def campaign_terms(g: Game, war_id: str) -> str:
    """What a campaign in a war at war would be now (Government Actions / Military
    Campaign): who leads, his strategy in fortune tests, the SP compared and what a
    positive result gains, the cost. Read without fixing a "?" rating."""
    s = g.state
    leader = wars.serving_commander(g, war_id)
    if leader is None:
        return ""
    counter = g.content.nobles[leader].leader
    if court.rating_fixed(g, leader, "military"):
        strategy = court.known_rating(g, leader, "military")
        army = s.units.get(war_id, {})
        total = units.unit_sp(army)
        if counter and counter.admiral and total > 0 and army.get("fleet", 0) * 2 >= total:
            strategy += 1  # an admiral with half the army in fleets
        tests = plural(strategy, "fortune test")
    else:
        tests = "fortune tests by his military rating, fixed first by a test (1 to 3)"
    if counter and counter.tactician:
        tests += ", neutral counting as positive (tactician)"
    mine = wars.army_sp(g, war_id, player_campaign=True)
    theirs = wars.enemy_strength(g, war_id)
    gain = "each positive result moves" if mine >= theirs else "every two positive results move"
    return (
        f"{g.name(leader)} leads, {tests}; {mine:g} SP against {theirs}: {gain} the marker a "
        f"space your way; {leader_cost(g, leader)}"
    )


def leader_cost(g: Game, nid: str) -> str:
    """A campaign's cost under this leader, in ducats (Special Rules: Ambrosio de
    Spinola; Juan José of Austria and Rodrigo Pacheco)."""
    cost = war_campaigns.campaign_cost(g, nid)
    if cost == 2 and not court.rating_fixed(g, nid, "military"):
        return "the campaign costs 2 ducats, 1 if his military rating is fixed below 3"
    return f"the campaign costs {plural(cost, 'ducat')}"


@action(
    "military-campaign", "government", "Conduct a Military Campaign", f"{R_GOV} (Military Campaign)"
)
def _campaign(g: Game, ctx: Context) -> Rules:
    s = g.state
    rule = f"{R_GOV} (Military Campaign)"
    opts = Choices()
    for w, why in campaign_targets(g, ctx):
        if s.wars[w].active:
            terms = campaign_terms(g, w) if why is None else ""
            label = f"Campaign in {g.name(w)}" + (f": {terms}" if terms else "")
        else:
            label = f"Declare war and campaign: {g.name(w)}"
            if why is None:
                theirs = wars.enemy_strength(g, w)
                label += f" (enemy {theirs} SP): a noble from Court takes the command ({COSTS})"
        opts.add(f"war:{w}", label, why)
    war_id = (
        yield from g.ask(
            "Military campaign: against which war?",
            opts,
            kind=DecisionKind.CAMPAIGN_TARGET,
            role=Role.VALIDO,
            rule=rule,
            cause=ctx.cause,
        )
    ).partition(":")[2]
    ws = s.wars[war_id]
    if not ws.active and g.options.coop:
        consent = yield from g.ask(
            f"The Valido proposes war: {g.name(war_id)}. Does the King consent?",
            [Option("war:consent", "Consent to the war"), Option("war:refuse", "Refuse")],
            kind=DecisionKind.WAR_CONSENT,
            subject=war_id,
            role=Role.KING,
            rule="Cooperative Game / Wars",
            cause=ctx.cause,
        )
        if consent == "war:refuse":
            g.log(
                f"The King refuses the war with {g.name(war_id)}.",
                rule="Cooperative Game / Wars",
                cause=ctx.cause,
            )
            return CANCELLED
    if not ws.active:
        lopts = Choices()
        for nid in court.court_nobles(g):
            if court.can_command(g, nid):
                cost = war_campaigns.campaign_cost(g, nid)
                lopts.add(
                    f"noble:{nid}",
                    f"{g.name(nid)}: {leader_cost(g, nid)}",
                    None
                    if s.treasury >= cost
                    else f"costs {plural(cost, 'ducat')}; the Treasury has {s.treasury}",
                )
        nid = (
            yield from g.ask(
                f"Who leads the army of {g.name(war_id)}?",
                lopts,
                kind=DecisionKind.ARMY_COMMAND,
                subject=war_id,
                role=Role.VALIDO,
                rule=rule,
                cause=ctx.cause,
            )
        ).partition(":")[2]
        war_campaigns.pay_campaign(g, nid, rule=rule)
        court.set_holder(g, court.where(g, nid) or "", None)
        court.place(g, nid, f"army:{war_id}", cause="Military Campaign")
        # Declaring war on France opens the fronts of War with France together.
        fronts = [war_id]
        if wars.power_of(g, war_id) == Power.FRANCE:
            fronts = [war_id] + [f for f in war_declaration.france_fronts_to_open(g) if f != war_id]
        yield from war_declaration.declare_war(g, fronts, ctx.cause, rule=rule)
    else:
        war_campaigns.pay_campaign(g, ws.leader or "", rule=rule)
    yield from war_campaigns.player_campaign(g, war_id, ctx.cause)
    return war_id


@describes(_campaign)
def _campaign_does(g: Game) -> str:
    return (
        f"{COSTS}: as many fortune tests as the commander's strategy; each positive result "
        "moves the war marker a space your way (every two if the enemy has more SP); or "
        "declare war, a noble from Court taking the command"
    )


@check(_campaign)
def _campaign_check(g: Game, ctx: Context) -> str | None:
    if ctx.kind == "organisation":
        return "not in the Organisation phase"
    return refused_everywhere(g, _campaign_reasons(g, ctx), "no war to campaign in")
