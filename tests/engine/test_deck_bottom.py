"""Ruling R106 (End of a War; Political Actions / Appoint Noble; Royal Actions / Royal
Pardon; The Fronde): a notable's card that goes back to its deck goes to the bottom, and
the player, who saw it go there, knows it lies there until the deck's next shuffle. The
re-shuffles of what the player cannot know (the advisor's playouts, the evaluator bot's
and the review's fates) keep those cards at the bottom and shuffle the rest."""

from __future__ import annotations

import pytest

from planet_king.advisor import playout
from planet_king.bots import evaluator_bot, make_bot
from planet_king.content.loader import Content
from planet_king.engine.game import Game
from planet_king.engine.rules import organisation
from planet_king.engine.state import known_at_bottom

RESAMPLES = [playout.resample_hidden, evaluator_bot.resample_hidden]


def with_nobles_known_at_the_bottom(content: Content) -> Game:
    """An expert game of Anni Mirabiles at its first decision with a card returned to
    the bottom of the noble deck (choice 215 of seed 1)."""
    game = Game("anni-mirabiles", seed=1, content=content, keep_turn_starts=True)
    bot = make_bot("expert", 1)
    while not game.state.noble_bottom:
        game.choose(bot.choose(game))
    return game


def test_a_card_returned_to_the_noble_deck_lies_at_its_bottom(content: Content) -> None:
    s = with_nobles_known_at_the_bottom(content).state
    below = known_at_bottom(s.noble_deck, s.noble_bottom)
    assert below == len(s.noble_bottom) > 0
    assert s.noble_deck[:below] == s.noble_bottom


@pytest.mark.parametrize("resample", RESAMPLES, ids=["advisor", "evaluator"])
def test_a_re_shuffle_of_the_unknown_keeps_the_known_bottom(content: Content, resample) -> None:
    game = with_nobles_known_at_the_bottom(content)
    deck = game.state.noble_deck
    below = len(game.state.noble_bottom)
    orders = set()
    for seed in range(8):
        fork = game.fork()
        resample(fork, seed)
        new = fork.state.noble_deck
        assert new[:below] == deck[:below]
        assert sorted(new[below:]) == sorted(deck[below:])
        orders.add(tuple(new[below:]))
    assert len(orders) > 1  # the rest is shuffled


def test_a_shuffle_of_the_deck_forgets_its_bottom(content: Content) -> None:
    """Organisation / Creating the Notable Decks: the decks are shuffled every turn."""
    game = with_nobles_known_at_the_bottom(content)
    organisation.shuffle_notable_decks(game)
    assert game.state.noble_bottom == [] and game.state.genius_bottom == []


def test_a_card_drawn_from_the_known_bottom_leaves_the_rest_known(content: Content) -> None:
    s = with_nobles_known_at_the_bottom(content).state
    known = list(s.noble_bottom)
    del s.noble_deck[len(known) :]  # every unknown card drawn
    s.noble_deck.pop()  # and the top one of those known
    assert known_at_bottom(s.noble_deck, s.noble_bottom) == len(known) - 1


def test_the_position_s_digest_does_not_read_what_the_player_remembers(
    content: Content,
) -> None:
    """Saves made before R106 was kept replay to the same turn digests."""
    state = with_nobles_known_at_the_bottom(content).state
    forgetful = state.clone()
    forgetful.noble_bottom.clear()
    assert forgetful.digest() == state.digest()
