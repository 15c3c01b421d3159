"""Saves that never lose a game, and hostile files that never hang or crash (issue 15).

Each test reproduces a failure found by the adversarial pass of issue 15 (items 1-7,
9, 11-13 and its "Smaller" list); the item is named in the test's docstring.
"""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from test_saves import play
from typer.testing import CliRunner

from planet_king import fsutil, saves, textmode
from planet_king.cli import app, common
from planet_king.engine.game import Game
from planet_king.saves import SaveError

runner = CliRunner()


def invoke(*args: object, input: str | None = None):
    return runner.invoke(app, [str(a) for a in args], input=input)


def one_line_error(result, code: int) -> str:
    assert result.exit_code == code, (result.exit_code, result.stdout, result.stderr)
    err = result.stderr.strip()
    assert err.startswith("planet-king: error:") and "\n" not in err, err
    assert "internal error" not in err and "Traceback" not in err
    return err


def autosaved_choices(folder: Path) -> list[tuple[str, ...]]:
    return [tuple(json.loads(p.read_text())["choices"]) for p in folder.glob("autosave-*.json")]


# ------------------------------------------------------------ 1. game identity
def test_two_games_of_one_scenario_and_seed_rotate_apart(content, tmp_path) -> None:
    """Item 1: a second game of the same scenario and seed must not rotate away the
    autosaves of the first (each game has its own id, stored in the save)."""
    first = play(Game("hothead", seed=5, content=content), n=3, seed=1)
    assert saves.autosave(first, saves_dir=tmp_path) is None
    second = Game("hothead", seed=5, content=content)
    for k in range(1, saves.AUTOSAVE_KEEP + 3):
        play(second, n=k, seed=2)
        assert saves.autosave(second, saves_dir=tmp_path) is None
    assert tuple(first.choices) in autosaved_choices(tmp_path)
    ids = {json.loads(p.read_text()).get("game_id") for p in tmp_path.glob("autosave-*")}
    assert len(ids) == 2 and None not in ids
    mine = [p for p in tmp_path.glob("autosave-*") if second.game_id in p.name]
    assert len(mine) == saves.AUTOSAVE_KEEP


def test_a_loaded_game_keeps_its_id(content, tmp_path) -> None:
    """Item 1: resuming a game goes on with the same game (same id, same rotation)."""
    game = play(Game("hothead", seed=5, content=content), n=3)
    path = saves.save_game(game, "mine", saves_dir=tmp_path)
    again = saves.load_game(path, content=content)
    assert again.game_id == game.game_id == json.loads(path.read_text())["game_id"]


# ------------------------------------------------------------ 3. seeds
@pytest.mark.parametrize("seed", [2**64, -(2**64), 10**30])
def test_play_refuses_a_seed_the_loader_would_refuse(seed, tmp_path) -> None:
    """Item 3: one range for seeds, checked at `play` (a game that cannot be resumed
    must not start)."""
    result = invoke("play", "hothead", "--text", "--seed", seed, "--saves-dir", tmp_path)
    assert "seed" in one_line_error(result, 2)
    assert not list(tmp_path.glob("*.json"))


def test_the_largest_seed_play_accepts_resumes(content, tmp_path) -> None:
    """Item 3: the edge of the range plays, saves and loads."""
    game = play(Game("hothead", seed=2**64 - 1, content=content), n=2)
    path = saves.save_game(game, "edge", saves_dir=tmp_path)
    assert saves.load_game(path, content=content).seed == 2**64 - 1


# ------------------------------------------------------------ 4. autosave names
def test_a_long_counter_does_not_stop_rotation(content, tmp_path) -> None:
    """Item 4: an autosave whose counter has 12 digits made the next name 13 digits
    long, which was not read back: rotation stopped and `resume` opened a stale file."""
    stale = play(Game("hothead", seed=9, content=content), n=2)
    planted = saves.save_game(stale, "x", saves_dir=tmp_path)
    planted.rename(tmp_path / f"autosave-{10**12 - 1}-hothead-9-stale.json")
    game = Game("hothead", seed=3, content=content)
    for k in range(1, saves.AUTOSAVE_KEEP + 4):
        play(game, n=k)
        assert saves.autosave(game, saves_dir=tmp_path) is None
        latest = saves.latest_autosave(tmp_path)
        assert latest is not None and tuple(json.loads(latest.read_text())["choices"]) == tuple(
            game.choices
        )
    assert len([p for p in tmp_path.glob("autosave-*") if game.game_id in p.name]) == 5


