"""Play does not change without a new rules version (issue 33, docs/saves.md).

Saves of the current rules version are replayed and checked against their digests; a
change that alters play must bump RULES_VERSION so that they resume from their
snapshots instead of failing. ``tests/rules_drift.json`` holds the fingerprints of a few
fixed games of every scenario and mode (planet_king/rules_drift.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from planet_king import rules_drift
from planet_king.content.loader import load_content
from planet_king.engine.game import Game
from planet_king.engine.rules_version import RULES_VERSION

RECORD = Path(__file__).parent / "rules_drift.json"
FIX = "python scripts/record_rules_drift.py --bump"


def test_play_changes_only_with_a_new_rules_version() -> None:
    version, recorded = rules_drift.read(RECORD)
    assert version == RULES_VERSION, (
        f"tests/rules_drift.json was recorded for rules version {version}, but RULES_VERSION "
        f"is {RULES_VERSION}: run 'python scripts/record_rules_drift.py'"
    )
    diff = rules_drift.changed(recorded, rules_drift.fingerprints(load_content()))
    bots = {k.rpartition("/")[2] for k in diff}
    hint = (
        f" (only the {rules_drift.DEEP_BOT} bot's games: if only the bot changed, run "
        "'python scripts/record_rules_drift.py' without --bump)"
        if bots == {rules_drift.DEEP_BOT}
        else ""
    )
    assert not diff, (
        f"play changed ({', '.join(diff)}) but RULES_VERSION is still {RULES_VERSION}: saves of "
        f"this version would fail their checks. If the change is meant, run '{FIX}' (saves "
        f"made before it then resume from their snapshots){hint}"
    )


def test_a_rule_that_changes_play_changes_the_fingerprint(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    content = load_content()
    mode = next(m for m in rules_drift.modes(content) if m.name == "the-planet-king")
    _, recorded = rules_drift.read(RECORD)
    key = f"{mode.name}/{rules_drift.RULES_BOT}"
    assert rules_drift.mode_print(mode, rules_drift.RULES_BOT, content) == recorded[key]
    shuffle = Game.shuffle_deck

    def shuffle_twice(game: Game) -> None:  # a rules change: the deck shuffled twice
        shuffle(game)
        game.rng.shuffle(game.state.deck)

    monkeypatch.setattr(Game, "shuffle_deck", shuffle_twice)
    assert rules_drift.mode_print(mode, rules_drift.RULES_BOT, content) != recorded[key]
