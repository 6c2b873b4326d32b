"""Where things are on the That Old Wallpaper table (see ``scenes.table.spots`` for the three
questions).

Named spots: "hand" (the viewer's number cards), "rows" (the market's rows, headers included),
"tokens" (the token line), "deck", "wall" (the large wall), "tray" (the cards taken to place),
"score" (the viewer's box in the strip: its shapes and points), "played" (the numbers played
this round), "button" (the action button: play / turn)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pygame

from game.rules.wallpaper import WallpaperAction
from scenes.table.spots import Point, centre, regions
from scenes.wallpaper.layout import WALL_AREA

if TYPE_CHECKING:
    from scenes.wallpaper.scene import WallpaperTable

TURN_CLICKS = 2  # the Turn button goes 0° -> 180° -> 0°: at most this many clicks reach a turn

def _number(scene: WallpaperTable, number: int) -> pygame.Rect:
    """The viewer's number card ``number``."""
    return next(piece for piece in scene.hand if piece.value == number).rect()

def _tray(scene: WallpaperTable, card: int) -> pygame.Rect:
    """The taken card ``card`` in the tray (hazy cards are all alike: the first one)."""
    piece = next((piece for piece in scene.tray if piece.value == card), scene.tray[0])
    return piece.rect()

def _cell(scene: WallpaperTable, action: WallpaperAction) -> pygame.Rect:
    """The cell of the large wall a placement goes to."""
    return pygame.Rect(scene.camera().cell_rect((action.x, action.y)))

def action_spots(scene: WallpaperTable, action: WallpaperAction) -> list[pygame.Rect]:
    """A number card and the Play button; a row's column; or a taken card and its cell."""
    if action.kind == "play":
        return [_number(scene, action.number), pygame.Rect(scene.action_button.rect)]
    if action.kind == "pick":
        return [pygame.Rect(scene.geometry.column_rect(action.row))]
    return [_tray(scene, action.card), _cell(scene, action)]

def named_spots(scene: WallpaperTable) -> dict[str, pygame.Rect]:
    """The named places of the wallpaper table (see the module docstring)."""
    spots = regions(scene, {"tokens": "tokens", "deck": "deck", "score": f"box{scene.viewer}",
                            "played": "mine"})
    if scene.hand:
        cards = [piece.rect() for piece in scene.hand]
        spots["hand"] = cards[0].unionall(cards[1:])
    if scene.tray:
        taken = [piece.rect() for piece in scene.tray]
        spots["tray"] = taken[0].unionall(taken[1:])
    columns = [scene.geometry.column_rect(row) for row in range(scene.row_count)]
    spots["rows"] = pygame.Rect(columns[0]).unionall(columns[1:])
    spots["wall"] = pygame.Rect(WALL_AREA)
    spots["button"] = pygame.Rect(scene.action_button.rect)
    return spots

def taps(scene: WallpaperTable, action: WallpaperAction) -> Iterator[Point]:
    """Tap the number then Play; tap the row; tap the taken card, Turn as needed, then the cell."""
    if action.kind == "play":
        yield centre(_number(scene, action.number))
        yield centre(scene.action_button.rect)
    elif action.kind == "pick":
        yield centre(scene.geometry.column_rect(action.row))
    else:
        yield centre(_tray(scene, action.card))
        for _ in range(TURN_CLICKS):
            if scene.hold.rot == action.rot:
                break
            yield centre(scene.action_button.rect)
        yield centre(_cell(scene, action))
