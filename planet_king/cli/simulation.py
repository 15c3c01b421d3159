"""Many games: ``simulate`` and ``report``, here or on a Dask cluster (``--cluster``)."""

from __future__ import annotations

import contextlib
import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any

import typer

from planet_king.bots import BOTS
from planet_king.cli.common import (
    COOP_OPTION,
    DATA_DIR_OPTION,
    DIFFICULTY_OPTION,
    MEMORIALS_OPTION,
    OPTIONAL_OPTION,
    SCENARIO_HELP,
    WAR_ONLY_OPTION,
    Interrupted,
    SaveFileError,
    UserError,
    _game_options,
    _scenario_or_fail,
    says_interrupted,
)
from planet_king.content.loader import load_content

CLUSTER_OPTION = typer.Option(
    "--cluster",
    help="Play on Dask: a scheduler's ADDRESS (tcp://host:8786), or local[:N] for N worker "
    "processes here; the same result as without (pip install 'planet-king[cluster]').",
)


@contextlib.contextmanager
def _cluster(spec: str | None) -> Iterator[Any]:
    """The Dask cluster ``--cluster`` names (None without it), closed on the way out;
    Dask is imported only here."""
    if spec is None:
        yield None
        return
    from planet_king.cluster import ClusterError, connect

    try:
        with connect(spec) as cluster:
            yield cluster
    except ClusterError as exc:
        raise UserError(str(exc)) from None
    except KeyboardInterrupt:  # the cluster is closed: say so in one line, exit 130
        raise Interrupted("interrupted") from None


@says_interrupted
def simulate(
    scenario: Annotated[str, typer.Argument(help=SCENARIO_HELP)],
    games: Annotated[int, typer.Option(min=1, help="Number of games.")] = 100,
    seed: Annotated[int, typer.Option(help="Master seed.")] = 1,
    bot: Annotated[str, typer.Option(help=f"Bot: {', '.join(sorted(BOTS))}.")] = "random",
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    save_dir: Annotated[
        Path | None, typer.Option("--save-dir", help="Write every game as a save in DIR.")
    ] = None,
    data_dir: Annotated[Path | None, DATA_DIR_OPTION] = None,
    workers: Annotated[
        int, typer.Option(min=1, help="Processes to play in (most: the cores).")
    ] = 1,
    oversubscribe: Annotated[
        bool, typer.Option("--oversubscribe", help="Allow more workers than cores.")
    ] = False,
    cluster: Annotated[str | None, CLUSTER_OPTION] = None,
    coop: Annotated[bool, COOP_OPTION] = False,
    memorials: Annotated[bool, MEMORIALS_OPTION] = False,
    war_only: Annotated[bool, WAR_ONLY_OPTION] = False,
    difficulty: Annotated[str, DIFFICULTY_OPTION] = "normal",
    option: Annotated[list[str] | None, OPTIONAL_OPTION] = None,
) -> None:
    """Play many games with a bot and summarise the results (victory levels, VP,
    automatic defeats and their causes).

    \b
    Example: planet-king simulate the-planet-king --games 200 --bot greedy
    """
    from planet_king.sim import simulate as run_sim

    content = load_content(data_dir)
    _scenario_or_fail(scenario, content)
    if bot not in BOTS:
        raise UserError(f"unknown bot '{bot}' (known: {', '.join(sorted(BOTS))})")
    options = _game_options(
        scenario,
        content,
        coop=coop,
        memorials=memorials,
        war_only=war_only,
        difficulty=difficulty,
        option=option,
    )
    from planet_king.advisor.pool import cores

    if workers > cores() and not oversubscribe:  # 400 workers forked 272 processes, 3.4 GB
        typer.echo(f"planet-king: note: {workers} workers capped at {cores()} cores", err=True)
        workers = cores()
    if cluster is not None and workers > 1:
        raise UserError("give --workers or --cluster, not both")
    if save_dir is not None and (workers > 1 or cluster is not None):
        raise UserError(
            "--save-dir writes the saves from one process: use --workers 1, without --cluster"
        )
    on_game = None if save_dir is None else _sim_saver(save_dir, scenario, seed)

    def play(**how: Any) -> dict[str, Any]:
        return run_sim(
            scenario,
            games,
            seed,
            bot,
            content=content,
            on_game=on_game,
            options=options,
            workers=workers,
            **how,
        )

    if as_json or not sys.stderr.isatty() or cluster is not None:  # a cluster has its bar
        with _cluster(cluster) as on:
            result = play(cluster=on)
    else:
        from rich.progress import Progress

        with Progress(transient=True) as bar:
            task = bar.add_task(f"{scenario}, {bot}", total=games)
            result = play(progress=lambda done: bar.update(task, completed=done))
    if as_json:
        typer.echo(json.dumps(result, ensure_ascii=False))
        return
    from rich.console import Console
    from rich.table import Table

    summary = result["summary"]
    table = Table(title=f"{scenario}: {games} games, bot {bot}, seed {seed}")
    table.add_column("victory level")
    table.add_column("games", justify="right")
    table.add_column("share", justify="right")
    for level, n in summary["victory_levels"].items():
        ci = summary["shares"][level]["ci95"]
        table.add_row(level, str(n), f"{100 * n / games:.1f}% ± {100 * ci:.1f}")
    console = Console()
    console.print(table)
    console.print(
        f"mean VP {summary['mean_vp']:.2f} ± {summary['mean_vp_ci95']:.2f} (95% CI); "
        f"{result['elapsed_s']:.2f} s"
    )
    wars = Table(title="wars over all the games")
    for column in ("war", "at set-up", "declared", "won", "lost", "peace", "fought at the end"):
        wars.add_column(column, justify="left" if column == "war" else "right")
    for war, t in summary["wars"].items():
        wars.add_row(
            war,
            *(str(t[k]) for k in ("at_setup", "declared", "won", "lost", "peace")),
            str(t["ongoing_at_end"]),
        )
    console.print(wars)
    if "mean_king_vp" in summary:
        console.print(
            f"King {summary['mean_king_vp']:.2f} VP, Valido "
            f"{summary['mean_valido_vp']:.2f} VP; winners {summary['winner_role']}"
        )


