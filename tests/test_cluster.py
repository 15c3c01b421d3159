"""Scale-out on Dask (issue 35): a LocalCluster of two worker processes plays the same
games as the local pool, survives a worker killed mid-run, and Ctrl+C leaves nothing."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import psutil
import pytest
from typer.testing import CliRunner

from planet_king import cluster as cl
from planet_king import report
from planet_king.cli import app
from planet_king.content.loader import Content
from planet_king.sim import play_batch, simulate

SEED = 7  # not 1: the default seed
GAMES = 24  # a few dozen games a scenario


def comparable(result: dict[str, Any]) -> str:
    """The JSON summary without its wall-clock field, as ``simulate --json`` prints it."""
    return json.dumps({k: v for k, v in result.items() if k != "elapsed_s"}, ensure_ascii=False)


@pytest.fixture(scope="module")
def dask_cluster() -> Iterator[cl.Cluster]:
    with cl.connect("local:2", progress=False) as cluster:
        yield cluster


@pytest.mark.parametrize("scenario", report.SCENARIOS)
def test_a_cluster_plays_the_same_games_as_the_local_pool(
    scenario: str, dask_cluster: cl.Cluster, content: Content
) -> None:
    local = simulate(scenario, GAMES, SEED, "random", content=content)
    remote = simulate(scenario, GAMES, SEED, "random", content=content, cluster=dask_cluster)
    assert dask_cluster.workers == 2
    assert comparable(remote) == comparable(local)


def test_the_balance_report_is_the_same_on_a_cluster(
    dask_cluster: cl.Cluster, content: Content
) -> None:
    args = (3, SEED, content, ("random", "greedy"))
    local, _ = report.build(*args)
    remote, _ = report.build(*args, cluster=dask_cluster)
    assert remote == local


def test_a_worker_killed_mid_run_costs_its_batch_a_retry_not_the_run(
    dask_cluster: cl.Cluster, content: Content
) -> None:
    """SIGKILL to a worker process while it plays a batch: the batch is played again
    elsewhere and the summary is complete and the same as the local one."""
    pids = dask_cluster.worker_pids()
    killed: list[tuple[int, list[str]]] = []
    stop = threading.Event()

    def kill_a_busy_worker() -> None:
        while not stop.is_set() and not killed:
            for address, keys in dask_cluster.client.processing().items():
                if keys and address in pids:
                    os.kill(pids[address], signal.SIGKILL)
                    killed.append((pids[address], list(keys)))
                    return
            time.sleep(0.02)

    killer = threading.Thread(target=kill_a_busy_worker)
    killer.start()
    try:
        remote = simulate(
            "the-planet-king", 16, SEED, "greedy", content=content, cluster=dask_cluster
        )
    finally:
        stop.set()
        killer.join()
    assert killed, "no worker was caught playing a batch"
    pid, keys = killed[0]
    assert keys and not _running(pid)  # it died holding a batch
    local = simulate("the-planet-king", 16, SEED, "greedy", content=content)
    assert len(remote["games"]) == 16
    assert comparable(remote) == comparable(local)


def test_a_worker_with_other_game_data_refuses_the_batch(
    dask_cluster: cl.Cluster, content: Content
) -> None:
    """Every worker plays the command's data or nothing (the same games everywhere)."""
    job = (str(content.data_dir), "not-" + content.version, "hothead", range(2), SEED)
    with pytest.raises(cl.ClusterError, match=r"batch 0 failed .*has game data"):
        dask_cluster.run(play_batch, [(*job, "random", {})])


def test_an_advisor_reference_run_is_the_same_on_a_cluster(
    dask_cluster: cl.Cluster, advisor_quality: ModuleType
) -> None:
    """``benchmarks/advisor_quality.py --cluster``: the same playouts, the same sums."""
    scenario, seed, at = advisor_quality.positions(1)[1]  # Iupiter Hispano's
    game = advisor_quality.at_position(scenario, seed, at)
    advisor_quality.CLUSTER_BATCH = 5  # several batches, some cut in a fate's options
    local = advisor_quality.reference(game, 6, "greedy", None, None)
    remote = advisor_quality.reference(game, 6, "greedy", None, None, cluster=dask_cluster)
    assert remote == local and remote["n"] == 6


