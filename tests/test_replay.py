"""`planet-king replay`, `resume`, `simulate --save-dir`, `--data-dir`, and the saves of
plain-text play (issue 9)."""

from __future__ import annotations

import io
import json
import random
import shutil
from pathlib import Path

import pytest
from test_saves import bad_files, play
from typer.testing import CliRunner

from planet_king import saves, textmode
from planet_king.cli import app
from planet_king.engine.game import Game

runner = CliRunner()


def invoke(*args: str, input: str | None = None):
    return runner.invoke(app, [str(a) for a in args], input=input)


@pytest.fixture
def finished(content) -> Game:
    return play(Game("hothead", seed=11, content=content), seed=3)


@pytest.fixture
def good_save(tmp_path: Path, finished: Game) -> Path:
    return saves.save_game(finished, "good", saves_dir=tmp_path)


# --------------------------------------------------------------------- replay
def test_replay_prints_the_log_with_the_choices(good_save: Path, finished: Game) -> None:
    """`replay --log` prints every log entry with the rule it cites (as the TUI does)
    and the choices between them."""
    result = invoke("replay", good_save)
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    for entry in finished.log_entries:
        assert entry.line(with_rule=True) in out
    cited = [e for e in finished.log_entries if e.rule]
    assert cited and all(f"{e.text} ({e.rule})" in out for e in cited)
    assert out.count(">>> choice ") == len(finished.choices)
    assert ">>> choice 1 (" in out and f"[{finished.choices[0]}]" in out
    assert invoke("replay", good_save, "--log").stdout == out


def test_replay_verify(good_save: Path, finished: Game) -> None:
    result = invoke("replay", good_save, "--verify")
    assert result.exit_code == 0
    assert result.stdout.startswith(f"ok: {good_save}: {len(finished.choices)} choices")
    assert "final digest" in result.stdout and ">>>" not in result.stdout


def test_replay_to_n_stops_at_the_decision(good_save: Path, finished: Game) -> None:
    result = invoke("replay", good_save, "--to", "2")
    assert result.exit_code == 0
    assert result.stdout.count(">>> choice ") == 2
    assert "decides:" in result.stdout  # the pending decision at choice 3
    again = Game.replay("hothead", finished.choices[:2], seed=11, content=finished.content)
    assert again.decision is not None and again.decision.prompt in result.stdout
    start = invoke("replay", good_save, "--to", "0", "--verify")
    assert start.exit_code == 0 and "0 choices" in start.stdout
    assert invoke("replay", good_save, "--to", "999").exit_code == 2


def test_replay_on_every_bad_file_exits_1_with_one_line(good_save, tmp_path) -> None:
    for kind, (path, fragment) in bad_files(good_save, tmp_path).items():
        for extra in ((), ("--verify",)):
            result = invoke("replay", path, *extra)
            assert result.exit_code == 1, (kind, result.stdout, result.stderr)
            err = result.stderr
            assert err.startswith("planet-king: error:") and err.count("\n") == 1, (kind, err)
            assert fragment in err and "Traceback" not in err, (kind, err)
            assert result.stdout == "", (kind, "never a partial load")


def test_replay_verify_reports_a_mismatch_and_the_way_out(good_save, tmp_path) -> None:
    d = json.loads(good_save.read_text())
    d["final"]["digest"] = "0" * 16
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(d))
    result = invoke("replay", bad, "--verify")
    assert result.exit_code == 1 and "turn 1" in result.stderr
    assert "--up-to-valid" in result.stderr


# --------------------------------------------------------------------- resume
def test_resume_the_latest_autosave_in_text_mode(content, tmp_path) -> None:
    game = play(Game("hothead", seed=4, content=content), n=3)
    assert saves.autosave(game, saves_dir=tmp_path) is None
    result = invoke("resume", "--text", "--saves-dir", tmp_path, input="q\n")
    assert result.exit_code == 0, result.stderr
    assert game.decision is not None and game.decision.prompt in result.stdout
    assert "Leaving the game." in result.stdout


def test_resume_by_name_in_the_saves_folder_and_by_env(content, tmp_path, monkeypatch) -> None:
    game = play(Game("hothead", seed=4, content=content), n=3)
    saves.save_game(game, "evening", saves_dir=tmp_path)
    monkeypatch.setenv("PLANET_KING_SAVES", str(tmp_path))
    result = invoke("resume", "evening.json", "--text", input="q\n")
    assert result.exit_code == 0, result.stderr
    assert game.decision.prompt in result.stdout


