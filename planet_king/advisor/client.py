"""The advisor as the player asks it, from the full screen (``h``) or the plain-text
mode (``h``): both come here, so both get the same answer for the same position.

The advisor runs in a long-lived child process (``planet_king.advisor.server``) whose
worker pool stays warm between questions: the game on screen is sent as a save and
never touched, and the playouts run on every core without forking the program the
player is in (Textual's threads cannot be forked safely).
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from planet_king.content.loader import Content
    from planet_king.engine.game import Game

SECONDS = 1.0  # the budget of a question from the game: about a second
LIVE_SECONDS = 600.0  # a live analysis stops thinking by itself after ten minutes


class InstantValuer(Protocol):
    """The seam for an instant answer: the figures of ``hint --json`` for the pending
    decision (each option's ``value``, ``value_error``, ``playouts``... as
    ``advisor.answer.advice_json`` gives them), at once. ``playouts`` is then the number of
    playouts its confidence is worth: the table stars nothing and shows no level shares
    under ``advisor.table.MIN_SAMPLES`` (the learned evaluator's answer, marked
    ``"source": "evaluator"``, is shown as a guess). Plain text's bare ``h`` answers
    from it, and the analysis pane shows it until playouts come in. It must not change
    the game it is given."""

    def __call__(self, game: Game) -> dict[str, Any]: ...


def evaluator_answer(game: Game) -> dict[str, Any]:
    """The learned evaluator's instant answer (``advisor.instant``)."""
    from planet_king.advisor.instant import evaluator_advice

    return evaluator_advice(game)


INSTANT: InstantValuer | None = evaluator_answer  # plain text's bare `h` answers from it


def position(game: Game) -> tuple[str, int]:
    """The position to advise on, taken now (the player may play on meanwhile), and the
    advisor's seed (the number of choices that count: the same position, the same
    answer, a sub-menu's Back and the choice it took back not counted)."""
    from planet_king import saves
    from planet_king.engine.history import counted

    return saves.dumps(game), len(counted(game.choices))


def instant_answer(saved: str, content: Content) -> dict[str, Any] | None:
    """The instant valuer's answer (``INSTANT``) for the position ``saved`` (taken by
    ``position``), on a game of its own: a thread may ask while the player plays on.
    None when no valuer is plugged in."""
    from planet_king import saves

    valuer = INSTANT
    if valuer is None:
        return None
    data = saves.parse_text(saved, source="<the position>")
    return valuer(saves.rebuild(data, content=content, verify=False))


class Advisor:
    """One advisor process, started at the first question and kept for the next."""

    def __init__(self) -> None:
        self._proc: subprocess.Popen[str] | None = None
        self._lock = threading.Lock()  # a pane's thread asks, the UI's thread stops
        self._cancelled = False

    def ask(
        self,
        saved: str,
        seed: int,
        data_dir: Path,
        *,
        seconds: float | None = None,
        playouts: int | None = None,
    ) -> dict[str, Any]:
        """``hint --json``'s answer for the position: ``options`` with each one's worth,
        ``playouts`` and ``elapsed_s``, within ``seconds`` (default ``SECONDS``) or
        ``playouts``. RuntimeError when the advisor fails."""
        request = {
            "save": saved,
            "seed": seed,
            "data_dir": str(data_dir),
            "seconds": SECONDS if seconds is None else seconds,
            **({"playouts": playouts} if playouts else {}),
        }
        return self._request(request)

    def stream(
        self, saved: str, seed: int, data_dir: Path, *, seconds: float, round_size: int
    ) -> Iterator[dict[str, Any]]:
        """A live analysis: the answer so far after every round of ``round_size``
        playouts an option, for ``seconds`` at most (the last has ``"final": true``).
        Stopped sooner by ``stop()`` (the generator then raises RuntimeError)."""
        request = {
            "save": saved,
            "seed": seed,
            "data_dir": str(data_dir),
            "seconds": seconds,
            "live": True,
            "round": round_size,
        }
        self._send(request)  # now: the advisor starts thinking before the first reply is read
        return self._replies()

    def _replies(self) -> Iterator[dict[str, Any]]:
        reply: dict[str, Any] = {"final": False}
        while not reply.get("final"):
            reply = self._reply()
            yield reply

    def _request(self, request: dict[str, Any]) -> dict[str, Any]:
        self._send(request)
        return self._reply()

    def _send(self, request: dict[str, Any]) -> None:
        with self._lock:
            if self._cancelled:
                raise RuntimeError("the advisor was stopped")
            proc = self._proc
            if proc is None or proc.poll() is not None:
                proc = self._proc = subprocess.Popen(
                    [sys.executable, "-m", "planet_king.advisor.server"],
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    stderr=subprocess.DEVNULL,
                    text=True,
                    encoding="utf-8",
                )
        stdin: IO[str] | None = proc.stdin
        try:
            if stdin is not None:
                stdin.write(json.dumps(request) + "\n")
                stdin.flush()
        except OSError:
            pass  # the process has ended: reading its reply says so

    def _reply(self) -> dict[str, Any]:
        proc = self._proc
        stdout: IO[str] | None = proc.stdout if proc is not None else None
        line = ""
        try:
            if stdout is not None:
                line = stdout.readline()
        except (OSError, ValueError):
            line = ""
        if not line:
            self.stop()
            raise RuntimeError("the advisor's process stopped")
        reply: dict[str, Any] = json.loads(line)
        if not reply.get("ok"):
            raise RuntimeError(str(reply.get("error", "no answer")))
        return reply

    @property
    def pid(self) -> int | None:
        """The advisor's process, while it runs."""
        proc = self._proc
        return proc.pid if proc is not None and proc.poll() is None else None

    def cancel(self) -> None:
        """No question is asked from now on (``stop`` ends the one under way)."""
        with self._lock:
            self._cancelled = True

    def stop(self) -> None:
        """Ends the process and its workers, and waits for its end (a few seconds)."""
        with self._lock:
            proc, self._proc = self._proc, None
        if proc is not None and proc.poll() is None:
            proc.terminate()  # it stops its workers on the way out
            try:
                proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def table_text(reply: dict[str, Any]) -> str:
    """The advisor's answer as the player reads it, the same table everywhere
    (``advisor.table``)."""
    from planet_king.advisor import table

    return table.build(reply).text()
