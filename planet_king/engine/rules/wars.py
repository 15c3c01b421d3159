"""Wars: declaration, enemy campaigns, the player's campaigns and the end of a war."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from planet_king.content.ids import Event, Leader, Noble, Place, Power, War
from planet_king.engine.decisions import Choices, DecisionKind, Option, Role
from planet_king.engine.rules import court, units
from planet_king.engine.rules.modes import ENEMY_TESTS_STOP_EARLY
from planet_king.engine.rules.units import UNIT_NAMES
from planet_king.engine.state import UNIT_SP
from planet_king.engine.words import a_unit, plural

if TYPE_CHECKING:
    from planet_king.content.models import EventCard, TurnWindow
    from planet_king.engine.game import FortuneResult, Game, Rules

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
CONDE = Noble.CONDE  # the noble card (Spanish Condé)
FRENCH_CONDE = Leader.CONDE  # the French leader counter
FRANCE_FRONTS = (War.FRANCE_PICARDY, War.FRANCE_ITALY, War.FRANCE_CATALONIA)  # tie order: Picardy
NAMED_BATTLES = {
    War.FRANCE_PICARDY: "picardy",
    War.FLANDERS: "flanders",
    War.FRANCE_CATALONIA: "catalonia",
}


# ------------------------------------------------------------------ helpers
def power_of(g: Game, war_id: str) -> str:
    return g.content.wars[war_id].power


def wars_of(g: Game, power: str) -> list[str]:
    """The wars (fronts) with a power, in the board's order; not to be changed. The wars
    on the board are fixed at set-up, so the answer is kept for the game."""
    cache: dict[str, list[str]] | None = g.__dict__.get("_wars_of_cache")
    if not cache:
        if not g.state.wars:  # before set-up: nothing to keep
            return []
        cache = g.__dict__["_wars_of_cache"] = {}
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
    if extra is not None:
        army = {**army, extra: army.get(extra, 0) + count}
    land: float = 0  # units.unit_sp of the land units (bots ask this at every choice of action)
    for k, n in army.items():
        if k != "fleet":
            land += UNIT_SP[k] * n
    fleets = army.get("fleet", 0)
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


def turn_span(turns: TurnWindow) -> str:
    """The turns on the back of a leader counter, as printed: "3-8"."""
    if turns.condition:
        return f"from {turns.condition}"
    return f"{turns.from_ or 1}-{turns.to or 8}"


def serving_commander(g: Game, war_id: str) -> str | None:
    """The army's Spanish commander, if his counter serves this turn: outside the turns
    on its back the army has no commander (Tokens / Military Leaders; D4, ruling R46)."""
    nid = g.state.wars[war_id].leader
    if nid is None:
        return None
    counter = g.content.nobles[nid].leader
    return nid if counter is None or counter.turns.open_on(g.state.turn) else None


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
            yield from _leader_home(
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


def stat(g: Game, war_id: str, what: str) -> None:
    g.state.stats.wars.setdefault(war_id, Counter())[what] += 1


# -------------------------------------------------------------- declaration
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
    now: the SP in it move to Spain when the war ends (ruling R49, ``end_war``)."""
    g.state.portugal_independent = True
    g.log(
        "Portugal declares its independence: it is a foreign power for the rest of the game "
        "(independence marker).",
        rule=RULE_PORTUGAL,
        cause=cause,
    )


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


# --------------------------------------------------------- enemy campaigns
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
            f"A {UNIT_NAMES[choice]} is lost in {g.name(war_id)}.",
            rule=RULE_PROGRESSION,
            cause=cause,
        )
    return True


# ------------------------------------------------------- player campaigns
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


def battle_name(g: Game, war_id: str) -> str | None:
    table = NAMED_BATTLES.get(war_id)
    if table is None:
        return None
    rows: list[list[str]] = getattr(g.content.battle_names, table)
    g.random_draws += 1
    return rows[g.rng.randrange(6)][g.rng.randrange(6)]


# ---------------------------------------------------------- marker and end
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


def spanish_spaces(g: Game, war_id: str) -> int:
    """Black spaces of a track; the Catalan front has 3 until GUERRA DELS SEGADORS opens
    the fourth (War in Picardy/Catalonia)."""
    n = g.content.wars[war_id].spanish_spaces
    if war_id == War.FRANCE_CATALONIA and not (
        g.state.catalonia_fourth_space or g.scenario.guerra_dels_segadors_played
    ):
        return min(n, 3)
    return n


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
        yield from _leader_home(g, war_id, cause)
    if war_id == War.PALATINATE:
        yield from _palatinate_over(g, cause)
    if war_id == War.PORTUGAL:
        _portugal_army_home(g, cause)
    yield from _redeploy(g, war_id, cause)


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
            s.noble_deck.insert(0, amb)
            g.log(
                f"The Ambassador in Austria, {g.name(amb)}, goes to the noble deck: the Court "
                "is full.",
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


def _leader_home(
    g: Game, war_id: str, cause: str, *, prompt: str = "", rule: str = RULE_END
) -> Rules:
    """The army's commander goes to the Court or to the noble deck."""
    ws = g.state.wars[war_id]
    nid = ws.leader or ""
    ws.leader = None
    deck = Option("deck", f"{g.name(nid)} goes to the noble deck")
    prompt = prompt or f"The war is over: where does {g.name(nid)} go?"
    if not (yield from court.offer_court(g, nid, deck, prompt, rule=rule, cause=cause)):
        g.state.noble_deck.insert(0, nid)
        g.log(f"{g.name(nid)} goes to the noble deck.", rule=rule, cause=cause)


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
            g.log(f"No place to redeploy a {UNIT_NAMES[kind]}.", rule=RULE_END, cause=cause)
            return
        dst = yield from units.ask_place(
            g, f"Redeploy the {UNIT_NAMES[kind]} to?", dests, rule=RULE_END, cause=cause, unit=kind
        )
        units.move_one(g, war_id, kind, dst, cause)


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


# ------------------------------------------------------------ end of turn
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


# ------------------------------------------------------------------ Condé
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
