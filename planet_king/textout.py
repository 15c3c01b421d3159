"""Plain text on a terminal or pipe that cannot show every character.

The game's text has em dashes, accented names (Guzmán), box drawing and arrows. On a
stdout whose encoding is not UTF-8 (``LC_ALL=C PYTHONUTF8=0``, ``PYTHONIOENCODING=latin-1``)
printing them raised UnicodeEncodeError; what that encoding cannot hold is written as
its nearest ASCII instead (``—`` as ``-``, ``á`` as ``a``, anything else as ``?``).
"""

from __future__ import annotations

import codecs
import sys
import unicodedata

ERRORS = "planet-king-ascii"
NEAREST = {
    "\u2014": "-",  # em dash
    "\u2013": "-",  # en dash
    "\u2018": "'",
    "\u2019": "'",
    "\u201c": '"',
    "\u201d": '"',
    "\u2026": "...",
    "\u00b1": "+/-",
    "\u2192": "->",
    "\u2190": "<-",
    "\u2022": "*",
    "\u00b7": ".",
    "\u00d7": "x",
}


def nearest_ascii(text: str) -> str:
    """``text`` in ASCII: each character as its nearest, ``?`` when there is none."""
    out = []
    for ch in text:
        if ch.isascii():
            out.append(ch)
        elif ch in NEAREST:
            out.append(NEAREST[ch])
        elif 0x2500 <= ord(ch) <= 0x257F:  # box drawing
            name = unicodedata.name(ch, "")
            out.append("|" if "VERTICAL" in name and "HORIZONTAL" not in name else "-")
        else:
            base = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode()
            out.append(base or "?")
    return "".join(out)


def _replace(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    return nearest_ascii(error.object[error.start : error.end]), error.end


codecs.register_error(ERRORS, _replace)


def degrade_streams() -> None:
    """Make stdout and stderr write what their encoding cannot hold as nearest ASCII."""
    for stream in (sys.stdout, sys.stderr):
        if stream is None or not hasattr(stream, "reconfigure"):
            continue
        try:
            "—á".encode(stream.encoding or "ascii")
        except (UnicodeEncodeError, LookupError):
            stream.reconfigure(errors=ERRORS)
