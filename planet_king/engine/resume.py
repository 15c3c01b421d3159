"""Resuming a game from a snapshot: a turn start and the history before it.

Rule code is a generator, so a game cannot be stored mid-turn; it can be restarted at
a turn start (the rules run from there, as ``Game.fork`` does), and the choices made
since are then replayed. A save holds such a snapshot (``planet_king.saves``): when the
rules have changed since it was made, its game resumes from the snapshot instead of
being replayed from the seed, whose replay would part from it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from planet_king.content.loader import Content
from planet_king.engine import snapshot
from planet_king.engine.game import Game, GameOptions
from planet_king.engine.history import History, TurnStart
from planet_king.engine.log import LogEntry
from planet_king.engine.state import GameState


@dataclass(frozen=True, slots=True)
class ResumePoint:
    """A turn start to resume from, with what came before it."""

    start: TurnStart
    history: History

    def replay(self, game: Game, choices: Sequence[str], *, keep_turn_starts: bool = False) -> Game:
        """A new game at this point (``game``'s), then ``choices`` (the whole list, those
        before the point included and skipped): undo and fork of a resumed game."""
        new = resume(
            game.scenario.id,
            self,
            seed=game.seed,
            options=game.options,
            content=game.content,
            keep_turn_starts=keep_turn_starts,
        )
        for choice in choices[self.start.choices :]:
            new.choose(choice)
        return new


def point(
    *,
    turn: int,
    state: GameState,
    rng: tuple[Any, ...],
    random_draws: int,
    choices: Sequence[str],
    log: Sequence[LogEntry],
    turn_digests: Sequence[tuple[int, int, str]],
) -> ResumePoint:
    """The resume point of a game at the start of ``turn``: ``choices``, ``log`` and
    ``turn_digests`` are those made up to it (its own turn digest included)."""
    start = TurnStart(turn, len(choices), state, rng, random_draws, len(log), len(turn_digests))
    history = History(
        list(choices),
        list(log),
        [tuple(t) for t in turn_digests],  # type: ignore[misc]
        # undo never crosses the point (Game.can_undo), so the draws before each
        # earlier choice are not needed
        [random_draws] * len(choices),
        record_start=True,
        seen_before_choice=[0] * len(choices),
    )
    return ResumePoint(start, history)


def resume(
    scenario: str,
    at: ResumePoint,
    *,
    seed: int,
    options: GameOptions,
    content: Content,
    keep_turn_starts: bool = False,
) -> Game:
    """A game at ``at``, its rules running from that turn start (raises what ``Game``
    raises for a bad scenario or options). ``keep_turn_starts``: as ``Game``'s, for
    cheap forks of the turns that start from here."""
    game = Game(
        scenario,
        seed=seed,
        options=options,
        content=content,
        keep_turn_starts=keep_turn_starts,
        _start=(at.start, at.history),
    )
    game.resumed_from = at
    return game


def replay_from(game: Game, choices: Sequence[str], *, keep_turn_starts: bool = False) -> Game:
    """A new game at ``game``'s resume point, then ``choices`` (the whole list, those
    before the point included and skipped): undo and fork of a resumed game. Raises
    ValueError for a list that stops before the point (the game cannot go back there)."""
    at = game.resumed_from
    if at is None:
        raise ValueError("the game was not resumed from a snapshot: replay it from its seed")
    if len(choices) < at.start.choices:
        raise ValueError(
            f"the game resumed from a snapshot after choice {at.start.choices} (a save of "
            f"older rules): it cannot be taken back to choice {len(choices)}"
        )
    return at.replay(game, choices, keep_turn_starts=keep_turn_starts)


def from_start(
    game: Game, choices: Sequence[str] | None = None, *, keep_turn_starts: bool = False
) -> Game:
    """A new game from ``game``'s actual start, then ``choices`` (default: its own): its
    resume point if it was resumed from a snapshot (its choices before it no longer
    replay from the seed), else its seed."""
    chosen = game.choices if choices is None else choices
    if game.resumed_from is not None:
        return replay_from(game, chosen, keep_turn_starts=keep_turn_starts)
    return Game.replay(
        game.scenario.id,
        chosen,
        seed=game.seed,
        options=game.options,
        content=game.content,
        keep_turn_starts=keep_turn_starts,
    )


def follow(root: Game | None, game: Game) -> Game:
    """A copy of ``game`` that keeps its turn starts: ``root`` (such a copy made earlier)
    brought up to date with the choices made since, when ``game`` went on from it; else a
    new copy from the game's actual start. Bots that fork the position at every decision
    keep one this way instead of replaying the game each time."""
    n = len(root.choices) if root is not None else 0
    if (
        root is None
        or root.seed != game.seed
        or root.scenario.id != game.scenario.id
        or root.options != game.options
        or root.content is not game.content
        or root.resumed_from is not game.resumed_from
        or game.choices[:n] != root.choices
    ):
        return from_start(game, keep_turn_starts=True)
    for choice in game.choices[n:]:
        root.choose(choice)
    return root


# ------------------------------------------------------- a resume point as JSON data
def point_data(at: ResumePoint) -> dict[str, Any]:
    """The resume point as JSON data, for another process (the advisor's workers):
    ``point_from_data`` gives it back."""
    start, history = at.start, at.history
    version, internal, gauss = start.rng
    return {
        "turn": start.turn,
        "state": snapshot.state_data(start.state),
        "stats": snapshot.stats_data(start.state.stats),
        "rng": [version, list(internal), gauss],
        "random_draws": start.random_draws,
        "choices": list(history.choices[: start.choices]),
        "log": [list(e) for e in history.log_entries[: start.log_entries]],
        "turn_digests": [list(t) for t in history.turn_digests[: start.turn_digests]],
    }


def point_from_data(data: dict[str, Any]) -> ResumePoint:
    """The resume point ``point_data`` wrote (data of this program's, not a user's)."""
    version, internal, gauss = data["rng"]
    return point(
        turn=data["turn"],
        state=snapshot.state_from_data(data["state"], data["stats"]),
        rng=(version, tuple(internal), gauss),
        random_draws=data["random_draws"],
        choices=data["choices"],
        log=[LogEntry(*e) for e in data["log"]],
        turn_digests=[(t, n, d) for t, n, d in data["turn_digests"]],
    )
