"""Pydantic models of the YAML game data under ``data/``.

Every model forbids unknown fields, so a typo in a data file is an error, not a
silently ignored value. Every card carries its provenance: ``source`` says whether the
rulebook names it, ``reconstructed`` lists the fields whose values the rulebook does
not state, and ``note`` says in one line where those values come from.
"""

from __future__ import annotations

import itertools
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

# The ranges a value can take on the cards and boards (issue 15, item 10): a value
# outside them is a broken or hostile data file, refused at load rather than met in
# the middle of a game. Ratings: 0-3 (a '?' rating becomes 1-3, Juan José of Austria
# and Rodrigo Pacheco; no card prints more than 3); a leader's strategy 1-3
# (Tokens / Military Leaders: equal to a military rating of 1 or more); the
# Treasury holds 0-12 ducats (Treasury); turns 1-8 (the eight-turn campaign).
Rating = Annotated[int, Field(ge=0, le=3)]
Strategy = Annotated[int, Field(ge=1, le=3)]
CardPoints = Annotated[int, Field(ge=-3, le=3)]  # prestige, happiness on a card
Turn = Annotated[int, Field(ge=1, le=8)]
Small = Annotated[int, Field(ge=-99, le=99)]  # any other figure printed in the game
Count = Annotated[int, Field(ge=0, le=99)]
Ident = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=80)]

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

    from_: Turn | None = Field(default=None, alias="from")
    to: Turn | None = None
    condition: str | None = None

    @model_validator(mode="after")
    def _in_order(self) -> TurnWindow:
        if self.from_ is not None and self.to is not None and self.from_ > self.to:
            raise ValueError(f"'from' turn {self.from_} is after 'to' turn {self.to}")
        return self

    def open_on(self, turn: int) -> bool:
        """True when the printed seal admits ``turn`` (conditions are checked elsewhere)."""
        if self.from_ is not None and turn < self.from_:
            return False
        return not (self.to is not None and turn > self.to)


class EventCard(Provenance):
    """One physical event card. Duplicates (e.g. the ACTION cards) are separate entries."""

    id: Ident
    number: Annotated[int, Field(ge=1, le=99)] | None = None
    name: str
    fortune: Fortune
    sp_loss: bool = False
    one_use: bool = False
    turns: TurnWindow = Field(default_factory=TurnWindow)
    removes: list[str] = Field(default_factory=list)  # red text: removed next Organisation
    removed_when: str | None = None  # red text condition key, e.g. "won:barbary"
    effect: str  # key of the registered rule code
    params: dict[str, str | Small | bool] = Field(default_factory=dict)
    text: str


class LeaderCounter(Model):
    """The leader counter of a noble with a military rating of 1 or more."""

    strategy: Strategy | Literal["?"]
    tactician: bool = False
    admiral: bool = False
    sp: Annotated[int, Field(ge=0, le=4)] = 0  # strength points some leaders add
    turns: TurnWindow = Field(default_factory=TurnWindow)


class Noble(Provenance):
    id: Ident
    name: str
    military: Rating | Literal["?"] = 0
    political: Rating = 0
    government: Rating | Literal["?"] = 0
    prestige: CardPoints = 0
    traits: list[Trait] = Field(default_factory=list)
    turns: TurnWindow = Field(default_factory=TurnWindow)
    son: str | None = None  # the noble who replaces this one (father trait)
    leader: LeaderCounter | None = None
    text: str = ""


class Lady(Provenance):
    id: Ident
    name: str
    prestige: CardPoints = 0
    happiness: CardPoints = 0
    fertility: Rating = 0
    traits: list[Trait] = Field(default_factory=list)
    enlightenment: dict[Art, Rating] = Field(default_factory=dict)  # e.g. María Calderón
    turns: TurnWindow = Field(default_factory=TurnWindow)
    text: str = ""


class Genius(Provenance):
    id: Ident
    name: str
    art: Art
    enlightenment: Rating
    prestige: CardPoints = 0
    turns: TurnWindow = Field(default_factory=TurnWindow)
    text: str = ""


