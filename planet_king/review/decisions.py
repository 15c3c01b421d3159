"""The decisions: errors ranked, and why the best option was better (its forecast)."""

from __future__ import annotations

from planet_king.engine.forecast import Forecast, forecast
from planet_king.engine.game import Game
from planet_king.review.estimate import fate_seed, unknown_fate
from planet_king.review.model import Review, Step


def errors(review: Review) -> list[Step]:
    """The choices that cost something beyond the noise, the costliest first."""
    return sorted((s for s in review.steps if s.error > 0), key=lambda s: -s.error)


def within_noise(review: Review) -> int:
    """Decisions where the choice made is as good as the best found, within the noise."""
    return sum(1 for s in review.steps if s.error == 0)


def _after(g: Game, option: str, n: int) -> Game:
    trial = g.fork()
    trial.quiet = True
    unknown_fate(trial, fate_seed(n, 0))
    trial.choose(option)
    return trial


def _figures(f: Forecast) -> dict[str, int]:
    out = {"VP": f.vp_end, "Treasury": f.treasury.end}
    out.update({s.name: s.points for s in f.scores if s.counted})
    return out


def why(g: Game, chosen: str, best: str, n: int) -> str:
    """The forecast line of the best option against the choice made: what this End of
    Turn would count after each (as the forecast reads it, before chance plays)."""
    mine, other = _after(g, chosen, n), _after(g, best, n)
    if mine.over and mine.state.ended_by == "automatic-defeat":
        return f"the choice ended the game in automatic defeat ({mine.state.defeat_cause})"
    if mine.over or other.over or mine.state.turn != other.state.turn:
        return ""
    fm, fo = forecast(mine), forecast(other)
    said = []
    if fm.defeat and not fo.defeat:
        said.append(f"the choice heads for automatic defeat ({'; '.join(fm.defeat)})")
    a, b = _figures(fm), _figures(fo)
    changes = [f"{k} {a[k]} -> {b[k]}" for k in a if k in b and a[k] != b[k]]
    if changes:
        said.append("the forecast, your choice -> the best option: " + ", ".join(changes))
    return "; ".join(said)
