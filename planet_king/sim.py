"""Batch simulation: play many games with a bot and summarise them."""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any

from planet_king.bots import Bot, make_bot
from planet_king.content.loader import Content, load_content
from planet_king.engine.game import Game, GameOptions
from planet_king.engine.rules import memorials
from planet_king.engine.state import VictoryLevel
from planet_king.seeds import bot_seed, game_seed

if TYPE_CHECKING:
    from planet_king.cluster import Cluster

VICTORY_LEVELS = tuple(VictoryLevel)  # the best first, as the summary lists them


def play_to_end(game: Game, bot: Bot) -> Game:
    while game.decision is not None:
        game.choose(bot.choose(game))
    return game


def play_one(
    scenario: str, seed: int, bot_name: str, *, content: Content, options: GameOptions | None = None
) -> tuple[Game, dict[str, Any]]:
    game = Game(scenario, seed=seed, options=options, content=content)
    play_to_end(game, make_bot(bot_name, bot_seed(seed)))
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
                "at_setup": c["at_setup"],
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
    if game.options.coop:
        record["king_vp"], record["valido_vp"] = s.vp_king, s.vp_valido
        record["winner_role"] = (
            "king" if s.vp_king > s.vp_valido else "valido" if s.vp_valido > s.vp_king else "tie"
        )
    if s.memorials:
        record["memorials"] = memorials.outcome(game)
    return game, record


def _ci95(values: list[float]) -> float:
    """Half-width of the 95% confidence interval of the mean (normal approximation)."""
    n = len(values)
    if n < 2:
        return 0.0
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return 1.96 * math.sqrt(var / n)


_WORKER: dict[str, Any] = {}


def _init_worker(data_dir: str) -> None:
    _WORKER["content"] = load_content(Path(data_dir))


def _play_chunk(job: tuple[str, list[int], int, str, dict[str, Any]]) -> list[dict[str, Any]]:
    scenario, indices, seed, bot, options = job
    content = _WORKER["content"]
    opts = GameOptions.from_dict(options)
    return [
        play_one(scenario, game_seed(seed, i), bot, content=content, options=opts)[1]
        for i in indices
    ]


def _content_here(data_dir: str, version: str) -> Content:
    """The game data on this worker (loaded once a process): the command's folder when
    this machine has it, else the installed data; refused unless it is the command's
    version (a worker with other data would play other games)."""
    key = f"{data_dir}|{version}"
    if key not in _WORKER:
        folder = Path(data_dir)
        content = load_content(folder) if folder.is_dir() else load_content()
        if content.version != version:
            import socket

            raise RuntimeError(
                f"the worker on {socket.gethostname()} has game data {content.version}, "
                f"the command {version}: install the same planet-king on every worker"
            )
        _WORKER[key] = content
    return _WORKER[key]


def play_batch(
    job: tuple[str, str, str, range, int, str, dict[str, Any]],
) -> list[dict[str, Any]]:
    """A cluster's task: the records of the games ``indices`` (seeded as everywhere)."""
    data_dir, version, scenario, indices, seed, bot, options = job
    content = _content_here(data_dir, version)
    opts = GameOptions.from_dict(options)
    return [
        play_one(scenario, game_seed(seed, i), bot, content=content, options=opts)[1]
        for i in indices
    ]


