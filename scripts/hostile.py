"""The hostile pass (issue 15, "Keep it held"): what a player, a modder or a shared bug
report can throw at the program, generated from a seed.

    python scripts/fuzz.py --hostile [--seed 1] [--out report.json]
    python scripts/hostile.py [--seed 1] [--saves 300] [--data 80] [--lines 3000]
                              [--kills 60] [--cli 40] [--races 10] [--flood 10]
                              [--no-serve] [--out report.json]

Six parts, each counted:

- **bad saves**: good saves of every playable scenario, mutated (cut, bytes flipped,
  fields removed, retyped, enlarged to 5,000-digit numbers and megabyte strings, control
  characters in choice ids and names, nesting, wrong versions, a FIFO, a device, a
  folder, a symlink loop, a 5,000-character path). Each is loaded; only a one-line
  ``SaveError`` is an answer. Some go through the real command line (``replay``,
  ``resume``) in a child process: exit code 0-2, one line on stderr, no raw escape.
- **bad data folders**: the game data, mutated (numbers out of range or 5,000 digits
  long, lines deleted or doubled, ids swapped, an alias bomb, control characters, a
  file emptied, cut or replaced by a FIFO). Each is loaded: a one-line ``DataError``,
  or, when it loads, random games are played with it to the end: none may crash.
- **hostile text input**: plain-text play fed odd lines (``²``, 5,000-digit numbers,
  control characters, unpaired surrogates, huge lines, odd save names, EOF), between
  legal choices; every line must get an answer, never an exception.
- **kills**: a child process plays and autosaves after every choice, reporting each
  autosave done; it is killed with SIGKILL a random number of autosaves in, a few
  milliseconds into the next (often inside the write: counted when the write's
  temporary file is left behind), then the next child resumes from the newest
  autosave. After each kill every autosave left must load and verify, and the newest
  must hold every choice reported saved: nothing lost.
- **two copies of one game**: two processes resume the same autosave and play in a
  random order of turns, more moves than the autosaves kept; after every autosave the
  newest position of each line (or a later one of it) must be on disk.
- **serve attacks**: ``planet-king serve`` (three tabs allowed) attacked over its
  websocket: another origin and another Host (DNS rebinding) refused before a game
  starts; a 100000x100000 screen and a 30000x10000 resize clamped (the game's peak
  memory measured); ``--flood`` seconds of 16 KB key messages (the page still served,
  the game's peak measured, the game ended after its tab); a 1 MB message closing its
  tab; a fourth tab refused and told why; the server stopped with nothing left, and no
  traceback in its console.

A case that raises anything else is a traceback; one that runs past its time limit
(``--limit`` seconds, SIGALRM in this process, a timeout for children) is a hang. Exit
code 1 if there was any traceback, hang or loss.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from planet_king import fsutil, saves, textmode
from planet_king.content import loader
from planet_king.content.loader import DataError, default_data_dir, load_content
from planet_king.engine.decisions import RuleNotImplemented
from planet_king.engine.game import Game
from planet_king.saves import SaveError

EVIL = ["\x1b[2J", "\x1b]0;pwned\x07", "\x00", "\u202e", "\r", "\x9b31m", "\ud800"]


class Hang(Exception):
    pass


@contextlib.contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise Hang in this process when the block runs longer than ``seconds``."""

    def alarm(signum: int, frame: Any) -> None:
        raise Hang(f"still running after {seconds} s")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


