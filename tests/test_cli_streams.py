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


def shell(command: str) -> subprocess.CompletedProcess:
    """``planet-king`` run by a shell, for redirections Python cannot make (``<&-``)."""
    line = " ".join(f"'{part}'" for part in PLANET_KING)
    return subprocess.run(
        ["bash", "-c", f"exec {line} {command}"],
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
    )


def test_a_closed_stdin_is_an_empty_input(tmp_path: Path) -> None:
    """Issue 34, 10: ``<&-`` was "internal error: AttributeError ... isatty"."""
    result = shell(f"play hothead --text --seed 7 --saves-dir '{tmp_path}' <&-")
    assert result.returncode == 0, result.stderr
    assert "End of input: leaving the game." in result.stdout


def test_a_full_disk_as_stdout_is_one_line(tmp_path: Path) -> None:
    for command in ("scenarios", f"play hothead --text --seed 7 --saves-dir '{tmp_path}'"):
        result = shell(f"{command} > /dev/full < /dev/null")
        assert result.returncode == 1, result.stderr
        assert result.stderr == (
            "planet-king: error: cannot write the output: No space left on device\n"
        )


def test_serve_refuses_a_host_that_is_no_host_name_in_one_line(tmp_path: Path) -> None:
    for host, said in (("a" * 300, "is no host name"), ("", "--host: empty")):
        result = shell(f"serve --host '{host}' --saves-dir '{tmp_path}'")
        assert result.returncode == 2, result.stderr
        assert said in result.stderr and result.stderr.count("\n") == 1
        assert "internal error" not in result.stderr and "served at" not in result.stdout
