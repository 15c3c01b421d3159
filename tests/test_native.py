"""The optional compiled build (scripts/compile_core.py) never runs stale code: a compiled
module whose source changed since the build is not loaded; the sources run instead."""

from __future__ import annotations

import importlib.machinery
import os
import shutil
import subprocess
import sys
from pathlib import Path

from planet_king import _native

ROOT = Path(__file__).resolve().parent.parent
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def test_this_tree_is_pure_or_freshly_compiled() -> None:
    line = _native.status_line(ROOT / "planet_king")
    assert line.startswith(("pure Python", "compiled:")), line
    in_use = line.startswith("compiled:") and not os.environ.get(_native.PURE_ENV)
    assert in_use == _native.ACTIVE


def _fake_build(tmp: Path) -> Path:
    """A package named planet_king with this one's guard, one module ``mod`` and a
    "compiled" ``mod`` beside it that is not a loadable library at all: importing it
    fails, so a test sees at once which of the two was loaded."""
    package = tmp / "planet_king"
    package.mkdir()
    shutil.copy(ROOT / "planet_king" / "__init__.py", package)
    shutil.copy(ROOT / "planet_king" / "_native.py", package)
    (package / "mod.py").write_text("WHERE = 'source'\n")
    (package / f"mod{SUFFIX}").write_bytes(b"not a library")
    (package / f"{_native.CORE}{SUFFIX}").write_bytes(b"not a library")
    _native.write_manifest(package, ["planet_king/mod.py"])
    return package


def _import_mod(tmp: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k != _native.PURE_ENV}
    return subprocess.run(
        [sys.executable, "-c", "import planet_king.mod as m; print(m.WHERE)"],
        cwd=tmp,
        env={**clean, "PYTHONPATH": str(tmp), **env},
        capture_output=True,
        text=True,
    )


def test_a_fresh_build_is_loaded(tmp_path: Path) -> None:
    _fake_build(tmp_path)
    run = _import_mod(tmp_path)
    assert run.returncode != 0 and "mod" in run.stderr  # the "compiled" module was tried


def test_an_edited_source_runs_instead_of_its_stale_build(tmp_path: Path) -> None:
    package = _fake_build(tmp_path)
    (package / "mod.py").write_text("WHERE = 'edited source'\n")
    assert _native.problems(package) == ["changed since it was compiled: planet_king/mod.py"]
    assert _native.status_line(package).startswith("stale")
    run = _import_mod(tmp_path)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "edited source"
    assert "compiled build is stale" in run.stderr and "compile_core.py" in run.stderr


def test_a_build_without_its_record_is_not_trusted(tmp_path: Path) -> None:
    package = _fake_build(tmp_path)
    (package / _native.MANIFEST).unlink()
    run = _import_mod(tmp_path)
    assert run.returncode == 0 and run.stdout.strip() == "source"
    assert "interrupted build" in run.stderr


def test_a_build_for_another_python_is_not_loaded(tmp_path: Path) -> None:
    package = _fake_build(tmp_path)
    manifest = package / _native.MANIFEST
    manifest.write_text(manifest.read_text().replace(sys.implementation.cache_tag, "cpython-00"))
    run = _import_mod(tmp_path)
    assert run.returncode == 0 and run.stdout.strip() == "source"
    assert "compiled for cpython-00" in run.stderr


def test_pure_on_request_without_a_warning(tmp_path: Path) -> None:
    _fake_build(tmp_path)
    run = _import_mod(tmp_path, **{_native.PURE_ENV: "1"})
    assert run.returncode == 0 and run.stdout.strip() == "source"
    assert run.stderr == ""
