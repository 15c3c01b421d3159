"""A stable serialisation of ``GameState``: plain JSON data, every field by its name.

Saves hold it (a snapshot to resume from when the rules have changed, ``docs/saves.md``)
and the state digest is a hash of it. It is made to outlive changes to the state:

- every field is written under its name (``SAVED_AS`` keeps a renamed field's old name),
  the fields in name order, so reordering fields changes nothing;
- a field at its default value is left out, so adding a field (at its default) changes
  neither old saves nor their digests; a field missing from a save takes its default;
- a field in a save that the state no longer has is ignored (``RENAMED`` maps a field's
  old name to its new one first);
- containers keep their order (rule code iterates them in the order they were filled).

The codecs are derived once from the dataclasses' annotations, so a new field of a type
already used (numbers, text, lists, tuples, dicts, counters, the state's dataclasses)
needs no code here; a field of any other type fails at import, naming it.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import types
import typing
from collections import Counter
from collections.abc import Callable
from typing import Any, Union, get_args, get_origin

from planet_king.engine.stacking import Stacked
from planet_king.engine.state import Child, GameState, Stats, WarState

# Renames: {"ClassName.old_name": "new_name"} — a save's old field, read as the new one.
RENAMED: dict[str, str] = {}
# Names in saves: {"ClassName.attribute": "name in saves"} — set when an attribute is
# renamed, so saves and digests keep the old name (and stay valid) while the code moves on.
SAVED_AS: dict[str, str] = {}

Encode = Callable[[Any], Any] | None  # None: the value is JSON data as it is
Decode = Callable[[Any, str], Any]  # (data, where) -> value; raises SnapshotError


class SnapshotError(ValueError):
    """A snapshot that does not decode into a state; ``str()`` names the field."""


def _fail(where: str, what: str, data: Any) -> SnapshotError:
    found = type(data).__name__ if data is not None else "null"
    return SnapshotError(f"field '{where}' should be {what}, found {found}")


def _scalar(tp: type) -> Decode:
    def decode(data: Any, where: str) -> Any:
        if tp is float and isinstance(data, int) and not isinstance(data, bool):
            return float(data)
        if type(data) is not tp:
            raise _fail(where, tp.__name__, data)
        return data

    return decode


class _Record:
    """The codec of one dataclass: its fields, their defaults and their codecs."""

    def __init__(self, cls: type, hints: dict[str, Any]) -> None:
        self.cls = cls
        self.name = cls.__name__
        self.fields: list[tuple[str, str, Any, Encode, Decode]] = []  # sorted by saved name
        for f in dataclasses.fields(cls):
            saved = SAVED_AS.get(f"{self.name}.{f.name}", f.name)
            if f.default is not dataclasses.MISSING:
                default: Any = f.default
            elif f.default_factory is not dataclasses.MISSING:
                default = f.default_factory()
            else:
                default = dataclasses.MISSING  # always written
            enc, dec = _codec(hints[f.name], f"{self.name}.{f.name}")
            self.fields.append((f.name, saved, default, enc, dec))
        self.fields.sort(key=lambda t: t[1])
        self.by_saved = {t[1]: t for t in self.fields}

    def encode(self, obj: Any, skip: tuple[str, ...] = ()) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, saved, default, enc, _ in self.fields:
            value = getattr(obj, name)
            if name in skip or value == default:
                continue
            out[saved] = value if enc is None else enc(value)
        return out

    def decode(self, data: Any, where: str) -> Any:
        if not isinstance(data, dict):
            raise _fail(where, "an object", data)
        kwargs: dict[str, Any] = {}
        for saved_key, value in data.items():
            key = RENAMED.get(f"{self.name}.{saved_key}", str(saved_key))  # JSON keys are text
            entry = self.by_saved.get(key)
            if entry is None:
                continue  # a field this version no longer has
            kwargs[entry[0]] = entry[4](value, f"{where}.{key}")
        for name, saved, default, _, _ in self.fields:
            if name not in kwargs and default is dataclasses.MISSING:
                raise SnapshotError(f"field '{where}.{saved}' is missing")
        return self.cls(**kwargs)


_RECORDS: dict[type, _Record] = {}


def _codec(tp: Any, where: str) -> tuple[Encode, Decode]:
    if tp in (int, str, bool, float):
        return None, _scalar(tp)
    if tp is type(None):
        return None, lambda d, w: d if d is None else _raise(w, "null", d)
    if isinstance(tp, type) and tp in _RECORDS:
        rec = _RECORDS[tp]
        return rec.encode, rec.decode
    origin, args = get_origin(tp), get_args(tp)
    if origin in (Union, types.UnionType):
        inner = [a for a in args if a is not type(None)]
        if len(inner) != len(args) - 1 or len(inner) != 1:
            raise TypeError(f"snapshot: {where}: only 'X | None' unions are supported")
        enc, dec = _codec(inner[0], where)
        return (
            None if enc is None else _optional(enc),
            lambda d, w: None if d is None else dec(d, w),
        )
    if origin in (list, tuple) and (origin is list or args[-1] is Ellipsis):
        enc, dec = _codec(args[0], where)
        make = list if origin is list else tuple

        def decode_seq(data: Any, w: str) -> Any:
            if not isinstance(data, list):
                raise _fail(w, "a list", data)
            return make([dec(x, f"{w}[{i}]") for i, x in enumerate(data)])

        return (None if enc is None else _each(enc)), decode_seq
    if origin is tuple:
        codecs = [_codec(a, where) for a in args]
        if any(e is not None for e, _ in codecs):
            raise TypeError(f"snapshot: {where}: tuples of records are not supported")

        def decode_tuple(data: Any, w: str) -> Any:
            if not isinstance(data, list) or len(data) != len(codecs):
                raise _fail(w, f"a list of {len(codecs)}", data)
            return tuple(
                dec(x, f"{w}[{i}]")
                for i, (x, (_, dec)) in enumerate(zip(data, codecs, strict=True))
            )

        return None, decode_tuple
    if origin in (dict, Counter):
        key_tp, value_tp = (args[0], args[1]) if origin is dict else (args[0], int)
        if key_tp is not str:
            raise TypeError(f"snapshot: {where}: only text keys are supported")
        enc, dec = _codec(value_tp, where)
        make_map: type[dict[str, Any]] = dict if origin is dict else Counter

        def decode_map(data: Any, w: str) -> Any:
            if not isinstance(data, dict):
                raise _fail(w, "an object", data)
            return make_map({k: dec(v, f"{w}.{k}") for k, v in data.items()})

        return (None if enc is None else _each_value(enc)), decode_map
    raise TypeError(f"snapshot: {where}: type {tp!r} has no codec")


# Encoders of containers, built from their element's encoder (a closure keeps it typed).
def _optional(enc: Callable[[Any], Any]) -> Callable[[Any], Any]:
    return lambda v: None if v is None else enc(v)


def _each(enc: Callable[[Any], Any]) -> Callable[[Any], Any]:
    return lambda v: [enc(x) for x in v]


def _each_value(enc: Callable[[Any], Any]) -> Callable[[Any], Any]:
    return lambda v: {k: enc(x) for k, x in v.items()}


def _raise(where: str, what: str, data: Any) -> Any:
    raise _fail(where, what, data)


def _register(cls: type) -> _Record:
    hints = typing.get_type_hints(cls, localns={"Stacked": Stacked})
    _RECORDS[cls] = rec = _Record(cls, hints)
    return rec


def build() -> None:
    """(Re)derive the codecs from the dataclasses (done at import; tests that change the
    state's fields call it again)."""
    _RECORDS.clear()
    for cls in (WarState, Child, Stats, Stacked, GameState):  # inner records first
        _register(cls)


build()


# --------------------------------------------------------------------- the state
def state_data(state: GameState) -> dict[str, Any]:
    """The state as JSON data, without its statistics (what the digest covers)."""
    return _RECORDS[GameState].encode(state, skip=("stats",))


def stats_data(stats: Stats) -> dict[str, Any]:
    return _RECORDS[Stats].encode(stats)


def copy_stats(stats: Stats) -> Stats:
    """A private copy of the statistics (cheaper than serialising them at every turn
    start: they are serialised only when a save is written)."""
    return Stats(**{f.name: _copy(getattr(stats, f.name)) for f in dataclasses.fields(Stats)})


def _copy(value: Any) -> Any:
    if isinstance(value, Counter):
        return Counter(value)
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value  # numbers, text, tuples of them


def to_text(data: Any) -> str:
    """Compact JSON: the text that is hashed and saved."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def digest_of_text(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def digest(state: GameState) -> str:
    """A short hash of the whole position (the statistics excluded)."""
    return digest_of_text(to_text(state_data(state)))


def state_from_data(data: Any, stats: Any = None) -> GameState:
    """The state a snapshot describes; raises SnapshotError naming the bad field."""
    state: GameState = _RECORDS[GameState].decode(data, "state")
    if stats is not None:
        state.stats = _RECORDS[Stats].decode(stats, "stats")
    return state
