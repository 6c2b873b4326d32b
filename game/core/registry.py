"""The five games by id. Rules modules load lazily so a menu costs nothing until a game starts."""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from game.core.rules import Rules

GAME_IDS: tuple[str, ...] = ("newold", "nostalgic", "wallpaper", "noaron", "neko")


@dataclass(frozen=True)
class GameEntry:
    """A game as the title screen lists it."""

    game_id: str
    title_key: str  # i18n key of its title
    players: tuple[int, int]
    available: bool  # False: shown as "coming soon"


CATALOGUE: tuple[GameEntry, ...] = (
    GameEntry("neko", "game.neko.title", (2, 4), True),
    GameEntry("newold", "game.newold.title", (2, 5), True),
    GameEntry("nostalgic", "game.nostalgic.title", (3, 4), True),
    GameEntry("wallpaper", "game.wallpaper.title", (2, 5), True),
    GameEntry("noaron", "game.noaron.title", (2, 2), True),
)

_RULES: dict[str, Rules] = {}


def available_games() -> tuple[str, ...]:
    """Ids of the games that can be played now."""
    return tuple(entry.game_id for entry in CATALOGUE if entry.available)


def entry(game_id: str) -> GameEntry:
    """The catalogue entry of ``game_id``; ``KeyError`` with a clear message if unknown."""
    for item in CATALOGUE:
        if item.game_id == game_id:
            return item
    raise KeyError(f"unknown game {game_id!r}; games: {', '.join(GAME_IDS)}")


def get_rules(game_id: str) -> Rules:
    """The (shared, stateless) rules object of an available game."""
    if game_id not in _RULES:
        if game_id not in available_games():
            entry(game_id)  # raises for an unknown id
            raise KeyError(f"{game_id!r} is not playable yet; playable: {', '.join(available_games())}")
        module = importlib.import_module(f"game.rules.{game_id}")
        _RULES[game_id] = module.RULES
    return _RULES[game_id]
