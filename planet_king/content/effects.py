"""The effects an event card's data may name (``effect``), with the ``params`` each reads.

This is the vocabulary the data is checked against (``loader``): a card naming another
effect, lacking a parameter its effect needs, naming one its effect never reads or
giving one the wrong type is refused, so a parameter in the data is never silently
ignored. The rule code (``planet_king.engine.rules.events``) implements exactly these
effects, and checks so when it is imported; the content never imports the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

ParamTypes = Mapping[str, type]


@dataclass(frozen=True, slots=True)
class EffectParams:
    """The parameters an effect reads: those it ``needs`` and those it ``may`` read."""

    needs: ParamTypes = field(default_factory=dict)
    may: ParamTypes = field(default_factory=dict)


# What a war card's ``params`` may add to its ``power``.
WAR_CARD_PARAMS: ParamTypes = {
    "strength": int,
    "palatinate": int,
    "declaration_tests": int,
    "declare_on_neutral": bool,
}

EFFECTS: Mapping[str, EffectParams] = {
    # Events (engine/rules/events.py)
    "war": EffectParams(needs={"power": str}, may=WAR_CARD_PARAMS),
    "total-war": EffectParams(),
    "action": EffectParams(),
    "ducats": EffectParams(needs={"amount": int}),
    "happiness": EffectParams(needs={"amount": int}),
    "prestige": EffectParams(needs={"amount": int}),
    "instability": EffectParams(),
    "twilight-of-life": EffectParams(),
    "corrales-and-brothels": EffectParams(),
    "beaten-to-a-pulp": EffectParams(),
    "extra-royal-action": EffectParams(may={"amount": int}),
    "corsairs-of-dunkirk": EffectParams(needs={"power": str, "strength": int}),
    "mercenaries": EffectParams(),
    "corruption": EffectParams(),
    "spanish-road": EffectParams(may={"cost": int}),
    "uprising": EffectParams(),
    "traitor": EffectParams(),
    "conspiracy-of-nobles": EffectParams(may={"war": str}),
    "his-majesty-the-king": EffectParams(),
    "diplomacy": EffectParams(),
    # The Court's events (engine/rules/court_events.py)
    "patron": EffectParams(),
    "spanish-golden-age": EffectParams(needs={"threshold": int, "vp": int}),
    "indies-fleet": EffectParams(),
    "manila-galleon": EffectParams(),
    "fall-from-grace": EffectParams(),
    "rivalry": EffectParams(),
    "libertines": EffectParams(),
    "royal-marriage": EffectParams(),
    "union-of-arms": EffectParams(may={"ducats": int}),
    "ensign-nun": EffectParams(may={"military": int}),
    "construction": EffectParams(),
    # War events (engine/rules/war_events.py)
    "palatinate-move": EffectParams(may={"strength": int, "palatinate": int, "cost": int}),
    "austrian-alliance": EffectParams(),
    "guerra-dels-segadors": EffectParams(needs={"power": str}),
    "the-fronde": EffectParams(),
    "old-tercio": EffectParams(may={"cost": int}),
    "storms": EffectParams(),
    "raid": EffectParams(may={"war": str}),
    "counter-armada": EffectParams(),
    "pirates": EffectParams(),
}
EFFECT_NAMES = frozenset(EFFECTS)
