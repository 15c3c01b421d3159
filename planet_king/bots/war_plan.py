"""How threatened each war is, for the expert bot (Wars / Progression of a War; Government
Actions / Military Campaign).

An enemy campaign moves a war's marker one space against the player: always when the
army has no commander or the enemy is 3 SP or more the stronger; on a negative or
neutral result when the difference is 1.5 to 2.5 SP (or a naval war has no fleet); only
on a negative result otherwise. It comes when one of the power's war cards (or TOTAL WAR)
is played as an event, about one time in two for a card in the deck. So a war is lost
when the campaigns still to come move the marker as many spaces as are left on the
enemy's side: counted here as a Poisson tail, this turn and (at a discount) the next.

A Military Campaign moves the marker the player's way, one space per positive result
(every two when the enemy is the stronger), with as many tests as the commander's
strategy: a war can be won in one campaign.

Everything here reads the board and the cards' faces, never the deck's order.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple

from planet_king.content.ids import Power, War
from planet_king.content.models import EventCard
from planet_king.engine.game import Game
from planet_king.engine.rules import court, organisation, units, war_campaigns, wars
from planet_king.engine.state import UNIT_SP

# A fortune test's odds, from the event cards' birds (28 eagles, 13 pigeons, 27 crows),
# and the share of cards with the SP-loss symbol (20 of 68).
P_NEGATIVE, P_NEUTRAL, P_POSITIVE = 0.4, 0.2, 0.4
P_SP_SYMBOL = 0.3
# A card in the event deck is played as an event in a turn about one time in two
# (measured over 40 expert games of The Planet King: 0.45 to 0.6 by card).
P_EVENT = 0.5
# The ACTION cards that end the Events phase, and how many of them are in the deck.
PHASE_ENDS_AT = 5
ENDERS = 8
# The turns after this one that count, each at this share of this turn: the board will
# change, and a war still being fought when the reign ends is not lost.
HORIZON = 2
NEXT_TURN = 0.7


class Army(NamedTuple):
    """What an enemy campaign reads of an army: its SP, a commander, a fleet."""

    sp: float
    commanded: bool
    fleet: bool


def army(g: Game, war_id: str, extra: str | None = None, count: int = 1) -> Army:
    """The army as it stands, or with ``count`` units of kind ``extra`` more."""
    return Army(
        wars.army_sp(g, war_id, player_campaign=False, extra=extra, count=count),
        wars.serving_commander(g, war_id) is not None,
        extra == "fleet" or g.state.units.get(war_id, {}).get("fleet", 0) > 0,
    )


@dataclass(frozen=True, slots=True)
class Outlook:
    """One war as the enemy's campaigns will find it, read off the board once: what
    ``p_lost`` asks of every army the bot considers."""

    war_id: str
    active: bool
    truce: bool
    enemy_sp: int
    enemy_tests: int  # the enemy leader's strategy (1 without a leader)
    naval: bool
    to_loss: int  # spaces the enemy still needs
    this_turn: float  # enemy campaigns to expect in the rest of this turn
    next_turn: float  # and in each later turn
    later_turns: int  # the later turns that count (HORIZON, or fewer left in the reign)
    army: Army
    campaign_sp: float  # the army as a Military Campaign counts it
    # Derived once (``p_lost`` is asked thousands of times a game): the later turns'
    # campaigns, and one campaign's chance to move the marker against a commanded army
    # on a negative result only, and on a neutral one too (``p_move``).
    later: float = field(init=False)
    p_negative: float = field(init=False)
    p_neutral_too: float = field(init=False)

    def __post_init__(self) -> None:
        tests = max(1, self.enemy_tests)
        derive = object.__setattr__  # a frozen dataclass: set here, once
        derive(self, "later", NEXT_TURN * self.next_turn * self.later_turns)
        derive(self, "p_negative", 1.0 - (1.0 - P_NEGATIVE) ** tests)
        derive(self, "p_neutral_too", 1.0 - (1.0 - (P_NEGATIVE + P_NEUTRAL)) ** tests)

    @classmethod
    def of(
        cls, g: Game, war_id: str, cards: tuple[Counter[str], Counter[str]] | None = None
    ) -> Outlook:
        ws = g.state.wars[war_id]
        this_turn, next_turn = campaigns_ahead(g, war_id, cards) if ws.active else (0.0, 0.0)
        return cls(
            war_id,
            ws.active,
            ws.truce,
            wars.enemy_strength(g, war_id),
            wars.enemy_strategy(g, war_id) if ws.enemy_leader else 1,
            g.content.powers[wars.power_of(g, war_id)].naval,
            to_loss(g, war_id),
            this_turn,
            next_turn,
            min(HORIZON, g.scenario.last_turn - g.state.turn),
            army(g, war_id),
            wars.army_sp(g, war_id, player_campaign=True),
        )

    def with_unit(self, g: Game, kind: str) -> tuple[Army, bool]:
        """The army with one unit of ``kind`` more, and whether a campaign would then find
        it as strong as the enemy's. A land unit adds its SP whatever the war; a fleet
        counts by the war's fleet rules (``wars.army_sp``)."""
        if kind != "fleet":
            sp = UNIT_SP[kind]
            a = self.army
            return Army(a.sp + sp, a.commanded, a.fleet), self.campaign_sp + sp >= self.enemy_sp
        return army(g, self.war_id, kind), stronger(g, self.war_id, kind)

    def with_units(self, g: Game, kind: str, n: int) -> Army:
        """The army with ``n`` units of ``kind`` more (fleets as ``wars.army_sp`` counts
        them: each in a naval war, up to the war's cap in the others)."""
        a = self.army
        if kind != "fleet":
            return Army(a.sp + n * UNIT_SP[kind], a.commanded, a.fleet)
        return army(g, self.war_id, kind, n)

    def after_sp_loss(self, g: Game, kind: str) -> Army:
        """The army after the SP-loss symbol takes a unit of ``kind``: an old tercio is
        flipped to its 1 SP side, any other unit leaves (Progression of a War)."""
        a = self.army
        if kind == "veteran":
            return Army(a.sp - 1, a.commanded, a.fleet)
        return self.without_unit(g, kind)

    def without_unit(self, g: Game, kind: str) -> Army:
        """The army with one unit of ``kind`` fewer (it moves away)."""
        a = self.army
        here = g.state.units.get(self.war_id, {})
        if kind != "fleet":
            return Army(a.sp - UNIT_SP[kind], a.commanded, a.fleet)
        fleets = here.get("fleet", 0)
        cap = g.content.wars[self.war_id].fleets_max
        counted = self.naval or cap is None or fleets <= cap
        return Army(a.sp - (1 if counted else 0), a.commanded, fleets > 1)

    @property
    def stronger(self) -> bool:
        return self.campaign_sp >= self.enemy_sp

    def p_move(self, a: Army) -> float:
        """The chance one enemy campaign moves the marker (Progression of a War)."""
        diff = self.enemy_sp - a.sp
        if not a.commanded or diff >= 3:
            return 1.0
        if diff >= 1.5 or (self.naval and not a.fleet):
            return self.p_neutral_too
        return self.p_negative

    def p_lost(
        self, a: Army | None = None, *, shift: int = 0, now: bool = True, truce: bool = False
    ) -> float:
        """The chance the war is lost this turn or in the later turns that count, with
        the army ``a``, the marker ``shift`` spaces the player's way (``now`` False: an
        army that stands only from the End of Turn; ``truce``: a truce from now on)."""
        if not self.active:
            return 0.0
        this_turn = 0.0 if self.truce or truce or not now else self.this_turn
        if a is None:
            a = self.army
        # p_move, inlined (asked thousands of times a game)
        diff = self.enemy_sp - a.sp
        if not a.commanded or diff >= 3:
            p = 1.0
        elif diff >= 1.5 or (self.naval and not a.fleet):
            p = self.p_neutral_too
        else:
            p = self.p_negative
        return poisson_tail((this_turn + self.later) * p, self.to_loss + shift)