class Tally:
    """What a part tried and what went wrong (the first failures kept, with a trace)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.tried = 0
        self.outcomes: Counter[str] = Counter()
        self.tracebacks: list[str] = []
        self.hangs: list[str] = []
        self.lost: list[str] = []

    def run(self, what: str, fn: Callable[[], str], limit: float) -> None:
        self.tried += 1
        try:
            with time_limit(limit):
                self.outcomes[fn()] += 1
        except Hang:
            self.hangs.append(what)
        except Exception:
            self.tracebacks.append(f"{what}\n{traceback.format_exc(limit=-6)}")

    def summary(self) -> dict[str, Any]:
        return {
            "tried": self.tried,
            "outcomes": dict(self.outcomes.most_common()),
            "tracebacks": len(self.tracebacks),
            "hangs": len(self.hangs),
            "lost": len(self.lost),
            "first_failures": (self.tracebacks + self.hangs + self.lost)[:10],
        }


def random_play(game: Game, rng: random.Random, limit: int = 6000) -> Game:
    while game.decision is not None and len(game.choices) < limit:
        game.choose(rng.choice(game.decision.legal_ids))
    return game


# ------------------------------------------------------------------ bad saves
def _mutate_save(doc: dict[str, Any], text: str, rng: random.Random) -> str | bytes:
    """One hostile variant of a save's text."""
    kind = rng.randrange(16)
    if kind == 0:  # cut anywhere
        return text[: rng.randrange(len(text))]
    if kind == 1:  # bytes flipped
        data = bytearray(text.encode())
        for _ in range(rng.randint(1, 8)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        return bytes(data)
    d = json.loads(json.dumps(doc))
    keys = list(d)
    if kind == 2:
        del d[rng.choice(keys)]
    elif kind == 3:  # retyped
        d[rng.choice(keys)] = rng.choice([None, True, 7, -1, "x", [], {}, [[1]], 1e308])
    elif kind == 4:  # a 5,000-digit number somewhere
        key = rng.choice(["seed", "format_version", "final", "turn_digests", "choices"])
        huge = "__HUGE__"  # a placeholder: Python will not print a 5,000-digit int
        if key == "final":
            d["final"]["choices"] = huge
        elif key == "turn_digests" and d["turn_digests"]:
            d["turn_digests"][0][rng.randrange(2)] = huge
        elif key == "choices":
            d["choices"][rng.randrange(len(d["choices"]))] = huge
        else:
            d[key] = huge
    elif kind == 5:  # control characters in text the save carries
        evil = rng.choice(EVIL) * rng.randint(1, 3)
        where = rng.choice(["choice", "roles", "scenario", "app", "data", "created", "option"])
        if where == "choice":
            k = rng.randrange(len(d["choices"]))
            d["choices"][k] = d["choices"][k] + evil
        elif where == "roles":
            d["roles"] = {"king": "K" + evil, "valido": evil}
        elif where == "scenario":
            d["scenario"] = d["scenario"] + evil
        elif where == "app":
            d["app_version"] = evil
        elif where == "data":
            d["data_version"] = "x" + evil
        elif where == "created":
            d["created"] = evil
        else:
            d["options"]["difficulty"] = evil
    elif kind == 6:  # a megabyte of text
        d[rng.choice(["scenario", "app_version", "game_id"])] = "A" * 1_000_000
    elif kind == 7:  # deep nesting
        return '{"format": "planet-king-save", "x": ' + "[" * 100_000 + "]" * 100_000 + "}"
    elif kind == 8:  # another format version
        d["format_version"] = rng.choice([0, 2, 999, "1", 1.5])
    elif kind == 9:  # choices swapped, dropped or duplicated
        ch = d["choices"]
        if len(ch) > 2:
            i, j = rng.randrange(len(ch)), rng.randrange(len(ch))
            ch[i], ch[j] = ch[j], ch[i]
            if rng.random() < 0.5:
                ch.append(ch[-1])
        d["final"]["choices"] = len(ch)
    elif kind == 10:  # digests wrong or gone
        if rng.random() < 0.5:
            d["turn_digests"] = []
            d.pop("final", None)
        elif d["turn_digests"]:
            d["turn_digests"][-1][2] = "0" * 16
    elif kind == 11:  # unknown options
        d["options"][rng.choice(["cheat", "difficulty"])] = rng.choice(["god", 1, None])
    elif kind == 12:  # a seed out of range
        d["seed"] = rng.choice([2**64, -(2**64), 2**200])
    elif kind == 13:  # a strange game id
        d["game_id"] = rng.choice(["../../x", "A" * 40, "", 5, "ok\x1b"])
    elif kind == 14:  # many choices
        d["choices"] = ["x"] * rng.choice([199_999, 200_001])
        d["final"]["choices"] = len(d["choices"])
    else:  # duplicate keys in JSON
        return text.replace('"seed":', '"seed": 1, "seed":', 1)
    return json.dumps(d, ensure_ascii=rng.random() < 0.5).replace('"__HUGE__"', "9" * 5000)


def _special_files(folder: Path) -> list[Path]:
    """Files that are not saves at all: a FIFO, a device, a folder, a symlink loop, an
    endless file, a very long path."""
    out = []
    fifo = folder / "fifo.json"
    if hasattr(os, "mkfifo"):
        os.mkfifo(fifo)
        out.append(fifo)
    if Path("/dev/zero").exists():
        out.append(Path("/dev/zero"))
    (folder / "dir.json").mkdir()
    out.append(folder / "dir.json")
    loop = folder / "loop.json"
    loop.symlink_to(loop)
    out.append(loop)
    out.append(folder / ("x" * 5000 + ".json"))
    out.append(folder / "missing" / "no.json")
    return out


def _load_answer(path: Path, content: loader.Content) -> str:
    try:
        saves.load_game(path, content=content)
    except SaveError as exc:
        message = str(exc)
        if "\n" in message or "\x1b" in message or len(message) > 2000:
            raise AssertionError(f"not a clean one-line message: {message[:200]!r}") from None
        return f"refused ({exc.kind})"
    return "loaded"


def _cli(args: list[str], env: dict[str, str], limit: float, stdin: str = "") -> str:
    cmd = [sys.executable, "-c", "from planet_king.cli import main; main()", *args]
    proc = subprocess.run(
        cmd, input=stdin.encode(), capture_output=True, timeout=limit, env=env, check=False
    )
    err = proc.stderr.decode("utf-8", "replace")
    out = proc.stdout.decode("utf-8", "replace")
    if proc.returncode not in (0, 1, 2):
        raise AssertionError(f"exit code {proc.returncode}: {err[-300:]}")
    if "Traceback" in err or "internal error" in err:
        raise AssertionError(err[-500:])
    if err.strip().count("\n") > 0:
        raise AssertionError(f"more than one line on stderr: {err[-300:]}")
    if "\x1b" in out + err:
        raise AssertionError("a raw escape reached the terminal")
    return f"exit {proc.returncode}"


def bad_saves(rng: random.Random, n: int, n_cli: int, limit: float, work: Path) -> Tally:
    tally = Tally("bad saves")
    content = load_content()
    folder = work / "saves"
    folder.mkdir()
    bases = []
    for i, scenario in enumerate(s.id for s in content.scenarios.values() if s.playable):
        game = random_play(
            Game(scenario, seed=rng.randrange(2**32), content=load_content()),
            rng,
            rng.randint(5, 60),
        )
        path = saves.save_game(game, f"base-{i}", saves_dir=folder)
        bases.append((json.loads(path.read_text()), path.read_text()))
    paths: list[Path] = []
    for k in range(n):
        doc, text = rng.choice(bases)
        variant = _mutate_save(doc, text, rng)
        path = folder / f"bad-{k}.json"
        path.write_bytes(
            variant.encode("utf-8", "surrogatepass") if isinstance(variant, str) else variant
        )
        paths.append(path)
    paths += _special_files(folder)
    for path in paths:
        tally.run(f"load {path.name[:60]}", lambda p=path: _load_answer(p, content), limit)
    tally.run("list the folder", lambda: f"listed {len(saves.list_saves(folder))}", limit)
    env = {**os.environ, "PLANET_KING_SAVES": str(folder)}
    for path in rng.sample(paths, min(n_cli, len(paths))):
        args = rng.choice(
            [
                ["replay", str(path)],
                ["replay", str(path), "--verify"],
                ["resume", str(path), "--text"],
            ]
        )
        tally.run(f"{' '.join(args)[:80]}", lambda a=args: _cli(a, env, limit, "q\n"), limit + 5)
    return tally


# ------------------------------------------------------------ bad data folders
DATA_FILES = [
    "events.yaml",
    "nobles.yaml",
    "ladies.yaml",
    "geniuses.yaml",
    "memorials.yaml",
    "leaders.yaml",
    "map.yaml",
    "tables.yaml",
    "battle_names.yaml",
    "scenarios/hothead.yaml",
    "scenarios/anni-mirabiles.yaml",
    "scenarios/the-planet-king.yaml",
]


def _mutate_data(folder: Path, rng: random.Random) -> str:
    """Damage one data file in place; returns what was done."""
    name = rng.choice(DATA_FILES)
    path = folder / name
    if not path.is_file():  # a FIFO already (never open one here: it would block)
        return f"{name}: left as it is"
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    kind = rng.randrange(12)
    import re

    if kind == 0:  # a number out of range, or 5,000 digits long
        numbers = list(re.finditer(r"(?<=: )-?\d+", text))
        if numbers:
            m = rng.choice(numbers)
            new = rng.choice(["-1", "13", "99", "-99", "0", "9" * 5000, "4", "1000000"])
            text = text[: m.start()] + new + text[m.end() :]
    elif kind == 1 and lines:  # a line deleted
        del lines[rng.randrange(len(lines))]
        text = "".join(lines)
    elif kind == 2 and lines:  # a line doubled (duplicate keys, or a card twice)
        i = rng.randrange(len(lines))
        lines.insert(i, lines[i])
        text = "".join(lines)
    elif kind == 3:  # an id reference swapped for another
        ids = re.findall(r"\b[a-z]+(?:-[a-z]+)+\b", text)
        if len(ids) > 2:
            a, b = rng.sample(ids, 2)
            text = text.replace(a, b, rng.randint(1, 3))
    elif kind == 4:  # an alias bomb
        bomb = ['a0: &a0 ["x", "x", "x", "x", "x", "x", "x", "x", "x"]']
        bomb += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 6)]
        text = "bomb:\n" + "".join(f"  {b}\n" for b in bomb) + "\n" + text
    elif kind == 5:  # control characters in a name
        text = text.replace("name: ", "name: \x1b[2J", 1)
    elif kind == 6:  # emptied
        text = rng.choice(["", "[]\n", "{}\n", "null\n"])
    elif kind == 7:  # cut
        text = text[: rng.randrange(max(1, len(text)))]
    elif kind in (10, 11):  # numbers moved within their range: data that loads
        numbers = list(re.finditer(r"(?<=: )\d\b", text))
        for _ in range(rng.randint(1, 6)):
            if numbers:
                m = numbers.pop(rng.randrange(len(numbers)))
                new = str(rng.choice([0, 1, 2, 3]))
                text = text[: m.start()] + new + text[m.end() :]
    elif kind == 8 and hasattr(os, "mkfifo"):  # a FIFO instead
        path.unlink()
        os.mkfifo(path)
        return f"{name}: a FIFO"
    else:  # a list emptied or a value retyped
        m = re.search(r"\[[^\]\n]+\]", text)
        if m and rng.random() < 0.5:
            text = text[: m.start()] + "[]" + text[m.end() :]
        else:
            text = text.replace(": ", ": [1, {}]\n# ", 1)
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    return f"{name}: mutation {kind}"


