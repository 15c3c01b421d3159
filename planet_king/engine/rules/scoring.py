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
        return sum(p for _, p in self.lines)


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
    for nid in court_notables(g):
        if court.has_trait(g, nid, "writer"):
            by_art["literature"].append((1, f"{g.name(nid)} (writer)"))
        if court.has_trait(g, nid, "musician"):
            by_art["music"].append((1, f"{g.name(nid)} (musician)"))
    out = Breakdown()
    limit = g.content.tables.genius_per_art_limit
    for art in sorted(by_art):
        for points, name in sorted(by_art[art], reverse=True)[:limit]:
            out.add(f"{name} ({art})", points)
    for nid in court_notables(g):
        if court.has_trait(g, nid, "patron"):
            out.add(f"{g.name(nid)} (patron)", 1)
    for lady in (s.queen, s.mistress):
        card = g.content.ladies.get(lady or "")
        if card is None:
            continue
        if "patron" in card.traits:
            out.add(f"{card.name} (patron, ruling R19)", 1)
        if lady == s.mistress:
            for art, points in card.enlightenment.items():
                out.add(f"{card.name} as Royal Mistress ({art})", points)
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


def _describe(row: TableRow) -> str:
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


def score_turn(g: Game) -> Rules:
    """Enlightenment, then prestige, then happiness; VP, ducats and automatic defeat."""
    s = g.state
    tables = g.content.tables
    ducats = 0
    war_only = g.options.war_only
    neutral = table_row(tables.enlightenment, 4)  # the row that changes nothing
    ench = enlightenment(g)
    row_e = neutral if war_only else table_row(tables.enlightenment, ench.total)
    if not war_only:
        _log_breakdown(g, "Enlightenment", ench, row_e, RULE_ENLIGHTENMENT)
    pres = prestige(g, extra=row_e.prestige)
    row_p = table_row(tables.prestige, pres.total)
    _log_breakdown(g, "Prestige", pres, row_p, RULE_PRESTIGE)
    happ = happiness(g, extra=row_e.happiness + row_p.happiness)
    row_h = table_row(tables.happiness, happ.total)
    if war_only:
        row_p = row_p.model_copy(update={"happiness": 0})
        row_h = table_row(tables.happiness, 4)
        g.log(
            "War-Only mode: enlightenment and happiness are not counted.",
            rule="Scenarios / War-Only Mode",
        )
    else:
        _log_breakdown(g, "King's happiness", happ, row_h, RULE_HAPPINESS)
    s.last_scores = {"enlightenment": ench.total, "prestige": pres.total, "happiness": happ.total}
    if pres.total <= 4:
        s.low_prestige = True
    # In co-op the King scores enlightenment and happiness, the Valido prestige.
    for name, row, role in (
        ("enlightenment", row_e, Role.KING),
        ("prestige", row_p, Role.VALIDO),
        ("happiness", row_h, Role.KING),
    ):
        if row.vp:
            g.add_vp(row.vp, f"the {name} table", rule=RULE_SCORES, role=role)
        ducats += row.ducats
    defeat = [
        name
        for name, row in (("enlightenment", row_e), ("prestige", row_p), ("happiness", row_h))
        if row.defeat
    ]
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
    if ducats > 0:
        g.gain(ducats, "scoring:tables", rule=RULE_SCORES, cause="the Council of State tables")
    elif ducats < 0:
        yield from economy.pay(
            g, -ducats, "scoring:tables", cause="the Council of State tables", rule=RULE_SCORES
        )
    if defeat:
        why = {
            "enlightenment": "enlightenment fell to 1 or less",
            "prestige": "prestige fell to 1 or less",
            "happiness": "the King's happiness fell to 0: the King is dead",
        }
        s.defeat_cause = "; ".join(why[d] for d in defeat)
        g.log(f"Automatic defeat: {s.defeat_cause}.", rule=RULE_DEFEAT)


def _log_breakdown(g: Game, what: str, b: Breakdown, row: TableRow, rule: str) -> None:
    detail = ", ".join(f"{label} {points:+d}" for label, points in b.lines) or "nothing"
    g.log(
        f"{what}: {b.total} ({detail}) → {_describe(row)}{' — DEFEAT' if row.defeat else ''}.",
        rule=rule,
    )


def golden_age_points(g: Game) -> int:
    """SPANISH GOLDEN AGE counts the enlightenment points of the notables at Court."""
    return enlightenment(g).total
