"""``planet-king serve``: the game in a web browser, served by textual-serve.

textual-serve starts one game process per browser tab (the title screen, exactly as
``planet-king`` opens it in a terminal) and relays its screen and keys over a websocket.
The game process talks to it through pipes, with Textual's web driver named in
$TEXTUAL_DRIVER; the command line recognises that driver when it chooses the interface.

No process outlives what it serves: a closed tab or a game that ends stops its process
(textual-serve asks it to quit), stopping the server asks every open tab's game to quit,
and a game whose server died without asking quits by itself (see ``exit_with_server``);
a game that has not quit KILL_AFTER_S after it was asked is killed (``stop_game``).

Only the served page drives a game (``host_allowed``, ``origin_allowed``: no other site
nor DNS rebinding), and no tab can eat the machine: its size is clamped, its messages
capped and its keys throttled, and at most ``--max-tabs`` games run at once.
"""

from __future__ import annotations

import contextlib
import ipaddress
import json
import logging
import os
import re
import shlex
import signal
import socket
import sys
import time
from pathlib import Path
from typing import Any

# What textual-serve puts in $TEXTUAL_DRIVER for the game processes it starts.
WEB_DRIVER = "textual.drivers.web_driver:WebDriver"
KILL_AFTER_S = 5.0  # a game that has not quit this long after it was asked is killed
MAX_COLUMNS, MAX_ROWS = 400, 150  # a tab's terminal is clamped to this (a 4K screen's)
MAX_MESSAGE_BYTES = 16 * 1024  # a longer websocket message closes its tab
STDIN_BYTES_PER_S = 2048  # keys and mouse reports reach a game this fast (after 16 KB)
MAX_TABS = 8  # games served at once: each is a process of some 60 MB


def too_many_tabs(max_tabs: int) -> str:
    """What a tab refused for want of room reads in its terminal."""
    return (
        f"\r\n  Too many tabs: this server plays {max_tabs} games at once.\r\n"
        "  Close another tab of it, then reload this page.\r\n"
    )


LOG_LINE_CHARS = 200  # a console line says what happened, never a whole bad request

log = logging.getLogger("planet_king.serve")


class ServeError(Exception):
    """The server cannot start (the address is taken, the host is unknown...)."""


def served_in_browser() -> bool:
    """Whether this process is a game that textual-serve runs for a browser tab."""
    return os.environ.get("TEXTUAL_DRIVER", "") == WEB_DRIVER


def is_loopback(host: str) -> bool:
    """Whether ``host`` is reachable from this computer only."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        pass
    try:  # the short IPv4 forms the resolver takes: 127.1, 2130706433
        return ipaddress.ip_address(socket.inet_aton(host)).is_loopback
    except OSError:
        return False


def split_host(header: str) -> tuple[str, str]:
    """A Host header's name (lower case, IPv6 without brackets) and port ("" if none)."""
    header = header.strip().lower()
    if header.startswith("["):
        name, _, rest = header[1:].partition("]")
        return name, rest.removeprefix(":")
    name, _, port = header.rpartition(":") if header.count(":") == 1 else (header, "", "")
    return name, port


def this_computers_names() -> set[str]:
    """The names this computer answers to on a network (for a server on every address)."""
    names = {"localhost"}
    with contextlib.suppress(OSError, UnicodeError):
        hostname = socket.gethostname().lower()
        names |= {hostname, f"{hostname}.local", socket.getfqdn().lower()}
    return names


def host_allowed(header: str, served_host: str, port: int) -> bool:
    """Whether a request's Host header names the address served.

    A page of another site whose name its owner points at 127.0.0.1 (DNS rebinding)
    sends its own name as the Host: refused. Served on this computer only, only loopback
    names and addresses are allowed; on every address, any IP address and this
    computer's own names; on one address, that address (or name) and the loopback."""
    name, given_port = split_host(header)
    if given_port != str(port) and not (given_port == "" and port == 80):
        return False
    if not name or is_loopback(name):
        return bool(name)
    if is_loopback(served_host):
        return False
    if served_host in ("0.0.0.0", "::", ""):
        try:
            ipaddress.ip_address(name)
            return True
        except ValueError:
            return name in this_computers_names()
    return name == split_host(served_host)[0]


