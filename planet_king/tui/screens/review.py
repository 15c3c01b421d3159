"""The Review tab of the game-over screen: the quick reign review (planet_king.review),
thought out in a worker thread while the screen says so, then shown as plain text."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from planet_king.tui.footer import FittingFooter

if TYPE_CHECKING:
    from planet_king.engine.game import Game
    from planet_king.review import Review


class ReviewScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back to the game-over screen"),
    ]

    def __init__(self, game: Game, done: Callable[[Review], None] | None = None) -> None:
        super().__init__()
        self.game = game
        self.done = done  # given the review once made (the chronicle export adds it)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="reviewbody"):
            yield Static("Reviewing the reign (a quick review: some seconds)...", id="reviewtext")
        yield FittingFooter()

    def on_mount(self) -> None:
        self.run_worker(self._think, thread=True, exclusive=True, group="review")

    def _think(self) -> None:
        from planet_king.evaluator.model import default_evaluator
        from planet_king.review import QUICK, render, review_game

        try:
            review = review_game(self.game, settings=QUICK, evaluator=default_evaluator())
        except ValueError as exc:  # no evaluator for this scenario, a damaged model file
            self.app.call_from_thread(self._show, f"No review: {exc}.")
            return
        if self.done is not None:
            self.app.call_from_thread(self.done, review)
        self.app.call_from_thread(self._show, render.text(review))

    def _show(self, text: str) -> None:
        self.query_one("#reviewtext", Static).update(text)

    def action_back(self) -> None:
        self.app.pop_screen()
