"""The ``planet-king`` command line.

Errors a user can cause (bad arguments, an unknown scenario, broken data) are reported
in one line on stderr with exit code 2 (1 for unreadable files), never as a traceback.
Textual is imported only by the commands that open the TUI.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import json
import os
import signal
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from planet_king.bots import BOTS, PLAYOUT_POLICIES
from planet_king.content.loader import Content, DataError, load_content

DEFAULT_SCENARIO = "hothead"


class UserError(Exception):
    """A problem with what the user asked for: reported in one line, exit code 2."""

    exit_code = 2


class Interrupted(UserError):
    """Ctrl+C, once what was running is stopped: one line, exit code 130."""

    exit_code = 130


class SaveFileError(UserError):
    """A save file that cannot be read, written or replayed: one line, exit code 1."""

    exit_code = 1


def _fail(message: str, code: int) -> None:
    from planet_king.fsutil import escape_controls

    message = escape_controls(" ".join(message.split()))  # one line, no terminal escapes
    if len(message) > 2000:
        message = message[:1999] + "…"
    typer.echo(f"planet-king: error: {message}", err=True)
    sys.exit(code)


def _terminal() -> bool:
    """Both ends are a terminal: the full-screen interface can run."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def _seed_or_fail(seed: int) -> int:
    from planet_king.saves import seed_problem

    problem = seed_problem(seed)
    if problem:
        raise UserError(f"--seed: {problem} (so that the game can be saved and resumed)")
    return seed


class OneLineErrors(TyperGroup):
    """Report usage and user errors in one line instead of a box or a traceback."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        try:
            code = super().main(
                args=args,
                prog_name=prog_name or "planet-king",
                complete_var=complete_var,
                standalone_mode=False,
                windows_expand_args=windows_expand_args,
                **extra,
            )
            # without standalone mode click returns the code of ``typer.Exit(code)``
            if isinstance(code, int) and not isinstance(code, bool) and code:
                sys.exit(code)
            return code
        except typer.Exit as exc:
            sys.exit(exc.exit_code)
        except typer.TyperException as exc:  # usage errors: bad options, missing arguments
            _fail(exc.format_message().replace("\n", " "), exc.exit_code)
        except typer.Abort:
            _fail("interrupted", 130)
        except UserError as exc:
            _fail(str(exc), exc.exit_code)
        except DataError as exc:
            _fail(f"invalid game data: {exc}", 2)
        except KeyboardInterrupt:
            _fail("interrupted", 130)
        except OSError as exc:
            if exc.errno not in OUTPUT_ERRNOS:
                _internal(exc)
            _output_failed(exc)
        except Exception as exc:  # a bug: one line, the traceback only on request
            _internal(exc)


def _internal(exc: Exception) -> None:
    if os.environ.get("PLANET_KING_DEBUG"):
        raise exc
    _fail(
        f"internal error: {type(exc).__name__}: {exc} "
        "(set PLANET_KING_DEBUG=1 to see the traceback)",
        3,
    )


# The output cannot be written (stdout to /dev/full, a closed pipe, a dead terminal)
OUTPUT_ERRNOS = {errno.ENOSPC, errno.EPIPE, errno.EIO, errno.EDQUOT, errno.EBADF}


def _output_failed(exc: OSError) -> None:
    """Say so in one line on stderr (if it can be written) and exit 1; stdout is pointed
    at /dev/null first, so that the interpreter's last flush does not fail again."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    with contextlib.suppress(OSError, ValueError):
        _fail(f"cannot write the output: {exc.strerror or exc}", 1)
    sys.exit(1)


def says_interrupted(command: Callable[..., Any]) -> Callable[..., Any]:
    """A long command stopped by Ctrl+C says so ("interrupted", exit 130) instead of
    ending silently (Typer turns the KeyboardInterrupt into a bare exit 130)."""

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except KeyboardInterrupt:
            _fail("interrupted", 130)

    return run


app = typer.Typer(
    cls=OneLineErrors,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    help="The Planet King: Philip IV of Spain, 1621-1665, in the terminal. Without a "
    "command, opens the title screen.\n\n\b\nExample: planet-king play the-planet-king",
)


