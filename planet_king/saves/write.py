"""Writing a save's text: the document of a game, with the snapshot of its last turn
start (state, statistics and log as explicit JSON, never ``repr``).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any, cast

from planet_king.engine import snapshot
from planet_king.engine.game import Game
from planet_king.engine.rules_version import RULES_VERSION
from planet_king.saves.format import FORMAT, FORMAT_VERSION, app_version, new_game_id


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _roles(game: Game) -> dict[str, str]:
    names = game.role_names
    if names:
        return {str(k): str(v) for k, v in names.items()}
    if game.options.coop:
        return {"king": "Player 1", "valido": "Player 2"}
    return {"king": "Player", "valido": "Player"}  # solo: one person holds both roles


def to_dict(game: Game) -> dict[str, Any]:
    """The save document of a game (at any point: in progress or over), as JSON data."""
    return json.loads(dumps(game))  # type: ignore[no-any-return]


def _document(game: Game, *, state_digest: str | None = None) -> dict[str, Any]:
    """The save document, its snapshot's state and log as JSON text already encoded.

    ``state_digest``: ``game.state.digest()`` if the caller has it already."""
    created = game.created or _now()
    game.created = created
    game_id = game.game_id or new_game_id()
    game.game_id = game_id
    s = game.state
    base = game.resumed_from
    doc = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "app_version": app_version(),
        "rules_version": RULES_VERSION,
        "data_version": game.content.version,
        "game_id": game_id,
        "scenario": game.scenario.id,
        "options": game.options.to_dict(),
        "seed": game.seed,
        "learning": game.learning,
        "roles": _roles(game),
        "created": created,
        "saved": _now(),
        "turn_digests": [list(t) for t in game.turn_digests],
        "final": {
            "choices": len(game.choices),
            "digest": state_digest or s.digest(),
            "turn": s.turn,
            "phase": s.phase,
            "over": game.over,
            "victory_level": s.victory_level,
            "vp": s.vp,
        },
    }
    if base is not None:  # written only then: its choices before it no longer replay
        doc["resumed_from"] = base.start.choices
    snap = _snapshot(game)
    if snap is not None:
        doc["snapshot"] = snap
    doc["choices"] = list(game.choices)
    return doc


class _Raw(str):
    """JSON text already encoded (the snapshot's state), written as it is."""


_JSON = json.JSONEncoder(ensure_ascii=False).encode  # one encoder: json.dumps makes one a call


def _log_text(game: Game, rec: Any) -> _Raw:
    """The log up to the snapshot, one entry a line. The lines are kept on the game (the
    log only grows): each turn start encodes only the entries since the one before, and
    an autosave after every choice none."""
    n = rec.log_entries
    done = game.saved_log
    if done is not None and done[0] == n:
        return cast(_Raw, done[1])  # the text stored below (the engine's Game types it str)
    if game.saved_log_lines is None:
        game.saved_log_lines = []
    lines = game.saved_log_lines
    del lines[n:]  # (a game is never restored to an earlier point today)
    lines.extend("   " + _JSON(list(e)) for e in game.log_entries[len(lines) : n])
    body = ",\n".join(lines)
    text = _Raw(f"[\n{body}\n  ]" if lines else "[]")
    game.saved_log = (n, text)
    return text


def _snapshot(game: Game) -> dict[str, Any] | None:
    """The last turn start, to resume from under other rules (None before the first)."""
    rec = game.last_start
    if rec is None:
        return None
    version, internal, gauss = rec.rng
    return {
        "turn": rec.turn,
        "choices": rec.choices,
        "turn_digests": rec.turn_digests,
        "random_draws": rec.random_draws,
        "rng": [version, list(internal), gauss],
        "state": _Raw(rec.state_text),
        "stats": _Raw(snapshot.to_text(snapshot.stats_data(rec.stats))),
        "log": _log_text(game, rec),
    }


def _encode(value: Any) -> str:
    return str(value) if isinstance(value, _Raw) else _JSON(value)


def dumps(game: Game, *, state_digest: str | None = None) -> str:
    """The save's text: one key a line, one choice a line (easy to read and to diff)."""
    doc = _document(game, state_digest=state_digest)
    lines = []
    for key, value in doc.items():
        if key in ("turn_digests", "choices") and value:
            items = ",\n".join("  " + _JSON(v) for v in value)
            body = f"[\n{items}\n ]"
        elif key == "snapshot":  # one key a line, one log entry a line
            parts = [f"  {_JSON(k)}: {_encode(v)}" for k, v in value.items()]
            body = "{\n" + ",\n".join(parts) + "\n }"
        else:
            body = _JSON(value)
        lines.append(f" {json.dumps(key)}: {body}")
    return "{\n" + ",\n".join(lines) + "\n}\n"
