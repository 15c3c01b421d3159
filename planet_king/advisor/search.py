"""The advisor: what each legal option of the pending decision is worth to the player.

For every move (a legal option; an action menu's "back" is not one, ``moves``) it plays
games on from the current position with a policy bot
(the expert bot, or any bot of ``planet_king.bots``): each playout forks the position (a copy of
the last turn start and the choices made since), re-shuffles what the player cannot know
(the order of the event, noble and genius decks) with the advisor's own RNG, takes the
option, and plays on, either to the end or, truncated, to the start of a later turn,
where the forecast or the learned evaluator values the position (``advisor.value``;
``LEAF_BY_SCENARIO`` says which). The value is the player's
goal: the victory level first, VP as the tie-break. The advisor never changes the game.

- **Common random numbers**: the k-th playout of every option uses the same seeds, so
  the options are compared on the same fates and their difference is less noisy.
- **Successive halving**: the playouts go in rounds; after each, the worse half of the
  options is dropped, but never the policy's own choice nor an option tied with the best,
  and never the last rival: two options stay to the end of the budget, the policy's
  choice and the best other, so the time left goes to the comparison that decides (with
  one left, the search used to stop: a Hothead position decided in 0.12 s of its second
  on 60 playouts of each finalist, where telling them apart took 350).
- **Ties**: an option whose value is within one standard error (of the paired
  difference) of the best is *tied with the best*; among ties the advisor recommends the
  policy bot's own choice, so following it is never worse than the bot, up to noise.
  It recommends another option only when that option beats the bot's choice by more
  than two standard errors (``OVERRIDE_Z``): the best of several options is picked
  for being ahead on these very playouts, and truncated playouts undervalue what pays
  after they stop (a war's progress), so a one-error lead overrode the bot wrongly more
  often than rightly (``benchmarks/advisor_quality.py``).
- **The evaluator's choice**: before any playout, the learned evaluator's instant answer
  (``advisor.instant``, some 35 ms) names the option it values highest. When that is not
  the policy's choice, the two are weighed against each other (``anchored``): the
  halving keeps both, and if no option beats the policy's choice by two standard
  errors, the advisor recommends whichever of the two is ahead on the playouts they
  share (``DUEL_PAIRS`` or more; else the policy's choice). Two candidates named
  before the playouts, by two judges the playouts do not sway, do not suffer the
  best-of-many bias that the two-error rule guards against.
- **Budget**: a number of playouts (the same answer in one process or several, for a
  seed) or seconds (anytime: the answer so far when the time is up).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from planet_king.advisor.options import (
    DEFAULT_POLICY,
    Advice,
    OptionValue,
    conclude,
    tied,
)
from planet_king.advisor.playout import Task, play_task, position_of, root_of
from planet_king.advisor.pool import PlayoutPool, cores
from planet_king.advisor.value import (
    EVALUATOR,
    FORECAST,
    Outcome,
)
from planet_king.bots import make_bot
from planet_king.engine.decisions import Decision
from planet_king.engine.game import Game

DEFAULT_PLAYOUTS = 500
DEFAULT_HORIZON = 2  # turns played before the leaf is valued (0: to the end)
# How a truncated playout's leaf is valued (``advisor.value``), by scenario: the learned
# evaluator where it predicts the reign's end better than the forecast's rates. Brier
# score of 8 truncated expert playouts a position, 40 positions of 60 fresh games a
# scenario (``benchmarks/evaluator_calibration.py --games 60 --seed 2906 --sample 40``),
# forecast vs evaluator: The Planet King 0.725 vs 0.584, Anni Mirabiles 0.730 vs 0.721,
# Anni Horribiles 0.729 vs 0.760, Iupiter Hispano and Hothead alike (one turn: the
# playouts reach the end). With the recalibrated model, on seed 2907's games: The Planet
# King 0.709 vs 0.488, Anni Mirabiles 0.659 vs 0.649.
# Anni Horribiles: 0.6948 vs 0.6948 on seed 2907 (a tie), so it keeps the forecast.
# With the model retrained on deviating games too (forecast vs evaluator): seed 2909, The
# Planet King 0.851 vs 0.689, Anni Mirabiles 0.605 vs 0.576, Anni Horribiles 0.724 vs
# 0.696; seed 2907, Anni Horribiles 0.695 vs 0.721: one seed each way, it keeps the
# forecast. Anni Horribiles with its network, 150 positions of 100 games each (seeds
# 3007, 3008, 3009): 0.756 vs 0.645, 0.732 vs 0.683, 0.701 vs 0.638 (the regression did
# as well on 3007 and 3008: 0.652, 0.682); yet on its 30 regret positions, four one-second
# runs each, the evaluator as leaf gave the advisor +0.003 +- 0.006 regret: no gain in the
# choices, so it keeps the forecast.
LEAF_BY_SCENARIO = {"the-planet-king": EVALUATOR, "anni-mirabiles": EVALUATOR}
DEFAULT_LEAF = FORECAST


def default_leaf(scenario: str) -> str:
    return LEAF_BY_SCENARIO.get(scenario, DEFAULT_LEAF)


FIRST_ROUND = 4  # playouts of each option before any is dropped (seconds budget)


def default_workers() -> int:
    """Every core this process may use."""
    return cores()


# ---------------------------------------------------------------------- the search
def advise(
    game: Game,
    *,
    playouts: int | None = None,
    seconds: float | None = None,
    seed: int = 0,
    workers: int | None = None,
    policy: str = DEFAULT_POLICY,
    horizon: int = DEFAULT_HORIZON,
    leaf: str | None = None,
    pool: PlayoutPool | None = None,
    on_round: Callable[[Advice], bool] | None = None,
    max_round: int | None = None,
    anchored: bool = True,
    instant: str | None = None,
    instant_fates: int | None = None,
) -> Advice:
    """Value the moves of the pending decision (``moves``) within a budget of ``playouts``
    (default 500) or ``seconds``. ``workers``: processes to play in (default: every
    core; 1 plays here); a warm ``pool`` may be passed instead.

    Live analysis (``on_round``): every option keeps being played (no halving, so every
    figure keeps improving), in rounds of at most ``max_round`` playouts an option, and
    ``on_round`` gets the advice so far after each round; it returns False to stop.

    ``anchored``: weigh the evaluator's instant choice against the policy's (module
    docstring); False plays the policy's choice against the others alone. ``instant``:
    that choice, if the caller has it already (``instant_choice(game, seed)``, the
    same seed), not to compute it twice; ``instant_fates``: the fates it is valued on
    (default ``advisor.instant.FATES``), inside the budget."""
    started = time.monotonic()
    leaf = leaf or default_leaf(game.scenario.id)
    decision = game.decision
    if decision is None:
        raise ValueError("the game is over: there is no decision to advise on")
    if playouts is None and seconds is None:
        playouts = DEFAULT_PLAYOUTS
    deadline = started + seconds if seconds is not None else None
    root = root_of(game)
    # asked on a copy: a bot that touches the board while it thinks (a bug, but not the
    # player's) must not change the game the advisor is asked about
    mine = make_bot(policy, seed).choose(root.fork())
    values = [OptionValue(o) for o in moves(decision, mine)]
    by_id = {v.option_id: v for v in values}
    by_id[mine].policy_choice = True
    if anchored:
        by_id[instant or instant_choice(root, seed, instant_fates)].instant_choice = True

    rng = random.Random(seed)
    seeds: list[tuple[int, int]] = []
    runner = _Runner(root, pool, default_workers() if workers is None else workers)
    alive = list(values)
    spent, rnd = 0, 0
    try:
        while alive:
            if playouts is not None:
                left = playouts - spent
                if left <= 0:
                    break
                rounds_left = max(1, math.ceil(math.log2(len(alive))))
                give = max(1, left // rounds_left // len(alive))
            else:
                give = FIRST_ROUND * 2**rnd
                if max_round is not None:
                    give = max(1, min(give, max_round))
            jobs: list[tuple[OptionValue, int]] = []
            top = max(v.playouts for v in alive)
            for k in range(top, top + give):  # k-major: a cut-off round stays balanced
                jobs += [(v, k) for v in alive if v.playouts <= k]
            if playouts is not None:
                jobs = jobs[: playouts - spent]
            while len(seeds) < top + give:
                seeds.append((rng.getrandbits(48), rng.getrandbits(32)))
            tasks: list[Task] = [(v.option_id, *seeds[k], policy, horizon, leaf) for v, k in jobs]
            done = runner.run(tasks, deadline)
            for j, o in done.items():
                v, k = jobs[j]
                v.add(k, o)
            spent += len(done)
            if not done or (deadline is not None and time.monotonic() >= deadline):
                break
            if on_round is not None:
                rnd += 1
                if not on_round(conclude(values, by_id[mine], policy, horizon, seed, started)):
                    break
                continue
            alive = _halve(alive, rnd)
            rnd += 1
            if len(alive) == 1:
                break
    finally:
        runner.close()

    return conclude(values, by_id[mine], policy, horizon, seed, started)


def moves(decision: Decision, mine: str) -> list[str]:
    """The options the advisor values: the legal ones but an action menu's "back" to the
    menu of action types, a way through the menus, not a move (the table shows no row
    for it, the regret references do not value it), unless it is the policy's own choice.
    Valued, it took a share of every round's playouts and could be recommended."""
    return [
        o.id
        for o in decision.legal
        if o.id == mine or o.meaning is None or o.meaning.action != "back"
    ]


