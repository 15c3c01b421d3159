"""The engine's draws (planet_king.engine.draws) are the standard library's: the same
results and the same RNG state after, so a game is the same with them as with
``random.Random``'s own methods (One seeded RNG: DESIGN, invariants)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from planet_king.engine import draws


@given(seed=st.integers(0, 2**64), size=st.integers(0, 80))
def test_shuffle_is_random_shuffle(seed: int, size: int) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    a, b = list(range(size)), list(range(size))
    draws.shuffle(ours, a)
    theirs.shuffle(b)
    assert a == b
    assert ours.getstate() == theirs.getstate()


@given(seed=st.integers(0, 2**64), size=st.integers(1, 300))
def test_choice_and_randrange_are_the_library_s(seed: int, size: int) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    items = [f"c{i}" for i in range(size)]
    assert draws.choice(ours, items) == theirs.choice(items)
    assert draws.randrange(ours, size) == theirs.randrange(size)
    assert ours.getstate() == theirs.getstate()


def test_nothing_to_draw_from_is_an_error_as_in_the_library() -> None:
    with pytest.raises(IndexError):
        draws.choice(random.Random(1), [])
    with pytest.raises(ValueError):
        draws.randrange(random.Random(1), 0)
