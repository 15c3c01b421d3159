"""Playing: the title screen, ``play``, ``tutorial``, ``resume`` and ``serve`` (the game in
browser tabs)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from planet_king.cli.common import (
    COOP_OPTION,
    DATA_DIR_OPTION,
    DEFAULT_SCENARIO,
    DIFFICULTY_OPTION,
    LEARNING_OPTION,
    MEMORIALS_OPTION,
    OPTIONAL_OPTION,
    SAVES_DIR_OPTION,
    SCENARIO_HELP,
    WAR_ONLY_OPTION,
    SaveFileError,
    UserError,
    _find_save,
    _game_options,
    _load_rules_reference,
    _load_save,
    _scenario_or_fail,
    _seed_or_fail,
    _use_full_screen,
)
from planet_king.content.loader import load_content


def root(
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
