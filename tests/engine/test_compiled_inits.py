"""The hot dataclasses with an ``__init__`` of their own (so that the compiled build
compiles it: ``decisions.Decision``'s comment) take every field, in order, with the
field's default: the same constructor ``dataclass`` would have written."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from planet_king.engine.decisions import Choices, Decision
from planet_king.engine.fortune import FortuneResult
from planet_king.engine.rules.actions.protocol import Context

HAND_WRITTEN = [Decision, FortuneResult, Context, Choices]


@pytest.mark.parametrize("cls", HAND_WRITTEN, ids=lambda c: c.__name__)
def test_own_init_takes_every_field_in_order_with_its_default(cls: type) -> None:
    params = list(inspect.signature(cls.__init__).parameters.values())[1:]
    fields = dataclasses.fields(cls)
    assert [p.name for p in params] == [f.name for f in fields]
    for p, f in zip(params, fields, strict=True):
        if f.default is not dataclasses.MISSING:
            assert p.default == f.default, f.name
        elif f.default_factory is not dataclasses.MISSING:
            assert p.default is None, f.name  # None stands for a fresh default
        else:
            assert p.default is inspect.Parameter.empty, f.name


@pytest.mark.parametrize("cls", HAND_WRITTEN, ids=lambda c: c.__name__)
def test_own_init_sets_what_it_is_given(cls: type) -> None:
    args = {f.name: object() for f in dataclasses.fields(cls)}
    made = cls(**args)
    assert {name: getattr(made, name) for name in args} == args


def test_a_decision_hashes_and_compares_as_a_frozen_one_did() -> None:
    a = Decision("king", "Choose", (), checks={"x": None})  # type: ignore[arg-type]
    b = Decision("king", "Choose", (), checks={"y": "no"})  # type: ignore[arg-type]
    assert a == b and hash(a) == hash(b)  # checks and known_legal are not compared
    assert dataclasses.replace(a, prompt="Other") != a
