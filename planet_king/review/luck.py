"""The draws between two decisions, named from the log: what a stroke of fortune was.

The log is the interface (its names and figures are kept): an event card is named in
capitals as on the card ("INSTABILITY"), with whom it took from the game; fortune tests
are grouped by what they tested, with their birds; a card drawn from a deck is named.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from planet_king.engine.log import LogEntry

EVENT = re.compile(r"^Event: (?P<card>.+?)\.$")
REMOVED = re.compile(r"^(?P<who>.+?) is removed from the game \((?P<card>.+?)\)\.$")
FORTUNE = re.compile(r"^Fortune test \((?P<why>.+?)\): (?P<bird>\w+), (?P<result>\w+)")
DRAWN = re.compile(r"^(?P<who>.+?) is drawn from the (?P<deck>noble|genius) deck\.$")
# a genius dealt to Court from the top of the deck (set-up, or a free place filled)
TO_COURT = re.compile(r"^(?P<who>.+?)(?: \([^()]*\))? comes to Court\.$")
# lines kept whole: what chance did to the royal family, a war or the game
KEEP = re.compile(r"(\bdies\b|gives birth|automatic defeat|declares war)", re.I)
MOST = 6  # items named; the rest counted


def short(name: str) -> str:
    """A notable's name without the title after its comma ("Antonio de Oquendo")."""
    return name.split(",")[0].strip()


def describe(entries: Iterable[LogEntry]) -> str:
    items: list[str] = []
    event_at: dict[str, int] = {}  # a card's item, to add whom it took
    tests: dict[str, list[str]] = {}
    for entry in entries:
        text = entry.text
        if m := EVENT.match(text):
            event_at[m["card"]] = len(items)
            items.append(m["card"].upper())
        elif m := REMOVED.match(text):
            card = m["card"]
            if card in event_at:
                items[event_at[card]] += f" took {short(m['who'])}"
            else:
                items.append(f"{short(m['who'])} removed ({card})")
        elif m := FORTUNE.match(text):
            why = m["why"]
            if why not in tests:
                tests[why] = []
                items.append(f"\0{why}")  # filled in below, where the first test came
            tests[why].append(m["bird"])
        elif m := DRAWN.match(text):
            items.append(f"drew {short(m['who'])} ({m['deck']})")
        elif m := TO_COURT.match(text):
            items.append(f"drew {short(m['who'])} (genius)")
        elif KEEP.search(text):
            items.append(text.rstrip("."))
    named = [
        f"fortune test ({i[1:]}): {', '.join(tests[i[1:]])}" if i.startswith("\0") else i
        for i in items
    ]
    if len(named) > MOST:
        named = [*named[:MOST], f"and {len(named) - MOST} more"]
    return "; ".join(named)
