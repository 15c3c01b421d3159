"""The advisor's instant answer: the learned evaluator (``planet_king.evaluator``) values
the position each legal option leads to, no playouts (``advisor.client.InstantValuer``).

As the evaluator bot does (``bots/evaluator_bot.py``), each option is taken on a copy of
the game whose hidden deck orders are re-shuffled first; the expert plays the option's
own follow-up (``evaluator.lookahead.settle``: to the next action type, phase or turn),
and the evaluator values the position that leads to, over ``FATES`` re-shuffled fates,
the same for every option (common random numbers), so an option that draws a card is
valued on cards the player could not have foreseen. The answer has the figures of
``hint --json`` (``advisor.answer.advice_json``) with ``"source": "evaluator"``; its
``playouts`` are the fates, fewer than the table's minimum (``advisor.table.MIN_SAMPLES``):
the evaluator's values are a model's guess, so the table stars nothing and shows no
level shares until playouts have measured the options.
"""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from planet_king.engine.game import Game
    from planet_king.evaluator.model import Evaluator

FATES = 8  # re-shuffled fates each option is valued on
SOURCE = "evaluator"


def evaluator_advice(
    game: Game, *, fates: int = FATES, seed: int | None = None, evaluator: Evaluator | None = None
) -> dict[str, Any]:
    """``hint --json``'s figures for the pending decision, from the evaluator, at once.
    ``seed`` (default: the number of choices that count, as the advisor's) picks the
    fates."""
    from planet_king.advisor.answer import advice_json
    from planet_king.advisor.options import DEFAULT_POLICY, OptionValue, conclude
    from planet_king.advisor.playout import resample_hidden, root_of
    from planet_king.advisor.value import Outcome
    from planet_king.bots import make_bot
    from planet_king.engine.history import counted
    from planet_king.evaluator.lookahead import fate_marks, settle
    from planet_king.evaluator.model import default_evaluator
    from planet_king.seeds import bot_seed

    started = time.monotonic()
    decision = game.decision
    if decision is None:
        raise ValueError("the game is over: there is no decision to advise on")
    model = evaluator or default_evaluator()
    seed = len(counted(game.choices)) if seed is None else seed
    root = root_of(game)
    mine = make_bot(DEFAULT_POLICY, seed).choose(root.fork())
    values = [OptionValue(o.id, policy_choice=o.id == mine) for o in decision.legal]
    rng = random.Random(f"instant:{seed}")
    fate_free: dict[str, Outcome] = {}  # options whose position owes nothing to fate
    for k in range(fates):
        fate = rng.getrandbits(48)
        for v in values:
            if v.option_id in fate_free:
                v.add(k, fate_free[v.option_id])
                continue
            trial = root.fork()
            trial.quiet = True  # nobody reads its log
            resample_hidden(trial, fate)
            before = fate_marks(trial)
            trial.choose(v.option_id)
            settle(trial, bot_seed(seed))
            p = model.predict(trial)
            o = Outcome(p.value, p.vp, p.levels, truncated=not trial.over)
            v.add(k, o)
            if fate_marks(trial) == before:
                # nothing drawn, no die cast (the follow-up's expert is seeded alike
                # whatever the fate): every fate leads to this position (the evaluator
                # reads the decks' composition, never their order)
                fate_free[v.option_id] = o
    mine_value = next(v for v in values if v.policy_choice)
    advice = conclude(values, mine_value, DEFAULT_POLICY, 0, seed, started)
    return {**advice_json(game, advice), "source": SOURCE, "fates": fates}
