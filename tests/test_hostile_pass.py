"""The hostile pass of ``scripts/fuzz.py --hostile`` (issue 15, "Keep it held"), run
small: it must find nothing on today's code, and it must count what it tried."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "hostile.py"


def load_hostile():
    spec = importlib.util.spec_from_file_location("hostile", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_small_hostile_pass_finds_nothing(tmp_path, monkeypatch) -> None:
    hostile = load_hostile()
    out = tmp_path / "report.json"
    code = hostile.run(
        seed=7,
        n_saves=15,
        n_cli=1,
        n_data=4,
        n_lines=200,
        n_kills=1,
        n_races=1,
        flood_s=2.0,
        limit=120.0,  # a hang guard per case, not a timing: loaded machines are slow
        out=out,
    )
    report = json.loads(out.read_text())
    assert code == 0, report
    assert report["bad saves"]["tried"] >= 15 + 5  # the mutated and the special files
    assert report["kills during autosave"]["tried"] == 1
    assert report["two copies of one game"]["tried"] == 1
    assert report["serve attacks"]["tried"] == 6  # five attacks and the stop
    for part in report.values():
        assert part["tracebacks"] == part["hangs"] == part["lost"] == 0


def test_the_hostile_pass_reports_a_crash(tmp_path, monkeypatch) -> None:
    """The pass is not blind: a loader that crashes is counted as a traceback."""
    hostile = load_hostile()

    def crash(path, **kwargs):
        raise ZeroDivisionError("planted")

    monkeypatch.setattr(hostile.saves, "load_game", crash)
    tally = hostile.bad_saves(hostile.random.Random(1), 3, 0, 10.0, tmp_path)
    assert len(tally.tracebacks) >= 3 and "planted" in tally.tracebacks[0]


def test_the_kill_check_reads_the_choices_not_a_game_id() -> None:
    """Saves / Autosave (issue 15, kills): the child reports "<choices> <game id>" after
    each autosave. A game id of twelve hex digits can be all decimal digits: it is never
    taken for a count (it once made a clean run report 860462244682 choices lost), and a
    line cut by the kill does not count."""
    hostile = load_hostile()
    lines = ["1 860462244682", "2 860462244682", "87 860462244682", "88 860462244682", "8"]
    assert hostile.reported_saved(lines) == 88
    assert hostile.reported_saved(["OVER"]) == 0


def test_the_kills_land_while_the_child_plays(tmp_path, monkeypatch) -> None:
    """Saves / Autosave (issue 15, kills): each kill comes a few autosaves into the
    child's play, not on a timer (a timer of a second landed after the game's end in 60
    kills of 60: no autosave was ever cut). Whatever it cuts, nothing saved is lost."""
    monkeypatch.setenv("PLANET_KING_SAVES", str(tmp_path / "saves"))
    hostile = load_hostile()
    tally = hostile.kills(hostile.random.Random(5), 3, 20.0, tmp_path)
    assert tally.tried == 3 and not (tally.tracebacks or tally.hangs or tally.lost)
    assert tally.outcomes["killed after the game ended"] < tally.tried, tally.outcomes
