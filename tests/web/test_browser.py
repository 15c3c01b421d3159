"""``planet-king serve`` played in a real headless browser, as a player would.

The system's Chromium (Debian: ``apt-get install chromium``) is driven by the pinned
Playwright of the ``test`` extra, pointed at it with ``executable_path``: nothing is
downloaded at run time. The terminal is drawn on a canvas, so the text is read from the
page's websocket stream: the ANSI cursor moves are replayed on a grid of cells (the
colours are dropped), which also tells where to click.

Everything waits for text to appear (generous timeouts, for a loaded machine) instead of
sleeping, and the server's whole process group is killed in teardown whatever happens.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import unicodedata
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, WebSocket, sync_playwright

PLANET_KING = (sys.executable, "-m", "planet_king.cli")
TIMEOUT_S = 90.0  # any single step; a loaded 2-core machine can be slow to start Python
VIEWPORT = {"width": 1600, "height": 1000}  # wide enough for every panel at once

ESCAPE = re.compile(
    r"\x1b\[([0-9;?<>=$]*)[ -/]*([@-~])"  # CSI: cursor moves, colours, modes
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"  # OSC
    r"|\x1b[^\[\]]"  # two-byte escapes
)
SCROLLBAR = {code: " " for code in range(0x2580, 0x25A0)}  # Unicode's block elements


def chromium_path() -> str:
    for name in ("chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    pytest.fail(
        "Chromium is not installed, and the browser test needs the system's Chromium: "
        "on Debian or Ubuntu run `sudo apt-get install chromium` (`.ci/run` does it)."
    )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def group_members(pgid: int, parent: int | None = None) -> list[int]:
    """The live (not zombie) processes of a process group (those of one parent only)."""
    members = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:  # gone meanwhile
            continue
        fields = stat[stat.rindex(")") + 2 :].split()  # after "pid (comm) "
        if fields[0] != "Z" and int(fields[2]) == pgid and parent in (None, int(fields[1])):
            members.append(int(entry.name))
    return members


def tab_games(server: int) -> list[int]:
    """The games the server runs for its tabs: its own children (a game's advisor runs in
    processes of the game's, in the same group, which end with it)."""
    return group_members(server, parent=server)


def wait_until(what: str, check: Callable[[], bool], pump: Callable[[int], None]) -> None:
    deadline = time.monotonic() + TIMEOUT_S
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {TIMEOUT_S:.0f} s waiting for {what}")
        pump(200)


class Terminal:
    """One tab's terminal, rebuilt from what its websocket carried."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.stream = bytearray()
        self.size: tuple[int, int] | None = None  # columns, rows: the page says
        self.closed = False
        page.on("websocket", self._watch)

    def _watch(self, ws: WebSocket) -> None:
        ws.on("framereceived", self._received)
        ws.on("framesent", self._sent)
        ws.on("close", lambda _: setattr(self, "closed", True))

    def _received(self, frame: bytes | str) -> None:
        if isinstance(frame, bytes):  # the terminal's output; text frames are replies
            self.stream.extend(frame)

    def _sent(self, frame: bytes | str) -> None:
        m = re.match(r'\["resize",\s*\{"width":\s*(\d+),\s*"height":\s*(\d+)', str(frame))
        if m:
            self.size = int(m.group(1)), int(m.group(2))

    def text(self) -> str:
        """The whole stream as text, ANSI escapes stripped."""
        return ESCAPE.sub("", self.stream.decode("utf-8", errors="replace"))

    def lines(self) -> list[str]:
        """The screen now: the stream's text written where its cursor moves put it."""
        cols, rows = self.size or (80, 24)
        grid = [[" "] * cols for _ in range(rows)]
        row = col = 0

        def put(chunk: str) -> None:
            nonlocal row, col
            for ch in chunk:
                if ch == "\n":
                    row, col = row + 1, 0
                elif ch == "\r":
                    col = 0
                elif 0 <= row < rows and 0 <= col < cols:
                    grid[row][col] = ch
                    col += 2 if unicodedata.east_asian_width(ch) in "WF" else 1

        text = self.stream.decode("utf-8", errors="replace")
        pos = 0
        for m in ESCAPE.finditer(text):
            put(text[pos : m.start()])
            pos = m.end()
            if m.group(2) == "H":  # cursor position: row;column, from 1
                r, _, c = (m.group(1) or "").partition(";")
                row, col = int(r or 1) - 1, int(c or 1) - 1
            elif m.group(2) == "J" and m.group(1) == "2":  # clear the screen
                grid = [[" "] * cols for _ in range(rows)]
        put(text[pos:])
        return ["".join(cells).rstrip() for cells in grid]

    def screen(self) -> str:
        return "\n".join(self.lines())

    def wait_for(self, *texts: str, pattern: str | None = None) -> None:
        """Wait until every text (and the regular expression) is on the screen."""

        def shown() -> bool:
            screen = self.screen()
            return all(t in screen for t in texts) and (
                pattern is None or re.search(pattern, screen) is not None
            )

        what = " and ".join(map(repr, [*texts, *([pattern] if pattern else [])]))
        try:
            wait_until(what, shown, self.page.wait_for_timeout)
        except AssertionError as exc:
            raise AssertionError(f"{exc}; the screen:\n{self.screen()}") from None

    def panel(self, title: str) -> str:
        """What the box titled ``title`` shows ("╭─ Court ──╮"), as a player reads it: its
        lines inside the borders, wrapped lines joined, runs of spaces made one and the
        scrollbar's blocks left out."""
        lines = self.lines()
        corner = f"╭─ {title} "
        top = next((r for r, line in enumerate(lines) if corner in line), None)
        assert top is not None, f"no {title!r} panel on the screen:\n{self.screen()}"
        left = lines[top].index(corner)
        right = lines[top].index("╮", left)
        inside = []
        for line in lines[top + 1 :]:
            if line[left : left + 1] != "│":  # the bottom border
                break
            inside.append(line[left + 1 : right])
        return " ".join(" ".join(inside).translate(SCROLLBAR).split())

    def point(self, text: str) -> tuple[float, float]:
        """Where the middle of the first place ``text`` is shown is on the page."""
        assert self.size is not None
        cols, rows = self.size
        where = next(
            ((r, line.index(text)) for r, line in enumerate(self.lines()) if text in line), None
        )
        assert where is not None, f"{text!r} is not on the screen:\n{self.screen()}"
        box = self.page.locator(".xterm-screen").bounding_box()
        assert box is not None
        row, col = where
        x = box["x"] + box["width"] * (col + len(text) / 2) / cols
        y = box["y"] + box["height"] * (row + 0.5) / rows
        return x, y

    def click(self, text: str) -> None:
        """Click the middle of the first place ``text`` is shown, as a player would."""
        self.page.mouse.click(*self.point(text))

    def scroll_down(self, text: str) -> None:
        """Turn the mouse wheel a notch down over ``text``, as a player would."""
        self.page.mouse.move(*self.point(text))
        self.page.mouse.wheel(0, 100)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, subprocess.Popen[bytes], Path]]:
    """``planet-king serve`` on a free local port, in a process group of its own."""
    saves = tmp_path / "saves"
    port = free_port()
    log = (tmp_path / "server.log").open("wb")
    proc = subprocess.Popen(
        [*PLANET_KING, "serve", "--port", str(port), "--saves-dir", str(saves)],
        stdin=subprocess.DEVNULL,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + TIMEOUT_S
        while True:
            try:
                with urllib.request.urlopen(url, timeout=5) as page:
                    assert b"textual-terminal" in page.read()
                break
            except OSError:
                assert proc.poll() is None, (tmp_path / "server.log").read_text()
                assert time.monotonic() < deadline, "the server did not answer"
                time.sleep(0.2)
        yield url, proc, saves
    finally:
        with contextlib.suppress(ProcessLookupError):  # the group may be gone already
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=TIMEOUT_S)
        log.close()


