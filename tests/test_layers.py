"""The package shows its layers (issue 33 §3): content below the engine, the engine below
the bots, the evaluator, the advisor and the saves, those below the presenters, and the
command line on top (docs/architecture.md). Each check reads the source: what it finds
is named, file and line."""

from __future__ import annotations

import ast
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

import planet_king
from planet_king.content.loader import load_content
from planet_king.engine.game import Game

PACKAGE = Path(planet_king.__file__).resolve().parent
SCRIPT = PACKAGE.parent / "scripts" / "import_layers.py"


def _script() -> ModuleType:
    """scripts/import_layers.py, the reading of the imports that this file checks."""
    spec = importlib.util.spec_from_file_location("import_layers", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


layers = _script()
# Imports against the layers that are known, each with the work that removes it.
KNOWN_BREACHES: set[tuple[str, str]] = set()

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
    down: no game of the program falls back on the default data folder."""
    found = [
        f"{path.relative_to(PACKAGE).as_posix()}:{line}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for line in games_made_without_content(path.read_text(encoding="utf-8"))
    ]
    assert not found, "a game made without its content: " + ", ".join(found)


def test_a_game_is_never_given_the_default_data_unasked() -> None:
    """``Game`` has no default content (issue 33): a test or a script names the default
    data folder, ``content=load_content()``."""
    with pytest.raises(TypeError, match="content"):
        Game("hothead", seed=1)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="content"):
        Game.replay("hothead", [], seed=1)  # type: ignore[call-arg]
    assert Game("hothead", seed=1, content=load_content()).content is load_content()


def test_a_save_is_never_opened_nor_a_batch_played_with_the_default_data_unasked() -> None:
    """Nor do the saves that open a game or the simulator fall back on the default data
    folder: the caller passes what its command line loaded (``--data-dir``)."""
    from planet_king import saves
    from planet_king.sim import simulate

    text = saves.dumps(Game("hothead", seed=1, content=load_content()))
    with pytest.raises(TypeError, match="content"):
        saves.rebuild(saves.parse_text(text))  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="content"):
        saves.loads(text)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="content"):
        saves.load_game(Path("any.json"))  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="content"):
        simulate("hothead", 1, 1, "random")  # type: ignore[call-arg]


def _package(root: Path, files: dict[str, str]) -> Path:
    package = root / "planet_king"
    for name, text in files.items():
        path = package / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return package


def test_the_reading_finds_an_import_against_the_layers_and_a_circle(tmp_path: Path) -> None:
    package = _package(
        tmp_path,
        {
            "__init__.py": "",
            "content/__init__.py": "",
            "content/loader.py": "def check():\n    from planet_king.engine import rules\n",
            "engine/__init__.py": "",
            "engine/rules.py": "from planet_king.content import loader\n",
            "engine/game.py": (
                "from typing import TYPE_CHECKING\n"
                "if TYPE_CHECKING:\n    from planet_king.tui import app\n"
            ),
            "tui/__init__.py": "",
            "tui/app.py": "from planet_king.engine import game\n",
        },
    )
    found = layers.imports(package)
    bad = [(i.source, i.target, i.type_only) for i in layers.against_the_layers(found)]
    assert bad == [
        ("planet_king.content.loader", "planet_king.engine.rules", False),
        ("planet_king.engine.game", "planet_king.tui.app", True),
    ]
    assert layers.circles(found, runtime_only=True) == [
        ["planet_king.content.loader", "planet_king.engine.rules"]
    ]
    assert layers.circles(found, runtime_only=False) == [
        ["planet_king.content.loader", "planet_king.engine.rules"],
        ["planet_king.engine.game", "planet_king.tui.app"],
    ]


def test_every_module_has_a_layer() -> None:
    """A new module is placed in a layer (scripts/import_layers.py, and the picture of
    docs/architecture.md) before anything is said of its imports."""
    placeless = [m for m in layers.modules() if layers.layer_of(m) is None]
    assert not placeless, f"modules in no layer: {', '.join(placeless)}"


def test_no_module_imports_one_of_a_higher_layer() -> None:
    """content < engine < bots, evaluator, advisor, saves, simulator < presenters < cli:
    each imports its own layer and those below, type-only imports included."""
    bad = [
        f"{i.source} ({layers.layer_of(i.source)}) imports {i.target} "
        f"({layers.layer_of(i.target)}), line {i.line}"
        for i in layers.against_the_layers(layers.imports())
        if (i.source, i.target) not in KNOWN_BREACHES
    ]
    assert not bad, "\n".join(bad)


def test_the_engine_imports_run_one_way() -> None:
    """Inside the engine, ``game`` drives ``rules.flow``, the phases call the actions and
    the rules below them; a rule names ``Game`` only for its types. A state's ``digest()``
    uses the codec, which imports no state (the snapshot imports both): no circle runs."""
    engine = [
        group
        for group in layers.circles(layers.imports(), runtime_only=True)
        if group[0].startswith("planet_king.engine")
    ]
    assert engine == []


def test_no_import_circle_runs_in_the_package() -> None:
    """Issue 33 §3: no import circle other than type-only ones."""
    assert layers.circles(layers.imports(), runtime_only=True) == []
