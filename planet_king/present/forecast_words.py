"""The End of Turn forecast (``engine.forecast``) and the victory levels in sentences:
the scores and their danger, the Treasury, the VP and the level they reach, each said
once for the TUI (which adds colour) and the plain-text mode."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from planet_king.engine.forecast import Forecast, ScoreForecast, forecast
from planet_king.engine.state import VictoryLevel
from planet_king.present.phrases import plural

if TYPE_CHECKING:
    from planet_king.engine.game import Game


SCORE_LABEL = {
    "enlightenment": "Enlightenment",
    "prestige": "Prestige",
    "happiness": "Happiness",
}
LEVELS: dict[str, str] = {  # a VictoryLevel -> its name
    VictoryLevel.MAJOR_VICTORY: "Major Victory",
    VictoryLevel.HISTORICAL_OUTCOME: "Historical Outcome",
    VictoryLevel.DEFEAT: "Defeat",
    VictoryLevel.NEITHER_KING_NOR_PLANET: "Neither King nor Planet",
}


DANGER_WORD = {
    "defeat": "AUTOMATIC DEFEAT",
    "critical": "1 point from defeat",
    "low": "2 points from defeat",
    "safe": "",
}


def level_name(level: str) -> str:
    return LEVELS.get(level, level.replace("-", " ").capitalize())


@dataclass(frozen=True)
class Line:
    """One line of the forecast and how worrying it is (defeat, critical, low, safe, or
    "" for a line that carries no danger)."""

    text: str
    danger: str = ""


def score_line(sf: ScoreForecast) -> Line:
    """A score, its table row and its distance to the automatic-defeat line."""
    label = f"{SCORE_LABEL[sf.name]:<13} {sf.points:>3}"
    if not sf.counted:
        return Line(f"{label}  not counted in War-Only mode")
    if sf.row.defeat:
        return Line(f"{label}  AUTOMATIC DEFEAT (at {sf.defeat_at} or less)", "defeat")
    return Line(f"{label}  {sf.effects()}  ({sf.margin} above defeat)", sf.danger)


def treasury_line(f: Forecast) -> Line:
    t = f.treasury
    parts = [f"Treasury {t.now}"]
    if t.upkeep:
        parts.append(f"- {t.upkeep_total} upkeep")
    if t.income:
        parts.append(f"+ {t.income_total} income")
    tables = sum(n for _, n in t.tables)
    if tables:
        parts.append(f"{'+' if tables > 0 else '-'} {abs(tables)} at the tables")
    if t.cleanup:
        parts.append(f"+ {sum(n for _, n in t.cleanup)} at Clean-up")
    text = " ".join(parts) + f" -> {t.end}/12"
    if t.bankruptcies:
        text += f"; {plural(t.bankruptcies, 'bankruptcy', 'bankruptcies')} at the tables"
        return Line(text, "low")
    return Line(text)


def treasury_detail(f: Forecast) -> list[str]:
    """Each sum the Treasury line adds up, named."""
    t = f.treasury
    out = [f"upkeep: {cause} -{n}" for cause, n in t.upkeep]
    out += [f"income: {cause} +{n}" for cause, n in t.income]
    out += [f"{name} table: {n:+d}" for name, n in t.tables]
    out += [f"Clean-up: {cause} +{n}" for cause, n in t.cleanup]
    return out


def thresholds_text(g: Game) -> str:
    """The scenario's victory levels in VP, or its own condition (Hothead)."""
    t = g.scenario.thresholds
    if t.major_victory is None or t.historical_outcome is None or t.defeat is None:
        return "victory is not counted in VP in this scenario"
    return (
        f"Major Victory {t.major_victory}+ · Historical Outcome "
        f"{t.historical_outcome}-{t.major_victory - 1} · Defeat {t.defeat}-"
        f"{t.historical_outcome - 1} · Neither King nor Planet {t.defeat - 1} or less"
    )


def short_thresholds(g: Game) -> str:
    """The thresholds in short: Major 20+, Historical 15+, Defeat 11+ (else Neither)."""
    t = g.scenario.thresholds
    if t.major_victory is None or t.historical_outcome is None or t.defeat is None:
        return ""
    return f"Major {t.major_victory}+ · Historical {t.historical_outcome}+ · Defeat {t.defeat}+"


