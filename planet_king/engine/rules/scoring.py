"""Determining Enlightenment, Prestige, King's Happiness and Victory Points."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from planet_king.content.models import TableRow
from planet_king.engine.decisions import Role
from planet_king.engine.rules import court, economy

if TYPE_CHECKING:
    from planet_king.engine.game import Game, Rules

RULE_SCORES = "End of Turn Phase / Determining Enlightenment, Prestige, King's Happiness and VP"
RULE_ENLIGHTENMENT = "End of Turn Phase / Enlightenment Points"
RULE_PRESTIGE = "End of Turn Phase / Prestige Points"
RULE_HAPPINESS = "End of Turn Phase / King's Happiness Points"
RULE_DEFEAT = "Victory / Automatic Defeat"


@dataclass
class Breakdown:
    """A score with every line that made it, as the rulebook's examples count it."""

    lines: list[tuple[str, int]] = field(default_factory=list)

    def add(self, label: str, points: int) -> None:
        if points:
            self.lines.append((label, points))

    @property
    def total(self) -> int:
        total = 0  # a plain loop: the forecast reads it several times a count
        for _, p in self.lines:
            total += p
        return total


def court_notables(g: Game) -> list[str]:
    """The Valido and the nobles at Court (exiles are not at Court)."""
    s = g.state
    out = [s.valido] if s.valido else []
    return out + court.court_nobles(g)


def enlightenment(g: Game) -> Breakdown:
    """Geniuses, writer/musician and patron nobles, María Calderón's music; only two
    cards of the same art score (the Court painter is a genius like the others)."""
    s = g.state
    by_art: dict[str, list[tuple[int, str]]] = defaultdict(list)
    for gid in s.court_geniuses:
        if gid is not None:
            card = g.content.geniuses[gid]
            by_art[card.art].append((card.enlightenment, card.name))
    # one pass over the Court (``court.has_trait`` of each trait, its card read once);
    # the patrons' lines come after the arts'
    traits_of = g.content.traits
    patrons: list[str] = []
    for nid in court_notables(g):
        traits = traits_of.get(nid, ())
        if not traits:
            continue
        if "writer" in traits:
            by_art["literature"].append((1, f"{g.name(nid)} (writer)"))
        if "musician" in traits:
            by_art["music"].append((1, f"{g.name(nid)} (musician)"))
        if "patron" in traits:
            patrons.append(nid)
    out = Breakdown()
    limit = g.content.tables.genius_per_art_limit
    for art in sorted(by_art):
        for points, name in sorted(by_art[art], reverse=True)[:limit]:
            out.add(f"{name} ({art})", points)
    for nid in patrons:
        out.add(f"{g.name(nid)} (patron)", 1)
    for lady in (s.queen, s.mistress):
        lady_card = g.content.ladies.get(lady or "")
        if lady_card is None:
            continue
        if "patron" in lady_card.traits:
            out.add(f"{lady_card.name} (patron, ruling R19)", 1)
        if lady == s.mistress:
            for art, points in lady_card.enlightenment.items():
                out.add(f"{lady_card.name} as Royal Mistress ({art})", points)
    return out


def prestige(g: Game, extra: int = 0) -> Breakdown:
    """Nobles at Court (with the Valido), the Queen and the Royal Mistress, the turn's
    markers, and what enlightenment gave."""
    s = g.state
    out = Breakdown()
    for nid in court_notables(g):
        out.add(g.name(nid), g.content.nobles[nid].prestige)
    for gid in s.court_geniuses:
        if gid is not None:
            out.add(g.name(gid), g.content.geniuses[gid].prestige)
    for lady in (s.queen, s.mistress):
        if lady:
            out.add(g.name(lady), g.content.ladies[lady].prestige)
    out.add("prestige markers of the turn", s.prestige_markers)
    out.add("from the enlightenment table", extra)
    return out


def happiness(g: Game, extra: int = 0) -> Breakdown:
    s = g.state
    out = Breakdown()
    for lady in (s.queen, s.mistress):
        if lady:
            out.add(g.name(lady), g.content.ladies[lady].happiness)
    out.add("happiness markers of the turn", s.happiness_markers)
    out.add("from the enlightenment and prestige tables", extra)
    return out


def table_row(rows: list[TableRow], points: int) -> TableRow:
    for row in rows:
        if (row.min is None or points >= row.min) and (row.max is None or points <= row.max):
            return row
    raise ValueError(f"no table row for {points}")


def describe(row: TableRow) -> str:
    parts = [
        f"{v:+d} {k}"
        for k, v in (
            ("VP", row.vp),
            ("prestige", row.prestige),
            ("happiness", row.happiness),
            ("ducat", row.ducats),
        )
        if v
    ]
    return ", ".join(parts) if parts else "no change"


@dataclass(frozen=True)
class Count:
    """One Council of State table as the End of Turn counts it: the points, every line
    that made them, and the table row they fall on."""

    name: str  # enlightenment | prestige | happiness
    breakdown: Breakdown
    row: TableRow
    counted: bool = True  # False where War-Only mode does not count it

    @property
    def points(self) -> int:
        return self.breakdown.total


Pending = tuple[tuple[str, int], ...]


