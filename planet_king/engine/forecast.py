"""The forecast: where this turn's End of Turn is heading, from any position.

It answers "if the turn ended now, what would the Council of State count?": the
enlightenment, prestige and happiness scores with every line that makes them, the table
row each falls on, its distance to the automatic-defeat line, the Treasury through
upkeep, income and the tables' ducats, and the victory level so far.

It never re-implements a rule: the scores are counted by ``scoring``'s own functions,
the income by ``end_of_turn``'s, and the only thing it adds is what the End of Turn
will certainly add before the count (the penalty for having no legitimate child, a
bankruptcy at the tables when the Treasury cannot pay). Anything left to chance
(mortality, revolts, pirates) is named as a risk, never guessed. Reading the board
never changes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from planet_king.content.models import TableRow
from planet_king.engine.decisions import DecisionKind, Role
from planet_king.engine.rules import court, end_of_turn, family, memorials, scoring
from planet_king.engine.rules.actions import royal
from planet_king.engine.rules.units import PLUS_ULTRA, unit_sp
from planet_king.engine.state import VictoryLevel
from planet_king.engine.words import plural

if TYPE_CHECKING:
    from planet_king.engine.game import Game

TREASURY_MAX = 12
# End of Turn steps in order; a step already done is not forecast again.
STEPS = (
    "player actions",
    "construction",
    "levy",
    "upkeep",
    "revolts",
    "indies",
    "income",
    "mortality",
    "scores",
    "valido",
)
NO_CHILD = "no legitimate child alive (Royal Family Mortality)"
HEIR = "a male heir is alive (Royal Family Mortality)"
INCOME_OFFICES = ("viceroy-indies", "viceroy-italy", "governor-flanders")


@dataclass(frozen=True)
class ScoreForecast:
    """One score as the End of Turn would count it now."""

    name: str  # enlightenment | prestige | happiness
    points: int
    lines: tuple[tuple[str, int], ...]
    row: TableRow
    defeat_at: int  # the highest score that is an automatic defeat
    counted: bool  # False where War-Only mode does not count it

    @property
    def margin(self) -> int:
        """Points above the automatic-defeat line (0 or less: defeat)."""
        return self.points - self.defeat_at

    @property
    def danger(self) -> str:
        """defeat | critical (one point from defeat) | low (two) | safe."""
        if not self.counted:
            return "safe"
        if self.row.defeat:
            return "defeat"
        return {1: "critical", 2: "low"}.get(self.margin, "safe")

    def effects(self) -> str:
        """The table row in words: "+1 VP, -1 ducat", "no change" or "DEFEAT"."""
        if self.row.defeat:
            return "DEFEAT"
        return scoring.describe(self.row)


@dataclass(frozen=True)
class TreasuryForecast:
    now: int
    upkeep: tuple[tuple[str, int], ...]  # ducats owed before income (as positive sums)
    income: tuple[tuple[str, int], ...]
    tables: tuple[tuple[str, int], ...]  # each table's ducats, in the order they are taken
    end: int  # the Treasury at the end of the turn, within 0-12
    bankruptcies: int  # at the tables, with the Treasury empty
    # after the tables: Clean-up's certain ducats (an exile back in office with a fortune)
    cleanup: tuple[tuple[str, int], ...] = ()

    @property
    def income_total(self) -> int:
        return sum(n for _, n in self.income)

    @property
    def upkeep_total(self) -> int:
        return sum(n for _, n in self.upkeep)


@dataclass(frozen=True)
class Forecast:
    turn: int
    last_turn: int
    scores: tuple[ScoreForecast, ...]
    treasury: TreasuryForecast
    table_vp: int  # VP the three tables give (doubled in War-Only mode)
    vp_now: int
    vp_end: int  # VP after the tables (markers never below zero)
    vp_king_end: int  # co-op: each role's VP after the tables (solo: as they stand)
    vp_valido_end: int
    # Every VP the End of Turn gives or takes, in its order: (why, VP, whose track)
    vp_changes: tuple[tuple[str, int, Role], ...]
    level_now: str  # the victory level the VP so far reach (standard scenarios)
    level_end: str  # the level the VP after the End of Turn reach
    risks: tuple[str, ...]  # what chance may still change before the count
    has_end_of_turn: bool  # Hothead has none: its scores are never counted
    goal: str  # the scenario's own victory condition as it stands (Hothead), else ""

    def score(self, name: str) -> ScoreForecast:
        return next(s for s in self.scores if s.name == name)

    @property
    def defeat(self) -> tuple[str, ...]:
        """The automatic defeats this End of Turn would bring, in the log's words."""
        return tuple(scoring.DEFEAT_WHY[s.name] for s in self.scores if s.counted and s.row.defeat)

    @property
    def worst_margin(self) -> int:
        return min((s.margin for s in self.scores if s.counted), default=99)


