"""The Textual application: ``run_title`` opens the title screen, ``run_game`` a game.

Importing this module imports Textual; the command line imports it only when it opens
the TUI, so ``planet-king --help`` and the other commands stay light.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.theme import Theme

from planet_king import saves
from planet_king.tui.screens.game import GameScreen
from planet_king.tui.screens.modals import CardsScreen, HelpScreen, RulesScreen
from planet_king.tui.screens.title import TitleScreen

if TYPE_CHECKING:
    from textual.screen import Screen

    from planet_king.content.loader import Content
    from planet_king.engine.game import Game, GameOptions

# A Golden Age palette: Habsburg crimson, gold leaf, dark walnut; text kept light for
# contrast. NO_COLOR is honoured by Textual itself (monochrome filter).
SIGLO_DE_ORO = Theme(
    name="siglo-de-oro",
    primary="#C9A227",
    secondary="#B03A2E",
    accent="#E0B84C",
    warning="#E0A030",
    error="#E05545",
    success="#6FAF5F",
    foreground="#F2E8D5",
    background="#1B1410",
    surface="#261C16",
    panel="#3A2A1E",
    dark=True,
)


class PlanetKingApp(App[int]):
    CSS_PATH = "app.tcss"
    TITLE = "The Planet King"
    ENABLE_COMMAND_PALETTE = True
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "quit_game", "Quit"),
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("r", "rules", "Rules"),
        Binding("c", "cards", "Cards"),
        Binding("ctrl+q", "quit_now", "Quit", show=False, priority=True),
    ]

    def __init__(
        self,
        game: Game | None = None,
        *,
        saves_dir: Path | str | None = None,
        seed: int | None = None,
        content: Content | None = None,
        learning: bool = False,
    ) -> None:
        super().__init__()
        self.learning = learning  # undo may take back cards drawn (marked in the save)
        self.game = game
        self.saves_dir = Path(saves_dir) if saves_dir is not None else None
        self.seed = seed if seed is not None else int.from_bytes(os.urandom(4), "big")
        self._content = content
        self.exit_message = ""
        self.autosave_failed = False  # the quit's autosave failed: exit_message says why
        self.tutorial_first = False  # open straight on the tutorial (run_tutorial)
        self.register_theme(SIGLO_DE_ORO)
        self.theme = SIGLO_DE_ORO.name  # before mounting: no second pass over the styles

    @property
    def content(self) -> Content:
        if self.game is not None:
            return self.game.content
        if self._content is None:
            from planet_king.content.loader import load_content

            self._content = load_content()
        return self._content

    def on_mount(self) -> None:
        if self.tutorial_first:
            self.push_screen(TitleScreen(self.content, self.seed))
            self.start_tutorial()
        elif self.game is not None:
            self.push_screen(self._screen_for(self.game))
        else:
            self.push_screen(TitleScreen(self.content, self.seed))

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: Any = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Every toast is plain text: ours carry file names, folders and errors from
        save files, where ``[/]`` would crash the game and ``[@click=...]`` run an action
        (issue 34, 4). None of ours uses markup, so it is never interpreted."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    # ------------------------------------------------------------ saving
    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The command palette (Ctrl+P): our actions first, then Textual's own."""
        from planet_king.engine.rules import memorials

        yield SystemCommand("Help", "Every key binding", self.action_help)
        yield SystemCommand("Rules reference", "Summaries by rulebook heading", self.action_rules)
        yield SystemCommand("Cards", "Browse the cards, with provenance", self.action_cards)
        if isinstance(screen, GameScreen):
            yield SystemCommand("Save the game", "Write a save file", screen.action_save)
            if screen.game.choices:
                yield SystemCommand("Undo", "Take back the last choice", screen.action_undo)
            if screen.game.decision is not None:
                yield SystemCommand("Hint", "The advisor ranks the options", screen.action_hint)
            yield SystemCommand("Log", "Focus the log", screen.action_focus_log)
            if memorials.in_use(screen.game):
                yield SystemCommand("Memorials", "Your Secret Memorial", screen.action_memorials)
        yield SystemCommand("Quit", "Leave (autosaves a game in progress)", self.action_quit_game)
        for command in super().get_system_commands(screen):
            if command.title.lower().startswith("quit"):
                continue  # one Quit: ours, which autosaves
            yield command

    # ------------------------------------------------------------ actions
    def start_game(self, scenario: str, seed: int, options: GameOptions | None = None) -> None:
        from planet_king.engine.game import Game

        try:
            game = Game(scenario, seed=seed, options=options, content=self.content)
        except Exception as exc:  # unplayable or unimplemented: say so, stay on the title
            self.notify(str(exc), severity="error", timeout=6)
            return
        self.game = game
        self.switch_screen(GameScreen(game))

    def start_tutorial(self) -> None:
        """The tutorial (the rulebook's first turn, stacked, with a guide)."""
        from planet_king import tutorial
        from planet_king.tui.screens.tutorial import TutorialScreen

        try:
            tut = tutorial.load(self.content)
            game = tutorial.new_game(tut, self.content)
        except Exception as exc:  # broken tutorial data: say so, stay where we are
            self.notify(f"The tutorial cannot start: {exc}", severity="error", timeout=8)
            return
        self.game = game
        self.switch_screen(TutorialScreen(game, tut))

    def open_save(self, path: Path) -> None:
        try:
            game = saves.load_game(path, content=self.content)
        except Exception as exc:  # a bad save: say why in one line, stay here
            self.notify(f"Cannot load: {exc}", severity="error", timeout=8)
            return
        self.game = game
        self.switch_screen(self._screen_for(game))
        from planet_king.fsutil import escape_controls  # a file name from anywhere

        self.notify(f"Loaded {escape_controls(path.name)}", timeout=3)
        if game.load_notice:  # older rules: say how the save was opened
            self.notify(game.load_notice, severity="warning", timeout=12)

    def _screen_for(self, game: Game) -> GameScreen:
        """The game screen; the tutorial's, guided, for a tutorial saved midway."""
        from planet_king import tutorial

        tut = tutorial.for_game(self.content, game)
        if tut is None:
            return GameScreen(game)
        from planet_king.tui.screens.tutorial import TutorialScreen

        return TutorialScreen(game, tut)

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_rules(self, rule: str | None = None) -> None:
        if isinstance(self.screen, RulesScreen):
            return
        if rule is None and self.game is not None and self.game.decision is not None:
            rule = self.game.decision.rule
        self.push_screen(RulesScreen(rule or ""))

    def action_cards(self) -> None:
        if not isinstance(self.screen, CardsScreen):
            self.push_screen(CardsScreen(self.content))

    def action_quit_game(self) -> None:
        """In the middle of a game, ask first; otherwise leave."""
        from planet_king.tui.screens.modals import ConfirmScreen

        if self.game is not None and not self.game.over and isinstance(self.screen, GameScreen):
            self.push_screen(
                ConfirmScreen("Leave the game?", "It is autosaved: planet-king resume goes on."),
                lambda yes: self.action_quit_now() if yes else None,
            )
            return
        self.action_quit_now()

    def on_unmount(self) -> None:
        """The app is closing, however asked (q, a browser tab closed, the server
        stopping): a choice whose autosave was still waiting for the next frame is saved
        now, before the process ends (issue 34, 8). A no-op when nothing is new."""
        game = self.game
        if game is None:
            return
        try:
            error = saves.autosave(game, saves_dir=self.saves_dir, leaving=True)
        except Exception as exc:  # never lose the exit to a failing autosave
            error = f"Autosave failed: {exc}"
        if error and not self.autosave_failed:
            self.exit_message = error
            self.autosave_failed = True

    def action_quit_now(self) -> None:
        """Autosave a game in progress and leave."""
        game = self.game
        if game is not None and not game.over:
            try:
                error = saves.autosave(game, saves_dir=self.saves_dir, leaving=True)
            except Exception as exc:  # never lose the quit to a failing autosave
                error = f"Autosave failed: {exc}"
            self.exit_message = error or "Game autosaved."
            self.autosave_failed = bool(error)
        self.exit(0)