def _neutral(rows: list[TableRow]) -> TableRow:
    """The row that changes nothing (War-Only mode counts no such table)."""
    return next(r for r in rows if not (r.vp or r.prestige or r.happiness or r.ducats or r.defeat))


def count_enlightenment(g: Game) -> Count:
    rows = g.content.tables.enlightenment
    ench = enlightenment(g)
    if g.options.war_only:
        return Count("enlightenment", ench, _neutral(rows), counted=False)
    return Count("enlightenment", ench, table_row(rows, ench.total))


def count_prestige(g: Game, row_e: TableRow, pending: Pending = ()) -> Count:
    """``pending``: prestige not yet marked that the End of Turn will add before this
    count (the forecast's; the real count reads the markers)."""
    pres = prestige(g, extra=row_e.prestige)
    for label, points in pending:
        pres.add(label, points)
    row = table_row(g.content.tables.prestige, pres.total)
    if g.options.war_only:
        row = row.model_copy(update={"happiness": 0})
    return Count("prestige", pres, row)


def count_happiness(g: Game, row_e: TableRow, row_p: TableRow, pending: Pending = ()) -> Count:
    rows = g.content.tables.happiness
    happ = happiness(g, extra=row_e.happiness + row_p.happiness)
    for label, points in pending:
        happ.add(label, points)
    if g.options.war_only:
        return Count("happiness", happ, _neutral(rows), counted=False)
    return Count("happiness", happ, table_row(rows, happ.total))


# In co-op the King scores enlightenment and happiness, the Valido prestige.
SCORER = {"enlightenment": Role.KING, "prestige": Role.VALIDO, "happiness": Role.KING}
DEFEAT_WHY = {
    "enlightenment": "enlightenment fell to 1 or less",
    "prestige": "prestige fell to 1 or less",
    "happiness": "the King's happiness fell to 0: the King is dead",
}
RULES = {
    "enlightenment": RULE_ENLIGHTENMENT,
    "prestige": RULE_PRESTIGE,
    "happiness": RULE_HAPPINESS,
}


def score_turn(g: Game) -> Rules:
    """Enlightenment, then prestige, then happiness, each table's VP and ducats applied
    before the next is counted ("The first score to be updated is the enlightenment
    points, followed by the prestige points and finally the happiness points"): so a
    bankruptcy declared for the enlightenment table's ducat costs its prestige point in
    the prestige count, and a full or empty Treasury meets each table in turn."""
    s = g.state
    s.last_scores = {}  # filled table by table: a bankruptcy's decision sees the count so far
    ench = count_enlightenment(g)
    yield from _apply(g, ench)
    pres = count_prestige(g, ench.row)
    yield from _apply(g, pres)
    happ = count_happiness(g, ench.row, pres.row)
    if g.options.war_only:
        g.log(
            "War-Only mode: enlightenment and happiness are not counted.",
            rule="Scenarios / War-Only Mode",
        )
    yield from _apply(g, happ)
    s.last_scores = {
        "enlightenment": ench.points,
        "prestige": pres.points,
        "happiness": happ.points,
    }
    if pres.points <= 4:
        s.low_prestige = True
    defeat = [c.name for c in (ench, pres, happ) if c.row.defeat]
    if "happiness" in defeat and g.options.coop:
        # In co-op the King dies and the Valido plays on (Cooperative Game / Overview).
        defeat.remove("happiness")
        if not s.king_dead:
            s.king_dead = True
            g.log(
                "The King's happiness fell to 0: the King is dead. The Valido continues "
                "without royal actions.",
                rule="Cooperative Game / Overview",
            )
    if defeat:
        s.defeat_cause = "; ".join(DEFEAT_WHY[d] for d in defeat)
        g.log(f"Automatic defeat: {s.defeat_cause}.", rule=RULE_DEFEAT)


def _apply(g: Game, count: Count) -> Rules:
    """Log a counted table, then take its VP and ducats."""
    g.state.last_scores[count.name] = count.points
    if not count.counted:
        return
    what = "King's happiness" if count.name == "happiness" else count.name.capitalize()
    _log_breakdown(g, what, count.breakdown, count.row, RULES[count.name])
    row = count.row
    if row.vp:
        g.add_vp(row.vp, f"the {count.name} table", rule=RULE_SCORES, role=SCORER[count.name])
    cause = f"the {count.name} table"
    if row.ducats > 0:
        g.gain(row.ducats, "scoring:tables", rule=RULE_SCORES, cause=cause)
    elif row.ducats < 0:
        yield from economy.pay(g, -row.ducats, "scoring:tables", cause=cause, rule=RULE_SCORES)


def _log_breakdown(g: Game, what: str, b: Breakdown, row: TableRow, rule: str) -> None:
    detail = ", ".join(f"{label} {points:+d}" for label, points in b.lines) or "nothing"
    g.log(
        f"{what}: {b.total} ({detail}) → {describe(row)}{' — DEFEAT' if row.defeat else ''}.",
        rule=rule,
    )


def golden_age_points(g: Game) -> int:
    """SPANISH GOLDEN AGE counts the enlightenment points of the notables at Court."""
    return enlightenment(g).total
