"""Opening a game's table scene: the ``make_table`` its package registered (``scenes.table.registry``).

The title always stays at the bottom of the stack, so Back from a table (or "Title" on the
results) lands there; whatever was between (setup, results, an old table) is dropped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core import seeds
from game.core.match import Match
from scenes.engine.app import App
from scenes.engine.plate import show_plate
from scenes.table.registry import make_table

if TYPE_CHECKING:
    from scenes.table.base import TableScene


def new_seed() -> int:
    """A fresh seed for a new match, from the operating system's randomness (``game.core.seeds``):
    saved with the match, so it stays reproducible, but too big for a seat to work out."""
    return seeds.new_seed()


def make_table_scene(app: App, match: Match) -> TableScene:
    """The table scene of ``match``'s game, as its package registered it."""
    return make_table(app, match)


def make_scene(app: App, match: Match, viewer: int, ai_enabled: bool = False) -> TableScene:
    """The game's table scene, shown from ``viewer``'s side, its AI off unless asked for."""
    return make_table(app, match, viewer=viewer, ai_enabled=ai_enabled)


def open_table(app: App, match: Match) -> None:
    """Show ``match`` on its table, just above the bottom scene (the title). Building a table
    takes a moment (its pictures are painted): a plate says so in the window first."""
    show_plate(app)
    scene = make_table_scene(app, match)  # build first: a failure leaves the stack as it was
    while len(app.scenes) > 1:
        app.pop()
    app.push(scene)


def rematch(match: Match) -> Match:
    """The same game, seats and options with a new seed."""
    return Match(match.game_id, list(match.seats), seed=new_seed(), options=dict(match.options))