# The checks of planet_king.engine.rules.memorials, with the parameters each reads.
MEMORIAL_CONDITIONS: dict[str, tuple[str, ...]] = {
    "enlightenment-at-least": ("points",),
    "happiness-at-least": ("points",),
    "prestige-at-least": ("points",),
    "wars-held": ("wars",),
    "wars-won-in-turn": ("wars",),
    "won-war": ("wars",),
    "exploration-reached": ("space",),
    "heir-alive": (),
    "court-painter": (),
    "geniuses-at-court": ("geniuses",),
    "union-of-arms-kept": (),
    "valtellina-open": (),
    "portugal-kept": (),
    "treasury-at-least": ("ducats",),
}


class Memorial(Provenance):
    id: Ident
    name: str
    owner: Literal["king", "valido"]
    task: str
    check: Literal["immediate", "end-of-game"]
    condition: str  # key of the registered check
    vp_fail: Count  # black circle: lost at the end if not completed
    vp_short: Count  # red circle: gained in a four-turn scenario
    vp_campaign: Count  # white circle: gained in the eight-turn scenario
    params: dict[str, str | Small | bool] = Field(default_factory=dict)  # of the condition

    @model_validator(mode="after")
    def _known_condition(self) -> Memorial:
        needs = MEMORIAL_CONDITIONS.get(self.condition)
        if needs is None:
            known = ", ".join(MEMORIAL_CONDITIONS)
            raise ValueError(f"unknown condition '{self.condition[:60]}' (known: {known})")
        for key in needs:
            if key not in self.params:
                raise ValueError(f"condition '{self.condition}' needs the parameter '{key}'")
        return self


class EnemyLeader(Provenance):
    id: Ident
    name: str
    powers: list[str]  # powers (or fronts) this leader may command
    strategy: Strategy
    turns: TurnWindow = Field(default_factory=TurnWindow)
    text: str = ""


class Power(Provenance):
    id: Ident
    name: str
    strength: Annotated[int, Field(ge=0, le=9)]
    naval: bool = False


class War(Provenance):
    """A war track: one per power, France has three fronts."""

    id: Ident
    name: str
    power: str
    spanish_spaces: Annotated[int, Field(ge=1, le=6)]  # black end, in favour of the player
    enemy_spaces: Annotated[int, Field(ge=1, le=6)]  # red end, in favour of the power
    vp_win: Annotated[int, Field(ge=0, le=9)]
    vp_lose: Annotated[int, Field(ge=-9, le=0)]  # a negative number
    fleets_max: Count | None = None  # None: no limit (naval powers); 0: no fleet allowed
    provincial_allowed: bool = False
    adjacent: list[str] = Field(default_factory=list)  # locations linked to this war


class Territory(Provenance):
    id: Ident
    name: str
    region: Literal["europe", "indies", "settlement", "plus-ultra"]
    income: Rating = 0  # ducats placed on an Indies territory each turn
    fortification: Rating = 0  # intrinsic fortification level
    portuguese: bool = False
    tercios_allowed: bool = True
    provincial_allowed: bool = False
    adjacent: list[str] = Field(default_factory=list)


class TableRow(Model):
    min: Small | None = None  # inclusive; None = no lower bound
    max: Small | None = None  # inclusive; None = no upper bound
    vp: CardPoints = 0
    prestige: CardPoints = 0
    happiness: CardPoints = 0
    ducats: CardPoints = 0
    defeat: bool = False


Sex = Literal["male", "female"]


def _even_mix() -> dict[Sex, int]:
    return {"male": 6, "female": 6}


