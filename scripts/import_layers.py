"""The package's layers, read from its imports (docs/architecture.md).

    python scripts/import_layers.py [--modules]

Prints every import that runs against the layers (a module importing one of a higher
layer) and every import circle: ``runtime`` when its imports run (at import or call
time), ``type-only`` when ``TYPE_CHECKING`` imports close it (it may hold a runtime one).
``--modules`` also lists each layer's modules with their lines. Exit code 1 when an
import runs against the layers. ``tests/test_layers.py`` checks the same.
"""

from __future__ import annotations

import argparse
import ast
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "planet_king"

# The layers, the lowest first; a module may import its own layer and those below. A
# module is placed by its first name under planet_king/ (a file or a package).
LAYERS: tuple[tuple[str, frozenset[str]], ...] = (
    ("base", frozenset({"", "_native", "fsutil", "seeds", "textout"})),
    ("content", frozenset({"content"})),
    ("engine", frozenset({"engine"})),
    (
        "players",  # bots, the evaluator, the advisor, the simulator, the saves
        frozenset(
            {
                "bots",
                "evaluator",
                "advisor",
                "sim",
                "cluster",
                "report",
                "rules_drift",
                "saves",
            }
        ),
    ),
    (
        "presenters",  # words and screens
        frozenset(
            {
                "present",
                "textmode",
                "tui",
                "serve",
                "tutorial",
                "cards",
                "rules_reference",
                "review",
            }
        ),
    ),
    ("cli", frozenset({"cli"})),
)
LAYER_NAMES = tuple(name for name, _ in LAYERS)


@dataclass(frozen=True, slots=True)
class Import:
    source: str  # module names, dotted (planet_king.engine.game)
    target: str
    line: int
    type_only: bool  # under ``if TYPE_CHECKING:``


def modules(package: Path = PACKAGE) -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its own name)."""
    out = {}
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def layer_of(module: str) -> str | None:
    """The layer a module belongs to (None: none names it yet)."""
    first = module.split(".")[1] if "." in module else ""
    for name, members in LAYERS:
        if first in members:
            return name
    return None


def _resolve(name: str, known: dict[str, Path]) -> str | None:
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def imports(package: Path = PACKAGE) -> list[Import]:
    """Every import of one module of the package by another, at any depth of the code
    (a function's own imports count: they run when it is called)."""
    known = modules(package)
    found: list[Import] = []
    for module, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        typing_only: set[int] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                typing_only.update(id(n) for stmt in node.body for n in ast.walk(stmt))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [f"{node.module}.{a.name}" for a in node.names]
            else:
                continue
            targets = {_resolve(n, known) for n in names if n.startswith("planet_king")}
            for target in sorted(t for t in targets if t is not None and t != module):
                found.append(Import(module, target, node.lineno, id(node) in typing_only))
    return found


def against_the_layers(found: list[Import]) -> list[Import]:
    """The imports of a module of a higher layer (a module with no layer is one)."""
    out = []
    for imp in found:
        src, dst = layer_of(imp.source), layer_of(imp.target)
        if src is None or dst is None or LAYER_NAMES.index(dst) > LAYER_NAMES.index(src):
            out.append(imp)
    return out


def circles(found: list[Import], *, runtime_only: bool) -> list[list[str]]:
    """The import circles (strongly connected groups of two modules or more), each
    sorted. A package's ``__init__`` imports are left out (they hand names on)."""
    graph: dict[str, set[str]] = {}
    for imp in found:
        if runtime_only and imp.type_only:
            continue
        if imp.target != imp.source.rpartition(".")[0]:  # not "the package above me"
            graph.setdefault(imp.source, set()).add(imp.target)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--modules", action="store_true", help="list each layer's modules")
    args = parser.parse_args()
    known = modules()
    found = imports()
    if args.modules:
        for name in (*LAYER_NAMES, None):
            members = [m for m in known if layer_of(m) == name]
            if members:
                lines = sum(len(known[m].read_text(encoding="utf-8").splitlines()) for m in members)
                print(f"{name or 'NO LAYER'}: {len(members)} modules, {lines} lines")
                for m in members:
                    print(f"  {m}  {len(known[m].read_text(encoding='utf-8').splitlines())}")
    bad = against_the_layers(found)
    for imp in bad:
        where = f"{known[imp.source].relative_to(ROOT)}:{imp.line}"
        kind = " (type only)" if imp.type_only else ""
        print(
            f"against the layers: {where} {imp.source} ({layer_of(imp.source)}) imports "
            f"{imp.target} ({layer_of(imp.target)}){kind}"
        )
    runtime = circles(found, runtime_only=True)
    type_only = [group for group in circles(found, runtime_only=False) if group not in runtime]
    for kind, groups in (("runtime", runtime), ("type-only", type_only)):
        for group in groups:
            print(f"circle ({kind}, {len(group)} modules): {', '.join(group)}")
    print(
        f"{len(bad)} imports against the layers; {len(runtime)} runtime circles, "
        f"{len(type_only)} type-only"
    )
    raise SystemExit(1 if bad else 0)


if __name__ == "__main__":
    main()
