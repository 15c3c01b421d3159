"""The save format: its name and version, its limits, and ``SaveData``, a save file's
content once checked (docs/saves.md).
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from planet_king.engine.game import GameOptions

FORMAT = "planet-king-save"
# The newest format this version writes and reads. 1: seed and choices, digests of the
# state's repr. 2: the rules version, a snapshot of the last turn start, digests of the
# state's explicit serialisation (docs/saves.md).
FORMAT_VERSION = 2
MAX_SAVE_BYTES = 8 * 1024 * 1024  # a full reign is a few hundred kB at most
MAX_CHOICES = 200_000
MAX_ID_LENGTH = 200

# Seeds: one range, checked when a game is started and when a save is read.
SEED_LIMIT = 2**64  # a seed is an integer with abs(seed) < 2**64


def seed_problem(seed: int) -> str | None:
    """Why ``seed`` cannot be a game's seed, or None."""
    if abs(seed) >= SEED_LIMIT:
        return "a seed must be between -(2**64 - 1) and 2**64 - 1"
    return None


GAME_ID_RE = re.compile(r"^[0-9a-z]{1,32}$")


def new_game_id() -> str:
    """A fresh game id (not a part of the game: it names its saves)."""
    return secrets.token_hex(6)


# --------------------------------------------------------------------- the format
@dataclass(frozen=True, slots=True)
class SaveData:
    """A save file's content, checked for types (not yet replayed)."""

    scenario: str
    seed: int
    options: GameOptions
    choices: tuple[str, ...]
    data_version: str = ""
    format_version: int = FORMAT_VERSION
    app_version: str = ""
    turn_digests: tuple[tuple[int, int, str], ...] = ()
    final_choices: int | None = None
    final_digest: str | None = None
    learning: bool = False
    roles: dict[str, str] = field(default_factory=dict)
    created: str | None = None
    saved: str | None = None
    source: str = "<save>"
    game_id: str | None = None  # None: a save made before games had ids
    over: bool = False  # the summary in "final" (for load dialogs; not trusted for play)
    turn: int | None = None
    vp: int | None = None
    victory_level: str = ""
    rules_version: int | None = None  # None: format 1, made before rules versions
    # Set when the game was resumed from a snapshot of older rules: its choices before
    # this many do not replay from the seed (None: they all do).
    resumed_from: int | None = None
    snapshot: dict[str, Any] | None = None  # checked for shape, decoded when used


@lru_cache(maxsize=1)
def app_version() -> str:
    try:
        from importlib.metadata import version

        return version("planet-king")
    except Exception:  # not installed (a source checkout)
        return "unknown"