def test_counters_are_renumbered_before_they_outgrow_the_name(content, tmp_path) -> None:
    """Item 4: even a counter at the limit keeps the newest autosave the latest."""
    stale = play(Game("hothead", seed=9, content=content), n=2)
    planted = saves.save_game(stale, "x", saves_dir=tmp_path)
    planted.rename(tmp_path / f"autosave-{10**saves.COUNTER_DIGITS - 1}-hothead-9-s.json")
    game = play(Game("hothead", seed=3, content=content), n=2)
    assert saves.autosave(game, saves_dir=tmp_path) is None
    latest = saves.latest_autosave(tmp_path)
    assert latest is not None and game.game_id in latest.name
    assert tuple(json.loads(latest.read_text())["choices"]) == tuple(game.choices)
    assert len(list(tmp_path.glob("autosave-*"))) == 2  # nothing lost in the renumbering


# ------------------------------------------------------------ 5. pruned while read
def test_resume_survives_the_newest_autosave_vanishing(content, tmp_path, monkeypatch) -> None:
    """Item 5: another process prunes the autosave `resume` just picked (between the
    listing and the reading): `resume` opens the newest save it could read."""
    game = play(Game("hothead", seed=4, content=content), n=3)
    assert saves.autosave(game, saves_dir=tmp_path) is None
    play(game, n=4)
    assert saves.autosave(game, saves_dir=tmp_path) is None
    newest = saves.latest_autosave(tmp_path)
    real_read = saves.read_save

    def read_then_vanish(path):
        data = real_read(path)
        if Path(path) == newest and newest.exists():
            newest.unlink()  # pruned right after this read
        return data

    monkeypatch.setattr(saves.autosaves, "read_save", read_then_vanish)  # the listing's read
    result = invoke("resume", "--text", "--saves-dir", tmp_path, input="q\n")
    assert result.exit_code == 0, result.stderr
    assert "Leaving the game." in result.stdout


def test_resume_skips_a_newest_autosave_pruned_before_reading(content, tmp_path) -> None:
    """Item 5: a listed autosave that is gone when read is skipped for the one before."""
    game = play(Game("hothead", seed=4, content=content), n=3)
    assert saves.autosave(game, saves_dir=tmp_path) is None
    play(game, n=4)
    assert saves.autosave(game, saves_dir=tmp_path) is None
    listing = saves.autosaves._autosaves(tmp_path)
    listing[-1].path.unlink()
    found = saves.latest_readable_autosave(tmp_path)
    assert found is not None and len(found[1].choices) == 3


# ------------------------------------------------------------ 7. FIFOs
def _unblock_later(fifo: Path, delay: float = 3.0) -> threading.Event:
    """Old code blocked opening a FIFO: a writer opened later lets such a test end
    (and fail) instead of hanging the suite. Set the event returned to call it off."""
    stop = threading.Event()

    def writer() -> None:
        if stop.wait(delay):
            return
        with open(fifo, "wb"):
            pass

    threading.Thread(target=writer, daemon=True).start()
    return stop


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_as_a_save_is_refused_at_once(tmp_path) -> None:
    """Item 7: a FIFO as a save hung `resume` and `replay`; it is refused at once."""
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    stop = _unblock_later(fifo)
    start = time.monotonic()
    with pytest.raises(SaveError, match="named pipe"):
        saves.read_save(fifo)
    assert time.monotonic() - start < 1.0
    assert "named pipe" in one_line_error(invoke("replay", fifo), 1)
    stop.set()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_among_the_autosaves_is_passed_over(content, tmp_path) -> None:
    """Item 7: `resume` (no file named) and the load list never open a FIFO."""
    game = play(Game("hothead", seed=4, content=content), n=3)
    assert saves.autosave(game, saves_dir=tmp_path) is None
    fifo = tmp_path / "autosave-99-hothead-4-fifo.json"
    os.mkfifo(fifo)
    stop = _unblock_later(fifo)
    start = time.monotonic()
    found = saves.latest_readable_autosave(tmp_path)
    assert found is not None and found[0] != fifo
    assert all(info.path != fifo for info in saves.list_saves(tmp_path))
    assert time.monotonic() - start < 1.0
    stop.set()