def _data_answer(folder: Path, rng: random.Random) -> str:
    try:
        content = load_content(folder)
    except DataError as exc:
        message = str(exc)
        if "\n" in message or "\x1b" in message or len(message) > 1000:
            raise AssertionError(f"not a clean one-line message: {message[:200]!r}") from None
        return "refused"
    finally:
        loader._load_cached.cache_clear()
    played = 0
    for scen in content.scenarios.values():
        if not scen.playable:
            continue
        try:
            random_play(Game(scen.id, seed=rng.randrange(2**32), content=content), rng)
        except RuleNotImplemented:
            return "loaded; a rule not implemented, said so"
        played += 1
    return f"loaded; {played} games played"


def bad_data(rng: random.Random, n: int, limit: float, work: Path) -> Tally:
    tally = Tally("bad data folders")
    for k in range(n):
        folder = work / f"data-{k}"
        shutil.copytree(default_data_dir(), folder)
        what = " + ".join(_mutate_data(folder, rng) for _ in range(rng.choice([1, 1, 2])))
        tally.run(what, lambda f=folder: _data_answer(f, rng), limit * 6)
        shutil.rmtree(folder, ignore_errors=True)
    return tally


# ------------------------------------------------------------ hostile text input
def hostile_line(rng: random.Random) -> str:
    return rng.choice(
        [
            "²",
            "٣",
            "1" * 5000,
            "9" * rng.randint(7, 40),
            "0",
            "-1",
            "+1",
            " 1 ",
            "1.0",
            "1e3",
            "0x1",
            "",
            "   ",
            "\t",
            rng.choice(EVIL),
            "1" + rng.choice(EVIL),
            "w " + rng.choice(EVIL),
            "w " + rng.choice([".", "..", "*", "/", "../../etc/passwd", "CON", "a" * 400]),
            "w " + "é" * 300,
            "w",
            "s",
            "l",
            "?",
            "u",
            "q" * 2000,
            "x" * 100_000,
            "".join(chr(rng.randrange(0x20, 0x2FFFF)) for _ in range(rng.randint(1, 30))),
        ]
    )


