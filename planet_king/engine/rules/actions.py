"""Actions: the ACTION card, action types and cubes, and every action.

Each action is declared once with its type, whether it is a unique action, its ducat
cost, a ``why_not`` check (None when allowed) and its rule code.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from planet_king.content.ids import Event, Noble, Place, Power, War
from planet_king.engine.decisions import (
    Choices,
    DecisionKind,
    Meaning,
    Option,
    Role,
    new_full_option,
)
from planet_king.engine.rules import (
    court,
    economy,
    end_of_turn,
    exploration,
    family,
    geniuses,
    modes,
    units,
    wars,
)
from planet_king.engine.rules.units import UNIT_NAMES
from planet_king.engine.words import plural

if TYPE_CHECKING:
    from planet_king.content.models import EventCard
    from planet_king.engine.game import Game, Rules

RULE_TYPES = "Actions / Types of Actions"
RULE_UNIQUE = "Actions / Unique Actions"
RULE_NO_REPEAT = "Actions / Government Actions"
TYPES = ("royal", "political", "government", "simple")
TYPE_ROLE = {
    "royal": Role.KING,
    "political": Role.VALIDO,
    "government": Role.VALIDO,
    "simple": Role.VALIDO,
}
CUBE = {
    "royal": ("yellow",),
    "political": ("blue", "green"),
    "government": ("red", "green"),
    "simple": (),
}


@dataclass(frozen=True, slots=True)
class Context:
    """How actions are being taken: with an ACTION card, in the Organisation or End of
    Turn phase, or granted by an event card (no cube). Only the actions an event card
    names (``named``) escape the once-a-turn limit of unique actions (Unique Actions):
    an action chosen from a type the card offers (HIS MAJESTY THE KING, THE ENSIGN NUN's
    political action) counts like any other (ruling R63)."""

    kind: str  # "card" | "organisation" | "end-of-turn" | "event"
    cause: str
    actor: Role | None = None  # who takes the actions, when a card says so (co-op)
    named: tuple[str, ...] = ()  # actions the event card names explicitly

    @property
    def uses_cubes(self) -> bool:
        return self.kind in ("card", "end-of-turn")

    def counts_as_unique(self, act: Action) -> bool:
        """Whether taking ``act`` here uses its once-a-turn marker."""
        return act.unique and act.id not in self.named


@dataclass(frozen=True, slots=True)
class Action:
    id: str
    type: str
    name: str
    rule: str
    unique: bool
    cost: int
    why_not: Callable[[Game, Context], str | None]
    run: Callable[[Game, Context], Rules]

    @property
    def label(self) -> str:
        """The name, with the cost when there is one."""
        if not self.cost:
            return self.name
        return f"{self.name} ({self.cost} ducat{'s' if self.cost > 1 else ''})"


ACTIONS: dict[str, Action] = {}


def action(
    aid: str, type_: str, name: str, rule: str, *, unique: bool = False, cost: int = 0
) -> Callable[[Callable[[Game, Context], Rules]], Action]:
    """Register an action; its why_not is attached with ``@<action>.check``-style below."""

    def wrap(run: Callable[[Game, Context], Rules]) -> Action:
        act = Action(aid, type_, name, rule, unique, cost, _always_ok, run)
        ACTIONS[aid] = act
        return act

    return wrap


def _always_ok(g: Game, ctx: Context) -> str | None:
    return None


def check(act: Action) -> Callable[[Callable[[Game, Context], str | None]], None]:
    def wrap(fn: Callable[[Game, Context], str | None]) -> None:
        ACTIONS[act.id] = Action(
            act.id, act.type, act.name, act.rule, act.unique, act.cost, fn, act.run
        )

    return wrap


# ------------------------------------------------------------ the protocol
def why_not(g: Game, act: Action, ctx: Context) -> str | None:
    s = g.state
    if act.unique and act.id in s.unique_used and act.id not in ctx.named:  # counts_as_unique
        return "already taken this turn (unique action)"
    if act.cost and s.treasury < act.cost:
        return f"costs {act.cost} ducat{'s' if act.cost > 1 else ''}; the Treasury has {s.treasury}"
    if act.type == "government" and act.id != "military-campaign":
        last = _forbidden_gov(g, ctx)
        if last is not None and last[0] == act.id:
            return "taken with the previous ACTION card (no repeat)"
        if ctx.kind == "end-of-turn" and act.id in s.gov_organisation:
            return "taken in the Organisation phase (no repeat at End of Turn)"
    return ACTIONS[act.id].why_not(g, ctx)


def _forbidden_gov(g: Game, ctx: Context) -> tuple[str, str] | None:
    """The government action that may not be repeated in this context."""
    if ctx.kind == "card":
        return g.state.gov_prev_card
    if ctx.kind == "end-of-turn":
        return g.state.gov_this_card
    return None


def action_type(g: Game, act: Action) -> str:
    """In War-Only mode the Cortes and the Royal Pardon are political actions."""
    if g.options.war_only and act.id in ("cortes", "royal-pardon"):
        return "political"
    return act.type


# The action menu of each type, with or without War-Only mode: (action, option id,
# label) in the order of ACTIONS. Built on first use, once this module has registered
# every action (each ACTION card reads it up to 8 times).
_MENUS: dict[bool, dict[str, tuple[tuple[Action, str, str], ...]]] = {}
_TYPES: dict[bool, dict[str, str]] = {}


def _menus(g: Game) -> dict[str, tuple[tuple[Action, str, str], ...]]:
    war_only = g.options.war_only
    menus = _MENUS.get(war_only)
    if menus is None:
        by_type: dict[str, list[tuple[Action, str, str]]] = {t: [] for t in TYPES}
        for act in ACTIONS.values():
            t = action_type(g, act)
            by_type[t].append((act, f"action:{t}:{act.id}", act.label))
        menus = _MENUS[war_only] = {t: tuple(items) for t, items in by_type.items()}
    return menus


def actions_of_type(g: Game, type_: str) -> tuple[Action, ...]:
    """The actions of a type, as its menu lists them (see ``action_type``)."""
    return tuple(act for act, _, _ in _menus(g)[type_])


def action_types(g: Game) -> dict[str, str]:
    """Every action's type in this game (see ``action_type``); not to be changed."""
    types = _TYPES.get(g.options.war_only)
    if types is None:
        types = {act.id: t for t, menu in _menus(g).items() for act, _, _ in menu}
        _TYPES[g.options.war_only] = types
    return types


