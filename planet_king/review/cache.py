"""Reviews kept beside the save, so that a second look is instant.

A review is written as JSON in the save's folder, under ``reviews/`` (the saves list
reads every ``*.json`` of the folder itself as a save), keyed by the save's digest (its
bytes), the evaluator's version and its numbers' fingerprint, the review's settings and
this format: a save played on, a retrained evaluator or another depth makes a new review.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from planet_king.fsutil import atomic_write
from planet_king.review.model import Review

FORMAT = 4  # 2: a step's prompt is "asked"; 3: a draw is one in sight (Game.seen_draws);
# 4: an error is a gap beyond three standard errors over two rounds of fates or more
FOLDER = "reviews"


def key(save_bytes: bytes, evaluator: dict[str, str], model: str, settings: str) -> dict[str, Any]:
    """``evaluator``: what the model was trained on; ``model``: its numbers'
    fingerprint (``Evaluator.fingerprint``), which a retrain on the same games changes."""
    return {
        "format": FORMAT,
        "save": hashlib.sha256(save_bytes).hexdigest(),
        "evaluator": evaluator,
        "model": model,
        "settings": settings,
    }


def path_for(save: Path, settings: str) -> Path:
    return save.parent / FOLDER / f"{save.stem}.{settings}.json"


def read(save: Path, want: dict[str, Any]) -> Review | None:
    """The cached review of this save, if one was made with the same key (else None:
    a missing, stale or damaged cache is simply made again)."""
    try:
        raw = json.loads(path_for(save, want["settings"]).read_text(encoding="utf-8"))
        if raw.get("key") != want:
            return None
        return Review.from_json(raw["review"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def write(save: Path, want: dict[str, Any], review: Review) -> Path | None:
    """Keep the review beside the save; None if the folder cannot be written (the
    review is still shown: a cache is a convenience)."""
    target = path_for(save, want["settings"])
    data = json.dumps({"key": want, "review": review.to_json()}, ensure_ascii=False)
    try:
        target.parent.mkdir(exist_ok=True)
        atomic_write(target, data.encode("utf-8"))
    except OSError:
        return None
    return target
