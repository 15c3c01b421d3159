"""Train the learned evaluator from self-play positions and write the model file.

    pip install -e '.[train]'          # scikit-learn, for training only
    python scripts/evaluator_data.py --workers 2            # the positions
    python scripts/train_evaluator.py [DATA ...] [--out planet_king/evaluator/evaluator.json]
        [--hidden 0] [--trees 0] [--max-train 25000] [--playout-sample 40] [--playouts 8]
        [--scenario NAME ... --base MODEL] [--workers 1] [--against MODEL]

DATA: gzipped CSV files of ``scripts/evaluator_data.py`` (default: every file in its
output folder): the expert's own games and, from ``--deviate`` runs, games that left
its play once; both are labelled with how the reign ended under the expert's play from
the position on. For each scenario the games are split by their seed, never by position
(positions of one game are alike): a fifth of the games are held out for the report, a
fifth validate the choice of model, the rest train. On the standardised features, a
multinomial logistic regression, at two strengths of its penalty, and with ``--hidden
N`` a one-hidden-layer network too (scikit-learn, fixed random state, stopped on the
validation games: ``GameStoppedMLP``; on some 200,000 training positions a scenario a
32-unit network beat the regression's validation log-loss, 1.246 against 1.262 in Anni
Mirabiles, yet chose no better, docs/advisor.md: "A sharper forecast is not a better judge", so
by default only the regression is fitted; Anni Horribiles' packaged model is such a
network, where it played better: ``--scenario anni-horribiles --hidden 32 --max-train
400000 --base`` the model before, on 15,000 expert games of master seed 41 and 15,000
deviating games of seed 42), and with ``--trees N`` gradient-boosted trees
(N rounds of depth-3 trees: on the same data their validation log-loss was lower, 0.99
against 1.05 in Iupiter Hispano with 150 rounds, yet the evaluator bot playing with them
lost to the expert by -0.95 ± 0.25 utility against -0.27 ± 0.24 with the regression, 100
paired games of master seed 2908: one ply picks whatever a model overrates, and the
trees' steps are easier to game than the regression's slopes, so they are not tried by
default); the one with the lower validation log-loss is kept, its logits divided by the
temperature that best fits the validation games (temperature scaling: a model surer than
its data bear is made less sure), with a ridge regression for the final VP, and exported
as plain numbers (JSON) for the pure-Python inference of
``planet_king.evaluator.model``.

The report, per scenario, on the held-out games: the Brier score of the model, of the
levels' base rates, and a reliability table; then, on a sample of held-out positions,
the same for today's truncated-playout value (``advisor.value``: ``--playouts`` expert
playouts of the rest of the turn each, valued by the forecast).
"""

from __future__ import annotations

import argparse
import csv
import gzip
import json
import random
import sys
import time
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

try:
    import numpy as np
    from sklearn.ensemble import GradientBoostingClassifier
    from sklearn.linear_model import LogisticRegression, Ridge
    from sklearn.metrics import log_loss
    from sklearn.neural_network import MLPClassifier
except ImportError:  # pragma: no cover - a message, not a traceback
    sys.exit("error: training needs scikit-learn: pip install -e '.[train]'")

from planet_king.content.loader import load_content
from planet_king.evaluator.calibration import (
    Reliability,
    brier,
    mean_brier,
    playout_levels,
    position,
)
from planet_king.evaluator.features import (
    FEATURES,
    MODEL_INPUTS,
    N_FEATURES,
    SCENARIOS,
    with_stages,
)
from planet_king.evaluator.model import (
    CLIP,
    FORMAT,
    LEVELS,
    MODEL_FILE,
    Evaluator,
    current_version,
)

RANDOM_STATE = 0


def default_data() -> list[Path]:
    sys.path.insert(0, str(Path(__file__).parent))
    from evaluator_data import default_dir

    return sorted(default_dir().glob("positions-*.csv.gz"))


