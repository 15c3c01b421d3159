"""Plain-text play: line-oriented, no box drawing, friendly to screen readers.

The engine writes what happened to its log; this mode prints the new log lines, a short
status, and the pending decision with numbered options, then reads a number.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO

from planet_king.engine.game import Game
from planet_king.engine.rules import court
from planet_king.engine.rules.units import UNIT_NAMES

HELP = """Commands:
  a number   take that option
  s          show the full status (Court, wars, units)
  l          show the whole log
  ?          this help
  q          quit"""


def status_line(game: Game) -> str:
    s = game.state
    cubes = " ".join(f"{c}:{n}" for c, n in s.cubes.items())
    return (
        f"Turn {s.turn} | {s.phase} | Treasury {s.treasury}/12 | VP {s.vp} | "
        f"cubes {cubes} | deck {len(s.deck)} discard {len(s.discard)} | "
        f"ACTION cards {s.action_cards_played}/5"
    )


def full_status(game: Game) -> str:
    s = game.state
    g = game
    lines = [status_line(game)]
    lines.append(f"Valido: {g.name(s.valido) if s.valido else '-'}")
    for office, nid in s.offices.items():
        lines.append(f"{court.OFFICE_NAMES[office]}: {g.name(nid) if nid else 'vacant'}")
    nobles = [g.name(n) for n in s.court_nobles if n]
    lines.append(f"Nobles at Court: {', '.join(nobles) if nobles else 'none'}")
    if s.exiles:
        lines.append(f"In exile: {', '.join(g.name(n) for n in s.exiles)}")
    for w, ws in s.wars.items():
        if not ws.active and ws.outcome is None:
            continue
        state = "active" if ws.active else f"ended ({ws.outcome})"
        truce = ", truce" if ws.truce else ""
        leader = g.name(ws.leader) if ws.leader else "no commander"
        enemy = g.name(ws.enemy_leader) if ws.enemy_leader else "none"
        lines.append(
            f"{g.name(w)}: {state}{truce}, marker {ws.position:+d}, "
            f"commander {leader}, enemy leader {enemy}"
        )
    for loc, kinds in sorted(s.units.items()):
        held = ", ".join(f"{n} {UNIT_NAMES[k]}" for k, n in sorted(kinds.items()) if n)
        if held:
            lines.append(f"Units in {g.name(loc)}: {held}")
    return "\n".join(lines)


def render_decision(game: Game) -> str:
    d = game.decision
    if d is None:
        return ""
    lines = [f"{d.role.value.capitalize()} decides: {d.prompt}"]
    for i, opt in enumerate(d.options, start=1):
        if opt.allowed:
            lines.append(f"  {i}. {opt.label}")
        else:
            lines.append(f"  {i}. (not allowed) {opt.label} — {opt.reason}")
    return "\n".join(lines)


def run(game: Game, *, read: Callable[[str], str] = input, out: TextIO | None = None) -> int:
    """Play until the game ends or the player quits; returns an exit code."""
    import sys

    stream = out or sys.stdout

    def say(text: str = "") -> None:
        print(text, file=stream, flush=True)

    shown = 0
    say(f"The Planet King — {game.scenario.name}. Type ? for help.")
    while True:
        for entry in game.log_entries[shown:]:
            say(entry.line())
        shown = len(game.log_entries)
        if game.decision is None:
            s = game.state
            say(f"Game over. Victory level: {s.victory_level.replace('-', ' ')}. VP {s.vp}.")
            return 0
        say(status_line(game))
        say(render_decision(game))
        try:
            answer = read("> ").strip()
        except EOFError:
            say("End of input: leaving the game.")
            return 0
        if answer in ("q", "quit"):
            say("Leaving the game.")
            return 0
        if answer == "?":
            say(HELP)
            continue
        if answer == "s":
            say(full_status(game))
            continue
        if answer == "l":
            say(game.log_text())
            continue
        if not answer.isdigit() or not 1 <= int(answer) <= len(game.decision.options):
            say(f"Please type a number from 1 to {len(game.decision.options)}, or ? for help.")
            continue
        option = game.decision.options[int(answer) - 1]
        if not option.allowed:
            say(f"Not allowed: {option.reason}.")
            continue
        game.choose(option.id)