def _text_session(rng: random.Random, folder: Path, lines: int) -> str:
    scen = rng.choice(["hothead", "anni-mirabiles", "the-planet-king"])
    game = Game(scen, seed=rng.randrange(2**32), content=load_content())
    out = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 (closed below)
    fed = 0

    def read(prompt: str) -> str:
        nonlocal fed
        fed += 1
        if fed > lines or rng.random() < 0.002:
            raise EOFError
        if rng.random() < 0.4 and game_ref[0].decision is not None:
            allowed = [i for i, o in enumerate(game_ref[0].decision.options, 1) if o.allowed]
            return str(rng.choice(allowed))
        return hostile_line(rng)

    game_ref = [game]
    try:
        code = textmode.run(game, read=read, out=out, saves_dir=folder, autosave=rng.random() < 0.3)
    finally:
        out.close()
    if code != 0:
        raise AssertionError(f"exit code {code}")
    return "answered"


def hostile_text(rng: random.Random, n_lines: int, limit: float, work: Path) -> Tally:
    tally = Tally("hostile text input")
    folder = work / "text-saves"
    per_session = 200
    sessions = max(1, n_lines // per_session)
    for k in range(sessions):
        tally.run(f"text session {k}", lambda: _text_session(rng, folder, per_session), limit * 10)
    tally.tried = sessions * per_session  # lines typed (about: a session may end at EOF)
    return tally


# ------------------------------------------------------------------ kills
CHILD = r"""
import random, sys
from pathlib import Path
from planet_king import saves
from planet_king.content.loader import load_content
from planet_king.engine.game import Game
folder, scenario, seed = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
rng = random.Random(seed)
found = saves.latest_readable_autosave(folder)
content = load_content()
if found:
    game = saves.rebuild(found[1], content=content)
else:
    game = Game(scenario, seed=seed, content=content)
while game.decision is not None:
    game.choose(rng.choice(game.decision.legal_ids))
    error = saves.autosave(game, saves_dir=folder)
    if error:
        print("ERROR", error, flush=True)
        sys.exit(3)
    print(len(game.choices), game.game_id, flush=True)
print("OVER", flush=True)
"""


def reported_saved(lines: list[str]) -> int:
    """The most choices the child reported saved. It prints "<choices> <game id>" after
    each autosave: only whole lines count, and only their first field (a game id is hex
    and may happen to be all decimal digits)."""
    counts = [
        int(fields[0])
        for fields in (line.split() for line in lines)
        if len(fields) == 2 and fields[0].isdigit()
    ]
    return max(counts, default=0)


def _read_until(proc: subprocess.Popen[bytes], target: int) -> list[str]:
    """The child's lines until it reports ``target`` choices saved, or the game's end."""
    lines: list[str] = []
    assert proc.stdout is not None
    for raw in proc.stdout:  # a line as soon as the child has printed it
        line = raw.decode()
        lines.append(line)
        if line.startswith("OVER") or reported_saved([line]) >= target:
            break
    return lines


def _kill_round(folder: Path, rng: random.Random, state: dict[str, Any]) -> str:
    """Kill the child at a random moment of its play: after a random number of autosaves
    more (a game, started or resumed, lasts well under a second, so a timer alone lands
    after its end), a few milliseconds into the next choice and autosave."""
    temps = set(folder.glob(f"{fsutil.TEMP_PREFIX}*"))  # left by earlier kills
    proc = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(folder), state["scenario"], str(rng.randrange(2**32))],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    lines = _read_until(proc, state["saved"] + rng.randint(1, 40))
    time.sleep(rng.uniform(0.0, 0.004))  # an autosave takes about a millisecond or two
    proc.kill()
    out, err = proc.communicate(timeout=30)
    lines += out.decode().splitlines()
    if proc.returncode not in (-signal.SIGKILL, 0):
        raise AssertionError(f"child exit {proc.returncode}: {err.decode()[-400:]}")
    saved = reported_saved(lines)
    torn = bool(set(folder.glob(f"{fsutil.TEMP_PREFIX}*")) - temps)  # killed inside a write
    # every autosave left must load and verify; the newest must hold every saved choice
    for path in folder.glob("autosave-*.json"):
        saves.load_game(path, content=load_content())
    found = saves.latest_readable_autosave(folder)
    held = len(found[1].choices) if found else 0
    if held < max(saved, state["saved"]):
        state["lost"] = f"reported {max(saved, state['saved'])} choices saved, found {held}"
        raise AssertionError(state["lost"])
    state["saved"] = held
    if "OVER" in lines or (found and found[1].over):  # a finished game: start another
        state["saved"] = 0
        shutil.rmtree(folder)
        folder.mkdir()
        return "killed after the game ended"
    if torn:
        return "killed inside a write, nothing lost"
    return "killed mid-game, nothing lost"


