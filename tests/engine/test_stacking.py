"""Stacked decks (planet_king.engine.stacking): a named stack fixes the order of the
decks and cups, is part of the game's identity, and is left when the game leaves it."""

from __future__ import annotations

import subprocess
import sys

import pytest

from planet_king import saves
from planet_king.content.loader import Content
from planet_king.engine.decisions import IllegalChoice
from planet_king.engine.game import Game, GameOptions
from planet_king.engine.stack_files import UnknownStack, load

STACK = "first-game-turn"
EXAMPLE_NOBLES = [
    "diego-carrillo",
    "fernandez-de-castro-father",
    "manuel-de-melo",
    "francisco-pimentel",
    "bartolome-de-fonte",
]


def stacked(content: Content, seed: int = 5) -> Game:
    return Game("anni-mirabiles", seed=seed, content=content, options=GameOptions(stack=STACK))


def test_the_stack_draws_the_example_court_whatever_the_seed(content: Content) -> None:
    """Example First Game Turn: the five nobles and two geniuses drawn at set-up."""
    for seed in (1, 2, 3):
        game = stacked(content, seed)
        assert [o.id for o in game.decision.options] == [f"noble:{n}" for n in EXAMPLE_NOBLES]
        for choice in load(content, STACK).script[:3]:  # the three offices
            game.choose(choice)
        assert game.state.court_geniuses[:2] == ["diego-velazquez", "baltasar-gracian"]


def test_the_stack_only_orders_what_the_rng_shuffled(content: Content) -> None:
    """The one seeded RNG is drawn exactly as in the unstacked game; the decks hold the
    same cards; only the order of the draws differs (DESIGN 1.4)."""
    plain = Game("anni-mirabiles", seed=5, content=content)
    game = stacked(content, 5)
    assert game.rng.getstate() == plain.rng.getstate()
    assert game.random_draws == plain.random_draws
    before = sorted(plain.state.noble_deck + [o.id[6:] for o in plain.decision.options])
    after = sorted(game.state.noble_deck + [o.id[6:] for o in game.decision.options])
    assert before == after


def test_a_choice_off_the_script_leaves_the_stack(content: Content) -> None:
    game = stacked(content)
    assert game.state.stacked is not None
    game.choose("noble:manuel-de-melo")  # the example chose Diego Carrillo
    assert game.state.stacked is None
    assert "'noble:manuel-de-melo' was chosen where the prepared game chose" in game.log_text()


def test_the_stack_ends_with_its_last_turn(content: Content) -> None:
    """A stack without a script still stops at the end of its last turn."""
    game = stacked(content)
    game.state.stacked.scripted = False
    game.state.stacked.script.clear()
    game.state.turn = 2
    game.mark_turn_start()
    assert game.state.stacked is None
    assert "the stack covers turns up to 1" in game.log_text()


def test_a_stacked_card_out_of_the_deck_ends_the_stack(content: Content) -> None:
    game = stacked(content)
    game.state.stacked.queues["events"].insert(0, "not-in-the-deck")
    game.state.deck.append("excellent-harvests")
    assert game.draw("events") == "excellent-harvests"
    assert game.state.stacked is None
    assert "'not-in-the-deck' is not in the events deck" in game.log_text()


def test_the_stack_is_saved_and_replayed(content: Content, tmp_path) -> None:
    """The stack is an option of the game: the save names it and replays to its digests,
    and an unstacked game's save does not mention it."""
    game = stacked(content)
    for choice in load(content, STACK).script[:14]:
        game.choose(choice)
    path = saves.save_game(game, tmp_path / "stacked.json")
    data = saves.read_save(path)
    assert data.options.stack == STACK
    again = saves.rebuild(data, content=content)
    assert again.state.digest() == game.state.digest()
    assert again.log_text() == game.log_text()
    plain = Game("anni-mirabiles", seed=5, content=content)
    assert "stack" not in saves.to_dict(plain)["options"]
    result = subprocess.run(
        [sys.executable, "-m", "planet_king.cli", "replay", str(path), "--verify"],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("ok:")


def test_unknown_stack_is_refused_in_one_line(content: Content) -> None:
    with pytest.raises(UnknownStack, match="unknown stack 'nope' \\(known: first-game-turn"):
        Game("anni-mirabiles", content=content, options=GameOptions(stack="nope"))
    with pytest.raises(UnknownStack, match="is for the scenario 'anni-mirabiles'"):
        Game("iupiter-hispano", content=content, options=GameOptions(stack=STACK))


def test_an_illegal_choice_does_not_touch_the_stack(content: Content) -> None:
    game = stacked(content)
    with pytest.raises(IllegalChoice):
        game.choose("noble:nobody")
    assert game.state.stacked is not None and game.state.stacked.script[0] == (
        "noble:diego-carrillo"
    )