def read(paths: list[Path], scenarios: tuple[str, ...] = SCENARIOS) -> dict[str, dict[str, Any]]:
    """Per scenario: the model's inputs X (the stored ``FEATURES`` and the stages derived
    from them), labels (level index, VP), game seeds, decision indices. The inputs are
    kept as float32 arrays, converted a block of rows at a time: millions of positions as
    Python lists of floats would take tens of gigabytes."""
    blocks: dict[str, dict[str, list[np.ndarray]]] = defaultdict(lambda: defaultdict(list))
    n_feat = len(FEATURES)

    def flush(rows: dict[str, dict[str, list]]) -> None:
        for sc, d in rows.items():
            out = blocks[sc]
            out["X"].append(np.asarray(d["X"], dtype=np.float32))
            for k in ("seed", "decision", "level"):
                out[k].append(np.asarray(d[k], dtype=np.int64))
            out["vp"].append(np.asarray(d["vp"], dtype=np.float64))
        rows.clear()

    for path in paths:
        rows: dict[str, dict[str, list]] = defaultdict(lambda: defaultdict(list))
        with gzip.open(path, "rt", encoding="utf-8", newline="") as fh:
            r = csv.reader(fh)
            header = next(r)
            if tuple(header[3 : 3 + n_feat]) != FEATURES:
                sys.exit(f"error: {path} was written with other features: regenerate it")
            for n, row in enumerate(r, 1):
                if row[0] not in scenarios:
                    continue
                d = rows[row[0]]
                d["seed"].append(int(row[1]))
                d["decision"].append(int(row[2]))
                d["X"].append(with_stages([float(v) for v in row[3 : 3 + n_feat]]))
                d["level"].append(int(row[3 + n_feat]))
                d["vp"].append(float(row[4 + n_feat]))
                if n % 50_000 == 0:
                    flush(rows)
        flush(rows)
    return {sc: {k: np.concatenate(v) for k, v in d.items()} for sc, d in blocks.items()}


def split(seeds: np.ndarray) -> np.ndarray:
    """0 train, 1 validation, 2 held out: by game (a hash of the seed), never by position."""
    fold = np.array([random.Random(int(s)).random() for s in seeds])
    return np.where(fold < 0.6, 0, np.where(fold < 0.8, 1, 2))


def fit_scenario(
    d: dict[str, Any], hidden: int, max_train: int, trees: int = 0
) -> tuple[dict[str, Any], str, dict[str, float]]:
    X, y, vp, part = d["X"], d["level"], d["vp"], split(d["seed"])
    tr, va = part == 0, part == 1
    if tr.sum() > max_train:  # a fixed sample of the training positions
        rng = np.random.default_rng(RANDOM_STATE)
        drop = rng.choice(np.flatnonzero(tr), int(tr.sum()) - max_train, replace=False)
        tr[drop] = False
    Xtr = X[tr].astype(np.float64)
    keep = np.flatnonzero(Xtr.std(axis=0) > 1e-9)
    mean, scale = Xtr[:, keep].mean(axis=0), Xtr[:, keep].std(axis=0)
    del Xtr
    Z = np.clip((X[:, keep] - mean) / scale, -CLIP, CLIP)  # as the model reads them
    classes = np.unique(y[tr])
    va &= np.isin(y, classes)  # a level no training game reached cannot be forecast
    # two strengths of the regression's penalty, the validation games choosing (The Planet
    # King's 600 games of the first model overfitted at C = 0.5: on fresh games its Brier
    # score was worse than the base rates')
    candidates: dict[str, Any] = {
        f"logistic C={c:g}": LogisticRegression(C=c, max_iter=2000) for c in (0.05, 0.5)
    }
    if hidden > 0:
        candidates[f"mlp{hidden}"] = GameStoppedMLP(hidden, Z[va], y[va], classes)
    if trees > 0:
        candidates[f"trees{trees}"] = GradientBoostingClassifier(
            n_estimators=trees,
            max_depth=TREE_DEPTH,
            learning_rate=0.1,
            subsample=0.8,
            random_state=RANDOM_STATE,
        )
    losses: dict[str, float] = {}
    for name, model in candidates.items():
        model.fit(Z[tr], y[tr])
        losses[name] = float(log_loss(y[va], model.predict_proba(Z[va]), labels=classes))
    best = min(losses, key=losses.__getitem__)
    model = candidates[best]
    temperature = fit_temperature(model.predict_log_proba(Z[va]), y[va], model.classes_)
    ridge = Ridge(alpha=1.0).fit(Z[tr], vp[tr])
    net: dict[str, Any] = {
        "levels": [LEVELS[int(c)] for c in model.classes_],
        "keep": [int(i) for i in keep],
        "mean": [round(float(v), 6) for v in mean],
        "scale": [round(float(v), 6) for v in scale],
        "hidden": None,
        "vp": {"w": [round(float(v), 6) for v in ridge.coef_], "b": float(ridge.intercept_)},
    }
    # The temperature divides the output logits; folded into the output layer's weights,
    # the model file and its inference stay as they are.
    if best.startswith("trees"):
        net["trees"] = export_trees(model, Z[tr][:1], temperature)
    elif best.startswith("logistic"):
        W, b = model.coef_, model.intercept_
        if W.shape[0] == 1:  # two classes: one logit, as a softmax of (0, z)
            W, b = np.vstack([np.zeros_like(W[0]), W[0]]), np.array([0.0, b[0]])
        net["out"] = {"W": _round(W / temperature), "b": _round(b / temperature)}
    else:
        W1, W2 = model.coefs_
        b1, b2 = model.intercepts_
        net["hidden"] = {"W": _round(W1.T), "b": _round(b1)}
        if W2.shape[1] == 1:  # two classes: a logistic output, as a softmax of (0, z)
            W2 = np.hstack([np.zeros_like(W2), W2])
            b2 = np.array([0.0, b2[0]])
        net["out"] = {"W": _round(W2.T / temperature), "b": _round(b2 / temperature)}
    losses["temperature"] = temperature
    return net, best, losses


