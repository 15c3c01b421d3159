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
from planet_king.engine.game import Game, GameOptions, History, TurnStart
from planet_king.engine.log import LogEntry
from planet_king.engine.state import GameState


@dataclass(frozen=True, slots=True)
class ResumePoint:
    """A turn start to resume from, with what came before it."""

    start: TurnStart
    history: History

    def replay(self, game: Game, choices: Sequence[str]) -> Game:
        """A new game at this point (``game``'s), then ``choices`` (the whole list, those
        before the point included and skipped): undo and fork of a resumed game."""
        new = resume(
            game.scenario.id, self, seed=game.seed, options=game.options, content=game.content
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
    )
    return ResumePoint(start, history)


def resume(
    scenario: str,
    at: ResumePoint,
    *,
    seed: int,
    options: GameOptions,
    content: Content,
) -> Game:
    """A game at ``at``, its rules running from that turn start (raises what ``Game``
    raises for a bad scenario or options)."""
    game = Game(
        scenario, seed=seed, options=options, content=content, _start=(at.start, at.history)
    )
    game.resumed_from = at
    return game
