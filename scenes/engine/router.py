"""Scenes by name, so one room opens another's scene without importing it.

The table asks for "results" when a match ends, and the results screen leads to a new table:
importing each other would tie the table and the menus into one knot. Instead the menus' scene
classes are registered here by the app's entry point (``scenes.routes.install``), and the table
asks the router by name. Only classes are registered, so "is this scene a title?" can be asked
too (``is_a``).
"""

from __future__ import annotations

from typing import Any

from scenes.engine.app import Scene

_SCENES: dict[str, type[Scene]] = {}


class NoSuchScene(LookupError):
    """No scene class is registered under a name (the entry point did not install the routes)."""


def register(name: str, scene_class: type[Scene]) -> None:
    """Make ``name`` open ``scene_class``; registering again replaces it (a kiosk's own title)."""
    _SCENES[name] = scene_class


def scene_class(name: str) -> type[Scene]:
    """The class registered as ``name``; ``NoSuchScene`` with the way out when there is none."""
    try:
        return _SCENES[name]
    except KeyError:
        raise NoSuchScene(f"no scene is registered as {name!r}: the entry point calls "
                          f"scenes.routes.install() before the app runs") from None


def make(name: str, *args: Any, **kwargs: Any) -> Scene:
    """A new scene of the class registered as ``name``, built with these arguments."""
    return scene_class(name)(*args, **kwargs)


def is_a(scene: Scene | None, name: str) -> bool:
    """True when ``scene`` is an instance of the class registered as ``name`` (or of a subclass)."""
    return scene is not None and name in _SCENES and isinstance(scene, _SCENES[name])

