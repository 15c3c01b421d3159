"""What the player reads, in words, shared by the full screen and the plain-text mode.

The forecast of the End of Turn (``engine.forecast``), the victory thresholds and the
notables' ratings and traits are put into sentences here once, so the TUI (which adds
colour) and the plain-text mode (which adds nothing) say the same thing. No rule is
counted here: every figure comes from the engine.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from planet_king.content.models import Genius
from planet_king.engine.forecast import Forecast, ScoreForecast, forecast
from planet_king.engine.state import VictoryLevel

if TYPE_CHECKING:
    from planet_king.engine.decisions import Role
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
PHASES = {
    "setup": "Set-up",
    "organisation": "Organisation phase",
    "events": "Events phase",
    "end-of-turn": "End of Turn phase",
    "over": "Game over",
}
# danger -> how the plain-text mode says it (the TUI says it in colour as well)
DANGER_WORD = {
    "defeat": "AUTOMATIC DEFEAT",
    "critical": "1 point from defeat",
    "low": "2 points from defeat",
    "safe": "",
}


def plural(n: int, one: str, many: str | None = None) -> str:
    """``plural(1, "ducat")`` -> "1 ducat"; ``plural(2, "tercio")`` -> "2 tercios"."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


# The End of Turn's steps in words (the rulebook's order: End of Turn Phase / Overview).
END_OF_TURN_STEPS = {
    "player actions": "the player's actions",
    "construction": "construction and levies",
    "revolts": "revolts",
    "indies": "the Indies",
    "income": "income",
    "mortality": "royal family mortality",
    "scores": "the scoring tables",
    "valido": "keep or change the Valido",
}


def phase_name(game: Game) -> str:
    """ "End of Turn phase · income": the phase and, in the End of Turn, its step in words.
    (The step marker outlives its phase: "Organisation phase · valido" meant nothing.)"""
    s = game.state
    name = PHASES.get(s.phase, s.phase)
    step = getattr(s, "step", "") if s.phase == "end-of-turn" else ""
    return f"{name} · {END_OF_TURN_STEPS.get(step, step)}" if step else name


def turn_text(game: Game) -> str:
    """The turn against the scenario's turns: "1 of 4 (1621-1645)"; a scenario that
    starts later says its span, "6, the 2nd of turns 5-8 (1647-1665)"; a one-turn
    scenario "1, the only turn (1621-1626)" (issue 32: "Turn 1 of 1-4")."""
    scen, turn = game.scenario, game.state.turn
    first, last = scen.first_turn, scen.last_turn
    if first == last:
        where = "the only turn"
        return f"{turn}, {where} ({scen.years})"
    if first == 1:
        return f"{turn} of {last} ({scen.years})"
    return f"{turn}, the {ordinal(turn - first + 1)} of turns {first}-{last} ({scen.years})"


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


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


# ------------------------------------------------------------------ memorials
def memorial_note(game: Game, role: Role) -> str:
    """When the Secret Memorials are read, in words for ``m``: the turns this scenario
    has (ruling R59), or why a game has none (ruling R87)."""
    from planet_king.engine.rules import memorials

    if memorials.chosen(game) and not memorials.readable(game):
        if game.hothead:
            return "Hothead is played without Secret Memorials."
        return (
            f"{game.scenario.name} has one turn: a Secret Memorial is first read in the "
            "game's second turn, so none is used (ruling R87)."
        )
    if not memorials.in_use(game):
        return "This game is played without Secret Memorials."
    turns = memorials.read_turns(game)
    if game.options.coop:
        return f"Each player reads his own in the Organisation phase of turn {turns[0]}."
    return (
        f"One is revealed, of your choice, in the Organisation phase of turn {turns[0]}, "
        f"the other in turn {turns[1]}."
    )


# ------------------------------------------------------------------ notables
TRAIT_WORDS: dict[str, str] = {
    "writer": "writer",
    "musician": "musician",
    "patron": "patron of the arts",
    "explorer": "explorer",
    "admiral": "admiral",
    "fortune": "fortunate",
    "brave": "brave",
    "father": "father (his son follows him)",
    "son": "son of a noble",
    "libertine": "libertine",
    "corrupt": "corrupt",
    "loyal": "loyal",
    "industrious": "industrious",
    "charismatic": "charismatic",
    "tactician": "tactician",
    "advisor": "advisor",
    "mercenary": "mercenary",
}


