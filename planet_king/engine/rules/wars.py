"""Wars: the wars and fronts on the board, their armies' and enemies' strength, and the
rulebook's sections the war modules cite.

The rules of a war are in the modules named for their part of the rulebook:
``war_declaration`` (Declaration of War, the War Event Sequence), ``war_campaigns``
(Progression of a War: the enemy's campaigns and the player's Military Campaign),
``war_end`` (the progression marker and the End of a War), ``war_leaders`` (the
military leaders of both sides, and Condé). Their imports run in that order, from
``war_leaders`` up.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from planet_king.content.ids import Event, War
from planet_king.engine.state import UNIT_SP

if TYPE_CHECKING:
    from planet_king.content.models import TurnWindow
    from planet_king.engine.game import Game


RULE_DECLARATION = "Wars / Declaration of War"
RULE_PROGRESSION = "Wars / Progression of a War"
RULE_END = "Wars / End of a War"
RULE_CAMPAIGN = "Actions / Government Actions (Military Campaign)"
RULE_FRANCE = "Wars / War with France"
RULE_PORTUGAL = "Wars / War with Portugal"
RULE_PALATINATE = "Wars / War of the Palatinate"
RULE_SEGADORS = "Wars / Guerra dels Segadors (Reapers' War)"
RULE_CONDE = "Special Rules / Condé"
RULE_TOTAL = "Wars / Total War"
RULE_LEADERS = "Components / Tokens (Military Leaders)"
FRANCE_FRONTS = (War.FRANCE_PICARDY, War.FRANCE_ITALY, War.FRANCE_CATALONIA)  # tie order: Picardy


def power_of(g: Game, war_id: str) -> str:
    return g.content.wars[war_id].power


def wars_of(g: Game, power: str) -> list[str]:
    """The wars (fronts) with a power, in the board's order; not to be changed. The wars
    on the board are fixed at set-up, so the answer is kept for the game."""
    cache: dict[str, list[str]] | None = g.caches.get("wars_of")
    if not cache:
        if not g.state.wars:  # before set-up: nothing to keep
            return []
        cache = g.caches["wars_of"] = {}
        for w in g.state.wars:
            cache.setdefault(g.content.wars[w].power, []).append(w)
    return cache.get(power, [])


def at_war_with(g: Game, power: str) -> bool:
    return any(g.state.wars[w].active for w in wars_of(g, power))


def ended_this_turn(g: Game, power: str) -> bool:
    """A war with the power ended this turn (its Peace marker, End of a War). The French
    fronts are one war: any front that ended this turn keeps France from declaring again."""
    return any(g.state.wars[w].peace_this_turn for w in wars_of(g, power))


def active_wars(g: Game) -> list[str]:
    return [w for w, ws in g.state.wars.items() if ws.active]


def allowed_wars(g: Game) -> list[str]:
    """Wars that can be activated: in Hothead only the Italian front."""
    if g.hothead:
        return [War.FRANCE_ITALY]
    return list(g.state.wars)


def war_allowed(g: Game, war_id: str) -> bool:
    """``war_id in allowed_wars(g)``, without making the list."""
    return war_id == War.FRANCE_ITALY if g.hothead else war_id in g.state.wars


def enemy_strength(g: Game, war_id: str) -> int:
    s = g.state
    power = power_of(g, war_id)
    strength = s.power_strength.get(power, g.content.powers[power].strength)
    if s.corsairs:  # CORSAIRS OF DUNKIRK: its power's strength for the rest of the turn
        corsairs = g.event(Event.CORSAIRS_OF_DUNKIRK).params
        if power == corsairs["power"]:
            strength = min(strength, int(corsairs["strength"]))
    if war_id == War.FRANCE_CATALONIA and s.catalan_tercio:
        strength += 1
    return strength


def enemy_strategy(g: Game, war_id: str) -> int:
    leader = g.state.wars[war_id].enemy_leader
    return g.content.leaders[leader].strategy if leader else 0


def army_sp(
    g: Game, war_id: str, *, player_campaign: bool, extra: str | None = None, count: int = 1
) -> float:
    """Units' SP plus the leader's, with the fleet rules of the war (Government Actions).

    ``extra``: ``count`` units of this kind counted as if they were in the army (a bot's
    "what if")."""
    s = g.state
    army = s.units.get(war_id, {})
    land = 0.0  # units.unit_sp of the land units (bots ask this at every choice of action)
    for k, n in army.items():
        if k != "fleet":
            land += UNIT_SP[k] * n
    fleets = army.get("fleet", 0)
    if extra is not None:  # without a copy of the army: SP are halves, their sums exact
        if extra == "fleet":
            fleets += count
        else:
            land += UNIT_SP[extra] * count
    war = g.content.wars[war_id]
    naval = g.content.powers[war.power].naval
    if naval:
        sp = land + fleets
        if fleets == 0 and player_campaign:
            sp -= 1
    else:
        sp = land + min(fleets, war.fleets_max if war.fleets_max is not None else fleets)
    leader = serving_commander(g, war_id)
    if leader is not None:
        counter = g.content.nobles[leader].leader
        sp += counter.sp if counter else 0
    return sp


def serving_commander(g: Game, war_id: str) -> str | None:
    """The army's Spanish commander, if his counter serves this turn: outside the turns
    on its back the army has no commander (Tokens / Military Leaders; D4, ruling R46)."""
    nid = g.state.wars[war_id].leader
    if nid is None:
        return None
    counter = g.content.nobles[nid].leader
    return nid if counter is None or counter.turns.open_on(g.state.turn) else None


def turn_span(turns: TurnWindow) -> str:
    """The turns on the back of a leader counter, as printed: "3-8"."""
    if turns.condition:
        return f"from {turns.condition}"
    return f"{turns.from_ or 1}-{turns.to or 8}"


def spanish_spaces(g: Game, war_id: str) -> int:
    """Black spaces of a track; the Catalan front has 3 until GUERRA DELS SEGADORS opens
    the fourth (War in Picardy/Catalonia)."""
    n = g.content.wars[war_id].spanish_spaces
    if war_id == War.FRANCE_CATALONIA and not (
        g.state.catalonia_fourth_space or g.scenario.guerra_dels_segadors_played
    ):
        return min(n, 3)
    return n


def stat(g: Game, war_id: str, what: str) -> None:
    g.state.stats.wars.setdefault(war_id, Counter())[what] += 1
