"""Anatomy of automatic defeats: what the King's happiness and prestige were made of.

Plays ``--games`` games of a scenario with a bot, on the seeds `simulate --seed` uses, and
reads each game's log: every End of Turn count (the breakdown lines the scoring code
writes) and every prestige or happiness marker with its cause. Prints the defeats by turn
and cause; by turn, the mean parts of prestige and happiness over all games and over the
turns that ended in defeat; who was Royal Mistress and Queen; the markers' causes in
the defeat turns; and how each war ended, a game. It reads the log only, so it measures
the rules as they are.

    python scripts/defeat_anatomy.py the-planet-king --games 100 --bot expert
    python scripts/defeat_anatomy.py the-planet-king --data-dir /tmp/variant/data
"""

from __future__ import annotations

import argparse
import re
from collections import Counter, defaultdict
from pathlib import Path

from planet_king.content.loader import load_content
from planet_king.sim import game_seed, play_one

COUNT = re.compile(r"^(Enlightenment|Prestige|King's happiness): (-?\d+) \((.*)\) → ")
MARKER = re.compile(r"^([+-]\d+) (prestige|happiness) marker \((.*)\)\.$")
PART = re.compile(r"^(.*) ([+-]\d+)$")
WAR_END = re.compile(r"^(.*) ends in (victory|defeat|peace)\.$")


def parts(detail: str) -> list[tuple[str, int]]:
    out = []
    for item in detail.split(", "):
        m = PART.match(item)
        if m:
            out.append((m.group(1), int(m.group(2))))
    return out


def top(counter: Counter[str], n: int, k: int = 8) -> str:
    items = sorted(counter.items(), key=lambda x: -abs(x[1]))[:k]
    return "; ".join(f"{label} {v / n:+.2f}" for label, v in items)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("scenario")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bot", default="expert")
    ap.add_argument("--data-dir", type=Path, default=None)
    a = ap.parse_args()
    content = load_content(a.data_dir)
    # A breakdown line is split at ", ", so a name with a comma ("María Inés Calderón, La
    # Calderona") shows as its last part.
    lady_names = {content.name(lid).split(", ")[-1]: lid for lid in content.ladies}
    seen: Counter[int] = Counter()
    totals: dict[tuple[str, int], list[int]] = defaultdict(list)
    mean_parts: dict[tuple[str, int], Counter[str]] = defaultdict(Counter)
    defeat_parts: dict[tuple[str, int], Counter[str]] = defaultdict(Counter)
    defeat_markers: dict[tuple[str, int], Counter[str]] = defaultdict(Counter)
    ladies_by_turn: dict[int, Counter[str]] = defaultdict(Counter)
    defeats: Counter[tuple[str, int]] = Counter()
    wars_ended: Counter[tuple[str, str]] = Counter()  # (war, how) over all games
    for i in range(a.games):
        seed = game_seed(a.seed, i)
        game, _ = play_one(a.scenario, seed, a.bot, content=content)
        counts: dict[int, dict[str, list[tuple[str, int]]]] = defaultdict(dict)
        markers: dict[int, dict[str, Counter[str]]] = defaultdict(lambda: defaultdict(Counter))
        for e in game.log_entries:
            m = COUNT.match(e.text)
            if m:
                counts[e.turn][m.group(1)] = parts(m.group(3))
                totals[(m.group(1), e.turn)].append(int(m.group(2)))
                continue
            m = MARKER.match(e.text)
            if m:
                markers[e.turn][m.group(2)][m.group(3)] += int(m.group(1))
                continue
            m = WAR_END.match(e.text)
            if m:
                wars_ended[(m.group(1), m.group(2))] += 1
        cause = game.state.defeat_cause or ""
        last = max(counts) if counts else 0
        if cause:
            defeats[(cause, last)] += 1
        for turn, c in counts.items():
            seen[turn] += 1
            for what, ps in c.items():
                for label, p in ps:
                    mean_parts[(what, turn)][label] += p
                    if cause and turn == last:
                        defeat_parts[(what, turn)][label] += p
            # The happiness count names the Queen and the Royal Mistress (if any).
            present = [lbl for lbl, _ in c.get("King's happiness", []) if lbl in lady_names]
            for lbl in present:
                ladies_by_turn[turn][lady_names[lbl]] += 1
            if cause and turn == last:
                for what in ("prestige", "happiness"):
                    for why, v in markers[turn][what].items():
                        defeat_markers[(what, turn)][why] += v
    n_games = a.games
    print(f"{a.scenario}, {a.bot}, {n_games} games, data {content.version}")
    by_turn: Counter[int] = Counter()
    for (cause, turn), k in sorted(defeats.items(), key=lambda x: (x[0][1], x[0][0])):
        by_turn[turn] += k
        print(f"  defeat T{turn}: {cause}: {k} ({k / n_games:.1%})")
    print(f"  automatic defeats: {sum(defeats.values()) / n_games:.1%}")
    for what in ("Prestige", "King's happiness"):
        print(f"\n{what}: mean parts by turn (games that counted the turn)")
        for turn in sorted(seen):
            n = seen[turn]
            tot = totals[(what, turn)]
            print(f"  T{turn} n={n} mean={sum(tot) / n:.2f}: {top(mean_parts[(what, turn)], n)}")
        print(f"{what}: mean parts in the turns that ended in automatic defeat")
        for turn in sorted(by_turn):
            k = by_turn[turn]
            print(f"  T{turn} defeats={k}: {top(defeat_parts[(what, turn)], k)}")
    for what in ("prestige", "happiness"):
        print(f"\n{what} markers by cause, mean per defeat turn")
        for turn in sorted(by_turn):
            k = by_turn[turn]
            print(f"  T{turn} defeats={k}: {top(defeat_markers[(what, turn)], k, 6)}")
    print("\nwars ended, a game: in defeat, in victory, in peace (End of a War; Embassy)")
    for war in sorted({w for w, _ in wars_ended}):
        ends = [wars_ended[(war, how)] / n_games for how in ("defeat", "victory", "peace")]
        print(f"  {war}: " + ", ".join(f"{x:.2f}" for x in ends))
    print("\nladies counted at the End of Turn (share of games that counted the turn)")
    for turn in sorted(seen):
        n = seen[turn]
        row = sorted(ladies_by_turn[turn].items(), key=lambda x: -x[1])
        print(f"  T{turn}: " + ", ".join(f"{lid} {k / n:.0%}" for lid, k in row))


if __name__ == "__main__":
    main()
