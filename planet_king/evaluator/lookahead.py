"""What an option leads to, for the evaluator to value: the position once the option's
own follow-up is over.

Many options change nothing on the board by themselves: a royal action opens the
question of which genius, an action type opens its menu, a campaign's target precedes
its dice. Valued at once, their positions look alike and the evaluator cannot tell them
apart. ``settle`` plays on with the expert until the option's business is done: the
next choice of an action type, a new phase or turn, or the game's end (at most
``MAX_STEPS`` choices). The evaluator then values a position where the option has
shown its effect. Measured on the regret positions (``benchmarks/advisor_regret.py``),
the instant answer's regret fell with it (see ``advisor.instant``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from planet_king.bots.expert import ExpertBot
from planet_king.engine.decisions import DecisionKind

if TYPE_CHECKING:
    from planet_king.engine.game import Game

MAX_STEPS = 30  # a bound, not a rule: an action's follow-up takes a handful of choices


def settle(game: Game, policy_seed: int, max_steps: int = MAX_STEPS) -> int:
    """Play ``game`` on with the expert (seeded ``policy_seed``) until its next action
    type, phase or turn, or its end; returns how many choices that took."""
    s = game.state
    phase, turn = s.phase, s.turn
    bot: ExpertBot | None = None
    steps = 0
    while (
        steps < max_steps
        and game.decision is not None
        and game.decision.kind != DecisionKind.ACTION_TYPE
        and game.state.phase == phase
        and game.state.turn == turn
    ):
        bot = bot or ExpertBot(policy_seed)
        game.choose(bot.choose(game))
        steps += 1
    return steps


def fate_marks(game: Game) -> tuple[object, ...]:
    """What changes when the game draws a card (in sight or not) or casts a die: an
    option whose marks are the same before and after it owes nothing to fate, and every
    re-sampled fate leads to the same position (the evaluator reads the decks'
    composition, never their order)."""
    s = game.state
    return (
        game.rng.getstate(),
        game.random_draws,
        game.seen_draws,
        len(s.deck),
        len(s.noble_deck),
        len(s.genius_deck),
    )