class ActionChecks(dict[str, str | None]):
    """Why each action cannot be taken now (None: it can), checked on first use and
    then remembered for the whole menu: the type choice, the action choice after it and
    the bots all read the same answers (nothing changes in between)."""

    def __init__(self, g: Game, ctx: Context) -> None:
        super().__init__()
        self.g, self.ctx = g, ctx

    def __missing__(self, aid: str) -> str | None:
        why = self[aid] = why_not(self.g, ACTIONS[aid], self.ctx)
        return why


def type_why_not(
    g: Game, type_: str, ctx: Context, checks: ActionChecks | None = None
) -> str | None:
    s = g.state
    if type_ == "royal" and g.options.war_only:
        return "no royal actions in War-Only mode"
    if type_ == "royal" and s.king_dead:
        return "the King is dead: no more royal actions"
    colours = CUBE[type_]
    if colours and ctx.uses_cubes:
        for c in colours:
            if s.cubes[c] > 0:
                break
        else:
            return f"no {' or '.join(colours)} cube left"
    checks = ActionChecks(g, ctx) if checks is None else checks
    for act, _, _ in _menus(g)[type_]:
        if checks[act.id] is None:
            return None
    return "no action of this type is possible now"


# The options of the choice of type, their ids and labels.
TYPE_OPTIONS = tuple((t, f"type:{t}", f"{t.capitalize()} action") for t in TYPES)
USED_WITH_CARD = "already used with this card"
NO_MORE = Option("done", "No more actions")
# The action menu's own Back, to the choice of type: a move of the rules' (bots may take
# it, as they always could), typed as the engine's Back of a sub-menu is (decisions.BACK).
BACK = Option("back", "Back", meaning=Meaning("back"))


def action_card(g: Game, card: EventCard) -> Rules:
    """ACTION card: up to three actions of different types, subject to cubes."""
    s = g.state
    s.action_cards_played += 1
    s.gov_prev_card, s.gov_this_card = s.gov_this_card, None
    for gw in s.wars.values():
        gw.last_campaign = False
    if s.gov_prev_card and s.gov_prev_card[0] == "military-campaign":
        s.wars[s.gov_prev_card[1]].last_campaign = True
    g.log(
        f"ACTION card {s.action_cards_played} of the phase.",
        rule="Events / Action Event Cards",
        cause=card.name,
    )
    yield from take_actions(g, Context("card", card.name))


def take_actions(g: Game, ctx: Context) -> Rules:
    """Up to three actions of different types (Types of Actions)."""
    done: list[str] = []
    while len(done) < 3:  # "Back" from an action menu spends nothing: the count stays
        n = len(done) + 1
        checks = ActionChecks(g, ctx)
        opts: list[Option] = []
        for t, oid, label in TYPE_OPTIONS:
            reason = USED_WITH_CARD if t in done else type_why_not(g, t, ctx, checks)
            opts.append(new_full_option(Option, (oid, label, reason is None, reason, None)))
        opts.append(NO_MORE)
        choice = yield from g.ask(
            f"Choose the type of action {n} of 3",
            opts,
            role=Role.KING,
            rule=RULE_TYPES,
            cause=ctx.cause,
            checks=checks,
            kind=DecisionKind.ACTION_TYPE,
        )
        if choice == "done":
            return
        t = choice.partition(":")[2]
        if (yield from take_one(g, t, ctx, checks)):
            done.append(t)


