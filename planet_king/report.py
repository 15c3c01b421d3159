"""The balance report: how hard each scenario is for each bot, written as Markdown."""

from __future__ import annotations

import math
from collections import Counter
from typing import TYPE_CHECKING, Any

from planet_king.content.loader import Content
from planet_king.engine.game import GameOptions
from planet_king.engine.rules.modes import DIFFICULTIES
from planet_king.engine.state import VictoryLevel
from planet_king.sim import VICTORY_LEVELS, simulate

if TYPE_CHECKING:
    from planet_king.cluster import Cluster

HISTORICAL_OR_BETTER = (VictoryLevel.MAJOR_VICTORY, VictoryLevel.HISTORICAL_OUTCOME)

SCENARIOS = ("hothead", "iupiter-hispano", "anni-mirabiles", "anni-horribiles", "the-planet-king")
# Any bot registered in planet_king.bots may be added with `report --bots`: the
# advisor-guided column (issue 16, section 3) joins the table that way.
BOTS = ("random", "greedy", "expert")
# Bots too slow for the whole reign (seconds a game of playouts): the report plays them
# in the short scenarios only, of at most SHORT_TURNS turns (all but The Planet King).
SHORT_ONLY = frozenset({"advisor"})
SHORT_TURNS = 4
DIFFICULTY_BOT = "expert"  # difficulty shifts are measured with the strongest bot


