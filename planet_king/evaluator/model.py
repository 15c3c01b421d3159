"""The trained evaluator: a position's chance of each victory level, and its utility.

The model file (``evaluator.json``, beside this module) holds plain numbers only, one
small model per scenario, trained by ``scripts/train_evaluator.py``: the features
(``features.py``) are standardised (each held within ``CLIP`` deviations) and give a
logit for each level the scenario's games reached, either through one hidden layer of
rectified units or none (multinomial logistic regression), or as the sum of an ensemble
of small regression trees (gradient boosting); a softmax turns the logits into chances,
and a linear model gives the final VP. Inference is pure Python: the package gains no
dependency.

The utility is the advisor's (``advisor.value.utility``): the level first,

    automatic defeat 0 < Neither King nor Planet 1 < Defeat 2 < Historical Outcome 3
    < Major Victory 4, plus 0.01 per VP.

Hothead's levels are its own condition's (the engine's level: Major Victory or Defeat),
so its network has only those outputs.

The file's ``version`` names what the model was trained on: the data's version, a
fingerprint of the expert's play (a few seeded games: a change of rules or of the expert
that changes play changes it) and the features' names. ``tests/test_evaluator.py``
fails when they drift apart from the code's; retrain with the scripts then.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass
from functools import lru_cache
from operator import mul
from pathlib import Path
from typing import TYPE_CHECKING, Any

from planet_king.engine.state import VictoryLevel
from planet_king.evaluator.features import (
    MODEL_INPUTS,
    feature_fingerprint,
    features,
    with_stages,
)

if TYPE_CHECKING:
    from planet_king.content.loader import Content
    from planet_king.engine.game import Game

MODEL_FILE = Path(__file__).with_name("evaluator.json")
FORMAT = 1
AUTOMATIC_DEFEAT = "automatic-defeat"
# The victory levels, worst first: a label is an index into this tuple.
LEVELS: tuple[str, ...] = (AUTOMATIC_DEFEAT, *reversed(VictoryLevel))
LEVEL_POINTS = dict(zip(LEVELS, (0.0, 1.0, 2.0, 3.0, 4.0), strict=True))
VP_WEIGHT = 0.01
# The play fingerprint: the expert's games on these seeds, one per scenario.
FINGERPRINT_SEEDS = (7,)
# A standardised input is held within this many standard deviations of its training
# mean. A feature the training games almost never showed (The Planet King's campaign
# against Barbary in 1621: its commander's turns left stood 80 deviations out) has a
# weight fitted on a handful of positions; multiplied that far past them, it swamped the
# rest (a utility of 2.8 where the options around it had 1.4, the reference 0.9). Inside
# the bound, every input is read as trained. It also holds positions far out by nature:
# the set-up's (its phase, one position a game, stands 12 out; docs/review.md).
CLIP = 5.0


def outcome_level(g: Game) -> str:
    """How a finished game ended, as the advisor counts it (``advisor.value``)."""
    s = g.state
    return AUTOMATIC_DEFEAT if s.ended_by == "automatic-defeat" else s.victory_level


def utility(level: str, vp: float) -> float:
    return LEVEL_POINTS[level] + VP_WEIGHT * vp


def play_fingerprint(content: Content | None = None) -> str:
    """A short hash of what the expert plays: every choice and the final position of a
    seeded game of each scenario. A change of the rules or the expert that changes play
    changes it (a rewording of the log does not)."""
    from planet_king.bots.expert import ExpertBot
    from planet_king.content.loader import load_content
    from planet_king.engine.game import Game
    from planet_king.evaluator.features import SCENARIOS
    from planet_king.seeds import bot_seed

    content = content or load_content()
    h = hashlib.sha256()
    for scenario in SCENARIOS:
        for seed in FINGERPRINT_SEEDS:
            game = Game(scenario, seed=seed, content=content)
            bot = ExpertBot(bot_seed(seed))
            while game.decision is not None:
                game.choose(bot.choose(game))
            h.update(f"{scenario}:{seed}:{','.join(game.choices)}:{game.state.digest()};".encode())
    return h.hexdigest()[:12]


def current_version(content: Content | None = None) -> dict[str, str]:
    """What a model trained now would be keyed by."""
    from planet_king.content.loader import load_content

    content = content or load_content()
    return {
        "data": content.version,
        "play": play_fingerprint(content),
        "features": feature_fingerprint(),
    }


@dataclass(frozen=True)
class Prediction:
    levels: dict[str, float]  # chance of each level (the scenario's levels; sums to 1)
    vp: float  # expected final VP
    value: float  # expected utility: sum of chance x level points, plus 0.01 x VP


class _Trees:
    """Regression trees as parallel lists (a node's feature, threshold, children and
    value; a leaf has no children, -1): the logits are a bias per level plus the sum of
    that level's trees' leaves."""

    def __init__(self, raw: dict[str, Any]) -> None:
        self.bias: list[float] = raw["bias"]
        self.trees: list[list[tuple[list[int], list[float], list[int], list[int], list[float]]]]
        self.trees = [
            [(t["f"], t["t"], t["l"], t["r"], t["v"]) for t in level] for level in raw["trees"]
        ]

    def logits(self, z: list[float]) -> list[float]:
        out = []
        for bias, trees in zip(self.bias, self.trees, strict=True):
            total = bias
            for feature, threshold, left, right, value in trees:
                node = 0
                while left[node] >= 0:
                    node = left[node] if z[feature[node]] <= threshold[node] else right[node]
                total += value[node]
            out.append(total)
        return out


class _Net:
    """One scenario's model, with its weights as plain lists."""

    def __init__(self, raw: dict[str, Any]) -> None:
        self.levels: tuple[str, ...] = tuple(raw["levels"])
        keep: list[int] = raw["keep"]  # the features it reads (the rest are constant)
        self.keep = keep
        self.mean: list[float] = raw["mean"]
        self.inv_scale: list[float] = [1.0 / s for s in raw["scale"]]
        self.hidden: list[tuple[list[float], float]] = (
            [(w, b) for w, b in zip(raw["hidden"]["W"], raw["hidden"]["b"], strict=True)]
            if raw.get("hidden")
            else []
        )
        self.trees = _Trees(raw["trees"]) if raw.get("trees") else None
        self.out: list[tuple[list[float], float]] = (
            [] if self.trees else list(zip(raw["out"]["W"], raw["out"]["b"], strict=True))
        )
        self.vp_w: list[float] = raw["vp"]["w"]
        self.vp_b: float = raw["vp"]["b"]
        self.points = [LEVEL_POINTS[lv] for lv in self.levels]

    def predict(self, x: list[float]) -> Prediction:
        z = [
            min(CLIP, max(-CLIP, (x[i] - m) * s))
            for i, m, s in zip(self.keep, self.mean, self.inv_scale, strict=True)
        ]
        h = z
        if self.hidden:
            h = []
            for w, b in self.hidden:
                a = sum(map(mul, w, z)) + b
                h.append(a if a > 0.0 else 0.0)
        if self.trees is not None:
            logits = self.trees.logits(z)
        else:
            logits = [sum(map(mul, w, h)) + b for w, b in self.out]
        top = max(logits)
        exps = [math.exp(v - top) for v in logits]
        total = sum(exps)
        probs = [e / total for e in exps]
        vp = max(0.0, sum(map(mul, self.vp_w, z)) + self.vp_b)
        value = sum(map(mul, probs, self.points)) + VP_WEIGHT * vp
        return Prediction(dict(zip(self.levels, probs, strict=True)), vp, value)


