"""The full-screen tutorial: the game screen with a guide (planet_king.tutorial).

Before each of the example's choices a window explains the step, then the board shows
the panel it concerns (framed, and brought to the front on narrow terminals), the line
under the decision recalls the step, and the example's option is marked. Another choice
is allowed: the guide says the example went another way and leaves the game to the
player.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static, Tabs

from planet_king import present
from planet_king.engine.decisions import BACK_ID
from planet_king.tui import views
from planet_king.tui.screens.game import PANELS, GameScreen
from planet_king.tutorial import PANEL_NAMES, Guidance, Guide, Page, Tutorial

if TYPE_CHECKING:
    from planet_king.engine.game import Game

MARK = "  ◀ the example"


class GuideScreen(ModalScreen[None]):
    """One page of the guide: a title, the text, and how to go on."""

    # (app.tcss lets the window take the whole height at 80x24: title, 16 rows of text
    # and the hint fit; longer text scrolls)
    DEFAULT_CSS = """
    #guide-body {
        height: auto;
        max-height: 16;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space,escape", "close", "Continue"),
        Binding("r", "rule", "Rule"),
    ]

    def __init__(self, title: str, body: Text, rule: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.body = body
        self.rule = rule

    def compose(self) -> ComposeResult:
        with Vertical(classes="modal", id="guide-window"):
            yield Static(Text(self.title_text, style="bold"), id="guide-title")
            with VerticalScroll(id="guide-body"):
                yield Static(self.body)
            hint = "Enter continues · ↑↓ scroll" + (" · r opens the rule" if self.rule else "")
            yield Static(hint, classes="hint")

    def action_close(self) -> None:
        self.dismiss(None)

    def action_rule(self) -> None:
        if self.rule:
            self.app.action_rules(self.rule)  # type: ignore[attr-defined]


def paragraphs(text: str) -> Text:
    """The data's folded text: one line per paragraph, a blank line between them."""
    return Text(text.replace("\n", "\n\n"))


def step_page(at: Guidance) -> GuideScreen:
    body = Text()
    body.append(f"Look at: {PANEL_NAMES[at.step.panel]}", style="bold")
    body.append(f"   Rule: {at.step.rule}\n\n", style="dim")
    body.append_text(paragraphs(at.step.text))
    body.append("\n\n")
    body.append("Why: ", style="bold")
    body.append_text(paragraphs(at.step.why))
    body.append("\n\n")
    body.append("The example chooses: ", style="bold")
    body.append(f"{at.option_number}. {at.option_label}", style="italic")
    return GuideScreen(f"Step {at.number} of {at.total}: {at.step.title}", body, at.step.rule)


def lesson_page(page: Page) -> GuideScreen:
    return GuideScreen(f"About the game: {page.title}", paragraphs(page.text))


class TutorialScreen(GameScreen):
    DEFAULT_CSS = """
    TutorialScreen .panel.-guided {
        border: heavy $accent !important;
    }
    #guide {
        height: auto;
        max-height: 2;
        background: $panel;
        color: $accent;
        padding: 0 1;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("t", "guide", "Tutorial")]

    def __init__(self, game: Game, tutorial: Tutorial) -> None:
        super().__init__(game)
        self.tutorial = tutorial
        self.guide = Guide(tutorial)
        self._outro_shown = False

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield Static(id="guide")

    def on_mount(self) -> None:
        super().on_mount()
        if self.game.choices:  # a tutorial resumed midway: straight to its step
            self.action_guide()
            return
        intro = paragraphs(self.tutorial.intro)
        self.app.push_screen(GuideScreen(self.tutorial.title, intro), lambda _: self.action_guide())

    # ------------------------------------------------------------ the guide
    def refresh_view(self) -> None:
        super().refresh_view()
        self._refresh_guide()

    def _refresh_guide(self) -> None:
        at = self.guide.current(self.game)
        line = self.query_one("#guide", Static)
        for pid, _ in PANELS:
            self.query_one(f"#panel-{pid}").set_class(
                at is not None and pid == at.step.panel, "-guided"
            )
        if at is None:
            if self.guide.left_path_at(self.game) is not None:
                line.update(Text("Tutorial: your own game now (the example went another way)."))
            elif self.guide.finished(self.game):
                line.update(
                    Text(
                        "Tutorial: the example's turn is over · t shows its last pages again "
                        "(the danger now, and what to aim for)"
                    )
                )
            else:
                line.update("")
            return
        t = Text(f"Tutorial {at.number}/{at.total}: ", style="bold")
        t.append(f"{at.step.title} · look at {PANEL_NAMES[at.step.panel]} · ")
        t.append(f"the example: option {at.option_number}", style="bold")
        t.append(" · t explains")
        line.update(t)
        options = self.query_one("#options", OptionList)
        d = self.game.decision
        if d is not None and at.option_number <= options.option_count:
            o = d.options[at.option_number - 1]
            text = present.option_text(self.game, o.id, o.label)  # as the game screen
            label = views.option_label(
                at.option_number, text, o.allowed, o.reason, self._warnings.get(o.id)
            )
            label.append(MARK, style="bold")
            options.replace_option_prompt_at_index(at.option_number - 1, label)
            options.highlighted = at.option_number - 1
        if self.size.width < 120 and at.step.panel != self._current:  # narrow: one panel
            self.query_one("#paneltabs", Tabs).active = f"tab-{at.step.panel}"
            self._show_panel(at.step.panel)

    def action_guide(self) -> None:
        """Show the current step again, its lesson first (or where the tutorial stands)."""
        at = self.guide.current(self.game)
        if at is not None:
            lesson = [lesson_page(at.step.lesson)] if at.step.lesson else []
            self._push_pages([*lesson, step_page(at)])
        elif self.guide.finished(self.game):
            self._push_pages(self._outro_pages())

    def _push_pages(self, pages: list[GuideScreen]) -> None:
        """Pages read in order: the first is pushed last, on top."""
        for page in reversed(pages):
            self.app.push_screen(page)

    def _outro_pages(self) -> list[GuideScreen]:
        pages = self.tutorial.outro
        return [
            GuideScreen(f"{page.title} ({n} of {len(pages)})", paragraphs(page.text))
            for n, page in enumerate(pages, start=1)
        ]

    def take(self, option_id: str) -> None:
        d = self.game.decision
        if d is None or not d.takes(option_id):
            return  # left over from the decision before (GameScreen.take drops it)
        at = self.guide.current(self.game)
        super().take(option_id)
        if at is not None and option_id not in (at.step.choice, BACK_ID):
            text = self.guide.off_path_text(self.game, at.option_label)
            self.app.push_screen(GuideScreen("Your own game from here", paragraphs(text)))
        elif self.guide.finished(self.game) and not self._outro_shown:
            self._outro_shown = True
            self._push_pages(self._outro_pages())
        elif self.guide.current(self.game) is not None:
            self.action_guide()