def defeat_line(rows: list[TableRow]) -> int:
    """The highest points on a table that still mean automatic defeat."""
    held = _DEFEAT_LINES.get(id(rows))  # the content's tables never change
    if held is not None and held[0] is rows:
        return held[1]
    line = max(r.max for r in rows if r.defeat and r.max is not None)
    _DEFEAT_LINES[id(rows)] = (rows, line)
    return line


# defeat_line's answers, by the table (kept with it: an id is reused only once it is gone)
_DEFEAT_LINES: dict[int, tuple[list[TableRow], int]] = {}


def _done(g: Game, step: str) -> bool:
    """Has this End of Turn step already been carried out?"""
    s = g.state
    if s.phase != "end-of-turn":
        return False
    at = _STEP_AT.get(s.step)
    return at is not None and at > _STEP_AT[step]


_STEP_AT = {step: i for i, step in enumerate(STEPS)}  # STEPS.index


def valido_decided(g: Game) -> bool:
    """The Appointment of a New Valido is over, its VP taken: the turn's VP are recorded
    after it. Clean-up may still ask (an exile's return, ruling R104) while the step
    reads "valido"; a worn-out Valido kept is not charged twice."""
    s = g.state
    return (
        s.phase == "end-of-turn"
        and s.step == "valido"
        and len(s.stats.vp_by_turn) > s.turn - g.scenario.first_turn
    )


def cleanup_ducats(g: Game) -> list[tuple[str, int]]:
    """Clean-up's certain ducats: a noble with a fortune whose exile ends (ruling R104)
    and who finds no free place at Court takes an office or an army, and his fortune
    pays its ducat the first time (Notable Cards / NOBLE Cards (Fortune)). With a place
    at Court free he may go there, and nothing is certain. While Clean-up asks where
    he goes, that question is read: certain when none of its places is at Court."""
    s = g.state
    d = g.decision
    if d is not None and d.kind == DecisionKind.PLACE_NOBLE and s.phase == "end-of-turn":
        legal = d.legal_ids
        pays = not any(o.startswith("place:court:") for o in legal)
        return _fortune(g, d.subject) if pays and legal else []
    if s.phase == "end-of-turn" and s.step not in STEPS:
        return []  # Clean-up is over, or under way with nothing asked
    court_free = sum(1 for n in s.court_nobles if n is None)
    out: list[tuple[str, int]] = []
    for nid in s.exiles:
        if nid not in g.content.nobles or not royal.free_positions(g, nid):
            continue  # a genius, a lady, or a noble back to his deck
        if court_free:  # the first free place at Court is his for the asking
            court_free -= 1
            continue
        out += _fortune(g, nid)
    return out


def _fortune(g: Game, nid: str | None) -> list[tuple[str, int]]:
    if nid is None or not court.has_trait(g, nid, "fortune") or nid in g.state.fortune_paid:
        return []
    return [(f"{g.name(nid)} has a fortune (back from exile at Clean-up)", 1)]


