"""The ``planet-king`` command line.

Errors a user can cause (bad arguments, an unknown scenario, broken data) are reported
in one line on stderr with exit code 2 (1 for unreadable files), never as a traceback.
Textual is imported only by the commands that open the TUI.

The commands live by what they do: ``playing`` (the title screen, play, tutorial,
resume, serve), ``browsing`` (scenarios, cards), ``simulation`` (simulate, report),
``analysis`` (replay, review, hint); ``common`` holds the app, the errors and the
shared options. They are registered here, in the order ``--help`` lists them.
"""

from __future__ import annotations

import os
import signal
import sys
from typing import Any

from planet_king.cli import analysis, browsing, playing, simulation
from planet_king.cli.common import DEFAULT_SCENARIO, SaveFileError, UserError, app

__all__ = ["DEFAULT_SCENARIO", "SaveFileError", "UserError", "app", "main"]

app.callback(invoke_without_command=True)(playing.root)
for _command in (
    browsing.scenarios,
    playing.play,
    playing.tutorial,
    simulation.simulate,
    browsing.cards,
    analysis.replay,
    analysis.review,
    playing.resume,
    analysis.hint,
    simulation.report,
    playing.serve,
):
    app.command()(_command)


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