@pytest.mark.slow
def test_a_served_hothead_game_plays_in_a_real_browser(server, tmp_path: Path) -> None:
    url, proc, saves = server
    pgid = proc.pid  # the server leads its group; each tab's game joins it
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path())
        try:
            context = browser.new_context(viewport=VIEWPORT)
            # hermetic: only our server (the page also asks a web font of Google)
            context.route(re.compile(r"^https?://(?!127\.0\.0\.1[:/])"), lambda r: r.abort())
            page = context.new_page()
            page.set_default_timeout(TIMEOUT_S * 1000)
            tab = Terminal(page)
            page.goto(url, wait_until="domcontentloaded")
            tab.wait_for("Scenarios", "Hothead", "The Planet King")

            # a second tab is a second game: its own process, its own title screen
            other_page = context.new_page()
            other = Terminal(other_page)
            other_page.goto(url, wait_until="domcontentloaded")
            other.wait_for("Scenarios", "Hothead")
            wait_until(
                "a game process per tab",
                lambda: len(tab_games(pgid)) == 2,
                page.wait_for_timeout,
            )

            # the seed by keyboard; Hothead started with the mouse. Textual moves the focus
            # after the key that asks it: wait for the footer to change, as a player would.
            page.bring_to_front()
            tab.click("THE PLANET KING")  # the banner: it gives the page the keyboard...
            page.wait_for_function(  # ...once the terminal's hidden text box has the focus
                "document.activeElement?.classList.contains('xterm-helper-textarea')"
            )
            page.keyboard.press("e")
            wait_until(  # the seed's field has the keys: the title's own are hidden
                "the seed's field to have the focus",
                lambda: "e Seed" not in tab.lines()[-1],
                page.wait_for_timeout,
            )
            page.keyboard.press("End")
            for _ in range(12):
                page.keyboard.press("Backspace")
            # the terminal may send a printable key before the Backspaces still in flight
            seed_field = r"Seed\s*│.*\n.*\n ▊\s+{}\s+▎"
            tab.wait_for(pattern=seed_field.format(""))
            page.keyboard.press("7")
            tab.wait_for(pattern=seed_field.format("7"))
            page.keyboard.press("Enter")
            wait_until(
                "the scenarios to have the focus again",
                lambda: "e Seed" in tab.lines()[-1],
                page.wait_for_timeout,
            )
            tab.click("▊ Hothead")
            tab.wait_for("Council of State", "Court", "seed 7", "send a noble from Court")

            page.keyboard.press("1")  # Francisco Pimentel takes the command
            tab.wait_for("move units into the new army?", "4. Done")
            tab.click("Done")
            tab.wait_for("Vacancy: choose a noble")

            # the board, each panel read as a player reads it (a long name wraps in its
            # column): the Council of State, the Italian war track and the Court
            council = tab.panel("Council of State")
            assert "Turn 1, the only turn (1628-1631)" in council and "3/12" in council, council
            wars = tab.panel("Wars")
            assert "War with France, Italian front" in wars, wars
            assert re.search(r"France 3 2 1 \[0\] 1 2 Spain", wars), wars
            # the accented names come through the stream unbroken
            court = tab.panel("Court")
            assert "Valido Gaspar de Guzmán" in court, court
            assert "Noble 3 Gonzalo Fernández de Córdoba" in court, court
            assert "\ufffd" not in tab.text()
            shot = tmp_path / "served-hothead.png"  # the first screen of the game
            page.screenshot(path=str(shot))
            assert shot.stat().st_size > 10_000
            # the mouse wheel scrolls the Court to its offices, the office and its holder
            # whole (wherever the window's fold falls, they are in view after it)
            tab.scroll_down("Noble 2")
            wait_until(
                "the Court to scroll to its offices",
                lambda: "Viceroy of Italy García de Avellaneda y Haro" in tab.panel("Court"),
                page.wait_for_timeout,
            )
            # the other tab never left its title screen
            assert "Council of State" not in other.screen()

            # the rules reference and the advisor are served too
            page.keyboard.press("r")
            tab.wait_for("search the rules", "Escape closes")
            page.keyboard.press("Escape")
            wait_until(
                "the rules to close",
                lambda: "search the rules" not in tab.screen(),
                page.wait_for_timeout,
            )
            page.keyboard.press("h")  # the evaluator's guess, then the playouts' table
            tab.wait_for("The advisor: ", "The advisor never changes your game")
            page.keyboard.press("Escape")
            wait_until(
                "the advisor to close",
                lambda: "The advisor never changes your game" not in tab.screen(),
                page.wait_for_timeout,
            )

            # a closed tab takes its game with it
            other_page.close()
            wait_until(
                "the closed tab's game to end",
                lambda: len(tab_games(pgid)) == 1,
                page.wait_for_timeout,
            )

            page.keyboard.press("q")  # quit, asked first: autosaved, the session ends
            tab.wait_for("Leave the game?", "It is autosaved")
            page.keyboard.press("y")
            wait_until("the session to end", lambda: tab.closed, page.wait_for_timeout)
            wait_until(
                "the game process to end",
                lambda: group_members(pgid) == [pgid],
                page.wait_for_timeout,
            )

            # Ctrl+C stops the server at once, open tabs included, and leaves nothing
            last_page = context.new_page()
            last = Terminal(last_page)
            last_page.goto(url, wait_until="domcontentloaded")
            last.wait_for("Scenarios")
            proc.send_signal(signal.SIGINT)
            wait_until("the server to stop", lambda: proc.poll() is not None, page.wait_for_timeout)
            assert proc.returncode == 0
            log = (tmp_path / "server.log").read_text()
            assert log.rstrip().endswith("Stopped.") and "Traceback" not in log, log
            wait_until("the last tab's session to end", lambda: last.closed, page.wait_for_timeout)
            wait_until(
                "every served process to end",
                lambda: group_members(pgid) == [],
                page.wait_for_timeout,
            )
        finally:
            browser.close()

    autosaves = sorted(saves.glob("autosave-*-hothead-7-*.json"), key=lambda p: p.stat().st_mtime)
    assert autosaves, f"no autosave in {saves}: {sorted(saves.iterdir())}"
    latest = autosaves[-1]
    replay = subprocess.run(
        [*PLANET_KING, "replay", str(latest), "--verify", "--log"],
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
    )
    assert replay.returncode == 0, replay.stderr
    assert "ok: " in replay.stdout and "2 choices replay" in replay.stdout
    assert ">>> choice 1 (valido): Francisco Pimentel takes command" in replay.stdout
    assert ">>> choice 2 (valido): Done [done]" in replay.stdout

    # the same saves folder is the terminal game's: it resumes there
    resumed = subprocess.run(
        [*PLANET_KING, "resume", "--text", "--saves-dir", str(saves)],
        input="q\n",
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
    )
    assert resumed.returncode == 0, resumed.stderr
    assert "Vacancy: choose a noble" in resumed.stdout


