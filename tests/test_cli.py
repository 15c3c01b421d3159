"""The command line (typer's CliRunner): scenarios, simulate, play --text, errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from planet_king.cli import app

runner = CliRunner()


def invoke(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def test_scenarios_json_lists_the_five_scenarios() -> None:
    result = invoke("scenarios", "--json")
    assert result.exit_code == 0
    rows = {r["id"]: r for r in json.loads(result.stdout)["scenarios"]}
    assert list(rows) == [
        "hothead",
        "iupiter-hispano",
        "anni-mirabiles",
        "anni-horribiles",
        "the-planet-king",
    ]
    assert all(r["playable"] for r in rows.values())
    assert rows["hothead"]["turns"] == 1
    assert rows["the-planet-king"]["turns"] == 8
    assert rows["the-planet-king"]["thresholds"]["major_victory"] == 20


def test_simulate_json_is_deterministic_apart_from_elapsed_time() -> None:
    args = ("simulate", "hothead", "--games", "20", "--seed", "1", "--bot", "random", "--json")
    first, second = json.loads(invoke(*args).stdout), json.loads(invoke(*args).stdout)
    first.pop("elapsed_s")
    second.pop("elapsed_s")
    assert first == second
    assert first["scenario"] == "hothead" and first["bot"] == "random"
    assert len(first["games"]) == 20
    for game in first["games"]:
        assert game["victory_level"] in ("major-victory", "defeat")
        assert len(game["log_digest"]) == 64
        assert {"seed", "final_vp", "turns_played", "decisions", "ended_by"} <= set(game)
    levels = first["summary"]["victory_levels"]
    assert sum(levels.values()) == 20


def test_simulate_table_without_json() -> None:
    result = invoke("simulate", "hothead", "--games", "3", "--seed", "2")
    assert result.exit_code == 0 and "victory level" in result.stdout


def test_unknown_scenario_is_one_line_exit_two() -> None:
    result = invoke("simulate", "nope", "--games", "1")
    assert result.exit_code == 2
    assert result.stderr.strip().count("\n") == 0
    assert "unknown scenario 'nope'" in result.stderr and "Traceback" not in result.stderr


def test_bad_arguments_are_one_line_exit_two() -> None:
    for args in (
        ("simulate", "hothead", "--games", "x"),
        ("bogus",),
        ("simulate",),
        ("simulate", "hothead", "--bot", "clever"),
    ):
        result = invoke(*args)
        assert result.exit_code == 2, args
        assert result.stderr.startswith("planet-king: error:"), args
        assert result.stderr.strip().count("\n") == 0, args


def test_play_unknown_scenario_is_refused_clearly() -> None:
    result = invoke("play", "the-kaiser", "--text")
    assert result.exit_code == 2 and "unknown scenario 'the-kaiser'" in result.stderr


def test_play_text_mode_reads_numbers_and_quits() -> None:
    result = invoke("play", "hothead", "--seed", "3", "--text", input="1\nzz\n?\ns\nq\n")
    assert result.exit_code == 0
    out = result.stdout
    assert "War is declared: War with France, Italian front" in out
    assert "decides:" in out and "Type a number from 1 to" in out and "Commands:" in out
    assert "Valido: Gaspar de Guzmán" in out and "Leaving the game." in out
    assert "┃" not in out and "│" not in out, "plain text: no box drawing"


def test_play_text_mode_to_the_end_on_end_of_input() -> None:
    result = invoke("play", "hothead", "--seed", "3", "--text", input="4\n" * 400)
    assert result.exit_code == 0
    assert "Game over. Victory level:" in result.stdout or "End of input" in result.stdout


def test_mode_flags_reach_the_game_and_bad_combinations_are_refused() -> None:
    """Options are part of the game's identity: given on the CLI, stored in the output."""
    result = invoke(
        "simulate",
        "anni-mirabiles",
        "--games",
        "3",
        "--coop",
        "--memorials",
        "--difficulty",
        "hard",
        "--option",
        "bastard-heir",
        "--json",
    )
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["options"] == {
        "difficulty": "hard",
        "coop": True,
        "memorials": True,
        "war_only": False,
        "optional": ["bastard-heir"],
    }
    game = data["games"][0]
    assert {"king_vp", "valido_vp", "winner_role", "memorials"} <= set(game)
    assert game["king_vp"] + game["valido_vp"] == game["final_vp"]
    for args in (("--war-only", "--coop"), ("--difficulty", "nightmare"), ("--option", "dragons")):
        bad = invoke("simulate", "the-planet-king", "--games", "1", *args)
        assert bad.exit_code == 2 and bad.stderr.startswith("planet-king: error:"), args


