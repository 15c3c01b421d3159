"""The one protocol between the rules and whoever plays: a Decision with its Options."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import NamedTuple


class Role(StrEnum):
    """Who makes a decision. In solo play one person holds both roles."""

    KING = "king"
    VALIDO = "valido"


class Option(NamedTuple):
    """One choice of a decision (a named tuple: rules build hundreds per turn)."""

    id: str  # stable, e.g. "action:royal:hunt", "target:war:france-italy", "done"
    label: str
    allowed: bool = True
    reason: str | None = None  # why an option shown is not allowed


# Option(...) with all four fields given, as ``new_option(Option, (id, label, allowed,
# reason))``: skips the wrapper that fills in defaults (rules build a thousand a game).
new_option: Callable[[type[Option], tuple[str, str, bool, str | None]], Option]
new_option = tuple.__new__  # type: ignore[assignment]


@dataclass(frozen=True, slots=True)
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

    @property
    def legal(self) -> tuple[Option, ...]:
        if self.known_legal is not None:
            return self.known_legal
        return tuple(o for o in self.options if o.allowed)

    @property
    def legal_ids(self) -> tuple[str, ...]:
        return tuple(o.id for o in self.legal)

    def option(self, option_id: str) -> Option:
        for o in self.options:
            if o.id == option_id:
                return o
        raise KeyError(option_id)


class IllegalChoice(ValueError):
    """A choice that is not among the legal options of the pending decision."""


class RuleNotImplemented(RuntimeError):
    """A rule the engine does not implement yet: never silently skipped."""

    def __init__(self, rule: str, what: str) -> None:
        super().__init__(f"not implemented yet: {what} (rule: {rule})")
        self.rule = rule


@dataclass(slots=True)
class Choices:
    """Options collected while building a decision (keeps rule code short)."""

    items: list[Option] = field(default_factory=list)

    def add(self, oid: str, label: str, why_not: str | None = None) -> None:
        self.items.append(new_option(Option, (oid, label, why_not is None, why_not)))

    def __bool__(self) -> bool:
        return any(o.allowed for o in self.items)