def test_ctrl_c_stops_the_scheduler_and_every_worker() -> None:
    """SIGINT to ``simulate --cluster local:2`` mid-run: exit 130, one line saying so,
    and no process of the command's left (its process group, its descendants)."""
    command = [sys.executable, "-m", "planet_king.cli", "simulate", "the-planet-king"]
    command += ["--games", "400", "--bot", "expert", "--json", "--cluster", "local:2"]
    proc = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True
    )
    me = psutil.Process(proc.pid)
    deadline = time.monotonic() + 60
    workers: list[psutil.Process] = []
    # wait (bounded) for two workers that have played a while; a Ctrl+C sooner, while
    # the cluster starts, must leave nothing either, so this only makes the test harder
    while time.monotonic() < deadline and proc.poll() is None:
        workers = [p for p in me.children(recursive=True) if _cpu(p) > 1.5]
        if len(workers) >= 2:
            break
        time.sleep(0.2)
    family = me.children(recursive=True)
    assert len(family) >= 2 and proc.poll() is None
    os.killpg(proc.pid, signal.SIGINT)  # as a terminal's Ctrl+C: the whole group
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert err.decode().strip().splitlines() == ["planet-king: error: interrupted"]
    _, alive = psutil.wait_procs(family, timeout=10)
    assert alive == []
    assert _group(proc.pid) == []


def _running(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def _cpu(p: psutil.Process) -> float:
    try:
        return p.cpu_times().user
    except psutil.Error:
        return 0.0


def _group(pgid: int) -> list[int]:
    """The processes still in the process group ``pgid``."""
    found = []
    for p in psutil.process_iter():
        try:
            if os.getpgid(p.pid) == pgid and p.status() != psutil.STATUS_ZOMBIE:
                found.append(p.pid)
        except (ProcessLookupError, psutil.Error):
            continue
    return found


runner = CliRunner()


def test_a_cluster_spec_is_an_address_or_local_with_a_number_of_workers() -> None:
    assert cl.parse("local") == ("local", None)
    assert cl.parse("local:3") == ("local", 3)
    assert cl.parse("tcp://10.0.0.5:8786") == ("tcp://10.0.0.5:8786", None)
    for bad in ("local:0", "local:two", ""):
        with pytest.raises(cl.ClusterError):
            cl.parse(bad)
    out = runner.invoke(app, ["simulate", "hothead", "--games", "1", "--cluster", "local:0"])
    assert out.exit_code == 2
    assert out.stderr.strip().splitlines() == [
        "planet-king: error: --cluster local:0: N in local:N is a number of workers, 1 or more"
    ]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["simulate", "hothead", "--workers", "2"], "give --workers or --cluster, not both"),
        (["report", "--workers", "2"], "give --workers or --cluster, not both"),
        (["simulate", "hothead", "--save-dir", "x"], "--save-dir writes the saves from one"),
    ],
)
def test_the_cluster_is_not_combined_with_the_local_pool_or_saves(
    args: list[str], said: str
) -> None:
    out = runner.invoke(app, [*args, "--games", "1", "--cluster", "local:1"])
    assert out.exit_code == 2
    assert out.stderr.startswith(f"planet-king: error: {said}")


def test_an_address_that_does_not_answer_is_one_line_and_exit_2(monkeypatch) -> None:
    monkeypatch.setattr(cl, "CONNECT_TIMEOUT_S", 1)
    with socket_closed() as port:
        args = ["simulate", "hothead", "--games", "1", "--cluster", f"tcp://127.0.0.1:{port}"]
        out = runner.invoke(app, args)
    assert out.exit_code == 2
    [line] = out.stderr.strip().splitlines()
    assert line.startswith(f"planet-king: error: --cluster tcp://127.0.0.1:{port}: no Dask")


def test_without_dask_the_cluster_option_says_how_to_install_it(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    out = runner.invoke(app, ["report", "--games", "1", "--cluster", "local:1"])
    assert out.exit_code == 2
    assert out.stderr.strip() == (
        "planet-king: error: --cluster needs Dask: pip install 'planet-king[cluster]'"
    )


def test_batches_hold_every_game_once_in_order() -> None:
    for games, workers in ((1, 2), (24, 2), (10_000, 100), (10**7, 100)):
        size = cl.batch_size(games, workers)
        ranges = cl.batches_of(games, size)
        assert 1 <= size <= cl.MAX_BATCH
        assert [i for r in ranges[:3] for i in r] == list(range(min(games, 3 * size)))
        assert sum(len(r) for r in ranges) == games and ranges[-1][-1] == games - 1


class socket_closed:
    """A local port with nothing listening on it."""

    def __enter__(self) -> int:
        import socket

        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        return self.sock.getsockname()[1]  # bound, never listening: refused

    def __exit__(self, *exc: object) -> None:
        self.sock.close()