def take_one(g: Game, type_: str, ctx: Context, checks: ActionChecks | None = None) -> Rules:
    """Choose and perform one action of a type; returns False if the player went back.
    ``checks``: the action checks of the type choice just made (nothing changed since)."""
    checks = ActionChecks(g, ctx) if checks is None else checks
    opts: list[Option] = []
    for act, oid, label in _menus(g)[type_]:
        why = checks[act.id]
        opts.append(new_full_option(Option, (oid, label, why is None, why, None)))
    opts.append(BACK)
    choice = yield from g.ask(
        f"Choose a {type_} action",
        opts,
        kind=DecisionKind.ACTION,
        subject=type_,
        role=ctx.actor or TYPE_ROLE[type_],
        rule=RULE_TYPES,
        cause=ctx.cause,
    )
    if choice == "back":
        return False
    act = ACTIONS[choice.rsplit(":", 1)[1]]
    return (yield from perform(g, act, ctx))


CANCELLED = "cancelled"  # returned by an action that was not carried out (war refused)


def perform(g: Game, act: Action, ctx: Context) -> Rules:
    """Spend the cube, mark a unique action, run the action; True if it was taken."""
    s = g.state
    spent = None
    if ctx.uses_cubes:
        for colour in CUBE[action_type(g, act)]:
            if s.cubes[colour] > 0:
                s.cubes[colour] -= 1
                spent = colour
                g.log(f"A {colour} cube is spent.", rule=RULE_TYPES, cause=act.name)
                break
    if ctx.counts_as_unique(act):
        s.unique_used.append(act.id)
    g.log(f"Action: {act.name}.", rule=act.rule, cause=ctx.cause)
    g.acting += 1  # its decisions are sub-menus of the choice of action (Game.ask: Back)
    target = yield from act.run(g, ctx)
    g.acting -= 1
    if target == CANCELLED:
        if spent:
            s.cubes[spent] += 1
        if ctx.counts_as_unique(act):
            s.unique_used.remove(act.id)
        g.log(f"{act.name} is not carried out: nothing is spent.", rule=act.rule, cause=ctx.cause)
        return False
    s.stats.actions_taken[act.id] += 1
    if act.type == "government" and ctx.kind == "card":
        s.gov_this_card = (act.id, target if isinstance(target, str) else "")
    if act.type == "government" and ctx.kind == "organisation":
        s.gov_organisation.append(act.id)
    return True


def granted_action(g: Game, allowed: tuple[str, ...], ctx: Context) -> Rules:
    """An event grants one action of the listed types without a cube (His Majesty...);
    "Back" from the action menu returns to the choice of type."""
    while True:
        opts = Choices()
        for t in allowed:
            opts.add(f"type:{t}", f"{t.capitalize()} action", type_why_not(g, t, ctx))
        opts.add("done", "Take no action")
        choice = yield from g.ask(
            "Choose the type of the granted action",
            opts,
            kind=DecisionKind.ACTION_TYPE,
            role=Role.KING,
            rule=RULE_TYPES,
            cause=ctx.cause,
        )
        if choice == "done" or (yield from take_one(g, choice.partition(":")[2], ctx)):
            return


# ------------------------------------------------------------ royal actions
R_ROYAL = "Actions / Royal Actions"


@action("issue", "royal", "Issue", f"{R_ROYAL} (Issue)", unique=True)
def _issue(g: Game, ctx: Context) -> Rules:
    yield from family.issue(g, ctx.cause)


@check(_issue)
def _issue_check(g: Game, ctx: Context) -> str | None:
    if modes.ignores_court_life(g):
        return "ladies are not used in this game"
    s = g.state
    if not any(lady and g.content.ladies[lady].fertility > 0 for lady in (s.queen, s.mistress)):
        return "no fertile Queen or Royal Mistress at Court"
    return None


@action(
    "choose-mistress",
    "royal",
    "Choose Royal Mistress",
    f"{R_ROYAL} (Choose Royal Mistress)",
    unique=True,
)
def _mistress(g: Game, ctx: Context) -> Rules:
    rule = f"{R_ROYAL} (Choose Royal Mistress)"
    yield from family.choose_mistress(g, ctx.cause, rule=rule)
    g.add_happiness(1, "a new Royal Mistress", rule=rule)


@check(_mistress)
def _mistress_check(g: Game, ctx: Context) -> str | None:
    if modes.ignores_court_life(g):
        return "ladies are not used in this game"
    if g.state.turn == g.scenario.first_turn:
        return "not in the first turn of a scenario"
    if not family.mistress_candidates(g):
        return "no lady with prestige 0 or less is available"
    return None


@action("hunt", "royal", "Hunt", f"{R_ROYAL} (Hunt)", unique=True)
def _hunt(g: Game, ctx: Context) -> Rules:
    s = g.state
    if Event.HUNTING_DAY in s.discard:
        s.discard.remove(Event.HUNTING_DAY)
    if Event.HUNTING_DAY not in s.deck:  # played and shuffled back at End of Turn: one card
        s.deck.append(Event.HUNTING_DAY)
    s.hunting_day_due = True
    g.shuffle_deck()
    g.log("HUNTING DAY is shuffled into the event deck.", rule=f"{R_ROYAL} (Hunt)", cause=ctx.cause)
    return
    yield  # pragma: no cover