def vp_line(g: Game, f: Forecast) -> Line:
    """VP now and after the End of Turn (the tables, the heir, the Valido), and the level
    those VP reach; in co-op, each role's."""
    roles = ""
    if g.options.coop:
        s = g.state
        roles = f" (King {s.vp_king} -> {f.vp_king_end}, Valido {s.vp_valido} -> {f.vp_valido_end})"
    return Line(f"VP {f.vp_now} -> {f.vp_end} after the turn{roles} · {level_name(f.level_end)}")


def vp_detail(f: Forecast) -> str:
    """Every VP the End of Turn gives or takes, in its order: "the prestige table +1; a
    male heir is alive +1; Olivares kept as Valido: ... -1"; "" if none."""
    return "; ".join(f"{why} {n:+d}" for why, n, _ in f.vp_changes)


def effect_label(label: str, effect: str | None) -> str:
    """An option's label with what it changes at this End of Turn, when it says so."""
    return f"{label}  ({effect})" if effect else label


def level_line(g: Game, f: Forecast) -> Line:
    """The thresholds and the turns left; Hothead: its goal as it stands."""
    if not f.level_now:
        return Line(f"Goal: {f.goal}", "safe" if f.goal.endswith("Major Victory") else "low")
    left = f.last_turn - f.turn
    when = "last turn" if left == 0 else f"{plural(left, 'turn')} left"
    return Line(f"{short_thresholds(g)} · {when}")


SETTING_UP = "Set-up: the Court is still being formed, so the scores start low."


def forecast_lines(g: Game, f: Forecast | None = None) -> list[Line]:
    """The forecast in the order the Council of State shows it."""
    f = f or forecast(g)
    if not f.has_end_of_turn:
        return [Line("No End of Turn in this scenario: no score is counted."), level_line(g, f)]
    lines = [score_line(s) for s in f.scores]
    if g.state.phase == "setup":
        lines.insert(0, Line(SETTING_UP))
    lines.append(treasury_line(f))
    lines.append(vp_line(g, f))
    lines.append(level_line(g, f))
    if f.risks:
        lines.append(Line("Left to chance: " + "; ".join(f.risks)))
    return lines


def forecast_detail(g: Game, f: Forecast | None = None) -> list[str]:
    """What makes each score and the Treasury, line by line, as the End of Turn would
    count them: "Prestige: Elisabeth of France +2; no legitimate child alive -1"."""
    f = f or forecast(g)
    if not f.has_end_of_turn:
        return []
    out = []
    for sc in f.scores:
        if sc.counted:
            parts = "; ".join(f"{what} {n:+d}" for what, n in sc.lines) or "nothing yet"
            out.append(f"{SCORE_LABEL[sc.name]}: {parts}")
    money = treasury_detail(f)
    if money:
        out.append("Treasury: " + "; ".join(money))
    vp = vp_detail(f)
    if vp:
        out.append(f"VP: {vp}")
    return out


def forecast_text(g: Game) -> str:
    """The forecast for the plain-text mode: every line, dangers said in words."""
    f = forecast(g)
    head = "If the turn ended now (End of Turn forecast):"
    if not f.has_end_of_turn:
        head = "The scenario's goal:"
    out = [head]
    short = level_line(g, f).text  # said in full below, for the standard scenarios
    for line in forecast_lines(g, f):
        if f.has_end_of_turn and line.text == short:
            continue
        out.append(f"  {line.text}")  # a score's danger is in its words already
    if f.has_end_of_turn:
        left = f.last_turn - f.turn
        when = "this is the last turn" if left == 0 else f"{plural(left, 'turn')} left"
        out.append(f"  Victory thresholds: {thresholds_text(g)}; {when}")
        out.append("  What makes them:")
        out += [f"    {line}" for line in forecast_detail(g, f)]
    return "\n".join(out)


def warned_label(label: str, warning: str | None) -> str:
    """An option's label with the forecast's warning, when it has one."""
    return f"{label}  !! {warning}" if warning else label
