"""The optional compiled build (``scripts/compile_core.py``): is it there, and is it fresh?

``planet_king/__init__.py`` calls ``activate`` at import. Without a compiled build (the
default: a plain install, the wheel, CI) it costs one look at the package's folder and
does nothing. With one, it compares the hash of every compiled module's source with the
hash recorded when it was compiled: a compiled module would otherwise shadow its source,
so an edited source would silently not run. If anything differs (or the build is for
another Python), it warns on stderr and makes every ``planet_king`` module load from its
``.py`` source: all of them, since compiled modules call one another directly.
``PLANET_KING_PURE=1`` does the same without a warning.

Kept free of the rest of the package: it runs before anything else of it is imported.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

MANIFEST = "_compiled.json"
CORE = "core__mypyc"  # the shared library of the compiled modules (mypyc's group)
PURE_ENV = "PLANET_KING_PURE"

# Set by ``activate``: whether compiled modules may load in this process, and why not.
ACTIVE = False
REASONS: list[str] = []


def _abi() -> str:
    return f"{sys.implementation.cache_tag} {importlib.machinery.EXTENSION_SUFFIXES[0]}"


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def compiled_files(package: Path) -> list[Path]:
    """Every extension module under ``package`` (the compiled build's files)."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return sorted(p for p in package.rglob("*") if p.name.endswith(suffixes))


def write_manifest(package: Path, sources: Sequence[str]) -> None:
    """Record the build: the Python it is for and each compiled source's hash (``sources``
    relative to the folder that holds ``package``)."""
    root = package.parent
    data = {"abi": _abi(), "sources": {s: _sha(root / s) for s in sources}}
    (package / MANIFEST).write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")


def problems(package: Path) -> list[str]:
    """Why the compiled modules under ``package`` must not run (none: they may)."""
    path = package / MANIFEST
    if not path.exists():
        return [f"compiled modules without {MANIFEST} (an interrupted build?)"]
    try:
        data = json.loads(path.read_text())
        abi, sources = data["abi"], data["sources"]
    except (ValueError, KeyError, TypeError):
        return [f"{MANIFEST} is unreadable"]
    if abi != _abi():
        return [f"compiled for {abi}, this Python is {_abi()}"]
    root = package.parent
    changed = []
    for source, digest in sources.items():
        file = root / source
        if not file.exists() or _sha(file) != digest:
            changed.append(source)
    if changed:
        more = f" and {len(changed) - 3} more" if len(changed) > 3 else ""
        return [f"changed since it was compiled: {', '.join(changed[:3])}{more}"]
    return []


class _Sources:
    """A finder that loads the package's modules from their ``.py`` files, never from a
    compiled module beside them (a meta path finder ahead of the usual ones)."""

    def __init__(self, name: str) -> None:
        self.prefix = name + "."

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith(self.prefix) or path is None:
            return None
        leaf = fullname.rpartition(".")[2]
        for folder in path:
            source = os.path.join(folder, leaf + ".py")
            if os.path.isfile(source):
                return importlib.util.spec_from_file_location(fullname, source)
        return None  # a package (its __init__.py is never compiled) or no such module


def activate(name: str, init_file: str) -> None:
    """Decide, at the package's import, whether its compiled modules may load."""
    global ACTIVE
    package = Path(init_file).parent
    try:
        names = os.listdir(package)
    except OSError:
        return
    if MANIFEST not in names and not any(n.startswith(CORE) for n in names):
        return  # pure Python: nothing compiled here
    REASONS[:] = problems(package)
    if os.environ.get(PURE_ENV):
        REASONS.append(f"{PURE_ENV} is set")
    elif REASONS:
        warnings.warn(
            f"planet_king: the compiled build is stale ({'; '.join(REASONS)}): running the "
            "pure Python sources instead; rebuild with `python scripts/compile_core.py` "
            "or remove it with `--clean`",
            RuntimeWarning,
            stacklevel=3,
        )
    if REASONS:
        sys.meta_path.insert(0, _Sources(name))
    else:
        ACTIVE = True


def status_line(package: Path | None = None) -> str:
    """One line on the compiled build of ``package`` (this one by default), from its files."""
    package = package or Path(__file__).parent
    count = len(compiled_files(package))
    if not count and not (package / MANIFEST).exists():
        return "pure Python: no compiled modules"
    found = problems(package)
    if found:
        return f"stale, not used (the sources run instead): {'; '.join(found)}"
    pure = f" (but {PURE_ENV} is set: the sources run)" if os.environ.get(PURE_ENV) else ""
    return f"compiled: {count} extension modules, up to date with their sources{pure}"
