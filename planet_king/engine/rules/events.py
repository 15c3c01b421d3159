"""Event cards played as events: the registry of effects, keyed by the data's ``effect``."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from planet_king.engine.decisions import RuleNotImplemented
from planet_king.engine.rules import actions, court, economy, wars

if TYPE_CHECKING:
    from planet_king.content.models import EventCard
    from planet_king.engine.game import Game, Rules

Effect = Callable[["Game", "EventCard"], "Rules"]
EFFECTS: dict[str, Effect] = {}


def effect(key: str) -> Callable[[Effect], Effect]:
    def wrap(fn: Effect) -> Effect:
        EFFECTS[key] = fn
        return fn

    return wrap


def play_event(g: Game, card_id: str) -> Rules:
    """Resolve one card drawn as an event, then discard it (or remove it: flame)."""
    s = g.state
    card = g.event(card_id)
    s.stats.events_played[card_id] += 1
    g.log(f"Event: {card.name}.", rule="Events Phase / Overview", cause=card.name)
    fn = EFFECTS.get(card.effect)
    if fn is None:
        raise RuleNotImplemented("Events", f"the effect '{card.effect}' of {card.name}")
    yield from fn(g, card)
    if card.one_use:
        s.removed_events.append(card_id)
        g.log(
            f"{card.name} is a single-use card: it is removed from the game.",
            rule="Events / (single-use cards)",
            cause=card.name,
        )
    else:
        s.discard.append(card_id)
    for other in card.removes:
        if other not in s.pending_removals:
            s.pending_removals.append(other)


@effect("war")
def _war(g: Game, card: EventCard) -> Rules:
    yield from wars.war_event(g, card)


@effect("total-war")
def _total_war(g: Game, card: EventCard) -> Rules:
    yield from wars.total_war(g, card)


@effect("action")
def _action(g: Game, card: EventCard) -> Rules:
    yield from actions.action_card(g, card)


@effect("ducats")
def _ducats(g: Game, card: EventCard) -> Rules:
    amount = int(card.params["amount"])
    if amount >= 0:
        g.gain(amount, f"event:{card.id}", rule="Events", cause=card.name)
    else:
        yield from economy.pay(g, -amount, f"event:{card.id}", cause=card.name, rule="Events")


@effect("happiness")
def _happiness(g: Game, card: EventCard) -> Rules:
    g.add_happiness(int(card.params["amount"]), card.name, rule="Events")
    return
    yield  # pragma: no cover


@effect("prestige")
def _prestige(g: Game, card: EventCard) -> Rules:
    g.add_prestige(int(card.params["amount"]), card.name, rule="Events")
    return
    yield  # pragma: no cover


RULE_INSTABILITY = "Events / Instability"


@effect("instability")
def _instability(g: Game, card: EventCard) -> Rules:
    """Lose a ducat; a random notable in play is removed, unless charismatic."""
    yield from economy.pay(g, 1, f"event:{card.id}", cause=card.name, rule=RULE_INSTABILITY)
    nid = court.draw_notable(g, rule=RULE_INSTABILITY, cause=card.name)
    if nid is None:
        return
    if court.has_trait(g, nid, "charismatic"):
        g.log(
            f"{g.name(nid)} is charismatic and immune to Instability.",
            rule=RULE_INSTABILITY,
            cause=card.name,
        )
        return
    yield from court.remove_from_game(g, nid, card.name, rule=RULE_INSTABILITY)


@effect("twilight-of-life")
def _twilight(g: Game, card: EventCard) -> Rules:
    """A random notable in play (not in exile) dies; vacancies are filled at once."""
    rule = "Events / The Twilight of Life"
    nid = court.draw_notable(g, rule=rule, cause=card.name)
    if nid is None:
        return
    yield from court.remove_from_game(g, nid, card.name, rule=rule)
