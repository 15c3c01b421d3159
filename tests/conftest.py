"""Shared fixtures: the content, and a harness to run rule code with scripted choices."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Generator, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from planet_king.content.loader import Content, load_content
from planet_king.engine.decisions import Decision
from planet_king.engine.game import Game


@pytest.fixture(autouse=True)
def _saves_out_of_the_checkout(monkeypatch, tmp_path_factory) -> None:
    """No test writes in the checkout's saves/ (the default saves folder)."""
    monkeypatch.setenv("PLANET_KING_SAVES", str(tmp_path_factory.mktemp("default-saves")))


@pytest.fixture(scope="session")
def content() -> Content:
    return load_content()


def benchmark_script(name: str, *, register: bool = False) -> ModuleType:
    """``benchmarks/NAME.py`` (a script, not a package module), freshly loaded: a test
    may patch its constants. ``register``: put it in ``sys.modules`` (a dataclass of its
    own looks its module up there); otherwise not, so that a Dask worker is sent its
    functions by value, not by a module name it cannot import."""
    path = Path(__file__).resolve().parent.parent / "benchmarks" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    if register:
        sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def advisor_quality() -> ModuleType:
    return benchmark_script("advisor_quality")


@pytest.fixture
def hothead(content: Content) -> Game:
    """A Hothead game stopped at its first decision (seed 1)."""
    return Game("hothead", seed=1, content=content)


def stack(game: Game, *card_ids: str) -> None:
    """Put cards on top of the event deck: the first id is drawn first."""
    deck = game.state.deck
    for cid in card_ids:
        if cid in deck:
            deck.remove(cid)
        if cid in game.state.discard:
            game.state.discard.remove(cid)
    deck.extend(reversed(card_ids))


def drive(
    gen: Generator[Decision, str, Any], choices: Iterable[str] = ()
) -> tuple[Any, list[Decision]]:
    """Run rule code to the end, answering its decisions with ``choices`` in order.

    Returns the rule's return value and the decisions it asked. Running out of
    scripted choices while the rule still asks is a test failure.
    """
    answers = list(choices)
    asked: list[Decision] = []
    try:
        decision = next(gen)
        while True:
            asked.append(decision)
            if not answers:
                raise AssertionError(f"unscripted decision: {decision.prompt} {decision.legal_ids}")
            answer = answers.pop(0)
            assert answer in decision.legal_ids, f"{answer} not in {decision.legal_ids}"
            decision = gen.send(answer)
    except StopIteration as stop:
        assert not answers, f"choices left unused: {answers}"
        return stop.value, asked


@pytest.fixture(autouse=True)
def _saves_in_tmp(tmp_path_factory, monkeypatch) -> None:
    """Autosaves made by any test go to a temporary folder, never to ./saves."""
    monkeypatch.setenv("PLANET_KING_SAVES", str(tmp_path_factory.mktemp("saves")))


@pytest.fixture
def reign(content: Content) -> Game:
    """The Planet King, paused at its first set-up decision, then emptied: each test
    builds the Court it needs."""
    g = Game("the-planet-king", seed=11, content=content)
    s = g.state
    s.court_nobles = [None] * 4
    s.court_geniuses = [None] * 4
    s.offices = dict.fromkeys(s.offices)
    s.queen = s.mistress = None
    s.children = []
    s.heir = None
    s.prestige_markers = s.happiness_markers = 0
    s.child_markers = {"male": 6, "female": 6}
    return g


@contextmanager
def forced_picks(game: Game, *values: str) -> Iterator[None]:
    """Make the cup draws return ``values`` in order (the example's markers)."""
    queue = list(values)
    original = game.pick

    def pick(items: list[str], what: str) -> str:
        value = queue.pop(0)
        assert value in items, (value, items)
        return value

    game.pick = pick  # type: ignore[method-assign]
    try:
        yield
    finally:
        game.pick = original  # type: ignore[method-assign]
