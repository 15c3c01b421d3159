"""Plain-text play: line-oriented, no box drawing, friendly to screen readers.

The engine writes what happened to its log; this mode prints the new log lines, a short
status with the End of Turn forecast, and the pending decision with numbered options,
then reads a number or a command. It offers what the full screen offers (the forecast,
the notables' ratings and traits, the wars, the rules reference, the cards, the
advisor), in the same words (``present``), and prints the menu again only when the
decision changes or the player asks (``m``).
"""

from __future__ import annotations

import atexit
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from planet_king import present
from planet_king.engine.decisions import BACK_ID
from planet_king.engine.forecast import defeat_warnings, forecast, option_effects
from planet_king.engine.game import Game
from planet_king.engine.rules import court
from planet_king.fsutil import escape_controls

HELP = """Commands:
  a number   take that option
  m          the decision and its options again
  s          the full status: forecast, Court with ratings and traits, wars, units
  f          the End of Turn forecast in full, with the victory thresholds
  r [words]  the rules reference: the rule of this decision, or the sections with the words
  c words    the cards: the cards whose name or text hold the words
  h          the learned evaluator's guess at once; h 5 thinks five seconds with playouts
  l          the whole log
  u          undo the last choice (not across a card or marker drawn since)
  w [name]   save the game (in the saves folder; it is also autosaved after every choice)
  ?          this help
  q          quit"""