@check(_hunt)
def _hunt_check(g: Game, ctx: Context) -> str | None:
    if g.hothead:  # its only effect is HUNTING DAY's happiness point (ruling R99)
        return "the King's happiness is not used in Hothead"
    # "Not already in the event deck": hunted and not played since (ruling R61); a card
    # played this turn and shuffled back at End of Turn is not there by a Hunt.
    if g.state.hunting_day_due:
        return "HUNTING DAY is already in the event deck"
    if Event.HUNTING_DAY in g.state.removed_events:
        return "HUNTING DAY is out of the game"
    return None


@action("nominate-genius", "royal", "Nominate/Remove Genius", geniuses.RULE_GENIUS)
def _genius(g: Game, ctx: Context) -> Rules:
    yield from geniuses.nominate(g, ctx.cause)


@check(_genius)
def _genius_check(g: Game, ctx: Context) -> str | None:
    if modes.ignores_court_life(g):
        return "geniuses are not used in this game"
    return None if g.state.genius_deck else "the genius deck is empty"


@action("court-painter", "royal", "Appoint Court Painter", geniuses.RULE_PAINTER)
def _painter(g: Game, ctx: Context) -> Rules:
    yield from geniuses.appoint_painter(g, ctx.cause)


@check(_painter)
def _painter_check(g: Game, ctx: Context) -> str | None:
    if modes.ignores_court_life(g):
        return "geniuses are not used in this game"
    return None if geniuses.painters(g) else "no painter at Court with 2 or more points"


@action(
    "sale-of-privileges",
    "royal",
    "Sale of Privileges",
    f"{R_ROYAL} (Sale of Privileges)",
    unique=True,
)
def _sale(g: Game, ctx: Context) -> Rules:
    opts = Choices()
    for nid in court.court_nobles(g):
        opts.add(f"noble:{nid}", g.name(nid))
    choice = yield from g.ask(
        "Sell privileges: which noble leaves the Court for good?",
        opts,
        kind=DecisionKind.SELL_PRIVILEGES,
        role=Role.KING,
        rule=f"{R_ROYAL} (Sale of Privileges)",
        cause=ctx.cause,
    )
    nid = choice.partition(":")[2]
    yield from court.remove_from_game(
        g, nid, "Sale of Privileges", rule=f"{R_ROYAL} (Sale of Privileges)"
    )
    g.gain(
        1,
        "action:sale-of-privileges",
        rule=f"{R_ROYAL} (Sale of Privileges)",
        cause="Sale of Privileges",
    )


@check(_sale)
def _sale_check(g: Game, ctx: Context) -> str | None:
    return None if court.court_nobles(g) else "no noble at Court"


def free_positions(g: Game, nid: str) -> list[str]:
    """Unoccupied positions a noble could take: Court, offices, army commands."""
    s = g.state
    out = []
    slot = court.free_court_slot(g)
    if slot:
        out.append(slot)
    out += [f"office:{o}" for o, h in s.offices.items() if h is None]
    if court.can_command(g, nid):
        out += [f"army:{w}" for w in wars.active_wars(g) if s.wars[w].leader is None]
    return out


@action("royal-pardon", "royal", "Royal Pardon", f"{R_ROYAL} (Royal Pardon)")
def _pardon(g: Game, ctx: Context) -> Rules:
    s = g.state
    rule = f"{R_ROYAL} (Royal Pardon)"
    opts = Choices()
    for nid in s.exiles:
        opts.add(f"noble:{nid}", g.name(nid))
    nid = (
        yield from g.ask(
            "Pardon which exile?",
            opts,
            role=Role.KING,
            rule=rule,
            cause=ctx.cause,
            kind=DecisionKind.PARDON,
        )
    ).partition(":")[2]
    s.exiles.remove(nid)
    g.log(f"{g.name(nid)} is pardoned and returns from exile.", rule=rule, cause=ctx.cause)
    yield from return_from_exile(g, nid, rule=rule, cause="Royal Pardon")


def return_from_exile(g: Game, nid: str, *, rule: str, cause: str) -> Rules:
    """A notable back from exile (a Royal Pardon, or the end of the turn: ruling R104)
    takes a free position at Court, in an office or in command of an army; with none free
    the card goes to its deck (Events / Traitor, l.289; Royal Pardon, l.484)."""
    s = g.state
    if nid not in g.content.nobles:
        _pardon_other(g, nid, rule)
        return
    free = free_positions(g, nid)
    if not free:
        s.noble_deck.insert(0, nid)
        g.log(f"No free position: {g.name(nid)} goes to the noble deck.", rule=rule)
        return
    popts = Choices()
    for p in free:
        popts.add(f"place:{p}", court.position_name(g, p))
    pos = (
        yield from g.ask(
            f"Where does {g.name(nid)} go?",
            popts,
            role=Role.KING,
            rule=rule,
            cause=cause,
            kind=DecisionKind.PLACE_NOBLE,
            subject=nid,
        )
    ).partition(":")[2]
    court.place(g, nid, pos, cause=cause)


