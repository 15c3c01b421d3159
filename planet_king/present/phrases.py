"""Counts and ordinals in words: "1 ducat", "2 tercios", "2nd"."""

from __future__ import annotations


def plural(n: int, one: str, many: str | None = None) -> str:
    """``plural(1, "ducat")`` -> "1 ducat"; ``plural(2, "tercio")`` -> "2 tercios"."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
