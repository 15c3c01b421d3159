"""The one protocol between the rules and whoever plays: a Decision with its Options."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import NamedTuple

# Defined with the engine's other errors (a module mypyc leaves uncompiled: it cannot
# compile subclasses of ValueError), and read here as they always were.
from planet_king.engine.errors import IllegalChoice as IllegalChoice
from planet_king.engine.errors import RuleNotImplemented as RuleNotImplemented


class Role(StrEnum):
    """Who makes a decision. In solo play one person holds both roles."""

    KING = "king"
    VALIDO = "valido"


class DecisionKind(StrEnum):
    """What a decision is about, for whoever reads it by machine (bots, the advisor):
    its prompt is for people and may be reworded or translated."""

    OTHER = "other"
    # Actions
    ACTION_TYPE = "action-type"  # the type of the next action (subject: none)
    ACTION = "action"  # an action of one type (subject: the type)
    SELL_PRIVILEGES = "sell-privileges"  # the noble who leaves the Court for good
    PARDON = "pardon"  # the exile pardoned
    PLACE_NOBLE = "place-noble"  # where a noble goes (subject: the noble)
    NOMINATE_NOBLE = "nominate-noble"  # which noble from Court is nominated
    CORTES_REPEAT = "cortes-repeat"
    EMBASSY_TARGET = "embassy-target"  # the war an embassy goes to
    AMBASSADOR = "ambassador"  # the noble sent (subject: the war)
    CAMPAIGN_TARGET = "campaign-target"  # the war a military campaign is fought in
    WAR_CONSENT = "war-consent"  # co-op: the King consents to a war (subject: the war)
    ARMY_COMMAND = "army-command"  # the noble who commands an army (subject: the war)
    FORTIFY = "fortify"  # the territory fortified
    EXPLORER = "explorer"  # who explores, with which rating
    EXPLORATION_ROUTE = "exploration-route"
    # Units
    UNIT_DESTINATION = "unit-destination"  # where a unit goes (subject: the unit kind)
    LEADER_DESTINATION = "leader-destination"  # where a leader goes (subject: the noble)
    MOVE_SOURCE = "move-source"  # where units move from
    MOVE_WHAT = "move-what"  # what moves (subject: the place it moves from)
    NEW_ARMY_UNITS = "new-army-units"  # units moved into a declared war's army (subject: war)
    REDEPLOY = "redeploy"  # a war over: its units redeployed (subject: the war)
    SP_LOSS = "sp-loss"  # the unit lost to the SP-loss symbol (subject: the war)
    BRAVE_REPEAT = "brave-repeat"  # a brave leader repeats a test (subject: the noble)
    LEADER_ARMY = "leader-army"  # the army a leader takes (subject: the noble)
    OLD_TERCIO = "old-tercio"  # exchange a Spanish tercio for an old tercio
    NATIONS_UPKEEP = "nations-upkeep"
    ALLIANCE_LOSS = "alliance-loss"  # what the monarchy gives up (Austrian Alliance)
    # Court and family
    FILL_POSITION = "fill-position"  # set-up: who takes a position (subject: the position)
    VACANCY = "vacancy"  # a noble from Court fills a vacancy (subject: the position)
    RETURN_TO_COURT = "return-to-court"  # a noble returns to Court or not (subject: him)
    VALIDO = "valido"  # appoint a new Valido or keep him
    QUEEN = "queen"
    MISTRESS = "mistress"
    HEIR = "heir"
    BASTARD_HEIR = "bastard-heir"
    LIBERTINE = "libertine"  # the libertine tested
    GENIUS_REMOVAL = "genius-removal"  # a genius removed (subject: the one arriving)
    COURT_PAINTER = "court-painter"
    DECK_REMOVAL = "deck-removal"  # a card removed from a deck (subject: noble/genius/lady)
    # Money and cards
    PAYMENT = "payment"  # pay for what a card offers (the "pay" option's meaning: its cost)
    BANKRUPTCY = "bankruptcy"  # how ducats owed are raised
    UNION_OF_ARMS = "union-of-arms"
    ENSIGN_NUN = "ensign-nun"
    MEMORIAL = "memorial"  # the Secret Memorial revealed


class Meaning(NamedTuple):
    """What an option does, for machines: the action, its target (an id), its cost in
    ducats."""

    action: str
    target: str | None = None
    cost: int = 0


class Option(NamedTuple):
    """One choice of a decision (a named tuple: rules build hundreds per turn)."""

    id: str  # stable, e.g. "action:royal:hunt", "target:war:france-italy", "done"
    label: str  # for people only: machines read the id and the meaning
    allowed: bool = True
    reason: str | None = None  # why an option shown is not allowed
    meaning: Meaning | None = None  # what it does, where a reader needs more than the id


# Option(...) with all five fields given, as ``new_full_option(Option, (id, label,
# allowed, reason, meaning))``: skips the wrapper that fills in defaults (rules build a
# thousand a game).
new_full_option: Callable[[type[Option], tuple[str, str, bool, str | None, Meaning | None]], Option]
new_full_option = tuple.__new__


def new_option(cls: type[Option], fields: tuple[str, str, bool, str | None]) -> Option:
    """Option(...) from its first four fields, without a meaning."""
    return new_full_option(cls, (*fields, None))


# Back, offered by the engine on every sub-menu: a decision that follows a choice of the
# same player in the same action, with no card or marker drawn since (Game.ask). It
# takes that choice back, so nothing it led to stays spent. It is a way through the
# menus, not a move: it is not among a decision's ``legal`` options, which are what
# bots, the advisor and the forecast choose from (so play is the same with or without
# it), and ``Game.choose`` takes it like any allowed option.
BACK_ID = "menu:back"
BACK = Option(BACK_ID, "Back", meaning=Meaning("back"))


# Not ``frozen``: a frozen dataclass's ``__init__`` is generated Python that sets each
# field through ``object.__setattr__``, and under the compiled build (scripts/
# compile_core.py) building a Decision that way cost some 5% of a greedy game's
# instructions. The ``__init__`` below compiles; the engine never edits a Decision it has
# asked (``unsafe_hash`` keeps the hash that ``frozen`` gave).
@dataclass(slots=True, unsafe_hash=True)
class Decision:
    role: Role
    prompt: str
    options: tuple[Option, ...]
    rule: str = ""  # rulebook heading the decision comes from
    cause: str = ""  # the card or action that asks
    # For a choice of action type: action id -> why it cannot be taken now (None: it
    # can), as the rules check them for this menu (readers need not check them again).
    checks: Mapping[str, str | None] | None = field(default=None, compare=False, repr=False)
    # The allowed options, when whoever asks has them at hand (else found on need).
    known_legal: tuple[Option, ...] | None = field(default=None, compare=False, repr=False)
    kind: DecisionKind = DecisionKind.OTHER
    subject: str | None = None  # the id of the card, war, position or unit concerned

    def __init__(
        self,
        role: Role,
        prompt: str,
        options: tuple[Option, ...],
        rule: str = "",
        cause: str = "",
        checks: Mapping[str, str | None] | None = None,
        known_legal: tuple[Option, ...] | None = None,
        kind: DecisionKind = DecisionKind.OTHER,
        subject: str | None = None,
    ) -> None:
        self.role = role
        self.prompt = prompt
        self.options = options
        self.rule = rule
        self.cause = cause
        self.checks = checks
        self.known_legal = known_legal
        self.kind = kind
        self.subject = subject

    @property
    def legal(self) -> tuple[Option, ...]:
        """The allowed options that play the game: Back (``BACK_ID``) is not one."""
        if self.known_legal is not None:
            return self.known_legal
        return tuple(o for o in self.options if o.allowed and o.id != BACK_ID)

    @property
    def back(self) -> Option | None:
        """The Back of a sub-menu (the last option), or None."""
        last = self.options[-1] if self.options else None
        return last if last is not None and last.id == BACK_ID else None

    def takes(self, option_id: str) -> bool:
        """Whether a person may choose ``option_id``: a legal option, or Back."""
        return any(o.id == option_id and o.allowed for o in self.options)

    @property
    def legal_ids(self) -> tuple[str, ...]:
        return tuple(o.id for o in self.legal)

    def option(self, option_id: str) -> Option:
        for o in self.options:
            if o.id == option_id:
                return o
        raise KeyError(option_id)


@dataclass(slots=True)
class Choices:
    """Options collected while building a decision (keeps rule code short)."""

    items: list[Option] = field(default_factory=list)

    def __init__(self, items: list[Option] | None = None) -> None:  # compiled: see Decision
        self.items = [] if items is None else items

    def add(
        self, oid: str, label: str, why_not: str | None = None, meaning: Meaning | None = None
    ) -> None:
        self.items.append(new_full_option(Option, (oid, label, why_not is None, why_not, meaning)))

    def __bool__(self) -> bool:
        return any(o.allowed for o in self.items)
