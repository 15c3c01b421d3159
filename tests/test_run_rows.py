"""Copying a long benchmark run's rows into the repository (issue 29, guided play played
over sessions, ``benchmarks/runs/``): only complete rows are added, and never over rows
the committed file holds otherwise."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import benchmark_script

RUN = {"seed": 3301, "full": 200}


def _row(seed: int, run: dict[str, int] = RUN) -> str:
    return json.dumps({"seed": seed, "alone": [1.0], "guided": [2.0], "run": run}) + "\n"


def test_new_complete_rows_are_added_and_a_row_being_written_waits(tmp_path: Path) -> None:
    run_rows = benchmark_script("run_rows")
    played, committed = tmp_path / "am-a.jsonl", tmp_path / "a.jsonl"
    committed.write_text(_row(1) + _row(2))
    played.write_text(_row(1) + _row(2) + _row(3) + _row(4)[:20])  # game 4 still writing
    assert run_rows.add_rows(played, committed) == (2, 3)
    assert committed.read_text() == _row(1) + _row(2) + _row(3)
    played.write_text(_row(1) + _row(2) + _row(3) + _row(4))
    assert run_rows.add_rows(played, committed) == (3, 4)
    assert run_rows.add_rows(played, committed) == (4, 4)  # nothing new: unchanged
    assert committed.read_text() == _row(1) + _row(2) + _row(3) + _row(4)


def test_a_first_copy_makes_the_committed_file(tmp_path: Path) -> None:
    run_rows = benchmark_script("run_rows")
    played, committed = tmp_path / "am-a.jsonl", tmp_path / "runs" / "a.jsonl"
    played.write_text(_row(7))
    assert run_rows.add_rows(played, committed) == (0, 1)
    assert committed.read_text() == _row(7)


@pytest.mark.parametrize(
    ("committed_rows", "played_rows", "reason"),
    [
        ([_row(1), _row(9)], [_row(1), _row(2), _row(3)], "are not the first rows"),
        ([_row(1)], [_row(1), _row(2, {"seed": 3301, "full": 100})], "other flags"),
        ([_row(1)], [_row(1), _row(2), _row(1)], "comes twice"),
        ([], ['{"alone": [1.0]}\n'], "no seed"),
    ],
)
def test_rows_from_another_run_or_a_rewritten_file_are_refused_and_nothing_written(
    tmp_path: Path, committed_rows: list[str], played_rows: list[str], reason: str
) -> None:
    run_rows = benchmark_script("run_rows")
    played, committed = tmp_path / "am-a.jsonl", tmp_path / "a.jsonl"
    committed.write_text("".join(committed_rows))
    played.write_text("".join(played_rows))
    with pytest.raises(run_rows.RowsError, match=reason):
        run_rows.add_rows(played, committed)
    assert committed.read_text() == "".join(committed_rows)


def test_the_command_says_what_it_added_or_why_not_in_one_line(tmp_path: Path) -> None:
    script = Path(__file__).resolve().parent.parent / "benchmarks" / "run_rows.py"
    played, committed = tmp_path / "am-a.jsonl", tmp_path / "a.jsonl"
    played.write_text(_row(1) + _row(2))
    ok = subprocess.run(
        [sys.executable, str(script), str(played), str(committed)], capture_output=True, text=True
    )
    assert ok.returncode == 0 and ok.stdout.strip() == f"{committed}: 0 -> 2 rows"
    committed.write_text(_row(5))
    refused = subprocess.run(
        [sys.executable, str(script), str(played), str(committed)], capture_output=True, text=True
    )
    assert refused.returncode == 1
    assert refused.stderr.strip().count("\n") == 0 and "not the first rows" in refused.stderr
    assert "Traceback" not in refused.stderr
    missing = subprocess.run(
        [sys.executable, str(script), str(tmp_path / "none.jsonl"), str(committed)],
        capture_output=True,
        text=True,
    )
    assert missing.returncode == 1 and missing.stderr.startswith("run_rows: ")
