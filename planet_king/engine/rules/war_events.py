"""War-related event cards: the Palatinate events, AUSTRIAN ALLIANCE, GUERRA DELS SEGADORS,
THE FRONDE, OLD TERCIO, STORMS and the raids (PIRATES, RAID IN THE INDIES, COUNTER-ARMADA).

Registered in the effects registry of ``events`` (imported at the end of that module).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from planet_king.content.ids import Place, Power, War
from planet_king.engine.decisions import Choices, DecisionKind, Option, Role
from planet_king.engine.rules import (
    court,
    economy,
    units,
    war_declaration,
    war_end,
    war_leaders,
    wars,
)
from planet_king.engine.rules.effects import UNPLAYED, effect
from planet_king.engine.rules.units import PLUS_ULTRA, UNIT_NAMES
from planet_king.engine.state import LAND_UNITS
from planet_king.engine.words import a_unit, plural

if TYPE_CHECKING:
    from planet_king.content.models import EventCard
    from planet_king.engine.game import Game, Rules

RULE_PALATINATE_EVENTS = "Events / Events of the War of the Palatinate (or Thirty Years' War)"
RULE_ALLIANCE = "Events / Austrian Alliance"
RULE_FRONDE = "Events / The Fronde"
RULE_OLD_TERCIO = "Events / Old Tercio (Veteran Tercio)"
RULE_STORMS = "Events / Storms"
RULE_RAID = "Events / Raid Events"
FRENCH_FRONTS_FOR_CONDE = (War.FRANCE_PICARDY, War.FRANCE_CATALONIA)


def _nothing() -> Rules:
    return
    yield  # pragma: no cover


# ------------------------------------------------------------ the Palatinate
@effect("palatinate-move")
def _palatinate_move(g: Game, card: EventCard) -> Rules:
    """WALLENSTEIN (pay a ducat to move the marker in the player's favour); DANISH
    INTERVENTION, LÜTZEN, the BREITENFELDs: one space towards the Protestants (D17).
    BREITENFELD 1631 raises the Protestant strength to 4 even with no war being fought."""
    s = g.state
    if "strength" in card.params:
        war_declaration.raise_strength(g, Power.PROTESTANTS, int(card.params["strength"]), card)
    ws = s.wars.get(War.PALATINATE)
    if ws is None or not ws.active:
        g.log(
            "The War of the Palatinate is not being fought: the marker does not move.",
            rule=RULE_PALATINATE_EVENTS,
            cause=card.name,
        )
        # Nothing was carried out unless the Protestant strength rose (l.267, R103).
        return None if "strength" in card.params else UNPLAYED
    delta = int(card.params.get("palatinate", 0))
    cost = int(card.params.get("cost", 0))
    if cost:
        if ws.truce:
            g.log(
                "The War of the Palatinate is at truce: the marker cannot move.",
                rule=RULE_PALATINATE_EVENTS,
                cause=card.name,
            )
            return UNPLAYED
        paid = yield from economy.offer_payment(
            g,
            cost,
            f"{card.name}: pay {cost} ducat to move the War of the Palatinate marker?",
            f"Pay {cost} ducat to move the Palatinate marker in your favour",
            "Do not pay",
            source=f"event:{card.id}",
            rule=RULE_PALATINATE_EVENTS,
            cause=card.name,
        )
        if not paid:
            g.log("The player does not pay.", rule=RULE_PALATINATE_EVENTS, cause=card.name)
            return
    if delta:
        yield from war_end.move_marker(
            g, War.PALATINATE, delta, card.name, rule=RULE_PALATINATE_EVENTS
        )


@effect("austrian-alliance")
def _austrian_alliance(g: Game, card: EventCard) -> Rules:
    """As many tests as the Ambassador in Austria's political rating; count positives:
    2-3 a Habsburg tercio joins the Palatinate army, 1 nothing, 0 a loss."""
    s = g.state
    amb = s.offices.get("ambassador-austria")
    tests = court.rating(g, amb, "political")
    g.log(
        f"Ambassador in Austria: {g.name(amb) if amb else 'vacant (ratings 0)'} — "
        f"{plural(tests, 'fortune test')}.",
        rule=RULE_ALLIANCE,
        cause=card.name,
    )
    good = 0
    for _ in range(tests):
        if g.fortune_test("Austrian Alliance", rule=RULE_ALLIANCE).positive:
            good += 1
    if good >= 2:
        ws = s.wars.get(War.PALATINATE)
        if ws is None or not ws.active:
            g.log(
                f"{good} positive results, but the War of the Palatinate is not being fought: "
                "no Habsburg tercio is deployed (ruling R34).",
                rule=RULE_ALLIANCE,
                cause=card.name,
            )
        elif units.counters_left(g, "habsburg") <= 0:
            g.log(
                f"{good} positive results, but no Habsburg tercio counter is left.",
                rule=RULE_ALLIANCE,
                cause=card.name,
            )
        else:
            units.add_unit(g, War.PALATINATE, "habsburg")
            g.log(
                f"{good} positive results: a Habsburg tercio joins the Palatinate army.",
                rule=RULE_ALLIANCE,
                cause=card.name,
            )
        return
    if good == 1:
        g.log("One positive result: nothing happens.", rule=RULE_ALLIANCE, cause=card.name)
        return
    yield from _alliance_loss(g, card)


def _alliance_loss(g: Game, card: EventCard) -> Rules:
    """A tercio in Flanders, Franche-Comté or Italy, a leader of military 2, or 2 ducats.
    A "?" military rating not yet fixed is fixed only if that leader is chosen (l.735:
    "The first time either of them must use one of these values"): not at 2, he cannot
    be given up and the player chooses again."""
    s = g.state
    while True:
        opts = Choices()
        for loc in (Place.SPANISH_NETHERLANDS, Place.FRANCHE_COMTE, Place.ITALY):
            for kind in sorted(s.units.get(loc, {})):
                if kind in LAND_UNITS and s.units[loc][kind] > 0:
                    opts.add(
                        f"tercio:{loc}:{kind}",
                        f"Remove {a_unit(UNIT_NAMES[kind])} in {g.name(loc)}",
                    )
        for _w, ws in sorted(s.wars.items()):
            if not (ws.active and ws.leader):
                continue
            if not court.rating_fixed(g, ws.leader, "military"):
                opts.add(
                    f"leader:{ws.leader}",
                    f"Remove {g.name(ws.leader)} (military ?: a test fixes it; only at 2)",
                )
            elif court.rating(g, ws.leader, "military") == 2:
                opts.add(f"leader:{ws.leader}", f"Remove {g.name(ws.leader)} (military 2)")
        if s.treasury >= 2:
            opts.add("ducats", "Pay 2 ducats")
        if not opts:
            g.log(
                "No positive result, and no tercio, leader or ducats to give: bankruptcy.",
                rule=RULE_ALLIANCE,
                cause=card.name,
            )
            yield from economy.pay(g, 2, f"event:{card.id}", cause=card.name, rule=RULE_ALLIANCE)
            return
        choice = yield from g.ask(
            "Austrian Alliance failed: what does the monarchy give up?",
            opts,
            kind=DecisionKind.ALLIANCE_LOSS,
            role=Role.VALIDO,
            rule=RULE_ALLIANCE,
            cause=card.name,
        )
        what, _, rest = choice.partition(":")
        if what == "leader" and court.rating(g, rest, "military") != 2:
            g.log(
                f"{g.name(rest)} is not a leader of military 2: choose again.",
                rule=RULE_ALLIANCE,
                cause=card.name,
            )
            continue
        break
    if what == "ducats":
        g.spend(2, f"event:{card.id}", rule=RULE_ALLIANCE, cause=card.name)
    elif what == "tercio":
        loc, _, kind = rest.partition(":")
        units.remove_unit(g, loc, kind)
        g.log(
            f"{a_unit(UNIT_NAMES[kind], capital=True)} in {g.name(loc)} is removed.",
            rule=RULE_ALLIANCE,
            cause=card.name,
        )
    else:
        yield from court.remove_from_game(g, rest, card.name, rule=RULE_ALLIANCE)


# ------------------------------------------------------- Guerra dels Segadors
@effect("guerra-dels-segadors")
def _segadors(g: Game, card: EventCard) -> Rules:
    """At war with France: the Catalan front gets its fourth black space. Not at war: war
    is declared on the Catalan front only (three black spaces). Either way Margarit joins
    the French leaders there and the Catalan tercio joins the French army."""
    s = g.state
    rule = wars.RULE_SEGADORS
    s.segadors_played = True
    power = str(card.params["power"])  # France, whose Catalan front this is
    if wars.at_war_with(g, power):
        s.catalonia_fourth_space = True
        g.log(
            "France is at war: the Guerra dels Segadors marker is removed; the Catalan front "
            "has four black spaces.",
            rule=rule,
            cause=card.name,
        )
    else:
        ws = s.wars.get(War.FRANCE_CATALONIA)
        why = None
        if ws is None or War.FRANCE_CATALONIA not in wars.allowed_wars(g):
            why = "the Catalan front is not used in this scenario"
        elif wars.ended_this_turn(g, power):
            why = "the war ended this turn (Peace marker)"
        elif s.wars_declared_this_turn >= 2:
            why = "two wars have already been declared this turn"
        if why:
            g.log(f"No declaration of war on the Catalan front: {why}.", rule=rule, cause=card.name)
        else:
            g.log(
                "France is not at war: war is declared automatically on the Catalan front only; "
                "the Guerra dels Segadors marker covers its fourth black space.",
                rule=rule,
                cause=card.name,
            )
            s.picardy_pending = True
            yield from war_declaration.declare_war(g, [War.FRANCE_CATALONIA], card.name, rule=rule)
    g.log("Margarit joins the French leaders of the Catalan front.", rule=rule, cause=card.name)
    if not s.catalan_tercio:
        s.catalan_tercio = True
        g.log(
            "The Catalan tercio joins the French army on the Catalan front (+1 SP).",
            rule=rule,
            cause=card.name,
        )


# ------------------------------------------------------------ The Fronde
@effect("the-fronde")
def _fronde(g: Game, card: EventCard) -> Rules:
    """At war with France: a French tercio on a French front; Condé to Spain if he is not
    in play, commanding the Picardy or Catalan army (The Fronde; Condé)."""
    s = g.state
    fronts = [f for f in wars.FRANCE_FRONTS if f in s.wars and s.wars[f].active]
    if not fronts:
        g.log(
            "Spain is not at war with France: the card is discarded without being played.",
            rule=RULE_FRONDE,
            cause=card.name,
        )
        return
    if units.counters_left(g, "french") > 0:
        dst = yield from g.ask_among(
            "The Fronde: deploy the French tercio on which front?",
            "to",
            [(f, g.name(f)) for f in fronts],
            kind=DecisionKind.UNIT_DESTINATION,
            subject="french",
            role=Role.VALIDO,
            rule=RULE_FRONDE,
            cause=card.name,
        )
        units.add_unit(g, dst, "french")
        g.log(
            f"A French tercio joins the army of {g.name(dst)}.", rule=RULE_FRONDE, cause=card.name
        )
    else:
        g.log("No French tercio counter is left.", rule=RULE_FRONDE, cause=card.name)
    yield from _conde_to_spain(g, card)


def _conde_to_spain(g: Game, card: EventCard) -> Rules:
    s = g.state
    conde = war_leaders.CONDE
    if conde not in g.content.nobles:
        return
    if war_leaders.spanish_conde_in_play(g):
        g.log("Louis II Condé is already in play.", rule=wars.RULE_CONDE, cause=card.name)
        return
    if conde in s.removed_notables and not s.conde_left_by_diplomacy:
        g.log(
            "Louis II Condé has been eliminated: he cannot return (ruling R36).",
            rule=wars.RULE_CONDE,
            cause=card.name,
        )
        return
    targets = [f for f in FRENCH_FRONTS_FOR_CONDE if f in s.wars and s.wars[f].active]
    if not targets:
        g.log(
            "Neither the Picardy nor the Catalan front is open: Condé cannot take a command "
            "(ruling R36).",
            rule=wars.RULE_CONDE,
            cause=card.name,
        )
        return
    opts = Choices()
    for f in targets:
        who = s.wars[f].leader
        opts.add(f"army:{f}", g.name(f) + (f" (replacing {g.name(who)})" if who else ""))
    pos = yield from g.ask(
        "The Fronde: Louis II Condé takes command of which army?",
        opts,
        kind=DecisionKind.LEADER_ARMY,
        subject=conde,
        role=Role.VALIDO,
        rule=RULE_FRONDE,
        cause=card.name,
    )
    front = pos.partition(":")[2]
    if conde in s.removed_notables:
        s.removed_notables.remove(conde)
    if conde in s.noble_deck:
        s.noble_deck.remove(conde)
    s.conde_served_spain = True
    s.conde_left_by_diplomacy = False
    old = s.wars[front].leader
    s.wars[front].leader = None
    court.place(g, conde, pos, cause=card.name)
    if old:
        deck = Option("deck", f"{g.name(old)} goes to the bottom of the noble deck")
        prompt = f"{g.name(old)} gives up the command: Court or noble deck?"
        if not (
            yield from court.offer_court(g, old, deck, prompt, rule=RULE_FRONDE, cause=card.name)
        ):
            court.to_deck_bottom(g, old)
            g.log(
                f"{g.name(old)} goes to the bottom of the noble deck.",
                rule=RULE_FRONDE,
                cause=card.name,
            )
    for f in wars.FRANCE_FRONTS:
        ws = s.wars.get(f)
        if ws is not None and ws.enemy_leader == war_leaders.FRENCH_CONDE:
            g.log(
                "The French Condé changes sides: a substitute French leader is appointed.",
                rule=wars.RULE_CONDE,
                cause=card.name,
            )
            ws.enemy_leader = None
            war_leaders.appoint_enemy_leader(g, f, card.name, exclude=war_leaders.FRENCH_CONDE)


# ------------------------------------------------------------- Old Tercio
@effect("old-tercio")
def _old_tercio(g: Game, card: EventCard) -> Rules:
    """The player may pay a ducat to exchange a Spanish tercio for an old tercio."""
    s = g.state
    cost = int(card.params.get("cost", 1))
    if units.counters_left(g, "veteran") <= 0:
        g.log("No old tercio counter is left.", rule=RULE_OLD_TERCIO, cause=card.name)
        return
    opts = Choices()
    why = None if s.treasury >= cost else "not enough ducats in the Treasury"
    for loc in sorted(s.units):
        if s.units[loc].get("tercio", 0) > 0:
            opts.add(f"swap:{loc}", f"Exchange the Spanish tercio in {g.name(loc)}", why)
    if not opts:
        g.log("There is no Spanish tercio to exchange.", rule=RULE_OLD_TERCIO, cause=card.name)
        return
    opts.add("keep", "Do not exchange")
    choice = yield from g.ask(
        f"Old Tercio: pay {cost} ducat to exchange a Spanish tercio for an old tercio?",
        opts,
        kind=DecisionKind.OLD_TERCIO,
        role=Role.VALIDO,
        rule=RULE_OLD_TERCIO,
        cause=card.name,
    )
    if choice == "keep":
        g.log("No exchange.", rule=RULE_OLD_TERCIO, cause=card.name)
        return
    loc = choice.partition(":")[2]
    g.spend(cost, f"event:{card.id}", rule=RULE_OLD_TERCIO, cause=card.name)
    units.remove_unit(g, loc, "tercio")
    units.add_unit(g, loc, "veteran")
    g.log(
        f"The Spanish tercio in {g.name(loc)} becomes an old tercio (2 SP).",
        rule=RULE_OLD_TERCIO,
        cause=card.name,
    )


# ----------------------------------------------------------------- Storms
@effect("storms")
def _storms(g: Game, card: EventCard) -> Rules:
    """A test for each fleet, Pirates marker and Indies fleet in Plus Ultra; a negative
    result removes it. The Manila Galleon is not tested."""
    s = g.state
    fleets = s.units.get(PLUS_ULTRA, {}).get("fleet", 0)
    pirates = s.plus_ultra.get("pirates", 0)
    indies = s.plus_ultra.get("indies-fleet", 0)
    if not (fleets or pirates or indies):
        g.log("Nothing in the Plus Ultra box is at sea.", rule=RULE_STORMS, cause=card.name)
        return _nothing()
    for _ in range(fleets):
        if g.fortune_test("storm: a fleet in Plus Ultra", rule=RULE_STORMS).negative:
            units.remove_unit(g, PLUS_ULTRA, "fleet")
            g.log("A fleet is lost in the storm.", rule=RULE_STORMS, cause=card.name)
    for what, label in (("pirates", "Pirates marker"), ("indies-fleet", "Indies fleet")):
        for _ in range(s.plus_ultra.get(what, 0)):
            if g.fortune_test(f"storm: {a_unit(label)}", rule=RULE_STORMS).negative:
                s.plus_ultra[what] -= 1
                g.log(
                    f"{a_unit(label, capital=True)} is lost in the storm.",
                    rule=RULE_STORMS,
                    cause=card.name,
                )
    if s.plus_ultra.get("manila-galleon"):
        g.log("The Manila Galleon is not affected.", rule=RULE_STORMS, cause=card.name)
    return _nothing()


# ------------------------------------------------------------------ Raids
def raid_cup(g: Game) -> list[str]:
    """The Indies markers in use (settlements only once founded) and Spain (Raid Events;
    Setup / Tokens)."""
    s = g.state
    out = [t for t, terr in g.content.territories.items() if terr.region == "indies"]
    out += [t for t in g.content.territories if t in s.settlements]
    return [Place.SPAIN, *out]


def defence(g: Game, loc: str) -> int:
    """0 none, 1 level-1 fortification, 2 a fleet or a level-2 fortification."""
    s = g.state
    if s.units.get(loc, {}).get("fleet", 0) > 0:
        return 2
    terr = g.content.territories[loc]
    level = max(terr.fortification, s.fortifications.get(loc, 0))  # the level built
    cap = 1 if terr.region == "settlement" else 2
    return min(level, cap)


def raid(g: Game, cause: str, *, counter_armada: bool = False) -> Rules:
    """Raid Events: a random location of the Indies or Spain is raided."""
    s = g.state
    loc = g.pick(raid_cup(g), "Indies and Spain locations")
    g.log(f"The raid strikes {g.name(loc)}.", rule=RULE_RAID, cause=cause)
    terr = g.content.territories[loc]
    if loc in s.raids:
        g.log("It already has a raid marker: no effect.", rule=RULE_RAID, cause=cause)
        return
    if terr.portuguese and s.portugal_independent:
        g.log(
            "A Portuguese territory after independence: the raid is ignored.",
            rule=RULE_RAID,
            cause=cause,
        )
        return
    level = defence(g, loc)
    t = g.fortune_test(f"raid on {g.name(loc)}", rule=RULE_RAID)
    if level >= 2:
        success = t.negative
        how = "defended by a fleet or a level 2 fortification: only a negative result succeeds"
    elif level == 1:
        success = t.negative or t.neutral
        how = "a level 1 fortification: a negative or neutral result succeeds"
    else:
        success = True
        how = "no defences: any result succeeds"
    g.log(
        f"{g.name(loc)}: {how} — the raid {'succeeds' if success else 'fails'}.",
        rule=RULE_RAID,
        cause=cause,
    )
    if not success:
        return
    if terr.region == "settlement":
        s.settlements.remove(loc)
        s.fortifications.pop(loc, None)
        s.indies_ducats.pop(loc, None)
        g.log(f"The settlement of {g.name(loc)} is destroyed.", rule=RULE_RAID, cause=cause)
        g.add_prestige(-1, f"settlement of {g.name(loc)} destroyed", rule=RULE_RAID)
        return
    if loc == Place.SPAIN and counter_armada:
        yield from economy.pay(g, 2, "event:counter-armada", cause=cause, rule=RULE_RAID)
        if s.units.get(Place.SPAIN, {}).get("fleet", 0) > 0:
            g.log("A fleet is in Spain: no raid marker is placed.", rule=RULE_RAID, cause=cause)
            return
    lost = s.indies_ducats.get(loc, 0)
    if lost:
        s.indies_ducats[loc] = 0
        g.log(
            f"The {plural(lost, 'ducat')} in {g.name(loc)} {'is' if lost == 1 else 'are'} lost.",
            rule=RULE_RAID,
            cause=cause,
        )
    s.raids.append(loc)
    g.log(
        f"A raid marker is placed in {g.name(loc)}: it produces nothing until a fleet moves there.",
        rule=RULE_RAID,
        cause=cause,
    )


@effect("raid")
def _raid(g: Game, card: EventCard) -> Rules:
    """PIRATES (the raiding copy) and RAID IN THE INDIES (only while at war with the United
    Provinces at the time it is played)."""
    war = card.params.get("war")
    if war and not (war in g.state.wars and g.state.wars[str(war)].active):
        g.log(
            f"Not at war in {g.name(str(war))}: the card is discarded without being played.",
            rule=RULE_RAID,
            cause=card.name,
        )
        return
    yield from raid(g, card.name)


@effect("counter-armada")
def _counter_armada(g: Game, card: EventCard) -> Rules:
    yield from raid(g, card.name, counter_armada=True)


@effect("pirates")
def _pirates(g: Game, card: EventCard) -> Rules:
    """A Pirates marker in the Plus Ultra box (resolved in the End of Turn Indies phase)."""
    s = g.state
    s.plus_ultra["pirates"] = s.plus_ultra.get("pirates", 0) + 1
    g.log("A Pirates marker is placed in the Plus Ultra box.", rule=RULE_RAID, cause=card.name)
    return _nothing()
