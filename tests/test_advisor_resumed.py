"""The advisor on a game resumed from a save's snapshot (a save of older rules, issue 33
§2): its choices before the snapshot no longer replay from the seed under today's rules,
so every position the advisor plays from is built from the snapshot (issue 29 §3)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from planet_king import saves
from planet_king.advisor.instant import evaluator_advice
from planet_king.advisor.playout import fork, position_of
from planet_king.advisor.pool import PlayoutPool
from planet_king.advisor.search import advise
from planet_king.advisor.server import answer
from planet_king.cli import app
from planet_king.content.loader import Content, load_content
from planet_king.engine.decisions import IllegalChoice
from planet_king.engine.game import Game
from planet_king.engine.rules_version import RULES_VERSION

# Made under rules version 1; replayed from the seed today, its 4th choice is illegal.
OLDER = Path(__file__).parent / "golden_saves" / "v2" / "anni-horribiles-in-progress.json"


@pytest.fixture(scope="module")
def content() -> Content:
    return load_content()


@pytest.fixture
def resumed(content: Content) -> Game:
    data = saves.read_save(OLDER)
    assert data.rules_version is not None and data.rules_version < RULES_VERSION
    game = saves.load_game(OLDER, content=content)
    assert game.resumed_from is not None and game.decision is not None
    with pytest.raises(IllegalChoice):  # why the seed cannot rebuild it
        Game.replay(game.scenario.id, game.choices, seed=game.seed, content=content)
    return game


def test_the_advisor_s_copy_of_a_resumed_game_is_its_position(resumed: Game) -> None:
    copy = fork(resumed)
    assert copy.state.digest() == resumed.state.digest() and copy.choices == resumed.choices
    assert copy.decision is not None and copy.decision.legal_ids == resumed.decision.legal_ids
    # a copy of the copy (a playout's fork) stands there too
    assert copy.fork().state.digest() == resumed.state.digest()


def test_the_advisor_values_every_option_of_a_resumed_position(resumed: Game) -> None:
    digest = resumed.state.digest()
    advice = advise(resumed, playouts=12, seed=2, workers=1)
    assert {v.option_id for v in advice.options} == set(resumed.decision.legal_ids) - {"back"}
    assert sum(v.playouts for v in advice.options) == 12
    assert resumed.state.digest() == digest


def test_the_workers_rebuild_a_resumed_position_from_its_snapshot(resumed: Game) -> None:
    """The position sent to the worker processes carries the resume point: the pool's
    answer is the answer of playouts played here."""
    assert position_of(resumed)[-1] is not None  # the resume point travels with it
    alone = advise(resumed, playouts=8, seed=3, workers=1)
    with PlayoutPool(2) as pool:
        pooled = advise(resumed, playouts=8, seed=3, pool=pool)
    assert [v.as_dict() for v in alone.options] == [v.as_dict() for v in pooled.options]


def test_the_evaluator_values_every_option_of_a_resumed_position(resumed: Game) -> None:
    reply = evaluator_advice(resumed)
    assert {o["option"] for o in reply["options"]} == set(resumed.decision.legal_ids)


def test_the_game_s_h_key_is_answered_for_a_resumed_save(resumed: Game, content: Content) -> None:
    """The TUI's and plain text's advisor process gets the game as a save (its
    snapshot included) and answers for that position."""
    with PlayoutPool(1) as pool:
        reply = answer(
            {"save": saves.dumps(resumed), "seed": 1, "playouts": 6}, pool, {"": content}
        )
    assert reply["ok"] and reply["playouts"] == 6
    assert {o["option"] for o in reply["options"]} == set(resumed.decision.legal_ids) - {"back"}


def test_hint_advises_on_a_save_of_older_rules(resumed: Game) -> None:
    result = CliRunner().invoke(
        app, ["hint", str(OLDER), "--playouts", "8", "--workers", "1", "--json"]
    )
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["decision"] == resumed.decision.prompt
    assert {o["option"] for o in data["options"]} == set(resumed.decision.legal_ids) - {"back"}
    # before the snapshot the game cannot be rebuilt: one line, no traceback
    early = CliRunner().invoke(app, ["hint", str(OLDER), "--at", "2", "--playouts", "4"])
    assert early.exit_code == 1 and "cannot be taken back to choice 1" in early.stderr
    assert "Traceback" not in early.stderr + early.stdout
