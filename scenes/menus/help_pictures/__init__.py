"""Pictures for the rules help, drawn by the tables themselves.

Every picture is a real table: the game's own table scene (``scenes.<game>``) is built off screen
for a position the rules built (``game.examples``), let settle at instant speed, and painted into
a full-size canvas; the part that matters is cut out and scaled to fit the help page. Nothing is
drawn a second time by hand: the cards, stacks, glows, notes and score panels are the table's.

Each game's module here (``scenes.menus.help_pictures.<game id>``) says only what is particular to it:

- ``SETUP_AREA``: the part of the table a setup picture shows (the whole screen, or less);
- ``hold(scene, example, legal)``: pick up the piece of ``example``'s move and aim it at the
  target of the legal (or the illegal) action, as a player's keys would, so the table glows
  (or refuses) as it does in play; returns the part of the table the picture shows.

A score picture is the table's own panel (round summary, settlement) as it opens after the
example's action (``score_panel``). ``picture(game_id, name)`` renders by name and keeps the
result per language (within a budget): ``setup-<players>``, ``move-legal``, ``move-illegal`` and
``score``; ``names(game_id, page)`` says which a help page shows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import pygame

from game.core.settings import Settings
from game.examples import MoveExample, Recipe, examples, player_counts
from game.i18n import language
from scenes.engine.app import SIZE
from scenes.engine.cache import MB, SurfaceCache
from scenes.table.saver import NullSaver

SETTLE_FRAMES = 4
PANEL_FRAMES = 400  # frames a score panel may take to open (instant speed: a few)
SCREEN = pygame.Rect((0, 0), SIZE)
WIDEST = 1580  # px: pictures are kept no wider than a page shows them
PICTURES_BUDGET = 48 * MB
PANEL_MARGIN = 20  # px around a score panel: its shadow
TOAST_FRAMES = 30  # frames for a refusal's toast to be fully shown


class _Silent:
    """A sound player that plays nothing (pictures are silent)."""

    def play(self, name: str, *args: Any, **kwargs: Any) -> None:
        """Nothing."""


class PictureApp:
    """What a table scene needs of the app, to be built and painted off screen: settings at
    instant speed, no sound, and a scene stack that keeps nothing (a table that opens its results
    or a curtain in a picture opens them nowhere)."""

    headless = True

    def __init__(self) -> None:
        self.settings = Settings(language=language(), anim_speed="instant", sound=False)
        self.audio = _Silent()
        self.scenes: list[Any] = []
        self.top = None

    def push(self, scene: Any) -> None:
        """Nothing is shown over a picture."""

    def pop(self) -> None:
        """Nothing to leave."""

    def reset_to(self, scene: Any) -> None:
        """Nothing to go back to."""


def table_for(recipe: Recipe) -> Any:
    """The game's table scene at ``recipe``'s position, seen from seat 0, settled."""
    from scenes.table.launch import make_scene

    scene = make_scene(PictureApp(), recipe.build(), viewer=0)  # type: ignore[arg-type]  # stands in for App: what a table uses of it
    scene.saver = NullSaver()
    scene.status_text = lambda: ""  # type: ignore[method-assign]  # the banner speaks to a player at the table, not to a reader
    settle(scene)
    return scene


def settle(scene: Any, frames: int = SETTLE_FRAMES) -> None:
    """A few frames at instant speed: the deal and every queued event play out."""
    for _ in range(frames):
        scene.update(1 / 60)


def paint(scene: Any) -> pygame.Surface:
    """The table as a window would show it now, on a full-size canvas."""
    canvas = pygame.Surface(SIZE)
    scene.draw(canvas)
    return canvas


def cut(canvas: pygame.Surface, area: pygame.Rect) -> pygame.Surface:
    """A copy of ``area`` of ``canvas`` (kept inside it)."""
    return canvas.subsurface(area.clip(canvas.get_rect())).copy()


def game_module(game_id: str) -> Any:
    """The module that draws ``game_id``'s help pictures, as its package registered it."""
    from scenes.table.registry import help_pictures

    return help_pictures(game_id)


