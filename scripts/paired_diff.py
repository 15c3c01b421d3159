"""Paired difference of two `simulate --json` runs on the same seeds (e.g. two data folders,
or two bots).

For automatic defeat, major victory, VP and the advisor's utility (the level first, 0.01
per VP): the share or mean before and after, and the mean paired difference with the
half-width of its 95% confidence interval (normal approximation over the per-game
differences). The runs must have the same scenario, master seed and game count, so game
i is played from the same seed in both; the bots may differ (each bot's seed is derived
from the game's, as ``simulate`` does).

    python scripts/paired_diff.py before.json after.json [--cause-by-turn]
    python scripts/paired_diff.py b7.json a7.json b11.json a11.json   # pooled over seeds

Several pairs (before, after, before, after, ...) pool their games: each pair is checked as
above, and the figures are over all the pairs' games.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path
from typing import Any

from planet_king.advisor.value import utility
from planet_king.content.loader import load_content
from planet_king.report import defeat_turn
from planet_king.report import paired_ci as paired


def metrics(game: dict[str, Any]) -> dict[str, float]:
    automatic = game.get("ended_by") == "automatic-defeat"
    level = "automatic-defeat" if automatic else game["victory_level"]
    return {
        "automatic defeat": 1.0 if game.get("defeat_cause") else 0.0,
        "major victory": 1.0 if game["victory_level"] == "major-victory" else 0.0,
        "VP": float(game["final_vp"]),
        "utility": utility(level, float(game["final_vp"])),
    }


def causes(games: list[dict[str, Any]], first_turn: int) -> Counter[str]:
    out: Counter[str] = Counter()
    for g in games:
        if g.get("defeat_cause"):
            out[f"T{defeat_turn(g, first_turn)} {g['defeat_cause']}"] += 1
    return out


def load_pair(before: str, after: str) -> tuple[dict[str, Any], dict[str, Any]]:
    x, y = (json.loads(Path(p).read_text(encoding="utf-8")) for p in (before, after))
    for key in ("scenario", "seed"):
        if x[key] != y[key]:
            raise SystemExit(f"{key} differs: {x[key]} vs {y[key]}")
    if [g["seed"] for g in x["games"]] != [g["seed"] for g in y["games"]]:
        raise SystemExit("the runs were not played on the same seeds")
    return x, y


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("runs", nargs="+", metavar="before after", help="pairs of simulate --json")
    ap.add_argument("--cause-by-turn", action="store_true")
    a = ap.parse_args()
    if len(a.runs) % 2:
        raise SystemExit("give the runs in pairs: before after [before after ...]")
    pairs = [load_pair(b, f) for b, f in zip(a.runs[::2], a.runs[1::2], strict=True)]
    x, y = pairs[0]
    if len({p[0]["scenario"] for p in pairs}) > 1:
        raise SystemExit("pooled pairs must be of one scenario")
    gx = [g for p in pairs for g in p[0]["games"]]
    gy = [g for p in pairs for g in p[1]["games"]]
    same = sum(1 for a_, b_ in zip(gx, gy, strict=True) if a_["log_digest"] == b_["log_digest"])
    seeds = ", ".join(str(p[0]["seed"]) for p in pairs)
    print(
        f"{x['scenario']}, {x['bot']} -> {y['bot']}, {len(gx)} games (seed {seeds}); data "
        f"{x['data_version']} -> {y['data_version']}; {same} games identical"
    )
    for name in ("automatic defeat", "major victory", "VP", "utility"):
        before = [metrics(g)[name] for g in gx]
        after = [metrics(g)[name] for g in gy]
        d, ci = paired(before, after)
        mb, ma = sum(before) / len(before), sum(after) / len(after)
        if name in ("VP", "utility"):
            print(f"  mean {name}: {mb:.3f} -> {ma:.3f} ({d:+.3f} ± {ci:.3f})")
        else:
            print(f"  {name}: {mb:.1%} -> {ma:.1%} ({d * 100:+.1f} ± {ci * 100:.1f} points)")
    if a.cause_by_turn:
        first = load_content().scenarios[x["scenario"]].first_turn
        cx, cy = causes(gx, first), causes(gy, first)
        for key in sorted(set(cx) | set(cy)):
            print(f"    {key}: {cx[key]} -> {cy[key]}")


if __name__ == "__main__":
    main()