class Tables(Model):
    enlightenment: list[TableRow] = Field(min_length=1)
    prestige: list[TableRow] = Field(min_length=1)
    happiness: list[TableRow] = Field(min_length=1)
    genius_per_art_limit: Annotated[int, Field(ge=1, le=4)] = 2
    exploration_track: list[str] = Field(min_length=2)
    unit_counters: dict[UnitKind, Count]
    # Children markers in the heirs cup, by sex (the rulebook does not give the mix).
    child_markers: dict[Sex, Annotated[int, Field(ge=1, le=20)]] = Field(default_factory=_even_mix)

    @model_validator(mode="after")
    def _every_score_has_one_row(self) -> Tables:
        """Each Council of State table gives exactly one row for every score: no gap,
        no overlap, open at both ends (the score can go anywhere)."""
        for name in ("enlightenment", "prestige", "happiness"):
            rows = sorted(getattr(self, name), key=lambda r: -1000 if r.min is None else r.min)
            if rows[0].min is not None:
                raise ValueError(f"{name}: no row for scores below {rows[0].min}")
            for low, high in itertools.pairwise(rows):
                if low.max is None or high.min is None or low.max + 1 > high.min:
                    raise ValueError(f"{name}: two rows give the score {high.min}")
                if low.max + 1 < high.min:
                    raise ValueError(
                        f"{name}: no row for the scores {low.max + 1} to {high.min - 1}"
                    )
            for row in rows:
                if row.min is not None and row.max is not None and row.min > row.max:
                    raise ValueError(f"{name}: a row from {row.min} to {row.max}")
            if rows[-1].max is not None:
                raise ValueError(f"{name}: no row for scores above {rows[-1].max}")
        return self


# Battle names: a 6 x 6 table per front, read with two dice (rows, then columns).
BattleTable = Annotated[
    list[Annotated[list[Annotated[str, Field(min_length=1)]], Field(min_length=6, max_length=6)]],
    Field(min_length=6, max_length=6),
]


class BattleNames(Model):
    picardy: BattleTable
    flanders: BattleTable
    catalonia: BattleTable


class Thresholds(Model):
    major_victory: Small | None = None
    historical_outcome: Small | None = None
    defeat: Small | None = None  # below ``defeat``: Neither King nor Planet


class WarSetup(Model):
    war: str
    position: Annotated[int, Field(ge=-6, le=6)] = 0  # positive: for the player (black side)
    leader: str | None = None  # Spanish noble in command
    enemy_leader: str | None = None


class Scenario(Model):
    id: Ident
    name: str
    blurb: str
    first_turn: Turn
    last_turn: Turn
    years: str
    playable: bool = False
    kind: Literal["hothead", "standard"] = "standard"
    valido: str | None = None
    queen: str | None = None
    heir: str | None = None
    heir_sickly: bool = False
    offices: dict[Office, str] = Field(default_factory=dict)
    court_nobles: list[str] = Field(default_factory=list, max_length=4)
    court_geniuses: list[str] = Field(default_factory=list, max_length=4)
    court_painter: str | None = None
    mistress_choices: list[str] = Field(default_factory=list)
    random_nobles: Annotated[int, Field(ge=0, le=10)] = 0
    random_geniuses: Annotated[int, Field(ge=0, le=10)] = 0
    random_offices: list[Office] = Field(default_factory=list)
    # wars whose army command is filled from the randomly drawn nobles (Anni Horribiles)
    random_commands: list[str] = Field(default_factory=list)
    set_aside_nobles: list[str] = Field(default_factory=list)
    eliminated: list[str] = Field(default_factory=list)
    noble_deck: list[str] | None = None  # fixed deck (Hothead); None: built by turns
    event_deck: list[str] | None = None  # fixed deck (Hothead); None: built by turns
    enemy_leaders: list[str] | None = None  # restriction (Hothead)
    offices_used: list[Office] = Field(default_factory=lambda: list(OFFICES))
    treasury: Annotated[int, Field(ge=0, le=12)]
    wars: list[WarSetup] = Field(default_factory=list)
    ended_wars: list[str] = Field(default_factory=list)
    instability_cards: Annotated[int, Field(ge=0, le=10)] = 0
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

    @model_validator(mode="after")
    def _turns_in_order(self) -> Scenario:
        if self.first_turn > self.last_turn:
            raise ValueError(f"first_turn {self.first_turn} is after last_turn {self.last_turn}")
        return self
