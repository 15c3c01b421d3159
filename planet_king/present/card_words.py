"""Cards in words for the card browser: the rows it lists, a search, a card's fields
in plain lines (never a Python repr)."""

from __future__ import annotations

from typing import Any


# ------------------------------------------------------------------ cards
def card_rows(content: Any) -> list[tuple[str, str, Any]]:
    """(kind, name, card) for every card the browser shows: events, nobles, ladies,
    geniuses and enemy leaders."""
    rows: list[tuple[str, str, Any]] = []
    for card in content.events.values():
        rows.append(("event", card.name, card))
    for section in ("nobles", "ladies", "geniuses"):
        for card in getattr(content, section).values():
            rows.append((section.rstrip("s"), card.name, card))
    for card in content.leaders.values():
        rows.append(("leader", card.name, card))
    return rows


def find_cards(rows: list[tuple[str, str, Any]], query: str) -> list[tuple[str, str, Any]]:
    """The rows whose kind, name or text hold every word of ``query``."""
    words = query.lower().split()
    return [
        r
        for r in rows
        if all(w in f"{r[0]} {r[1]} {getattr(r[2], 'text', '')}".lower() for w in words)
    ]


BIRDS = {"positive": "eagle", "neutral": "pigeon", "negative": "crow"}


def field_value(value: Any) -> str:
    """A card field in words, never a Python repr: lists joined, a seal "turns 1-5",
    a table "painting 2, music 1"."""
    if isinstance(value, list):
        return ", ".join(field_value(v) for v in value) or "none"
    if isinstance(value, dict):
        if set(value) <= {"from", "to", "condition"}:
            first, last = value.get("from"), value.get("to")
            span = (
                f"turns {first}-{last}"
                if first is not None and last is not None
                else f"from turn {first}"
                if first is not None
                else f"until turn {last}"
                if last is not None
                else ""
            )
            cond = value.get("condition")
            return ", ".join(p for p in (span, f"when {cond}" if cond else "") if p) or "always"
        return ", ".join(f"{k.replace('_', ' ')} {field_value(v)}" for k, v in value.items())
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value).replace("-", " ") if isinstance(value, str) else str(value)


def field_line(field: str, value: Any) -> tuple[str, str]:
    """A card field's name and value in words, the name not said twice ("turns: 1-5",
    not "turns: turns 1-5")."""
    name, text = field.replace("_", " "), field_value(value)
    if text.startswith(name + " "):
        text = text[len(name) + 1 :]
    return name, text


def card_text(kind: str, card: Any) -> str:
    """A card in plain lines: name and kind, bird and marks, its fields, its text, and
    where its values come from."""
    lines = [f"{card.name} ({kind})"]
    if kind == "event":
        marks = [f"{BIRDS[card.fortune]} ({card.fortune})"]
        if card.sp_loss:
            marks.append("SP-loss mark")
        if card.one_use:
            marks.append("single use (flame)")
        lines.append(", ".join(marks))
    skip = {"id", "name", "source", "reconstructed", "note", "text", "fortune", "sp_loss"}
    skip |= {"one_use", "effect", "params"}
    for field, value in card.model_dump(by_alias=True, exclude_defaults=True).items():
        if field not in skip:
            lines.append("{}: {}".format(*field_line(field, value)))
    text = getattr(card, "text", "")
    if text:
        lines.append(text)
    where = "named by the rulebook" if card.source == "rulebook" else "reconstructed"
    lines.append(f"Provenance: {where}")
    if card.reconstructed:
        lines.append(f"Reconstructed fields: {', '.join(card.reconstructed)}")
    if card.note:
        lines.append(f"Note: {card.note}")
    return "\n".join(lines)
