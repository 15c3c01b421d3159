"""The stack files of ``data/stacks``: named, validated like the cards, and checked
against the content (``planet_king.engine.stacking`` plays them).

Apart from ``stacking`` because of what it holds: a pydantic model and an exception
derived from ``ValueError``, which the compiled build cannot compile
(``scripts/compile_core.py``); the rules that draw from a stack then compile.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict

from planet_king.content.loader import DataError, read_model

if TYPE_CHECKING:
    from planet_king.content.loader import Content


class UnknownStack(ValueError):
    pass


class StackFile(BaseModel):
    """``data/stacks/<id>.yaml``, validated like the cards."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    scenario: str
    description: str
    source: str  # where the order comes from (e.g. "rulebook: Example First Game Turn")
    last_turn: int = 1
    events: tuple[str, ...] = ()
    nobles: tuple[str, ...] = ()
    geniuses: tuple[str, ...] = ()
    picks: dict[str, tuple[str, ...]] = {}
    script: tuple[str, ...] = ()


# A stack is named, never given as a path: lower-case words joined by dashes, as the
# files of data/stacks are (a save naming "../../elsewhere" must not reach outside it).
STACK_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
MAX_STACK_NAME = 64


def is_stack_name(name: str) -> bool:
    return len(name) <= MAX_STACK_NAME and STACK_NAME.fullmatch(name) is not None


def stacks_dir(content: Content) -> Path:
    return content.data_dir / "stacks"


def available(content: Content) -> list[str]:
    return sorted(p.stem for p in stacks_dir(content).glob("*.yaml"))


@lru_cache(maxsize=16)
def _load(path: Path) -> StackFile:
    return read_model(path, StackFile)


def load(content: Content, name: str) -> StackFile:
    """The stack called ``name``, checked against the content; UnknownStack if none."""
    if not is_stack_name(name):
        shown = repr(name[:40] + ("…" if len(name) > 40 else ""))
        raise UnknownStack(
            f"{shown} is not a stack name (lower-case letters, digits and dashes, "
            f"at most {MAX_STACK_NAME}: a stack of data/stacks, never a path)"
        )
    path = stacks_dir(content) / f"{name}.yaml"
    if not path.is_file():
        known = ", ".join(available(content)) or "none"
        raise UnknownStack(f"unknown stack '{name}' (known: {known})")
    stack = _load(path)
    if stack.id != name:
        raise DataError(f"{path}: field 'id': '{stack.id}' should be '{name}'")
    tables: dict[str, Mapping[str, object]] = {
        "events": content.events,
        "nobles": content.nobles,
        "geniuses": content.geniuses,
    }
    for which, table in tables.items():
        for cid in getattr(stack, which):
            if cid not in table:
                raise DataError(f"{path}: field '{which}': unknown card '{cid}'")
    return stack