def war_cards(g: Game, cards: list[str]) -> Counter[str]:
    """How many of ``cards`` launch a campaign, by power ("*": TOTAL WAR, in every war)."""
    out: Counter[str] = Counter()
    launches = _launches(g.content.events)
    for cid in cards:
        power = launches[cid]
        if power:
            out[power] += 1
    return out


_LAUNCHED: dict[int, tuple[object, dict[str, str]]] = {}


def _launches(events: dict[str, EventCard]) -> dict[str, str]:
    """What each event card launches a campaign in: its power, "*" for TOTAL WAR, ""
    for none (kept with the content's cards, which never change)."""
    held = _LAUNCHED.get(id(events))
    if held is not None and held[0] is events:
        return held[1]
    out = {}
    for cid, card in events.items():
        if card.effect == "total-war":
            out[cid] = "*"
        elif card.effect == "war":
            out[cid] = str(card.params["power"])
        else:
            out[cid] = ""
    _LAUNCHED[id(events)] = (events, out)
    return out


def deck_war_cards(g: Game) -> tuple[Counter[str], Counter[str]]:
    """The war cards in the event deck, and in the deck and discards. Before the first
    deck is built (the set-up), the cards open this turn stand for it."""
    s = g.state
    if not s.deck and not s.discard:
        opening = [
            cid
            for cid, card in g.content.events.items()
            if card.effect in ("war", "total-war") and organisation.open_now(g, card.turns)
        ]
        return war_cards(g, opening), war_cards(g, opening)
    deck = war_cards(g, s.deck)
    return deck, deck + war_cards(g, s.discard)


