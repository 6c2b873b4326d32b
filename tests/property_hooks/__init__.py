"""Per-game hooks for the generic property tests in ``tests/rules/test_properties.py``.

Each playable game has a module ``tests/property_hooks/<game id>.py`` with a function
``hooks() -> Hooks`` saying what only the game knows: what is conserved, how long a game may last,
which event fields may carry card faces, and which made-up actions must be refused.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable
from typing import Any

from game.core.events import Event
from game.core.rules import Rules


@dataclasses.dataclass(frozen=True)
class Hooks:
    """What the generic tests need to know about one game."""

    conserved: Callable[[Any], bool]  # the game's conservation invariant holds in this state
    max_steps: Callable[[int, dict[str, Any]], int]  # actions a whole game can take at most
    check_events: Callable[[Rules, Any, int, Any, list[Event], Any], None]  # events reveal no secret
    hidden_can_vary: Callable[[Rules, Any], bool]  # an observation leaves more than one truth possible
    bogus_actions: Callable[[Any, int], list[Any]]  # made-up actions that are never legal here
    shows_own_secrets: Callable[[Any, int, Any], bool]  # a seat sees its own hidden cards, no others
    # where the events of one action part between two worlds the actor cannot tell apart (an event
    # against another kind, or against none), whether that parting is the game's public verdict
    parting_is_public: Callable[[Event | None, Event | None], bool] = lambda mine, theirs: False


def load(game_id: str) -> Hooks | None:
    """The hooks of ``game_id``, or None when it has no module here yet."""
    try:
        module = importlib.import_module(f"tests.property_hooks.{game_id}")
    except ModuleNotFoundError as error:
        if error.name != f"tests.property_hooks.{game_id}":
            raise
        return None
    return module.hooks()