def test_resume_by_the_name_it_was_saved_under(content, tmp_path, monkeypatch) -> None:
    """Issue 32 (8): "Saved to .../my first reign.json", then `resume "my first reign"`
    opens it; `replay` takes the name too."""
    game = play(Game("hothead", seed=4, content=content), n=3)
    path = saves.save_game(game, "my first reign", saves_dir=tmp_path)
    assert path.name == "my first reign.json"
    monkeypatch.setenv("PLANET_KING_SAVES", str(tmp_path))
    result = invoke("resume", "my first reign", "--text", input="q\n")
    assert result.exit_code == 0, result.stderr
    assert game.decision is not None and game.decision.prompt in result.stdout
    replayed = invoke("replay", "my first reign", "--verify")
    assert replayed.exit_code == 0 and replayed.stdout.startswith(f"ok: {path}")


def test_bare_resume_opens_the_newest_game_in_progress(content, tmp_path, finished) -> None:
    """Issue 32 (8): a bare `resume` passes over a finished game's newer autosave."""
    game = play(Game("hothead", seed=4, content=content), n=3)
    assert saves.autosave(game, saves_dir=tmp_path) is None
    assert saves.autosave(finished, saves_dir=tmp_path) is None  # newer, but over
    newest = saves.latest_readable_autosave(tmp_path)
    assert newest is not None and newest[1].over
    result = invoke("resume", "--text", "--saves-dir", tmp_path, input="q\n")
    assert result.exit_code == 0, result.stderr
    assert game.decision is not None and game.decision.prompt in result.stdout


def test_resume_without_any_autosave_is_one_line_exit_1(tmp_path) -> None:
    result = invoke("resume", "--text", "--saves-dir", tmp_path / "empty")
    assert result.exit_code == 1 and "no game in progress" in result.stderr
    assert result.stderr.count("\n") == 1


def test_resume_a_bad_file_is_one_line_exit_1(good_save, tmp_path) -> None:
    for kind, (path, _) in list(bad_files(good_save, tmp_path).items())[:6]:
        result = invoke("resume", path, "--text")
        assert result.exit_code == 1, kind
        assert result.stderr.count("\n") == 1, kind


def test_resume_up_to_valid_opens_at_the_last_matching_turn(good_save, tmp_path) -> None:
    d = json.loads(good_save.read_text())
    d["choices"][4] = "bogus"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(d))
    assert invoke("resume", bad, "--text", input="q\n").exit_code == 1
    result = invoke("resume", bad, "--text", "--up-to-valid", input="q\n")
    assert result.exit_code == 0, result.stderr
    assert "opened at the start of turn 1" in result.stdout


# ----------------------------------------------------------- simulate --save-dir
def test_simulate_save_dir_writes_saves_that_verify(content, tmp_path) -> None:
    out = tmp_path / "sims"
    result = invoke(
        "simulate", "hothead", "--games", "3", "--seed", "7", "--json", "--save-dir", out
    )
    assert result.exit_code == 0, result.stderr
    records = json.loads(result.stdout)["games"]
    files = sorted(out.glob("*.json"))
    assert [f.name for f in files] == [f"sim-hothead-7-{i:05d}.json" for i in (1, 2, 3)]
    for f, record in zip(files, records, strict=True):
        assert invoke("replay", f, "--verify").exit_code == 0
        game = saves.load_game(f, content=content)
        assert game.seed == record["seed"] and game.log_digest() == record["log_digest"]


# ------------------------------------------------------------------ --data-dir
def test_data_dir_loads_another_copy_of_the_data(content, tmp_path) -> None:
    copy = tmp_path / "data"
    shutil.copytree(content.data_dir, copy)
    result = invoke("play", "hothead", "--seed", "3", "--text", "--data-dir", copy, input="q\n")
    assert result.exit_code == 0, result.stderr
    sims = invoke("simulate", "hothead", "--games", "2", "--json", "--data-dir", copy)
    assert json.loads(sims.stdout)["data_version"] == content.version  # same files, same hash


def test_a_save_opens_and_a_batch_plays_with_the_content_the_caller_loaded(
    content, tmp_path
) -> None:
    """A game rebuilt from a save is played with the Content its caller passes (the
    command line's --data-dir), not the installed data; so is a simulated batch."""
    from planet_king.content.loader import load_content
    from planet_king.sim import simulate

    copy = tmp_path / "data"
    shutil.copytree(content.data_dir, copy)
    scen = copy / "scenarios" / "hothead.yaml"
    scen.write_text(scen.read_text(encoding="utf-8").replace("name: Hothead", "name: Hotspur", 1))
    other = load_content(copy)
    assert other.version != content.version
    path = saves.save_game(play(Game("hothead", seed=3, content=content), n=10), saves_dir=tmp_path)
    for game in (
        saves.load_game(path, content=other),
        saves.loads(path.read_text(encoding="utf-8"), content=other),
        saves.rebuild(saves.read_save(path), content=other),
    ):
        assert game.content is other and game.scenario.name == "Hotspur"
        assert len(game.choices) == 10
    assert saves.load_game(path, content=content).scenario.name == "Hothead"
    batch = simulate("hothead", 1, 1, "random", content=other)
    assert batch["data_version"] == other.version


