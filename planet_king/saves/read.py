"""Reading a save: decode its JSON, check every field's type and range, and return
``SaveData`` (not yet replayed); anything else is a ``SaveError`` naming the field.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeGuard

from planet_king.engine.game import GameOptions
from planet_king.engine.rules.modes import DIFFICULTIES
from planet_king.engine.stack_files import is_stack_name
from planet_king.fsutil import describe_os_error, read_regular, shown
from planet_king.saves.errors import SaveError
from planet_king.saves.format import (
    FORMAT,
    FORMAT_VERSION,
    GAME_ID_RE,
    MAX_CHOICES,
    MAX_ID_LENGTH,
    MAX_SAVE_BYTES,
    SaveData,
    seed_problem,
)


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _field(raw: dict[str, Any], key: str, src: str, check: Callable[[Any], bool], what: str):
    if key not in raw:
        raise SaveError(f"{src}: field '{key}' is missing")
    value = raw[key]
    if not check(value):
        raise SaveError(f"{src}: field '{key}' should be {what}, found {_kind(value)}")
    return value


def _optional(raw: dict[str, Any], key: str, src: str, check: Callable[[Any], bool], what: str):
    if raw.get(key) is None:
        return None
    return _field(raw, key, src, check, what)


def _parse_options(raw: Any, src: str) -> GameOptions:
    if not isinstance(raw, dict):
        raise SaveError(f"{src}: field 'options' should be an object, found {_kind(raw)}")
    known = {f.name: f for f in dataclasses.fields(GameOptions)}
    for key in raw:
        if key not in known:
            raise SaveError(f"{src}: field 'options.{key}' is not an option of this version")
    for key, value in raw.items():
        default = known[key].default
        if isinstance(default, bool):
            ok, what = isinstance(value, bool), "true or false"
        elif isinstance(default, str):
            ok, what = isinstance(value, str), "text"
        elif isinstance(default, tuple):
            ok = isinstance(value, list) and all(isinstance(v, str) for v in value)
            what = "a list of names"
        else:
            ok, what = True, ""
        if not ok:
            raise SaveError(f"{src}: field 'options.{key}' should be {what}, found {_kind(value)}")
    options = GameOptions.from_dict(raw)
    if options.stack and not is_stack_name(options.stack):
        raise SaveError(
            f"{src}: field 'options.stack': '{shown(options.stack, 40)}' is not a stack name "
            "(a stack of data/stacks, never a path)"
        )
    if options.difficulty not in DIFFICULTIES:
        raise SaveError(
            f"{src}: field 'options.difficulty': unknown difficulty '{options.difficulty}' "
            f"(known: {', '.join(DIFFICULTIES)})"
        )
    return options


def _parse_turn_digests(raw: Any, src: str) -> tuple[tuple[int, int, str], ...]:
    what = "a list of [turn, choices, digest]"
    if not isinstance(raw, list):
        raise SaveError(f"{src}: field 'turn_digests' should be {what}, found {_kind(raw)}")
    out = []
    for i, item in enumerate(raw):
        if not (
            isinstance(item, list)
            and len(item) == 3
            and is_int(item[0])
            and is_int(item[1])
            and item[1] >= 0
            and isinstance(item[2], str)
        ):
            raise SaveError(
                f"{src}: field 'turn_digests' entry {i + 1} should be [turn, choices,"
                f" digest], found {_kind(item)}"
            )
        out.append((item[0], item[1], item[2]))
    return tuple(out)


def parse_save(raw: Any, *, source: str = "<save>") -> SaveData:
    """Check a decoded JSON document and return its content; raise SaveError."""
    src = source
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        found = "an object" if isinstance(raw, dict) else _kind(raw)
        raise SaveError(
            f"{src}: not a planet-king save (a JSON document of another kind: {found} "
            f'without "format": "{FORMAT}")'
        )
    version = raw.get("format_version")
    if not is_int(version):
        found = json.dumps(version)[:40] if version is not None else "none"
        raise SaveError(f"{src}: unknown save format version {found}", kind="version")
    if version > FORMAT_VERSION:
        made_by = raw.get("app_version")
        by = f" (made by planet-king {made_by})" if isinstance(made_by, str) else ""
        raise SaveError(
            f"{src}: save format version {version} is newer than this planet-king reads "
            f"(up to {FORMAT_VERSION}){by}: please upgrade planet-king",
            kind="version",
        )
    if version < 1:
        raise SaveError(f"{src}: unknown save format version {version}", kind="version")

    scenario = _field(
        raw,
        "scenario",
        src,
        lambda v: isinstance(v, str) and v != "" and len(v) <= MAX_ID_LENGTH,
        "a scenario id",
    )
    seed = _field(raw, "seed", src, is_int, "an integer")
    if seed_problem(seed):
        raise SaveError(f"{src}: field 'seed': {seed_problem(seed)}")
    game_id = _optional(
        raw, "game_id", src, lambda v: isinstance(v, str) and bool(GAME_ID_RE.match(v)), "a game id"
    )
    options = _parse_options(raw.get("options", {}), src)
    choices = _field(raw, "choices", src, lambda v: isinstance(v, list), "a list of option ids")
    if len(choices) > MAX_CHOICES:
        raise SaveError(
            f"{src}: field 'choices' has {len(choices)} entries (at most {MAX_CHOICES})"
        )
    for i, c in enumerate(choices):
        if not isinstance(c, str) or not c or len(c) > MAX_ID_LENGTH:
            raise SaveError(
                f"{src}: choice {i + 1} should be an option id (text), found {_kind(c)}"
            )
    data_version = _optional(raw, "data_version", src, lambda v: isinstance(v, str), "text")
    app = _optional(raw, "app_version", src, lambda v: isinstance(v, str), "text")
    digests = _parse_turn_digests(raw.get("turn_digests", []), src)
    final = raw.get("final")
    final_choices = final_digest = None
    summary: dict[str, Any] = {}
    if final is not None:
        if not isinstance(final, dict):
            raise SaveError(f"{src}: field 'final' should be an object, found {_kind(final)}")
        final_choices = _field(final, "choices", f"{src}: final", is_int, "an integer")
        final_digest = _field(
            final, "digest", f"{src}: final", lambda v: isinstance(v, str), "text"
        )
        if final_choices != len(choices):
            raise SaveError(
                f"{src}: field 'final.choices' says {final_choices} choices but the file holds "
                f"{len(choices)} (the file was cut or edited)"
            )
        summary = {
            "over": final.get("over") is True,
            "turn": final.get("turn") if is_int(final.get("turn")) else None,
            "vp": final.get("vp") if is_int(final.get("vp")) else None,
            "victory_level": shown(final.get("victory_level") or "", 40),
        }
    learning = _optional(raw, "learning", src, lambda v: isinstance(v, bool), "true or false")
    roles = _optional(
        raw,
        "roles",
        src,
        lambda v: isinstance(v, dict) and all(isinstance(x, str) for x in v.values()),
        "an object of role names",
    )
    created = _optional(raw, "created", src, lambda v: isinstance(v, str), "text")
    saved = _optional(raw, "saved", src, lambda v: isinstance(v, str), "text")
    rules_version: int | None = None
    resumed_from: int | None = None
    snap: dict[str, Any] | None = None
    if version >= 2:
        rules_version = _field(
            raw, "rules_version", src, lambda v: is_int(v) and v >= 1, "a positive integer"
        )
        resumed_from = _optional(
            raw,
            "resumed_from",
            src,
            lambda v: is_int(v) and 0 <= v <= len(choices),
            f"a number of choices (0 to {len(choices)})",
        )
        snap = _parse_snapshot(raw.get("snapshot"), src, len(choices), len(digests))
        if resumed_from is not None and (snap is None or snap["choices"] < resumed_from):
            raise SaveError(
                f"{src}: field 'resumed_from' says the game was resumed after choice "
                f"{resumed_from}, but the save holds no snapshot from there on"
            )
    return SaveData(
        scenario=scenario,
        seed=seed,
        options=options,
        choices=tuple(choices),
        data_version=data_version or "",
        format_version=version,
        app_version=app or "",
        turn_digests=digests,
        final_choices=final_choices,
        final_digest=final_digest,
        learning=bool(learning),
        roles=dict(roles or {}),
        created=created,
        saved=saved,
        source=src,
        game_id=game_id,
        rules_version=rules_version,
        resumed_from=resumed_from,
        snapshot=snap,
        **summary,
    )


def _parse_snapshot(raw: Any, src: str, choices: int, digests: int) -> dict[str, Any] | None:
    """Check a snapshot's shape (its state is decoded only when it is used)."""
    if raw is None:
        return None
    where = f"{src}: snapshot"
    if not isinstance(raw, dict):
        raise SaveError(f"{src}: field 'snapshot' should be an object, found {_kind(raw)}")
    _field(raw, "turn", where, is_int, "an integer")
    _field(raw, "choices", where, lambda v: is_int(v) and 0 <= v <= choices, "a choice count")
    _field(
        raw,
        "turn_digests",
        where,
        lambda v: is_int(v) and 1 <= v <= digests,
        f"the number of one of the save's {digests} turn starts",
    )
    _field(raw, "random_draws", where, lambda v: is_int(v) and v >= 0, "a count")
    _field(raw, "rng", where, lambda v: isinstance(v, list) and len(v) == 3, "a generator state")
    _field(raw, "state", where, lambda v: isinstance(v, dict), "an object")
    _optional(raw, "stats", where, lambda v: isinstance(v, dict), "an object")
    _field(raw, "log", where, lambda v: isinstance(v, list), "a list")
    return raw


