"""Textual is imported only when the TUI runs (DESIGN 1; issue 7, Speed)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

CHECK = """
import sys
from typer.testing import CliRunner
from planet_king.cli import app
runner = CliRunner()
for args in (["--help"], ["scenarios", "--json"], ["cards", "nobles", "--search", "olivares"],
             ["simulate", "hothead", "--games", "2", "--seed", "1", "--json"],
             ["play", "hothead", "--seed", "3", "--text"]):
    result = runner.invoke(app, args, input="q\\n")
    assert result.exit_code == 0, (args, result.output)
import planet_king.tui, planet_king.tui.views, planet_king.tui.draws, planet_king.rules_reference
bad = sorted(m for m in sys.modules if m == "textual" or m.startswith("textual."))
print(",".join(bad) or "clean")
"""


def test_cli_commands_do_not_import_textual(tmp_path: Path) -> None:
    env = {**os.environ, "PLANET_KING_SAVES": str(tmp_path)}  # quitting may autosave
    out = subprocess.run(
        [sys.executable, "-c", CHECK], check=True, capture_output=True, text=True, env=env
    ).stdout
    assert out.strip().splitlines()[-1] == "clean"


def test_the_engine_does_not_import_the_tui() -> None:
    code = (
        "import sys, planet_king.engine, planet_king.engine.game\n"
        "from planet_king.content.loader import load_content\n"
        "from planet_king.engine.game import Game\n"
        "Game('hothead', seed=1, content=load_content())\n"
        "print(sorted(m for m in sys.modules if m.startswith(('textual', 'planet_king.tui'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True
    ).stdout
    assert out.strip() == "[]"
