"""The hot dataclasses with an ``__init__`` of their own (so that the compiled build
compiles it: ``decisions.Decision``'s comment) take every field, in order, with the
field's default: the same constructor ``dataclass`` would have written. Read from the
source (a compiled ``__init__`` shows no signature) and checked by building each, so the
tests hold under the compiled build as well as the pure one."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path
from typing import Any

import pytest

import planet_king
from planet_king.engine.decisions import Choices, Decision, DecisionKind, Meaning, Option, Role
from planet_king.engine.fortune import FortuneResult
from planet_king.engine.rules.actions.protocol import Context

PACKAGE = Path(planet_king.__file__).parent
OPTION = Option("x", "X", meaning=Meaning("x"))

# Each class, its source, and a value of every field that differs from its default.
HAND_WRITTEN: dict[type, tuple[str, dict[str, Any]]] = {
    Decision: (
        "engine/decisions.py",
        {
            "role": Role.KING,
            "prompt": "Choose",
            "options": (OPTION,),
            "rule": "Rule",
            "cause": "Card",
            "checks": {"x": None},
            "known_legal": (OPTION,),
            "kind": DecisionKind.ACTION,
            "subject": "royal",
        },
    ),
    FortuneResult: ("engine/fortune.py", {"card": "c", "result": "negative", "sp_loss": True}),
    Context: (
        "engine/rules/actions/protocol.py",
        {"kind": "card", "cause": "c", "actor": Role.VALIDO, "named": ("a",)},
    ),
    Choices: ("engine/decisions.py", {"items": [OPTION]}),
}


def _init_params(cls: type, source: str) -> ast.arguments:
    tree = ast.parse((PACKAGE / source).read_text())
    [node] = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls.__name__]
    [init] = [n for n in node.body if isinstance(n, ast.FunctionDef) and n.name == "__init__"]
    return init.args


@pytest.mark.parametrize("cls", HAND_WRITTEN, ids=lambda c: c.__name__)
def test_own_init_takes_every_field_in_order(cls: type) -> None:
    args = _init_params(cls, HAND_WRITTEN[cls][0])
    names = [a.arg for a in args.args][1:]  # after self
    fields = dataclasses.fields(cls)
    assert names == [f.name for f in fields]
    with_default = [f.name for f in fields if f.default is not dataclasses.MISSING]
    with_default += [f.name for f in fields if f.default_factory is not dataclasses.MISSING]
    assert sorted(names[len(names) - len(args.defaults) :]) == sorted(with_default)


@pytest.mark.parametrize("cls", HAND_WRITTEN, ids=lambda c: c.__name__)
def test_own_init_gives_each_field_its_default(cls: type) -> None:
    given = HAND_WRITTEN[cls][1]
    fields = dataclasses.fields(cls)
    required = {
        f.name: given[f.name]
        for f in fields
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    }
    made = cls(**required)
    for f in fields:
        if f.default is not dataclasses.MISSING:
            assert getattr(made, f.name) == f.default, f.name
        elif f.default_factory is not dataclasses.MISSING:
            assert getattr(made, f.name) == f.default_factory(), f.name


@pytest.mark.parametrize("cls", HAND_WRITTEN, ids=lambda c: c.__name__)
def test_own_init_sets_what_it_is_given(cls: type) -> None:
    given = HAND_WRITTEN[cls][1]
    assert set(given) == {f.name for f in dataclasses.fields(cls)}
    made = cls(**given)
    assert {name: getattr(made, name) for name in given} == given


def test_a_decision_hashes_and_compares_as_a_frozen_one_did() -> None:
    a = Decision(Role.KING, "Choose", (), checks={"x": None})
    b = Decision(Role.KING, "Choose", (), checks={"y": "no"})
    assert a == b and hash(a) == hash(b)  # checks and known_legal are not compared
    assert dataclasses.replace(a, prompt="Other") != a
