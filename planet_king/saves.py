"""Saves: a game is (data version, scenario, options, seed, choices) — DESIGN 1.5.

A save file is a small JSON document (see ``docs/saves.md``) holding those, plus the
state digest at each turn start and after the last choice, the version of the rules it
was played under, and a snapshot of its last turn start. Loading a save of the current
rules replays the choices and checks the digests, so a save is also a bug report and a
regression test; a save of older rules resumes from its snapshot, and a save made before
snapshots (format 1) is replayed as far as its choices stay legal.

Writing is atomic (``planet_king.fsutil.atomic_write``): a crash, a full disk or
Ctrl+C never damages the previous file. Every game has its own id (made when it is
first saved, kept in the file), and autosaves rotate per game: the last few of each game
are kept, and the last autosave of a game is never deleted. Loading anything that is
not a good save raises ``SaveError`` with a one-line message naming what is wrong;
nothing is ever half loaded.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path
from typing import Any

from planet_king.content.loader import Content, load_content
from planet_king.engine import resume, snapshot
from planet_king.engine.decisions import Decision, IllegalChoice, RuleNotImplemented
from planet_king.engine.game import (
    DIFFICULTIES,
    EngineError,
    Game,
    GameOptions,
    ScenarioNotPlayable,
    UnknownScenario,
)
from planet_king.engine.log import LogEntry
from planet_king.engine.rules_version import RULES_VERSION
from planet_king.fsutil import (
    atomic_write,
    clean_stale_temps,
    describe_os_error,
    escape_controls,
    read_regular,
    sanitise_name,
    shown,
)

FORMAT = "planet-king-save"
# The newest format this version writes and reads. 1: seed and choices, digests of the
# state's repr. 2: the rules version, a snapshot of the last turn start, digests of the
# state's explicit serialisation (docs/saves.md).
FORMAT_VERSION = 2
MAX_SAVE_BYTES = 8 * 1024 * 1024  # a full reign is a few hundred kB at most
MAX_CHOICES = 200_000
MAX_ID_LENGTH = 200
AUTOSAVE_PREFIX = "autosave-"
AUTOSAVE_KEEP = 5  # autosaves kept per game
# Games older than the AUTOSAVE_GAMES most recently autosaved keep only their last
# autosave (never none: a game is never lost to rotation).
AUTOSAVE_GAMES = 20
ENV_SAVES = "PLANET_KING_SAVES"
APP_NAME = "planet-king"
MAX_MESSAGE = 1000  # a SaveError is cut to this many characters

# Seeds: one range, checked when a game is started and when a save is read.
SEED_LIMIT = 2**64  # a seed is an integer with abs(seed) < 2**64


def seed_problem(seed: int) -> str | None:
    """Why ``seed`` cannot be a game's seed, or None."""
    if abs(seed) >= SEED_LIMIT:
        return "a seed must be between -(2**64 - 1) and 2**64 - 1"
    return None


# Autosave names: autosave-<counter>-<scenario>-<seed>-<game id>.json. The counter
# orders them ("latest" never depends on the clock); up to COUNTER_DIGITS digits are
# read, so a file with a longer counter is not an autosave of ours, and the counters
# are renumbered before they would need more.
COUNTER_DIGITS = 18
_AUTOSAVE_RE = re.compile(rf"^autosave-(\d{{1,{COUNTER_DIGITS}}})-(.+)\.json$")
_GAME_ID_RE = re.compile(r"^[0-9a-z]{1,32}$")


def new_game_id() -> str:
    """A fresh game id (not a part of the game: it names its saves)."""
    return secrets.token_hex(6)