def rating(game: Game, nid: str, card: Any, which: str) -> str:
    """A rating, with a rolled "?" shown as what it rolled (Juan José, Pacheco)."""
    value = getattr(card, which, 0)
    if value != "?":
        return str(value)
    rolled = game.state.rolled_ratings
    got = rolled.get(f"{nid}:{which}", rolled.get(nid))
    return f"?={got}" if got is not None else "?"


def subject_line(game: Game) -> str | None:
    """The notable a decision places or moves, with what the choice needs: his ratings,
    traits and the turns his leader counter serves (issue 32: "Where does Manuel de Moura
    go?" showed none). None when the decision is not about a notable."""
    d = game.decision
    nid = d.subject if d is not None else None
    if nid is None or nid not in game.content.notables:
        return None
    parts = [notable_summary(game, nid)]
    leader = getattr(game.content.notables[nid], "leader", None)
    if leader is not None:
        from planet_king.engine.rules.wars import turn_span

        parts.append(f"his leader counter serves turns {turn_span(leader.turns)}")
    return f"{game.name(nid)}: {', '.join(p for p in parts if p)}"


def notable_summary(game: Game, nid: str | None) -> str:
    """A notable's ratings and traits in one short phrase: nobles "M1 P2 G3, prestige 1,
    tactician, strategy 3"; ladies "prestige 2, happiness 1, fertility 3"; geniuses
    "painting 3". "" for anything that is not a notable."""
    if nid is None:
        return ""
    card = game.content.notables.get(nid)
    if card is None:
        return ""
    parts: list[str] = []
    if hasattr(card, "political"):  # a noble
        parts.append(
            f"M{rating(game, nid, card, 'military')} P{card.political} "
            f"G{rating(game, nid, card, 'government')}"
        )
    if isinstance(card, Genius):
        parts.append(f"{card.art} {card.enlightenment}")
    prestige = getattr(card, "prestige", 0)
    if prestige:
        parts.append(f"prestige {prestige:+d}")
    for field in ("happiness", "fertility"):
        value = getattr(card, field, 0)
        if value:
            parts.append(f"{field} {value}")
    arts = getattr(card, "enlightenment", None)
    if isinstance(arts, dict) and arts:
        parts.append(", ".join(f"{art} {n}" for art, n in arts.items()))
    traits = list(getattr(card, "traits", []))
    leader = getattr(card, "leader", None)
    if leader is not None:  # the leader counter's own marks count as traits too
        traits += [t for t in ("tactician", "admiral") if getattr(leader, t) and t not in traits]
    parts += [TRAIT_WORDS.get(t, t) for t in traits]
    if leader is not None:
        parts.append(f"strategy {leader.strategy}" + (f", +{leader.sp} SP" if leader.sp else ""))
    return ", ".join(parts)


# ------------------------------------------------------------------ wars
UNIT_WORDS: dict[str, tuple[str, str]] = {
    "tercio": ("tercio", "tercios"),
    "veteran": ("old tercio", "old tercios"),
    "veteran-flipped": ("old tercio (1 SP side)", "old tercios (1 SP side)"),
    "provincial": ("provincial tercio", "provincial tercios"),
    "nations": ("tercio of Nations", "tercios of Nations"),
    "english": ("English tercio", "English tercios"),
    "french": ("French tercio", "French tercios"),
    "habsburg": ("Habsburg tercio", "Habsburg tercios"),
    "catalan": ("Catalan tercio", "Catalan tercios"),
    "fleet": ("fleet", "fleets"),
}


def units_phrase(units: dict[str, int]) -> str:
    """Units counted with their plurals: 1 fleet, 2 tercios of Nations; or "no units"."""
    held = [plural(n, *UNIT_WORDS.get(k, (k, k + "s"))) for k, n in sorted(units.items()) if n]
    return ", ".join(held) if held else "no units"


def war_track(game: Game, war_id: str) -> tuple[str, str, str]:
    """The track in three parts, enemy end first: ("4 3 2 ", "[1]", " 0 1 2 3 4") — the
    marker in brackets, the enemy's spaces on the left, Spain's on the right."""
    war = game.content.wars[war_id]
    at = game.state.wars[war_id].position
    left = " ".join(str(abs(p)) for p in range(-war.enemy_spaces, at))
    right = " ".join(str(abs(p)) for p in range(at + 1, war.spanish_spaces + 1))
    return (left + " " if left else "", f"[{abs(at)}]", " " + right if right else "")