def simulate(
    scenario: str,
    games: int,
    seed: int,
    bot: str,
    *,
    options: GameOptions | None = None,
    content: Content,
    progress: Any = None,
    on_game: Callable[[int, Game], None] | None = None,
    workers: int = 1,
    cluster: Cluster | None = None,
) -> dict[str, Any]:
    """Play ``games`` games of ``content`` (the game data the caller loaded: its command
    line's ``--data-dir``; no default); with ``workers`` > 1 in a process pool, or on a
    Dask ``cluster``, with the same records in the same order as one worker (each game
    has its own derived seed)."""
    options = options or GameOptions()
    start = time.perf_counter()
    records: list[dict[str, Any]] = []
    if cluster is not None:
        if on_game is not None:
            raise ValueError("saving every game works with one local worker only")
        from planet_king.cluster import batch_size, batches_of

        ranges = batches_of(games, batch_size(games, cluster.workers))
        jobs = [
            (str(content.data_dir), content.version, scenario, r, seed, bot, options.to_dict())
            for r in ranges
        ]
        label = f"{scenario}, {bot}"
        for chunk in cluster.run(play_batch, jobs, sizes=[len(r) for r in ranges], label=label):
            records.extend(chunk)
        if progress is not None:
            progress(len(records))
    elif workers > 1:
        if on_game is not None:
            raise ValueError("saving every game works with one worker only")
        size = max(1, min(50, games // (workers * 4) or 1))
        chunks = [list(range(i, min(i + size, games))) for i in range(0, games, size)]
        chunk_jobs = [(scenario, c, seed, bot, options.to_dict()) for c in chunks]
        with ProcessPoolExecutor(
            max_workers=workers, initializer=_init_worker, initargs=(str(content.data_dir),)
        ) as pool:
            for chunk in pool.map(_play_chunk, chunk_jobs):
                records.extend(chunk)
                if progress is not None:
                    progress(len(records))
    else:
        for i in range(games):
            game, record = play_one(
                scenario, game_seed(seed, i), bot, content=content, options=options
            )
            records.append(record)
            if on_game is not None:  # e.g. write the game as a save (simulate --save-dir)
                on_game(i, game)
            if progress is not None:
                progress(i + 1)
    return {
        "scenario": scenario,
        "seed": seed,
        "bot": bot,
        "options": options.to_dict(),
        "data_version": content.version,
        "games": records,
        "summary": summarise(records, options),
        "elapsed_s": round(time.perf_counter() - start, 3),
    }


def summarise(records: list[dict[str, Any]], options: GameOptions) -> dict[str, Any]:
    """Counts by victory level with their shares, mean VP, and 95% confidence intervals."""
    n = len(records)
    levels = Counter(r["victory_level"] for r in records)
    vps = [float(r["final_vp"]) for r in records]
    summary: dict[str, Any] = {
        "games": n,
        "victory_levels": {lvl: levels.get(lvl, 0) for lvl in VICTORY_LEVELS},
        "mean_vp": round(sum(vps) / n, 4) if n else 0.0,
        "mean_vp_ci95": round(_ci95(vps), 4),
        "shares": {},
    }
    for lvl in VICTORY_LEVELS:
        share = levels.get(lvl, 0) / n if n else 0.0
        half = 1.96 * math.sqrt(share * (1 - share) / n) if n else 0.0
        summary["shares"][lvl] = {"share": round(share, 4), "ci95": round(half, 4)}
    summary["wars"] = _war_totals(records)
    played = Counter(card for r in records for card, k in r["events_played"].items() if k)
    summary["events_played_in_games"] = dict(sorted(played.items()))
    if options.coop and n:
        summary["mean_king_vp"] = round(sum(r["king_vp"] for r in records) / n, 4)
        summary["mean_valido_vp"] = round(sum(r["valido_vp"] for r in records) / n, 4)
        summary["winner_role"] = dict(Counter(r["winner_role"] for r in records))
    return summary


WAR_COUNTS = ("at_setup", "declared", "won", "lost", "peace", "ongoing_at_end")


def _war_totals(records: list[dict[str, Any]]) -> dict[str, dict[str, int]]:
    """For each war or front: how many times it was at war from the set-up, declared, won,
    lost and ended in peace over all the games, in how many games it was declared, and in
    how many it was still fought at the end."""
    totals: dict[str, dict[str, int]] = {}
    for r in records:
        for war, c in r["wars"].items():
            t = totals.setdefault(war, dict.fromkeys((*WAR_COUNTS, "games_declared"), 0))
            for key in WAR_COUNTS:
                t[key] += int(c[key])
            t["games_declared"] += 1 if c["declared"] else 0
    return dict(sorted(totals.items()))
