"""A game's history: the turn starts it keeps, and the fork and undo made from them.

Rule code is a suspended generator, which cannot be copied or stepped back: a fork
starts again from a copy of the last turn start (``TurnStart``; the Events phase keeps
one before each card it draws, too) and replays the choices made since; undo replays
every choice but the last. ``Game`` keeps the bookkeeping
(``Trace``) and offers both (``Game.fork``, ``Game.can_undo``, ``Game.undo``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from planet_king.engine import snapshot
from planet_king.engine.decisions import BACK_ID, IllegalChoice, Role
from planet_king.engine.log import LogEntry
from planet_king.engine.state import GameState, Stats

if TYPE_CHECKING:
    from planet_king.engine.game import Game


@dataclass(frozen=True, slots=True)
class TurnStart:
    """The game as it stood at the start of a turn, or before a card of its Events phase
    (no rule code pending there): what a fork copies instead of replaying the whole
    game."""

    turn: int
    choices: int  # choices made before it
    state: GameState  # a private copy, never played on
    rng: tuple[Any, ...]
    random_draws: int
    log_entries: int
    turn_digests: int
    seen_draws: int = 0  # a count read by differences (a resume point starts it at 0)
    # A point in the Events phase, before a card is drawn (``Game.mark_event_start``): a
    # fork resumes there, in the phase, and replays one card's choices, not the turn's.
    in_events: bool = False


@dataclass(frozen=True, slots=True)
class StartRecord:
    """The last turn start, serialised when it happened (what a save's snapshot holds):
    the game can be resumed there under other rules (planet_king.engine.resume)."""

    turn: int
    choices: int  # choices made before it
    state_text: str  # snapshot.to_text(snapshot.state_data(state)): the digest's input
    stats: Stats  # a private copy
    rng: tuple[Any, ...]
    random_draws: int
    log_entries: int
    turn_digests: int


@dataclass(frozen=True, slots=True)
class History:
    """What a game started from a turn start takes over from before it."""

    choices: list[str]
    log_entries: list[LogEntry]
    turn_digests: list[tuple[int, int, str]]
    draws_before_choice: list[int]
    caches: dict[str, Any] = field(default_factory=dict)
    # draws in sight before each choice (``Trace``); a resume point's are 0, as its count
    seen_before_choice: list[int] = field(default_factory=list)
    # Serialise the turn start for saves (a resumed game): not for a fork, which is
    # never saved and is made for every playout of the advisor.
    record_start: bool = False


@dataclass(slots=True)
class Trace:
    """Bookkeeping for undo and Back: how many random draws happened before each choice
    (``Game.random_draws``), and how many of them were in sight (``Game.seen_draws``)."""

    draws_before_choice: list[int] = field(default_factory=list)
    seen_before_choice: list[int] = field(default_factory=list)
    last_label: str = ""  # the last choice in words, for the undo's messages
    last_role: Role | None = None  # who made the last choice (a sub-menu's Back)


def counted(choices: Iterable[str]) -> list[str]:
    """The choices that make the position: each Back (``BACK_ID``) and the choice it
    took back left out."""
    kept: list[str] = []
    for choice in choices:
        if choice == BACK_ID:
            kept.pop()
        else:
            kept.append(choice)
    return kept


def record(game: Game, turn: int, turn_digests: int) -> StartRecord:
    """The position of ``game`` now, at the start of ``turn`` (whose digest is the
    ``turn_digests``-th), serialised."""
    return StartRecord(
        turn,
        len(game.choices),
        snapshot.to_text(snapshot.state_data(game.state)),
        game.state.stats.clone(),  # a private copy: serialised only when a save is written
        game.rng.getstate(),
        game.random_draws,
        len(game.log_entries),
        turn_digests,
    )


def kept(game: Game, *, in_events: bool = False) -> TurnStart:
    """The position of ``game`` now, where no rule code is pending (a turn start, or
    ``in_events`` before a card of the Events phase), kept for its forks."""
    return TurnStart(
        game.state.turn,
        len(game.choices),
        game.state.clone(),
        game.rng.getstate(),
        game.random_draws,
        len(game.log_entries),
        len(game.turn_digests),
        game.seen_draws,
        in_events=in_events,
    )


def history_of(game: Game) -> History:
    caches = dict(game.caches)
    # the caches are facts about the map, the same for every game of the content
    return History(
        game.choices,
        game.log_entries,
        game.turn_digests,
        game._trace.draws_before_choice,
        caches,
        seen_before_choice=game._trace.seen_before_choice,
    )


# ``type(game)`` below is ``Game``: game.py imports this module, not the other way round.
def fork(game: Game) -> Game:
    """A new game at the same position, to play on without touching this one.

    A running game cannot be copied (its rules are a suspended generator), so the
    fork starts from a copy of the last turn start and replays the choices made
    since; without turn starts (``keep_turn_starts``) it replays the whole game. It
    replays only the choices that count (a fork is never saved): a Back taken before
    costs nothing.
    """
    if not game.turn_starts and game.resumed_from is not None:
        return game.resumed_from.replay(game, game.choices)
    if not game.turn_starts:
        return type(game).replay(
            game.scenario.id,
            counted(game.choices),
            seed=game.seed,
            options=game.options,
            content=game.content,
        )
    start = game.turn_starts[-1]
    new = type(game)(
        game.scenario.id,
        seed=game.seed,
        options=game.options,
        content=game.content,
        _start=(start, history_of(game)),
    )
    # a fork of a resumed game starts from the same point: its own forks too
    new.resumed_from = game.resumed_from
    for choice in counted(game.choices[start.choices :]):  # no Back crosses a turn start
        new.choose(choice)
    return new


def can_undo(game: Game, *, learning: bool = False) -> str | None:
    """None if the last choice can be taken back, else the reason why not.

    Undo replays every choice but the last. By default it may not cross a card or
    marker drawn after the undone choice (no re-rolling fate, DESIGN 3); learning
    mode lifts that.
    """
    if not game.choices:
        return "there is nothing to undo: no choice has been made yet"
    base = game.resumed_from
    if base is not None and len(game.choices) <= base.start.choices:
        return (
            f"{_last_choice_named(game)} cannot be undone: the game was resumed after it, "
            f"at the "
            f"start of turn {base.start.turn}, from a save made under older rules"
        )
    # A card or marker in sight, not a hidden deck's shuffle: the End of Turn's (the cards
    # played go back face down) shows nothing, and undoing it re-rolls nothing seen.
    drawn = game.seen_draws - game._trace.seen_before_choice[-1]
    if drawn and not learning:
        what = "a card or marker was" if drawn == 1 else f"{drawn} cards or markers were"
        return (
            f"{_last_choice_named(game)} cannot be undone: {what} drawn after it, "
            "and undoing would re-roll fate (learning mode allows it)"
        )
    return None


def _last_choice_named(game: Game) -> str:
    label = game._trace.last_label
    return f"'{label}'" if label else "The last choice"


def undo(game: Game, *, learning: bool = False) -> Game:
    """The game replayed without its last choice; raises IllegalChoice if not allowed."""
    why = can_undo(game, learning=learning)
    if why is not None:
        raise IllegalChoice(why)
    crossed = game.seen_draws != game._trace.seen_before_choice[-1]
    if game.resumed_from is not None:
        new = game.resumed_from.replay(game, game.choices[:-1])
    else:
        new = type(game).replay(
            game.scenario.id,
            game.choices[:-1],
            seed=game.seed,
            options=game.options,
            content=game.content,
        )
    new.learning = game.learning or crossed
    new.role_names = game.role_names
    new.created = game.created
    new.game_id = game.game_id  # the same game (its saves' name)
    return new
