"""The ``planet-king`` command line.

Errors a user can cause (bad arguments, an unknown scenario, broken data) are reported
in one line on stderr with exit code 2 (1 for unreadable files), never as a traceback.
Textual is imported only by the commands that open the TUI.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from planet_king.content.loader import DataError, load_content

DEFAULT_SCENARIO = "hothead"


class UserError(Exception):
    """A problem with what the user asked for: reported in one line, exit code 2."""

    exit_code = 2


def _fail(message: str, code: int) -> None:
    typer.echo(f"planet-king: error: {message}", err=True)
    sys.exit(code)


class OneLineErrors(TyperGroup):
    """Report usage and user errors in one line instead of a box or a traceback."""

    def main(
        self,
        args: Any = None,
        prog_name: Any = None,
        complete_var: Any = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        try:
            return super().main(
                args=args,
                prog_name=prog_name or "planet-king",
                complete_var=complete_var,
                standalone_mode=False,
                **extra,
            )
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
        except Exception as exc:  # a bug: one line, the traceback only on request
            if os.environ.get("PLANET_KING_DEBUG"):
                raise
            _fail(
                f"internal error: {type(exc).__name__}: {exc} "
                "(set PLANET_KING_DEBUG=1 to see the traceback)",
                3,
            )


app = typer.Typer(
    cls=OneLineErrors,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    help="The Planet King: Philip IV of Spain, 1621-1665, in the terminal.",
)


def _scenario_or_fail(scenario: str) -> None:
    content = load_content()
    if scenario not in content.scenarios:
        known = ", ".join(sorted(content.scenarios))
        raise UserError(f"unknown scenario '{scenario}' (known: {known})")
    if not content.scenarios[scenario].playable:
        raise UserError(f"scenario '{scenario}' is not playable yet (see 'planet-king scenarios')")


@app.callback(invoke_without_command=True)
def _root(ctx: typer.Context) -> None:
    """Without a command: start the default scenario in plain-text mode."""
    if ctx.invoked_subcommand is None:
        play(DEFAULT_SCENARIO, seed=None, text=True)


@app.command()
def scenarios(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """List the scenarios, their length and whether each is playable yet."""
    content = load_content()
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
            r["id"], r["name"], str(r["turns"]), r["years"], "yes" if r["playable"] else "not yet"
        )
    Console().print(table)


@app.command()
def play(
    scenario: Annotated[str, typer.Argument(help="Scenario id.")] = DEFAULT_SCENARIO,
    seed: Annotated[int | None, typer.Option(help="Seed of the game's RNG.")] = None,
    text: Annotated[bool, typer.Option("--text", help="Plain-text mode.")] = False,
) -> None:
    """Play a scenario."""
    from planet_king.engine.game import Game
    from planet_king.textmode import run

    _scenario_or_fail(scenario)
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "big")
    if not text:
        typer.echo("The full-screen interface is not built yet: playing in plain-text mode.")
    game = Game(scenario, seed=seed)
    raise typer.Exit(run(game))


@app.command()
def simulate(
    scenario: Annotated[str, typer.Argument(help="Scenario id.")],
    games: Annotated[int, typer.Option(min=1, help="Number of games.")] = 100,
    seed: Annotated[int, typer.Option(help="Master seed.")] = 1,
    bot: Annotated[str, typer.Option(help="Bot: random.")] = "random",
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Play many games with a bot and summarise the results."""
    from planet_king.bots import BOTS
    from planet_king.sim import simulate as run_sim

    _scenario_or_fail(scenario)
    if bot not in BOTS:
        raise UserError(f"unknown bot '{bot}' (known: {', '.join(sorted(BOTS))})")
    result = run_sim(scenario, games, seed, bot)
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
        table.add_row(level, str(n), f"{100 * n / games:.1f}%")
    console = Console()
    console.print(table)
    console.print(f"mean VP {summary['mean_vp']:.2f}; {result['elapsed_s']:.2f} s")


@app.command()
def cards(
    section: Annotated[
        str | None, typer.Argument(help="events, nobles, ladies, geniuses, memorials or leaders.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    search: Annotated[str | None, typer.Option(help="Filter by text.")] = None,
) -> None:
    """Browse the cards, with their provenance (rulebook or reconstructed)."""
    from planet_king import cards as cards_view

    sections = ("events", "nobles", "ladies", "geniuses", "memorials", "leaders")
    if section is not None and section not in sections:
        raise UserError(f"unknown section '{section}' (known: {', '.join(sections)})")
    content = load_content()
    if as_json:
        typer.echo(json.dumps(cards_view.cards_json(content, section, search), ensure_ascii=False))
        return
    from rich.console import Console

    cards_view.print_cards(content, section, search, Console())


def main() -> None:
    app()


if __name__ == "__main__":
    main()
