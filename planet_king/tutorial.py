"""The tutorial: a prepared game (a stacked scenario) with a guide at each choice.

The texts are content (``data/tutorial/<id>.yaml``), validated like the cards. The game
itself is an ordinary game whose options name the tutorial's stack, so it is saved and
replayed like any other; the guide only reads it. While the player makes the example's
choices the guide explains each step; at the first other choice it says so and falls
silent, and the game goes on unstacked (planet_king.engine.stacking).

``run_text`` is the plain-text tutorial; the full-screen one is
``planet_king.tui.screens.tutorial``.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Literal, TextIO

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from planet_king.content.loader import Content, DataError, read_model
from planet_king.engine import stack_files
from planet_king.engine.decisions import BACK_ID
from planet_king.engine.game import Game, GameOptions
from planet_king.engine.history import counted

DEFAULT = "first-turn"
Panel = Literal["council", "court", "wars", "map", "draws", "log"]
PANEL_NAMES: dict[str, str] = {
    "council": "Council of State",
    "court": "Court",
    "wars": "Wars",
    "map": "Map",
    "draws": "Cards drawn",
    "log": "Log",
}


# A text the player must read: an empty or blank one is refused when the data loads.
Said = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1)]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Page(_Model):
    """A page of its own: a lesson on the goal, or one of the closing pages."""

    title: Said
    text: Said


class Step(_Model):
    choice: str  # the example's option id at this decision
    panel: Panel
    title: str
    rule: str  # the rulebook heading to read
    text: Said  # what happens
    why: Said  # why the example chooses so, in the player's terms (scores, ducats, wars, VP)
    lesson: Page | None = None  # a page on the goal, shown before the step


class Tutorial(_Model):
    id: str
    title: str
    scenario: str
    stack: str
    seed: int
    intro: str
    off_path: str  # "{expected}": the label of the example's choice
    # the closing pages, after the example's last choice: where it leaves the player and,
    # last, what to aim for over the remaining turns
    outro: tuple[Page, ...] = Field(min_length=1)
    steps: tuple[Step, ...]


class UnknownTutorial(ValueError):
    pass


def tutorials_dir(content: Content) -> Path:
    return content.data_dir / "tutorial"


@lru_cache(maxsize=8)
def _parse(path: Path) -> Tutorial:
    return read_model(path, Tutorial)


def load(content: Content, name: str = DEFAULT) -> Tutorial:
    """The tutorial ``name``, checked against its scenario and stack (DataError)."""
    path = tutorials_dir(content) / f"{name}.yaml"
    if not path.is_file():
        raise UnknownTutorial(f"unknown tutorial '{name}'")
    tut = _parse(path)
    if tut.id != name:
        raise DataError(f"{path}: field 'id': '{tut.id}' should be '{name}'")
    if tut.scenario not in content.scenarios:
        raise DataError(f"{path}: field 'scenario': unknown scenario '{tut.scenario}'")
    try:
        stack = stack_files.load(content, tut.stack)
    except stack_files.UnknownStack as exc:
        raise DataError(f"{path}: field 'stack': {exc}") from None
    if stack.scenario != tut.scenario:
        raise DataError(f"{path}: field 'stack': '{tut.stack}' is for '{stack.scenario}'")
    choices = [s.choice for s in tut.steps]
    if choices != list(stack.script):
        at = next(
            (i for i, (a, b) in enumerate(zip(choices, stack.script, strict=False)) if a != b),
            min(len(choices), len(stack.script)),
        )
        raise DataError(
            f"{path}: field 'steps.{at}.choice': the steps must follow the script of the "
            f"stack '{tut.stack}' ({len(choices)} steps, {len(stack.script)} choices)"
        )
    return tut


def new_game(tut: Tutorial, content: Content) -> Game:
    return Game(tut.scenario, seed=tut.seed, content=content, options=GameOptions(stack=tut.stack))


def for_game(content: Content, game: Game) -> Tutorial | None:
    """The tutorial a game (a resumed autosave, a loaded save) is still following: its
    stack and options are the tutorial's and every choice so far is the example's, with
    a step left.
    None for any other game, or if the tutorial data no longer loads (the game is then
    an ordinary one: nothing is lost)."""
    if not game.options.stack or game.state.stacked is None:
        return None
    for path in sorted(tutorials_dir(content).glob("*.yaml")):
        try:
            tut = load(content, path.stem)
        except (DataError, UnknownTutorial):
            continue
        if (tut.stack, tut.scenario) != (game.options.stack, game.scenario.id):
            continue
        if game.options != GameOptions(stack=tut.stack):  # co-op, another difficulty...:
            continue  # not the example's game, whatever its choices (issue 34, 13)
        if Guide(tut).current(game) is not None:
            return tut
    return None


@dataclass(frozen=True, slots=True)
class Guidance:
    """What the guide says at the pending decision."""

    number: int  # 1-based step number
    total: int
    step: Step
    option_number: int  # the example's option in the decision's list (1-based)
    option_label: str


class Guide:
    """Reads a tutorial game: the step at its decision, or whether it left the path."""

    def __init__(self, tut: Tutorial) -> None:
        self.tutorial = tut
        self.script = [s.choice for s in tut.steps]

    # The guide reads the choices that count: a sub-menu's Back and the choice it took
    # back are no step, and leave the player on the example's path.
    def on_path(self, game: Game) -> bool:
        made = counted(game.choices)
        return made == self.script[: len(made)]

    def finished(self, game: Game) -> bool:
        """Every step of the example has been played."""
        return counted(game.choices)[: len(self.script)] == self.script

    def current(self, game: Game) -> Guidance | None:
        """The step for the pending decision, or None (off the path, or past its end)."""
        n = len(counted(game.choices))
        d = game.decision
        if d is None or n >= len(self.script) or not self.on_path(game):
            return None
        step = self.tutorial.steps[n]
        ids = [o.id for o in d.options]
        if step.choice not in ids:  # the data and the engine disagree: say nothing wrong
            return None
        k = ids.index(step.choice)
        return Guidance(n + 1, len(self.script), step, k + 1, d.options[k].label)

    def left_path_at(self, game: Game) -> int | None:
        """The index of the first choice that left the example, if any."""
        pairs = zip(counted(game.choices), self.script, strict=False)
        for i, (made, expected) in enumerate(pairs):
            if made != expected:
                return i
        return None

    def off_path_text(self, game: Game, expected_label: str) -> str:
        return self.tutorial.off_path.format(expected=expected_label)


def wrap(text: str, width: int = 78) -> str:
    """Paragraphs (the data's folded text) wrapped for a plain terminal."""
    return "\n\n".join(textwrap.fill(p, width) for p in text.split("\n"))


def page_text(page: Page, head: str = "==") -> str:
    return f"{head} {page.title}\n{wrap(page.text)}"


def guidance_text(g: Guidance) -> str:
    """The step as plain text, its lesson first if it has one (the TUI renders the same
    parts with styles)."""
    lesson = [page_text(g.step.lesson, "== About the game:"), ""] if g.step.lesson else []
    return "\n".join(
        [
            *lesson,
            f"== Step {g.number} of {g.total}: {g.step.title}",
            f"Look at: {PANEL_NAMES[g.step.panel]}.  Rule: {g.step.rule}.",
            wrap(g.step.text),
            wrap(f"Why: {g.step.why}"),
            wrap(f"The example chooses option {g.option_number}: {g.option_label}"),
        ]
    )


def outro_text(tut: Tutorial) -> str:
    return "\n\n".join(page_text(p) for p in tut.outro)


# ------------------------------------------------------------------ text mode
TEXT_HELP = """Tutorial commands:
  Enter      make the example's choice
  a number   take that option (another choice leaves the example)
  s          show the full status (Court, wars, units)
  l          show the whole log
  ?          this help
  q          quit"""


def run_text(
    content: Content,
    *,
    name: str = DEFAULT,
    read: Callable[[str], str] = input,
    out: TextIO | None = None,
    saves_dir: Path | None = None,
    resumed: Game | None = None,
    learning: bool = False,
) -> int:
    """The tutorial in plain text; after it (or off its path) the game goes on in the
    ordinary plain-text mode. ``resumed``: a saved tutorial game to go on with (see
    ``for_game``). Returns an exit code."""
    import sys

    from planet_king import saves, textmode

    tut = load(content, name)
    guide = Guide(tut)
    game = resumed if resumed is not None else new_game(tut, content)
    stream = out or sys.stdout

    def say(text: str = "") -> None:
        print(text, file=stream, flush=True)

    say(f"The Planet King — tutorial: {tut.title}")
    if resumed is None:
        say(wrap(tut.intro))
    else:
        made = len(counted(game.choices))
        say(f"Resumed after {made} of the example's {len(guide.script)} choices.")
    say("Type ? for help; press Enter to make the example's choice.")
    shown = 0
    while True:
        for entry in game.log_entries[shown:]:
            say(entry.line())
        shown = len(game.log_entries)
        at = guide.current(game)
        if at is None:
            break
        say()
        say(guidance_text(at))
        say(textmode.status_line(game))
        rendered = textmode.render_decision(game).splitlines()
        rendered[at.option_number] += "   <- the example"
        say("\n".join(rendered))
        try:
            answer = textmode.read_line(read, "tutorial> ")
        except EOFError:
            say("End of input: leaving the tutorial.")
            return 0
        if answer in ("q", "quit"):
            say("Leaving the tutorial.")
            return 0
        if answer == "?":
            say(TEXT_HELP)
            continue
        if answer == "s":
            say(textmode.full_status(game))
            continue
        if answer == "l":
            say(game.log_text())
            continue
        d = game.decision
        assert d is not None  # a guided step has a decision
        number = (
            at.option_number if answer == "" else textmode.option_number(answer, len(d.options))
        )
        if number is not None:
            option = d.options[number - 1]
        else:
            say(f"Press Enter, or type a number from 1 to {len(d.options)}, or ? for help.")
            continue
        if not option.allowed:
            say(f"Not allowed: {option.reason}.")
            continue
        game.choose(option.id)
        error = saves.autosave(game, saves_dir=saves_dir)  # as in the ordinary text mode
        if error:
            say(error)
        if option.id == BACK_ID:  # the step before, again: its log lines taken back
            shown = len(game.log_entries)
            say("Back to the step before.")
        elif option.id != at.step.choice:
            for entry in game.log_entries[shown:]:
                say(entry.line())
            shown = len(game.log_entries)
            say()
            say(wrap(guide.off_path_text(game, at.option_label)))
            break
    if guide.finished(game):
        say()
        say(outro_text(tut))
    if game.over:
        return 0
    try:
        answer = textmode.read_line(read, "Play on (p) or quit (q)? ").lower()
    except EOFError:
        return 0
    if answer not in ("p", "play"):
        say("Leaving the tutorial.")
        return 0
    return textmode.run(
        game, read=read, out=stream, saves_dir=saves_dir, shown=shown, learning=learning
    )
