"""Invariants the rules must keep after every choice, restated from the rulebook and the
data rather than from the rule code, so that a rule change that breaks one fails loudly
(issue 13's audit found each of these broken once). ``scripts/fuzz.py`` runs them after
every choice; the unit tests build states that break each one.

Each check returns the list of what is wrong (empty when all is well). ``Watch`` keeps
what must be remembered from one choice to the next (unique actions and campaigns of the
turn); the other checks read the position alone.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from planet_king.content.ids import Event
from planet_king.engine.rules import organisation

if TYPE_CHECKING:
    from planet_king.engine.game import Game

# Actions an event card names, and which therefore escape the unique-action limit
# (Actions / Unique Actions): THE ENSIGN NUN's exploration, DIPLOMACY's embassy.
NAMED_BY_CARD = {"the-ensign-nun": "exploration", "diplomacy": "embassy"}
UNIQUE_ACTIONS = (  # Actions / Unique Actions (l.573), as the engine's action ids
    "issue",
    "choose-mistress",
    "cortes",
    "sale-of-privileges",
    "hunt",
    "build-fleet",
    "embassy",
    "build-fortification",
    "exploration",
)
# Special Rules: Ambrosio de Spinola always, Juan José of Austria at military 3, pay two.
TWO_DUCAT_LEADERS = {"ambrosio-de-spinola": None, "juan-jose-of-austria": 3}
UNION_OF_ARMS = Event.UNION_OF_ARMS
HUNTING_DAY = Event.HUNTING_DAY
RESHUFFLE_IN_TEST = "The event deck is exhausted during a fortune test"  # Game.reshuffle_discards
CAMPAIGN = "military-campaign"
# War of the Palatinate: its end line, and a VP change (solo "+1 VP (", co-op "+1 VP for").
PALATINATE_ENDS = "War of the Palatinate ends in "
VP_LINE = re.compile(r"^[+-]\d+ VP ")
GUERRA = "guerra-dels-segadors"
# After the Organisation phase has applied the turn's windows (appointments, exits).
WINDOW_PHASES = ("events", "end-of-turn")


def leader_windows(g: Game) -> list[str]:
    """Military Leaders; Errata (counter turns, ruling D4): a Spanish commander outside his
    counter's turns commands no army; an enemy leader outside his turns is in no war."""
    s = g.state
    if s.phase not in WINDOW_PHASES:
        return []
    out = []
    for w, ws in s.wars.items():
        if not ws.active:
            continue
        counter = (noble := g.content.nobles.get(ws.leader or "")) and noble.leader
        if counter and not counter.turns.open_on(s.turn):
            out.append(f"{ws.leader} commands {w} on turn {s.turn}, outside his counter")
        enemy = g.content.leaders.get(ws.enemy_leader or "")
        if enemy is not None and not enemy.turns.open_on(s.turn):
            out.append(f"enemy leader {ws.enemy_leader} in {w} on turn {s.turn}, outside his turns")
    return out


def removed_cards(g: Game) -> list[str]:
    """Events (single-use cards), Union of Arms: a card out of the game is in neither the
    deck nor the discard pile, so it is never drawn; a completed UNION OF ARMS is out."""
    s = g.state
    out = [f"{c} is out of the game but in the deck" for c in s.removed_events if c in s.deck]
    out += [f"{c} is out of the game but discarded" for c in s.removed_events if c in s.discard]
    if s.union_of_arms >= 2 and (UNION_OF_ARMS in s.deck or UNION_OF_ARMS in s.discard):
        out.append("the completed UNION OF ARMS is still among the event cards")
    return out


def instability_at_organisation(g: Game) -> list[str]:
    """Creating the Event Decks: once this turn's deck is built, it holds one INSTABILITY
    card per active war but one (France's fronts one war), plus UNION OF ARMS' card."""
    s = g.state
    if s.phase != "organisation" or g.hothead or not _deck_built_this_turn(g):
        return []
    war_powers = {g.content.wars[w].power for w, ws in s.wars.items() if ws.active}
    # The Union's first play added an INSTABILITY card, or GUERRA DELS SEGADORS if none
    # was left (Events / Union of Arms).
    union_card = s.union_of_arms >= 1 and GUERRA not in s.extra_event_cards
    wanted = max(0, len(war_powers) - 1) + (1 if union_card else 0)
    cards = [c for c, e in g.content.events.items() if e.effect == "instability"]
    wanted = min(wanted, len([c for c in cards if c not in s.removed_events]))
    have = sum(1 for c in s.deck + s.discard if c in cards)
    if have != wanted:
        return [f"{have} INSTABILITY cards in the turn-{s.turn} deck, {wanted} required"]
    return []