def level_lines(g: Game) -> list[tuple[str, int]]:
    """The victory levels the scenario's thresholds give, each with the VP it starts at,
    the highest first (Victory Levels); below the last, Neither King nor Planet."""
    t = g.scenario.thresholds
    lines = (
        (VictoryLevel.MAJOR_VICTORY, t.major_victory),
        (VictoryLevel.HISTORICAL_OUTCOME, t.historical_outcome),
        (VictoryLevel.DEFEAT, t.defeat),
    )
    return [(level, line) for level, line in lines if line is not None]


def level_for(g: Game, vp: int) -> str:
    """The victory level ``vp`` reaches against the scenario's thresholds (Victory Levels);
    "" where the scenario has its own condition (Hothead)."""
    if g.hothead:
        return ""
    for level, line in level_lines(g):
        if vp >= line:
            return level
    return VictoryLevel.NEITHER_KING_NOR_PLANET


def unrolled_income_ratings(g: Game) -> list[str]:
    """Income holders whose "?" government rating is not fixed yet: the Income step
    fixes it by a fortune test (Juan José of Austria and Rodrigo Pacheco)."""
    out = []
    for office in INCOME_OFFICES:
        nid = g.state.offices.get(office)
        card = g.content.nobles.get(nid or "")
        fixed = f"{nid}:government" in g.state.rolled_ratings
        if nid is not None and card is not None and card.government == "?" and not fixed:
            out.append(nid)
    return out


