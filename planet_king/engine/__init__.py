"""The rules engine: the game master. It never imports the UI (textual, rich)."""

from planet_king.engine.decisions import Decision, IllegalChoice, Option, Role, RuleNotImplemented
from planet_king.engine.game import Game, GameOptions

__all__ = [
    "Decision",
    "Game",
    "GameOptions",
    "IllegalChoice",
    "Option",
    "Role",
    "RuleNotImplemented",
]