def test_workers_give_the_same_games_as_one_worker() -> None:
    """Bots, batch simulation: --workers N plays in a process pool, same results."""
    args = ("simulate", "iupiter-hispano", "--games", "12", "--seed", "4", "--json")
    one = json.loads(invoke(*args).stdout)
    two = json.loads(invoke(*args, "--workers", "2").stdout)
    one.pop("elapsed_s")
    two.pop("elapsed_s")
    assert one == two
    assert "mean_vp_ci95" in one["summary"]


def test_simulate_summarises_each_war_and_the_events_played() -> None:
    """Closing figures of issue 13: the summary counts, over all the games, how often each
    war or front was at war from the set-up, declared, won, lost and ended in peace, and in
    how many games each event card was played (GUERRA DELS SEGADORS among them)."""
    data = json.loads(invoke("simulate", "the-planet-king", "--games", "6", "--json").stdout)
    games, wars = data["games"], data["summary"]["wars"]
    for war, totals in wars.items():
        for key in ("at_setup", "declared", "won", "lost", "peace"):
            assert totals[key] == sum(g["wars"].get(war, {}).get(key, 0) for g in games)
        assert totals["games_declared"] == sum(
            1 for g in games if g["wars"].get(war, {}).get("declared")
        )
    assert wars["flanders"]["at_setup"] == 6 and wars["palatinate"]["at_setup"] == 6
    played = data["summary"]["events_played_in_games"]
    assert played["total-war"] == sum(1 for g in games if g["events_played"].get("total-war"))
    text = invoke("simulate", "the-planet-king", "--games", "2").stdout
    assert "wars over all the games" in text and "declared" in text


def test_report_writes_the_balance_markdown(tmp_path) -> None:
    out = tmp_path / "balance.md"
    result = invoke("report", "--games", "2", "--out", str(out))
    assert result.exit_code == 0, result.stderr
    text = out.read_text()
    assert text.startswith("# Balance report")
    # issue 35: it says what produced it and on what
    assert "\n\nProduced with one process (--workers 1) on a machine of " in text
    for scenario in (
        "hothead",
        "iupiter-hispano",
        "anni-mirabiles",
        "anni-horribiles",
        "the-planet-king",
    ):
        assert f"| {scenario} | random |" in text and f"| {scenario} | greedy |" in text


def test_report_compares_the_expert_and_the_difficulty_levels(tmp_path) -> None:
    """Issue 16, section 5: the balance report shows the expert beside greedy, the
    automatic defeats by turn, and each difficulty level."""
    out = tmp_path / "balance.md"
    result = invoke(
        "report",
        "--games",
        "3",
        "--bots",
        "greedy,expert",
        "--difficulty-games",
        "1",
        "--out",
        str(out),
    )
    assert result.exit_code == 0, result.stderr
    text = out.read_text()
    assert "| the-planet-king | expert |" in text and "| the-planet-king | random |" not in text
    assert "## Difficulty levels (expert bot" in text
    for level in ("very-easy", "normal", "very-hard"):
        assert f"| the-planet-king | {level} |" in text
    assert "automatic defeat ± CI" in text
    assert "Automatic defeats by turn" in text


