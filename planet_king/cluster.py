"""Scale-out on Dask distributed (``--cluster ADDRESS`` or ``--cluster local[:N]``).

Work goes out in batches (many games a task, never one task a game); every game keeps
the seed it has in the local pool (derived from the command's seed and the game's
index), and the results are put back in batch order, so what a command prints does not
depend on how many workers played it or which worker played what. A batch whose worker
dies is run again (``retries``) elsewhere. Dask is an optional extra
(``pip install 'planet-king[cluster]'``), imported only here and only when asked for.

The functions sent to the workers must be importable there: every worker machine needs
the same planet-king installed (the game data's version is checked batch by batch).
"""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

B = TypeVar("B")
R = TypeVar("R")

CONNECT_TIMEOUT_S = 3  # an address that does not answer within this is an error
RETRIES = 3  # a batch is run again this many times after its worker dies or it fails
MAX_BATCH = 1000  # games a task at most: a lost worker costs at most this much


class ClusterError(Exception):
    """The cluster cannot be used (Dask missing, no scheduler at the address, a batch
    that failed on every retry): said in one line."""


def parse(spec: str) -> tuple[str, int | None]:
    """``local`` / ``local:N`` -> ("local", N or None); anything else -> (address, None)."""
    spec = spec.strip()
    if not spec:
        raise ClusterError("--cluster: give a scheduler's ADDRESS or local[:N]")
    if spec == "local" or spec.startswith("local:"):
        count = spec.partition(":")[2]
        if not count:
            return "local", None
        if not count.isdigit() or int(count) < 1:
            raise ClusterError(f"--cluster {spec}: N in local:N is a number of workers, 1 or more")
        return "local", int(count)
    return spec, None