class GameStoppedMLP:
    """A one-hidden-layer network trained an epoch at a time (Adam), kept at the epoch
    whose log-loss on the validation games is lowest, and stopped ``PATIENCE`` epochs
    after it. scikit-learn's own early stopping holds out random positions, whose games
    (and so labels) it also trains on: the network learnt the games, its validation loss
    looked fine, and the held-out games' was worse than the regression's."""

    PATIENCE = 3
    MAX_EPOCHS = 60

    def __init__(self, hidden: int, Zva: np.ndarray, yva: np.ndarray, classes: np.ndarray):
        self.net = MLPClassifier(
            hidden_layer_sizes=(hidden,),
            alpha=1e-3,
            batch_size=256,
            learning_rate_init=1e-3,
            random_state=RANDOM_STATE,
        )
        self.Zva, self.yva, self.classes = Zva, yva, classes

    def fit(self, Z: np.ndarray, y: np.ndarray) -> GameStoppedMLP:
        best, best_loss, since = None, float("inf"), 0
        for epoch in range(self.MAX_EPOCHS):
            self.net.partial_fit(Z, y, classes=self.classes)
            loss = float(log_loss(self.yva, self.net.predict_proba(self.Zva), labels=self.classes))
            print(f"    mlp epoch {epoch + 1}: validation log-loss {loss:.4f}", flush=True)
            if loss < best_loss - 1e-4:
                best_loss, since = loss, 0
                best = (
                    [c.copy() for c in self.net.coefs_],
                    [b.copy() for b in self.net.intercepts_],
                )
            else:
                since += 1
                if since >= self.PATIENCE:
                    break
        assert best is not None
        self.net.coefs_, self.net.intercepts_ = best
        return self

    @property
    def classes_(self) -> np.ndarray:
        return self.net.classes_

    @property
    def coefs_(self) -> list[np.ndarray]:
        return self.net.coefs_

    @property
    def intercepts_(self) -> list[np.ndarray]:
        return self.net.intercepts_

    def predict_proba(self, Z: np.ndarray) -> np.ndarray:
        return self.net.predict_proba(Z)

    def predict_log_proba(self, Z: np.ndarray) -> np.ndarray:
        return self.net.predict_log_proba(Z)


def _fit(job: tuple[dict[str, Any], int, int, int]) -> tuple[dict[str, Any], str, dict[str, float]]:
    return fit_scenario(*job)


TREE_DEPTH = 3


def export_trees(
    model: GradientBoostingClassifier, x0: np.ndarray, temperature: float
) -> dict[str, Any]:
    """The ensemble as plain lists for ``evaluator.model._Trees``, its logits divided by
    the temperature. The bias of each level (the ensemble's starting guess) is read off
    one row: the decision function less its trees' sum, through public attributes."""
    lr = model.learning_rate
    stages = model.estimators_  # (rounds, one column per level; one column for two)
    raw = np.asarray(model.decision_function(x0)).reshape(1, -1)[0]
    bias, levels = [], []
    for k in range(stages.shape[1]):
        trees, summed = [], 0.0
        for est in stages[:, k]:
            t = est.tree_
            trees.append(
                {
                    "f": [max(0, int(v)) for v in t.feature],
                    "t": [round(float(v), 9) for v in t.threshold],
                    "l": [int(v) for v in t.children_left],
                    "r": [int(v) for v in t.children_right],
                    "v": [round(float(v) * lr / temperature, 7) for v in t.value[:, 0, 0]],
                }
            )
            summed += float(est.predict(x0)[0])
        bias.append(round((float(raw[k]) - lr * summed) / temperature, 7))
        levels.append(trees)
    if len(levels) == 1:  # two classes: one logit, as a softmax of (0, z)
        bias, levels = [0.0, bias[0]], [[], levels[0]]
    return {"bias": bias, "trees": levels}