def forecast(g: Game) -> Forecast:
    """Where the End of Turn is heading if the turn ended now."""
    risks: list[str] = []
    unrolled = [] if _done(g, "income") else unrolled_income_ratings(g)
    # The income is counted with ratings as a player sees them (``court.known_rating``):
    # a "?" rating not yet fixed counts at its middle value and its roll is a risk.
    for nid in unrolled:
        risks.append(f"{g.name(nid)}'s government rating is rolled at Income (counted as 2)")
    s = g.state
    tables = g.content.tables

    # Upkeep, revolts and income, as the End of Turn takes them before the count.
    treasury = s.treasury
    upkeep: list[tuple[str, int]] = []
    if not _done(g, "upkeep"):
        nations = sum(units.get("nations", 0) for units in s.units.values())
        if nations:
            owed = (nations + 1) // 2
            upkeep.append((f"{nations} tercio{'' if nations == 1 else 's'} of Nations", owed))
            treasury -= min(owed, treasury)  # unpaid tercios are disbanded instead
    if not _done(g, "revolts"):
        held, bare, built = revolt_troops(g)
        for loc in bare[built:] if built < len(bare) else []:
            if treasury > 0:  # no troops can be there: the ducat is certainly lost
                upkeep.append((f"revolt in {g.name(loc)}, no troops to put it down", 1))
                treasury -= 1
        tested = len(held) + min(built, len(bare))
        if tested:
            risks.append(f"{plural(tested, 'revolt')}: a ducat each unless put down")
    income: list[tuple[str, int]] = []
    if not _done(g, "income"):
        lost = 0
        pirates = 0 if _done(g, "indies") else s.plus_ultra.get("pirates", 0)
        if pirates and s.units.get(PLUS_ULTRA, {}).get("fleet", 0) > 0:
            markers = "a pirate marker" if pirates == 1 else f"{pirates} pirate markers"
            risks.append(f"{markers} may take Indies fleets")
        elif pirates:  # no fleet to drive them off: each takes an Indies fleet
            lost = min(pirates, s.plus_ultra.get("indies-fleet", 0))
        indies, _ = end_of_turn.indies_income(g, court.known_rating, fleets_lost=lost)
        if indies:
            taken = f" ({plural(lost, 'Indies fleet')} taken by pirates)" if lost else ""
            income.append((f"the Indies{taken}", indies))
        income += [(cause, n) for _, cause, n in end_of_turn.home_income(g, court.known_rating)]
        treasury = min(TREASURY_MAX, treasury + sum(n for _, n in income))

    # Royal Family Mortality adds its certain penalty before the count, and a VP for a
    # male heir alive after it (his own test aside).
    pending_p: list[tuple[str, int]] = []
    pending_h: list[tuple[str, int]] = []
    vp_changes: list[tuple[str, int, Role]] = []
    if not g.options.war_only and not _done(g, "mortality"):
        if not family.legitimate_children(g):
            pending_p.append((NO_CHILD, -1))
            pending_h.append((NO_CHILD, -1))
        elif s.children:
            risks.append("mortality tests for the royal children")
        if s.queen:
            risks.append("the Queen's mortality test")
        if any(c.id == s.heir and c.male for c in s.children):
            vp_changes.append((HEIR, 1, Role.KING))

    # The three tables in the rulebook's order, each one's ducats taken before the next;
    # once counted, they are not taken again.
    counting = not _done(g, "scores")
    # During the count (a bankruptcy's decision) and after it, the tables counted so far
    # are what they counted (a bankruptcy after a table does not count in it).
    in_count = s.phase == "end-of-turn" and s.step in ("scores", "valido")
    so_far = dict(s.last_scores) if in_count else {}

    def counted_now(count: scoring.Count) -> scoring.Count:
        if count.name not in so_far:
            return count
        points = so_far[count.name]
        row = scoring.table_row(getattr(tables, count.name), points)
        if g.options.war_only and count.name == "prestige":
            row = row.model_copy(update={"happiness": 0})
        if points == count.points:
            return count
        lines = scoring.Breakdown(list(count.breakdown.lines))
        lines.add("not in this count: marked after it", points - count.points)
        return scoring.Count(count.name, lines, row if count.counted else count.row, count.counted)

    ench = counted_now(scoring.count_enlightenment(g))
    table_ducats: list[tuple[str, int]] = []
    bankruptcies = 0

    def take(count: scoring.Count) -> None:
        nonlocal treasury, bankruptcies
        fresh = counting and count.name not in so_far
        d = count.row.ducats if count.counted and fresh else 0
        if not d:
            return
        table_ducats.append((count.name, d))
        if d < 0 and treasury < -d:
            bankruptcies += 1
        treasury = max(0, min(TREASURY_MAX, treasury + d))

    take(ench)
    if bankruptcies:
        pending_p.append(("declaration of bankruptcy at the tables", -bankruptcies))
    pres = counted_now(scoring.count_prestige(g, ench.row, tuple(pending_p)))
    take(pres)  # a bankruptcy from here on comes after prestige is counted (ruling R81)
    happ = counted_now(scoring.count_happiness(g, ench.row, pres.row, tuple(pending_h)))
    take(happ)

    counted = [c for c in (ench, pres, happ) if c.counted]
    points = {c.name: c.points for c in (ench, pres, happ)}  # each Breakdown summed once
    vp_factor = 2 if g.options.war_only else 1  # War-Only mode doubles every VP
    if counting:
        vp_changes += [
            (f"the {c.name} table", c.row.vp, scoring.SCORER[c.name])
            for c in counted
            if c.name not in so_far
        ]
    if counting and not g.options.coop:
        # Solo: a revealed immediate card is claimed at this count (Secret Memorial
        # Letters); in co-op each card is hidden from the partner, so none is said.
        for m, owner in memorials.claims_due(g, dict(points)):
            role = Role.KING if owner == "king" else Role.VALIDO
            vp_changes.append((f"Secret Memorial {m.name} claimed", memorials.vp_for(g, m), role))
    prestige = points["prestige"] if counting else s.last_scores.get("prestige", 0)
    served = 0 if valido_decided(g) else end_of_turn.worn_out(g, prestige)
    defeated = counting and any(c.row.defeat for c in counted if c.name != "happiness")
    defeated |= counting and happ.row.defeat and not g.options.coop
    if served and not defeated:  # an automatic defeat ends the game before it
        vp_changes.append((valido_penalty(g, served), -1, Role.VALIDO))
    cleanup = cleanup_ducats(g)
    treasury = min(TREASURY_MAX, treasury + sum(n for _, n in cleanup))
    vp_changes = [(why, n * vp_factor, role) for why, n, role in vp_changes if n]
    vp_solo, vp_king, vp_valido = _vp_after(g, vp_changes)
    vp_end = vp_king + vp_valido if g.options.coop else vp_solo
    score_forecasts = tuple(
        ScoreForecast(
            c.name,
            points[c.name],
            tuple(c.breakdown.lines),
            c.row,
            defeat_line(getattr(tables, c.name)),
            c.counted,
        )
        for c in (ench, pres, happ)
    )
    return Forecast(
        turn=s.turn,
        last_turn=g.scenario.last_turn,
        scores=score_forecasts,
        treasury=TreasuryForecast(
            now=s.treasury,
            upkeep=tuple(upkeep),
            income=tuple(income),
            tables=tuple(table_ducats),
            end=treasury,
            bankruptcies=bankruptcies,
            cleanup=tuple(cleanup),
        ),
        table_vp=sum(c.row.vp for c in counted) * vp_factor if counting else 0,
        vp_now=s.vp,
        vp_end=vp_end,
        vp_king_end=vp_king,
        vp_valido_end=vp_valido,
        vp_changes=tuple(vp_changes),
        level_now=level_for(g, s.vp),
        level_end=level_for(g, vp_end),
        risks=tuple(risks),
        has_end_of_turn=not g.hothead,
        goal=hothead_goal(g) if g.hothead else "",
    )


