"""What the expert bot and its Hothead policy share: how a decision is scored, the
actions' values read on need, and the Court's and the wars' decisions that both play
the same way.

Both play like the greedy bot where little is at stake and override it where the reign
is won or lost. A policy adds its own action bonuses (``policy_bonuses``) and its own
decisions before the shared ones (``court_score``).
"""

from __future__ import annotations

from collections.abc import Callable

from planet_king.bots import mistress_plan
from planet_king.bots.expert_court import CourtValuation
from planet_king.bots.expert_valuation import ForecastValuation
from planet_king.bots.expert_wars import WarValuation
from planet_king.bots.greedy import PREFERRED_ACTIONS, GreedyBot
from planet_king.bots.reading import active_war, army_of
from planet_king.engine.decisions import Decision, DecisionKind
from planet_king.engine.game import Game
from planet_king.engine.rules import actions
from planet_king.engine.rules.actions import ActionChecks, Context, action_types
from planet_king.engine.rules.organisation import RULE_MISTRESS

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
BACK = 1.0  # the greedy score of "back" from an action menu
TIE = 0.01  # a greedy score that only breaks a tie
# Decisions that remove a card for good, where "keep" removes none.
REMOVALS = (DecisionKind.GENIUS_REMOVAL, DecisionKind.DECK_REMOVAL)

# An action valued in full on need (its whole value, not a bonus).
LazyValue = Callable[[Game], float]


class ExpertBase(GreedyBot):
    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.scores = ForecastValuation()
        self.wars = WarValuation(self.scores)
        self.court = CourtValuation(self.scores, self.wars)
        # Where the last choice was made (its number of choices) and what it was: an
        # action menu right after its type was chosen keeps the type's action values.
        self._bonus_at = -1
        self._last = ""
        self._lazy: dict[str, LazyValue] = {}

    def choose(self, game: Game) -> str:
        decision = game.decision
        if decision is None:
            raise ValueError("the game is over")
        n = len(game.choices)
        # An action menu right after its type was chosen reads the same board: the
        # action values found for the type choice stand. Known staleness: a player who
        # asks this bot and then takes another option (the evaluator bot) makes the next
        # decision reuse them on a changed board; also checking ``game.choices[-1] ==
        # self._last`` changes the evaluator bot's games, so it waits for a change
        # that may change them.
        reuse = self._bonus_at == n - 1 and self._last.startswith("type:")
        if not reuse:
            self._bonuses = {}
        self._types = None
        self.wars.new_decision(game.state.turn)
        self._bonus_at = n
        scored = [
            (self.score(game, decision, o.id), self.rng.random(), o.id) for o in decision.legal
        ]
        self._last = max(scored)[2]
        return self._last

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
        score = self._action_score
        for aid in EXPERT_ACTIONS:
            t = types[aid]
            if t in wanted and checks[aid] is None:
                best[t] = max(best.get(t, 0.0), score(g, aid))
        return best

    def _type_score(self, g: Game, d: Decision, type_: str) -> float:
        # A type is chosen only for an action worth more than going back from its menu
        # (scored 1, as the greedy bot scores it): else choosing it again would loop.
        best = super()._type_score(g, d, type_)
        return best if best > BACK else -1.0

    def _action_bonuses(self, g: Game) -> dict[str, float]:
        self._lazy = {}
        self.wars.new_decision(g.state.turn)
        return self.policy_bonuses(g, super()._action_bonuses(g))

    def policy_bonuses(self, g: Game, out: dict[str, float]) -> dict[str, float]:
        """The greedy bonuses ``out``, changed by this policy's reading of the board;
        actions put in ``self._lazy`` are valued in full when offered."""
        return out

    # ------------------------------------------------------------ the decisions
    def court_score(self, g: Game, d: Decision, oid: str) -> float | None:
        """The decisions both policies value alike: the ladies, the Valido, an
        embassy's war, the SP-loss symbol, the cards removed, a commander. None for
        any other."""
        kind, _, rest = oid.partition(":")
        about = d.kind
        if kind == "mistress":
            if g.state.phase == "organisation" and d.rule != RULE_MISTRESS:
                # The action before the Organisation's own choice: she is replaced
                # at once, so the lady to give up is the one the plan misses least.
                return mistress_plan.plan_value(g, rest, (rest,), start=g.state.turn)
            return self.court.mistress_value(g, rest)
        if kind == "queen":
            return self.court.queen_value(g, rest)
        if kind == "valido" or (oid == "keep" and about is DecisionKind.VALIDO):
            return self.court.valido_value(g, oid)
        if kind == "war" and about is DecisionKind.EMBASSY_TARGET:
            return self.wars.war_threat(g, rest)
        if oid == actions.NO_EMBASSY:  # DIPLOMACY's embassy is optional: a war's worth 0
            return 0.0
        if kind == "lose":
            return self.sp_loss_value(g, d, oid)
        if kind == "remove" or (oid == "keep" and about in REMOVALS):
            return self.court.removal_value(g, d, oid)
        if army_of(d) is not None:
            if kind == "noble":
                return self.court.commander_value(g, d, rest)
            if kind == "none":
                return 0.0
        return None

    def sp_loss_value(self, g: Game, d: Decision, oid: str) -> float:
        """The SP-loss symbol (Progression of a War): lose the unit that leaves the war
        least at risk; among equals, the cheapest, in the greedy bot's order."""
        cheap = GreedyBot.score(self, g, d, oid)
        war_id = active_war(g, d)
        if war_id is None:
            return cheap
        return TIE * cheap - self.wars.sp_loss_risk(g, war_id, oid.partition(":")[2])