# ------------------------------------------------------------ 11. long paths
@pytest.mark.parametrize("command", ["replay", "resume", "hint"])
def test_a_very_long_save_path_is_a_one_line_error(command, tmp_path) -> None:
    """Item 11: a 5,000-character save path gave "internal error: OSError"."""
    long_path = "/tmp/" + "x" * 5000 + ".json"
    extra = ["--text", "--saves-dir", tmp_path] if command == "resume" else []
    err = one_line_error(invoke(command, long_path, *extra), 1)
    assert "too long" in err and len(err) < 600


def test_a_very_long_saves_folder_does_not_stop_the_game(content, tmp_path) -> None:
    """Item 11: autosaving into an impossible folder is reported, the game goes on."""
    game = play(Game("hothead", seed=4, content=content), n=1)
    message = saves.autosave(game, saves_dir=tmp_path / ("y" * 5000))
    assert message and message.startswith("autosave failed") and len(message) < 400


# ------------------------------------------------------------ 12. planted symlinks
def test_the_temporary_file_never_follows_a_planted_symlink(content, tmp_path, monkeypatch) -> None:
    """Item 12: a symlink planted under the temporary file's name made the atomic
    writer overwrite its target."""
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    folder = tmp_path / "saves"
    folder.mkdir()
    name = "mine.json"
    tokens = iter(["aaaa", "bbbb", "cccc"])
    monkeypatch.setattr(fsutil.secrets, "token_hex", lambda n: next(tokens))
    pid = os.getpid()
    for planted in (
        f"{fsutil.TEMP_PREFIX}{name}.{pid}{fsutil.TEMP_SUFFIX}",  # the old, fixed name
        f"{fsutil.TEMP_PREFIX}{name}.{pid}-aaaa{fsutil.TEMP_SUFFIX}",
    ):
        (folder / planted).symlink_to(victim)
    game = play(Game("hothead", seed=4, content=content), n=2)
    path = saves.save_game(game, name, saves_dir=folder)
    assert victim.read_text() == "precious"
    assert saves.load_game(path, content=content).choices == game.choices


# ------------------------------------------------------------ 13. control characters
EVIL = "\x1b]0;pwned\x07\x1b[2J"


def test_replay_escapes_control_characters_from_the_save(content, tmp_path) -> None:
    """Item 13: escape sequences inside a save (a choice id, a name) reached the
    terminal on `replay`."""
    game = play(Game("hothead", seed=4, content=content), n=3)
    path = saves.save_game(game, "evil", saves_dir=tmp_path)
    doc = json.loads(path.read_text())
    doc["choices"][1] = "noble" + EVIL
    doc["roles"] = {"king": "King" + EVIL, "valido": EVIL}
    path.write_text(json.dumps(doc))
    for args in (["replay", path], ["replay", path, "--log"], ["replay", path, "--verify"]):
        result = invoke(*args)
        assert result.exit_code == 1
        assert "\x1b" not in result.stdout + result.stderr
        assert "\\x1b" in result.stderr
    doc["scenario"] = "hothead" + EVIL
    path.write_text(json.dumps(doc))
    assert "\x1b" not in invoke("replay", path).stderr


def test_save_listings_escape_control_characters(content, tmp_path) -> None:
    """Item 13: the load list shows file names and errors with escapes, never raw."""
    (tmp_path / f"bad{EVIL}.json").write_text("{" + EVIL)
    infos = saves.list_saves(tmp_path)
    assert infos and all("\x1b" not in (i.error or "") for i in infos)
    from planet_king.tui.screens.modals import LoadScreen

    for info in infos:
        assert "\x1b" not in LoadScreen._label(info).plain


def test_the_log_lines_of_replay_are_escaped(content, tmp_path, monkeypatch) -> None:
    """Item 13: a log line carrying a name from a hostile data file is printed escaped."""
    game = play(Game("hothead", seed=4, content=content), n=3)
    path = saves.save_game(game, "ok", saves_dir=tmp_path)
    real_line = type(game.log_entries[0]).line
    monkeypatch.setattr(
        type(game.log_entries[0]), "line", lambda e, **kw: real_line(e, **kw) + EVIL
    )
    result = invoke("replay", path)
    assert result.exit_code == 0, result.stderr
    assert "\x1b" not in result.stdout and "\\x1b" in result.stdout


