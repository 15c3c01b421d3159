"""The title screen: the scenarios with their blurb, length and victory thresholds,
the game options, and (when saving exists) where to continue a saved game."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Checkbox, Input, OptionList, Select, Static
from textual.widgets.option_list import Option

from planet_king import saves
from planet_king.engine.game import GameOptions
from planet_king.engine.rules.modes import DIFFICULTIES, OPTIONAL_RULES
from planet_king.tui.footer import FittingFooter

if TYPE_CHECKING:
    from planet_king.content.loader import Content
    from planet_king.content.models import Scenario
    from planet_king.tui.app import PlanetKingApp

ORDER = ("hothead", "iupiter-hispano", "anni-mirabiles", "anni-horribiles", "the-planet-king")


def ordered_scenarios(content: Content) -> list[Scenario]:
    scenarios = list(content.scenarios.values())
    scenarios.sort(key=lambda s: ORDER.index(s.id) if s.id in ORDER else len(ORDER))
    return scenarios


def scenario_text(s: Scenario) -> Text:
    turns = s.last_turn - s.first_turn + 1
    t = Text(s.name, style="bold")
    t.append(f"   {s.years}\n", style="dim")
    which = f"turn {s.first_turn}" if turns == 1 else f"turns {s.first_turn}-{s.last_turn}"
    t.append(f"{turns} turn{'s' if turns != 1 else ''} ({which})")
    t.append(
        "   playable" if s.playable else "   not playable yet",
        style="green" if s.playable else "yellow",
    )
    t.append("\n\n")
    t.append(s.blurb)
    t.append("\n\nVictory: ", style="bold")
    th = s.thresholds
    parts = []
    if th.major_victory is not None:
        parts.append(f"Major Victory from {th.major_victory} VP")
    if th.historical_outcome is not None:
        parts.append(f"Historical Outcome from {th.historical_outcome} VP")
    if th.defeat is not None:
        parts.append(f"Defeat from {th.defeat} VP; below: Neither King nor Planet")
    goal = "; ".join(parts) if parts else s.note or "see the scenario's rules"
    # "Victory: Victory is not counted in VP" said the word twice (Hothead's note)
    t.append(goal.removeprefix("Victory is "))
    return t


class Tick(Checkbox):
    """A checkbox that shows a tick only when checked (Textual's shows an X either way,
    which a newcomer read as "off" and "on" alike)."""

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]
        return "✓" if self.value else " "


class TitleScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "start", "Start", show=True, priority=False),
        Binding("e", "edit_seed", "Seed"),
        Binding("a", "continue_autosave", "Continue autosave"),
        Binding("o", "load", "Load a save"),
        Binding("t", "tutorial", "Tutorial"),
    ]

    def __init__(self, content: Content, seed: int) -> None:
        super().__init__()
        self.content = content
        self.seed = seed
        self.scenarios = ordered_scenarios(content)

    @property
    def pk_app(self) -> PlanetKingApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        banner = Text("THE PLANET KING", style="bold")
        banner.append("  ·  Philip IV of Spain, 1621-1665", style="italic")
        yield Static(banner, id="banner")
        with Horizontal(id="title-body"):
            with VerticalScroll(id="title-left"):
                yield Static(Text("Scenarios", style="bold underline"))
                yield OptionList(
                    *[
                        Option(
                            Text(s.name)
                            if s.playable
                            else Text(f"{s.name} (not yet)", style="dim"),
                            id=s.id,
                            disabled=not s.playable,
                        )
                        for s in self.scenarios
                    ],
                    id="scenarios",
                )
                yield Static(Text("Seed", style="bold underline"))
                yield Input(str(self.seed), type="integer", id="seed")
                yield Static(Text("Options", style="bold underline"))
                yield Select(
                    [(f"difficulty: {d.replace('-', ' ')}", d) for d in DIFFICULTIES],
                    value="normal",
                    allow_blank=False,
                    id="difficulty",
                )
                yield Tick("Co-operative (King and Valido)", id="coop")
                yield Tick("Secret memorials", id="memorials")
                yield Tick("War-Only mode", id="war-only")
                yield Tick("Bastard son as heir (optional)", id="bastard-heir")
                yield Tick("Enemy stops at 1st hit (R48)", id="enemy-tests-stop-early")
            with VerticalScroll(id="title-right"):
                yield Static(id="scenario-detail")
                yield Static(self._options_text(), id="title-options")
        yield FittingFooter()

    def _options_text(self) -> Text:
        t = Text("\nNew to the game?\n", style="bold underline")
        t.append("t  the tutorial: the rulebook's first turn, step by step\n")
        t.append("\nSaved games\n", style="bold underline")
        t.append("a  continue the last autosave\no  load a save\n")
        t.append(
            "\n↑ ↓ choose a scenario · Enter starts · Tab reaches the seed and the options "
            "(Hothead is played solo with the basic rules) · ? help · q quits",
            style="dim",
        )
        return t

    def game_options(self, scenario_id: str) -> GameOptions:
        """The options chosen on this screen (Hothead: always the basic solo game)."""
        if self.content.scenarios[scenario_id].kind == "hothead":
            return GameOptions()
        difficulty = self.query_one("#difficulty", Select).value
        return GameOptions(
            difficulty=str(difficulty) if isinstance(difficulty, str) else "normal",
            coop=self.query_one("#coop", Checkbox).value,
            memorials=self.query_one("#memorials", Checkbox).value,
            war_only=self.query_one("#war-only", Checkbox).value,
            optional=tuple(
                name for name in OPTIONAL_RULES if self.query_one(f"#{name}", Checkbox).value
            ),
        )

    def on_mount(self) -> None:
        lst = self.query_one("#scenarios", OptionList)
        first = next((i for i, s in enumerate(self.scenarios) if s.playable), 0)
        lst.highlighted = first
        self._detail(first)
        lst.focus()

    def _detail(self, index: int) -> None:
        self.query_one("#scenario-detail", Static).update(scenario_text(self.scenarios[index]))

    @on(OptionList.OptionHighlighted, "#scenarios")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._detail(event.option_index)

    @on(OptionList.OptionSelected, "#scenarios")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self._start(event.option.id)

    @on(Input.Submitted, "#seed")
    def _seed_done(self) -> None:
        self.query_one("#scenarios", OptionList).focus()

    def action_edit_seed(self) -> None:
        self.query_one("#seed", Input).focus()

    def action_start(self) -> None:
        lst = self.query_one("#scenarios", OptionList)
        if lst.highlighted is not None:
            self._start(self.scenarios[lst.highlighted].id)

    def action_continue_autosave(self) -> None:
        path = saves.latest_autosave(self.pk_app.saves_dir)
        if path is None:
            self.notify("There is no autosave to continue.", severity="warning")
            return
        self.pk_app.open_save(path)

    def action_tutorial(self) -> None:
        self.pk_app.start_tutorial()

    def action_load(self) -> None:
        from planet_king.tui.screens.modals import LoadScreen

        def chosen(path: Path | None) -> None:
            if path is not None:
                self.pk_app.open_save(path)

        self.app.push_screen(LoadScreen(saves.list_saves(self.pk_app.saves_dir)), chosen)

    def _start(self, scenario_id: str) -> None:
        raw = self.query_one("#seed", Input).value.strip()
        try:
            seed = int(raw) if raw else self.seed
        except ValueError:
            self.notify("The seed must be a whole number.", severity="warning")
            return
        problem = saves.seed_problem(seed)  # one range for seeds (issue 15)
        if problem:
            self.notify(f"{problem.capitalize()}.", severity="warning")
            return
        self.pk_app.start_game(scenario_id, seed, self.game_options(scenario_id))
