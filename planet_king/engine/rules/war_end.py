"""Wars: the progression marker and the End of a War (leader home, VP, redeployment),
and the clean-up of the war markers at the End of Turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from planet_king.content.ids import Place, War
from planet_king.engine import draws
from planet_king.engine.decisions import Choices, DecisionKind, Role
from planet_king.engine.rules import court, units
from planet_king.engine.rules.units import UNIT_NAMES
from planet_king.engine.rules.war_leaders import leader_home
from planet_king.engine.rules.wars import (
    RULE_END,
    RULE_PALATINATE,
    RULE_PORTUGAL,
    active_wars,
    spanish_spaces,
    stat,
)
from planet_king.engine.words import a_unit, plural

if TYPE_CHECKING:
    from planet_king.engine.game import Game, Rules


NAMED_BATTLES = {
    War.FRANCE_PICARDY: "picardy",
    War.FLANDERS: "flanders",
    War.FRANCE_CATALONIA: "catalonia",
}


def move_marker(g: Game, war_id: str, delta: int, cause: str, *, rule: str) -> Rules:
    s = g.state
    ws = s.wars[war_id]
    if not ws.active:
        return
    if ws.truce:
        g.log(f"{g.name(war_id)} is at truce: the marker cannot move.", rule=rule, cause=cause)
        return
    war = g.content.wars[war_id]
    ws.position = max(-war.enemy_spaces, min(spanish_spaces(g, war_id), ws.position + delta))
    side = "in the player's favour" if delta > 0 else "against the player"
    battle = battle_name(g, war_id)
    named = f" — {battle}" if battle else ""
    g.log(
        f"{g.name(war_id)}: the marker moves one space {side}, to {ws.position:+d}{named}.",
        rule=rule,
        cause=cause,
    )
    if ws.position >= spanish_spaces(g, war_id):
        yield from end_war(g, war_id, "won", cause)
    elif ws.position <= -war.enemy_spaces:
        yield from end_war(g, war_id, "lost", cause)


def battle_name(g: Game, war_id: str) -> str | None:
    table = NAMED_BATTLES.get(war_id)
    if table is None:
        return None
    rows: list[list[str]] = getattr(g.content.battle_names, table)
    g.random_draws += 1
    g.seen_draws += 1
    return rows[draws.randrange(g.rng, 6)][draws.randrange(g.rng, 6)]


def end_war(g: Game, war_id: str, outcome: str, cause: str) -> Rules:
    """End of a War: leader home, SP free to move, enemy leader removed, VP and markers."""
    s = g.state
    ws = s.wars[war_id]
    war = g.content.wars[war_id]
    ws.active, ws.truce, ws.peace_this_turn, ws.outcome = False, False, True, outcome
    if outcome == "won":
        s.wins_this_turn += 1
    stat(g, war_id, outcome)
    s.wars_ended.append(f"{outcome}:{war_id}")
    s.wars_ended.append(f"ended:{war_id}")
    if war_id == War.FRANCE_CATALONIA:
        s.picardy_pending = False
    verdict = {"won": "ends in victory", "lost": "ends in defeat", "peace": "ends in peace"}
    g.log(f"{g.name(war_id)} {verdict[outcome]}.", rule=RULE_END, cause=cause)
    if ws.enemy_leader:
        g.log(
            f"The enemy leader {g.name(ws.enemy_leader)} is removed from {g.name(war_id)}: he "
            "returns to the leaders available in the turns on his counter (ruling R50).",
            rule=RULE_END,
            cause=cause,
        )
        ws.enemy_leader = None
    if outcome == "peace":
        g.add_vp(-1, f"peace in {g.name(war_id)}", rule="Actions / Political Actions (Embassy)")
        g.add_prestige(
            -1, f"peace in {g.name(war_id)}", rule="Actions / Political Actions (Embassy)"
        )
    else:
        vp = war.vp_win if outcome == "won" else war.vp_lose
        late = war_id == War.PALATINATE and s.turn >= 6
        if late:  # "neither loses nor gains any victory points" (l.441): the King neither
            vp = 0
            g.log(
                "The War of the Palatinate ends on turn 6 or later: no VP"
                + (", for the King either." if g.options.coop else "."),
                rule="Wars / War of the Palatinate",
                cause=cause,
            )
        if vp:
            g.add_vp(vp, f"{g.name(war_id)} {verdict[outcome]}", rule=RULE_END)
        sign = 1 if outcome == "won" else -1
        if g.options.coop and not late:  # the King's 1 VP a war (Cooperative Game, l.781)
            g.add_vp(
                sign,
                f"war {outcome}",
                rule="Cooperative Game / VP Earned by the King",
                role=Role.KING,
            )
        g.add_happiness(sign, f"war {outcome}", rule=RULE_END)
        g.add_prestige(sign, f"war {outcome}", rule=RULE_END)
        if war_id == War.FRANCE_ITALY and outcome == "lost" and not s.valtellina_closed:
            s.valtellina_closed = True
            g.log(
                "The Valtellina pass is closed for the rest of the game.",
                rule="Wars / War with France (War in Italy)",
                cause=cause,
            )
    if ws.leader:
        yield from leader_home(g, war_id, cause)
    if war_id == War.PALATINATE:
        yield from _palatinate_over(g, cause)
    if war_id == War.PORTUGAL:
        _portugal_army_home(g, cause)
    yield from _redeploy(g, war_id, cause)


def _portugal_army_home(g: Game, cause: str) -> None:
    """At the end of the War with Portugal the SP in its army box move to Spain
    automatically, instead of being redeployed (ruling R49)."""
    s = g.state
    army = s.units.get(War.PORTUGAL, {})
    for kind in sorted(army):
        n = army[kind]
        units.remove_unit(g, War.PORTUGAL, kind, n)
        units.add_unit(g, Place.SPAIN, kind, n)
        g.log(
            f"{plural(n, UNIT_NAMES[kind])} in the Portugal army box "
            f"{'moves' if n == 1 else 'move'} to Spain (ruling R49).",
            rule=RULE_PORTUGAL,
            cause=cause,
        )


def _palatinate_over(g: Game, cause: str) -> Rules:
    """The Ambassador in Austria returns to Court (or the noble deck); Habsburg tercios
    are eliminated; AUSTRIAN ALLIANCE leaves at the next Organisation (``wars_ended``)."""
    s = g.state
    amb = s.offices.get("ambassador-austria")
    if amb:
        s.offices["ambassador-austria"] = None
        slot = court.free_court_slot(g)
        if slot:
            court.place(g, amb, slot, cause=cause)
            g.log(
                f"The Ambassador in Austria, {g.name(amb)}, returns to Court.",
                rule=RULE_PALATINATE,
                cause=cause,
            )
        else:
            court.to_deck_bottom(g, amb)
            g.log(
                f"The Ambassador in Austria, {g.name(amb)}, goes to the bottom of the noble "
                "deck: the Court is full.",
                rule=RULE_PALATINATE,
                cause=cause,
            )
    for loc in sorted(s.units):
        n = s.units[loc].get("habsburg", 0)
        if n:
            units.remove_unit(g, loc, "habsburg", n)
            s.habsburg_lost += n
            g.log(
                f"{plural(n, 'Habsburg tercio')} in {g.name(loc)} "
                f"{'is' if n == 1 else 'are'} eliminated.",
                rule=RULE_PALATINATE,
                cause=cause,
            )
    return
    yield  # pragma: no cover


def _redeploy(g: Game, war_id: str, cause: str) -> Rules:
    """The player may move the army's SP without restrictions (End of a War)."""
    s = g.state
    while s.units.get(war_id):
        army = s.units[war_id]
        opts = Choices()
        for kind in sorted(army):
            opts.add(
                f"unit:{kind}", f"Redeploy {a_unit(UNIT_NAMES[kind])} ({army[kind]} in the army)"
            )
        opts.add("done", "Leave the rest in the army box")
        what = yield from g.ask(
            f"{g.name(war_id)} is over: redeploy its units?",
            opts,
            kind=DecisionKind.REDEPLOY,
            subject=war_id,
            role=Role.VALIDO,
            rule=RULE_END,
            cause=cause,
        )
        if what == "done":
            return
        kind = what.partition(":")[2]
        dests = [
            d
            for d in list(g.content.territories) + active_wars(g)
            if d != war_id and units.destination_ok(g, kind, d)
        ]
        if not dests:
            g.log(f"No place to redeploy {a_unit(UNIT_NAMES[kind])}.", rule=RULE_END, cause=cause)
            return
        dst = yield from units.ask_place(
            g, f"Redeploy the {UNIT_NAMES[kind]} to?", dests, rule=RULE_END, cause=cause, unit=kind
        )
        units.move_one(g, war_id, kind, dst, cause)


def cleanup_turn(g: Game) -> None:
    """End of Turn clean-up of the war markers (called by the turn sequence).

    Truce markers flip back to their war side (Clean-up); the Peace markers and the 1st /
    2nd war-declared markers are removed, and the Dunkirk Corsairs marker with them
    (Construction and Maintenance).
    """
    s = g.state
    rule = "End of Turn Phase / Clean-up"
    for war_id, ws in s.wars.items():
        if ws.truce and ws.active:
            g.log(f"The truce in {g.name(war_id)} ends: the marker flips back.", rule=rule)
        ws.truce = False
        ws.peace_this_turn = False
    s.wars_declared_this_turn = 0
    s.corsairs = False