class Evaluator:
    """The model file, loaded: ``value(game)`` and ``predict(game)``."""

    def __init__(self, raw: dict[str, Any]) -> None:
        if raw.get("format") != FORMAT:
            raise ValueError(f"evaluator model: format {raw.get('format')!r}, expected {FORMAT}")
        if raw.get("features") != list(MODEL_INPUTS):
            raise ValueError(
                "evaluator model: trained on other features; retrain with "
                "scripts/evaluator_data.py and scripts/train_evaluator.py"
            )
        self.version: dict[str, str] = raw["version"]
        # What the model computes, not only what it was trained on: its numbers and the
        # inference's clip. A retrain on the same games, or a new clip, changes it (a
        # review cached beside a save is keyed by it).
        weights = json.dumps(raw["scenarios"], sort_keys=True) + f";clip={CLIP}"
        self.fingerprint = hashlib.sha256(weights.encode()).hexdigest()[:16]
        self.trained: dict[str, Any] = raw.get("trained", {})
        self.nets = {sc: _Net(net) for sc, net in raw["scenarios"].items()}

    @classmethod
    def load(cls, path: Path | None = None) -> Evaluator:
        p = path or MODEL_FILE
        try:
            raw = json.loads(p.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise ValueError(f"evaluator model {p}: cannot be read ({exc})") from None
        return cls(raw)

    def predict_features(self, scenario: str, x: list[float]) -> Prediction:
        """The prediction from a position's ``FEATURES`` (its stage inputs derived here)."""
        net = self.nets.get(scenario)
        if net is None:
            raise ValueError(f"evaluator model: no network for scenario '{scenario}'")
        return net.predict(with_stages(x))

    def predict(self, g: Game) -> Prediction:
        """The chance of each level and the expected utility of the position ``g`` is
        in (a finished game: its own outcome, certain)."""
        if g.over:
            level = outcome_level(g)
            return Prediction({level: 1.0}, float(g.state.vp), utility(level, g.state.vp))
        return self.predict_features(g.state.scenario, features(g))

    def value(self, g: Game) -> float:
        return self.predict(g).value


@lru_cache(maxsize=1)
def default_evaluator() -> Evaluator:
    """The packaged model, loaded once per process."""
    return Evaluator.load()
