"""Words for the log and the labels: counts with their plurals ("1 ducat", "2 tercios")."""

from __future__ import annotations


def plural(n: int | float, one: str, many: str | None = None) -> str:
    """``plural(1, "ducat")`` -> "1 ducat"; ``plural(3, "test")`` -> "3 tests";
    ``plural(2, "tercio of Nations", "tercios of Nations")`` -> "2 tercios of Nations"."""
    return f"{n:g} {one if n == 1 else (many or one + 's')}"


def a_unit(noun: str, *, capital: bool = False) -> str:
    """``a_unit("old tercio")`` -> "an old tercio"; ``a_unit("tercio")`` -> "a tercio";
    ``capital``: at the start of a sentence ("An Indies fleet")."""
    article = "an" if noun[:1].lower() in "aeiou" else "a"
    return f"{article.capitalize() if capital else article} {noun}"
