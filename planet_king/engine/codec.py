"""The codec behind the state's snapshots (``planet_king.engine.snapshot``): plain JSON
data for any dataclass of numbers, text, containers and dataclasses, every field by its
name, derived from the dataclasses' annotations. It imports no state: the state's digest
uses it without a circle."""

from __future__ import annotations

import ast
import dataclasses
import hashlib
import json
import os
import sys
import types
import typing
from collections import Counter
from collections.abc import Callable
from typing import Any, Union, get_args, get_origin

from planet_king.engine.stacking import Stacked

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
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        rec = _RECORDS.get(tp) or _register(tp)  # inner records on first need
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


def _hints(cls: type) -> dict[str, Any]:
    """The class's field types, as ``typing.get_type_hints`` finds them. A class compiled
    by mypyc (``scripts/compile_core.py``) keeps only bare classes in its annotations
    (``list`` for ``list[str]``): its fields' types are then read from its source file,
    beside the compiled module, as Python would have read them."""
    localns = {"Stacked": Stacked}
    module = sys.modules[cls.__module__]
    file = getattr(module, "__file__", None) or ""
    if file.endswith(".py"):
        return typing.get_type_hints(cls, localns=localns)
    # (not beside ``file``: a compiled module's ``__file__`` is not where it lies)
    top = sys.modules[cls.__module__.split(".")[0]].__file__ or ""  # a package's plain __init__
    root = os.path.dirname(os.path.dirname(top))
    source = os.path.join(root, *cls.__module__.split(".")) + ".py"
    with open(source, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    body = next(n.body for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls.__name__)
    return {
        n.target.id: eval(ast.unparse(n.annotation), vars(module), localns)
        for n in body
        if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)
    }


def _register(cls: type) -> _Record:
    """The record of ``cls``, derived now (again after ``clear``)."""
    hints = _hints(cls)
    _RECORDS[cls] = rec = _Record(cls, hints)
    return rec


def record(cls: type) -> _Record:
    return _RECORDS.get(cls) or _register(cls)


def clear() -> None:
    """Forget every record (the dataclasses' fields changed: a test adds one)."""
    _RECORDS.clear()


def to_text(data: Any) -> str:
    """Compact JSON: the text that is hashed and saved."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def digest_of_text(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def state_digest(state: Any, skip: tuple[str, ...]) -> str:
    """A short hash of the whole position, its fields ``skip`` left out (the state's
    ``NOT_DIGESTED``: the codec imports no state)."""
    return digest_of_text(to_text(record(type(state)).encode(state, skip=skip)))