def _pardon_other(g: Game, nid: str, rule: str) -> None:
    """A pardoned genius returns to a free place at Court, a lady to the vacant place of
    Royal Mistress; otherwise the card goes to its deck."""
    s = g.state
    if nid in g.content.geniuses:
        slot = geniuses.free_slot(g)
        if slot is not None:
            s.court_geniuses[slot] = nid
            g.log(f"{g.name(nid)} returns to Court.", rule=rule)
        else:
            s.genius_deck.insert(0, nid)
            g.log(f"No place at Court: {g.name(nid)} goes to the genius deck.", rule=rule)
        return
    if s.mistress is None and g.content.ladies[nid].prestige <= 0:
        s.mistress = nid
        g.log(f"{g.name(nid)} is the Royal Mistress again.", rule=rule)
    else:
        s.ladies_deck.append(nid)
        g.log(f"{g.name(nid)} returns to the ladies.", rule=rule)


@check(_pardon)
def _pardon_check(g: Game, ctx: Context) -> str | None:
    return None if g.state.exiles else "nobody is in exile"


@action("cortes", "royal", "Cortes", f"{R_ROYAL} (Cortes)", unique=True)
def _cortes(g: Game, ctx: Context) -> Rules:
    rule = f"{R_ROYAL} (Cortes)"
    helper = [n for n in court.court_nobles(g) if court.rating(g, n, "political") >= 2]
    t = g.fortune_test("the Cortes", rule=rule)
    if helper and not t.positive:
        choice = yield from g.ask(
            f"The Cortes: {t.result}. {g.name(helper[0])} may have the test repeated once.",
            [Option("cortes:repeat", "Repeat the test"), Option("cortes:keep", "Keep the result")],
            kind=DecisionKind.CORTES_REPEAT,
            role=Role.KING,
            rule=rule,
            cause=ctx.cause,
        )
        if choice == "cortes:repeat":
            t = g.fortune_test("the Cortes, repeated", rule=rule)
    if t.positive:
        g.gain(2, "action:cortes", rule=rule, cause="the Cortes")
    elif t.neutral:
        g.log("The Cortes grant nothing.", rule=rule, cause=ctx.cause)
    else:
        place_revolt(g, "the Cortes", rule)


def place_revolt(g: Game, cause: str, rule: str) -> None:
    loc = g.pick([Place.SPAIN, Place.ITALY, Place.SPANISH_NETHERLANDS], "Europe locations")
    s = g.state
    if loc in s.revolts:
        g.log(f"{g.name(loc)} already has a revolt marker.", rule=rule, cause=cause)
        return
    s.revolts.append(loc)
    extra = " (no End of Turn phase in Hothead: it has no effect)" if g.hothead else ""
    g.log(f"A revolt marker is placed in {g.name(loc)}{extra}.", rule=rule, cause=cause)


# -------------------------------------------------------- political actions
R_POL = "Actions / Political Actions"


def appointable(g: Game, nid: str) -> list[str]:
    """Offices and army commands a noble could be put in."""
    return [p for p, why in _positions(g, nid) if why is None]


def _positions(g: Game, nid: str) -> Iterator[tuple[str, str | None]]:
    """Every office and army command, with why this noble cannot take it (None: he
    can). A command he cannot take stays listed with its reason (issue 32: "Nominate
    Ambrosio de Spinola to?" offered no army command, and did not say why)."""
    s = g.state
    for o in s.offices:
        yield f"office:{o}", None
    why = court.why_not_command(g, nid)
    for w, ws in s.wars.items():
        if ws.active:
            yield f"army:{w}", why


def _position_options(g: Game, nid: str, opts: Choices, *, frees_a_seat: bool) -> None:
    """The offices and commands a noble may be given, each saying whom it replaces and
    what becomes of him: back to Court, or out of the game when the Court is full."""
    seat_free = frees_a_seat or court.free_court_slot(g) is not None
    for p, why in _positions(g, nid):
        who = court.holder(g, p)
        label = court.position_name(g, p)
        if who:
            fate = (
                "who returns to Court or leaves the game"
                if seat_free
                else ("who leaves the game: the Court is full")
            )
            label += f" (replacing {g.name(who)}, {fate})"
        if why is None and locked(g, p):
            why = "Isabel Clara Eugenia cannot be removed at will"
        opts.add(f"place:{p}", label, why)


def locked(g: Game, pos: str) -> bool:
    """Isabel Clara Eugenia cannot leave the office of Governor of Flanders at will."""
    return pos == "office:governor-flanders" and court.holder(g, pos) == Noble.ISABEL_CLARA_EUGENIA


def _install(g: Game, nid: str, pos: str, rule: str, cause: str) -> Rules:
    """Put a noble in a position; the one displaced is removed or returns to Court."""
    old = court.holder(g, pos)
    if old is not None:
        court.set_holder(g, pos, None)
    court.place(g, nid, pos, cause=cause)
    if old is None:
        return
    remove = Option("remove", f"Remove {g.name(old)} from the game")
    prompt = f"{g.name(old)} is replaced: return to Court or remove?"
    if not (yield from court.offer_court(g, old, remove, prompt, rule=rule, cause=cause)):
        yield from court.remove_from_game(g, old, f"replaced by {g.name(nid)}", rule=rule)


