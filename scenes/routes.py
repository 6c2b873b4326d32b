"""The scenes one room opens in another by name (``scenes.engine.router``), put together here.

This module sits above the rooms (it imports the menus and the table), like ``scenes.main``: the
table and the menus stay below it and never import each other's scenes. Every entry point that
runs scenes calls ``install()`` first (the app, the kiosk, shots, bench, self-test, tests).
"""

from __future__ import annotations

from scenes.engine import router
from scenes.menus.help import Help
from scenes.menus.pause import PauseMenu
from scenes.menus.results import Results
from scenes.menus.title import Title

ROUTES = {"title": Title, "results": Results, "pause": PauseMenu, "help": Help}


def install() -> None:
    """Register the standard scenes under their names (again is harmless)."""
    for name, scene_class in ROUTES.items():
        router.register(name, scene_class)
