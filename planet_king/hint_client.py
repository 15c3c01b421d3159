"""The advisor as the player asks it: ``planet-king hint`` in a child process.

The full screen (``h``) and the plain-text mode (``h``) both come here, so both get the
same answer for the same position: the game on screen is written to a temporary save and
never touched, and the playouts run on every core without forking the program the
player is in (Textual's threads cannot be forked safely).
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from planet_king.engine.game import Game

PLAYOUTS = 500  # as `planet-king hint`


def position(game: Game) -> tuple[str, int]:
    """The position to advise on, taken now (the player may play on meanwhile), and the
    advisor's seed (the number of choices made: the same position, the same answer)."""
    from planet_king import saves

    return saves.dumps(game), len(game.choices)


def ask(saved: str, seed: int, data_dir: Path, playouts: int = PLAYOUTS) -> list[dict[str, Any]]:
    """Each option's worth by playouts, as ``planet-king hint --json`` gives them;
    RuntimeError with the child's last line of error when it fails."""
    with tempfile.TemporaryDirectory(prefix="planet-king-hint-") as folder:
        save = Path(folder) / "position.json"
        save.write_text(saved, encoding="utf-8")
        command = [
            sys.executable,
            "-c",
            "from planet_king.cli import main; main()",
            "hint",
            str(save),
            "--json",
            f"--playouts={playouts}",
            f"--seed={seed}",
            f"--data-dir={data_dir}",
        ]
        done = subprocess.run(command, capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        lines = done.stderr.strip().splitlines()
        raise RuntimeError(lines[-1] if lines else f"exit code {done.returncode}")
    options: list[dict[str, Any]] = json.loads(done.stdout)["options"]
    return options


def describe(options: list[dict[str, Any]]) -> list[str]:
    """Each option in two plain lines: its label, then its mean VP and victory levels."""
    out = []
    for d in options:
        levels = " · ".join(f"{k} {p:.0%}" for k, p in d["victory_levels"].items() if p)
        if d.get("automatic_defeat"):
            levels += f" (automatic defeat {d['automatic_defeat']:.0%})"
        out.append(d["label"])
        out.append(f"  mean VP {d['mean_vp']:.2f} ± {d['standard_error']:.2f}   {levels}")
    return out
