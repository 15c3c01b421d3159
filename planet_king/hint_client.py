"""The advisor as the player asks it, from the full screen (``h``) or the plain-text
mode (``h``): both come here, so both get the same answer for the same position.

The advisor runs in a long-lived child process (``planet_king.advisor_server``) whose
worker pool stays warm between questions: the game on screen is sent as a save and
never touched, and the playouts run on every core without forking the program the
player is in (Textual's threads cannot be forked safely).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

if TYPE_CHECKING:
    from planet_king.engine.game import Game

SECONDS = 1.0  # the budget of a question from the game: about a second


def position(game: Game) -> tuple[str, int]:
    """The position to advise on, taken now (the player may play on meanwhile), and the
    advisor's seed (the number of choices that count: the same position, the same
    answer, a sub-menu's Back and the choice it took back not counted)."""
    from planet_king import saves
    from planet_king.engine.game import counted

    return saves.dumps(game), len(counted(game.choices))


class Advisor:
    """One advisor process, started at the first question and kept for the next."""

    def __init__(self) -> None:
        self._proc: subprocess.Popen[str] | None = None

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
        proc = self._proc
        if proc is None or proc.poll() is not None:
            proc = self._proc = subprocess.Popen(
                [sys.executable, "-m", "planet_king.advisor_server"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                encoding="utf-8",
            )
        request = {
            "save": saved,
            "seed": seed,
            "data_dir": str(data_dir),
            "seconds": SECONDS if seconds is None else seconds,
            **({"playouts": playouts} if playouts else {}),
        }
        stdin: IO[str] | None = proc.stdin
        stdout: IO[str] | None = proc.stdout
        line = ""
        try:
            if stdin is not None and stdout is not None:
                stdin.write(json.dumps(request) + "\n")
                stdin.flush()
                line = stdout.readline()
        except OSError:
            line = ""
        if not line:
            self.stop()
            raise RuntimeError("the advisor's process stopped")
        reply: dict[str, Any] = json.loads(line)
        if not reply.get("ok"):
            raise RuntimeError(str(reply.get("error", "no answer")))
        return reply

    def stop(self) -> None:
        proc, self._proc = self._proc, None
        if proc is not None and proc.poll() is None:
            proc.terminate()  # it stops its workers on the way out
            try:
                proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                proc.kill()


LEGEND = (
    "Value: victory level (automatic defeat 0 ... Major Victory 4) + 0.01 per VP. "
    "* recommended: the bot's own choice, unless another option beats it by more than "
    "two standard errors; = tied with the best."
)


def describe(options: list[dict[str, Any]]) -> list[str]:
    """Each option in two plain lines: its label (marked * recommended, = tied with the
    best), then its value, mean VP, playouts and victory levels."""
    out = []
    for d in options:
        levels = " · ".join(f"{k} {p:.0%}" for k, p in d["victory_levels"].items() if p)
        if d.get("automatic_defeat"):
            levels += f" (automatic defeat {d['automatic_defeat']:.0%})"
        mark = "* " if d.get("recommended") else ("= " if d.get("tied_with_best") else "  ")
        value = f"value {d['value']:.3f}   " if "value" in d else ""
        out.append(f"{mark}{d['label']}")
        out.append(
            f"  {value}mean VP {d['mean_vp']:.2f} ± {d['standard_error']:.2f}   "
            f"{d.get('playouts', '?')} playouts   {levels}"
        )
    return out
