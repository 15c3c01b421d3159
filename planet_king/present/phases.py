"""The turn and the phase in words: "1 of 4 (1621-1645)", "End of Turn phase · income"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from planet_king.present.phrases import ordinal

if TYPE_CHECKING:
    from planet_king.engine.game import Game


PHASES = {
    "setup": "Set-up",
    "organisation": "Organisation phase",
    "events": "Events phase",
    "end-of-turn": "End of Turn phase",
    "over": "Game over",
}
# danger -> how the plain-text mode says it (the TUI says it in colour as well)


# The End of Turn's steps in words (the rulebook's order: End of Turn Phase / Overview).
END_OF_TURN_STEPS = {
    "player actions": "the player's actions",
    "construction": "construction and levies",
    "revolts": "revolts",
    "indies": "the Indies",
    "income": "income",
    "mortality": "royal family mortality",
    "scores": "the scoring tables",
    "valido": "keep or change the Valido",
}


def phase_name(game: Game) -> str:
    """ "End of Turn phase · income": the phase and, in the End of Turn, its step in words.
    (The step marker outlives its phase: "Organisation phase · valido" meant nothing.)"""
    s = game.state
    name = PHASES.get(s.phase, s.phase)
    step = getattr(s, "step", "") if s.phase == "end-of-turn" else ""
    return f"{name} · {END_OF_TURN_STEPS.get(step, step)}" if step else name


def turn_text(game: Game) -> str:
    """The turn against the scenario's turns: "1 of 4 (1621-1645)"; a scenario that
    starts later says its span, "6, the 2nd of turns 5-8 (1647-1665)"; a one-turn
    scenario "1, the only turn (1621-1626)" (issue 32: "Turn 1 of 1-4")."""
    scen, turn = game.scenario, game.state.turn
    first, last = scen.first_turn, scen.last_turn
    if first == last:
        where = "the only turn"
        return f"{turn}, {where} ({scen.years})"
    if first == 1:
        return f"{turn} of {last} ({scen.years})"
    return f"{turn}, the {ordinal(turn - first + 1)} of turns {first}-{last} ({scen.years})"