def test_every_command_that_reads_the_data_reads_the_data_dir(content, tmp_path) -> None:
    """Issue 33 §3: --data-dir is resolved once into the Content a command passes down;
    `scenarios`, `cards` and `report` once read the default data whatever was given."""
    copy = tmp_path / "data"
    shutil.copytree(content.data_dir, copy)
    scen = copy / "scenarios" / "hothead.yaml"
    scen.write_text(scen.read_text(encoding="utf-8").replace("name: Hothead", "name: Hotspur", 1))
    nobles = copy / "nobles.yaml"
    text = nobles.read_text(encoding="utf-8")
    nobles.write_text(text.replace("Count-Duke of Olivares", "Count-Duke of Elsewhere", 1))
    listed = invoke("scenarios", "--json", "--data-dir", copy)
    assert listed.exit_code == 0, listed.stderr
    names = {s["id"]: s["name"] for s in json.loads(listed.stdout)["scenarios"]}
    assert names["hothead"] == "Hotspur"
    shown = invoke("cards", "nobles", "--json", "--search", "elsewhere", "--data-dir", copy)
    assert shown.exit_code == 0, shown.stderr
    assert [c["id"] for c in json.loads(shown.stdout)["nobles"]] == ["gaspar-de-guzman"]
    out = tmp_path / "balance.md"
    report = invoke("report", "--games", "1", "--bots", "random", "--out", out, "--data-dir", copy)
    assert report.exit_code == 0, report.stderr
    written = out.read_text(encoding="utf-8")
    assert "### Hotspur" in written and f"data {content.version})" not in written


def test_a_broken_data_dir_names_file_entry_and_field(content, tmp_path) -> None:
    copy = tmp_path / "data"
    shutil.copytree(content.data_dir, copy)
    events = copy / "events.yaml"
    text = events.read_text(encoding="utf-8")
    events.write_text(text.replace("fortune: negative", "fortune: purple", 1), encoding="utf-8")
    for args in (
        ("play", "hothead", "--text"),
        ("simulate", "hothead", "--games", "1"),
        ("scenarios",),
        ("cards",),
        ("report", "--games", "1", "--out", tmp_path / "never.md"),
    ):
        result = invoke(*args, "--data-dir", copy)
        assert result.exit_code == 2
        err = result.stderr
        assert err.count("\n") == 1 and "events.yaml" in err and "entry '" in err, err
        assert "field 'fortune'" in err, err
    missing = invoke("play", "hothead", "--text", "--data-dir", tmp_path / "nowhere")
    assert missing.exit_code == 2 and "not found" in missing.stderr


def test_a_save_made_with_other_data_is_checked_against_it(content, tmp_path) -> None:
    """A save from a modded data folder does not replay with the default data."""
    copy = tmp_path / "data"
    shutil.copytree(content.data_dir, copy)
    scen = copy / "scenarios" / "hothead.yaml"
    text = scen.read_text(encoding="utf-8")
    assert "treasury: " in text
    lines = ["treasury: 2" if line.startswith("treasury: ") else line for line in text.splitlines()]
    scen.write_text("\n".join(lines) + "\n", encoding="utf-8")
    from planet_king.content.loader import load_content

    modded = load_content(copy)
    assert modded.version != content.version
    game = play(Game("hothead", seed=4, content=modded), n=3)
    path = saves.save_game(game, "modded", saves_dir=tmp_path)
    assert invoke("replay", path, "--verify", "--data-dir", copy).exit_code == 0
    result = invoke("replay", path, "--verify")
    assert result.exit_code == 1
    assert "game data changed since it was saved" in result.stderr


# ---------------------------------------------------------- plain-text saves
def scripted(answers: list[str]):
    it = iter(answers)

    def read(prompt: str) -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return read


def test_text_mode_autosaves_after_every_choice(content, tmp_path) -> None:
    game = Game("hothead", seed=5, content=content)
    out = io.StringIO()
    textmode.run(game, read=scripted(["1", "1", "q"]), out=out, saves_dir=tmp_path)
    latest = saves.latest_autosave(tmp_path)
    assert latest is not None
    assert len(saves.read_save(latest).choices) == 2
    assert len(list(tmp_path.glob("autosave-*.json"))) == 3  # the start and two choices