def fit_temperature(log_proba: np.ndarray, y: np.ndarray, classes: np.ndarray) -> float:
    """Temperature scaling (Guo et al., 2017): the T in 0.5-4 that, dividing the model's
    logits, gives the validation games' levels the lowest log-loss; a model sure beyond
    what its data bear (T > 1) is made less sure, its ranking unchanged."""
    index = {int(c): i for i, c in enumerate(classes)}
    rows = np.arange(len(y))
    cols = np.array([index[int(v)] for v in y])

    def loss(t: float) -> float:
        z = log_proba / t  # log-probabilities are logits up to a constant per row
        z = z - z.max(axis=1, keepdims=True)
        logp = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
        return float(-logp[rows, cols].mean())

    grid = np.round(np.arange(0.5, 4.0001, 0.05), 2)
    return float(min(grid, key=loss))


def _round(a: np.ndarray) -> list:
    return np.round(a.astype(float), 6).tolist()


def report(
    ev: Evaluator,
    data: dict[str, dict[str, Any]],
    sample: int,
    playouts: int,
    against: Evaluator | None = None,
) -> None:
    content = load_content()
    for sc in SCENARIOS:
        if sc not in data:
            continue
        d = data[sc]
        held = np.flatnonzero(split(d["seed"]) == 2)
        base = Counter(int(v) for v in d["level"][split(d["seed"]) == 0])
        total = sum(base.values())
        base_p = {LEVELS[k]: n / total for k, n in base.items()}
        pairs = []
        for i in held:
            p = ev.predict_features(sc, d["X"][i][:N_FEATURES].tolist()).levels
            pairs.append((p, LEVELS[int(d["level"][i])]))
        games = len(set(d["seed"][held].tolist()))
        print(f"\n{sc}: {len(held)} held-out positions from {games} games")
        print(
            f"  Brier: evaluator {mean_brier(pairs):.4f}; base rates "
            f"{mean_brier([(base_p, lv) for _, lv in pairs]):.4f}"
        )
        if against is not None:
            compare(against, sc, d, held, pairs)
        print(Reliability.of(pairs).text())
        if sample <= 0:
            continue
        rng = random.Random(f"calibration:{sc}")
        picked = sorted(rng.sample(list(held), min(sample, len(held))))
        ev_pairs, po_pairs = [], []
        t = time.process_time()
        for i in picked:
            g = position(sc, int(d["seed"][i]), int(d["decision"][i]), content)
            if g.decision is None:
                continue
            level = LEVELS[int(d["level"][i])]
            ev_pairs.append((ev.predict(g).levels, level))
            po_pairs.append((playout_levels(g, playouts, seed=int(i)), level))
        cpu = time.process_time() - t
        print(
            f"  on {len(po_pairs)} of them: Brier evaluator {mean_brier(ev_pairs):.4f}, "
            f"truncated playouts ({playouts} each) {mean_brier(po_pairs):.4f} "
            f"({cpu / max(1, len(po_pairs)):.2f} CPU s a position for the playouts)"
        )
        print("  reliability of the truncated playouts:")
        print(Reliability.of(po_pairs).text())


