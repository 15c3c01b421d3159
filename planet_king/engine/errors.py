"""The engine's errors, but a player's illegal choice (``decisions.IllegalChoice``)."""

from __future__ import annotations


class UnknownScenario(ValueError):
    pass


class ScenarioNotPlayable(ValueError):
    pass


class EngineError(RuntimeError):
    """An inconsistency inside the rules engine (a bug, never the player's fault)."""
