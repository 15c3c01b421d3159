"""Issue 34, 7 and 10: the command line on streams that are not what a terminal gives
(a non-UTF-8 stdout, a closed stdin, a full disk as stdout): plain words and an exit
code, never "internal error" with a traceback. Real processes: the streams are theirs."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from planet_king.saves import latest_autosave
from planet_king.textout import nearest_ascii

PLANET_KING = (sys.executable, "-m", "planet_king.cli")
TIMEOUT_S = 120.0


def run(args: list[str], env: dict[str, str], stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run(
        [*PLANET_KING, *args],
        input=stdin.encode(),
        capture_output=True,
        env={**os.environ, **env},
        timeout=TIMEOUT_S,
    )


NOT_UTF8 = [{"PYTHONIOENCODING": "latin-1"}, {"LC_ALL": "C", "PYTHONUTF8": "0"}]


@pytest.mark.parametrize("env", NOT_UTF8, ids=["latin-1", "C-locale"])
def test_plain_text_play_degrades_on_a_stdout_that_is_not_utf8(env, tmp_path: Path) -> None:
    if "LC_ALL" in env:  # the locale decides: no encoding inherited from outside
        env = {**env, "PYTHONIOENCODING": ""}
    saves = str(tmp_path)
    play = run(["play", "hothead", "--text", "--seed", "7", "--saves-dir", saves], env, "1\nq\n")
    assert play.returncode == 0, play.stderr
    assert b"The Planet King - Hothead" in play.stdout  # the em dash, as its nearest
    assert b"internal error" not in play.stderr
    autosave = latest_autosave(tmp_path)  # after the choice
    replay = run(["replay", str(autosave), "--log"], env)
    assert replay.returncode == 0, replay.stderr
    assert b"Francisco Pimentel takes the command" in replay.stdout
    tutorial = run(["tutorial", "--text", "--saves-dir", str(tmp_path / "t")], env, "q\n")
    assert tutorial.returncode == 0, tutorial.stderr


def test_the_nearest_ascii_keeps_the_words() -> None:
    assert nearest_ascii("Gaspar de Guzmán — Córdoba’s “army” … ±1 │ ─") == (
        'Gaspar de Guzman - Cordoba\'s "army" ... +/-1 | -'
    )
    assert nearest_ascii("平") == "?"