def kills(rng: random.Random, n: int, limit: float, work: Path) -> Tally:
    tally = Tally("kills during autosave")
    folder = work / "kill-saves"
    folder.mkdir()
    state = {"scenario": "the-planet-king", "saved": 0}
    for k in range(n):
        state["scenario"] = (
            rng.choice(["the-planet-king", "anni-horribiles", "anni-mirabiles"])
            if state["saved"] == 0
            else state["scenario"]
        )
        tally.run(f"kill {k}", lambda: _kill_round(folder, rng, state), limit * 6)
    return tally


# ------------------------------------------------------------------ serve
def _children(pid: int) -> list[int]:
    """The live (not zombie) children of ``pid``: a server's tab games."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, ValueError, IndexError):
                stat = (entry / "stat").read_text()
                fields = stat[stat.rindex(")") + 2 :].split()
                if fields[0] != "Z" and int(fields[1]) == pid:
                    found.append(int(entry.name))
    return found


def _peak_mb(pid: int) -> float:
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return 0.0


SERVE = (sys.executable, "-m", "planet_king.cli", "serve")
PEAK_MB = 400  # a served game at its largest screen stays well under this


class ServeAttacks:
    """``planet-king serve`` on a free local port, attacked as a page or a script would:
    another origin, another Host (DNS rebinding), a huge screen, a flood of keys, a
    message over the cap, more tabs than allowed; after each, no game may outlive its
    tab. Each attack is an async function returning what happened, raising if it held
    not."""

    def __init__(self, work: Path, max_tabs: int, flood_s: float) -> None:
        import socket

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.max_tabs, self.flood_s = max_tabs, flood_s
        self.origin = f"http://127.0.0.1:{self.port}"
        self.log = work / "serve.log"
        saves = str(work / "serve-saves")
        with self.log.open("wb") as out:
            self.proc = subprocess.Popen(
                [
                    *SERVE,
                    "--port",
                    str(self.port),
                    "--max-tabs",
                    str(max_tabs),
                    "--saves-dir",
                    saves,
                ],
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        deadline = time.monotonic() + 300  # a hang guard: a loaded machine starts slowly
        while "served at" not in self.log.read_text():
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"the server did not start: {self.log.read_text()[-400:]}")
            time.sleep(0.1)

    def stop(self) -> str:
        self.proc.send_signal(signal.SIGINT)
        try:
            code = self.proc.wait(timeout=300)
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
        left = [pid for pid in _children(self.proc.pid)]
        if code != 0 or left:
            raise AssertionError(f"server exit {code}, processes left: {left}")
        return "stopped, nothing left"

    async def _until(self, what: str, check: Callable[[], bool], limit: float = 300) -> None:
        import asyncio

        deadline = time.monotonic() + limit
        while not check():
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {what}")
            await asyncio.sleep(0.1)

    async def _tab(self, session: Any, query: str = "width=100&height=30", origin: str = "") -> Any:
        return await session.ws_connect(
            f"{self.origin}/ws?{query}", origin=origin or self.origin, heartbeat=None
        )

    async def _drawn(self, ws: Any, text: bytes) -> bytes:
        import asyncio

        seen = bytearray()
        while text not in seen:
            msg = await asyncio.wait_for(ws.receive(), 300)
            if msg.type.name != "BINARY":
                if msg.type.name in ("CLOSE", "CLOSED", "CLOSING", "ERROR"):
                    raise AssertionError(f"closed before {text!r}")
                continue
            seen.extend(msg.data)
        return bytes(seen)

    async def _no_games_left(self) -> None:
        await self._until("every tab's game to end", lambda: not _children(self.proc.pid))

    async def foreign_origin(self, session: Any) -> str:
        import aiohttp

        try:
            ws = await self._tab(session, origin="http://127.0.0.1:1")
        except aiohttp.WSServerHandshakeError as exc:
            if exc.status != 403:
                raise
        else:
            await ws.close()
            raise AssertionError("a page of another origin opened a game")
        async with session.get(
            f"{self.origin}/", headers={"Host": f"rebound.example:{self.port}"}
        ) as page:
            if page.status != 403:
                raise AssertionError(f"another Host got {page.status}")
        if _children(self.proc.pid):
            raise AssertionError("a game was started for a refused request")
        return "foreign origin and Host refused"

    async def huge_size(self, session: Any) -> str:
        import json as js

        ws = await self._tab(session, "width=100000&height=100000")
        await self._drawn(ws, b"Scenarios")
        game = _children(self.proc.pid)[0]
        await ws.send_str(js.dumps(["resize", {"width": 30000, "height": 10000}]))
        await ws.send_str(js.dumps(["stdin", "\t"]))
        await self._drawn(ws, b"Scenarios")
        peak = _peak_mb(game)
        await ws.close()
        await self._no_games_left()
        if peak > PEAK_MB:
            raise AssertionError(f"a huge screen took the game to {peak:.0f} MB")
        return f"huge size clamped (game peak {peak:.0f} MB)"

    async def flood(self, session: Any) -> str:
        import asyncio
        import json as js

        import aiohttp

        ws = await self._tab(session)
        await self._drawn(ws, b"Scenarios")
        game = _children(self.proc.pid)[0]
        chunk = js.dumps(["stdin", "z" * 16_000])
        end = time.monotonic() + self.flood_s
        dropped, sent = False, 0
        while time.monotonic() < end and not dropped:  # as fast as the server takes them
            try:
                await asyncio.wait_for(ws.send_str(chunk), self.flood_s + 30)
                sent += len(chunk)
            except (aiohttp.ClientError, ConnectionError):  # the server let the tab go
                dropped = True
            async with session.get(f"{self.origin}/") as page:  # the server still answers
                if page.status != 200:
                    raise AssertionError(f"the page got {page.status} during a flood")
        peak = _peak_mb(game)
        await ws.close()
        await self._no_games_left()
        if peak > PEAK_MB:
            raise AssertionError(f"a flood took the game to {peak:.0f} MB")
        killed = f"killed a game (pid {game})" in self.log.read_text()
        return (
            f"flood of {sent // 1000} KB in {self.flood_s:g} s: game peak {peak:.0f} MB"
            + (", the tab dropped" if dropped else "")
            + (", the game killed after its tab closed" if killed else ", the game quit")
        )

    async def over_the_cap(self, session: Any) -> str:
        import json as js

        ws = await self._tab(session)
        await self._drawn(ws, b"Scenarios")
        await ws.send_str(js.dumps(["stdin", "z" * 1_000_000]))
        while not ws.closed:
            await ws.receive()
        if ws.close_code != 1009:
            raise AssertionError(f"a 1 MB message: close code {ws.close_code}")
        await self._no_games_left()
        return "message over the cap closed its tab"

    async def many_tabs(self, session: Any) -> str:
        tabs = [await self._tab(session) for _ in range(self.max_tabs)]
        for ws in tabs:
            await self._drawn(ws, b"Scenarios")
        extra = await self._tab(session)
        told = await self._drawn(extra, b"Too many tabs")
        games = len(_children(self.proc.pid))
        for ws in [*tabs, extra]:
            await ws.close()
        await self._no_games_left()
        if games != self.max_tabs or b"Close another tab" not in told:
            raise AssertionError(f"{games} games for {self.max_tabs} tabs allowed")
        return "tab beyond the cap refused and told"


def serve_attacks(limit: float, work: Path, flood_s: float = 10.0) -> Tally:
    import asyncio

    import aiohttp

    tally = Tally("serve attacks")
    attacks = ServeAttacks(work, max_tabs=3, flood_s=flood_s)
    try:
        for name in ("foreign_origin", "huge_size", "flood", "over_the_cap", "many_tabs"):

            async def attack(name: str = name) -> str:
                async with aiohttp.ClientSession() as session:
                    return await getattr(attacks, name)(session)

            tally.run(name, lambda attack=attack: asyncio.run(attack()), limit * 12 + flood_s)
    finally:
        tally.run("stop", attacks.stop, limit * 12)
    log = attacks.log.read_text()
    if "Traceback" in log or "│" in log:
        tally.tracebacks.append(f"the server's console shows a traceback:\n{log[-800:]}")
    return tally


# ------------------------------------------------------------------ two copies of one game
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
for line in sys.stdin:  # a choice and its autosave per line
    if game.decision is None:
        print("OVER", flush=True)
        continue
    game.choose(rng.choice(game.decision.legal_ids))
    error = saves.autosave(game, saves_dir=folder)
    print("ERROR " + error if error else " ".join(game.choices), flush=True)
"""


