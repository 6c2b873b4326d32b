"""JSON for what crosses the wire: observations, events and results, exactly as the rules made them.

Observations and events are frozen dataclasses and NamedTuples of plain values. They are written as
tagged JSON (a type name, then fields) and read back into the same types, so a client's
observation compares equal to the host's. Reading never runs code: only classes of the rules
modules (with those they re-export from their game's companion modules, e.g.
``game.rules.wallpaper_walls``), the events module and ``Result`` are built, by name, from a
registry made at import time; any other tag is refused (``CodecError``).

    value              JSON
    int, str, bool     itself           float   itself (finite only)
    tuple              [ ... ]          list    {"$l": [ ... ]}
    dict / Mapping     {"$d": [[k, v], ...]}    frozenset / set   {"$fs": [...]} / {"$s": [...]}
    dataclass          {"$t": "module:Class", "f": {name: value}}
    NamedTuple         {"$t": "module:Class", "v": [ ... ]}
"""

from __future__ import annotations

import dataclasses
import importlib
import math
from collections.abc import Mapping
from typing import Any

from game.core.registry import GAME_IDS, rules_module_name

MAX_DEPTH = 24  # nesting of a decoded value; the deepest observation is about 8
_ALLOWED_MODULES = ("game.core.events", "game.core.rules") + tuple(rules_module_name(g) for g in GAME_IDS)


class CodecError(ValueError):
    """A value that cannot be written to, or read from, the wire."""


def _is_named_tuple(value: Any) -> bool:
    return isinstance(value, tuple) and hasattr(type(value), "_fields")


def _tag(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


def _crosses_from(value: Any, module_name: str) -> bool:
    """True when ``value`` is a class that module ``module_name`` offers to the wire: one defined
    there, or one a rules module takes from a companion module of its own game (That Old
    Wallpaper's ``Shape`` lives in ``game.rules.wallpaper_walls`` and is re-exported)."""
    if not isinstance(value, type):
        return False
    home = value.__module__
    return home == module_name or (module_name.startswith("game.rules.") and home.startswith(module_name + "_"))


def _registry() -> dict[str, type]:
    """Every dataclass and NamedTuple class the allowed modules define or re-export from their
    game's companion modules, by tag (the tag names the module that defines it)."""
    found: dict[str, type] = {}
    for name in _ALLOWED_MODULES:
        module = importlib.import_module(name)
        for value in vars(module).values():
            if not _crosses_from(value, name):
                continue
            if dataclasses.is_dataclass(value) or (issubclass(value, tuple) and hasattr(value, "_fields")):
                found[_tag(value)] = value
    return found


_TYPES = _registry()
# class -> (tag, field names; None for a NamedTuple, written by position)
_SHAPES: dict[type, tuple[str, tuple[str, ...] | None]] = {
    cls: (tag, None if not dataclasses.is_dataclass(cls) else tuple(f.name for f in dataclasses.fields(cls)))
    for tag, cls in _TYPES.items()
}


def encode(value: Any) -> Any:
    """``value`` as JSON-ready data (see the module docstring); ``CodecError`` for anything else."""
    if value is None or isinstance(value, bool | int | str):
        return value
    kind = type(value)
    if kind is tuple:  # the commonest container of an observation: no class lookup
        return [encode(item) for item in value]
    shape = _SHAPES.get(kind)
    if shape is not None:  # a registered dataclass or NamedTuple (the host encodes these per view)
        tag, names = shape
        if names is None:
            return {"$t": tag, "v": [encode(item) for item in value]}
        return {"$t": tag, "f": {name: encode(getattr(value, name)) for name in names}}
    if isinstance(value, float):
        if not math.isfinite(value):
            raise CodecError("a number on the wire must be finite")
        return value
    if _is_named_tuple(value) or (dataclasses.is_dataclass(value) and not isinstance(value, type)):
        raise CodecError(f"{_tag(kind)} is not a type that may cross the wire")
    if isinstance(value, tuple):
        return [encode(item) for item in value]
    if isinstance(value, list):
        return {"$l": [encode(item) for item in value]}
    if isinstance(value, Mapping):
        return {"$d": [[encode(key), encode(item)] for key, item in value.items()]}
    if isinstance(value, frozenset):
        return {"$fs": [encode(item) for item in sorted(value, key=repr)]}
    if isinstance(value, set):
        return {"$s": [encode(item) for item in sorted(value, key=repr)]}
    raise CodecError(f"cannot send a {kind.__name__}")


def decode(data: Any, depth: int = 0) -> Any:
    """The value ``encode`` wrote; ``CodecError`` for anything it could not have written."""
    if depth > MAX_DEPTH:
        raise CodecError("value nested too deep")
    if data is None or isinstance(data, bool | int | str):
        return data
    if isinstance(data, float):
        if not math.isfinite(data):
            raise CodecError("a number on the wire must be finite")
        return data
    if isinstance(data, list):
        return tuple(decode(item, depth + 1) for item in data)
    if not isinstance(data, dict) or len(data) not in (1, 2):
        raise CodecError(f"unreadable value of type {type(data).__name__}")
    if "$t" in data:
        return _decode_tagged(data, depth)
    if len(data) != 1:
        raise CodecError("an untagged object must have exactly one key")
    (key, items), = data.items()
    if not isinstance(items, list):
        raise CodecError(f"{key} needs a list")
    if key == "$l":
        return [decode(item, depth + 1) for item in items]
    if key == "$fs":
        return frozenset(_hashable(decode(item, depth + 1)) for item in items)
    if key == "$s":
        return {_hashable(decode(item, depth + 1)) for item in items}
    if key == "$d":
        if not all(isinstance(pair, list) and len(pair) == 2 for pair in items):
            raise CodecError("a mapping needs [key, value] pairs")
        return {_hashable(decode(k, depth + 1)): decode(v, depth + 1) for k, v in items}
    raise CodecError(f"unknown tag {key[:20]!r}")


def _hashable(value: Any) -> Any:
    try:
        hash(value)
    except TypeError as error:
        raise CodecError("a key or set member must be hashable") from error
    return value


def _decode_tagged(data: dict[str, Any], depth: int) -> Any:
    tag = data["$t"]
    cls = _TYPES.get(tag) if isinstance(tag, str) else None
    if cls is None:
        raise CodecError(f"unknown type {str(tag)[:60]!r}")
    if "v" in data and _is_named_tuple_type(cls):
        values = data["v"]
        if not isinstance(values, list) or len(values) != len(cls._fields):  # type: ignore[attr-defined]  # a NamedTuple class has _fields
            raise CodecError(f"{cls.__name__} needs {len(cls._fields)} values")  # type: ignore[attr-defined]  # a NamedTuple class has _fields
        return cls(*(decode(item, depth + 1) for item in values))
    if "f" in data and dataclasses.is_dataclass(cls):
        fields = data["f"]
        names = {field.name for field in dataclasses.fields(cls) if field.init}
        if not isinstance(fields, dict) or set(fields) != names:
            raise CodecError(f"{cls.__name__} has fields {sorted(names)}")
        try:
            return cls(**{name: decode(value, depth + 1) for name, value in fields.items()})
        except TypeError as error:  # a __post_init__ refusing a value
            raise CodecError(f"bad {cls.__name__}: {error}") from error
    raise CodecError(f"{cls.__name__} written in the wrong form")


def _is_named_tuple_type(cls: type) -> bool:
    return issubclass(cls, tuple) and hasattr(cls, "_fields")
