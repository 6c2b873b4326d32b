"""ねこは上にある's help pictures: what of the table they show and how a card is held."""

from __future__ import annotations

import pygame

from game.examples import MoveExample
from scenes.neko.scene import NekoTable

SETUP_AREA = (0, 0, 1920, 1080)  # the whole table: hands, cross, pile and plates
MOVE_AREA = (620, 120, 680, 960)  # the cross of stacks and the hand below it (not the mat's title)


def hold(scene: NekoTable, example: MoveExample, legal: bool) -> pygame.Rect:
    """Raise the example's card in the hand and aim it at the stack of its legal (or illegal)
    play: the stacks glow or refuse as they do while a player holds that card."""
    action = example.legal if legal else example.illegal
    index = next(i for i, card in enumerate(scene.hand.cards) if card.value == action.card)
    scene.hold.selected = index
    scene.hand.raised = scene.hand.focus = index
    scene.hand.settle()
    scene.hold.target = action.position
    scene.refresh_hints()
    return pygame.Rect(MOVE_AREA)
