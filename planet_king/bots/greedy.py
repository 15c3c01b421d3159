"""The greedy bot: a transparent heuristic that plays sensibly.

It scores each legal option of the pending decision with a few readable rules (keep the
treasury alive, fill the Court, guard prestige and enlightenment, campaign when the army
is the stronger) and takes the best, breaking ties with its own RNG. It reads only what
a player sees: the board, never the order of the deck.
"""

from __future__ import annotations

import random

from planet_king.bots.reading import army_of, payment, seat_of
from planet_king.engine.decisions import Decision, DecisionKind
from planet_king.engine.game import Game
from planet_king.engine.rules import court, wars
from planet_king.engine.rules.actions import ActionChecks, Context, action_types

AMBASSADOR_OFFICE = "office:ambassador-austria"  # its holder is valued as an ambassador
PREFERRED_ACTIONS = {
    # royal
    "issue": 60,
    "nominate-genius": 45,
    "court-painter": 40,
    "hunt": 20,
    "cortes": 25,
    "royal-pardon": 30,
    "choose-mistress": 5,
    "sale-of-privileges": -20,
    # political
    "appoint-noble": 50,
    "nominate-noble": 20,
    "embassy": 15,
    # government
    "military-campaign": 40,
    "raise-nations": 25,
    "raise-tercio": 20,
    "build-fleet": 10,
    # simple
    "exploration": 45,
    "build-fortification": 30,
    "raise-provincial": 25,
    "asiento": 10,
    "move": 5,
}


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        # Read off the board for the decision at hand, on need.
        self._bonuses: dict[str, float] = {}
        self._types: dict[str, float] | None = None
        # The preferred actions ranked best first, for these bonuses.
        self._ranked: list[tuple[float, str]] = []
        self._ranked_for: dict[str, float] | None = None
        # Where this bot last chose a type of action: (game, number of choices made).
        self._type_at: tuple[Game | None, int] = (None, -1)
        # Scoring as this class does it (a subclass may value actions its own way).
        self._plain = (
            type(self).score is GreedyBot.score
            and type(self)._action_score is GreedyBot._action_score
            and type(self)._type_score is GreedyBot._type_score
        )

    def choose(self, game: Game) -> str:
        decision = game.decision
        if decision is None:
            raise ValueError("the game is over")
        n = len(game.choices)
        # An action menu right after its type was chosen reads the same board (nothing
        # happens in between): the action values found for the type choice stand, so
        # type and action are valued once.
        if self._type_at[0] is not game or self._type_at[1] != n - 1:
            self._bonuses = {}
        self._types = None
        rand = self.rng.random
        if self._plain:  # score(), inlined for the choices of action and of their type
            scored = []
            for o in decision.legal:
                oid = o.id
                if oid.startswith("action:"):
                    if not self._bonuses:
                        self._bonuses = self._action_bonuses(game)
                    aid = oid.rsplit(":", 1)[1]
                    value = PREFERRED_ACTIONS.get(aid, 0) + self._bonuses.get(aid, 0)
                elif oid.startswith("type:"):  # _type_score
                    if self._types is None:
                        self._types = self._best_by_type(game, decision)
                    value = self._types.get(oid[5:], 0.0)
                else:
                    value = self.score(game, decision, oid)
                scored.append((value, rand(), oid))
        else:
            scored = [(self.score(game, decision, o.id), rand(), o.id) for o in decision.legal]
        best = max(scored)[2]
        self._type_at = (game, n) if best.startswith("type:") else (None, -1)
        return best

    # ------------------------------------------------------------- scoring
    def score(self, g: Game, d: Decision, oid: str) -> float:
        s = g.state
        kind, _, rest = oid.partition(":")
        if kind == "type":
            return self._type_score(g, d, rest)
        if kind == "action":
            aid = rest.rsplit(":", 1)[1]
            return self._action_score(g, aid)
        if kind == "war" and d.kind is DecisionKind.CAMPAIGN_TARGET:
            return self._campaign_score(g, rest)
        if kind in ("noble", "queen", "mistress", "valido", "explorer", "painter"):
            return self._notable_score(g, d, oid)
        if kind == "asiento":
            return 10
        if kind == "sell":
            return 1
        if kind == "lose":
            order = ["provincial", "nations", "veteran", "fleet", "tercio", "veteran-flipped"]
            unit = rest
            return 10 - order.index(unit) if unit in order else 0
        if oid == "pay":
            return 5 if s.treasury - payment(d) >= 2 else -5
        if kind == "disband":
            return 0
        if oid in ("keep", "court", "union:play", "cortes:repeat", "brave:keep", "none"):
            return 3
        if oid == "done":
            return 0
        if kind == "to" or kind == "move" or kind == "fort":
            return self._place_score(g, rest)
        if kind == "place":
            return self._position_score(g, rest)
        if kind == "explore":
            return 5 if rest == "formosa" else 2
        return 1

    def _type_score(self, g: Game, d: Decision, type_: str) -> float:
        """The best preferred action of this type that is possible now."""
        if self._types is None:
            self._types = self._best_by_type(g, d)
        return self._types.get(type_, 0.0)

    def _best_by_type(self, g: Game, d: Decision) -> dict[str, float]:
        """Every type's best possible preferred action, from one pass over the actions,
        best first: an action is checked only while its type has no answer yet."""
        if type(self)._action_score is GreedyBot._action_score:  # its sum, inlined
            if not self._bonuses:
                self._bonuses = self._action_bonuses(g)
            if self._bonuses != self._ranked_for:  # else the board's bonuses are as before
                bonus = self._bonuses.get
                ranked = [(base + bonus(aid, 0), aid) for aid, base in PREFERRED_ACTIONS.items()]
                ranked.sort(reverse=True)
                self._ranked, self._ranked_for = ranked, self._bonuses
            ranked = self._ranked
        else:
            ranked = [(self._action_score(g, aid), aid) for aid in PREFERRED_ACTIONS]
            ranked.sort(reverse=True)
        checks = d.checks  # the menu's own checks, else checked here on need
        if checks is None:
            checks = ActionChecks(g, Context(self._ctx(g), "bot"))
        wanted = {o.id[5:] for o in d.legal if o.id.startswith("type:")}
        types = action_types(g)
        best: dict[str, float] = {}
        for score, aid in ranked:
            t = types[aid]
            if t in wanted and t not in best and checks[aid] is None:
                best[t] = max(score, 0.0)
                if len(best) == len(wanted):
                    break
        return best

    def _ctx(self, g: Game) -> str:
        phase = g.state.phase
        return {"organisation": "organisation", "end-of-turn": "end-of-turn"}.get(phase, "card")

    def _action_score(self, g: Game, aid: str) -> float:
        if not self._bonuses:
            self._bonuses = self._action_bonuses(g)
        return PREFERRED_ACTIONS.get(aid, 0) + self._bonuses.get(aid, 0)

    def _action_bonuses(self, g: Game) -> dict[str, float]:
        """What the board adds to (or takes from) the preferred actions, read once per
        decision: every other action keeps its base preference."""
        s = g.state
        poor = -30 if s.treasury <= 3 else 0
        good_campaign = losing = False
        for w, ws in s.wars.items():
            if not ws.active:
                continue
            losing = losing or ws.position < 0
            if (
                not good_campaign
                and ws.leader
                and not ws.truce
                and wars.army_sp(g, w, player_campaign=True) >= wars.enemy_strength(g, w)
            ):
                good_campaign = True
        return {
            "asiento": 40 if s.treasury <= 2 else -20,
            "raise-nations": poor,
            "raise-tercio": poor,
            "build-fleet": poor,
            "build-fortification": poor,
            "military-campaign": 20 if good_campaign else -60,
            "appoint-noble": 15 if court.free_court_slot(g) else -30,
            "nominate-genius": 15 if None in s.court_geniuses else -40,
            "embassy": 10 if losing and s.treasury >= 3 else -40,
        }

    def _campaign_score(self, g: Game, war_id: str) -> float:
        s = g.state
        ws = s.wars[war_id]
        if not ws.active:
            return -100  # never start a war on purpose
        mine = wars.army_sp(g, war_id, player_campaign=True)
        return 10 + (mine - wars.enemy_strength(g, war_id)) * 5 + ws.position

    def _notable_score(self, g: Game, d: Decision, oid: str) -> float:
        kind, _, ident = oid.partition(":")
        if kind == "explorer":
            nid, rating = ident.split(":")
            return court.known_rating(g, nid, rating)
        card = g.content.notables.get(ident)
        if card is None:
            return 0
        if kind in ("queen", "mistress"):
            lady = g.content.ladies.get(ident)
            return lady.happiness + lady.prestige + lady.fertility if lady else 0
        if kind == "valido":
            return court.known_rating(g, ident, "political") + court.known_rating(
                g, ident, "government"
            )
        if army_of(d) is not None:  # a commander
            return court.known_rating(g, ident, "military") * 2
        if d.kind is DecisionKind.AMBASSADOR or seat_of(d) == AMBASSADOR_OFFICE:
            return court.known_rating(g, ident, "political")
        if d.kind is DecisionKind.SELL_PRIVILEGES:
            return -card.prestige
        if ident not in g.content.nobles:
            return card.prestige
        return court.known_rating(g, ident, "government") + card.prestige

    def _position_score(self, g: Game, pos: str) -> float:
        if pos.startswith("court"):
            return 5
        if pos.startswith("office"):
            return 3 if court.holder(g, pos) is None else 0
        return 1

    def _place_score(self, g: Game, loc: str) -> float:
        s = g.state
        if loc in s.wars and s.wars[loc].active:
            return 5 + (wars.enemy_strength(g, loc) - wars.army_sp(g, loc, player_campaign=False))
        return 1