@action("appoint-noble", "political", "Appoint Noble", f"{R_POL} (Appoint Noble)")
def _appoint(g: Game, ctx: Context) -> Rules:
    s = g.state
    rule = f"{R_POL} (Appoint Noble)"
    nid = g.draw("nobles")
    g.random_draws += 1
    g.log(f"{g.name(nid)} is drawn from the noble deck.", rule=rule, cause=ctx.cause)
    opts = Choices()
    slot = court.free_court_slot(g)
    # "At Court" stays listed when the Court is full, with why (issue 32)
    opts.add(f"place:{slot or 'court'}", "At Court", None if slot else "the Court is full")
    _position_options(g, nid, opts, frees_a_seat=False)
    if not opts:
        s.noble_deck.insert(0, nid)
        g.log(f"No place for {g.name(nid)}: the card goes to the bottom of the deck.", rule=rule)
        return
    pos = (
        yield from g.ask(
            f"Where does {g.name(nid)} go?",
            opts,
            role=Role.VALIDO,
            rule=rule,
            cause=ctx.cause,
            kind=DecisionKind.PLACE_NOBLE,
            subject=nid,
        )
    ).partition(":")[2]
    yield from _install(g, nid, pos, rule, "Appoint Noble")


@check(_appoint)
def _appoint_check(g: Game, ctx: Context) -> str | None:
    return None if g.state.noble_deck else "the noble deck is empty"


@action("nominate-noble", "political", "Nominate Noble", f"{R_POL} (Nominate Noble)")
def _nominate(g: Game, ctx: Context) -> Rules:
    rule = f"{R_POL} (Nominate Noble)"
    opts = Choices()
    for nid in court.court_nobles(g):
        opts.add(f"noble:{nid}", g.name(nid), None if _nominable(g, nid) else "no position")
    nid = (
        yield from g.ask(
            "Nominate which noble from Court?",
            opts,
            role=Role.VALIDO,
            rule=rule,
            cause=ctx.cause,
            kind=DecisionKind.NOMINATE_NOBLE,
        )
    ).partition(":")[2]
    popts = Choices()
    _position_options(g, nid, popts, frees_a_seat=True)  # he leaves his seat at Court
    pos = (
        yield from g.ask(
            f"Nominate {g.name(nid)} to?",
            popts,
            role=Role.VALIDO,
            rule=rule,
            cause=ctx.cause,
            kind=DecisionKind.PLACE_NOBLE,
            subject=nid,
        )
    ).partition(":")[2]
    court.set_holder(g, court.where(g, nid) or "", None)
    yield from _install(g, nid, pos, rule, "Nominate Noble")


def _nominable(g: Game, nid: str) -> bool:
    return any(why is None and not locked(g, p) for p, why in _positions(g, nid))


@check(_nominate)
def _nominate_check(g: Game, ctx: Context) -> str | None:
    if not any(_nominable(g, n) for n in court.court_nobles(g)):
        return "no noble at Court can take an office or a command"
    return None


def embassy_targets(g: Game) -> Choices:
    """Active wars, with why an embassy cannot go there."""
    opts = Choices()
    for w, why in _embassy_reasons(g):
        truce = " (at truce: peace)" if g.state.wars[w].truce else ""
        opts.add(f"war:{w}", g.name(w) + truce, why)
    return opts


def _embassy_reasons(g: Game) -> Iterator[tuple[str, str | None]]:
    for w, ws in g.state.wars.items():
        if not ws.active:
            continue
        if not ambassadors(g, w):
            yield w, "no ambassador available"
        elif ws.truce and w == War.PALATINATE:
            yield w, "the Palatinate war cannot end through diplomacy"
        else:
            yield w, None


def ambassadors(g: Game, war_id: str) -> list[str]:
    s = g.state
    out = list(court.court_nobles(g))
    if war_id == War.FLANDERS and s.offices.get("governor-flanders"):
        out.append(s.offices["governor-flanders"] or "")
    if war_id == War.PALATINATE and s.offices.get("ambassador-austria"):
        out.append(s.offices["ambassador-austria"] or "")
    return out


@action("embassy", "political", "Send Embassy", f"{R_POL} (Embassy)", unique=True, cost=1)
def _embassy(g: Game, ctx: Context) -> Rules:
    yield from embassy(g, ctx.cause, paid=True)


NO_EMBASSY = "no-embassy"


