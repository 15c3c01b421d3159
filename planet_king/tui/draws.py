"""The cards drawn from the event deck, read from the log: fate made visible.

Each card drawn as an event (``Event: NAME.``, or the Hothead opening) or for a fortune
test (``Fortune test (WHY): bird, result[, SP-loss symbol] (card: NAME).``) becomes a ``Draw``
with its bird and SP-loss mark. Several cards share a name (the ACTION cards, say)
with different birds, so an event is matched to its card id through the
``events_played`` counter, which the engine bumps just before it logs the event.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from planet_king.engine.game import Game

FORTUNE_RE = re.compile(
    r"^Fortune test \((?P<why>.*)\): (?P<bird>eagle|pigeon|crow), "
    r"(?P<result>positive|neutral|negative)(?P<sp>, SP-loss symbol)? \(card: (?P<name>.+)\)\.$"
)
EVENT_RE = re.compile(r"^Event: (?P<name>.+)\.$")
OPENING_RE = re.compile(r"^Opening: (?P<name>.+) is drawn and resolved\.$")


@dataclass(frozen=True, slots=True)
class Draw:
    kind: str  # "event" | "fortune"
    name: str
    card_id: str | None  # None when the name is ambiguous and the card unknown
    fortune: str | None  # positive | neutral | negative
    sp_loss: bool | None
    why: str  # the fortune test's reason, or "event"
    log_index: int


def _card_for(game: Game, name: str, fortune: str, sp_loss: bool) -> str | None:
    """The card a fortune test turned over, by its name, bird and SP mark: cards alike in
    all three are alike to the player (the ACTION cards), so the first one stands for
    them; None when no card matches."""
    for card in game.content.events.values():
        if card.name == name and card.fortune == fortune and card.sp_loss == sp_loss:
            return card.id
    return None


class DrawTracker:
    """Follows ``game.log_entries`` and collects the draws, incrementally."""

    def __init__(self, game: Game) -> None:
        self.draws: list[Draw] = []
        self._seen = 0
        self._played: Counter[str] = Counter()
        # The Hothead opening card is counted as played only once resolved: it is owed
        # to the counter until then, so that it is not matched to a later event.
        self._owed: Counter[str] = Counter()
        self._game = game
        self.update()

    def reset(self, game: Game) -> None:
        """A new game object (after undo): rebuild from its whole log."""
        self.__init__(game)  # type: ignore[misc]

    def update(self) -> list[Draw]:
        """Read the new log entries; return the draws they add."""
        game = self._game
        content = game.content
        played = game.state.stats.events_played
        fresh = Counter(played)
        fresh.subtract(self._played)
        for cid, n in list(self._owed.items()):
            paid = min(n, max(0, fresh[cid]))
            fresh[cid] -= paid
            self._owed[cid] -= paid
        pool = [cid for cid, n in fresh.items() for _ in range(max(0, n))]
        self._played = Counter(played)
        new: list[Draw] = []
        entries = game.log_entries
        # a sub-menu's Back takes log lines back (never a draw: none is drawn in between)
        self._seen = min(self._seen, len(entries))
        for i in range(self._seen, len(entries)):
            text = entries[i].text
            m = FORTUNE_RE.match(text)
            if m:
                new.append(
                    Draw(
                        "fortune",
                        m["name"],
                        _card_for(game, m["name"], m["result"], bool(m["sp"])),
                        m["result"],
                        bool(m["sp"]),
                        m["why"],
                        i,
                    )
                )
                continue
            m = EVENT_RE.match(text) or OPENING_RE.match(text)
            if not m:
                continue
            name = m["name"]
            card_id = None
            opening = game.scenario.opening_event
            if m.re is OPENING_RE and opening and content.events[opening].name == name:
                card_id = opening
                if opening in pool:
                    pool.remove(opening)
                else:
                    self._owed[opening] += 1
            for cid in pool if card_id is None else ():
                if content.events[cid].name == name:
                    card_id = cid
                    pool.remove(cid)
                    break
            if card_id is None:
                same = [c for c in content.events.values() if c.name == name]
                if len({(c.fortune, c.sp_loss) for c in same}) == 1:
                    card_id = same[0].id
            card = content.events.get(card_id) if card_id else None
            new.append(
                Draw(
                    "event",
                    name,
                    card_id,
                    card.fortune if card else None,
                    card.sp_loss if card else None,
                    "event",
                    i,
                )
            )
        self._seen = len(entries)
        self.draws.extend(new)
        return new