def _sim_saver(folder: Path, scenario: str, seed: int) -> Any:
    from planet_king import saves

    def write(i: int, game: Any) -> None:
        try:
            saves.save_game(
                game, f"sim-{scenario}-{seed}-{i + 1:05d}", saves_dir=folder, overwrite=True
            )
        except saves.SaveError as exc:
            raise SaveFileError(str(exc)) from None

    return write


@says_interrupted
def report(
    games: Annotated[int, typer.Option(min=1, help="Games per scenario and bot.")] = 200,
    seed: Annotated[int, typer.Option(help="Master seed.")] = 1,
    out: Annotated[Path, typer.Option(help="Where to write the Markdown report.")] = Path(
        "docs/balance.md"
    ),
    bots: Annotated[
        str, typer.Option(help="Bots to compare, comma-separated.")
    ] = "random,greedy,expert",
    difficulty_games: Annotated[
        int, typer.Option(min=0, help="Games per difficulty level (expert bot); 0: skip.")
    ] = 0,
    workers: Annotated[
        int, typer.Option(min=1, help="Processes (the same report, sooner; at most the cores).")
    ] = 1,
    cluster: Annotated[str | None, CLUSTER_OPTION] = None,
    data_dir: Annotated[Path | None, DATA_DIR_OPTION] = None,
) -> None:
    """Write the balance report: every scenario, each bot, and the difficulty levels.

    \b
    Example: planet-king report --games 100 --difficulty-games 50 --out docs/balance.md
    """
    from planet_king.fsutil import atomic_write
    from planet_king.report import build, machine, with_provenance

    names = tuple(b for b in bots.split(",") if b)
    unknown = [b for b in names if b not in BOTS]
    if unknown or not names:
        raise UserError(f"unknown bot '{(unknown or [''])[0]}' (known: {', '.join(sorted(BOTS))})")
    from planet_king.advisor.pool import cores

    if cluster is not None and workers > 1:
        raise UserError("give --workers or --cluster, not both")
    content = load_content(data_dir)
    start = time.monotonic()
    with _cluster(cluster) as on:
        text, _ = build(
            games,
            seed,
            content,
            names,
            difficulty_games,
            workers=min(workers, cores()),
            cluster=on,
        )
        if on is not None:
            where = f"a Dask cluster (--cluster {cluster}) of {on.workers} worker processes"
        else:
            n = min(workers, cores())
            pool = f"the local pool of {n} processes" if n > 1 else "one process"
            where = f"{pool} (--workers {n}) on {machine()}"
    took = time.monotonic() - start
    took_said = f"{took / 60:.0f} min" if took >= 90 else f"{took:.0f} s"
    text = with_provenance(text, f"Produced with {where}, in {took_said}.")
    try:
        atomic_write(out, text.encode())
    except OSError as exc:
        raise UserError(f"cannot write {out}: {exc.strerror or exc}") from None
    typer.echo(f"Balance report written to {out}.")
