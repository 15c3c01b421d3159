"""Decisions say what they are; nobody parses English (issue 33, section 1).

A decision's prompt and its options' labels (and reasons) are words for people: they may
be reworded or translated. Bots and the advisor read the decision's kind and subject and
the options' ids and meanings. Two checks: no module but the presenters reads ``.prompt``
or ``.label``, and every bot plays the same games when every prompt, label and reason is
scrambled.

PLANET_KING_SCRAMBLE_GAMES=N plays N games of every scenario with every bot (the issue's
figure is 100; the default is a few, for CI).
"""

from __future__ import annotations

import ast
import dataclasses
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

import planet_king
from planet_king.advisor.bot import AdvisorBot
from planet_king.bots import make_bot
from planet_king.content.loader import Content
from planet_king.engine import game as game_module
from planet_king.engine.decisions import Decision, DecisionKind, Option
from planet_king.engine.game import Game, GameOptions
from planet_king.sim import bot_seed, game_seed, play_to_end

PACKAGE = Path(planet_king.__file__).resolve().parent
WORDS = frozenset({"prompt", "label"})
# Who may read the words: the presenters (whole modules), and the engine where it writes
# them (a function each).
PRESENTERS = ("tui/", "cli/", "textmode.py", "tutorial.py", "present/", "serve.py")
WRITERS = {
    "engine/view.py": {"decision_view"},  # the decision handed to the presenters, in words
    "engine/game.py": {"choose"},  # the message of an illegal choice, for people
    "engine/rules/actions/protocol.py": {"_menus"},  # an action menu's labels, from the actions'
    # the reign review records the words it will show; its judgment reads only ids
    "review/walk.py": {"review_game"},
}

SCENARIOS = ("hothead", "iupiter-hispano", "anni-mirabiles", "anni-horribiles", "the-planet-king")
MODES: dict[str, dict[str, bool]] = {
    "war-only": {"war_only": True},
    "coop": {"coop": True},
    "memorials": {"memorials": True},
}
FULL = int(os.environ.get("PLANET_KING_SCRAMBLE_GAMES", "0"))
# Games of each scenario for each bot by default: the advisor-guided bot and the expert
# cost the most.
GAMES = {"random": 3, "greedy": 3, "expert": 2, "advisor": 1}


def word_reads(source: str) -> list[tuple[int, str, str]]:
    """Every read of ``.prompt`` or ``.label`` in ``source``: (line, attribute, the
    function it is in, "" at module level)."""
    found: list[tuple[int, str, str]] = []

    def visit(node: ast.AST, where: str) -> None:
        for child in ast.iter_child_nodes(node):
            inside = where
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                inside = child.name
            if (
                isinstance(child, ast.Attribute)
                and child.attr in WORDS
                and isinstance(child.ctx, ast.Load)
            ):
                found.append((child.lineno, child.attr, inside))
            visit(child, inside)

    visit(ast.parse(source), "")
    return found


def test_the_scan_finds_a_bot_reading_words() -> None:
    """The scan below can fail: it sees a prompt read in a condition and a label parsed."""
    source = (
        "def score(d):\n"
        "    if 'campaign' in d.prompt.lower():\n"
        "        return int(d.options[0].label.split()[1])\n"
        "    return d.kind\n"
    )
    assert word_reads(source) == [(2, "prompt", "score"), (3, "label", "score")]


def test_no_module_but_the_presenters_reads_prompts_or_labels() -> None:
    """Issue 33 §1: the bots, the advisor, the simulator and the saves read only typed
    fields (kind, subject, ids, meanings); the words are for the presenters."""
    readers = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel.startswith(PRESENTERS):
            continue
        allowed = WRITERS.get(rel, set())
        for line, attr, where in word_reads(path.read_text(encoding="utf-8")):
            if where not in allowed:
                readers.append(f"{rel}:{line} reads .{attr} (in {where or 'the module'})")
    assert not readers, "\n".join(readers)


def test_the_bots_modules_are_scanned() -> None:
    """The scan covers the bots and the advisor (they are not among the presenters)."""
    scanned = {
        p.relative_to(PACKAGE).as_posix()
        for p in PACKAGE.rglob("*.py")
        if not p.relative_to(PACKAGE).as_posix().startswith(PRESENTERS)
    }
    assert {
        "bots/greedy.py",
        "bots/expert.py",
        "advisor/search.py",
        "advisor/bot.py",
    } <= scanned


# ------------------------------------------------------------------- scrambling
def _scramble(o: Option) -> Option:
    return o._replace(label=o.label[::-1] + "~", reason=o.reason[::-1] if o.reason else o.reason)


