"""Copy a long run's new rows into its committed file (``benchmarks/runs/``).

    python benchmarks/run_rows.py PLAYED.jsonl benchmarks/runs/RUN/a.jsonl

A run played over sessions (``advisor_guided.py --out PLAYED --resume`` in a pinned
worktree) writes its rows as games end; its folder in ``benchmarks/runs/`` holds the
rows committed so far. This adds the rows the played file has and the committed one has
not, and nothing else:

- only complete rows: a line still being written (no newline yet, or not JSON) ends
  the copy, and is copied next time;
- the committed rows must be the played file's first rows, byte for byte (the same run,
  never rewritten): otherwise nothing is written;
- every row is played with the committed rows' flags (``run``), and no seed comes twice;
- the committed file is replaced atomically: a failed write leaves it as it was.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from planet_king.fsutil import atomic_write


class RowsError(Exception):
    """Rows that cannot be added, with the reason in one line."""


def complete_rows(path: Path) -> list[tuple[str, dict[str, Any]]]:
    """The file's rows up to the first that is not a whole line of JSON: (line, row)."""
    rows: list[tuple[str, dict[str, Any]]] = []
    for line in path.read_text().splitlines(keepends=True):
        if not line.endswith("\n"):
            break
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            break
        if not isinstance(row, dict) or "seed" not in row:
            raise RowsError(f"{path}: row {len(rows) + 1} is not a game's row (no seed)")
        rows.append((line, row))
    return rows


def add_rows(played: Path, committed: Path) -> tuple[int, int]:
    """Append ``played``'s new complete rows to ``committed``: (rows before, rows after)."""
    new = complete_rows(played)
    old = complete_rows(committed) if committed.exists() else []
    if [line for line, _ in new[: len(old)]] != [line for line, _ in old]:
        raise RowsError(f"{committed}: its rows are not the first rows of {played}")
    if any(row.get("run") != new[0][1].get("run") for _, row in new):
        raise RowsError(f"{played}: rows played with other flags (run) than the first")
    seeds = [row["seed"] for _, row in new]
    if len(set(seeds)) != len(seeds):
        raise RowsError(f"{played}: a game's seed comes twice")
    if len(new) > len(old):
        atomic_write(committed, "".join(line for line, _ in new).encode())
    return len(old), len(new)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("played", type=Path, help="the file the run writes (--out)")
    parser.add_argument("committed", type=Path, help="its rows in benchmarks/runs/")
    args = parser.parse_args()
    try:
        before, after = add_rows(args.played, args.committed)
    except (RowsError, OSError) as e:
        raise SystemExit(f"run_rows: {e}") from None
    print(f"{args.committed}: {before} -> {after} rows")


if __name__ == "__main__":
    main()
