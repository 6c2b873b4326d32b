"""That Old Wallpaper's help pictures: what of the table they show and how a card is placed."""

from __future__ import annotations

import pygame

from game.examples import MoveExample
from scenes.menus.help_pictures import TOAST_FRAMES, settle
from scenes.wallpaper.scene import WallpaperTable

SETUP_AREA = (0, 0, 1920, 1080)  # the whole table: rows, walls, hands and the token line
MOVE_AREA = (0, 0, 1920, 1080)
MOVE_COLUMNS = 1  # the wall is wide: one move under the other


def hold(scene: WallpaperTable, example: MoveExample, legal: bool) -> pygame.Rect:
    """Point the keys' cell cursor at the example's cell: beside the wall the card shows where it
    would lie and what it would complete; apart from the wall it is offered and refused."""
    action = example.legal if legal else example.illegal
    scene.hold.rot = action.rot
    scene.hold.cell_cursor = (action.x, action.y)
    scene.refresh_hints()
    if not legal:
        scene.place_at((action.x, action.y))
        scene.hold.cell_cursor = (action.x, action.y)
        settle(scene, TOAST_FRAMES)
    return pygame.Rect(MOVE_AREA)