# ------------------------------------------------------------ smaller
def test_resume_in_full_screen_keeps_learning(content, tmp_path, monkeypatch) -> None:
    """Smaller: `resume --learning` in full screen dropped the learning mode."""
    game = play(Game("hothead", seed=4, content=content), n=3)
    assert saves.autosave(game, saves_dir=tmp_path) is None
    seen = {}

    def fake_run_game(game, **kwargs):
        seen.update(kwargs)
        return 0

    import planet_king.tui.app as tui_app

    monkeypatch.setattr(tui_app, "run_game", fake_run_game)
    monkeypatch.setattr(common, "_terminal", lambda: True)
    result = invoke("resume", "--learning", "--saves-dir", tmp_path)
    assert result.exit_code == 0, result.stderr
    assert seen.get("learning") is True


def test_resume_does_not_push_out_the_history(content, tmp_path) -> None:
    """Smaller: each `resume` wrote an autosave at start, so five resumes pushed out
    every earlier autosave of the game."""
    game = Game("hothead", seed=4, content=content)
    for k in range(1, saves.AUTOSAVE_KEEP + 1):
        play(game, n=k)
        assert saves.autosave(game, saves_dir=tmp_path) is None
    before = sorted(p.name for p in tmp_path.glob("autosave-*"))
    for _ in range(saves.AUTOSAVE_KEEP + 1):
        result = invoke("resume", "--text", "--saves-dir", tmp_path, input="q\n")
        assert result.exit_code == 0, result.stderr
    assert sorted(p.name for p in tmp_path.glob("autosave-*")) == before


@pytest.mark.parametrize("name", [".", "*", "..", "/", " ./ "])
def test_a_name_without_letters_is_refused(content, tmp_path, name) -> None:
    """Smaller: `w .`, `w *`, `w ..` silently overwrote save.json."""
    game = play(Game("hothead", seed=4, content=content), n=2)
    with pytest.raises(saves.SaveWriteError, match="not a save name"):
        saves.save_game(game, name, saves_dir=tmp_path)
    out = io.StringIO()
    answers = iter([f"w {name}", "q"])
    textmode.run(game, read=lambda _: next(answers), out=out, saves_dir=tmp_path)
    assert "not a save name" in out.getvalue()
    assert not (tmp_path / "save.json").exists()


def test_names_are_cut_to_bytes_not_characters(content, tmp_path) -> None:
    """Smaller: a name was cut to 80 characters: 80 four-byte characters overflow."""
    game = play(Game("hothead", seed=4, content=content), n=2)
    path = saves.save_game(game, "𠀀" * 200, saves_dir=tmp_path)
    assert len(path.name.encode()) <= fsutil.MAX_NAME_BYTES + len(".json")
    assert path.name.startswith("𠀀")


def test_a_save_without_digests_says_so(content, tmp_path) -> None:
    """Smaller: a save without digests was reported as "edited"."""
    game = play(Game("hothead", seed=4, content=content), n=3)
    path = saves.save_game(game, "bare", saves_dir=tmp_path)
    doc = json.loads(path.read_text())
    doc["turn_digests"] = []
    del doc["final"]
    del doc["snapshot"]  # a snapshot is of a turn start, whose digest is gone
    path.write_text(json.dumps(doc))
    with pytest.raises(SaveError, match="has no digests") as info:
        saves.load_game(path, content=content)
    assert "edited" not in str(info.value)
    assert len(saves.load_game(path, content=content, verify=False).choices) == 3


def test_double_ctrl_c_exits_130(tmp_path) -> None:
    """Smaller: a second Ctrl+C while the first was being handled exited -2 (killed by
    SIGINT) instead of 130."""
    code = "from planet_king.cli import main; main()"
    env = {**os.environ, "PLANET_KING_SAVES": str(tmp_path)}
    for delay in (0.001, 0.02):
        proc = subprocess.Popen(
            [sys.executable, "-c", code, "play", "hothead", "--text", "--seed", "1"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
        )
        # wait for the first prompt (the game is on and reading)
        assert proc.stdout is not None
        seen = b""
        while b"decides" not in seen:
            chunk = proc.stdout.read1(4096)
            assert chunk, proc.stderr.read() if proc.stderr else ""
            seen += chunk
        time.sleep(0.3)
        proc.send_signal(signal.SIGINT)
        time.sleep(delay)
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=30)
        assert proc.returncode == 130, (delay, proc.returncode)


# ------------------------------------------------------------ 9. text input
HOSTILE_LINES = [
    "²",
    "٣",  # an Arabic-Indic digit: isdigit() but not a number to type
    "1" * 5000,
    "9" * 30,
    "0",
    "-1",
    "",
    "   ",
    "\x00",
    "\x1b[2J",
    "\x03",
    "1\x00",
    "w \x1b]0;x\x07",
    "ｗ",
    "q" * 10_000,
    "\ud800",
    "w \ud800",  # an unpaired surrogate (undecodable bytes on stdin) in a message
]


