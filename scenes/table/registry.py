"""The game tables: each game's screen package ``scenes/<id>/`` registers its table once, in its
``__init__``, with ``register_table(TableSpec(...))``; which games there are comes from
``game.core.registry.GAME_IDS`` alone.

A registration is light (module names and a few numbers, and the title's emblem): the title can
ask every game for its emblem without building a table. The table's own modules load on first use.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import pygame

from game.core.registry import GAME_IDS
from scenes.engine.theme import Color

Emblem = Callable[[pygame.Surface, tuple[int, int], Color], None]


@dataclass(frozen=True)
class TableSpec:
    """One game's screen, as its package registers it."""

    game_id: str
    scene: str  # the module with ``make_table(app, match, *, viewer, ai_enabled, worker_inline)``
    spots: str  # the module with ``action_spots(table, action)``: where a move's pieces are (hints, lessons)
    help_pictures: str  # the module that draws the rules help's pictures of this game
    emblem: Emblem  # draws the title card's picture: (surface, centre, ink)
    plate_spot: tuple[int, int, int]  # where the LAN seats plate sits on the table: (left, top, width)


_TABLES: dict[str, TableSpec] = {}


def register_table(spec: TableSpec) -> None:
    """Record a game's screen (called once, by its package ``scenes/<id>/``)."""
    if spec.game_id not in GAME_IDS:
        raise KeyError(f"scenes for an unknown game {spec.game_id!r}; games: {', '.join(GAME_IDS)}")
    _TABLES[spec.game_id] = spec


def table_spec(game_id: str) -> TableSpec:
    """The registered screen of ``game_id`` (importing its package registers it)."""
    if game_id not in _TABLES:
        if game_id not in GAME_IDS:
            raise KeyError(f"unknown game {game_id!r}; games: {', '.join(GAME_IDS)}")
        importlib.import_module(f"scenes.{game_id}")
        if game_id not in _TABLES:
            raise LookupError(f"scenes.{game_id} registers no table")
    return _TABLES[game_id]


def make_table(app: Any, match: Any, **options: Any) -> Any:
    """The table scene of ``match``'s game (``options``: viewer, ai_enabled, worker_inline...)."""
    module = importlib.import_module(table_spec(match.game_id).scene)
    return module.make_table(app, match, **options)


def spots(game_id: str) -> ModuleType:
    """The game's spots module (``action_spots``)."""
    return importlib.import_module(table_spec(game_id).spots)


def help_pictures(game_id: str) -> ModuleType:
    """The module that draws the game's help pictures."""
    return importlib.import_module(table_spec(game_id).help_pictures)