class SaveError(Exception):
    """A save that cannot be read, written or replayed. ``str()`` is one line.

    ``kind`` says which: ``io``, ``format`` (not a save, damaged, wrong types),
    ``version`` (unknown or future format), ``scenario``, ``illegal`` (an illegal
    choice at ``position``), ``digest`` (the replay differs at ``turn``) or ``engine``.
    For ``illegal`` and ``digest`` errors ``valid_turn``/``valid_choices`` give the last
    turn start that still matches, if any: ``load_game(..., up_to_valid=True)`` opens
    the game there.
    """

    def __init__(
        self,
        message: str,
        *,
        kind: str = "format",
        position: int | None = None,
        turn: int | None = None,
        valid_turn: int | None = None,
        valid_choices: int | None = None,
    ) -> None:
        text = escape_controls(" ".join(message.split()))  # always one line, no escapes
        if len(text) > MAX_MESSAGE:
            text = text[: MAX_MESSAGE - 1] + "…"
        super().__init__(text)
        self.kind = kind
        self.position = position
        self.turn = turn
        self.valid_turn = valid_turn
        self.valid_choices = valid_choices


class SaveWriteError(SaveError):
    """Writing a save failed; the previous file (if any) is untouched."""


# --------------------------------------------------------------------- the format
@dataclass(frozen=True, slots=True)
class SaveData:
    """A save file's content, checked for types (not yet replayed)."""

    scenario: str
    seed: int
    options: GameOptions
    choices: tuple[str, ...]
    data_version: str = ""
    format_version: int = FORMAT_VERSION
    app_version: str = ""
    turn_digests: tuple[tuple[int, int, str], ...] = ()
    final_choices: int | None = None
    final_digest: str | None = None
    learning: bool = False
    roles: dict[str, str] = field(default_factory=dict)
    created: str | None = None
    saved: str | None = None
    source: str = "<save>"
    game_id: str | None = None  # None: a save made before games had ids
    over: bool = False  # the summary in "final" (for load dialogs; not trusted for play)
    turn: int | None = None
    vp: int | None = None
    victory_level: str = ""
    rules_version: int | None = None  # None: format 1, made before rules versions
    # Set when the game was resumed from a snapshot of older rules: its choices before
    # this many do not replay from the seed (None: they all do).
    resumed_from: int | None = None
    snapshot: dict[str, Any] | None = None  # checked for shape, decoded when used


@lru_cache(maxsize=1)
def app_version() -> str:
    try:
        from importlib.metadata import version

        return version("planet-king")
    except Exception:  # not installed (a source checkout)
        return "unknown"


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _roles(game: Game) -> dict[str, str]:
    names = getattr(game, "role_names", None)
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
    created = getattr(game, "created", None) or _now()
    game.created = created
    game_id = getattr(game, "game_id", None) or new_game_id()
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
        "learning": bool(getattr(game, "learning", False)),
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
    done = game.__dict__.get("_snapshot_log")
    if done is not None and done[0] == n:
        return done[1]
    lines: list[str] = game.__dict__.setdefault("_snapshot_log_lines", [])
    del lines[n:]  # (a game is never restored to an earlier point today)
    lines.extend("   " + _JSON(list(e)) for e in game.log_entries[len(lines) : n])
    body = ",\n".join(lines)
    text = _Raw(f"[\n{body}\n  ]" if lines else "[]")
    game.__dict__["_snapshot_log"] = (n, text)
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


# --------------------------------------------------------------------- reading
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


