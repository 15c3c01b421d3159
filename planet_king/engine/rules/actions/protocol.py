"""The action protocol: the ACTION card, action types and cubes, the registry every
action joins with ``@action``/``@check``, and how an action is chosen and performed
(Actions / Types of Actions, Unique Actions).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from planet_king.engine.decisions import (
    Choices,
    DecisionKind,
    Meaning,
    Option,
    Role,
    new_full_option,
)

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


# Not ``frozen``, with its own ``__init__``: see ``decisions.Decision``.
@dataclass(slots=True, unsafe_hash=True)
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

    def __init__(
        self, kind: str, cause: str, actor: Role | None = None, named: tuple[str, ...] = ()
    ) -> None:
        self.kind = kind
        self.cause = cause
        self.actor = actor
        self.named = named

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
# What each action does and costs, in the rulebook's terms, as the menus describe it
# (issue 32: "Cortes", "Asiento" said nothing of either). Words for people: a function
# of the game where the figures depend on it (the Asiento's, a campaign's cost).
DOES: dict[str, Callable[[Game], str]] = {}


def action(
    aid: str,
    type_: str,
    name: str,
    rule: str,
    *,
    unique: bool = False,
    cost: int = 0,
    does: str = "",
) -> Callable[[Callable[[Game, Context], Rules]], Action]:
    """Register an action; its why_not is attached with ``@check(<action>)`` below, and
    ``does`` (or ``@describes(<action>)``) says what it does."""

    def wrap(run: Callable[[Game, Context], Rules]) -> Action:
        act = Action(aid, type_, name, rule, unique, cost, _always_ok, run)
        ACTIONS[aid] = act
        if does:
            DOES[aid] = lambda g: does
        return act

    return wrap


def describes(act: Action) -> Callable[[Callable[[Game], str]], None]:
    """Register what ``act`` does, in words that read the game."""

    def wrap(fn: Callable[[Game], str]) -> None:
        DOES[act.id] = fn

    return wrap


def describe(g: Game, aid: str) -> str:
    """What action ``aid`` does and costs now, in words ("" if its name says it)."""
    fn = DOES.get(aid)
    return fn(g) if fn is not None else ""


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
        last = forbidden_gov(g, ctx)
        if last is not None and last[0] == act.id:
            return "taken with the previous ACTION card (no repeat)"
        if ctx.kind == "end-of-turn" and act.id in s.gov_organisation:
            return "taken in the Organisation phase (no repeat at End of Turn)"
    return ACTIONS[act.id].why_not(g, ctx)


def forbidden_gov(g: Game, ctx: Context) -> tuple[str, str] | None:
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
