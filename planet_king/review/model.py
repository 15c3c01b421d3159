"""What a review holds: plain data, written to and read from JSON (its cache)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

# A gap under this is never an error, whatever its standard error: the evaluator is not
# finer than a VP (0.01 utility).
MIN_ERROR = 0.01
# An error is a gap beyond this many standard errors, measured on at least two rounds of
# fresh fates (``walk.measure``). A review checks about ten gaps a game, each on a few
# playouts whose results differ by whole victory levels: at two standard errors over one
# round, noise alone made the expert "err" by about 1.5 in one game of five (20 expert
# games of Anni Mirabiles, seed 11: 4 errors, all 1.53-1.54, decisions -0.26 a game and
# a residual of +0.40 that gave it back), and the review blamed a player for the cards.
Z = 3.0


@dataclass
class Step:
    """One decision of the game and what came after it up to the next one."""

    n: int  # the choice's number, from 1
    turn: int
    phase: str
    asked: str  # the decision's prompt, in words
    chosen: str
    chosen_label: str
    best: str
    best_label: str
    options: int  # legal options
    value: float  # the position's value (the evaluator's)
    expected: list[float]  # the value the choice was expected to bring, each fate
    gap: float  # the best option's value less the choice's (played on)
    gap_se: float
    checked: bool  # the gap was measured again on fresh fates (else it is no error)
    draws: int  # cards and markers drawn between this choice and the next decision
    what: str  # those draws in words (the log's names)
    why: str = ""  # for an error: the best option's forecast against the choice's
    # set by the account (``account.settle``), from the next step's value:
    luck: float = 0.0
    luck_se: float = 0.0

    @property
    def error(self) -> float:
        """The cost of the choice: its gap to the best option when that is beyond
        ``Z`` standard errors and at least a VP, else 0 (within the noise)."""
        gap, se = self.gap, self.gap_se
        return gap if self.checked and gap > Z * se and gap >= MIN_ERROR else 0.0


@dataclass
class TurnRow:
    """The position at a turn's start (and at the game's end), for the charts."""

    turn: int
    vp: int
    scores: dict[str, list[int]]  # name -> [points, the automatic-defeat line]
    treasury: int
    wars: dict[str, int]  # active wars by name: their position (positive: the player's way)
    levels: dict[str, float]  # the evaluator's chance of each victory level
    value: float
    end: bool = False


@dataclass
class Review:
    scenario: str
    scenario_name: str
    seed: int
    options: dict[str, Any]
    settings: str
    evaluator: dict[str, str]
    choices: int
    first: int  # the first choice reviewed (a resumed game: after its resume point)
    over: bool
    level: str
    vp: int
    result: float  # the utility reached (a game in progress: the value where it stands)
    steps: list[Step]
    turns: list[TurnRow]
    par: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0
    forks: int = 0

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Review:
        data = dict(raw)
        data["steps"] = [Step(**s) for s in raw["steps"]]
        data["turns"] = [TurnRow(**t) for t in raw["turns"]]
        return cls(**data)
