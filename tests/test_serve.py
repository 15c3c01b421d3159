"""``planet-king serve`` without a browser: the choice of interface for a served game, the
game's life tied to its server, and the server's own errors and messages.

textual-serve runs each tab's game over pipes with $TEXTUAL_DRIVER naming Textual's web
driver; a game that starts its full-screen interface there first writes the web driver's
``__GANGLION__`` line, and quits when sent the "quit" packet a closing tab sends. The
real browser test is ``tests/web/test_browser.py``.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

from typer.testing import CliRunner

from planet_king.cli import app
from planet_king.serve import (
    WEB_DRIVER,
    banner,
    host_allowed,
    is_loopback,
    origin_allowed,
    tab_command,
)

PLANET_KING = (sys.executable, "-m", "planet_king.cli")
TIMEOUT_S = 90.0  # Python and Textual start slowly on a loaded machine


def quit_packet() -> bytes:
    """What textual-serve sends a game when its tab closes (a meta packet)."""
    payload = json.dumps({"type": "quit"}).encode()
    return b"M" + len(payload).to_bytes(4, "big") + payload


def first_line(proc: subprocess.Popen[bytes]) -> bytes:
    """The first line the process writes, waited for in a thread (pipes have no timeout)."""
    assert proc.stdout is not None
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(proc.stdout.readline()), daemon=True)
    reader.start()
    reader.join(TIMEOUT_S)
    assert got, "no line written"
    return got[0]


def served(*args: str, driver: str | None = WEB_DRIVER) -> subprocess.Popen[bytes]:
    env = {k: v for k, v in os.environ.items() if k != "TEXTUAL_DRIVER"}
    if driver is not None:
        env["TEXTUAL_DRIVER"] = driver
    return subprocess.Popen(
        [*PLANET_KING, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=env,
    )


def assert_full_screen_then_quits(proc: subprocess.Popen[bytes]) -> None:
    try:
        assert first_line(proc) == b"__GANGLION__\n"  # the web driver's greeting
        assert proc.stdin is not None
        proc.stdin.write(quit_packet())
        proc.stdin.flush()
        threading.Thread(target=proc.stdout.read, daemon=True).start()  # keep it flowing
        assert proc.wait(timeout=TIMEOUT_S) == 0
    finally:
        proc.kill()


def test_play_in_a_browser_tab_opens_the_full_screen_game(tmp_path: Path) -> None:
    proc = served("play", "hothead", "--seed", "7", "--saves-dir", str(tmp_path))
    assert_full_screen_then_quits(proc)


def test_resume_in_a_browser_tab_opens_the_full_screen_game(tmp_path: Path) -> None:
    subprocess.run(
        [*PLANET_KING, "play", "hothead", "--seed", "7", "--text", "--saves-dir", str(tmp_path)],
        input=b"1\nq\n",
        check=True,
        capture_output=True,
        timeout=TIMEOUT_S,
    )
    assert list(tmp_path.glob("autosave-*.json"))
    assert_full_screen_then_quits(served("resume", "--saves-dir", str(tmp_path)))


def test_the_title_screen_in_a_browser_tab_is_full_screen(tmp_path: Path) -> None:
    assert_full_screen_then_quits(served("--saves-dir", str(tmp_path)))


class WebDriverStream:
    """A served game's stdout, read in a thread: the web driver's greeting line, then
    packets (a type byte, a 4-byte big-endian length, the payload) and nothing else."""

    def __init__(self, proc: subprocess.Popen[bytes]) -> None:
        assert proc.stdout is not None
        self.stdout = proc.stdout
        self.data = bytearray()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        while chunk := self.stdout.read1(65536):
            self.data.extend(chunk)

    def packets(self) -> list[tuple[bytes, bytes]]:
        """The packets so far; fails on any byte that is not part of one."""
        greeting = b"__GANGLION__\n"
        if len(self.data) < len(greeting):
            return []  # not yet
        assert self.data.startswith(greeting), bytes(self.data[:80])
        found, pos = [], len(greeting)
        while pos + 5 <= len(self.data):
            kind, size = (
                bytes(self.data[pos : pos + 1]),
                int.from_bytes(self.data[pos + 1 : pos + 5]),
            )
            assert kind in (b"D", b"M", b"P"), f"not a packet: {bytes(self.data[pos : pos + 40])!r}"
            if pos + 5 + size > len(self.data):
                break  # still coming
            found.append((kind, bytes(self.data[pos + 5 : pos + 5 + size])))
            pos += 5 + size
        return found

    def screen_text(self) -> str:
        return b"".join(p for kind, p in self.packets() if kind == b"D").decode(errors="replace")

    def wait_for(self, text: str) -> None:
        deadline = time.monotonic() + TIMEOUT_S
        while text not in self.screen_text():
            assert time.monotonic() < deadline, f"{text!r} never shown"
            time.sleep(0.1)


def press(proc: subprocess.Popen[bytes], keys: bytes) -> None:
    """Keys as textual-serve relays them from the page: a data packet."""
    assert proc.stdin is not None
    proc.stdin.write(b"D" + len(keys).to_bytes(4, "big") + keys)
    proc.stdin.flush()


def quit_a_served_game(
    saves: Path,
    before_quitting: Callable[[subprocess.Popen[bytes], WebDriverStream], None] = lambda *_: None,
) -> tuple[WebDriverStream, str]:
    """``play`` in a browser tab, quit with Ctrl+Q (autosave and leave) once on screen:
    the stream it wrote, and its stderr."""
    env = {**os.environ, "TEXTUAL_DRIVER": WEB_DRIVER, "COLUMNS": "120", "ROWS": "40"}
    proc = subprocess.Popen(
        [*PLANET_KING, "play", "hothead", "--seed", "7", "--saves-dir", str(saves)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    try:
        stream = WebDriverStream(proc)
        stream.wait_for("Council of State")
        before_quitting(proc, stream)
        press(proc, b"\x11")  # Ctrl+Q
        assert proc.wait(timeout=TIMEOUT_S) == 0
        stream.reader.join(TIMEOUT_S)
        assert proc.stderr is not None
        return stream, proc.stderr.read().decode()
    finally:
        proc.kill()
        proc.wait()


def test_a_served_game_quits_without_writing_past_the_web_drivers_stream(tmp_path: Path) -> None:
    """A terminal is told "Game autosaved.", a browser tab is not: after a served game's
    screen is gone its stdout is still textual-serve's packet stream, where a line of
    text is noise in the protocol that no player sees."""
    stream, errors = quit_a_served_game(tmp_path)
    assert list(tmp_path.glob("autosave-*-hothead-7-*.json"))  # it did autosave
    packets = stream.packets()  # every byte written is part of a packet...
    assert sum(5 + len(p) for _, p in packets) + len(b"__GANGLION__\n") == len(stream.data)
    assert packets[-1] == (b"M", b'{"type": "exit"}')  # ...and the driver's exit is the last
    assert "autosaved" not in errors


def test_a_served_games_failed_autosave_is_told_on_stderr_for_the_servers_console(
    tmp_path: Path,
) -> None:
    """A failed autosave must still be told: textual-serve passes a game's stderr to the
    console of the server (stdout goes nowhere a person reads)."""
    saves = tmp_path / "saves"

    def choose_once_the_saves_folder_is_a_file(
        proc: subprocess.Popen[bytes], stream: WebDriverStream
    ) -> None:
        shutil.rmtree(saves)
        saves.write_text("")
        press(proc, b"1")  # Francisco Pimentel takes the command: a move to autosave
        stream.wait_for("move units into the new army?")

    stream, errors = quit_a_served_game(saves, choose_once_the_saves_folder_is_a_file)
    assert errors.startswith("Autosave failed: ") and str(saves) in errors, errors
    assert stream.packets()[-1] == (b"M", b'{"type": "exit"}')
    assert b"Autosave failed" not in stream.data


def test_without_a_terminal_nor_a_browser_the_game_is_plain_text(tmp_path: Path) -> None:
    proc = served("play", "hothead", "--seed", "7", "--saves-dir", str(tmp_path), driver=None)
    try:
        assert first_line(proc).startswith(b"Not a terminal: playing in plain-text mode")
    finally:
        proc.kill()
        proc.wait()


def test_a_served_game_quits_when_its_server_is_killed(tmp_path: Path) -> None:
    """A server killed outright cannot ask its games to quit: they must notice."""
    server_stand_in = (
        "import subprocess, sys, time\n"
        "game = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE,"
        " stderr=subprocess.DEVNULL)\n"
        "print(game.pid, game.stdout.readline().decode().strip(), flush=True)\n"
        "time.sleep(600)\n"
    )
    env = dict(os.environ, TEXTUAL_DRIVER=WEB_DRIVER)
    parent = subprocess.Popen(
        [sys.executable, "-c", server_stand_in, *PLANET_KING, "--saves-dir", str(tmp_path)],
        stdout=subprocess.PIPE,
        env=env,
    )
    game_pid = 0
    try:
        pid, greeting = first_line(parent).split()
        game_pid = int(pid)
        assert greeting == b"__GANGLION__"
        parent.kill()
        parent.wait()
        deadline = time.monotonic() + TIMEOUT_S
        while alive(game_pid):
            assert time.monotonic() < deadline, "the game outlived its server"
            time.sleep(0.1)
    finally:
        parent.kill()
        if game_pid and alive(game_pid):
            os.kill(game_pid, signal.SIGKILL)


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie waiting for its new parent to reap it does not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] != "Z"


# ------------------------------------------------------------------ the server itself
runner = CliRunner()


def test_serve_on_a_taken_port_is_one_line_exit_two(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run(
            [*PLANET_KING, "serve", "--port", str(port), "--saves-dir", str(tmp_path)],
            capture_output=True,
            text=True,
            timeout=TIMEOUT_S,
        )
    assert result.returncode == 2
    assert result.stderr.startswith(f"planet-king: error: cannot listen on 127.0.0.1:{port}: ")
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert "served at" not in result.stdout  # the address is announced once it is open


def test_serve_refuses_a_saves_dir_that_is_a_file(tmp_path: Path) -> None:
    not_a_folder = tmp_path / "saves"
    not_a_folder.write_text("")
    result = runner.invoke(app, ["serve", "--saves-dir", str(not_a_folder)])
    assert result.exit_code == 2
    assert "not a folder" in result.output


def test_serve_binds_to_this_computer_unless_told_and_then_warns(tmp_path: Path) -> None:
    local = "\n".join(banner("http://127.0.0.1:8000", "127.0.0.1", tmp_path))
    assert "http://127.0.0.1:8000" in local and "this computer only" in local
    assert "no authentication" not in local
    shared = "\n".join(banner("http://0.0.0.0:8000", "0.0.0.0", tmp_path))
    assert "Warning" in shared and "no authentication" in shared
    assert is_loopback("localhost") and is_loopback("::1") and is_loopback("127.0.0.2")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.5")
    assert "--host" in runner.invoke(app, ["serve", "--help"]).output


def test_each_tab_runs_the_title_screen_with_the_saves_and_the_data(tmp_path: Path) -> None:
    command = tab_command(tmp_path / "my saves", tmp_path / "data")
    assert command.startswith("exec ")  # the game is the server's child: no shell between
    assert f"'{tmp_path / 'my saves'}'" in command  # quoted: a space does not split it
    assert command.endswith(f"--data-dir {tmp_path / 'data'}")


def test_title_screen_options_are_refused_before_a_command() -> None:
    result = runner.invoke(app, ["--saves-dir", "x", "scenarios"])
    assert result.exit_code == 2
    assert "put them after 'scenarios'" in result.output


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_the_page_connects_back_to_the_address_the_browser_used(tmp_path: Path) -> None:
    """Served with --host 0.0.0.0, the listening address is no address to browse to: the
    page's websocket must follow the Host the browser asked (when it is a plain name)."""
    port = free_port()
    server = subprocess.Popen(
        [*PLANET_KING, "serve", "--port", str(port), "--saves-dir", str(tmp_path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert first_line(server).startswith(
            f"The Planet King is served at http://127.0.0.1:{port}"
        )

        def page(host: str) -> str:
            request = urllib.request.Request(f"http://127.0.0.1:{port}/", headers={"Host": host})
            with urllib.request.urlopen(request, timeout=TIMEOUT_S) as response:
                return response.read().decode()

        assert f'"ws://localhost:{port}/ws"' in page(f"localhost:{port}")
        assert f'"ws://127.0.0.1:{port}/ws"' in page(f"127.0.0.1:{port}")
        server.send_signal(signal.SIGINT)
        out, _ = server.communicate(timeout=TIMEOUT_S)
        assert server.returncode == 0 and out.rstrip().endswith("Stopped."), out
    finally:
        server.kill()
        server.wait()


def test_a_request_must_name_the_address_served() -> None:
    """Issue 34, 1: a site whose name points at 127.0.0.1 (DNS rebinding) sends its own
    name as the Host; only the names of the address served are let in, with its port."""
    assert host_allowed("127.0.0.1:8000", "127.0.0.1", 8000)
    assert host_allowed("localhost:8000", "127.0.0.1", 8000)
    assert host_allowed("[::1]:8000", "::1", 8000)
    assert host_allowed("LOCALHOST:8000", "127.0.0.1", 8000)
    assert not host_allowed("evil.example:8000", "127.0.0.1", 8000)
    assert not host_allowed("127.0.0.1:8001", "127.0.0.1", 8000)  # another port
    assert not host_allowed("127.0.0.1", "127.0.0.1", 8000)
    assert host_allowed("localhost", "127.0.0.1", 80)
    assert not host_allowed('x"><script>:8000', "127.0.0.1", 8000)
    assert not host_allowed(":8000", "127.0.0.1", 8000)
    # on every address: any address and this computer's names, no one else's
    assert host_allowed("192.168.1.5:8000", "0.0.0.0", 8000)
    assert not host_allowed("evil.example:8000", "0.0.0.0", 8000)
    # on one address: that one (and this computer's loopback)
    assert host_allowed("192.168.1.5:8000", "192.168.1.5", 8000)
    assert not host_allowed("192.168.1.6:8000", "192.168.1.5", 8000)


def test_a_websocket_must_come_from_the_served_page() -> None:
    assert origin_allowed("http://127.0.0.1:8000", "http", "127.0.0.1:8000")
    assert not origin_allowed("http://127.0.0.1:9000", "http", "127.0.0.1:8000")
    assert not origin_allowed("https://evil.example", "http", "127.0.0.1:8000")
    assert not origin_allowed("null", "http", "127.0.0.1:8000")  # a sandboxed or file page
    assert not origin_allowed(None, "http", "127.0.0.1:8000")


def test_the_server_refuses_another_host_in_one_console_line(tmp_path: Path) -> None:
    port = free_port()
    server = subprocess.Popen(
        [*PLANET_KING, "serve", "--port", str(port), "--saves-dir", str(tmp_path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        first_line(server)
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/", headers={"Host": f"rebound.example:{port}"}
        )
        try:
            urllib.request.urlopen(request, timeout=TIMEOUT_S)
            status = 200
        except urllib.error.HTTPError as exc:
            status = exc.code
        assert status == 403
        server.send_signal(signal.SIGINT)
        out, _ = server.communicate(timeout=TIMEOUT_S)
        assert f"refused GET /: Host 'rebound.example:{port}' is not the address served" in out
        assert "Traceback" not in out
    finally:
        server.kill()
        server.wait()