def revolt_troops(g: Game) -> tuple[list[str], list[str], int]:
    """Which revolts can still get their fortune test (Revolts: at least 1 SP of the
    player's there): (those with the SP there, those without, the units under
    construction that may be deployed to them, one revolt each). The provincial
    tercios (1/2 SP) go home and the levy may put them in Spain and Italy."""
    s = g.state
    built = (
        0
        if _done(g, "construction")
        else len([kind for kind, _ in s.construction if kind != "fortification"])
    )
    homes = end_of_turn.levy_homes(g)
    if s.step == "levy":  # some are levied already: the rest are still to come
        homes = homes[sum(units.get("provincial", 0) for units in s.units.values()) :]
    held: list[str] = []
    bare: list[str] = []
    for loc in s.revolts:
        here = dict(s.units.get(loc, {}))
        if not _done(g, "levy"):
            if s.step != "levy":
                here.pop("provincial", None)
            here["provincial"] = here.get("provincial", 0) + homes.count(loc)
        (held if unit_sp(here) >= 1 else bare).append(loc)
    return held, bare, built


def valido_penalty(g: Game, served: int) -> str:
    """The worn-out Valido's VP, in the log's words (Appointment of a New Valido)."""
    name = g.name(g.state.valido or "")
    return f"{name} kept as Valido: he has served {served} turns and prestige is under 5"


def _vp_after(g: Game, changes: list[tuple[str, int, Role]]) -> tuple[int, int, int]:
    """The VP after the End of Turn, each change added in turn to its role's track,
    never below 0: (solo VP, the King's, the Valido's). A dead King scores no more."""
    s = g.state
    if not g.options.coop:
        vp = s.vp
        for _, n, _ in changes:
            vp = max(0, vp + n)
        return vp, s.vp_king, s.vp_valido
    tracks = {Role.KING: s.vp_king, Role.VALIDO: s.vp_valido}
    for _, n, role in changes:
        if role is Role.KING and s.king_dead:
            continue
        tracks[role] = max(0, tracks[role] + n)
    return s.vp, tracks[Role.KING], tracks[Role.VALIDO]


def hothead_goal(g: Game) -> str:
    """Hothead: Major Victory needs the Italian War won and a Viceroy of Italy with
    political or government 2 or more; anything else is a Defeat."""
    from planet_king.engine.rules import flow

    outcome, viceroy, capable = flow.hothead_conditions(g)
    war = {"won": "won", "lost": "lost", "peace": "ended in peace"}.get(outcome, "being fought")
    who = g.name(viceroy) if viceroy else "vacant"
    rating = "rating 2 or more" if capable else "rating under 2"
    met = outcome == "won" and capable
    return (
        f"Italian War {war}; Viceroy of Italy {who} ({rating}): "
        f"{'Major Victory' if met else 'not yet a victory'}"
    )


