"""What a decision is about, read off its kind and subject (never its words, which are
for people: they may be reworded or translated)."""

from __future__ import annotations

from planet_king.engine.decisions import Decision, DecisionKind
from planet_king.engine.game import Game

# Decisions that fill a position, named by their subject ("army:<war>", "office:<id>").
SEATS = (DecisionKind.FILL_POSITION, DecisionKind.VACANCY)
# Decisions whose subject is a war.
ABOUT_A_WAR = (DecisionKind.SP_LOSS, DecisionKind.NEW_ARMY_UNITS)


def army_of(d: Decision) -> str | None:
    """The war whose army a decision gives a commander, if it gives one one."""
    if d.kind is DecisionKind.ARMY_COMMAND:
        return d.subject
    if d.kind in SEATS and d.subject is not None and d.subject.startswith("army:"):
        return d.subject[5:]
    return None


def seat_of(d: Decision) -> str | None:
    """The position a decision fills, if it fills one."""
    return d.subject if d.kind in SEATS else None


def active_war(g: Game, d: Decision) -> str | None:
    """The war a decision is about (an army's command, its losses, its new army), if
    that war is being fought."""
    war = army_of(d) or (d.subject if d.kind in ABOUT_A_WAR else None)
    if war is not None and g.state.wars[war].active:
        return war
    return None


def payment(d: Decision) -> int:
    """What the first option costs (the one that pays), 1 if it does not say."""
    meaning = d.options[0].meaning if d.options else None
    return meaning.cost if meaning is not None else 1
