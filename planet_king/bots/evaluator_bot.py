"""The evaluator bot (``--bot evaluator``): one ply of look-ahead with the learned
evaluator, no playouts.

At each decision with two options or more it takes every legal option on a copy of the
game and values the position it leads to with the evaluator (``planet_king.evaluator``):
the chance of each victory level and the expected utility, in microseconds. What the
player cannot know is re-sampled first (a new RNG, the hidden decks re-shuffled), with
the same fate for every option (common random numbers), so an option that draws a card
is valued on a card the bot could not have foreseen.

Many decisions change nothing on the board by themselves (the choice of an action type
opens a menu; "back" closes it): their options lead to the same position and the same
value. There, and wherever the expert's own choice is as good as the best, the expert's
choice stands; the bot asks the expert at every decision, so the two play the same game
until the evaluator first prefers another option.

It reads only what a player sees: the copies' hidden orders are shuffled before any
option is taken.

Measured against the expert alone, paired on the games of master seed 2 (utility, the
level first and 0.01 per VP; ± the 95% interval): Hothead -0.23 ± 0.09 (200 games),
Iupiter Hispano -0.51 ± 0.16 (200), Anni Mirabiles -1.64 ± 0.37 (60), Anni Horribiles
-1.53 ± 0.58 (40), The Planet King -0.91 ± 0.76 (16). One ply of a model fitted to how
expert games end prefers what goes with good endings under the expert's play (most
overrides end an action phase early with "done", seat nobles or move units), not what
causes them; a margin before overriding (0.05 or 0.2 utility in Hothead) or keeping
"done" for the expert (Iupiter Hispano, 80 games: -0.27 ± 0.24) loses less, still loses.

Since then each option is valued once its follow-up is played (``evaluator.lookahead``),
and the model has seen games that leave the expert's play (``selfplay``, ``deviate``):
paired on master seed 2908, Iupiter Hispano -0.24 ± 0.16 (200 games; -0.48 ± 0.15 with
the model before), Anni Mirabiles -1.56 ± 0.29 (100; -1.76 ± 0.28). With the model's
stage inputs (``features.with_stages``), the same games: Iupiter Hispano -0.24 ± 0.16,
Anni Mirabiles -1.76 ± 0.29, Anni Horribiles -1.24 ± 0.27 (200), The Planet King -1.15 ±
0.22 (200): most overrides still ended an action phase with "done" where the expert
acts. Valued on ``FATES`` fates, overriding by a lead beyond ``Z`` standard errors (seed
2908, 100 games each), against the expert: Iupiter Hispano +0.18 ± 0.24, Anni Mirabiles
-0.96 ± 0.39, Anni Horribiles -0.62 ± 0.43, The Planet King -0.90 ± 0.30; against the
one-fate bot: +0.35 ± 0.25, +0.80 ± 0.29, +0.45 ± 0.35, +0.02 ± 0.11.
"""

from __future__ import annotations

import math
import random
from statistics import fmean, stdev

from planet_king.bots.expert import ExpertBot
from planet_king.engine import draws, resume
from planet_king.engine.game import Game
from planet_king.engine.state import known_at_bottom
from planet_king.evaluator.lookahead import fate_marks, settle
from planet_king.evaluator.model import Evaluator, default_evaluator

# The expert's choice stands unless another option is valued this much higher (utility:
# a level is 1, a VP 0.01). Zero: any option the evaluator strictly prefers.
MARGIN = 0.0
# Each option is valued on this many re-sampled fates, the same for every option (as the
# instant answer, ``advisor.instant.FATES``), and overrides the expert's choice only when
# it is ahead by more than ``Z`` standard errors of the paired difference (as the
# advisor's ``OVERRIDE_Z``). On one fate the bot took "done" over an action whenever the
# next card drawn was kind: "done" draws and an action type does not, and the maximum of
# noisy values is picked for its noise (Anni Horribiles, seed 2908: after "done" one
# position was worth 1.05, 1.98 or 1.65 by the fate, the expert's action 1.92-2.14).
FATES = 8
Z = 2.0