def embassy(g: Game, cause: str, *, paid: bool, optional: bool = False) -> Rules:
    """Send an embassy: political - 1 tests; a success makes a truce, or peace on a truce.
    ``optional``: the player may send none (DIPLOMACY: "The player may send an embassy")."""
    s = g.state
    rule = f"{R_POL} (Embassy)"
    targets = embassy_targets(g)
    if optional:
        targets.add(NO_EMBASSY, "Send no embassy")
    choice = yield from g.ask(
        "Send an embassy to which war?",
        targets,
        kind=DecisionKind.EMBASSY_TARGET,
        role=Role.VALIDO,
        rule=rule,
        cause=cause,
    )
    if choice == NO_EMBASSY:
        g.log("No embassy is sent.", rule="Events / Diplomacy", cause=cause)
        return
    war_id = choice.partition(":")[2]
    aopts = Choices()
    for nid in ambassadors(g, war_id):
        aopts.add(
            f"noble:{nid}", f"{g.name(nid)} (political {court.known_rating(g, nid, 'political')})"
        )
    nid = (
        yield from g.ask(
            "Choose the ambassador",
            aopts,
            role=Role.VALIDO,
            rule=rule,
            cause=cause,
            kind=DecisionKind.AMBASSADOR,
            subject=war_id,
        )
    ).partition(":")[2]
    if paid:
        g.spend(1, "action:embassy", rule=rule, cause="Embassy")
    tests = court.rating(g, nid, "political") - 1
    g.log(
        f"{g.name(nid)} goes as ambassador to {g.name(war_id)}: {plural(max(tests, 0), 'test')}.",
        rule=rule,
        cause=cause,
    )
    success = False
    for _ in range(max(tests, 0)):
        if g.fortune_test(f"embassy to {g.name(war_id)}", rule=rule).positive:
            success = True
            break
    ws = s.wars[war_id]
    if not success:
        g.log("The embassy fails.", rule=rule, cause=cause)
        return
    if ws.truce:
        yield from wars.end_war(g, war_id, "peace", cause)
    else:
        ws.truce = True
        g.log(
            f"Truce in {g.name(war_id)}: the marker cannot move until the end of the turn.",
            rule=rule,
            cause=cause,
        )
    if wars.power_of(g, war_id) == Power.FRANCE:
        yield from wars.conde_leaves(g, cause)


@check(_embassy)
def _embassy_check(g: Game, ctx: Context) -> str | None:
    if ctx.kind == "organisation":
        return "not in the Organisation phase"
    return refused_everywhere(g, _embassy_reasons(g), "no war to send an embassy to")


def refused_everywhere(g: Game, reasons: Iterable[tuple[str, str | None]], none: str) -> str | None:
    """None if some war allows the action (the reasons are read up to the first that
    does); else the true reasons, each with its wars ("campaigned here with the previous
    ACTION card (Italy)"), never a blanket "no war" when there are wars that refuse for a
    reason of their own."""
    refused: list[tuple[str, str | None]] = []
    for w, why in reasons:
        if why is None:
            return None
        refused.append((w, why))
    if not refused:
        return none
    reasons = refused
    by_reason: dict[str, list[str]] = {}
    for w, why in reasons:
        by_reason.setdefault(why or "", []).append(g.name(w))
    parts = []
    for why, names in by_reason.items():
        shown = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
        parts.append(f"{why} ({shown})")
    return "; ".join(parts)


# ------------------------------------------------------- government actions
R_GOV = "Actions / Government Actions"


def _deploy_now(g: Game, kind: str, rule: str, cause: str, places: list[str]) -> Rules:
    dst = yield from units.ask_place(
        g, f"Place the {UNIT_NAMES[kind]} where?", places, rule=rule, cause=cause, unit=kind
    )
    units.add_unit(g, dst, kind)
    g.log(f"A {UNIT_NAMES[kind]} is placed in {g.name(dst)}.", rule=rule, cause=cause)


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
        yield from _deploy_now(g, "tercio", 'Scenarios / "Hothead" (ruling R8)', ctx.cause, places)
        return
    g.state.construction.append(("tercio", ""))
    g.log("A Spanish tercio is placed in the Under Construction box.", rule=rule)


@check(_raise_tercio)
def _raise_tercio_check(g: Game, ctx: Context) -> str | None:
    return None if units.counters_left(g, "tercio") > 0 else "no Spanish tercio counter left"


@action(
    "raise-nations",
    "government",
    "Raise a Tercio of Nations",
    f"{R_GOV} (Raise a Tercio of Nations)",
    cost=1,
)
def _raise_nations(g: Game, ctx: Context) -> Rules:
    rule = f"{R_GOV} (Raise a Tercio of Nations)"
    g.spend(1, "action:raise-nations", rule=rule, cause="Raise a Tercio of Nations")
    yield from _deploy_now(g, "nations", rule, ctx.cause, units.new_unit_places(g, "nations"))


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


@check(_build_fleet)
def _build_fleet_check(g: Game, ctx: Context) -> str | None:
    return None if units.counters_left(g, "fleet") > 0 else "no fleet counter left"


def campaign_targets(g: Game, ctx: Context) -> list[tuple[str, str | None]]:
    """(war, reason it is not allowed) for every war the player could campaign in."""
    return list(_campaign_reasons(g, ctx))


def _campaign_reasons(g: Game, ctx: Context) -> Iterator[tuple[str, str | None]]:
    s = g.state
    forbidden = _forbidden_gov(g, ctx)
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
            elif s.treasury < (cost := wars.campaign_cost(g, leader)):
                why = f"costs {cost} ducat{'s' if cost > 1 else ''}; the Treasury has {s.treasury}"
        else:
            why = wars.player_can_declare(g, w)
            if why is None and court_leaders is None:
                court_leaders = [n for n in court.court_nobles(g) if court.can_command(g, n)]
                affordable = [n for n in court_leaders if s.treasury >= wars.campaign_cost(g, n)]
            if why is None and not court_leaders:
                why = "no noble with a military rating at Court"
            elif why is None and not affordable:
                why = "the Treasury cannot pay for any leader at Court"
        yield w, why


