"""The game over in words: the result against the victory levels, the VP by turn, and
where the VP and the ducats went."""

from __future__ import annotations

from typing import TYPE_CHECKING

from planet_king.present.forecast_words import level_name, thresholds_text
from planet_king.present.phrases import plural

if TYPE_CHECKING:
    from planet_king.engine.game import Game


# ------------------------------------------------------------------ game over
# Where the VP came from, by the rule that gave or took them (Stats.vp_ledger), in the
# order the game over screen lists them.
VP_SOURCES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("wars", ("Wars /", "Actions / Political Actions (Embassy)", "Cooperative Game / VP")),
    ("the tables", ("End of Turn Phase / Determining",)),
    ("the heir", ("End of Turn Phase / Royal Family Mortality",)),
    (
        "the Valido",
        (
            "End of Turn Phase / Appointment of a New Valido",
            "Cooperative Game / Victory Points Earned by the King",
        ),
    ),
    ("explorations", ("Actions / Simple Actions (Conduct an Exploration)",)),
    ("Secret Memorials", ("Secret Memorial",)),
)
OTHER_VP = "events"


def vp_sources(game: Game) -> list[tuple[str, int]]:
    """Where the VP went: wars, the tables, the heir, the Valido, explorations, Secret
    Memorials and events (the rest), each as it moved the track; the ones that moved."""
    totals: dict[str, int] = {}
    for rule, n in game.state.stats.vp_ledger.items():
        where = next(
            (name for name, rules in VP_SOURCES if rule.startswith(rules)),
            OTHER_VP,
        )
        totals[where] = totals.get(where, 0) + n
    order = [name for name, _ in VP_SOURCES] + [OTHER_VP]
    return [(name, totals[name]) for name in order if totals.get(name)]


def ducat_sources(game: Game) -> list[tuple[str, int]]:
    """Where the ducats went, by source, the largest first: ("Income: castile", 12)."""
    by_name: dict[str, int] = {}
    for key, value in game.state.stats.ledger.items():
        kind, _, ident = key.partition(":")
        if not ident:
            kind, ident = "", key
        name = game.name(ident) if kind == "event" else ident.replace("-", " ").capitalize()
        by_name[name] = by_name.get(name, 0) + value
    rows = [(k, v) for k, v in by_name.items() if v]
    rows.sort(key=lambda kv: (-kv[1], kv[0]))
    return rows


def vp_by_turn(game: Game) -> list[tuple[str, int]]:
    """The VP at the end of each turn scored, then the final VP when the end of the game
    moved them (the Secret Memorials' count): the chart ends where the game did."""
    s = game.state
    first = game.scenario.first_turn
    rows = [(f"Turn {first + i:>2}", vp) for i, vp in enumerate(s.stats.vp_by_turn)]
    if s.over and (not rows or rows[-1][1] != s.vp):
        rows.append(("Final  ", s.vp))
    return rows


def game_over_summary(game: Game) -> list[str]:
    """The result in plain sentences: an automatic defeat said against the victory
    levels (ruling R45), or the level the VP reached; in co-op, who won."""
    s = game.state
    out: list[str] = []
    if s.defeat_cause:
        out.append(f"Automatic defeat: {s.defeat_cause}.")
        if game.hothead:
            return out
        out.append(
            f"The reign ended on turn {s.turn}, the scenario's last being "
            f"{game.scenario.last_turn}: an automatic "
            f"defeat is a loss whatever the VP, below every victory level, even a full "
            f"reign's Neither King nor Planet (ruling R45). Its {plural(s.vp, 'VP', 'VP')} "
            "are not counted against the levels."
        )
        out.append(f"The levels, for a reign that reaches its end: {thresholds_text(game)}.")
    elif not game.hothead:  # Hothead's log says its own conditions and level
        out.append(
            f"Victory level: {level_name(s.victory_level or '')} with {s.vp} VP "
            f"({thresholds_text(game)})."
        )
    if game.options.coop:
        out.append(f"The King has {s.vp_king} VP, the Valido {s.vp_valido}.")
    return out


def game_over_text(game: Game) -> str:
    """The game over for the plain-text mode: the result, the VP by turn, where the VP
    and the ducats went."""
    out = game_over_summary(game)
    turns = ", ".join(f"{' '.join(label.split())} {vp}" for label, vp in vp_by_turn(game))
    if turns:
        out.append(f"VP by turn: {turns}.")
    vp = "; ".join(f"{name} {n:+d}" for name, n in vp_sources(game)) or "none"
    out.append(f"Where the VP went: {vp}.")
    ducats = "; ".join(f"{name} {n:+d}" for name, n in ducat_sources(game)) or "none"
    out.append(f"Where the ducats went: {ducats}.")
    return "\n".join(out)