def test_without_chromium_the_browser_test_fails_saying_how_to_install_it(monkeypatch) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    with pytest.raises(pytest.fail.Exception, match=r"apt-get install chromium"):
        chromium_path()


FOREIGN_PAGE = """<!DOCTYPE html><html><body><script>
  window.outcome = "pending";
  const ws = new WebSocket("ws://127.0.0.1:{port}/ws?width=80&height=24");
  ws.onopen = () => {{ window.outcome = "open"; ws.send(JSON.stringify(["stdin", "a"])); }};
  ws.onmessage = () => {{ window.outcome = "driven"; }};
  ws.onclose = () => {{ if (window.outcome === "pending") window.outcome = "refused"; }};
</script></body></html>"""


def test_no_other_page_in_the_players_browser_drives_the_served_game(server, tmp_path) -> None:
    """Issue 34, 1: a page of another origin (here another port of this computer, as a
    local tool's page would be) opening the game's websocket is refused before a game
    starts; so is the served address reached under another name (DNS rebinding)."""
    url, proc, saves = server
    port = int(url.rsplit(":", 1)[1].strip("/"))
    foreign = tmp_path / "foreign"
    foreign.mkdir()
    (foreign / "index.html").write_text(FOREIGN_PAGE.format(port=port))
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(foreign))
    site = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=site.serve_forever, daemon=True).start()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=chromium_path(),
            args=["--host-resolver-rules=MAP rebound.test 127.0.0.1"],
        )
        try:
            page = browser.new_page()
            page.set_default_timeout(TIMEOUT_S * 1000)
            page.goto(f"http://127.0.0.1:{site.server_port}/", wait_until="load")
            wait_until(
                "the foreign page's websocket to end",
                lambda: page.evaluate("window.outcome") != "pending",
                page.wait_for_timeout,
            )
            assert page.evaluate("window.outcome") == "refused"
            rebound = page.goto(f"http://rebound.test:{port}/", wait_until="load")
            assert rebound is not None and rebound.status == 403
            assert "textual-terminal" not in page.content()
        finally:
            browser.close()
            site.shutdown()
    assert tab_games(proc.pid) == []  # no game was started for them
    assert not saves.exists() or not any(saves.iterdir())
    log = (tmp_path / "server.log").read_text()
    assert f"refused GET /ws from Host '127.0.0.1:{port}': Origin 'http://127.0.0.1:" in log, log
    assert f"refused GET /: Host 'rebound.test:{port}' is not the address served" in log, log
    assert "Traceback" not in log
