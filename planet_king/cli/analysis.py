"""Reading a saved game: ``replay`` (its log, or its digests checked), ``review`` (luck and
decisions measured) and ``hint`` (the advisor on its pending decision)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from planet_king.bots import BOTS, PLAYOUT_POLICIES
from planet_king.cli.common import (
    DATA_DIR_OPTION,
    SaveFileError,
    UserError,
    _find_save,
    _load_save,
    says_interrupted,
)
from planet_king.content.loader import load_content


def replay(
    save: Annotated[Path, typer.Argument(help="A save file.")],
    to: Annotated[
        int | None, typer.Option("--to", min=0, help="Stop after choice N (0: at the start).")
    ] = None,
    verify: Annotated[
        bool, typer.Option("--verify", help="Check that the save replays to its digests.")
    ] = False,
    log: Annotated[
        bool, typer.Option("--log", help="Print the log with the choices (the default).")
    ] = False,
    data_dir: Annotated[Path | None, DATA_DIR_OPTION] = None,
) -> None:
    """Replay a save: print its log, stop at choice N, or verify its digests.

    \b
    Example: planet-king replay saves/my-reign.json --verify
    """
    from planet_king import saves
    from planet_king.textmode import render_decision, status_line

    content = load_content(data_dir)
    save = _find_save(save)
    try:
        data = saves.read_save(save)
    except saves.SaveError as exc:
        raise SaveFileError(str(exc)) from None
    if to is not None and to > len(data.choices):
        raise UserError(f"--to {to}: the save holds only {len(data.choices)} choices")
    from planet_king.fsutil import escape_controls

    show_log = log or not verify
    lines: list[str] = []
    shown = 0

    def observe(game: Any, k: int, decision: Any, choice: str, log_before: int) -> None:
        nonlocal shown
        lines.extend(e.line(with_rule=True) for e in game.log_entries[shown:log_before])
        label = decision.option(choice).label
        lines.append(f">>> choice {k} ({decision.role.value}): {label} [{choice}]")
        shown = log_before

    try:
        game = saves.rebuild(data, content=content, stop=to, observer=observe if show_log else None)
    except saves.SaveError as exc:
        raise SaveFileError(str(exc)) from None
    if show_log:
        lines.extend(e.line(with_rule=True) for e in game.log_entries[shown:])
        if game.decision is not None:
            lines.append(status_line(game))
            lines.append(render_decision(game))
        # a save is shared as a bug report: nothing in it reaches the terminal raw
        typer.echo("\n".join(escape_controls(line) for line in lines))
    if verify and (game.load_notice or data.rules_version is None):
        # a save of older rules or format 1: no digests this version can check
        raise SaveFileError(
            "not verified: "
            + (
                game.load_notice
                or f"{escape_controls(str(save))}: save format 1 holds digests of another kind; "
                f"its {len(game.choices)} of {len(data.choices)} choices replay"
            )
        )
    if verify:
        n = len(game.choices)
        checked = sum(1 for _, k, _ in data.turn_digests if k <= n)
        final = " and the final digest" if data.final_digest and n == len(data.choices) else ""
        note = ""
        if data.data_version and data.data_version != content.version:
            note = f"; saved with data version {data.data_version}, now {content.version}"
        typer.echo(
            f"ok: {escape_controls(str(save))}: {n} choice{'s' if n != 1 else ''} replay to "
            f"{checked} turn-start digest"
            f"{'s' if checked != 1 else ''}{final} ({data.scenario}, seed {data.seed}{note})"
        )


@says_interrupted
def review(
    save: Annotated[Path, typer.Argument(help="A save file, or the name you saved it under.")],
    quick: Annotated[
        bool, typer.Option("--quick", help="A coarser review, in seconds rather than minutes.")
    ] = False,
    as_html: Annotated[
        bool, typer.Option("--html", help="Also write an HTML report beside the save.")
    ] = False,
    as_md: Annotated[
        bool, typer.Option("--md", help="Also write a Markdown report beside the save.")
    ] = False,
    plain: Annotated[
        bool,
        typer.Option("--plain", help="Charts in plain text, no colour (as when not a terminal)."),
    ] = False,
    data_dir: Annotated[Path | None, DATA_DIR_OPTION] = None,
) -> None:
    """Review a reign: was it the cards or the choices? Luck and decisions measured,
    turning points, the turn-by-turn figures and the expert's par (issue 30).

    \b
    Example: planet-king review saves/my-reign.json --html
    """
    from planet_king.review import FULL, QUICK, render, review_game, settle
    from planet_king.review import cache as review_cache

    content = load_content(data_dir)
    path = _find_save(save)
    _, game = _load_save(path, content, up_to_valid=False, verify=True)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise SaveFileError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    settings = QUICK if quick else FULL
    try:
        from planet_king.evaluator.model import default_evaluator

        evaluator = default_evaluator()
        evaluator.predict_features(game.scenario.id, [0.0] * len(evaluator_features()))
    except ValueError as exc:
        raise UserError(f"cannot review: {exc}") from None
    if not game.choices:
        raise UserError(f"{path}: no choice has been made yet: there is nothing to review")
    want = review_cache.key(raw, evaluator.version, evaluator.fingerprint, settings.name)
    result = review_cache.read(path, want)
    if result is None:
        result = _review_with_progress(game, settings, evaluator, review_game)
        review_cache.write(path, want, result)
    settle(result)
    _print_review(result, render, plain=plain)
    for wanted, suffix, make in (
        (as_html, ".review.html", render.page),
        (as_md, ".review.md", render.markdown),
    ):
        if not wanted:
            continue
        target = path.with_name(path.stem + suffix)
        from planet_king.fsutil import atomic_write

        try:
            atomic_write(target, make(result).encode("utf-8"))
        except OSError as exc:
            raise SaveFileError(f"cannot write {target}: {exc.strerror or exc}") from None
        typer.echo(f"Written: {target}")


def _print_review(result: Any, render: Any, *, plain: bool) -> None:
    """The review's text, then its charts: drawn by rich in colour on a terminal, plain
    text (the same block characters and figures) otherwise or with --plain."""
    from rich.console import Console

    console = Console()
    if plain or not console.is_terminal:
        typer.echo(render.text(result), nl=False)
        return
    typer.echo(render.text(result, with_charts=False), nl=False)
    from planet_king.review.charts import charts

    console.print(f"\n[bold]{render.CHARTS_TITLE}[/bold]")
    for chart in charts(result):
        for line in chart.rich():
            console.print(line, overflow="crop", no_wrap=True)
        console.print()


def evaluator_features() -> tuple[str, ...]:
    from planet_king.evaluator.features import FEATURES

    return FEATURES


def _review_with_progress(game: Any, settings: Any, evaluator: Any, review_game: Any) -> Any:
    """The review, with a progress bar on stderr when it is a terminal (Ctrl+C stops it)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    console = Console(stderr=True)
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        disable=not console.is_terminal,
        transient=True,
    ) as bar:
        tasks: dict[str, Any] = {}

        def progress(what: str, done: int, total: int) -> None:
            if what not in tasks:
                tasks[what] = bar.add_task(what, total=total)
            bar.update(tasks[what], completed=done)

        return review_game(game, settings=settings, evaluator=evaluator, progress=progress)


