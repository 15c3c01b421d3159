"""Evaluator calibration on fresh games: Brier score and reliability per scenario, against
today's truncated-playout value (``advisor.value``).

    python benchmarks/evaluator_calibration.py [--games 100] [--seed 2] [--sample 30]
        [--playouts 8] [--scenario NAME ...]

Plays ``--games`` expert games of each scenario from master seed ``--seed`` (the models
were trained on seeds 11-13, Anni Horribiles' on 41-42: these are unseen), samples
positions as the training data does (``planet_king.evaluator.selfplay``) and prints, per
scenario, the Brier score of the packaged evaluator and of the levels' base rates in these
games, and the evaluator's reliability table; then, on ``--sample`` of the positions,
the Brier score of the evaluator and of ``--playouts`` truncated expert playouts each
(the rest of the turn, valued by the forecast as the advisor values an option, and by
the evaluator as its leaf value).
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from planet_king.content.loader import load_content
from planet_king.evaluator.calibration import Reliability, mean_brier, playout_levels, position
from planet_king.evaluator.features import FEATURES, SCENARIOS
from planet_king.evaluator.model import LEVELS, Evaluator
from planet_king.evaluator.selfplay import batch_rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=2)
    ap.add_argument("--sample", type=int, default=30)
    ap.add_argument("--playouts", type=int, default=8)
    ap.add_argument("--scenario", action="append", choices=SCENARIOS)
    a = ap.parse_args()
    ev = Evaluator.load()
    content = load_content()
    n = len(FEATURES)
    for sc in a.scenario or SCENARIOS:
        rows = batch_rows(sc, a.seed, 0, a.games, content=content)
        pairs = [
            (ev.predict_features(sc, [float(v) for v in r[3 : 3 + n]]).levels, LEVELS[r[3 + n]])
            for r in rows
        ]
        base = Counter(lv for _, lv in pairs)
        base_p = {lv: k / len(pairs) for lv, k in base.items()}
        print(f"\n{sc}: {len(rows)} positions from {a.games} games (seed {a.seed})")
        print(
            f"  Brier: evaluator {mean_brier(pairs):.4f}; base rates of these games "
            f"{mean_brier([(base_p, lv) for _, lv in pairs]):.4f}"
        )
        print(Reliability.of(pairs).text())
        if a.sample <= 0:
            continue
        rng = random.Random(f"calibration:{sc}:{a.seed}")
        picked = rng.sample(rows, min(a.sample, len(rows)))
        ev_pairs, po_pairs, pe_pairs = [], [], []
        t = time.process_time()
        for k, r in enumerate(picked):
            g = position(sc, int(r[1]), int(r[2]), content)
            if g.decision is None:
                continue
            level = LEVELS[r[3 + n]]
            ev_pairs.append((ev.predict(g).levels, level))
            po_pairs.append((playout_levels(g, a.playouts, seed=k), level))
            pe_pairs.append((playout_levels(g, a.playouts, seed=k, leaf="evaluator"), level))
        cpu = (time.process_time() - t) / max(1, len(po_pairs))
        print(
            f"  on {len(po_pairs)} of them: Brier evaluator {mean_brier(ev_pairs):.4f}, "
            f"truncated playouts ({a.playouts} each) valued by the forecast "
            f"{mean_brier(po_pairs):.4f}, by the evaluator {mean_brier(pe_pairs):.4f} "
            f"({cpu:.2f} CPU s a position for both)"
        )


if __name__ == "__main__":
    main()