# ----- the pictures --------------------------------------------------------------------------------
def setup_picture(game_id: str, players: int) -> pygame.Surface:
    """The table as it stands once set up for ``players``."""
    scene = table_for(examples(game_id).setup(players))
    return cut(paint(scene), pygame.Rect(game_module(game_id).SETUP_AREA))


def move_picture(game_id: str, legal: bool) -> pygame.Surface:
    """The example's piece held over the target of its legal (or illegal) action."""
    example: MoveExample = examples(game_id).move()
    scene = table_for(example.recipe)
    area = game_module(game_id).hold(scene, example, legal)
    return cut(paint(scene), pygame.Rect(area))


def score_picture(game_id: str) -> pygame.Surface:
    """The table's own score panel, as it opens after the example's action."""
    example = examples(game_id).scoring()
    scene = table_for(example.recipe)
    scene.after_apply(scene.match.apply(example.seat, example.action))
    return score_panel(scene)


def score_panel(scene: Any) -> pygame.Surface:
    """The panel the table opens once the events have played, every step of it shown, on its own
    (with its shadow), without its Continue button (a picture has nothing to continue)."""
    for _ in range(PANEL_FRAMES):
        if scene.panel is not None:
            break
        scene.update(1 / 60)
    panel = scene.panel
    if panel is None:
        raise LookupError(f"{scene.match.game_id}: no score panel opened")
    if hasattr(panel, "reveal_all"):
        panel.reveal_all()
    settle(scene)
    panel.group.set_widgets([])
    canvas = pygame.Surface(SIZE, pygame.SRCALPHA)
    panel.draw(canvas)
    return cut(canvas, panel.RECT.inflate(PANEL_MARGIN * 2, PANEL_MARGIN * 2))


@dataclass(frozen=True)
class PictureSpec:
    """A picture of a game's help by name, and how to make it."""

    name: str
    make: Callable[[], pygame.Surface]


def specs(game_id: str) -> dict[str, PictureSpec]:
    """Every picture of ``game_id``'s help, by name."""
    found = {f"setup-{n}": PictureSpec(f"setup-{n}", partial(setup_picture, game_id, n))
             for n in player_counts(game_id)}
    found["move-legal"] = PictureSpec("move-legal", lambda: move_picture(game_id, True))
    found["move-illegal"] = PictureSpec("move-illegal", lambda: move_picture(game_id, False))
    found["score"] = PictureSpec("score", lambda: score_picture(game_id))
    return found


# The pictures of the pages seen lately (about 5 MB each): the cache keeps a game's worth or two.
_made = SurfaceCache("help.pictures", PICTURES_BUDGET)


def shrunk(image: pygame.Surface) -> pygame.Surface:
    """``image`` at most ``WIDEST`` wide (a page never shows a picture wider)."""
    if image.get_width() <= WIDEST:
        return image
    size = (WIDEST, round(image.get_height() * WIDEST / image.get_width()))
    return pygame.transform.smoothscale(image, size)


def picture(game_id: str, name: str) -> pygame.Surface:
    """The picture ``name`` of ``game_id``'s help in the current language (made once, kept a while)."""
    return _made.get((game_id, name, language()), lambda: shrunk(specs(game_id)[name].make()))


def has_picture(game_id: str, name: str) -> bool:
    """True when the picture is made already (in the current language)."""
    return (game_id, name, language()) in _made


def names(game_id: str, page: str) -> list[str]:
    """The pictures page ``page`` of ``game_id``'s help shows."""
    if page == "setup":
        return [f"setup-{players}" for players in player_counts(game_id)]
    return {"moves": ["move-legal", "move-illegal"], "scoring": ["score"]}.get(page, [])
