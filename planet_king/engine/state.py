"""The state of a game in progress: plain data, no rules.

Everything here is serialisable (``planet_king.engine.snapshot``) so that replays and saves
can check that two games reached the same position.
"""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from planet_king.engine.stacking import Stacked

Colour = Literal["red", "blue", "yellow", "green"]
COLOURS: tuple[Colour, ...] = ("red", "blue", "yellow", "green")


class VictoryLevel(StrEnum):
    """How a reign ends (Victory Levels), the best first. Each is its own text, so the
    state, the log, the saves and the simulator's JSON hold the same words as ever."""

    MAJOR_VICTORY = "major-victory"
    HISTORICAL_OUTCOME = "historical-outcome"
    DEFEAT = "defeat"
    NEITHER_KING_NOR_PLANET = "neither-king-nor-planet"


# What the position's digest and its snapshot leave out: the statistics, never read by
# rules, and the cards the player knows at the bottom of the notable decks (a memory of
# how they got there, which saves made before it was kept could not replay into).
NOT_DIGESTED = ("stats", "noble_bottom", "genius_bottom")


def known_at_bottom(deck: list[str], known: list[str]) -> int:
    """How many of ``deck``'s bottom cards the player knows: ``known`` (a deck's
    ``*_bottom``), less the cards drawn or taken from the deck since, which leaves the
    rest at the bottom in the same order (ruling R106)."""
    still = [c for c in known if c in deck]
    return len(still) if deck[: len(still)] == still else 0


# Strength points of each Spanish unit kind (Military Units).
UNIT_SP: dict[str, float] = {
    "tercio": 1.0,
    "veteran": 2.0,
    "veteran-flipped": 1.0,
    "provincial": 0.5,
    "nations": 1.0,
    "english": 1.0,
    "french": 1.0,
    "habsburg": 1.0,
    "fleet": 1.0,
}
LAND_UNITS = (
    "tercio",
    "veteran",
    "veteran-flipped",
    "provincial",
    "nations",
    "english",
    "french",
    "habsburg",
)


@dataclass(slots=True)
class WarState:
    id: str
    active: bool = False
    position: int = 0  # positive: black side, in the player's favour (ruling R2)
    truce: bool = False
    peace_this_turn: bool = False  # ended this turn: no new declaration (End of a War)
    leader: str | None = None  # Spanish noble in command
    enemy_leader: str | None = None
    outcome: str | None = None  # last ending: "won" | "lost" | "peace"
    last_campaign: bool = False  # the front of the last player campaign (no-repeat rule)


@dataclass(slots=True)
class Child:
    """A child marker of the King: legitimate (tan) or bastard (brown), with sickly marks."""

    id: str
    male: bool
    legitimate: bool
    sickly: int = 0


@dataclass(slots=True)
class Stats:
    """What simulation reports: counts kept as the game goes, never read by rules."""

    events_played: Counter[str] = field(default_factory=Counter)
    actions_taken: Counter[str] = field(default_factory=Counter)
    ledger: Counter[str] = field(default_factory=Counter)
    wars: dict[str, Counter[str]] = field(default_factory=dict)
    vp_by_turn: list[int] = field(default_factory=list)  # at the end of each End of Turn
    # VP as they moved the track (never below zero), by the rule that gave or took them.
    vp_ledger: Counter[str] = field(default_factory=Counter)
    # Each Military Campaign action: (turn, commander, ducats paid), read by the
    # invariants (planet_king.engine.invariants).
    campaigns: list[tuple[int, str, int]] = field(default_factory=list)

    def clone(self) -> Stats:
        return Stats(
            Counter(self.events_played),
            Counter(self.actions_taken),
            Counter(self.ledger),
            {w: Counter(c) for w, c in self.wars.items()},
            list(self.vp_by_turn),
            Counter(self.vp_ledger),
            list(self.campaigns),
        )


