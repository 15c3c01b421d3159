"""Compile the rules core and the bots with mypyc, in place: an optional, faster build.

    python scripts/compile_core.py            # build the extension modules beside the sources
    python scripts/compile_core.py --check    # say whether the compiled build is in use
    python scripts/compile_core.py --clean    # remove them: back to pure Python

Needs the test extras (``pip install -e '.[test]'``: mypy, which brings mypyc) and a C
compiler (gcc or clang) with Python's headers; setuptools drives the compiler. It takes a
few minutes on two cores. Nothing else changes: the package stays the same Python code,
``pip install .`` and the wheel stay pure Python (the wheel leaves any ``.so`` out), and
without this step nothing is compiled. The compiled build plays exactly the same games
(``scripts/same_games.py``); it is only faster (README, "The compiled build").

The compiled modules (``planet_king/**/*.so`` and the shared ``planet_king/core__mypyc*``)
are not tracked by git. A compiled module would shadow its source if the source were
edited afterwards, so this script records every compiled source's hash in
``planet_king/_compiled.json``; on import, ``planet_king`` checks them
(``planet_king/_native.py``): if any source differs, or the build is for another Python,
it says so on stderr and runs the pure Python sources instead, every one of them
(compiled modules call each other directly, so none may be kept alone). Run this script
again after editing a compiled module. ``PLANET_KING_PURE=1`` runs the sources even when
the build is fresh (to compare the two).

Left out of the compiled set, each for a reason mypyc gives:
- every package ``__init__.py`` (a compiled package does not find its plain submodules);
- ``engine/errors.py``: its exceptions derive from ``ValueError`` / ``RuntimeError``
  ("inheriting from most builtin types is unimplemented" in mypyc);
- ``engine/stack_files.py``: a pydantic model (mypyc generates C that does not compile)
  and an exception derived from ``ValueError``.

``Game`` is a native class like the others: it declares every attribute (the rules'
caches go in its ``caches``), so reading ``g.state`` is a slot read, not a dictionary
lookup. Tests that stand in for a game's method on one instance run on the pure package.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from planet_king import _native  # noqa: E402  (the package's own record of the build)

PACKAGES = ("planet_king/engine", "planet_king/bots")
LEFT_OUT = {
    "planet_king/engine/errors.py",
    "planet_king/engine/stack_files.py",
}
BUILD = ROOT / "build" / "mypyc"


def modules() -> list[str]:
    """The sources compiled, as paths relative to the repository's root."""
    found = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if path.name != "__init__.py" and rel not in LEFT_OUT:
                found.append(rel)
    return found


def clean() -> int:
    removed = _native.compiled_files(ROOT / "planet_king")
    for path in removed:
        path.unlink()
    manifest = ROOT / "planet_king" / _native.MANIFEST
    if manifest.exists():
        manifest.unlink()
    shutil.rmtree(BUILD, ignore_errors=True)
    print(f"removed {len(removed)} compiled modules: planet_king runs as pure Python")
    return 0


def build(opt_level: str) -> int:
    try:
        from mypyc.build import mypycify
        from setuptools import setup  # type: ignore[import-untyped]
    except ImportError as e:
        raise SystemExit(
            f"compile_core needs mypy (with mypyc) and setuptools: {e}\n"
            "  pip install -e '.[test]'   (or: pip install mypy setuptools)"
        ) from e
    if shutil.which(os.environ.get("CC", "cc")) is None and shutil.which("gcc") is None:
        raise SystemExit("compile_core needs a C compiler (Debian: apt-get install gcc)")
    clean()  # never leave an older module beside the new ones
    sources = modules()
    print(f"compiling {len(sources)} modules with mypyc (opt level {opt_level}); a few minutes")
    start = time.perf_counter()
    os.chdir(ROOT)  # mypyc writes its C under ./build
    extensions = mypycify(
        sources,
        opt_level=opt_level,
        group_name="planet_king.core",  # the shared library lives inside the package
        target_dir=str(BUILD / "c"),
    )
    setup(
        name="planet-king-core",
        packages=[],
        py_modules=[],
        ext_modules=extensions,
        script_args=["-q", "build_ext", "--inplace", "--build-temp", str(BUILD / "obj")],
    )
    _native.write_manifest(ROOT / "planet_king", sources)
    print(f"compiled in {time.perf_counter() - start:.0f} s; check: {_native.status_line()}")
    return 0


def check() -> int:
    line = _native.status_line()
    print(line)
    return 0 if line.startswith(("compiled", "pure")) else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--clean", action="store_true", help="remove the compiled modules")
    group.add_argument("--check", action="store_true", help="is the compiled build in use?")
    parser.add_argument("--opt-level", default="3", help="mypyc's (and the C compiler's) -O")
    args = parser.parse_args()
    if args.clean:
        return clean()
    if args.check:
        return check()
    return build(args.opt_level)


if __name__ == "__main__":
    sys.exit(main())