def origin_allowed(origin: str | None, scheme: str, host_header: str) -> bool:
    """Whether a websocket's Origin is the served page's own: the page the server sent
    (same scheme, same host and port) and no other site's, nor another port's."""
    return origin is not None and origin.lower() == f"{scheme}://{host_header}".lower()


def tab_command(saves_dir: Path, data_dir: Path | None) -> str:
    """The shell command textual-serve runs for each tab: this program's title screen.

    ``exec`` makes the game the server's own child (no shell in between), so quitting,
    signals and ``exit_with_server`` reach it directly."""
    args = [sys.executable, "-m", "planet_king.cli", "--saves-dir", str(saves_dir.resolve())]
    if data_dir is not None:
        args += ["--data-dir", str(data_dir.resolve())]
    return "exec " + shlex.join(args)


def banner(url: str, host: str, saves_dir: Path) -> list[str]:
    """What ``serve`` prints when it starts listening."""
    lines = [f"The Planet King is served at {url}  (open it in a web browser)"]
    if is_loopback(host):
        lines.append("Reachable from this computer only (--host ADDRESS to serve others).")
    else:
        lines.append(
            f"Warning: listening on {host}: anyone who can reach this address can play and "
            "write saves here; there is no authentication."
        )
    lines.append(f"Each tab is its own game; saves go to {saves_dir.resolve()}.")
    lines.append("Press Ctrl+C to stop.")
    return lines


class OneLineFormatter(logging.Formatter):
    """A log record as one line: the message and, for an error, its exception's type
    and words, cut short (a bad request is a line, not a traceback with its locals)."""

    def format(self, record: logging.LogRecord) -> str:
        text = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            exc = record.exc_info[1]
            text += f": {type(exc).__name__}: {exc}"
        text = " ".join(text.split())
        if len(text) > LOG_LINE_CHARS:
            text = text[: LOG_LINE_CHARS - 1] + "…"
        return f"{record.levelname.lower()}: {text}" if record.levelno >= logging.WARNING else text


def query_int(value: str | None, default: int) -> int:
    try:
        return int(value) if value is not None else default
    except ValueError:
        return default


def clamp_size(width: object, height: object) -> tuple[int, int] | None:
    """A terminal size a tab may ask, clamped to MAX_COLUMNS x MAX_ROWS; None if the
    values are no sizes at all (a string, null, a fraction)."""
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (width, height)):
        return None
    assert isinstance(width, int) and isinstance(height, int)
    return min(max(width, 1), MAX_COLUMNS), min(max(height, 1), MAX_ROWS)


def read_message(text: str) -> tuple[str, Any] | None:
    """A tab's websocket message as (kind, data), checked; None if it is malformed.

    The page sends ``["stdin", keys]``, ``["resize", {"width": w, "height": h}]``,
    ``["ping", data]``, ``["blur"]`` and ``["focus"]``; a resize comes back clamped."""
    try:
        envelope = json.loads(text)
    except ValueError:
        return None
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        return None
    kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
    if kind == "stdin":
        return (kind, data) if isinstance(data, str) else None
    if kind == "resize":
        size = clamp_size(data.get("width"), data.get("height")) if isinstance(data, dict) else None
        return (kind, size) if size is not None else None
    if kind in ("ping", "blur", "focus"):
        return kind, data
    return None


