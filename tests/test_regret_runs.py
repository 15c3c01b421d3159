"""Several regret runs read together (issue 29): each position's regret the mean of its
runs, paired against the expert's at the same position."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import benchmark_script


def _line(position: str, expert: float, evaluator: float, advisor: float) -> str:
    return (
        f"{position}:0123456789abcdef: best a; expert b (regret {expert:.3f}); "
        f"evaluator c (regret {evaluator:.3f}, 12 pairs to tell); advisor d (regret {advisor:.3f})"
    )


def test_runs_are_averaged_by_position_and_paired_against_the_expert(tmp_path: Path) -> None:
    """Two runs of two positions (one in the fourth set): the advisor's regret at a
    position is its runs' mean, and the summary's paired difference is taken against
    the expert's regret there; the set of a position is read from its master seed."""
    regret_runs = benchmark_script("regret_runs")
    one, two = tmp_path / "1.log", tmp_path / "2.log"
    one.write_text(
        "  left: about 3 CPU s\n"
        + _line("hothead:2901:11:4", 0.040, 0.020, 0.010)
        + "\n"
        + _line("hothead:3203:12:7", 0.000, 0.010, 0.030)
        + "\n| all | 2 | 0.020 | 0.015 | 0.020 |\n"
    )
    two.write_text(
        _line("hothead:2901:11:4", 0.040, 0.000, 0.030)
        + "\n"
        + _line("hothead:3203:12:7", 0.000, 0.010, 0.010)
        + "\n"
    )
    runs = [regret_runs.read_run(one), regret_runs.read_run(two)]
    assert runs[0]["hothead:2901:11:4"] == pytest.approx(
        {"expert": 0.04, "evaluator": 0.02, "advisor": 0.01}
    )
    assert [regret_runs.set_of(p) for p in runs[0]] == ["first", "fourth"]
    line = regret_runs.summary(runs, list(runs[0]))
    # advisor 0.020 at each position, expert 0.040 and 0.000: less half, 0.000 and +0.020;
    # instant 0.010 and 0.010: less the expert's, -0.030 and +0.010
    assert "advisor 0.0200 (1.00 of the expert's)" in line
    assert "advisor less half the expert's +0.0100 ± 0.0196" in line
    assert "instant less the expert's -0.0100 ± 0.0392" in line


def test_runs_of_other_positions_are_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Runs are paired by position: a run that scored other positions cannot be read
    with the first, and the refusal is one line."""
    regret_runs = benchmark_script("regret_runs")
    one, two = tmp_path / "1.log", tmp_path / "2.log"
    one.write_text(_line("hothead:2901:11:4", 0.04, 0.02, 0.01) + "\n")
    two.write_text(_line("hothead:2902:13:5", 0.04, 0.02, 0.01) + "\n")
    monkeypatch.setattr("sys.argv", ["regret_runs", str(one), str(two)])
    with pytest.raises(SystemExit, match="scores other positions"):
        regret_runs.main()


def test_split_sorts_the_advisors_answers_by_what_its_two_judges_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A run scored in two parts (the judges, then the advisor) is read as one; --split
    puts each answer in its class (the judges agree or differ; the advisor named the
    expert's choice, the evaluator's or a third) and divides each class's regret by all
    the answers, so the classes add up to the advisor's mean."""
    regret_runs = benchmark_script("regret_runs")
    judges, advisor = tmp_path / "judges.log", tmp_path / "advisor.log"
    judges.write_text(
        "hothead:2901:11:4:0123456789abcdef: best a; expert b (regret 0.040); "
        "evaluator b (regret 0.040)\n"
        "hothead:2901:11:9:0123456789abcdef: best a; expert b (regret 0.020); "
        "evaluator a (regret 0.000)\n"
        "hothead:2902:13:5:0123456789abcdef: best a; expert c (regret 0.030); "
        "evaluator b (regret 0.010)\n"
    )
    advisor.write_text(
        "hothead:2901:11:4:0123456789abcdef: best a; advisor b (regret 0.040)\n"
        "hothead:2901:11:9:0123456789abcdef: best a; advisor a (regret 0.000)\n"
        "hothead:2902:13:5:0123456789abcdef: best a; advisor a (regret 0.000, 9 pairs)\n"
    )
    run = regret_runs.read_answers(Path(f"{judges},{advisor}"))
    assert run["hothead:2901:11:9"] == {
        "expert": ("b", pytest.approx(0.02)),
        "evaluator": ("a", 0.0),
        "advisor": ("a", 0.0),
    }
    monkeypatch.setattr("sys.argv", ["regret_runs", f"{judges},{advisor}", "--split"])
    regret_runs.main()
    out = capsys.readouterr().out
    assert "where the advisor's regret lies (3 answers):" in out
    assert "agree, the advisor named their choice: 1 answers; advisor 0.0133" in out
    assert (
        "differ, the advisor named the evaluator's: 1 answers; advisor 0.0000, expert 0.0067" in out
    )
    assert (
        "differ, the advisor named a third option: 1 answers; "
        "advisor 0.0000, expert 0.0100, evaluator 0.0033" in out
    )
    assert "differ, the advisor named the expert's choice: 0 answers" in out
    # the better judge: the evaluator at both disputed answers (0.000 and 0.010)
    assert "where the judges differ, the better of the two at each: 0.0033" in out


def test_a_run_that_cannot_be_read_is_refused_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A missing part of a run is named, in one line."""
    regret_runs = benchmark_script("regret_runs")
    one = tmp_path / "1.log"
    one.write_text(_line("hothead:2901:11:4", 0.04, 0.02, 0.01) + "\n")
    monkeypatch.setattr("sys.argv", ["regret_runs", f"{one},{tmp_path / 'gone.log'}"])
    with pytest.raises(SystemExit, match=r"cannot read .*gone\.log"):
        regret_runs.main()
