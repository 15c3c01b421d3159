"""End of Turn Phase: player actions, construction and maintenance, revolts, the Indies,
income, royal family mortality, scores, the Valido, clean-up."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from planet_king.content.ids import Noble, Place
from planet_king.engine.decisions import Choices, DecisionKind, Meaning, Role
from planet_king.engine.rules import court, family, memorials, scoring, units, war_end
from planet_king.engine.rules.units import UNIT_NAMES
from planet_king.engine.words import plural

if TYPE_CHECKING:
    from planet_king.engine.game import Game, Rules

R_EOT = "End of Turn Phase"
RULE_CONSTRUCTION = f"{R_EOT} / Construction and Maintenance"
RULE_REVOLTS = f"{R_EOT} / Revolts"
RULE_INDIES = f"{R_EOT} / Indies"
RULE_INCOME = f"{R_EOT} / Income"
RULE_VALIDO = f"{R_EOT} / Appointment of a New Valido"
RULE_CLEANUP = f"{R_EOT} / Clean-up"
Rating = Callable[["Game", "str | None", str], int]
OLIVARES = Noble.OLIVARES


def end_of_turn(g: Game) -> Rules:
    from planet_king.engine.rules import actions

    s = g.state
    s.phase = "end-of-turn"
    s.deck.extend(s.discard)
    s.discard.clear()
    s.played_apart.clear()
    g.shuffle_deck()
    g.log(
        "The cards played this turn are shuffled back into the event deck.",
        rule=f"{R_EOT} / Overview",
    )
    if sum(s.cubes.values()) >= 3:
        s.step = "player actions"
        yield from actions.take_actions(g, actions.Context("end-of-turn", "End of Turn phase"))
    s.step = "construction"
    yield from deploy_construction(g, "End of Turn phase")
    s.step = "levy"
    yield from provincial_levy(g)
    s.step = "upkeep"
    yield from nations_upkeep(g)
    s.step = "revolts"
    yield from revolts(g)
    s.step = "indies"
    indies_pirates(g)
    s.step = "income"
    yield from income(g)
    s.step = "mortality"
    if g.options.war_only:
        g.log("War-Only mode: no royal family.", rule="Scenarios / War-Only Mode")
    else:
        yield from family.mortality(g)
    s.step = "scores"
    yield from scoring.score_turn(g)
    memorials.check_turn(g)
    if s.defeat_cause:
        s.stats.vp_by_turn.append(s.vp)
        return
    s.step = "valido"
    yield from new_valido(g)
    s.stats.vp_by_turn.append(s.vp)  # the Valido's VP included
    yield from cleanup(g)


# ------------------------------------------------------------ construction
def deploy_construction(g: Game, cause: str) -> Rules:
    """The units and fortifications under construction are deployed on the board; each
    stays in the Under Construction box until it is placed (the forecast counts it)."""
    s = g.state
    while s.construction:
        kind, target = s.construction[0]
        if kind == "fortification":
            s.construction.pop(0)
            terr = g.content.territories[target]
            level = max(terr.fortification, s.fortifications.get(target, 0)) + 1
            cap = 1 if terr.region == "settlement" else 2
            s.fortifications[target] = min(level, cap)
            g.log(
                f"A level {s.fortifications[target]} fortification stands in {terr.name}.",
                rule=RULE_CONSTRUCTION,
                cause=cause,
            )
            continue
        places = units.new_unit_places(g, kind)
        if not places:
            s.construction.pop(0)
            g.log(
                f"No place for the {UNIT_NAMES[kind]}: it is lost.",
                rule=RULE_CONSTRUCTION,
                cause=cause,
            )
            continue
        dst = yield from units.ask_place(
            g,
            f"Deploy the new {UNIT_NAMES[kind]} where?",
            places,
            rule=RULE_CONSTRUCTION,
            cause=cause,
            unit=kind,
        )
        s.construction.pop(0)
        units.add_unit(g, dst, kind)
        g.log(
            f"A new {UNIT_NAMES[kind]} is deployed in {g.name(dst)}.",
            rule=RULE_CONSTRUCTION,
            cause=cause,
        )


def provincial_levy(g: Game) -> Rules:
    """All provincial tercios are removed; one is placed in Spain or an adjacent war and
    one in Italy or an adjacent war (two on the Spanish side with the Union of Arms)."""
    s = g.state
    removed = 0
    for loc in list(s.units):
        n = s.units[loc].pop("provincial", 0)
        removed += n
    if removed:
        g.log(
            f"{plural(removed, 'provincial tercio')} {'goes' if removed == 1 else 'go'} home.",
            rule=RULE_CONSTRUCTION,
        )
    for home in levy_homes(g):
        places = [home] + [
            w
            for w in units.neighbours(g, home)
            if units.is_war(g, w) and s.wars[w].active and units.destination_ok(g, "provincial", w)
        ]
        dst = yield from units.ask_place(
            g,
            f"Place the provincial tercio levied in {g.name(home)}",
            places,
            rule=RULE_CONSTRUCTION,
            unit="provincial",
        )
        units.add_unit(g, dst, "provincial")
        g.log(f"A provincial tercio is levied in {g.name(dst)}.", rule=RULE_CONSTRUCTION)


def levy_homes(g: Game) -> list[str]:
    """Where the provincial tercios are levied, in order: Spain (twice with the Union of
    Arms), then Italy; each goes there or to an adjacent war."""
    return (
        [Place.SPAIN, Place.SPAIN, Place.ITALY]
        if g.state.union_of_arms >= 2
        else [Place.SPAIN, Place.ITALY]
    )


def nations_upkeep(g: Game) -> Rules:
    """One ducat for every two tercios of Nations or fraction; unpaid ones are removed."""
    s = g.state
    while True:
        where = [loc for loc in sorted(s.units) if s.units[loc].get("nations", 0) > 0]
        n = sum(s.units[loc]["nations"] for loc in where)
        owed = (n + 1) // 2
        if owed == 0:
            return
        opts = Choices()
        opts.add(
            "pay",
            f"Pay {plural(owed, 'ducat')} for "
            f"{plural(n, 'tercio of Nations', 'tercios of Nations')}",
            None if s.treasury >= owed else f"the Treasury has {s.treasury}",
            Meaning("pay", "nations", owed),
        )
        for loc in where:
            opts.add(f"disband:{loc}", f"Disband a tercio of Nations in {g.name(loc)}")
        choice = yield from g.ask(
            "Upkeep of the tercios of Nations",
            opts,
            role=Role.VALIDO,
            rule=RULE_CONSTRUCTION,
            kind=DecisionKind.NATIONS_UPKEEP,
        )
        if choice == "pay":
            g.spend(owed, "upkeep:nations", rule=RULE_CONSTRUCTION, cause="tercios of Nations")
            return
        loc = choice.partition(":")[2]
        units.remove_unit(g, loc, "nations")
        g.log(f"A tercio of Nations in {g.name(loc)} is disbanded.", rule=RULE_CONSTRUCTION)


# ------------------------------------------------------------------ revolts
def revolts(g: Game) -> Rules:
    """With SP in the territory a test removes the revolt on a positive or neutral
    result; otherwise the marker goes and a ducat is lost (if there is one)."""
    s = g.state
    for loc in list(s.revolts):
        s.revolts.remove(loc)
        if units.unit_sp(s.units.get(loc, {})) >= 1:  # one full SP (rulings R24, R100)
            t = g.fortune_test(f"revolt in {g.name(loc)}", rule=RULE_REVOLTS)
            if not t.negative:
                g.log(f"The revolt in {g.name(loc)} is put down.", rule=RULE_REVOLTS)
                continue
        if s.treasury > 0:
            g.spend(1, "revolt", rule=RULE_REVOLTS, cause=f"revolt in {g.name(loc)}")
        else:
            g.log(
                f"The revolt in {g.name(loc)} costs nothing: the Treasury is empty.",
                rule=RULE_REVOLTS,
            )
    return
    yield  # pragma: no cover


# -------------------------------------------------------------- the Indies
def indies_pirates(g: Game) -> None:
    """Each Pirates marker takes an Indies fleet, unless a fleet in Plus Ultra drives
    it off with a positive or neutral test."""
    s = g.state
    pu = s.plus_ultra
    for _ in range(pu.get("pirates", 0)):
        fleet = s.units.get(units.PLUS_ULTRA, {}).get("fleet", 0) > 0
        if fleet:
            t = g.fortune_test("a fleet against the pirates", rule=RULE_INDIES)
            if not t.negative:
                pu["pirates"] -= 1
                g.log("The fleet drives the pirates off.", rule=RULE_INDIES)
                continue
        if pu.get("indies-fleet", 0) > 0:
            pu["indies-fleet"] -= 1
            g.log("Pirates take an Indies fleet.", rule=RULE_INDIES)


def indies_income(
    g: Game, rating: Rating = court.rating, *, fleets_lost: int = 0
) -> tuple[int, str]:
    """The ducats the Indies yield now, and the sum that explains them (Income from the
    Indies): the Viceroy's government for himself and for each Indies fleet, one for the
    Manila Galleon, one less if he is corrupt, no more than the territories hold.
    ``rating``: ``court.known_rating`` to look without fixing a "?" rating (forecast);
    ``fleets_lost``: Indies fleets the pirates will certainly take first (forecast)."""
    s = g.state
    pu = s.plus_ultra
    viceroy = s.offices.get("viceroy-indies")
    gov = rating(g, viceroy, "government")
    fleets = max(0, pu.get("indies-fleet", 0) - fleets_lost)
    galleon = 1 if pu.get("manila-galleon", 0) else 0
    wanted = gov * (1 + fleets) + galleon - (1 if court.has_trait(g, viceroy, "corrupt") else 0)
    available = sum(_indies_available(g).values())
    got = max(0, min(wanted, available))
    corrupt = ", -1: the Viceroy is corrupt" if court.has_trait(g, viceroy, "corrupt") else ""
    fleet_words = "Indies fleet" if fleets == 1 else "Indies fleets"
    text = (
        f"The Indies: {gov} for the Viceroy, {gov * fleets} for {fleets} {fleet_words}, "
        f"{galleon} for the Manila Galleon{corrupt} → {max(wanted, 0)}; {available} "
        f"ducats in the territories: {got} collected."
    )
    return got, text


def _indies_available(g: Game) -> dict[str, int]:
    s = g.state
    return {
        t: n
        for t, n in s.indies_ducats.items()
        if not (s.portugal_independent and g.content.territories[t].portuguese)
    }


def home_income(g: Game, rating: Rating = court.rating) -> list[tuple[str, str, int]]:
    """(source, cause, ducats) from Castile, Aragon, Italy and Flanders, as they stand
    now (Income from Spain; Income from Italy and Flanders); ``rating`` as above."""
    s = g.state
    out: list[tuple[str, str, int]] = []
    if Place.SPAIN not in s.raids:
        if not s.asiento:
            out.append(("income:castile", "Castile", 2 if s.portugal_independent else 3))
        out.append(("income:aragon", "Aragon", 2 if s.union_of_arms >= 2 else 1))
    for office, minus, label in (
        ("viceroy-italy", 0, "italy"),
        ("governor-flanders", 1, "flanders"),
    ):
        holder = s.offices.get(office)
        amount = rating(g, holder, "government") - minus
        corrupt = court.has_trait(g, holder, "corrupt")
        amount -= 1 if corrupt else 0
        if amount > 0:
            why = f" (-1: {g.name(holder or '')} is corrupt)" if corrupt else ""
            out.append((f"income:{label}", label.capitalize() + why, amount))
    return out


def income(g: Game) -> Rules:
    """The Indies, Castile and Aragon, Italy and Flanders (Income)."""
    s = g.state
    pu = s.plus_ultra
    got, text = indies_income(g)
    g.log(text, rule=RULE_INCOME)
    available = _indies_available(g)
    left = got
    for t in sorted(available, key=lambda t: -available[t]):
        take = min(left, s.indies_ducats[t])
        s.indies_ducats[t] -= take
        left -= take
    if got:
        g.gain(got, "income:indies", rule=RULE_INCOME, cause="the Indies")
    for key in ("indies-fleet", "manila-galleon", "pirates"):
        pu.pop(key, None)
    for tid, terr in g.content.territories.items():
        if terr.region not in ("indies", "settlement") or terr.income == 0:
            continue
        level = max(terr.fortification, s.fortifications.get(tid, 0))
        full = terr.income
        if s.portugal_independent and tid == Place.NEW_SPAIN and level >= 2:
            full = 3
        s.indies_ducats[tid] = 0 if tid in s.raids else full
    if Place.SPAIN in s.raids:
        g.log("A raid marker in Spain: no ducats from Castile and Aragon.", rule=RULE_INCOME)
    elif s.asiento:
        g.log(
            "Castile's revenues are secured by an Asiento: nothing from Castile.",
            rule=RULE_INCOME,
        )
    for source, cause, amount in home_income(g):
        g.gain(amount, source, rule=RULE_INCOME, cause=cause)
    return
    yield  # pragma: no cover


# ---------------------------------------------------------------- the Valido
def valido_candidates(g: Game) -> list[str]:
    return [
        n
        for n in court.nobles_in_play(g)
        if n != Noble.ISABEL_CLARA_EUGENIA or court.where(g, n) != "office:governor-flanders"
    ]


def worn_out(g: Game, prestige: int) -> int:
    """The turns the Valido has served if keeping him costs a VP (four or more, with
    prestige under 5), else 0."""
    s = g.state
    served = s.turn - s.valido_since + 1
    return served if s.valido and served >= 4 and prestige < 5 else 0


def new_valido_vp(g: Game) -> int:
    """Co-op: the King's VP for changing his Valido, 2 before turn 5 and 1 after."""
    return 2 if g.state.turn < 5 else 1