def _scenario_or_fail(scenario: str, content: Content) -> None:
    if scenario not in content.scenarios:
        known = ", ".join(sorted(content.scenarios))
        raise UserError(f"unknown scenario '{scenario}' (known: {known})")
    if not content.scenarios[scenario].playable:
        raise UserError(f"scenario '{scenario}' is not playable yet (see 'planet-king scenarios')")


SCENARIO_HELP = "Scenario id (planet-king scenarios lists them)."
SAVES_DIR_OPTION = typer.Option(
    "--saves-dir",
    help="Folder of the saves and autosaves (default: $PLANET_KING_SAVES, else the "
    "checkout's saves/ when run from a checkout, else the user's data folder).",
)
LEARNING_OPTION = typer.Option(
    "--learning",
    help="Learning mode: undo may take back cards and markers drawn (the save says so).",
)
DATA_DIR_OPTION = typer.Option(
    "--data-dir", help="Load the game data from this folder (for modders)."
)

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


COOP_OPTION = typer.Option("--coop", help="Two-player cooperative game (King and Valido).")
MEMORIALS_OPTION = typer.Option("--memorials", help="Secret Memorials in solo play.")
WAR_ONLY_OPTION = typer.Option("--war-only", help="War-Only mode (doubled VP).")
DIFFICULTY_OPTION = typer.Option("--difficulty", help="very-easy, easy, normal, hard or very-hard.")
OPTIONAL_OPTION = typer.Option(
    "--option",
    help="An optional rule: bastard-heir, enemy-tests-stop-early (repeatable).",
)


def _game_options(
    scenario: str,
    content: Content,
    *,
    coop: bool,
    memorials: bool,
    war_only: bool,
    difficulty: str,
    option: list[str] | None,
) -> Any:
    """The options of a game, refused in one line when the rules forbid them."""
    from planet_king.engine.game import GameOptions
    from planet_king.engine.rules.modes import check_options

    options = GameOptions(
        difficulty=difficulty,
        coop=coop,
        memorials=memorials,
        war_only=war_only,
        optional=tuple(option or ()),
    )
    try:
        check_options(options, hothead=content.scenarios[scenario].kind == "hothead")
    except ValueError as exc:
        raise UserError(str(exc)) from None
    return options


def _use_full_screen() -> bool:
    """Whether to open the full-screen interface: in a terminal, or in a browser tab
    (``planet-king serve`` runs the game over pipes, with Textual's web driver named in
    $TEXTUAL_DRIVER). Elsewhere the game plays in plain-text mode. A browser tab's game
    is tied to its server here, so that it never outlives it."""
    from planet_king.serve import exit_with_server, served_in_browser

    if served_in_browser():
        exit_with_server()
        return True
    return _terminal()


@app.callback(invoke_without_command=True)
def _root(
    ctx: typer.Context,
    saves_dir: Annotated[Path | None, SAVES_DIR_OPTION] = None,
    data_dir: Annotated[Path | None, DATA_DIR_OPTION] = None,
) -> None:
    """Without a command: open the title screen (plain text when not in a terminal)."""
    if ctx.invoked_subcommand is not None:
        if saves_dir is not None or data_dir is not None:
            raise UserError(
                "--saves-dir and --data-dir before a command are for the title screen: "
                f"put them after '{ctx.invoked_subcommand}'"
            )
        return
    if not _use_full_screen():
        play(DEFAULT_SCENARIO, seed=None, text=True, saves_dir=saves_dir, data_dir=data_dir)
        return
    from planet_king.tui.app import run_title  # imports Textual: only here

    raise typer.Exit(run_title(saves_dir=saves_dir, content=load_content(data_dir)))


