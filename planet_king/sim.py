"""Batch simulation: play many games with a bot and summarise them."""

from __future__ import annotations

import hashlib
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from planet_king.bots import make_bot
from planet_king.content.loader import Content, load_content
from planet_king.engine.game import Game, GameOptions

VICTORY_LEVELS = ("major-victory", "historical-outcome", "defeat", "neither-king-nor-planet")


def game_seed(master: int, index: int) -> int:
    """A per-game seed derived from the master seed (stable across Python versions)."""
    digest = hashlib.sha256(f"planet-king:{master}:{index}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def play_one(
    scenario: str, seed: int, bot_name: str, *, content: Content, options: GameOptions | None = None
) -> tuple[Game, dict[str, Any]]:
    game = Game(scenario, seed=seed, options=options, content=content)
    bot = make_bot(bot_name, seed ^ 0x5EED)
    while game.decision is not None:
        game.choose(bot.choose(game))
    s = game.state
    record: dict[str, Any] = {
        "seed": seed,
        "final_vp": s.vp,
        "victory_level": s.victory_level,
        "turns_played": len(s.stats.vp_by_turn),
        "decisions": len(game.choices),
        "ended_by": s.ended_by,
        "log_digest": game.log_digest(),
        "events_played": dict(sorted(s.stats.events_played.items())),
        "actions_taken": dict(sorted(s.stats.actions_taken.items())),
        "ledger": dict(sorted(s.stats.ledger.items())),
        "vp_by_turn": list(s.stats.vp_by_turn),
        "wars": {
            w: {
                "declared": c["declared"],
                "won": c["won"],
                "lost": c["lost"],
                "peace": c["peace"],
                "ongoing_at_end": s.wars[w].active,
            }
            for w, c in sorted(s.stats.wars.items())
        },
    }
    if s.defeat_cause:
        record["defeat_cause"] = s.defeat_cause
    return game, record


def simulate(
    scenario: str,
    games: int,
    seed: int,
    bot: str,
    *,
    options: GameOptions | None = None,
    content: Content | None = None,
    progress: Any = None,
    on_game: Callable[[int, Game], None] | None = None,
) -> dict[str, Any]:
    content = content or load_content()
    start = time.perf_counter()
    records = []
    for i in range(games):
        game, record = play_one(scenario, game_seed(seed, i), bot, content=content, options=options)
        records.append(record)
        if on_game is not None:  # e.g. write the game as a save (simulate --save-dir)
            on_game(i, game)
        if progress is not None:
            progress(i + 1)
    levels = Counter(r["victory_level"] for r in records)
    mean_vp = sum(r["final_vp"] for r in records) / games if games else 0.0
    return {
        "scenario": scenario,
        "seed": seed,
        "bot": bot,
        "options": (options or GameOptions()).to_dict(),
        "data_version": content.version,
        "games": records,
        "summary": {
            "games": games,
            "victory_levels": {lvl: levels.get(lvl, 0) for lvl in VICTORY_LEVELS},
            "mean_vp": round(mean_vp, 4),
        },
        "elapsed_s": round(time.perf_counter() - start, 3),
    }
