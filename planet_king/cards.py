"""Browse the card database: plain dicts for ``--json`` and Rich tables for the terminal.

Every object carries its provenance (``source``, ``reconstructed``, ``note``) so the player
can always tell the rulebook's facts from the reconstructed ones. The CLI command
``planet-king cards`` wires these two functions; nothing here imports typer.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from planet_king.content.loader import Content
from planet_king.content.models import (
    EnemyLeader,
    EventCard,
    Genius,
    Lady,
    LeaderCounter,
    Memorial,
    Noble,
    TurnWindow,
)

SECTIONS: tuple[str, ...] = ("events", "nobles", "ladies", "geniuses", "memorials", "leaders")

Card = dict[str, Any]


def _turns(window: TurnWindow) -> dict[str, Any]:
    if window.condition is not None:
        return {"condition": window.condition}
    return {"from": window.from_, "to": window.to}


def _turns_label(turns: dict[str, Any]) -> str:
    if "condition" in turns:
        return f"? {turns['condition']}"
    start, end = turns["from"], turns["to"]
    if start is None and end is None:
        return "-"
    if end is None:
        return f"{start}+"
    return f"{start or 1}-{end}"


def _provenance(card: Any) -> Card:
    return {"source": card.source, "reconstructed": list(card.reconstructed), "note": card.note}


def _event(card: EventCard) -> Card:
    power = card.params.get("power")
    return {
        "id": card.id,
        "name": card.name,
        "number": card.number,
        "fortune": card.fortune,
        "sp_loss": card.sp_loss,
        "one_use": card.one_use,
        "turns": _turns(card.turns),
        "removes": list(card.removes),
        "removed_when": card.removed_when,
        "effect": card.effect,
        "params": dict(card.params),
        "power": str(power) if power is not None else None,
        "text": card.text,
        "traits": [],
        **_provenance(card),
    }


def _counter(counter: LeaderCounter | None) -> Card | None:
    if counter is None:
        return None
    return {
        "strategy": counter.strategy,
        "tactician": counter.tactician,
        "admiral": counter.admiral,
        "sp": counter.sp,
        "turns": _turns(counter.turns),
    }


def _noble(card: Noble) -> Card:
    return {
        "id": card.id,
        "name": card.name,
        "military": card.military,
        "political": card.political,
        "government": card.government,
        "prestige": card.prestige,
        "traits": [t.lower() for t in card.traits],
        "turns": _turns(card.turns),
        "son": card.son,
        "strategy": card.leader.strategy if card.leader else None,
        "leader": _counter(card.leader),
        "text": card.text,
        **_provenance(card),
    }


def _lady(card: Lady) -> Card:
    return {
        "id": card.id,
        "name": card.name,
        "prestige": card.prestige,
        "happiness": card.happiness,
        "fertility": card.fertility,
        "enlightenment": dict(card.enlightenment),
        "traits": [t.lower() for t in card.traits],
        "turns": _turns(card.turns),
        "text": card.text,
        **_provenance(card),
    }


def _genius(card: Genius) -> Card:
    return {
        "id": card.id,
        "name": card.name,
        "art": card.art,
        "enlightenment": card.enlightenment,
        "prestige": card.prestige,
        "traits": [],
        "turns": _turns(card.turns),
        "text": card.text,
        **_provenance(card),
    }


def _memorial(card: Memorial) -> Card:
    return {
        "id": card.id,
        "name": card.name,
        "owner": card.owner,
        "task": card.task,
        "check": card.check,
        "condition": card.condition,
        "params": dict(card.params),
        "vp_fail": card.vp_fail,
        "vp_short": card.vp_short,
        "vp_campaign": card.vp_campaign,
        "traits": [],
        **_provenance(card),
    }


def _leader(card: EnemyLeader, content: Content) -> Card:
    first = card.powers[0] if card.powers else None
    power = content.wars[first].power if first in content.wars else first
    return {
        "id": card.id,
        "name": card.name,
        "power": power,
        "powers": list(card.powers),
        "strategy": card.strategy,
        "turns": _turns(card.turns),
        "text": card.text,
        "traits": [],
        **_provenance(card),
    }


def _section(content: Content, section: str) -> list[Card]:
    if section == "events":
        cards = sorted(content.events.values(), key=lambda c: (c.number or 0, c.id))
        return [_event(c) for c in cards]
    if section == "nobles":
        return [_noble(c) for c in content.nobles.values()]
    if section == "ladies":
        return [_lady(c) for c in content.ladies.values()]
    if section == "geniuses":
        return [_genius(c) for c in content.geniuses.values()]
    if section == "memorials":
        return [_memorial(c) for c in content.memorials.values()]
    if section == "leaders":
        return [_leader(c, content) for c in content.leaders.values()]
    raise ValueError(f"unknown section '{section}' (expected one of {', '.join(SECTIONS)})")


def _matches(card: Card, needle: str) -> bool:
    haystack = [card["id"], card["name"], card.get("text") or "", card.get("task") or ""]
    haystack += card.get("traits") or []
    return any(needle in str(part).lower() for part in haystack)


def cards_json(
    content: Content, section: str | None = None, search: str | None = None
) -> dict[str, list[Card]]:
    """All cards (or one section's) as plain JSON-ready dicts, filtered by ``search``.

    ``search`` matches case-insensitively the id, name, text (or task) and traits.
    An unknown ``section`` raises ``ValueError``.
    """
    sections = SECTIONS if section is None else (section,)
    needle = search.lower() if search else None
    out: dict[str, list[Card]] = {}
    for name in sections:
        cards = _section(content, name)
        out[name] = [c for c in cards if needle is None or _matches(c, needle)]
    return out


def _short(items: list[str]) -> str:
    return ", ".join(items) if items else "-"


def _fmt_rating(value: Any) -> str:
    return "-" if value is None else str(value)


COLUMNS: dict[str, list[tuple[str, Any]]] = {
    "events": [
        ("#", lambda c: _fmt_rating(c["number"])),
        ("Name", lambda c: c["name"]),
        ("Fortune", lambda c: c["fortune"] + (" SP" if c["sp_loss"] else "")),
        ("Flame", lambda c: "yes" if c["one_use"] else ""),
        ("Turns", lambda c: _turns_label(c["turns"])),
        ("Text", lambda c: c["text"]),
    ],
    "nobles": [
        ("Name", lambda c: c["name"]),
        ("Mil", lambda c: str(c["military"])),
        ("Pol", lambda c: str(c["political"])),
        ("Gov", lambda c: str(c["government"])),
        ("Pres", lambda c: str(c["prestige"])),
        ("Traits", lambda c: _short(c["traits"])),
        ("Turns", lambda c: _turns_label(c["turns"])),
        (
            "Counter",
            lambda c: (
                f"{c['strategy']} ({_turns_label(c['leader']['turns'])})" if c["leader"] else ""
            ),
        ),
    ],
    "ladies": [
        ("Name", lambda c: c["name"]),
        ("Pres", lambda c: str(c["prestige"])),
        ("Happy", lambda c: str(c["happiness"])),
        ("Fert", lambda c: str(c["fertility"])),
        ("Traits", lambda c: _short(c["traits"])),
        ("Turns", lambda c: _turns_label(c["turns"])),
    ],
    "geniuses": [
        ("Name", lambda c: c["name"]),
        ("Art", lambda c: c["art"]),
        ("Enl", lambda c: str(c["enlightenment"])),
        ("Turns", lambda c: _turns_label(c["turns"])),
    ],
    "memorials": [
        ("Name", lambda c: c["name"]),
        ("Owner", lambda c: c["owner"]),
        ("Check", lambda c: c["check"]),
        ("VP", lambda c: f"-{c['vp_fail']} / +{c['vp_short']} / +{c['vp_campaign']}"),
        ("Task", lambda c: c["task"]),
    ],
    "leaders": [
        ("Name", lambda c: c["name"]),
        ("Commands", lambda c: _short(c["powers"])),
        ("Strategy", lambda c: str(c["strategy"])),
        ("Turns", lambda c: _turns_label(c["turns"])),
    ],
}

TITLES = {
    "events": "Event cards",
    "nobles": "Nobles",
    "ladies": "Ladies",
    "geniuses": "Geniuses",
    "memorials": "Secret Memorials",
    "leaders": "Enemy leaders",
}


def _longest_word(text: str) -> int:
    return max((len(w) for w in text.split()), default=0)


def print_cards(
    content: Content, section: str | None, search: str | None, console: Console
) -> None:
    """Print each section, with the provenance of every card: a table where every column
    can hold its longest word at the console's width, else one short paragraph per
    card (a word is never cut in half)."""
    data = cards_json(content, section, search)
    for name, cards in data.items():
        headers = [h for h, _ in COLUMNS[name]] + ["Source", "Reconstructed"]
        rows = [
            [render(card) for _, render in COLUMNS[name]]
            + [card["source"], _short(card["reconstructed"])]
            for card in cards
        ]
        widths = [
            max([_longest_word(h)] + [_longest_word(r[i]) for r in rows])
            for i, h in enumerate(headers)
        ]
        title = f"{TITLES[name]} ({len(cards)})"
        if sum(w + 3 for w in widths) + 1 <= console.width:
            _print_table(title, headers, rows, widths, console)
        else:
            _print_paragraphs(title, headers, rows, console)
        if not cards:
            console.print(f"[dim]No {name} match.[/]")


def _print_table(
    title: str, headers: list[str], rows: list[list[str]], widths: list[int], console: Console
) -> None:
    table = Table(title=title, show_lines=False, expand=False)
    for header, width in zip(headers, widths, strict=True):
        style = "dim" if header == "Reconstructed" else None
        table.add_column(header, min_width=width, overflow="fold", style=style)
    for row in rows:
        cells = [escape(c) for c in row]
        if row[-2] != "rulebook":
            cells[-2] = "[italic]reconstructed[/]"
        table.add_row(*cells)
    console.print(table)


def _print_paragraphs(
    title: str, headers: list[str], rows: list[list[str]], console: Console
) -> None:
    """A card per paragraph: its name in bold, then "Field value" pairs wrapped at
    word boundaries (Rich wraps plain text between words)."""
    console.print(f"[bold underline]{escape(title)}[/]")
    for row in rows:
        console.print(f"[bold]{escape(row[headers.index('Name')])}[/]")
        fields = [
            f"{h}: {v}" for h, v in zip(headers, row, strict=True) if h != "Name" and v.strip()
        ]
        console.print(Padding(Text(" · ".join(fields)), (0, 0, 0, 2)))
