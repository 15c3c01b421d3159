"""The registry of event effects: the rule code of each effect the content declares
(``planet_king.content.effects``). ``events.py`` plays a card through it; the effects
register themselves from ``events.py``, ``court_events.py`` and ``war_events.py``."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from planet_king.content.effects import EFFECT_NAMES

if TYPE_CHECKING:
    from planet_king.content.models import EventCard
    from planet_king.engine.game import Game, Rules

Effect = Callable[["Game", "EventCard"], "Rules"]
# Returned by an effect whose condition is not met: the card is "discarded without being
# played" (l.267), so a single-use card stays in the game and its red text does not act
# (ruling R103).
UNPLAYED = "unplayed"
EFFECTS: dict[str, Effect] = {}


def effect(key: str) -> Callable[[Effect], Effect]:
    """Register the rule code of the data's ``effect: key``: one of the effects the
    content declares (``planet_king.content.effects``, with the ``params`` each reads)."""
    if key not in EFFECT_NAMES:
        raise ValueError(f"effect '{key}' is not declared in planet_king/content/effects.py")

    def wrap(fn: Effect) -> Effect:
        EFFECTS[key] = fn
        return fn

    return wrap


def effects_mismatch(implemented: Iterable[str], declared: Iterable[str]) -> str | None:
    """Why the rule code's effects are not exactly those the content declares, or None."""
    have, want = set(implemented), set(declared)
    problems = []
    if want - have:
        problems.append(f"declared without rule code: {', '.join(sorted(want - have))}")
    if have - want:
        problems.append(f"rule code for undeclared effects: {', '.join(sorted(have - want))}")
    return "; ".join(problems) or None
