"""Pydantic models of the YAML game data under ``data/``.

Every model forbids unknown fields, so a typo in a data file is an error, not a
silently ignored value. Every card carries its provenance: ``source`` says whether the
rulebook names it, ``reconstructed`` lists the fields whose values the rulebook does
not state, and ``note`` says in one line where those values come from.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

Fortune = Literal["positive", "neutral", "negative"]
Source = Literal["rulebook", "reconstructed"]
Art = Literal["literature", "painting", "sculpture", "music", "science"]
Trait = Literal[
    "writer",
    "musician",
    "patron",
    "explorer",
    "admiral",
    "fortune",
    "brave",
    "father",
    "son",
    "libertine",
    "corrupt",
    "loyal",
    "industrious",
    "charismatic",
    "tactician",
    "advisor",
    "mercenary",
]
Office = Literal["viceroy-indies", "viceroy-italy", "governor-flanders", "ambassador-austria"]
OFFICES: tuple[Office, ...] = (
    "viceroy-indies",
    "viceroy-italy",
    "governor-flanders",
    "ambassador-austria",
)
UnitKind = Literal[
    "tercio",  # Spanish tercio, 1 SP
    "veteran",  # old tercio, 2 SP, flips to its 1 SP side
    "veteran-flipped",
    "provincial",  # 1/2 SP
    "nations",  # tercio of Nations, 1 SP, upkeep
    "english",
    "french",
    "habsburg",
    "catalan",
    "fleet",
]


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class Provenance(Model):
    source: Source
    reconstructed: list[str] = Field(default_factory=list)
    note: str = ""

    @model_validator(mode="after")
    def _rulebook_or_reconstructed(self) -> Provenance:
        if self.source == "reconstructed" and not self.reconstructed:
            raise ValueError("a reconstructed card must list its reconstructed fields")
        return self


class TurnWindow(Model):
    """When a card is in play: from/to turns (inclusive), or a named condition."""

    from_: int | None = Field(default=None, alias="from")
    to: int | None = None
    condition: str | None = None

    def open_on(self, turn: int) -> bool:
        """True when the printed seal admits ``turn`` (conditions are checked elsewhere)."""
        if self.from_ is not None and turn < self.from_:
            return False
        return not (self.to is not None and turn > self.to)


class EventCard(Provenance):
    """One physical event card. Duplicates (e.g. the ACTION cards) are separate entries."""

    id: str
    number: int | None = None
    name: str
    fortune: Fortune
    sp_loss: bool = False
    one_use: bool = False
    turns: TurnWindow = Field(default_factory=TurnWindow)
    removes: list[str] = Field(default_factory=list)  # red text: removed next Organisation
    removed_when: str | None = None  # red text condition key, e.g. "won:barbary"
    effect: str  # key of the registered rule code
    params: dict[str, str | int | bool] = Field(default_factory=dict)
    text: str


class LeaderCounter(Model):
    """The leader counter of a noble with a military rating of 1 or more."""

    strategy: int | Literal["?"]
    tactician: bool = False
    admiral: bool = False
    sp: int = 0  # strength points some leaders add to their army
    turns: TurnWindow = Field(default_factory=TurnWindow)


class Noble(Provenance):
    id: str
    name: str
    military: int | Literal["?"] = 0
    political: int = 0
    government: int | Literal["?"] = 0
    prestige: int = 0
    traits: list[Trait] = Field(default_factory=list)
    turns: TurnWindow = Field(default_factory=TurnWindow)
    son: str | None = None  # the noble who replaces this one (father trait)
    leader: LeaderCounter | None = None
    text: str = ""


class Lady(Provenance):
    id: str
    name: str
    prestige: int = 0
    happiness: int = 0
    fertility: int = 0
    traits: list[Trait] = Field(default_factory=list)
    enlightenment: dict[Art, int] = Field(default_factory=dict)  # e.g. María Calderón
    turns: TurnWindow = Field(default_factory=TurnWindow)
    text: str = ""


class Genius(Provenance):
    id: str
    name: str
    art: Art
    enlightenment: int
    prestige: int = 0
    turns: TurnWindow = Field(default_factory=TurnWindow)
    text: str = ""


class Memorial(Provenance):
    id: str
    name: str
    owner: Literal["king", "valido"]
    task: str
    check: Literal["immediate", "end-of-game"]
    condition: str  # key of the registered check
    vp_fail: int  # black circle: lost at the end if not completed
    vp_short: int  # red circle: gained in a four-turn scenario
    vp_campaign: int  # white circle: gained in the eight-turn scenario
    params: dict[str, str | int | bool] = Field(default_factory=dict)  # of the condition


class EnemyLeader(Provenance):
    id: str
    name: str
    powers: list[str]  # powers (or fronts) this leader may command
    strategy: int
    turns: TurnWindow = Field(default_factory=TurnWindow)
    text: str = ""


class Power(Provenance):
    id: str
    name: str
    strength: int
    naval: bool = False


class War(Provenance):
    """A war track: one per power, France has three fronts."""

    id: str
    name: str
    power: str
    spanish_spaces: int  # black end, in favour of the player
    enemy_spaces: int  # red end, in favour of the power
    vp_win: int
    vp_lose: int  # a negative number
    fleets_max: int | None = None  # None: no limit (naval powers); 0: no fleet allowed
    provincial_allowed: bool = False
    adjacent: list[str] = Field(default_factory=list)  # locations linked to this war


class Territory(Provenance):
    id: str
    name: str
    region: Literal["europe", "indies", "settlement", "plus-ultra"]
    income: int = 0  # ducats placed on an Indies territory each turn
    fortification: int = 0  # intrinsic fortification level
    portuguese: bool = False
    tercios_allowed: bool = True
    provincial_allowed: bool = False
    adjacent: list[str] = Field(default_factory=list)


class TableRow(Model):
    min: int | None = None  # inclusive; None = no lower bound
    max: int | None = None  # inclusive; None = no upper bound
    vp: int = 0
    prestige: int = 0
    happiness: int = 0
    ducats: int = 0
    defeat: bool = False


class Tables(Model):
    enlightenment: list[TableRow]
    prestige: list[TableRow]
    happiness: list[TableRow]
    genius_per_art_limit: int = 2
    exploration_track: list[str]
    unit_counters: dict[UnitKind, int]
    # Children markers in the heirs cup, by sex (the rulebook does not give the mix).
    child_markers: dict[Literal["male", "female"], int] = Field(
        default_factory=lambda: {"male": 6, "female": 6}
    )


class BattleNames(Model):
    picardy: list[list[str]]
    flanders: list[list[str]]
    catalonia: list[list[str]]


class Thresholds(Model):
    major_victory: int | None = None
    historical_outcome: int | None = None
    defeat: int | None = None  # below ``defeat``: Neither King nor Planet


class WarSetup(Model):
    war: str
    position: int = 0  # positive: in favour of the player (black side)
    leader: str | None = None  # Spanish noble in command
    enemy_leader: str | None = None


class Scenario(Model):
    id: str
    name: str
    blurb: str
    first_turn: int
    last_turn: int
    years: str
    playable: bool = False
    kind: Literal["hothead", "standard"] = "standard"
    valido: str | None = None
    queen: str | None = None
    heir: str | None = None
    heir_sickly: bool = False
    offices: dict[Office, str] = Field(default_factory=dict)
    court_nobles: list[str] = Field(default_factory=list)
    court_geniuses: list[str] = Field(default_factory=list)
    court_painter: str | None = None
    mistress_choices: list[str] = Field(default_factory=list)
    random_nobles: int = 0
    random_geniuses: int = 0
    random_offices: list[Office] = Field(default_factory=list)
    # wars whose army command is filled from the randomly drawn nobles (Anni Horribiles)
    random_commands: list[str] = Field(default_factory=list)
    set_aside_nobles: list[str] = Field(default_factory=list)
    eliminated: list[str] = Field(default_factory=list)
    noble_deck: list[str] | None = None  # fixed deck (Hothead); None: built by turns
    event_deck: list[str] | None = None  # fixed deck (Hothead); None: built by turns
    enemy_leaders: list[str] | None = None  # restriction (Hothead)
    offices_used: list[Office] = Field(default_factory=lambda: list(OFFICES))
    treasury: int
    wars: list[WarSetup] = Field(default_factory=list)
    ended_wars: list[str] = Field(default_factory=list)
    instability_cards: int = 0
    indies_full: bool = True
    valtellina_closed: bool = False
    # GUERRA DELS SEGADORS already played: the Catalan front has all four black spaces
    guerra_dels_segadors_played: bool = False
    union_of_arms_completed: bool = False
    portugal_independent: bool = False
    units: dict[str, list[UnitKind]] = Field(default_factory=dict)
    opening_event: str | None = None  # Hothead: a FRANCO-SPANISH WAR card drawn first
    thresholds: Thresholds
    source: Source = "rulebook"
    note: str = ""