def instant_choice(game: Game, seed: int, fates: int | None = None) -> str:
    """The move the learned evaluator values highest, at once (``advisor.instant``): a
    menu's own way back to the menu before is not a move (nor is it one a regret
    reference values), whatever the evaluator makes of the menu it returns to."""
    from planet_king.advisor.instant import FATES, evaluator_advice

    reply = evaluator_advice(game, seed=seed, fates=fates or FATES)
    # the answer marks the menu's Back (``advisor.answer.advice_json``)
    valued = [o for o in reply["options"] if not o.get("back")] or reply["options"]
    return str(max(valued, key=lambda o: o["value"])["option"])


def _halve(alive: list[OptionValue], rnd: int) -> list[OptionValue]:
    """The better half, the policy's and the evaluator's choices, every option tied
    with the best, and never fewer than two."""
    ranked = sorted(alive, key=lambda v: v.value, reverse=True)
    best = ranked[0]
    half = math.ceil(len(ranked) / 2)
    keep = [
        v
        for i, v in enumerate(ranked)
        if i < half or v.policy_choice or v.instant_choice or tied(best, v)
    ]
    if len(keep) == 1 and len(ranked) > 1:  # the last rival stays (module docstring)
        keep.append(next(v for v in ranked if v not in keep))
    for v in ranked:
        if v not in keep:
            v.dropped_in = rnd
    return keep


