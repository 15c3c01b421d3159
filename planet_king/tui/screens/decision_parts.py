"""The decision panel's parts: the Drawn line's words for the cards drawn, and the list
of options (its PgUp and PgDn)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.widgets import OptionList

from planet_king.tui import views
from planet_king.tui.draws import Draw


def draw_text(draw: Draw, *, compact: bool = False) -> Text:
    """A card drawn, as the Drawn line and the Cards drawn panel show it. A fortune test
    says so first and names its card after the bird, in the dim: only the bird counts,
    and "crow - The Plague" alone would read as if the plague had struck."""
    t = Text()
    if draw.kind == "fortune":
        t.append(f"test for {draw.why}: ", style="italic")
    if draw.fortune:
        bird = views.BIRD[draw.fortune]
        t.append(f"{bird} {views.BIRD_SIGN[draw.fortune]}", style=views.BIRD_STYLE[draw.fortune])
    else:
        t.append("? bird", style="dim")
    if draw.kind == "fortune":
        if draw.sp_loss:
            t.append(" SP✗", style="bold red")
        t.append(f" (card: {draw.name})", style="dim")
        return t
    t.append(" ")
    t.append(draw.name, style="bold")
    if draw.sp_loss:
        t.append(" SP✗", style="bold red")
    if not compact:
        t.append("  (event)", style="dim")
    return t


def drawn_line(recent: list[Draw]) -> Text:
    """The Drawn line's cards: the tests of one reason in a row said once ("test for
    campaign in Flanders: eagle + (card: Action), crow - (card: Pirates)")."""
    parts: list[Text] = []
    for i, d in enumerate(recent):
        same = i > 0 and d.kind == "fortune" and recent[i - 1].kind == "fortune"
        if same and recent[i - 1].why == d.why:
            one = draw_text(d, compact=True)
            parts[-1].append(", ")
            parts[-1].append_text(one[len(f"test for {d.why}: ") :])
        else:
            parts.append(draw_text(d, compact=True))
    return Text("  ·  ").join(parts)


class DecisionOptions(OptionList):
    """The decision's options. Past the last option allowed, Textual's PgDn left the
    list with no highlight (and PgUp before the first): here they stop at that option,
    and pressed there again they scroll on, so the options not allowed beyond it are
    read too (issue 32).

    A list that shrinks keeps its highlighted option in view: the screen fits the list
    in a chain of refreshes, and a later change of the box around it shrank it under the
    tutorial example's option, which the fit had scrolled to the top (a CI run: the list
    at y=0 of 2, three rows high, the example its third option)."""

    def _on_resize(self) -> None:
        super()._on_resize()
        self.call_after_refresh(self._highlight_in_view)

    def _highlight_in_view(self) -> None:
        """Textual's scroll to the highlighted option moves the list only when that
        option is out of view."""
        if self.highlighted is not None and self.is_mounted:
            self.scroll_to_highlight()

    def action_page_down(self) -> None:
        self._page(super().action_page_down, self.action_last, self.scroll_page_down)

    def action_page_up(self) -> None:
        self._page(super().action_page_up, self.action_first, self.scroll_page_up)

    def _page(self, move: Callable[[], None], end: Callable[[], None], scroll: Any) -> None:
        before = self.highlighted
        move()
        if self.highlighted is None:
            end()
        if self.highlighted == before:
            scroll(animate=False)