@pytest.mark.parametrize("line", HOSTILE_LINES, ids=range(len(HOSTILE_LINES)))
def test_any_typed_line_gets_a_one_line_answer(content, tmp_path, line) -> None:
    """Item 9: text mode crashed on `²` or a 5,000-digit number. Any line gets a short
    answer (and the game goes on), and nothing typed reaches the terminal raw."""
    game = play(Game("hothead", seed=4, content=content), n=2)
    out = io.StringIO()
    answers = iter([line, "q"])
    code = textmode.run(game, read=lambda _: next(answers), out=out, saves_dir=tmp_path)
    assert code == 0
    text = out.getvalue()
    assert "\x1b" not in text and "\x00" not in text
    text.encode("utf-8")  # printable on a UTF-8 terminal (no lone surrogate)
    answer = text.split("> ", 1)[-1] if "> " in text else text
    assert len(game.choices) in (2, 3)
    assert "Leaving the game." in answer


def test_end_of_input_leaves_cleanly_anywhere(content, tmp_path) -> None:
    """Item 9: EOF (a closed pipe, Ctrl+D) at a decision or at the end leaves with 0."""
    game = play(Game("hothead", seed=4, content=content), n=2)

    def eof(_prompt: str) -> str:
        raise EOFError

    assert textmode.run(game, read=eof, out=io.StringIO(), saves_dir=tmp_path) == 0
    over = play(Game("hothead", seed=4, content=content))
    assert textmode.run(over, read=eof, out=io.StringIO(), saves_dir=tmp_path) == 0


def test_the_load_list_survives_a_save_pruned_while_listing(content, tmp_path, monkeypatch) -> None:
    """Item 5, for the load list: one file vanishing between the listing and its stat
    no longer empties the whole list."""
    game = play(Game("hothead", seed=4, content=content), n=3)
    saves.save_game(game, "kept", saves_dir=tmp_path)
    ghost = tmp_path / "autosave-7-hothead-4-gone.json"
    real_glob = Path.glob

    def glob_with_a_ghost(self, pattern):
        yield from real_glob(self, pattern)
        if self == tmp_path:
            yield ghost  # listed, then pruned by another process before its stat

    real_is_file, real_stat = Path.is_file, Path.stat

    def is_file(self):
        return True if self == ghost else real_is_file(self)

    def stat(self, **kwargs):
        if self == ghost:  # pruned between the check and the stat
            raise FileNotFoundError(2, "No such file or directory", str(self))
        return real_stat(self, **kwargs)

    monkeypatch.setattr(Path, "glob", glob_with_a_ghost)
    monkeypatch.setattr(Path, "is_file", is_file)
    monkeypatch.setattr(Path, "stat", stat)
    infos = saves.list_saves(tmp_path)
    assert [i.path.name for i in infos] == ["kept.json"]


def test_undo_goes_on_with_the_same_game(content, tmp_path) -> None:
    """Item 1: an undo is the same game: its autosaves rotate with the game's own, not
    as a new game beside it."""
    game = play(Game("hothead", seed=4, content=content), n=3)
    assert saves.autosave(game, saves_dir=tmp_path) is None
    back = game.undo(learning=True)
    assert back.game_id == game.game_id
    assert saves.autosave(back, saves_dir=tmp_path) is None
    ids = {json.loads(p.read_text())["game_id"] for p in tmp_path.glob("autosave-*")}
    assert ids == {game.game_id}


def test_resume_finds_the_autosave_from_any_folder(content, tmp_path, monkeypatch) -> None:
    """Issue 14 part 4: saves live in one folder that does not depend on the current
    folder (here an installed copy: the user's data folder), so `resume` run from
    another folder finds the game."""
    monkeypatch.delenv("PLANET_KING_SAVES")
    monkeypatch.setattr(saves.folder, "checkout_root", lambda: None)
    import platformdirs  # never the real user's folder, on any system

    data_home = tmp_path / "user-data" / "planet-king"
    monkeypatch.setattr(platformdirs, "user_data_dir", lambda *a, **k: str(data_home))
    (tmp_path / "here").mkdir()
    (tmp_path / "there").mkdir()
    monkeypatch.chdir(tmp_path / "here")
    game = play(Game("hothead", seed=4, content=content), n=3)
    assert saves.autosave(game) is None
    monkeypatch.chdir(tmp_path / "there")
    result = invoke("resume", "--text", input="q\n")
    assert result.exit_code == 0, result.stderr
    assert game.decision is not None and game.decision.prompt in result.stdout
    assert not (tmp_path / "here" / "saves").exists()
    assert list((data_home / "saves").glob("autosave-*.json"))