def _is_int(value: Any) -> bool:
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
            and _is_int(item[0])
            and _is_int(item[1])
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
    if not _is_int(version):
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
    seed = _field(raw, "seed", src, _is_int, "an integer")
    if seed_problem(seed):
        raise SaveError(f"{src}: field 'seed': {seed_problem(seed)}")
    game_id = _optional(
        raw, "game_id", src, lambda v: isinstance(v, str) and _GAME_ID_RE.match(v), "a game id"
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
        final_choices = _field(final, "choices", f"{src}: final", _is_int, "an integer")
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
            "turn": final.get("turn") if _is_int(final.get("turn")) else None,
            "vp": final.get("vp") if _is_int(final.get("vp")) else None,
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
            raw, "rules_version", src, lambda v: _is_int(v) and v >= 1, "a positive integer"
        )
        resumed_from = _optional(
            raw,
            "resumed_from",
            src,
            lambda v: _is_int(v) and 0 <= v <= len(choices),
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
    _field(raw, "turn", where, _is_int, "an integer")
    _field(raw, "choices", where, lambda v: _is_int(v) and 0 <= v <= choices, "a choice count")
    _field(
        raw,
        "turn_digests",
        where,
        lambda v: _is_int(v) and 1 <= v <= digests,
        f"the number of one of the save's {digests} turn starts",
    )
    _field(raw, "random_draws", where, lambda v: _is_int(v) and v >= 0, "a count")
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


# ------------------------------------------------------------------- replaying
# observer(game, k, decision, choice id, number of log entries before the choice)
Observer = Callable[[Game, int, Decision, str, int], None]


def _changed(save: SaveData, content: Content) -> str:
    if save.data_version and save.data_version != content.version:
        return (
            f" — the game data changed since it was saved (data version {save.data_version}, "
            f"now {content.version})"
        )
    if save.app_version and save.app_version != app_version():
        return f" — it was made by planet-king {save.app_version} (this is {app_version()})"
    return " — the file was edited, or the engine changed since it was saved"


def _last_valid(
    expected: tuple[tuple[int, int, str], ...], got: list[tuple[int, int, str]], limit: int
) -> tuple[int | None, tuple[int, int, str] | None]:
    """Index of the first mismatching turn start (or None) and the last matching one."""
    last_ok = None
    for i, exp in enumerate(expected):
        if exp[1] > limit:
            break
        if i >= len(got) or tuple(got[i]) != tuple(exp):
            return i, last_ok
        last_ok = exp
    return None, last_ok


def _new_game(save: SaveData, content: Content, at: resume.ResumePoint | None) -> Game:
    """The save's game at its start, or at ``at``; raise SaveError (one line)."""
    src = save.source
    try:
        if at is None:
            return Game(save.scenario, seed=save.seed, options=save.options, content=content)
        return resume.resume(
            save.scenario, at, seed=save.seed, options=save.options, content=content
        )
    except UnknownScenario:
        known = ", ".join(sorted(content.scenarios))
        raise SaveError(
            f"{src}: unknown scenario '{shown(save.scenario, 60)}' (known: {known})",
            kind="scenario",
        ) from None
    except ScenarioNotPlayable:
        raise SaveError(
            f"{src}: scenario '{save.scenario}' is not playable in this version", kind="scenario"
        ) from None
    except (RuleNotImplemented, EngineError, ValueError) as exc:
        raise SaveError(f"{src}: cannot start the game: {exc}", kind="engine") from None
    except Exception as exc:  # an engine bug: still one line, never a partial load
        raise SaveError(
            f"{src}: cannot start the game: internal error {type(exc).__name__}: {exc}",
            kind="engine",
        ) from None


def _rng(raw: list[Any], src: str) -> tuple[Any, ...]:
    version, internal, gauss = raw
    if not (
        _is_int(version)
        and isinstance(internal, list)
        and len(internal) == 625
        and all(_is_int(x) and 0 <= x < 2**32 for x in internal)
        and (gauss is None or isinstance(gauss, float))
    ):
        raise SaveError(f"{src}: field 'snapshot.rng' is not a random generator's state")
    return (version, tuple(internal), gauss)


def _log_entry(raw: Any, src: str, i: int) -> LogEntry:
    if not (
        isinstance(raw, list)
        and len(raw) == 5
        and _is_int(raw[0])
        and all(isinstance(x, str) for x in raw[1:])
    ):
        raise SaveError(f"{src}: field 'snapshot.log' entry {i + 1} is not a log line")
    return LogEntry(*raw)


def _resume_point(save: SaveData, *, check: bool) -> resume.ResumePoint:
    """The save's snapshot, decoded; ``check``: its digest must be the save's (same
    rules: the state's fields are the same)."""
    src, snap = save.source, save.snapshot
    assert snap is not None
    count = snap["turn_digests"]
    turn, made, digest = save.turn_digests[count - 1]
    if (turn, made) != (snap["turn"], snap["choices"]):
        raise SaveError(
            f"{src}: the snapshot (turn {snap['turn']}, after {snap['choices']} choices) is "
            f"not at the save's turn start {count} (the file was edited or damaged)"
        )
    try:
        state = snapshot.state_from_data(snap["state"], snap.get("stats"))
    except snapshot.SnapshotError as exc:
        raise SaveError(f"{src}: snapshot: {exc}") from None
    if check and snapshot.digest(state) != digest:
        raise SaveError(
            f"{src}: the snapshot does not match the save's digest at the start of turn "
            f"{turn} (the file was edited or damaged)",
            kind="digest",
        )
    return resume.point(
        turn=turn,
        state=state,
        rng=_rng(snap["rng"], src),
        random_draws=snap["random_draws"],
        choices=save.choices[:made],
        log=[_log_entry(e, src, i) for i, e in enumerate(snap["log"])],
        turn_digests=save.turn_digests[:count],
    )


@dataclass(frozen=True, slots=True)
class _Parting:
    """Where a replay stopped before the save's end: choice ``k`` (1-based)."""

    k: int
    choice: str
    turn: int
    phase: str
    why: str
    kind: str  # "illegal" (the choice is not legal there) or "engine" (the rules failed)


def _replay(
    game: Game, save: SaveData, first: int, limit: int, observer: Observer | None
) -> _Parting | None:
    """Take the save's choices ``first + 1`` to ``limit`` (1-based) on ``game``."""
    for k in range(first + 1, limit + 1):
        choice = save.choices[k - 1]
        decision = game.decision
        s = game.state
        log_before = len(game.log_entries)
        try:
            game.choose(choice)
        except IllegalChoice as exc:
            return _Parting(k, choice, s.turn, s.phase or "setup", str(exc), "illegal")
        except Exception as exc:  # not the file's fault: a rule not written yet, or a bug
            what = (
                str(exc)
                if isinstance(exc, RuleNotImplemented | EngineError)
                else f"internal error {type(exc).__name__}: {exc}"
            )
            return _Parting(k, choice, s.turn, s.phase or "setup", what, "engine")
        if observer is not None and decision is not None:
            observer(game, k, decision, choice, log_before)
    return None


def _open_at(save: SaveData, content: Content, at: resume.ResumePoint | None, n: int) -> Game:
    """The save's game after its first ``n`` choices (known to replay)."""
    game = _new_game(save, content, at)
    for choice in save.choices[at.start.choices if at else 0 : n]:
        game.choose(choice)
    return game


def _finish(game: Game, save: SaveData) -> Game:
    game.learning = save.learning
    game.role_names = dict(save.roles) or None
    game.created = save.created
    game.game_id = save.game_id
    if tuple(game.choices) == save.choices:  # nothing new to autosave until a choice
        game.autosaved_choices = save.choices
    return game


def rebuild(
    save: SaveData,
    *,
    content: Content | None = None,
    up_to_valid: bool = False,
    stop: int | None = None,
    observer: Observer | None = None,
    verify: bool = True,
) -> Game:
    """Open a save as a Game; raise SaveError.

    A save of the current rules version is replayed (from its snapshot if the game was
    itself resumed from one) and checked against its digests. A save of older rules
    resumes from its snapshot and replays the choices since; one made before snapshots
    (format 1) is replayed from the start. Either goes as far as its choices stay legal,
    and ``game.load_notice`` says so in one line.

    ``stop``: replay only the first ``stop`` choices (digests checked up to there).
    ``up_to_valid``: on an illegal choice or a digest mismatch, open the game at the
    last turn start whose digest matches instead of failing.
    ``observer(game, k, decision, choice, log_before)`` is called after choice k
    (1-based) is taken; ``log_before`` is the length of the log just before it.
    ``verify=False``: do not compare the digests (for a save made by another version of
    the program whose choices still replay); illegal choices are still refused.
    """
    src = save.source
    content = content or load_content()
    rules = save.rules_version
    if rules is not None and rules > RULES_VERSION:
        raise SaveError(
            f"{src}: saved under rules version {rules}, newer than this planet-king's "
            f"({RULES_VERSION}): please upgrade planet-king",
            kind="version",
        )
    older = rules is None or rules < RULES_VERSION
    at = None
    if save.snapshot is not None and (save.resumed_from is not None or older):
        at = _resume_point(save, check=not older)
    first = at.start.choices if at is not None else 0
    limit = len(save.choices) if stop is None else max(0, min(stop, len(save.choices)))
    if limit < first:
        raise SaveError(
            f"{src}: the save resumes at the start of turn {at.start.turn if at else 0}, "
            f"after {first} choices (played under older rules): it cannot stop at choice {limit}",
            kind="version",
        )
    game = _new_game(save, content, at)
    if older:
        parted = _replay(game, save, first, limit, observer)
        if parted is not None:  # the game may be half way through the failed choice
            game = _open_at(save, content, at, parted.k - 1)
        game.load_notice = _older_notice(save, at, parted)
        return _finish(game, save)

    if verify and not save.turn_digests and save.final_digest is None:
        raise SaveError(
            f"{src}: the save has no digests, so its replay cannot be checked (to open it "
            "anyway: 'planet-king resume --no-verify')",
            kind="digest",
        )
    parted = _replay(game, save, first, limit, observer)
    illegal: SaveError | None = None
    if parted is not None and parted.kind == "illegal":
        illegal = SaveError(
            f"{src}: choice {parted.k} of {len(save.choices)} ('{parted.choice}') is illegal "
            f"at turn {parted.turn}, {parted.phase} phase: {parted.why}",
            kind="illegal",
            position=parted.k,
            turn=parted.turn,
        )
    elif parted is not None:
        illegal = SaveError(
            f"{src}: replaying choice {parted.k} ('{parted.choice}') stops at turn "
            f"{parted.turn}: {parted.why}",
            kind="engine",
            position=parted.k,
            turn=parted.turn,
        )

    reached = len(game.choices)
    to_the_end = illegal is None and reached == len(save.choices)
    expected = save.turn_digests if verify else tuple(tuple(t) for t in game.turn_digests)
    bad, last_ok = _last_valid(expected, game.turn_digests, reached)  # type: ignore[arg-type]
    if bad is None and to_the_end and len(game.turn_digests) > len(expected):
        bad = len(save.turn_digests)  # the replay started a turn the save never reached
    problem: SaveError | None = None
    if bad is not None:
        entries = expected if bad < len(expected) else game.turn_digests
        turn, n, _ = entries[bad]
        problem = SaveError(
            f"{src}: the replay does not match the save at the start of turn {turn} "
            f"(after {n} choices){_changed(save, content)}",
            kind="digest",
            turn=turn,
        )
    elif illegal is not None:
        problem = illegal
    elif (
        verify
        and to_the_end
        and save.final_digest is not None
        and game.state.digest() != save.final_digest
    ):
        problem = SaveError(
            f"{src}: the replay does not match the save after its last choice (turn "
            f"{game.state.turn}){_changed(save, content)}",
            kind="digest",
            turn=game.state.turn,
        )
    if problem is not None:
        if last_ok is not None and last_ok[1] < first:
            last_ok = None  # before the snapshot the game resumed from: not replayable
        if last_ok is None:
            hint = (
                "; no turn of it matches, so it cannot be opened (if only the program "
                "changed, 'planet-king resume --no-verify' replays its choices unchecked)"
                if problem.kind == "digest"
                else "; no turn of it matches, so it cannot be opened"
            )
            raise SaveError(
                f"{problem}{hint}",
                kind=problem.kind,
                position=problem.position,
                turn=problem.turn,
            )
        problem.valid_turn, problem.valid_choices = last_ok[0], last_ok[1]
        if not up_to_valid:
            raise SaveError(
                f"{problem}; it can still be opened at the start of turn {last_ok[0]}, the last "
                "that matches (load with up_to_valid, or 'planet-king resume --up-to-valid')",
                kind=problem.kind,
                position=problem.position,
                turn=problem.turn,
                valid_turn=last_ok[0],
                valid_choices=last_ok[1],
            )
        game = _open_at(save, content, at, last_ok[1])
    return _finish(game, save)


def _older_notice(
    save: SaveData, at: resume.ResumePoint | None, parted: _Parting | None
) -> str | None:
    """The one line that says how a save of older rules (or format 1) was opened."""
    n = len(save.choices)
    if save.rules_version is None:
        made = f"{save.source}: saved by an older planet-king (save format 1)"
    else:
        made = (
            f"{save.source}: saved under rules version {save.rules_version} (this is rules "
            f"version {RULES_VERSION})"
        )
    if at is not None:
        how = (
            f"{made}: resumed from its snapshot at the start of turn {at.start.turn} (after "
            f"{at.start.choices} of its {n} choices)"
        )
    else:
        how = f"{made}: replayed from the start under the current rules"
    if parted is None:
        if save.rules_version is None and RULES_VERSION == 1:
            return None  # format 1 was written by rules version 1: nothing changed
        return str(SaveError(f"{how}; all its choices replay"))
    return str(
        SaveError(  # one line, control characters escaped, cut if too long
            f"{how}; the replay parts from the save at choice {parted.k} of {n} "
            f"('{parted.choice}', turn {parted.turn}, {parted.phase} phase), "
            f"{'no longer legal' if parted.kind == 'illegal' else 'the rules fail'}: "
            f"{parted.why}; the game resumes before it"
        )
    )


def loads(
    text: str, *, content: Content | None = None, up_to_valid: bool = False, source: str = "<save>"
) -> Game:
    """A Game from a save's text (used by the fuzzer for the round trip)."""
    return rebuild(parse_text(text, source=source), content=content, up_to_valid=up_to_valid)


def load_game(
    path: Path, *, content: Content | None = None, up_to_valid: bool = False, verify: bool = True
) -> Game:
    """Open a save: read, check, replay, verify the digests. Raises SaveError (one line)."""
    return rebuild(read_save(Path(path)), content=content, up_to_valid=up_to_valid, verify=verify)


# --------------------------------------------------------------------- writing
def checkout_root() -> Path | None:
    """The repository's top folder when the program runs from a checkout of it (an
    editable install or the source tree), else None (an installed wheel)."""
    root = Path(__file__).resolve().parent.parent
    try:
        if not (root / ".git").exists():
            return None
        text = (root / "pyproject.toml").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    return root if re.search(r'^name\s*=\s*"planet-king"', text, re.M) else None


def saves_dir(override: Path | str | None = None) -> Path:
    """Where saves live, whatever the current folder: ``override`` (``--saves-dir``),
    else $PLANET_KING_SAVES, else the checkout's ``saves/`` when run from a checkout of
    the repository, else the user's data folder (``platformdirs``)."""
    if override:
        return Path(override).expanduser()
    env = os.environ.get(ENV_SAVES, "").strip()
    if env:
        return Path(env).expanduser()
    root = checkout_root()
    if root is not None:
        return root / "saves"
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "saves"


_resolve_dir = saves_dir  # the keyword arguments below shadow the function's name


def default_name(game: Game) -> str:
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    return f"{game.scenario.id}-seed{game.seed}-{stamp}.json"


def save_game(game: Game, path: Path | str | None = None, *, saves_dir: Path | None = None) -> Path:
    """Save a game and return the file written. Raises SaveWriteError (one line).

    The file always lands in the saves folder (``saves_dir``, else $PLANET_KING_SAVES,
    else the default folder); ``path`` only gives its name, sanitised: no folders, no
    traversal, no absolute paths (to write elsewhere, pass that folder as ``saves_dir``).
    A name with no letter or digit (``.``, ``*``, ``..``) is refused, not replaced.
    """
    folder = _resolve_dir(saves_dir)
    if path is None or not str(path).strip():
        name = default_name(game)
    else:
        if not re.search(r"[^\W_]", str(path)):
            raise SaveWriteError(
                f"'{shown(str(path), 40)}' is not a save name: use at least one letter or "
                "digit (nothing was saved)",
                kind="io",
            )
        name = sanitise_name(str(path))
        if name.lower().startswith(AUTOSAVE_PREFIX):  # not to be rotated away
            name = "save-" + name
    target = folder / name
    data = dumps(game).encode("utf-8")
    try:
        atomic_write(target, data)
    except OSError as exc:
        raise SaveWriteError(
            f"could not save to {shown(str(target), 300)}: {describe_os_error(exc)} "
            "(nothing was overwritten)",
            kind="io",
        ) from None
    return target


@dataclass(frozen=True, slots=True)
class Autosave:
    counter: int
    game: str  # the name's part after the counter: scenario, seed and game id
    path: Path


def _autosaves(folder: Path) -> list[Autosave]:
    """The autosaves in ``folder``, oldest first (by their counter)."""
    out = []
    with contextlib.suppress(OSError):
        for path in folder.iterdir():
            m = _AUTOSAVE_RE.match(path.name)
            if m:
                out.append(Autosave(int(m.group(1)), m.group(2), path))
    out.sort(key=lambda a: (a.counter, a.game))
    return out


def _slug(game: Game) -> str:
    game_id = getattr(game, "game_id", None) or new_game_id()
    game.game_id = game_id
    return sanitise_name(f"{game.scenario.id}-{game.seed}-{game_id}", suffix="")


def _renumber(existing: list[Autosave]) -> list[Autosave]:
    """Give the autosaves the counters 1, 2, ... in their order (best effort), so the
    next counter still fits in COUNTER_DIGITS digits."""
    out = []
    for n, a in enumerate(existing, start=1):
        target = a.path.with_name(f"{AUTOSAVE_PREFIX}{n}-{a.game}.json")
        if target != a.path and not target.exists():
            with contextlib.suppress(OSError):
                a.path.rename(target)
                a = Autosave(n, a.game, target)
        out.append(a)
    return out


def autosave(game: Game, *, saves_dir: Path | None = None, leaving: bool = False) -> str | None:
    """Write the rotating autosave of this game (the last ``AUTOSAVE_KEEP`` kept).

    Nothing is written when the game has not moved since it was loaded (resuming five
    times does not push the history out). Returns None on success, or a one-line
    message on an I/O error (full disk, read-only folder): it never raises for those,
    so the game can go on. ``leaving``: the autosave of a quit, whose message is the last
    thing said (it cannot say that the game goes on).
    """
    if getattr(game, "autosaved_choices", None) == tuple(game.choices):
        return None
    folder = _resolve_dir(saves_dir)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        existing = _autosaves(folder)
        if existing and existing[-1].counter + 1 >= 10**COUNTER_DIGITS:
            existing = _renumber(existing)
        counter = max((a.counter for a in existing), default=0) + 1
        slug = _slug(game)
        target = folder / f"{AUTOSAVE_PREFIX}{counter}-{slug}.json"
        atomic_write(target, dumps(game).encode("utf-8"))
    except OSError as exc:
        where = shown(str(folder), 200)
        if leaving:
            return (
                f"Autosave failed: {describe_os_error(exc)} ({where}); "
                "the moves since the last save are not kept"
            )
        return f"autosave failed: {describe_os_error(exc)} ({where}); the game goes on"
    game.autosaved_choices = tuple(game.choices)
    _prune([*existing, Autosave(counter, slug, target)], slug)
    clean_stale_temps(folder)
    return None


def _prune(existing: list[Autosave], slug: str) -> None:
    """Keep the last AUTOSAVE_KEEP autosaves of this game (the newest was just written)
    and the last one of every other game: games beyond the AUTOSAVE_GAMES most recently
    autosaved are cut down to their last autosave, never to none (best effort)."""
    by_game: dict[str, list[Autosave]] = {}
    for a in existing:  # oldest first
        by_game.setdefault(a.game, []).append(a)
    doomed = by_game.get(slug, [])[:-AUTOSAVE_KEEP]
    others = sorted(
        (g for g in by_game if g != slug), key=lambda g: by_game[g][-1].counter, reverse=True
    )
    for g in others[AUTOSAVE_GAMES - 1 :]:
        doomed += by_game[g][:-1]
    for old in doomed:
        with contextlib.suppress(OSError):
            old.path.unlink()


def latest_readable_autosave(
    saves_dir: Path | None = None, *, in_progress: bool = False
) -> tuple[Path, SaveData] | None:
    """The newest autosave that reads as a save (not replayed), with its content, or
    None; with ``in_progress``, the newest of a game not yet over. An autosave pruned or
    damaged between the listing and the reading is skipped for the one before: the
    content returned is what was read, never read twice."""
    for a in reversed(_autosaves(_resolve_dir(saves_dir))):
        try:
            data = read_save(a.path)
        except SaveError:
            continue
        if not (in_progress and data.over):
            return a.path, data
    return None


def latest_autosave(saves_dir: Path | None = None) -> Path | None:
    """The newest autosave that reads as a save (not replayed), or None."""
    found = latest_readable_autosave(saves_dir)
    return found[0] if found else None


@dataclass(frozen=True, slots=True)
class SaveInfo:
    """One line of a load dialog: what a save holds, or why it cannot be read."""

    path: Path
    scenario: str = ""
    seed: int = 0
    choices: int = 0
    saved: str = ""
    autosave: bool = False
    learning: bool = False
    error: str | None = None
    game_id: str | None = None
    over: bool = False
    turn: int | None = None
    vp: int | None = None
    victory_level: str = ""


def list_saves(saves_dir: Path | None = None) -> list[SaveInfo]:
    """The saves in the folder, newest first (by modification time); of each game's
    autosaves only the latest readable one (one row per game)."""
    folder = _resolve_dir(saves_dir)
    mtimes: dict[Path, float] = {}
    try:
        candidates = list(folder.glob("*.json"))
    except OSError:
        return []
    for p in candidates:
        with contextlib.suppress(OSError):  # gone since the listing: pruned elsewhere
            if p.is_file():
                mtimes[p] = p.stat().st_mtime
    paths = list(mtimes)
    autos = {a.path: a for a in _autosaves(folder)}
    # newest first by counter for autosaves (mtime may tie), by time for the others
    paths.sort(key=lambda p: (mtimes[p], autos[p].counter if p in autos else 0, p.name))
    paths.reverse()
    out = []
    games_seen: set[str] = set()
    for path in paths:
        auto = path in autos
        if auto and autos[path].game in games_seen:
            continue  # an older autosave of a game already listed
        try:
            sd = read_save(path)
        except SaveError as exc:
            if auto and "no such file" in str(exc):
                continue  # pruned by another process since the listing
            out.append(SaveInfo(path, autosave=auto, error=str(exc)))
            continue
        if auto:
            games_seen.add(autos[path].game)
        out.append(
            SaveInfo(
                path,
                scenario=sd.scenario,
                seed=sd.seed,
                choices=len(sd.choices),
                saved=sd.saved or "",
                autosave=auto,
                learning=sd.learning,
                game_id=sd.game_id,
                over=sd.over,
                turn=sd.turn,
                vp=sd.vp,
                victory_level=sd.victory_level,
            )
        )
    return out