@app.command()
def scenarios(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    data_dir: Annotated[Path | None, DATA_DIR_OPTION] = None,
) -> None:
    """List the scenarios, their length and whether each is playable yet.

    \b
    Example: planet-king scenarios --json
    """
    content = load_content(data_dir)
    rows = [
        {
            "id": s.id,
            "name": s.name,
            "turns": s.last_turn - s.first_turn + 1,
            "first_turn": s.first_turn,
            "last_turn": s.last_turn,
            "years": s.years,
            "playable": s.playable,
            "thresholds": s.thresholds.model_dump(),
            "blurb": s.blurb,
        }
        for s in content.scenarios.values()
    ]
    order = ["hothead", "iupiter-hispano", "anni-mirabiles", "anni-horribiles", "the-planet-king"]
    rows.sort(key=lambda r: order.index(r["id"]) if r["id"] in order else len(order))
    if as_json:
        typer.echo(json.dumps({"scenarios": rows}, indent=2, ensure_ascii=False))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title="Scenarios")
    for col in ("id", "name", "turns", "years", "playable"):
        table.add_column(col)
    for r in rows:
        table.add_row(
            str(r["id"]),
            str(r["name"]),
            str(r["turns"]),
            str(r["years"]),
            "yes" if r["playable"] else "not yet",
        )
    Console().print(table)


def _load_rules_reference(content: Content) -> None:
    """The rules reference is read and checked at start, as the cards are."""
    from planet_king import rules_reference

    try:
        rules_reference.use(content.data_dir)
    except rules_reference.RulesError as exc:
        _fail(f"rules reference: {exc}", 2)


@app.command()
def play(
    scenario: Annotated[str, typer.Argument(help=SCENARIO_HELP)] = DEFAULT_SCENARIO,
    seed: Annotated[int | None, typer.Option(help="Seed of the game's RNG.")] = None,
    text: Annotated[bool, typer.Option("--text", help="Plain-text mode.")] = False,
    saves_dir: Annotated[Path | None, SAVES_DIR_OPTION] = None,
    learning: Annotated[bool, LEARNING_OPTION] = False,
    data_dir: Annotated[Path | None, DATA_DIR_OPTION] = None,
    coop: Annotated[bool, COOP_OPTION] = False,
    memorials: Annotated[bool, MEMORIALS_OPTION] = False,
    war_only: Annotated[bool, WAR_ONLY_OPTION] = False,
    difficulty: Annotated[str, DIFFICULTY_OPTION] = "normal",
    option: Annotated[list[str] | None, OPTIONAL_OPTION] = None,
) -> None:
    """Play a scenario: full screen in a terminal, else (or with --text) plain text for
    screen readers. Every choice is autosaved.

    \b
    Example: planet-king play the-planet-king --seed 7
             planet-king play hothead --text
    """
    from planet_king.engine.game import Game
    from planet_king.textmode import run

    if seed is not None:
        _seed_or_fail(seed)
    content = load_content(data_dir)
    _scenario_or_fail(scenario, content)
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "big")
    options = _game_options(
        scenario,
        content,
        coop=coop,
        memorials=memorials,
        war_only=war_only,
        difficulty=difficulty,
        option=option,
    )
    game = Game(scenario, seed=seed, content=content, options=options)
    _load_rules_reference(content)
    if not text:
        if _use_full_screen():  # a terminal, or a browser tab
            from planet_king.tui.app import run_game  # imports Textual: only here

            raise typer.Exit(run_game(game, saves_dir=saves_dir, learning=learning))
        typer.echo("Not a terminal: playing in plain-text mode (use --text to ask for it).")
    raise typer.Exit(run(game, saves_dir=saves_dir, learning=learning))


@app.command()
def tutorial(
    text: Annotated[bool, typer.Option("--text", help="Plain-text mode.")] = False,
    saves_dir: Annotated[Path | None, SAVES_DIR_OPTION] = None,
    data_dir: Annotated[Path | None, DATA_DIR_OPTION] = None,
) -> None:
    """Learn to play: the rulebook's Example First Game Turn, step by step.

    \b
    Example: planet-king tutorial --text
    """
    from planet_king import tutorial as guide

    content = load_content(data_dir)
    try:
        guide.load(content)
    except guide.UnknownTutorial as exc:
        raise UserError(str(exc)) from None
    if not text:
        if _use_full_screen():  # a terminal, or a browser tab
            from planet_king.tui.app import run_tutorial  # imports Textual: only here

            raise typer.Exit(run_tutorial(content=content, saves_dir=saves_dir))
        typer.echo("Not a terminal: the tutorial runs in plain text (use --text to ask for it).")
    raise typer.Exit(guide.run_text(content, saves_dir=saves_dir))


@app.command()
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