@dataclass(slots=True)
class GameState:
    scenario: str
    turn: int
    phase: str = "setup"
    step: str = ""
    treasury: int = 0
    vp: int = 0
    prestige_markers: int = 0  # prestige gained or lost this turn
    happiness_markers: int = 0
    cubes: dict[str, int] = field(default_factory=lambda: dict.fromkeys(COLOURS, 0))
    unique_used: list[str] = field(default_factory=list)
    # Event deck: the top card is the last element.
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    removed_events: list[str] = field(default_factory=list)
    pending_removals: list[str] = field(default_factory=list)
    # HUNTING DAY is in the event deck by a Hunt (or Hothead's set-up) and has not been
    # drawn since, as an event or a fortune test: only then is it "already in the event
    # deck" and in the next turn's deck (ruling R61), whatever the End of Turn reshuffle
    # put back into the old deck.
    hunting_day_due: bool = False
    action_cards_played: int = 0
    # ACTION and TOTAL WAR cards played as events this Events phase, "separated in the
    # discard pile" (l.264): a reshuffle forced by a fortune test leaves them out (R102).
    played_apart: list[str] = field(default_factory=list)
    total_war_played: bool = False
    phase_over: bool = False
    # Government-action no-repeat rule (Government Actions): the action taken with the
    # current ACTION card and with the previous one, as (action id, war id or "").
    gov_this_card: tuple[str, str] | None = None
    gov_prev_card: tuple[str, str] | None = None
    # The government actions taken in this turn's Organisation phase: none of them may be
    # repeated at End of Turn (Government Actions, l.512).
    gov_organisation: list[str] = field(default_factory=list)
    # The Court and offices.
    valido: str | None = None
    queen: str | None = None
    mistress: str | None = None
    court_nobles: list[str | None] = field(default_factory=lambda: [None] * 4)
    court_geniuses: list[str | None] = field(default_factory=lambda: [None] * 4)
    offices: dict[str, str | None] = field(default_factory=dict)
    exiles: list[str] = field(default_factory=list)
    noble_deck: list[str] = field(default_factory=list)
    # The cards put at the bottom of the noble deck since its last shuffle, bottom first
    # (ruling R106): the player saw them go there, so a re-shuffle of what the player
    # cannot know (the advisor's, the review's) leaves them at the bottom. Not part of
    # the position's digest: it is what the player remembers, not a card on the table.
    noble_bottom: list[str] = field(default_factory=list)
    removed_notables: list[str] = field(default_factory=list)
    fortune_paid: list[str] = field(default_factory=list)  # fortune trait used once
    rolled_ratings: dict[str, int] = field(default_factory=dict)  # "?" ratings
    # Wars and units.
    wars: dict[str, WarState] = field(default_factory=dict)
    wars_declared_this_turn: int = 0
    units: dict[str, dict[str, int]] = field(default_factory=dict)
    construction: list[tuple[str, str]] = field(default_factory=list)  # (kind, target)
    enemy_leaders_out: list[str] = field(default_factory=list)  # relieved, reusable later
    power_strength: dict[str, int] = field(default_factory=dict)  # changed by events
    corsairs: bool = False  # CORSAIRS OF DUNKIRK: United Provinces at 3 this turn
    catalan_tercio: bool = False  # on the French side of the Catalan front
    valtellina_closed: bool = False
    revolts: list[str] = field(default_factory=list)
    raids: list[str] = field(default_factory=list)
    asiento: int = 0  # 0 none, 1 on Castile, 2 on Castile and the Indies
    # An Asiento on Castile declared after this turn's Income secures next turn's Castile
    # revenue instead (ruling R101).
    castile_secured_next: bool = False
    indies_ducats: dict[str, int] = field(default_factory=dict)
    fortifications: dict[str, int] = field(default_factory=dict)
    portugal_independent: bool = False
    settlements: list[str] = field(default_factory=list)  # marianas / formosa founded
    # Counters in the Plus Ultra box besides fleets: "indies-fleet", "pirates",
    # "manila-galleon" (Indies; Storms; Raid Events).
    plus_ultra: dict[str, int] = field(default_factory=dict)
    # The royal family and the rest of the Court (Notable Cards; Royal Family Mortality).
    genius_deck: list[str] = field(default_factory=list)
    genius_bottom: list[str] = field(default_factory=list)  # as noble_bottom
    ladies_deck: list[str] = field(default_factory=list)  # face up: the King chooses
    court_painter: str | None = None
    queen_sickly: bool = False
    children: list[Child] = field(default_factory=list)
    heir: str | None = None  # id of the child in the Principe de Reynos box
    child_markers: dict[str, int] = field(default_factory=dict)  # "male"/"female" in the cup
    next_child: int = 1
    entered_this_turn: list[str] = field(default_factory=list)
    valido_since: int = 0  # the turn the current Valido took office
    olivares_left: int | None = None  # the turn Gaspar de Guzmán stopped being Valido
    union_of_arms: int = 0  # times UNION OF ARMS was played as an event
    union_instability: bool = False  # the INSTABILITY card it added
    extra_event_cards: list[str] = field(default_factory=list)  # added by UNION OF ARMS
    exploration: int = 0  # index on the exploration track
    low_prestige: bool = False  # a turn ended with prestige 4 or less
    # Conditional war cards (33, 34, 37) whose condition was met at an Organisation: they
    # have entered the game and stay in every later deck (ruling R60).
    war_cards_entered: list[str] = field(default_factory=list)
    last_scores: dict[str, int] = field(default_factory=dict)  # enlightenment, prestige...
    # Cooperative game: each role's VP (vp is their sum); the King may die and the Valido
    # play on (Cooperative Game).
    vp_king: int = 0
    vp_valido: int = 0
    valido_bonus_paid: bool = False  # the King's VP for changing his Valido (R96)
    king_dead: bool = False
    # Secret Memorials: role -> card; revealed to their owner; claimed (VP taken);
    # completed tasks; the best scores reached at the end of a turn.
    memorials: dict[str, str] = field(default_factory=dict)
    memorials_read: list[str] = field(default_factory=list)
    memorials_done: list[str] = field(default_factory=list)
    memorials_claimed: list[str] = field(default_factory=list)
    wins_this_turn: int = 0  # wars or fronts won this turn (a memorial task)
    # End of the game.
    over: bool = False
    ended_by: str = ""
    victory_level: str = ""  # a VictoryLevel once the game is over
    defeat_cause: str = ""
    stats: Stats = field(default_factory=Stats)
    # --- wars and units (issue 5)
    # GUERRA DELS SEGADORS played as an event: Margarit joins the French leaders.
    segadors_played: bool = False
    # The Catalan front's fourth black space is open (the Guerra dels Segadors marker gone).
    catalonia_fourth_space: bool = False
    # The Catalan front was opened alone by GUERRA DELS SEGADORS: the next FRANCO-SPANISH
    # WAR card opens Picardy (War in Picardy/Catalonia; ruling R31).
    picardy_pending: bool = False
    # LOUIS II CONDÉ has served Spain (THE FRONDE); and whether he last left Spanish
    # service by a truce or peace with France (he may come back with THE FRONDE).
    conde_served_spain: bool = False
    conde_left_by_diplomacy: bool = False
    # The Spanish Condé was eliminated by INSTABILITY or THE TWILIGHT OF LIFE: the French
    # Condé is gone for good (Condé, l.730; ruling R103).
    french_conde_eliminated: bool = False
    habsburg_lost: int = 0  # Habsburg tercios eliminated cannot be rebuilt
    # How wars ended, as "won:<war>", "lost:<war>", "peace:<war>", "ended:<war>" — the keys
    # of the cards' red-text conditions (``removed_when``), read at Organisation.
    wars_ended: list[str] = field(default_factory=list)
    # What is left of the game's stacked decks, if it has one (engine/stacking.py).
    stacked: Stacked | None = None

    def clone(self) -> GameState:
        """A deep copy, as ``copy.deepcopy`` makes it but some five times faster (every
        fork of a game takes one, every playout a fork): the scalars and tuples shared,
        each list, dict and record copied. A mutable field added to the state must be
        copied here too: tests/engine/test_state_clone.py finds one that is shared."""
        new = copy.copy(self)
        new.cubes = dict(self.cubes)
        new.unique_used = list(self.unique_used)
        new.deck = list(self.deck)
        new.discard = list(self.discard)
        new.removed_events = list(self.removed_events)
        new.pending_removals = list(self.pending_removals)
        new.played_apart = list(self.played_apart)
        new.gov_organisation = list(self.gov_organisation)
        new.court_nobles = list(self.court_nobles)
        new.court_geniuses = list(self.court_geniuses)
        new.offices = dict(self.offices)
        new.exiles = list(self.exiles)
        new.noble_deck = list(self.noble_deck)
        new.noble_bottom = list(self.noble_bottom)
        new.removed_notables = list(self.removed_notables)
        new.fortune_paid = list(self.fortune_paid)
        new.rolled_ratings = dict(self.rolled_ratings)
        new.wars = {w: copy.copy(war) for w, war in self.wars.items()}  # scalars only
        new.units = {loc: dict(kinds) for loc, kinds in self.units.items()}
        new.construction = list(self.construction)
        new.enemy_leaders_out = list(self.enemy_leaders_out)
        new.power_strength = dict(self.power_strength)
        new.revolts = list(self.revolts)
        new.raids = list(self.raids)
        new.indies_ducats = dict(self.indies_ducats)
        new.fortifications = dict(self.fortifications)
        new.settlements = list(self.settlements)
        new.plus_ultra = dict(self.plus_ultra)
        new.genius_deck = list(self.genius_deck)
        new.genius_bottom = list(self.genius_bottom)
        new.ladies_deck = list(self.ladies_deck)
        new.children = [copy.copy(child) for child in self.children]  # scalars only
        new.child_markers = dict(self.child_markers)
        new.entered_this_turn = list(self.entered_this_turn)
        new.extra_event_cards = list(self.extra_event_cards)
        new.war_cards_entered = list(self.war_cards_entered)
        new.last_scores = dict(self.last_scores)
        new.memorials = dict(self.memorials)
        new.memorials_read = list(self.memorials_read)
        new.memorials_done = list(self.memorials_done)
        new.memorials_claimed = list(self.memorials_claimed)
        new.stats = self.stats.clone()
        new.wars_ended = list(self.wars_ended)
        new.stacked = None if self.stacked is None else self.stacked.clone()
        return new

    def digest(self) -> str:
        """A short hash of the whole position (``NOT_DIGESTED`` left out), over its stable
        serialisation (planet_king.engine.snapshot): renaming, reordering or adding a
        field at its default leaves it unchanged."""
        from planet_king.engine import codec  # the codec imports no state: no circle

        return codec.state_digest(self, NOT_DIGESTED)

    # Small read-only helpers used everywhere.
    def units_at(self, location: str) -> dict[str, int]:
        """The units in a location, for reading: never creates an entry (a bot or a
        view reading the board must not change the state's digest)."""
        return self.units.get(location, {})

    def count_units(self, kind: str) -> int:
        n = 0  # plain loops: the action checks count counters at nearly every menu
        for loc in self.units.values():
            if kind in loc:
                n += loc[kind]
        for k, _ in self.construction:
            if k == kind:
                n += 1
        return n
