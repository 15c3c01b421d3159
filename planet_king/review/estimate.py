"""Valuing positions and options, with standard errors.

A position's value is the advisor's utility (the victory level, plus 0.01 per VP) the
learned evaluator (``planet_king.evaluator``) expects under expert play: it was fitted to
how expert games end from positions at every decision, so it is an estimate of the
value to come wherever it is read.

Two measures, for two questions:

- **Luck** needs the value before and after a draw. Before: the option taken on forks of
  the game whose unknown fate is re-sampled (a new RNG, the hidden decks re-shuffled, a
  stacked deck's order forgotten), each valued as it stands at the next decision (one
  ply); the mean over the fates is what was expected. After: the value of the position
  the draw actually made.
- **Decisions** need a finer judge than one ply of the evaluator, which in the middle of
  a turn prefers what goes with good endings, not what causes them (see
  ``bots/evaluator_bot``). The best option is *picked* by playing each option on: on a
  fork with its fate re-sampled, the expert bot plays to the start of the next turn,
  where the evaluator values it (options compared on the same fates: common random
  numbers). Even there the evaluator can be wrong about a whole turn's worth of play
  (it took "end the actions now" for 0.9 better where playing to the end found no
  difference), so a gap that looks real is *checked*: the two options are played to the
  game's end by the expert on fresh fates, and the utility reached, exact, measures it.
  A quick review picks with one ply of the evaluator and checks only the largest gaps.
"""

from __future__ import annotations

from dataclasses import dataclass

from planet_king.bots.evaluator_bot import resample_hidden
from planet_king.bots.expert import ExpertBot
from planet_king.engine.game import Game
from planet_king.evaluator.model import Evaluator

# The fates' seeds owe nothing to the game's own: a review is reproducible.
FATE_BASE = 0x5E71E


@dataclass(frozen=True)
class Settings:
    """How hard the review looks."""

    name: str
    luck_fates: int  # re-sampled draws for what a choice was expected to bring
    pick_fates: int  # play-ons to the next turn that pick the best option (0: one ply)
    check_fates: int  # fresh playouts to the end that measure its gap to the choice made
    most_checks: int | None = None  # check only the largest gaps picked (None: all)


FULL = Settings("full", luck_fates=8, pick_fates=4, check_fates=8)
QUICK = Settings("quick", luck_fates=4, pick_fates=0, check_fates=6, most_checks=10)


def fate_seed(step: int, k: int) -> int:
    return FATE_BASE + 104729 * step + 7919 * k


def unknown_fate(game: Game, seed: int) -> None:
    """What the player cannot know, re-sampled: the RNG, the hidden decks' order, and a
    stacked deck's arrangement (the player did not choose the cards' order)."""
    resample_hidden(game, seed)
    game.state.stacked = None


class Estimator:
    """Values positions and options of one game (forked from the game walked)."""

    def __init__(self, evaluator: Evaluator, settings: Settings) -> None:
        self.evaluator = evaluator
        self.settings = settings
        self.forks = 0

    def value(self, g: Game) -> float:
        return self.evaluator.predict(g).value

    def _fork(self, root: Game, seed: int) -> Game:
        trial = root.fork()
        trial.quiet = True
        unknown_fate(trial, seed)
        self.forks += 1
        return trial

    def one_ply(self, root: Game, option: str, step: int, fates: int) -> list[float]:
        """The value at the next decision after ``option``, each fate (one fork in all
        when the option draws nothing in sight: every fate is the same, as a hidden
        deck's new order shows only when a card is drawn from it)."""
        out: list[float] = []
        for k in range(fates):
            trial = self._fork(root, fate_seed(step, k))
            before = trial.seen_draws
            trial.choose(option)
            out.append(self.value(trial))
            if k == 0 and trial.seen_draws == before:
                return out * fates
        return out

    def play_on(self, root: Game, option: str, seed: int, *, to_end: bool = False) -> float:
        """``option`` taken, then the expert plays to the next turn's start (or to the
        game's end)."""
        turn = root.state.turn
        trial = self._fork(root, seed)
        trial.choose(option)
        bot = ExpertBot(seed)
        while trial.decision is not None and (to_end or trial.state.turn == turn):
            trial.choose(bot.choose(trial))
        return self.value(trial)

    def played_on(
        self, root: Game, options: tuple[str, ...], step: int, first: int, fates: int
    ) -> dict[str, list[float]]:
        """Each option played on to the next turn, on fates ``first`` to
        ``first + fates - 1``."""
        return {
            o: [self.play_on(root, o, fate_seed(step, first + k)) for k in range(fates)]
            for o in options
        }

    def played_out(
        self, root: Game, options: tuple[str, ...], step: int, first: int, fates: int
    ) -> dict[str, list[float]]:
        """Each option played to the game's end, on fates ``first`` onwards."""
        return {
            o: [
                self.play_on(root, o, fate_seed(step, first + k), to_end=True) for k in range(fates)
            ]
            for o in options
        }