@contextmanager
def scrambled_words() -> Iterator[list[int]]:
    """Every decision the rules ask has its prompt, labels and reasons reversed (and
    marked, so that none reads the same); yields a one-item count of decisions asked."""
    real = game_module.Decision
    asked = [0]

    def scrambled(*args: Any, **kwargs: Any) -> Decision:
        d = real(*args, **kwargs)
        asked[0] += 1
        options = tuple(_scramble(o) for o in d.options)
        # the legal options as the rules gave them (a sub-menu's Back is not one)
        legal = None if d.known_legal is None else tuple(_scramble(o) for o in d.known_legal)
        return dataclasses.replace(
            d, prompt=d.prompt[::-1] + "~", options=options, known_legal=legal
        )

    game_module.Decision = scrambled  # type: ignore[assignment,misc]
    try:
        yield asked
    finally:
        game_module.Decision = real  # type: ignore[misc]


def _bot(name: str, seed: int) -> Any:
    if name == "advisor":  # a tiny fixed budget: the playouts are what is costly
        return AdvisorBot(seed, screen=1, playouts=2)
    return make_bot(name, seed)


def play(
    content: Content, scenario: str, bot: str, index: int, options: dict[str, bool]
) -> list[str]:
    seed = game_seed(33, index)
    game = Game(scenario, seed=seed, options=GameOptions.from_dict(options), content=content)
    play_to_end(game, _bot(bot, bot_seed(seed)))
    assert game.state.over
    return list(game.choices)


def _same_games(
    content: Content, scenario: str, bot: str, games: int, options: dict[str, bool]
) -> None:
    plain = [play(content, scenario, bot, i, options) for i in range(games)]
    with scrambled_words() as asked:
        # the words are scrambled indeed: the rules ask, and what a bot sees is reversed
        g = Game(scenario, seed=1, options=GameOptions.from_dict(options), content=content)
        assert g.decision is not None and g.decision.prompt.endswith("~")
        assert all(o.label.endswith("~") for o in g.decision.options)
        scrambled = [play(content, scenario, bot, i, options) for i in range(games)]
    assert asked[0] > sum(len(c) for c in scrambled) // 2
    for i, (a, b) in enumerate(zip(plain, scrambled, strict=True)):
        assert a == b, f"{scenario} {bot} game {i}: differs from choice {_first(a, b)}"


def _first(a: list[str], b: list[str]) -> int:
    return next(
        (i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b))
    )


@pytest.mark.parametrize("bot", list(GAMES))
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_bot_plays_the_same_games_with_the_words_scrambled(
    content: Content, scenario: str, bot: str
) -> None:
    """Issue 33 §1: reversed prompts, labels and reasons change no game of any bot in
    any scenario."""
    _same_games(content, scenario, bot, FULL or GAMES[bot], {})


@pytest.mark.parametrize("bot", ["greedy", "expert"])
@pytest.mark.parametrize("mode", list(MODES))
def test_the_modes_play_the_same_games_with_the_words_scrambled(
    content: Content, mode: str, bot: str
) -> None:
    """War-Only, co-op (the King's consent to a war) and the Secret Memorials ask
    decisions of their own: scrambled, they change no game either."""
    _same_games(content, "the-planet-king", bot, FULL or 1, MODES[mode])


def test_a_payment_says_its_cost(content: Content) -> None:
    """Events / Valtellina and the upkeep of the tercios of Nations: the "pay" option
    carries its cost, which the greedy bot reads (it once parsed it out of the label)."""
    seen: dict[DecisionKind, int] = {}
    for i in range(40):
        game = Game("the-planet-king", seed=game_seed(7, i), content=content)
        bot = make_bot("random", i)
        while game.decision is not None:
            d = game.decision
            if d.kind in (DecisionKind.PAYMENT, DecisionKind.NATIONS_UPKEEP):
                pay = d.option("pay")
                assert pay.meaning is not None and pay.meaning.action == "pay"
                assert pay.meaning.cost >= 1 and str(pay.meaning.cost) in pay.label
                seen[d.kind] = seen.get(d.kind, 0) + 1
            game.choose(bot.choose(game))
        if len(seen) == 2:
            break
    assert set(seen) == {DecisionKind.PAYMENT, DecisionKind.NATIONS_UPKEEP}


def test_every_decision_asked_has_a_kind(content: Content) -> None:
    """Every decision the rules ask says what it is (none is left OTHER)."""
    for scenario in SCENARIOS:
        for i in range(2):
            game = Game(scenario, seed=game_seed(5, i), content=content)
            bot = make_bot("random", i)
            while game.decision is not None:
                d = game.decision
                assert d.kind is not DecisionKind.OTHER, d.prompt
                game.choose(bot.choose(game))


def test_an_option_built_from_four_fields_has_no_meaning() -> None:
    """Options built the fast way from four fields (id, label, allowed, reason) still
    read as options, with no meaning."""
    from planet_king.engine.decisions import new_option

    o = new_option(Option, ("pay", "Pay 1 ducat", True, None))
    assert o == Option("pay", "Pay 1 ducat") and o.meaning is None
