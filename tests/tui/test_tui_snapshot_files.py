"""Every stored TUI snapshot belongs to a snapshot test. syrupy fails a run on a snapshot
no test used, but not under pytest-xdist (the README's command runs the tests on two
workers, and syrupy leaves that check out there): this test keeps it, and keeps it under
``-k`` or a single file too."""

from __future__ import annotations

import ast
from pathlib import Path

HERE = Path(__file__).resolve().parent
SNAPSHOTS = HERE / "__snapshots__"


def snapshot_tests(module: Path) -> set[str]:
    """The names of the tests in ``module`` that take the ``snap_compare`` fixture."""
    tree = ast.parse(module.read_text(encoding="utf-8"))
    return {
        node.name
        for node in tree.body
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.name.startswith("test_")
        and any(arg.arg == "snap_compare" for arg in node.args.args)
    }


def test_every_stored_snapshot_has_its_test() -> None:
    stored = sorted(SNAPSHOTS.glob("*/*"))
    assert stored, "no snapshots found"
    orphans = []
    for path in stored:
        module = HERE / f"{path.parent.name}.py"
        name = path.stem.split("[", 1)[0]  # a parametrized test's snapshot: test_x[id]
        if path.suffix != ".svg" or not module.is_file() or name not in snapshot_tests(module):
            orphans.append(str(path.relative_to(HERE)))
    assert not orphans, f"snapshots no test takes (delete them): {orphans}"