def parse_text(text: str, *, source: str = "<save>") -> SaveData:
    """Decode and check a save's text (JSON)."""
    src = source
    if not text.strip():
        raise SaveError(f"{src}: the file is empty (not a save)")
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        if exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string"):
            raise SaveError(
                f"{src}: the file ends too early (truncated): not a whole save"
            ) from None
        raise SaveError(
            f"{src}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg}); "
            "the file is damaged or not a save"
        ) from None
    except RecursionError:
        raise SaveError(f"{src}: not a save (JSON nested too deeply)") from None
    except ValueError as exc:  # e.g. an integer with too many digits
        raise SaveError(f"{src}: not a save ({exc})") from None
    return parse_save(raw, source=src)


def read_save(path: Path) -> SaveData:
    """Read and check a save file without replaying it; raise SaveError.

    Only a regular file is read: a folder, a FIFO, a device or a socket is refused
    without being opened for a blocking read (it could hang forever)."""
    path = Path(path)
    src = shown(str(path), 300)
    try:
        if path.is_dir():
            raise SaveError(f"{src}: is a folder, not a save file", kind="io")
        size = path.stat().st_size
        if size > MAX_SAVE_BYTES:
            raise SaveError(
                f"{src}: file too large for a save ({size / 1e6:.1f} MB; a save is at most "
                f"{MAX_SAVE_BYTES / 1e6:.0f} MB)"
            )
        data = read_regular(path, MAX_SAVE_BYTES)
    except SaveError:
        raise
    except OSError as exc:
        raise SaveError(f"{src}: cannot be read ({describe_os_error(exc)})", kind="io") from None
    if len(data) > MAX_SAVE_BYTES:
        raise SaveError(
            f"{src}: file too large for a save (more than {MAX_SAVE_BYTES / 1e6:.0f} MB)"
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise SaveError(f"{src}: not a save (binary data, not UTF-8 text)") from None
    return parse_text(text, source=src)