class Throttle:
    """A token bucket: keys reach a game at a typist's pace, whatever a tab floods."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.allowance = burst
        self.last = time.monotonic()

    async def take(self, amount: int) -> None:
        import asyncio

        now = time.monotonic()
        self.allowance = min(self.burst, self.allowance + (now - self.last) * self.rate)
        self.last = now
        self.allowance -= amount
        if self.allowance < 0:
            await asyncio.sleep(-self.allowance / self.rate)


async def stop_game(service: Any) -> None:
    """Ask a tab's game to quit (textual-serve's stop) and kill it if it has not quit
    KILL_AFTER_S later: a game busy for minutes, or stopped, must not outlive its tab.

    The wait is for the game's process, not for ``stop``: ``stop`` waits for
    textual-serve's reader of the game's screen, which ends by itself when a write to
    the closed tab fails (the game drew as its tab closed), and ``stop`` then returns
    at once, the game still running."""
    import asyncio

    stopping = asyncio.ensure_future(service.stop())
    process = getattr(service, "_process", None)  # textual-serve 1.1 keeps it private
    if process is not None:
        exited = asyncio.ensure_future(process.wait())
        await asyncio.wait({exited}, timeout=KILL_AFTER_S)
        if not exited.done():
            log.warning(
                "killed a game (pid %d): it had not quit %g s after asked",
                process.pid,
                KILL_AFTER_S,
            )
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            await exited
    await stopping


def _what(request: Any) -> tuple[str, str, str]:
    return request.method, request.path, request.host


def exit_with_server() -> None:
    """Quit this served game when the server that started it dies.

    textual-serve asks a game to quit when its tab closes or the server stops, but a
    server that is killed cannot ask: the game would wait for keys forever. On Linux the
    kernel sends us SIGTERM when our parent dies (the web driver quits on SIGTERM)."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    pr_set_pdeathsig = 1
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(pr_set_pdeathsig, signal.SIGTERM, 0, 0, 0)
    except (OSError, AttributeError):  # no prctl here: the quit messages still work
        return
    if os.getppid() == 1:  # the server died before we asked
        os.kill(os.getpid(), signal.SIGTERM)