OUTCOMES = {"won": "won", "lost": "lost", "peace": "peace made", "ended": "over"}


def outcome_text(outcome: str | None) -> str:
    """How a war ended, in words: "ended: won", "ended in peace", "over"."""
    said = OUTCOMES.get(outcome or "", outcome or "")
    return "over" if said == "over" else f"ended: {said}"


def war_status(game: Game, war_id: str) -> str:
    ws = game.state.wars[war_id]
    status = "at war" if ws.active else outcome_text(ws.outcome)
    return status + (", truce" if ws.truce else "")


def short_name(game: Game, cid: str) -> str:
    """A person's name without the titles: "Ambrosio de Spinola"."""
    return game.name(cid).split(",")[0].split(" (")[0]


def war_sides(game: Game, war_id: str, *, short: bool = False) -> tuple[str, str]:
    """Spain's side and the enemy's, each with its SP, commander and strategy
    (``short``: the commanders without their titles)."""
    name = (lambda cid: short_name(game, cid)) if short else game.name
    from planet_king.engine.rules import wars

    s = game.state
    ws = s.wars[war_id]
    army = s.units.get(war_id, {})
    mine = f"{wars.army_sp(game, war_id, player_campaign=False):g} SP"
    if ws.leader is None:
        spain = f"Spain {mine}, no commander"
    else:
        card = game.content.nobles.get(ws.leader)
        strategy = f" (strategy {card.leader.strategy})" if card and card.leader else ""
        spain = f"Spain {mine}: {name(ws.leader)}{strategy}"
    spain += f"; {units_phrase(army)}"
    theirs = f"{wars.enemy_strength(game, war_id)} SP"
    if ws.enemy_leader:
        leader = game.content.leaders.get(ws.enemy_leader)
        strategy = f" (strategy {leader.strategy})" if leader else ""
        enemy = f"enemy {theirs}: {name(ws.enemy_leader)}{strategy}"
    else:
        enemy = f"enemy {theirs}, no leader"
    return spain, enemy


def war_stakes(game: Game, war_id: str) -> str:
    """The VP a war's end gives or takes (Wars / End of a War); a war that has ended
    offers none until war is declared again (issue 32: an ended war still read "win +2
    VP")."""
    ws = game.state.wars[war_id]
    if not ws.active and ws.outcome is not None:
        return "no VP at stake: the war has ended"
    war = game.content.wars[war_id]
    return f"win {war.vp_win:+d} VP, lose {war.vp_lose:+d} VP"


def war_text(game: Game, war_id: str) -> str:
    """A war for the plain-text mode: the track, then both sides and the stakes."""
    war = game.content.wars[war_id]
    left, marker, right = war_track(game, war_id)
    spain, enemy = war_sides(game, war_id)
    return (
        f"{game.name(war_id)} ({war_status(game, war_id)}): {game.name(war.power)} "
        f"{left}{marker}{right} Spain\n  {spain}\n  {enemy}; {war_stakes(game, war_id)}"
    )


def at_peace(game: Game) -> str:
    """The powers at peace, France's fronts counted: "France (3 fronts), England"."""
    fronts: dict[str, int] = {}
    for w, ws in game.state.wars.items():
        if not ws.active and ws.outcome is None:
            power = game.name(game.content.wars[w].power)
            fronts[power] = fronts.get(power, 0) + 1
    return ", ".join(
        f"{power} ({plural(n, 'front')})" if n > 1 else power for power, n in fronts.items()
    )


# ------------------------------------------------------------------ cards
def card_rows(content: Any) -> list[tuple[str, str, Any]]:
    """(kind, name, card) for every card the browser shows: events, nobles, ladies,
    geniuses and enemy leaders."""
    rows: list[tuple[str, str, Any]] = []
    for card in content.events.values():
        rows.append(("event", card.name, card))
    for section in ("nobles", "ladies", "geniuses"):
        for card in getattr(content, section).values():
            rows.append((section.rstrip("s"), card.name, card))
    for card in content.leaders.values():
        rows.append(("leader", card.name, card))
    return rows


def find_cards(rows: list[tuple[str, str, Any]], query: str) -> list[tuple[str, str, Any]]:
    """The rows whose kind, name or text hold every word of ``query``."""
    words = query.lower().split()
    return [
        r
        for r in rows
        if all(w in f"{r[0]} {r[1]} {getattr(r[2], 'text', '')}".lower() for w in words)
    ]