# Options that only open or close a menu (an action type, "back") change nothing on the
# board: one ply values them as the position as it stands, and taken against the expert
# they can loop for ever (a type the expert would not open, then the expert's "back").
# The evaluator never overrides the expert with one.
def menu_only(option_id: str) -> bool:
    return option_id == "back" or option_id.startswith("type:")


def resample_hidden(game: Game, seed: int) -> None:
    """Fate from here on is unknown: a new RNG, and the hidden deck orders re-shuffled
    (sorted first, so that the new order owes nothing to the true one), but for the
    cards the player saw go to the bottom of a notable deck (ruling R106)."""
    game.rng = random.Random(seed)
    s = game.state
    s.deck.sort()
    draws.shuffle(game.rng, s.deck)
    for deck, known in ((s.noble_deck, s.noble_bottom), (s.genius_deck, s.genius_bottom)):
        below = known_at_bottom(deck, known)
        unknown = sorted(deck[below:])
        draws.shuffle(game.rng, unknown)
        deck[below:] = unknown


class EvaluatorBot:
    name = "evaluator"

    def __init__(
        self,
        seed: int,
        *,
        evaluator: Evaluator | None = None,
        margin: float = MARGIN,
        fates: int = FATES,
    ) -> None:
        self.seed = seed
        self.expert = ExpertBot(seed)  # the seed the expert would get playing alone
        self.evaluator = evaluator or default_evaluator()
        self.margin = margin
        self.fates = fates
        self._root: Game | None = None  # the game followed, with its turn starts kept
        self._overridden: set[tuple[str, tuple[str, ...]]] = set()
        # what the look-ahead cost and changed
        self.valued = self.overrides = 0

    def choose(self, game: Game) -> str:
        decision = game.decision
        if decision is None:
            raise ValueError("the game is over")
        mine = self.expert.choose(game)
        legal = decision.legal_ids
        if len(legal) < 2:
            return mine
        values = self.values(game, legal)
        allowed = [o for o in legal if o == mine or not menu_only(o)]
        means = {o: fmean(values[o]) for o in allowed}
        best = max(allowed, key=means.__getitem__)  # the first of the best, in legal order
        if not self.beats(values[best], values[mine]):
            return mine
        # A cycle's safety net: an override taken at this very position before led back
        # to it (menus that loop), so the expert's choice breaks the cycle.
        key = (game.state.digest(), legal)
        if key in self._overridden:
            return mine
        self._overridden.add(key)
        self.overrides += 1
        return best

    def beats(self, best: list[float], mine: list[float]) -> bool:
        """Whether ``best`` is ahead of ``mine`` by more than the margin and, fate by
        fate, by more than ``Z`` standard errors of their difference (none when neither
        owes anything to fate)."""
        diffs = [b - m for b, m in zip(best, mine, strict=True)]
        gap = fmean(diffs)
        se = stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
        return gap > self.margin and gap > Z * se

    def values(self, game: Game, legal: tuple[str, ...]) -> dict[str, list[float]]:
        """The evaluator's value of the position after each legal option, on each of
        ``fates`` re-sampled fates (common to the options)."""
        root = self._following(game)
        rng = random.Random(f"evaluator-bot:{self.seed}:{len(game.choices)}")
        out: dict[str, list[float]] = {o: [] for o in legal}
        fate_free: set[str] = set()  # options whose position owes nothing to fate
        for _ in range(self.fates):
            fate = rng.getrandbits(48)
            for option in legal:
                if option in fate_free:
                    out[option].append(out[option][0])
                    continue
                trial = root.fork()
                trial.quiet = True  # nobody reads its log
                resample_hidden(trial, fate)
                before = fate_marks(trial)
                trial.choose(option)
                settle(trial, self.seed)  # the option's own follow-up, by the expert
                out[option].append(self.evaluator.value(trial))
                self.valued += 1
                if fate_marks(trial) == before:  # nothing drawn, no die cast
                    fate_free.add(option)
        return out

    def _following(self, game: Game) -> Game:
        """A copy of ``game`` that keeps its turn starts (it forks cheaply), brought up
        to date with the choices made since the last question (``resume.follow``)."""
        self._root = resume.follow(self._root, game)
        return self._root