def test_text_mode_undo_and_save(content, tmp_path) -> None:
    game = Game("hothead", seed=5, content=content)
    out = io.StringIO()
    textmode.run(
        game, read=scripted(["1", "u", "u", "w ../evening", "q"]), out=out, saves_dir=tmp_path
    )
    text = out.getvalue()
    assert "Undone:" in text and "nothing to undo" in text
    path = tmp_path / "evening.json"
    assert f"Saved to {path}." in text
    assert saves.read_save(path).choices == ()


def test_text_mode_refuses_to_reroll_fate_but_learning_allows(content, tmp_path) -> None:
    # find a position whose last choice was followed by a draw
    game = Game("hothead", seed=3, content=content)
    rng = random.Random(1)
    while game.can_undo() is None or not game.choices:
        game.choose(rng.choice(game.decision.legal_ids))
    choices = list(game.choices)
    strict = Game.replay("hothead", choices, seed=3, content=content)
    out = io.StringIO()
    textmode.run(strict, read=scripted(["u", "q"]), out=out, saves_dir=tmp_path / "a")
    assert "Not undone:" in out.getvalue() and "re-roll fate" in out.getvalue()
    learner = Game.replay("hothead", choices, seed=3, content=content)
    out = io.StringIO()
    textmode.run(
        learner, read=scripted(["u", "q"]), out=out, saves_dir=tmp_path / "b", learning=True
    )
    assert "Undone:" in out.getvalue()
    latest = saves.latest_autosave(tmp_path / "b")
    assert latest is not None and saves.read_save(latest).learning is True
    assert len(saves.read_save(latest).choices) == len(choices) - 1


def test_text_mode_goes_on_when_autosave_fails(content, tmp_path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    out = io.StringIO()
    game = Game("hothead", seed=5, content=content)
    code = textmode.run(game, read=scripted(["1", "1", "q"]), out=out, saves_dir=blocker)
    text = out.getvalue()
    assert code == 0 and text.count("autosave failed") == 1  # said once, not every choice
    assert len(game.choices) == 2


def test_ctrl_c_leaves_the_latest_autosave_loadable(content, tmp_path) -> None:
    answers = iter(["1", "1"])

    def read(prompt: str) -> str:
        for a in answers:
            return a
        raise KeyboardInterrupt

    out = io.StringIO()
    code = textmode.run(
        Game("hothead", seed=5, content=content), read=read, out=out, saves_dir=tmp_path
    )
    assert code == 130 and "Interrupted." in out.getvalue()
    latest = saves.latest_autosave(tmp_path)
    assert latest is not None and str(latest) in out.getvalue()
    assert len(saves.load_game(latest, content=content).choices) == 2


@pytest.mark.parametrize("signame", ["SIGINT", "SIGHUP"])
def test_a_signal_to_a_real_process_leaves_a_loadable_autosave(content, tmp_path, signame) -> None:
    """Ctrl+C (SIGINT) or a closed terminal (SIGHUP) sent to `planet-king play --text`
    while it waits for input."""
    import os
    import signal
    import subprocess
    import sys
    import time

    sig = getattr(signal, signame)  # POSIX signals: the game runs on Linux terminals

    env = dict(os.environ, PLANET_KING_SAVES=str(tmp_path))
    proc = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from planet_king.cli import main; main()",
            "play",
            "hothead",
            "--seed",
            "5",
            "--text",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        text=True,
        # as from a terminal: a runner started under nohup (or as a background job) would
        # hand the game SIGHUP (or SIGINT) ignored, and it would play on to the end of input
        preexec_fn=lambda: signal.signal(sig, signal.SIG_DFL),
    )
    try:
        assert proc.stdin is not None
        proc.stdin.write("1\n")
        proc.stdin.flush()
        deadline = time.time() + 20
        while time.time() < deadline:
            autos = list(tmp_path.glob("autosave-*.json"))
            if len(autos) >= 2:  # the start, and after the first choice
                break
            time.sleep(0.05)
        time.sleep(0.2)
        proc.send_signal(sig)
        proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode in (130, -sig)
    latest = saves.latest_autosave(tmp_path)
    assert latest is not None and len(saves.load_game(latest, content=content).choices) == 1


def test_resume_no_verify_opens_a_save_of_another_version(good_save, tmp_path) -> None:
    d = json.loads(good_save.read_text())
    d["turn_digests"][0][2] = "0" * 16
    d["final"]["digest"] = "0" * 16
    old = tmp_path / "old.json"
    old.write_text(json.dumps(d))
    refused = invoke("resume", old, "--text", input="q\n")
    assert refused.exit_code == 1 and "--no-verify" in refused.stderr
    result = invoke("resume", old, "--text", "--no-verify", input="q\n")
    assert result.exit_code == 0, result.stderr
