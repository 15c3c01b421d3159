"""The game log: every automatic step, with its cause and the rule behind it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class LogEntry:
    turn: int
    phase: str
    text: str
    rule: str = ""
    cause: str = ""

    def line(self) -> str:
        return f"[T{self.turn} {self.phase}] {self.text}"