def compare(
    other: Evaluator,
    sc: str,
    d: dict[str, Any],
    held: np.ndarray,
    pairs: list[tuple[dict[str, float], str]],
) -> None:
    """Another model's Brier score on the same held-out positions, and the new model's
    less it, paired, with a 95% interval over the games (a game's positions are alike)."""
    diff: dict[int, list[float]] = defaultdict(list)
    theirs = []
    for i, (p, level) in zip(held, pairs, strict=True):
        q = other.predict_features(sc, d["X"][i][:N_FEATURES].tolist()).levels
        theirs.append((q, level))
        diff[int(d["seed"][i])].append(brier(p, level) - brier(q, level))
    per_game = np.array([np.mean(v) for v in diff.values()])
    gap = float(np.mean([x for v in diff.values() for x in v]))
    half = 1.96 * per_game.std(ddof=1) / np.sqrt(len(per_game))
    print(
        f"  Brier of the model compared: {mean_brier(theirs):.4f}; this one less it "
        f"{gap:+.4f} (± {half:.4f} over the {len(per_game)} games' means)"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data", nargs="*", type=Path)
    ap.add_argument("--out", type=Path, default=MODEL_FILE)
    ap.add_argument(
        "--hidden",
        type=int,
        default=0,
        help="also try a network with this many hidden units (0: logistic regression only)",
    )
    ap.add_argument(
        "--trees", type=int, default=0, help="also try gradient-boosted trees, this many rounds"
    )
    ap.add_argument(
        "--max-train", type=int, default=25000, help="training positions per scenario, at most"
    )
    ap.add_argument(
        "--scenario",
        action="append",
        choices=SCENARIOS,
        help="train only these; the others' models are kept from --base (default: all)",
    )
    ap.add_argument("--base", type=Path, default=MODEL_FILE, help="with --scenario")
    ap.add_argument("--workers", type=int, default=1, help="scenarios fitted at once")
    ap.add_argument(
        "--against", type=Path, help="a model file to compare on the held-out positions"
    )
    ap.add_argument("--playout-sample", type=int, default=40, help="held-out positions")
    ap.add_argument("--playouts", type=int, default=8, help="per position")
    a = ap.parse_args()
    paths = a.data or default_data()
    if not paths:
        sys.exit("error: no data: run scripts/evaluator_data.py first")
    for p in paths:
        if not p.is_file():
            sys.exit(f"error: {p}: no such file")
    against = None  # read before the training: a bad file fails at once
    if a.against is not None:
        try:
            against = Evaluator.load(a.against)
        except ValueError as exc:
            sys.exit(f"error: {exc}")
    chosen = tuple(dict.fromkeys(a.scenario or SCENARIOS))  # each once, in the order asked
    base = None
    if len(chosen) < len(SCENARIOS):
        # The other scenarios' models are kept from the base file, which must have been
        # trained on what a model trained now would be (the same data, play and features).
        try:
            base = json.loads(a.base.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            sys.exit(f"error: {a.base}: cannot be read ({exc})")
        if base.get("version") != current_version() or base.get("format") != FORMAT:
            sys.exit(f"error: {a.base} was trained on other data, play or features: retrain all")
    data = read(paths, chosen)
    missing = [sc for sc in chosen if sc not in data]
    if missing:
        sys.exit(f"error: no positions of {', '.join(missing)}")
    nets, trained = {}, {}
    jobs = [(data[sc], a.hidden, a.max_train, a.trees) for sc in chosen]
    if a.workers > 1:
        with ProcessPoolExecutor(max_workers=a.workers) as pool:
            fitted = list(pool.map(_fit, jobs))
    else:
        fitted = [_fit(job) for job in jobs]
    for sc, (net, best, losses) in zip(chosen, fitted, strict=True):
        d = data[sc]
        nets[sc] = net
        games = len(set(d["seed"].tolist()))
        n_train = min(a.max_train, int((split(d["seed"]) == 0).sum()))
        trained[sc] = {
            "positions": len(d["level"]),
            "trained_on": n_train,
            "games": games,
            "model": best,
            "temperature": losses["temperature"],
            "files": [p.name for p in paths if f"-{sc}-" in p.name],
        }
        print(
            f"{sc}: {len(d['level'])} positions from {games} games ({n_train} trained on); "
            "validation log-loss "
            + ", ".join(f"{k} {v:.4f}" for k, v in losses.items() if k != "temperature")
            + f" -> {best}, temperature {losses['temperature']:.2f}",
            flush=True,
        )
    files = [p.name for p in paths]
    if base is not None:
        for sc in SCENARIOS:
            if sc not in chosen:
                nets[sc] = base["scenarios"][sc]
                trained[sc] = base["trained"]["scenarios"][sc]
                trained[sc].setdefault(
                    "files", [f for f in base["trained"]["files"] if f"-{sc}-" in f]
                )
                files += [f for f in trained[sc]["files"] if f not in files]
        nets = {sc: nets[sc] for sc in SCENARIOS}
        trained = {sc: trained[sc] for sc in SCENARIOS}
    raw = {
        "format": FORMAT,
        "version": current_version(),
        "features": list(MODEL_INPUTS),
        "trained": {"files": files, "scenarios": trained},
        "scenarios": nets,
    }
    tmp = a.out.with_suffix(".tmp")
    tmp.write_text(json.dumps(raw, separators=(",", ":")) + "\n", encoding="utf-8")
    tmp.replace(a.out)
    print(f"wrote {a.out} ({a.out.stat().st_size // 1024} KiB)")
    report(Evaluator(raw), data, a.playout_sample, a.playouts, against)


if __name__ == "__main__":
    main()