class _Runner:
    """Plays tasks here (one worker) or in a pool of processes; same outcomes either way."""

    def __init__(self, root: Game, pool: PlayoutPool | None, workers: int) -> None:
        self.root = root
        self.pool = pool
        self.own = pool is None and workers > 1
        if self.own:
            self.pool = PlayoutPool(workers)
        self.position = position_of(root)

    def run(self, tasks: list[Task], deadline: float | None) -> dict[int, Outcome]:
        done: dict[int, Outcome] = {}
        if self.pool is not None:
            chunk = (
                1 if deadline is not None else max(1, min(8, len(tasks) // (4 * self.pool.workers)))
            )
            try:
                self.pool.run(
                    self.position,
                    tasks,
                    deadline=deadline,
                    chunk=chunk,
                    on_result=lambda i, raw: done.__setitem__(i, Outcome.from_json(raw)),
                )
                return done
            except OSError:
                # No processes here (e.g. a host whose stderr has no file descriptor):
                # the same playouts in this process give the same answer, only slower.
                self.close()
                self.pool = None
        for i, task in enumerate(tasks):
            if i not in done:
                if deadline is not None and time.monotonic() >= deadline:
                    break
                done[i] = play_task(self.root, task)
        return done

    def close(self) -> None:
        if self.own and self.pool is not None:
            self.pool.close()