def _race(folder: Path, rng: random.Random, rounds: int) -> str:
    """Two processes resume the same autosave and play in a random order of turns; after
    each autosave the newest position of both lines must still be on disk."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    game = random_play(
        Game("the-planet-king", seed=rng.randrange(2**32), content=load_content()),
        rng,
        rng.randint(1, 30),
    )
    if game.decision is None or saves.autosave(game, saves_dir=folder) is not None:
        return "no game to race"
    copies = [
        subprocess.Popen(
            [sys.executable, "-c", COPY, str(folder), str(rng.randrange(2**32))],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    newest = [" ".join(game.choices)] * 2
    try:
        for proc in copies:
            assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
        for _ in range(rounds):
            k = rng.randrange(2)
            proc = copies[k]
            assert proc.stdin is not None and proc.stdout is not None
            proc.stdin.write("go\n")
            proc.stdin.flush()
            line = proc.stdout.readline().rstrip("\n")
            if line.startswith("ERROR") or not line:
                raise AssertionError(f"copy {k}: {line or 'ended'}")
            if line != "OVER":
                newest[k] = line
            kept = [" ".join(saves.read_save(p).choices) for p in folder.glob("autosave-*.json")]
            for j in (0, 1):  # its moves are on disk: its newest position, or one after it
                if not any(f"{line} ".startswith(f"{newest[j]} ") for line in kept):
                    raise AssertionError(f"copy {j}'s newest position was pruned")
    finally:
        for proc in copies:
            proc.kill()
            proc.wait()
    return "both lines kept their newest autosave"


def races(rng: random.Random, n: int, limit: float, work: Path) -> Tally:
    tally = Tally("two copies of one game")
    folder = work / "race-saves"
    for k in range(n):
        rounds = rng.randint(saves.AUTOSAVE_KEEP + 1, 4 * saves.AUTOSAVE_KEEP)
        tally.run(f"race {k}", lambda rounds=rounds: _race(folder, rng, rounds), limit * 12)
    return tally


# ------------------------------------------------------------------ main
def run(
    *,
    seed: int = 1,
    n_saves: int = 300,
    n_cli: int = 40,
    n_data: int = 80,
    n_lines: int = 3000,
    n_kills: int = 60,
    n_races: int = 10,
    serve: bool = True,
    flood_s: float = 10.0,
    limit: float = 10.0,
    out: Path | None = None,
) -> int:
    rng = random.Random(seed)
    start = time.perf_counter()
    parts = []
    env_before = os.environ.get(saves.ENV_SAVES)
    with tempfile.TemporaryDirectory(prefix="pk-hostile-") as tmp:
        work = Path(tmp)
        os.environ[saves.ENV_SAVES] = str(work / "default-saves")  # never the real saves
        for name, part in (
            ("bad saves", lambda: bad_saves(rng, n_saves, n_cli, limit, work)),
            ("bad data folders", lambda: bad_data(rng, n_data, limit, work)),
            ("hostile text input", lambda: hostile_text(rng, n_lines, limit, work)),
            ("kills", lambda: kills(rng, n_kills, limit, work)),
            ("two copies of one game", lambda: races(rng, n_races, limit, work)),
            *([("serve attacks", lambda: serve_attacks(limit, work, flood_s))] if serve else []),
        ):
            t = time.perf_counter()
            tally = part()
            parts.append(tally)
            s = tally.summary()
            print(
                f"hostile: {name}: {s['tried']} tried, {s['tracebacks']} tracebacks, "
                f"{s['hangs']} hangs, {s['lost']} lost ({time.perf_counter() - t:.0f} s); "
                f"{s['outcomes']}",
                flush=True,
            )
            for failure in s["first_failures"]:
                print("  " + ascii(failure)[1:-1].replace("\\n", "\n  "), flush=True)
    if env_before is None:
        os.environ.pop(saves.ENV_SAVES, None)
    else:
        os.environ[saves.ENV_SAVES] = env_before
    bad = sum(len(t.tracebacks) + len(t.hangs) + len(t.lost) for t in parts)
    print(f"hostile: seed {seed}, {time.perf_counter() - start:.0f} s, {bad} failures")
    if out:
        out.write_text(json.dumps({t.name: t.summary() for t in parts}, indent=1))
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--saves", type=int, default=300, help="mutated saves to load")
    parser.add_argument("--cli", type=int, default=40, help="of them, through the command line")
    parser.add_argument("--data", type=int, default=80, help="mutated data folders")
    parser.add_argument("--lines", type=int, default=3000, help="lines typed in text mode")
    parser.add_argument("--kills", type=int, default=60, help="kill -9 of an autosaving child")
    parser.add_argument("--races", type=int, default=10, help="two copies of one game")
    parser.add_argument("--no-serve", action="store_true", help="skip the serve attacks")
    parser.add_argument("--flood", type=float, default=10.0, help="seconds of key flood")
    parser.add_argument("--limit", type=float, default=10.0, help="seconds before a hang")
    parser.add_argument("--out", type=Path, help="write a JSON report here")
    args = parser.parse_args(argv)
    return run(
        seed=args.seed,
        n_saves=args.saves,
        n_cli=args.cli,
        n_data=args.data,
        n_lines=args.lines,
        n_kills=args.kills,
        n_races=args.races,
        serve=not args.no_serve,
        flood_s=args.flood,
        limit=args.limit,
        out=args.out,
    )


if __name__ == "__main__":
    sys.exit(main())
