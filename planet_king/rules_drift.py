"""A fingerprint of play, to notice a rules change that was not given a new rules version.

Saves of the current rules version are replayed and checked against their digests, so a
change to the engine or the data that alters play (the same seed and choices giving
another game) must bump ``RULES_VERSION`` (``planet_king/engine/rules_version.py``):
saves made before then resume from their snapshots instead of failing their checks.
``tests/rules_drift.json`` records, with the rules version, a hash of a few fixed games
per scenario and mode: their turn-start and final digests (what saves are checked
against) and their choices. ``tests/test_rules_drift.py`` fails when they change while
the version stays; ``python scripts/record_rules_drift.py --bump`` bumps and records.

The random bot's games depend on the rules alone (it draws uniformly over the legal
options with its own RNG); the expert's reach the later turns, but change with the bot
too, so a change in them alone may be a bot change (re-record without ``--bump``).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

from planet_king.bots import make_bot
from planet_king.content.loader import Content
from planet_king.engine.game import Game, GameOptions

RULES_BOT = "random"  # its games change only when the rules do
DEEP_BOT = "expert"  # plays to the later turns; changes with the bot as well


@dataclass(frozen=True)
class Mode:
    name: str
    scenario: str
    options: GameOptions = field(default_factory=GameOptions)
    random_seeds: tuple[int, ...] = (11, 12, 13, 14, 15, 16)
    expert_seeds: tuple[int, ...] = (21, 22)


def modes(content: Content) -> list[Mode]:
    out = [
        Mode(scenario, scenario)
        for scenario in sorted(s for s, sc in content.scenarios.items() if sc.playable)
    ]
    few = {"random_seeds": (31, 32, 33, 34), "expert_seeds": (41,)}
    out += [
        Mode("coop-memorials", "the-planet-king", GameOptions(coop=True, memorials=True), **few),
        Mode("war-only", "anni-horribiles", GameOptions(war_only=True), **few),
        Mode(
            "hard-optional",
            "anni-mirabiles",
            GameOptions(
                difficulty="very-hard", optional=("bastard-heir", "enemy-tests-stop-early")
            ),
            **few,
        ),
        Mode("very-easy", "the-planet-king", GameOptions(difficulty="very-easy"), **few),
        Mode("stacked", "anni-mirabiles", GameOptions(stack="first-game-turn"), **few),
    ]
    return out


def game_print(game: Game) -> str:
    """What a save of ``game`` is checked against, and its choices."""
    blob = json.dumps([game.turn_digests, game.state.digest(), game.choices])
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def play(mode: Mode, bot: str, seed: int, content: Content) -> Game:
    game = Game(mode.scenario, seed=seed, options=mode.options, content=content)
    player = make_bot(bot, seed)
    while game.decision is not None:
        game.choose(player.choose(game))
    return game


def mode_print(mode: Mode, bot: str, content: Content) -> str:
    """A hash of the prints of ``mode``'s games with ``bot``."""
    seeds = mode.random_seeds if bot == RULES_BOT else mode.expert_seeds
    prints = [game_print(play(mode, bot, seed, content)) for seed in seeds]
    return hashlib.sha256(" ".join(prints).encode()).hexdigest()[:16]


def fingerprints(content: Content) -> dict[str, str]:
    """``"<mode>/<bot>"`` -> a hash of its games' prints."""
    return {
        f"{mode.name}/{bot}": mode_print(mode, bot, content)
        for mode in modes(content)
        for bot in (RULES_BOT, DEEP_BOT)
    }


def read(path: Path) -> tuple[int, dict[str, str]]:
    """The rules version and fingerprints recorded in ``path``."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    return int(doc["rules_version"]), dict(doc["fingerprints"])


def write(path: Path, version: int, prints: dict[str, str]) -> None:
    doc = {
        "about": "planet_king/rules_drift.py: fingerprints of play under this rules version; "
        "remake with scripts/record_rules_drift.py (--bump when play changed)",
        "rules_version": version,
        "fingerprints": prints,
    }
    path.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")


def changed(recorded: dict[str, str], now: dict[str, str]) -> list[str]:
    """The fingerprints that differ (added or gone ones included), sorted."""
    return sorted(k for k in recorded.keys() | now.keys() if recorded.get(k) != now.get(k))
