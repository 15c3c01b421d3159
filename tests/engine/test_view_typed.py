"""Issue 33 §1: a role's view says what its decision is about in machine terms (kind,
subject, each option's meaning), so a client of the view need not read the words."""

from __future__ import annotations

import json
import random

from planet_king.engine.decisions import DecisionKind
from planet_king.engine.game import Game
from planet_king.engine.view import view


def test_the_view_carries_the_decisions_kind_subject_and_meanings(content) -> None:
    """Cooperative Game / per-role view: the decision in a view matches the engine's typed
    decision, through JSON (what a remote client receives)."""
    g = Game("anni-mirabiles", seed=5, content=content)
    rng = random.Random(5)
    kinds: set[str] = set()
    meanings = 0
    for _ in range(150):
        d = g.decision
        if d is None:
            break
        shown = json.loads(json.dumps(view(g, d.role)))["decision"]
        assert shown["kind"] == d.kind.value and shown["subject"] == d.subject
        for o, seen in zip(d.options, shown["options"], strict=True):
            expected = None if o.meaning is None else list(o.meaning)
            got = seen["meaning"]
            assert (got if got is None else [got["action"], got["target"], got["cost"]]) == expected
            meanings += got is not None
        kinds.add(shown["kind"])
        g.choose(rng.choice(d.legal_ids))
    assert DecisionKind.ACTION_TYPE.value in kinds and len(kinds) > 3
    assert meanings > 0
