"""Worker processes for the advisor's playouts, kept warm between questions.

Each worker rebuilds a position once (from its data folder, scenario, seed, options,
choices and, for a game resumed from a save's snapshot, that resume point) and plays the
playouts it is sent: the position goes to a worker once, later messages name it by key.
Messages are JSON over pipes. The pool can be stopped at once: ``close`` kills the
workers, a worker ignores Ctrl+C (its parent stops it) and, on Linux, dies with its
parent even if the parent is killed outright.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from multiprocessing.connection import Connection, wait
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    from planet_king.advisor.playout import Position, Task


def cores() -> int:
    """The cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


def _start_method() -> str:
    """Fork is the quickest start, but only safe from a process with one thread (the
    TUI is threaded): then a fork server, or spawn where there is none."""
    methods = multiprocessing.get_all_start_methods()
    if "fork" in methods and threading.active_count() == 1:
        return "fork"
    return "forkserver" if "forkserver" in methods else "spawn"


def _die_with_parent() -> None:
    """Linux: have the kernel kill this worker when its parent dies (even by kill -9)."""
    with contextlib.suppress(Exception):
        import ctypes

        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        pr_set_pdeathsig = 1
        libc.prctl(pr_set_pdeathsig, signal.SIGKILL)


def _worker(conn: Connection, parent: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C reaches the parent, which stops us
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _die_with_parent()
    if os.getppid() != parent:  # the parent died before we could ask to die with it
        return
    from planet_king.advisor.playout import play_task, rebuild

    key, root = "", None
    while True:
        try:
            message = json.loads(conn.recv_bytes())
        except (EOFError, OSError):
            return
        if "position" in message:  # a new position: the one before is done with
            key, root = message["key"], rebuild(tuple(message["position"]))  # type: ignore[arg-type]
        if root is None or message["key"] != key:
            raise RuntimeError("a playout task for a position this worker was never sent")
        results = [[i, play_task(root, tuple(task)).to_json()] for i, task in message["tasks"]]
        conn.send_bytes(json.dumps(results).encode())


class PlayoutPool:
    """``workers`` processes that play playouts, started on first use."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._procs: list[Any] = []
        self._conns: list[Connection] = []
        self._held: dict[Connection, str] = {}  # the key of the position each worker holds

    def start(self) -> None:
        """Start the workers now (else on first use)."""
        # typeshed's BaseContext names no Process; every start method's context has one
        ctx: Any = multiprocessing.get_context(_start_method())
        for _ in range(self.workers):
            mine, theirs = ctx.Pipe()
            proc = ctx.Process(target=_worker, args=(theirs, os.getpid()), daemon=True)
            proc.start()
            theirs.close()
            self._procs.append(proc)
            self._conns.append(mine)

    @property
    def pids(self) -> list[int]:
        return [p.pid for p in self._procs]

    def run(
        self,
        position: Position,
        tasks: list[Task],
        *,
        deadline: float | None = None,
        chunk: int = 1,
        on_result: Callable[[int, list[object]], None],
    ) -> None:
        """Play ``tasks`` (in order, ``chunk`` at a time per worker) until done or the
        ``deadline`` (time.monotonic) passes; ``on_result(index, outcome)`` as they come.
        Chunks under way at the deadline are finished, none is started after it."""
        if not self._procs:
            self.start()
        sent = _Position(position)
        pending = list(enumerate(tasks))
        pending.reverse()
        busy: dict[Connection, int] = {}
        for conn in self._conns:
            if not self._send(conn, sent, pending, deadline, chunk):
                break
            busy[conn] = 1
        while busy:
            for ready in wait(list(busy)):
                assert isinstance(ready, Connection)
                conn = ready
                try:
                    raw = conn.recv_bytes()
                except (EOFError, OSError):
                    raise RuntimeError("an advisor worker stopped unexpectedly") from None
                for i, outcome in json.loads(raw):
                    on_result(i, outcome)
                if not self._send(conn, sent, pending, deadline, chunk):
                    del busy[conn]

    def _send(
        self,
        conn: Connection,
        position: _Position,
        pending: list[tuple[int, Task]],
        deadline: float | None,
        chunk: int = 1,
    ) -> bool:
        if not pending or (deadline is not None and time.monotonic() >= deadline):
            return False
        batch = [pending.pop() for _ in range(min(chunk, len(pending)))]
        message: dict[str, Any] = {"key": position.key, "tasks": batch}
        if self._held.get(conn) != position.key:
            message["position"] = position.data
        conn.send_bytes(json.dumps(message).encode())
        self._held[conn] = position.key  # once sent: a worker that fails later is closed
        return True

    def close(self) -> None:
        """Stop every worker now (they may be mid-playout)."""
        for proc in self._procs:
            with contextlib.suppress(Exception):
                proc.kill()
        for proc in self._procs:
            with contextlib.suppress(Exception):
                proc.join(timeout=1)
        for conn in self._conns:
            with contextlib.suppress(Exception):
                conn.close()
        self._procs, self._conns, self._held = [], [], {}

    def __enter__(self) -> PlayoutPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class _Position:
    """A position as sent to the workers: its JSON data and a key naming it."""

    def __init__(self, position: Position) -> None:
        self.data = list(position)
        self.key = hashlib.sha256(json.dumps(self.data).encode()).hexdigest()[:16]


def _terminated(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)


def stop_on_signals() -> None:
    """SIGTERM ends this process the way Ctrl+C does, unwinding through ``finally`` so
    that the pool's workers are stopped with it (exit code 128 + 15)."""
    signal.signal(signal.SIGTERM, _terminated)
    signal.signal(signal.SIGINT, signal.default_int_handler)


def exit_now(code: int) -> NoReturn:
    """End this process at once after a signal (the workers are stopped already): the
    interpreter's teardown of a loaded game takes longer than the second allowed."""
    sys.stderr.write("planet-king: error: interrupted\n")
    sys.stderr.flush()
    sys.stdout.flush()
    os._exit(code)
