"""Bounded picture caches: least recently used out first, within a byte budget.

Every cache of rendered pictures (text, card art, turned and scaled pieces, labels, walls...) is
a ``SurfaceCache``. It keeps pictures up to its budget in bytes and drops the least recently used
ones beyond it, so memory stays bounded however many sizes, colours or positions a long session
asks for. A Surface's pixels live outside Python's heap (tracemalloc does not see them): the
budget counts width x height x bytes per pixel of every surface a value holds (a surface, or a
tuple such as (picture, offset)).

Each cache belongs to a group. ``release(group)`` empties every cache of that group and runs the
group's release hooks (e.g. a module's ``clear_caches`` for its ``lru_cache`` functions): a table
lets go of its pictures when the last table closes (group ``TABLE``). ``caches()`` and
``total_bytes()`` are for tests and profiling.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any

import pygame

MB = 1 << 20
TABLE = "table"  # pictures of the tables: let go when the last table closes
KEEP = "keep"  # pictures shared by every screen (text, the room): bounded, never released

_caches: weakref.WeakSet[SurfaceCache] = weakref.WeakSet()
_hooks: dict[str, list[Callable[[], None]]] = {}


def surface_bytes(value: Any) -> int:
    """Pixel bytes held by ``value``: a surface, or a tuple/list that holds surfaces (other items
    weigh nothing)."""
    if isinstance(value, pygame.Surface):
        return value.get_width() * value.get_height() * value.get_bytesize()
    if isinstance(value, (tuple, list)):
        return sum(surface_bytes(item) for item in value)
    return 0


class SurfaceCache:
    """Pictures by key, least recently used first out once their bytes pass ``budget``.

    ``get(key, make)`` returns the cached value or makes it (passed through ``prepare``, e.g. a
    conversion to the display's format). A hit makes an entry the most recently used. One value
    larger than the whole budget is still kept, alone, until the next one arrives. ``weigh``
    gives an entry's cost (default: its surfaces' bytes; ``lambda value: 1`` counts entries).
    """

    def __init__(self, name: str, budget: int, *, group: str = TABLE,
                 weigh: Callable[[Any], int] = surface_bytes,
                 prepare: Callable[[Any], Any] | None = None) -> None:
        self.name = name
        self.budget = budget
        self.group = group
        self.weigh = weigh
        self.prepare = prepare
        self.items: OrderedDict[Hashable, Any] = OrderedDict()  # key -> value, least recently used first
        self.costs: dict[Hashable, int] = {}  # key -> what it weighs
        self.bytes = 0  # the sum of the costs kept now
        self.hits = self.misses = self.evictions = 0
        _caches.add(self)

    def __len__(self) -> int:
        return len(self.items)

    def __contains__(self, key: Hashable) -> bool:
        return key in self.items

    def __repr__(self) -> str:
        return f"<SurfaceCache {self.name}: {len(self.items)} items, {self.bytes / MB:.1f} of {self.budget / MB:.1f} MB>"

    def get(self, key: Hashable, make: Callable[[], Any]) -> Any:
        """The value for ``key``, made with ``make`` on a miss (and kept within the budget)."""
        found = self.items.get(key)
        if found is not None:
            self.items.move_to_end(key)
            self.hits += 1
            return found
        self.misses += 1
        value = make()
        if self.prepare is not None:
            value = self.prepare(value)
        self.put(key, value)
        return value

    def lookup(self, key: Hashable) -> Any:
        """The value for ``key`` (now the most recently used), or None."""
        found = self.items.get(key)
        if found is not None:
            self.items.move_to_end(key)
        return found

    def put(self, key: Hashable, value: Any) -> None:
        """Keep ``value`` under ``key``, dropping the least recently used past the budget."""
        if key in self.items:
            del self.items[key]
            self.bytes -= self.costs.pop(key)
        cost = self.weigh(value)
        self.items[key] = value
        self.costs[key] = cost
        self.bytes += cost
        while self.bytes > self.budget and len(self.items) > 1:
            dropped, _ = self.items.popitem(last=False)
            self.bytes -= self.costs.pop(dropped)
            self.evictions += 1

    def values(self) -> list[Any]:
        """Every value kept, least recently used first."""
        return list(self.items.values())

    def clear(self) -> None:
        """Forget everything."""
        self.items.clear()
        self.costs.clear()
        self.bytes = 0


def caches(group: str | None = None) -> list[SurfaceCache]:
    """Every live cache (of ``group``), by name."""
    return sorted((cache for cache in _caches if group is None or cache.group == group), key=lambda c: c.name)


def total_bytes(group: str | None = None) -> int:
    """Bytes kept by every cache (of ``group``); entries weighed by count are not bytes: skipped."""
    return sum(cache.bytes for cache in caches(group) if cache.weigh is surface_bytes)


def on_release(group: str, hook: Callable[[], None]) -> None:
    """Run ``hook`` whenever ``group`` is released (e.g. a module's ``lru_cache`` clearing)."""
    hooks = _hooks.setdefault(group, [])
    if hook not in hooks:
        hooks.append(hook)


def release(group: str = TABLE) -> None:
    """Empty every cache of ``group`` and run its hooks."""
    for cache in caches(group):
        cache.clear()
    for hook in _hooks.get(group, ()):
        hook()
