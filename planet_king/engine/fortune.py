"""A fortune test's result: the bird of the event card drawn for it (Events Phase /
Overview). ``Game.fortune_test`` draws the card."""

from __future__ import annotations

from dataclasses import dataclass

BIRDS = {"positive": "eagle", "neutral": "pigeon", "negative": "crow"}


@dataclass(frozen=True, slots=True)
class FortuneResult:
    card: str
    result: str  # positive | neutral | negative
    sp_loss: bool

    @property
    def positive(self) -> bool:
        return self.result == "positive"

    @property
    def neutral(self) -> bool:
        return self.result == "neutral"

    @property
    def negative(self) -> bool:
        return self.result == "negative"