def defeat_warnings(g: Game, *, within: int = 4) -> dict[str, str]:
    """Options of the pending decision that would *certainly* bring an automatic defeat
    at this End of Turn if nothing else changed: taken on a fork of the game, they draw
    no card or marker in sight before the next decision (``Game.seen_draws``: a hidden
    deck's shuffle is no chance there, its order showing only later), and the forecast
    there (or the game's end) is a defeat that the forecast now is not. Looked at only
    when a score is within ``within`` points of its defeat line (no single choice moves a
    score further)."""
    decision = g.decision
    if decision is None:
        return {}
    now = forecast(g)
    if not now.has_end_of_turn or now.defeat or now.worst_margin > within:
        return {}
    out: dict[str, str] = {}
    for option_id in decision.legal_ids:
        trial = _without_chance(g, option_id)
        if trial is None:
            continue  # chance is involved: not certain (a hidden deck's shuffle is not)
        if trial.over:
            cause = trial.state.defeat_cause
        elif trial.state.turn != g.state.turn:
            continue
        else:
            cause = "; ".join(forecast(trial).defeat)
        if cause:
            out[option_id] = f"automatic defeat at this End of Turn: {cause}"
    return out


def option_effects(g: Game, *, most: int = 8) -> dict[str, str]:
    """What each option of an End of Turn decision changes in the forecast, in words:
    "VP 5 -> 4, Treasury 6 -> 5 at this End of Turn". The Valido's appointment says the
    VP it gives or takes; a decision before the count with at most ``most`` options is
    tried on a fork, and an option that draws a card or marker is left unsaid (chance).
    Other decisions say nothing (their effect is beyond this End of Turn)."""
    decision = g.decision
    s = g.state
    if decision is None or g.hothead or s.phase != "end-of-turn":
        return {}
    now = forecast(g)
    if s.step == "valido" and not valido_decided(g):
        return _valido_effects(g, decision.legal_ids)
    if _done(g, "scores") or len(decision.legal_ids) > most:
        return {}
    out: dict[str, str] = {}
    for option_id in decision.legal_ids:
        trial = _without_chance(g, option_id)
        if trial is None or trial.over or trial.state.turn != s.turn:
            continue
        said = _changes(now, forecast(trial))
        if said:
            out[option_id] = f"{said} at this End of Turn"
    return out


def _without_chance(g: Game, option_id: str) -> Game | None:
    """The game after ``option_id``, taken on a quiet fork up to the next decision; None
    if a card or marker in sight was drawn meanwhile (``Game.seen_draws``): what follows
    is then chance, not the option's certain effect."""
    trial = g.fork()
    trial.quiet = True
    draws = trial.seen_draws
    trial.choose(option_id)
    return None if trial.seen_draws != draws else trial


def _changes(now: Forecast, then: Forecast) -> str:
    parts = [
        f"{what} {a} -> {b}"
        for what, a, b in (
            ("VP", now.vp_end, then.vp_end),
            ("Treasury", now.treasury.end, then.treasury.end),
            *((x.name, x.points, y.points) for x, y in zip(now.scores, then.scores, strict=True)),
        )
        if a != b
    ]
    return ", ".join(parts)


def _valido_effects(g: Game, legal: tuple[str, ...]) -> dict[str, str]:
    """Appointment of a New Valido: keeping a worn-out one costs a VP; in co-op a change
    gives the King VP (Victory Points Earned by the King)."""
    factor = 2 if g.options.war_only else 1
    out: dict[str, str] = {}
    served = end_of_turn.worn_out(g, g.state.last_scores.get("prestige", 0))
    if served and "keep" in legal:
        out["keep"] = f"{-factor:+d} VP: he has served {served} turns and prestige is under 5"
    if g.options.coop and not g.state.king_dead:
        bonus = f"{end_of_turn.new_valido_vp(g) * factor:+d} VP for the King: a new Valido"
        out.update({o: bonus for o in legal if o.startswith("valido:")})
    return out
