"""The house's layers, read from the code's own imports (``tools/import_graph.py``).

``game`` is the engine and knows nothing of pygame or of the screens; ``scenes`` draws it in
rooms by purpose; ``kotatsu`` is the command line above both. Imports inside functions count:
a lazy import still ties two modules together.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import import_graph  # noqa: E402 - the tool lives beside the project, not in a package

# What each room of ``scenes`` may import from the others. A room's own modules and ``game`` are
# always allowed. The five game packages are the "games" room.
GAMES = {"neko", "newold", "noaron", "nostalgic", "wallpaper"}
MAY_USE: dict[str, set[str]] = {
    "engine": set(),
    "table": {"engine"},
    "games": {"engine", "table"},
    "menus": {"engine", "table", "learning", "lan", "games"},
    "learning": {"engine", "table", "games"},
    "lan": {"engine", "table", "menus"},
    "kiosk": {"engine", "table", "menus", "learning", "lan", "games", "top"},
    "tools": {"engine", "table", "menus", "learning", "lan", "games", "top"},
    "top": {"engine", "table", "menus", "learning", "lan", "kiosk", "tools", "games", "top"},
}


def room(module: str) -> str:
    """The room of a ``scenes`` module: engine, menus, table, games, ... ("top" for the modules
    that put the rooms together: ``scenes.main`` and ``scenes.routes``)."""
    parts = module.split(".")
    if len(parts) < 2 or parts[1] in ("main", "routes"):
        return "top"
    return "games" if parts[1] in GAMES else parts[1]


@pytest.mark.slow
def test_the_engine_imports_neither_pygame_nor_the_screens_nor_the_command_line() -> None:
    """Nothing in ``game/`` imports pygame, ``scenes`` or ``kotatsu``, not even inside a function.
    ``game/__main__.py`` is the one door: ``python -m game`` hands over to ``kotatsu.cli``."""
    offenders = []
    for name, path in import_graph.project_modules().items():
        if not name.startswith("game") or name == "game.__main__":
            continue
        for target in import_graph.imported_names(path, name):
            if target.split(".")[0] in ("pygame", "scenes", "kotatsu"):
                offenders.append(f"{name} imports {target}")
    assert offenders == []


@pytest.mark.slow
def test_the_screens_never_import_the_command_line() -> None:
    """``scenes`` is below ``kotatsu``: the command line builds the app, not the other way round."""
    graph = import_graph.import_graph()
    offenders = [f"{name} -> {target}" for name, targets in graph.items() if name.startswith("scenes")
                 for target in targets if target.startswith("kotatsu")]
    assert offenders == []


@pytest.mark.slow
def test_each_room_of_the_screens_imports_only_the_rooms_below_it() -> None:
    """The engine stands alone; the table uses the engine; a game's screen uses the table; the
    menus open tables, tutorials and LAN screens; the table opens menus only by name through
    ``scenes.engine.router``."""
    graph = import_graph.import_graph()
    offenders = []
    for name, targets in graph.items():
        if not name.startswith("scenes."):
            continue
        here = room(name)
        for target in targets:
            if not target.startswith("scenes.") or target == "scenes":
                continue
            there = room(target)
            if there != here and there not in MAY_USE[here]:
                offenders.append(f"{name} ({here}) -> {target} ({there})")
    assert offenders == []


@pytest.mark.slow
def test_no_import_circle_crosses_a_room_and_none_is_large() -> None:
    """Circles of imports stay inside one room (a game's package, the table), and small."""
    found = import_graph.circles(import_graph.import_graph())
    crossing = [group for group in found if len({room(module) if module.startswith("scenes") else module.split(".")[0]
                                                 for module in group}) > 1]
    assert crossing == []
    assert max((len(group) for group in found), default=0) <= import_graph.LARGEST_CIRCLE


def test_the_circle_finder_finds_a_circle_and_its_size() -> None:
    """The measure itself: a planted three-module circle is found as one group of three."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert import_graph.circles(graph) == [["a", "b", "c"]]