# ------------------------------------------- issue 34, 3: two copies of one game at once
COPY = r"""
import random, sys
from pathlib import Path
from planet_king import saves
from planet_king.content.loader import load_content
folder, seed = Path(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
latest = saves.latest_autosave(folder)
game = saves.load_game(latest, content=load_content())  # both copies resume the same one
print("ready", flush=True)
for line in sys.stdin:  # a choice and its autosave per line the test writes
    game.choose(rng.choice(game.decision.legal_ids))
    assert saves.autosave(game, saves_dir=folder) is None
    print(" ".join(game.choices), flush=True)
"""


def test_two_running_copies_of_one_game_keep_each_their_newest_autosave(content, tmp_path) -> None:
    """Two processes resume the same autosave (two terminals, two tabs) and play on in
    turns, each more moves than the autosaves kept: the newest position of each line
    of play is still there ("the last autosave of a game is never deleted")."""
    game = play(Game("hothead", seed=5, content=content), n=2)
    assert saves.autosave(game, saves_dir=tmp_path) is None
    copies = [
        subprocess.Popen(
            [sys.executable, "-c", COPY, str(tmp_path), str(seed)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for seed in (1, 2)
    ]
    newest = [tuple(game.choices), tuple(game.choices)]  # where both resume
    try:
        for proc in copies:
            assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
        # the first copy moves twice, then the second more times than autosaves are kept
        for k in [0, 0, *[1] * (saves.AUTOSAVE_KEEP + 2), 0, 1]:
            proc = copies[k]  # in turns: each waits for the other's autosave
            assert proc.stdin is not None and proc.stdout is not None
            proc.stdin.write("choose\n")
            proc.stdin.flush()
            newest[k] = tuple(proc.stdout.readline().split())
            assert newest[k], "the copy stopped"
            kept = autosaved_choices(tmp_path)
            assert newest[0] in kept and newest[1] in kept, "a line of play lost its newest"
    finally:
        for proc in copies:
            proc.kill()
            proc.wait()
    assert newest[0] != newest[1]  # two lines of play (another seed each)
    kept = autosaved_choices(tmp_path)
    assert len(kept) <= 2 * saves.AUTOSAVE_KEEP + 1  # each line still rotates


# --------------------------------------------- issue 34, 9-10: a stack is a name, not a path
def stacked_save(content, tmp_path: Path) -> tuple[Path, dict]:
    from planet_king import tutorial

    game = tutorial.new_game(tutorial.load(content), content)
    path = saves.save_game(game, "stacked", saves_dir=tmp_path)
    return path, json.loads(path.read_text())


def test_a_saves_stack_outside_the_stacks_folder_is_refused(content, tmp_path) -> None:
    """A save named ``../../elsewhere/evil`` as its stack, with a stack file planted
    there (its id matching), loaded and verified: a stack is a name, never a path."""
    path, doc = stacked_save(content, tmp_path)
    stacks = content.data_dir / "stacks"
    planted = tmp_path / "elsewhere" / "evil.yaml"
    planted.parent.mkdir()
    name = os.path.relpath(planted.with_suffix(""), stacks)
    original = (stacks / f"{doc['options']['stack']}.yaml").read_text()
    planted.write_text(original.replace("id: first-game-turn", f"id: {name}"))
    doc["options"]["stack"] = name
    path.write_text(json.dumps(doc))
    with pytest.raises(SaveError, match="is not a stack name"):
        saves.load_game(path, content=content)


@pytest.mark.parametrize("stack", ["/etc/passwd", "x" * 5000, "First Game", "a/b", "-x"])
def test_a_stack_that_is_no_name_is_one_line_at_replay(content, tmp_path, stack) -> None:
    path, doc = stacked_save(content, tmp_path)
    doc["options"]["stack"] = stack
    path.write_text(json.dumps(doc))
    result = subprocess.run(
        [sys.executable, "-m", "planet_king.cli", "replay", str(path), "--verify"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 1, result.stderr  # a bad save's exit code
    assert "is not a stack name" in result.stderr and result.stderr.count("\n") == 1
    assert "internal error" not in result.stderr and len(result.stderr) < 400