def _deck_built_this_turn(g: Game) -> bool:
    for e in reversed(g.log_entries):
        if e.turn != g.state.turn or e.phase != "organisation":
            return False
        if e.rule == organisation.RULE_EVENT_DECK and e.text.startswith("The event deck has"):
            return True
    return False


@dataclass
class Watch:
    """What the invariants remember between choices: the turn, and the unique actions,
    cards naming an action, and campaigns counted so far in it."""

    turn: int = -1
    taken: Counter[str] = field(default_factory=Counter)  # stats at the turn's start
    named: Counter[str] = field(default_factory=Counter)
    campaigns_seen: int = 0
    # HUNTING DAY's plays as an event so far, and the Hunts taken before the last of them
    # (None until the first check: Hothead's deck holds the card from the start).
    hunting_plays: int = 0
    hunts_at_play: int | None = None
    # Reshuffles forced by a fortune test (R102: the played HUNTING DAY among the cards
    # shuffled back), counted from the log, and their count at the last play.
    reshuffles: int = 0
    reshuffles_at_play: int = 0
    reshuffles_read: int = 0

    log_read: int = 0  # log entries read by ``late_palatinate``
    # Government actions counted at the last check, its phase and turn, and those taken
    # in this turn's Organisation phase (``government_repeats``).
    gov_seen: Counter[str] = field(default_factory=Counter)
    gov_phase: tuple[int, str] = (-1, "")
    gov_organisation: set[str] = field(default_factory=set)

    def check(self, g: Game) -> list[str]:
        return (
            self.unique_actions(g)
            + self.campaign_costs(g)
            + self.hunting_day(g)
            + self.late_palatinate(g)
            + self.government_repeats(g)
        )

    def government_repeats(self, g: Game) -> list[str]:
        """Government Actions (l.512): one taken in the Organisation phase "cannot be
        repeated in the End of Turn phase". An action counted since the last check was
        taken in that check's phase (a choice of action comes before the action)."""
        s = g.state
        taken = s.stats.actions_taken
        now = Counter({a: taken[a] for a in government_actions()})
        turn, phase = self.gov_phase
        out: list[str] = []
        if turn != s.turn or any(now[a] < n for a, n in self.gov_seen.items()):
            self.gov_organisation = set()  # a new turn, or a game taken back
        else:
            new = {a for a in now if now[a] > self.gov_seen[a]}
            if phase == "organisation":
                self.gov_organisation |= new
            elif phase == "end-of-turn":
                out = [
                    f"government action {a} of the Organisation repeated at End of Turn {turn}"
                    for a in sorted(new & self.gov_organisation)
                ]
        self.gov_seen, self.gov_phase = now, (s.turn, s.phase)
        return out

    def late_palatinate(self, g: Game) -> list[str]:
        """War of the Palatinate (l.441): a war that ends on turn 6 or later gives no VP,
        to either role in co-op (the King's 1 VP a war, l.781, included). Read from the
        log: from the war's end line to its prestige marker, no VP changes."""
        entries = g.log_entries
        if len(entries) < self.log_read:
            self.log_read = 0  # a game taken back
        out: list[str] = []
        ending = False
        for e in entries[self.log_read :]:
            if e.text.startswith(PALATINATE_ENDS) and e.turn >= 6:
                ending = True
            elif ending and VP_LINE.match(e.text):
                out.append(f"a VP for the War of the Palatinate ended on turn {e.turn}: {e.text}")
            elif ending and e.text.split(" (")[0][3:] == "prestige marker":
                ending = False
        self.log_read = len(entries)
        return out

    def hunting_day(self, g: Game) -> list[str]:
        """Creating the Event Decks (l.228), Hunt (l.474): HUNTING DAY is in a deck only
        through a Hunt, so each play of it as an event follows a Hunt taken since it was
        last played (Hothead's deck holds it once from the start, l.797), or a reshuffle
        forced by a fortune test has put the played card back into the deck (l.261, R102)."""
        stats = g.state.stats
        plays, hunts = stats.events_played[HUNTING_DAY], stats.actions_taken["hunt"]
        self._count_reshuffles(g)
        if self.hunts_at_play is None or plays < self.hunting_plays:  # start, or taken back
            self.hunting_plays = plays
            self.hunts_at_play = hunts - (1 if g.hothead and plays == 0 else 0)
            self.reshuffles_at_play = self.reshuffles
            return []
        out = []
        if plays > self.hunting_plays:
            if hunts <= self.hunts_at_play and self.reshuffles <= self.reshuffles_at_play:
                out.append(f"HUNTING DAY played on turn {g.state.turn} with no Hunt since")
            self.hunting_plays, self.hunts_at_play = plays, hunts
            self.reshuffles_at_play = self.reshuffles
        return out

    def _count_reshuffles(self, g: Game) -> None:
        entries = g.log_entries
        if len(entries) < self.reshuffles_read:  # a game taken back: count again
            self.reshuffles = self.reshuffles_read = 0
        for e in entries[self.reshuffles_read :]:
            self.reshuffles += e.text.startswith(RESHUFFLE_IN_TEST)
        self.reshuffles_read = len(entries)

    def unique_actions(self, g: Game) -> list[str]:
        """Actions / Unique Actions: each once a turn, apart from those an event card
        names (l.575); the Unique Events box holds no marker twice."""
        s = g.state
        stats = s.stats
        if s.turn != self.turn or any(stats.actions_taken[a] < n for a, n in self.taken.items()):
            self.turn = s.turn  # a new turn (or a game taken back): count from here
            self.taken = Counter({a: stats.actions_taken[a] for a in UNIQUE_ACTIONS})
            self.named = Counter({c: stats.events_played[c] for c in NAMED_BY_CARD})
        out = [f"{a} marked twice this turn" for a, n in Counter(s.unique_used).items() if n > 1]
        for a in UNIQUE_ACTIONS:
            this_turn = stats.actions_taken[a] - self.taken[a]
            exempt = sum(
                stats.events_played[c] - self.named[c]
                for c, named in NAMED_BY_CARD.items()
                if named == a
            )
            if this_turn > 1 + exempt:
                out.append(f"unique action {a} taken {this_turn} times on turn {s.turn}")
        return out

    def campaign_costs(self, g: Game) -> list[str]:
        """Government Actions (Military Campaign); Special Rules (Spinola, Juan José of
        Austria): each campaign paid one ducat, two for Spinola or Juan José at 3, and
        the Treasury's ledger shows every ducat paid."""
        s = g.state
        done = s.stats.campaigns
        if len(done) < self.campaigns_seen:
            self.campaigns_seen = 0  # a game taken back
        out = []
        for turn, leader, paid in done[self.campaigns_seen :]:
            wanted = 1
            if leader in TWO_DUCAT_LEADERS:
                rating = TWO_DUCAT_LEADERS[leader]
                if rating is None or s.rolled_ratings.get(f"{leader}:military") == rating:
                    wanted = 2
            if paid != wanted:
                out.append(f"a campaign led by {leader} on turn {turn} paid {paid}, not {wanted}")
        self.campaigns_seen = len(done)
        ledger = -s.stats.ledger["action:military-campaign"]
        if ledger != sum(paid for _, _, paid in done):
            out.append(f"campaigns paid {ledger} ducats by the ledger, not their costs' sum")
        return out


def government_actions() -> list[str]:
    """Government actions that may not be repeated (a campaign may, on another war)."""
    from planet_king.engine.rules.actions import ACTIONS

    return [a for a, act in ACTIONS.items() if act.type == "government" and a != CAMPAIGN]


def check(g: Game, watch: Watch) -> list[str]:
    """Every invariant; ``watch`` is kept by the caller from one choice to the next."""
    return leader_windows(g) + removed_cards(g) + instability_at_organisation(g) + watch.check(g)