def serve(
    host: str, port: int, saves_dir: Path, data_dir: Path | None, max_tabs: int = MAX_TABS
) -> None:
    """Serve the game until Ctrl+C (or SIGTERM); raises ServeError if it cannot listen."""
    import asyncio

    from aiohttp import WSCloseCode, WSMsgType, web
    from textual_serve.app_service import AppService
    from textual_serve.server import Server

    url_host = f"[{host}]" if ":" in host else host
    shown_host = socket.gethostname() if host in ("0.0.0.0", "::") else url_host

    @web.middleware
    async def guard(request: web.Request, handler: Any) -> web.StreamResponse:
        """Only the served page drives a game: a request must name the address served
        (no DNS rebinding) and a websocket must come from the served page's own origin
        (no other site, nor another port of this computer, in the player's browser)."""
        if not host_allowed(request.host, host, port):
            log.warning("refused %s %s: Host %r is not the address served", *_what(request))
            raise web.HTTPForbidden(text="Forbidden: this is not the address served.\n")
        if request.path == "/ws" and not origin_allowed(
            request.headers.get("Origin"), request.scheme, request.host
        ):
            origin = request.headers.get("Origin")
            log.warning(
                "refused %s %s from Host %r: Origin %r is another page's", *_what(request), origin
            )
            raise web.HTTPForbidden(text="Forbidden: only the served page may connect.\n")
        return await handler(request)

    class GameServer(Server):
        """textual-serve's server, with our banner and every open game quit on shutdown."""

        def __init__(self) -> None:
            super().__init__(
                tab_command(saves_dir, data_dir), host=host, port=port, title="The Planet King"
            )
            self.public_url = self.default_url = f"http://{shown_host}:{port}"
            self.tabs: dict[web.WebSocketResponse, Any] = {}  # websocket -> its AppService

        async def handle_index(self, request: web.Request) -> web.StreamResponse:
            # The page's script and websocket point back at the address the browser used:
            # with --host 0.0.0.0 the listening address is no address to browse to.
            # (No await before textual-serve reads it: no other request can interleave.)
            plain = re.fullmatch(r"[A-Za-z0-9.:\[\]-]+", request.host)  # goes into a script
            self.public_url = f"{request.scheme}://{request.host}" if plain else self.default_url
            return await super().handle_index(request)

        def initialize_logging(self) -> None:
            handler = logging.StreamHandler(sys.stdout)
            handler.setFormatter(OneLineFormatter())
            logging.basicConfig(level=logging.INFO, handlers=[handler], force=True)

        async def _make_app(self) -> web.Application:
            app = await super()._make_app()
            app.middlewares.append(guard)
            return app

        async def on_startup(self, app: web.Application) -> None:
            pass  # textual-serve's banner names the shell command: ours is printed below

        def serve(self, debug: bool = False) -> None:
            # textual-serve's serve(), but the banner is printed once the port is open
            # (aiohttp calls ``print`` then), so a taken port shows the error alone
            self.debug = debug
            self.initialize_logging()
            loop = asyncio.new_event_loop()
            for sig in (signal.SIGINT, signal.SIGTERM):
                with contextlib.suppress(NotImplementedError):  # Windows
                    loop.add_signal_handler(sig, self.request_exit)
            web.run_app(
                self._make_app(),
                host=host,
                port=port,
                handle_signals=False,
                loop=loop,
                print=lambda _running: print(
                    "\n".join(banner(self.public_url, host, saves_dir)), flush=True
                ),
            )

        async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
            # textual-serve's, with limits: a tab gets a game of a sane size, messages of
            # a sane length at a typist's pace, and no more tabs than MAX_TABS at once
            websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE_BYTES)
            width, height = clamp_size(
                query_int(request.query.get("width"), 80),
                query_int(request.query.get("height"), 24),
            ) or (80, 24)
            await websocket.prepare(request)
            if len(self.tabs) >= max_tabs:
                log.warning("refused a tab: %d tabs are open already", max_tabs)
                await websocket.send_bytes(too_many_tabs(max_tabs).encode())
                await websocket.close(code=WSCloseCode.TRY_AGAIN_LATER, message=b"too many tabs")
                return websocket

            async def close_tab() -> None:
                await websocket.close()

            service = AppService(
                self.command,
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=close_tab,
                download_manager=self.download_manager,
                debug=self.debug,
            )
            # A tab's websocket stays open as long as its game: remember both, so that a
            # shutdown closes it (which quits its game) instead of waiting a minute for it.
            self.tabs[websocket] = service  # before any wait: the count is never raced
            try:
                await service.start(width, height)
                await self._process_messages(websocket, service)
            except asyncio.CancelledError:
                pass
            except Exception as exc:  # one line in the console, the other tabs go on
                log.warning("a tab ended on an error", exc_info=exc)
            finally:
                self.tabs.pop(websocket, None)
                await websocket.close()
                await stop_game(service)
            return websocket

        async def _process_messages(self, websocket: web.WebSocketResponse, service: Any) -> None:
            throttle = Throttle(STDIN_BYTES_PER_S, MAX_MESSAGE_BYTES)
            complained = False
            async for message in websocket:
                if message.type == WSMsgType.ERROR:  # aiohttp closes the websocket
                    too_big = getattr(message.data, "code", None) == WSCloseCode.MESSAGE_TOO_BIG
                    reason = f"a message over {MAX_MESSAGE_BYTES} bytes" if too_big else "an error"
                    log.warning("closed a tab: it sent %s", reason)
                if message.type != WSMsgType.TEXT:
                    continue
                what = read_message(message.data)
                if what is None:
                    if not complained:  # once a tab: a flood of junk is not a flood of lines
                        log.warning("ignored a malformed message from a tab: %.60r", message.data)
                        complained = True
                    continue
                kind, data = what
                if kind == "stdin":
                    await throttle.take(len(data))
                    await service.send_bytes(data.encode("utf-8", errors="replace"))
                elif kind == "resize":
                    await service.set_terminal_size(*data)
                elif kind == "ping":
                    await websocket.send_json(["pong", data])
                elif kind == "blur":
                    await service.blur()
                elif kind == "focus":
                    await service.focus()

        async def on_shutdown(self, app: web.Application) -> None:
            tabs = list(self.tabs.items())
            for websocket, _ in tabs:
                await websocket.close()
            # and wait for the games to end (killed if they do not quit), before the event
            # loop that reaps them closes
            await asyncio.gather(*(stop_game(service) for _, service in tabs))

    try:
        GameServer().serve()
    except OSError as exc:
        raise ServeError(f"cannot listen on {url_host}:{port}: {exc.strerror or exc}") from None