def _campaigns(g: Game, war_id: str, cards: Counter[str]) -> float:
    """The campaigns these cards would launch in this war (France's go to one front, the
    one with its marker the furthest out)."""
    power = wars.power_of(g, war_id)
    n = float(cards[power] + cards["*"])
    if power == Power.FRANCE:
        fronts = [f for f in wars.FRANCE_FRONTS if g.state.wars[f].active]
        if len(fronts) > 1 and war_campaigns.campaign_front(g, fronts) != war_id:
            n *= 0.3  # a later card may find this front the furthest out
    return n


def campaigns_ahead(
    g: Game, war_id: str, cards: tuple[Counter[str], Counter[str]] | None = None
) -> tuple[float, float]:
    """The enemy campaigns to expect in this war: the rest of this turn, and next turn.
    ``cards``: the war cards in the deck, and in the deck and discards (``war_cards``)."""
    s = g.state
    if war_id == War.PALATINATE:
        return 0.0, 0.0  # its marker moves by its own events, whatever the army
    if cards is None:
        cards = deck_war_cards(g)
    next_turn = P_EVENT * _campaigns(g, war_id, cards[1])
    if s.phase == "end-of-turn" or s.phase_over:
        return 0.0, next_turn
    if s.phase in ("setup", "organisation"):
        return next_turn, next_turn
    played = s.action_cards_played
    share = max(0, PHASE_ENDS_AT - played) / max(1, ENDERS - played)
    return 0.8 * share * _campaigns(g, war_id, cards[0]), next_turn


@lru_cache(maxsize=1 << 14)  # the same few means recur at every decision of a turn
def poisson_tail(mean: float, k: int) -> float:
    """P(N >= k) for N ~ Poisson(mean)."""
    if k <= 0:
        return 1.0
    term = total = math.exp(-mean)
    for i in range(1, k):
        term *= mean / i
        total += term
    return max(0.0, 1.0 - total)


def to_loss(g: Game, war_id: str, shift: int = 0) -> int:
    """Spaces the enemy still needs to win the war."""
    return g.content.wars[war_id].enemy_spaces + g.state.wars[war_id].position + shift


def to_win(g: Game, war_id: str) -> int:
    return wars.spanish_spaces(g, war_id) - g.state.wars[war_id].position


def p_lost(g: Game, war_id: str, a: Army | None = None, **kw: Any) -> float:
    """The chance the war is lost this turn or the next (``Outlook.p_lost``)."""
    return Outlook.of(g, war_id).p_lost(a, **kw)


def campaign_tests(g: Game, war_id: str, leader: str) -> int:
    """Tests of a Military Campaign under ``leader`` (the admiral's +1 with half fleets)."""
    n = court.known_rating(g, leader, "military")
    counter = g.content.nobles[leader].leader
    army_units = g.state.units.get(war_id, {})
    total = units.unit_sp(army_units)
    if counter and counter.admiral and total > 0 and army_units.get("fleet", 0) * 2 >= total:
        n += 1  # as war_campaigns.player_campaign counts it
    return n


def stronger(g: Game, war_id: str, extra: str | None = None) -> bool:
    """Is the army at least as strong as the enemy's, as a Military Campaign counts it?"""
    mine = wars.army_sp(g, war_id, player_campaign=True, extra=extra)
    return mine >= wars.enemy_strength(g, war_id)


def campaign_spaces(g: Game, war_id: str, leader: str, *, extra: str | None = None) -> list[float]:
    """The chance of each number of spaces gained by a Military Campaign (index = spaces),
    with one unit of kind ``extra`` more in the army."""
    tests = campaign_tests(g, war_id, leader)
    counter = g.content.nobles[leader].leader
    p = P_POSITIVE + (P_NEUTRAL if counter and counter.tactician else 0.0)
    per_space = 1 if stronger(g, war_id, extra) else 2
    return list(_spaces(tests, p, per_space))


@lru_cache(maxsize=256)  # a few tests, two odds, two rates: the same few at every turn
def _spaces(tests: int, p: float, per_space: int) -> tuple[float, ...]:
    out = [0.0] * (tests // per_space + 1)
    for k in range(tests + 1):
        pk = math.comb(tests, k) * p**k * (1 - p) ** (tests - k)
        out[k // per_space] += pk
    return tuple(out)


def p_sp_loss(tests: int) -> float:
    return 1.0 - (1.0 - P_SP_SYMBOL) ** tests
