"""Draws from the game's one seeded RNG (a ``random.Random``): the same numbers, in the
same order, as its own ``shuffle``, ``choice`` and ``randrange(n)`` give, in code that
the compiled build compiles (``scripts/compile_core.py``). The standard library's are
Python: shuffling the decks was some 3% of a compiled greedy game's instructions.
``tests/engine/test_draws.py`` checks them against the library's own."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def below(rng: random.Random, n: int) -> int:
    """A whole number in [0, n) for n >= 1: ``Random._randbelow_with_getrandbits``
    (as many random bits as n has, drawn again until below n)."""
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def shuffle(rng: random.Random, items: list[T]) -> None:
    """``rng.shuffle(items)``: Fisher-Yates from the last item down."""
    for i in range(len(items) - 1, 0, -1):
        j = below(rng, i + 1)
        items[i], items[j] = items[j], items[i]


def choice(rng: random.Random, seq: Sequence[T]) -> T:
    """``rng.choice(seq)``."""
    if not seq:
        raise IndexError("Cannot choose from an empty sequence")
    return seq[below(rng, len(seq))]


def randrange(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)``: a whole number in [0, n)."""
    if n <= 0:
        raise ValueError("empty range for randrange()")
    return below(rng, n)