def _run(app: PlanetKingApp, **kwargs: Any) -> int:
    code = app.run(**kwargs)
    if app.exit_message:
        _say_after_exit(app.exit_message, failed=app.autosave_failed)
    return int(code or 0)


def _say_after_exit(message: str, *, failed: bool) -> None:
    """The quit's message, once the screen is gone.

    A game served to a browser tab (``planet-king serve``) has no terminal after it: its
    stdout is the web driver's packet stream, which textual-serve has stopped reading as
    a screen, so a line there is noise in the protocol that no player sees. A failed
    autosave is still told, on stderr: textual-serve passes that to the server's console.
    """
    from planet_king.serve import served_in_browser

    if not served_in_browser():
        print(message)
    elif failed:
        print(message, file=sys.stderr)


def run_game(game: Game, *, saves_dir: Path | str | None = None, learning: bool = False) -> int:
    """Open the game screen on ``game``; returns an exit code. ``learning``: undo may
    cross a card or marker drawn (a game loaded from a learning save is one already)."""
    return _run(PlanetKingApp(game, saves_dir=saves_dir, learning=learning))


def run_title(
    *,
    content: Content,
    seed: int | None = None,
    saves_dir: Path | str | None = None,
) -> int:
    """Open the title screen (choose a scenario and a seed); returns an exit code."""
    return _run(PlanetKingApp(seed=seed, saves_dir=saves_dir, content=content))


def run_tutorial(*, content: Content, saves_dir: Path | str | None = None) -> int:
    """Open the tutorial (the rulebook's first turn, step by step); returns an exit code."""
    app = PlanetKingApp(saves_dir=saves_dir, content=content)
    app.tutorial_first = True
    return _run(app)
