"""Walking a game from its start: every decision judged, every draw weighed.

The game is replayed from its seed and choices (a game resumed from an older save: from
its resume point), keeping its turn starts so that a fork is cheap. At each decision the
options are valued (``estimate``); the choice is then taken on the game walked, and the
log lines it wrote up to the next decision say what chance drew. A draw is what fate did
in sight (``Game.seen_draws``): a hidden deck's shuffle is none, its cards count at the
step that draws them.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from planet_king.advisor.value import mean, stderr
from planet_king.engine import resume
from planet_king.engine.forecast import defeat_warnings, forecast
from planet_king.engine.game import Game
from planet_king.engine.history import counted
from planet_king.evaluator.model import Evaluator, outcome_level, utility
from planet_king.review import decisions, luck
from planet_king.review.estimate import Estimator, Settings
from planet_king.review.model import MIN_ERROR, Review, Step, TurnRow, Z
from planet_king.review.par import par_result

# progress(what it is doing, done, in all)
Progress = Callable[[str, int, int], None]
# Quick reviews pick the best option with one ply and play on only where it beats the
# choice made by this much (one ply is too rough to trust below it).
QUICK_SCREEN = 0.05


def start_of(game: Game) -> tuple[Game, int]:
    """A game at the first position reviewed, kept with its turn starts, and the number
    of choices made before it."""
    at = game.resumed_from
    if at is not None:
        return resume.replay_from(game, game.choices[: at.start.choices]), at.start.choices
    g = Game(
        game.scenario.id,
        seed=game.seed,
        options=game.options,
        content=game.content,
        keep_turn_starts=True,
    )
    return g, 0


def played(game: Game, first: int) -> list[str]:
    """The choices reviewed, from the first position on: a sub-menu's Back and the choice
    it took back are no decision of the reign (no Back crosses a turn start)."""
    return counted(game.choices[first:])


def turn_row(g: Game, evaluator: Evaluator, *, end: bool = False) -> TurnRow:
    s = g.state
    if not g.over:
        f = forecast(g)
        scores = {x.name: [x.points, x.defeat_at] for x in f.scores if x.counted}
    else:
        scores = {k: [int(v), 0] for k, v in s.last_scores.items()}
    p = evaluator.predict(g)
    return TurnRow(
        turn=s.turn,
        vp=s.vp,
        scores=scores,
        treasury=s.treasury,
        wars={g.name(w.id): w.position for w in s.wars.values() if w.active},
        levels={k: round(v, 4) for k, v in p.levels.items()},
        value=p.value,
        end=end,
    )


def pick(
    est: Estimator, g: Game, legal: tuple[str, ...], choice: str, n: int
) -> tuple[str, float, float, float]:
    """The best option found, its gap to ``choice`` with its standard error, and how
    much the gap is worth checking (0: not at all; ``estimate``). A choice the forecast
    shows to bring a certain automatic defeat, where another option does not, is always
    checked first (``forecast.defeat_warnings``)."""
    s = est.settings
    doomed = defeat_warnings(g)
    if s.pick_fates:
        picks = est.played_on(g, legal, n, 0, s.pick_fates)
        score = {o: mean(picks[o]) for o in legal}
    else:
        score = {o: est.one_ply(g, o, n, 1)[0] for o in legal}
    safe = [o for o in legal if o not in doomed]
    if choice in doomed and safe:
        best = max(safe, key=score.__getitem__)
        return best, score[best] - score[choice], 0.0, math.inf
    best = max(legal, key=score.__getitem__)
    if s.pick_fates:
        diffs = [b - c for b, c in zip(picks[best], picks[choice], strict=True)]
        gap, se = mean(diffs), stderr(diffs)
        worth = gap > Z * se and gap >= MIN_ERROR
    else:
        gap, se = score[best] - score[choice], 0.0
        worth = gap >= QUICK_SCREEN
    return best, gap, se, gap if worth and best != choice else 0.0


def luck_of(game: Game, evaluator: Evaluator, fates: int) -> float:
    """The luck of ``game`` as the review's account counts it (``account.settle``, with
    ``fates`` re-sampled draws a step), no option valued but the one chosen.

    Its expectation is zero whoever chose, since each draw is weighed against the same
    choice's own re-sampled fates: two players' results on the same seeds, less a
    multiple of their luck, compare their choices with less of fortune's noise (a
    control variate: ``benchmarks/advisor_guided.py --luck``)."""
    est = Estimator(evaluator, Settings("luck", luck_fates=fates, pick_fates=0, check_fates=0))
    g, first = start_of(game)
    total = 0.0
    for i, choice in enumerate(played(game, first)):
        expected = mean(est.one_ply(g, choice, first + i + 1, fates))
        g.choose(choice)
        total += est.value(g) - expected
    return total


# A gap beyond one standard error is measured on more fates: at least a second round, for
# a standard error of a handful of playouts is itself a guess, and more while it is near
# the line (``Z``), up to this many rounds in all.
MORE_FATES = 4


def measure(est: Estimator, g: Game, step: Step) -> None:
    """The gap between the choice made and the best option picked, by playouts to the
    end on fresh fates (more of them while it may be an error)."""
    s = est.settings
    first = s.pick_fates + s.luck_fates  # fates no estimate of this step has used
    diffs: list[float] = []
    for rnd in range(MORE_FATES):
        out = est.played_out(g, (step.chosen, step.best), step.n, first + len(diffs), s.check_fates)
        diffs += [b - c for b, c in zip(out[step.best], out[step.chosen], strict=True)]
        gap, se = mean(diffs), stderr(diffs)
        if gap <= se or (rnd >= 1 and gap >= Z * se):
            break
    step.gap, step.gap_se, step.checked = mean(diffs), stderr(diffs), True


def check(est: Estimator, game: Game, todo: list[Step], progress: Progress | None) -> None:
    """The picked gaps worth it, measured again by playouts to the end on fresh fates:
    a second walk of the game stops at each."""
    at = {s.n: s for s in todo}
    g, first = start_of(game)
    done = 0
    for i, choice in enumerate(played(game, first)):
        step = at.get(first + i + 1)
        if step is not None:
            measure(est, g, step)
            if step.error > 0:
                step.why = decisions.why(g, choice, step.best, step.n)
            done += 1
            if progress is not None:
                progress("checking the costliest choices", done, len(todo))
            if done == len(todo):
                return
        g.choose(choice)


def review_game(
    game: Game,
    *,
    settings: Settings,
    evaluator: Evaluator,
    progress: Progress | None = None,
    with_par: bool = True,
) -> Review:
    """The review of ``game`` as it stands (over or in progress)."""
    began = time.perf_counter()
    est = Estimator(evaluator, settings)
    g, first = start_of(game)
    todo = played(game, first)
    steps: list[Step] = []
    turns: list[TurnRow] = []
    candidates: list[tuple[float, Step]] = []
    for i, choice in enumerate(todo):
        decision = g.decision
        assert decision is not None  # the save replayed to these choices
        if not turns or turns[-1].turn != g.state.turn:
            turns.append(turn_row(g, evaluator))
        n = first + i + 1
        legal = decision.legal_ids
        best, gap, gap_se, worth = pick(est, g, legal, choice, n)
        step = Step(
            n=n,
            turn=g.state.turn,
            phase=g.state.phase,
            asked=decision.prompt,
            chosen=choice,
            chosen_label=decision.option(choice).label,
            best=best,
            best_label=decision.option(best).label,
            options=len(legal),
            value=est.value(g),
            expected=est.one_ply(g, choice, n, settings.luck_fates),
            gap=gap,
            gap_se=gap_se,
            checked=False,
            draws=0,
            what="",
        )
        if worth:
            candidates.append((worth, step))
        logged, drawn = len(g.log_entries), g.seen_draws
        g.choose(choice)
        step.draws = g.seen_draws - drawn
        if step.draws:
            step.what = luck.describe(g.log_entries[logged:])
        steps.append(step)
        if progress is not None:
            progress("valuing every decision and draw", i + 1, len(todo))
    turns.append(turn_row(g, evaluator, end=True))
    if g.over:
        level = outcome_level(g)
        result = utility(level, g.state.vp)
    else:
        level = "in progress"
        result = est.value(g)
    review = Review(
        scenario=g.scenario.id,
        scenario_name=g.scenario.name,
        seed=g.seed,
        options=g.options.to_dict(),
        settings=settings.name,
        evaluator=dict(evaluator.version),
        choices=len(game.choices),
        first=first,
        over=g.over,
        level=level,
        vp=g.state.vp,
        result=result,
        steps=steps,
        turns=turns,
    )
    candidates.sort(key=lambda c: -c[0])
    check(est, game, [c[1] for c in candidates[: settings.most_checks]], progress)
    if with_par:
        review.par = par_result(game)
    review.forks = est.forks
    review.seconds = time.perf_counter() - began
    return review
