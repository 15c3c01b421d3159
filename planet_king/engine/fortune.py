"""A fortune test's result: the bird of the event card drawn for it (Events Phase /
Overview). ``Game.fortune_test`` draws the card."""

from __future__ import annotations

from dataclasses import dataclass

BIRDS = {"positive": "eagle", "neutral": "pigeon", "negative": "crow"}


# Not ``frozen``, with its own ``__init__``: see ``decisions.Decision``.
@dataclass(slots=True, unsafe_hash=True)
class FortuneResult:
    card: str
    result: str  # positive | neutral | negative
    sp_loss: bool

    def __init__(self, card: str, result: str, sp_loss: bool) -> None:
        self.card = card
        self.result = result
        self.sp_loss = sp_loss

    @property
    def positive(self) -> bool:
        return self.result == "positive"

    @property
    def neutral(self) -> bool:
        return self.result == "neutral"

    @property
    def negative(self) -> bool:
        return self.result == "negative"
