"""The expert bot's valuation of the End of Turn: what a change of the three scores is worth.

It asks the forecast (``engine.forecast``) how the End of Turn would count now, and values
a change of enlightenment, prestige or happiness by the expected VP of the three tables,
less the risk of an automatic defeat: a point that lifts a score off its defeat line is
worth far more than a point of VP. Hothead has no End of Turn: there every change is
worth nothing.

The forecast is read once per position (the game and its number of choices), and kept
across positions while everything it reads is unchanged (``forecast_key``): most
decisions change none of it.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

from planet_king.bots import placement
from planet_king.content.models import TableRow
from planet_king.engine.forecast import Forecast, defeat_line, forecast
from planet_king.engine.game import Game
from planet_king.engine.rules import family, scoring
from planet_king.engine.rules.units import PLUS_ULTRA

# How likely a score this far above its defeat line still falls to it before the count
# (events, mortality, wars lost): a margin of 1 is one bad card away.
FALL_RISK = {0: 1.0, 1: 0.3, 2: 0.12, 3: 0.04, 4: 0.01}
# A fortune test's odds, from the event cards' birds (28 eagles, 13 pigeons, 27 crows).
P_NEGATIVE, P_NEUTRAL = 0.4, 0.2
POINT_WEIGHT = 25.0  # action-preference units per VP of expected value
# A ducat, and a Treasury left empty at the tables (a bankruptcy costs a prestige point).
DUCAT = placement.DUCAT
BANKRUPT = 25.0

# What the forecast reads, as the tuple ``forecast_key`` makes of it.
ForecastKey = tuple[Any, ...]
Delta = tuple[tuple[str, float], ...]


def forecast_key(g: Game) -> ForecastKey:
    """Everything of the state that the forecast's scores and Treasury read: the Court,
    the markers, the family, where the End of Turn stands, and what the Treasury owes
    and earns before the count: the tercios of Nations' upkeep, the troops where a
    revolt is (with the provincial tercios levied and the units built for it), a fleet
    against the pirates, the raids, the Asiento, the Indies, the "?" ratings rolled.
    The units are read only as far as the forecast reads them: most decisions move
    some, and a forecast recounted for each costs more than the rest of the bot's
    reading. The VP lines it also counts are not read here. tests/test_expert_valuation.py
    checks the kept forecast against a fresh one."""
    s = g.state
    units = s.units
    nations = 0
    for here in units.values():
        nations += here.get("nations", 0)
    revolts = s.revolts
    pirates = s.plus_ultra.get("pirates", 0)
    return (
        s.turn,
        s.phase,
        s.step,
        s.treasury,
        s.prestige_markers,
        s.happiness_markers,
        s.valido,
        s.queen,
        s.mistress,
        tuple(s.court_nobles),
        tuple(s.court_geniuses),
        tuple(s.exiles),
        tuple((c.id, c.sickly) for c in s.children),
        tuple(s.offices.values()),
        tuple(revolts),
        s.asiento,
        len(s.settlements),
        tuple(s.plus_ultra.items()),
        nations,
        _revolt_troops(g) if revolts else (),
        pirates and units.get(PLUS_ULTRA, {}).get("fleet", 0) > 0,
        tuple(s.raids),
        s.union_of_arms,
        s.portugal_independent,
        tuple(s.indies_ducats.items()),
        tuple(s.rolled_ratings.items()),
        tuple(s.last_scores.items()),
    )


def _revolt_troops(g: Game) -> tuple[Any, ...]:
    """What the forecast's revolts read (``forecast.revolt_troops``): the units where
    each revolt is, the units under construction, and during the Levy the provincial
    tercios already levied."""
    s = g.state
    units = s.units
    levied = sum(here.get("provincial", 0) for here in units.values()) if s.step == "levy" else 0
    here = [tuple(units.get(loc, {}).items()) for loc in s.revolts]
    return (here, tuple(s.construction), levied)


def mortality_done(g: Game) -> bool:
    """Has this turn's Royal Family Mortality been tested? (A decision asked during it,
    naming a new heir, comes after the tests that matter.)"""
    s = g.state
    return s.phase == "end-of-turn" and s.step in ("mortality", "scores", "valido")


class _Base(NamedTuple):
    """What the valuation reads of one forecast whatever the change of scores."""

    e0: float  # the scores, with the mortality ahead
    p0: float
    h0: float
    re0: TableRow  # the enlightenment and prestige rows they fall on
    rp0: TableRow
    rows_e: dict[int, TableRow]  # the rows found so far, by points
    rows_p: dict[int, TableRow]
    counted: tuple[str, ...]  # the scores counted, in the forecast's order
    cost: float  # ``defeat_cost``
    tables: dict[str, tuple[list[TableRow], int, dict[int, TableRow]]]  # rows, line, found


class ForecastValuation:
    """The End of Turn as the forecast sees it, and the worth of changing its scores."""

    def __init__(self) -> None:
        self._forecast: Forecast | None = None
        self._key: ForecastKey | None = None
        # The position the forecast was last asked at: (game, number of choices).
        self._game: Game | None = None
        self._n = -1
        # Read off the forecast while its key holds: the value of the scores as they
        # stand, of the scores with a few points more, and the mortality ahead.
        self._now: float | None = None
        self._gains: dict[Delta, float] = {}
        self._mortality: tuple[float, float] | None = None
        # What ``after`` and ``value`` read of the forecast whatever the change: the
        # scores with the mortality ahead, their rows, the defeat's cost (``_base``).
        self._base: _Base | None = None
        # The tables' defeat lines and rows (the content's: they never change).
        self._lines: dict[str, int] = {}
        self._rows: dict[int, tuple[list[TableRow], dict[int, TableRow]]] = {}

    def forecast(self, g: Game) -> Forecast | None:
        """The forecast for the board at hand; None in Hothead (no End of Turn)."""
        n = len(g.choices)
        if g is self._game and n == self._n:  # one position: the same board
            return self._forecast  # (never a Hothead game's: it is not kept)
        if g.hothead:
            return None
        self._game, self._n = g, n
        key = forecast_key(g)
        if key != self._key:
            self._forecast, self._key = forecast(g), key
            self._now = None
            self._gains = {}
            self._mortality = None
            self._base = None
        return self._forecast

    def gain(self, g: Game, **delta: float) -> float:
        """The value, in action-preference units, of adding these points to the scores
        at this End of Turn."""
        f = self.forecast(g)
        if f is None:
            return 0.0
        key = tuple(delta.items())
        v = self._gains.get(key)  # the same board asks the same few questions
        if v is None:
            # ``value(after(...))`` with what they read of this forecast found once
            base = self._base
            if base is None:
                base = self._base = self._base_of(g, f)
            if self._now is None:
                self._now = self._value(base, self._after(base, {}))
            v = POINT_WEIGHT * (self._value(base, self._after(base, delta)) - self._now)
            self._gains[key] = v
        return v

    def _points(self, g: Game, f: Forecast) -> dict[str, float]:
        """The three scores as the forecast counts them, the mortality ahead included."""
        pts = {s.name: float(s.points) for s in f.scores}
        mh, mp = self.mortality(g)
        pts["happiness"] += mh
        pts["prestige"] += mp
        return pts

    def _base_of(self, g: Game, f: Forecast) -> _Base:
        """What ``after`` and ``value`` read whatever the change (kept with the forecast:
        the mortality ahead is in its key)."""
        tables = g.content.tables
        pts = self._points(g, f)
        e0, p0 = pts["enlightenment"], pts["prestige"]
        rows_e = self._row_map(tables.enlightenment)
        rows_p = self._row_map(tables.prestige)
        re0 = self._row(tables.enlightenment, round(e0))
        rp0 = self._row(tables.prestige, round(p0))
        counted = tuple(k for k in ("enlightenment", "prestige", "happiness") if f.score(k).counted)
        cost = self.defeat_cost(g)
        read = []
        for name in ("enlightenment", "prestige", "happiness"):
            rows = getattr(tables, name)
            line = self._lines[name] if name in self._lines else defeat_line(rows)
            self._lines[name] = line
            read.append((rows, line, self._row_map(rows)))
        tables_by_name = dict(zip(("enlightenment", "prestige", "happiness"), read, strict=True))
        return _Base(
            e0, p0, pts["happiness"], re0, rp0, rows_e, rows_p, counted, cost, tables_by_name
        )

    def _row_map(self, rows: list[TableRow]) -> dict[int, TableRow]:
        held = self._rows.get(id(rows))
        if held is None or held[0] is not rows:
            held = self._rows[id(rows)] = (rows, {})
        return held[1]

    def _after(self, b: _Base, delta: dict[str, float]) -> dict[str, float]:
        """``after``, from the ``_base`` of its forecast: the same sums in the same order."""
        e0, p0, re0, rp0 = b.e0, b.p0, b.re0, b.rp0
        e1 = e0 + delta.get("enlightenment", 0.0)
        p = round(e1)
        re1 = b.rows_e.get(p)
        if re1 is None:
            re1 = b.rows_e[p] = scoring.table_row(b.tables["enlightenment"][0], p)
        p1 = p0 + delta.get("prestige", 0.0) + (re1.prestige - re0.prestige)
        p = round(p1)
        rp1 = b.rows_p.get(p)
        if rp1 is None:
            rp1 = b.rows_p[p] = scoring.table_row(b.tables["prestige"][0], p)
        h1 = (
            b.h0
            + delta.get("happiness", 0.0)
            + (re1.happiness - re0.happiness)
            + (rp1.happiness - rp0.happiness)
        )
        out = {"enlightenment": e1, "prestige": p1, "happiness": h1}
        return {k: out[k] for k in b.counted}

    def _value(self, b: _Base, points: dict[str, float]) -> float:
        """``value``, from the ``_base`` of its forecast: the same sums in the same order."""
        cost = b.cost
        total = 0.0
        for name, pts in points.items():
            rows, line, held = b.tables[name]
            lo = math.floor(pts)
            for p, w in ((lo, 1 - (pts - lo)), (lo + 1, pts - lo)):
                if w <= 0:
                    continue
                row = held.get(p)
                if row is None:
                    row = held[p] = scoring.table_row(rows, p)
                risk = FALL_RISK.get(p - line, 1.0 if p <= line else 0.0)
                total += w * ((0.0 if row.defeat else row.vp) - risk * cost)
        return total

    def ducat_cost(self, g: Game, n: int = 1) -> float:
        """Ducats spent, in action-preference units: more when the Treasury would end the
        turn empty (a bankruptcy at the tables costs a prestige point)."""
        f = self.forecast(g)
        end = f.treasury.end if f is not None else g.state.treasury
        return DUCAT * n + (BANKRUPT if end - n < 1 else 0.0)

    def treasury_end(self, g: Game) -> int | None:
        """The Treasury after the tables, as the forecast counts it (None in Hothead)."""
        f = self.forecast(g)
        return f.treasury.end if f is not None else None

    def defeat_cost(self, g: Game) -> float:
        """What an automatic defeat throws away, in VP: the turns still to play, and in
        the short scenarios the victory level itself."""
        left = g.scenario.last_turn - g.state.turn
        return 6.0 + 2.0 * left

    def value(self, g: Game, points: dict[str, float]) -> float:
        """Expected VP of the three tables at these points, less the defeat risk (a
        fractional point is a chance of a whole one)."""
        tables = g.content.tables
        cost = self.defeat_cost(g)
        total = 0.0
        for name, pts in points.items():
            rows = getattr(tables, name)
            line = self._lines[name] if name in self._lines else defeat_line(rows)
            self._lines[name] = line
            lo = math.floor(pts)
            for p, w in ((lo, 1 - (pts - lo)), (lo + 1, pts - lo)):
                if w <= 0:
                    continue
                row = self._row(rows, p)
                risk = FALL_RISK.get(p - line, 1.0 if p <= line else 0.0)
                total += w * ((0.0 if row.defeat else row.vp) - risk * cost)
        return total

    def after(self, g: Game, f: Forecast, delta: dict[str, float]) -> dict[str, float]:
        """The three scores with ``delta`` added, the tables' knock-on effects included:
        enlightenment's row adds prestige, and both rows add happiness (rounded to the
        nearest point for the knock-on, which is what a table reads)."""
        tables = g.content.tables
        pts = self._points(g, f)
        e0, p0 = pts["enlightenment"], pts["prestige"]
        re0 = self._row(tables.enlightenment, round(e0))
        rp0 = self._row(tables.prestige, round(p0))
        e1 = e0 + delta.get("enlightenment", 0.0)
        re1 = self._row(tables.enlightenment, round(e1))
        p1 = p0 + delta.get("prestige", 0.0) + (re1.prestige - re0.prestige)
        rp1 = self._row(tables.prestige, round(p1))
        h1 = (
            pts["happiness"]
            + delta.get("happiness", 0.0)
            + (re1.happiness - re0.happiness)
            + (rp1.happiness - rp0.happiness)
        )
        out = {"enlightenment": e1, "prestige": p1, "happiness": h1}
        return {k: v for k, v in out.items() if f.score(k).counted}

    def _row(self, rows: list[TableRow], points: int) -> TableRow:
        """The table's row for ``points`` (``scoring.table_row``), remembered: the same
        few rows are read at every decision."""
        held = self._rows.get(id(rows))
        if held is None or held[0] is not rows:
            held = self._rows[id(rows)] = (rows, {})
        row = held[1].get(points)
        if row is None:
            row = held[1][points] = scoring.table_row(rows, points)
        return row

    def mortality(self, g: Game) -> tuple[float, float]:
        """Royal Family Mortality still to come this turn, in expected happiness and
        prestige: a son who dies costs a happiness point; if every legitimate child
        dies, the penalty for having none (the forecast counts it only when none is
        alive now)."""
        known = g is self._game and len(g.choices) == self._n and self._key is not None
        if known and self._mortality is not None:  # what it reads is in the forecast's key
            return self._mortality
        found = _mortality_ahead(g)
        if known:
            self._mortality = found
        return found


def _mortality_ahead(g: Game) -> tuple[float, float]:
    if g.options.war_only or mortality_done(g):
        return 0.0, 0.0
    legit = family.legitimate_children(g)
    if not legit:
        return 0.0, 0.0
    h, all_die = 0.0, 1.0
    for c in legit:
        p = P_NEGATIVE + (P_NEUTRAL if c.sickly >= 1 else 0.0)
        all_die *= p
        if c.male:
            h -= p
    return h - all_die, -all_die
