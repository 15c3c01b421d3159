"""Browsing the data: ``scenarios`` and ``cards``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from planet_king.cli.common import (
    DATA_DIR_OPTION,
    UserError,
)
from planet_king.content.loader import load_content


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
