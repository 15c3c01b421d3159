"""The expert bot's valuation of the Court: the ladies, the Valido, the nobles' seats and
the cards it removes, in its action-preference units.

- the Royal Mistress: happiness now, and the ladies shared out over the turns to come
  (``mistress_plan``: each Organisation replaces her, each lady is in play for the
  turns on her card);
- the Queen: happiness, prestige and fertility (a male heir is a VP each turn);
- the Valido: kept while his ratings are the best at hand, changed before serving four
  turns with prestige under 5 costs a VP;
- the nobles' seats (``placement``): a noble's prestige and enlightenment count only at
  Court and an office pays by its holder's ratings, so the set-up's offices are shared
  out together and each appointment, nomination or vacancy weighs what the noble gave
  where he was;
- the genius and the lady decks kept for their best cards.
"""

from __future__ import annotations

from planet_king.bots import mistress_plan, placement
from planet_king.bots.expert_valuation import POINT_WEIGHT, ForecastValuation
from planet_king.bots.expert_wars import WarValuation
from planet_king.bots.reading import active_war, seat_of
from planet_king.engine.decisions import Decision, DecisionKind
from planet_king.engine.game import Game
from planet_king.engine.rules import actions, court, family

# A happiness point at a later End of Turn, in action-preference units: about half a VP
# at the table and a step away from the King's death.
FUTURE_POINT = 0.6 * POINT_WEIGHT


class CourtValuation:
    """The Court's decisions, priced by the End of Turn and the wars."""

    def __init__(self, scores: ForecastValuation, wars: WarValuation) -> None:
        self.scores = scores
        self.wars = wars

    # Royal Mistress and Queen ---------------------------------------------------
    def mistress_value(self, g: Game, lid: str) -> float:
        """What she brings at this End of Turn in place of the present Royal Mistress
        (read off the forecast), and what the ladies left can still bring the turns to
        come with her gone (``mistress_plan``)."""
        card = g.content.ladies[lid]
        old = g.content.ladies.get(g.state.mistress or "")
        dh = card.happiness - (old.happiness if old else 0)
        dp = card.prestige - (old.prestige if old else 0)
        de = sum(card.enlightenment.values()) - (sum(old.enlightenment.values()) if old else 0)
        now = self.scores.gain(g, happiness=dh, prestige=dp, enlightenment=de)
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
            return FUTURE_POINT * (burn - keep) + self.scores.gain(g, happiness=1)
        best = self.best_mistress(g)
        if best is None:
            return -100.0
        keep = FUTURE_POINT * mistress_plan.plan_value(g, s.mistress)
        return self.mistress_value(g, best) + self.scores.gain(g, happiness=1) - keep

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
    def valido_value(self, g: Game, oid: str) -> float:
        """Keep the Valido, or appoint ``valido:<noble>``: his political and government
        ratings; keeping one who has served four turns with prestige under 5 costs a
        VP, and a noble who leaves a command leaves an army without one."""
        s = g.state
        if oid == "keep":
            nid = s.valido
            v = _ratings(g, nid) + 0.5
            served = s.turn - s.valido_since + 1
            if served >= 4 and s.last_scores.get("prestige", 0) < 5:
                v -= 1.5  # the Valido's penalty: a VP
            return v
        nid = oid.partition(":")[2]
        v = _ratings(g, nid)
        # He leaves his place: an army or office loses its holder.
        pos = court.where(g, nid)
        if pos and pos.startswith("army:"):
            v -= 1.0
        return v

    # Nobles -------------------------------------------------------------------
    def court_worth(self, g: Game, nid: str) -> float:
        """What a noble adds at Court: his prestige now and in the turns to come, a
        patron's or writer's enlightenment."""
        if nid not in g.content.nobles:
            return 0.0
        prestige, ench = placement.court_points(g, nid)
        now = self.scores.gain(g, prestige=prestige, enlightenment=ench)
        return now + placement.POINT * (prestige + ench)

    def commander_value(self, g: Game, d: Decision, nid: str) -> float:
        """``nid`` takes the command the decision gives: what the army gains, less what
        he gave at Court."""
        war_id = active_war(g, d)
        here = court.where(g, nid) or ""
        v = (
            self.wars.command_worth(g, nid, war_id)
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
        return placement.best_assignment(g, self.wars, nobles, later, room, nid)

    def seat_value(self, g: Game, nid: str, pos: str) -> float:
        """``nid`` takes an office or a command during the reign; from Court, he leaves
        what he gave there (``placement``)."""
        if pos.startswith("office:"):
            return placement.replacement_worth(g, nid, pos)
        worth = self.wars.command_worth(g, nid, pos.partition(":")[2])
        if nid in court.court_nobles(g):
            worth -= placement.seat_worth(g, nid, "court")
        return worth

    def nomination_value(self, g: Game, nid: str) -> float:
        """Nominate Noble: the noble from Court whose best office or command gains most."""
        seats = [p for p in actions.appointable(g, nid) if not actions.locked(g, p)]
        return max((self.seat_value(g, nid, p) for p in seats), default=-100.0)

    def place_value(self, g: Game, nid: str, pos: str) -> float:
        """Where ``nid`` goes: a command, the Court or an office."""
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
            return -_genius_worth(g, gid) + (0 if forced else -0.5)
        if oid == "keep":
            return 1.0
        cid = oid.partition(":")[2]
        deck = d.subject if d.kind is DecisionKind.DECK_REMOVAL else None
        if deck == "lady":
            lady = g.content.ladies.get(cid)
            # A lady who can never be Royal Mistress nor is needed as Queen.
            if lady is not None and lady.prestige > 0 and g.state.queen:
                return 0.5
            return -5.0
        if deck == "noble":
            noble = g.content.nobles.get(cid)
            if noble is not None and noble.prestige < 0:
                return 2.0
            return -1.0
        return -1.0


def _ratings(g: Game, nid: str | None) -> float:
    """A Valido's worth: his political and government ratings."""
    if not nid:
        return 0.0
    return court.known_rating(g, nid, "political") + court.known_rating(g, nid, "government")


def _genius_worth(g: Game, gid: str) -> float:
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