def batch_size(games: int, workers: int) -> int:
    """Games a batch: about four batches a worker (a late one is not left alone at the
    end), at most ``MAX_BATCH``."""
    return max(1, min(MAX_BATCH, -(-games // (4 * max(1, workers)))))


def batches_of(games: int, size: int) -> list[range]:
    """The game indices ``0..games-1`` cut into ranges of ``size``."""
    return [range(i, min(i + size, games)) for i in range(0, games, size)]


# Run in each worker process as it starts: a Ctrl+C at the terminal, sent to every process
# of its group, is for the command, which stops the workers (no traceback from each).
# Before it has run (the first seconds, while a worker imports) a worker hit by Ctrl+C
# prints its KeyboardInterrupt: noise only, the command still stops everything.
_IGNORE_CTRL_C = "import signal; signal.signal(signal.SIGINT, signal.SIG_IGN)"


def _dask() -> Any:
    try:
        import distributed
    except ImportError:
        raise ClusterError("--cluster needs Dask: pip install 'planet-king[cluster]'") from None
    return distributed


class Cluster:
    """A connected Dask client: runs batches and shows their progress."""

    def __init__(self, client: Any, *, progress: bool | None = None) -> None:
        self.client = client
        # a bar only where someone sees it (stderr a terminal), never in a pipe or a log
        self.progress = sys.stderr.isatty() if progress is None else progress

    @property
    def workers(self) -> int:
        return max(1, len(self.client.scheduler_info(n_workers=-1).get("workers", {})))

    def worker_pids(self) -> dict[str, int]:
        """Each worker's address and process id (tests kill one)."""
        import os

        return dict(self.client.run(os.getpid))

    def run(
        self,
        fn: Callable[[B], R],
        batches: Sequence[B],
        *,
        sizes: Sequence[int] | None = None,
        label: str = "",
        unit: str = "games",
        on_result: Callable[[int, R], None] | None = None,
    ) -> list[R]:
        """``[fn(b) for b in batches]``, played on the cluster, in the order of
        ``batches`` whatever order they finish in. ``sizes``: the games each batch
        holds (the progress bar counts them). ``on_result(i, result)`` is called as
        each batch comes back, in the order they finish. Ctrl+C (or any error)
        cancels every batch still out."""
        distributed = _dask()
        sizes = list(sizes) if sizes is not None else [1] * len(batches)
        # pure=False: a fresh key for every batch, never an earlier run's result
        futures = [self.client.submit(fn, b, retries=RETRIES, pure=False) for b in batches]
        index = {f.key: i for i, f in enumerate(futures)}
        results: list[Any] = [None] * len(batches)
        try:
            with _bar(self.progress, label, unit, sum(sizes)) as advance:
                for future in distributed.as_completed(futures):
                    i = index[future.key]
                    try:
                        results[i] = future.result()
                    except Exception as exc:  # failed on every retry, or lost too often
                        raise ClusterError(
                            f"batch {i} failed on the cluster: {type(exc).__name__}: {exc}"
                        ) from exc
                    future.release()  # its result is here now: the workers may forget it
                    if on_result is not None:
                        on_result(i, results[i])
                    advance(sizes[i])
        except BaseException:
            with contextlib.suppress(Exception):
                self.client.cancel([f for f in futures if not f.done()], force=True)
            raise
        return results


@contextlib.contextmanager
def _bar(show: bool, label: str, unit: str, total: int) -> Iterator[Callable[[int], None]]:
    """A progress bar on stderr (done, per second, time left), or nothing."""
    if not show:
        yield lambda n: None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn(unit),
        TextColumn("{task.fields[rate]}"),
        TimeRemainingColumn(),
    )
    start = time.perf_counter()
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(label, total=total, rate="")
        done = 0

        def advance(n: int) -> None:
            nonlocal done
            done += n
            rate = done / max(1e-9, time.perf_counter() - start)
            bar.update(task, completed=done, rate=f"{rate:.1f}/s")

        yield advance


@contextlib.contextmanager
def connect(spec: str, *, progress: bool | None = None) -> Iterator[Cluster]:
    """A client of the scheduler at ``spec``, or of a ``LocalCluster`` of N worker
    processes (``local:N``; ``local``: one a core) started here and closed on the way
    out, however the way out comes (an error, Ctrl+C)."""
    where, count = parse(spec)
    distributed = _dask()
    import logging

    from planet_king.advisor.pool import cores

    local = None
    client = None
    try:
        with _interrupt_deferred():  # a half-started cluster could not be closed
            if where == "local":
                # the workers' own logs are noise on a command's stderr
                logging.getLogger("distributed").setLevel(logging.CRITICAL)
                try:
                    local = distributed.LocalCluster(
                        n_workers=count or cores(),
                        threads_per_worker=1,  # the game is pure Python: one game a process
                        processes=True,
                        # Dask's scheduler serves HTTP (health, metrics, a dashboard
                        # where bokeh is installed) always: on a free loopback port,
                        # never another cluster's 8787
                        dashboard_address="127.0.0.1:0",
                        scheduler_port=0,
                        silence_logs=logging.CRITICAL,
                        preload=[_IGNORE_CTRL_C],
                    )
                except Exception as exc:
                    raise ClusterError(
                        f"--cluster {spec}: the local cluster did not start ({exc})"
                    ) from None
                client = distributed.Client(local)
            else:
                try:
                    client = distributed.Client(where, timeout=CONNECT_TIMEOUT_S)
                except (OSError, TimeoutError, ValueError) as exc:
                    raise ClusterError(
                        f"--cluster {where}: no Dask scheduler answered within "
                        f"{CONNECT_TIMEOUT_S} s ({type(exc).__name__}: {exc})"
                    ) from None
        yield Cluster(client, progress=progress)
    except BaseException:
        if local is not None:  # Ctrl+C, an error: a worker mid-batch would finish it first
            _kill_workers(local)
        raise
    finally:
        # a Ctrl+C while closing must not leave the workers behind: close all the same
        with contextlib.suppress(BaseException):
            if client is not None:
                client.close(timeout=CONNECT_TIMEOUT_S)
        with contextlib.suppress(BaseException):
            if local is not None:
                local.close(timeout=CONNECT_TIMEOUT_S)


def _kill_workers(local: Any) -> None:
    """End a LocalCluster's worker processes now (SIGKILL), their nannies told first not
    to start them again: a graceful close waits for the batch each is playing."""
    import os

    for nanny in list(local.workers.values()):
        with contextlib.suppress(Exception):
            nanny.close_gracefully(reason="interrupted")
            if nanny.pid:
                os.kill(nanny.pid, signal.SIGKILL)


@contextlib.contextmanager
def _interrupt_deferred() -> Iterator[None]:
    """Ctrl+C while the cluster starts is held (SIGINT blocked) until it has started,
    then raised here, and the cluster is closed at once: one half started could not be.
    The worker processes and Dask's threads, started meanwhile, keep SIGINT blocked for
    good, so a Ctrl+C at the terminal (sent to every process of its group) reaches only
    this process, which stops them. Elsewhere than the main thread: as is."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(
        signal, "pthread_sigmask"
    ):
        yield
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        # a Ctrl+C held meanwhile is raised here, as KeyboardInterrupt
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def map_batches(spec: str, fn: Callable[[B], R], batches: Sequence[B], **kw: Any) -> list[R]:
    """``[fn(b) for b in batches]`` on the cluster ``spec`` (connected and closed
    here), in order: for scripts that cut their own work into batches (e.g. training
    positions for a learned evaluator). ``fn`` must be importable on the workers and
    each batch must carry its own seed, so that the result does not depend on where
    it ran."""
    with connect(spec) as cluster:
        return cluster.run(fn, batches, **kw)
