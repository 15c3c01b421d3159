"""Ids named by rule code are checked against the data at load (planet_king.content.ids)."""

from __future__ import annotations

import ast
import difflib
from pathlib import Path

import pytest

from planet_king.content import ids
from planet_king.content.loader import Content

RULES = Path(ids.__file__).resolve().parent.parent / "engine" / "rules"
# Every rule module names its ids through the checked constants (scoring.py has none).
CHECKED_MODULES = tuple(sorted(p.name for p in RULES.glob("*.py") if p.name != "__init__.py"))
CARD_TABLES = ("events", "nobles", "ladies", "geniuses", "leaders")
ALL_TABLES = (*CARD_TABLES, "powers", "wars", "territories")
# Words of other vocabularies that a card id happens to spell (or nearly): the Plus Ultra
# markers (GameState.plus_ultra), the patron and libertine traits, the End of Turn step
# "construction", and "total-war", why an Events phase ended (GameState.ended_by).
OTHER_WORDS = frozenset(
    {"pirates", "manila-galleon", "indies-fleet", "patron", "libertine", "construction"}
    | {"total-war"}
)


def test_every_declared_id_exists_in_the_data(content: Content) -> None:
    assert ids.unknown(content) == []


def test_a_misspelt_id_is_refused(content: Content) -> None:
    """The bug of issue 13: the rules named "juan-jose-de-austria"; the card is
    juan-jose-of-austria (Special Rules / Juan José of Austria and Rodrigo Pacheco)."""

    class Misspelt(ids.Ids):
        TABLE = "nobles"
        JUAN_JOSE = "juan-jose-de-austria"

    assert ids.unknown(content, [Misspelt]) == [
        "Misspelt.JUAN_JOSE = 'juan-jose-de-austria' (no such nobles id)"
    ]


def _literals(path: Path) -> list[tuple[int, str]]:
    """String literals of a module, except effect names (a card's ``effect``, as in
    ``@effect("total-war")`` or ``card.effect == "action"``), which are not ids."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "effect":
            skip.update(id(a) for a in node.args)
        if isinstance(node, ast.Compare) and getattr(node.left, "attr", "") == "effect":
            skip.update(id(c) for c in node.comparators)
    return [
        (n.lineno, n.value)
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in skip
    ]


@pytest.mark.parametrize("module", CHECKED_MODULES)
def test_rules_name_cards_only_through_checked_ids(content: Content, module: str) -> None:
    """No literal in the module is a card or leader id (use ``ids``), nor nearly one of
    any content id (a misspelling, which would never match)."""
    cards = set().union(*(getattr(content, t) for t in CARD_TABLES))
    every = set().union(*(getattr(content, t) for t in ALL_TABLES))
    bad = []
    for line, text in _literals(RULES / module):
        if text in OTHER_WORDS:
            continue
        if text in cards:
            bad.append(f"{module}:{line} '{text}' is a card id: use planet_king.content.ids")
        elif text not in every and difflib.get_close_matches(text, every, n=1, cutoff=0.88):
            near = difflib.get_close_matches(text, every, n=1, cutoff=0.88)[0]
            bad.append(f"{module}:{line} '{text}' looks like a misspelt '{near}'")
    assert bad == []