def hint(
    save: Annotated[Path, typer.Argument(help="A save file.")],
    at: Annotated[
        int | None, typer.Option("--at", min=1, help="Advise on the decision of choice N.")
    ] = None,
    seconds: Annotated[
        float | None,
        typer.Option(min=0.01, help="Think this long (the default: 1 second)."),
    ] = None,
    playouts: Annotated[
        int | None, typer.Option(min=1, help="Playouts in all, instead of a time (reproducible).")
    ] = None,
    seed: Annotated[int, typer.Option(help="The advisor's own seed.")] = 0,
    workers: Annotated[
        int | None,
        typer.Option(
            min=1, help="Processes to play in (default and most: the cores); same answer."
        ),
    ] = None,
    oversubscribe: Annotated[
        bool, typer.Option("--oversubscribe", help="Allow more workers than cores.")
    ] = False,
    policy: Annotated[
        str, typer.Option(help="The bot that plays the playouts and breaks ties.")
    ] = "expert",
    horizon: Annotated[
        int,
        typer.Option(
            min=0,
            help="End of Turns a playout plays before the position it reaches is valued"
            " (0: to the end).",
        ),
    ] = 2,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    data_dir: Annotated[Path | None, DATA_DIR_OPTION] = None,
) -> None:
    """Value the legal options of a save's pending decision by playouts and recommend one
    (the advisor that the h key asks in a game).

    \b
    Example: planet-king hint saves/my-reign.json --seconds 2
    """
    from planet_king.advisor.answer import advice_json
    from planet_king.advisor.playout import fork
    from planet_king.advisor.pool import cores, exit_now, stop_on_signals
    from planet_king.advisor.search import advise, default_leaf
    from planet_king.advisor.value import EVALUATOR

    if seconds is not None and playouts is not None:
        raise UserError("give --seconds or --playouts, not both")
    if policy not in PLAYOUT_POLICIES:
        known = ", ".join(sorted(PLAYOUT_POLICIES))
        why = "plays playouts of its own" if policy in BOTS else "is not a bot"
        raise UserError(f"'{policy[:40]}' {why}: the playouts' policy is one of {known}")
    if workers is not None and workers > cores() and not oversubscribe:
        typer.echo(f"planet-king: note: {workers} workers capped at {cores()} cores", err=True)
        workers = cores()
    if seconds is None and playouts is None:
        seconds = 1.0
    stop_on_signals()  # SIGTERM as Ctrl+C: the workers are stopped on the way out
    content = load_content(data_dir)
    _, game = _load_save(save, content, up_to_valid=False, verify=True)
    if at is not None:
        if at > len(game.choices) + 1:
            raise SaveFileError(f"{save}: the save has only {len(game.choices)} choices")
        try:
            game = fork(game, game.choices[: at - 1])
        except ValueError as exc:  # before the snapshot a save of older rules resumed at
            raise SaveFileError(f"{save}: {exc}") from None
    if game.decision is None:
        raise SaveFileError(f"{save}: the game is over, there is no decision to advise on")
    try:
        advice = advise(
            game,
            playouts=playouts,
            seconds=seconds,
            seed=seed,
            workers=workers,
            policy=policy,
            horizon=horizon,
        )
    except KeyboardInterrupt:
        exit_now(130)  # the workers are stopped already; skip the slow interpreter teardown
    except SystemExit as exc:  # SIGTERM
        exit_now(exc.code if isinstance(exc.code, int) else 1)
    answer = advice_json(game, advice)
    if as_json:
        typer.echo(json.dumps(answer, ensure_ascii=False))
        return
    from planet_king.advisor import table  # the table the game's h shows, word for word

    leaf = "learned evaluator" if default_leaf(game.scenario.id) == EVALUATOR else "forecast"
    how = "to the end" if horizon == 0 else f"{horizon} End of Turn(s) on, then the {leaf}"
    typer.echo(f"{game.decision.prompt} (playouts played {how})")
    typer.echo(table.build(answer).text())
