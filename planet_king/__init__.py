"""The Planet King: the rules engine, its bots, and the ways to play and study it."""

import os as _os

# The optional compiled build (scripts/compile_core.py) is used only while it matches
# the sources (planet_king/_native.py); a plain install has none and skips this.
if any(n.startswith(("core__mypyc", "_compiled.json")) for n in _os.listdir(__path__[0])):
    from planet_king import _native

    _native.activate(__name__, __file__)
