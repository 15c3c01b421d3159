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

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict

from planet_king.content.loader import DataError, read_model

if TYPE_CHECKING:
    from planet_king.content.loader import Content
    from planet_king.engine.game import Game

# Stacking is not a rule of the game: its log lines cite the set-up of the decks.
RULE = "Setup / Cards"
DECKS = {"events": "deck", "nobles": "noble_deck", "geniuses": "genius_deck"}


class UnknownStack(ValueError):
    pass


class StackFile(BaseModel):
    """``data/stacks/<id>.yaml``, validated like the cards."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    scenario: str
    description: str
    source: str  # where the order comes from (e.g. "rulebook: Example First Game Turn")
    last_turn: int = 1
    events: tuple[str, ...] = ()
    nobles: tuple[str, ...] = ()
    geniuses: tuple[str, ...] = ()
    picks: dict[str, tuple[str, ...]] = {}
    script: tuple[str, ...] = ()


@dataclass(slots=True)
class Stacked:
    """What is left of a stack in a game in progress (part of its state)."""

    name: str
    last_turn: int
    queues: dict[str, list[str]] = field(default_factory=dict)  # events, nobles, geniuses
    picks: dict[str, list[str]] = field(default_factory=dict)
    script: list[str] = field(default_factory=list)  # choices still expected, next first
    scripted: bool = False  # a stack without a script is never left by a choice


# A stack is named, never given as a path: lower-case words joined by dashes, as the
# files of data/stacks are (a save naming "../../elsewhere" must not reach outside it).
STACK_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
MAX_STACK_NAME = 64


def is_stack_name(name: str) -> bool:
    return len(name) <= MAX_STACK_NAME and STACK_NAME.fullmatch(name) is not None


def stacks_dir(content: Content) -> Path:
    return content.data_dir / "stacks"


def available(content: Content) -> list[str]:
    return sorted(p.stem for p in stacks_dir(content).glob("*.yaml"))


@lru_cache(maxsize=16)
def _load(path: Path) -> StackFile:
    return read_model(path, StackFile)


def load(content: Content, name: str) -> StackFile:
    """The stack called ``name``, checked against the content; UnknownStack if none."""
    if not is_stack_name(name):
        shown = repr(name[:40] + ("…" if len(name) > 40 else ""))
        raise UnknownStack(
            f"{shown} is not a stack name (lower-case letters, digits and dashes, "
            f"at most {MAX_STACK_NAME}: a stack of data/stacks, never a path)"
        )
    path = stacks_dir(content) / f"{name}.yaml"
    if not path.is_file():
        known = ", ".join(available(content)) or "none"
        raise UnknownStack(f"unknown stack '{name}' (known: {known})")
    stack = _load(path)
    if stack.id != name:
        raise DataError(f"{path}: field 'id': '{stack.id}' should be '{name}'")
    tables: dict[str, Mapping[str, object]] = {
        "events": content.events,
        "nobles": content.nobles,
        "geniuses": content.geniuses,
    }
    for which, table in tables.items():
        for cid in getattr(stack, which):
            if cid not in table:
                raise DataError(f"{path}: field '{which}': unknown card '{cid}'")
    return stack


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
