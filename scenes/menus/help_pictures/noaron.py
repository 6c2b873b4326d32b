"""ノアロン's help pictures: what of the table they show and how a move is shown."""

from __future__ import annotations

import pygame

from game.examples import MoveExample
from scenes.menus.help_pictures import TOAST_FRAMES, settle
from scenes.noaron.scene import NoaronTable

SETUP_AREA = (0, 0, 1920, 1080)  # the whole table: piles, deck, stakes and both hands
MOVE_AREA = (0, 0, 1920, 1080)
MOVE_COLUMNS = 1  # the whole table: one move under the other


def hold(scene: NoaronTable, example: MoveExample, legal: bool) -> pygame.Rect:
    """The legal take: its source ringed, as the keys point at it. The illegal declaration: offered
    to the table as the D key does, which refuses it with the rules' reason."""
    if legal:
        scene.choice.source_focus = example.legal.source
        scene.refresh_hints()
    else:
        scene.attempt(example.illegal)
        settle(scene, TOAST_FRAMES)
    return pygame.Rect(MOVE_AREA)
