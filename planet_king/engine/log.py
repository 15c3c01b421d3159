"""The game log: every automatic step, with its cause and the rule behind it."""

from __future__ import annotations

from typing import NamedTuple


class LogEntry(NamedTuple):
    """One line of the log (a named tuple: a game writes about a thousand of them)."""

    turn: int
    phase: str
    text: str
    rule: str = ""
    cause: str = ""

    def line(self, *, with_rule: bool = False) -> str:
        """The entry as one line; ``with_rule`` adds the rule it cites, as the TUI shows."""
        cited = f" ({self.rule})" if with_rule and self.rule else ""
        return f"[T{self.turn} {self.phase}] {self.text}{cited}"
