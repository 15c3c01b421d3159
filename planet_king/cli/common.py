"""What every command shares: the Typer app, the one-line errors and their exit codes,
the options several commands take, and the checks of a scenario, a seed, a game's options
and a save argument."""

from __future__ import annotations

import contextlib
import errno
import functools
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import typer
from typer.core import TyperGroup

from planet_king.content.loader import Content, DataError

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


def _load_rules_reference(content: Content) -> None:
    """The rules reference is read and checked at start, as the cards are."""
    from planet_king import rules_reference

    try:
        rules_reference.use(content.data_dir)
    except rules_reference.RulesError as exc:
        _fail(f"rules reference: {exc}", 2)


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


def _exists(path: Path) -> bool:
    """``path.exists()``, False for a path the system cannot even look up (too long)."""
    try:
        return path.exists()
    except (OSError, ValueError):
        return False
