"""The expert bot: survival first, then VP, read off the forecast.

It plays like the greedy bot where little is at stake and overrides it where the reign
is won or lost. At each choice of action it asks the forecast how the End of Turn would
count now, and values each action by what it would change in the three scores
(``expert_valuation``: a point that lifts a score off its automatic-defeat line is worth
far more than a point of VP). Court decisions that drive survival are valued directly
(``expert_court``: the Royal Mistress, the Queen, the Valido, the nobles' seats, the
decks), and so are the wars (``expert_wars``: a unit, a general or a campaign where it
lowers most the chance of a war lost; on the SP-loss symbol, the unit whose loss leaves
the war least at risk). Hothead, which has no End of Turn, is played by its own policy
(``hothead``).

It reads only what a player sees (the board and the cards' faces, never a deck's order).
"""

from __future__ import annotations

from planet_king.bots import placement
from planet_king.bots.expert_base import EXPERT_ACTIONS, ExpertBase, LazyValue
from planet_king.bots.expert_valuation import P_NEGATIVE, P_NEUTRAL, POINT_WEIGHT
from planet_king.bots.hothead import HotheadBot
from planet_king.bots.reading import active_war, seat_of
from planet_king.engine.decisions import Decision, DecisionKind
from planet_king.engine.game import Game
from planet_king.engine.rules import court, family

P_CHILD = 1 - P_NEGATIVE  # an Issue test gives a child unless negative
# The wars, in action-preference units.
DUCAT = placement.DUCAT
FLEET_AT_SEA = 5.0  # a fleet in the Plus Ultra box guards the Indies fleets
PROVINCIAL = 2.0  # a free provincial tercio, wherever it stands


class ExpertBot(ExpertBase):
    name = "expert"

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self._hothead: HotheadBot | None = None  # made for the first Hothead decision

    def choose(self, game: Game) -> str:
        if game.hothead:
            if self._hothead is None:
                # The same random draws as this bot: one stream, whichever policy plays.
                self._hothead = HotheadBot(0)
                self._hothead.rng = self.rng
            return self._hothead.choose(game)
        return super().choose(game)

    # ------------------------------------------------------------- the actions
    def policy_bonuses(self, g: Game, out: dict[str, float]) -> dict[str, float]:
        s = g.state
        treasury_end = self.scores.treasury_end(g)
        if treasury_end is None:  # no End of Turn
            return out
        gain = self.scores.gain
        # Read on need (``_action_score``): the Royal Mistress, the embassy, the wars.
        lazy = self._lazy = self.lazy_values()
        # Hunting Day: a happiness point if it is drawn this turn.
        out["hunt"] = gain(g, happiness=0.5)
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
        mp = self.scores.mortality(g)[1]
        no_child = -mp if family.legitimate_children(g) else 1.0
        dh = 0.5 * P_CHILD * mf - sons * (1 - survive) + no_child * p_alive
        issue = gain(g, happiness=dh, prestige=no_child * p_alive)
        if s.heir is None and qf:
            p_heir = 1 - (1 - 0.5 * P_CHILD) ** qf
            issue += POINT_WEIGHT * p_heir * survive * min(2.0, 1 + g.scenario.last_turn - s.turn)
        out["issue"] = issue
        # A fortification is a certain prestige point.
        out["build-fortification"] = out.get("build-fortification", 0) + gain(g, prestige=1)
        if court.free_court_slot(g):
            out["appoint-noble"] = out.get("appoint-noble", 0) + gain(g, prestige=1)
        if None in s.court_geniuses:
            out["nominate-genius"] = out.get("nominate-genius", 0) + gain(g, enlightenment=1.5)
        # The Treasury: bankruptcy at the tables costs a prestige point each.
        if treasury_end <= 1:
            out["asiento"] = out.get("asiento", 0) + 30
            out["cortes"] = 20
        if s.treasury <= 2:
            out["build-fortification"] = out.get("build-fortification", 0) - 20
        for aid in lazy:
            out.pop(aid, None)  # valued in full on need
        return out

    def lazy_values(self) -> dict[str, LazyValue]:
        """The actions valued in full on need (their whole value, not a bonus), by what
        they change on the board.

        An embassy goes to the most threatened war: a truce stops its marker this turn.
        The wars (``expert_wars``): a unit where it lowers most the risk of a war lost, a
        campaign where it gains most, each less its ducats (a tercio of Nations also
        costs half a ducat of upkeep each turn; a tercio or a fleet is deployed at the
        End of Turn)."""
        wars, cost = self.wars, self.scores.ducat_cost
        return {
            "choose-mistress": self.court.mistress_action_value,
            "embassy": lambda g: (
                EXPERT_ACTIONS["embassy"] + (wars.threat(g) if g.state.treasury >= 1 else 0.0)
            ),
            "military-campaign": wars.best_campaign,
            "raise-nations": lambda g: wars.best_reinforcement(g, "nations") - cost(g) - DUCAT,
            "raise-tercio": lambda g: wars.best_reinforcement(g, "tercio", now=False) - cost(g),
            "build-fleet": lambda g: (
                max(wars.best_reinforcement(g, "fleet", now=False), FLEET_AT_SEA) - cost(g)
            ),
            "raise-provincial": lambda g: wars.best_reinforcement(g, "provincial") + PROVINCIAL,
            "move": wars.best_move,
        }

    # ------------------------------------------------------------ the decisions
    def score(self, g: Game, d: Decision, oid: str) -> float:
        kind, _, rest = oid.partition(":")
        if kind == "type":  # the court's, the wars' and the moves' values have none
            return self._type_score(g, d, rest)
        if kind == "action":  # likewise (GreedyBot.score's)
            return self._action_score(g, rest.rsplit(":", 1)[1])
        about = d.kind
        if kind == "noble":
            if about is DecisionKind.FILL_POSITION:
                planned = self.court.setup_value(g, d, rest)
                if planned is not None:
                    return planned
            if about is DecisionKind.NOMINATE_NOBLE:
                return self.court.nomination_value(g, rest)
            office = seat_of(d) if about is DecisionKind.VACANCY else None
            if office is not None and office.startswith("office:"):
                return placement.replacement_worth(g, rest, office)
        shared = self.court_score(g, d, oid)
        if shared is not None:
            return shared
        if kind == "place":
            nid = d.subject if about is DecisionKind.PLACE_NOBLE else None
            if nid is None or nid not in g.content.nobles:
                return self._position_score(g, rest)
            return self.court.place_value(g, nid, rest)
        if kind == "war" and about is DecisionKind.CAMPAIGN_TARGET:
            return self.wars.campaign_value(g, rest)
        if kind == "to" and rest in g.state.wars:
            unit = d.subject if about is DecisionKind.UNIT_DESTINATION else None
            if unit is not None:
                return 1.0 + self.wars.reinforce_value(g, rest, unit)
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
            return self.wars.best_move(g, rest)
        if kind == "unit" and about is DecisionKind.MOVE_WHAT:
            src = d.subject if d.subject in g.state.units else None
            if src is None:
                return None
            if rest == "leader":
                return self.wars.leader_move_value(g, src)
            return self.wars.best_move(g, src, rest)
        if kind == "move" and about is DecisionKind.NEW_ARMY_UNITS:
            war_id = active_war(g, d)
            loc, _, unit = rest.partition(":")
            return self.wars.move_value(g, loc, unit, war_id) if war_id else None
        return None
