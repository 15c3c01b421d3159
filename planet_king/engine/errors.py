"""The engine's errors, and a player's illegal choice (also read as
``decisions.IllegalChoice``)."""

from __future__ import annotations


class UnknownScenario(ValueError):
    pass


class ScenarioNotPlayable(ValueError):
    pass


class EngineError(RuntimeError):
    """An inconsistency inside the rules engine (a bug, never the player's fault)."""


class IllegalChoice(ValueError):
    """A choice that is not among the legal options of the pending decision."""


class RuleNotImplemented(RuntimeError):
    """A rule the engine does not implement yet: never silently skipped."""

    def __init__(self, rule: str, what: str) -> None:
        super().__init__(f"not implemented yet: {what} (rule: {rule})")
        self.rule = rule
