"""The expert bot: survival first, then VP, read off the forecast.

It plays like the greedy bot where little is at stake and overrides it where the reign
is won or lost. At each choice of action it asks the forecast (``engine.forecast``) how
the End of Turn would count now, and values each action by what it would change in the
three scores: a point that lifts a score off its automatic-defeat line is worth far more
than a point of VP. Court decisions that drive survival are valued directly:

- the Royal Mistress: happiness now, and the ladies shared out over the turns to come
  (``mistress_plan``: each Organisation replaces her, each lady is in play for the
  turns on her card);
- the Queen: happiness, prestige and fertility (a male heir is a VP each turn);
- the Valido: kept while his ratings are the best at hand, changed before serving four
  turns with prestige under 5 costs a VP;
- commanders for every army at war, an embassy to the most threatened war, the genius
  and the lady decks kept for their best cards;
- the wars (``war_plan``): a unit, or a general, where it lowers most the chance of a
  war lost; where one alone changes nothing (an enemy 3 SP the stronger, or no noble in
  command, moves the marker on every result) its share of the two or three that would;
  on the SP-loss symbol, the unit whose loss leaves the war least at risk;
- the nobles' seats (``placement``): a noble's prestige and enlightenment count only at
  Court and an office pays by its holder's ratings, so the set-up's offices are shared
  out together and each appointment, nomination or vacancy weighs what the noble gave
  where he was.

It reads only what a player sees (the board and the cards' faces, never a deck's order).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable

from planet_king.bots import mistress_plan, placement, war_plan
from planet_king.bots.greedy import PREFERRED_ACTIONS, GreedyBot
from planet_king.bots.reading import active_war, army_of, seat_of
from planet_king.content.ids import War
from planet_king.content.models import TableRow
from planet_king.engine.decisions import Decision, DecisionKind
from planet_king.engine.forecast import Forecast, defeat_line, forecast
from planet_king.engine.game import Game
from planet_king.engine.rules import actions, court, family, scoring, units, wars
from planet_king.engine.rules.actions import ActionChecks, Context, action_types
from planet_king.engine.rules.organisation import RULE_MISTRESS
from planet_king.engine.state import UNIT_SP

# The greedy preferences, corrected where they misjudge (issue 16: the Court painter only
# shields one painter, a Hunt may give a happiness point).
EXPERT_ACTIONS = {
    **PREFERRED_ACTIONS,
    "court-painter": 5,
    "hunt": 25,
    "choose-mistress": 0,  # valued in full on the board (the ladies' supply)
    "issue": 20,  # the rest of its worth is valued on the board (heir, penalty, sons)
    "embassy": 5,  # likewise: the war it may save
}

# How likely a score this far above its defeat line still falls to it before the count
# (events, mortality, wars lost): a margin of 1 is one bad card away.
FALL_RISK = {0: 1.0, 1: 0.3, 2: 0.12, 3: 0.04, 4: 0.01}
# A fortune test's odds, from the event cards' birds (28 eagles, 13 pigeons, 27 crows).
P_NEGATIVE, P_NEUTRAL = 0.4, 0.2
P_CHILD = 1 - P_NEGATIVE  # an Issue test gives a child unless negative
POINT_WEIGHT = 25.0  # action-preference units per VP of expected value
# A happiness point at a later End of Turn, in action-preference units: about half a VP
# at the table and a step away from the King's death.
FUTURE_POINT = 0.6 * POINT_WEIGHT
BACK = 1.0  # the greedy score of "back" from an action menu
TIE = 0.01  # a greedy score that only breaks a tie
# Wars (war_plan): a ducat, and a Treasury left empty at the tables; the share of a
# campaign's gain a stronger army or a new commander is credited with (the campaign
# is still to be taken); a space gained counts this share of its part of the victory.
DUCAT = placement.DUCAT
BANKRUPT = 25.0
OFFENCE = 0.5
PLAN_UNITS = (2, 3)  # units a plan of reinforcements may take to change a war's odds
PROGRESS = 0.5
FLEET_AT_SEA = 5.0  # a fleet in the Plus Ultra box guards the Indies fleets
PROVINCIAL = 2.0  # a free provincial tercio, wherever it stands
GARRISON = 1.0  # a unit kept where it stands outside the wars
# Decisions that remove a card for good, where "keep" removes none.
REMOVALS = (DecisionKind.GENIUS_REMOVAL, DecisionKind.DECK_REMOVAL)


class ExpertBot(GreedyBot):
    name = "expert"

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self._fc: Forecast | None = None
        self._fc_key: tuple | None = None
        self._now: float | None = None
        self._mortality: tuple[float, float] | None = None
        self._rows: dict[int, tuple[list[TableRow], dict[int, TableRow]]] = {}
        self._bonus_at = -1
        self._last = ""
        self._lines: dict[str, int] = {}
        self._cards_key: tuple | None = None
        self._memo_turn = -1
        self._gains: dict[tuple, float] = {}
        self._fc_game: Game | None = None
        self._fc_n = -1
        self._lazy: dict[str, Callable[[Game], float]] = {}
        self._new_board()
        self._cards: tuple[Counter[str], Counter[str]] = (Counter(), Counter())

    def choose(self, game: Game) -> str:
        decision = game.decision
        if decision is None:
            raise ValueError("the game is over")
        n = len(game.choices)
        # An action menu right after its type was chosen reads the same board: the
        # action values found for the type choice stand.
        reuse = self._bonus_at == n - 1 and self._last.startswith("type:")
        if not reuse:
            self._bonuses = {}
        self._types = None
        self._new_board(game.state.turn)
        self._bonus_at = n
        scored = [
            (self.score(game, decision, o.id), self.rng.random(), o.id) for o in decision.legal
        ]
        self._last = max(scored)[2]
        return self._last

    def _new_board(self, turn: int = 0) -> None:
        """Forget what was read off the board for the last decision (the wars). The
        values of each war are kept by their key (``_wkey``) until the turn is over."""
        self._war_memo: dict[str, tuple[war_plan.Outlook, float, float]] = {}
        self._wkeys: dict[str, tuple] = {}
        self._board_key: tuple | None = None
        self._moves: dict[tuple, float] = {}
        self._general: bool | None = None
        if turn != self._memo_turn:
            self._memo_turn = turn
            self._memo: dict[tuple, float] = {}
            self._outlooks: dict[tuple, war_plan.Outlook] = {}
            self._armies: dict[tuple, war_plan.Army] = {}
            self._reinforced: dict[tuple, float] = {}
            self._campaigns: dict[tuple, float] = {}

    # ------------------------------------------------------------ the forecast
    def fc(self, g: Game) -> Forecast | None:
        """The forecast for the board at hand; None in Hothead (no End of Turn). Kept
        while nothing it counts has changed (most decisions change none of it)."""
        if g.hothead:
            return None
        n = len(g.choices)
        if g is self._fc_game and n == self._fc_n:  # one decision: the same board
            return self._fc
        self._fc_game, self._fc_n = g, n
        key = _fingerprint(g)
        if key != self._fc_key:
            self._fc, self._fc_key = forecast(g), key
            self._now = None
            self._gains = {}
            self._mortality = None
        return self._fc

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
        pts = {s.name: float(s.points) for s in f.scores}
        mh, mp = self.mortality(g)
        pts["happiness"] += mh
        pts["prestige"] += mp
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
        known = g is self._fc_game and len(g.choices) == self._fc_n and self._fc_key is not None
        if known and self._mortality is not None:  # what it reads is in the forecast's key
            return self._mortality
        found = self._mortality_ahead(g)
        if known:
            self._mortality = found
        return found

    def _mortality_ahead(self, g: Game) -> tuple[float, float]:
        if g.options.war_only or _mortality_done(g):
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

    def gain(self, g: Game, **delta: float) -> float:
        """The value, in action-preference units, of adding these points to the scores
        at this End of Turn."""
        f = self.fc(g)
        if f is None:
            return 0.0
        key = tuple(delta.items())
        v = self._gains.get(key)  # the same board asks the same few questions
        if v is None:
            if self._now is None:
                self._now = self.value(g, self.after(g, f, {}))
            v = POINT_WEIGHT * (self.value(g, self.after(g, f, delta)) - self._now)
            self._gains[key] = v
        return v

    # ------------------------------------------------------------- the actions
    def _action_score(self, g: Game, aid: str) -> float:
        if not self._bonuses:
            self._bonuses = self._action_bonuses(g)
        bonus = self._bonuses.get(aid)
        if bonus is None:
            # The costly values are read only for an action that is offered.
            value = self._lazy.get(aid)
            bonus = self._bonuses[aid] = value(g) - EXPERT_ACTIONS.get(aid, 0) if value else 0.0
        return EXPERT_ACTIONS.get(aid, 0) + bonus

    def _best_by_type(self, g: Game, d: Decision) -> dict[str, float]:
        """Every offered type's best possible action: only the actions the menu allows
        are valued (their values read the wars and the ladies)."""
        checks = d.checks
        if checks is None:
            checks = ActionChecks(g, Context(self._ctx(g), "bot"))
        wanted = {o.id[5:] for o in d.legal if o.id.startswith("type:")}
        types = action_types(g)
        best: dict[str, float] = {}
        for aid in EXPERT_ACTIONS:
            t = types[aid]
            if t in wanted and checks[aid] is None:
                best[t] = max(best.get(t, 0.0), self._action_score(g, aid))
        return best

    def _type_score(self, g: Game, d: Decision, type_: str) -> float:
        # A type is chosen only for an action worth more than going back from its menu
        # (scored 1, as the greedy bot scores it): else choosing it again would loop.
        best = super()._type_score(g, d, type_)
        return best if best > BACK else -1.0

    def _action_bonuses(self, g: Game) -> dict[str, float]:
        self._lazy = {}
        self._new_board(g.state.turn)
        out = super()._action_bonuses(g)
        s = g.state
        if g.hothead:
            return self._hothead_bonuses(g, out)
        f = self.fc(g)
        if f is None:
            return out
        treasury_end = f.treasury.end
        # Read on need (``_action_score``): the Royal Mistress, the embassy, the wars.
        self._lazy = self._lazy_values
        # Hunting Day: a happiness point if it is drawn this turn.
        out["hunt"] = self.gain(g, happiness=0.5)
        # Issue: a legitimate child lifts the penalty for having none and a son is an
        # heir (a VP each turn he lives), but a son who dies costs a happiness point;
        # a bastard son is a happiness point (bastards leave at mortality, unmourned).
        queen = g.content.ladies.get(s.queen or "")
        mistress = g.content.ladies.get(s.mistress or "")
        qf = queen.fertility if queen else 0
        mf = mistress.fertility if mistress else 0
        sons = 0.5 * P_CHILD * qf
        survive = 1 - P_NEGATIVE - P_NEUTRAL / 3  # a newborn is sickly one time in three
        p_alive = 1 - (1 - P_CHILD * survive) ** qf
        mp = self.mortality(g)[1]
        no_child = -mp if family.legitimate_children(g) else 1.0
        dh = 0.5 * P_CHILD * mf - sons * (1 - survive) + no_child * p_alive
        issue = self.gain(g, happiness=dh, prestige=no_child * p_alive)
        if s.heir is None and qf:
            p_heir = 1 - (1 - 0.5 * P_CHILD) ** qf
            issue += POINT_WEIGHT * p_heir * survive * min(2.0, 1 + g.scenario.last_turn - s.turn)
        out["issue"] = issue
        # A fortification is a certain prestige point.
        out["build-fortification"] = out.get("build-fortification", 0) + self.gain(g, prestige=1)
        if court.free_court_slot(g):
            out["appoint-noble"] = out.get("appoint-noble", 0) + self.gain(g, prestige=1)
        if None in s.court_geniuses:
            out["nominate-genius"] = out.get("nominate-genius", 0) + self.gain(g, enlightenment=1.5)
        # The Treasury: bankruptcy at the tables costs a prestige point each.
        if treasury_end <= 1:
            out["asiento"] = out.get("asiento", 0) + 30
            out["cortes"] = EXPERT_ACTIONS["cortes"] + 20 - EXPERT_ACTIONS["cortes"]
        if s.treasury <= 2:
            out["build-fortification"] = out.get("build-fortification", 0) - 20
        for aid in self._lazy_values:
            out.pop(aid, None)  # valued in full on need
        return out

    @property
    def _lazy_values(self) -> dict[str, Callable[[Game], float]]:
        """The actions valued in full on need (their whole value, not a bonus), by what
        they change on the board.

        An embassy goes to the most threatened war: a truce stops its marker this turn.
        The wars (war_plan): a unit where it lowers most the risk of a war lost, a
        campaign where it gains most, each less its ducats (a tercio of Nations also
        costs half a ducat of upkeep each turn; a tercio or a fleet is deployed at the
        End of Turn)."""
        return {
            "choose-mistress": self.mistress_action_value,
            "embassy": lambda g: (
                EXPERT_ACTIONS["embassy"] + (self.threat(g) if g.state.treasury >= 1 else 0.0)
            ),
            "military-campaign": self.best_campaign,
            "raise-nations": lambda g: (
                self.best_reinforcement(g, "nations") - self.ducat_cost(g) - DUCAT
            ),
            "raise-tercio": lambda g: (
                self.best_reinforcement(g, "tercio", now=False) - self.ducat_cost(g)
            ),
            "build-fleet": lambda g: (
                max(self.best_reinforcement(g, "fleet", now=False), FLEET_AT_SEA)
                - self.ducat_cost(g)
            ),
            "raise-provincial": lambda g: self.best_reinforcement(g, "provincial") + PROVINCIAL,
            "move": self.best_move,
        }

    # ------------------------------------------------------------------ Hothead
    # Only the Italian War counts: won, with a Viceroy of Italy whose political or
    # government rating is 2 or more. A campaign never loses ground, so every one the
    # Treasury allows is taken, with the best general and an army at least as strong
    # as the enemy's (one space per success instead of per two).
    ITALY = "france-italy"

    def _capable(self, g: Game, nid: str | None) -> bool:
        return nid is not None and (
            max(court.known_rating(g, nid, "political"), court.known_rating(g, nid, "government"))
            >= 2
        )

    def _hothead_bonuses(self, g: Game, out: dict[str, float]) -> dict[str, float]:
        s = g.state
        ws = s.wars[self.ITALY]
        for aid in ("hunt", "issue", "choose-mistress", "nominate-genius", "court-painter"):
            out[aid] = -100.0
        nobles = court.court_nobles(g)
        # Nominate Noble only ever replaces (the Viceroy or the commander): only when the
        # change is for the better (below).
        out["nominate-noble"] = -100.0
        # The Viceroy counts at the end whether or not the war is still being fought (a
        # won war still needs him, and he may fall to an event after it).
        if not self._capable(g, s.offices.get("viceroy-italy")) and any(
            self._capable(g, n) for n in nobles
        ):
            out["nominate-noble"] = 70.0
        # With the Court full, a noble drawn must take an office or a command: he may
        # displace a capable Viceroy (the victory's second condition).
        if not court.free_court_slot(g) and self._capable(g, s.offices.get("viceroy-italy")):
            out["appoint-noble"] = -150.0
        if not ws.active:
            return out
        leader = ws.leader
        weaker = wars.army_sp(g, self.ITALY, player_campaign=True) < wars.enemy_strength(
            g, self.ITALY
        )
        if leader is not None and s.treasury >= 1:
            out["military-campaign"] = -10.0 if weaker else 90.0
        for aid in ("raise-tercio", "raise-nations", "raise-provincial"):
            out[aid] = out.get(aid, 0) + (50.0 if weaker else 0.0)
        # The garrison of Spain reaches the Italian army in one move (a Spanish and a
        # provincial tercio, 1.5 SP): a simple action, so the same ACTION card can still
        # campaign with its government action, where raising a tercio of Nations would
        # take that action's place.
        if self.reinforcement(g)[1] > 0:
            out["move"] = 95.0 if weaker else 45.0
        out["embassy"] = -100.0  # a truce, then a peace: never a victory
        best_mil = max((court.known_rating(g, n, "military") for n in nobles), default=0)
        if best_mil > court.known_rating(g, leader, "military") + (0 if leader else -1):
            out["nominate-noble"] = max(out.get("nominate-noble", 0), 60.0)
        return out

    def reinforcement(self, g: Game) -> tuple[str | None, float]:
        """The place whose units bring the most SP to the Italian army in one move, and
        that SP (land units, and a fleet if the army has none)."""
        best: tuple[str | None, float] = (None, 0.0)
        if not units.can_move_something(g):
            return best
        for src in units.move_sources(g):
            if src == self.ITALY:
                continue
            sp = sum(
                UNIT_SP[k] * n
                for k, n in g.state.units_at(src).items()
                if self._reaches_italy(g, src, k)
            )
            if sp > best[1]:
                best = (src, sp)
        return best

    def _reaches_italy(self, g: Game, src: str, kind: str) -> bool:
        if kind == "fleet" and not units.fleets_allowed(g, self.ITALY):
            return False
        return self.ITALY in units.reachable(g, src, kind)

    def _hothead_move(self, g: Game, d: Decision, oid: str) -> float | None:
        """The move action's choices: from the best source, every unit that reaches the
        Italian army, to that army."""
        kind, _, rest = oid.partition(":")
        if d.kind is DecisionKind.MOVE_SOURCE:
            src = self.reinforcement(g)[0]
            return 10.0 if rest == src else 0.0
        if d.kind is DecisionKind.MOVE_WHAT:
            here = _source(g, d)
            if oid == "done":
                return 1.0
            if kind == "unit" and here and rest != "leader":
                return 10.0 if self._reaches_italy(g, here, rest) else -1.0
            return -1.0
        return None

    def _hothead_noble(self, g: Game, d: Decision, nid: str) -> float:
        s = g.state
        v = 0.0
        if not self._capable(g, s.offices.get("viceroy-italy")) and self._capable(g, nid):
            v = 50.0 + court.known_rating(g, nid, "political")
        gain_mil = court.known_rating(g, nid, "military") - court.known_rating(
            g, s.wars[self.ITALY].leader, "military"
        )
        return max(v, 20.0 * gain_mil)

    def _hothead_place(self, g: Game, d: Decision, pos: str) -> float:
        s = g.state
        nid = _subject(g, d)
        if nid is None:
            return 0.0
        if pos == "office:viceroy-italy":
            if self._capable(g, nid) and not self._capable(g, s.offices.get("viceroy-italy")):
                return 50.0
            return -5.0
        if pos == f"army:{self.ITALY}":
            return 20.0 * (
                court.known_rating(g, nid, "military")
                - court.known_rating(g, s.wars[self.ITALY].leader, "military")
            ) + (15.0 if s.wars[self.ITALY].leader is None else 0.0)
        if pos.startswith("court"):
            return 1.0
        return 0.0

    # ------------------------------------------------------------ the decisions
    def score(self, g: Game, d: Decision, oid: str) -> float:
        kind, _, rest = oid.partition(":")
        about = d.kind
        commands = army_of(d) is not None
        if g.hothead:
            if kind == "noble" and about is DecisionKind.NOMINATE_NOBLE:
                return self._hothead_noble(g, d, rest)
            if kind == "place":
                return self._hothead_place(g, d, rest)
            if kind == "war" and about is DecisionKind.CAMPAIGN_TARGET:
                return 100.0 if rest == self.ITALY else 0.0
            if kind == "noble" and commands:
                # The best general; among equals, the one the Court misses least.
                mil = court.known_rating(g, rest, "military")
                here = court.where(g, rest) or ""
                return 20.0 * mil - (self.court_worth(g, rest) if here.startswith("court") else 0)
            moved = self._hothead_move(g, d, oid)
            if moved is not None:
                return moved
        if kind == "noble" and not g.hothead:  # no End of Turn: no income nor scores
            if about is DecisionKind.FILL_POSITION:
                planned = self.setup_value(g, d, rest)
                if planned is not None:
                    return planned
            if about is DecisionKind.NOMINATE_NOBLE:
                return self.nomination_value(g, rest)
            office = seat_of(d) if about is DecisionKind.VACANCY else None
            if office is not None and office.startswith("office:"):
                return placement.replacement_worth(g, rest, office)
        if kind == "mistress":
            if g.state.phase == "organisation" and d.rule != RULE_MISTRESS:
                # The action before the Organisation's own choice: she is replaced
                # at once, so the lady to give up is the one the plan misses least.
                return mistress_plan.plan_value(g, rest, (rest,), start=g.state.turn)
            return self.mistress_value(g, rest)
        if kind == "queen":
            return self.queen_value(g, rest)
        if kind == "valido" or (oid == "keep" and about is DecisionKind.VALIDO):
            return self.valido_value(g, d, oid)
        if kind == "war" and about is DecisionKind.EMBASSY_TARGET:
            return self.war_threat(g, rest)
        if oid == actions.NO_EMBASSY:  # DIPLOMACY's embassy is optional: a war's worth 0
            return 0.0
        if kind == "lose":
            return self.sp_loss_value(g, d, oid)
        if kind == "remove" or (oid == "keep" and about in REMOVALS):
            return self.removal_value(g, d, oid)
        if commands:
            if kind == "noble":
                return self.commander_value(g, d, rest)
            if kind == "none":
                return 0.0
        if kind == "place":
            return self.place_value(g, d, rest)
        if g.hothead:  # one war, no End of Turn: its own rules above, else greedy's
            return super().score(g, d, oid)
        if kind == "war" and about is DecisionKind.CAMPAIGN_TARGET:
            return self.campaign_value(g, rest)
        if kind == "to" and rest in g.state.wars:
            unit = d.subject if about is DecisionKind.UNIT_DESTINATION else None
            if unit is not None:
                return 1.0 + self.reinforce_value(g, rest, unit)
        moved = self.move_score(g, d, oid)
        if moved is not None:
            return moved
        return super().score(g, d, oid)

    def move_score(self, g: Game, d: Decision, oid: str) -> float | None:
        """The move's own choices (Simple Actions / Move), and the units that join an
        army when its war is declared: a unit goes where it saves more than it leaves."""
        kind, _, rest = oid.partition(":")
        about = d.kind
        if oid == "done" and about in (DecisionKind.MOVE_WHAT, DecisionKind.NEW_ARMY_UNITS):
            return 0.0
        if kind == "from" and about is DecisionKind.MOVE_SOURCE:
            return self.best_move(g, rest)
        if kind == "unit" and about is DecisionKind.MOVE_WHAT:
            src = _source(g, d)
            if src is None:
                return None
            if rest == "leader":
                return self.leader_move_value(g, src)
            return self.best_move(g, src, rest)
        if kind == "move" and about is DecisionKind.NEW_ARMY_UNITS:
            war_id = active_war(g, d)
            loc, _, unit = rest.partition(":")
            return self.move_value(g, loc, unit, war_id) if war_id else None
        return None

    # Royal Mistress -------------------------------------------------------------
    def mistress_value(self, g: Game, lid: str) -> float:
        """What she brings at this End of Turn in place of the present Royal Mistress
        (read off the forecast), and what the ladies left can still bring the turns to
        come with her gone (``mistress_plan``)."""
        card = g.content.ladies[lid]
        old = g.content.ladies.get(g.state.mistress or "")
        dh = card.happiness - (old.happiness if old else 0)
        dp = card.prestige - (old.prestige if old else 0)
        de = sum(card.enlightenment.values()) - (sum(old.enlightenment.values()) if old else 0)
        now = self.gain(g, happiness=dh, prestige=dp, enlightenment=de)
        return now + FUTURE_POINT * mistress_plan.plan_value(g, lid, (lid,))

    def mistress_action_value(self, g: Game) -> float:
        """Choose Royal Mistress as an action: a happiness marker and a new lady now,
        against a lady the turns to come no longer have. In the Organisation phase the
        step that follows replaces her again, so the action only burns a lady for its
        marker: worth it only where the supply has one to spare."""
        s = g.state
        if not family.mistress_candidates(g):
            return -100.0
        if s.phase == "organisation":
            start = s.turn
            keep = mistress_plan.plan_value(g, s.mistress, start=start)
            burn = max(
                mistress_plan.plan_value(g, lid, (lid,), start=start)
                for lid in family.mistress_candidates(g)
            )
            return FUTURE_POINT * (burn - keep) + self.gain(g, happiness=1)
        best = self.best_mistress(g)
        if best is None:
            return -100.0
        keep = FUTURE_POINT * mistress_plan.plan_value(g, s.mistress)
        return self.mistress_value(g, best) + self.gain(g, happiness=1) - keep

    def best_mistress(self, g: Game) -> str | None:
        cands = family.mistress_candidates(g)
        if not cands:
            return None
        return max(cands, key=lambda lid: (self.mistress_value(g, lid), lid))

    def queen_value(self, g: Game, lid: str) -> float:
        """Her happiness, prestige and fertility each turn she lives, less what the
        Royal Mistresses to come lose if she is one of their ladies (prestige 0)."""
        card = g.content.ladies.get(lid)
        if card is None:
            return 0.0
        own = card.happiness + 0.6 * card.prestige + 0.3 * card.fertility
        s = g.state
        lost = mistress_plan.plan_value(g, s.mistress) - mistress_plan.plan_value(
            g, s.mistress, (lid,)
        )
        return own - lost

    # Valido -------------------------------------------------------------------
    def valido_value(self, g: Game, d: Decision, oid: str) -> float:
        s = g.state
        if oid == "keep":
            nid = s.valido
            v = self._valido_ratings(g, nid) + 0.5
            served = s.turn - s.valido_since + 1
            if served >= 4 and s.last_scores.get("prestige", 0) < 5:
                v -= 1.5  # the Valido's penalty: a VP
            return v
        nid = oid.partition(":")[2]
        v = self._valido_ratings(g, nid)
        # He leaves his place: an army or office loses its holder.
        pos = court.where(g, nid)
        if pos and pos.startswith("army:"):
            v -= 1.0
        return v

    def _valido_ratings(self, g: Game, nid: str | None) -> float:
        if not nid:
            return 0.0
        return court.known_rating(g, nid, "political") + court.known_rating(g, nid, "government")

    # Wars -------------------------------------------------------------------
    # (war_plan: the chance a war is lost, and what a campaign gains)
    def loss_cost(self, g: Game, war_id: str) -> float:
        """What losing a war costs, in action-preference units: its VP, a happiness and
        a prestige point at this End of Turn."""
        vp = -g.content.wars[war_id].vp_lose
        return POINT_WEIGHT * vp - self.gain(g, happiness=-1, prestige=-1)

    def win_value(self, g: Game, war_id: str) -> float:
        """What winning a war brings: its VP (none for the Palatinate from turn 6), a
        happiness and a prestige point at this End of Turn."""
        vp = g.content.wars[war_id].vp_win
        if war_id == War.PALATINATE and g.state.turn >= 6:
            vp = 0
        return POINT_WEIGHT * vp + self.gain(g, happiness=1, prestige=1)

    def war_risk(
        self,
        g: Game,
        war_id: str,
        a: war_plan.Army | None = None,
        *,
        shift: int = 0,
        now: bool = True,
        truce: bool = False,
    ) -> float:
        """The expected cost of losing this war this turn or the next."""
        key = (self._wkey(g, war_id), a, shift, now, truce)
        risk = self._memo.get(key)
        if risk is None:
            outlook, cost, _ = self._war(g, war_id)
            risk = outlook.p_lost(a, shift=shift, now=now, truce=truce) * cost
            self._memo[key] = risk
        return risk

    def _war(self, g: Game, war_id: str) -> tuple[war_plan.Outlook, float, float]:
        """The war's outlook, the cost of a loss and the worth of a victory, read once
        per board."""
        base = self._war_memo.get(war_id)
        if base is None:
            key = self._war_key(g, war_id)
            outlook = self._outlooks.get(key)
            if outlook is None:
                outlook = self._outlooks[key] = war_plan.Outlook.of(g, war_id, self._war_cards(g))
            cost, win = self.loss_cost(g, war_id), self.win_value(g, war_id)
            base = (outlook, cost, win)
            self._war_memo[war_id] = base
            self._wkeys[war_id] = (key, cost, win)
        return base

    def _wkey(self, g: Game, war_id: str) -> tuple:
        """The war's values are kept across decisions while this key holds: its state,
        the board of the wars, the cost of a loss and the worth of a victory."""
        key = self._wkeys.get(war_id)
        if key is None:
            self._war(g, war_id)
            key = self._wkeys[war_id]
        return key

    def _war_key(self, g: Game, war_id: str) -> tuple:
        """What a war's outlook reads: the war and its army, and what all wars share (the
        turn and phase, the war cards left, the markers of every war: France's
        campaigns go to the front the furthest out)."""
        if self._board_key is None:
            s = g.state
            self._board_key = (
                s.turn,
                s.phase,
                s.phase_over,
                s.action_cards_played,
                len(s.deck),
                len(s.discard),
                s.corsairs,
                s.catalan_tercio,
                len(s.rolled_ratings),
                tuple(s.power_strength.items()),
                tuple((ws.active, ws.position, ws.truce) for ws in g.state.wars.values()),
            )
        ws = g.state.wars[war_id]
        units_here = tuple(g.state.units.get(war_id, {}).items())
        return (self._board_key, war_id, ws.leader, ws.enemy_leader, units_here)

    def _war_cards(self, g: Game) -> tuple[Counter[str], Counter[str]]:
        """The war cards in the deck, and in the deck and discards, kept until a card is
        drawn."""
        s = g.state
        key = (s.turn, s.phase, len(s.deck), len(s.discard))
        if key != self._cards_key:
            self._cards, self._cards_key = war_plan.deck_war_cards(g), key
        return self._cards

    def _army(self, g: Game, war_id: str, extra: str | None = None) -> war_plan.Army:
        """The army, with one unit of kind ``extra`` more, read once per board."""
        key = (self._wkey(g, war_id), extra)
        a = self._armies.get(key)
        if a is None:
            a = self._armies[key] = war_plan.army(g, war_id, extra)
        return a

    def war_threat(self, g: Game, war_id: str) -> float:
        """How much an embassy's truce would save in this war (a truce on a truce is a
        peace, which costs a VP and a prestige point: only for a war nearly lost)."""
        ws = g.state.wars[war_id]
        if not ws.active:
            return -100.0
        if ws.truce:
            return -10.0 if war_plan.to_loss(g, war_id) > 1 else 1.0
        return self.war_risk(g, war_id) - self.war_risk(g, war_id, truce=True)

    def threat(self, g: Game) -> float:
        """The embassy's worth: the best war to send it to, times its chance of success
        with the best ambassador at hand."""
        active = [w for w, ws in g.state.wars.items() if ws.active]
        if not active:
            return 0.0
        best = max(active, key=lambda w: self.war_threat(g, w))
        envoys = actions.ambassadors(g, best)
        pol = max((court.known_rating(g, n, "political") for n in envoys if n), default=0)
        p_ok = 1 - (1 - 0.4) ** max(0, pol - 1)
        return max(0.0, self.war_threat(g, best)) * p_ok

    def space_value(self, g: Game, war_id: str, spaces: int) -> float:
        """Spaces gained in a war: the risk of losing it that falls, a step towards
        winning it (worth half its share of the victory), or the victory itself."""
        need = war_plan.to_win(g, war_id)
        base = self.war_risk(g, war_id)
        if spaces >= need:
            return self._war(g, war_id)[2] + base
        gained = base - self.war_risk(g, war_id, shift=spaces)
        return gained + PROGRESS * self._war(g, war_id)[2] * spaces / need

    def campaign_value(self, g: Game, war_id: str, extra: str | None = None) -> float:
        """A Military Campaign in this war, with one unit of kind ``extra`` more: the
        spaces it may gain, less an SP lost to the symbol. Its ducat is counted apart."""
        ws = g.state.wars[war_id]
        leader = wars.serving_commander(g, war_id)
        if not ws.active or ws.truce or leader is None:
            return -100.0
        key = (self._wkey(g, war_id), extra)
        v = self._campaigns.get(key)
        if v is None:
            v = self._campaigns[key] = self._campaign(g, war_id, leader, extra)
        return v

    def _campaign(self, g: Game, war_id: str, leader: str, extra: str | None) -> float:
        dist = war_plan.campaign_spaces(g, war_id, leader, extra=extra)
        v = sum(p * self.space_value(g, war_id, k) for k, p in enumerate(dist) if k and p)
        a = self._army(g, war_id, extra)
        weaker = war_plan.Army(a.sp - 1, a.commanded, a.fleet)
        tests = war_plan.campaign_tests(g, war_id, leader)
        loss = self.war_risk(g, war_id, weaker) - self.war_risk(g, war_id, a)
        return v - war_plan.p_sp_loss(tests) * loss

    def best_campaign(self, g: Game) -> float:
        """The best Military Campaign at hand, its ducats paid."""
        s = g.state
        best = -100.0
        for w, ws in s.wars.items():
            leader = wars.serving_commander(g, w) if ws.active else None
            if leader is None or ws.truce:
                continue
            if ws.last_campaign and s.gov_prev_card and s.gov_prev_card[0] == "military-campaign":
                continue  # no campaign twice running in one war
            cost = self.ducat_cost(g, wars.campaign_cost(g, leader))
            best = max(best, self.campaign_value(g, w) - cost)
        return best

    def reinforce_value(self, g: Game, war_id: str, kind: str, *, now: bool = True) -> float:
        """One unit of ``kind`` more in this army (``now`` False: from the End of Turn):
        the risk of losing the war that falls, and a campaign that gains a space per
        success once the army is as strong as the enemy's. Where one unit alone changes
        nothing (an enemy 3 SP the stronger, or an army with no commander, moves the
        marker on every result: Progression of a War), the unit takes its share of a plan
        of two or three units, with a general from Court if the army has none."""
        key = (self._wkey(g, war_id), kind, now)
        v = self._reinforced.get(key)
        if v is None:
            v = self._reinforced[key] = self._reinforce(g, war_id, kind, now=now)
        return v

    def _reinforce(self, g: Game, war_id: str, kind: str, *, now: bool) -> float:
        outlook, cost, _ = self._war(g, war_id)
        if not outlook.active:
            return 0.0
        a = outlook.army
        b, stronger = outlook.with_unit(g, kind)
        before = outlook.p_lost(a, now=now)
        v = cost * (before - outlook.p_lost(b, now=now))
        general = a.commanded or self._general_at_court(g)
        for n in PLAN_UNITS:
            more, steps = outlook.with_units(g, kind, n), n
            if not more.commanded and general:  # the plan sends a general too
                more, steps = war_plan.Army(more.sp, True, more.fleet), n + 1
            v = max(v, cost * (before - outlook.p_lost(more, now=now)) / steps)
        if a.commanded and not outlook.stronger and stronger:
            gain = self.campaign_value(g, war_id, kind) - self.campaign_value(g, war_id)
            v += OFFENCE * max(0.0, gain)
        return v

    def _general_at_court(self, g: Game) -> bool:
        """Whether a noble at Court can take a command (read once per decision)."""
        if self._general is None:
            self._general = any(court.can_command(g, n) for n in court.court_nobles(g))
        return self._general

    def release_cost(self, g: Game, src: str, kind: str) -> float:
        """What a unit leaving ``src`` costs: in an army at war, the risk it leaves behind
        and the campaigns that no longer gain a space per success; elsewhere a little
        (a garrison)."""
        ws = g.state.wars.get(src)
        if ws is None or not ws.active:
            return GARRISON
        outlook, cost, _ = self._war(g, src)
        a = outlook.army
        b = outlook.without_unit(g, kind)
        v = cost * (outlook.p_lost(b) - outlook.p_lost(a))
        if (
            a.commanded
            and outlook.stronger
            and outlook.campaign_sp - (a.sp - b.sp) < (outlook.enemy_sp)
        ):
            v += OFFENCE * max(0.0, self.campaign_value(g, src))
        return v

    def move_value(self, g: Game, src: str, kind: str, dst: str) -> float:
        if dst == src or dst not in g.state.wars or not g.state.wars[dst].active:
            return -GARRISON
        return self.reinforce_value(g, dst, kind) - self.release_cost(g, src, kind)

    def leader_move_value(self, g: Game, src: str) -> float:
        """A commander who leaves his army for one that has none: what the other army
        gains less what his own loses (its campaigns then move on every result)."""
        outlook, cost, _ = self._war(g, src)
        left = war_plan.Army(outlook.army.sp, False, outlook.army.fleet)
        lost = cost * (outlook.p_lost(left) - outlook.p_lost())
        gained = 0.0
        for dst in units.leader_destinations(g, src):
            there, there_cost, _ = self._war(g, dst)
            led = war_plan.Army(there.army.sp, True, there.army.fleet)
            gained = max(gained, there_cost * (there.p_lost() - there.p_lost(led)))
        return gained - lost

    def best_move(self, g: Game, src: str | None = None, kind: str | None = None) -> float:
        """The best single move of a unit into an army at war (from ``src``, of ``kind``,
        if given): what it saves there less what it costs where it was."""
        key = ("move", src, kind)
        best = self._moves.get(key)
        if best is not None:
            return best
        best = -GARRISON
        here = g.state.units
        for loc in [src] if src else list(here):
            kinds = [kind] if kind else [k for k, n in here.get(loc, {}).items() if n > 0]
            for k in kinds:
                dsts = units.reachable_wars(g, loc, k)
                if dsts:
                    gain = max(self.reinforce_value(g, w, k) for w in dsts)
                    best = max(best, gain - self.release_cost(g, loc, k))
        self._moves[key] = best
        return best

    def best_reinforcement(self, g: Game, kind: str, *, now: bool = True) -> float:
        return max(
            (
                self.reinforce_value(g, w, kind, now=now)
                for w, ws in g.state.wars.items()
                if ws.active and units.destination_ok(g, kind, w)
            ),
            default=0.0,
        )

    def ducat_cost(self, g: Game, n: int = 1) -> float:
        """Ducats spent, in action-preference units: more when the Treasury would end the
        turn empty (a bankruptcy at the tables costs a prestige point)."""
        f = self.fc(g)
        end = f.treasury.end if f is not None else g.state.treasury
        return DUCAT * n + (BANKRUPT if end - n < 1 else 0.0)

    def sp_loss_value(self, g: Game, d: Decision, oid: str) -> float:
        """The SP-loss symbol (Progression of a War): lose the unit that leaves the war
        least at risk (a naval war's last fleet: without one, neutral results count as
        negative; a provincial tercio is half an SP; an old tercio is flipped, one SP);
        among equals, the cheapest, in the greedy bot's order."""
        cheap = super().score(g, d, oid)
        war_id = active_war(g, d)
        if war_id is None:
            return cheap
        left = self._war(g, war_id)[0].after_sp_loss(g, oid.partition(":")[2])
        return TIE * cheap - self.war_risk(g, war_id, left)

    def command_worth(self, g: Game, nid: str, war_id: str) -> float:
        """A commander for an army that has none: the enemy's campaigns no longer move
        on their own (or, where the enemy is still 3 SP the stronger, his share of a plan
        that sends two or three units with him), and his campaigns may gain ground."""
        ws = g.state.wars[war_id]
        if not ws.active or ws.leader is not None:
            return 0.0
        a = self._army(g, war_id)
        counter = g.content.nobles[nid].leader
        led = war_plan.Army(a.sp + (counter.sp if counter else 0), True, a.fleet)
        before = self.war_risk(g, war_id, a)
        v = before - self.war_risk(g, war_id, led)
        for n in PLAN_UNITS:
            more = war_plan.Army(led.sp + n, True, led.fleet)
            v = max(v, (before - self.war_risk(g, war_id, more)) / (n + 1))
        mil = court.known_rating(g, nid, "military")
        need = max(1, war_plan.to_win(g, war_id))
        return v + OFFENCE * mil * war_plan.P_POSITIVE * self._war(g, war_id)[2] / need

    def court_worth(self, g: Game, nid: str) -> float:
        """What a noble adds at Court, in action-preference units: his prestige now and
        in the turns to come, a patron's or writer's enlightenment."""
        if nid not in g.content.nobles:
            return 0.0
        prestige, ench = placement.court_points(g, nid)
        now = self.gain(g, prestige=prestige, enlightenment=ench)
        return now + placement.POINT * (prestige + ench)

    def commander_value(self, g: Game, d: Decision, nid: str) -> float:
        war_id = active_war(g, d)
        here = court.where(g, nid) or ""
        v = (
            self.command_worth(g, nid, war_id)
            if war_id
            else 10.0 * (court.known_rating(g, nid, "military") + 1)
        )
        if here.startswith("court"):
            v -= self.court_worth(g, nid)
        return v

    def setup_value(self, g: Game, d: Decision, nid: str) -> float | None:
        """The set-up's drawn nobles shared out over its offices, commands and the Court
        (``placement``): the best plan in which ``nid`` takes the seat asked for."""
        scen = g.scenario
        seats = [f"office:{o}" for o in scen.random_offices]
        seats += [f"army:{w}" for w in scen.random_commands]
        seat = seat_of(d)
        if seat not in seats:
            return None
        nobles = [o.id.partition(":")[2] for o in d.options]
        room = g.state.court_nobles.count(None)
        later = seats[seats.index(seat) :]
        return placement.best_assignment(g, self, nobles, later, room, nid)

    def seat_value(self, g: Game, nid: str, pos: str) -> float:
        """``nid`` takes an office or a command during the reign; from Court, he leaves
        what he gave there (``placement``)."""
        if pos.startswith("office:"):
            return placement.replacement_worth(g, nid, pos)
        worth = self.command_worth(g, nid, pos.partition(":")[2])
        if nid in court.court_nobles(g):
            worth -= placement.seat_worth(g, nid, "court")
        return worth

    def nomination_value(self, g: Game, nid: str) -> float:
        """Nominate Noble: the noble from Court whose best office or command gains most."""
        seats = [p for p in actions.appointable(g, nid) if not actions.locked(g, p)]
        return max((self.seat_value(g, nid, p) for p in seats), default=-100.0)

    def place_value(self, g: Game, d: Decision, pos: str) -> float:
        nid = _subject(g, d)
        if nid is None:
            return super()._position_score(g, pos)
        if pos.startswith("army:"):
            return self.seat_value(g, nid, pos)
        if pos.startswith("court"):
            return self.court_worth(g, nid) + 1.0 + placement.court_extras(g, nid)
        if pos.startswith("office"):
            return self.seat_value(g, nid, pos)
        return 1.0

    # Deck removals ------------------------------------------------------------
    def removal_value(self, g: Game, d: Decision, oid: str) -> float:
        """Genius at Court: drop the weakest (never while there is room); decks: keep."""
        if d.kind is DecisionKind.GENIUS_REMOVAL:
            if oid == "keep":
                return 0.0
            gid = oid.partition(":")[2]
            # Without a "keep" option a genius must go (four at most): no penalty.
            forced = all(o.id != "keep" for o in d.options)
            return -self._genius_worth(g, gid) + (0 if forced else -0.5)
        if oid == "keep":
            return 1.0
        cid = oid.partition(":")[2]
        deck = d.subject if d.kind is DecisionKind.DECK_REMOVAL else None
        if deck == "lady":
            card = g.content.ladies.get(cid)
            # A lady who can never be Royal Mistress nor is needed as Queen.
            if card is not None and card.prestige > 0 and g.state.queen:
                return 0.5
            return -5.0
        if deck == "noble":
            card = g.content.nobles.get(cid)
            if card is not None and card.prestige < 0:
                return 2.0
            return -1.0
        return -1.0

    def _genius_worth(self, g: Game, gid: str) -> float:
        card = g.content.geniuses[gid]
        # Only two cards of an art score: a third of the same art is worth little.
        same = [
            g.content.geniuses[x].enlightenment
            for x in g.state.court_geniuses
            if x and x != gid and g.content.geniuses[x].art == card.art
        ]
        limit = g.content.tables.genius_per_art_limit
        worth = card.enlightenment
        if len(same) >= limit and card.enlightenment <= min(same):
            worth = 0
        return worth + card.prestige + (0.5 if gid == g.state.court_painter else 0)


def _mortality_done(g: Game) -> bool:
    """Has this turn's Royal Family Mortality been tested? (A decision asked during it,
    naming a new heir, comes after the tests that matter.)"""
    s = g.state
    return s.phase == "end-of-turn" and s.step in ("mortality", "scores", "valido")


def _fingerprint(g: Game) -> tuple:
    """What the forecast reads, in brief: the Court, the markers, the family, the
    Treasury and where the End of Turn stands."""
    s = g.state
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
        tuple(s.revolts),
        s.asiento,
        len(s.settlements),
        tuple(s.plus_ultra.values()),
    )


def _source(g: Game, d: Decision) -> str | None:
    """The place a "move what from" decision moves units from (if it holds units)."""
    return d.subject if d.subject in g.state.units else None


def _subject(g: Game, d: Decision) -> str | None:
    """The noble a decision places (where he goes, or what he is nominated to)."""
    if d.kind is DecisionKind.PLACE_NOBLE and d.subject in g.content.nobles:
        return d.subject
    return None