def status_line(game: Game) -> str:
    s = game.state
    cubes = " ".join(f"{c}:{n}" for c, n in s.cubes.items())
    return (
        f"Turn {s.turn} | {present.phase_name(game)} | Treasury {s.treasury}/12 | VP {s.vp} | "
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
        said = ["AUTOMATIC DEFEAT" if sc.row.defeat else sc.effects()]
        if sc.danger in ("critical", "low"):
            said.append(present.DANGER_WORD[sc.danger])
        parts.append(f"{sc.name} {sc.points} ({', '.join(said)})")
    return (
        ("(" + present.SETTING_UP + ") " if game.state.phase == "setup" else "")
        + "If the turn ended now: "
        + "; ".join(parts)
        + f"; Treasury {f.treasury.end}/12; VP {f.vp_now} -> {f.vp_end}"
    )


def _person(game: Game, nid: str | None, vacant: str = "vacant") -> str:
    if nid is None:
        return vacant
    summary = present.notable_summary(game, nid)
    return f"{game.name(nid)} ({summary})" if summary else game.name(nid)


def full_status(game: Game) -> str:
    """Everything the full screen's panels show, in lines: the forecast and thresholds,
    the Court with each notable's ratings and traits, the wars with both sides' SP."""
    s = game.state
    g = game
    lines = [status_line(game), present.forecast_text(game)]
    lines.append(f"Valido: {_person(g, s.valido, '-')}")
    if not g.hothead:
        lines.append(f"Queen: {_person(g, s.queen, 'none')}")
        lines.append(f"Royal Mistress: {_person(g, s.mistress, 'none')}")
        lines.append(f"Royal family: {present.children_text(g)}")
    for office, nid in s.offices.items():
        lines.append(f"{court.OFFICE_NAMES[office]}: {_person(g, nid)}")
    nobles = [_person(g, n) for n in s.court_nobles if n]
    lines.append(f"Nobles at Court: {'; '.join(nobles) if nobles else 'none'}")
    if not g.hothead:
        geniuses = [_person(g, n) for n in s.court_geniuses if n]
        lines.append(f"Geniuses at Court: {'; '.join(geniuses) if geniuses else 'none'}")
    if s.exiles:
        lines.append(f"In exile: {'; '.join(_person(g, n) for n in s.exiles)}")
    for w, ws in s.wars.items():
        if ws.active or ws.outcome is not None:
            lines.append(present.war_text(g, w))
    if not g.hothead:
        peace = present.at_peace(g)
        if peace:
            lines.append(f"At peace with {peace}.")
    for loc, kinds in sorted(s.units.items()):
        if any(kinds.values()) and loc not in s.wars:  # an army is told with its war
            lines.append(f"Units in {g.name(loc)}: {present.units_phrase(kinds)}")
    return "\n".join(lines)


def rules_text(game: Game, words: str) -> str:
    """The rules reference: the pending decision's rule, or the sections with ``words``."""
    from planet_king import rules_reference

    if not words:
        d = game.decision
        section = rules_reference.find(d.rule) if d is not None and d.rule else None
        if section is None:
            return "This decision cites no rule: type r and some words to search the rules."
        return f"{section.heading}\n{section.body}"
    found = rules_reference.search(words)
    if not found:
        return f"No section of the rules reference holds: {words}."
    if len(found) == 1:
        return f"{found[0].heading}\n{found[0].body}"
    names = "; ".join(s.heading for s in found[:20])
    more = f" (and {len(found) - 20} more)" if len(found) > 20 else ""
    return (
        f"{len(found)} sections hold those words: {names}{more}.\n"
        f"The first one:\n{found[0].heading}\n{found[0].body}"
    )


def cards_text(game: Game, words: str) -> str:
    """The cards browser: one card in full, or the names of the cards that match."""
    if not words:
        return "Type c and some words of a card's name or text, e.g. c olivares."
    rows = present.card_rows(game.content)
    found = present.find_cards(rows, words)
    exact = [r for r in found if r[1].lower() == words.lower()]
    if len(found) == 1 or exact:
        kind, _, card = (exact or found)[0]
        return present.card_text(kind, card)
    if not found:
        return f"No card holds: {words}."
    names = "; ".join(f"{name} ({kind})" for kind, name, _ in found[:30])
    more = f" (and {len(found) - 30} more)" if len(found) > 30 else ""
    return f"{len(found)} cards hold those words: {names}{more}. Add words to pick one."


def hint_text(game: Game, seconds: float | None = None) -> str:
    """The advisor's table, the full screen's (``advisor.table``): at once (an instant
    valuer when one is plugged in, else a short budget), or after ``seconds`` of thought."""
    from planet_king.advisor import client as advisor_client

    if seconds is None and advisor_client.INSTANT is not None:
        try:
            return advisor_client.table_text(advisor_client.INSTANT(game))
        except Exception as exc:  # the evaluator failing never ends the game
            return f"The evaluator failed: {exc}. h 5 asks the advisor's playouts."
    position, seed = advisor_client.position(game)
    advisor = _ADVISOR.get("advisor")
    if advisor is None:
        advisor = _ADVISOR["advisor"] = advisor_client.Advisor()
        atexit.register(advisor.stop)
    try:
        reply = advisor.ask(position, seed, game.content.data_dir, seconds=seconds)
    except Exception as exc:  # the advisor failing never ends the game
        return f"The advisor failed: {exc}"
    return advisor_client.table_text(reply)


def _hint_seconds(arg: str) -> tuple[float | None, str]:
    """``h`` (at once) or ``h N`` (think N seconds, up to ten minutes); the reason when
    ``N`` is not a number of seconds."""
    if not arg:
        return None, ""
    try:
        seconds = float(arg)
    except ValueError:
        seconds = -1.0
    if not 0 < seconds <= 600:
        return None, f"'{arg[:20]}' is not a number of seconds: h 5 thinks five seconds."
    return seconds, ""


_ADVISOR: dict[str, Any] = {}  # one warm advisor process per session


def render_decision(
    game: Game, warnings: dict[str, str] | None = None, effects: dict[str, str] | None = None
) -> str:
    d = game.decision
    if d is None:
        return ""
    warnings = warnings or {}
    effects = effects or {}
    lines = [f"{d.role.value.capitalize()} decides: {d.prompt}"]
    about = present.subject_line(game)
    if about:
        lines.append(f"  ({about})")
    for i, opt in enumerate(d.options, start=1):
        if opt.allowed:
            label = present.option_text(game, opt.id, opt.label)
            label = present.effect_label(label, effects.get(opt.id))
            lines.append(f"  {i}. {present.warned_label(label, warnings.get(opt.id))}")
        else:
            label = present.option_text(game, opt.id, opt.label)
            lines.append(f"  {i}. (not allowed) {label} — {opt.reason}")
    return "\n".join(lines)


MAX_LINE = 1000  # a longer typed line is answered without being looked at


def read_line(read: Callable[[str], str], prompt: str) -> str:
    """One typed line, stripped; raises EOFError at the end of input. A line too long
    to be a command is returned as a NUL, which no command matches: it gets the answer
    of any unknown entry."""
    line = read(prompt)
    if not isinstance(line, str) or len(line) > MAX_LINE:
        return "\x00"
    return line.strip()


def option_number(answer: str, count: int) -> int | None:
    """The option typed (1 to ``count``), or None: only plain ASCII digits, a few of
    them (``²`` and 5,000-digit numbers are not numbers to choose by)."""
    if not (answer.isascii() and answer.isdigit()) or len(answer) > 6:
        return None
    n = int(answer)
    return n if 1 <= n <= count else None


def run(
    game: Game,
    *,
    read: Callable[[str], str] = input,
    out: TextIO | None = None,
    saves_dir: Path | None = None,
    learning: bool = False,
    autosave: bool = True,
    shown: int = 0,
) -> int:
    """Play until the game ends or the player quits; returns an exit code.

    The game is autosaved after every choice (and at the start), so Ctrl+C or a closed
    terminal never loses more than the choice being made. ``learning`` lets ``u`` undo
    across cards and markers drawn (and marks the save). ``shown``: log entries already
    printed (a game handed over by the tutorial).
    """
    import sys

    from planet_king import saves

    stream = out or sys.stdout

    def say(text: str = "") -> None:
        print(text, file=stream, flush=True)

    if read is input and not sys.stdin.isatty():
        read = _piped_reader(stream)

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

    menu_for: tuple[int, int] | None = None
    warnings: dict[str, str] = {}
    effects: dict[str, str] = {}
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
                say(f"Game over. Victory level: {s.victory_level.replace('-', ' ')}. VP {s.vp}.")
                say(present.game_over_text(game))
                say(
                    "Type v for the reign review (a quick one, some seconds), u to undo the "
                    "last choice, or press Enter to leave."
                )
                try:
                    answer = read_line(read, "> ")
                except EOFError:
                    return 0
                if answer == "v":
                    say(_review_text(game))
                    continue
                if answer == "u":
                    game, shown = _undo(game, learning, say, shown)
                    save_now()
                    continue
                return 0
            if menu_for != (id(game), len(game.choices)):  # a new decision: the menu
                menu_for = (id(game), len(game.choices))
                warnings = defeat_warnings(game)
                effects = option_effects(game)
                say(status_line(game))
                say(forecast_line(game))
                say(render_decision(game, warnings, effects))
            try:
                answer = read_line(read, "> ")
            except EOFError:
                say("End of input: leaving the game.")
                return 0
            if answer in ("q", "quit"):
                if autosave_error is not None:  # try once more before the moves are gone
                    save_now()
                if autosave_error is not None:
                    say(
                        "The autosave still fails: the moves since the last save are not "
                        "kept if you leave now (w NAME saves elsewhere in the saves folder)."
                    )
                    try:
                        sure = read("Leave all the same? Type y to confirm: ").strip().lower()
                    except EOFError:
                        sure = "y"
                    if sure not in ("y", "yes"):
                        say("Not leaving.")
                        continue
                say("Leaving the game.")
                return 0
            if answer == "?":
                say(HELP)
                continue
            if answer == "m":
                say(render_decision(game, warnings, effects))
                continue
            if answer == "s":
                say(full_status(game))
                continue
            if answer == "f":
                say(present.forecast_text(game))
                continue
            if answer == "r" or answer.startswith("r "):
                say(rules_text(game, answer[1:].strip()))
                continue
            if answer == "c" or answer.startswith("c "):
                say(cards_text(game, answer[1:].strip()))
                continue
            if answer == "h" or answer.startswith("h "):
                seconds, why = _hint_seconds(answer[1:].strip())
                if why:
                    say(why)
                    continue
                if seconds is not None:
                    say(f"The advisor thinks for {seconds:g} seconds...")
                say(hint_text(game, seconds))
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
            if game.decision is None:  # the loop's head says the game is over
                continue
            n = len(game.decision.options)
            number = option_number(answer, n)
            if number is None:
                say(f"Type a number from 1 to {n} (m shows the options, ? the commands).")
                continue
            option = game.decision.options[number - 1]
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
            if option.id == BACK_ID:  # the menu before, its lines taken back with it
                shown = len(game.log_entries)
                say("Back to the menu before: what the choice led to is taken back.")
            save_now()
    except KeyboardInterrupt:
        where = saves.latest_autosave(saves_dir) if autosave else None
        kept = f" The latest autosave is intact: {escape_controls(str(where))}" if where else ""
        say(f"\nInterrupted.{kept}")
        return 130


def _review_text(game: Game) -> str:
    """The quick reign review in plain text (planet_king.review), read whole by a screen
    reader; one line saying why when there is none."""
    from planet_king.evaluator.model import default_evaluator
    from planet_king.review import QUICK, render, review_game

    try:
        review = review_game(game, settings=QUICK, evaluator=default_evaluator())
    except ValueError as exc:  # no evaluator for this scenario, a damaged model file
        return f"No review: {exc}."
    return render.text(review).rstrip("\n")


def _piped_reader(stream: TextIO) -> Callable[[str], str]:
    """Reading a pipe: the prompt and the answer read are written as one line, so the
    transcript never glues the next output to a prompt."""
    import sys

    def read(prompt: str) -> str:
        line = sys.stdin.readline()
        if not line:
            print(prompt.rstrip(), file=stream, flush=True)
            raise EOFError
        answer = line.rstrip("\n")
        print(f"{prompt}{answer}", file=stream, flush=True)
        return answer

    return read


def _undo(game: Game, learning: bool, say: Callable[[str], None], shown: int) -> tuple[Game, int]:
    why = game.can_undo(learning=learning)
    if why is not None:
        say(f"Not undone: {why}.")
        return game, shown
    last = game.choices[-1]
    game = game.undo(learning=learning)
    d = game.decision
    label = next((o.label for o in d.options if o.id == last), "the last choice") if d else ""
    say(f"Undone: {label}. Back to the decision before it.")
    return game, len(game.log_entries)