def mean_ci(values: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% confidence interval (normal approximation)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def paired_ci(before: list[float], after: list[float]) -> tuple[float, float]:
    """Mean paired difference (after - before, game by game on the same seeds) and the
    half-width of its 95% confidence interval."""
    return mean_ci([b - a for a, b in zip(before, after, strict=True)])


def share_ci(hits: int, n: int) -> str:
    """A share with the half-width of its 95% confidence interval."""
    mean, ci = mean_ci([1.0] * hits + [0.0] * (n - hits))
    return f"{mean:.1%} ± {ci:.1%}"


def automatic(game: dict[str, Any]) -> bool:
    return bool(game.get("defeat_cause"))


def defeat_turn(game: dict[str, Any], first_turn: int) -> int:
    """The turn whose End of Turn brought the automatic defeat."""
    return first_turn + len(game["vp_by_turn"]) - 1


def bar(share: float, width: int = 30) -> str:
    return "█" * round(share * width)


def section(result: dict[str, Any], content: Content) -> list[str]:
    games = result["games"]
    n = len(games)
    scen = content.scenarios[result["scenario"]]
    mean, ci = mean_ci([g["final_vp"] for g in games])
    lines = [f"### {scen.name} — {result['bot']} bot ({n} games, seed {result['seed']})", ""]
    t = scen.thresholds
    if t.major_victory is not None:
        lines.append(
            f"Thresholds: Major Victory {t.major_victory}+ VP, Historical Outcome "
            f"{t.historical_outcome}+, Defeat {t.defeat}+, below: Neither King nor "
            "Planet."
        )
    else:
        lines.append("Victory is not counted in VP (Hothead).")
    lines += [
        "",
        f"Mean final VP: **{mean:.2f} ± {ci:.2f}** (95% CI).",
        "",
        "| victory level | games | share | |",
        "|---|---:|---:|---|",
    ]
    levels = Counter(g["victory_level"] for g in games)
    for level in VICTORY_LEVELS:
        share = levels.get(level, 0) / n if n else 0
        lines.append(f"| {level} | {levels.get(level, 0)} | {share:.1%} | {bar(share)} |")
    turns = max((len(g["vp_by_turn"]) for g in games), default=0)
    if turns > 1:
        lines += [
            "",
            "Mean VP at the end of each turn (games still running):",
            "",
            "| turn | games | mean VP |",
            "|---:|---:|---:|",
        ]
        for i in range(turns):
            vps = [g["vp_by_turn"][i] for g in games if len(g["vp_by_turn"]) > i]
            lines.append(f"| {scen.first_turn + i} | {len(vps)} | {sum(vps) / len(vps):.2f} |")
    causes = Counter(g["defeat_cause"] for g in games if g.get("defeat_cause"))
    if causes:
        lines += ["", "Commonest automatic-defeat causes:", ""]
        for cause, k in causes.most_common(5):
            lines.append(f"- {cause}: {k} ({k / n:.1%})")
        lines += causes_by_turn(games, scen.first_turn, scen.last_turn)
    ledger: Counter[str] = Counter()
    for g in games:
        ledger.update(g["ledger"])
    if ledger:
        lines += [
            "",
            "Ducats by source (mean per game):",
            "",
            "| source | ducats | |",
            "|---|---:|---|",
        ]
        top = max(abs(v) for v in ledger.values()) or 1
        for source, total in sorted(ledger.items(), key=lambda kv: kv[1]):
            lines.append(f"| {source} | {total / n:+.2f} | {bar(abs(total) / top, 20)} |")
    lines.append("")
    return lines


def causes_by_turn(games: list[dict[str, Any]], first: int, last: int) -> list[str]:
    """Automatic defeats by the turn they came and their cause (share of all games)."""
    n = len(games)
    by: Counter[tuple[str, int]] = Counter(
        (g["defeat_cause"], defeat_turn(g, first)) for g in games if automatic(g)
    )
    turns = list(range(first, last + 1))
    lines = [
        "",
        "Automatic defeats by turn (share of all games):",
        "",
        "| cause | " + " | ".join(f"T{t}" for t in turns) + " | all |",
        "|---|" + "---:|" * (len(turns) + 1),
    ]
    for cause in sorted({c for c, _ in by}, key=lambda c: -sum(by[(c, t)] for t in turns)):
        row = [by[(cause, t)] for t in turns]
        cells = " | ".join(f"{k / n:.1%}" if k else "" for k in row)
        lines.append(f"| {cause} | {cells} | {sum(row) / n:.1%} |")
    return lines


def difficulty_table(
    games: int,
    seed: int,
    content: Content,
    bot: str = DIFFICULTY_BOT,
    workers: int = 1,
    cluster: Cluster | None = None,
) -> list[str]:
    """How each difficulty level shifts the outcome, the automatic defeats and their
    commonest turn, for one bot on the same seeds."""
    lines = [
        f"## Difficulty levels ({bot} bot, {games} games each, seed {seed})",
        "",
        "| scenario | difficulty | mean VP ± 95% CI | major | historical or better "
        "| automatic defeat | commonest defeat turn |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    for scenario in SCENARIOS:
        scen = content.scenarios[scenario]
        for level in DIFFICULTIES:
            r = simulate(
                scenario,
                games,
                seed,
                bot,
                options=GameOptions(difficulty=level),
                content=content,
                workers=workers,
                cluster=cluster,
            )
            gs = r["games"]
            n = len(gs)
            mean, ci = mean_ci([g["final_vp"] for g in gs])
            major = sum(g["victory_level"] == VictoryLevel.MAJOR_VICTORY for g in gs)
            hist = sum(g["victory_level"] in HISTORICAL_OR_BETTER for g in gs)
            auto = [defeat_turn(g, scen.first_turn) for g in gs if automatic(g)]
            turn = Counter(auto).most_common(1)[0][0] if auto else "-"
            lines.append(
                f"| {scenario} | {level} | {mean:.2f} ± {ci:.2f} | {share_ci(major, n)} | "
                f"{share_ci(hist, n)} | {share_ci(len(auto), n)} | {turn} |"
            )
    return [*lines, ""]


def goal(game: dict[str, Any]) -> float:
    """The advisor's utility of a finished game: the victory level (an automatic defeat
    the worst), VP as the tie-break (``advisor.value.utility``)."""
    from planet_king.advisor.value import AUTOMATIC_DEFEAT, utility

    level = AUTOMATIC_DEFEAT if automatic(game) else game["victory_level"]
    return utility(level, game["final_vp"])


def advice_against_policy(
    results: list[dict[str, Any]], guided: str = "advisor", alone: str = DIFFICULTY_BOT
) -> list[str]:
    """Advisor-guided play against its policy bot alone, game by game on the same seeds:
    the paired differences (guided - alone) with their 95% confidence intervals."""
    by = {(r["scenario"], r["bot"]): r["games"] for r in results}
    rows = []
    for scenario in SCENARIOS:
        if (scenario, guided) not in by or (scenario, alone) not in by:
            continue
        a, b = by[scenario, alone], by[scenario, guided]
        measures = {
            "utility": goal,
            "VP": lambda g: float(g["final_vp"]),
            "historical or better": lambda g: float(g["victory_level"] in HISTORICAL_OR_BETTER),
            "major": lambda g: float(g["victory_level"] == VictoryLevel.MAJOR_VICTORY),
            "automatic defeat": lambda g: float(automatic(g)),
        }
        cells = []
        for name, f in measures.items():
            d, ci = paired_ci([f(g) for g in a], [f(g) for g in b])
            pct = name not in ("utility", "VP")
            cells.append(f"{d:+.1%} ± {ci:.1%}" if pct else f"{d:+.3f} ± {ci:.3f}")
        rows.append(f"| {scenario} | {len(a)} | " + " | ".join(cells) + " |")
    if not rows:
        return []
    return [
        f"## Advisor-guided play against the {alone} bot alone",
        "",
        f"The `{guided}` bot plays the {alone} bot's choice unless its playouts find a "
        "clearly better one; the differences are paired game by game on the same seeds "
        "(guided minus alone), ± the half-width of their 95% confidence interval. Utility: "
        "the victory level (automatic defeat 0, Neither King nor Planet 1, Defeat 2, "
        "Historical Outcome 3, Major Victory 4) plus 0.01 per VP.",
        "",
        "| scenario | games | utility | VP | historical or better | major | automatic defeat |",
        "|---|---:|---:|---:|---:|---:|---:|",
        *rows,
        "",
    ]


def barbary_cost(results: list[dict[str, Any]]) -> str | None:
    """The designer's estimate: about five ducats lost to the Barbary pirates in a full
    Planet King game. What does ours cost under the greedy bot?"""
    for r in results:
        if r["scenario"] == "the-planet-king" and r["bot"] == "greedy":
            games = r["games"]
            lost = sum(-g["ledger"].get("event:barbary-pirates", 0) for g in games)
            turns = sum(len(g["vp_by_turn"]) for g in games)
            per_turn = lost / turns if turns else 0.0
            return (
                f"Barbary pirates under the greedy bot: {lost / len(games):.2f} ducats a "
                f"game over {turns / len(games):.2f} turns on average, "
                f"{per_turn:.2f} a turn, so about {8 * per_turn:.1f} over a full "
                "eight-turn reign (the designer estimates about five)."
            )
    return None


def with_provenance(text: str, line: str) -> str:
    """The report with ``line`` (what it was run on, how long it took: known only once
    it is built) as the paragraph after its first."""
    head, sep, rest = text.partition("\n\n## Summary")
    return f"{head}\n\n{line}{sep}{rest}"


def machine() -> str:
    """This machine, in the words of the provenance line."""
    import platform

    from planet_king.advisor.pool import cores

    return (
        f"a machine of {cores()} cores ({platform.system()} {platform.machine()}, "
        f"Python {platform.python_version()})"
    )


def short(content: Content, scenario: str) -> bool:
    scen = content.scenarios[scenario]
    return scen.last_turn - scen.first_turn + 1 <= SHORT_TURNS


def build(
    games: int,
    seed: int,
    content: Content,
    bots: tuple[str, ...] = BOTS,
    difficulty_games: int = 0,
    workers: int = 1,
    cluster: Cluster | None = None,
) -> tuple[str, list[dict[str, Any]]]:
    """The report: every scenario for every bot on the same seeds; with
    ``difficulty_games``, the difficulty levels too. ``workers`` and ``cluster`` change
    only the time it takes (each game has its own seed)."""
    results = [
        simulate(s, games, seed, b, content=content, workers=workers, cluster=cluster)
        for s in SCENARIOS
        for b in bots
        if b not in SHORT_ONLY or short(content, s)
    ]
    slow = [b for b in bots if b in SHORT_ONLY]
    lines = [
        "# Balance report",
        "",
        f"Generated by `planet-king report --games {games}"
        + (f" --difficulty-games {difficulty_games}" if difficulty_games else "")
        + (f" --bots {','.join(bots)}" if bots != BOTS else "")
        + f"` (seed {seed}, data {content.version}). Every scenario, each bot "
        f"({', '.join(bots)}) on the same seeds; figures are per game, ± the half-width "
        "of the 95% confidence interval."
        + (
            f" {', '.join(slow)}: scenarios of {SHORT_TURNS} turns or fewer only "
            "(playouts at every decision cost seconds a game)."
            if slow
            else " The advisor-guided bot (`advisor`) is added with `--bots`."
        ),
        "",
    ]
    lines += [
        "## Summary",
        "",
        "| scenario | bot | mean VP ± 95% CI | major | historical | defeat | neither "
        "| major ± CI | automatic defeat ± CI |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        mean, ci = mean_ci([g["final_vp"] for g in r["games"]])
        lv = r["summary"]["victory_levels"]
        n = len(r["games"])
        auto = sum(automatic(g) for g in r["games"])
        lines.append(
            f"| {r['scenario']} | {r['bot']} | {mean:.2f} ± {ci:.2f} | "
            + " | ".join(f"{lv[k] / n:.0%}" for k in VICTORY_LEVELS)
            + f" | {share_ci(lv[VictoryLevel.MAJOR_VICTORY], n)} | {share_ci(auto, n)} |"
        )
    note = barbary_cost(results)
    if note:
        lines += ["", note]
    lines += [""]
    lines += advice_against_policy(results)
    if difficulty_games:
        lines += difficulty_table(difficulty_games, seed, content, workers=workers, cluster=cluster)
    lines += ["## Details", ""]
    for r in results:
        lines += section(r, content)
    return "\n".join(lines) + "\n", results