BIRDS = {"positive": "eagle", "neutral": "pigeon", "negative": "crow"}


def field_value(value: Any) -> str:
    """A card field in words, never a Python repr: lists joined, a seal "turns 1-5",
    a table "painting 2, music 1"."""
    if isinstance(value, list):
        return ", ".join(field_value(v) for v in value) or "none"
    if isinstance(value, dict):
        if set(value) <= {"from", "to", "condition"}:
            first, last = value.get("from"), value.get("to")
            span = (
                f"turns {first}-{last}"
                if first is not None and last is not None
                else f"from turn {first}"
                if first is not None
                else f"until turn {last}"
                if last is not None
                else ""
            )
            cond = value.get("condition")
            return ", ".join(p for p in (span, f"when {cond}" if cond else "") if p) or "always"
        return ", ".join(f"{k.replace('_', ' ')} {field_value(v)}" for k, v in value.items())
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value).replace("-", " ") if isinstance(value, str) else str(value)


def field_line(field: str, value: Any) -> tuple[str, str]:
    """A card field's name and value in words, the name not said twice ("turns: 1-5",
    not "turns: turns 1-5")."""
    name, text = field.replace("_", " "), field_value(value)
    if text.startswith(name + " "):
        text = text[len(name) + 1 :]
    return name, text


def card_text(kind: str, card: Any) -> str:
    """A card in plain lines: name and kind, bird and marks, its fields, its text, and
    where its values come from."""
    lines = [f"{card.name} ({kind})"]
    if kind == "event":
        marks = [f"{BIRDS[card.fortune]} ({card.fortune})"]
        if card.sp_loss:
            marks.append("SP-loss mark")
        if card.one_use:
            marks.append("single use (flame)")
        lines.append(", ".join(marks))
    skip = {"id", "name", "source", "reconstructed", "note", "text", "fortune", "sp_loss"}
    skip |= {"one_use", "effect", "params"}
    for field, value in card.model_dump(by_alias=True, exclude_defaults=True).items():
        if field not in skip:
            lines.append("{}: {}".format(*field_line(field, value)))
    text = getattr(card, "text", "")
    if text:
        lines.append(text)
    where = "named by the rulebook" if card.source == "rulebook" else "reconstructed"
    lines.append(f"Provenance: {where}")
    if card.reconstructed:
        lines.append(f"Reconstructed fields: {', '.join(card.reconstructed)}")
    if card.note:
        lines.append(f"Note: {card.note}")
    return "\n".join(lines)


def children_text(game: Game) -> str:
    """The royal children by what they are: "a sickly son, the heir; a daughter; a
    bastard son" — never their internal ids."""
    s = game.state
    out = []
    for child in s.children:
        out.append(child_name(game, child))
    return "; ".join(out) if out else "no children"


def child_name(game: Game, child: Any) -> str:
    """ "a sickly son (2nd child), the heir": the engine's words, and the heir said."""
    from planet_king.engine.rules import family

    heir = ", the heir" if child.id == game.state.heir else ""
    return family.child_name(child) + heir


def _action_text(game: Game, option_id: str, label: str) -> str:
    """An action of an action menu with what it does and costs (issue 32); one not
    allowed keeps its name only, its reason said beside it."""
    from planet_king.engine.rules.actions import describe

    d = game.decision
    shown = d is not None and any(o.id == option_id and o.allowed for o in d.options)
    does = describe(game, option_id.rpartition(":")[2]) if shown else ""
    return f"{label}: {does}" if does else label


# Option ids whose notable the option offers (explorers already show the rating used).
OFFERS_NOTABLE = ("noble", "mistress", "valido", "leader", "remove", "painter", "genius")
_RATINGS_SAID = re.compile(r"\s*\((?:military|political|government|prestige)[^()]*\)$")


def option_text(game: Game, option_id: str, label: str) -> str:
    """An option's label with the ratings and traits of the notable it offers (the
    engine's own short "(military 1, political 2, ...)" gives way to the fuller
    summary); an action with what it does and costs ("Cortes: a fortune test: positive
    +2 ducats..."); any other option as the engine labels it."""
    kind, _, rest = option_id.partition(":")
    if kind == "action":
        return _action_text(game, option_id, label)
    if kind not in OFFERS_NOTABLE:
        return label
    nid = rest.partition(":")[0]
    summary = notable_summary(game, nid)
    if not summary:
        return label
    return f"{_RATINGS_SAID.sub('', label)} — {summary}"
