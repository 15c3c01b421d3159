"""Wars: the military leaders, the army's Spanish commander and the enemy's leader
(Components / Tokens (Military Leaders)), and the two Condés (Special Rules / Condé)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from planet_king.content.ids import Event, Leader, Noble, Power
from planet_king.engine.decisions import Option
from planet_king.engine.rules import court
from planet_king.engine.rules.wars import (
    RULE_CONDE,
    RULE_DECLARATION,
    RULE_END,
    RULE_LEADERS,
    active_wars,
    power_of,
    serving_commander,
    turn_span,
)

if TYPE_CHECKING:
    from planet_king.engine.game import Game, Rules


CONDE = Noble.CONDE  # the noble card (Spanish Condé)
FRENCH_CONDE = Leader.CONDE  # the French leader counter


def available_enemy_leaders(g: Game, war_id: str) -> list[str]:
    s = g.state
    power = power_of(g, war_id)
    busy = {ws.enemy_leader for ws in s.wars.values() if ws.enemy_leader}
    pool = g.scenario.enemy_leaders
    out = []
    for lid, leader in g.content.leaders.items():
        if pool is not None and lid not in pool:
            continue
        if power not in leader.powers and war_id not in leader.powers:
            continue
        if lid in busy or not leader.turns.open_on(s.turn):
            continue
        if leader.turns.condition == Event.GUERRA_DELS_SEGADORS and not (
            s.segadors_played or g.scenario.guerra_dels_segadors_played
        ):
            continue  # Margarit joins with GUERRA DELS SEGADORS
        if lid == FRENCH_CONDE and not french_conde_available(g):
            continue
        out.append(lid)
    return out


def spanish_conde_in_play(g: Game) -> bool:
    """LOUIS II CONDÉ serves Spain: on the board (or in exile), as Valido, or in the
    noble deck (Condé)."""
    s = g.state
    return (
        CONDE in s.noble_deck
        or CONDE in s.exiles
        or s.valido == CONDE
        or court.where(g, CONDE) is not None
    )


def french_conde_available(g: Game) -> bool:
    """The French Condé cannot command while the Spanish one is in play, and is gone for
    good if the Spanish Condé was eliminated by INSTABILITY or THE TWILIGHT OF LIFE (Condé,
    l.730; ruling R103)."""
    s = g.state
    if spanish_conde_in_play(g):
        return False
    return not s.french_conde_eliminated


def note_conde_eliminated(g: Game, nid: str) -> None:
    """Called by INSTABILITY and THE TWILIGHT OF LIFE after they remove ``nid``: only these
    two events take the French Condé with the Spanish one (Condé, l.730; ruling R103)."""
    s = g.state
    if nid == CONDE and nid in s.removed_notables and s.conde_served_spain:
        s.french_conde_eliminated = True
        g.log(
            "The Spanish Condé is eliminated: the French Condé is eliminated for good.",
            rule=RULE_CONDE,
            cause=g.name(nid),
        )


def appoint_enemy_leader(
    g: Game,
    war_id: str,
    cause: str,
    *,
    exclude: str | None = None,
    rule: str = RULE_DECLARATION,
) -> None:
    ws = g.state.wars[war_id]
    if power_of(g, war_id) == Power.PROTESTANTS:
        ws.enemy_leader = None  # the Palatinate has no leaders (Declaration of War)
        return
    pool = [lid for lid in available_enemy_leaders(g, war_id) if lid != exclude]
    if not pool:
        ws.enemy_leader = None
        g.log(
            f"No enemy leader is available for {g.name(war_id)} on turn {g.state.turn}: the "
            "enemy campaigns with one test until one is (ruling R47).",
            rule=rule,
            cause=cause,
        )
        return
    ws.enemy_leader = g.pick(pool, "enemy leaders")
    leader = g.content.leaders[ws.enemy_leader]
    g.log(
        f"{leader.name} (strategy {leader.strategy}, turns {turn_span(leader.turns)}) commands "
        f"the enemy in {g.name(war_id)}.",
        rule=rule,
        cause=cause,
    )


def fill_enemy_command(g: Game, war_id: str, cause: str, *, rule: str) -> None:
    """A war fought with no enemy leader gets one as soon as one is available (R47)."""
    ws = g.state.wars[war_id]
    if not ws.active or ws.enemy_leader is not None or power_of(g, war_id) == Power.PROTESTANTS:
        return
    if available_enemy_leaders(g, war_id):
        appoint_enemy_leader(g, war_id, cause, rule=rule)


def organise_leaders(g: Game) -> Rules:
    """Organisation phase: leaders serve only in the turns on the back of their counters
    (Tokens / Military Leaders; rulings D4, R46). A Spanish commander whose turns are over
    leaves his army (to Court or the noble deck), which has no commander until the player
    appoints one; an enemy leader whose turns are over is replaced by a random available
    one; an enemy command left empty is filled as soon as a leader is available (R47)."""
    s = g.state
    cause = "Organisation phase"
    for war_id in active_wars(g):
        ws = s.wars[war_id]
        nid = ws.leader
        if nid is not None and serving_commander(g, war_id) is None:
            counter = g.content.nobles[nid].leader
            span = turn_span(counter.turns) if counter else "?"
            g.log(
                f"{g.name(nid)}'s leader counter serves in turns {span}: on turn {s.turn} he "
                f"leaves the command of {g.name(war_id)}, which has no commander (ruling R46).",
                rule=RULE_LEADERS,
                cause=cause,
            )
            yield from leader_home(
                g, war_id, cause, prompt=f"{g.name(nid)} leaves his army: where does he go?"
            )
        lid = ws.enemy_leader
        if lid is not None and not g.content.leaders[lid].turns.open_on(s.turn):
            g.log(
                f"{g.name(lid)} serves in turns {turn_span(g.content.leaders[lid].turns)}: on "
                f"turn {s.turn} he leaves the enemy command in {g.name(war_id)} (ruling R46).",
                rule=RULE_LEADERS,
                cause=cause,
            )
            ws.enemy_leader = None
            appoint_enemy_leader(g, war_id, cause, exclude=lid, rule=RULE_LEADERS)
    for war_id in active_wars(g):
        fill_enemy_command(g, war_id, cause, rule=RULE_LEADERS)


def leader_home(
    g: Game, war_id: str, cause: str, *, prompt: str = "", rule: str = RULE_END
) -> Rules:
    """The army's commander goes to the Court or to the noble deck."""
    ws = g.state.wars[war_id]
    nid = ws.leader or ""
    ws.leader = None
    deck = Option("deck", f"{g.name(nid)} goes to the bottom of the noble deck")
    prompt = prompt or f"The war is over: where does {g.name(nid)} go?"
    if not (yield from court.offer_court(g, nid, deck, prompt, rule=rule, cause=cause)):
        court.to_deck_bottom(g, nid)
        g.log(f"{g.name(nid)} goes to the bottom of the noble deck.", rule=rule, cause=cause)


def conde_leaves(g: Game, cause: str) -> Rules:
    """A truce or peace on a French front removes the Spanish Condé from the game; he can
    only come back with THE FRONDE (Political Actions / Embassy; Condé)."""
    s = g.state
    if not spanish_conde_in_play(g) or s.valido == CONDE:
        return  # a Valido is only removed by the King's decision (Setup / The Valido)
    s.conde_left_by_diplomacy = True
    if CONDE in s.noble_deck:
        s.noble_deck.remove(CONDE)
    if CONDE in s.exiles:
        s.exiles.remove(CONDE)
    g.log(
        "A truce or peace with France: Louis II Condé leaves the Spanish service.",
        rule=RULE_CONDE,
        cause=cause,
    )
    yield from court.remove_from_game(g, CONDE, "truce or peace with France", rule=RULE_CONDE)
