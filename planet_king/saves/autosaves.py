"""Autosaves, rotated per game (the last few of each game kept, the last one of a game
never deleted), and the listing of the saves folder for the load dialogs.
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass
from pathlib import Path

from planet_king.engine.game import Game
from planet_king.fsutil import (
    atomic_write,
    clean_stale_temps,
    describe_os_error,
    sanitise_name,
    shown,
)
from planet_king.saves.errors import SaveError
from planet_king.saves.folder import AUTOSAVE_PREFIX
from planet_king.saves.folder import saves_dir as _resolve_dir
from planet_king.saves.format import SaveData, new_game_id
from planet_king.saves.read import read_save
from planet_king.saves.write import dumps

AUTOSAVE_KEEP = 5  # autosaves kept per game
# Games older than the AUTOSAVE_GAMES most recently autosaved keep only their last
# autosave (never none: a game is never lost to rotation).
AUTOSAVE_GAMES = 20

# Autosave names: autosave-<counter>-<scenario>-<seed>-<game id>.json. The counter
# orders them ("latest" never depends on the clock); up to COUNTER_DIGITS digits are
# read, so a file with a longer counter is not an autosave of ours, and the counters
# are renumbered before they would need more.
COUNTER_DIGITS = 18
_AUTOSAVE_RE = re.compile(rf"^autosave-(\d{{1,{COUNTER_DIGITS}}})-(.+)\.json$")


@dataclass(frozen=True, slots=True)
class Autosave:
    counter: int
    game: str  # the name's part after the counter: scenario, seed and game id
    path: Path


def _autosaves(folder: Path) -> list[Autosave]:
    """The autosaves in ``folder``, oldest first (by their counter)."""
    out = []
    with contextlib.suppress(OSError):
        for path in folder.iterdir():
            m = _AUTOSAVE_RE.match(path.name)
            if m:
                out.append(Autosave(int(m.group(1)), m.group(2), path))
    out.sort(key=lambda a: (a.counter, a.game))
    return out


def _slug(game: Game) -> str:
    game_id = game.game_id or new_game_id()
    game.game_id = game_id
    return sanitise_name(f"{game.scenario.id}-{game.seed}-{game_id}", suffix="")


def _renumber(existing: list[Autosave]) -> list[Autosave]:
    """Give the autosaves the counters 1, 2, ... in their order (best effort), so the
    next counter still fits in COUNTER_DIGITS digits."""
    out = []
    for n, a in enumerate(existing, start=1):
        target = a.path.with_name(f"{AUTOSAVE_PREFIX}{n}-{a.game}.json")
        if target != a.path and not target.exists():
            with contextlib.suppress(OSError):
                a.path.rename(target)
                a = Autosave(n, a.game, target)
        out.append(a)
    return out


def autosave(game: Game, *, saves_dir: Path | None = None, leaving: bool = False) -> str | None:
    """Write the rotating autosave of this game (the last ``AUTOSAVE_KEEP`` kept).

    Nothing is written when the game has not moved since it was loaded (resuming five
    times does not push the history out). Returns None on success, or a one-line
    message on an I/O error (full disk, read-only folder): it never raises for those,
    so the game can go on. ``leaving``: the autosave of a quit, whose message is the last
    thing said (it cannot say that the game goes on).
    """
    if game.autosaved_choices == tuple(game.choices):
        return None
    folder = _resolve_dir(saves_dir)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        existing = _autosaves(folder)
        if existing and existing[-1].counter + 1 >= 10**COUNTER_DIGITS:
            existing = _renumber(existing)
        counter = max((a.counter for a in existing), default=0) + 1
        slug = _slug(game)
        target = folder / f"{AUTOSAVE_PREFIX}{counter}-{slug}.json"
        atomic_write(target, dumps(game).encode("utf-8"))
    except OSError as exc:
        where = shown(str(folder), 200)
        if leaving:
            return (
                f"Autosave failed: {describe_os_error(exc)} ({where}); "
                "the moves since the last save are not kept"
            )
        return f"autosave failed: {describe_os_error(exc)} ({where}); the game goes on"
    game.autosaved_choices = tuple(game.choices)
    _WRITTEN_HERE.add(target)
    _prune([*existing, Autosave(counter, slug, target)], slug, tuple(game.choices))
    clean_stale_temps(folder)
    return None


# The autosaves this process wrote: its own line of play, which it may prune. Another
# copy of the same game (resumed from the same autosave in another terminal or tab)
# writes under the same game id; its positions are not ours to delete.
_WRITTEN_HERE: set[Path] = set()


def _superseded(old: Autosave, newer: list[Autosave], choices: tuple[str, ...]) -> bool:
    """Whether deleting ``old`` loses no position: this process wrote it, or its choices
    lead to the position just written (``choices``) or to a newer autosave of the game.
    The newest position of any line of play (two copies of one game) is never pruned."""
    if old.path in _WRITTEN_HERE:
        return True
    try:
        mine = read_save(old.path).choices
    except SaveError:
        return False  # unreadable now: left for a person to look at
    if choices[: len(mine)] == mine:
        return True
    for other in newer:
        try:
            theirs = read_save(other.path).choices
        except SaveError:
            continue
        if theirs[: len(mine)] == mine:
            return True
    return False


def _prune(existing: list[Autosave], slug: str, choices: tuple[str, ...] = ()) -> None:
    """Keep the last AUTOSAVE_KEEP autosaves of this game (the newest was just written,
    its ``choices`` given) and the last one of every other game: games beyond the
    AUTOSAVE_GAMES most recently autosaved are cut down to their last autosave, never to
    none (best effort). An autosave that is the newest of its line of play (another copy
    of this game wrote it) is kept whatever its age: see ``_superseded``."""
    by_game: dict[str, list[Autosave]] = {}
    for a in existing:  # oldest first
        by_game.setdefault(a.game, []).append(a)
    ours = by_game.get(slug, [])
    doomed = [
        old
        for i, old in enumerate(ours[:-AUTOSAVE_KEEP])
        if _superseded(old, ours[i + 1 :], choices)
    ]
    others = sorted(
        (g for g in by_game if g != slug), key=lambda g: by_game[g][-1].counter, reverse=True
    )
    for g in others[AUTOSAVE_GAMES - 1 :]:
        theirs = by_game[g]
        doomed += [
            old for i, old in enumerate(theirs[:-1]) if _superseded(old, theirs[i + 1 :], ())
        ]
    for old in doomed:
        with contextlib.suppress(OSError):
            old.path.unlink()


def latest_readable_autosave(
    saves_dir: Path | None = None, *, in_progress: bool = False
) -> tuple[Path, SaveData] | None:
    """The newest autosave that reads as a save (not replayed), with its content, or
    None; with ``in_progress``, the newest of a game not yet over. An autosave pruned or
    damaged between the listing and the reading is skipped for the one before: the
    content returned is what was read, never read twice."""
    for a in reversed(_autosaves(_resolve_dir(saves_dir))):
        try:
            data = read_save(a.path)
        except SaveError:
            continue
        if not (in_progress and data.over):
            return a.path, data
    return None


def latest_autosave(saves_dir: Path | None = None) -> Path | None:
    """The newest autosave that reads as a save (not replayed), or None."""
    found = latest_readable_autosave(saves_dir)
    return found[0] if found else None


@dataclass(frozen=True, slots=True)
class SaveInfo:
    """One line of a load dialog: what a save holds, or why it cannot be read."""

    path: Path
    scenario: str = ""
    seed: int = 0
    choices: int = 0
    saved: str = ""
    autosave: bool = False
    learning: bool = False
    error: str | None = None
    game_id: str | None = None
    over: bool = False
    turn: int | None = None
    vp: int | None = None
    victory_level: str = ""


def list_saves(saves_dir: Path | None = None) -> list[SaveInfo]:
    """The saves in the folder, newest first (by modification time); of each game's
    autosaves only the latest readable one (one row per game)."""
    folder = _resolve_dir(saves_dir)
    mtimes: dict[Path, float] = {}
    try:
        candidates = list(folder.glob("*.json"))
    except OSError:
        return []
    for p in candidates:
        with contextlib.suppress(OSError):  # gone since the listing: pruned elsewhere
            if p.is_file():
                mtimes[p] = p.stat().st_mtime
    paths = list(mtimes)
    autos = {a.path: a for a in _autosaves(folder)}
    # newest first by counter for autosaves (mtime may tie), by time for the others
    paths.sort(key=lambda p: (mtimes[p], autos[p].counter if p in autos else 0, p.name))
    paths.reverse()
    out = []
    games_seen: set[str] = set()
    for path in paths:
        auto = path in autos
        if auto and autos[path].game in games_seen:
            continue  # an older autosave of a game already listed
        try:
            sd = read_save(path)
        except SaveError as exc:
            if auto and "no such file" in str(exc):
                continue  # pruned by another process since the listing
            out.append(SaveInfo(path, autosave=auto, error=str(exc)))
            continue
        if auto:
            games_seen.add(autos[path].game)
        out.append(
            SaveInfo(
                path,
                scenario=sd.scenario,
                seed=sd.seed,
                choices=len(sd.choices),
                saved=sd.saved or "",
                autosave=auto,
                learning=sd.learning,
                game_id=sd.game_id,
                over=sd.over,
                turn=sd.turn,
                vp=sd.vp,
                victory_level=sd.victory_level,
            )
        )
    return out