@action(
    "military-campaign", "government", "Conduct a Military Campaign", f"{R_GOV} (Military Campaign)"
)
def _campaign(g: Game, ctx: Context) -> Rules:
    s = g.state
    rule = f"{R_GOV} (Military Campaign)"
    opts = Choices()
    for w, why in campaign_targets(g, ctx):
        verb = "Campaign in" if s.wars[w].active else "Declare war and campaign:"
        opts.add(f"war:{w}", f"{verb} {g.name(w)}", why)
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
                cost = wars.campaign_cost(g, nid)
                lopts.add(
                    f"noble:{nid}",
                    f"{g.name(nid)} (cost {cost})",
                    None if s.treasury >= cost else f"costs {cost} ducats",
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
        wars.pay_campaign(g, nid, rule=rule)
        court.set_holder(g, court.where(g, nid) or "", None)
        court.place(g, nid, f"army:{war_id}", cause="Military Campaign")
        # Declaring war on France opens the fronts of War with France together.
        fronts = [war_id]
        if wars.power_of(g, war_id) == Power.FRANCE:
            fronts = [war_id] + [f for f in wars.france_fronts_to_open(g) if f != war_id]
        yield from wars.declare_war(g, fronts, ctx.cause, rule=rule)
    else:
        wars.pay_campaign(g, ws.leader or "", rule=rule)
    yield from wars.player_campaign(g, war_id, ctx.cause)
    return war_id


@check(_campaign)
def _campaign_check(g: Game, ctx: Context) -> str | None:
    if ctx.kind == "organisation":
        return "not in the Organisation phase"
    return refused_everywhere(g, _campaign_reasons(g, ctx), "no war to campaign in")


# ------------------------------------------------------------ simple actions
R_SIMPLE = "Actions / Simple Actions"


@action(
    "raise-provincial",
    "simple",
    "Raise a Provincial Tercio",
    f"{R_SIMPLE} (Raise a Provincial Tercio)",
)
def _raise_provincial(g: Game, ctx: Context) -> Rules:
    yield from _deploy_now(
        g,
        "provincial",
        f"{R_SIMPLE} (Raise a Provincial Tercio)",
        ctx.cause,
        units.new_unit_places(g, "provincial"),
    )


@check(_raise_provincial)
def _raise_provincial_check(g: Game, ctx: Context) -> str | None:
    if units.counters_left(g, "provincial") <= 0:
        return "no provincial tercio counter left"
    return None if units.has_new_unit_place(g, "provincial") else "nowhere to place it"


@action("move", "simple", "Move a Fleet, Tercio or Leader", units.RULE_MOVE)
def _move(g: Game, ctx: Context) -> Rules:
    yield from units.move_action(g, ctx.cause)


@check(_move)
def _move_check(g: Game, ctx: Context) -> str | None:
    return None if units.can_move_something(g) else "nothing can move"


@action(
    "build-fortification",
    "simple",
    "Build a Fortification",
    f"{R_SIMPLE} (Build a Fortification)",
    unique=True,
    cost=1,
)
def _fortify(g: Game, ctx: Context) -> Rules:
    rule = f"{R_SIMPLE} (Build a Fortification)"
    opts = Choices()
    for tid in end_of_turn.fortification_targets(g):
        level = max(g.content.territories[tid].fortification, g.state.fortifications.get(tid, 0))
        opts.add(f"fort:{tid}", f"{g.name(tid)} (level {level} → {level + 1})")
    tid = (
        yield from g.ask(
            "Fortify which territory?",
            opts,
            role=Role.VALIDO,
            rule=rule,
            cause=ctx.cause,
            kind=DecisionKind.FORTIFY,
        )
    ).partition(":")[2]
    g.spend(1, "action:build-fortification", rule=rule, cause="Build a Fortification")
    g.state.construction.append(("fortification", tid))
    g.log(
        f"A fortification for {g.name(tid)} is placed in the Under Construction box.",
        rule=rule,
        cause=ctx.cause,
    )
    g.add_prestige(1, "building a fortification", rule=rule)


@check(_fortify)
def _fortify_check(g: Game, ctx: Context) -> str | None:
    # Hothead allows every simple action but exploration (l.796, ruling R99): the
    # fortification waits under construction, as there is no End of Turn.
    return None if end_of_turn.can_fortify(g) else "nothing left to fortify"


@action(
    "exploration",
    "simple",
    "Conduct an Exploration",
    f"{R_SIMPLE} (Conduct an Exploration)",
    unique=True,
)
def _explore(g: Game, ctx: Context) -> Rules:
    yield from exploration.exploration_action(g, ctx.cause)


@check(_explore)
def _explore_check(g: Game, ctx: Context) -> str | None:
    return exploration.why_not(g)


@action("asiento", "simple", "Asiento", economy.RULE_ASIENTO)
def _asiento(g: Game, ctx: Context) -> Rules:
    economy.do_asiento(g, "action:asiento")
    return
    yield  # pragma: no cover


@check(_asiento)
def _asiento_check(g: Game, ctx: Context) -> str | None:
    return None if economy.asiento_label(g) else "both Asientos already made this turn"