@app.command()
def cards(
    section: Annotated[
        str | None, typer.Argument(help="events, nobles, ladies, geniuses, memorials or leaders.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    search: Annotated[str | None, typer.Option(help="Filter by text.")] = None,
    data_dir: Annotated[Path | None, DATA_DIR_OPTION] = None,
) -> None:
    """Browse the cards, with their provenance (rulebook or reconstructed).

    \b
    Example: planet-king cards nobles --search olivares
    """
    from planet_king import cards as cards_view

    sections = ("events", "nobles", "ladies", "geniuses", "memorials", "leaders")
    if section is not None and section not in sections:
        raise UserError(f"unknown section '{section}' (known: {', '.join(sections)})")
    content = load_content(data_dir)
    if as_json:
        typer.echo(json.dumps(cards_view.cards_json(content, section, search), ensure_ascii=False))
        return
    from rich.console import Console

    cards_view.print_cards(content, section, search, Console())


# ------------------------------------------------------- saves: replay, resume
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


def _find_save(save: Path, folder: Path | None = None) -> Path:
    """The file a save argument names: a path as given, else a file of that name in the
    saves folder, else the name the game saved it under there ("my first reign" is
    written as "my first reign.json"). A name that finds nothing is returned as given,
    for the reader to say it cannot be read."""
    from planet_king import saves
    from planet_king.fsutil import sanitise_name

    if save.is_absolute() or _exists(save):
        return save
    where = folder if folder is not None else saves.saves_dir(None)
    for candidate in (where / save, where / sanitise_name(str(save))):
        if _exists(candidate):
            return candidate
    return save


def _load_save(path: Path, content: Content, *, up_to_valid: bool, verify: bool) -> Any:
    """Read and replay a save; any problem with it is one line and exit code 1."""
    from planet_king import saves

    path = _find_save(path)
    try:
        data = saves.read_save(path)
        game = saves.rebuild(data, content=content, up_to_valid=up_to_valid, verify=verify)
        return data, game
    except saves.SaveError as exc:
        raise SaveFileError(str(exc)) from None


@app.command()
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


@app.command()
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
    want = review_cache.key(raw, evaluator.version, settings.name)
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


@app.command()
def resume(
    save: Annotated[
        Path | None,
        typer.Argument(
            help="A save file, or the name you saved it under (default: the newest autosave "
            "of a game in progress)."
        ),
    ] = None,
    text: Annotated[bool, typer.Option("--text", help="Plain-text mode.")] = False,
    saves_dir: Annotated[Path | None, SAVES_DIR_OPTION] = None,
    learning: Annotated[bool, LEARNING_OPTION] = False,
    up_to_valid: Annotated[
        bool,
        typer.Option(
            "--up-to-valid",
            help="If the save no longer replays, open it at the last turn that matches.",
        ),
    ] = False,
    no_verify: Annotated[
        bool,
        typer.Option(
            "--no-verify",
            help="Replay the choices without checking the digests (a save from another "
            "version of the program).",
        ),
    ] = False,
    data_dir: Annotated[Path | None, DATA_DIR_OPTION] = None,
) -> None:
    """Go on with a saved game (by default the newest game in progress).

    \b
    Example: planet-king resume
             planet-king resume "my first reign" --text
    """
    from planet_king import saves
    from planet_king.textmode import run

    content = load_content(data_dir)
    _load_rules_reference(content)
    folder = saves.saves_dir(saves_dir)
    if save is None:
        # the newest autosave of a game still in progress that reads: read once, so one
        # pruned by another process since the listing is passed over, never half opened
        found = saves.latest_readable_autosave(folder, in_progress=True)
        if found is None:
            raise SaveFileError(
                f"no game in progress to resume in {folder} (planet-king saves lists them all)"
            )
        save, data = found
        try:
            game = saves.rebuild(
                data, content=content, up_to_valid=up_to_valid, verify=not no_verify
            )
        except saves.SaveError as exc:
            raise SaveFileError(str(exc)) from None
    else:
        save = _find_save(save, folder)  # a path, or a name in the saves folder
        data, game = _load_save(save, content, up_to_valid=up_to_valid, verify=not no_verify)
    if game.load_notice:  # a save of older rules, or one whose replay parted from it
        typer.echo(game.load_notice)
    elif len(game.choices) < len(data.choices):
        typer.echo(
            f"The save no longer replays to its end: opened at the start of turn "
            f"{game.state.turn}, after {len(game.choices)} of its {len(data.choices)} choices."
        )
    if not text and _use_full_screen():
        try:
            from planet_king.tui.app import run_game  # imports Textual: only here
        except ImportError:
            typer.echo("The full-screen interface is not available: plain-text mode.")
        else:
            raise typer.Exit(run_game(game, saves_dir=folder, learning=learning))
    from planet_king import tutorial

    tut = tutorial.for_game(content, game)  # a tutorial left midway goes on guided
    if tut is not None:
        raise typer.Exit(
            tutorial.run_text(
                content, name=tut.id, saves_dir=folder, resumed=game, learning=learning
            )
        )
    raise typer.Exit(run(game, saves_dir=folder, learning=learning))


def _exists(path: Path) -> bool:
    """``path.exists()``, False for a path the system cannot even look up (too long)."""
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


@app.command()
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
            min=0, help="Turns a playout plays before the forecast values it (0: to the end)."
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
    from planet_king.advisor.search import advise

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

    how = "to the end" if horizon == 0 else f"{horizon} turn(s) on, then the forecast"
    typer.echo(f"{game.decision.prompt} (playouts played {how})")
    typer.echo(table.build(answer).text())


@app.command()
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


@app.command()
def serve(
    host: Annotated[
        str,
        typer.Option(help="Address to listen on; another than this computer's lets anyone in."),
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8000,
    saves_dir: Annotated[Path | None, SAVES_DIR_OPTION] = None,
    data_dir: Annotated[Path | None, DATA_DIR_OPTION] = None,
    max_tabs: Annotated[
        int, typer.Option(min=1, max=64, help="Games served at once; another tab is refused.")
    ] = 8,
) -> None:
    """Serve the game to web browsers: each tab is its own game, the saves are shared.

    \b
    Example: planet-king serve --port 8000
    """
    from planet_king import saves
    from planet_king.serve import ServeError
    from planet_king.serve import serve as run_server

    if not host:
        raise UserError("--host: empty (0.0.0.0 listens on every address)")
    try:
        host.encode("idna")  # what the resolver does: a label over 63 characters fails
    except UnicodeError:
        raise UserError(
            f"--host: '{host[:40]}{'…' if len(host) > 40 else ''}' is no host name"
        ) from None
    load_content(data_dir)  # bad data is said here, not in every tab
    folder = saves.saves_dir(saves_dir)
    if folder.exists() and not folder.is_dir():
        raise UserError(f"--saves-dir {folder}: not a folder")
    try:
        run_server(host, port, folder, data_dir, max_tabs)
    except ServeError as exc:
        raise UserError(str(exc)) from None
    typer.echo("Stopped.")


def _second_interrupt(signum: int, frame: Any) -> None:
    raise SystemExit(130)


def _first_interrupt(signum: int, frame: Any) -> None:
    """Ctrl+C: KeyboardInterrupt as usual (the game says where its autosave is); a
    second Ctrl+C while that is handled ends at once with the usual 130, instead of
    escaping as an uncaught KeyboardInterrupt (exit -2)."""
    signal.signal(signal.SIGINT, _second_interrupt)
    raise KeyboardInterrupt


def main() -> None:
    from planet_king.textout import degrade_streams

    for name, mode in (("stdin", "r"), ("stdout", "w"), ("stderr", "w")):
        if getattr(sys, name) is None:  # closed by the caller (<&-): as if empty
            setattr(sys, name, open(os.devnull, mode))  # noqa: SIM115 (for the process' life)
    degrade_streams()  # a non-UTF-8 stdout gets the nearest ASCII, not UnicodeEncodeError
    if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        app()  # SIGINT is not ours to handle (ignored by the parent, or embedded)
        return
    signal.signal(signal.SIGINT, _first_interrupt)
    try:
        app()
    finally:
        # Python puts back the default SIGINT action while it shuts down: a Ctrl+C in
        # that moment would kill the process (exit -2) instead of the exit code set.
        signal.signal(signal.SIGINT, signal.SIG_IGN)


if __name__ == "__main__":
    main()