def test_report_refuses_an_unknown_bot(tmp_path) -> None:
    result = invoke(
        "report", "--games", "1", "--bots", "greedy,oracle", "--out", str(tmp_path / "b.md")
    )
    assert result.exit_code != 0
    assert "unknown bot 'oracle'" in result.stderr + result.stdout


# ------------------------------------------------------------ help texts (issue 14, 7)
COMMANDS = (
    "scenarios",
    "play",
    "tutorial",
    "simulate",
    "cards",
    "replay",
    "resume",
    "hint",
    "report",
    "serve",
)


def test_simulate_help_lists_every_bot_of_the_registry() -> None:
    from planet_king.bots import BOTS

    out = invoke("simulate", "--help").stdout
    for name in BOTS:
        assert name in out, name


def test_every_help_says_what_the_command_does_with_an_example() -> None:
    for command in ("", *COMMANDS):
        args = (command, "--help") if command else ("--help",)
        out = invoke(*args).stdout
        assert f"Example: planet-king {command}".rstrip() in out, command


@pytest.mark.parametrize("section", ["events", "nobles", "ladies", "geniuses", "leaders"])
def test_cards_at_80_columns_never_cut_a_word(section: str) -> None:
    """Every word of every cell shown (names, traits, an event's text) comes out whole
    at 80 columns."""
    import io
    import re

    from rich.console import Console

    from planet_king.cards import COLUMNS, cards_json, print_cards
    from planet_king.content.loader import load_content

    content = load_content()
    out = io.StringIO()
    print_cards(content, section, None, Console(file=out, width=80, color_system=None))
    words = set(re.findall(r"[\w'’-]+", out.getvalue()))
    for card in cards_json(content, section, None)[section]:
        shown = " ".join(render(card) for _, render in COLUMNS[section])
        for word in re.findall(r"[\w'’-]+", shown):
            assert word in words, (card["name"], word)


def test_simulate_caps_its_workers_at_the_cores_unless_told(monkeypatch) -> None:
    """Issue 34, 6: ``--workers 400`` on two cores forked 272 processes (3.4 GB)."""
    from planet_king import sim
    from planet_king.advisor import pool as advisor_pool

    played_in: list[int] = []
    real = sim.simulate

    def recording(*args, **kwargs):  # type: ignore[no-untyped-def]
        played_in.append(kwargs["workers"])
        return real(*args, **{**kwargs, "workers": 1})  # the games, in this process

    monkeypatch.setattr(advisor_pool, "cores", lambda: 2)
    monkeypatch.setattr(sim, "simulate", recording)
    args = ["simulate", "hothead", "--games", "2", "--json", "--workers", "400"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "400 workers capped at 2 cores" in result.stderr
    result = runner.invoke(app, [*args, "--oversubscribe"])
    assert result.exit_code == 0, result.output
    assert played_in == [2, 400]


def test_simulate_and_report_say_interrupted_on_ctrl_c(monkeypatch, tmp_path) -> None:
    """Issue 34, 13: they exited 130 on Ctrl+C without a word."""
    from planet_king import report, sim

    def interrupted(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise KeyboardInterrupt

    monkeypatch.setattr(sim, "simulate", interrupted)
    monkeypatch.setattr(report, "build", interrupted)
    for args in (
        ["simulate", "hothead", "--games", "2"],
        ["report", "--games", "2", "--out", str(tmp_path / "r.md")],
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 130, result.output
        assert result.stderr == "planet-king: error: interrupted\n"


def test_a_short_loopback_address_is_this_computer() -> None:
    """Issue 34, 13: ``--host 127.1`` warned as if it served others."""
    from planet_king.serve import banner, is_loopback

    assert is_loopback("127.1") and not is_loopback("10.1")
    assert "no authentication" not in "\n".join(banner("http://127.1:8000", "127.1", Path(".")))