def new_valido(g: Game) -> Rules:
    """The player may change the Valido; keeping one four turns or more with prestige
    under 5 costs a VP each turn. The place the new Valido leaves stays empty (R56)."""
    s = g.state
    opts = Choices()
    opts.add("keep", f"Keep {g.name(s.valido or '')} as Valido")
    for nid in valido_candidates(g):
        opts.add(
            f"valido:{nid}",
            f"Appoint {g.name(nid)} (political "
            f"{court.known_rating(g, nid, 'political')}, government "
            f"{court.known_rating(g, nid, 'government')})",
        )
    choice = yield from g.ask(
        "Appoint a new Valido?", opts, role=Role.KING, rule=RULE_VALIDO, kind=DecisionKind.VALIDO
    )
    if choice == "keep":
        served = worn_out(g, s.last_scores.get("prestige", 0))
        if served:
            g.add_vp(
                -1,
                f"the Valido has served {served} turns and prestige is under 5",
                rule=RULE_VALIDO,
            )
        return
    nid = choice.partition(":")[2]
    old = s.valido
    if old:
        s.removed_notables.append(old)
        g.log(f"{g.name(old)} is dismissed and leaves the game.", rule=RULE_VALIDO)
        if old == OLIVARES:
            s.olivares_left = s.turn
    pos = court.where(g, nid)
    if pos:
        court.set_holder(g, pos, None)
    s.valido = nid
    s.valido_since = s.turn + 1
    g.log(f"{g.name(nid)} is the new Valido.", rule=RULE_VALIDO)
    if g.options.coop and not s.valido_bonus_paid:  # once a game (ruling R96)
        s.valido_bonus_paid = True
        g.add_vp(
            new_valido_vp(g),
            "the King changes his Valido",
            rule="Cooperative Game / Victory Points Earned by the King",
            role=Role.KING,
        )
    elif g.options.coop:
        g.log(
            "The King has already scored for changing his Valido: no VP (ruling R96).",
            rule="Cooperative Game / Victory Points Earned by the King",
        )
    if pos and pos.startswith(("office:", "army:")):
        # Only an elimination or an exile forces a vacancy to be filled (ruling R56).
        g.log(
            f"The {court.position_name(g, pos)} is left vacant: a Political action may fill it.",
            rule=RULE_VALIDO,
        )


def cleanup(g: Game) -> Rules:
    """Markers reset, exiles return (ruling R104: to a free position, else their deck),
    unique actions cleared, truces flipped back."""
    from planet_king.engine.rules import actions

    s = g.state
    s.prestige_markers = s.happiness_markers = 0
    for nid in list(s.exiles):
        s.exiles.remove(nid)
        g.log(f"{g.name(nid)}'s exile ends (ruling R104).", rule=RULE_CLEANUP)
        yield from actions.return_from_exile(
            g, nid, rule=RULE_CLEANUP, cause="the end of the exile"
        )
    s.unique_used.clear()
    s.wins_this_turn = 0
    s.asiento = 1 if s.castile_secured_next else 0  # ruling R101
    if s.castile_secured_next:
        g.log(
            "The Asiento declared after Income keeps Castile's revenues secured next turn "
            "(ruling R101).",
            rule=RULE_CLEANUP,
        )
    s.castile_secured_next = False
    s.action_cards_played = 0
    s.total_war_played = False
    s.gov_this_card = s.gov_prev_card = None
    s.gov_organisation = []
    war_end.cleanup_turn(g)
    g.log("Clean-up: the markers of the turn are reset.", rule=RULE_CLEANUP)
