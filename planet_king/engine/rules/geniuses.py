"""Geniuses at Court: nomination, removal, the Court painter, the genius limit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from planet_king.engine.decisions import Choices, DecisionKind, Role

if TYPE_CHECKING:
    from planet_king.engine.game import Game, Rules

RULE_GENIUS = "Actions / Royal Actions (Nominate/Remove Genius)"
RULE_PAINTER = "Actions / Royal Actions (Appoint Court Painter)"


def at_court(g: Game) -> list[str]:
    return [x for x in g.state.court_geniuses if x is not None]


def free_slot(g: Game) -> int | None:
    for i, x in enumerate(g.state.court_geniuses):
        if x is None:
            return i
    return None


def remove_genius(g: Game, gid: str, cause: str, rule: str) -> None:
    s = g.state
    s.court_geniuses[s.court_geniuses.index(gid)] = None
    if s.court_painter == gid:
        s.court_painter = None
    s.removed_notables.append(gid)
    g.log(f"{g.name(gid)} is removed from the game ({cause}).", rule=rule, cause=cause)


def draw_to_court(g: Game, cause: str, *, rule: str) -> str | None:
    """The top genius comes to Court, if a place is free; returns the genius."""
    s = g.state
    slot = free_slot(g)
    if not s.genius_deck or slot is None:
        return None
    gid = g.draw("geniuses")
    g.random_draws += 1
    g.seen_draws += 1
    s.court_geniuses[slot] = gid
    card = g.content.geniuses[gid]
    g.log(f"{card.name} ({card.art}, {card.enlightenment}) comes to Court.", rule=rule, cause=cause)
    return gid


def nominate(g: Game, cause: str) -> Rules:
    """Draw the top genius to Court; the player may remove a genius; one must go if the
    Court holds five."""
    s = g.state
    gid = g.draw("geniuses")
    g.random_draws += 1
    g.seen_draws += 1
    card = g.content.geniuses[gid]
    g.log(
        f"{card.name} ({card.art}, {card.enlightenment}) is drawn from the genius deck.",
        rule=RULE_GENIUS,
        cause=cause,
    )
    slot = free_slot(g)
    crowd = [*at_court(g), gid]
    if slot is not None:
        s.court_geniuses[slot] = gid
    opts = Choices()
    if slot is not None:
        opts.add("keep", "Remove no genius")
    for x in crowd:
        c = g.content.geniuses[x]
        opts.add(f"remove:{x}", f"Remove {c.name} ({c.art}, {c.enlightenment})")
    prompt = "Four geniuses at most: remove one" if slot is None else "Remove a genius?"
    choice = yield from g.ask(
        prompt,
        opts,
        role=Role.KING,
        rule=RULE_GENIUS,
        cause=cause,
        kind=DecisionKind.GENIUS_REMOVAL,
        subject=gid,
    )
    if choice == "keep":
        return
    victim = choice.partition(":")[2]
    if slot is None and victim == gid:
        s.removed_notables.append(gid)
        g.log(f"{card.name} is removed from the game.", rule=RULE_GENIUS, cause=cause)
        return
    remove_genius(g, victim, cause, RULE_GENIUS)
    if slot is None:
        s.court_geniuses[s.court_geniuses.index(None)] = gid


def painters(g: Game) -> list[str]:
    """Painters at Court with at least 2 enlightenment points, not already the painter."""
    return [
        x
        for x in at_court(g)
        if g.content.geniuses[x].art == "painting"
        and g.content.geniuses[x].enlightenment >= 2
        and x != g.state.court_painter
    ]


def appoint_painter(g: Game, cause: str) -> Rules:
    opts = Choices()
    for x in painters(g):
        opts.add(f"painter:{x}", g.name(x))
    gid = (
        yield from g.ask(
            "Appoint which painter Court painter?",
            opts,
            kind=DecisionKind.COURT_PAINTER,
            role=Role.KING,
            rule=RULE_PAINTER,
            cause=cause,
        )
    ).partition(":")[2]
    g.state.court_painter = gid
    g.log(f"{g.name(gid)} is the Court painter.", rule=RULE_PAINTER, cause=cause)
