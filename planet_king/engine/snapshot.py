"""A stable serialisation of ``GameState``: plain JSON data, every field by its name.

Saves hold it (a snapshot to resume from when the rules have changed, ``docs/saves.md``)
and the state digest is a hash of it. It is made to outlive changes to the state:

- every field is written under its name (``SAVED_AS`` keeps a renamed field's old name),
  the fields in name order, so reordering fields changes nothing;
- a field at its default value is left out, so adding a field (at its default) changes
  neither old saves nor their digests; a field missing from a save takes its default;
- a field in a save that the state no longer has is ignored (``RENAMED`` maps a field's
  old name to its new one first);
- containers keep their order (rule code iterates them in the order they were filled).

The codecs are derived once from the dataclasses' annotations, so a new field of a type
already used (numbers, text, lists, tuples, dicts, counters, the state's dataclasses)
needs no code here; a field of any other type fails at import, naming it.
"""

from __future__ import annotations

from typing import Any

from planet_king.engine.codec import (
    RENAMED,
    SAVED_AS,
    SnapshotError,
    clear,
    digest_of_text,
    record,
    state_digest,
    to_text,
)
from planet_king.engine.stacking import Stacked
from planet_king.engine.state import NOT_DIGESTED, Child, GameState, Stats, WarState

__all__ = ["RENAMED", "SAVED_AS", "SnapshotError", "digest_of_text", "to_text"]


def build() -> None:
    """(Re)derive the codecs from the dataclasses (done at import; tests that change the
    state's fields call it again)."""
    clear()
    for cls in (WarState, Child, Stats, Stacked, GameState):  # inner records first
        record(cls)


build()


# --------------------------------------------------------------------- the state
def state_data(state: GameState) -> dict[str, Any]:
    """The state as JSON data, without its statistics (what the digest covers)."""
    return record(GameState).encode(state, skip=NOT_DIGESTED)


def stats_data(stats: Stats) -> dict[str, Any]:
    return record(Stats).encode(stats)


def digest(state: GameState) -> str:
    """A short hash of the whole position (``NOT_DIGESTED`` left out)."""
    return state_digest(state, NOT_DIGESTED)


def state_from_data(data: Any, stats: Any = None) -> GameState:
    """The state a snapshot describes; raises SnapshotError naming the bad field."""
    state: GameState = record(GameState).decode(data, "state")
    if stats is not None:
        state.stats = record(Stats).decode(stats, "stats")
    return state
