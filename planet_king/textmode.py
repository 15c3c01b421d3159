"""Plain-text play: line-oriented, no box drawing, friendly to screen readers.

The engine writes what happened to its log; this mode prints the new log lines, a short
status, and the pending decision with numbered options, then reads a number.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from planet_king import present
from planet_king.engine.forecast import defeat_warnings, forecast
from planet_king.engine.game import Game
from planet_king.engine.rules import court
from planet_king.engine.rules.units import UNIT_NAMES

HELP = """Commands:
  a number   take that option
  s          show the full status (Court, wars, units)
  l          show the whole log
  u          undo the last choice (not across a card or marker drawn since)
  w [name]   save the game (in the saves folder; it is also autosaved after every choice)
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


def forecast_line(game: Game) -> str:
    """The forecast in one line, printed with every decision: each score with its table
    row or its danger, then the Treasury and VP after the End of Turn."""
    f = forecast(game)
    if not f.has_end_of_turn:
        return f"Goal: {f.goal}"
    parts = []
    for sc in f.scores:
        if not sc.counted:
            continue
        word = present.DANGER_WORD[sc.danger]
        parts.append(f"{sc.name} {sc.points} {word or sc.effects()}")
    return (
        "If the turn ended now: "
        + ", ".join(parts)
        + f"; Treasury {f.treasury.end}/12; VP {f.vp_now} -> {f.vp_end}"
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


def render_decision(game: Game, warnings: dict[str, str] | None = None) -> str:
    d = game.decision
    if d is None:
        return ""
    warnings = warnings or {}
    lines = [f"{d.role.value.capitalize()} decides: {d.prompt}"]
    for i, opt in enumerate(d.options, start=1):
        if opt.allowed:
            lines.append(f"  {i}. {present.warned_label(opt.label, warnings.get(opt.id))}")
        else:
            lines.append(f"  {i}. (not allowed) {opt.label} — {opt.reason}")
    return "\n".join(lines)


def run(
    game: Game,
    *,
    read: Callable[[str], str] = input,
    out: TextIO | None = None,
    saves_dir: Path | None = None,
    learning: bool = False,
    autosave: bool = True,
) -> int:
    """Play until the game ends or the player quits; returns an exit code.

    The game is autosaved after every choice (and at the start), so Ctrl+C or a closed
    terminal never loses more than the choice being made. ``learning`` lets ``u`` undo
    across cards and markers drawn (and marks the save).
    """
    import sys

    from planet_king import saves

    stream = out or sys.stdout

    def say(text: str = "") -> None:
        print(text, file=stream, flush=True)

    autosave_error: str | None = None

    def save_now() -> None:
        nonlocal autosave_error
        if not autosave:
            return
        error = saves.autosave(game, saves_dir=saves_dir)
        if error and error != autosave_error:
            say(error)
        elif error is None and autosave_error is not None:
            say("Autosave works again.")
        autosave_error = error

    shown = 0
    say(f"The Planet King — {game.scenario.name}. Type ? for help.")
    if learning:
        say("Learning mode: undo may take back cards and markers drawn (the save says so).")
    try:
        save_now()
        while True:
            for entry in game.log_entries[shown:]:
                say(entry.line())
            shown = len(game.log_entries)
            if game.decision is None:
                s = game.state
                if s.defeat_cause:
                    say(f"Automatic defeat: {s.defeat_cause}.")
                say(f"Game over. Victory level: {s.victory_level.replace('-', ' ')}. VP {s.vp}.")
                say("Type u to undo the last choice, or press Enter to leave.")
                try:
                    answer = read("> ").strip()
                except EOFError:
                    return 0
                if answer == "u":
                    game, shown = _undo(game, learning, say, shown)
                    save_now()
                    continue
                return 0
            warnings = defeat_warnings(game)
            say(status_line(game))
            say(forecast_line(game))
            say(render_decision(game, warnings))
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
            if answer == "u":
                game, shown = _undo(game, learning, say, shown)
                save_now()
                continue
            if answer == "w" or answer.startswith("w "):
                name = answer[1:].strip() or None
                try:
                    path = saves.save_game(game, name, saves_dir=saves_dir)
                except saves.SaveError as exc:
                    say(f"Not saved: {exc}")
                else:
                    say(f"Saved to {path}.")
                continue
            if not answer.isdigit() or not 1 <= int(answer) <= len(game.decision.options):
                say(f"Please type a number from 1 to {len(game.decision.options)}, or ? for help.")
                continue
            option = game.decision.options[int(answer) - 1]
            if not option.allowed:
                say(f"Not allowed: {option.reason}.")
                continue
            if option.id in warnings:
                say(f"Warning: {warnings[option.id]}.")
                try:
                    sure = read("Take it all the same? Type y to confirm: ").strip().lower()
                except EOFError:
                    sure = ""
                if sure not in ("y", "yes"):
                    say("Not taken.")
                    continue
            game.choose(option.id)
            save_now()
    except KeyboardInterrupt:
        where = saves.latest_autosave(saves_dir) if autosave else None
        kept = f" The latest autosave is intact: {where}" if where else ""
        say(f"\nInterrupted.{kept}")
        return 130


def _undo(game: Game, learning: bool, say: Callable[[str], None], shown: int) -> tuple[Game, int]:
    why = game.can_undo(learning=learning)
    if why is not None:
        say(f"Not undone: {why}.")
        return game, shown
    last = game.choices[-1]
    game = game.undo(learning=learning)
    say(f"Undone: {last}. Back to the decision before it.")
    return game, len(game.log_entries)
