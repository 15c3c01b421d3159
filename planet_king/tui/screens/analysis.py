"""The game screen's analysis pane (``h``): the advisor thinking in a child process while
the pane is open, the learned evaluator's instant answer shown meanwhile. A base of
``GameScreen``, which gives it ``game``."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from textual.screen import Screen

from planet_king.advisor import client as advisor_client

if TYPE_CHECKING:
    from planet_king.engine.game import Game


class AnalysisScreen(Screen[None]):
    """The advisor's pane, opened from a screen that shows ``game``."""

    game: Game

    HINT_SECONDS = advisor_client.LIVE_SECONDS  # the analysis pane thinks this long at most
    HINT_ROUND = 8  # playouts an option between two updates of the pane (tests: fewer)
    _advisor: advisor_client.Advisor | None = None  # the open pane's, ended when it closes

    def action_hint(self) -> None:
        """The analysis pane: the advisor, in a long-lived child process
        (``advisor.client``), thinks while the pane is open and the pane updates in place.
        The game on screen is never touched, the playouts run on every core without
        forking this threaded program, and Escape ends the process and its workers."""
        from planet_king.tui.screens.modals import HintScreen

        if self.game.decision is None:
            self.notify("The game is over: there is no decision to advise on.", timeout=3)
            return
        position, seed = advisor_client.position(self.game)
        pane = HintScreen(self.game.decision.prompt)
        # made here, before the pane can close: Escape stops this very advisor, even
        # before its worker has started the process (which it then never starts)
        self._stop_advisor(in_background=True)
        advisor = self._advisor = pane.advisor = advisor_client.Advisor()
        self.app.push_screen(pane, lambda _: self._stop_advisor(advisor, in_background=True))
        self.run_worker(
            lambda: self._hint_worker(pane, advisor, position, seed),
            thread=True,
            exclusive=True,
            group="hint",
        )

    def _hint_worker(
        self, pane: Any, advisor: advisor_client.Advisor, position: str, seed: int
    ) -> None:
        try:
            replies = self._analyse(advisor, position, seed)  # the advisor starts thinking
            self._instant_answer(pane, position)  # meanwhile, the evaluator's answer
            for reply in replies:
                if pane.closed:
                    return
                self.app.call_from_thread(pane.show, reply, final=bool(reply.get("final")))
        except Exception as exc:  # the advisor failing (or stopped) never ends the game
            if not pane.closed:
                self.app.call_from_thread(self._advisor_failed, pane, str(exc))
        finally:
            if pane.closed:
                advisor.stop()  # a pane closed while its answer came: no process outlives it

    def _instant_answer(self, pane: Any, position: str) -> None:
        """The instant valuer's answer (the learned evaluator's), shown until the
        playouts' first comes in; without one, the playouts alone."""
        try:
            reply = advisor_client.instant_answer(position, self.game.content)
        except Exception:  # no instant answer: the playouts answer all the same
            return
        if reply is not None and not pane.closed:
            self.app.call_from_thread(pane.show, reply)

    def _advisor_failed(self, pane: Any, why: str) -> None:
        if not pane.closed:
            pane.action_close()
        self.notify(f"The advisor failed: {why}", timeout=6)

    def _analyse(
        self, advisor: advisor_client.Advisor, position: str, seed: int
    ) -> Iterator[dict[str, Any]]:
        return advisor.stream(
            position,
            seed,
            self.game.content.data_dir,
            seconds=self.HINT_SECONDS,
            round_size=self.HINT_ROUND,
        )

    def _stop_advisor(
        self, advisor: advisor_client.Advisor | None = None, *, in_background: bool = False
    ) -> None:
        """Ends the advisor's process (its workers with it): a pane closed stops thinking.
        ``advisor``: that one (a pane's), else the screen's. From the UI, the wait for
        its end runs off the event loop."""
        if advisor is None or advisor is self._advisor:
            advisor, self._advisor = self._advisor, None
        if advisor is None:
            return
        advisor.cancel()  # at once: a process not yet started never starts
        if in_background:
            threading.Thread(target=advisor.stop, name="advisor-stop", daemon=True).start()
        else:
            advisor.stop()

    def on_unmount(self) -> None:
        self._stop_advisor()
