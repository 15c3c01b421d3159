"""The expert bot's policy for Hothead (the expert plays it: ``ExpertBot`` hands a
Hothead game to this bot).

Only the Italian War counts: won, with a Viceroy of Italy whose political or government
rating is 2 or more (Scenarios / Hothead). There is no End of Turn, so no income and no
scores: the Court is not played. A campaign never loses ground, so every one the
Treasury allows is taken, with the best general and an army at least as strong as the
enemy's (one space per success instead of per two). The Court's other decisions and the
wars' are valued as the expert values them (``ExpertBase``).
"""

from __future__ import annotations

from planet_king.bots.expert_base import ExpertBase
from planet_king.bots.reading import army_of
from planet_king.engine.decisions import Decision, DecisionKind
from planet_king.engine.game import Game
from planet_king.engine.rules import court, units, wars
from planet_king.engine.state import UNIT_SP

ITALY = "france-italy"
VICEROY = "viceroy-italy"


def capable(g: Game, nid: str | None) -> bool:
    """A Viceroy of Italy who meets the victory's second condition."""
    return nid is not None and (
        max(court.known_rating(g, nid, "political"), court.known_rating(g, nid, "government")) >= 2
    )


def reaches_italy(g: Game, src: str, kind: str) -> bool:
    """Whether a unit of ``kind`` at ``src`` can join the Italian army in one move."""
    if kind == "fleet" and not units.fleets_allowed(g, ITALY):
        return False
    return ITALY in units.reachable(g, src, kind)


def reinforcement(g: Game) -> tuple[str | None, float]:
    """The place whose units bring the most SP to the Italian army in one move, and that
    SP (land units, and a fleet if the army has none)."""
    best: tuple[str | None, float] = (None, 0.0)
    if not units.can_move_something(g):
        return best
    for src in units.move_sources(g):
        if src == ITALY:
            continue
        sp = sum(
            UNIT_SP[k] * n for k, n in g.state.units_at(src).items() if reaches_italy(g, src, k)
        )
        if sp > best[1]:
            best = (src, sp)
    return best


def _military(g: Game, nid: str | None) -> int:
    return court.known_rating(g, nid, "military")


class HotheadBot(ExpertBase):
    name = "hothead"

    def policy_bonuses(self, g: Game, out: dict[str, float]) -> dict[str, float]:
        s = g.state
        ws = s.wars[ITALY]
        for aid in ("hunt", "issue", "choose-mistress", "nominate-genius", "court-painter"):
            out[aid] = -100.0
        nobles = court.court_nobles(g)
        # Nominate Noble only ever replaces (the Viceroy or the commander): only when the
        # change is for the better (below).
        out["nominate-noble"] = -100.0
        # The Viceroy counts at the end whether or not the war is still being fought (a
        # won war still needs him, and he may fall to an event after it).
        if not capable(g, s.offices.get(VICEROY)) and any(capable(g, n) for n in nobles):
            out["nominate-noble"] = 70.0
        # With the Court full, a noble drawn must take an office or a command: he may
        # displace a capable Viceroy (the victory's second condition).
        if not court.free_court_slot(g) and capable(g, s.offices.get(VICEROY)):
            out["appoint-noble"] = -150.0
        if not ws.active:
            return out
        leader = ws.leader
        weaker = wars.army_sp(g, ITALY, player_campaign=True) < wars.enemy_strength(g, ITALY)
        if leader is not None and s.treasury >= 1:
            out["military-campaign"] = -10.0 if weaker else 90.0
        for aid in ("raise-tercio", "raise-nations", "raise-provincial"):
            out[aid] = out.get(aid, 0) + (50.0 if weaker else 0.0)
        # The garrison of Spain reaches the Italian army in one move (a Spanish and a
        # provincial tercio, 1.5 SP): a simple action, so the same ACTION card can still
        # campaign with its government action, where raising a tercio of Nations would
        # take that action's place.
        if reinforcement(g)[1] > 0:
            out["move"] = 95.0 if weaker else 45.0
        out["embassy"] = -100.0  # a truce, then a peace: never a victory
        best_mil = max((_military(g, n) for n in nobles), default=0)
        if best_mil > _military(g, leader) + (0 if leader else -1):
            out["nominate-noble"] = max(out.get("nominate-noble", 0), 60.0)
        return out

    def score(self, g: Game, d: Decision, oid: str) -> float:
        kind, _, rest = oid.partition(":")
        about = d.kind
        if kind == "noble" and about is DecisionKind.NOMINATE_NOBLE:
            return self._nominee(g, rest)
        if kind == "place":
            return self._place(g, d, rest)
        if kind == "war" and about is DecisionKind.CAMPAIGN_TARGET:
            return 100.0 if rest == ITALY else 0.0
        if kind == "noble" and army_of(d) is not None:
            # The best general; among equals, the one the Court misses least.
            here = court.where(g, rest) or ""
            worth = self.court.court_worth(g, rest) if here.startswith("court") else 0
            return 20.0 * _military(g, rest) - worth
        moved = self._move(g, d, oid)
        if moved is not None:
            return moved
        shared = self.court_score(g, d, oid)
        if shared is not None:
            return shared
        return super().score(g, d, oid)  # the greedy bot's

    def _move(self, g: Game, d: Decision, oid: str) -> float | None:
        """The move action's choices: from the best source, every unit that reaches the
        Italian army, to that army."""
        kind, _, rest = oid.partition(":")
        if d.kind is DecisionKind.MOVE_SOURCE:
            return 10.0 if rest == reinforcement(g)[0] else 0.0
        if d.kind is DecisionKind.MOVE_WHAT:
            here = d.subject if d.subject in g.state.units else None
            if oid == "done":
                return 1.0
            if kind == "unit" and here and rest != "leader":
                return 10.0 if reaches_italy(g, here, rest) else -1.0
            return -1.0
        return None

    def _nominee(self, g: Game, nid: str) -> float:
        """Nominate Noble: a capable Viceroy where there is none, or a better general."""
        s = g.state
        v = 0.0
        if not capable(g, s.offices.get(VICEROY)) and capable(g, nid):
            v = 50.0 + court.known_rating(g, nid, "political")
        gain_mil = _military(g, nid) - _military(g, s.wars[ITALY].leader)
        return max(v, 20.0 * gain_mil)

    def _place(self, g: Game, d: Decision, pos: str) -> float:
        """Where a noble goes: a capable Viceroy, a better general, else the Court."""
        s = g.state
        nid = d.subject if d.kind is DecisionKind.PLACE_NOBLE else None
        if nid is None or nid not in g.content.nobles:
            return 0.0
        if pos == f"office:{VICEROY}":
            if capable(g, nid) and not capable(g, s.offices.get(VICEROY)):
                return 50.0
            return -5.0
        if pos == f"army:{ITALY}":
            leader = s.wars[ITALY].leader
            better = 20.0 * (_military(g, nid) - _military(g, leader))
            return better + (15.0 if leader is None else 0.0)
        if pos.startswith("court"):
            return 1.0
        return 0.0
