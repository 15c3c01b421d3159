"""Game over: the victory level, the chronicle of the reign, the VP by turn, and where the
VP and the ducats went."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from planet_king import present
from planet_king.tui import views
from planet_king.tui.footer import FittingFooter

if TYPE_CHECKING:
    from planet_king.engine.game import Game
    from planet_king.review import Review


class GameOverScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("x", "export", "Export chronicle (Markdown)"),
        Binding("v", "review", "Reign review"),
        Binding("escape", "back", "Back to the board"),
    ]

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game
        self.review: Review | None = None  # the reign review, once made (v)

    def compose(self) -> ComposeResult:
        g = self.game
        s = g.state
        head = views.game_over_headline(g)
        head.append(f"\n{g.scenario.name} ({g.scenario.years}), seed {g.seed}. VP {s.vp}.")
        for line in present.game_over_summary(g):
            head.append(f"\n{line}")
        if s.ended_by:
            head.append(f"\nThe last phase ended: {s.ended_by.replace('-', ' ')}.", style="dim")
        for e in g.log_entries:
            if e.phase == "over":
                head.append(f"\n{e.text}")
        yield Static(head, id="overhead")
        with VerticalScroll(id="overbody"):
            yield Static(views.heading("Victory points by turn"))
            yield Static(views.vp_chart(g))
            yield Static(views.heading("Where the VP went"))
            yield Static(views.vp_sources_chart(g))
            yield Static(views.heading("Where the ducats went"))
            yield Static(views.ledger_chart(g))
            by_name = Counter[str]()
            for cid, n in s.stats.events_played.items():
                by_name[g.name(cid)] += n
            events = ", ".join(
                f"{name} ×{n}" if n > 1 else name for name, n in sorted(by_name.items())
            )
            actions = ", ".join(
                f"{a.replace('-', ' ')} ×{n}" if n > 1 else a.replace("-", " ")
                for a, n in sorted(s.stats.actions_taken.items())
            )
            yield Static(views.heading("Events played"))
            yield Static(events or "none")
            yield Static(views.heading("Actions taken"))
            yield Static(actions or "none")
            yield Static(views.heading("Chronicle of the reign"))
            chronicle = Text("\n").join(
                Text(f"T{e.turn} {e.phase}: ", style="dim") + Text(e.text) for e in g.log_entries
            )
            yield Static(chronicle, id="chronicle")
        yield FittingFooter()

    def action_export(self) -> None:
        """Write the chronicle next to the saves (the saves folder, whatever the current
        folder), atomically: never half written, never through a planted symlink."""
        from planet_king.fsutil import atomic_write, describe_os_error
        from planet_king.saves import saves_dir

        folder = saves_dir(getattr(self.app, "saves_dir", None))
        path = folder / f"chronicle-{self.game.scenario.id}-{self.game.seed}.md"
        try:
            text = views.chronicle_markdown(self.game)
            if self.review is not None:  # the chronicle gains the review when there is one
                from planet_king.review import render

                text = text.rstrip("\n") + "\n\n" + render.markdown(self.review)
            atomic_write(path, text.encode("utf-8"))
        except OSError as exc:
            self.notify(
                f"Could not write the chronicle: {describe_os_error(exc)}", severity="error"
            )
            return
        self.notify(f"Chronicle written to {path}")

    def action_review(self) -> None:
        from planet_king.tui.screens.review import ReviewScreen

        self.app.push_screen(ReviewScreen(self.game, done=self._reviewed))

    def _reviewed(self, review: Review) -> None:
        self.review = review

    def action_back(self) -> None:
        self.app.pop_screen()
