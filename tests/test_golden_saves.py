"""Golden saves: saves made by earlier releases open, resume and play on (issue 33).

``tests/golden_saves/v<N>/`` hold saves written by the release that introduced save
format N (``scripts/make_golden_saves.py``): every scenario in progress and finished,
co-op, secret memorials, War-Only, an optional rule and the tutorial. They are never
remade: whatever the rules and the state become, each must still open (resumed where
its choices stop being legal, if the rules changed), and play on to the end.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest

from planet_king import saves
from planet_king.bots import RandomBot
from planet_king.content.loader import Content, load_content
from planet_king.engine import game as game_module
from planet_king.engine import snapshot
from planet_king.engine import state as state_module
from planet_king.engine.rules_version import RULES_VERSION

GOLDEN = Path(__file__).parent / "golden_saves"
FILES = sorted(GOLDEN.glob("v*/*.json"))
KINDS = {p.stem for p in FILES}


@pytest.fixture(scope="module")
def content() -> Content:
    return load_content()


def test_the_golden_sets_cover_every_kind_of_game(content: Content) -> None:
    playable = {s for s, sc in content.scenarios.items() if sc.playable}
    for version in ("v1", "v2"):
        names = {p.stem for p in (GOLDEN / version).glob("*.json")}
        for scenario in playable:
            assert {f"{scenario}-in-progress", f"{scenario}-finished"} <= names
        assert {"coop-in-progress", "memorials-finished", "tutorial-in-progress"} <= names
    v1 = saves.read_save(GOLDEN / "v1" / "coop-finished.json")
    v2 = saves.read_save(GOLDEN / "v2" / "coop-finished.json")
    assert (v1.format_version, v1.rules_version, v1.snapshot) == (1, None, None)
    assert (v2.format_version, v2.rules_version) == (2, 1) and v2.snapshot is not None


def _play_on(game: game_module.Game, seed: int = 7) -> None:
    bot = RandomBot(seed)
    while game.decision is not None:
        game.choose(bot.choose(game))


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_golden_save_opens_resumes_and_plays_to_the_end(path: Path, content: Content) -> None:
    data = saves.read_save(path)
    game = saves.load_game(path, content=content)
    assert tuple(game.choices) == data.choices[: len(game.choices)]
    if game.load_notice is None:  # nothing changed since: the whole save, verified
        assert tuple(game.choices) == data.choices
        assert game.over == data.over
        assert game.state.digest() == data.final_digest or data.rules_version is None
    if (data.rules_version or 1) == RULES_VERSION:  # format 1 was rules version 1's
        assert game.load_notice is None
    # saved again in today's format, it opens to the same position
    again = saves.loads(saves.dumps(game), content=content)
    assert again.state.digest() == game.state.digest() and again.choices == game.choices
    _play_on(game)
    assert game.over and game.state.victory_level


# ------------------------------------------------------------ a field added to the state
@pytest.fixture
def state_with_a_new_field() -> Iterator[type]:
    """GameState with one more field (at the end, with a default), as a later version
    may add: the engine and the snapshot codecs use it for the test's duration."""
    old = state_module.GameState
    new = dataclasses.make_dataclass(
        "GameState",
        [("royal_hunts", int, dataclasses.field(default=0))],
        bases=(old,),
        slots=True,
    )
    game_module.GameState = new  # what Game() builds
    snapshot.GameState = new  # what the codecs are derived from
    snapshot.build()
    try:
        yield new
    finally:
        game_module.GameState = old
        snapshot.GameState = old
        snapshot.build()


@pytest.mark.parametrize("version", ["v1", "v2"])
def test_golden_saves_still_open_when_the_state_gains_a_field(
    state_with_a_new_field: type, version: str, content: Content
) -> None:
    for path in sorted((GOLDEN / version).glob("*.json")):
        data = saves.read_save(path)
        game = saves.load_game(path, content=content)  # same rules: digests verified
        assert type(game.state) is state_with_a_new_field
        if (data.rules_version or 1) == RULES_VERSION:
            assert game.load_notice is None and tuple(game.choices) == data.choices
            if data.rules_version is not None:
                assert game.state.digest() == data.final_digest
        _play_on(game)
        assert game.over and type(game.state) is state_with_a_new_field


def test_a_snapshot_keeps_a_new_field_and_reads_without_it(
    state_with_a_new_field: type, content: Content
) -> None:
    game = saves.load_game(GOLDEN / "v2" / "the-planet-king-in-progress.json", content=content)
    before = game.state.digest()
    game.state.royal_hunts = 3
    data = snapshot.state_data(game.state)
    assert data["royal_hunts"] == 3 and game.state.digest() != before
    assert snapshot.state_from_data(data).royal_hunts == 3
    del data["royal_hunts"]  # a save made before the field existed: its default
    assert snapshot.state_from_data(data).royal_hunts == 0
