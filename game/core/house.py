"""House readings: the points a rulebook leaves open, or that this table reads its own way, named
by each game's rules module and explained in the catalogues, so the rules help shows every one.

The convention (``tests/texts/test_help_house.py`` holds every game to it):

- a rules module ``game.rules.<game id>`` names its readings in ``HOUSE_READINGS``, a tuple of
  snake_case names in the order the help shows them;
- a module constant ``HOUSE_<NAME>`` is data of the reading whose name it is or starts with
  (``HOUSE_TURN_LIMIT`` belongs to ``turn_limit``, ``HOUSE_DECK_RED`` to ``deck``);
- each reading is explained, in every language, under ``<game id>.help.house.<name>``: one
  paragraph, shown under the help's "how this table reads the rules" heading.

A game that adds a reading adds its name to ``HOUSE_READINGS`` and its two texts; nothing else.
"""

from __future__ import annotations

import importlib
from typing import Any

from game.core.registry import rules_module_name
from game.i18n import catalogue

PREFIX = "HOUSE_"
LISTING = "HOUSE_READINGS"


def rules_module(game_id: str) -> Any:
    """The rules module that declares ``game_id`` (ImportError for a game that has none)."""
    return importlib.import_module(rules_module_name(game_id))


def readings(game_id: str) -> tuple[str, ...]:
    """The readings the game's rules module names, in order (none for an unknown game)."""
    try:
        module = rules_module(game_id)
    except ImportError:
        return ()
    return tuple(getattr(module, LISTING, ()))


def reading_of(constant: str, names: tuple[str, ...]) -> str | None:
    """The reading a ``HOUSE_*`` constant belongs to: the longest name it is or starts with.

    >>> reading_of("HOUSE_DECK_RED", ("deck", "turn_limit")), reading_of("HOUSE_X", ("deck",))
    ('deck', None)
    """
    suffix = constant[len(PREFIX):].lower()
    owners = [name for name in names if suffix == name or suffix.startswith(name + "_")]
    return max(owners, key=len) if owners else None


def key(game_id: str, reading: str) -> str:
    """The catalogue key that explains ``reading``."""
    return f"{game_id}.help.house.{reading}"


def written(game_id: str, lang: str) -> list[str]:
    """Every house-reading key of the game in the ``lang`` catalogue, sorted."""
    prefix = key(game_id, "")
    return sorted(name for name in catalogue(lang) if name.startswith(prefix))


def shown_keys(game_id: str, lang: str) -> list[str]:
    """The keys the help shows, in order: the named readings that are written, then any other
    written reading (so no text is ever hidden, even one whose name the rules forgot)."""
    named = [key(game_id, reading) for reading in readings(game_id)]
    texts = catalogue(lang)
    extra = [name for name in written(game_id, lang) if name not in named]
    return [name for name in named if name in texts] + extra


def house_text(game_id: str, lang: str) -> str:
    """Every house reading of the game in ``lang``, one paragraph each (for tests and tools)."""
    texts = catalogue(lang)
    return "\n\n".join(texts[name] for name in shown_keys(game_id, lang))

