"""Nostalgic's help pictures: what of the table they show and how a die is held."""

from __future__ import annotations

import pygame

from game.examples import MoveExample
from scenes.menus.help_pictures import TOAST_FRAMES, settle
from scenes.nostalgic.scene import NostalgicTable

SETUP_AREA = (0, 0, 1920, 1080)  # the whole table: board, plates, trays and the round card
MOVE_AREA = (0, 0, 1920, 1080)
MOVE_COLUMNS = 1  # the board is wide: one move under the other


def hold(scene: NostalgicTable, example: MoveExample, legal: bool) -> pygame.Rect:
    """Hold the example's die, as Enter does: the balloons that take it glow. The legal balloon
    is the keys' target; on the illegal one the die is offered and refused with the reason."""
    action = example.legal if legal else example.illegal
    scene.hold.picked = [action.die]
    scene.hold.focus_die = action.die
    scene.hold.focus_balloon = action.balloon
    scene.refresh_hints()
    if not legal:
        scene.attempt(action)
        settle(scene, TOAST_FRAMES)
    return pygame.Rect(MOVE_AREA)
