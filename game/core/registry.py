"""The games. ``GAME_IDS`` is the one list of them; each id names a rules module
``game/rules/<id>.py`` whose ``GAME`` (a ``game.core.rules.GameSpec``) declares everything else
about it once: title, players, options, information, simultaneous moves, its AI, narrator,
tutorial and examples. Rules modules load lazily, so a menu costs nothing until a game is asked for.

To add a game: write its rules module with its ``GAME`` declaration, add its id here, and give
its screen a package ``scenes/<id>/`` that registers its table (``scenes.table.registry``).
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any, Literal

from game.core.rules import GameSpec, Rules

# In the order the title screen shows them.
GAME_IDS: tuple[str, ...] = ("neko", "newold", "nostalgic", "wallpaper", "noaron")

Companion = Literal["ai", "narrator", "tutorial", "example"]

_SPECS: dict[str, GameSpec] = {}


def rules_module_name(game_id: str) -> str:
    """The module that declares ``game_id``."""
    return f"game.rules.{game_id}"


def available_games() -> tuple[str, ...]:
    """Ids of the games that can be played now (every declared game)."""
    return GAME_IDS


def spec(game_id: str) -> GameSpec:
    """The declaration of ``game_id``; ``KeyError`` with a clear message if unknown."""
    if game_id not in _SPECS:
        if game_id not in GAME_IDS:
            raise KeyError(f"unknown game {game_id!r}; games: {', '.join(GAME_IDS)}")
        declared: GameSpec = importlib.import_module(rules_module_name(game_id)).GAME
        if declared.game_id != game_id:
            raise LookupError(f"{rules_module_name(game_id)} declares {declared.game_id!r}, not {game_id!r}")
        _SPECS[game_id] = declared
    return _SPECS[game_id]


def specs() -> tuple[GameSpec, ...]:
    """Every game's declaration, in ``GAME_IDS`` order (this imports every rules module)."""
    return tuple(spec(game_id) for game_id in GAME_IDS)


def get_rules(game_id: str) -> Rules[Any, Any, Any]:
    """The (shared, stateless) rules object of a game."""
    return spec(game_id).rules


def companion(game_id: str, part: Companion) -> ModuleType:
    """The module a game's declaration names for ``part`` (its AI, narrator, tutorial or
    examples), imported on first use."""
    return importlib.import_module(getattr(spec(game_id), part))
