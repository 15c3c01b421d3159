"""Stacked decks: a named stack fixes the order of cards and markers a game draws.

A stack is content (``data/stacks/<name>.yaml``) and part of what defines a game: its
name is a game option, saved and replayed like the others. It never replaces the one
seeded RNG: the decks are still shuffled and the cups still drawn by it; the stack only
says which card or marker comes out next, as a player who has arranged the decks by hand
would draw it. It holds:

- ``events``: the draws from the event deck in order, event cards and fortune tests alike
  (a card may appear twice: once drawn, it can come back with a reshuffle);
- ``nobles`` / ``geniuses``: the first cards drawn from those decks;
- ``picks``: for a cup (``notables``, ``heirs``, ``enemy leaders``...), its next markers;
- ``script``: the choices the stack was made for. A game that makes another choice leaves
  the stack: from there on every draw is the shuffled decks' own (the log says so). So is
  a game past the stack's ``last_turn`` (ruling R71).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from planet_king.engine.stack_files import UnknownStack, load

if TYPE_CHECKING:
    from planet_king.engine.game import Game

# Stacking is not a rule of the game: its log lines cite the set-up of the decks.
RULE = "Setup / Cards"
DECKS = {"events": "deck", "nobles": "noble_deck", "geniuses": "genius_deck"}


@dataclass(slots=True)
class Stacked:
    """What is left of a stack in a game in progress (part of its state)."""

    name: str
    last_turn: int
    queues: dict[str, list[str]] = field(default_factory=dict)  # events, nobles, geniuses
    picks: dict[str, list[str]] = field(default_factory=dict)
    script: list[str] = field(default_factory=list)  # choices still expected, next first
    scripted: bool = False  # a stack without a script is never left by a choice

    def clone(self) -> Stacked:
        return Stacked(
            self.name,
            self.last_turn,
            {which: list(cards) for which, cards in self.queues.items()},
            {cup: list(values) for cup, values in self.picks.items()},
            list(self.script),
            self.scripted,
        )


def start(g: Game) -> Stacked | None:
    """The stack named by the game's options, ready to be drawn from."""
    name = g.options.stack
    if not name:
        return None
    stack = load(g.content, name)
    if stack.scenario != g.scenario.id:
        raise UnknownStack(
            f"stack '{name}' is for the scenario '{stack.scenario}', not '{g.scenario.id}'"
        )
    return Stacked(
        name,
        stack.last_turn,
        {which: list(getattr(stack, which)) for which in DECKS},
        {cup: list(values) for cup, values in stack.picks.items()},
        list(stack.script),
        bool(stack.script),
    )


def release(g: Game, why: str, *, phase: str = "") -> None:
    s = g.state
    if s.stacked is None:
        return
    s.stacked = None
    g.log(f"The decks are no longer stacked: {why}.", rule=RULE, phase=phase)


def past_last_turn(g: Game, *, phase: str = "") -> None:
    """Leave the stack once the game is past its last turn (``phase``: the log line's
    phase, when the state's is still the turn before's)."""
    s = g.state
    if s.stacked is not None and s.turn > s.stacked.last_turn:
        release(g, f"the stack covers turns up to {s.stacked.last_turn}", phase=phase)


def _live(g: Game) -> Stacked | None:
    past_last_turn(g)
    return g.state.stacked


def draw(g: Game, which: str) -> str:
    """Take the next card of a deck (``events``, ``nobles`` or ``geniuses``): its top
    card, or in a stacked game the next stacked card, wherever the shuffle put it."""
    deck: list[str] = getattr(g.state, DECKS[which])
    stacked = _live(g)
    queue = stacked.queues.get(which) if stacked else None
    if queue:
        if queue[0] in deck:
            card = queue.pop(0)
            deck.remove(card)
            return card
        release(g, f"the stacked card '{queue[0]}' is not in the {which} deck")
    return deck.pop()


def pick(g: Game, cup: str, items: list[str], drawn: str) -> str:
    """The marker drawn from a cup: ``drawn`` (the RNG's), or the next stacked one."""
    stacked = _live(g)
    queue = stacked.picks.get(cup) if stacked else None
    if queue:
        if queue[0] in items:
            return queue.pop(0)
        release(g, f"the stacked marker '{queue[0]}' is not in the {cup} cup")
    return drawn


def follow(g: Game, option_id: str) -> None:
    """Before a choice is taken: a choice off the stack's script ends the stack."""
    stacked = g.state.stacked
    if stacked is None or not stacked.scripted:
        return
    if not stacked.script:
        release(g, f"'{option_id}' is past the choices the stack was prepared for")
    elif stacked.script[0] != option_id:
        expected = stacked.script[0]
        release(g, f"'{option_id}' was chosen where the prepared game chose '{expected}'")
    else:
        stacked.script.pop(0)
