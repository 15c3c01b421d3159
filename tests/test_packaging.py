"""The data ships inside the wheel and loads the same way as from the source tree."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from planet_king.content.loader import load_content

ROOT = Path(__file__).resolve().parent.parent


def test_source_tree_loads_the_top_level_data_folder() -> None:
    content = load_content()
    if (ROOT / "data" / "events.yaml").is_file() and "site-packages" not in str(content.data_dir):
        assert content.data_dir == (ROOT / "data").resolve()
    assert content.scenarios["hothead"].playable


@pytest.mark.slow
def test_wheel_in_a_clean_venv_run_from_elsewhere(tmp_path: Path) -> None:
    """Build the wheel, install it in a new venv, and play from another directory."""
    dist = tmp_path / "dist"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(dist),
            str(ROOT),
        ],
        check=True,
        capture_output=True,
    )
    wheel = next(dist.glob("planet_king-*.whl"))
    # Pure Python, even when built from a tree that holds the compiled build
    # (scripts/compile_core.py).
    names = zipfile.ZipFile(wheel).namelist()
    assert "planet_king/_native.py" in names
    assert not [n for n in names if n.endswith((".so", ".pyd", "_compiled.json"))]
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    py = venv / "bin" / "python"
    # Reuse this environment's third-party packages without its editable planet_king.
    site = Path(
        subprocess.check_output(
            [str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], text=True
        ).strip()
    )
    (site / "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run(
        [str(py), "-m", "pip", "install", "--no-deps", "-q", str(wheel)],
        check=True,
        capture_output=True,
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    probe = subprocess.run(
        [
            str(py),
            "-c",
            "from planet_king.content.loader import load_content; "
            "c = load_content(); print(c.data_dir); print(len(c.events))",
        ],
        cwd=elsewhere,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    data_dir, n_events = probe.stdout.split()
    assert data_dir.startswith(str(venv)) and data_dir.endswith("planet_king/_data")
    assert int(n_events) == len(load_content().events)
    run = subprocess.run(
        [str(venv / "bin" / "planet-king"), "simulate", "hothead", "--games", "3", "--json"],
        cwd=elsewhere,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert len(json.loads(run.stdout)["games"]) == 3
