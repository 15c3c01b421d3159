"""The seeds a batch of games is played from: each game's, from a master seed, and its
bot's. A module of its own, below everything that plays games: the evaluator's play
fingerprint and the simulator both need them, and the simulator imports the cluster."""

from __future__ import annotations

import hashlib


def game_seed(master: int, index: int) -> int:
    """A per-game seed derived from the master seed (stable across Python versions)."""
    digest = hashlib.sha256(f"planet-king:{master}:{index}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def bot_seed(seed: int) -> int:
    """The seed the bot of the game ``seed`` gets (benchmarks replay simulate's games)."""
    return seed ^ 0x5EED
