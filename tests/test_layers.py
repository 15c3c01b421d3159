"""The package shows its layers (issue 33 §3): content below the engine, the engine below
the bots, the evaluator, the advisor and the saves, those below the presenters, and the
command line on top (docs/architecture.md). Each check reads the source: what it finds
is named, file and line."""

from __future__ import annotations

import ast
from pathlib import Path

import planet_king

PACKAGE = Path(planet_king.__file__).resolve().parent

# Calls that make or open a game, each of which must be given the Content its command
# resolved (``content=``): the Game class and its replay, the saves that open a game,
# and the simulator.
MAKERS = {
    ("Game", None),
    ("Game", "replay"),
    ("saves", "rebuild"),
    ("saves", "load_game"),
    ("saves", "loads"),
    (None, "simulate"),
    (None, "play_one"),
}


def _called(node: ast.Call) -> tuple[str | None, str | None] | None:
    """(owner, name) of a call ``Game(...)``, ``Game.replay(...)``, ``saves.rebuild(...)``,
    ``simulate(...)``; None for any other."""
    f = node.func
    if isinstance(f, ast.Name):
        key = ("Game", None) if f.id == "Game" else (None, f.id)
    elif isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name):
        key = (f.value.id, f.attr)
    else:
        return None
    return key if key in MAKERS else None


def games_made_without_content(source: str) -> list[int]:
    """The lines of ``source`` that make or open a game without passing its content."""
    return [
        node.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and _called(node) is not None
        and not any(k.arg == "content" for k in node.keywords)
    ]


def test_the_scan_finds_a_game_made_without_its_content() -> None:
    source = (
        "g = Game('hothead', seed=1)\n"
        "h = Game('hothead', seed=1, content=c)\n"
        "r = saves.rebuild(data)\n"
        "s = simulate('hothead', 10, 1, 'random', content=c)\n"
    )
    assert games_made_without_content(source) == [1, 3]


def test_every_game_the_program_makes_is_given_its_content() -> None:
    """--data-dir is resolved once, at the command line, into a Content that is passed
    down: no game of the program falls back on the default data folder (``Game()``
    without content loads it, for tests and scripts)."""
    found = [
        f"{path.relative_to(PACKAGE).as_posix()}:{line}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for line in games_made_without_content(path.read_text(encoding="utf-8"))
    ]
    assert not found, "a game made without its content: " + ", ".join(found)
